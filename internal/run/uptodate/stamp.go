package uptodate

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/internal/base/disk"
	"github.com/cidlc/cidlc/internal/base/parallel"
)

// A stamp file is lines of text:
//
//	cidlc stamp v2
//	key HEX                     the key (Cache.Key)
//	sources HEX                 the digest of the sources the key was made of (load.Loaded.Digest)
//	env HEX                     the environment's digest (environment), or "env -": the inputs prove nothing
//	in SUM META "PATH"          an input file: its SHA-256 and metadata, or "-" to check it by content
//	dir META "PATH"             an input directory
//	absent "PATH"               a file that must not appear
//	SUM META "ROOT" "REL"       an output file, in its output directory
//
// Every path is absolute (an output's is ROOT joined with REL) and quoted as Go quotes strings.

// save writes a stamp of files, lstat-ing each; a file whose metadata cannot be trusted yet is recorded
// by its hash alone. in is the inputs' part, from recordInputs.
func (c Cache) save(name string, key Key, files []stampFile, in *inputs) {
	taken := time.Now()
	// The files are looked at in parallel: one after the other, 20,000 of them were a tenth of a second
	// at the end of a run.
	metas := make([]string, len(files))
	var changed atomic.Bool
	parallel.For(len(files), func(i int) {
		fi, err := os.Lstat(files[i].abs)
		if err != nil || !fi.Mode().IsRegular() {
			changed.Store(true) // not as generated: no stamp
			return
		}
		metas[i] = "-"
		if taken.Sub(fi.ModTime()) > racyWindow {
			metas[i] = fileMeta(fi)
		}
	})
	if changed.Load() {
		return
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
		return
	}
	// Through a temporary file, so that a concurrent run reads the old stamp or the new one; written as
	// it is made, a line at a time: at 10,000 resources a stamp is about 5 MB, and growing it in memory
	// took fresh pages from the system, each zeroed by the kernel, at the end of every run that recorded.
	disk.WriteFileWith(disk.OS{}, name, func(f io.Writer) error {
		w := bufio.NewWriterSize(f, 64<<10)
		fmt.Fprintf(w, "%s\nkey %x\n", stampVersion, key)
		line := in.write(w, make([]byte, 0, 512))
		for i := range files {
			e := &files[i]
			line = hex.AppendEncode(line[:0], e.sum[:])
			line = append(append(append(line, ' '), metas[i]...), ' ')
			line = append(strconv.AppendQuote(line, e.root), ' ')
			line = append(strconv.AppendQuote(line, e.rel), '\n')
			w.Write(line)
		}
		return w.Flush()
	})
}

// stamp is a parsed stamp file.
type stamp struct {
	key     Key
	in      *inputs
	files   []stampFile
	refresh bool // some file was checked by content: a new stamp would trust its metadata
}

type stampFile struct {
	abs, root, rel string
	sum            [sha256.Size]byte
	meta           string // fileMeta, or "-"
}

// verifyStamp reads the stamp file name and checks every file it lists. ok is false when there is no
// usable stamp or any output differs from it; inputsOK is false when any input differs.
func verifyStamp(name string) (s *stamp, ok, inputsOK bool) {
	s, err := readStamp(name)
	if err != nil {
		return nil, false, false
	}
	// Directories first: each must still be a directory, not a link (the output directory itself may
	// be one, as for Write).
	dirs := make(map[string]bool)
	for _, e := range s.files {
		for rel := path.Dir(e.rel); rel != "." && !dirs[filepath.Join(e.root, rel)]; rel = path.Dir(rel) {
			dirs[filepath.Join(e.root, rel)] = true
		}
	}
	for dir := range dirs {
		if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
			return s, false, false
		}
	}
	var failed, hashed atomic.Bool
	parallel.For(len(s.files), func(i int) {
		e := &s.files[i]
		if failed.Load() {
			return
		}
		fi, err := os.Lstat(e.abs)
		if err != nil || !fi.Mode().IsRegular() {
			failed.Store(true)
			return
		}
		if e.meta != "-" && fileMeta(fi) == e.meta {
			return
		}
		content, _, err := disk.ReadFile(e.abs)
		if err != nil || sha256.Sum256(content) != e.sum {
			failed.Store(true)
			return
		}
		hashed.Store(true)
	})
	if failed.Load() {
		return s, false, false
	}
	inputsOK = s.in.verify(&hashed)
	s.refresh = hashed.Load()
	return s, true, inputsOK
}

// readStamp parses a stamp file.
func readStamp(name string) (*stamp, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	line := func() string {
		if !sc.Scan() {
			return ""
		}
		return sc.Text()
	}
	malformed := errors.New("malformed stamp")
	if line() != stampVersion {
		return nil, malformed
	}
	var s stamp
	keyHex, ok := strings.CutPrefix(line(), "key ")
	if !ok || !decodeHex(s.key[:], keyHex) {
		return nil, malformed
	}
	s.in = &inputs{}
	for sc.Scan() {
		text := sc.Text()
		if isInput, err := s.in.parse(text); isInput {
			if err != nil {
				return nil, malformed
			}
			continue
		}
		var e stampFile
		// sum meta "root" "rel"
		fields := strings.SplitN(text, " ", 3)
		if len(fields) != 3 || !decodeHex(e.sum[:], fields[0]) {
			return nil, malformed
		}
		e.meta = fields[1]
		root, rest, err := unquotePrefix(fields[2])
		if err != nil {
			return nil, malformed
		}
		rel, err := strconv.Unquote(strings.TrimPrefix(rest, " "))
		if err != nil || outdir.ValidatePath(rel) != nil || !filepath.IsAbs(root) {
			return nil, malformed
		}
		e.root, e.rel, e.abs = root, rel, filepath.Join(root, filepath.FromSlash(rel))
		s.files = append(s.files, e)
	}
	if len(s.files) == 0 {
		return nil, malformed
	}
	return &s, sc.Err()
}

// decodeHex decodes s into b, which it must fill exactly.
func decodeHex(b []byte, s string) bool {
	n, err := hex.Decode(b, []byte(s))
	return err == nil && n == len(b)
}

// unquotePrefix splits a Go-quoted string off the front of s.
func unquotePrefix(s string) (string, string, error) {
	q, err := strconv.QuotedPrefix(s)
	if err != nil {
		return "", "", err
	}
	v, err := strconv.Unquote(q)
	return v, s[len(q):], err
}
