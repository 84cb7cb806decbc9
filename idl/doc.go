// Package idl is what an IDL author imports: the marker types that make a struct a resource, and the
// asset and archive types. This page is also the manual of the IDL language that cidlc compiles.
//
// Package idl imports nothing, so loading an IDL never compiles cidlc itself.
//
// # What an IDL is
//
// An IDL describes the resources of a cloud provider once, as a subset of Go. cidlc type-checks it and
// generates the rest: a TypeScript package for Pulumi programs (--out-pack) and Go provider stubs
// (--out-provider). An IDL is a directory of Go packages: the root package given on the command line and
// every package below it.
//
//	myprovider/
//	  idl/            the IDL, written by hand (root package plus ec2/, iam/, s3/ …)
//	  pack/           generated TypeScript package
//	  provider/       generated Go stubs beside hand-written resource logic
//
// Run it as
//
//	cidlc idl/ --out-pack=pack/ --out-provider=provider/
//
// or from a go:generate line in the root IDL package, with cidlc a tool of the provider's Go module (Go
// 1.24 or newer: `go get -tool github.com/cidlc/cidlc/cmd/cidlc` records it, with its dependencies, in
// go.mod and go.sum):
//
//	//go:generate go tool cidlc . --out-pack=../pack --out-provider=../provider
//
// # Declarations
//
// Only three kinds of top-level declarations are allowed:
//
//   - struct types: resources and functions (see below), plain structs, the shapes they use, and the
//     provider's configuration (see Configuration);
//   - named types that are not structs: enums and aliases;
//   - constants.
//
// Functions, methods, variables, interfaces, generic types and Go type aliases (type X = Y) are rejected:
// the IDL declares shapes and values, never logic. A struct type defined from another (type X Y, no =)
// is allowed when Y is a struct or resource of the IDL: see Resource aliases, and Embedded structs. Every declaration must be exported, and two types of
// one package may not have names that are equal when lower-cased (Rule and RULE), because the Go stubs
// lower-case type names and case-insensitive file systems could not keep their outputs apart.
//
// Type names are ASCII: letters, digits and _ (type Größe is rejected). A type's name ends its type token
// (see Tokens), and Pulumi's type tokens are ASCII, in the package schema and in the SDKs Pulumi
// generates from it. Other names may be any Go identifier, non-ASCII letters included: fields (Größe
// float64), wire names (lumi:"名前"), constants and enum values are names in Go and TypeScript and keys on
// the wire, never part of a token. Go exports only names that start with an upper-case letter, so a name
// in a script without case needs one in front: X中文, with lumi:"中文" to keep the wire name.
//
// Doc comments on types, fields, enum values and constants are part of the model: they become TSDoc in the
// TypeScript package and doc comments in the Go stubs. An enum value or constant may also be documented
// by a comment at the end of its line.
//
// A doc comment is written for Go, as Go's convention has it: it starts with the name it documents
// (// Password is the user's password.). A program knows the property by its wire name, so the outputs
// that speak to programs (the TypeScript package, the Pulumi schema and the SDKs made from it, the
// engine's message about a missing configuration key) read it in the program's words: a doc that
// starts with the field's Go name starts with its wire name instead (password is the user's password.;
// VHost is … reads vhost is …), a function's doc that starts with its Go name starts with the name
// programs call it by (getImage finds …), and the name of a property of the same declaration written in
// backquotes (at most `MaxSize`) is its wire name there (at most `maxSize`). Nothing else of the text
// changes, and the Go stubs, which speak to the provider's author, keep it as written.
//
// # Resources
//
// A resource is a struct that embeds Resource or NamedResource:
//
//	// A Bucket stores objects.
//	type Bucket struct {
//		idl.NamedResource
//		// Whether old versions of objects are kept.
//		Versioning *bool `lumi:"optional"`
//	}
//
// NamedResource adds a property `name`: the resource's name in the cloud, a string that the program may
// set, that the provider makes up when the program does not (see Names), and whose change replaces the
// resource. In the Go stubs it is the field
// Name of the resource's marshaling struct; if the resource has a Go field called Name of its own (with
// another wire name: Name string `lumi:"service"`), the author's field keeps its name and the resource's
// name is the field ResourceName. A struct embeds at most one marker.
//
// Where replacing the resource destroys what it holds (a database, whose new name would drop it and
// create an empty one), the name can be immutable instead (see Immutable properties): a change of it
// then fails the preview, and only a replacement the user asks for (pulumi up --replace) renames it.
// (A rename in place, such as ALTER DATABASE … RENAME TO, is no way out where the name is the
// resource's ID: an update cannot change an ID.) The embedded marker says so, with an option of its
// tag (the marker's other options are how the name is made, in Names, the resource's default timeouts,
// in Timeouts, and formerly= and stateVersion=, in Evolution):
//
//	type Database struct {
//		idl.NamedResource `lumi:"verbatim,immutable"`
//	}
//
// # Names
//
// A named resource's name is its physical name: clouds keep names unique in a scope (an account, a
// region, a network), and refuse a second object of a name. So, as Pulumi's own providers do, the
// provider autonames: when the program gives no name, it makes one up of the resource's own (logical)
// name, a hyphen and 7 random hexadecimal digits (web-3f9a1c2), drawn from the random seed the engine
// gives it for the resource. Two stacks of one program then do not claim the same names, and a
// resource replaced (a changed replaces property, pulumi up --replace) gets a new name, so that the new
// one is created before the old one is deleted, as Pulumi replaces by default. A resource keeps the name
// it was made with: previews and updates find it in its recorded inputs, and only a replacement makes
// another.
//
// Where the name is the resource's identity, which people and programs use (a database that
// applications connect to by name, an extension that the server knows by name), verbatim on the marker
// makes the name the resource's own name itself:
//
//	type Extension struct {
//		idl.NamedResource `lumi:"verbatim"`
//	}
//
// The name may have a contract, as a string property has (see Contracts), with the options
// name.minLength=, name.maxLength= and name.pattern= on the marker; the provider checks every name
// against it, given or made up, and cuts the logical part of a made-up name to fit name.maxLength=,
// keeping its random digits (a name the resource has is not checked again, should a newer contract be
// narrower):
//
//	// Bucket names are global: 3 to 63 lower-case letters, digits, dots and hyphens.
//	type Bucket struct {
//		idl.NamedResource `lumi:"name.minLength=3,name.maxLength=63,name.pattern=^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$"`
//	}
//
// A made-up name that breaks the contract otherwise (a pattern without hyphens, a minimum longer than the
// name) fails the preview, saying where the name comes from and asking the program to give one that
// fits.
//
// A stack configures how the provider names what its program does not (pulumi:autonaming, in the
// stack's configuration; the engine sends it to providers that say they honour it, as every provider
// cidlc generates does): mode: disabled fails the preview of a named resource without a name, naming
// the property and asking for one; mode: verbatim names each resource by its own name; a pattern
// (${stack}-${name}-${hex(4)}) names it as the pattern says, with enforce: true as it is, and otherwise
// only where the IDL autonames (a verbatim resource keeps its own name, as a proposal allows). The
// configuration names new resources only: one that exists keeps its name.
//
// When a replacement keeps the name (the program gave it, or it is verbatim), the cloud would refuse the
// new resource while the old one holds the name: the provider then asks the engine to delete the old
// resource first, by itself. A Differ (see the Go stubs' documentation) may change that, for a name that
// is unique only in a scope that the replacement leaves.
//
// # Timeouts
//
// Some operations take minutes (an instance boots, a database replicates its data away before it is
// deleted), and a program whose update hangs should fail, not wait forever. A resource's embedded marker
// gives it default timeouts, as Terraform's Timeouts block does, named after the keys of Pulumi's
// customTimeouts resource option:
//
//	// Instance is a virtual machine.
//	type Instance struct {
//		idl.Resource `lumi:"timeout=20m,deleteTimeout=5m"`
//	}
//
// createTimeout=, updateTimeout= and deleteTimeout= time one operation each, and timeout= the ones not
// given their own (above: create and update 20 minutes, delete 5). A duration is Go's and Pulumi's: a
// number and a unit, such as 90s, 10m or 1h30m, at least a second. A program's customTimeouts resource
// option (`{ customTimeouts: { create: "1h" } }`) overrides them, operation by operation; an operation
// that neither gives runs as long as it takes. The provider's ops see the timeout as the deadline of
// their context, and an operation that runs out of time fails with a message that names the timeout,
// where it comes from, and how to raise it. The TypeScript package's documentation of the resource and
// the Pulumi schema's description say the defaults. The options go with immutable on a NamedResource
// (lumi:"immutable,createTimeout=1h"); anything else on a marker is an error.
//
// # Resource aliases
//
// A named type defined from a resource is another name for it, for references only (the 2017 IDLs
// called it a strongly typed capability):
//
//	// ActionTarget is a topic that an alarm notifies.
//	type ActionTarget sns.Topic
//
//	type Alarm struct {
//		idl.NamedResource
//		AlarmActions *[]ActionTarget `lumi:"alarmActions,optional"`
//		Primary      ActionTarget    `lumi:"primary"`
//	}
//
// A property of its type is a capability to the resource: a program passes a Topic, and the provider
// gets the topic's URN and ID. Since it names nothing but a reference, its type means a reference
// wherever it is written, by value or behind a pointer, alone or in arrays and maps: ActionTarget,
// *ActionTarget, []ActionTarget, []*ActionTarget, *[]ActionTarget and map[string]ActionTarget all refer
// to topics, and ActionTarget alone is required unless the property is optional (then *ActionTarget).
// It declares no resource type of its own: no token, no class, no provider. The TypeScript package exports
// its name as another name for the resource's class (export type ActionTarget = Topic), the Go stubs hold
// the reference as they hold any capability, and the Pulumi schema refers to the resource. A type
// defined from a resource alias names the same resource. Where a value is needed, it is rejected: a
// resource alias cannot be embedded, key a map, or be secret.
//
// # Functions
//
// A function is a question the provider answers: which image is the newest, which zones a region has,
// who the caller is (Pulumi calls it an invoke). A struct that embeds Function declares one; its fields
// without out are the function's inputs, and its out fields are its results:
//
//	// GetImage finds the newest image of a name.
//	type GetImage struct {
//		idl.Function
//		// Name is the image's name.
//		Name   string       `lumi:"minLength=1"`
//		Region *acme.Region `lumi:"optional"`
//		// ID is the image's ID.
//		ID string `lumi:"out"`
//		// Owner is who published the image, when Acme Cloud knows.
//		Owner *string `lumi:"optional,out"`
//	}
//
// Programs call a function by its Go name lower-camel-cased, as wire names are (GetImage → getImage,
// IPRanges → ipRanges), which also ends its token: idl/compute/image.go declaring GetImage in an IDL
// named acme gives acme:compute/image:getImage, as Pulumi names functions. Name a function after what
// it answers, starting with a verb as Pulumi's providers do: GetImage for one thing its inputs identify,
// ListZones for several, LookupRole where a bare get could be read as a resource's own get. Any
// exported name is taken (a function Image is called image), except one whose call name is a reserved
// word of JavaScript (Delete, New, Import …), which could not name a function in the TypeScript package,
// or undefined or globalThis, which it would hide from the code of its file.
// The SDKs that Pulumi generates from the Pulumi schema (--out-schema) name functions their own way: the
// Go SDK calls getImage LookupImage where the module has a resource Image, whose getter GetImage is.
//
// Inputs and results take the types, contracts, defaults, secrets, deprecation and docs that resource
// properties take. An input is required unless it is optional or has a default=. The provider checks
// every input against the IDL before the author's code sees it, fills in the defaults, and fails a call
// with a bad input with a message naming the property; the TypeScript package checks the required
// inputs and the contracts before it calls. A result is always returned unless it is optional,out,
// which may be absent (programs then see T | undefined) and is written as a pointer; out alone takes
// no pointer, since a function's results, unlike a new resource's outputs, are never waiting for
// anything. A secret result is a secret in the program, and so is every result of a call whose inputs
// hold a secret, since results may reveal their inputs. Contracts on results are documentation: the
// provider's own code sets them.
//
// A function has at least one result. Its fields take neither replaces (a call replaces nothing) nor in
// (every field without out is an input, and only out fields are returned). A function is not a type: no
// property holds one, and no declaration embeds one or is defined from one; what two functions share
// is a struct that both embed (its fields are inputs: a plain struct's fields take no out). A struct
// embeds at most one marker, so it is a resource or a function, never both.
//
// # Embedded structs
//
// A struct or resource may embed IDL structs (by value). Their properties become its own, in place, as Go
// promotes an embedded struct's fields, and as the 2017 compiler flattened them:
//
//	// Common are the settings every queue has.
//	type Common struct {
//		Region string             `lumi:"region"`
//		Tags   *map[string]string `lumi:"tags,optional"`
//	}
//
//	type Queue struct {
//		idl.NamedResource
//		Common
//		DelaySeconds *float64 `lumi:"delaySeconds,optional"`
//	}
//
// The embedded struct stays a struct of its own, checked as one (so its fields take no resource-only
// option), and it takes no tag. Its properties' wire names and Go names must be new to the embedding
// declaration. A resource, a resource alias, a pointer or a type from outside the IDL cannot be
// embedded. Likewise, a struct type defined from an IDL struct (type DeadLetterPolicy RedrivePolicy)
// is a struct of its own, with its own token and the other's properties.
//
// # Property types
//
//   - bool, float64, string, and the integers int and int32. Every value crosses the wire as a JSON
//     number, which holds integers exactly up to 2^53−1, so int is an integer within ±(2^53−1)
//     (JavaScript's Number.MAX_SAFE_INTEGER), and int32 one within int32's range (-2147483648 to
//     2147483647), the range of many services' counts and limits (PostgreSQL's integer, protobuf's
//     int32). The Pulumi schema says "integer", the Go stubs int and int32, the Go SDK that Pulumi
//     generates pulumi.Int, and TypeScript number: the TypeScript package and the provider's Check
//     both refuse a fraction or a value out of range, naming the property ("maxPriority: 1.5 is not an
//     integer"). Other basic types are rejected with a hint: int64 and uint64 say "use int" (a larger
//     value cannot cross the wire exactly: an identifier beyond 2^53 is a string), int8, int16, uint8,
//     uint and the like say "use int32 or int" (with min= and max= for a narrower range), float32
//     says "use float64"; byte and rune say "use string".
//   - Another IDL struct, by value, from any package of the IDL tree.
//   - An enum or an alias from any package of the IDL tree.
//   - *R for a resource R: a capability, a reference to another resource. On the wire it is the
//     resource's URN and ID. A capability needs no option to be a pointer. A resource alias (see
//     above) names a capability by value or behind a pointer.
//   - *idl.Resource: a reference to a resource of any type. In slices and maps, idl.Resource by value
//     means the same, as the 2017 IDLs wrote it (*[]idl.Resource).
//   - []T and map[string]T of the above. A map key is string or a string-based IDL type (an enum or a
//     string alias).
//   - interface{} (or any): an arbitrary JSON-like value.
//   - idl.Asset and idl.Archive: Pulumi's assets and archives. *idl.Asset and *idl.Archive mean the same,
//     everywhere (as the 2017 IDLs wrote them, like capabilities): Code *idl.Archive is a required
//     archive, Code *idl.Archive `lumi:"optional"` an optional one, and []*idl.Asset and
//     map[string]*idl.Archive hold assets and archives.
//
// A pointer is allowed only for an optional property (lumi:"optional"), for an out or in property (as
// the 2017 IDLs allowed: GroupID *string with lumi:"out"), and, with no option, to what the 2017 IDLs
// always wrote behind a pointer: resources and resource aliases (capabilities), idl.Resource,
// idl.Asset and idl.Archive, also as elements of slices and maps. Everything else is rejected with its
// position: types declared outside the IDL tree (time.Time), fixed-size arrays, channels, functions,
// anonymous structs, non-empty interfaces, pointers to pointers, other pointers in slices and maps,
// resources by value.
//
// # The lumi tag
//
// A field's `lumi` tag gives its wire name and options:
//
//	lumi:"[NAME][,OPTION]..."
//
// NAME, the first element, is the property's wire name when it has no "=" and either is not an option
// word or is the field's own wire name (its Go name camel-cased, below): the 2017 form, which always put
// the name first (`lumi:"groupID,out"`, `Secret *string lumi:"secret,optional"`). Otherwise an option
// word there is an option (the design note's form: `VPC *VPC lumi:"optional,replace"`). So every 2017
// tag and every tag of the design note keeps its meaning. `name=NAME` gives the name explicitly (the
// design note's `lumi:"name=Bar"`), and a leading comma leaves it out, as in encoding/json:
//
//	Secret *string `lumi:"secret,optional"`      property secret, optional (the 2017 form)
//	Secret *string `lumi:"name=secret,optional"` the same, explicitly
//	Secret *string `lumi:",secret,optional"`     property secret, optional, and a secret
//
// A first element that is both the field's own wire name and an option word reads two ways where that
// option would apply (secret on a resource property, optional on a pointer): cidlc reads the name, as
// the 2017 tags meant it, and prints a positioned warning that shows both unambiguous spellings. Where
// the option would not apply (secret on a field of a plain struct), the tag reads one way only, and says
// nothing. A first element that is one edit from an option word (a letter added, dropped or changed,
// two letters swapped, or another case: lumi:"replacs", lumi:"imutable", lumi:"Optional") and is not the
// field's own wire name reads as the name too, as any word there does, but cidlc warns, with both
// readings and how to write each: the same typo after the first element is an error with a "did you
// mean", and here it would rename the property without a word. (Not for in and out: one edit from them
// spells names that properties have, such as id and ip.) A wire name is an identifier: letters, digits and underscores, not starting with a digit
// (lumi:"-", encoding/json's way of leaving a field out, is rejected: a field that is not a property has
// no place in the IDL). Without a name, the Go field name is camel-cased: its leading run of capitals is lowered, except
// that the last capital stays when a lower-case letter follows it, because it starts the next word:
//
//	IPProtocol → ipProtocol    VPC → vpc    GroupID → groupID    CIDRIP → cidrip    FromPort → fromPort
//
// A lone "s" right after the capitals, ending the name or followed by a capital, makes the initialism
// plural and is lowered with it: CIDRs → cidrs, URLs → urls, IDsByZone → idsByZone.
//
// The options:
//
//   - optional: the property may be left unset. The field must be a pointer (*T).
//   - out: the provider sets the property after creating the resource; programs read it but may not set
//     it. An out property named id is the resource's ID. A pointer is allowed on an out property because
//     its value is unknown until the resource exists; the provider still always sets it. Write
//     optional,out for an output the provider may leave unset (programs then see T | undefined). Of a
//     function, out marks a result (see Functions).
//   - in: a write-only input, which the provider never returns (see Write-only inputs).
//   - replaces (also spelled replace): a change to the property replaces the resource instead of
//     updating it in place. A resource whose every input replaces it (or is immutable) cannot be
//     updated in place at all: the Go stubs ask its ops for no Update, and the provider never calls
//     one.
//   - immutable: the property is set when the resource is created and never changes afterwards; a change
//     fails the preview instead of replacing the resource (see Immutable properties).
//
// out, in and immutable are for resource properties only, but that out also marks the results of
// functions (see Functions), and so is replaces, but for the configuration's (see Configuration), where
// a change replaces the provider. Every mistake in a tag is an error, never silently ignored: a
// malformed tag (lumi:optional without quotes), an unknown option, an option given twice (replace and
// replaces count as the same), in together with out, replaces or immutable on an out property,
// immutable together with replaces, an empty name=, a name that is not an identifier, a lumi tag on an
// unexported field. The tag key coco, the
// lumi tag's name in coconut, the 2017 tool's first incarnation (`coco:"code"`), is read as lumi; a
// field may not have both. Other tag keys (json, yaml …) are allowed and ignored.
//
// # Contracts
//
// More options constrain a property's values. cidlc checks them when it compiles the IDL, and the
// generated code enforces them at run time on both sides: the TypeScript constructor throws one Error
// listing every violation among the values it knows, and the provider's Check fails each violating
// property with a message naming the constraint and the value.
//
//	// Storage in GiB.
//	Size float64 `lumi:"min=10,max=65536,multipleOf=10,default=20"`
//	// The admin password.
//	Password string `lumi:"secret,in,minLength=12,maxLength=128"`
//	// A short label.
//	Label *string `lumi:"optional,pattern='^[a-z]{1,3}(-[a-z]{1,3})*$'"`
//	// Allowed networks.
//	CIDRs *[]string `lumi:"optional,minItems=1,maxItems=5,uniqueItems,items.pattern=^[0-9./]+$"`
//
// Numbers (float64): min= and max= (inclusive), exclusiveMin= and exclusiveMax=, multipleOf= (greater than
// 0; a value is a multiple when value/multipleOf is within 1e-9 of a whole number, so 0.3 is a multiple
// of 0.1). A bound from below is min= or exclusiveMin=, not both; likewise from above. A float64 with
// multipleOf=1 is an integer in all but its type: cidlc warns, and int says it in every output.
//
// Integers (int, int32) take the same options, with whole numbers within the type's range (min=0.5 or,
// on an int32, max=3000000000 is an error), and multipleOf=1, which every integer obeys, is an error:
//
//	// MaxPriority is the highest priority of a message.
//	MaxPriority *int32 `lumi:"optional,min=1,max=255"`
//	// TTL is how long a message lives, in milliseconds, whole seconds only.
//	TTL int `lumi:"default=60000,multipleOf=1000"`
//
// Strings: minLength= and maxLength= count Unicode code points (not bytes, not UTF-16 units: "😀" has
// length 1 on both sides); pattern= is an RE2 regular expression (the syntax of Go's regexp package),
// matched anywhere in the string unless anchored with ^ and $. The TypeScript side does not use the
// pattern as written: cidlc translates it so that JavaScript accepts exactly the strings RE2 accepts.
//
// Arrays: minItems=, maxItems=, uniqueItems (no two elements equal). Maps: minProperties=, maxProperties=.
// The elements of an array and the values of a map take the number and string options with an items.
// prefix: items.min=0, items.pattern=^[a-z]+$. Options apply through aliases (a Port alias of float64
// takes min=).
//
// default= gives an input of a resource, of a function or of the configuration (bool, number, string or
// enum value) the value it takes when the caller leaves it out. A property with a default is a plain
// field, not a pointer, and not optional: it always has a value once defaults are filled in, yet callers
// may omit it. The default must obey the property's own constraints, and an enum's default must be one
// of its values.
//
// secret makes a resource property (or a configuration property) a secret in state and outputs, and a
// function's result a secret in the program (never on a reference to a resource, and not on a field of
// a plain struct: a whole property is secret). deprecated=MESSAGE marks a property as
// deprecated: TypeScript shows it with @deprecated and warns once when a program sets it.
//
// Values that hold a comma are written in single quotes, and a single quote inside them is doubled (a
// double quote is written \" as everywhere in a Go struct tag):
//
//	pattern='^[a-z]{1,3}$'    deprecated='use size, not capacity'    default='it''s'
//
// Every mistake is a positioned error: an option on the wrong kind of value, a number that does not
// parse, a pattern RE2 rejects (with RE2's message), bounds that leave no value (min=10,max=5), a
// default that breaks the property's own constraints or is not in its enum, default= on an out or
// optional property, secret on a reference, an option given twice, an unknown option (with the nearest
// known one as a hint).
//
// # Write-only inputs
//
// Some inputs a service accepts and never gives back: a password it keeps only as a hash, an API key, a
// script a machine runs once. Declare them in (and secret, for a secret), so that the provider neither
// expects them back nor makes up a value for them:
//
//	// Password is what the user signs in with.
//	Password string `lumi:"secret,in,minLength=8"`
//
// The provider never returns a write-only input as an output (programs read it as undefined, from a
// resource of theirs or one read with get). A refresh keeps the value the program gave, as the stack's
// inputs hold it, secret, whatever the service's own read gives back for it: no drift. (A Read that can
// tell that the service's value is no longer the program's, a password checked against the hash the
// service keeps, says so with provider.Forget: the refresh drops the value, and the next update sets it
// again.) An import (pulumi import, the import resource option, get), which cannot read it, leaves it
// unset, and the provider does not ask such a resource for it, even where it is required, until the
// program gives a value; then an update applies it. The TypeScript package's documentation and the Pulumi
// schema's description of the property say that it cannot be read back (the schema has no field for it).
//
// # Rules across properties
//
// Contracts constrain one value; four options relate a property to others of its declaration, with
// Terraform's names, which provider authors know. Each is written on a property, with the wire names of
// the others separated by |, as env= separates its variables:
//
//	type Listener struct {
//		idl.NamedResource
//		// Certificate is a certificate's PEM text.
//		Certificate *string `lumi:"optional,secret,exactlyOneOf=certificateARN"`
//		// CertificateARN is the ARN of a stored certificate.
//		CertificateARN *string `lumi:"optional"`
//		// RedirectTo sends every request to another URL.
//		RedirectTo *string `lumi:"optional,conflictsWith=targets|healthCheck"`
//		Targets     *[]Target    `lumi:"optional"`
//		HealthCheck *HealthCheck `lumi:"optional"`
//	}
//
//	type HealthCheck struct {
//		// Path is the path probed; it needs a port.
//		Path *string `lumi:"optional,requiredWith=port"`
//		Port *int32  `lumi:"optional"`
//	}
//
//	type LifecycleRule struct {
//		// Expiration is how many days an object lives.
//		Expiration *int `lumi:"optional,atLeastOneOf=transitions"`
//		// Transitions move objects to cheaper storage as they age.
//		Transitions *[]Transition `lumi:"optional"`
//	}
//
// A property is set when the program gives it a value (null is none):
//
//   - conflictsWith=a|b: when the property is set, none of a and b may be (a program that sets
//     redirectTo and targets fails: "redirectTo cannot be set together with targets");
//   - requiredWith=a|b: when the property is set, a and b must be too ("path requires port, which is
//     not set"); written on each of them, it makes all or none;
//   - exactlyOneOf=a|b: exactly one of the property, a and b is set ("exactly one of certificate and
//     certificateARN must be set, but none is"); written on any member of the group, or on several;
//   - atLeastOneOf=a|b: at least one of the property, a and b is set ("at least one of expiration and
//     transitions must be set, but none is").
//
// They are for the properties of resources, functions (their inputs), the configuration and structs,
// where they relate the fields of each value of the struct, wherever it is held (in an array of
// targets, each target). The provider checks them in Check (CheckConfig, a call), with the other rules
// of the IDL, one failure per broken rule naming every property involved, at the path of the property
// that declares a conflictsWith= or requiredWith=, and of the object for a group; the TypeScript
// constructors, function calls and Provider class check them too, before anything is sent. A value that
// is not known yet (an output of a resource the same update creates) may be set or not: a rule whose
// verdict waits on it is checked when it is known. The docs of each property involved, in the
// TypeScript package, the Pulumi schema (whose metaschema has no field for them) and the Go stubs, say
// the rule in words, and --breaking-against reports a new rule as breaking programs (rule-added).
//
// Every property a rule names, and the one that declares it, must be an optional input: a required
// property, or one with a default, is always set (the name of a named resource too, which Check sets),
// which would make the rule contradictory or void, and outputs and a function's results are not the
// program's to set. These are positioned errors, as is a name that is not the wire name of another
// property of the declaration (with the wire name as a hint when a Go name is written), a name given
// twice, and rules that contradict each other, making a property impossible to set (a requires b, and
// b conflicts with a, or a and b are of one exactlyOneOf= group).
//
// # Checks in CEL
//
// What no option says, a check says: an expression in CEL (the Common Expression Language, which
// Kubernetes validates its resources with, github.com/google/cel-go), written in the doc comment of a
// struct, resource, function or the configuration, that must be true of each of its values:
//
//	// Autoscaler keeps a number of instances running.
//	//
//	//cidlc:check "minReplicas cannot be more than maxReplicas" self.minReplicas <= self.maxReplicas
//	//cidlc:check "an HTTPS listener needs a certificate" !has(self.listeners) || self.listeners.all(l, l.protocol != "HTTPS" || has(l.certificate))
//	type Autoscaler struct {
//		idl.NamedResource
//		MinReplicas int `lumi:"min=0"`
//		MaxReplicas int
//		Listeners *[]Listener `lumi:"optional"`
//	}
//
// The line is //cidlc:check, the message as a Go string, and the expression, which runs to the end of
// the line; without a message, a value that breaks the check is told its expression. Go leaves the line
// out of the doc's text. self is the value: a resource's or a function's inputs, a struct's fields, the
// configuration's keys, by their wire names, typed as the IDL types them (int and int32 are CEL's int,
// float64 its double, strings and enums its string, arrays lists, maps maps, structs objects of their
// own fields, any its dyn); references to resources, assets, archives and a resource's outputs are not
// there. An optional property that is not set is absent: has(self.certificate) says whether it is, and
// a check that reads one that is not fails, saying so. A struct's checks are checked wherever a value of
// it is (each listener of the array), and those of a struct that a declaration embeds are the
// declaration's too.
//
// cidlc parses and type-checks each expression against the declaration's properties when it compiles
// the IDL: an unknown field (self.minReplica, or a Go name), a type error (an int compared with a
// double), a result that is not a bool, a malformed line, a check on an enum or outside a doc comment,
// are positioned errors, at their column in the line. The provider's Check (CheckConfig, a call)
// evaluates them, with the other rules of the IDL, after the values have their types: one failure per
// broken check, at the value's path, with the check's message. They compile once per plugin start,
// when first needed, and cost Check about a microsecond and a half each, a rule across properties next
// to nothing (a Check of five properties over gRPC's messages took 2.9 µs, 2.9 with a rule of two
// properties, 4.3 with a check of two integers and 11 more allocations; compiling the check took
// 0.06 ms: BenchmarkCheck, BenchmarkDecodeChecked and BenchmarkCompileChecks in package provider). A
// value that is not known yet leaves the checks of its object to the update, when it is known. Only the
// stubs of an IDL with checks import CEL, so a plugin without any does not link it.
//
// The TypeScript package does not evaluate checks: it would need a CEL runtime of its own, a dependency
// every program would install. Its docs, and the Pulumi schema's descriptions, say what the provider
// refuses; a program learns of a broken check from the preview. --breaking-against reports a new check
// as breaking programs (check-added), and a changed expression of a check of the same message as a
// warning (check-changed): whether it refuses more, cidlc cannot decide.
//
// # Immutable properties
//
// Some properties cannot change once a resource exists, and replacing the resource to change them
// destroys what it holds: a database's encoding or collation, a volume's encryption. With replaces, a
// typo in a program would delete the database and create an empty one; immutable makes the change fail
// instead (MuranoPL calls this usage Const: set at creation, never changed afterwards):
//
//	type Database struct {
//		idl.NamedResource
//		// Encoding is the character set of the database's text.
//		Encoding string `lumi:"immutable,default=UTF8"`
//	}
//
// The provider refuses a change of an immutable property: the preview (and so pulumi up) fails with a
// message that names the resource and the property, its old and new value (a secret's as [secret]), and
// the two ways on: set the value back, or replace the resource deliberately with pulumi up --replace URN
// (the message gives the URN). Nothing of the resource changes, and the author's Update never sees a
// changed immutable property. What still works:
//
//   - a replacement the program or its user asks for: pulumi up --replace URN, pulumi state taint URN
//     (replaced by the next update), or the resource option replaceOnChanges naming the property;
//   - a replacement that something else causes: a changed replaces property, or the Diff hook of the
//     provider's author; the new resource is created with the new value;
//   - the resource option ignoreChanges naming the property: the change is ignored, as for any
//     property;
//   - refresh: a value the cloud reports changed is recorded, and the next update that would change it
//     back fails as above, so the program can take the cloud's value or replace the resource.
//
// A new value that is not known during a preview (an output of a resource the same update creates or
// replaces) cannot be judged then: the preview shows the property as changing, and the update judges the
// value once it is known, before it touches the resource. The Pulumi schema has no field for immutable:
// its descriptions say it in words, as the TypeScript package's documentation does.
//
// An immutable reference to another resource (a capability) changes when that resource is replaced,
// since its ID changes: the referring resource's update then fails, where replaces would have replaced
// it too.
//
// An immutable property may be optional or have a default, and may be in or secret. immutable is for
// resource properties: not for an out property (programs cannot change it), not with replaces (the two
// say opposite things), not for a field of a plain struct (make the resource's property that holds
// the struct immutable: a struct is immutable as a whole), and not for the configuration (see
// Configuration).
//
// # Configuration
//
// A provider is configured: a database provider needs a host, a user and a password, a cloud provider a
// region and credentials. One struct of the root package declares the configuration by embedding
// idl.Config, and each of its properties is a configuration key of the provider:
//
//	// Config is how the provider reaches Acme Cloud.
//	type Config struct {
//		idl.Config
//		// Region is where resources go when they do not say.
//		Region Region `lumi:"default=us-west-1,env=ACME_REGION,replaces"`
//		// Token authenticates every call.
//		Token string `lumi:"secret,env=ACME_TOKEN|ACME_API_TOKEN,minLength=16"`
//		// MaxRetries is how many times a failed call is tried again.
//		MaxRetries float64 `lumi:"default=3,min=0,max=10"`
//	}
//
// A stack sets the configuration of the provider that Pulumi creates for it (the default provider)
// under the package's name: `pulumi config set acme:region eu-west-1`, `pulumi config set --secret
// acme:token …`. A program creates more providers, each with settings of its own, with the Provider
// class of the TypeScript package, and gives them to resources: new acme.Provider("eu", { region:
// "eu-west-1" }), then { provider: eu } in a resource's options. The TypeScript package reads the
// stack's values too (acme.config.region), and checks them as the provider does: a value outside its
// enum, or one that breaks its contract, throws an Error naming the key. The provider validates its configuration as it validates a
// resource's inputs, every problem at once, and the author's code reads it typed: see the Go stubs'
// documentation (docs/gostub.md).
//
// A configuration property takes the types and options of a resource property, with these
// differences:
//
//   - env=NAME[|NAME…] names environment variables that give the value when it is not configured, read
//     in order: the first one that is set and not empty wins, before default=. The provider reads its
//     own environment, which it inherits from the Pulumi CLI, for the default provider; the TypeScript
//     package reads the program's, for an explicit Provider and for acme.config. A variable's text is
//     read as the property's type: a string or an enum value as it is, a bool as true or false (or 1,
//     0, t, f, T, F, TRUE, FALSE, True, False), a number as a decimal number (2, -0.5, 1e3); so env= is
//     for bools, numbers, strings and enums. A variable whose text does not read as the type is an
//     error that names it. A name is letters, digits and _, not starting with a digit.
//   - replaces: a change of the property replaces the provider, and with it every resource the
//     provider manages (another account, another region). A change of any other property updates the
//     provider in place: its resources stay as they are.
//   - secret: the value is a secret wherever it goes: in the stack's state, in an explicit provider's
//     arguments, and in acme.config, which gives it as a secret pulumi.Output. A value taken from an
//     environment variable is as secret as one configured.
//   - A property that is neither optional nor has a default= is required: when neither the
//     configuration nor one of its env= variables gives it a value, the provider fails before
//     anything is deployed, with a message naming the key (acme:token), the command that sets it and
//     its variables. (The Pulumi schema lists as required only the properties without env=: other
//     tools cannot know about the variables.)
//   - out, in and immutable are for resource properties, and a configuration holds no reference to a
//     resource, no asset and no archive, at any depth: the provider is configured before any of its
//     resources exists, and configuration values are text. (A provider cannot refuse a change of its
//     configuration: a change updates it in place, or, with replaces, replaces it and its resources.)
//     The wire name version is reserved: the engine puts the provider plugin's version there.
//
// A bool, a number, a struct, an array, a map or any value is set as JSON: pulumi config set
// acme:maxRetries 5, pulumi config set acme:retry '{"attempts":3}'. An any value that reads as JSON is
// that JSON value, and otherwise the string.
//
// An IDL has one configuration, in its root package: a second one, one in another package, a struct
// that is both a configuration and a resource, a property of the configuration's type, or the
// configuration embedded elsewhere, is an error. An IDL without one declares a provider that takes no
// configuration.
//
// # Property names
//
// Wire names must be unique within a struct, after camel-casing (VPC and Vpc collide), and so must the Go
// names of the properties that embedded structs bring in. A resource may not have a property named urn,
// an input property named id, or a property named getProvider or constructor: they would hide what the
// generated class inherits from pulumi.CustomResource. A named resource may not declare its own name
// property (the 2017 compiler made two of them); the message says what to write instead. Names starting
// with __ are reserved for the Pulumi runtime.
//
// # Generated names
//
// The names an author writes are kept as they are in every output and in the Pulumi schema: types, enum
// values, constants, and, in the TypeScript package, the namespaces of sub-directories. Beside them, the
// outputs declare names of their own, made from the author's: the TypeScript package XArgs and XState
// for resource X and XArgs for struct X; the Go stubs XProviderOps, XChecker, XDiffer, XProvider and
// NewXProvider for resource X, UnmarshalX and MarshalX for struct X. When an author's name (or a name
// generated before, in source order) already takes one of them, the generated name gives way: the kind
// of its declaration is inserted after the declaration's name, Resource for a resource and Type for a
// struct or an alias, and should that be taken too, underscores are appended until it is free:
//
//	type Milestone struct{ idl.Resource; State *MilestoneState `lumi:"state,optional"` }
//	type MilestoneState string   // TypeScript: MilestoneState, and the state of Milestone is MilestoneResourceState
//	type BucketArgs struct{ … }  // beside resource Bucket, whose arguments become BucketResourceArgs
//	type BucketProvider struct{ … } // beside resource Bucket, whose Go provider becomes BucketResourceProvider
//
// The names outputs add for functions take the same rule, with Function as the kind: a function GetX,
// which programs call getX (see Functions), gets GetXArgs, GetXOutputArgs, GetXResult and the Output
// form getXOutput in the TypeScript package, and GetXProviderOps, GetXProvider and NewGetXProvider in the
// Go stubs; beside a struct GetXArgs, its arguments are GetXFunctionArgs, and beside a function
// GetXOutput, its Output form is getXFunctionOutput. Names that outputs add for the package as a whole
// do too: the class of the package's Pulumi provider is Provider, or ProviderResource beside a type
// Provider of the root package, and its arguments that name and Args; the Go stubs' constructor of the
// provider is NewProvider, or NewProviderResource; a config namespace is config, or config_ beside a
// sub-directory config/, and a configuration key that cannot name a TypeScript constant (default,
// exports) gets an underscore there (default_).
// Two names the author wrote that an output would declare alike stay an error: type Rule and type RULE
// (see Declarations), a type Sub beside the namespace of a directory Sub/ in the TypeScript package, or
// a function Sub, called sub, beside that of a directory sub/.
//
// # Enums and aliases
//
// An enum is a string type with constants of that type, declared in the same package; its values keep
// their declaration order:
//
//	// Region is where a resource lives.
//	type Region string
//
//	const (
//		USEast Region = "us-east-1" // North Virginia
//		EUWest Region = "eu-west-1" // Ireland
//	)
//
// Enums are backed by string only (a float64 or bool type with constants is rejected) and values may
// not repeat. A named type with no constants is an alias: `type ARN string`,
// `type Tags map[string]string`, `type Rules []Rule`.
//
// # Constants
//
// Typed or untyped constants of bool, float64, int, int32 and string (an int constant within
// ±(2^53−1), as int values are; untyped integer constants are numbers, and must be exactly
// representable as float64; an untyped number beyond float64's range, such as 1e400, is
// rejected, as Go rejects it as a float64), and of enums. They appear in both outputs, their values exact
// (never truncated) and escaped for each language. Typed constants of other basic types, rune and complex
// constants are rejected.
//
// Strings are text: a string constant, an enum value and a lumi tag must be valid UTF-8 ("\xff" is
// rejected), because Pulumi's strings and JavaScript's are Unicode. Any Unicode text is fine, NUL, quotes,
// backslashes, */ and ${ included: the outputs escape what their languages need escaped.
//
// # Tokens
//
// Every resource, struct, enum and alias has a type token `<pkg>:<module>:<Type>`: <pkg> is cidlc's
// --name flag (default: the Go name of the root IDL package), <module> is the path of the declaring file
// relative to the IDL root without ".go", and <Type> is the Go name. A function's token ends in its
// call name instead (aws:ec2/getAmi:getAmi, see Functions). idl/ec2/securityGroup.go declaring
// SecurityGroup in an IDL whose root package is aws gives aws:ec2/securityGroup:SecurityGroup. File names
// must therefore be letters, digits, _ and -, starting with a letter, and directory names the same or .
// (v1.2/), as Pulumi's package schema takes them. A file name may not end in _ and a GOOS or GOARCH
// (vpn_windows.go, cpu_arm64.go): Go builds such a file for that system only, so the IDL would change
// with the system that runs cidlc.
//
// # Limits
//
// What the outputs can hold, and the tools that build them, sets a few limits, each a positioned error
// when passed:
//
//   - a file name has at most 200 bytes before .go: the outputs are named after it, with more added,
//     within the 255 bytes file systems allow;
//   - arrays and maps nest at most 32 deep in the type of a property, aliases spelled out (a struct
//     starts over): past about 45, the Go compiler cannot type-check the stubs' codecs;
//   - a resource has at most 500 properties: past about 900, tsc gives up on the constructor of its
//     class (the TypeScript package is checked only with --out-pack).
//
// Two directory names are taken by the TypeScript package: bin/ at the root, where tsc writes its build
// output (ignored by the package's .gitignore), and node_modules/ anywhere, which npm fills and empties.
// An IDL package in either would have its generated sources there; it is rejected, and so is a package
// main, whose stubs would be a command.
//
// An array or map type may not hold itself (type Tree map[string]Tree): the outputs spell such a type
// out wherever it is used. A struct may hold itself, through a pointer, an array or a map.
//
// # Evolution
//
// A provider changes between releases, and the stacks that earlier releases deployed must keep working.
// Two changes that would strand them have a remedy that the resource declares on its embedded marker:
// its earlier tokens, and the version of its state's shape. cidlc --breaking-against, which reads the
// version it compares against from git, counts a change that a remedy covers as safe (docs/breaking.md).
//
// Earlier tokens. A resource that moves to another file, or takes another name, changes its type token,
// under which stacks hold it. formerly= lists the tokens it had, whole, separated by | for more than one:
//
//	// Subnet is a range of addresses inside a VPC. It was declared in network/subnet.go until 0.2.0.
//	type Subnet struct {
//		idl.Resource `lumi:"formerly=acme:network/subnet:Subnet"`
//		…
//	}
//
// The TypeScript package gives them to the engine as the resource's aliases, so that a program's next
// update finds the resource that the stack holds under an earlier token and moves it to the new URN
// without replacing anything; the Pulumi schema lists them (aliases), for the SDKs Pulumi generates
// from it; and the provider answers an earlier token for Read, Diff, Update and Delete (a refresh or a
// destroy before that update, a resource the program no longer declares), and reads a reference to the
// resource by an earlier token, in the old state of the resources that refer to it, as a reference by
// the new one, so that they are not replaced for it. A program from before the move that creates the
// resource by an earlier token is refused: it must upgrade the package. A function's marker takes
// formerly= too (idl.Function `lumi:"formerly=acme:compute/image:findImage"`): the provider answers a
// call by the earlier token. An earlier token must not be the token of a declaration now, nor be
// claimed by two. A move to another directory, or another name, still changes what programs write
// (acme.compute.Subnet, not acme.network.Subnet): the tokens only keep the stacks.
//
// State versions. A resource whose stored shape changes (a property's type, an enum value, a wire name,
// a value moved into a struct, a name it now has) raises the version of its state's shape, from 0 for
// a resource that never declared one:
//
//	// Instance reports its status as an object since 0.2.0, state version 1.
//	type Instance struct {
//		idl.NamedResource `lumi:"stateVersion=1"`
//		…
//		// State is where the instance is in its life cycle.
//		State *InstanceState `lumi:"status,out"`
//	}
//
// The stubs then ask the ops for a migration from each earlier version, MigrateFrom0 up to
// MigrateFrom<N-1>, so that the provider does not compile until one is written. Each converts a state
// that a provider of that version wrote, or the inputs the engine recorded with it, to the current
// version, typed: it gets the resource's marshaling struct, filled in with what of the old state still
// decodes, and the old state itself, and sets the rest:
//
//	// MigrateFrom0 reads the status that 0.1.0 stored as its bare phase ("running").
//	func (instanceOps) MigrateFrom0(ctx context.Context, old provider.OldState, in *instance) error {
//		if phase, ok := old.String("status"); ok {
//			in.State = &InstanceState{Phase: InstanceStatus(phase)}
//		}
//		return nil
//	}
//
// The provider stamps the state version on every state and every recorded inputs of the resource, and
// applies the migration wherever it reads an older one (Read, Diff, Update, Delete), before anything
// else reads it, so that the ops, and the diffs, only ever see the current shape. A migration that
// leaves a property that does not decode as it found it fails, rather than store a zero value (drop it
// on purpose with old.Drop); a state that no migration makes readable, or that a newer version wrote,
// fails naming the resource, the property and the state version it came from. The previous IDL need
// not be kept: the migration reads the old state as it is, and cidlc --breaking-against reads the
// version compared against, with its state versions, from git.
//
// # Directives
//
// A line comment that starts with //cidlc: (no space after the slashes, as Go's own //go:generate) is an
// instruction to cidlc, not part of a declaration; Go leaves such lines out of doc comments. There are
// two: //cidlc:check, in the doc comment of the declaration it checks (see Checks in CEL), and
//
//	//cidlc:accept RULE:SUBJECT REASON
//
// accepts an intended breaking change for cidlc --breaking-against: the finding of rule RULE about
// SUBJECT, as the finding names them, no longer fails the run. The reason is required. Put it next to
// the change (docs/breaking.md). Any other //cidlc: name is an error, and so is // cidlc:accept, which Go
// reads as an ordinary comment: a directive that is silently ignored would accept nothing.
//
// # Diagnostics
//
// cidlc reports every problem of a run at once, sorted, as file:line:col: message, with the file relative
// to the working directory and the subject first:
//
//	idl/ec2/instance.go:14:8: Instance.When: time.Time is not an IDL type: it is declared outside the IDL tree; declare the shape in the IDL
//
// Go errors (syntax, types) are reported first and alone: IDL checks on code that does not compile would
// only add noise.
//
// A warning is printed the same way, with "warning:" after the position. It is about an IDL that
// compiles, but in which something may not say what its author meant; the message says what to write
// to make the meaning plain, which silences it. Warnings never change the exit status and never stop
// outputs from being written; they are printed with -q too, and again on every run until they are fixed.
//
//	idl/webhooks/hook.go:16:24: warning: Hook.Secret: lumi:"secret,optional" reads secret as the property's name, …
//
// # IDLs written for the 2017 tool
//
// An IDL written for the 2017 tool (lumidl, and coconut's cidlc before it) compiles as it is once its
// marker import (github.com/pulumi/lumi/pkg/resource/idl, or the coconut, pulumi-fabric or pulumi path)
// is github.com/cidlc/cidlc/idl; or the old path may stay, as a package of Go aliases of this package's
// types (type Resource = idl.Resource, …), since cidlc knows a marker by what a type resolves to. What
// the 2017 tool took, cidlc takes with the same meaning: name-first tags, coco tags, required assets
// behind pointers, resource aliases, embedded structs, in and out on pointers, enums named like the
// names cidlc generates. Where cidlc differs, on purpose:
//
//   - An out property named id is the resource's ID (the Pulumi ID), not a property beside it.
//   - Enum values keep their declaration order (the 2017 tool sorted them by constant name).
//   - The name of a named resource is made up by the provider when the program gives none (see Names;
//     verbatim keeps the 2017 tool's default, the resource's Pulumi name), and is returned as an output
//     (in 2017 it was an input only).
//   - Capabilities carry the URN and the ID of the resource (in 2017, the ID only).
//   - What was a defect there is an error here, whose message says what to write instead: a named
//     resource's own name property (two properties name), lumi:"-" (a property named -), an
//     unexported type (exported by the 2017 tool all the same), a resource embedded in another.
//
// The 2017 command line was lumidl NAME IDL_DIR [-r] --out-pack=DIR --out-rpc=DIR; cidlc's is
// cidlc IDL_DIR [--name NAME] --out-pack=DIR --out-provider=DIR (--out-rpc is still understood). cidlc
// always loads every package below IDL_DIR, and NAME defaults to the root package's name.
package idl
