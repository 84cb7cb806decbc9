package typescript

import (
	"strings"
	"testing"
	"text/template"
)

// list, assign, chain and comment lay out their construct after line, as the template functions do where
// they are called, and return its text.
func list(line, open string, items []item, close string) string {
	return string(appendList(nil, at(line), open, items, close))
}

func assign(line, head string, members []string, tail string) string {
	return string(appendAssign(nil, at(line), head, members, tail))
}

func chain(line, open, operator string, operands []string, close string) string {
	return string(appendChain(nil, at(line), open, operator, operands, close))
}

func comment(line string, phrases []string) string {
	return string(appendComment(nil, at(line), phrases))
}

// strs makes list items of strings.
func strs(ss ...string) []item {
	items := make([]item, len(ss))
	for i, s := range ss {
		items[i] = s
	}
	return items
}

func TestList(t *testing.T) {
	short := list("    ", "f(", strs("a", "b"), ") {")
	if short != "f(a, b) {" {
		t.Errorf("short list = %q", short)
	}
	long := strings.Repeat("x", 60)
	got := list("    ", "f(", strs(long, long), ") {")
	want := "f(\n        " + long + ",\n        " + long + ",\n    ) {"
	if got != want {
		t.Errorf("long list:\n%s\nwant:\n%s", got, want)
	}
	// What is already on the line counts: a list that fits after the indentation breaks after more.
	half := strs(long[:55], long[:55])
	if got := list("    ", "f(", half, ");"); strings.Contains(got, "\n") {
		t.Errorf("list after the indentation = %q, want it flat", got)
	}
	if got := list("    return ", "f(", half, ");"); !strings.Contains(got, "\n") {
		t.Errorf("list after text = %q, want it broken", got)
	}
	// Padded braces lose their padding.
	got = list("", "import type { ", strs(long, long), " } from \"./x\";")
	want = "import type {\n    " + long + ",\n    " + long + ",\n} from \"./x\";"
	if got != want {
		t.Errorf("braced list:\n%s\nwant:\n%s", got, want)
	}
}

// TestListHug: a last argument that is an object literal breaks open after the other arguments while
// the line up to its brace fits; else every argument goes on a line of its own.
func TestListHug(t *testing.T) {
	opts := objectOf("...opts", "id: id")
	if got := list("    ", "return new X(", []item{"name", opts}, ");"); got != "return new X(name, { ...opts, id: id });" {
		t.Errorf("short: %q", got)
	}
	name := strings.Repeat("N", 90)
	got := list("    ", "return new "+name+"(", []item{"name", opts}, ");")
	want := "return new " + name + "(name, {\n        ...opts,\n        id: id,\n    });"
	if got != want {
		t.Errorf("hugged:\n%s\nwant:\n%s", got, want)
	}
	name = strings.Repeat("N", 110)
	got = list("    ", "return new "+name+"(", []item{"name", opts}, ");")
	want = "return new " + name + "(\n        name,\n        { ...opts, id: id },\n    );"
	if got != want {
		t.Errorf("all broken:\n%s\nwant:\n%s", got, want)
	}
	// An object that must stay broken open is never flat.
	table := jsObject{expand: true}
	table.add("size", jsObject{props: []jsProp{{"min", "1"}}})
	got = list("", "check(", []item{"args", table}, ");")
	if want := "check(args, {\n    size: { min: 1 },\n});"; got != want {
		t.Errorf("expanded:\n%s\nwant:\n%s", got, want)
	}
}

// TestUnionItem: a union annotation that does not fit on its line in a broken list gets one member per
// line.
func TestUnionItem(t *testing.T) {
	a, s := strings.Repeat("A", 60), strings.Repeat("S", 60)
	got := list("    ", "constructor(", []item{"name: string", unionType{"argsOrState?:", []string{a, s}}}, ") {")
	want := "constructor(\n        name: string,\n        argsOrState?:\n            | " + a + "\n            | " + s + ",\n    ) {"
	if got != want {
		t.Errorf("union:\n%s\nwant:\n%s", got, want)
	}
}

func TestAssign(t *testing.T) {
	if got := assign("", "export type A =", []string{`"a"`, `"b"`}, ";"); got != `export type A = "a" | "b";` {
		t.Errorf("short: %q", got)
	}
	v := `"` + strings.Repeat("v", 50) + `"`
	// Too long for one line, short enough on a line of its own.
	got := assign("", "export type A =", []string{v, v}, ";")
	if want := "export type A =\n    " + v + " | " + v + ";"; got != want {
		t.Errorf("indented:\n%s\nwant:\n%s", got, want)
	}
	got = assign("", "export type A =", []string{v, v, v}, ";")
	if want := "export type A =\n    | " + v + "\n    | " + v + "\n    | " + v + ";"; got != want {
		t.Errorf("one per line:\n%s\nwant:\n%s", got, want)
	}
	// A single literal too long for any line still moves to the next one.
	long := `"` + strings.Repeat("v", 130) + `"`
	if got, want := assign("", "export const A =", []string{long}, ";"), "export const A =\n    "+long+";"; got != want {
		t.Errorf("single:\n%s\nwant:\n%s", got, want)
	}
	// A statement moves its value one level deeper than its own indentation.
	const indent = "            "
	target := `resourceInputs["` + strings.Repeat("p", 50) + `"] =`
	value := "state?." + strings.Repeat("p", 50)
	if got, want := assign(indent, target, []string{value}, ";"), target+"\n"+indent+"    "+value+";"; got != want {
		t.Errorf("statement:\n%s\nwant:\n%s", got, want)
	}
}

func TestChain(t *testing.T) {
	if got := chain("    ", "if (", "&&", []string{"a", "b"}, ") {"); got != "if (a && b) {" {
		t.Errorf("short: %q", got)
	}
	a := strings.Repeat("a", 105)
	want := "if (\n        " + a + " &&\n        b\n    ) {"
	if got := chain("    ", "if (", "&&", []string{a, "b"}, ") {"); got != want {
		t.Errorf("long:\n%s\nwant:\n%s", got, want)
	}
}

func TestComment(t *testing.T) {
	if got := comment("", []string{"one,", "two."}); got != "// one, two." {
		t.Errorf("short: %q", got)
	}
	long := strings.Repeat("x", 110) + ","
	if got, want := comment("    ", []string{long, "two."}), "// "+long+"\n    // two."; got != want {
		t.Errorf("long:\n%s\nwant:\n%s", got, want)
	}
}

func TestTextWidth(t *testing.T) {
	for _, tc := range []struct {
		s string
		w int
	}{{"abc", 3}, {"日本", 4}, {"🎉", 2}, {"e\u0301", 1}, {"größe", 5}} {
		if got := textWidth(tc.s); got != tc.w {
			t.Errorf("textWidth(%q) = %d, want %d", tc.s, got, tc.w)
		}
	}
}

// TestSecretCall: the layouts prettier gave for a call whose line is too long.
func TestSecretCall(t *testing.T) {
	const indent = "            "
	short := list(indent, `resourceInputs["password"] = _contracts.secret(`, strs("args?.password"), ");")
	if want := `resourceInputs["password"] = _contracts.secret(args?.password);`; short != want {
		t.Errorf("short:\n%s\nwant:\n%s", short, want)
	}
	long := list(indent, `resourceInputs["replicationPasswordForTheStandbyDat"] = _contracts.secret(`, strs("args?.replicationPasswordForTheStandbyDat"), ");")
	want := `resourceInputs["replicationPasswordForTheStandbyDat"] = _contracts.secret(` + "\n" +
		indent + "    args?.replicationPasswordForTheStandbyDat,\n" + indent + ");"
	if long != want {
		t.Errorf("long:\n%s\nwant:\n%s", long, want)
	}
}

// TestObjectLayout: objects flat when they fit, else one property per line; a long string after a
// short key stays on the key's line, after a longer key it moves to the next.
func TestObjectLayout(t *testing.T) {
	long := `"` + strings.Repeat("x", 110) + `"`
	inner := jsObject{props: []jsProp{{"pattern", long}, {"regexp", long}}}
	o := jsObject{props: []jsProp{{"min", "1"}, {"items", jsObject{props: []jsProp{{"max", "2"}}}}, {"label", inner}}}
	got := o.broken("")
	want := "{\n" +
		"    min: 1,\n" +
		"    items: { max: 2 },\n" +
		"    label: {\n" +
		"        pattern:\n" +
		"            " + long + ",\n" +
		"        regexp: " + long + ",\n" +
		"    },\n" +
		"}"
	if got != want {
		t.Errorf("layout:\n%s\nwant:\n%s", got, want)
	}
	if got := list("    ", "f(", []item{jsObject{props: []jsProp{{"min", "1"}}}}, ");"); got != "f({ min: 1 });" {
		t.Errorf("flat: %q", got)
	}
}

// TestTemplateLine: a layout function called from a template lays out its construct from where the call
// stands, and doc comments take the indentation of the line they start.
func TestTemplateLine(t *testing.T) {
	r := newRenderer()
	template.Must(r.set.New("test").Parse("class X {\n" +
		`    {{docTags "Doc." (tag "@deprecated" "old") (tag "@defaultValue" "")}}{{list "f(" "a" "b" ");"}}` + "\n" +
		`    {{doc ""}}x;` + "\n}\n"))
	got, err := r.render("test", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "class X {\n    /**\n     * Doc.\n     *\n     * @deprecated old\n     */\n    f(a, b);\n    x;\n}"; got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// A doc comment must start its line.
	template.Must(r.set.New("bad").Parse(`x {{doc "Doc."}}`))
	if _, err := r.render("bad", nil); err == nil || !strings.Contains(err.Error(), "must start a line") {
		t.Errorf("doc after text: err = %v", err)
	}
}
