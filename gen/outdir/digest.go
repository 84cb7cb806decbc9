package outdir

import (
	"cmp"
	"crypto/sha256"
	"slices"
)

// Digest is a file that an output directory holds after a run, by its path relative to the directory
// and the SHA-256 of its content: what the up-to-date cache records.
type Digest struct {
	Path string
	Sum  [sha256.Size]byte
}

// Digests returns, for each output in order, the digests of the files it holds once committed (or when
// Check finds nothing stale): its manifest first, then every generated file by path. Stage must have had
// StageOptions.Digests.
func (s *Staged) Digests() [][]Digest {
	all := make([][]Digest, len(s.outs))
	for i, so := range s.outs {
		ds := make([]Digest, 0, len(so.files)+1)
		ds = append(ds, Digest{ManifestName, so.msum})
		for _, f := range so.files {
			ds = append(ds, Digest{f.rel, f.sum})
		}
		all[i] = ds
	}
	return all
}

// DigestsOf returns the Digests of results generated beforehand, as Staged.Digests would.
func DigestsOf(results []Result) [][]Digest {
	all := make([][]Digest, len(results))
	for i, r := range results {
		files := make([]*staged, len(r.Files))
		ds := make([]Digest, 0, len(r.Files)+1)
		for j, f := range r.Files {
			files[j] = &staged{rel: f.Path, noHeader: !hasHeader(f.Content)}
			ds = append(ds, Digest{f.Path, sha256.Sum256(f.Content)})
		}
		slices.SortFunc(files, func(a, b *staged) int { return cmp.Compare(a.rel, b.rel) })
		slices.SortFunc(ds, func(a, b Digest) int { return cmp.Compare(a.Path, b.Path) })
		all[i] = append([]Digest{{ManifestName, sha256.Sum256(buildManifestOf(files))}}, ds...)
	}
	return all
}
