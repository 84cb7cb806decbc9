// Package layout lays out Go source exactly as go/format.Source does, for the Go that package gostub
// generates with jennifer, at a fraction of its cost: go/format parses the source into a syntax tree
// and prints it back, where this package reads the tokens once and writes them as gofmt would, deciding
// line breaks, indentation and alignment by gofmt's own rules (go/printer's nodes.go and the
// text/tabwriter it writes through, ported here for the constructs the stubs use).
//
// It lays out what jennifer renders with File.NoFormat (every token on the line gofmt keeps it on, no
// comment but whole-line ones, no blank line inside a declaration; doc comments may be given beside
// the source, see Comments) made of the constructs the stubs are made of: imports, constants,
// variables, types (struct, interface, map, slice, pointer, function, generic instances), functions
// and methods, and in their bodies variable declarations, assignments, calls, returns, if and switch
// statements, composite literals, function literals, selectors, type assertions, unary operators. For
// anything else — a binary operator, a for loop, a one-line function body, a /* */ comment, a literal
// gofmt would rewrite — Source refuses, with a Refusal that names the line and the rule that stopped
// there, and the caller formats with go/format: a refusal costs time, never a byte.
//
// # Refusing, not checking
//
// A file laid out unlike gofmt must never be written. Either Source checks its work, or it never lays
// out what it is unsure of. Checking is not cheap: the one complete check that a layout is gofmt's is
// gofmt's layout, which costs go/format's time: ten times Source's on the stubs. Even parsing the
// output with go/parser, which would prove it Go but not gofmt's, costs two and a half times Source
// (BenchmarkLayout in package gostub). So Source only ever refuses, and it is built so that it can:
//
//   - It recognizes a closed grammar: a recursive descent over the tokens in which each rule takes the
//     shapes it was written for and calls unsupported for anything else. Nothing falls through to a
//     default layout; a construct is laid out only by a rule ported from go/printer for it.
//   - Where gofmt decides by what this package does not work out (the precedence of the operators
//     around a binary one, a comment beside code, the order of imports), it refuses rather than guess.
//   - The output holds the source's tokens in their order: code tokens are written by emit, or skipped
//     by drop where gofmt drops them (the parentheses of a single result, a trailing comma on one
//     line), and comments by the functions that write them. A wrong rule could misplace a line break or
//     a blank; it cannot change what the code means.
//   - It refuses what is not Go, as go/scanner and go/parser would, in the constructs it takes: a
//     literal's spelling and escapes, a comment's bytes, a statement that does not end its line, a
//     list that is no statement, a composite literal after what cannot be its type, a spec without
//     its type or values. A generator bug that writes something other than Go then reaches
//     go/format, whose parse error names it, rather than a provider's build.
//
// The tests hold it to that: every stub the tests generate (the golden cases, the example, the
// compile checks, the corpus, random IDL trees) is compared with go/format (gostub's
// Options.VerifyLayout), and FuzzLayout, in package gostub, mutates the text of the stubs: layout must
// give go/format's bytes or refuse, never other bytes.
//
// It must not grow into a general formatter: each construct it lays out is one gofmt's rules were
// ported for. docs/gostub.md says how to add one.
package layout
