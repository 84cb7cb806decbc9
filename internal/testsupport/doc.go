// Package testsupport is the one home of the helpers that cidlc's tests share: a scratch directory inside
// the module, a TestMain that keeps the tests' runs out of the user's cache, small file and command
// helpers, and the golden files: the cases of testdata/golden, the comparison of what a test produced
// with the expected files, and the switch that rewrites them.
//
// # Golden files
//
// A golden case is a folder testdata/golden/<case>/ holding an IDL in idl/ and the expected results of
// it. What the folder holds, not its name, says which tests the case feeds:
//
//	diagnostics.txt  an invalid IDL: the loader's diagnostics, positions included (idl/load)
//	pack/            the TypeScript package (gen/typescript)
//	provider/        the Go provider stubs (gen/gostub)
//	schema.json      the Pulumi package schema (gen/pulumischema)
//	docs/            the Pulumi Registry's pages (gen/registrydocs)
//
// A valid IDL's case holds any of the last four (usually schema.json and the tree of the backend it was
// written for), an invalid one's diagnostics.txt only. GoldenCases fails on a folder that holds no
// expected result, so a new case cannot be forgotten: create it with idl/ and an empty placeholder of
// each result it should have (an empty pack/ or provider/, an empty schema.json or diagnostics.txt), then
// let the update switch fill them in. The names' prefixes (bad_, go_, ts_) are only a habit of naming.
//
// # The update switch
//
// A golden comparison that fails shows a unified diff from the golden files to what the test produced.
// When the change is right, run the tests with CIDLC_UPDATE=1:
//
//	CIDLC_UPDATE=1 go test ./...
//
// and the helpers write what the tests produced over the golden files (and delete the golden files
// nothing produces any more) instead of failing; review the result as a diff before committing. It is an
// environment variable rather than a -update flag because go test passes a flag to every test binary,
// and a binary that does not define it fails ("flag provided but not defined"); a variable reaches every
// package and troubles none. The go command's test cache notices the variable: a run with it is never
// served from a cached run without it.
//
// # What it must not do
//
// It is for tests only: tests import it, and so do the packages that exist only for tests (compilecheck,
// idlfuzz); nothing that cidlc's command or the provider runtime is built from may. It imports no other
// package of cidlc but gen/textdiff (a leaf), so that the tests of every layer, the loader's included,
// can use it without depending on the generators. What needs package gen, the stand-in backends and the
// golden comparison of a backend's output, is in the subpackage gentest.
package testsupport
