package outdir

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cidlc/cidlc/internal/base/disk"
)

// planRemovals plans the removal of the files in the manifest on disk that are no longer generated, and
// of the directories that this empties. A listed file that is gone, or that is no longer cidlc's, is left
// alone without complaint: it is its author's now.
func (so *stagedOut) planRemovals() {
	generated := make(map[string]bool, len(so.files))
	for _, f := range so.files {
		generated[f.rel] = true
		for dir := parentDir(f.rel); dir != "" && !generated[dir]; dir = parentDir(dir) {
			generated[dir] = true
		}
	}
	prune := make(map[string]bool)
	for _, rel := range slices.Sorted(maps.Keys(so.owned)) {
		if generated[rel] {
			continue
		}
		if e := so.out.dir(parentDir(rel)); e.problem != nil || e.state == dirMissing {
			continue
		}
		abs := so.out.abs(rel)
		have, mode, err := disk.ReadFile(abs)
		if err != nil || !so.owned.owns(rel, have) {
			continue
		}
		st := &staged{rel: rel, abs: abs, show: so.show(abs), have: have}
		switch e := so.out.dir(parentDir(rel)); {
		case writeProtected(mode):
			so.problem(rel, fmt.Errorf("%s: %w", st.show, errProtectedFile))
			continue
		case e.protected != "":
			so.dirProblem(e.protected, errProtectedDir)
			continue
		}
		so.removes = append(so.removes, st)
		// A directory that holds a generated file stays, and so do its parents; a link is not ours, and
		// neither is a directory that a write-protected one holds.
		for dir := parentDir(rel); dir != "" && !generated[dir] && so.out.dir(dir).state == dirPresent && so.out.dir(parentDir(dir)).protected == ""; dir = parentDir(dir) {
			prune[dir] = true
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(prune)) {
		so.prune = append(so.prune, so.out.abs(dir))
	}
	// Children first: a directory can only go once its subdirectories have.
	slices.SortStableFunc(so.prune, func(a, b string) int {
		return strings.Count(b, string(filepath.Separator)) - strings.Count(a, string(filepath.Separator))
	})
}
