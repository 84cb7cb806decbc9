package registrydocs

import (
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// indexView is the overview page.
type indexView struct {
	site
	// Doc is the package's doc comment.
	Doc string
	// Modules are the IDL packages that declare resources or functions, in the tree's order.
	Modules []moduleView
}

// moduleView is an IDL package on the overview.
type moduleView struct {
	// Namespace is how a program names the package: acme, acme.network.
	Namespace string
	// Summary is the first sentence of the package's doc.
	Summary              string
	Resources, Functions []entryView
}

// entryView is a resource or a function on the overview.
type entryView struct {
	// Name is how a program names it (acme.network.VPC, acme.network.listZones), Token its type token.
	Name, Token string
	// Summary is the first sentence of its doc.
	Summary string
}

func indexOf(s site, tree *model.Tree) indexView {
	v := indexView{site: s, Doc: tree.Doc}
	for _, pkg := range tree.Packages {
		m := moduleView{Namespace: tree.Name}
		if pkg.Dir != "" {
			m.Namespace += "." + strings.ReplaceAll(pkg.Dir, "/", ".")
			m.Summary = summary(pkg.Doc)
		}
		for _, f := range pkg.Files {
			for _, r := range f.Resources {
				m.Resources = append(m.Resources, entryView{Name: m.Namespace + "." + r.Name, Token: r.Token, Summary: summary(model.ProgramDoc(r.Doc, r.Name, r.Name, r.Properties))})
			}
			for _, fn := range f.Functions {
				m.Functions = append(m.Functions, entryView{Name: m.Namespace + "." + fn.CallName, Token: fn.Token, Summary: summary(model.ProgramDoc(fn.Doc, fn.Name, fn.CallName, fn.Properties))})
			}
		}
		if len(m.Resources) > 0 || len(m.Functions) > 0 {
			v.Modules = append(v.Modules, m)
		}
	}
	return v
}
