package layout

import "strings"

// Declarations: go/printer's declList, genDecl, spec, valueSpec, funcDecl, signature, parameters and
// fieldList.

// ff ends the current line with a formfeed, as gofmt's printer writes a line break of its own (not one
// read from the source), which moves its source position one line on.
func (p *printer) ff() { p.w.formfeed(); p.srcLine++ }

// topDecl lays out a top-level declaration, with its doc comment and the line breaks before it: one, or
// two (a blank line) when the kind of declaration changes or the declaration has a doc comment.
func (p *printer) topDecl(prev *string) {
	doc := p.docComments()
	kw := p.cur()
	if kw.kind != kKeyword {
		unsupported()
	}
	least := 1
	if *prev != p.text(kw) || len(doc) > 0 {
		least = 2
	}
	*prev = p.text(kw)
	if len(doc) > 0 {
		// gofmt keeps one blank line before a doc comment at the top level.
		p.w.newline()
		p.w.newline()
		p.comments(doc)
		p.w.newline()
		p.srcLine = kw.line
	} else {
		p.linebreak(kw.line, least, nil, false)
	}
	switch p.text(kw) {
	case "import", "const", "var", "type":
		p.genDecl()
	case "func":
		p.funcDecl()
	default:
		unsupported()
	}
	if p.cur().kind != kEOF && p.cur().line == p.srcLine {
		unsupported()
	}
}

// specInfo is what genDecl needs to know of a spec before printing the group.
type specInfo struct {
	typed, valued bool
}

// genDecl lays out an import, const, var or type declaration, single or grouped.
func (p *printer) genDecl() {
	kw := p.text(p.emit())
	p.w.blank()
	if !p.is("(") {
		p.spec(kw, 1, specInfo{})
		return
	}
	lparen := p.i
	rparen := p.match[lparen]
	specs := p.specs(kw, lparen, rparen)
	if len(specs) == 0 || kw == "type" {
		unsupported()
	}
	if kw == "import" {
		p.checkImportsSorted(lparen, rparen)
	}
	for i, s := range specs {
		if !completeSpec(kw, s, i == 0) {
			unsupported()
		}
	}
	p.emit()
	p.w.indent++
	p.ff()
	keepType := keepTypeColumn(specs)
	p.lines(len(specs), rparen, func(i int) {
		if len(specs) > 1 && (kw == "const" || kw == "var") {
			p.valueSpec(specs[i], keepType[i])
		} else {
			p.spec(kw, len(specs), specs[i])
		}
	})
	p.w.indent--
	p.ff()
	p.expect(")")
}

// specs looks ahead at the specs of a group: each starts on a line of its own, after its doc comment.
func (p *printer) specs(kw string, lparen, rparen int) []specInfo {
	var specs []specInfo
	for i := lparen + 1; i < rparen; {
		if p.toks[i].kind == kComment {
			i++
			continue
		}
		var s specInfo
		// names
		if p.toks[i].kind != kIdent && kw != "import" {
			unsupported()
		}
		i++
		for kw != "import" && p.isAt(i, ",") {
			i += 2
		}
		line := p.toks[i-1].line
		for i < rparen && p.toks[i].line == line && p.toks[i].kind != kComment {
			t := &p.toks[i]
			if t.kind == kOp && isOpenBracket(p.text(t)) {
				i = p.match[i]
				line = p.toks[i].line
			} else if p.isAt(i, "=") {
				s.valued = true
			} else if !s.valued {
				s.typed = true
			}
			i++
		}
		specs = append(specs, s)
	}
	return specs
}

// keepTypeColumn is go/printer's: in a run of specs with values, the type column is kept if any of them
// has a type.
func keepTypeColumn(specs []specInfo) []bool {
	m := make([]bool, len(specs))
	populate := func(i, j int, keepType bool) {
		if keepType {
			for ; i < j; i++ {
				m[i] = true
			}
		}
	}
	i0 := -1
	var keepType bool
	for i, s := range specs {
		if s.valued {
			if i0 < 0 {
				i0 = i
				keepType = false
			}
		} else if i0 >= 0 {
			populate(i0, i, keepType)
			i0 = -1
		}
		if s.typed {
			keepType = true
		}
	}
	if i0 >= 0 {
		populate(i0, len(specs), keepType)
	}
	return m
}

// checkImportsSorted refuses an import group that gofmt would sort: it sorts by path.
func (p *printer) checkImportsSorted(lparen, rparen int) {
	prev := ""
	for i := lparen + 1; i < rparen; i++ {
		t := &p.toks[i]
		if t.kind == kComment {
			unsupported()
		}
		if t.kind != kString {
			continue
		}
		text := p.text(t)
		path := text[1 : len(text)-1]
		if path <= prev {
			p.i = i // where the Refusal points
			unsupported()
		}
		prev = path
	}
}

// plainPath reports whether path is not empty and made of the characters of module paths alone.
func plainPath(path string) bool {
	for i := 0; i < len(path); i++ {
		if c := path[i]; !isLetter(c) && !isDigit(c) && !strings.ContainsRune("-.~/+", rune(c)) {
			return false
		}
	}
	return path != ""
}

// valueSpec lays out a spec of a group of two or more constants or variables: its names, type and
// values in columns.
func (p *printer) valueSpec(s specInfo, keepType bool) {
	p.identList()
	if s.typed || keepType {
		p.w.vtab()
	}
	if s.typed {
		p.typ()
	}
	if s.valued {
		p.w.vtab()
		p.expect("=")
		p.w.blank()
		p.valueList(-1)
	}
}

// spec lays out a spec on its own or in a group of one, or an import.
func (p *printer) spec(kw string, n int, s specInfo) {
	switch kw {
	case "import":
		if p.cur().kind == kIdent {
			p.emit()
			p.w.blank()
		}
		if t := p.text(p.cur()); p.cur().kind != kString || t[0] != '"' || !plainPath(t[1:len(t)-1]) {
			unsupported()
		}
		p.emit()
	case "type":
		p.ident()
		if p.is("[") && !p.isAt(p.i+1, "]") || p.is("=") {
			unsupported() // type parameters, alias declarations
		}
		if n == 1 {
			p.w.blank()
		} else {
			p.w.vtab()
		}
		p.typ()
	default: // const, var
		p.identList()
		if !p.is("=") && p.cur().line == p.srcLine && p.cur().kind != kEOF && !p.is(")") {
			p.w.blank()
			p.typ()
			s.typed = true
		}
		if p.is("=") {
			p.w.blank()
			p.emit()
			p.w.blank()
			p.valueList(-1)
			s.valued = true
		}
		if !completeSpec(kw, s, true) {
			unsupported()
		}
	}
}

// completeSpec reports whether a spec of kw is Go: a variable has a type or values; a constant has
// values, unless it follows the first of its group without a type (and repeats the values before it).
func completeSpec(kw string, s specInfo, first bool) bool {
	switch kw {
	case "var":
		return s.typed || s.valued
	case "const":
		return s.valued || !first && !s.typed
	}
	return true
}

// identList lays out names on one line.
func (p *printer) identList() {
	p.ident()
	for p.is(",") {
		p.emit()
		p.w.blank()
		p.ident()
	}
}

// valueList lays out the values of a spec or the right-hand side of an assignment: a list without
// brackets, whose source position before is line and which has none after. go/printer gives a spec's
// values no position before (-1): a first value on the line after the = joins the line of the =, which
// emit refuses.
func (p *printer) valueList(line int32) {
	p.exprList(line, p.listItems(), false, -1, false)
}

// listItems looks ahead at a list of expressions not in brackets: it ends at the end of its line, or
// where a statement or clause goes on.
func (p *printer) listItems() []item {
	base := len(p.spare)
	from := p.i
	line := p.toks[from].line
	i := from
	for {
		t := &p.toks[i]
		end := t.kind == kEOF || t.kind == kComment || t.line != line
		if !end && t.kind == kOp {
			switch p.text(t) {
			case "(", "[":
				i = p.match[i]
				line = p.toks[i].line
				i++
				continue
			case "{":
				if p.noLit > 0 {
					end = true
					break
				}
				i = p.match[i]
				line = p.toks[i].line
				i++
				continue
			case ",":
				if i == from {
					unsupported()
				}
				p.spare = append(p.spare, item{from: from, to: i})
				from = i + 1
				i++
				continue
			case ")", "]", "}", ";", ":", "=", ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
				"<<=", ">>=", "&^=", "++", "--":
				end = true
			}
		}
		if end {
			if i == from {
				unsupported()
			}
			p.spare = append(p.spare, item{from: from, to: i})
			return p.spare[base:len(p.spare):len(p.spare)]
		}
		i++
	}
}

// funcDecl lays out a function or method declaration.
func (p *printer) funcDecl() {
	p.emit()
	p.w.blank()
	if p.is("(") {
		p.params()
		p.w.blank()
	}
	p.ident()
	p.signature()
	if !p.is("{") {
		unsupported()
	}
	p.funcBody(true)
}

// funcBody lays out the body of a function or function literal. gofmt keeps a body on one line when
// the source has it on one line and the line stays short; of those, only the empty body of a function
// declaration is laid out here. Its header is a cell (go/printer's vtab), so that the bodies of one-line
// functions declared one after the other line up.
func (p *printer) funcBody(decl bool) {
	lbrace := p.i
	rbrace := p.match[lbrace]
	if p.toks[lbrace].line == p.toks[rbrace].line {
		if !decl || rbrace != lbrace+1 {
			unsupported()
		}
		if p.w.width() <= 100 {
			p.w.vtab()
			p.emit()
			p.emit()
			return
		}
	}
	p.w.blank()
	p.block(1)
}

// signature lays out parameters and results: a single unnamed result without parentheses.
func (p *printer) signature() {
	if p.is("[") {
		unsupported() // type parameters
	}
	p.params()
	switch {
	case p.is("(") && p.cur().line == p.srcLine:
		lparen := p.i
		rparen := p.match[lparen]
		if entries := p.paramEntries(lparen, rparen); len(entries) == 1 && !entries[0].pair {
			if p.toks[rparen].line != p.toks[lparen].line {
				unsupported()
			}
			p.w.blank()
			p.drop("(")
			p.typ()
			if p.i != rparen {
				unsupported()
			}
			p.drop(")")
			return
		}
		p.w.blank()
		p.params()
	case p.startsType() && p.cur().line == p.srcLine:
		p.w.blank()
		p.typ()
	}
}

// paramEntries looks ahead at the entries of a parameter list, each a type, or a name and a type, or
// a name of a group whose type follows. An entry's pair says whether it is named.
func (p *printer) paramEntries(lparen, rparen int) []item {
	entries := p.items(lparen, rparen)
	named := false
	for i := range entries {
		entries[i].pair = p.namedEntry(entries[i].from, entries[i].to)
		named = named || entries[i].pair
	}
	if !named {
		return entries
	}
	// When some are named, all are: each entry is a name and a type, or a name of a group whose type
	// follows.
	for i, e := range entries {
		if !e.pair && (e.to-e.from != 1 || i == len(entries)-1) {
			unsupported()
		}
	}
	return entries
}

// namedEntry reports whether the entry from:to is a name followed by a type.
func (p *printer) namedEntry(from, to int) bool {
	if p.toks[from].kind != kIdent || from+1 >= to {
		return false
	}
	next := &p.toks[from+1]
	switch {
	case next.kind == kIdent:
		return true
	case next.kind == kKeyword:
		switch p.text(next) {
		case "map", "func", "struct", "interface", "chan":
			return true
		}
		unsupported()
	case next.kind == kOp:
		switch p.text(next) {
		case "*":
			return true
		case "[":
			// x []T is a name and a slice; T[X] an instance of a generic type; x [4]T is not laid out.
			if p.isAt(from+2, "]") {
				return true
			}
			if p.toks[from+2].kind == kNumber {
				unsupported()
			}
			return false
		case ".":
			return false
		}
	}
	unsupported()
	return false
}

// params lays out a parameter list on one line.
func (p *printer) params() {
	lparen := p.i
	if !p.is("(") {
		unsupported()
	}
	rparen := p.match[lparen]
	if p.toks[lparen].line != p.toks[rparen].line {
		unsupported()
	}
	p.emit()
	for i, e := range p.paramEntries(lparen, rparen) {
		if i > 0 {
			p.expect(",")
			p.w.blank()
		}
		if p.i != e.from {
			unsupported()
		}
		if e.pair {
			p.ident()
			p.w.blank()
		}
		if p.is(",") || p.is(")") {
			continue // a name of a group
		}
		p.typ()
	}
	if p.is(",") {
		p.drop(",") // a trailing comma on one line
	}
	p.expect(")")
}

// startsType reports whether the next token can start a type.
func (p *printer) startsType() bool {
	t := p.cur()
	switch t.kind {
	case kIdent:
		return true
	case kKeyword:
		switch p.text(t) {
		case "map", "func", "struct", "interface", "chan":
			return true
		}
		return false
	case kOp:
		switch p.text(t) {
		case "*", "[", "(", "<-":
			return true
		}
		return false
	}
	return false
}

// typ lays out a type.
func (p *printer) typ() {
	t := p.cur()
	switch {
	case t.kind == kIdent:
		p.emit()
		if p.is(".") {
			p.emit()
			p.ident()
		}
		if p.is("[") {
			p.typeArgs()
		}
	case p.is("*"):
		p.emit()
		p.typ()
	case p.is("["):
		if !p.isAt(p.i+1, "]") {
			unsupported() // an array
		}
		p.emit()
		p.emit()
		p.typ()
	case p.is("map"):
		p.emit()
		p.expect("[")
		p.typ()
		p.expect("]")
		p.typ()
	case p.is("struct"):
		p.emit()
		p.fieldList(true)
	case p.is("interface"):
		p.emit()
		p.fieldList(false)
	case p.is("func"):
		p.emit()
		p.signature()
	default:
		unsupported()
	}
}

// typeArgs lays out the type arguments of a generic type or function, on one line.
func (p *printer) typeArgs() {
	lbrack := p.i
	rbrack := p.match[lbrack]
	if p.toks[lbrack].line != p.toks[rbrack].line || rbrack == lbrack+1 {
		unsupported()
	}
	p.emit()
	p.typ()
	for p.is(",") {
		p.emit()
		p.w.blank()
		p.typ()
	}
	if p.i != rbrack {
		unsupported()
	}
	p.emit()
}

// fieldList lays out the fields of a struct or the methods of an interface: one per line, each after
// its doc comment, the names and types of a struct's fields in columns.
func (p *printer) fieldList(isStruct bool) {
	lbrace := p.i
	if !p.is("{") {
		unsupported()
	}
	rbrace := p.match[lbrace]
	if p.toks[lbrace].line == p.toks[rbrace].line {
		if rbrace != lbrace+1 {
			unsupported() // gofmt may keep a small struct on one line
		}
		p.emit()
		p.emit()
		return
	}
	n := p.countLines(lbrace+1, rbrace)
	if n == 0 {
		unsupported()
	}
	p.w.blank()
	p.emit()
	p.w.indent++
	p.ff()
	p.lines(n, rbrace, func(int) {
		if isStruct {
			p.field(n)
		} else {
			p.method()
		}
	})
	if p.i != rbrace {
		unsupported()
	}
	p.w.indent--
	p.ff()
	p.emit()
}

// lines lays out the n items of a group or a field list, one a line, up to the closing token at end:
// each after its doc comment, or after the line breaks gofmt keeps between two items.
func (p *printer) lines(n, end int, item func(i int)) {
	ended := 0
	for i := range n {
		doc := p.docComments()
		if len(doc) > 0 {
			if i > 0 {
				p.w.formfeed()
			}
			p.comments(doc)
			p.w.newline()
			p.srcLine = p.cur().line
		} else if i > 0 {
			p.linebreak(p.cur().line, 1, nil, p.w.ended-ended > 0)
		}
		ended = p.w.ended
		item(i)
		if p.i != end && p.cur().line == p.srcLine {
			unsupported()
		}
	}
}

// countLines counts the items from:to that start a line, comments aside: the fields of a struct.
func (p *printer) countLines(from, to int) int {
	n := 0
	line := int32(-1)
	for i := from; i < to; i++ {
		t := &p.toks[i]
		if t.kind == kComment {
			continue
		}
		if t.line != line {
			n++
		}
		line = t.line
		if t.kind == kOp && isOpenBracket(p.text(t)) {
			i = p.match[i]
			line = p.toks[i].line
		}
	}
	return n
}

// field lays out a struct field: the name and the type in columns when the struct has more than one.
func (p *printer) field(n int) {
	if p.namedEntry(p.i, p.endOfLine()) {
		p.ident()
		if n > 1 {
			p.w.vtab()
		} else {
			p.w.blank()
		}
	}
	p.typ()
	if p.cur().kind == kString && p.cur().line == p.srcLine {
		unsupported() // a tag
	}
}

// method lays out an interface's method or embedded interface.
func (p *printer) method() {
	if p.cur().kind == kIdent && p.isAt(p.i+1, "(") {
		p.emit()
		p.signature()
		return
	}
	p.typ()
}

// endOfLine is the index of the first token after the current one on a later line.
func (p *printer) endOfLine() int {
	line := p.cur().line
	i := p.i
	for p.toks[i].kind != kEOF && p.toks[i].line == line {
		i++
	}
	return i
}
