// Package acme is the case's IDL.
package acme

import "github.com/cidlc/cidlc/idl"

// Arch is a processor architecture.
type Arch string

const (
	// ArchX86 is Intel's.
	ArchX86 Arch = "x86_64"
	// ArchARM is ARM's.
	ArchARM Arch = "arm64"
)

// GetImage finds an image.
type GetImage struct {
	idl.Function
	Arch Arch
	ID   string `lumi:"out"`
}
