package lookup

import "github.com/cidlc/cidlc/idl"

// Require is called require, as CommonJS's own require, a name TypeScript reserves at the top of a
// CommonJS module: its file declares it as _require_, the package's barrel under another name too, and
// both export it as require.
type Require struct {
	idl.Function
	// Module is what is required.
	Module string
	// Found says whether it was found.
	Found bool `lumi:"out"`
}
