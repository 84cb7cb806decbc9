package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ProgramDoc returns doc, the doc comment of something that the IDL names goName and programs name
// name (a property: its Go name and its wire name; a function: its Go name and its call name), in the
// words of a program: a doc that starts with goName, as Go's convention has it (`Password is …`),
// starts with name instead (`password is …`), and a name of one of members (the properties of the
// declaration the doc belongs to) written in backquotes (`MinSize`) is that member's wire name
// (`minSize`). The TypeScript package, the Pulumi schema and the SDKs made from it speak to programs,
// which know the wire names; the Go stubs speak to the provider's author, and keep the doc as written.
func ProgramDoc(doc, goName, name string, members []*Property) string {
	if goName != name && startsWithWord(doc, goName) {
		doc = name + doc[len(goName):]
	}
	if strings.IndexByte(doc, '`') < 0 {
		return doc
	}
	var b strings.Builder
	rest := doc
	for {
		open := strings.IndexByte(rest, '`')
		if open < 0 {
			break
		}
		end := strings.IndexByte(rest[open+1:], '`')
		if end < 0 {
			break
		}
		quoted := rest[open+1 : open+1+end]
		b.WriteString(rest[:open+1])
		b.WriteString(memberName(quoted, members))
		b.WriteByte('`')
		rest = rest[open+1+end+1:]
	}
	if b.Len() == 0 {
		return doc
	}
	b.WriteString(rest)
	return b.String()
}

// ProgramDoc returns the property's doc in the words of a program (see ProgramDoc): siblings are the
// properties of its declaration.
func (p *Property) ProgramDoc(siblings []*Property) string {
	return ProgramDoc(p.Doc, p.GoName, p.Name, siblings)
}

// memberName returns the wire name of the member of members whose Go name is goName, or goName.
func memberName(goName string, members []*Property) string {
	for _, m := range members {
		if m.GoName == goName && !m.Synthetic {
			return m.Name
		}
	}
	return goName
}

// startsWithWord reports whether s starts with the word w: w followed by the end or a character that
// cannot continue an identifier ("Password is", "Password's", not "Passwords").
func startsWithWord(s, w string) bool {
	if w == "" || !strings.HasPrefix(s, w) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[len(w):])
	return r == utf8.RuneError || !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_')
}
