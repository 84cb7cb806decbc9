package pulumischema

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// indentSeeds are compact JSON texts with every construct appendIndented treats apart: empty and nested
// objects and arrays, strings holding punctuation, escaped quotes and backslashes before a quote.
var indentSeeds = []string{
	`{}`, `[]`, `""`, `0`, `null`,
	`{"a":1,"b":[1,2,{}],"c":{"d":[]}}`,
	`[[],[[]],{},{"x":{}}]`,
	`{"p{[,:]}":"v{[,:]}","q":"a\"b","r":"a\\","s":"a\\\"b\\\\"}`,
	`{"\u0000cidlc":null,"k":"\u003c\u2028é"}`,
	`{"a":[true,false,null,-1.5e+10,"x"]}`,
}

// TestIndentedAsJSONIndent: appendIndented lays out what encoding/json encodes, the seeds and the
// schemas of examples/ and of the golden cases (compacted), as json.Indent does, with and without a
// prefix.
func TestIndentedAsJSONIndent(t *testing.T) {
	texts := append([]string(nil), indentSeeds...)
	schemas, _ := filepath.Glob("../../testdata/golden/*/schema.json")
	schemas = append(schemas, "../../examples/cmd/pulumi-resource-acme/schema.json")
	for _, path := range schemas {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, data); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		texts = append(texts, compact.String())
	}
	if len(texts) < len(indentSeeds)+10 {
		t.Fatalf("only %d schemas found", len(texts)-len(indentSeeds))
	}
	for _, text := range texts {
		for _, prefix := range []string{"", "        "} {
			assertIndentedAsJSONIndent(t, []byte(text), prefix)
		}
	}
}

// FuzzIndented: whatever encoding/json makes of a decoded value, appendIndented lays out as json.Indent.
func FuzzIndented(f *testing.F) {
	for _, s := range indentSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var v any
		if json.Unmarshal([]byte(text), &v) != nil {
			return
		}
		var compact bytes.Buffer
		enc := json.NewEncoder(&compact)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return
		}
		assertIndentedAsJSONIndent(t, bytes.TrimSuffix(compact.Bytes(), []byte("\n")), "  ")
	})
}

func assertIndentedAsJSONIndent(t *testing.T, src []byte, prefix string) {
	t.Helper()
	var want bytes.Buffer
	if err := json.Indent(&want, src, prefix, "    "); err != nil {
		t.Fatalf("%.80s: %v", src, err)
	}
	if got := appendIndented(nil, src, prefix, "    "); !bytes.Equal(got, want.Bytes()) {
		t.Errorf("%.80s with prefix %q:\ngot  %.300s\nwant %.300s", src, prefix, got, want.Bytes())
	}
}

// TestEncodedAsEncodingJSON: appendEntry encodes random resources, types and functions — every field
// set or not, nil and empty maps and lists, strings JSON must escape, defaults of every kind — as
// encoding/json does.
func TestEncodedAsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	texts := []string{"", "x", "aws:s3/bucket:Bucket", `a"b`, `a\b`, "<a & b>", "é", "\u2028", "\x00", "\xff", "line\nbreak", "tab\t"}
	str := func() string { return texts[rng.IntN(len(texts))] }
	strs := func() []string {
		switch rng.IntN(3) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		return []string{str(), str()}
	}
	var typ func(depth int) *typeJSON
	typ = func(depth int) *typeJSON {
		if depth > 2 || rng.IntN(2) == 0 {
			return nil
		}
		return &typeJSON{Type: str(), Ref: str(), AdditionalProperties: typ(depth + 1), Items: typ(depth + 1)}
	}
	defaults := []any{nil, "v", "<é>", 1.5, 0.0, true, false, []any{"a", 2.0}, map[string]any{"k": "v"}}
	props := func() propertiesJSON {
		switch rng.IntN(4) {
		case 0:
			return nil
		case 1:
			return propertiesJSON{}
		}
		// Names of their own, as a declaration's properties have.
		m := map[string]*propertyJSON{}
		for range rng.IntN(4) {
			p := &propertyJSON{name: str(), Description: str(), Default: defaults[rng.IntN(len(defaults))],
				DeprecationMessage: str(), Secret: rng.IntN(2) == 0, ReplaceOnChanges: rng.IntN(2) == 0}
			if tp := typ(0); tp != nil {
				p.typeJSON = *tp
			}
			if rng.IntN(3) == 0 {
				p.DefaultInfo = &defaultInfoJSON{Environment: strs()}
			}
			m[p.name] = p
		}
		var ps propertiesJSON
		for _, p := range m {
			ps = append(ps, p)
		}
		ps.sort()
		return ps
	}
	object := func() *objectJSON {
		if rng.IntN(4) == 0 {
			return nil
		}
		return &objectJSON{Description: str(), Properties: props(), Type: str(), Required: strs()}
	}
	aliases := func() []aliasJSON {
		var as []aliasJSON
		for range rng.IntN(3) {
			as = append(as, aliasJSON{Type: str()})
		}
		return as
	}
	for range 3000 {
		obj := object()
		if obj == nil {
			obj = &objectJSON{}
		}
		complexType := &complexJSON{objectJSON: *obj}
		for range rng.IntN(3) {
			complexType.Enum = append(complexType.Enum, enumValueJSON{Name: str(), Description: str(), Value: str()})
		}
		values := []any{
			&resourceJSON{objectJSON: *obj, InputProperties: props(), RequiredInputs: strs(), StateInputs: object(), Aliases: aliases()},
			complexType,
			&functionJSON{Description: str(), Inputs: object(), Outputs: object()},
		}
		for _, v := range values {
			want, err := appendEncoded(nil, v)
			if err != nil {
				t.Fatal(err)
			}
			got, err := appendEntry(nil, v)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%T:\ngot  %s\nwant %s", v, got, want)
			}
		}
	}
}
