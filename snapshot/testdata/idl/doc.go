// Package aws is the IDL of the MuGL note's example snapshot: a VPC, a Subnet, a SecurityGroup and an
// Instance (see snapshot/testdata/mugl/cluster.json).
package aws

// Tags label a resource.
type Tags map[string]string
