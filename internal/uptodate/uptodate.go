package uptodate

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/internal/disk"
	"github.com/cidlc/cidlc/internal/paths"
)

// racyWindow is how recently before its stamp a file may have been modified and still be trusted by
// its metadata: far more than any file system's timestamp granularity (ext4 and APFS: the kernel's
// clock tick; FAT: 2 s).
const racyWindow = 3 * time.Second

// stampVersion starts every stamp; a stamp of another format is ignored.
const stampVersion = "cidlc stamp v1"

// Cache is where stamps live. The zero Cache is disabled: it finds nothing and records nothing.
type Cache struct {
	dir  string
	tool string
}

// Open returns the cache of the running executable in dir: "" for $CIDLC_CACHE or, without it, cidlc
// under the user cache directory; "off" for a disabled cache. It is disabled too when neither that
// directory nor the executable's identity can be found.
func Open(dir string) Cache {
	if dir == "" {
		dir = os.Getenv("CIDLC_CACHE")
	}
	switch dir {
	case "off":
		return Cache{}
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return Cache{}
		}
		dir = filepath.Join(base, "cidlc")
	}
	tool, err := toolIdentity()
	if err != nil {
		return Cache{}
	}
	return New(dir, tool)
}

// New returns a cache in dir for a generator whose identity is tool (anything that changes when the
// generated code could: Open uses the executable's build ID).
func New(dir, tool string) Cache {
	abs, err := filepath.Abs(dir)
	if err != nil || tool == "" {
		return Cache{}
	}
	return Cache{dir: abs, tool: tool}
}

// Enabled reports whether the cache finds and records stamps.
func (c Cache) Enabled() bool { return c.dir != "" }

// A Key identifies the files a model generates for a set of outputs; see the package doc.
type Key [sha256.Size]byte

// Key computes the key of the outputs outs for a model whose sources have the digest inputs
// (load.Loaded.Digest). It fails when an output's backend is not a Keyer or inputs is empty; the caller
// then skips the cache.
func (c Cache) Key(inputs []byte, outs []gen.Output) (Key, error) {
	if len(inputs) == 0 {
		return Key{}, errors.New("no digest of the sources")
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\ntool %q\n", stampVersion, c.tool)
	for _, out := range outs {
		k, ok := out.Backend.(gen.Keyer)
		if !ok {
			return Key{}, fmt.Errorf("backend %s has no key", out.Backend.Name())
		}
		abs, err := filepath.Abs(out.Dir)
		if err != nil {
			return Key{}, err
		}
		fmt.Fprintf(h, "output %q %q %q\n", abs, out.Backend.Name(), k.Key())
	}
	fmt.Fprintf(h, "sources %x\n", inputs)
	var k Key
	h.Sum(k[:0])
	return k, nil
}

// stampPath returns the stamp file of a set of outputs.
func (c Cache) stampPath(outs []gen.Output) (string, error) {
	h := sha256.New()
	for _, out := range outs {
		abs, err := filepath.Abs(out.Dir)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%q\n", abs)
	}
	return filepath.Join(c.dir, "stamps", hex.EncodeToString(h.Sum(nil)[:16])), nil
}

// Lookup starts checking, in the background, whether the outputs still hold what the last stamp of
// outs recorded: it reads only the stamp and the metadata (or, where needed, the content) of the files
// it lists, so it can run while the IDL loads. Current then compares the stamp's key with the model's.
func (c Cache) Lookup(outs []gen.Output) *Lookup {
	l := &Lookup{done: make(chan struct{})}
	if !c.Enabled() || len(outs) == 0 {
		close(l.done)
		return l
	}
	go func() {
		defer close(l.done)
		path, err := c.stampPath(outs)
		if err != nil {
			return
		}
		l.stamp, l.ok = verifyStamp(path)
	}()
	return l
}

// Lookup is a stamp check under way.
type Lookup struct {
	done  chan struct{}
	stamp *stamp
	ok    bool // the disk holds what the stamp records
}

// Current waits for the check and reports whether the outputs are current for key: whether Write would
// write and remove nothing and Check would find nothing stale. If so, it returns the report they would
// give: every file unchanged.
func (l *Lookup) Current(key Key) (gen.Report, bool) {
	if l == nil {
		return gen.Report{}, false
	}
	<-l.done
	if !l.ok || l.stamp.key != key {
		return gen.Report{}, false
	}
	cwd, err := os.Getwd()
	if err != nil {
		return gen.Report{}, false
	}
	var r gen.Report
	for _, e := range l.stamp.files {
		r.Unchanged = append(r.Unchanged, paths.RelSlash(cwd, e.abs))
	}
	return r, true
}

// Refresh rewrites the stamp Current accepted if some of its files had to be checked by content, so
// that the next run can trust their metadata. c must be the cache that looked it up.
func (l *Lookup) Refresh(c Cache, outs []gen.Output) {
	if l == nil || !l.ok || !l.stamp.refresh {
		return
	}
	path, err := c.stampPath(outs)
	if err != nil {
		return
	}
	c.save(path, l.stamp.key, l.stamp.files) // save lstats every file again
}

// Record stamps the files of outs whose digests are digests (gen.Staged.Digests, one list per output,
// the manifest first), which the disk now holds (after a Commit, or a Check that found nothing stale),
// under key. Errors are ignored: without a stamp the next run is merely slower.
func (c Cache) Record(outs []gen.Output, key Key, digests [][]gen.Digest) {
	if !c.Enabled() || len(outs) != len(digests) {
		return
	}
	path, err := c.stampPath(outs)
	if err != nil {
		return
	}
	var files []stampFile
	for i, out := range outs {
		root, err := filepath.Abs(out.Dir)
		if err != nil {
			return
		}
		for _, d := range digests[i] {
			files = append(files, stampFile{abs: filepath.Join(root, filepath.FromSlash(d.Path)), root: root, rel: d.Path, sum: d.Sum})
		}
	}
	c.save(path, key, files)
}

// save writes a stamp of files, lstat-ing each; a file whose metadata cannot be trusted yet is recorded
// by its hash alone.
func (c Cache) save(path string, key Key, files []stampFile) {
	taken := time.Now()
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nkey %x\n", stampVersion, key)
	for i := range files {
		e := &files[i]
		fi, err := os.Lstat(e.abs)
		if err != nil || !fi.Mode().IsRegular() {
			return // not as generated: no stamp
		}
		meta := "-"
		if taken.Sub(fi.ModTime()) > racyWindow {
			meta = fileMeta(fi)
		}
		fmt.Fprintf(&b, "%x %s %q %q\n", e.sum, meta, e.root, e.rel)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return
	}
	// Through a temporary file, so that a concurrent run reads the old stamp or the new one.
	disk.WriteFile(disk.OS{}, path, b.Bytes())
}

// stamp is a parsed stamp file.
type stamp struct {
	key     Key
	files   []stampFile
	refresh bool // some file was checked by content: a new stamp would trust its metadata
}

type stampFile struct {
	abs, root, rel string
	sum            [sha256.Size]byte
	meta           string // fileMeta, or "-"
}

// verifyStamp reads the stamp file name and checks every file it lists. ok is false when there is no
// usable stamp or any file differs from it.
func verifyStamp(name string) (s *stamp, ok bool) {
	s, err := readStamp(name)
	if err != nil {
		return nil, false
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
			return s, false
		}
	}
	var failed, hashed atomic.Bool
	parallel(len(s.files), func(i int) {
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
	s.refresh = hashed.Load()
	return s, !failed.Load()
}

// readStamp parses a stamp file.
func readStamp(path string) (*stamp, error) {
	data, err := os.ReadFile(path)
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
	if !ok {
		return nil, malformed
	}
	if n, err := hex.Decode(s.key[:], []byte(keyHex)); err != nil || n != len(s.key) {
		return nil, malformed
	}
	for sc.Scan() {
		var e stampFile
		var sum string
		// sum meta "root" "rel"
		fields := strings.SplitN(sc.Text(), " ", 3)
		if len(fields) != 3 {
			return nil, malformed
		}
		sum, e.meta = fields[0], fields[1]
		if n, err := hex.Decode(e.sum[:], []byte(sum)); err != nil || n != len(e.sum) {
			return nil, malformed
		}
		root, rest, err := unquotePrefix(fields[2])
		if err != nil {
			return nil, malformed
		}
		rel, err := strconv.Unquote(strings.TrimPrefix(rest, " "))
		if err != nil || gen.ValidatePath(rel) != nil || !filepath.IsAbs(root) {
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

// unquotePrefix splits a Go-quoted string off the front of s.
func unquotePrefix(s string) (string, string, error) {
	q, err := strconv.QuotedPrefix(s)
	if err != nil {
		return "", "", err
	}
	v, err := strconv.Unquote(q)
	return v, s[len(q):], err
}

// parallel calls f(0) … f(n-1) on one goroutine per core.
func parallel(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / workers
	for w := range workers {
		lo, hi := w*chunk, min(n, (w+1)*chunk)
		wg.Go(func() {
			for i := lo; i < hi; i++ {
				f(i)
			}
		})
	}
	wg.Wait()
}

// toolIdentity returns what identifies the running executable's code: its Go build ID where the
// executable format has one (ELF), else the SHA-256 of the executable.
func toolIdentity() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if id := goBuildID(exe); id != "" {
		return "go-build-id " + id, nil
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return "sha256 " + hex.EncodeToString(h.Sum(nil)), nil
}

// goBuildID returns the Go build ID in the ELF note of the executable at path, or "".
func goBuildID(path string) string {
	f, err := elf.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sec := f.Section(".note.go.buildid")
	if sec == nil {
		return ""
	}
	data, err := sec.Data()
	// The note: name size, description size and type (4 bytes each), the name "Go\x00\x00", the ID.
	if err != nil || len(data) < 16 || string(data[12:16]) != "Go\x00\x00" {
		return ""
	}
	n := int(f.ByteOrder.Uint32(data[4:8]))
	if 16+n > len(data) || n == 0 {
		return ""
	}
	return string(data[16 : 16+n])
}
