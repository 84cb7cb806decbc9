package load_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/load"
	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// index finds every declaration of a loaded package by token.
type index struct {
	resources map[string]*model.Resource
	functions map[string]*model.Function
	structs   map[string]*model.Struct
	enums     map[string]*model.Enum
	aliases   map[string]*model.Alias
	consts    map[string]*model.Const
}

func loadOK(t *testing.T, dir string, name string) (*model.Tree, index) {
	t.Helper()
	tree, err := load.Load(load.Config{Dir: dir, Name: name})
	if err != nil {
		t.Fatalf("Load(%s): %v", dir, err)
	}
	ix := index{map[string]*model.Resource{}, map[string]*model.Function{}, map[string]*model.Struct{}, map[string]*model.Enum{}, map[string]*model.Alias{}, map[string]*model.Const{}}
	for _, pkg := range tree.Packages {
		for _, f := range pkg.Files {
			for _, r := range f.Resources {
				ix.resources[r.Token] = r
			}
			for _, fn := range f.Functions {
				ix.functions[fn.Token] = fn
			}
			for _, s := range f.Structs {
				ix.structs[s.Token] = s
			}
			for _, e := range f.Enums {
				ix.enums[e.Token] = e
			}
			for _, a := range f.Aliases {
				ix.aliases[a.Token] = a
			}
			for _, c := range f.Consts {
				ix.consts[c.Name] = c
			}
		}
	}
	return tree, ix
}

func wireNames(props []*model.Property) []string {
	var names []string
	for _, p := range props {
		names = append(names, p.Name)
	}
	return names
}

func prop(t *testing.T, props []*model.Property, name string) *model.Property {
	t.Helper()
	for _, p := range props {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("no property %q in %v", name, wireNames(props))
	return nil
}

// TestDesignNoteExample loads the design note's own SecurityGroup example.
func TestDesignNoteExample(t *testing.T) {
	tree, ix := loadOK(t, "../../testdata/load/designnote", "")
	if tree.Name != "aws" {
		t.Errorf("package name %q, want aws (the root package's Go name)", tree.Name)
	}
	sg := ix.resources["aws:ec2/securityGroup:SecurityGroup"]
	if sg == nil {
		t.Fatalf("no resource aws:ec2/securityGroup:SecurityGroup; have %v", ix.resources)
	}
	if !sg.Named {
		t.Error("SecurityGroup embeds idl.NamedResource but is not Named")
	}
	if sg.Doc != "A SecurityGroup is an Amazon EC2 Security Group." {
		t.Errorf("SecurityGroup doc = %q", sg.Doc)
	}
	if got, want := strings.Join(wireNames(sg.Properties), " "), "name groupDescription vpc securityGroupEgress securityGroupIngress groupID"; got != want {
		t.Errorf("SecurityGroup wire names = %s, want %s", got, want)
	}
	name := prop(t, sg.Properties, "name")
	if !name.Synthetic || !name.Optional || !name.Replaces || name.Type.Kind != model.String {
		t.Errorf("name property = %+v; want a synthetic optional string that replaces", name)
	}
	gd := prop(t, sg.Properties, "groupDescription")
	if !gd.Replaces || gd.Optional || gd.Type.Kind != model.String || gd.Doc != "A required description about the security group." {
		t.Errorf("groupDescription = %+v; want a required string that replaces (the `replace` spelling), with its doc", gd)
	}
	vpc := prop(t, sg.Properties, "vpc")
	if vpc.Type.Kind != model.Capability || vpc.Type.Ref != "aws:ec2/vpc:VPC" || vpc.Type.Resource == nil || vpc.Type.Resource.Name != "VPC" {
		t.Errorf("vpc type = %+v; want a capability to aws:ec2/vpc:VPC", vpc.Type)
	}
	if !vpc.Optional || !vpc.Replaces {
		t.Errorf("vpc = %+v; want optional and replaces", vpc)
	}
	egress := prop(t, sg.Properties, "securityGroupEgress")
	if !egress.Optional || egress.Type.Kind != model.Array || egress.Type.Elem.Kind != model.StructRef || egress.Type.Elem.Ref != "aws:ec2/securityGroup:SecurityGroupRule" {
		t.Errorf("securityGroupEgress = %+v (elem %+v); want an optional array of SecurityGroupRule", egress, egress.Type.Elem)
	}
	gid := prop(t, sg.Properties, "groupID")
	if !gid.Out || gid.Optional || gid.Type.Kind != model.String || gid.GoName != "GroupID" {
		t.Errorf("groupID = %+v; want an out string", gid)
	}
	if !strings.Contains(gid.Doc, "sg-94b3a1f6") {
		t.Errorf("groupID doc = %q", gid.Doc)
	}
	if gid.Pos.Line != 17 || gid.Pos.Column != 2 || filepath.Base(gid.Pos.Filename) != "securityGroup.go" {
		t.Errorf("groupID position = %v, want securityGroup.go:17:2", gid.Pos)
	}

	rule := ix.structs["aws:ec2/securityGroup:SecurityGroupRule"]
	if rule == nil {
		t.Fatal("no struct SecurityGroupRule")
	}
	if got, want := strings.Join(wireNames(rule.Properties), " "), "ipProtocol cidrip fromPort toPort"; got != want {
		t.Errorf("SecurityGroupRule wire names = %s, want %s", got, want)
	}
	if p := prop(t, rule.Properties, "fromPort"); !p.Optional || p.Type.Kind != model.Number {
		t.Errorf("fromPort = %+v; want an optional number", p)
	}
	if p := prop(t, rule.Properties, "ipProtocol"); p.Optional || p.Type.Kind != model.String {
		t.Errorf("ipProtocol = %+v; want a required string", p)
	}
	if ix.resources["aws:ec2/vpc:VPC"] == nil {
		t.Error("no resource aws:ec2/vpc:VPC")
	}
}

// Test2017Style loads an IDL written the way the 2017 AWS IDL was: wire names first in tags, in, assets,
// archives, any values, references to any resource, aliases and a large enum, across packages.
func Test2017Style(t *testing.T) {
	_, ix := loadOK(t, "../../testdata/load/aws2017", "")
	sg := ix.resources["aws:ec2/securityGroup:SecurityGroup"]
	if sg == nil {
		t.Fatal("no SecurityGroup")
	}
	if p := prop(t, sg.Properties, "groupName"); !p.Optional || !p.Replaces || p.GoName != "GroupName" {
		t.Errorf(`lumi:"groupName,optional,replaces" gave %+v`, p)
	}
	if p := prop(t, sg.Properties, "tags"); p.Type.Kind != model.Array || p.Type.Elem.Ref != "aws:types:Tag" {
		t.Errorf("tags = %+v; want an array of the root package's Tag", p.Type)
	}
	if p := prop(t, sg.Properties, "groupID"); !p.Out || p.Optional {
		t.Errorf("groupID = %+v; want a required out", p)
	}

	inst := ix.resources["aws:ec2/instance:Instance"]
	if p := prop(t, inst.Properties, "userData"); !p.In || p.Type.Kind != model.String {
		t.Errorf("userData = %+v; want an in string", p)
	}
	if p := prop(t, inst.Properties, "securityGroups"); p.Type.Kind != model.Array || p.Type.Elem.Kind != model.Capability || p.Type.Elem.Ref != "aws:ec2/securityGroup:SecurityGroup" {
		t.Errorf("securityGroups = %+v; want an array of capabilities", p.Type)
	}
	if p := prop(t, inst.Properties, "id"); !p.Out {
		t.Errorf("id = %+v; an out property named id is legal", p)
	}
	it := ix.enums["aws:ec2/instance:InstanceType"]
	if it == nil || len(it.Values) < 20 {
		t.Fatalf("InstanceType enum = %+v; want 20+ values", it)
	}
	if it.Values[0].Value != "t2.nano" || it.Values[len(it.Values)-1].Value != "x1.16xlarge" || it.Values[1].Doc != "t2.micro" {
		t.Errorf("enum values out of declaration order or without their line comments: %+v %+v", it.Values[0], it.Values[1])
	}
	if p := prop(t, inst.Properties, "instanceType"); p.Type.Kind != model.EnumRef || p.Type.Enum != it {
		t.Errorf("instanceType = %+v; want a reference to the InstanceType enum", p.Type)
	}

	role := ix.resources["aws:iam/role:Role"]
	if p := prop(t, role.Properties, "assumeRolePolicyDocument"); p.Type.Kind != model.Any {
		t.Errorf("interface{} gave %+v", p.Type)
	}
	if p := prop(t, role.Properties, "arn"); p.Type.Kind != model.AliasRef || p.Type.Ref != "aws:types:ARN" || p.Type.Alias.Type.Kind != model.String {
		t.Errorf("arn = %+v; want the ARN alias of string", p.Type)
	}

	fn := ix.resources["aws:lambda/function:Function"]
	if p := prop(t, fn.Properties, "code"); p.Type.Kind != model.Archive || p.Optional {
		t.Errorf("code = %+v; want a required archive", p)
	}
	if p := prop(t, fn.Properties, "role"); p.Type.Kind != model.Capability || p.Type.Ref != "aws:iam/role:Role" || p.Optional {
		t.Errorf("role = %+v; want a required capability across packages", p)
	}
	env := prop(t, fn.Properties, "environment")
	if env.Type.Kind != model.AliasRef || env.Type.Alias.Type.Kind != model.Map || env.Type.Alias.Type.Elem.Kind != model.String {
		t.Errorf("environment = %+v; want the Environment map alias", env.Type)
	}
	vpcc := ix.structs["aws:lambda/function:VPCConfig"]
	if p := prop(t, vpcc.Properties, "securityGroups"); p.Type.Elem.Kind != model.Capability || p.Type.Elem.Resource != ix.resources["aws:ec2/securityGroup:SecurityGroup"] {
		t.Errorf("a struct's capability across packages = %+v", p.Type.Elem)
	}

	auth := ix.resources["aws:apigateway/authorizer:Authorizer"]
	if p := prop(t, auth.Properties, "providers"); p.Type.Kind != model.Array || p.Type.Elem.Kind != model.AnyResource {
		t.Errorf("*[]idl.Resource gave %+v", p.Type)
	}
	if p := prop(t, auth.Properties, "target"); p.Type.Kind != model.AnyResource {
		t.Errorf("*idl.Resource gave %+v", p.Type)
	}
	if p := prop(t, auth.Properties, "identitySource"); p.Type.Kind != model.Map || p.Type.Elem.Kind != model.Any {
		t.Errorf("map[string]interface{} gave %+v", p.Type)
	}

	obj := ix.resources["aws:s3/object:Object"]
	if p := prop(t, obj.Properties, "source"); p.Type.Kind != model.Asset || !p.In {
		t.Errorf("*idl.Asset in gave %+v", p)
	}
}

// TestExamplesLoad checks that the showcase IDL in examples/ is clean.
func TestExamplesLoad(t *testing.T) {
	tree, ix := loadOK(t, "../../examples/idl", "")
	if tree.Name != "acme" {
		t.Errorf("examples package name = %q", tree.Name)
	}
	if len(ix.resources) < 10 {
		t.Errorf("examples declare %d resources; the showcase needs 10+", len(ix.resources))
	}
}

// TestNameFlag: --name replaces the root package's Go name in every token.
func TestNameFlag(t *testing.T) {
	_, ix := loadOK(t, "../../testdata/load/designnote", "amazon")
	if ix.resources["amazon:ec2/securityGroup:SecurityGroup"] == nil {
		t.Errorf("--name amazon did not rename tokens: %v", ix.resources)
	}
}

func diagnostics(t *testing.T, cfg load.Config) string {
	t.Helper()
	_, err := load.Load(cfg)
	var diags load.Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("want diagnostics, got %v", err)
	}
	return diags.Error()
}

func TestEmptyDirectory(t *testing.T) {
	dir := t.TempDir()
	testsupport.WriteTree(t, dir, map[string]string{"go.mod": "module example.com/empty\n\ngo 1.26\n", "idl/README": "nothing here\n"})
	got := diagnostics(t, load.Config{Dir: filepath.Join(dir, "idl"), WorkDir: dir})
	if want := "idl: no Go files in the IDL directory or below it"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	got := diagnostics(t, load.Config{Dir: filepath.Join(dir, "nope"), WorkDir: dir})
	if want := "nope: IDL directory does not exist or is not a directory"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestOutsideModule(t *testing.T) {
	dir := t.TempDir()
	testsupport.WriteTree(t, dir, map[string]string{"idl/a.go": "package a\n\n// ARN is an ARN.\ntype ARN string\n"})
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	got := diagnostics(t, load.Config{Dir: filepath.Join(dir, "idl"), WorkDir: dir})
	if want := "idl: the IDL directory is not inside a Go module; run `go mod init` in it or above it"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestNoRootPackage: an IDL root with only sub-packages has no default token name.
func TestNoRootPackage(t *testing.T) {
	dir := t.TempDir()
	testsupport.WriteTree(t, dir, map[string]string{
		"go.mod":       "module example.com/x\n\ngo 1.26\n",
		"idl/ec2/a.go": "package ec2\n\n// ARN is an ARN.\ntype ARN string\n",
	})
	got := diagnostics(t, load.Config{Dir: filepath.Join(dir, "idl"), WorkDir: dir})
	if !strings.Contains(got, "pass --name") {
		t.Errorf("got %q, want a hint to pass --name", got)
	}
	if _, err := load.Load(load.Config{Dir: filepath.Join(dir, "idl"), Name: "x"}); err != nil {
		t.Errorf("with a name: %v", err)
	}
}

// TestOverlay: an IDL handed to the loader in memory (Config.Overlay) over an empty directory loads as
// it would from disk, packages only the overlay has included, and so do the checks that look at file
// names rather than through go list.
func TestOverlay(t *testing.T) {
	dir := t.TempDir()
	testsupport.WriteTree(t, dir, map[string]string{"go.mod": "module example.com/x\n\ngo 1.26\n"})
	idl := filepath.Join(dir, "idl")
	if err := os.Mkdir(idl, 0o755); err != nil {
		t.Fatal(err)
	}
	overlay := map[string][]byte{
		filepath.Join(idl, "a.go"):     []byte("package x\n\n// ARN is an ARN.\ntype ARN string\n"),
		filepath.Join(idl, "ec2/b.go"): []byte("package ec2\n\n// Zone is a zone.\ntype Zone string\n"),
	}
	tree, err := load.Load(load.Config{Dir: idl, Overlay: overlay})
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, pkg := range tree.Packages {
		dirs = append(dirs, pkg.Dir)
	}
	if !reflect.DeepEqual(dirs, []string{"", "ec2"}) {
		t.Errorf("modules %q, want the root and ec2", dirs)
	}
	overlay[filepath.Join(idl, "ec2/c_windows.go")] = []byte("package ec2\n")
	if got := diagnostics(t, load.Config{Dir: idl, WorkDir: dir, Overlay: overlay}); !strings.HasPrefix(got, "idl/ec2/c_windows.go:1:1: file name c_windows.go ends in _windows") {
		t.Errorf("got %q, want the file for one system reported", got)
	}
}

// TestContracts: every contract option lands in the model.
func TestContracts(t *testing.T) {
	_, ix := loadOK(t, "../../testdata/load/contracts", "")
	db := ix.resources["store:db:Database"]
	if db == nil {
		t.Fatalf("no Database: %v", ix.resources)
	}
	f := func(v float64) *float64 { return &v }
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		prop string
		want model.Property
	}{
		{"size", model.Property{Default: 20.0, Constraints: &model.Constraints{Min: f(10), Max: f(65536), MultipleOf: f(10)}}},
		{"port", model.Property{Default: 5432.0, Constraints: &model.Constraints{ExclusiveMin: f(0), ExclusiveMax: f(65536)}}},
		{"engine", model.Property{Default: "postgres", Replaces: true}},
		{"password", model.Property{Secret: true, In: true, Constraints: &model.Constraints{MinLength: n(12), MaxLength: n(128)}}},
		{"label", model.Property{Optional: true, Constraints: &model.Constraints{Pattern: "^[a-z]{1,3}(-[a-z]{1,3})*$"}}},
		{"cidrs", model.Property{Optional: true, Constraints: &model.Constraints{MinItems: n(1), MaxItems: n(5), UniqueItems: true, Items: &model.Constraints{Pattern: "^[0-9./]+$"}}}},
		{"settings", model.Property{Optional: true, Constraints: &model.Constraints{MinProperties: n(1), MaxProperties: n(10), Items: &model.Constraints{Min: f(0)}}}},
		{"capacity", model.Property{Optional: true, Deprecated: "use size, in GiB; capacity was in MB"}},
		{"url", model.Property{Out: true, Secret: true}},
		{"backups", model.Property{Default: true}},
	} {
		p := prop(t, db.Properties, tc.prop)
		got := model.Property{Optional: p.Optional, Out: p.Out, In: p.In, Replaces: p.Replaces, Default: p.Default,
			Secret: p.Secret, Deprecated: p.Deprecated, Constraints: p.Constraints}
		if !reflect.DeepEqual(got, tc.want) {
			gj, _ := json.Marshal(got)
			wj, _ := json.Marshal(tc.want)
			t.Errorf("%s:\n got %s\nwant %s", tc.prop, gj, wj)
		}
	}
}

// TestViolation: the loader's rule for defaults, at the edges.
func TestViolation(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		cs    model.Constraints
		value any
		bad   bool
	}{
		{model.Constraints{Min: f(1)}, 1.0, false},
		{model.Constraints{Min: f(1)}, 0.999, true},
		{model.Constraints{ExclusiveMin: f(1)}, 1.0, true},
		{model.Constraints{ExclusiveMax: f(1)}, 0.999, false},
		{model.Constraints{MultipleOf: f(0.1)}, 0.3, false},
		{model.Constraints{MultipleOf: f(0.1)}, 0.35, true},
		{model.Constraints{MaxLength: n(3)}, "日本語", false},
		{model.Constraints{MaxLength: n(3)}, "日本語!", true},
		{model.Constraints{MaxLength: n(1)}, "😀", false}, // one code point, two UTF-16 units
		{model.Constraints{Pattern: "^a"}, "ab", false},
		{model.Constraints{Pattern: "^a"}, "ba", true},
	} {
		if got := load.Violation(&tc.cs, tc.value); (got != "") != tc.bad {
			t.Errorf("Violation(%+v, %v) = %q, want bad=%v", tc.cs, tc.value, got, tc.bad)
		}
	}
}

// TestFunctions loads the golden case of functions: each is named for programs by its Go name
// lower-camel-cased, its token ends in that name, and its out fields are its results, in source order
// after the inputs that embedded structs bring.
func TestFunctions(t *testing.T) {
	_, ix := loadOK(t, "../../testdata/golden/functions/idl", "")
	fn := ix.functions["lookup:lookup:getImage"]
	if fn == nil {
		t.Fatalf("no function lookup:lookup:getImage among %v", ix.functions)
	}
	if fn.Name != "GetImage" || fn.CallName != "getImage" {
		t.Errorf("names %s, %s; want GetImage, getImage", fn.Name, fn.CallName)
	}
	if got, want := wireNames(fn.Inputs())[:4], []string{"region", "account", "name", "mostRecent"}; !reflect.DeepEqual(got, want) {
		t.Errorf("first inputs %v, want %v (the embedded Scope's first)", got, want)
	}
	if got := wireNames(fn.Results())[0]; got != "id" {
		t.Errorf("first result %s, want id", got)
	}
	if p := prop(t, fn.Properties, "mostRecent"); p.Default != true || p.Optional {
		t.Errorf("mostRecent: default %v, optional %v", p.Default, p.Optional)
	}
	if p := prop(t, fn.Properties, "key"); !p.Out || !p.Secret || p.Optional {
		t.Errorf("key: %+v, want a required secret result", p)
	}
	if p := prop(t, fn.Properties, "description"); !p.Out || !p.Optional {
		t.Errorf("description: %+v, want an optional result", p)
	}
	if zones := ix.functions["lookup:zones/zones:listZones"]; zones == nil || len(zones.Inputs()) != 0 {
		t.Errorf("listZones: %+v, want a function without inputs", zones)
	}
}
