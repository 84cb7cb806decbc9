package schema

import (
	"strings"
	"testing"
)

// TestJSONDiff checks the comparison of get-schema's output with the schema file: re-serialized is
// equal, the config the CLI adds is allowed, and anything else is a difference.
func TestJSONDiff(t *testing.T) {
	file := `{"name": "acme", "types": {"acme:x:T": {"enum": [{"value": "a"}, {"value": "b"}]}}, "version": "0.1.0"}`
	for _, c := range []struct {
		cli  string
		want string // a difference expected, "" for none
	}{
		{`{"name":"acme","version":"0.1.0","types":{"acme:x:T":{"enum":[{"value":"a"},{"value":"b"}]}}}`, ""},
		{`{"name":"acme","version":"0.1.0","config":{},"types":{"acme:x:T":{"enum":[{"value":"a"},{"value":"b"}]}}}`, ""},
		{`{"name":"acme","version":"0.1.0","config":{"variables":{}},"types":{"acme:x:T":{"enum":[{"value":"a"},{"value":"b"}]}}}`, "/config: added by the CLI"},
		{`{"name":"acme","types":{"acme:x:T":{"enum":[{"value":"a"},{"value":"b"}]}}}`, "/version: missing from the CLI's schema"},
		{`{"name":"acme","version":"0.1.0","types":{"acme:x:T":{"enum":[{"value":"b"},{"value":"a"}]}}}`, "/types/acme:x:T/enum/0/value"},
		{`{"name":"acme","version":"0.1.0","types":{"acme:x:T":{"enum":[{"value":"a"}]}}}`, "/types/acme:x:T/enum: the CLI's"},
	} {
		diffs := jsonDiff(t, []byte(c.cli), []byte(file))
		switch {
		case c.want == "" && len(diffs) > 0:
			t.Errorf("%s: want no differences, got %q", c.cli, diffs)
		case c.want != "" && (len(diffs) == 0 || !strings.HasPrefix(diffs[0], c.want)):
			t.Errorf("%s: want a difference %q…, got %q", c.cli, c.want, diffs)
		}
	}
}
