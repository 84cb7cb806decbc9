package typescript

import (
	"strings"
	"testing"
)

func TestList(t *testing.T) {
	short := list("    ", "f(", []string{"a", "b"}, ") {")
	if short != "    f(a, b) {" {
		t.Errorf("short list = %q", short)
	}
	long := strings.Repeat("x", 60)
	got := list("    ", "f(", []string{long, long}, ") {")
	want := "    f(\n        " + long + ",\n        " + long + ",\n    ) {"
	if got != want {
		t.Errorf("long list:\n%s\nwant:\n%s", got, want)
	}
	// Padded braces lose their padding.
	got = list("", "import type { ", []string{long, long}, " } from \"./x\";")
	want = "import type {\n    " + long + ",\n    " + long + ",\n} from \"./x\";"
	if got != want {
		t.Errorf("braced list:\n%s\nwant:\n%s", got, want)
	}
}

func TestAssignment(t *testing.T) {
	if got := assignment("export type A", []string{`"a"`, `"b"`}); got != `export type A = "a" | "b";` {
		t.Errorf("short: %q", got)
	}
	v := `"` + strings.Repeat("v", 50) + `"`
	// Too long for one line, short enough on a line of its own.
	got := assignment("export type A", []string{v, v})
	if want := "export type A =\n    " + v + " | " + v + ";"; got != want {
		t.Errorf("indented:\n%s\nwant:\n%s", got, want)
	}
	got = assignment("export type A", []string{v, v, v})
	if want := "export type A =\n    | " + v + "\n    | " + v + "\n    | " + v + ";"; got != want {
		t.Errorf("one per line:\n%s\nwant:\n%s", got, want)
	}
	// A single literal too long for any line still moves to the next one.
	long := `"` + strings.Repeat("v", 130) + `"`
	if got, want := assignment("export const A", []string{long}), "export const A =\n    "+long+";"; got != want {
		t.Errorf("single:\n%s\nwant:\n%s", got, want)
	}
}

func TestHugCall(t *testing.T) {
	if got := hugCall("    ", "return new X", []string{"name"}, []string{"urn"}, ";"); got != "    return new X(name, { urn });" {
		t.Errorf("short: %q", got)
	}
	name := strings.Repeat("N", 90)
	got := hugCall("    ", "return new "+name, []string{"name"}, []string{"...opts", "id: id"}, ";")
	want := "    return new " + name + "(name, {\n        ...opts,\n        id: id,\n    });"
	if got != want {
		t.Errorf("hugged:\n%s\nwant:\n%s", got, want)
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

// TestCallStatement: the layouts prettier gave for these statements.
func TestCallStatement(t *testing.T) {
	const indent = "            "
	short := callStatement(indent, `resourceInputs["password"]`, "_contracts.secret", "args?.password")
	if want := `resourceInputs["password"] = _contracts.secret(args?.password);`; short != want {
		t.Errorf("short:\n%s\nwant:\n%s", short, want)
	}
	long := callStatement(indent, `resourceInputs["replicationPasswordForTheStandbyDat"]`, "_contracts.secret", "args?.replicationPasswordForTheStandbyDat")
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
	inner := jsObject{{"pattern", long}, {"regexp", long}}
	o := jsObject{{"min", "1"}, {"items", jsObject{{"max", "2"}}}, {"label", inner}}
	got := o.layout("", "return ", ";", true)
	want := "return {\n" +
		"    min: 1,\n" +
		"    items: { max: 2 },\n" +
		"    label: {\n" +
		"        pattern:\n" +
		"            " + long + ",\n" +
		"        regexp: " + long + ",\n" +
		"    },\n" +
		"};"
	if got != want {
		t.Errorf("layout:\n%s\nwant:\n%s", got, want)
	}
	if got := (jsObject{{"min", "1"}}).layout("    ", "f(", ");", false); got != "    f({ min: 1 });" {
		t.Errorf("flat: %q", got)
	}
}
