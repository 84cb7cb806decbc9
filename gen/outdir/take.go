package outdir

import (
	"crypto/sha256"
	"fmt"
	"github.com/cidlc/cidlc/gen"
)

// take takes one generated file: it checks its path, compares it with the disk, and stages it if it
// must be written. It is called from the backend's goroutines, several at a time.
func (so *stagedOut) take(f *gen.File) {
	so.mu.Lock()
	n := so.seen[f.Path]
	so.seen[f.Path] = n + 1
	so.mu.Unlock()
	if n > 0 {
		return // reported by finishFiles
	}
	if err := ValidatePath(f.Path); err != nil {
		so.genErr(fmt.Errorf("%q: %v", f.Path, err))
		return
	}
	if f.Path == ManifestName {
		so.genErr(fmt.Errorf("%s: the name of cidlc's manifest; a backend may not generate it", f.Path))
		return
	}
	st := &staged{rel: f.Path, abs: so.out.abs(f.Path)}
	st.show = so.show(st.abs)
	switch {
	case f.Content == nil && f.Write != nil:
		if so.broken() {
			break
		}
		if err := so.takeWritten(st, f); err != nil {
			so.genErr(fmt.Errorf("%s: %w", f.Path, err))
			return
		}
	default:
		st.noHeader = !hasHeader(f.Content)
		if so.digests {
			st.sum = sha256.Sum256(f.Content)
		}
		if !so.broken() {
			so.examine(st, f.Content)
		}
	}
	so.mu.Lock()
	so.files = append(so.files, st)
	so.mu.Unlock()
}

func (so *stagedOut) genErr(err error) {
	so.mu.Lock()
	so.genErrs = append(so.genErrs, fmt.Errorf("%s: backend %s: %w", so.dir, so.backend, err))
	so.mu.Unlock()
}
