// Package queue is a message broker's resources, named as clouds name things: a queue autonames within
// the rules of the broker's names, a virtual host keeps the name it is given, a user's password is
// write-only, and a binding, whose every input replaces it, has no Update.
package queue

import "github.com/cidlc/cidlc/idl"

// Queue holds messages until a consumer takes them. Without a name, it gets one made of its own and a
// random suffix, cut to fit the broker's 32 characters.
type Queue struct {
	idl.NamedResource `lumi:"name.maxLength=32,name.pattern=^[a-z][a-z0-9-]*$"`
	// VHost is the virtual host the queue is in.
	VHost *VHost `lumi:"replaces"`
	// Durable queues survive a restart of the broker.
	Durable bool `lumi:"default=true,replaces"`
	// MaxLength is how many messages the queue holds at most.
	MaxLength *float64 `lumi:"optional,min=1"`
}

// VHost is a virtual host: applications connect to it by its name, which it keeps as it is given.
type VHost struct {
	idl.NamedResource `lumi:"verbatim,immutable,name.minLength=1,name.maxLength=255"`
	// Description says what the virtual host is for.
	Description *string `lumi:"optional"`
}

// User signs in to the broker with a password that the broker keeps only as a hash.
type User struct {
	idl.NamedResource `lumi:"verbatim"`
	// Password is what the user signs in with.
	Password string `lumi:"secret,in,minLength=8"`
	// Tags give the user its permissions in the management interface.
	Tags *[]string `lumi:"optional"`
}

// Binding routes the messages of an exchange to a queue; a binding cannot change, only be replaced.
type Binding struct {
	idl.Resource
	// Queue receives the messages.
	Queue *Queue `lumi:"replaces"`
	// RoutingKey selects the messages.
	RoutingKey string `lumi:"replaces,default=#"`
}
