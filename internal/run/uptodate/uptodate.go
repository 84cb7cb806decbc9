package uptodate

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/gen/outdir"
	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/internal/base/paths"
)

// racyWindow is how recently before its stamp a file may have been modified and still be trusted by
// its metadata: far more than any file system's timestamp granularity (ext4 and APFS: the kernel's
// clock tick; FAT: 2 s).
const racyWindow = 3 * time.Second

// stampVersion starts every stamp; a stamp of another format is ignored.
const stampVersion = "cidlc stamp v2"

// Cache is where stamps live. The zero Cache is disabled: it finds nothing and records nothing.
type Cache struct {
	dir  string
	tool string
}

// Open returns the cache of the running executable in dir; "" is a disabled cache, which finds nothing
// and records nothing, so that a run writes nothing outside its outputs unless asked (UserDir is where
// the command keeps its stamps). It is disabled too when the executable's identity cannot be found.
func Open(dir string) Cache {
	if dir == "" {
		return Cache{}
	}
	tool, err := toolIdentity()
	if err != nil {
		return Cache{}
	}
	return New(dir, tool)
}

// UserDir returns where the command keeps its stamps: $CIDLC_CACHE, or without it cidlc under the user
// cache directory; "" for no cache, when $CIDLC_CACHE is "off" or there is no user cache directory.
func UserDir() string {
	switch dir := os.Getenv("CIDLC_CACHE"); dir {
	case "off":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "cidlc")
	default:
		return dir
	}
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
func (c Cache) Key(inputs []byte, outs []outdir.Output) (Key, error) {
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
func (c Cache) stampPath(outs []outdir.Output) (string, error) {
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
// outs recorded, and whether the load's inputs the stamp records are as they were: it reads only the
// stamp and the metadata (or, where needed, the content) of the files it lists, so it can run while the
// IDL loads. Current then compares the stamp's key with the model's; CurrentUnloaded decides without
// a load.
func (c Cache) Lookup(outs []outdir.Output) *Lookup {
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
		l.stamp, l.ok, l.inputsOK = verifyStamp(path)
	}()
	return l
}

// Lookup is a stamp check under way.
type Lookup struct {
	done     chan struct{}
	stamp    *stamp
	ok       bool // the disk holds the outputs the stamp records
	inputsOK bool // and the load's inputs the stamp records, if it records them
}

// Current waits for the check and reports whether the outputs are current for key: whether Write would
// write and remove nothing and Check would find nothing stale. If so, it returns the report they would
// give: every file unchanged.
func (l *Lookup) Current(key Key) (outdir.Report, bool) {
	if l == nil {
		return outdir.Report{}, false
	}
	<-l.done
	if !l.ok || l.stamp.key != key {
		return outdir.Report{}, false
	}
	return l.report()
}

// CurrentUnloaded waits for the check and reports whether the outputs are current without loading the
// IDL directory idl with the package name name: the stamp's inputs (load.Inputs) are as recorded, and
// so are the go command and its environment, so a load would parse the very sources whose digest the
// stamp holds; and the key of that digest for outs is the stamp's. If so, it returns Current's report.
// c must be the cache that looked it up.
func (l *Lookup) CurrentUnloaded(c Cache, outs []outdir.Output, idl, name string) (outdir.Report, bool) {
	if l == nil {
		return outdir.Report{}, false
	}
	<-l.done
	if !l.ok || !l.inputsOK {
		return outdir.Report{}, false
	}
	if env, ok := environment(idl, name); !ok || env != l.stamp.in.env {
		return outdir.Report{}, false
	}
	if key, err := c.Key(l.stamp.in.sources, outs); err != nil || key != l.stamp.key {
		return outdir.Report{}, false
	}
	return l.report()
}

// report is the report of a current stamp: every file unchanged.
func (l *Lookup) report() (outdir.Report, bool) {
	cwd, err := os.Getwd()
	if err != nil {
		return outdir.Report{}, false
	}
	var r outdir.Report
	for _, e := range l.stamp.files {
		r.Unchanged = append(r.Unchanged, paths.RelSlash(cwd, e.abs))
	}
	return r, true
}

// Refresh rewrites the stamp that Current or CurrentUnloaded accepted if some of its files had to be
// checked by content, so that the next run can trust their metadata; and, when the run loaded its
// sources (src), if the stamp's inputs did not prove them current, so that the next run need not load.
// c must be the cache that looked it up.
func (l *Lookup) Refresh(c Cache, outs []outdir.Output, src *Sources) {
	if l == nil || !l.ok {
		return
	}
	in := l.stamp.in
	switch {
	case src != nil && !l.inputsOK:
		in = recordInputs(src)
	case !l.stamp.refresh:
		return
	}
	path, err := c.stampPath(outs)
	if err != nil {
		return
	}
	c.save(path, l.stamp.key, l.stamp.files, in) // save lstats every file again
}

// Sources are what a run loaded, for its stamp: the digest its key was made of (load.Loaded.Digest),
// what decides them besides their contents (load.Loaded.Inputs), and when the load began.
type Sources struct {
	Digest  []byte
	Inputs  *load.Inputs
	Started time.Time
}

// Record stamps the files of outs whose digests are digests (outdir.Staged.Digests, one list per output,
// the manifest first), which the disk now holds (after a Commit, or a Check that found nothing stale),
// under key, with what the run loaded (src, whose digest key was made of). Errors are ignored: without
// a stamp the next run is merely slower.
func (c Cache) Record(outs []outdir.Output, key Key, digests [][]outdir.Digest, src *Sources) {
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
	c.save(path, key, files, recordInputs(src))
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
