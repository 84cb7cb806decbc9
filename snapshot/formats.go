package snapshot

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cidlc/cidlc/idl/contract"
	"github.com/cidlc/cidlc/idl/model"
)

// top reads the top-level object: a MuGL snapshot has "vertices" (and maybe "ref"), a Pulumi deployment
// "version" and "deployment". Other fields are allowed and not looked at.
func (r *run) top() error {
	tok, pos, err := r.s.next()
	if err == io.EOF {
		r.report(Pos{1, 1}, "", "", "empty input: want a MuGL snapshot or a Pulumi deployment")
		return nil
	}
	if err != nil {
		return err
	}
	if tok != json.Delim('{') {
		n, err := r.s.value(tok, pos)
		if err != nil {
			return err
		}
		r.report(pos, "", "", "want a JSON object (a MuGL snapshot or a Pulumi deployment), got "+r.describe(n))
		return r.end()
	}
	seen := map[string]Pos{}
	var version *node
	var deployment, vertices bool
	for r.s.more() {
		key, kpos, err := r.s.key()
		if err != nil {
			return err
		}
		if first, ok := seen[key]; ok {
			r.report(kpos, "", "", fmt.Sprintf("duplicate key %q (first at %s); JSON decoders keep only one of them", key, first))
			if _, err := r.s.read(); err != nil {
				return err
			}
			continue
		}
		seen[key] = kpos
		switch key {
		case "vertices":
			vertices = true
			r.res.Format = MuGL
			err = r.readVertices()
		case "deployment":
			deployment = true
			r.res.Format = Pulumi
			err = r.deployment()
		case "ref":
			var n *node
			if n, err = r.s.read(); err == nil {
				switch {
				case n.kind != str || n.s == "":
					r.report(n.pos, "", "", "the reference key \"ref\": want a non-empty string, got "+r.describe(n))
				case vertices:
					r.report(kpos, "", "", "the reference key \"ref\" must come before \"vertices\", which were read with "+strconv.Quote(r.refKey))
				default:
					r.refKey = n.s
				}
			}
		case "version":
			version, err = r.s.read()
		default:
			_, err = r.s.read()
		}
		if err != nil {
			return err
		}
	}
	if _, _, err := r.s.next(); err != nil { // }
		return err
	}
	switch {
	case !vertices && !deployment:
		r.report(pos, "", "", `neither a MuGL snapshot (no "vertices") nor a Pulumi deployment (no "deployment")`)
	case deployment && version == nil:
		r.report(pos, "", "", `a Pulumi deployment without "version"; want version 3`)
	case deployment && (version.kind != number || version.n != 3):
		shown := r.describe(version)
		if version.kind == number {
			shown = contract.FormatNumber(version.n)
		}
		r.report(version.pos, "", "", "unsupported deployment version "+shown+"; want 3")
	}
	return r.end()
}

// end checks that nothing follows the top-level value.
func (r *run) end() error {
	_, pos, err := r.s.next()
	switch err {
	case io.EOF:
		return nil
	case nil:
		r.report(pos, "", "", "unexpected data after the top-level value")
		return nil
	}
	return err
}

// readVertices reads the vertices of a MuGL snapshot, one at a time.
func (r *run) readVertices() error {
	tok, pos, err := r.s.next()
	if err != nil {
		return err
	}
	if tok != json.Delim('{') {
		n, err := r.s.value(tok, pos)
		if err == nil {
			r.report(pos, "", "", "vertices: want an object of vertices by moniker, got "+r.describe(n))
		}
		return err
	}
	for r.s.more() {
		moniker, kpos, err := r.s.key()
		if err != nil {
			return err
		}
		subject := "vertex " + strconv.Quote(moniker)
		r.subject = subject
		n, err := r.s.read()
		if err != nil {
			return err
		}
		r.res.Vertices++
		if first, ok := r.byName[moniker]; ok {
			r.report(kpos, subject, "", fmt.Sprintf("duplicate moniker (first at %s); JSON decoders keep only one of them", r.vertices[first].pos))
			continue
		}
		r.vertex(moniker, kpos, n)
	}
	_, _, err = r.s.next() // }
	return err
}

// vertex checks one MuGL vertex.
func (r *run) vertex(moniker string, pos Pos, n *node) {
	subject := "vertex " + strconv.Quote(moniker)
	idx := r.add(vertex{name: moniker, pos: pos})
	defer func() { r.vertices[idx].done = true }()
	c := &checker{r: r, from: idx, subject: subject, prefix: "property"}
	if n.kind != object {
		r.report(n.pos, subject, "", "want an object with type, id, aliases and properties, got "+r.describe(n))
		return
	}
	for _, f := range n.fields {
		switch f.key {
		case "type", "properties":
		case "id":
			if f.val.kind != str {
				r.report(f.val.pos, subject, "", "id: want a string, got "+r.describe(f.val))
			} else {
				r.vertices[idx].id = f.val.s
			}
		case "aliases":
			ok := f.val.kind == array
			for _, e := range f.val.elems {
				ok = ok && e.kind == str
			}
			if !ok {
				r.report(f.val.pos, subject, "", "aliases: want an array of strings, got "+r.describe(f.val))
			}
		default:
			r.report(f.pos, subject, "", fmt.Sprintf("unknown field %q; a vertex has type, id, aliases and properties", f.key))
		}
	}
	props := n.get("properties")
	if props != nil && props.kind != object {
		r.report(props.pos, subject, "", "properties: want an object, got "+r.describe(props))
		props = nil
	}
	res := r.resolveType(n, subject, idx)
	if res == nil {
		c.refsOnly(props)
		return
	}
	r.res.Checked++
	at := n.pos
	if props != nil {
		at = props.pos
	} else {
		props = &node{kind: object, pos: n.pos}
	}
	c.properties(res.Properties, props, at, "", modeAll)
}

// resolveType reads the type of vertex n and returns its resource, or nil when it is not one of the
// IDL's (reported, or counted as skipped).
func (r *run) resolveType(n *node, subject string, idx int32) *model.Resource {
	t := n.get("type")
	switch {
	case t == nil:
		r.report(n.pos, subject, "", "missing type")
		return nil
	case t.kind != str:
		r.report(t.pos, subject, "", "type: want a type token, got "+r.describe(t))
		return nil
	}
	r.vertices[idx].typ = t.s
	if res := r.v.resources[t.s]; res != nil {
		return res
	}
	pkg, _, _ := strings.Cut(t.s, ":")
	switch {
	case pkg != r.v.tree.Name:
		r.res.Skipped[t.s]++
	case r.v.others[t.s] != "":
		r.report(t.pos, subject, "", fmt.Sprintf("type %s is %s, not a resource", t.s, r.v.others[t.s]))
	default:
		r.report(t.pos, subject, "", fmt.Sprintf("unknown resource type %s of package %s", t.s, pkg))
	}
	return nil
}

func (r *run) add(v vertex) int32 {
	idx := int32(len(r.vertices))
	r.vertices = append(r.vertices, v)
	r.byName[v.name] = idx
	return idx
}

// deployment reads the deployment of a Pulumi export: its resources, one at a time.
func (r *run) deployment() error {
	tok, pos, err := r.s.next()
	if err != nil {
		return err
	}
	if tok != json.Delim('{') {
		n, err := r.s.value(tok, pos)
		if err == nil {
			r.report(pos, "", "", "deployment: want an object, got "+r.describe(n))
		}
		return err
	}
	seen := map[string]Pos{}
	for r.s.more() {
		key, kpos, err := r.s.key()
		if err != nil {
			return err
		}
		r.subject = ""
		if first, ok := seen[key]; ok {
			r.report(kpos, "", "", fmt.Sprintf("duplicate key %q (first at %s); JSON decoders keep only one of them", key, first))
		}
		seen[key] = kpos
		if key != "resources" {
			if _, err := r.s.read(); err != nil {
				return err
			}
			continue
		}
		tok, pos, err := r.s.next()
		if err != nil {
			return err
		}
		if tok != json.Delim('[') {
			n, err := r.s.value(tok, pos)
			if err != nil {
				return err
			}
			r.report(pos, "", "", "resources: want an array, got "+r.describe(n))
			continue
		}
		for i := 0; r.s.more(); i++ {
			r.subject = fmt.Sprintf("resource %d", i)
			n, err := r.s.read()
			if err != nil {
				return err
			}
			r.res.Vertices++
			r.resource(i, n)
		}
		if _, _, err := r.s.next(); err != nil { // ]
			return err
		}
	}
	_, _, err = r.s.next() // }
	return err
}

// The signatures of Pulumi's special objects in state.
const (
	sigKey      = "4dabf18193072939515e22adb298388d"
	sigSecret   = "1b47061264138c4ac30d75fd1eb44270"
	sigResource = "5cf8f73096256a8f31e491e813e4eb8e"
	sigAsset    = "c44067f5952c0a294b673a41bacd8c17"
	sigArchive  = "0def7320c3a5731c473e5ecbe6d01bc7"
)

// resource checks resource i of a Pulumi deployment.
func (r *run) resource(i int, n *node) {
	subject := fmt.Sprintf("resource %d", i)
	if n.kind != object {
		r.report(n.pos, subject, "", "want an object, got "+r.describe(n))
		return
	}
	urn := n.get("urn")
	if urn == nil || urn.kind != str {
		r.report(n.pos, subject, "", "missing urn")
		return
	}
	subject = "resource " + strconv.Quote(urn.s)
	r.subject = subject
	del := n.get("delete")
	deleted := del != nil && del.kind == boolean && del.b
	if first, ok := r.byName[urn.s]; ok {
		// A resource pending deletion (delete: true) shares the URN of its replacement.
		if !deleted && !r.vertices[first].deleted {
			r.report(urn.pos, subject, "", fmt.Sprintf("duplicate URN (first at %s)", r.vertices[first].pos))
		}
		return
	}
	idx := r.add(vertex{name: urn.s, pos: urn.pos, deleted: deleted})
	defer func() { r.vertices[idx].done = true }()
	if id := n.get("id"); id != nil && id.kind == str {
		r.vertices[idx].id = id.s
	}
	// The engine's own references: all to resources that come earlier.
	deps := map[string]bool{}
	if d := n.get("dependencies"); d != nil {
		r.urns(d, idx, subject, "dependencies", func(s string) { deps[s] = true })
	}
	if pd := n.get("propertyDependencies"); pd != nil {
		if pd.kind != object {
			r.report(pd.pos, subject, "", "propertyDependencies: want an object, got "+r.describe(pd))
		}
		for _, f := range pd.fields {
			r.urns(f.val, idx, subject, "propertyDependencies."+f.key, nil)
		}
	}
	if p := n.get("parent"); p != nil {
		r.urns(&node{kind: array, pos: p.pos, elems: []*node{p}}, idx, subject, "parent", nil)
	}
	if p := n.get("provider"); p != nil && p.kind == str {
		// A provider reference is URN::ID.
		if i := strings.LastIndex(p.s, "::"); i > 0 {
			r.urns(&node{kind: array, pos: p.pos, elems: []*node{{kind: str, pos: p.pos, s: p.s[:i]}}}, idx, subject, "provider", nil)
		}
	}

	inputs, outputs := n.get("inputs"), n.get("outputs")
	for _, o := range []*node{inputs, outputs} {
		if o != nil && o.kind != object && o.kind != null {
			r.report(o.pos, subject, "", "want an object, got "+r.describe(o))
		}
	}
	res := r.resolveType(n, subject, idx)
	if res == nil {
		c := &checker{r: r, from: idx, subject: subject}
		c.refsOnly(inputs)
		c.refsOnly(outputs)
		return
	}
	r.res.Checked++
	if inputs == nil || inputs.kind != object {
		inputs = &node{kind: object, pos: n.pos}
	}
	// What an earlier state version wrote is in an earlier shape, which the provider migrates before it
	// reads it: only its references are checked.
	in := &checker{r: r, from: idx, subject: subject, prefix: "input", deps: deps}
	if stateVersion(inputs) < res.StateVersion {
		in.refsOnly(inputs)
	} else {
		in.properties(res.Properties, inputs, inputs.pos, "", modeInputs)
	}
	if outputs != nil && outputs.kind == object {
		out := &checker{r: r, from: idx, subject: subject, prefix: "output"}
		if stateVersion(outputs) < res.StateVersion {
			out.refsOnly(outputs)
		} else {
			out.properties(res.Properties, outputs, outputs.pos, "", modeOutputs)
		}
	}
}

// stateVersion is the state version that the provider stamped on a resource's inputs or outputs
// (__stateVersion), 0 without one.
func stateVersion(n *node) int {
	if v := n.get("__stateVersion"); v != nil && v.kind == number {
		return int(v.n)
	}
	return 0
}

// urns reads a list of URNs that the resource idx depends on (dependencies, parent, provider): each must
// be a resource that comes earlier.
func (r *run) urns(n *node, idx int32, subject, what string, each func(string)) {
	if n.kind != array {
		r.report(n.pos, subject, "", what+": want an array of URNs, got "+r.describe(n))
		return
	}
	for _, e := range n.elems {
		if e.kind != str {
			r.report(e.pos, subject, "", what+": want a URN, got "+r.describe(e))
			continue
		}
		if each != nil {
			each(e.s)
		}
		r.reference(ref{from: idx, to: e.s, pos: e.pos, subject: subject, path: what})
	}
}

// reference records a reference and checks it now if its target was read already.
func (r *run) reference(rf ref) {
	to, ok := r.byName[rf.to]
	if !ok || !r.vertices[to].done {
		r.pending = append(r.pending, rf)
		return
	}
	r.edges = append(r.edges, edge{rf.from, to, rf.pos})
	r.checkTarget(rf, to)
}

// checkTarget checks that the target of a capability has the type it wants.
func (r *run) checkTarget(rf ref, to int32) {
	if !rf.typed || rf.want == nil {
		return
	}
	if t := r.vertices[to].typ; t != rf.want.Token {
		got := "of unknown type"
		if t != "" {
			got = "of type " + t
		}
		r.report(rf.pos, rf.subject, rf.path, fmt.Sprintf("want a reference to a resource of type %s, got one to %q %s", rf.want.Token, rf.to, got))
	}
}
