package layout

import (
	"go/doc/comment"
	"strings"
)

// docComment writes a comment group that gofmt reformats as a doc comment: one at the start of a line
// right above a token at the start of the next, such as the package's doc comment. This is go/printer's
// formatDocComment: the text is parsed and printed again by go/doc/comment.
func (p *printer) docComment(group []tok) {
	var text strings.Builder
	var directives []string
	for _, c := range group {
		line := p.text(&c)
		if strings.HasPrefix(line, markPrefix) {
			unsupported() // a group given beside the source is written as it is, not reformatted
		}
		after := line[2:]
		if isDirective(after) {
			directives = append(directives, line)
			continue
		}
		text.WriteString(strings.TrimPrefix(after, " "))
		text.WriteString("\n")
	}
	if text.Len() == 0 {
		p.comments(group)
		return
	}
	var parser comment.Parser
	var printer comment.Printer
	out := string(printer.Comment(parser.Parse(text.String())))
	first := true
	line := func(s string) {
		if !first {
			p.w.formfeed()
		}
		first = false
		p.comment(s)
	}
	for out != "" {
		var l string
		l, out, _ = strings.Cut(out, "\n")
		switch {
		case l == "":
			line("//")
		case strings.HasPrefix(l, "\t"):
			line("//" + l)
		default:
			line("// " + l)
		}
	}
	if len(directives) > 0 {
		line("//")
		for _, d := range directives {
			line(d)
		}
	}
	if first {
		unsupported() // the comment printed as nothing
	}
}

// isDirective is go/printer's: whether the comment text after // is a directive such as go:generate.
func isDirective(c string) bool {
	if strings.HasPrefix(c, "line ") || strings.HasPrefix(c, "extern ") || strings.HasPrefix(c, "export ") {
		return true
	}
	colon := strings.Index(c, ":")
	if colon <= 0 || colon+1 >= len(c) {
		return false
	}
	for i := 0; i <= colon+1; i++ {
		if i == colon {
			continue
		}
		b := c[i]
		if !('a' <= b && b <= 'z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}
