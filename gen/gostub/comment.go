package gostub

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// commentText makes text fit for // comments: CR and CRLF line ends become LF, and what the Go scanner
// rejects even in a comment (NUL, a byte order mark after the start of the file) is written as its escape.
// Doc comments from the IDL's source cannot hold those, but a tag's deprecated= message can.
var commentText = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\x00", `\x00`, "\ufeff", `\ufeff`)

// doc returns the doc comment text as `//` lines: a model's doc has its comment markers removed, and
// jennifer would render a multi-line string as a /* */ block.
func doc(text string) string {
	return string(appendDoc(nil, text))
}

// appendDoc appends the doc comment text as `//` lines, without a line break after the last.
func appendDoc(dst []byte, text string) []byte {
	if needsRepair(text) {
		text = commentText.Replace(strings.ToValidUTF8(text, "\ufffd"))
	}
	first := true
	for l := range strings.SplitSeq(text, "\n") {
		if !first {
			dst = append(dst, '\n')
		}
		first = false
		switch {
		case l == "":
			dst = append(dst, "//"...)
		case strings.HasPrefix(l, "\t"):
			dst = append(dst, "//"...) // a code block keeps its tab indent
			dst = append(dst, l...)
		default:
			dst = append(dst, "// "...)
			dst = append(dst, l...)
		}
	}
	return dst
}

// needsRepair reports whether text holds what commentText replaces or bytes that are not UTF-8. Almost
// every doc is ASCII without CR, which one pass over its bytes decides: strings.ContainsAny with a
// non-ASCII character in its set compares every rune with every character, a twentieth of the backend.
func needsRepair(text string) bool {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\r' || c == 0:
			return true
		case c >= utf8.RuneSelf:
			rest := text[i:]
			return !utf8.ValidString(rest) || strings.ContainsAny(rest, "\r\x00\ufeff")
		}
	}
	return false
}

// doc appends the doc comment text, if any, on the lines above the code that follows.
func (c *code) doc(text string) *code {
	if text != "" {
		c.g.lines = appendDoc(c.g.lines[:0], text)
		c.comment()
	}
	return c
}

// comment appends the doc comment whose lines g.lines holds, on the lines above the code that follows.
// jennifer's text holds a mark of it, and package layout writes the lines, which the file's comments
// keep (layout.Comments): jennifer would copy them several times.
func (c *code) comment() {
	c.text = append(c.g.comments.Add(c.text, c.g.lines), docEnd...)
}

// docEnd ends a doc comment: the code after it starts its line with a blank, as jennifer writes a
// comment and its code. gofmt reformats a doc comment right above code at the start of a line as
// go/doc/comment would (and package layout leaves that to go/format): the stubs' doc comments stay
// as the IDL wrote them.
const docEnd = "\n "

// prose appends a doc comment of the stubs' own (see prose) on the lines above the code that follows.
func (c *code) prose(format string, args ...string) *code { return c.proseAnd("", format, args...) }

// proseAnd appends a doc comment of the stubs' own (see prose) and the paragraph text after it, the
// IDL's doc of what the code declares, on the lines above the code that follows: the comment of
// doc(paragraphs(prose(format, args...), text)), built in place.
func (c *code) proseAnd(text, format string, args ...string) *code {
	g := c.g
	g.scratch = expand(g.scratch[:0], format, args)
	for _, b := range g.scratch {
		if b >= utf8.RuneSelf || b == 0 {
			// What doc repairs, and what else FieldsSeq splits at.
			return c.doc(paragraphs(prose(format, args...), text))
		}
	}
	if needsRepair(text) {
		return c.doc(paragraphs(prose(format, args...), text)) // repaired as one text
	}
	g.lines = appendProse(g.lines[:0], g.scratch, "// ")
	if text != "" {
		if len(g.lines) > 0 {
			g.lines = append(g.lines, "\n//\n"...)
		}
		g.lines = appendDoc(g.lines, text)
	}
	if len(g.lines) > 0 {
		c.comment()
	}
	return c
}

// paragraphs joins the non-empty texts as paragraphs of one doc comment.
func paragraphs(texts ...string) string {
	var ps []string
	for _, t := range texts {
		if t != "" {
			ps = append(ps, t)
		}
	}
	return strings.Join(ps, "\n\n")
}

// proseWidth is where the stubs' own doc comments wrap: the IDL's docs are kept as written.
const proseWidth = 96

// prose formats a doc comment of the stubs' own: format with each %s replaced by the next of args,
// wrapped at proseWidth.
func prose(format string, args ...string) string {
	return string(appendProse(nil, expand(nil, format, args), ""))
}

// expand appends format with each %s replaced by the next of args: what fmt.Sprintf does with them,
// without its reflection.
func expand(dst []byte, format string, args []string) []byte {
	for {
		i := strings.Index(format, "%s")
		if i < 0 || len(args) == 0 {
			return append(dst, format...)
		}
		dst = append(dst, format[:i]...)
		dst = append(dst, args[0]...)
		format, args = format[i+2:], args[1:]
	}
}

// appendProse appends the words of text wrapped at proseWidth, each line after prefix; nothing when
// text has no word.
func appendProse(dst, text []byte, prefix string) []byte {
	line := 0 // the length of the current line
	for word := range bytes.FieldsSeq(text) {
		switch {
		case line == 0:
			dst = append(dst, prefix...)
		case line+1+len(word) > proseWidth:
			dst = append(dst, '\n')
			dst = append(dst, prefix...)
			line = 0
		default:
			dst = append(dst, ' ')
			line++
		}
		dst = append(dst, word...)
		line += len(word)
	}
	return dst
}
