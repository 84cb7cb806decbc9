// Package broker exercises the IDL's integers: int and int32 properties of resources, functions,
// structs and the configuration, with contracts, defaults, aliases, arrays and maps, and constants.
package broker

import "github.com/cidlc/cidlc/idl"

// Port is a TCP port.
type Port int32

// MaxQueues is how many queues a virtual host holds at most.
const MaxQueues int = 10000

// DefaultPort is the port the management API listens on.
const DefaultPort int32 = 15672

// Config is how the provider reaches the broker.
type Config struct {
	idl.Config
	// Port is the management API's port.
	Port Port `lumi:"default=15672,min=1,max=65535,env=BROKER_PORT"`
	// Retries is how many times a failed call is tried again.
	Retries *int `lumi:"optional,min=0,max=10"`
}
