// Package hostile holds cidlc's tests against hostile and extreme input (issue #10): names that mean
// something to Go, TypeScript, JavaScript or Pulumi, non-ASCII and very long identifiers, text that could
// break out of a comment or a string in the generated code (comment terminators, template syntax, quotes,
// backslashes, NUL, invalid UTF-8, line separators), byte order marks and CRLF line endings in IDL files,
// and sizes that could exhaust time, memory or the stack (deep nesting, huge enums, huge comments,
// thousands of properties).
//
// The cases are one table (cases_test.go), so that they can be counted. Each case is an IDL written from Go
// (bytes that an editor would not keep, such as NUL or a byte order mark, included) into a scratch folder
// inside the module, and run through the whole command in-process. A case either expects diagnostics,
// exactly, each positioned as file:line:col, or expects output, which must then be deterministic (--check
// right after generating finds nothing stale), LF-only UTF-8, and compile: every generated Go package is
// built and vetted against the pinned Pulumi SDK, and every generated TypeScript package is type-checked with
// tsc --strict against the pinned @pulumi/pulumi, in one batch for all cases
// (internal/testsupport/compilecheck; skipped with -short). A panic, a hang (go test's -timeout) or output
// that does not compile fails the case.
//
// The package has no code of its own beyond this comment; it is for tests only.
package hostile
