package load

import (
	"go/ast"
	"strings"
)

// docText returns the text of the first of groups that has any: a doc comment without comment markers or
// a trailing newline, as go/ast's CommentGroup.Text reads it.
func docText(groups ...*ast.CommentGroup) string {
	for _, g := range groups {
		if g == nil {
			continue
		}
		text, ok := lineCommentsText(g)
		if !ok {
			text = strings.TrimRight(g.Text(), "\n")
		}
		if text != "" {
			return text
		}
	}
	return ""
}

// lineCommentsText is strings.TrimRight(g.Text(), "\n") for a group of line comments that are each "//"
// alone or start with "// ", as doc comments are written, made without the garbage of Text (a slice of
// the comments, one of their lines, then the lines joined): a model's build reads the doc of every
// declaration and property while the loaded packages fill most of the memory cidlc allows itself. The
// text of one line is a part of the comment itself, that of more lines is built once. ok is false for
// any other group (a /* comment */, a //directive), which Text reads.
//
// As Text does, it leaves out the blank lines before the first line and after the last, and makes one
// blank line of several.
func lineCommentsText(g *ast.CommentGroup) (text string, ok bool) {
	// First the size, and whether there is more than one line at all.
	size, lines, blank := 0, 0, false
	for _, c := range g.List {
		line, ok := docLine(c.Text)
		switch {
		case !ok:
			return "", false
		case line == "":
			blank = lines > 0
			continue
		case lines > 0 && blank:
			size += 2
		case lines > 0:
			size++
		}
		size += len(line)
		lines++
		text, blank = line, false
	}
	if lines <= 1 {
		return text, true
	}
	var b strings.Builder
	b.Grow(size)
	lines, blank = 0, false
	for _, c := range g.List {
		line, _ := docLine(c.Text)
		if line == "" {
			blank = lines > 0
			continue
		}
		if lines > 0 {
			b.WriteByte('\n')
			if blank {
				b.WriteByte('\n')
			}
		}
		b.WriteString(line)
		lines++
		blank = false
	}
	return b.String(), true
}

// docLine returns the text of a line comment that is "//" alone or starts with "// ", as
// CommentGroup.Text reads it: without the markers, the space after them, and trailing white space. ok is
// false for any other comment.
func docLine(comment string) (line string, ok bool) {
	rest, ok := strings.CutPrefix(comment, "//")
	if !ok || rest != "" && rest[0] != ' ' {
		return "", false
	}
	return strings.TrimRight(strings.TrimPrefix(rest, " "), " \t\n\r"), true
}
