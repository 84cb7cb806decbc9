package typescript

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
	"sync"
	"text/template"
)

// The templates (templates/*.tmpl) hold every line of the output, as the package documentation explains
// (Structure). They execute into an output that knows the line being written: that is how the layout
// functions they call know their indentation and the room left on the line.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

// parsed is the template set as parsed, with functions bound to no output: renderers clone it and bind
// the functions to their own.
var parsed = template.Must(template.New("").Option("missingkey=error").Funcs(templateFuncs(nil)).ParseFS(templateFS, "templates/*.tmpl"))

// templateFuncs returns the functions templates call, those that lay out text bound to out.
//
//   - doc TEXT TAGS… — the TSDoc comment of TEXT (kept as written) and the tags that are not empty,
//     then a line break and the indentation, so that the template's text goes on with the declaration
//     it documents; nothing when all is empty. It starts a line: `    {{doc .Doc}}readonly x: string;`.
//   - tag NAME VALUE — "NAME VALUE", or "" when VALUE is.
//   - paragraphs TEXT… — the texts that are not empty, as the paragraphs of one doc comment.
//   - wrap TEXT… — the concatenation of its arguments, wrapped for a doc comment at this indentation.
//   - wrapWhen COND TEXT… — wrap TEXT…, or "" unless COND:
//     `{{doc (paragraphs .Doc (wrapWhen .Immutable "…"))}}` (a template evaluates every argument of a
//     call, so a condition around a wrap would wrap in vain).
//   - article NAME — "a" or "an".
//   - comment PHRASES… — a line comment: see comment.
//   - js S — S as a string literal; access OBJ NAME — reading property NAME of OBJ (`args?.name`).
//   - items ITEM… — a list of items, for list; object MEMBER… — an object literal of MEMBERs written as
//     they are (`...opts`, `id: id`); union HEAD MEMBER… — a type annotation whose type is a union.
//   - list OPEN ITEMS CLOSE, assign HEAD VALUE TAIL (VALUE a string or the members of a union), chain
//     OPEN OPERATOR OPERANDS CLOSE, property PROP (of an object literal) — the layouts of layout.go.
//     What comes before the bracket or the "=" is the line's, so templates write it as text:
//     `return new {{.Class}}{{list "(" …}}`, `resourceInputs[{{.Wire}}] {{assign "=" …}}` (a call of
//     print to make it an argument costs more than the layout).
func templateFuncs(out *output) template.FuncMap {
	docs := docCache{}
	return template.FuncMap{
		"doc": func(text string, tags ...string) (string, error) {
			line, err := out.lineStart("doc")
			if err != nil {
				return "", err
			}
			return docs.comment(line, text, tags), nil
		},
		"tag": func(name, value string) string {
			if value == "" {
				return ""
			}
			return name + " " + value
		},
		"paragraphs": func(texts ...string) string {
			var ps []string
			for _, t := range texts {
				if t != "" {
					ps = append(ps, t)
				}
			}
			return strings.Join(ps, "\n\n")
		},
		"wrap": func(text ...string) (string, error) {
			return wrapAt(out, true, text)
		},
		"wrapWhen": func(cond bool, text ...string) (string, error) {
			return wrapAt(out, cond, text)
		},
		"article": article,
		"comment": func(phrases ...string) string { return comment(out.line(), phrases) },
		"js":      jsString,
		"access":  propertyAccess,
		"items":   func(items ...item) []item { return items },
		"object":  objectOf,
		"union":   func(head string, members ...string) unionType { return unionType{head, members} },
		"list": func(open string, items any, close string) (string, error) {
			its, err := itemsOf(items)
			if err != nil {
				return "", err
			}
			return list(out.line(), open, its, close), nil
		},
		"assign": func(head string, value any, tail string) (string, error) {
			switch v := value.(type) {
			case string:
				return assign(out.line(), head, []string{v}, tail), nil
			case []string:
				return assign(out.line(), head, v, tail), nil
			}
			return "", fmt.Errorf("assign: a value of type %T", value)
		},
		"chain": func(open, operator string, operands []item, close string) string {
			flat := make([]string, len(operands))
			for i, o := range operands {
				flat[i] = flatText(o)
			}
			return chain(out.line(), open, operator, flat, close)
		},
		"property": func(p jsProp) string { return p.layout(out.line()) },
	}
}

// wrapAt is wrap of the concatenation of text at the line of out, when cond; "" when not, or when text is
// empty.
func wrapAt(out *output, cond bool, text []string) (string, error) {
	joined := strings.Join(text, "")
	if !cond || joined == "" {
		return "", nil
	}
	line, err := out.lineStart("wrap")
	return wrap(line, joined), err
}

// A docCache remembers the doc comments a renderer wrote: a property's comes three times per resource
// (the class, its arguments, its state), at the same indentation.
type docCache map[docKey]string

type docKey struct{ indent, text, tags string }

// docCacheSize bounds a cache, which a renderer keeps across files: beyond it, the cache starts over.
const docCacheSize = 4096

// comment is docComment, remembered.
func (c docCache) comment(indent, text string, tags []string) string {
	k := docKey{indent, text, tagLines(tags)}
	if d, ok := c[k]; ok {
		return d
	}
	if len(c) >= docCacheSize {
		clear(c)
	}
	d := docComment(k.indent, k.text, k.tags)
	c[k] = d
	return d
}

// itemsOf returns the items of a list: items made by the items function, or a slice of strings.
func itemsOf(items any) ([]item, error) {
	switch v := items.(type) {
	case []item:
		return v, nil
	case []string:
		list := make([]item, len(v))
		for i, s := range v {
			list[i] = s
		}
		return list, nil
	}
	return nil, fmt.Errorf("list: items of type %T", items)
}

// An output is what a template writes into. It knows the line being written, for the layout functions.
type output struct {
	bytes.Buffer
	start int // where the line being written starts
}

func (o *output) Write(p []byte) (int, error) {
	if i := bytes.LastIndexByte(p, '\n'); i >= 0 {
		o.start = o.Len() + i + 1
	}
	return o.Buffer.Write(p)
}

// line returns the text written on the current line so far.
func (o *output) line() string { return string(o.Bytes()[o.start:]) }

// lineStart returns the line so far, which must be its indentation alone: what fn writes starts a line.
func (o *output) lineStart(fn string) (string, error) {
	line := o.line()
	if strings.TrimLeft(line, " ") != "" {
		return "", fmt.Errorf("%s must start a line; it follows %q", fn, line)
	}
	return line, nil
}

// A renderer is a copy of the templates whose functions are bound to its output.
type renderer struct {
	out       output
	templates *template.Template
}

func newRenderer() *renderer {
	r := &renderer{}
	r.templates = template.Must(parsed.Clone()).Funcs(templateFuncs(&r.out))
	return r
}

// execute executes the named template on view into the renderer's output, which it empties first.
func (r *renderer) execute(name string, view any) error {
	r.out.Reset()
	r.out.start = 0
	return r.templates.ExecuteTemplate(&r.out, name, view)
}

// render executes the named template on view. Templates end their text with a newline; render drops
// it, so that callers join fragments with the blank lines they need.
func (r *renderer) render(name string, view any) (string, error) {
	if err := r.execute(name, view); err != nil {
		return "", err
	}
	return string(bytes.TrimRight(r.out.Bytes(), "\n")), nil
}

// renderers holds renderers for reuse: cloning the templates costs more than executing one.
var renderers = sync.Pool{New: func() any { return newRenderer() }}

// render executes the named template on view with a renderer of the pool.
func render(name string, view any) (string, error) {
	r := renderers.Get().(*renderer)
	defer renderers.Put(r)
	return r.render(name, view)
}

// renderFile executes the named template on view, then writes blocks after it, each after a blank line,
// and returns the text as the content of a file: ending in one newline. Its text and the blocks are
// copied once, into the content.
func renderFile(name string, view any, blocks []string) ([]byte, error) {
	r := renderers.Get().(*renderer)
	defer renderers.Put(r)
	if err := r.execute(name, view); err != nil {
		return nil, err
	}
	head := bytes.TrimRight(r.out.Bytes(), "\n")
	size := len(head) + 1
	for _, b := range blocks {
		size += 2 + len(b)
	}
	content := make([]byte, 0, size)
	content = append(content, head...)
	for _, b := range blocks {
		content = append(content, "\n\n"...)
		content = append(content, b...)
	}
	return append(content, '\n'), nil
}
