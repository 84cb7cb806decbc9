package pulumischema

import (
	"bytes"
	"encoding/json"
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
