package layout

import (
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unsafe"
)

// Source appends src laid out as go/format.Source would to dst and returns it; or dst and a *Refusal
// when src holds something this package does not lay out, or is not Go. marks are the comment groups
// that the marks in src stand for, nil if none: Source lays out what marks.Expand(src) is.
// A caller that hands the text on and is done with it before its next call passes the same dst again
// and allocates nothing; one that keeps the text passes nil and gets a copy of the size it needs.
func Source(dst, src []byte, marks *Comments) (out []byte, err error) {
	p := printers.Get().(*printer)
	defer p.reset()
	defer func() {
		if r := recover(); r != nil {
			u, is := r.(errUnsupported)
			if !is {
				panic(r)
			}
			out, err = dst, p.refusal(u)
		}
	}()
	if len(src) > math.MaxInt32 || len(src) == 0 {
		unsupported() // offsets are int32; an empty source is not Go
	}
	// The source is read, never kept: the tokens hold offsets into it, the output is a copy, and reset
	// drops it. A string over the caller's bytes spares a copy of every file.
	p.src = unsafe.String(&src[0], len(src))
	if marks != nil && len(marks.text) > 0 {
		p.marks, p.markText = marks, unsafe.String(&marks.text[0], len(marks.text))
	}
	p.toks = scan(p.src, p.toks[:0], &p.scanned)
	p.w.out = slices.Grow(p.w.out[:0], len(src)+len(src)/4)
	p.matchBrackets()
	p.file()
	// The printer's buffer is kept for the next file: the caller gets a copy in its own.
	return append(dst, p.w.out...), nil
}

// printers keeps printers between calls, for their buffers.
var printers = sync.Pool{New: func() any { return new(printer) }}

// reset returns p to printers, keeping its buffers and nothing of the source.
func (p *printer) reset() {
	*p = printer{toks: p.toks[:0], match: p.match[:0], open: p.open[:0], spare: p.spare[:0],
		w: writer{out: p.w.out[:0], lines: p.w.lines[:0], cells: p.w.cells[:0], text: p.w.text[:0], widths: p.w.widths[:0]}}
	printers.Put(p)
}

// errUnsupported is the panic that abandons a layout: where unsupported was called, for the Refusal.
type errUnsupported struct {
	pcs [2]uintptr
}

// unsupported abandons the layout: the source holds what this package has no rule for.
func unsupported() {
	var u errUnsupported
	runtime.Callers(2, u.pcs[:])
	panic(u)
}

// printer reads the tokens and writes them through its writer. Its rules follow go/printer's, which
// decides line breaks by the source's lines: here, the lines jennifer wrote the tokens on.
type printer struct {
	src   string
	marks *Comments // the groups that marks in src stand for
	// markText is marks.text, as src is read.
	markText string
	toks     []tok
	i        int    // the next token
	match    []int  // the index of the bracket that closes or opens toks[i]
	open     []int  // matchBrackets' stack
	spare    []item // where items and listItems keep the lists they return, for the whole file
	w        writer

	scanned int   // where the line the scanner is at starts, for a Refusal
	srcLine int32 // the source line gofmt's printer would be at: its p.pos.Line
	noLit   int   // > 0 in the header of an if or switch, where { starts the block
}

// matchBrackets pairs every bracket with its partner, so that lists can be measured before they are
// printed. Unbalanced brackets are not Go.
func (p *printer) matchBrackets() {
	p.match = slices.Grow(p.match[:0], len(p.toks))[:len(p.toks)]
	open := p.open[:0]
	for i := range p.toks {
		t := &p.toks[i]
		if t.kind != kOp || t.end-t.off != 1 {
			continue
		}
		switch c := p.src[t.off]; c {
		case '(', '[', '{':
			open = append(open, i)
		case ')', ']', '}':
			if len(open) == 0 {
				p.i = i // where the Refusal points
				unsupported()
			}
			o := open[len(open)-1]
			open = open[:len(open)-1]
			if o := p.src[p.toks[o].off]; o == '(' && c != ')' || o == '[' && c != ']' || o == '{' && c != '}' {
				p.i = i
				unsupported()
			}
			p.match[o], p.match[i] = i, o
		}
	}
	p.open = open
	if len(open) > 0 {
		p.i = open[len(open)-1]
		unsupported()
	}
}

// text is the text of t, a token of the source.
func (p *printer) text(t *tok) string { return p.src[t.off:t.end] }

func isOpenBracket(s string) bool { return s == "(" || s == "[" || s == "{" }

// cur is the next token; is reports whether it is the operator or keyword s.
func (p *printer) cur() *tok { return &p.toks[p.i] }
func (p *printer) is(s string) bool {
	t := p.cur()
	return t.kind != kString && t.kind != kComment && p.text(t) == s
}
func (p *printer) isAt(i int, s string) bool {
	t := &p.toks[i]
	return t.kind != kString && t.kind != kComment && p.text(t) == s
}

// emit writes the next token. A token on a later source line than the printer is at would have gofmt
// keep that line break: a layout this package does not know.
func (p *printer) emit() *tok {
	t := p.cur()
	if t.kind == kEOF || t.kind == kComment {
		unsupported()
	}
	if t.line > p.srcLine {
		unsupported()
	}
	p.w.str(p.text(t))
	p.srcLine = t.line
	p.i++
	return t
}

// drop skips the next token, which must be s, one that gofmt drops: the parentheses of a single result,
// a trailing comma on one line. Code tokens are passed by emit or drop alone, comments by the functions
// that write them, so that the output holds the source's tokens in their order, these aside.
func (p *printer) drop(s string) {
	if !p.is(s) {
		unsupported()
	}
	p.i++
}

// expect emits the next token, which must be s.
func (p *printer) expect(s string) {
	if !p.is(s) {
		unsupported()
	}
	p.emit()
}

// ident emits the next token, which must be an identifier.
func (p *printer) ident() {
	if p.cur().kind != kIdent {
		unsupported()
	}
	p.emit()
}

// linebreak is go/printer's: it writes as many line breaks as the source has before line, at least
// least and at most two, the first one a formfeed for a new section. indent is applied before them.
func (p *printer) linebreak(line int32, least int, indent *bool, newSection bool) int {
	n := max(min(int(line-p.srcLine), 2), least)
	if n <= 0 {
		return 0
	}
	if indent != nil && *indent {
		p.w.indent++
		*indent = false
	}
	if n > 1 && p.w.indent > 0 {
		unsupported() // a blank line inside a declaration
	}
	p.srcLine += int32(n)
	nbreaks := 0
	if newSection {
		p.w.formfeed()
		n--
		nbreaks = 2
	}
	nbreaks += n
	for ; n > 0; n-- {
		p.w.newline()
	}
	return nbreaks
}

// file lays out a whole file: go/printer's file and declList.
func (p *printer) file() {
	p.fileComments()
	p.expect("package")
	p.w.blank()
	p.ident()
	if p.cur().kind != kEOF && p.cur().line == p.srcLine {
		unsupported() // a declaration on the package clause's line
	}
	prev := ""
	for p.cur().kind != kEOF {
		p.topDecl(&prev)
	}
	p.w.formfeed()
}

// fileComments writes the comments before the package clause: the header, and the package's doc
// comment, which gofmt reformats as a doc comment.
func (p *printer) fileComments() {
	first := true
	for p.cur().kind == kComment {
		start := p.i
		for p.i+1 < len(p.toks) && p.toks[p.i+1].kind == kComment && p.toks[p.i+1].line == p.toks[p.i].line+1 {
			p.i++
		}
		p.i++
		group := p.toks[start:p.i]
		if !first {
			p.breakBefore(group[0].line)
		}
		first = false
		next := p.cur()
		if group[0].col == 0 && next.col == 0 && next.line == group[len(group)-1].line+1 {
			p.docComment(group)
		} else {
			p.comments(group)
		}
		p.srcLine = group[len(group)-1].line
	}
	if !first {
		p.breakBefore(p.cur().line)
	}
	p.srcLine = p.cur().line
}

// breakBefore writes the line breaks that gofmt keeps from the source before line: one, or two for a
// blank line.
func (p *printer) breakBefore(line int32) {
	n := min(int(line-p.srcLine), 2)
	if n < 1 {
		unsupported()
	}
	for range n {
		p.w.newline()
	}
}

// comments writes a group of whole-line comments, each on its line, as gofmt writes them: without
// trailing white space. A mark (Comments) is written as the lines of its group.
func (p *printer) comments(group []tok) {
	first := true
	line := func(text string) {
		if !first {
			p.w.formfeed()
		}
		first = false
		p.comment(text)
	}
	for _, c := range group {
		text := p.text(&c)
		lines, marked := p.marked(text)
		if !marked {
			line(text)
			continue
		}
		for lines != "" {
			var l string
			l, lines, _ = strings.Cut(lines, "\n")
			line(l)
		}
	}
}

// comment writes one // comment. Those that gofmt treats specially (line directives, build
// constraints) are not laid out here.
func (p *printer) comment(text string) {
	if !strings.HasPrefix(text, "//") || strings.HasPrefix(text, "//line ") || strings.HasPrefix(text, "//go:build") ||
		strings.HasPrefix(strings.TrimLeft(text[2:], " \t"), "+build") {
		unsupported()
	}
	p.w.str(strings.TrimRightFunc(text, unicode.IsSpace))
}

// docComments consumes the comments before a declaration, field or method: a group of whole-line
// comments on the lines just above the next token, or none. Comments anywhere else are not laid out.
func (p *printer) docComments() []tok {
	start := p.i
	for p.cur().kind == kComment {
		p.i++
	}
	group := p.toks[start:p.i]
	if len(group) > 0 && start > 0 && p.toks[start-1].line == group[0].line {
		unsupported() // a comment after code on its line
	}
	for i := range group {
		next := p.toks[start+i+1]
		if next.line != group[i].line+1 {
			unsupported()
		}
	}
	if len(group) > 0 && group[0].col == 0 && p.cur().col == 0 {
		unsupported() // gofmt would reformat it as a top-level doc comment
	}
	return group
}

// exprList is go/printer's exprList for a list of expressions between the source lines prevLine and
// nextLine (-1 when the list has no such bound, as in an assignment): on one line if the source has it
// on one line, else with the source's line breaks, the elements indented from the first break on, and
// the keys of key: value elements in a column. items are the elements' token ranges; lit says that they
// are the elements of a composite literal.
func (p *printer) exprList(prevLine int32, items []item, commaTerm bool, nextLine int32, lit bool) {
	if len(items) == 0 {
		return
	}
	line := p.toks[items[0].from].line
	endLine := p.toks[items[len(items)-1].to-1].line
	if prevLine >= 0 && prevLine == line && line == endLine {
		for i, it := range items {
			if i > 0 {
				p.expect(",")
				p.w.blank()
			}
			p.element(it, false, lit)
		}
		return
	}
	indent := true
	prevBreak := -1
	if prevLine >= 0 && prevLine < line && p.linebreak(line, 0, &indent, true) > 0 {
		prevBreak = 0
	}
	sizesKnown := prevLine >= 0 && nextLine >= 0
	size := 0
	lnsum := 0.0
	count := 0
	prev := prevLine
	for i, it := range items {
		line = p.toks[it.from].line
		useFF := true
		prevSize := size
		size = 0
		if sizesKnown && line == p.toks[it.to-1].line {
			// Single-line elements are measured by their key, when they are key: value. The size of
			// other elements only chooses between a newline and a formfeed between lines without
			// aligned cells, which write the same.
			size = 1
			if it.pair {
				size = int(p.toks[it.from].end - p.toks[it.from].off)
			}
		}
		if prevSize > 0 && size > 0 {
			const smallSize = 40
			if count == 0 || prevSize <= smallSize && size <= smallSize {
				useFF = false
			} else {
				const r = 2.5
				geomean := math.Exp(lnsum / float64(count))
				ratio := float64(size) / geomean
				useFF = r*ratio <= 1 || r <= ratio
			}
		}
		needsLinebreak := prev >= 0 && prev < line
		if i > 0 {
			p.expect(",")
			needsBlank := true
			if needsLinebreak {
				nbreaks := p.linebreak(line, 0, &indent, useFF || prevBreak+1 < i)
				if nbreaks > 0 {
					prevBreak = i
					needsBlank = false
				}
				if nbreaks > 1 {
					lnsum, count = 0, 0
				}
			}
			if needsBlank {
				p.w.blank()
			}
		}
		p.element(it, len(items) > 1 && it.pair && size > 0 && needsLinebreak, lit)
		if size > 0 {
			lnsum += math.Log(float64(size))
			count++
		}
		prev = p.toks[it.to-1].line
	}
	if commaTerm && nextLine >= 0 && p.srcLine < nextLine {
		p.expect(",")
		if !indent {
			p.w.indent--
		}
		p.w.formfeed()
		p.srcLine++
		return
	}
	if !indent {
		p.w.indent--
	}
}

// item is an element of a list: its tokens, and whether it is key: value with a one-token key.
type item struct {
	from, to int
	pair     bool
}

// items splits the tokens between the brackets open and close into the elements of a list.
func (p *printer) items(open, close int) []item {
	base := len(p.spare)
	from := open + 1
	for i := from; i <= close; i++ {
		t := &p.toks[i]
		if t.kind == kOp {
			switch p.text(t) {
			case "(", "[", "{":
				if i != close {
					i = p.match[i]
					continue
				}
			}
		}
		if i == close || p.isAt(i, ",") {
			if i == from {
				if i == close {
					break // no element, or a trailing comma
				}
				unsupported()
			}
			p.spare = append(p.spare, item{from: from, to: i, pair: i-from >= 3 && p.isAt(from+1, ":")})
			from = i + 1
		}
	}
	return p.spare[base:len(p.spare):len(p.spare)]
}

// element prints one element of a list; aligned says that its key is a cell, lit that it is an element
// of a composite literal, whose value may be a composite literal without its type.
func (p *printer) element(it item, aligned, lit bool) {
	if p.i != it.from {
		unsupported()
	}
	if it.pair {
		if k := p.cur().kind; k != kIdent && k != kNumber && k != kString {
			unsupported() // a keyword or an operator as the key
		}
		p.emit()
		p.expect(":")
		if aligned {
			p.w.vtab()
		} else {
			p.w.blank()
		}
	}
	if lit && p.is("{") {
		p.compositeLit()
	} else {
		p.expr()
	}
	if p.i != it.to {
		unsupported()
	}
}
