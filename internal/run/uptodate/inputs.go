package uptodate

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cidlc/cidlc/internal/base/disk"
	"github.com/cidlc/cidlc/internal/base/parallel"
)

// inputs are the part of a stamp that lets a run decide without loading the IDL: the digest of the
// sources the key was made of, the environment's digest, and every input of the load (load.Inputs) with
// what proves it unchanged. A stamp without them (hasEnv false) still serves a run that loads.
type inputs struct {
	sources []byte
	env     [sha256.Size]byte
	hasEnv  bool
	entries []inputEntry
}

// inputEntry is one input of the load.
type inputEntry struct {
	kind string // "in" (a file), "dir", "absent"
	name string // absolute
	sum  [sha256.Size]byte
	meta string // fileMeta, or for a file "-": check its content
}

// recordInputs works out the inputs part of a stamp from what the run loaded. An input that may have
// changed while the run was under way, or since it could be checked, makes the part prove nothing
// (hasEnv false): the next run loads, and records again.
//
//   - A source is recorded with the SHA-256 of what the load parsed, and its metadata if it was last
//     modified more than racyWindow before the load began (so that a later change shows in its
//     metadata); else by its content alone.
//   - Another file (a go.mod, a file that build constraints left out) is read now: recorded only if it
//     was last modified more than racyWindow before the load began, so that what is read now is what
//     the go command read.
//   - A directory is recorded by its metadata, which changes with its entries, on the same condition.
//   - A file recorded absent must still be.
func recordInputs(src *Sources) *inputs {
	in := &inputs{}
	if src == nil {
		return in
	}
	in.sources = src.Digest
	if src.Inputs == nil || len(src.Digest) == 0 {
		return in
	}
	env, ok := environment(src.Inputs.Root, src.Inputs.Name)
	if !ok {
		return in
	}
	cutoff := src.Started.Add(-racyWindow)
	old := func(fi fs.FileInfo) bool { return fi.ModTime().Before(cutoff) && fileMeta(fi) != "-" }
	// The sources, 10,000 at 10,000 resources, are looked at in parallel: one after the other, this was
	// a tenth of a second at the end of a run.
	names := sortedKeys(src.Inputs.Sources)
	entries := make([]inputEntry, len(names))
	var changed atomic.Bool
	parallel.For(len(names), func(i int) {
		fi, err := os.Lstat(names[i])
		if err != nil || !fi.Mode().IsRegular() {
			changed.Store(true)
			return
		}
		entries[i] = inputEntry{kind: "in", name: names[i], sum: src.Inputs.Sources[names[i]], meta: "-"}
		if fi.ModTime().Before(cutoff) {
			entries[i].meta = fileMeta(fi)
		}
	})
	if changed.Load() {
		return in
	}
	for _, name := range src.Inputs.Files {
		fi, err := os.Lstat(name)
		if err != nil || !fi.Mode().IsRegular() || !old(fi) {
			return in
		}
		content, _, err := disk.ReadFile(name)
		if err != nil {
			return in
		}
		entries = append(entries, inputEntry{kind: "in", name: name, sum: sha256.Sum256(content), meta: fileMeta(fi)})
	}
	for _, name := range src.Inputs.Dirs {
		fi, err := os.Lstat(name)
		if err != nil || !fi.IsDir() || !old(fi) {
			return in
		}
		entries = append(entries, inputEntry{kind: "dir", name: name, meta: fileMeta(fi)})
	}
	for _, name := range src.Inputs.Absent {
		if _, err := os.Lstat(name); !errors.Is(err, fs.ErrNotExist) {
			return in
		}
		entries = append(entries, inputEntry{kind: "absent", name: name})
	}
	in.env, in.hasEnv, in.entries = env, true, entries
	return in
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// write writes the inputs' lines of a stamp to w, each made in line, a buffer it returns for reuse.
func (in *inputs) write(w io.Writer, line []byte) []byte {
	line = append(line[:0], "sources "...)
	line = append(hex.AppendEncode(line, in.sources), '\n')
	if !in.hasEnv {
		w.Write(append(line, "env -\n"...))
		return line
	}
	line = append(line, "env "...)
	w.Write(append(hex.AppendEncode(line, in.env[:]), '\n'))
	for _, e := range in.entries {
		line = line[:0]
		switch e.kind {
		case "in":
			line = append(line, "in "...)
			line = hex.AppendEncode(line, e.sum[:])
			line = append(append(append(line, ' '), e.meta...), ' ')
		case "dir":
			line = append(append(append(line, "dir "...), e.meta...), ' ')
		case "absent":
			line = append(line, "absent "...)
		}
		w.Write(append(strconv.AppendQuote(line, e.name), '\n'))
	}
	return line
}

// parse reads one line of a stamp into in, if it is one of the inputs' lines.
func (in *inputs) parse(line string) (isInput bool, err error) {
	kind, rest, _ := strings.Cut(line, " ")
	malformed := errors.New("malformed stamp")
	switch kind {
	case "sources":
		in.sources = make([]byte, len(rest)/2)
		if !decodeHex(in.sources, rest) {
			return true, malformed
		}
	case "env":
		if rest != "-" {
			if !decodeHex(in.env[:], rest) {
				return true, malformed
			}
			in.hasEnv = true
		}
	case "in":
		e := inputEntry{kind: kind}
		fields := strings.SplitN(rest, " ", 3)
		if len(fields) != 3 || !decodeHex(e.sum[:], fields[0]) {
			return true, malformed
		}
		e.meta = fields[1]
		if e.name, err = strconv.Unquote(fields[2]); err != nil {
			return true, malformed
		}
		in.entries = append(in.entries, e)
	case "dir":
		e := inputEntry{kind: kind}
		meta, name, _ := strings.Cut(rest, " ")
		e.meta = meta
		if e.name, err = strconv.Unquote(name); err != nil || meta == "-" {
			return true, malformed
		}
		in.entries = append(in.entries, e)
	case "absent":
		e := inputEntry{kind: kind}
		if e.name, err = strconv.Unquote(rest); err != nil {
			return true, malformed
		}
		in.entries = append(in.entries, e)
	default:
		return false, nil
	}
	return true, nil
}

// verify reports whether every input is as recorded: a file by its metadata or else its content, a
// directory by its metadata, an absent file by its absence. hashed is set when a file had to be checked
// by content. Without the inputs' part (hasEnv false) nothing is proved.
func (in *inputs) verify(hashed *atomic.Bool) bool {
	if !in.hasEnv {
		return false
	}
	var failed atomic.Bool
	parallel.For(len(in.entries), func(i int) {
		e := &in.entries[i]
		if failed.Load() {
			return
		}
		fi, err := os.Lstat(e.name)
		switch {
		case e.kind == "absent":
			if !errors.Is(err, fs.ErrNotExist) {
				failed.Store(true)
			}
			return
		case err != nil:
			failed.Store(true)
			return
		case e.kind == "dir":
			if !fi.IsDir() || fileMeta(fi) != e.meta {
				failed.Store(true)
			}
			return
		case !fi.Mode().IsRegular():
			failed.Store(true)
			return
		case e.meta != "-" && fileMeta(fi) == e.meta:
			return
		}
		content, _, err := disk.ReadFile(e.name)
		if err != nil || sha256.Sum256(content) != e.sum {
			failed.Store(true)
			return
		}
		// The content is as loaded: the metadata it has now may be trusted from now on, once it is old
		// enough that a change would show in it.
		if time.Since(fi.ModTime()) > racyWindow {
			e.meta = fileMeta(fi)
		}
		hashed.Store(true)
	})
	return !failed.Load()
}
