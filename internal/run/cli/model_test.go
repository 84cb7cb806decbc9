package cli

import (
	"bytes"
	"encoding/json"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cidlc/cidlc/idl/model"
)

// TestWriteModel: positions are shown relative to the working directory, everything else is the indented
// JSON of the tree, and the tree keeps its absolute positions.
func TestWriteModel(t *testing.T) {
	wd := filepath.FromSlash("/home/me/acme")
	abs := filepath.FromSlash("/home/me/acme/idl/ec2/vpc.go")
	tree := &model.Tree{Name: "acme", Doc: `quotes " and "Filename": "/x" <b> & \ stay`, Packages: []*model.Package{{
		Files: []*model.File{{Path: "ec2/vpc.go", Module: "ec2/vpc",
			Resources: []*model.Resource{{
				Decl:       model.Decl{Name: "VPC", Pos: token.Position{Filename: abs, Offset: 10, Line: 2, Column: 6}},
				Properties: []*model.Property{{Name: "cidr", Pos: token.Position{Filename: abs, Line: 4, Column: 2}, Type: &model.Type{Kind: model.String}}},
			}},
			Consts: []*model.Const{{Decl: model.Decl{Name: "Max", Pos: token.Position{Filename: abs}}, Value: 1.5e300}},
		}},
	}}}
	var got bytes.Buffer
	if err := writeModel(&got, tree, wd); err != nil {
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

// TestWriteModelLeavesTheTree: printing the model does not change it.
func TestWriteModelLeavesTheTree(t *testing.T) {
	abs := filepath.FromSlash("/home/me/acme/idl/vpc.go")
	r := &model.Resource{Decl: model.Decl{Name: "VPC", Pos: token.Position{Filename: abs}}}
	tree := &model.Tree{Packages: []*model.Package{{Files: []*model.File{{Resources: []*model.Resource{r}}}}}}
	if err := writeModel(new(bytes.Buffer), tree, filepath.FromSlash("/home/me/acme")); err != nil {
		t.Fatal(err)
	}
	if r.Pos.Filename != abs {
		t.Errorf("the resource's position is now %s", r.Pos.Filename)
	}
}
