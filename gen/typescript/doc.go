// Package typescript is cidlc's --out-pack backend: it turns the model of an IDL into a TypeScript
// package for Pulumi programs, an npm package that compiles with tsc --strict against @pulumi/pulumi 3
// and that prettier leaves as it is. What a user gets, and how to build, install and extend it, is in
// docs/typescript.md; this comment is about how the backend works.
//
// # Output
//
// One .ts per IDL file that declares something, at the same path (ec2/securityGroup.go →
// ec2/securityGroup.ts), and an index.ts per directory (a barrel) that re-exports its files without
// loading them, registers their resources with the Pulumi runtime, and exposes each sub-directory as a
// namespace (`export * as ec2 from "./ec2"`); see lazy.go. The declarations of an index.go go into that
// index.ts. When a barrel re-exports values, _lazy.ts, the runtime of its getters. When the IDL has
// contracts, _contracts.ts, their runtime (see contracts.go). When it has a configuration, _config.ts
// (the config namespace), _provider.ts (the Provider class) and _configuration.ts (the settings both
// read), see config.go. In a released package (Backend.Release, cidlc --pkg-version), _utilities.ts, the
// release that the options of every resource and of the Provider class carry (see utilities.go). Then
// package.json, tsconfig.json, .prettierrc.json and .gitignore. Every .ts starts with gen.Header and a
// `// Source:` line naming the IDL file (or directory, for a barrel); the JSON files cannot carry it,
// and gen's manifest records them instead. cidlc owns every file it writes.
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
//     replaceOnChanges, additionalSecretOutputs and the aliases of its earlier tokens), its XArgs and
//     XState interfaces, then, once per file, the contracts of the structs the file's resources hold; the barrel of its directory
//     registers it with the Pulumi runtime, so that resource references sent back by the engine become
//     instances of its class;
//   - function X (call name x): x over pulumi.runtime.invoke, with its XArgs (the inputs as values)
//     and XResult, then xOutput over pulumi.runtime.invokeOutput, with its XOutputArgs (each input a
//     pulumi.Input); both check required inputs and contracts as a constructor does, and fill in
//     defaults.
//
// An output that holds a resource (a capability, or a struct, array or map with one inside) is a
// pulumi.OutputInstance<T> rather than a pulumi.Output<T>: Output<T> lifts the properties of T, and
// TypeScript rejects that type as circular as soon as two resources refer to each other.
//
// # Structure
//
// Every line of the output has one home: the template of its construct (templates/*.tmpl, embedded),
// which holds it as it is emitted, its indentation and fixed tokens included. To find where a line comes
// from, search the templates for one of its fixed words. Go decides what varies (names, types,
// literals) and which constructs there are; its layout functions add only what prettier adds to a line
// it breaks (line breaks, one more level of indentation, trailing commas).
//
// Where prettier's layout of a line depends on its length, the template passes the line's parts to a
// layout function at the place where the construct starts, and doc comments are written the same way:
//
//	    {{docTags .Doc (tag "@deprecated" .Deprecated)}}declare public readonly {{.Key}}: …;
//	…
//	        {{list "super(" (print .Class ".__pulumiType") "name" "resourceInputs" "opts" ");"}}
//
// The templates are ordinary text/template templates, executed by text/template: a template may use
// anything text/template supports. The output a template writes into knows the line written so far, so a
// layout function knows, when its action is evaluated, its indentation and how much room is left:
// indentation lives in the templates' text, not in constants. Its result is printed where its action
// stands (keep it in a variable and print it elsewhere, and it is laid out for the wrong place).
//
//   - templates/*.tmpl: one file per construct. file (the header and the imports), resource (the class
//     and its constructor, and isInstance, which provider shares), registration, interface, struct,
//     enum, alias, const, structcontracts, index (the blocks of a barrel: a file's lazy re-exports, a
//     namespace), contracts (_contracts.ts, the same in every package), lazy (_lazy.ts, likewise),
//     config, configuration and provider (the configuration's modules), utilities (_utilities.ts, the
//     release), the JSON files.
//   - One Go file per construct (resource.go, struct.go, …) builds its view: the model as the template
//     needs it, with names resolved through the file's importSet (which hands out local names and
//     records the imports that the "imports" template renders), types from types.go, literals from
//     literal.go, tables of contracts (object literals) from contracts.go. file.go renders a file's
//     declarations in source order, barrel.go the index.ts of a directory, generate.go the package:
//     the declaration files and barrels are independent of each other, and render in parallel, on up to
//     GOMAXPROCS goroutines (internal/base/parallel), each with a renderer from a pool; the runtimes they use,
//     the configuration's modules and the JSON files come after them. What Generate returns, in which
//     order, and which error, never depend on the scheduling: each module's result has its index, and
//     the files are sorted by path (Stream hands them over as they are done: gen.Streamer allows any
//     order).
//   - template.go: the template functions, the output that knows its line, and the renderer: a clone of
//     the parsed templates (the clones share the parse trees) whose functions are bound to its own
//     output, so that each goroutine lays out against its own line; layout.go: prettier's layouts
//     (lists, with a last object argument "hugged"; unions; assignments; conditions; object literals;
//     comments); tsdoc.go: TSDoc comments.
//   - names.go rejects what a valid IDL can still not become (two exports of a module with one name,
//     strings that are not UTF-8).
//
// A new construct takes three steps, as functions (templates/function.ts.tmpl, function.go) and the
// provider's configuration (config.go) took them: a template written as the code it emits, with a layout
// function wherever prettier may break a line (signatures and calls that carry names); a view with the
// names and types it needs, built by a fileGen method in a file of its own, which also records in the
// importSet what the template writes (as resource.go does for pulumi and _contracts); and a place in the
// outline of its file, fileGen.declarations (or Generate, for a file of its own such as _config.ts). The
// interface template serves any interface whose members are properties; a piece of a class that a
// second class needs (get, isInstance) becomes a template of its own, called with {{template}}. A
// construct that registers with the engine or invokes it (a resource, the provider, a function) takes
// the release's options: its view sets a field from fileGen.usesRelease, and its template merges
// _utilities.resourceOptsDefaults() under the caller's options when the field is set.
//
// Cross-file references are `import type` statements: every name one generated file takes from another
// is a type, so the files never load each other at run time and import cycles are harmless. The value
// imports are the package's runtimes (of contracts, of the configuration, of the barrels' getters) and
// its release, which import nothing of the package, and a barrel's namespaces, its sub-directories'
// barrels. Loading the package loads its barrels only: a program that uses three resources of a
// thousand loads three modules of declarations (see lazy.go).
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
