package typescript

import (
	"strings"
	"testing"
)

func TestJSString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{"it's", `"it's"`},
		{`say "hi"`, `'say "hi"'`},
		{`"it's"`, `'"it\'s"'`},
		{`"a" 'b'`, `"\"a\" 'b'"`}, // a tie keeps double quotes
		{`back\slash`, `"back\\slash"`},
		{"*/ ` ${x}", "\"*/ ` ${x}\""},
		{"a\nb\rc\td\be\ff\vg", `"a\nb\rc\td\be\ff\vg"`},
		{"nul\x00 bell\x07 del\x7f", `"nul\u0000 bell\u0007 del\u007f"`},
		{"line\u2028para\u2029", `"line\u2028para\u2029"`},
		{"rtl\u202e zwj\u200d nbsp\u00a0 bom\ufeff", `"rtl\u202e zwj\u200d nbsp\u00a0 bom\ufeff"`},
		{"tag\U000e0001", `"tag\u{e0001}"`},
		{"🎉 日本 é", `"🎉 日本 é"`},
	} {
		if got := jsString(tc.in); got != tc.want {
			t.Errorf("jsString(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestJSNumber(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{42, "42"},
		{-2.5, "-2.5"},
		{0.1, "0.1"},
		{1e-6, "0.000001"},
		{1e-7, "1e-7"},
		{1e20, "100000000000000000000"},
		{1e21, "1e21"},
		{-1.5e300, "-1.5e300"},
		{1.7976931348623157e308, "1.7976931348623157e308"},
	} {
		if got := jsNumber(tc.in); got != tc.want {
			t.Errorf("jsNumber(%v) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestPropertyNames(t *testing.T) {
	for _, tc := range []struct{ name, key, access string }{
		{"vpc", "vpc", "args?.vpc"},
		{"default", "default", "args?.default"}, // keywords are fine as property names
		{"_x1", "_x1", "args?._x1"},
		{"größe", "größe", "args?.größe"},
		{"名前", "名前", "args?.名前"},
		{"aⸯb", `["aⸯb"]`, `args?.["aⸯb"]`}, // a letter for Go, pattern syntax for JavaScript
		{"1a", `["1a"]`, `args?.["1a"]`},
	} {
		if got := propertyKey(tc.name); got != tc.key {
			t.Errorf("propertyKey(%q) = %s, want %s", tc.name, got, tc.key)
		}
		if got := propertyAccess("args", tc.name); got != tc.access {
			t.Errorf("propertyAccess(%q) = %s, want %s", tc.name, got, tc.access)
		}
	}
}

func TestTSDoc(t *testing.T) {
	tsdoc := func(indent, doc string, paragraphs ...string) string {
		return string(appendTSDoc(nil, indent, doc, paragraphs...))
	}
	got := tsdoc("    ", "Ends */ here.  \n\n\tcode\nline\u2028sep\r\nCRLF", "@param x The x.")
	want := strings.Join([]string{
		"    /**",
		`     * Ends *\/ here.`,
		"     *",
		"     * \tcode",
		"     * line",
		"     * sep",
		"     * CRLF",
		"     *",
		"     * @param x The x.",
		"     */",
		"",
	}, "\n")
	if got != want {
		t.Errorf("tsdoc:\n%s\nwant:\n%s", got, want)
	}
	if got := tsdoc("", "  \n "); got != "" {
		t.Errorf("tsdoc of a blank doc = %q, want nothing", got)
	}
}

func TestWrap(t *testing.T) {
	long := strings.Repeat("word ", 30)
	for _, line := range strings.Split(wrap(indentUnit, long), "\n") {
		if w := len(indentUnit) + len(" * ") + len(line); w > docWidth {
			t.Errorf("wrapped line %q is %d columns wide, more than %d", line, w, docWidth)
		}
	}
	if got := article("Instance") + " " + article("VPC"); got != "an a" {
		t.Errorf("articles = %q", got)
	}
}
