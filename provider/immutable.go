package provider

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/cidlc/cidlc/idl/contract"
)

// Where an immutable property is enforced, and why there.
//
// Not in Check: the engine checks the inputs of every resource, also of one that the user replaces on
// purpose (pulumi up --replace, pulumi state taint), which must still work. Not in Diff: the engine
// diffs on refresh too, with the cloud's values as the old ones, and a refresh must record what the
// cloud says, not fail; and Diff cannot see the program's replaceOnChanges. Update is the one call that
// means "change this resource in place": the engine makes it only when nothing replaces the resource,
// after ignoreChanges, and with Preview set during a preview (the runtime says it supports previews),
// so a change of an immutable property fails the preview, and the real update before ops.Update runs.
// Diff reports the change as an ordinary update, which the preview shows before it fails.

// immutableChange is a change of an immutable property that an update would make.
type immutableChange struct {
	key      resource.PropertyKey
	old, new string // as messages show them
	hadOld   bool
}

// refuseImmutableChanges returns the error that stops an update which changes immutable properties, or
// nil. It compares the old inputs (the outputs, for engines too old to send them) with the new ones, as
// Diff does; a new value not known yet (during a preview) is judged by the real update, once known.
func (r *Resource[T]) refuseImmutableChanges(req *pulumirpc.UpdateRequest) error {
	if !slices.ContainsFunc(r.spec.Properties, func(p Property) bool { return p.Immutable }) {
		return nil
	}
	// Compared as Diff compares them, secrets unwrapped: whether a value is secret is no change.
	plain, err := readRequest(true, req.GetOlds(), req.GetNews(), req.GetOldInputs())
	if err != nil {
		return err
	}
	before := plain.state
	if req.GetOldInputs() != nil {
		before = plain.oldInputs
	}
	diff := r.compare(before, plain.news, req.GetIgnoreChanges())
	var secret map[resource.PropertyKey]bool // the keys secret on either side, read only when needed
	var changes []immutableChange
	for _, p := range r.spec.Properties {
		if !p.Immutable || !diff.HasChanged(p.Key) || slices.Contains(diff.Unknown, p.Key) {
			continue
		}
		if p.In && req.GetOldInputs() == nil {
			continue // outputs never hold an in property: there is nothing to compare it with
		}
		if secret == nil {
			in, err := readRequest(false, req.GetOlds(), req.GetNews(), req.GetOldInputs())
			if err != nil {
				return err
			}
			secret = secretKeys(in.state, in.oldInputs, in.news)
		}
		hide := p.Secret || secret[p.Key]
		o, hadOld := before[p.Key]
		n, hasNew := plain.news[p.Key]
		changes = append(changes, immutableChange{key: p.Key, old: showValue(o, hadOld, hide), new: showValue(n, hasNew, hide), hadOld: hadOld})
	}
	if len(changes) == 0 {
		return nil
	}
	return status.Error(codes.FailedPrecondition, immutableMessage(resource.URN(req.GetUrn()), changes))
}

// immutableMessage says which immutable properties an update would change, from what to what, and the
// two ways on: the old values back, or a deliberate replacement.
func immutableMessage(urn resource.URN, changes []immutableChange) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: ", urn.Type().Name(), contract.Quote(urn.Name()))
	if len(changes) == 1 {
		c := changes[0]
		fmt.Fprintf(&b, "%s is immutable, and this update would change it from %s to %s. It is set when the resource is created and cannot change afterwards, "+
			"and replacing the resource to change it would lose what the resource holds. ", c.key, c.old, c.new)
		if c.hadOld {
			fmt.Fprintf(&b, "Set it back to %s to keep the resource", c.old)
		} else {
			b.WriteString("Leave it unset to keep the resource")
		}
	} else {
		names := make([]string, len(changes))
		froms := make([]string, len(changes))
		for i, c := range changes {
			names[i] = string(c.key)
			froms[i] = fmt.Sprintf("%s from %s to %s", c.key, c.old, c.new)
		}
		fmt.Fprintf(&b, "%s are immutable, and this update would change them: %s. They are set when the resource is created and cannot change afterwards, "+
			"and replacing the resource to change them would lose what the resource holds. Set them back to keep the resource",
			andList(names), strings.Join(froms, "; "))
	}
	fmt.Fprintf(&b, ", or replace the resource deliberately: pulumi up --replace %s", shellQuote(string(urn)))
	return b.String()
}

// andList joins words as prose: "a", "a and b", "a, b and c".
func andList(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// shellQuote quotes s for a POSIX shell, so that a command in a message can be pasted as it is: a URN
// holds $ when its resource has a parent, and may hold any character in its name.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// maxShown is how many characters of a value a message shows: enough to tell two values apart, short
// enough for one line of a terminal with the rest of the message.
const maxShown = 80

// showValue writes a property's value for a message, JSON-like: "UTF8", 20, true, ["a","b"]; unset
// when the property is absent, [secret] for a secret (hide) or a value with a secret inside, and a
// reference as its resource's type, name and ID. A long value is cut short with "…".
func showValue(v resource.PropertyValue, present, hide bool) string {
	switch {
	case !present:
		return "unset"
	case hide || v.ContainsSecrets():
		return "[secret]"
	}
	var b strings.Builder
	writeValue(&b, v)
	s := b.String()
	if r := []rune(s); len(r) > maxShown {
		return string(r[:maxShown-1]) + "…"
	}
	return s
}

func writeValue(b *strings.Builder, v resource.PropertyValue) {
	switch {
	case v.IsNull():
		b.WriteString("null")
	case v.IsBool():
		fmt.Fprint(b, v.BoolValue())
	case v.IsNumber():
		b.WriteString(contract.FormatNumber(v.NumberValue()))
	case v.IsString():
		b.WriteString(contract.Quote(v.StringValue()))
	case v.IsArray():
		b.WriteByte('[')
		for i, e := range v.ArrayValue() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeValue(b, e)
		}
		b.WriteByte(']')
	case v.IsObject():
		b.WriteByte('{')
		for i, k := range v.ObjectValue().StableKeys() {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, "%s:", contract.Quote(string(k)))
			writeValue(b, v.ObjectValue()[k])
		}
		b.WriteByte('}')
	case v.IsAsset():
		fmt.Fprintf(b, "an asset (hash %s)", v.AssetValue().Hash)
	case v.IsArchive():
		fmt.Fprintf(b, "an archive (hash %s)", v.ArchiveValue().Hash)
	case v.IsResourceReference():
		ref := v.ResourceReferenceValue()
		fmt.Fprintf(b, "%s %s", ref.URN.Type().Name(), contract.Quote(ref.URN.Name()))
		if id, ok := ref.IDString(); ok && id != "" {
			fmt.Fprintf(b, " (ID %s)", contract.Quote(id))
		}
	case v.IsOutput():
		writeValue(b, v.OutputValue().Element)
	default:
		b.WriteString(v.TypeString())
	}
}
