package network

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// Scheme says who can reach a load balancer.
type Scheme string

const (
	// SchemeInternetFacing gives the load balancer public addresses reachable from the internet.
	SchemeInternetFacing Scheme = "internet-facing"
	// SchemeInternal gives the load balancer private addresses reachable only from inside its VPC.
	SchemeInternal Scheme = "internal"
)

// ListenerProtocol is the protocol a load balancer listener accepts.
type ListenerProtocol string

const (
	// ListenerProtocolHTTP accepts plain HTTP and balances individual requests.
	ListenerProtocolHTTP ListenerProtocol = "HTTP"
	// ListenerProtocolHTTPS accepts HTTPS, terminating TLS with the listener's certificate.
	ListenerProtocolHTTPS ListenerProtocol = "HTTPS"
	// ListenerProtocolTCP forwards raw TCP connections.
	ListenerProtocolTCP ListenerProtocol = "TCP"
)

// LoadBalancer spreads incoming traffic across a set of targets, such as servers or functions, and stops
// sending traffic to targets that fail their health check.
type LoadBalancer struct {
	idl.NamedResource
	// Scheme says whether the load balancer is reachable from the internet. Defaults to internet-facing.
	Scheme *Scheme `lumi:"optional,replace"`
	// Subnets are where the load balancer's nodes run; give at least two, in different zones.
	Subnets []*Subnet `lumi:"replace,minItems=2"`
	// SecurityGroups filter the traffic reaching the load balancer.
	SecurityGroups *[]*SecurityGroup `lumi:"optional"`
	// Listeners are the ports the load balancer accepts traffic on; at least one.
	Listeners []Listener `lumi:"minItems=1"`
	// Targets receive the traffic: any mix of compute instances and functions.
	Targets *[]idl.Resource `lumi:"optional"`
	// HealthCheck says how targets are probed. Without one, a target is healthy when it accepts a TCP
	// connection on its port.
	HealthCheck *HealthCheck `lumi:"optional"`
	// IdleTimeout is how long, in seconds, an idle connection is kept open: from 1 to 4000.
	IdleTimeout int `lumi:"min=1,max=4000,default=60"`
	// MaintenanceWindow is when Acme Cloud may update the load balancer's nodes.
	MaintenanceWindow *acme.MaintenanceWindow `lumi:"optional"`
	// Tags are labels attached to the load balancer.
	Tags *acme.Tags `lumi:"optional"`
	// DNSName is the DNS name clients use to reach the load balancer.
	DNSName *string `lumi:"out"`
	// ARN is the Acme Resource Name of the load balancer.
	ARN *acme.ARN `lumi:"out"`
}

// Listener accepts traffic on one port of a load balancer and forwards it to the targets.
//
//cidlc:check "an HTTPS listener needs a certificateARN" self.protocol != "HTTPS" || has(self.certificateARN)
type Listener struct {
	// Port is the port the load balancer listens on.
	Port Port `lumi:"min=1,max=65535"`
	// Protocol is the protocol accepted on the port.
	Protocol ListenerProtocol
	// TargetPort is the port traffic is forwarded to on the targets. Defaults to Port.
	TargetPort *Port `lumi:"optional,min=1,max=65535"`
	// CertificateARN is the TLS certificate presented to clients; required for HTTPS.
	CertificateARN *acme.ARN `lumi:"optional"`
}

// HealthCheck says how a load balancer decides whether a target is healthy.
type HealthCheck struct {
	// Path is the HTTP path requested on each target, such as "/healthz". Without it, the check only
	// opens a TCP connection.
	Path *string `lumi:"optional"`
	// Port is the port probed on each target.
	Port Port `lumi:"min=1,max=65535"`
	// IntervalSeconds is the time between two probes of a target, from 5 to 300. Defaults to 30.
	IntervalSeconds *int `lumi:"optional,min=5,max=300"`
	// HealthyThreshold is how many probes in a row must succeed before a target receives traffic again,
	// from 2 to 10. Defaults to 3.
	HealthyThreshold *int `lumi:"optional,min=2,max=10"`
	// Headers are extra HTTP headers sent with each probe: only an HTTP check, with a `Path`, sends them.
	Headers *map[string]string `lumi:"optional,requiredWith=path"`
}
