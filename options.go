package cidlc

import (
	"io"

	"github.com/cidlc/cidlc/idl/breaking"
)

// Options say what a run does: the command's flags, as a library takes them. Paths are relative to the
// working directory or absolute. The zero value of every field but IDL asks for nothing: without an
// output, a run only validates the IDL, and it never writes outside its output directories.
type Options struct {
	// IDL is the root IDL directory; it and every Go package below it are loaded.
	IDL string
	// Name is the Pulumi package name, the first part of every type token (--name); "" means the Go
	// name of the root IDL package.
	Name string

	// Pack is the output directory of the TypeScript package (--out-pack).
	Pack string
	// Provider is the output directory of the Go provider stubs (--out-provider). It must lie in a Go
	// module, whose go.mod gives the stubs' import path, and outside the IDL directory.
	Provider string
	// Schema is the file the Pulumi package schema is written to (--out-schema). It may lie in Pack.
	Schema string
	// Version is the package's version (--pkg-version): a semantic version, with or without a leading v,
	// that every output pins (the npm package and the options of its resources, the Pulumi schema, the
	// version the plugin reports), so that the engine runs the plugin of this very release. "" pins
	// nothing.
	Version string
	// PluginDownloadURL is where the engine downloads the plugin of Version from when a program needs it
	// (--plugin-download-url): the server of the release tarballs, written into the npm package, its
	// resources' options and the Pulumi schema. It needs a Version. "" leaves the engine's default.
	PluginDownloadURL string
	// SchemaMeta are fields of the schema's package, by their names in the schema (--schema-meta); the
	// names are SchemaMetaKeys.
	SchemaMeta map[string]string

	// Check makes the run write nothing (--check): it compares what it would write with the disk, writes
	// a unified diff of every file that is not current to Diff, and says in Result.Report what differs.
	Check bool
	// Diff receives Check's diffs; nil discards them.
	Diff io.Writer

	// Model asks for Result.Model even when the outputs are up to date, which then costs the IDL's
	// validation that the up-to-date cache would have spared (--print-model).
	Model bool
	// Snapshots are files to validate against the model (--validate-snapshot): MuGL snapshots or Pulumi
	// deployments; "-" reads Stdin. Their results are in Result.Snapshots.
	Snapshots []string
	// Stdin is what the snapshot "-" reads.
	Stdin io.Reader

	// BreakingAgainst is the previous version of the IDL to compare it with (--breaking-against): a
	// directory, or else a git revision of the repository that holds IDL (package idl/previous). The
	// findings are in Result.Breaking; comparing needs the model, so the up-to-date cache may spare the
	// outputs' generation but not the IDL's validation.
	BreakingAgainst string
	// BreakingAccept accepts findings of the comparison beside the IDL's //cidlc:accept directives
	// (--breaking-accept): every finding of a rule, or one subject's.
	BreakingAccept []*breaking.Acceptance

	// BoundMemory caps the memory the run may add, once the IDL is loaded, to what the load took
	// (package internal/run/memcap): the command sets it, as a process that runs once; a program that
	// runs cidlc among other work leaves its own limit alone. The previous limit is restored when Run
	// returns.
	BoundMemory bool

	// Cache is the directory of the up-to-date cache's stamps (package internal/run/uptodate), which
	// spare a run whose outputs are current its load or its generation. "" is no cache: a run then
	// writes nothing outside its output directories. The command passes UserCache().
	Cache string
}

// SchemaMetaKeys are the keys Options.SchemaMeta takes: fields of the Pulumi schema's package.
var SchemaMetaKeys = []string{"displayName", "homepage", "repository", "license", "publisher", "goImportPath", "npmPackage"}
