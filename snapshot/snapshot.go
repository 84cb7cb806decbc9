// Package snapshot validates resource snapshots against an IDL: MuGL snapshots (the 2017 Mu Graph
// Language, see docs/snapshots.md) and Pulumi deployments as `pulumi stack export` writes them (version
// 3). Each resource of the IDL's package is checked as the provider would check it: its type is a
// resource of the IDL, required properties are present, every value has its property's type, contracts
// hold (with the messages of package idl/contract), no property is unknown, and every reference
// (capability) resolves to a resource of the right type that comes earlier in the file. Resources of
// other packages are counted as skipped, not failed.
//
// The file is read as a stream of JSON tokens: only one vertex at a time is held, with the positions of
// its values, plus a few words per vertex for references; duplicate keys, which JSON decoders silently
// merge, are reported. Every problem is a model.Diagnostic at the line and column of the value concerned,
// the IDL's own kind of problem, so that both print alike: `file:line:col: subject: path: message`.
package snapshot

import (
	"errors"
	"fmt"
	"go/token"
	"io"
	"sort"
	"strings"

	"github.com/cidlc/cidlc/idl/contract"
	"github.com/cidlc/cidlc/idl/model"
)

// Format is the kind of a snapshot file.
type Format string

// The formats Validate recognises.
const (
	MuGL   Format = "MuGL snapshot"
	Pulumi Format = "Pulumi deployment"
)

// Result is what Validate found in one file.
type Result struct {
	Format Format
	// Vertices counts the vertices (resources) read; Checked those of the IDL's package.
	Vertices, Checked int
	// Skipped counts the vertices of other packages, by type token.
	Skipped map[string]int
	// Diagnostics are the problems, sorted by position.
	Diagnostics model.Diagnostics
}

// Validator validates snapshots against one IDL package.
type Validator struct {
	tree      *model.Tree
	resources map[string]*model.Resource
	others    map[string]string // tokens of the package's structs, enums and aliases: what they are
	compiled  map[*model.Constraints]*contract.Constraints
}

// New returns a Validator for pkg.
func New(tree *model.Tree) (*Validator, error) {
	v := &Validator{tree: tree, resources: map[string]*model.Resource{}, others: map[string]string{},
		compiled: map[*model.Constraints]*contract.Constraints{}}
	for _, pkg := range tree.Packages {
		for _, f := range pkg.Files {
			for _, r := range f.Resources {
				v.resources[r.Token] = r
				// A state under an earlier token is the resource's: the provider answers it.
				for _, t := range r.Formerly {
					v.resources[t] = r
				}
				for _, p := range r.Properties {
					if err := v.compile(p.Constraints); err != nil {
						return nil, fmt.Errorf("%s.%s: %v", r.Name, p.GoName, err)
					}
				}
			}
			for _, s := range f.Structs {
				v.others[s.Token] = "a struct"
				for _, p := range s.Properties {
					if err := v.compile(p.Constraints); err != nil {
						return nil, fmt.Errorf("%s.%s: %v", s.Name, p.GoName, err)
					}
				}
			}
			for _, e := range f.Enums {
				v.others[e.Token] = "an enum"
			}
			for _, a := range f.Aliases {
				v.others[a.Token] = "an alias"
			}
		}
	}
	return v, nil
}

func (v *Validator) compile(cs *model.Constraints) error {
	if cs == nil {
		return nil
	}
	c, err := cs.Compile()
	if err != nil {
		return err
	}
	v.compiled[cs] = c
	return nil
}

// Validate reads the snapshot r, shown in diagnostics as file, and checks it. The error is only for a
// failure to read r: problems of the snapshot, including invalid JSON, are diagnostics.
func (v *Validator) Validate(file string, r io.Reader) (*Result, error) {
	run := &run{v: v, file: file, s: newScanner(r), res: &Result{Skipped: map[string]int{}},
		refKey: "#ref", byName: map[string]int32{}}
	run.s.dup = func(key string, pos, first Pos) {
		run.report(pos, run.subject, "", fmt.Sprintf("duplicate key %q (first at %s); JSON decoders keep only one of them", key, first))
	}
	err := run.top()
	var se *errSyntax
	switch {
	case errors.As(err, &se):
		run.report(se.pos, "", "", se.msg)
	case err != nil:
		return nil, err
	default:
		run.graph()
	}
	sort.SliceStable(run.res.Diagnostics, func(i, j int) bool {
		a, b := run.res.Diagnostics[i].Pos, run.res.Diagnostics[j].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
	return run.res, nil
}

// vertex is what is kept of each vertex (resource) read: enough to resolve references to it.
type vertex struct {
	name    string // moniker, or URN
	typ     string
	id      string
	pos     Pos
	done    bool // read to its end: a reference to it is not a forward one
	deleted bool // a Pulumi resource pending deletion
}

// ref is a reference from one vertex to another by name, as it is kept until the end of the file when
// its target is not known yet.
type ref struct {
	from    int32
	to      string
	pos     Pos
	want    *model.Resource // nil: a resource of any type
	typed   bool            // the reference is a capability: check want
	subject string
	path    string
}

type edge struct {
	from, to int32
	pos      Pos
}

// run is the validation of one file.
type run struct {
	v    *Validator
	file string
	s    *scanner
	res  *Result

	refKey  string
	subject string // of the vertex being read, for duplicate keys

	vertices []vertex
	byName   map[string]int32
	pending  []ref  // references to names not read (yet)
	edges    []edge // every resolved reference, for cycles
}

// report records a problem at pos. subject is the vertex or resource concerned (`vertex "Subnet"`,
// `resource "urn:…"`), "" for the file as a whole; path the property concerned (`property
// "ingress[0].fromPort"`, `input "vpc"`), if any.
func (r *run) report(pos Pos, subject, path, msg string) {
	var b strings.Builder
	for _, s := range []string{subject, path} {
		if s != "" {
			b.WriteString(s)
			b.WriteString(": ")
		}
	}
	b.WriteString(msg)
	r.res.Diagnostics = append(r.res.Diagnostics, model.Diagnostic{
		Pos: token.Position{Filename: r.file, Line: pos.Line, Column: pos.Col},
		Msg: b.String(),
	})
}

// noun is what the format calls a vertex.
func (r *run) noun() string {
	if r.res.Format == Pulumi {
		return "resource"
	}
	return "vertex"
}
