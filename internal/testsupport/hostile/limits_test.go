package hostile

import (
	"fmt"
	"strings"
)

// limitCases are sizes that could exhaust time, memory or the stack: deep nesting of structs and of
// array and map types, recursive types, a huge enum, huge comments, thousands of properties and of
// problems. They must finish (go test's -timeout bounds them) and their output compile.
var limitCases = []hostileCase{
	{
		name: "deep_struct_chain",
		files: one(func() string {
			var b strings.Builder
			b.WriteString("// Root holds a chain of 200 structs.\ntype Root struct {\n\tidl.Resource\n\t// First is the first link.\n\tFirst S0\n}\n")
			for i := range 200 {
				fmt.Fprintf(&b, "\n// S%d is link %d.\ntype S%d struct {\n\t// V is a value.\n\tV string `lumi:\"minLength=1\"`\n", i, i, i)
				if i < 199 {
					fmt.Fprintf(&b, "\t// Next is the next link.\n\tNext *S%d `lumi:\"optional\"`\n", i+1)
				}
				b.WriteString("}\n")
			}
			return b.String()
		}()),
	},
	{
		name: "recursive_types",
		files: one(`// Node is a tree: it holds itself through a pointer, a slice, a map and an alias.
type Node struct {
	// Next is a Node.
	Next *Node ` + bt + `lumi:"optional"` + bt + `
	// Kids are Nodes.
	Kids []Node
	// ByName are Nodes.
	ByName map[string]Node
	// More are Nodes through an alias.
	More Nodes
	// Other is a B, which holds an A, which holds a Node.
	Other *B ` + bt + `lumi:"optional"` + bt + `
	// Label has a contract, so that checking it walks the tree.
	Label *string ` + bt + `lumi:"optional,pattern=^[a-z]+$"` + bt + `
}

// Nodes is an alias of a slice of Node.
type Nodes []Node

// A holds a B.
type A struct {
	// B is a B.
	B *B ` + bt + `lumi:"optional"` + bt + `
	// Root is a Node.
	Root *Node ` + bt + `lumi:"optional"` + bt + `
	// Owner is a resource, which holds an A.
	Owner *Tree ` + bt + `lumi:"optional"` + bt + `
}

// B holds an A.
type B struct {
	// A is an A.
	A []A
}

// Tree is a resource that holds a tree and refers to itself.
type Tree struct {
	idl.Resource
	// Root is a Node.
	Root Node
	// Parent is a Tree.
	Parent *Tree ` + bt + `lumi:"optional"` + bt + `
	// A is an A.
	A *A ` + bt + `lumi:"optional,out"` + bt + `
}
`),
	},
	{
		// Go allows a named array or map type that holds itself; its outputs would never end.
		name: "recursive_alias",
		files: one(`// Tree is a map of trees.
type Tree map[string]Tree

// List is a list of lists.
type List []List

type A []B
type B map[string]A

// C only refers to a cycle: its property says nothing more.
type C []A

type Thing struct {
	idl.Resource
	T Tree
	L *List ` + bt + `lumi:"optional"` + bt + `
	X A
	Y C
}
`),
		diags: []string{
			"idl/a.go:6:6: type Tree: a type cannot hold itself through arrays and maps (Tree holds Tree): the outputs write such a type out in full wherever it is used, which would never end; make it a struct, whose fields may hold it (type Tree struct { Items … })",
			"idl/a.go:9:6: type List: a type cannot hold itself through arrays and maps (List holds List): the outputs write such a type out in full wherever it is used, which would never end; make it a struct, whose fields may hold it (type List struct { Items … })",
			"idl/a.go:11:6: type A: a type cannot hold itself through arrays and maps (A holds B holds A): the outputs write such a type out in full wherever it is used, which would never end; make it a struct, whose fields may hold it (type A struct { Items … })",
			"idl/a.go:12:6: type B: a type cannot hold itself through arrays and maps (B holds A holds B): the outputs write such a type out in full wherever it is used, which would never end; make it a struct, whose fields may hold it (type B struct { Items … })",
		},
	},
	{
		// Arrays and maps nested as deep as the IDL allows (32), aliases spelled out.
		name: "deep_nested_types",
		files: one(`// Deep has fields of deeply nested array and map types.
type Deep struct {
	idl.Resource
	// Arrays is 32 arrays deep.
	Arrays ` + strings.Repeat("[]", 32) + `string
	// Maps is 32 maps deep.
	Maps ` + strings.Repeat("map[string]", 32) + `float64
	// Mixed alternates, optional.
	Mixed *` + strings.Repeat("[]map[string]", 16) + `bool ` + bt + `lumi:"optional"` + bt + `
	// Resources are capabilities.
	Resources ` + strings.Repeat("[]map[string]", 16) + `*Deep
	// Structs are structs.
	Structs ` + strings.Repeat("map[string][]", 16) + `Leaf
	// Alias is 2 arrays of an alias of 30 more.
	Alias [][]DeepAlias
	// Checked has contracts on its items.
	Checked [][]string ` + bt + `lumi:"minItems=1,items.minItems=1"` + bt + `
	// Any is anything, deep.
	Any ` + strings.Repeat("[]", 32) + `interface{}
}

// DeepAlias is an alias of a deep type.
type DeepAlias ` + strings.Repeat("[]", 30) + `Leaf

// Leaf is a struct, which starts over: its fields nest again.
type Leaf struct {
	// V is deep again.
	V ` + strings.Repeat("[]", 32) + `string
}
`),
	},
	{
		name: "too_deep_nesting",
		files: one(`type Deep struct {
	idl.Resource
	Arrays ` + strings.Repeat("[]", 33) + `string
	Alias map[string]DeepAlias
}

type DeepAlias ` + strings.Repeat("[]", 32) + `string
`),
		diags: []string{
			"idl/a.go:7:2: Deep.Arrays: arrays and maps nest 33 deep in its type; the most is 32 (past about 45, the Go compiler cannot type-check the stubs' codecs): give some of the levels a struct of their own",
			"idl/a.go:8:2: Deep.Alias: arrays and maps nest 33 deep in its type; the most is 32 (past about 45, the Go compiler cannot type-check the stubs' codecs): give some of the levels a struct of their own",
		},
	},
	{
		name: "enum_5000",
		files: one(func() string {
			var b strings.Builder
			b.WriteString("// Big is an enum of 5,000 values.\ntype Big string\n\nconst (\n")
			for i := range 5000 {
				fmt.Fprintf(&b, "\t// BigV%d is value %d.\n\tBigV%d Big = \"v-%d\"\n", i, i, i, i)
			}
			b.WriteString(")\n\n// Thing uses it.\ntype Thing struct {\n\tidl.Resource\n\t// B is a Big.\n\tB Big `lumi:\"default=v-4999\"`\n\t// Bs are Bigs.\n\tBs map[Big][]Big\n}\n")
			return b.String()
		}()),
	},
	{
		name: "huge_docs",
		files: one("// Thing has a doc comment of 1 MB, in lines.\n" + strings.Repeat("// "+strings.Repeat("word ", 20)+"\n", 10000) +
			"type Thing struct {\n\tidl.Resource\n" +
			"\t// Prop has a doc comment of 1 MB on one line: " + strings.Repeat("x", 1<<20) + "\n\tProp string\n" +
			"}\n\n// Big is a constant of 1 MB.\nconst Big = \"" + strings.Repeat("y", 1<<20) + "\"\n"),
	},
	{
		// A package of thousands of properties: a resource of 500 (the most TypeScript can check; more
		// than 32 of them required, so they are checked in a loop) and a struct of 3,000.
		name: "many_properties",
		files: one(func() string {
			var b strings.Builder
			b.WriteString("// Wide has 500 properties.\ntype Wide struct {\n\tidl.NamedResource\n")
			kinds := []string{"string", "*float64 `lumi:\"optional\"`", "bool `lumi:\"replaces\"`", "[]string", "map[string]Small",
				"*Wide `lumi:\"optional\"`", "*string `lumi:\"out\"`", "float64 `lumi:\"min=0,default=1\"`", "interface{}"}
			for i := range 499 { // and name
				fmt.Fprintf(&b, "\t// P%d is property %d.\n\tP%d %s\n", i, i, i, kinds[i%len(kinds)])
			}
			b.WriteString("}\n\n// Small is a struct of 3,000 fields.\ntype Small struct {\n")
			for i := range 3000 {
				fmt.Fprintf(&b, "\tF%d *string `lumi:\"optional\"`\n", i)
			}
			b.WriteString("}\n")
			return b.String()
		}()),
	},
	{
		name: "too_many_properties",
		files: one(func() string {
			var b strings.Builder
			b.WriteString("type Wide struct {\n\tidl.Resource\n")
			for i := range 501 {
				fmt.Fprintf(&b, "\tP%d *string `lumi:\"optional\"`\n", i)
			}
			b.WriteString("}\n")
			return b.String()
		}()),
		diags: []string{
			"idl/a.go:5:6: Wide: a resource of 501 properties is more than TypeScript can check: tsc gives up on the constructor of a resource with more than about 900 (TS2563, too large for control flow analysis); keep it to 500, by grouping properties into structs or splitting the resource",
		},
	},
	{
		// Constants whose values are long expressions: 5,000 concatenations, 1,000 parentheses deep.
		name: "long_constant_expressions",
		files: one("// Concat is 5,000 strings added up.\nconst Concat = " + strings.Repeat(`"ab" + `, 4999) + `"ab"` + "\n\n" +
			"// Parens is a number in 1,000 parentheses.\nconst Parens = " + strings.Repeat("(", 1000) + "1.5" + strings.Repeat(")", 1000) + "\n\n" +
			"// Sum is 2,000 numbers added up.\nconst Sum = " + strings.Repeat("0.5 + ", 1999) + "0.5\n"),
	},
	{
		name: "many_resources",
		files: map[string]string{
			"a.go": idlFile("p", func() string {
				var b strings.Builder
				for i := range 250 {
					fmt.Fprintf(&b, "// R%d is resource %d.\ntype R%d struct {\n\tidl.Resource\n\t// Prev refers to the one before.\n\tPrev *R%d `lumi:\"optional\"`\n}\n\n", i, i, i, max(i-1, 0))
				}
				return b.String()
			}()),
		},
	},
	{
		name:  "many_problems",
		files: one(manyProblems()),
		diags: manyProblemsDiags(),
	},
}

// manyProblems is a struct with 3,000 fields of a type the IDL rejects.
func manyProblems() string {
	var b strings.Builder
	b.WriteString("type Bad struct {\n")
	for i := range 3000 {
		fmt.Fprintf(&b, "\tF%d int8\n", i)
	}
	b.WriteString("}\n")
	return b.String()
}

// manyProblemsDiags are the diagnostics of manyProblems: every one of them, in one run.
func manyProblemsDiags() []string {
	var diags []string
	for i := range 3000 {
		diags = append(diags, fmt.Sprintf("idl/a.go:%d:%d: Bad.F%d: int8 is not an IDL type; use int32 or int, with min= and max= for a narrower range (min=0 for a count)", 4+i, 4+len(fmt.Sprint(i)), i))
	}
	return diags
}
