package pattern

import (
	"encoding/json"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// cases are patterns whose RE2 and JavaScript readings differ unless translated, with strings on both
// sides of each difference.
var cases = []struct {
	pattern string
	inputs  []string
}{
	{`^[a-z]{1,3}$`, []string{"", "a", "abc", "abcd", "ABC", "é"}},
	{`^a.c$`, []string{"abc", "a\nc", "a\rc", "a\u2028c", "a😀c"}},
	{`(?s)^a.c$`, []string{"a\nc", "abc"}},
	{`^\s+$`, []string{" ", "\t", "\v", "\u00a0", "\u2003"}},
	{`^\d+$`, []string{"123", "١٢٣", "12a"}},
	{`^\w+$`, []string{"abc_1", "é", "ab-c"}},
	{`(?i)^kelvin$`, []string{"kelvin", "KELVIN", "\u212aelvin", "ſ"}},
	{`(?i)^ſ$`, []string{"s", "S", "ſ"}},
	{`(?m)^b$`, []string{"a\nb\nc", "a\rb\rc", "a\u2028b"}},
	{`^\pL+$`, []string{"abc", "日本語", "a1"}},
	{`^[^a]$`, []string{"b", "a", "😀", "\n"}},
	{`\bword\b`, []string{"a word here", "swordfish", "é word"}},
	{`^(?:ab)*?c\z`, []string{"ababc", "abac", "c"}},
	{`^[[:alpha:]]+$`, []string{"abc", "é"}},
	{`^\Qa.b\E$`, []string{"a.b", "axb"}},
	{`^a{2,}$`, []string{"a", "aa", "aaaa"}},
	{`x*`, []string{"", "anything"}},
	{`^(a|b|)$`, []string{"", "a", "c"}},
	{`^[\x{1F600}-\x{1F64F}]$`, []string{"😀", "a"}},
	{`^/\.\*$`, []string{"/.*", "/ab"}},
}

func TestParseReportsRE2Errors(t *testing.T) {
	if _, err := Parse(`a(b`); err == nil || !strings.Contains(err.Error(), "missing closing )") {
		t.Errorf("Parse(a(b) = %v, want RE2's missing closing )", err)
	}
	if _, err := Parse(`(?<name>x)`); err != nil {
		t.Errorf("Go 1.22+ accepts (?<name>…): %v", err)
	}
}

// TestJavaScriptAgrees runs every translated pattern in node on every input and compares with RE2.
func TestJavaScriptAgrees(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	type job struct {
		Source string   `json:"source"`
		Inputs []string `json:"inputs"`
	}
	var jobs []job
	for _, c := range cases {
		src, err := JS(c.pattern)
		if err != nil {
			t.Fatalf("JS(%q): %v", c.pattern, err)
		}
		jobs = append(jobs, job{src, c.inputs})
	}
	in, _ := json.Marshal(jobs)
	script := `const jobs = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(jobs.map(j => { const re = new RegExp(j.source, "u"); return j.inputs.map(s => re.test(s)); })));`
	cmd := exec.Command(node, "-e", script)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got [][]bool
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node output %s: %v", out, err)
	}
	for i, c := range cases {
		re := regexp.MustCompile(c.pattern)
		for j, s := range c.inputs {
			if want := re.MatchString(s); got[i][j] != want {
				t.Errorf("pattern %q on %q: RE2 %v, JavaScript (%s) %v", c.pattern, s, want, jobs[i].Source, got[i][j])
			}
		}
	}
}
