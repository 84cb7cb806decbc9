package outdir

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"github.com/cidlc/cidlc/gen"
	"os"
	"strings"
)

// ManifestName is the name of the manifest that Write keeps at the top of each output directory: the list
// of files cidlc generated there. See the package doc, "Ownership".
const ManifestName = ".cidlc-owned"

// noHeaderMark follows a manifest entry whose file does not start with gen.Header.
const noHeaderMark = " (no header)"

// manifestIntro follows the header: the manifest explains itself to whoever finds it in a review.
const manifestIntro = `// The files cidlc generated in this directory, so that it can delete those it no longer generates.
// cidlc owns the files that start with the line above and those marked "(no header)"; no other file.
`

// hasHeader reports whether content's first line is gen.Header: the mark of a file cidlc owns. A CRLF line
// end counts too, so that a checkout with core.autocrlf does not disown every file.
func hasHeader(content []byte) bool {
	rest, ok := bytes.CutPrefix(content, []byte(gen.Header))
	return ok && (len(rest) == 0 || rest[0] == '\n' || bytes.HasPrefix(rest, []byte("\r\n")))
}

// manifest is a parsed manifest: every listed path, and whether it is listed as having no header.
type manifest map[string]bool

// owns reports whether cidlc owns the existing file rel with the given content.
func (m manifest) owns(rel string, content []byte) bool {
	return hasHeader(content) || m[rel]
}

// buildManifestOf returns the manifest of a file set sorted by path.
func buildManifestOf(files []*staged) []byte {
	var b bytes.Buffer
	b.WriteString(gen.Header + "\n" + manifestIntro)
	for _, f := range files {
		b.WriteString(f.rel)
		if f.noHeader {
			b.WriteString(noHeaderMark)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// parseManifest reads a manifest written by buildManifest. Every path must be one a backend could have
// generated: a manifest edited to name "../x" must not make cidlc delete it.
func parseManifest(content []byte) (manifest, error) {
	m := make(manifest)
	sc := bufio.NewScanner(bytes.NewReader(content))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		rel, bare := strings.CutSuffix(line, noHeaderMark)
		if err := ValidatePath(rel); err != nil {
			return nil, fmt.Errorf("line %d: %q: %w", n, rel, err)
		}
		m[rel] = bare
	}
	return m, sc.Err()
}

// planManifest decides whether the manifest must be written: it lists every generated file.
func (so *stagedOut) planManifest() {
	want := buildManifestOf(so.files)
	if so.digests {
		so.msum = sha256.Sum256(want)
	}
	if bytes.Equal(want, so.mhave) {
		return
	}
	st := &staged{rel: ManifestName, abs: so.out.abs(ManifestName), have: so.mhave}
	st.show = so.show(st.abs)
	e := so.out.dir("")
	if so.mhave != nil {
		if fi, err := os.Lstat(st.abs); err == nil && writeProtected(fi.Mode()) {
			so.problem(ManifestName, fmt.Errorf("%s: %w", st.show, errProtectedFile))
			return
		}
	}
	if e.protected != "" {
		so.dirProblem(e.protected, errProtectedDir)
		return
	}
	st.want = want
	so.manifest = st
}
