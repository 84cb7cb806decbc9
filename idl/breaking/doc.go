// Package breaking compares two versions of an IDL, as models, and says what each change does to the two
// audiences of a provider's IDL: program authors, whose code compiles against the generated package, and
// existing stacks, whose state holds resources by token and property name (cidlc --breaking-against).
//
// Every change is a Finding of one Rule (Rules is the catalogue, docs/breaking.md its manual): a stable
// ID, a category (source, state or safe) and a severity (breaking, warning or info). Findings are
// positioned in the new IDL, or, for what was removed, in the old one. A change that breaks programs and
// stacks alike is one finding for each, of two rules, so that accepting one says nothing of the other.
//
// How versions are matched, which is what lets a move be reported once rather than as a removal and an
// addition:
//
//   - declarations by token, without its package part (so a new --name is one finding); a resource or
//     function that declares an old one's token as an earlier token (formerly=) is its new version; an
//     unmatched old and new declaration with the same Go name and kind moved (a resource's token changed);
//   - properties and fields by wire name; an unmatched pair with the same Go name changed its wire name;
//   - enum values by value; an unmatched pair with the same constant name changed its value;
//   - constants by directory and name;
//   - types by meaning: aliases are looked through, and two struct or enum declarations of the same
//     shape are the same type to a program and on the wire (only a reference changed).
//
// Each change is reported once, where it was made: a struct's or alias's changes at the struct or alias,
// not at every property that uses it; nothing below a removed declaration; a type change without the
// contract changes that come with it.
//
// What a change does depends on where things are used, which the model knows and a schema diff does not:
// a struct used only in outputs may gain required fields; a removed enum value breaks state only if a
// resource can hold it; a new `replaces` names the resources that would be replaced with it.
//
// Two breaks of stacks have a remedy the new IDL declares (remedies.go): a moved resource's earlier token,
// and a raised state version, whose migration the ops implement. A finding that one covers is safe,
// printed with it; Rule.Remedy says which rules one can cover.
//
// The package compares models only: it reads no files, runs nothing and never writes. Loading the old
// version (a directory, a git revision) is package previous's job.
package breaking
