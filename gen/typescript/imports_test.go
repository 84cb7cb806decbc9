package typescript

import (
	"strings"
	"testing"
)

func TestImportSet(t *testing.T) {
	s := newImportSet("compute/server", map[string]string{"Server": "Server", "Rule": "Rule"}, "Error")
	if got := s.Name("compute/server", "Server"); got != "Server" {
		t.Errorf("own name = %s", got)
	}
	if got := s.Name("network/vpc", "VPC"); got != "VPC" {
		t.Errorf("imported name = %s", got)
	}
	// A name the file declares, or reserves, is imported under an alias, the same one every time.
	if got := s.Name("types", "Rule"); got != "Rule_types" {
		t.Errorf("clashing name = %s", got)
	}
	if got := s.Name("types", "Rule"); got != "Rule_types" {
		t.Errorf("clashing name, again = %s", got)
	}
	if got := s.Name("errors/my-error", "Error"); got != "Error_errors_my_error" {
		t.Errorf("reserved name = %s", got)
	}
	// Go allows ., ~ and + in a directory's name: none of them can be part of an alias.
	if got := s.Name("v1.2/a~b+c", "Rule"); got != "Rule_v1_2_a_b_c" {
		t.Errorf("clashing name from a directory with punctuation = %s", got)
	}
	if got := s.Name("types", "Color"); got != "Color" {
		t.Errorf("second name from a file = %s", got)
	}
	s.Pulumi()
	want := `import * as pulumi from "@pulumi/pulumi";
import type { Error as Error_errors_my_error } from "../errors/my-error";
import type { VPC } from "../network/vpc";
import type { Color, Rule as Rule_types } from "../types";
import type { Rule as Rule_v1_2_a_b_c } from "../v1.2/a~b+c";
`
	got, err := render("imports", s.view())
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimPrefix(got, "\n") + "\n"; got != want {
		t.Errorf("imports:\n%s\nwant:\n%s", got, want)
	}
	if v := newImportSet("x", nil).view(); v.Any {
		t.Errorf("empty imports = %+v", v)
	}
}

func TestRelativeSpecifier(t *testing.T) {
	for _, tc := range []struct{ from, to, want string }{
		{"", "types", "./types"},
		{"", "ec2/vpc", "./ec2/vpc"},
		{"ec2", "ec2/vpc", "./vpc"},
		{"ec2", "types", "../types"},
		{"compute", "network/vpc", "../network/vpc"},
		{"deep/inner", "compute/disk", "../../compute/disk"},
		{"a/b", "a/c/d", "../c/d"},
		{"a", "a/b/c", "./b/c"},
	} {
		if got := relativeSpecifier(tc.from, tc.to); got != tc.want {
			t.Errorf("relativeSpecifier(%q, %q) = %s, want %s", tc.from, tc.to, got, tc.want)
		}
	}
}
