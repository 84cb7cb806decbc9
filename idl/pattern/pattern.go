// Package pattern makes a `pattern=` contract mean the same on both sides of the wire: the Go provider
// matches it with package regexp (RE2), the TypeScript package with a JavaScript RegExp, and the two
// dialects disagree on much (what `.`, `\s`, `\d`, `^` in multi-line mode and (?i) match, and JavaScript
// has no (?i), (?s) or \z at all). So the TypeScript side never sees the author's pattern: JS parses the
// pattern with Go's own parser and writes the parsed tree back out in JavaScript syntax, with every
// character class spelled as explicit code point ranges, every case-insensitive letter as the class of its
// case folds, and line anchors as lookarounds. The result is used with the `u` flag and no other, and
// accepts exactly the strings the RE2 pattern accepts.
//
// Patterns match anywhere in the string, as regexp.MatchString and RegExp.test do; anchor them with ^ and $
// to match the whole string.
package pattern

import (
	"fmt"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"
)

// Parse parses an RE2 pattern as package regexp does, returning RE2's own error message when it is not
// valid.
func Parse(pattern string) (*syntax.Regexp, error) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		if e, ok := err.(*syntax.Error); ok {
			return nil, fmt.Errorf("%s: %s", e.Code, e.Expr)
		}
		return nil, err
	}
	return re, nil
}

// JS returns the source of a JavaScript regular expression, to be compiled with the "u" flag, that
// matches exactly the strings that the RE2 pattern matches.
func JS(pattern string) (string, error) {
	re, err := Parse(pattern)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	writeJS(&b, re)
	return b.String(), nil
}

func writeJS(b *strings.Builder, re *syntax.Regexp) {
	switch re.Op {
	case syntax.OpNoMatch:
		b.WriteString("[]")
	case syntax.OpEmptyMatch:
		b.WriteString("(?:)")
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 && hasFolds(r) {
				writeClass(b, foldRanges(r), false)
				continue
			}
			writeLiteral(b, r)
		}
	case syntax.OpCharClass:
		writeClass(b, re.Rune, false)
	case syntax.OpAnyCharNotNL:
		b.WriteString(`[^\n]`)
	case syntax.OpAnyChar:
		b.WriteString(`[\s\S]`)
	case syntax.OpBeginLine:
		// JavaScript's multi-line ^ also matches after \r, U+2028 and U+2029; RE2's only after \n.
		b.WriteString(`(?<![^\n])`)
	case syntax.OpEndLine:
		b.WriteString(`(?![^\n])`)
	case syntax.OpBeginText:
		b.WriteString(`^`)
	case syntax.OpEndText:
		b.WriteString(`$`)
	case syntax.OpWordBoundary:
		b.WriteString(`\b`) // ASCII word characters on both sides (no i flag in JavaScript)
	case syntax.OpNoWordBoundary:
		b.WriteString(`\B`)
	case syntax.OpCapture:
		b.WriteString("(?:")
		writeJS(b, re.Sub[0])
		b.WriteString(")")
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		b.WriteString("(?:")
		writeJS(b, re.Sub[0])
		b.WriteString(")")
		switch re.Op {
		case syntax.OpStar:
			b.WriteString("*")
		case syntax.OpPlus:
			b.WriteString("+")
		case syntax.OpQuest:
			b.WriteString("?")
		case syntax.OpRepeat:
			switch {
			case re.Max == -1:
				fmt.Fprintf(b, "{%d,}", re.Min)
			case re.Max == re.Min:
				fmt.Fprintf(b, "{%d}", re.Min)
			default:
				fmt.Fprintf(b, "{%d,%d}", re.Min, re.Max)
			}
		}
		if re.Flags&syntax.NonGreedy != 0 {
			b.WriteString("?")
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			writeJS(b, sub)
		}
	case syntax.OpAlternate:
		b.WriteString("(?:")
		for i, sub := range re.Sub {
			if i > 0 {
				b.WriteString("|")
			}
			writeJS(b, sub)
		}
		b.WriteString(")")
	default:
		panic(fmt.Sprintf("pattern: unexpected regexp op %v", re.Op))
	}
}

// hasFolds reports whether r has other case forms.
func hasFolds(r rune) bool { return unicode.SimpleFold(r) != r }

// foldRanges returns the ranges of r and every rune it folds to, as RE2's (?i) matches them.
func foldRanges(r rune) []rune {
	var ranges []rune
	for f := r; ; {
		ranges = append(ranges, f, f)
		if f = unicode.SimpleFold(f); f == r {
			return ranges
		}
	}
}

// writeClass writes a character class of ranges (pairs lo, hi) with every bound as \u{…}, so that no
// JavaScript class escape or shorthand is involved.
func writeClass(b *strings.Builder, ranges []rune, negate bool) {
	b.WriteString("[")
	if negate {
		b.WriteString("^")
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		writeCodePoint(b, ranges[i])
		if ranges[i+1] != ranges[i] {
			b.WriteString("-")
			writeCodePoint(b, ranges[i+1])
		}
	}
	b.WriteString("]")
}

// writeLiteral writes r so that JavaScript reads it as itself outside a class.
func writeLiteral(b *strings.Builder, r rune) {
	switch {
	case r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' ' || r == '_'):
		b.WriteRune(r)
	default:
		writeCodePoint(b, r)
	}
}

func writeCodePoint(b *strings.Builder, r rune) {
	b.WriteString(`\u{`)
	b.WriteString(strconv.FormatInt(int64(r), 16))
	b.WriteString(`}`)
}
