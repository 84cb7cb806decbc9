package celcheck_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/cidlc/cidlc/idl/celcheck"
)

// schema is an autoscaler with a nested disk, a list of rules and a map of labels.
var schema = celcheck.Schema{
	Self: "Autoscaler",
	Objects: map[string][]celcheck.Field{
		"Autoscaler": {
			{"minReplicas", celcheck.IntType},
			{"maxReplicas", celcheck.IntType},
			{"name", celcheck.StringType},
			{"ratio", celcheck.DoubleType},
			{"disk", celcheck.ObjectOf("Disk")},
			{"listeners", celcheck.ListOf(celcheck.ObjectOf("Listener"))},
			{"labels", celcheck.MapOf(celcheck.StringType)},
			{"extra", celcheck.DynType},
		},
		"Disk":     {{"size", celcheck.IntType}, {"kind", celcheck.StringType}},
		"Listener": {{"protocol", celcheck.StringType}, {"certificate", celcheck.StringType}},
	},
}

func TestCheck(t *testing.T) {
	checks := celcheck.New(schema,
		celcheck.Rule{Expr: "self.minReplicas <= self.maxReplicas", Message: "minReplicas may not be more than maxReplicas"},
		celcheck.Rule{Expr: `!has(self.disk) || self.disk.size >= 10 || self.disk.kind == "hdd"`, Message: "a disk other than hdd has at least 10 GiB"},
		celcheck.Rule{Expr: `self.listeners.all(l, l.protocol != "HTTPS" || has(l.certificate))`, Message: "an HTTPS listener needs a certificate"},
		celcheck.Rule{Expr: `size(self.labels) <= 2`},
		celcheck.Rule{Expr: `self.ratio > 0.5`, Message: "ratio is more than a half"},
	)
	for _, c := range []struct {
		self map[string]any
		want []string
	}{
		{map[string]any{"minReplicas": 1.0, "maxReplicas": 3.0, "ratio": 1.0, "listeners": []any{}, "labels": map[string]any{}}, nil},
		{map[string]any{"minReplicas": 4.0, "maxReplicas": 3.0, "ratio": 1.0, "listeners": []any{}, "labels": map[string]any{}},
			[]string{"minReplicas may not be more than maxReplicas"}},
		{map[string]any{"minReplicas": 1.0, "maxReplicas": 3.0, "ratio": 0.25, "disk": map[string]any{"size": 8.0, "kind": "ssd"},
			"listeners": []any{map[string]any{"protocol": "HTTP"}, map[string]any{"protocol": "HTTPS"}},
			"labels":    map[string]any{"a": "1", "b": "2", "c": "3"}, "unknown": true},
			[]string{"a disk other than hdd has at least 10 GiB", "an HTTPS listener needs a certificate", "the check size(self.labels) <= 2 fails", "ratio is more than a half"}},
		// An optional property read without has(): the check cannot be evaluated, and says why.
		{map[string]any{"maxReplicas": 3.0, "ratio": 1.0, "listeners": []any{}, "labels": map[string]any{}},
			[]string{"minReplicas may not be more than maxReplicas (the check self.minReplicas <= self.maxReplicas cannot be evaluated: no such key: minReplicas (it is not set: read it only where has(….minReplicas) is true))"}},
	} {
		got, err := checks.Check(c.self)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Check(%v) =\n%q\nwant\n%q", c.self, got, c.want)
		}
	}
}

func TestCompileIssues(t *testing.T) {
	env, err := schema.Env()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ expr, want string }{
		{"self.minReplica <= self.maxReplicas", "1:5: undefined field 'minReplica'"},
		{"self.minReplicas <= self.ratio", "1:18: found no matching overload for '_<=_' applied to '(int, double)'"},
		{"self.minReplicas + 1", "1:1: the check is an int, not a bool: it must say whether the value is right"},
		{"self.minReplicas <=", "1:20: Syntax error: mismatched input '<EOF>'"},
		{"self.disk.sise > 1", "1:10: undefined field 'sise'"},
		{"self.extra", "1:1: the check is of a type known only when it runs (dyn), not a bool: it must say whether the value is right"},
	} {
		_, err := celcheck.Compile(env, c.expr)
		var issues celcheck.Issues
		if !errors.As(err, &issues) || len(issues) == 0 {
			t.Errorf("Compile(%q) = %v, want issues", c.expr, err)
			continue
		}
		if got := issues.Error(); len(got) < len(c.want) || got[:len(c.want)] != c.want {
			t.Errorf("Compile(%q): %s\nwant it to start with %s", c.expr, got, c.want)
		}
	}
}
