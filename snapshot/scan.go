package snapshot

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Pos is a position in a JSON file: 1-based line, and 1-based column counted in bytes, as Go's own
// diagnostics count them.
type Pos struct {
	Line, Col int
}

func (p Pos) String() string { return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col) }

// window is the reader the JSON decoder reads through. It keeps the bytes from the cursor (the start of
// the last token) to what the decoder has read, so that the start of the next token can be found and
// its line and column counted; everything before the cursor is dropped. Memory is the decoder's
// read-ahead plus one token, whatever the size of the file.
type window struct {
	r         io.Reader
	buf       []byte // the input from offset cur on, as far as it has been read
	cur       int64
	line, col int // the position of offset cur
}

func (w *window) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	w.buf = append(w.buf, p[:n]...)
	return n, err
}

// skip returns the offset of the first byte at or after off that is not white space, ',' or ':': where
// the token after off starts.
func (w *window) skip(off int64) int64 {
	i := max(off-w.cur, 0)
	for i < int64(len(w.buf)) {
		switch w.buf[i] {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
			continue
		}
		break
	}
	return w.cur + i
}

// advance moves the cursor to off, which is not before it, and returns its position.
func (w *window) advance(off int64) Pos {
	n := min(max(off-w.cur, 0), int64(len(w.buf)))
	for _, b := range w.buf[:n] {
		if b == '\n' {
			w.line++
			w.col = 1
		} else {
			w.col++
		}
	}
	w.buf = w.buf[n:]
	w.cur += n
	return Pos{w.line, w.col}
}

// kind is the kind of a JSON value.
type kind uint8

const (
	null kind = iota
	boolean
	number
	str
	array
	object
)

// node is one JSON value with its position: the parsed form of one vertex (or resource) at a time, never
// of the whole file.
type node struct {
	kind   kind
	pos    Pos
	b      bool
	n      float64
	s      string
	elems  []*node
	fields []field // in order; a duplicate key is reported and dropped
}

type field struct {
	key string
	pos Pos
	val *node
}

// get returns the value of the field key of an object, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != object {
		return nil
	}
	for _, f := range n.fields {
		if f.key == key {
			return f.val
		}
	}
	return nil
}

// scanner reads JSON tokens with their positions.
type scanner struct {
	w       *window
	dec     *json.Decoder
	prevEnd int64
	depth   int // of the arrays and objects open
	// dup is told of each duplicate key of an object: its position and that of the first.
	dup func(key string, pos, first Pos)
}

func newScanner(r io.Reader) *scanner {
	w := &window{r: r, line: 1, col: 1}
	dec := json.NewDecoder(w)
	return &scanner{w: w, dec: dec}
}

// errSyntax is a syntax error of the input at a position: the file cannot be read on.
type errSyntax struct {
	pos Pos
	msg string
}

func (e *errSyntax) Error() string { return e.pos.String() + ": " + e.msg }

// next returns the next token and where it starts. At the end of the input it returns io.EOF; a syntax
// error is an *errSyntax; any other error is the reader's.
func (s *scanner) next() (json.Token, Pos, error) {
	tok, err := s.dec.Token()
	if err == io.EOF && s.depth > 0 {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return nil, Pos{}, s.wrap(err)
	}
	switch tok {
	case json.Delim('{'), json.Delim('['):
		s.depth++
	case json.Delim('}'), json.Delim(']'):
		s.depth--
	}
	pos := s.w.advance(s.w.skip(s.prevEnd))
	s.prevEnd = s.dec.InputOffset()
	return tok, pos, nil
}

func (s *scanner) wrap(err error) error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		// Offset counts the bytes before the offending one.
		return &errSyntax{s.w.advance(max(se.Offset, s.w.cur)), "invalid JSON: " + se.Error()}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &errSyntax{s.w.advance(s.w.cur + int64(len(s.w.buf))), "invalid JSON: unexpected end of input"}
	}
	return err
}

// more reports whether the current array or object has another element.
func (s *scanner) more() bool { return s.dec.More() }

// value reads the value that starts with tok at pos.
func (s *scanner) value(tok json.Token, pos Pos) (*node, error) {
	switch t := tok.(type) {
	case nil:
		return &node{kind: null, pos: pos}, nil
	case bool:
		return &node{kind: boolean, pos: pos, b: t}, nil
	case float64:
		return &node{kind: number, pos: pos, n: t}, nil
	case string:
		return &node{kind: str, pos: pos, s: t}, nil
	case json.Delim:
		switch t {
		case '[':
			n := &node{kind: array, pos: pos}
			for s.more() {
				e, err := s.read()
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, e)
			}
			_, _, err := s.next() // ]
			return n, err
		case '{':
			n := &node{kind: object, pos: pos}
			var index map[string]int
			for s.more() {
				key, kpos, err := s.key()
				if err != nil {
					return nil, err
				}
				val, err := s.read()
				if err != nil {
					return nil, err
				}
				first := -1
				if index != nil {
					if i, ok := index[key]; ok {
						first = i
					}
				} else {
					for i, f := range n.fields {
						if f.key == key {
							first = i
							break
						}
					}
				}
				if first >= 0 {
					if s.dup != nil {
						s.dup(key, kpos, n.fields[first].pos)
					}
					continue
				}
				n.fields = append(n.fields, field{key, kpos, val})
				if len(n.fields) == 16 {
					index = make(map[string]int, 32)
					for i, f := range n.fields {
						index[f.key] = i
					}
				} else if index != nil {
					index[key] = len(n.fields) - 1
				}
			}
			_, _, err := s.next() // }
			return n, err
		}
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

// read reads the next value.
func (s *scanner) read() (*node, error) {
	tok, pos, err := s.next()
	if err != nil {
		return nil, err
	}
	return s.value(tok, pos)
}

// key reads the key of an object's next member.
func (s *scanner) key() (string, Pos, error) {
	tok, pos, err := s.next()
	if err != nil {
		return "", pos, err
	}
	k, ok := tok.(string)
	if !ok {
		return "", pos, fmt.Errorf("unexpected JSON token %v where a key belongs", tok)
	}
	return k, pos, nil
}
