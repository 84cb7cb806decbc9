package idlfuzz

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/gostub"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/gen/pulumischema"
	"github.com/cidlc/cidlc/gen/typescript"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
)

// pipelineLimit bounds one run of the pipeline on one tree. A load takes tens of milliseconds; the
// limit is generous for a machine busy with other tests, and still far from go test's own timeout.
const pipelineLimit = 2 * time.Minute

// outcome is what the pipeline made of a tree.
type outcome struct {
	tree    *model.Tree
	results []outdir.Result
	// diags are the loader's diagnostics, genErr a backend's error.
	diags  load.Diagnostics
	genErr error
}

// outputs are the backends the CLI runs for --out-pack, --out-provider and --out-schema, in memory.
func outputs() []outdir.Output {
	return []outdir.Output{
		{Dir: "pack", Backend: typescript.Backend{}},
		{Dir: "provider", Backend: gostub.New(gostub.Options{ImportPath: "example.com/fuzz/provider", VerifyLayout: true})},
		{Dir: "schema", Backend: pulumischema.Backend{Options: pulumischema.Options{File: "schema.json"}}},
	}
}

// runPipeline loads tree and generates every output from it, as cidlc does, failing t if that panics,
// takes longer than pipelineLimit, or fails in a way other than diagnostics.
func runPipeline(t *testing.T, s *Scratch, name string, tree Tree) outcome {
	t.Helper()
	type done struct {
		out   outcome
		err   error
		panic string
	}
	ch := make(chan done, 1)
	go func() {
		var d done
		defer func() {
			if r := recover(); r != nil {
				d.panic = fmt.Sprintf("%v\n%s", r, debug.Stack())
			}
			ch <- d
		}()
		tree, err := s.Load(name, tree)
		if err != nil {
			if !errors.As(err, &d.out.diags) {
				d.err = err
			}
			return
		}
		d.out.tree = tree
		d.out.results, d.out.genErr = outdir.Generate(tree, outputs())
	}()
	var d done
	select {
	case d = <-ch:
	case <-time.After(pipelineLimit):
		t.Fatalf("the pipeline did not finish in %v on this tree:\n%s", pipelineLimit, tree)
	}
	switch {
	case d.panic != "":
		t.Fatalf("the pipeline panicked: %s\non this tree:\n%s", d.panic, tree)
	case d.err != nil:
		t.Fatalf("the loader failed with an error that is not diagnostics: %v\non this tree:\n%s", d.err, tree)
	}
	return d.out
}

// checkOutcome checks what the pipeline made of tree: diagnostics that each point at a place in one of
// the tree's files (or name one of its directories), or else outputs that are well-formed and
// deterministic. A strict tree must give outputs.
func checkOutcome(t *testing.T, s *Scratch, name string, tree Tree, out outcome) {
	t.Helper()
	switch {
	case out.diags != nil:
		if tree.Strict {
			t.Fatalf("cidlc rejects a strict tree:\n%v\n\nthe tree:\n%s", out.diags, tree)
		}
		if len(out.diags) == 0 {
			t.Fatalf("the loader failed with no diagnostics on:\n%s", tree)
		}
		for _, d := range out.diags {
			if msg := badPosition(tree, d.Pos, d.Msg); msg != "" {
				t.Errorf("diagnostic %q: %s", d, msg)
			}
		}
	case out.genErr != nil:
		if tree.Strict {
			t.Fatalf("a backend fails on a strict tree:\n%v\n\nthe tree:\n%s", out.genErr, tree)
		}
		// A loaded IDL that a backend refuses must have problems of the IDL (gen.Diagnostics),
		// positioned like the loader's; any other error is the backend failing.
		diags, ok := gen.DiagnosticsOf(out.genErr, s.Dir(name))
		if !ok {
			t.Fatalf("a backend failed: %v", out.genErr)
		}
		for _, d := range diags {
			if msg := badPosition(tree, d.Pos, d.Msg); msg != "" {
				t.Errorf("backend diagnostic %q: %s", d, msg)
			}
		}
	default:
		checkOutputs(t, out)
	}
	if t.Failed() {
		t.Logf("the tree:\n%s", tree)
	}
}

// badPosition says what is wrong with a diagnostic's position in tree, or "". Positions are relative to
// the tree's root. A diagnostic about a whole directory (no Go files in it) names the directory without
// a line; every other names a file of the tree, a line of it and a column within (or just after) it.
func badPosition(tree Tree, pos token.Position, msg string) string {
	switch {
	case msg == "":
		return "an empty message"
	case strings.Contains(msg, "\n"):
		return "a message of more than one line"
	case !utf8.ValidString(msg):
		return "a message that is not UTF-8"
	case pos.Filename == "":
		return "no position"
	}
	file := filepath.ToSlash(pos.Filename)
	content, ok := tree.Files[file]
	if !ok {
		if pos.Line == 0 && isTreeDir(tree, file) {
			return ""
		}
		return fmt.Sprintf("%s is not a file of the tree", pos.Filename)
	}
	lines := strings.Split(string(content), "\n")
	if eof := endOfFile(content); pos.Line == eof.Line && pos.Column == eof.Column {
		return "" // where the parser found the file to end too soon
	}
	switch {
	case pos.Line < 1 || pos.Line > len(lines):
		return fmt.Sprintf("line %d is not in %s, which has %d lines", pos.Line, file, len(lines))
	case pos.Column < 1 || pos.Column > len(lines[pos.Line-1])+1:
		return fmt.Sprintf("column %d is not in line %d of %s: %q", pos.Column, pos.Line, file, lines[pos.Line-1])
	}
	return ""
}

// endOfFile returns the position go/token gives the end of a file: after a final newline that is column 2
// of the last line, not column 1 of a line that does not exist.
func endOfFile(content []byte) token.Position {
	f := token.NewFileSet().AddFile("", -1, len(content))
	f.SetLinesForContent(content)
	return f.Position(f.Pos(len(content)))
}

// isTreeDir reports whether dir ("." for the root) is a directory of tree.
func isTreeDir(tree Tree, dir string) bool {
	for p := range tree.Files {
		for d := path.Dir(p); ; d = path.Dir(d) {
			if d == dir {
				return true
			}
			if d == "." || d == "/" {
				break
			}
		}
	}
	return false
}

// checkOutputs checks generated files: Go that parses, JSON that parses, and the same bytes from a
// second run of the backends on the same model.
func checkOutputs(t *testing.T, out outcome) {
	t.Helper()
	again, err := outdir.Generate(out.tree, outputs())
	if err != nil {
		t.Fatalf("the backends failed on a second run: %v", err)
	}
	fset := token.NewFileSet()
	for i, r := range out.results {
		if len(again[i].Files) != len(r.Files) {
			t.Errorf("%s: %d files, then %d on a second run", r.Dir, len(r.Files), len(again[i].Files))
			continue
		}
		for j, f := range r.Files {
			if g := again[i].Files[j]; g.Path != f.Path || !bytes.Equal(g.Content, f.Content) {
				t.Errorf("%s/%s: not the same on a second run", r.Dir, f.Path)
			}
			switch {
			case strings.HasSuffix(f.Path, ".go"):
				if _, err := parser.ParseFile(fset, f.Path, f.Content, parser.AllErrors); err != nil {
					t.Errorf("%s/%s does not parse: %v\n%s", r.Dir, f.Path, err, f.Content)
				}
			case strings.HasSuffix(f.Path, ".json"):
				if !json.Valid(f.Content) {
					t.Errorf("%s/%s is not JSON:\n%s", r.Dir, f.Path, f.Content)
				}
			case strings.HasSuffix(f.Path, ".ts"):
				if !utf8.Valid(f.Content) {
					t.Errorf("%s/%s is not UTF-8", r.Dir, f.Path)
				}
				// The package's build writes bin/, npm installs into node_modules/, and the package's
				// own tsconfig.json and .gitignore leave both out: sources there would be lost.
				if first, _, _ := strings.Cut(f.Path, "/"); first == "bin" || first == "node_modules" {
					t.Errorf("%s/%s: a source in a directory that the package's build and .gitignore own", r.Dir, f.Path)
				}
			}
		}
	}
}
