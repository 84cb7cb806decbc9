// Package net holds structs with contracts, used by resources of other modules.
package net

import "github.com/cidlc/cidlc/idl"

// Rule allows traffic.
type Rule struct {
	// The first port.
	FromPort float64 `lumi:"min=0,max=65535"`
	// The last port.
	ToPort *float64 `lumi:"optional,min=0,max=65535"`
	// Where from.
	CIDRs *[]string `lumi:"optional,uniqueItems,items.pattern=^[0-9./]+$"`
	// A note.
	Note *string `lumi:"optional,deprecated=notes are ignored"`
}

// Node is a tree whose nodes have names: a struct that contains itself.
type Node struct {
	// The name.
	Name string `lumi:"minLength=1"`
	// The children.
	Children *[]Node `lumi:"optional,maxItems=3"`
}

// Firewall is unnamed, and every input is optional or has a default.
type Firewall struct {
	idl.Resource
	// The rules.
	Rules *[]Rule `lumi:"optional"`
	// The tree of zones.
	Zones *Node `lumi:"optional"`
	// Whether it is on.
	Enabled bool `lumi:"default=false"`
}
