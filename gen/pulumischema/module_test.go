package pulumischema

import (
	"regexp"
	"testing"
)

// TestModuleFormat applies moduleFormat the way Pulumi's schema binder does (Package.TokenToModule:
// the first group of FindStringSubmatch on the token's module part; no match, or "index", is the index
// module) and checks that SDK modules follow the IDL's directories.
func TestModuleFormat(t *testing.T) {
	re := regexp.MustCompile(moduleFormat)
	module := func(part string) string {
		m := re.FindStringSubmatch(part)
		if len(m) < 2 || m[1] == "index" {
			return ""
		}
		return m[1]
	}
	for part, want := range map[string]string{
		"network/subnet":    "network",
		"ec2/securityGroup": "ec2",
		"a/b/c":             "a/b",
		"types":             "",
		"index/thing":       "",
	} {
		if got := module(part); got != want {
			t.Errorf("module of %q: got %q, want %q", part, got, want)
		}
	}
}
