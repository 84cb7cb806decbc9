package network

import (
	acme "github.com/cidlc/cidlc/examples/idl"
	"github.com/cidlc/cidlc/idl"
)

// Port is a TCP or UDP port number, from 0 to 65535.
type Port int32

// Protocol is the IP protocol a security group rule applies to.
type Protocol string

const (
	// ProtocolTCP matches TCP traffic.
	ProtocolTCP Protocol = "tcp"
	// ProtocolUDP matches UDP traffic.
	ProtocolUDP Protocol = "udp"
	// ProtocolICMP matches ICMP traffic such as ping; the port range is ignored.
	ProtocolICMP Protocol = "icmp"
	// ProtocolAll matches traffic of every protocol on every port.
	ProtocolAll Protocol = "all"
)

// SecurityGroup is a stateful firewall attached to servers and load balancers. Traffic is denied unless
// a rule allows it; replies to allowed traffic are always allowed.
type SecurityGroup struct {
	idl.NamedResource
	// Description says what the group is for; it is shown in the console.
	Description string `lumi:"replaces"`
	// VPC is the network the group belongs to. Without one, the group belongs to the region's default VPC.
	VPC *VPC `lumi:"optional,replaces"`
	// Ingress are the rules for incoming traffic.
	Ingress *[]SecurityGroupRule `lumi:"optional"`
	// Egress are the rules for outgoing traffic. Without any, all outgoing traffic is allowed.
	Egress *[]SecurityGroupRule `lumi:"optional"`
	// Tags are labels attached to the group.
	Tags *acme.Tags `lumi:"optional"`
	// GroupID is the identifier Acme Cloud assigned to the group, such as "sg-12345678".
	GroupID *string `lumi:"groupID,out"`
}

// SecurityGroupRule allows one kind of traffic through a security group.
//
//cidlc:check "fromPort cannot be more than toPort" self.fromPort <= self.toPort
type SecurityGroupRule struct {
	// IPProtocol is the protocol the rule allows.
	IPProtocol Protocol
	// FromPort is the first port of the allowed range.
	FromPort Port `lumi:"min=0,max=65535"`
	// ToPort is the last port of the allowed range; the same as `FromPort` for a single port.
	ToPort Port `lumi:"min=0,max=65535"`
	// CIDRBlocks are the address ranges the traffic may come from (ingress) or go to (egress), such as
	// "0.0.0.0/0" for anywhere; each at most once.
	CIDRBlocks *[]string `lumi:"optional,uniqueItems,items.pattern='^[0-9]{1,3}([.][0-9]{1,3}){3}/[0-9]{1,2}$'"`
	// Self also allows traffic between members of this same security group.
	Self *bool `lumi:"optional"`
	// Description says why the rule exists.
	Description *string `lumi:"optional"`
}
