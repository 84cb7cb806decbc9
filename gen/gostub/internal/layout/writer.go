package layout

import "unicode/utf8"

// writer is the last stage of gofmt's printer, the text/tabwriter that aligns columns, for the lines
// this package writes. A line is its indentation, its aligned cells (text gofmt ends with a vertical
// tab: a struct field's name, a key of a multi-line composite literal, a constant's name and type),
// and its trailing text. Lines are buffered until a section ends, as the tabwriter buffers them until
// a formfeed or a line without any tab; then the widths of the columns are worked out as the tabwriter
// does (writeSection), or, in the usual section without aligned cells, each indentation level is one tab.
type writer struct {
	out []byte

	indent int // indentation of the lines begun from now on
	ended  int // lines ended so far

	// The section: lines, and their texts and cells in shared buffers.
	lines   []line
	cells   []span // cells of every line of the section
	text    []byte // texts of every line of the section
	aligned bool   // some line of the section has an aligned cell
	widths  []int  // writeSection's stack of column widths

	// The current line.
	started   bool // some text or cell was written on it
	lineStart int  // where its text starts in text
	cellStart int  // where its cells start in cells
	lineInd   int  // its indentation
	cellText  int  // where the text of its current cell starts
}

type span struct{ from, to, width int }

type line struct {
	indent int
	cells  []span // aligned cells
	tail   span   // trailing text
}

// begin starts the current line if nothing was written on it yet: it takes the current indentation.
func (w *writer) begin() {
	if !w.started {
		w.started = true
		w.lineInd = w.indent
		w.lineStart = len(w.text)
		w.cellStart = len(w.cells)
		w.cellText = len(w.text)
	}
}

// str writes text, which holds no tab or newline.
func (w *writer) str(s string) {
	w.begin()
	put(&w.text, s)
}

func (w *writer) blank() {
	w.begin()
	putByte(&w.text, ' ')
}

// width is the width in bytes of what the current line holds so far, without its indentation.
func (w *writer) width() int {
	if !w.started {
		return 0
	}
	return len(w.text) - w.lineStart
}

// vtab ends the current cell: gofmt's vertical tab, which aligns what follows with the lines around.
func (w *writer) vtab() {
	w.begin()
	cell := w.text[w.cellText:]
	w.cells = append(w.cells, span{from: w.cellText, to: len(w.text), width: utf8.RuneCount(cell)})
	w.cellText = len(w.text)
	w.aligned = true
}

// newline ends the current line. A line without indentation and without cells ends the section, as
// the tabwriter flushes after a line with no tab.
func (w *writer) newline() {
	w.begin()
	// Trailing blanks are dropped, as gofmt's trimmer drops them.
	end := len(w.text)
	for end > w.cellText && (w.text[end-1] == ' ' || w.text[end-1] == '\t') {
		end--
	}
	w.lines = append(w.lines, line{
		indent: w.lineInd,
		cells:  w.cells[w.cellStart:len(w.cells):len(w.cells)],
		tail:   span{from: w.cellText, to: end},
	})
	w.started = false
	w.ended++
	if w.lineInd == 0 && len(w.cells) == w.cellStart {
		w.flush()
	}
}

// formfeed ends the current line and the section.
func (w *writer) formfeed() {
	w.newline()
	w.flush()
}

// flush writes the section.
func (w *writer) flush() {
	if len(w.lines) == 0 {
		return
	}
	if !w.aligned {
		for _, l := range w.lines {
			for range l.indent {
				putByte(&w.out, '\t')
			}
			put(&w.out, w.text[l.tail.from:l.tail.to])
			w.endLine()
		}
	} else {
		w.widths = w.writeSection(0, len(w.lines), w.widths[:0])
	}
	w.lines, w.cells, w.text, w.aligned = w.lines[:0], w.cells[:0], w.text[:0], false
}

// A line's cells as the tabwriter sees them: its indentation (empty cells ended by a tab), then its
// aligned cells. cell returns the j-th, and whether it is an indentation cell.
func (l *line) ncells() int { return l.indent + len(l.cells) }

func (l *line) cell(j int) (s span, indentation bool) {
	if j < l.indent {
		return span{}, true
	}
	return l.cells[j-l.indent], false
}

// writeSection is text/tabwriter's format with gofmt's settings (minwidth 0, tabwidth 8, padding 1,
// padded with blanks, DiscardEmptyColumns, TabIndent): lines with a cell in a column form a block whose
// cells are padded to the widest, plus one.
func (w *writer) writeSection(line0, line1 int, widths []int) []int {
	column := len(widths)
	for this := line0; this < line1; this++ {
		if column >= w.lines[this].ncells() {
			continue
		}
		w.writeLines(line0, this, widths)
		line0 = this
		width := 0
		discardable := true
		for ; this < line1; this++ {
			l := &w.lines[this]
			if column >= l.ncells() {
				break
			}
			c, indentation := l.cell(column)
			if c.width+1 > width {
				width = c.width + 1
			}
			if c.width > 0 || indentation {
				discardable = false
			}
		}
		if discardable {
			width = 0
		}
		widths = append(widths, width)
		widths = w.writeSection(line0, this, widths)
		widths = widths[:len(widths)-1]
		line0 = this
	}
	w.writeLines(line0, line1, widths)
	return widths
}

func (w *writer) writeLines(line0, line1 int, widths []int) {
	for i := line0; i < line1; i++ {
		l := &w.lines[i]
		useTabs := true
		for j := range l.ncells() {
			c, _ := l.cell(j)
			if c.to == c.from {
				if j < len(widths) {
					w.pad(0, widths[j], useTabs)
				}
				continue
			}
			useTabs = false
			put(&w.out, w.text[c.from:c.to])
			if j < len(widths) {
				w.pad(c.width, widths[j], false)
			}
		}
		put(&w.out, w.text[l.tail.from:l.tail.to])
		w.endLine()
	}
}

// endLine ends an output line, without the blanks and tabs at its end, as gofmt's trimmer does.
func (w *writer) endLine() {
	end := len(w.out)
	for end > 0 && (w.out[end-1] == ' ' || w.out[end-1] == '\t') {
		end--
	}
	w.out = w.out[:end]
	putByte(&w.out, '\n')
}

// pad pads a cell of width textw to cellw, as the tabwriter does: leading empty cells with tabs.
func (w *writer) pad(textw, cellw int, useTabs bool) {
	if useTabs {
		const tabwidth = 8
		cellw = (cellw + tabwidth - 1) / tabwidth * tabwidth
		for n := cellw - textw; n > 0; n -= tabwidth {
			putByte(&w.out, '\t')
		}
		return
	}
	for range cellw - textw {
		putByte(&w.out, ' ')
	}
}

// put appends s to *b. It stores *b's pointer only when b grows: append written back to a field of the
// writer, which lives on the heap, stores the whole slice, with a write barrier while the garbage
// collector runs, and the writer appends every token it writes.
func put[S string | []byte](b *[]byte, s S) {
	n := len(*b)
	if cap(*b)-n < len(s) {
		*b = append(*b, s...)
		return
	}
	*b = (*b)[:n+len(s)]
	copy((*b)[n:], s)
}

// putByte appends c to *b, as put does.
func putByte(b *[]byte, c byte) {
	n := len(*b)
	if n == cap(*b) {
		*b = append(*b, c)
		return
	}
	*b = (*b)[:n+1]
	(*b)[n] = c
}
