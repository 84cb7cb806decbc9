package layout

// Statements: go/printer's block, stmtList, stmt and controlClause for the statements the stubs use.

// block lays out a block: its statements on lines of their own, indented by nindent, and the closing
// brace on its own line.
func (p *printer) block(nindent int) {
	lbrace := p.i
	rbrace := p.match[lbrace]
	p.expect("{")
	p.stmtList(nindent, rbrace)
	p.linebreak(p.toks[rbrace].line, 1, nil, true)
	p.expect("}")
}

// stmtList lays out the statements up to the token end, or, in a switch's case clause, up to the next
// clause.
func (p *printer) stmtList(nindent, end int) {
	p.w.indent += nindent
	lines := 0
	for i := 0; p.i < end && !p.is("case") && !p.is("default"); i++ {
		p.linebreak(p.cur().line, 1, nil, i == 0 || nindent == 0 || p.w.ended-lines > 0)
		lines = p.w.ended
		p.stmt()
		if p.i != end && p.cur().line == p.srcLine {
			unsupported()
		}
	}
	p.w.indent -= nindent
}

// stmt lays out a statement.
func (p *printer) stmt() {
	switch {
	case p.is("var"):
		p.genDecl()
	case p.is("return"):
		p.emit()
		if p.cur().line == p.srcLine && !p.is("}") {
			p.w.blank()
			items := p.listItems()
			if len(items) > 1 && p.toks[items[0].from].line != p.toks[items[len(items)-1].to-1].line {
				unsupported() // gofmt's indentList heuristic
			}
			p.exprList(-1, items, false, -1, false)
		}
	case p.is("if"):
		p.emit()
		p.controlClause(true)
		p.block(1)
		if p.is("else") {
			p.w.blank()
			p.emit()
			p.w.blank()
			switch {
			case p.is("if"):
				p.stmt()
			case p.is("{"):
				p.block(1)
			default:
				unsupported()
			}
		}
	case p.is("switch"):
		p.emit()
		p.controlClause(false)
		p.switchBody()
	case p.cur().kind == kKeyword || p.is("{"):
		unsupported() // for, go, defer, labels, nested blocks and the rest
	default:
		p.simpleStmt()
	}
}

// controlClause lays out the header of an if or switch statement: an optional init statement and a
// condition (which an if must have) or tag, then the blank before the block.
func (p *printer) controlClause(isIf bool) {
	p.w.blank()
	if p.is("{") {
		if isIf {
			unsupported() // an if without its condition
		}
		return // a switch without a tag
	}
	p.noLit++
	p.notParenthesized()
	cond := p.simpleStmt()
	if p.is(";") {
		p.emit()
		p.w.blank()
		if cond = !p.is("{"); cond {
			p.notParenthesized()
			p.expr()
		}
	} else if !cond {
		unsupported() // an assignment where the condition goes
	}
	p.noLit--
	if !p.is("{") || isIf && !cond {
		unsupported()
	}
	p.w.blank()
}

// notParenthesized refuses a condition or tag in parentheses, which gofmt strips.
func (p *printer) notParenthesized() {
	if p.is("(") && p.isAt(p.match[p.i]+1, "{") {
		unsupported()
	}
}

// simpleStmt lays out an expression statement, an assignment or an increment, and reports whether it
// was an expression.
func (p *printer) simpleStmt() (expr bool) {
	lhs := p.listItems()
	if len(lhs) > 1 && p.toks[lhs[0].from].line != p.toks[lhs[len(lhs)-1].to-1].line {
		unsupported()
	}
	for i, it := range lhs {
		if i > 0 {
			p.expect(",")
			p.w.blank()
		}
		if p.i != it.from {
			unsupported()
		}
		p.expr()
	}
	if t := p.cur(); t.kind == kOp && t.line == p.srcLine {
		switch p.text(t) {
		case "=", ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&^=":
			p.w.blank()
			p.emit()
			p.w.blank()
			p.valueList(p.srcLine)
			return false
		case "++", "--":
			if len(lhs) != 1 {
				unsupported()
			}
			p.emit()
			return false
		}
	}
	if len(lhs) != 1 {
		unsupported() // a list that is no statement
	}
	return true
}

// switchBody lays out a switch's block of case clauses, each a section of its own, the clauses at the
// switch's indentation and their statements one deeper.
func (p *printer) switchBody() {
	lbrace := p.i
	rbrace := p.match[lbrace]
	p.expect("{")
	for p.i < rbrace {
		p.linebreak(p.cur().line, 1, nil, true)
		switch {
		case p.is("case"):
			caseLine := p.cur().line
			p.emit()
			p.w.blank()
			items := p.listItems()
			colon := items[len(items)-1].to
			if !p.isAt(colon, ":") {
				unsupported()
			}
			p.exprList(caseLine, items, false, p.toks[colon].line, false)
		case p.is("default"):
			p.emit()
		default:
			unsupported()
		}
		p.expect(":")
		p.stmtList(1, rbrace)
	}
	p.linebreak(p.toks[rbrace].line, 1, nil, true)
	p.expect("}")
}
