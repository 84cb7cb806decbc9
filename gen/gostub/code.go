package gostub

import (
	"strconv"

	"github.com/dave/jennifer/jen"
)

// code builds lines of generated Go, or a part of one, as few jennifer nodes as it can: a run of
// text is one jen.Id, not a node per token. Spacing inside a line is package layout's (it reads
// tokens and writes them as gofmt would), so the text only has to hold the tokens and the line breaks
// gofmt keeps: jennifer's groups (Block, Struct, Interface, Custom) put their items on lines of their
// own, and the lines of a block's statements, a struct's fields or a literal's elements are one item
// (see lines).
//
// A name of another package is text too, qualified by the name the file imports the package under,
// once the file holds a jen.Qual of that package: jennifer imports what it renders a jen.Qual of
// (and names it; see packageGen.qualifier). A stub file has about 140 lines per resource, and jennifer
// renders each node with an allocation or two: building and rendering a node per token was half of
// the backend's time.
type code struct {
	g     *packageGen
	nodes jen.Statement
	text  []byte // what follows nodes, not yet a node
}

// code starts a piece of code with the texts parts. Codes are reused: done hands c back.
func (g *packageGen) code(parts ...string) *code {
	var c *code
	if n := len(g.free); n > 0 {
		c, g.free = g.free[n-1], g.free[:n-1]
		c.g = g // it may have served another package
	} else {
		c = &code{g: g}
	}
	return c.id(parts...)
}

// doc starts a piece of code with the doc comment text, if any.
func (g *packageGen) doc(text string) *code { return g.code().doc(text) }

// prose starts a piece of code with a doc comment of the stubs' own (see prose).
func (g *packageGen) prose(format string, args ...string) *code {
	return g.code().prose(format, args...)
}

// id appends text: identifiers, operators, anything but a name of another package.
func (c *code) id(parts ...string) *code {
	for _, p := range parts {
		c.text = append(c.text, p...)
	}
	return c
}

// qual appends the name of package path's member name.
func (c *code) qual(path, name string) *code {
	if q, ok := c.g.qualifier(path); ok {
		if q != "" {
			c.text = append(c.text, q...)
			c.text = append(c.text, '.')
		}
		c.text = append(c.text, name...)
		return c
	}
	c.flush()
	c.nodes.Qual(path, name)
	return c
}

// rt appends the name of a member of the runtime, package provider.
func (c *code) rt(name string) *code { return c.qual(runtimePath, name) }

// lit appends the Go literal of a string, as jen.Lit writes it (%#v of a string is strconv.Quote).
func (c *code) lit(s string) *code {
	c.text = strconv.AppendQuote(c.text, s)
	return c
}

// num appends the literal of a float: the shortest decimal that reads back as v, 50 and not 50.0,
// 1e+21 and not 1000000000000000000000.
func (c *code) num(v float64) *code {
	c.text = strconv.AppendFloat(c.text, v, 'g', -1, 64)
	return c
}

// int appends the literal of an int.
func (c *code) int(n int) *code {
	c.text = strconv.AppendInt(c.text, int64(n), 10)
	return c
}

// add appends code built with jennifer.
func (c *code) add(code jen.Code) *code {
	c.flush()
	c.nodes = append(c.nodes, code)
	return c
}

// lines appends n lines, line(c, i) appending the i-th, each but the last followed by sep and a line
// break.
func (c *code) lines(n int, sep string, line func(c *code, i int)) *code {
	for i := range n {
		if i > 0 {
			c.id(sep, "\n")
		}
		line(c, i)
	}
	return c
}

// items returns the code built as the items of a jennifer group (Block, Struct, Custom), which writes
// each on lines of its own: one item, however many lines it holds, or none for no code, as a group of
// no item is written on one line. It gives c back, as done does.
func (c *code) items() []jen.Code {
	if len(c.text) == 0 && len(c.nodes) == 0 {
		c.g.free = append(c.g.free, c)
		return nil
	}
	return []jen.Code{c.done()}
}

func (c *code) flush() {
	if len(c.text) > 0 {
		c.nodes.Id(c.g.texts.string(c.text))
		c.text = c.text[:0]
	}
}

// done returns the code built, for jennifer's groups and statements to hold, and gives c back to its
// generator: c must not be used after.
func (c *code) done() *jen.Statement {
	c.flush()
	s := c.g.statements.next()
	if len(c.nodes) == 0 {
		s.Id("") // not an empty statement, which jennifer's groups leave out
	}
	*s = append(*s, c.nodes...)
	clear(c.nodes)
	c.nodes = c.nodes[:0]
	c.g.free = append(c.g.free, c)
	return s
}
