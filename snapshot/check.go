package snapshot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cidlc/cidlc/idl/contract"
	"github.com/cidlc/cidlc/idl/model"
)

// mode says which rules apply to an object of properties.
type mode int

const (
	// modeAll: a MuGL vertex's properties, or a struct: inputs and outputs together; required inputs
	// must be present.
	modeAll mode = iota
	// modeInputs: a Pulumi resource's inputs: required inputs present, no out property.
	modeInputs
	// modeOutputs: a Pulumi resource's outputs: only its out properties are checked.
	modeOutputs
)

// checker checks the values of one vertex.
type checker struct {
	r       *run
	from    int32
	subject string
	prefix  string          // "property", "input", "output"
	deps    map[string]bool // a Pulumi resource's dependencies, when its inputs are checked
}

func (c *checker) fail(pos Pos, path, msg string) {
	if path != "" {
		path = c.prefix + " " + strconv.Quote(path)
	}
	c.r.report(pos, c.subject, path, msg)
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// required reports whether a property must be present in mode m. A property with a default is filled in
// by the provider; the name of a named resource defaults to the resource's name.
func required(p *model.Property, m mode) bool {
	return m != modeOutputs && !p.Optional && !p.Out && p.Default == nil
}

// properties checks obj, the object of properties props (of a resource or struct) at path. Missing
// properties are reported at at.
func (c *checker) properties(props []*model.Property, obj *node, at Pos, path string, m mode) {
	for _, f := range obj.fields {
		if path == "" && strings.HasPrefix(f.key, "__") {
			continue // the runtime's own, such as a state's __stateVersion: no IDL property has such a name
		}
		i := slices.IndexFunc(props, func(p *model.Property) bool { return p.Name == f.key })
		if i < 0 {
			if m != modeOutputs {
				c.fail(f.pos, join(path, f.key), "unknown property")
			}
			c.refsOnly(f.val)
			continue
		}
		p := props[i]
		switch {
		case m == modeOutputs && !p.Out:
			c.refsOnly(f.val)
			continue
		case m == modeInputs && p.Out:
			c.fail(f.pos, join(path, f.key), "an output property; the provider sets it, a program may not")
			continue
		case f.val.kind == null:
			continue // null is absent
		}
		c.value(p.Type, c.r.v.compiled[p.Constraints], f.val, join(path, f.key), p.Secret)
	}
	for _, p := range props {
		if v := obj.get(p.Name); (v == nil || v.kind == null) && required(p, m) {
			c.fail(at, join(path, p.Name), "missing required property")
		}
	}
}

// value checks that n has type t and keeps the contract cs.
func (c *checker) value(t *model.Type, cs *contract.Constraints, n *node, path string, secret bool) {
	if c.isSecret(n) {
		return // encrypted: it cannot be checked
	}
	if name, pos, ok := c.refTarget(n); ok {
		switch t.Kind {
		case model.Capability, model.AnyResource, model.Any:
			c.reference(name, pos, path, t)
		default:
			c.wrong(t, n, path)
		}
		return
	}
	var msgs []string
	switch t.Kind {
	case model.Bool:
		if n.kind != boolean {
			c.wrong(t, n, path)
		}
	case model.Number:
		if n.kind != number {
			c.wrong(t, n, path)
		} else if cs != nil {
			msgs = cs.Number(n.n, secret)
		}
	case model.Integer:
		switch {
		case n.kind != number:
			c.wrong(t, n, path)
		case contract.Integer(n.n, t.Bits, secret) != "":
			msgs = []string{contract.Integer(n.n, t.Bits, secret)}
		case cs != nil:
			msgs = cs.Number(n.n, secret)
		}
	case model.String:
		if n.kind != str {
			c.wrong(t, n, path)
		} else if cs != nil {
			msgs = cs.String(n.s, secret)
		}
	case model.EnumRef:
		if n.kind != str {
			c.wrong(t, n, path)
		} else if !validEnum(t.Enum, n.s) {
			shown := strconv.Quote(n.s)
			if secret {
				shown = "the secret value"
			}
			c.fail(n.pos, path, fmt.Sprintf("%s is not a valid %s; want one of %s", shown, t.Enum.Name, enumValues(t.Enum)))
		} else if cs != nil {
			msgs = cs.String(n.s, secret)
		}
	case model.AliasRef:
		c.value(t.Alias.Type, cs, n, path, secret)
	case model.Any:
		c.refsOnly(n)
	case model.Asset:
		if !c.isAsset(n, sigAsset, "text") {
			c.wrong(t, n, path)
		}
	case model.Archive:
		if !c.isAsset(n, sigArchive, "assets") {
			c.wrong(t, n, path)
		}
	case model.Capability, model.AnyResource:
		if n.kind == str && c.r.res.Format == Pulumi {
			c.plainRef(n, path, t)
		} else {
			c.wrong(t, n, path)
		}
	case model.StructRef:
		if n.kind != object {
			c.wrong(t, n, path)
		} else {
			c.properties(t.Struct.Properties, n, n.pos, path, modeAll)
		}
	case model.Array:
		if n.kind != array {
			c.wrong(t, n, path)
			break
		}
		var items *contract.Constraints
		if cs != nil {
			items = cs.Items
		}
		for i, e := range n.elems {
			c.value(t.Elem, items, e, path+"["+strconv.Itoa(i)+"]", secret)
		}
		if cs != nil {
			msgs = cs.Array(len(n.elems), func() (int, int, bool) { return contract.FirstDuplicate(n.elems, equal) })
		}
	case model.Map:
		if n.kind != object {
			c.wrong(t, n, path)
			break
		}
		var items *contract.Constraints
		if cs != nil {
			items = cs.Items
		}
		key := t.Key
		for key.Kind == model.AliasRef {
			key = key.Alias.Type
		}
		for _, f := range n.fields {
			p := mapPath(path, f.key)
			if key.Kind == model.EnumRef && !validEnum(key.Enum, f.key) {
				c.fail(f.pos, p, fmt.Sprintf("%q is not a valid %s key", f.key, key.Enum.Name))
			}
			if f.val.kind == null {
				continue
			}
			c.value(t.Elem, items, f.val, p, secret)
		}
		if cs != nil {
			msgs = cs.Map(len(n.fields))
		}
	}
	if len(msgs) > 0 {
		c.fail(n.pos, path, strings.Join(msgs, "; "))
	}
}

// mapPath is the path of the entry key of the map at path: path.key, or path["key"] for a key that is
// not an identifier.
func mapPath(path, key string) string {
	ident := key != ""
	for i, r := range key {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			ident = false
		}
	}
	if ident {
		return join(path, key)
	}
	return path + "[" + strconv.Quote(key) + "]"
}

func validEnum(e *model.Enum, s string) bool {
	return slices.ContainsFunc(e.Values, func(v *model.EnumValue) bool { return v.Value == s })
}

func enumValues(e *model.Enum) string {
	q := make([]string, len(e.Values))
	for i, v := range e.Values {
		q[i] = strconv.Quote(v.Value)
	}
	return strings.Join(q, ", ")
}

// wrong reports that n is not a value of type t.
func (c *checker) wrong(t *model.Type, n *node, path string) {
	c.fail(n.pos, path, fmt.Sprintf("want %s, got %s", t.Describe(model.AsValue), c.r.describe(n)))
}

// describe names the kind of a value for messages.
func (r *run) describe(n *node) string {
	switch n.kind {
	case null:
		return "null"
	case boolean:
		return "a bool"
	case number:
		return "a number"
	case str:
		return "a string"
	case array:
		return "an array"
	}
	if name, _, ok := (&checker{r: r}).refTarget(n); ok {
		return "a reference to " + strconv.Quote(name)
	}
	switch n.get(sigKey).str() {
	case sigSecret:
		return "a secret"
	case sigAsset:
		return "an asset"
	case sigArchive:
		return "an archive"
	}
	return "an object"
}

// str returns the string n holds, or "".
func (n *node) str() string {
	if n == nil || n.kind != str {
		return ""
	}
	return n.s
}

// isSecret reports whether n is a secret of Pulumi's state: an opaque value that satisfies any type.
func (c *checker) isSecret(n *node) bool {
	return c.r.res.Format == Pulumi && n.get(sigKey).str() == sigSecret
}

// isAsset reports whether n is an asset (an archive): in Pulumi state an object with the signature sig;
// in a MuGL snapshot also an object of the form {text|assets, path, uri, hash}.
func (c *checker) isAsset(n *node, sig, content string) bool {
	if n.kind != object {
		return false
	}
	if s := n.get(sigKey); s != nil {
		return s.str() == sig
	}
	if c.r.res.Format == Pulumi {
		return false
	}
	found := false
	for _, f := range n.fields {
		switch f.key {
		case content, "path", "uri":
			found = true
		case "hash":
		default:
			return false
		}
	}
	return found
}

// refTarget reports whether n is a reference object, and to what: {"#ref": moniker} (or the snapshot's
// own key) in MuGL, a resource reference to a URN in Pulumi state.
func (c *checker) refTarget(n *node) (string, Pos, bool) {
	if n.kind != object {
		return "", Pos{}, false
	}
	if c.r.res.Format == Pulumi {
		if n.get(sigKey).str() != sigResource {
			return "", Pos{}, false
		}
		urn := n.get("urn")
		if urn == nil {
			return "", n.pos, true
		}
		return urn.s, urn.pos, true
	}
	if len(n.fields) != 1 || n.fields[0].key != c.r.refKey {
		return "", Pos{}, false
	}
	v := n.fields[0].val
	return v.s, v.pos, true
}

// reference checks a reference object to name at pos, as a value of type t (Capability, AnyResource or
// Any).
func (c *checker) reference(name string, pos Pos, path string, t *model.Type) {
	if name == "" {
		c.fail(pos, path, "a reference without a target: want a moniker (in Pulumi state, a URN)")
		return
	}
	if c.deps != nil && !c.deps[name] {
		c.fail(pos, path, fmt.Sprintf("a reference to %q, which is not one of the resource's dependencies", name))
	}
	rf := ref{from: c.from, to: name, pos: pos, subject: c.subject, typed: t.Kind == model.Capability, want: t.Resource}
	if path != "" {
		rf.path = c.prefix + " " + strconv.Quote(path)
	}
	c.r.reference(rf)
}

// plainRef checks a capability that Pulumi state holds as a string: a URN, or else the ID of one of the
// resource's dependencies (of outputs, which have no dependencies, an ID is taken as it is).
func (c *checker) plainRef(n *node, path string, t *model.Type) {
	if strings.HasPrefix(n.s, "urn:pulumi:") {
		c.reference(n.s, n.pos, path, t)
		return
	}
	if c.deps == nil {
		return
	}
	for urn := range c.deps {
		if i, ok := c.r.byName[urn]; ok && c.r.vertices[i].id == n.s && (t.Resource == nil || c.r.vertices[i].typ == t.Resource.Token) {
			return
		}
	}
	c.fail(n.pos, path, fmt.Sprintf("%q is not the ID of one of the resource's dependencies that is %s", n.s, strings.TrimPrefix(t.Describe(model.AsValue), "a reference to ")))
}

// refsOnly records the references inside a value that is not checked otherwise (of type any, of another
// package, unknown), so that they still must resolve.
func (c *checker) refsOnly(n *node) {
	if n == nil || c.isSecret(n) {
		return
	}
	if name, pos, ok := c.refTarget(n); ok {
		c.reference(name, pos, "", &model.Type{Kind: model.AnyResource})
		return
	}
	for _, e := range n.elems {
		c.refsOnly(e)
	}
	for _, f := range n.fields {
		c.refsOnly(f.val)
	}
}

// equal reports whether two values are equal as JSON values, for uniqueItems: object members in any
// order, null members counting as absent.
func equal(a, b *node) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case null:
		return true
	case boolean:
		return a.b == b.b
	case number:
		return a.n == b.n
	case str:
		return a.s == b.s
	case array:
		return slices.EqualFunc(a.elems, b.elems, equal)
	}
	count := func(n *node) int {
		k := 0
		for _, f := range n.fields {
			if f.val.kind != null {
				k++
			}
		}
		return k
	}
	if count(a) != count(b) {
		return false
	}
	for _, f := range a.fields {
		if f.val.kind == null {
			continue
		}
		g := b.get(f.key)
		if g == nil || !equal(f.val, g) {
			return false
		}
	}
	return true
}
