package typescript_test

import (
	"path/filepath"
	"testing"

	"github.com/cidlc/cidlc/provider"
)

// TestEnvironmentAgrees proves that the two readers of env= variables, the provider's (CheckConfig, for
// the default provider) and the package's _configuration.ts (for acme.config and explicit providers),
// read the same text as the same value, and reject the same text with the same message, a secret's
// never shown. One table feeds both: provider.EnvValue reads each row in Go, and fromEnv of the compiled
// _configuration.ts of the golden package of go_config reads it in node.
func TestEnvironmentAgrees(t *testing.T) {
	type row struct {
		Text   string `json:"text"` // the setting's kind, as _configuration.ts names it
		Secret bool   `json:"secret"`
		Value  string `json:"value"` // the variable's text
	}
	kinds := map[string]provider.TextKind{"string": provider.TextString, "bool": provider.TextBool, "number": provider.TextNumber}
	var rows []row
	for _, v := range []string{"1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False",
		"yes", "tRUE", " true", "2", ""} {
		rows = append(rows, row{"bool", false, v})
	}
	for _, v := range []string{"0", "-1", "+2.5", ".5", "5.", "1e3", "1E-3", "-0", "007", "1e400", "0x10", "Infinity",
		"NaN", "1_000", " 1", "3abc", "-", ".", "1.2.3", "١"} {
		rows = append(rows, row{"number", false, v})
	}
	for _, v := range []string{"eu-west-1", "é", " spaced "} {
		rows = append(rows, row{"string", false, v})
	}
	rows = append(rows, row{"bool", true, "maybe"}, row{"number", true, "many"}, row{"string", true, "hunter2"})

	// What each side reads: a JSON value, an error's message, or nothing (the variable is unset).
	type verdict struct {
		Value   any    `json:"value,omitempty"`
		Message string `json:"message,omitempty"`
		Unset   bool   `json:"unset,omitempty"`
	}
	goVerdicts := make([]verdict, len(rows))
	for i, r := range rows {
		p := provider.ConfigProperty{Key: "k", Text: kinds[r.Text], Secret: r.Secret, Env: []string{"V"}}
		v, failure, found := provider.EnvValue(p, func(string) string { return r.Value })
		switch {
		case !found:
			goVerdicts[i] = verdict{Unset: true}
		case failure != nil:
			goVerdicts[i] = verdict{Message: failure.Reason}
		default:
			goVerdicts[i] = verdict{Value: v.Mappable()}
		}
	}

	script := `const { fromEnv } = require("./bin/_configuration.js");
const table = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
process.stdout.write(JSON.stringify(table.map((row) => {
	try {
		const v = fromEnv({ text: row.text, secret: row.secret, env: ["V"] }, { V: row.value });
		return v === undefined ? { unset: true } : { value: v };
	} catch (e) {
		return { message: e.message };
	}
})));`
	var jsVerdicts []verdict
	runTable(t, filepath.Join(goldenRoot, "go_config", "pack", "_configuration.ts"), rows, script, &jsVerdicts)
	if len(jsVerdicts) != len(rows) {
		t.Fatalf("node read %d values, want %d", len(jsVerdicts), len(rows))
	}
	rejected := 0
	for i, r := range rows {
		g, js := goVerdicts[i], jsVerdicts[i]
		// JSON numbers come back from node as float64, as Go's do.
		if g.Unset != js.Unset || g.Message != js.Message || g.Value != js.Value {
			t.Errorf("%s %q (secret %v):\n  Go:         %+v\n  TypeScript: %+v", r.Text, r.Value, r.Secret, g, js)
		}
		if g.Message != "" {
			rejected++
		}
	}
	t.Logf("%d variables, %d rejected, the same way on both sides", len(rows), rejected)
}
