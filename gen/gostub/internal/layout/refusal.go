package layout

import (
	"fmt"
	"path"
	"runtime"
	"strconv"
	"strings"
)

// A Refusal says why Source did not lay a source out: where in the source it stopped, and which of its
// rules stopped there, the place to teach it the construct (docs/gostub.md, "Adding a construct").
type Refusal struct {
	// Line is the line of the source where the layout stopped, 1-based, a mark counting as one line;
	// 0 when it stopped before reading a token (an empty source, or one that is not Go).
	Line int
	// Text is that line without its leading and trailing blanks; for a mark, the first line of its group.
	Text string
	// Rule is where in this package the layout stopped: the function that refused and the one that
	// called it, with their files and lines.
	Rule string
}

func (r *Refusal) Error() string {
	if r.Line == 0 {
		return "package layout refused the source (" + r.Rule + ")"
	}
	return fmt.Sprintf("package layout refused line %d, %q (%s)", r.Line, r.Text, r.Rule)
}

// refusal describes the refusal u of the source p was laying out, from p's position in it. It copies
// what it keeps: the source is the caller's, and p is reused.
func (p *printer) refusal(u errUnsupported) *Refusal {
	r := &Refusal{Rule: rule(u)}
	if p.src == "" {
		return r
	}
	off := p.scanned // the start of the line the scanner refused, when it did
	if len(p.toks) > 0 {
		// At the end of the tokens, when a bracket is left open, the last token is where it stopped.
		t := &p.toks[min(p.i, len(p.toks)-1)]
		if t.kind == kEOF && len(p.toks) > 1 {
			t = &p.toks[len(p.toks)-2]
		}
		off = int(t.off)
	}
	start := strings.LastIndexByte(p.src[:off], '\n') + 1
	end := strings.IndexByte(p.src[off:], '\n')
	if end < 0 {
		end = len(p.src)
	} else {
		end += off
	}
	text := strings.TrimSpace(p.src[start:end])
	if digits, isMark := strings.CutPrefix(text, markPrefix); isMark {
		if n, err := strconv.Atoi(digits); err == nil {
			if from, to, ok := p.marks.span(n); ok {
				text, _, _ = strings.Cut(p.markText[from:to], "\n")
			}
		}
	}
	r.Line, r.Text = strings.Count(p.src[:start], "\n")+1, strings.Clone(text)
	return r
}

// rule names the two innermost functions of u's stack, in this package: "expect (layout.go:160) ←
// params (decl.go:412)".
func rule(u errUnsupported) string {
	frames := runtime.CallersFrames(u.pcs[:])
	var parts []string
	for {
		f, more := frames.Next()
		if f.Function != "" {
			// github.com/…/layout.(*printer).fieldList.func1 → fieldList.func1
			name := f.Function[strings.LastIndexByte(f.Function, '/')+1:]
			name = strings.TrimPrefix(name[strings.IndexByte(name, '.')+1:], "(*printer).")
			parts = append(parts, fmt.Sprintf("%s (%s:%d)", name, path.Base(f.File), f.Line))
		}
		if !more {
			break
		}
	}
	return strings.Join(parts, " ← ")
}
