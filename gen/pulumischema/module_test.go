package pulumischema

import (
	"reflect"
	"regexp"
	"testing"

	"github.com/cidlc/cidlc/idl/model"
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

// TestModuleNames checks the names the SDKs get for modules whose directories are not safe package
// names in Go, TypeScript and Python.
func TestModuleNames(t *testing.T) {
	tree := &model.Tree{}
	for dir, name := range map[string]string{
		"":         "root",
		"network":  "network",
		"my-mod":   "mymod",
		"new":      "fresh",
		"class":    "class",
		"2fa":      "twofa",
		"a-b/c":    "c",
		"ok/in":    "inner",
		"empty-do": "emptydo", // no declarations: not a module of the schema
	} {
		pkg := &model.Package{Dir: dir, Name: name}
		if dir != "empty-do" {
			pkg.Files = []*model.File{{Structs: []*model.Struct{{}}}}
		}
		tree.Packages = append(tree.Packages, pkg)
	}
	want := map[string]string{
		"my-mod": "mymod",
		"new":    "fresh",
		"class":  "class_",
		"2fa":    "twofa",
		"a-b/c":  "ab/c",
		"ok/in":  "ok/inner",
	}
	if got := moduleNames(tree); !reflect.DeepEqual(got, want) {
		t.Errorf("moduleNames:\ngot  %v\nwant %v", got, want)
	}
}
