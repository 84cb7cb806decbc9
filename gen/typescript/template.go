package typescript

import (
	"bytes"
	"embed"
	"fmt"
	"slices"
	"strings"
	"sync"
	"text/template"
)

// The templates (templates/*.tmpl) hold every line of the output, as the package documentation explains
// (Structure). text/template executes them, into an output that knows the line being written: that is
// how the layout functions they call know their indentation and the room left on the line.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

// parsed is the template set as parsed, with functions bound to no output: each renderer clones it (the
// clones share the parse trees) and binds the functions to its own output.
var parsed = template.Must(template.New("").Option("missingkey=error").Funcs(templateFuncs(nil)).ParseFS(templateFS, "templates/*.tmpl"))

// templateFuncs returns the functions templates call, those that lay out text bound to out.
//
//   - doc TEXT — the TSDoc comment of TEXT (kept as written), then a line break and the indentation, so
//     that the template's text goes on with the declaration it documents; nothing when TEXT is empty.
//     It starts a line: `    {{doc .Doc}}readonly x: string;`.
//   - docTags TEXT TAGS… — the same, with the tags that are not empty after TEXT.
//   - tag NAME VALUE — "NAME VALUE", or "" when VALUE is.
//   - paragraphs TEXT… — the texts that are not empty, as the paragraphs of one doc comment.
//   - wrap TEXT… — the concatenation of its arguments, wrapped for a doc comment at this indentation.
//   - wrapWhen COND TEXT… — wrap TEXT…, or "" unless COND:
//     `{{doc (paragraphs .Doc (wrapWhen .Immutable "…"))}}` (a template evaluates every argument of a
//     call, so a condition around a wrap would wrap in vain).
//   - article NAME — "a" or "an".
//   - comment PHRASES… — a line comment: see comment.
//   - js S… — the concatenation of S… as a string literal; access OBJ NAME — reading property NAME of
//     OBJ (`args?.name`).
//   - items ITEM… — a list of items, for a variable that list takes later; object MEMBER… — an object
//     literal of MEMBERs written as they are (`...opts`, `id: id`); union HEAD MEMBER… — a type
//     annotation whose type is a union.
//   - list OPEN ITEM… CLOSE (an ITEM that is a slice, of items or strings, gives its elements), assign
//     HEAD VALUE TAIL, assignUnion HEAD MEMBERS TAIL (the value a union), chain OPEN OPERATOR OPERAND…
//     CLOSE, property PROP (of an object literal) — the layouts of layout.go, written as what they lay
//     out: `{{list "super(" "name" "opts" ");"}}`. What comes before the bracket or the "=" is the
//     line's, so templates write it as text: `return new {{.Class}}{{list "(" …}}`,
//     `resourceInputs[{{.Wire}}] {{assign "=" …}}`.
//
// The functions that lay out text (doc, docTags, wrap, comment and the layouts) lay it out from the end
// of the output's current line: an action that calls one prints its result where it stands, so it must
// not be kept in a variable and printed elsewhere. A misuse (doc after text on its line, a list without
// its closing bracket) is an error of the call, which text/template returns with the template's position.
func templateFuncs(out *output) template.FuncMap {
	return template.FuncMap{
		"doc": func(text string) (string, error) {
			return docComment(out, "doc", text, "")
		},
		"docTags": func(text string, tags ...string) (string, error) {
			return docComment(out, "docTags", text, tagLines(tags))
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
		"comment": func(phrases ...string) string {
			return out.result(appendComment(out.scratch(), out.column(), phrases))
		},
		"js":     func(s ...string) string { return jsString(strings.Join(s, "")) },
		"access": propertyAccess,
		"items":  func(items ...item) []item { return items },
		"object": objectOf,
		"union":  func(head string, members ...string) unionType { return unionType{head, members} },
		"list": func(open string, rest ...any) (string, error) {
			items, close, err := listOf(rest)
			if err != nil {
				return "", err
			}
			return out.result(appendList(out.scratch(), out.column(), open, items, close)), nil
		},
		"assign": func(head, value, tail string) string {
			return out.result(appendAssign(out.scratch(), out.column(), head, []string{value}, tail))
		},
		"assignUnion": func(head string, members []string, tail string) string {
			return out.result(appendAssign(out.scratch(), out.column(), head, members, tail))
		},
		"chain": func(open, operator string, rest ...string) (string, error) {
			if len(rest) < 2 {
				return "", fmt.Errorf("chain: %d operands and close, want at least 2", len(rest))
			}
			return out.result(appendChain(out.scratch(), out.column(), open, operator, rest[:len(rest)-1], rest[len(rest)-1])), nil
		},
		"property": func(p jsProp) string {
			return p.layout(string(out.line()))
		},
	}
}

// docComment is the doc comment of text and tags (lines) that fn writes at the start of the line of out.
func docComment(out *output, fn, text, tags string) (string, error) {
	indent, err := out.lineStart(fn)
	if err != nil {
		return "", err
	}
	return out.result(appendDocComment(out.scratch(), indent, text, tags)), nil
}

// wrapAt is wrap of the concatenation of text at the line of out, when cond; "" when not, or when text is
// empty.
func wrapAt(out *output, cond bool, text []string) (string, error) {
	joined := strings.Join(text, "")
	if !cond || joined == "" {
		return "", nil
	}
	indent, err := out.lineStart("wrap")
	if err != nil {
		return "", err
	}
	return wrap(indent, joined), nil
}

// listOf splits the arguments of list after its opening bracket into its items and its closing bracket,
// the last. An argument that is a slice of items (made by items) or of strings gives its elements.
func listOf(args []any) (items []item, close string, err error) {
	if len(args) == 0 {
		return nil, "", fmt.Errorf("list: no closing bracket")
	}
	close, ok := args[len(args)-1].(string)
	if !ok {
		return nil, "", fmt.Errorf("list: a closing bracket of type %T", args[len(args)-1])
	}
	args = args[:len(args)-1]
	flat := true
	for _, a := range args {
		switch a.(type) {
		case []item, []string:
			flat = false
		}
	}
	if flat {
		return args, close, nil
	}
	for _, a := range args {
		switch v := a.(type) {
		case []item:
			items = append(items, v...)
		case []string:
			for _, s := range v {
				items = append(items, s)
			}
		default:
			items = append(items, a)
		}
	}
	return items, close, nil
}

// An output is what a template writes into. It knows the line being written, for the layout functions.
type output struct {
	bytes.Buffer
	start int    // where the line being written starts
	spare []byte // the layout functions' buffer: see scratch
}

func (o *output) Write(p []byte) (int, error) {
	if i := bytes.LastIndexByte(p, '\n'); i >= 0 {
		o.start = o.Len() + i + 1
	}
	return o.Buffer.Write(p)
}

// WriteString is Write's, for a writer that prefers io.StringWriter: the embedded buffer's would not
// track the line.
func (o *output) WriteString(s string) (int, error) {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		o.start = o.Len() + i + 1
	}
	return o.Buffer.WriteString(s)
}

// line returns the text written on the current line so far, valid until the next write.
func (o *output) line() []byte { return o.Bytes()[o.start:] }

// column returns the column at the end of the current line, where a layout function starts (see
// layout.go), without a copy of the line.
func (o *output) column() column { return at(o.line()) }

// lineStart returns the line so far, which must be its indentation alone: what fn writes starts a line.
func (o *output) lineStart(fn string) (string, error) {
	line := o.line()
	indent := indentOf(line)
	if len(indent) != len(line) {
		return "", fmt.Errorf("%s must start a line; it follows %q", fn, line)
	}
	return indent, nil
}

// scratch returns an empty buffer for a layout function to append its text to, which result returns:
// the text is copied once, into the string the function returns, and the buffer serves the next call.
func (o *output) scratch() []byte { return o.spare[:0] }

// result returns b, appended to the buffer of scratch, as a string, and keeps b for the next call.
func (o *output) result(b []byte) string {
	o.spare = b
	return string(b)
}

// A renderer executes the templates into its output. The layout functions read the output's current
// line, so each renderer binds them to its own output, in a clone of parsed; the clones share the parse
// trees. A renderer is used by one goroutine at a time: the pool renderers hands one to each.
type renderer struct {
	out    output
	set    *template.Template // parsed, its functions bound to out
	blocks int                // how many blocks appendBlock wrote into the output
}

func newRenderer() *renderer {
	r := &renderer{}
	r.set = template.Must(parsed.Clone()).Funcs(templateFuncs(&r.out))
	return r
}

// reset empties the renderer's output.
func (r *renderer) reset() {
	r.out.Reset()
	r.out.start = 0
	r.blocks = 0
}

// execute executes the named template on view into the renderer's output, which it empties first.
func (r *renderer) execute(name string, view any) error {
	r.reset()
	return r.set.ExecuteTemplate(&r.out, name, view)
}

// appendBlock executes the named template on view as a block after those the output holds, after a
// blank line, without the newlines the template ends its text with.
func (r *renderer) appendBlock(name string, view any) error {
	if r.blocks > 0 {
		r.out.Write([]byte("\n\n"))
	}
	r.blocks++
	start := r.out.Len()
	err := r.set.ExecuteTemplate(&r.out, name, view)
	text := r.out.Bytes()
	end := max(start, len(bytes.TrimRight(text, "\n")))
	r.out.Truncate(end)
	r.out.start = bytes.LastIndexByte(text[:end], '\n') + 1
	return err
}

// render executes the named template on view. Templates end their text with a newline; render drops
// it, so that callers join fragments with the blank lines they need.
func (r *renderer) render(name string, view any) (string, error) {
	if err := r.execute(name, view); err != nil {
		return "", err
	}
	return string(bytes.TrimRight(r.out.Bytes(), "\n")), nil
}

// renderers holds renderers for reuse, each with its clone of the templates and its output's memory.
var renderers = sync.Pool{New: func() any { return newRenderer() }}

// render executes the named template on view with a renderer of the pool.
func render(name string, view any) (string, error) {
	r := renderers.Get().(*renderer)
	defer renderers.Put(r)
	return r.render(name, view)
}

// renderFile executes the named template on view, then writes body after it, after a blank line unless
// body is empty, and appends the text to dst as the content of a file: ending in one newline. body, the
// blocks of a file (see fileGen.block), is copied once, into the content. Generate passes a nil dst, and
// each file gets a slice of its own, of its exact size; Stream passes an empty buffer of contentBuffers.
func renderFile(dst []byte, name string, view any, body []byte) ([]byte, error) {
	r := renderers.Get().(*renderer)
	defer renderers.Put(r)
	if err := r.execute(name, view); err != nil {
		return nil, err
	}
	head := bytes.TrimRight(r.out.Bytes(), "\n")
	content := slices.Grow(dst, len(head)+2+len(body)+1)
	content = append(content, head...)
	if body != nil {
		content = append(content, "\n\n"...)
		content = append(content, body...)
	}
	return append(content, '\n'), nil
}

// contentBuffers holds the buffers the files of a Stream are rendered into (*[]byte): emit keeps nothing
// of a file's content once it returns (gen.Streamer), so that the next file reuses its memory. Copying
// every file into a new slice of its own was a fifth of what the backend allocated.
var contentBuffers = sync.Pool{New: func() any { return new([]byte) }}
