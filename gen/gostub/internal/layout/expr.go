package layout

// Expressions: go/printer's expr1 for the operands and operators the stubs use. Types are written
// where expressions are (a call's type arguments, a conversion), in the same words.

// expr lays out an expression. A binary operator is not laid out here: gofmt's spacing around one
// depends on the precedence of those around it.
func (p *printer) expr() {
	p.unaryExpr()
	if t := p.cur(); t.kind == kOp && isBinaryOp(p.text(t)) {
		unsupported()
	}
}

func isBinaryOp(s string) bool {
	switch s {
	case "||", "&&", "==", "!=", "<", "<=", ">", ">=", "+", "-", "|", "^", "*", "/", "%", "<<", ">>", "&", "&^":
		return true
	}
	return false
}

func (p *printer) unaryExpr() {
	if t := p.cur(); t.kind == kOp {
		switch p.text(t) {
		case "*", "&", "-", "+", "!", "^":
			p.emit()
			p.unaryExpr()
			return
		}
	}
	p.primaryExpr()
}

// primaryExpr lays out an operand and what follows it: selectors, calls, indexes, type assertions,
// composite literals.
func (p *printer) primaryExpr() {
	// litType says whether what is laid out so far may be a composite literal's type, as go/parser
	// decides it: a name, a selector, an index (a generic type's instance), or a slice, map or struct type.
	litType := true
	t := p.cur()
	switch {
	case t.kind == kIdent:
		p.emit()
	case t.kind == kNumber || t.kind == kString:
		p.emit()
		litType = false
	case p.is("("):
		if p.isAt(p.i+1, "(") {
			unsupported() // gofmt drops doubled parentheses
		}
		p.inBrackets(func() {
			p.emit()
			p.expr()
			p.expect(")")
		})
		litType = false
	case p.is("func"):
		p.emit()
		p.signature()
		if p.is("{") {
			p.funcBody(false)
		}
		litType = false
	case p.is("[") || p.is("map") || p.is("struct") || p.is("interface"):
		litType = !p.is("interface")
		p.typ()
	default:
		unsupported()
	}
	for {
		switch {
		case p.is("."):
			p.emit()
			switch {
			case p.cur().kind == kIdent:
				p.emit()
				litType = true
			case p.is("("):
				if p.isAt(p.i+1, "type") {
					unsupported()
				}
				p.inBrackets(func() {
					p.emit()
					p.typ()
					p.expect(")")
				})
				litType = false
			default:
				unsupported()
			}
		case p.is("("):
			p.call()
			litType = false
		case p.is("["):
			p.index()
			litType = true
		case p.is("{") && p.noLit == 0:
			if !litType {
				unsupported()
			}
			p.compositeLit()
			litType = false
		default:
			return
		}
	}
}

// inBrackets lays out f's brackets, in which a composite literal may follow a type again.
func (p *printer) inBrackets(f func()) {
	saved := p.noLit
	p.noLit = 0
	f()
	p.noLit = saved
}

// call lays out the arguments of a call.
func (p *printer) call() {
	p.inBrackets(func() {
		lparen := p.i
		rparen := p.match[lparen]
		items := p.items(lparen, rparen)
		for _, it := range items {
			if it.pair {
				unsupported()
			}
		}
		p.emit()
		p.exprList(p.toks[lparen].line, items, true, p.toks[rparen].line, false)
		p.expect(")")
	})
}

// index lays out an index or the type arguments of a generic function, on one line.
func (p *printer) index() {
	p.inBrackets(func() {
		lbrack := p.i
		rbrack := p.match[lbrack]
		if p.toks[lbrack].line != p.toks[rbrack].line || rbrack == lbrack+1 {
			unsupported()
		}
		items := p.items(lbrack, rbrack)
		p.emit()
		for i, it := range items {
			if it.pair || p.i != it.from {
				unsupported()
			}
			if i > 0 {
				p.expect(",")
				p.w.blank()
			}
			p.expr()
		}
		if p.i != rbrack {
			unsupported()
		}
		p.emit()
	})
}

// compositeLit lays out the elements of a composite literal and its braces.
func (p *printer) compositeLit() {
	p.inBrackets(func() {
		lbrace := p.i
		rbrace := p.match[lbrace]
		items := p.items(lbrace, rbrace)
		if len(items) == 0 && p.toks[lbrace].line != p.toks[rbrace].line {
			unsupported()
		}
		p.emit()
		p.exprList(p.toks[lbrace].line, items, true, p.toks[rbrace].line, true)
		p.expect("}")
	})
}
