package breaking

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// Compare compares the old version of an IDL with the new one and returns every change, accepted by
// nothing yet (see Report.Accept).
func Compare(old, new *model.Tree) *Report {
	c := &comparer{old: indexTree(old), new: indexTree(new), match: map[*model.Decl]*model.Decl{}}
	c.run()
	sortFindings(c.findings)
	return &Report{Findings: c.findings}
}

// comparer holds the state of one comparison.
type comparer struct {
	old, new *treeIndex
	// match maps each old declaration to its new version (same token, or moved); a declaration whose
	// kind changed has none.
	match    map[*model.Decl]*model.Decl
	findings []*Finding
	// scope is the declaration being compared, for the remedies that may cover its findings.
	scope *scope
}

// report records a finding.
func (c *comparer) report(r *Rule, subject string, old, new token.Position, msg, hint string) {
	c.findings = append(c.findings, &Finding{Rule: r, Subject: subject, Old: old, New: new, Message: msg, Hint: hint})
}

func (c *comparer) run() {
	if c.old.tree.Name != c.new.tree.Name {
		c.report(PackageRenamed, c.new.tree.Name, c.old.tree.Packages[0].Pos, c.new.tree.Packages[0].Pos,
			fmt.Sprintf("the package was called %s: every type token changes (%s:… is now %s:…), so the provider no longer serves the resources existing stacks hold, and programs import another npm package",
				c.old.tree.Name, c.old.tree.Name, c.new.tree.Name),
			"keep the old name with --name="+c.old.tree.Name)
	}
	pairs := c.matchDecls()
	// Members are compared once every declaration is matched: a property's type refers to them.
	for _, p := range pairs {
		c.compareDecl(p[0], p[1])
	}
	c.compareConfig()
	c.compareConsts()
}

// matchDecls matches the declarations of the two versions, reports those that were removed, added,
// moved or changed kind, and returns the pairs to compare.
func (c *comparer) matchDecls() [][2]*decl {
	var pairs [][2]*decl
	var removed, added []*decl
	for _, o := range c.old.decls {
		n, ok := c.new.byKey[o.key]
		switch {
		case !ok:
			removed = append(removed, o)
		case n.kind != o.kind:
			c.report(KindChanged, n.subject(), o.Pos, n.Pos,
				fmt.Sprintf("was %s %s, is now %s %s: programs that use it as %s %s no longer compile", article(o.kind), o.kind, article(n.kind), n.kind, article(o.kind), o.kind),
				"declare the new "+string(n.kind)+" under a new name, and keep or deprecate the old one")
		default:
			pairs = append(pairs, [2]*decl{o, n})
			c.match[o.Decl] = n.Decl
		}
	}
	for _, n := range c.new.decls {
		if _, ok := c.old.byKey[n.key]; !ok {
			added = append(added, n)
		}
	}
	moved := map[*decl]bool{}
	move := func(o, n *decl) {
		moved[o], moved[n] = true, true
		pairs = append(pairs, [2]*decl{o, n})
		c.match[o.Decl] = n.Decl
		c.moved(o, n)
	}
	// A resource or function that declares the token of a removed one as an earlier token (formerly=)
	// is its new version, whatever its name: the author said so.
	claimed := map[string]*decl{}
	for _, n := range added {
		for _, t := range n.formerly() {
			claimed[t] = n
		}
	}
	for _, o := range removed {
		if n := claimed[o.Token]; n != nil && n.kind == o.kind && !moved[n] {
			move(o, n)
		}
	}
	// A declaration that left one file and appeared in another under the same Go name and kind moved;
	// with more than one candidate on either side, nothing says which went where.
	type nameKind struct {
		name string
		kind declKind
	}
	gone, arrived := map[nameKind][]*decl{}, map[nameKind][]*decl{}
	for _, o := range removed {
		if !moved[o] {
			gone[nameKind{o.Name, o.kind}] = append(gone[nameKind{o.Name, o.kind}], o)
		}
	}
	for _, n := range added {
		if !moved[n] {
			arrived[nameKind{n.Name, n.kind}] = append(arrived[nameKind{n.Name, n.kind}], n)
		}
	}
	for _, o := range removed {
		k := nameKind{o.Name, o.kind}
		if os, ns := gone[k], arrived[k]; !moved[o] && len(os) == 1 && len(ns) == 1 {
			move(o, ns[0])
		}
	}
	for _, o := range removed {
		if !moved[o] {
			c.removed(o)
		}
	}
	for _, n := range added {
		if !moved[n] {
			c.added(n)
		}
	}
	return pairs
}

// moved reports a declaration that moved to another file.
func (c *comparer) moved(o, n *decl) {
	from, to := o.File.Path, n.File.Path
	if o.kind == functionKind {
		if o.dir == n.dir && o.Name != n.Name {
			c.report(FunctionRenamed, n.subject(), o.Pos, n.Pos,
				fmt.Sprintf("renamed from %s (%s): programs that call %s no longer compile; they must call %s, and the provider answers the old token", o.subject(), o.Token, o.subject(), n.subject()),
				"keep the old name")
			return
		}
		if o.dir == n.dir {
			c.report(FunctionMoved, n.subject(), o.Pos, n.Pos,
				fmt.Sprintf("moved from %s to %s, so its token changed from %s to %s; programs still call %s, and no state holds a call", from, to, o.Token, n.Token, n.subject()), "")
			return
		}
		c.report(FunctionNamespaceChanged, n.subject(), o.Pos, n.Pos,
			fmt.Sprintf("moved from %s to %s: programs that call %s no longer compile; they must call %s", from, to, o.subject(), n.subject()),
			"move it back to "+dirName(o.dir))
		return
	}
	if o.kind == resourceKind {
		change := fmt.Sprintf("moved from %s to %s, so its type token changed from %s to %s", from, to, o.Token, n.Token)
		if from == to {
			change = fmt.Sprintf("renamed from %s, so its type token changed from %s to %s", o.Name, o.Token, n.Token)
		}
		c.scope = &scope{o, n}
		c.reportStacks(TokenChanged, n.subject(), o.Pos, n.Pos, change,
			fmt.Sprintf("the provider no longer knows the old token, and every %s existing stacks hold would be deleted and created again", o.Name),
			"move it back")
		c.scope = nil
		switch {
		case o.dir != n.dir:
			c.report(ResourceRenamed, n.subject(), o.Pos, n.Pos,
				fmt.Sprintf("moved from %s to %s: programs that create %s no longer compile; they must use %s", dirName(o.dir), dirName(n.dir), o.subject(), n.subject()),
				"move it back to "+dirName(o.dir))
		case o.Name != n.Name:
			c.report(ResourceRenamed, n.subject(), o.Pos, n.Pos,
				fmt.Sprintf("renamed from %s: programs that create %s no longer compile; they must use %s", o.subject(), o.subject(), n.subject()),
				"keep the old name")
		}
		return
	}
	if o.dir == n.dir {
		c.report(TypeMoved, n.subject(), o.Pos, n.Pos,
			fmt.Sprintf("moved from %s to %s; programs still name it %s, and its token (%s, now %s) is in no state", from, to, n.subject(), o.Token, n.Token), "")
		return
	}
	c.report(TypeNamespaceChanged, n.subject(), o.Pos, n.Pos,
		fmt.Sprintf("moved from %s to %s: programs that name %s no longer compile; they must name %s", from, to, o.subject(), n.subject()),
		"move it back to "+dirName(o.dir))
}

// removed reports a declaration of the old IDL that the new one does not have.
func (c *comparer) removed(o *decl) {
	if o.kind == functionKind {
		c.report(FunctionRemoved, o.subject(), o.Pos, token.Position{},
			fmt.Sprintf("function %s removed: programs that call %s or %sOutput no longer compile, and the provider refuses the calls of older programs", o.Token, o.subject(), o.subject()),
			"keep it, deprecated in its doc; if it only moved to another file, keep its Go name so that the move is seen")
		return
	}
	if o.kind == resourceKind {
		c.report(ResourceRemoved, o.subject(), o.Pos, token.Position{},
			fmt.Sprintf("resource %s removed: programs that create %s %s no longer compile, and the provider can no longer read, update or delete the ones existing stacks hold",
				o.Token, article(o.Name), o.Name),
			"keep it, deprecated in its doc, until no stack holds one; if it only moved to another file, keep its Go name so that the move is seen")
		return
	}
	uses := o.subject()
	switch o.kind {
	case structKind:
		uses += " or " + o.subject() + "Args"
	case enumKind:
		uses += " or its constants"
	}
	c.report(TypeRemoved, o.subject(), o.Pos, token.Position{},
		fmt.Sprintf("%s removed: programs that name %s no longer compile", o.kind, uses),
		"keep it, deprecated in its doc (an unused type costs nothing on the wire)")
}

// added reports a declaration of the new IDL that the old one does not have.
func (c *comparer) added(n *decl) {
	if n.kind == functionKind {
		c.report(FunctionAdded, n.subject(), token.Position{}, n.Pos, "new function "+n.Token, "")
		return
	}
	if n.kind == resourceKind {
		c.report(ResourceAdded, n.subject(), token.Position{}, n.Pos, "new resource "+n.Token, "")
		return
	}
	c.report(TypeAdded, n.subject(), token.Position{}, n.Pos, "new "+string(n.kind), "")
}

// compareDecl compares two versions of a declaration of the same kind.
func (c *comparer) compareDecl(o, n *decl) {
	c.scope = &scope{o, n}
	defer func() { c.scope = nil }()
	if o.Doc != n.Doc {
		c.report(DocChanged, n.subject(), o.Pos, n.Pos, "doc comment changed", "")
	}
	switch n.kind {
	case resourceKind:
		c.compareResource(o, n)
		c.compareChecks(n.subject(), o.resource.Checks, n.resource.Checks)
	case functionKind:
		if len(o.function.Inputs()) == 0 && len(n.function.Inputs()) > 0 {
			name := n.function.CallName
			c.report(FunctionArgsAdded, n.subject(), o.Pos, n.Pos,
				fmt.Sprintf("had no inputs and now has some: its TypeScript forms take the inputs first, %s(args, opts) where they were %s(opts), so programs that pass options no longer compile", name, name),
				"give the inputs to a new function, and keep this one")
		}
		c.compareMembers(c.functionOwner(n), o.function.Properties, n.function.Properties)
		c.compareChecks(n.subject(), o.function.Checks, n.function.Checks)
	case structKind:
		c.compareMembers(c.structOwner(o, n), o.strct.Properties, n.strct.Properties)
		c.compareChecks(n.subject(), o.strct.Checks, n.strct.Checks)
	case enumKind:
		c.compareEnum(o, n)
	case aliasKind:
		c.compareAliasType(o, n)
	}
}

// compareResource compares two versions of a resource.
func (c *comparer) compareResource(o, n *decl) {
	or, nr := o.resource, n.resource
	switch {
	case !or.Named && nr.Named:
		c.reportStacks(NamedResourceAdded, n.subject(), o.Pos, n.Pos,
			"now embeds idl.NamedResource: its new input name defaults to each resource's own name and forces replacement",
			fmt.Sprintf("every %s existing stacks hold has no name in its inputs, and is replaced on their next update%s", n.Name, c.new.alsoReplaced(nr)),
			"keep idl.Resource, or add an optional Name *string without replaces")
	case or.Named && !nr.Named:
		c.report(NamedResourceRemoved, n.subject(), o.Pos, n.Pos,
			"no longer embeds idl.NamedResource: programs that set name no longer compile, and the provider's Check rejects it",
			"keep idl.NamedResource")
	case or.Named && or.Verbatim && !nr.Verbatim:
		c.report(NameAutonamed, n.subject(), o.Pos, n.Pos,
			fmt.Sprintf("no longer verbatim: a %s that a program does not name gets its own name and a random suffix, where it got its own name, "+
				"when it is created from now on or replaced (those that exist keep theirs), so programs that count on its own name "+
				"(a connection string that spells it) break", n.Name),
			"keep verbatim, or have programs give the name")
	case or.Named && !or.Verbatim && nr.Verbatim:
		c.report(NameVerbatim, n.subject(), o.Pos, n.Pos,
			fmt.Sprintf("now verbatim: a %s that a program does not name gets its own name, where it got a random suffix, when it is "+
				"created from now on or replaced (those that exist keep theirs), so two stacks of one program claim the same name, "+
				"and a replacement deletes the old resource before it creates the new one", n.Name),
			"keep autonaming, or have programs give the name")
	}
	oldProps, newProps := or.Properties, nr.Properties
	if or.Named != nr.Named {
		// The synthetic name property is what the findings above are about.
		oldProps, newProps = withoutSynthetic(oldProps), withoutSynthetic(newProps)
	}
	c.compareMembers(c.resourceOwner(n), oldProps, newProps)
}

// compareAliasType reports a change of an alias's type, once, at the alias.
func (c *comparer) compareAliasType(o, n *decl) {
	d := c.typeDiff(o.alias.Type, n.alias.Type, nil)
	if d == typeSame {
		return
	}
	stored := c.old.usage[o.Decl] != 0
	c.reportTypeDiff(d, n.subject(), o.Pos, n.Pos, o.alias.Type, n.alias.Type, stored, "declare a new alias for the new type, and keep this one")
}

// compareConsts compares the constants that are not enum values, matched by directory and name.
func (c *comparer) compareConsts() {
	for _, o := range c.old.consts {
		n, ok := c.new.constByKey[constKey(o)]
		if !ok {
			c.report(ConstantRemoved, constSubject(o), o.Pos, token.Position{},
				fmt.Sprintf("constant removed: programs that use %s no longer compile", constSubject(o)),
				"keep it, deprecated in its doc")
			continue
		}
		if ov, nv := constValue(o), constValue(n); ov != nv {
			c.report(ConstantChanged, constSubject(n), o.Pos, n.Pos,
				fmt.Sprintf("value changed from %s to %s: programs that use it now send the new value, and their next update shows the change", ov, nv),
				"add a new constant for the new value, and keep this one")
		}
		if o.Doc != n.Doc {
			c.report(DocChanged, constSubject(n), o.Pos, n.Pos, "doc comment changed", "")
		}
	}
	for _, n := range c.new.consts {
		if _, ok := c.old.constByKey[constKey(n)]; !ok {
			c.report(ConstantAdded, constSubject(n), token.Position{}, n.Pos, "new constant", "")
		}
	}
}

// withoutSynthetic returns props without the synthetic name property of a named resource.
func withoutSynthetic(props []*model.Property) []*model.Property {
	var out []*model.Property
	for _, p := range props {
		if !p.Synthetic {
			out = append(out, p)
		}
	}
	return out
}

// namespace returns the TypeScript namespace of an IDL package directory, with a trailing dot: the
// directory's path with dots for slashes (`network.`), "" for the root.
func namespace(dir string) string {
	if dir == "" {
		return ""
	}
	return strings.ReplaceAll(dir, "/", ".") + "."
}

// dirName names a directory of the IDL in a message: `network/`, or the root.
func dirName(dir string) string {
	if dir == "" {
		return "the root directory"
	}
	return dir + "/"
}

// constKey identifies a constant across versions: its directory and name.
func constKey(k *model.Const) string { return k.File.Package.Dir + "." + k.Name }

// constSubject names a constant as programs do.
func constSubject(k *model.Const) string { return namespace(k.File.Package.Dir) + k.Name }

// constValue writes a constant's value as the IDL would.
func constValue(k *model.Const) string { return literal(k.Value) }

// literal writes a value of a constant or a default as the IDL would: strings quoted.
func literal(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(v)
}

// article returns "a" or "an" for a word.
func article[S ~string](word S) string {
	if w := string(word); w != "" && strings.ContainsRune("aeiouAEIOU", rune(w[0])) {
		return "an"
	}
	return "a"
}
