package layout

import (
	"bytes"
	"strconv"
	"strings"
)

// Comments are comment groups kept beside a source instead of in it: the source holds a mark where
// each group goes, and Source writes the group there. A mark is a line comment of its own,
// "//\x00" and the group's number, which no Go source holds (the Go scanner rejects a NUL byte
// anywhere, comments included), so that a mark cannot be mistaken for text.
//
// Marks spare copies, not work: the doc comments of a stub are two fifths of its bytes, and jennifer,
// which renders the rest of the stub, would copy every byte of them several times (into a string
// for its node, into a []byte for each token it writes, into a buffer that grows by doubling, and
// into a second buffer after the imports), where a mark costs it a few bytes. The zero value holds
// no group.
type Comments struct {
	text []byte // the groups' lines, one group after the other
	ends []int  // where each group ends in text
}

// markPrefix starts a mark: a comment whose text starts with a NUL byte.
const markPrefix = "//\x00"

// Add adds the comment group lines and appends its mark to src. lines are whole-line comments, each
// starting with //, separated by line breaks; Add copies them.
func (cs *Comments) Add(src, lines []byte) []byte {
	cs.text = append(cs.text, lines...)
	cs.ends = append(cs.ends, len(cs.text))
	src = append(src, markPrefix...)
	return strconv.AppendInt(src, int64(len(cs.ends)-1), 10)
}

// Reset forgets every group, keeping the memory for the next source.
func (cs *Comments) Reset() {
	cs.text, cs.ends = cs.text[:0], cs.ends[:0]
}

// span returns where the lines of group n are in cs.text, and false for a number of no group of cs.
func (cs *Comments) span(n int) (start, end int, ok bool) {
	if cs == nil || n < 0 || n >= len(cs.ends) {
		return 0, 0, false
	}
	if n > 0 {
		start = cs.ends[n-1]
	}
	return start, cs.ends[n], true
}

// marked returns the lines of the group that the comment text marks, and whether text is a mark. A
// mark of no group is not laid out, nor a group with a character that a comment in the source may not
// hold (char).
func (p *printer) marked(text string) (string, bool) {
	digits, isMark := strings.CutPrefix(text, markPrefix)
	if !isMark {
		return "", false
	}
	// Digits alone, as Expand reads them: Atoi would take a sign too.
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			unsupported()
		}
	}
	n, err := strconv.Atoi(digits)
	start, end, ok := p.marks.span(n)
	if err != nil || !ok {
		unsupported()
	}
	lines := p.markText[start:end]
	checkLines(lines)
	return lines, true
}

// checkLines refuses comment lines, separated by line breaks, that hold a character char refuses. The
// lines are two fifths of a stub's bytes: it passes eight printable ASCII characters at a time.
func checkLines(s string) {
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
				uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
			// A byte below ' ' sets its high bit in x-0x20…, one from utf8.RuneSelf on in x: then the
			// eight are read one by one.
			if (x-0x2020202020202020|x)&0x8080808080808080 == 0 {
				i += 8
				continue
			}
		}
		if s[i] == '\n' {
			i++
		} else {
			i += char(s, i)
		}
	}
}

// Expand returns src with every mark replaced by its group: the source the marks stand for, which
// go/format reads when Source does not lay it out, and which a generator shows in an error.
func (cs *Comments) Expand(src []byte) []byte {
	var out []byte
	for {
		i := bytes.Index(src, []byte(markPrefix))
		if i < 0 {
			return append(out, src...)
		}
		out = append(out, src[:i]...)
		end := i + len(markPrefix)
		for end < len(src) && '0' <= src[end] && src[end] <= '9' {
			end++
		}
		n, err := strconv.Atoi(string(src[i+len(markPrefix) : end]))
		if from, to, ok := cs.span(n); err == nil && ok {
			out = append(out, cs.text[from:to]...)
		} else {
			out = append(out, src[i:end]...) // not a mark of cs: left as it is
		}
		src = src[end:]
	}
}
