package textdiff_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/gen/textdiff"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// lines returns "1\n2\n…n\n".
func lines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d\n", i)
	}
	return b.String()
}

// cases have one obvious line matching, so that any correct diff algorithm gives GNU diff's output.
var cases = []struct{ name, from, to string }{
	{"one line changed", "a\nb\nc\n", "a\nB\nc\n"},
	{"added at end", "a\nb\n", "a\nb\nc\n"},
	{"removed at start", "a\nb\nc\n", "b\nc\n"},
	{"from empty", "", "a\nb\n"},
	{"to empty", "a\nb\n", ""},
	{"newline added at end", "a\nb", "a\nb\n"},
	{"newline removed at end", "a\nb\n", "a\nb"},
	{"no newline either side", "a\nb", "a\nc"},
	{"no newline in context", "a\nb\nc\nd\ne", "A\nb\nc\nd\ne"},
	{"context merges at six lines", lines(20), strings.Replace(strings.Replace(lines(20), "5\n", "five\n", 1), "12\n", "twelve\n", 1)},
	{"context splits at seven lines", lines(20), strings.Replace(strings.Replace(lines(20), "5\n", "five\n", 1), "13\n", "thirteen\n", 1)},
	{"change in long file", lines(100), strings.Replace(lines(100), "50\n", "fifty\n", 1)},
	{"insertion in the middle", lines(10), strings.Replace(lines(10), "5\n", "5\nx\ny\n", 1)},
	{"deletion in the middle", lines(10), strings.Replace(lines(10), "4\n5\n6\n", "", 1)},
	{"crlf", "a\r\nb\r\n", "a\r\nc\r\n"},
}

func TestUnifiedMatchesGNUDiff(t *testing.T) {
	if _, err := exec.LookPath("diff"); err != nil {
		t.Skip("no diff binary")
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			from, to := filepath.Join(dir, "from"), filepath.Join(dir, "to")
			testsupport.WriteFile(t, from, c.from)
			testsupport.WriteFile(t, to, c.to)
			want, err := exec.Command("diff", "-u", "--label", "x/f.go", "--label", "y/f.go", from, to).Output()
			var exit *exec.ExitError
			if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
				t.Fatal(err)
			}
			got := textdiff.Unified("x/f.go", "y/f.go", []byte(c.from), []byte(c.to))
			if !bytes.Equal(got, want) {
				t.Errorf("got:\n%s\nGNU diff:\n%s", got, want)
			}
		})
	}
}

func TestUnifiedEqual(t *testing.T) {
	if d := textdiff.Unified("a", "b", []byte("x\n"), []byte("x\n")); d != nil {
		t.Errorf("equal texts gave %q", d)
	}
	if d := textdiff.Unified("a", "b", nil, []byte{}); d != nil {
		t.Errorf("missing and empty gave %q", d)
	}
}

// TestUnifiedAppliesWithPatch checks, on random edits of random texts, that GNU patch turns from into
// to with the diff, and back with -R. The line matching may differ from GNU diff's there; the result may not.
func TestUnifiedAppliesWithPatch(t *testing.T) {
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("no patch binary")
	}
	dir := t.TempDir()
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		from := randomText(rnd)
		to := mutate(rnd, from)
		d := textdiff.Unified("f", "f", []byte(from), []byte(to))
		testsupport.WriteFile(t, filepath.Join(dir, "f"), from)
		if out, err := runPatch(dir, d); err != nil {
			t.Fatalf("case %d: patch: %v\n%s\ndiff:\n%s", i, err, out, d)
		}
		if got := testsupport.ReadFile(t, filepath.Join(dir, "f")); got != to {
			t.Fatalf("case %d: patch gave %q, want %q\ndiff:\n%s", i, got, to, d)
		}
		if out, err := runPatch(dir, d, "-R"); err != nil {
			t.Fatalf("case %d: patch -R: %v\n%s", i, err, out)
		}
		if got := testsupport.ReadFile(t, filepath.Join(dir, "f")); got != from {
			t.Fatalf("case %d: patch -R gave %q, want %q", i, got, from)
		}
	}
}

func randomText(rnd *rand.Rand) string {
	var b strings.Builder
	for range rnd.IntN(30) {
		// Few distinct lines, so that matching is ambiguous and the hunks are worth testing.
		fmt.Fprintf(&b, "line %d\n", rnd.IntN(5))
	}
	s := b.String()
	if s != "" && rnd.IntN(4) == 0 {
		s = strings.TrimSuffix(s, "\n")
	}
	return s
}

func mutate(rnd *rand.Rand, s string) string {
	ls := strings.SplitAfter(s, "\n")
	if ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	for range 1 + rnd.IntN(4) {
		i := rnd.IntN(len(ls) + 1)
		switch rnd.IntN(3) {
		case 0:
			ls = append(ls[:i], append([]string{fmt.Sprintf("new %d\n", rnd.IntN(3))}, ls[i:]...)...)
		case 1:
			if i < len(ls) {
				ls = append(ls[:i], ls[i+1:]...)
			}
		case 2:
			if i < len(ls) {
				ls[i] = "changed\n"
			}
		}
	}
	out := strings.Join(ls, "")
	if rnd.IntN(5) == 0 {
		out = strings.TrimSuffix(out, "\n")
	}
	return out
}

func runPatch(dir string, diff []byte, args ...string) ([]byte, error) {
	cmd := exec.Command("patch", append([]string{"-p0", "--batch", "--no-backup-if-mismatch", "--quiet"}, args...)...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(diff)
	return cmd.CombinedOutput()
}
