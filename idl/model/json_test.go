package model

import (
	"bytes"
	"encoding/json"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteJSON: positions are shown relative to the working directory, everything else is the indented
// JSON of the tree, and the tree keeps its absolute positions.
func TestWriteJSON(t *testing.T) {
	wd := filepath.FromSlash("/home/me/acme")
	abs := filepath.FromSlash("/home/me/acme/idl/ec2/vpc.go")
	tree := &Tree{Name: "acme", Doc: `quotes " and "Filename": "/x" <b> & \ stay`, Packages: []*Package{{
		Files: []*File{{Path: "ec2/vpc.go", Module: "ec2/vpc",
			Resources: []*Resource{{
				Decl:       Decl{Name: "VPC", Pos: token.Position{Filename: abs, Offset: 10, Line: 2, Column: 6}},
				Properties: []*Property{{Name: "cidr", Pos: token.Position{Filename: abs, Line: 4, Column: 2}, Type: &Type{Kind: String}}},
			}},
			Consts: []*Const{{Decl: Decl{Name: "Max", Pos: token.Position{Filename: abs}}, Value: 1.5e300}},
		}},
	}}}
	var got bytes.Buffer
	if err := WriteJSON(&got, tree, wd); err != nil {
		t.Fatal(err)
	}

	// What an encoder gives for the tree with relative positions, made by hand.
	tree.Packages[0].Files[0].Resources[0].Pos.Filename = "idl/ec2/vpc.go"
	tree.Packages[0].Files[0].Resources[0].Properties[0].Pos.Filename = "idl/ec2/vpc.go"
	tree.Packages[0].Files[0].Consts[0].Pos.Filename = "idl/ec2/vpc.go"
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetIndent("", "  ")
	if err := enc.Encode(tree); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("got\n%s\nwant\n%s", got.String(), want.String())
	}
	if !strings.Contains(got.String(), `"Filename": "idl/ec2/vpc.go"`) {
		t.Errorf("no relative position in\n%s", got.String())
	}
}

// TestWriteJSONLeavesTheTree: printing the model does not change it.
func TestWriteJSONLeavesTheTree(t *testing.T) {
	abs := filepath.FromSlash("/home/me/acme/idl/vpc.go")
	r := &Resource{Decl: Decl{Name: "VPC", Pos: token.Position{Filename: abs}}}
	tree := &Tree{Packages: []*Package{{Files: []*File{{Resources: []*Resource{r}}}}}}
	if err := WriteJSON(new(bytes.Buffer), tree, filepath.FromSlash("/home/me/acme")); err != nil {
		t.Fatal(err)
	}
	if r.Pos.Filename != abs {
		t.Errorf("the resource's position is now %s", r.Pos.Filename)
	}
}
