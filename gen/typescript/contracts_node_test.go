package typescript_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/idl/pattern"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/nodetest"
	"github.com/cidlc/cidlc/provider"
)

// TestContractsAgree proves that the two runtimes of contracts, package provider's (on package
// contract's rules) and the generated _contracts.ts, accept and reject exactly the same values with
// exactly the same messages, and that the loader's rule for defaults (load.Violation) says the same of
// numbers and strings. One table of constraints and values, built here, feeds all three: the Go runtime
// checks each value as Check would, the table goes to node as JSON, and the compiled _contracts.ts of
// the golden package of go_contracts checks it there.
func TestContractsAgree(t *testing.T) {
	table := contractTable()
	var rows []contractRow
	var goVerdicts [][]violation
	for _, c := range table {
		for _, v := range c.values {
			jc := jsContract(t, &c.cs, c.fields, c.secret)
			if c.integer != "" {
				jc["integer"] = c.integer
			}
			if c.enum {
				jc["enum"] = map[string]any{"name": "Region", "values": Region("").Values()}
			}
			rows = append(rows, contractRow{Contract: jc, Value: v})
			got := goViolations(t, c, v)
			goVerdicts = append(goVerdicts, got)
			// The loader's rule for defaults, where it applies: numbers and strings, not secret, and
			// not the integers' own rule, which the loader applies to a default as it parses it.
			if _, isSlice := v.([]any); c.secret || c.fields != nil || c.integer != "" || c.enum || isSlice {
				continue
			}
			if _, isMap := v.(map[string]any); isMap {
				continue
			}
			want := ""
			if len(got) > 0 {
				want = got[0].Message
			}
			if msg := load.Violation(&c.cs, v); msg != want {
				t.Errorf("%s on %s: load.Violation says %q, the runtime %q", describeConstraints(&c.cs), show(v), msg, want)
			}
		}
	}
	if len(rows) < 150 {
		t.Fatalf("the table has %d values; it lost cases", len(rows))
	}

	// Struct contracts are functions in generated code; the table holds their fields as objects.
	script := `const { violations } = require("./bin/_contracts.js");
const table = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
function contract(c) {
	const out = { ...c };
	if (c.items) out.items = contract(c.items);
	if (c.fields) {
		const fields = Object.fromEntries(Object.entries(c.fields).map(([k, f]) => [k, contract(f)]));
		out.fields = () => fields;
	}
	return out;
}
process.stdout.write(JSON.stringify(table.map((row) => violations({ v: row.value }, { v: contract(row.contract) }))));`
	var jsVerdicts [][]violation
	runTable(t, filepath.Join(goldenRoot, "go_contracts", "pack", "_contracts.ts"), rows, script, &jsVerdicts)
	if len(jsVerdicts) != len(rows) {
		t.Fatalf("node checked %d values, want %d", len(jsVerdicts), len(rows))
	}
	rejected := 0
	for i, row := range rows {
		js := sortViolations(jsVerdicts[i])
		if !slices.Equal(js, goVerdicts[i]) {
			rc, _ := json.Marshal(row.Contract)
			t.Errorf("contract %s on %s:\n  Go:         %v\n  TypeScript: %v", rc, show(row.Value), goVerdicts[i], js)
		}
		if len(js) > 0 {
			rejected++
		}
	}
	t.Logf("%d values, %d rejected, the same way on both sides", len(rows), rejected)
}

// contractCase is a contract and the values to check against it.
type contractCase struct {
	cs     model.Constraints
	fields map[string]*model.Constraints // when set, the value is an array of structs with these contracts
	secret bool                          // the property is secret
	// integer is the IDL's integer type of the value (int, int32), "" for any other.
	integer string
	// enum says the value is a Region (see below), as a configuration's enum-typed value is checked.
	enum   bool
	values []any // JSON-like values
}

// contractRow is one value to check and its contract, as the TypeScript runtime takes them.
type contractRow struct {
	Contract map[string]any `json:"contract"`
	Value    any            `json:"value"`
}

// violation is what both runtimes report: a path and a message.
type violation struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

func (v violation) String() string { return v.Path + ": " + v.Message }

func sortViolations(vs []violation) []violation {
	slices.SortStableFunc(vs, func(a, b violation) int { return cmp.Compare(a.Path, b.Path) })
	return vs
}

// contractTable is every kind of constraint with values just inside and just outside its bounds, and
// strings on which RE2 and JavaScript disagree unless the pattern is translated.
func contractTable() []contractCase {
	f := func(v float64) *float64 { return &v }
	n := func(v int) *int { return &v }
	strs := func(ss ...string) []any {
		out := make([]any, len(ss))
		for i, s := range ss {
			out[i] = s
		}
		return out
	}
	nums := func(fs ...float64) []any {
		out := make([]any, len(fs))
		for i, v := range fs {
			out[i] = v
		}
		return out
	}
	pat := func(p string, ss ...string) contractCase {
		return contractCase{cs: model.Constraints{Pattern: p}, values: strs(ss...)}
	}
	negZero := math.Copysign(0, -1)
	cases := []contractCase{
		// Numbers, at their bounds.
		{cs: model.Constraints{Min: f(10)}, values: nums(10, 9.999999999, 10.000000001, -10, 1e300)},
		{cs: model.Constraints{Min: f(0)}, values: nums(0, negZero, -5e-324)},
		{cs: model.Constraints{Max: f(65536)}, values: nums(65536, 65536.00000000001, 65535.99999999999, -1e21)},
		{cs: model.Constraints{ExclusiveMin: f(0)}, values: nums(0, negZero, 5e-324, -1e-7)},
		{cs: model.Constraints{ExclusiveMax: f(1)}, values: nums(1, 0.9999999999999999, 1.0000000000000002)},
		{cs: model.Constraints{ExclusiveMin: f(-1.5), ExclusiveMax: f(1e21)}, values: nums(-1.5, -1.4999999999999998, 1e21, 9.999999999999999e20)},
		{cs: model.Constraints{MultipleOf: f(0.1)}, values: nums(0.3, 0.35, 0.30000000000000004, -0.7, 0, 1e-10, 2e-9, 100000000000.1)},
		{cs: model.Constraints{MultipleOf: f(10)}, values: nums(20, 25, -30, 1e21, 10.000000001, 10.00000001)},
		{cs: model.Constraints{MultipleOf: f(1)}, values: nums(1, 1+5e-10, 1+2e-9, 1e9+0.5, 1e8+0.5, 4503599627370497)},
		{cs: model.Constraints{MultipleOf: f(3)}, values: nums(1e20, 7, -9)},
		{cs: model.Constraints{MultipleOf: f(1e-300)}, values: nums(1, 1e-310)},
		{cs: model.Constraints{MultipleOf: f(0.01)}, values: nums(1.005, 1.01, 0.07)},
		{cs: model.Constraints{Min: f(10), Max: f(100), MultipleOf: f(10)}, values: nums(5, 105, 55, 10, 100)},
		{cs: model.Constraints{Min: f(10), MultipleOf: f(10)}, secret: true, values: nums(5, 20, 25)},
		// Integers: whole numbers in their type's range, before any other rule.
		{integer: "int", values: nums(0, negZero, 1.5, -1e-300, 9007199254740991, 9007199254740992, -9007199254740991, -9007199254740992, 1e300)},
		{integer: "int32", values: nums(2147483647, 2147483648, -2147483648, -2147483649, 0.5, 3e9)},
		{integer: "int32", cs: model.Constraints{Min: f(1), Max: f(255)}, values: nums(0, 1, 255, 256, 1.5, 3e9)},
		{integer: "int", cs: model.Constraints{MultipleOf: f(1000)}, secret: true, values: nums(1000, 1500, 0.5)},
		// Enums, as the configuration's values are checked: one of the values, before any other rule.
		{enum: true, values: strs("us-west-1", "mars-1", "", "US-WEST-1", "é")},
		{enum: true, cs: model.Constraints{MaxLength: n(3)}, secret: true, values: strs("us-west-1", "mars-1")},
		// String lengths, in code points on both sides.
		{cs: model.Constraints{MinLength: n(1), MaxLength: n(1)}, values: strs("", "a", "😀", "é", "e\u0301", "ab", "日", "\x00", "\U0010FFFF")},
		{cs: model.Constraints{MinLength: n(3)}, values: strs("👍🏽a", "👍🏽", "🇺🇸", "🇺🇸🇫🇷", "ab", "日本語")},
		{cs: model.Constraints{MaxLength: n(2)}, values: strs("😀😀", "😀😀😀", "a\u2028", "\"\\\"", "\t\n")},
		{cs: model.Constraints{MinLength: n(12), MaxLength: n(16)}, secret: true, values: strs("hunter2", "correct horse", "correct horse battery staple")},
		{cs: model.Constraints{MinLength: n(0)}, values: strs("")},
		// Patterns that RE2 and JavaScript read differently as written.
		pat(`^\s+$`, " ", "\t", "\v", "\f", "\u00a0", "\u2003", "\u2028", "\ufeff", "\r\n"),
		pat(`^a.c$`, "abc", "a\nc", "a\rc", "a\u2028c", "a\u2029c", "a😀c", "a\x00c"),
		pat(`(?s)^a.c$`, "a\nc", "a\u2028c", "abc"),
		pat(`(?i)^kelvin$`, "kelvin", "KELVIN", "\u212aelvin", "Kelvin"),
		pat(`(?i)k`, "\u212a", "K", "x"),
		pat(`(?i)^ſ$`, "s", "S", "ſ", "x"),
		pat(`(?i)^σ+$`, "σ", "Σ", "ς", "σΣς"),
		pat(`(?m)^b$`, "a\nb\nc", "a\rb\rc", "a\u2028b", "b"),
		pat(`^\d+$`, "123", "١٢٣", "12a", "１２"),
		pat(`^\w+$`, "abc_1", "é", "ab-c", "ſ"),
		pat(`\bword\b`, "a word here", "swordfish", "éword", "word_"),
		pat(`^\pL+$`, "abc", "日本語", "a1", "ǅ"),
		pat(`^[^a]$`, "b", "a", "😀", "\n", "\U0001F600\U0001F600"),
		pat(`^[[:alpha:]]+$`, "abc", "é", "AZ"),
		pat(`^(?:ab)*?c\z`, "ababc", "abac", "c", "c\n"),
		pat(`^\Qa.b\E$`, "a.b", "axb"),
		pat(`x*`, "", "anything"),
		pat(`^[\x{1F600}-\x{1F64F}]$`, "😀", "🙏", "a", "😃"),
		pat(`^[a-z]{1,3}(-[a-z]{1,3})*$`, "ab", "ab-cd", "ab-", "abcd", "AB", "é"),
		pat(`[$^.]`, "a$", "^", "x"),
		pat(`^\$\{x\}$`, "${x}", "x"),
		pat(`^\x00-\x{7f}$`, "\x00-\x7f", "x"),
		{cs: model.Constraints{Pattern: `^[0-9]+$`}, secret: true, values: strs("123", "12a")},
		// Arrays: counts, uniqueness, elements.
		{cs: model.Constraints{MinItems: n(1), MaxItems: n(2)}, values: []any{[]any{}, []any{"a"}, []any{"a", "b"}, []any{"a", "b", "c"}, []any{nil}}},
		{cs: model.Constraints{UniqueItems: true}, values: []any{
			[]any{"a", "b"}, []any{"a", "a"}, []any{"a", "b", "c", "b", "a"}, []any{1.0, "1"}, []any{0.0, negZero}, []any{true, true},
			[]any{nil, nil}, []any{[]any{1.0, 2.0}, []any{1.0, 2.0}}, []any{[]any{1.0, 2.0}, []any{2.0, 1.0}},
			[]any{map[string]any{"a": 1.0}, map[string]any{"a": 1.0}}, []any{map[string]any{"a": 1.0, "b": nil}, map[string]any{"a": 1.0}},
			[]any{map[string]any{"a": 1.0}, map[string]any{"a": 2.0}}, []any{"é", "e\u0301"},
		}},
		{cs: model.Constraints{MinItems: n(1), MaxItems: n(3), UniqueItems: true, Items: &model.Constraints{Pattern: `^[0-9./]+$`}}, values: []any{
			[]any{"10.0.0.0/8"}, []any{"10.0.0.0/8", "x", "10.0.0.0/8", "y"}, []any{}, []any{"a\u2028"},
		}},
		{cs: model.Constraints{Items: &model.Constraints{Min: f(0), Max: f(1)}}, values: []any{[]any{0.0, 1.0, -1.0, 2.0}, []any{0.5}}},
		{cs: model.Constraints{Items: &model.Constraints{MinItems: n(1)}}, values: []any{[]any{[]any{}, []any{1.0}}, []any{}}},
		{cs: model.Constraints{Items: &model.Constraints{MinLength: n(2)}}, secret: true, values: []any{[]any{"a", "bb"}}},
		// Maps: counts, values.
		{cs: model.Constraints{MinProperties: n(1), MaxProperties: n(2)}, values: []any{
			map[string]any{}, map[string]any{"a": 1.0}, map[string]any{"a": 1.0, "b": 2.0}, map[string]any{"a": 1.0, "b": 2.0, "c": 3.0},
		}},
		{cs: model.Constraints{MaxProperties: n(5), Items: &model.Constraints{Min: f(0)}}, values: []any{
			map[string]any{"ok": 1.0, "bad": -1.0, "a b": -2.0, `q"uote`: -3.0, "日本": -4.0},
		}},
		{cs: model.Constraints{Items: &model.Constraints{Pattern: `^x`}}, values: []any{map[string]any{"k": "xy", "l": "yx"}}},
		// Structs in arrays: their fields are checked wherever they appear.
		{cs: model.Constraints{MaxItems: n(2)}, fields: map[string]*model.Constraints{
			"fromPort": {Min: f(0), Max: f(65535)},
			"cidrs":    {UniqueItems: true, Items: &model.Constraints{Pattern: `^[0-9./]+$`}},
			"name":     {MinLength: n(1)},
		}, values: []any{
			[]any{map[string]any{"fromPort": 22.0, "cidrs": []any{"10.0.0.0/8"}, "name": "ssh"}},
			[]any{map[string]any{"fromPort": -1.0}, map[string]any{"cidrs": []any{"a", "a"}, "name": ""}, map[string]any{"fromPort": 70000.0}},
		}},
	}
	return cases
}

// goViolations checks v against the case's contract with the provider runtime, as Check checks an input
// property named v.
func goViolations(t *testing.T, c contractCase, v any) []violation {
	t.Helper()
	cs, err := c.cs.Compile()
	if err != nil {
		t.Fatal(err)
	}
	dec := provider.Checked(provider.Any, cs)
	switch {
	case c.enum:
		enums := provider.Checked(provider.Enum[Region], cs)
		dec = func(d *provider.Decoder, v resource.PropertyValue) any { return enums(d, v) }
	case c.integer == "int":
		ints := provider.Checked(provider.Integer[int], cs)
		dec = func(d *provider.Decoder, v resource.PropertyValue) any { return ints(d, v) }
	case c.integer == "int32":
		ints := provider.Checked(provider.Int32[int32], cs)
		dec = func(d *provider.Decoder, v resource.PropertyValue) any { return ints(d, v) }
	}
	if c.fields != nil {
		structs := provider.Checked(provider.ArrayOf[[]any](structDecoder(t, c.fields)), cs)
		dec = func(d *provider.Decoder, v resource.PropertyValue) any { return structs(d, v) }
	}
	value := resource.NewPropertyValue(v)
	if c.secret {
		value = resource.MakeSecret(value)
	}
	d := provider.NewDecoder(provider.Inputs)
	o := d.Properties(resource.PropertyMap{"v": value})
	provider.Required(o, "v", dec)
	o.Close()
	var out []violation
	for _, f := range d.Failures() {
		out = append(out, violation{f.Property, f.Reason})
	}
	return out
}

// Region is an enum of the table, as the stubs declare one.
type Region string

// Valid reports whether r is one of the values of Region.
func (r Region) Valid() bool { return slices.Contains(r.Values(), r) }

// Values returns the values of Region.
func (Region) Values() []Region { return []Region{"us-west-1", "eu-west-1"} }

// structDecoder decodes a struct whose fields are all optional, each checked against its contract, as
// generated UnmarshalS functions do.
func structDecoder(t *testing.T, fields map[string]*model.Constraints) func(*provider.Decoder, resource.PropertyValue) any {
	compiled := map[string]*provider.Constraints{}
	for k, cs := range fields {
		c, err := cs.Compile()
		if err != nil {
			t.Fatal(err)
		}
		compiled[k] = c
	}
	return func(d *provider.Decoder, v resource.PropertyValue) any {
		o := d.Object(v)
		for _, k := range slices.Sorted(maps.Keys(compiled)) {
			provider.Optional(o, resource.PropertyKey(k), provider.Checked(provider.Any, compiled[k]))
		}
		o.Close()
		return nil
	}
}

// jsContract is the contract the generated code would pass to the TypeScript runtime, with struct fields
// as an object (see the script).
func jsContract(t *testing.T, cs *model.Constraints, fields map[string]*model.Constraints, secret bool) map[string]any {
	t.Helper()
	c := map[string]any{}
	set := func(key string, v any, ok bool) {
		if ok {
			c[key] = v
		}
	}
	for key, f := range map[string]*float64{"min": cs.Min, "max": cs.Max, "exclusiveMin": cs.ExclusiveMin, "exclusiveMax": cs.ExclusiveMax, "multipleOf": cs.MultipleOf} {
		if f != nil {
			set(key, *f, true)
		}
	}
	for key, n := range map[string]*int{"minLength": cs.MinLength, "maxLength": cs.MaxLength, "minItems": cs.MinItems, "maxItems": cs.MaxItems,
		"minProperties": cs.MinProperties, "maxProperties": cs.MaxProperties} {
		if n != nil {
			set(key, *n, true)
		}
	}
	if cs.Pattern != "" {
		js, err := pattern.JS(cs.Pattern)
		if err != nil {
			t.Fatal(err)
		}
		c["pattern"], c["regexp"] = cs.Pattern, js
	}
	set("uniqueItems", true, cs.UniqueItems)
	if cs.Items != nil {
		c["items"] = jsContract(t, cs.Items, nil, false)
	}
	if fields != nil {
		fs := map[string]any{}
		for k, f := range fields {
			fs[k] = jsContract(t, f, nil, false)
		}
		c["items"] = map[string]any{"fields": fs}
	}
	set("secret", true, secret)
	return c
}

func describeConstraints(cs *model.Constraints) string {
	b, _ := json.Marshal(cs)
	return string(b)
}

// show writes a table value for messages, as JSON so that invisible characters show.
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// runTable runs a table through a runtime of the package in node: it compiles the runtime (a .ts file of
// a golden package, which imports nothing but @pulumi/pulumi) in a scratch directory, writes rows there
// as JSON, and runs script, which reads the table from the file process.argv[1] names, requires the
// runtime from ./bin/, and writes its verdicts as JSON on standard output, which runTable decodes into
// verdicts.
func runTable(t *testing.T, runtime string, rows any, script string, verdicts any) {
	t.Helper()
	tools := nodetest.Tools(t)
	dir := scratch(t, tools)
	name := filepath.Base(runtime)
	testsupport.CopyFile(t, runtime, filepath.Join(dir, name))
	// The runtime of contracts, which the others import.
	if contracts := filepath.Join(filepath.Dir(runtime), "_contracts.ts"); name != "_contracts.ts" {
		testsupport.CopyFile(t, contracts, filepath.Join(dir, "_contracts.ts"))
	}
	testsupport.Run(t, dir, "node", nodetest.TSC(tools), "--strict", "--target", "ES2020",
		"--module", "Node16", "--moduleResolution", "Node16", "--skipLibCheck", "--outDir", "bin", name)
	in, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	tableFile := filepath.Join(dir, "table.json")
	if err := os.WriteFile(tableFile, in, 0o666); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(testsupport.Run(t, dir, "node", "-e", script, tableFile)), verdicts); err != nil {
		t.Fatal(err)
	}
}

// TestRulesAgree proves that the two runtimes of the rules across properties, package provider's
// (Object.Rules) and the generated _contracts.ts, break the same rules of the same objects with the same
// messages at the same paths, and leave the same ones to a later check when a value is not known yet.
// One table of rules, in the words the TypeScript package writes them, and objects, feeds both; the
// value "<unknown>" is a value not known yet: computed in Go, a promise in JavaScript.
func TestRulesAgree(t *testing.T) {
	const unknown = "<unknown>"
	type row struct {
		Rules  []string       `json:"rules"`
		Object map[string]any `json:"object"`
	}
	objects := []map[string]any{
		{}, {"a": "x"}, {"b": 1.0}, {"a": "x", "b": true}, {"a": "x", "b": 0.0, "c": ""},
		{"a": nil, "b": nil}, {"a": unknown}, {"a": "x", "b": unknown}, {"a": unknown, "b": "y"},
		{"a": unknown, "b": unknown, "c": "z"}, {"b": "y", "c": "z"}, {"c": []any{}}, {"a": map[string]any{}},
	}
	var rows []row
	for _, rules := range [][]string{
		{"exactlyOneOf a b"}, {"exactlyOneOf a b c"}, {"atLeastOneOf a b c"},
		{"conflictsWith a b"}, {"conflictsWith a b c"}, {"requiredWith a b"}, {"requiredWith a b c"},
		{"exactlyOneOf a b", "requiredWith b c", "conflictsWith c a"},
	} {
		for _, o := range objects {
			rows = append(rows, row{rules, o})
		}
	}

	goVerdicts := make([][]violation, len(rows))
	for i, r := range rows {
		m := resource.PropertyMap{}
		for k, v := range r.Object {
			if v == unknown {
				m[resource.PropertyKey(k)] = resource.MakeComputed(resource.NewProperty(""))
			} else {
				m[resource.PropertyKey(k)] = resource.NewPropertyValue(v)
			}
		}
		var rules []provider.Rule
		for _, words := range r.Rules {
			w := strings.Fields(words)
			rule := provider.Rule{Kind: ruleKinds[w[0]]}
			if rule.Kind == provider.ConflictsWith || rule.Kind == provider.RequiredWith {
				rule.Subject, w = resource.PropertyKey(w[1]), w[1:]
			}
			for _, n := range w[1:] {
				rule.Names = append(rule.Names, resource.PropertyKey(n))
			}
			rules = append(rules, rule)
		}
		d := provider.NewDecoder(provider.Inputs)
		o := d.Properties(m)
		o.Rules(rules)
		for _, f := range d.Failures() {
			goVerdicts[i] = append(goVerdicts[i], violation{f.Property, f.Reason})
		}
	}

	script := `const { violations } = require("./bin/_contracts.js");
const table = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
process.stdout.write(JSON.stringify(table.map((row) => {
	const object = Object.fromEntries(Object.entries(row.object).map(([k, v]) => [k, v === "<unknown>" ? new Promise(() => {}) : v]));
	return violations(object, {}, row.rules);
})));`
	var jsVerdicts [][]violation
	runTable(t, filepath.Join(goldenRoot, "go_rules", "pack", "_contracts.ts"), rows, script, &jsVerdicts)
	if len(jsVerdicts) != len(rows) {
		t.Fatalf("node checked %d objects, want %d", len(jsVerdicts), len(rows))
	}
	broken := 0
	for i, r := range rows {
		js := sortViolations(jsVerdicts[i])
		if !slices.Equal(js, sortViolations(goVerdicts[i])) {
			t.Errorf("rules %q on %s:\n  Go:         %v\n  TypeScript: %v", r.Rules, show(r.Object), goVerdicts[i], js)
		}
		if len(js) > 0 {
			broken++
		}
	}
	if broken < 25 {
		t.Errorf("only %d of %d objects break a rule; the table lost cases", broken, len(rows))
	}
	t.Logf("%d objects, %d breaking rules, the same way on both sides", len(rows), broken)
}

// ruleKinds are the kinds of rules by the words the TypeScript package writes them with.
var ruleKinds = map[string]provider.RuleKind{
	"conflictsWith": provider.ConflictsWith, "requiredWith": provider.RequiredWith,
	"exactlyOneOf": provider.ExactlyOneOf, "atLeastOneOf": provider.AtLeastOneOf,
}
