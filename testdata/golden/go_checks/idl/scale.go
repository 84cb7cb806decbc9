// Package scale exercises the checks written in CEL (//cidlc:check) on a resource, the structs it holds,
// a struct it embeds, a function and the configuration.
package scale

import "github.com/cidlc/cidlc/idl"

// Config is how the provider reaches the scaler's API.
//
//cidlc:check "a timeout needs retries to wait between" !has(self.timeout) || has(self.retries)
type Config struct {
	idl.Config
	// Retries is how many times a call is tried again.
	Retries *int `lumi:"optional"`
	// Timeout is how long a call may take, in seconds.
	Timeout *float64 `lumi:"optional"`
}

// Bounds are the bounds of a number of instances.
//
//cidlc:check "minReplicas cannot be more than maxReplicas" self.minReplicas <= self.maxReplicas
type Bounds struct {
	// MinReplicas is the fewest instances.
	MinReplicas int `lumi:"min=0"`
	// MaxReplicas is the most instances.
	MaxReplicas int
}

// Autoscaler keeps a number of instances running.
//
//cidlc:check "a disk that is not hdd has at least 10 GiB" !has(self.disk) || self.disk.kind == "hdd" || self.disk.size >= 10
//cidlc:check size(self.name) <= 20
type Autoscaler struct {
	idl.NamedResource
	Bounds
	// Disk is the disk of each instance.
	Disk *Disk `lumi:"optional"`
	// Listeners are the ports it accepts traffic on.
	Listeners *[]Listener `lumi:"optional"`
	// Current is how many instances run now.
	Current *int `lumi:"out"`
}

// Disk is a disk.
type Disk struct {
	// Size in GiB.
	Size int
	// Kind is ssd or hdd.
	Kind string
}

// Listener accepts traffic on a port.
//
//cidlc:check "an HTTPS listener needs a certificate" self.protocol != "HTTPS" || has(self.certificate)
type Listener struct {
	// Port is the port.
	Port int32
	// Protocol is HTTP or HTTPS.
	Protocol string
	// Certificate is the certificate of an HTTPS listener.
	Certificate *string `lumi:"optional"`
	// Next is another listener, behind this one.
	Next *Listener `lumi:"optional"`
}

// GetAutoscaler finds an autoscaler in a range of sizes.
//
//cidlc:check "the range is empty" self.from < self.to
type GetAutoscaler struct {
	idl.Function
	// From is the smallest size.
	From int
	// To is past the largest size.
	To int
	// Name is the autoscaler's name.
	Name string `lumi:"out"`
}
