// Package corpus2017 holds the test of an IDL written the way IDLs were written for the 2017 tool
// (lumidl): it must compile with cidlc as it is, and what cidlc generates must be complete. For every
// declaration and property of the IDL, read by the 2017 tool's rules (the first element of a lumi tag
// is always the name), the TypeScript package, the Go stubs and the Pulumi schema must have a
// counterpart: each resource class and its arguments interface, each struct interface, each enum and
// its values, each property.
//
// The corpus is the golden case testdata/golden/go_2017_corpus, a tree of several packages: name-first
// tags throughout, in and out properties, required assets behind pointers, a resource-derived type
// (type ActionTarget sns.Topic), capabilities across packages, and an enum named like a name cidlc
// generates (MilestoneState beside resource Milestone). The backends' golden tests compare its outputs
// with the committed ones and compile them (tsc --strict, go vet); this test reads the IDL with
// go/parser, apart from cidlc's loader, so that a declaration or property the loader dropped cannot go
// unnoticed.
//
// The package has no code of its own beyond this comment; it is for tests only.
package corpus2017
