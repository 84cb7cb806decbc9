// Package github declares types whose names are names that cidlc generates for other declarations:
// the author's names are kept, and the generated ones give way.
package github

// Provider configures a connection to the service: a type named like the class of a Pulumi provider.
type Provider struct {
	// Token authenticates the connection.
	Token string `lumi:"token"`
}
