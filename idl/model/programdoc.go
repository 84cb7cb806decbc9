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

// Siblings are the properties of one declaration, with the relations among them: what the docs of each
// property may speak of.
type Siblings struct {
	Properties []*Property
	Relations  []Relation
}

// SiblingsOf returns the siblings of the properties props of one declaration.
func SiblingsOf(props []*Property) Siblings {
	return Siblings{Properties: props, Relations: Relations(props)}
}

// Doc returns the doc of p, one of s, for programs: in their words (ProgramDoc), and with what the
// rules across properties ask of it after it (RuleNotes).
func (s Siblings) Doc(p *Property) string {
	doc := ProgramDoc(p.Doc, p.GoName, p.Name, s.Properties)
	if notes := s.RuleNotes(p, false); notes != "" {
		if doc == "" {
			return notes
		}
		return doc + "\n\n" + notes
	}
	return doc
}

// RuleNotes says what the rules across properties ask of p, one of s (see RuleNotes), naming the
// properties by their Go names when goNames is set, as the Go stubs do, else by their wire names.
func (s Siblings) RuleNotes(p *Property, goNames bool) string {
	if len(s.Relations) == 0 {
		return ""
	}
	show := func(wire string) string { return wire }
	if goNames {
		show = func(wire string) string {
			for _, q := range s.Properties {
				if q.Name == wire {
					return q.GoName
				}
			}
			return wire
		}
	}
	return RuleNotes(p.Name, s.Relations, show)
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

// DeclarationDoc returns the doc of a declaration for programs: in their words (ProgramDoc, with
// members its properties), and what its checks ask of its values after it (ChecksNote).
func DeclarationDoc(doc, goName, name string, members []*Property, checks []*Check) string {
	doc = ProgramDoc(doc, goName, name, members)
	note := ChecksNote(checks)
	switch {
	case note == "":
		return doc
	case doc == "":
		return note
	}
	return doc + "\n\n" + note
}
