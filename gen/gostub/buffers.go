package gostub

import (
	"bytes"
	"sync"
	"unsafe"

	"github.com/dave/jennifer/jen"

	"github.com/cidlc/cidlc/gen/gostub/internal/layout"
)

// buffers are the memory a package's generator renders its files in. All of it serves one file after
// the other, and, through bufferPool, one package after the other: a large IDL has hundreds of
// packages, and each grew its buffers anew.
type buffers struct {
	// src holds what jennifer renders of a file (render); out, the file laid out when the files are
	// streamed (packageStubs).
	src bytes.Buffer
	out []byte
	// texts and statements hold the file's jennifer nodes (code); comments, its doc comments, which
	// jennifer's text marks (code.comment).
	texts      textArena
	statements statements
	comments   layout.Comments
	// free are the codes done with, for code to reuse; scratch and lines are buffers for code.prose
	// and code.doc.
	free           []*code
	scratch, lines []byte
}

var bufferPool = sync.Pool{New: func() any { return new(buffers) }}

// startFile makes the buffers the next file's.
func (b *buffers) startFile() {
	b.texts.reset()
	b.statements.reset()
	b.comments.Reset()
}

// textArena holds the texts of a file's jennifer nodes, so that a node's text costs no allocation of its
// own: the arena is reused from one file to the next (reset), where a string per node was a copy of
// every byte of code that jennifer renders. That is safe because jennifer reads the texts only while
// it renders their file, and no node is used after its file is rendered.
type textArena struct {
	buf []byte
}

// string returns a string of text's bytes, which stays as it is until reset.
func (a *textArena) string(text []byte) string {
	if len(text) == 0 {
		return ""
	}
	if cap(a.buf)-len(a.buf) < len(text) {
		// The full buffer stays with the strings made from it; the next file starts in the new one.
		a.buf = make([]byte, 0, max(2*cap(a.buf), len(text), 4096))
	}
	start := len(a.buf)
	a.buf = append(a.buf, text...)
	return unsafe.String(&a.buf[start], len(text))
}

// reset makes the arena's memory the next file's: the strings made from it must not be used anymore.
func (a *textArena) reset() { a.buf = a.buf[:0] }

// statements hold the jennifer statements of a file's codes (code.done), reused from one file to the
// next as the texts are: the nodes of one file are not used once it is rendered.
type statements struct {
	chunks [][]jen.Statement
	n      int // the statements handed out since reset
}

// statementChunk is how many statements a chunk holds: a stub file has a few dozen codes per resource.
const statementChunk = 64

// next returns an empty statement.
func (ss *statements) next() *jen.Statement {
	i, j := ss.n/statementChunk, ss.n%statementChunk
	if i == len(ss.chunks) {
		ss.chunks = append(ss.chunks, make([]jen.Statement, statementChunk))
	}
	ss.n++
	s := &ss.chunks[i][j]
	*s = (*s)[:0]
	return s
}

// reset makes the statements the next file's.
func (ss *statements) reset() { ss.n = 0 }
