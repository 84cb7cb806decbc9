package typescript

import (
	"strings"
	"unicode"
)

// appendTSDoc appends doc as a TSDoc comment indented by indent, ending in a newline, or nothing for an
// empty doc. paragraphs are added after doc, each after an empty line: generated notes such as @param
// lists.
//
// The text is kept as written (Go doc comments are plain text), with what would end or corrupt the
// comment neutralised: "*/" becomes "*\/", and the characters that JavaScript treats as line ends
// (CR, U+2028, U+2029) become line breaks of the comment. A NUL (which a tag's deprecated= message can
// hold) is written \x00, so that the file stays text. An @ that starts a line of doc is escaped (\@): doc
// is the IDL's plain text, and only paragraphs hold tags. Trailing spaces are dropped, as prettier drops
// them.
func appendTSDoc(b []byte, indent, doc string, paragraphs ...string) []byte {
	return appendTSDocAfter(b, indent, indent, doc, paragraphs)
}

// appendTSDocAfter is appendTSDoc with lead, not indent, before the comment's first line.
func appendTSDocAfter(b []byte, lead, indent, doc string, paragraphs []string) []byte {
	var parts []string
	if doc = strings.TrimSpace(doc); doc != "" {
		parts = append(parts, untagged(replaceLineEnds(doc)))
	}
	for _, p := range paragraphs {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return b
	}
	text := strings.Join(parts, "\n\n")
	if len(parts) > 1 || doc == "" {
		// The doc's text has been through replaceLineEnds already, and untagged adds nothing it replaces.
		text = replaceLineEnds(text)
	}
	b = append(b, lead...)
	b = append(b, "/**\n"...)
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimRightFunc(line, isJSSpace)
		b = append(b, indent...)
		if line == "" {
			b = append(b, " *\n"...)
		} else {
			b = append(b, " * "...)
			b = append(b, line...)
			b = append(b, '\n')
		}
	}
	b = append(b, indent...)
	return append(b, " */\n"...)
}

// appendDocComment appends the TSDoc comment of text and of tags (lines, see tagLines), for a template
// that wrote indent: without the first line's indentation, and followed by indent, so that the template's
// text goes on with what the comment documents. It appends nothing when there is nothing to say.
func appendDocComment(b []byte, indent, text, tags string) []byte {
	start := len(b)
	if b = appendTSDocAfter(b, "", indent, text, []string{tags}); len(b) == start {
		return b
	}
	return append(b, indent...)
}

// tagLines returns the tags that are not empty, one per line.
func tagLines(tags []string) string {
	var lines []string
	for _, t := range tags {
		if t != "" {
			lines = append(lines, t)
		}
	}
	return strings.Join(lines, "\n")
}

// lineEnds turns what JavaScript takes for a line end into \n, and neutralises "*/" and NUL.
var lineEnds = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u2028", "\n", "\u2029", "\n", "*/", `*\/`, "\x00", `\x00`)

// replaceLineEnds is lineEnds.Replace, without its copy for the text of almost every doc comment, which
// has none of what it replaces.
func replaceLineEnds(s string) string {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r', 0, 0xE2: // 0xE2 starts U+2028 and U+2029 (and other characters, rarely in docs)
			return lineEnds.Replace(s)
		case '*':
			if i+1 < len(s) && s[i+1] == '/' {
				return lineEnds.Replace(s)
			}
		}
	}
	return s
}

// untagged escapes the @ that starts a line of text (after spaces) as TSDoc does, \@, so that the IDL's
// plain text makes no JSDoc tags: a doc line "@internal until GA" would otherwise make tsc leave the
// declaration out of the package's typings (its tsconfig has stripInternal), which other declarations
// still refer to.
func untagged(text string) string {
	if !strings.Contains(text, "@") {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if rest := strings.TrimLeftFunc(line, isJSSpace); strings.HasPrefix(rest, "@") {
			lines[i] = line[:len(line)-len(rest)] + `\` + rest
		}
	}
	return strings.Join(lines, "\n")
}

// isJSSpace reports whether JavaScript's String.prototype.trim removes r, as prettier does to each line of
// a comment.
func isJSSpace(r rune) bool {
	return r == '\uFEFF' || unicode.IsSpace(r) && r != '\u0085'
}

// docWidth is the width cidlc wraps the doc comments it writes itself to, leaving IDL docs as written.
const docWidth = 100

// wrap breaks text into lines of at most docWidth columns, counting indent and the comment's " * ", at
// spaces; a word longer than a line keeps a line of its own.
func wrap(indent, text string) string {
	width := docWidth - len(indent) - len(" * ")
	var b strings.Builder
	b.Grow(len(text)) // the words and one space or line break between each two: never longer than text
	col := 0
	for word := range strings.FieldsSeq(text) {
		w := textWidth(word)
		switch {
		case col == 0:
		case col+1+w > width:
			b.WriteByte('\n')
			col = 0
		default:
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += w
	}
	return b.String()
}

// article returns "an" before a name that starts with a vowel letter, else "a": "an Instance", "a VPC".
// Names are read as words, not as spelled-out letters ("a URL" would be wrong; such names are rare).
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOUaeiou", rune(name[0])) {
		return "an"
	}
	return "a"
}
