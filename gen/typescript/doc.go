// Package typescript is cidlc's --out-pack backend: it turns the model of an IDL into a TypeScript
// package for Pulumi programs, an npm package that compiles with tsc --strict against @pulumi/pulumi 3
// and that prettier leaves as it is. What a user gets, and how to build, install and extend it, is in
// docs/typescript.md; this comment is about how the backend works.
//
// # Output
//
// One .ts per IDL file that declares something, at the same path (ec2/securityGroup.go →
// ec2/securityGroup.ts), and an index.ts per directory that re-exports its files and exposes each
// sub-directory as a namespace (`export * as ec2 from "./ec2"`). The declarations of an index.go go into
// that index.ts. When the IDL has contracts, _contracts.ts, their runtime (see contracts.go). Then
// package.json, tsconfig.json, .prettierrc.json and .gitignore. Every .ts starts
// with gen.Header and a `// Source:` line naming the IDL file (or directory, for a barrel); the JSON files
// cannot carry it, and gen's manifest records them instead. cidlc owns every file it writes.
//
// Per declaration, in source order:
//
//   - struct X: interface X (the output shape, readonly members) and XArgs (the input shape, every
//     member a pulumi.Input);
//   - enum X: a union of its values and one typed constant per value;
//   - alias X: a type alias, plus XArgs when its input shape differs (maps, arrays, structs);
//   - constant: an export const with its literal type;
//   - resource X: a class extending pulumi.CustomResource in the shape of Pulumi's own SDKs (static get
//     and isInstance, the type token, an Output property per property, a constructor that checks
//     required inputs and contracts, fills in defaults, makes secret inputs secret and sets
//     replaceOnChanges and additionalSecretOutputs), its XArgs and XState interfaces, and, once per
//     file, the registration of the file's resources with the Pulumi runtime, so that resource
//     references sent back by the engine become instances of their classes, then the contracts of the
//     structs the file's resources hold.
//
// An output that holds a resource (a capability, or a struct, array or map with one inside) is a
// pulumi.OutputInstance<T> rather than a pulumi.Output<T>: Output<T> lifts the properties of T, and
// TypeScript rejects that type as circular as soon as two resources refer to each other.
//
// # Structure
//
// Generate renders each file with a fileGen: the file's scope (an importSet, which hands out local names
// and renders the import block at the end) and one method per construct (resource, structDecl, enum,
// alias, constDecl) that fills a flat view of strings for that construct's template. The templates
// (templates/*.tmpl, embedded) hold the fixed text; types.go maps IDL types to TypeScript types;
// literal.go writes string and number literals and property names; layout.go lays out the few lines
// whose shape depends on their length the way prettier would; names.go rejects what a valid IDL can still
// not become (two exports of a module with one name, strings that are not UTF-8).
//
// Cross-file references are `import type` statements: every name one generated file takes from another
// is a type, so the files never load each other at run time and import cycles are harmless. The one
// value import is the runtime of contracts, which imports nothing of the package.
//
// # Names
//
// Type names are Go identifiers, always valid in TypeScript. Two can still not be used as they are: a
// class named Object is an error in a CommonJS module (it is declared as Object_ and exported as
// Object), and a file that declares Error must throw globalThis.Error. An imported name that clashes with
// a name of the file gets an alias. Wire names are written bare when they are IdentifierNames (reserved
// words included), as computed keys (["…"]) otherwise.
//
// The backend never touches the disk and never decides where its files go: it returns them, and package
// gen writes or checks them.
package typescript
