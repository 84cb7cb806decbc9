package gostub

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"
)

// commentText makes text fit for // comments: CR and CRLF line ends become LF, and what the Go scanner
// rejects even in a comment (NUL, a byte order mark after the start of the file) is written as its escape.
// Doc comments from the IDL's source cannot hold those, but a tag's deprecated= message can.
var commentText = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\x00", `\x00`, "\ufeff", `\ufeff`)

// doc returns the doc comment text as `//` lines: a model's doc has its comment markers removed, and
// jennifer would render a multi-line string as a /* */ block.
func doc(text string) string {
	lines := strings.Split(commentText.Replace(strings.ToValidUTF8(text, "\ufffd")), "\n")
	for i, l := range lines {
		switch {
		case l == "":
			lines[i] = "//"
		case strings.HasPrefix(l, "\t"):
			lines[i] = "//" + l // a code block keeps its tab indent
		default:
			lines[i] = "// " + l
		}
	}
	return strings.Join(lines, "\n")
}

// withDoc puts the doc comment text, if any, above code.
func withDoc(text string, code jen.Code) jen.Code {
	if text == "" {
		return code
	}
	return jen.Comment(doc(text)).Line().Add(code)
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

// prose formats a doc comment of the stubs' own, wrapped at proseWidth.
func prose(format string, args ...any) string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(fmt.Sprintf(format, args...)) {
		if line != "" && len(line)+1+len(word) > proseWidth {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return strings.Join(append(lines, line), "\n")
}
