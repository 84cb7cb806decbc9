// Package textdiff writes the difference between two texts as a unified diff, the format of `diff -u`
// that patch and git apply read, for cidlc's check mode and its golden tests.
//
// The line matching comes from github.com/sergi/go-diff; this package only groups it into hunks. Whether
// two texts differ is decided on their bytes, never on the diff.
package textdiff

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// context is the number of unchanged lines shown around each change, as diff -u shows.
const context = 3

// Unified returns a unified diff that turns from into to, or nil if the two are equal. The headers name
// the two sides fromName and toName, without timestamps; name a missing side "/dev/null". Like GNU diff,
// it shows three lines of context, joins changes that are at most six lines apart into one hunk, and marks
// a last line without a newline with `\ No newline at end of file`. (So an empty text and a missing one are
// equal here: a unified diff cannot tell them apart.)
func Unified(fromName, toName string, from, to []byte) []byte {
	if bytes.Equal(from, to) {
		return nil
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", fromName, toName)
	edits := lineEdits(string(from), string(to))
	var fromLine, toLine int // lines of each side before edits[done]
	for done := 0; ; {
		start, end, ok := nextHunk(edits, done)
		if !ok {
			break
		}
		fromSkipped, toSkipped := count(edits[done:start])
		fromLine, toLine = fromLine+fromSkipped, toLine+toSkipped
		fromCount, toCount := count(edits[start:end])
		fmt.Fprintf(&b, "@@ -%s +%s @@\n", lineRange(fromLine, fromCount), lineRange(toLine, toCount))
		for _, e := range edits[start:end] {
			b.WriteByte(e.op)
			b.WriteString(e.line)
			if !strings.HasSuffix(e.line, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
		fromLine, toLine, done = fromLine+fromCount, toLine+toCount, end
	}
	return b.Bytes()
}

// An edit is one line of a unified diff: the line kept (' '), removed ('-') or added ('+'), with its
// newline if it has one.
type edit struct {
	op   byte
	line string
}

// lineEdits returns the line edits that turn from into to, each run of changed lines with its removals
// before its additions, as diff -u prints them.
func lineEdits(from, to string) []edit {
	dmp := diffmatchpatch.New()
	// No time limit: a diff that depends on the machine's speed would make check output change between runs.
	dmp.DiffTimeout = 0
	fromChars, toChars, lines := dmp.DiffLinesToChars(from, to)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(fromChars, toChars, false), lines)

	var edits, added []edit
	for _, d := range diffs {
		for _, line := range splitLines(d.Text) {
			switch d.Type {
			case diffmatchpatch.DiffDelete:
				edits = append(edits, edit{'-', line})
			case diffmatchpatch.DiffInsert:
				added = append(added, edit{'+', line})
			case diffmatchpatch.DiffEqual:
				edits = append(append(edits, added...), edit{' ', line})
				added = added[:0]
			}
		}
	}
	return append(edits, added...)
}

// splitLines splits s after each newline; the last line may have none.
func splitLines(s string) []string {
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		lines = append(lines, s[:i])
		s = s[i:]
	}
	return lines
}

// nextHunk returns the bounds of the hunk around the first change at or after edits[from], if there is one.
func nextHunk(edits []edit, from int) (start, end int, ok bool) {
	first := from
	for first < len(edits) && edits[first].op == ' ' {
		first++
	}
	if first == len(edits) {
		return 0, 0, false
	}
	// The hunk goes on while the next change is close enough for the context of both to meet.
	last := first
	for i := first + 1; i < len(edits); i++ {
		if edits[i].op == ' ' {
			continue
		}
		if i-last-1 > 2*context {
			break
		}
		last = i
	}
	return max(from, first-context), min(len(edits), last+1+context), true
}

// count returns the number of lines of each side in edits.
func count(edits []edit) (from, to int) {
	for _, e := range edits {
		if e.op != '+' {
			from++
		}
		if e.op != '-' {
			to++
		}
	}
	return from, to
}

// lineRange formats one side of a hunk header as diff -u does: the first line and the count, the count
// left out when it is 1, and for an empty range the line before it.
func lineRange(before, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", before)
	case 1:
		return fmt.Sprint(before + 1)
	}
	return fmt.Sprintf("%d,%d", before+1, count)
}
