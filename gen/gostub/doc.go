// Package gostub is cidlc's Go backend (--out-provider): for every IDL file `dir/x.go` it generates
// `dir/x_stub.go`, a file of the Go package that serves the IDL's resources through the Pulumi provider
// protocol. Provider authors write the rest of that package by hand, beside the stubs: one
// TProviderOps implementation per resource and function, and a main that calls provider.Serve.
//
// Per resource T a stub file declares the type token `T`, the marshaling struct `t` (every property,
// outputs included; capabilities are provider.Ref values, optional and out properties are pointers),
// the interface TProviderOps that the author implements, the optional hooks TChecker and TDiffer, and
// TProvider with its constructor NewTProvider, which binds the author's ops to the runtime engine of
// package github.com/cidlc/cidlc/provider. Per function F (its call name f) it declares the token `F`,
// the marshaling struct `f` (inputs and results), the interface FProviderOps with the one method Invoke
// that the author implements, and FProvider with NewFProvider. Per struct S it declares S with
// UnmarshalS and MarshalS;
// per enum E the type, its values, E.Valid and E.Values; aliases and constants as Go declares them.
// For the configuration (the struct that embeds idl.Config) it declares the struct under the author's
// name and NewProvider, which binds the author's configure function to the configuration's spec: the
// provider that provider.Serve serves, each instance built from its own configuration.
// Marshaling is typed code built from the runtime's generic codecs: no reflection per call.
//
// Contracts stay data: a constrained property gets a package-level *provider.Constraints (its pattern
// compiled once), and its decoder is wrapped in provider.Checked, so that the runtime's generic code
// enforces it wherever the property is read, a struct's fields included. Defaults, secrets and
// immutable properties are fields of the resource's provider.Spec; a deprecated property's field says
// "Deprecated:", an immutable one's "Immutable:".
//
// The code is written with jennifer, one function per emitted construct (generateStruct,
// generateProvider, …), each returning jen.Code; stubFile lists them in order, the outline of a file.
// jennifer writes the file, its imports and the braces of its declarations, blocks and literals; the
// lines inside them are text built by type code, a line or the lines of a body, a struct's fields or
// a literal's elements to one jennifer node, since jennifer's cost is per node (see code). Doc
// comments, two fifths of a stub's bytes, do not pass through jennifer, which would only copy them:
// its text holds a mark where each goes (layout.Comments). Output is gofmt'd by package layout, which
// reads the tokens and writes the comments, or by go/format for a file layout refuses (see
// docs/gostub.md), and deterministic: the same model gives the same bytes.
//
// The backend never touches the disk: it returns files for package gen to write. It needs one fact the
// model does not hold, the Go import path of the output directory (Options.ImportPath), because stubs of
// one IDL package import the stubs of another; ImportPath computes it from the go.mod above a directory.
package gostub
