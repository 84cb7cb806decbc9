package model

import "testing"

// TestDescribe: every kind in each wording, as the loader's, the snapshots' and the breaking check's
// messages show them (their goldens hold the messages whole).
func TestDescribe(t *testing.T) {
	net := &File{Package: &Package{Dir: "net/v1"}}
	root := &File{Package: &Package{}}
	vpc := &Resource{Decl: Decl{Name: "VPC", Token: "acme:net/v1/vpc:VPC", File: net}}
	region := &Enum{Decl: Decl{Name: "Region", File: root}}
	rule := &Struct{Decl: Decl{Name: "Rule", File: net}}
	str := &Type{Kind: String}
	cidr := &Alias{Decl: Decl{Name: "CIDR", File: net}, Type: str}
	for _, c := range []struct {
		t                   *Type
		kind, value, source string
	}{
		{&Type{Kind: Bool}, "a bool", "a bool", "bool"},
		{&Type{Kind: Number}, "a number", "a number", "float64"},
		{&Type{Kind: Integer}, "an integer", "an integer", "int"},
		{&Type{Kind: Integer, Bits: 32}, "an integer", "an integer", "int32"},
		{str, "a string", "a string", "string"},
		{&Type{Kind: Any}, "an arbitrary value", "a value", "any"},
		{&Type{Kind: Asset}, "an asset", "an asset", "idl.Asset"},
		{&Type{Kind: Archive}, "an archive", "an archive", "idl.Archive"},
		{&Type{Kind: AnyResource}, "a reference to a resource", "a reference to a resource", "*idl.Resource"},
		{&Type{Kind: Capability, Resource: vpc}, "a reference to a resource", "a reference to a resource of type acme:net/v1/vpc:VPC", "*net.v1.VPC"},
		{&Type{Kind: EnumRef, Enum: region}, "an enum", "a string (Region)", "Region"},
		{&Type{Kind: StructRef, Struct: rule}, "a struct", "an object (Rule)", "net.v1.Rule"},
		{&Type{Kind: AliasRef, Alias: cidr}, "a string", "a string", "net.v1.CIDR"},
		{&Type{Kind: Array, Elem: &Type{Kind: StructRef, Struct: rule}}, "an array", "an array", "[]net.v1.Rule"},
		{&Type{Kind: Map, Key: str, Elem: &Type{Kind: AliasRef, Alias: cidr}}, "a map", "an object", "map[string]net.v1.CIDR"},
	} {
		for w, want := range map[Wording]string{AsKind: c.kind, AsValue: c.value, AsSource: c.source} {
			if got := c.t.Describe(w); got != want {
				t.Errorf("Describe(%v) of a %s = %q, want %q", w, c.t.Kind, got, want)
			}
		}
	}
}
