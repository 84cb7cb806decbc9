package breaking

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"

	"github.com/cidlc/cidlc/idl/model"
)

// compareEnum compares the values of two versions of an enum: matched by value, or, for a value that
// changed, by constant name.
func (c *comparer) compareEnum(o, n *decl) {
	oldByValue, newByValue := map[string]*model.EnumValue{}, map[string]*model.EnumValue{}
	for _, v := range o.enum.Values {
		oldByValue[v.Value] = v
	}
	for _, v := range n.enum.Values {
		newByValue[v.Value] = v
	}
	oldByName := map[string]*model.EnumValue{}
	for _, v := range o.enum.Values {
		if newByValue[v.Value] == nil {
			oldByName[v.Name] = v
		}
	}
	ns := namespace(n.dir)
	changed := map[*model.EnumValue]bool{} // old values whose constant now has another value
	for _, nv := range n.enum.Values {
		subject := ns + nv.Name
		ov := oldByValue[nv.Value]
		switch {
		case ov != nil:
			if ov.Name != nv.Name {
				c.report(EnumValueRenamed, subject, ov.Pos, nv.Pos,
					fmt.Sprintf("the constant of value %q was renamed from %s: programs that use %s no longer compile (the string %q still works)",
						nv.Value, ns+ov.Name, ns+ov.Name, nv.Value),
					"keep the old constant's name")
			}
			if ov.Doc != nv.Doc {
				c.report(DocChanged, subject, ov.Pos, nv.Pos, "doc comment changed", "")
			}
		case oldByName[nv.Name] != nil:
			ov := oldByName[nv.Name]
			changed[ov] = true
			c.report(EnumValueRespelled, subject, ov.Pos, nv.Pos,
				fmt.Sprintf("value changed from %q to %q: programs that use %s now send the new value, and those that write %q no longer compile", ov.Value, nv.Value, subject, ov.Value),
				"add the new value under a new name, and keep the old one")
			if stranded := c.old.stranded(o.Decl, strconv.Quote(ov.Value)); stranded != "" {
				c.reportStacks(EnumValueChanged, subject, ov.Pos, nv.Pos, fmt.Sprintf("value changed from %q to %q", ov.Value, nv.Value), stranded,
					"add the new value under a new name, and keep the old one")
			}
		default:
			c.report(EnumValueAdded, subject, token.Position{}, nv.Pos, fmt.Sprintf("%s gained the value %q", n.subject(), nv.Value), "")
		}
	}
	for _, ov := range o.enum.Values {
		if newByValue[ov.Value] != nil || changed[ov] {
			continue
		}
		subject := namespace(o.dir) + ov.Name
		c.report(EnumValueRemoved, subject, ov.Pos, token.Position{},
			fmt.Sprintf("%s lost the value %q: programs that use it no longer compile", o.subject(), ov.Value),
			"keep the value, deprecated in its doc")
		if stranded := c.old.stranded(o.Decl, "it"); stranded != "" {
			c.reportStacks(StoredEnumValueRemoved, subject, ov.Pos, token.Position{},
				fmt.Sprintf("%s lost the value %q", o.subject(), ov.Value), stranded,
				"keep the value, deprecated in its doc, and refuse it for new resources in the ops' Check; --validate-snapshot on an exported stack shows whether its state holds it")
		}
	}
}

// stranded says what can no longer be read once values of the declaration d that state or
// configuration holds, such as value, no longer decode: "" when nothing holds d's values.
func (ix *treeIndex) stranded(d *model.Decl, value string) string {
	var parts []string
	if len(ix.storers[d]) > 0 {
		parts = append(parts, "the provider can no longer read, update or delete resources whose state holds "+value)
	}
	if ix.configured[d] {
		parts = append(parts, "stacks whose configuration holds "+value+" can no longer configure the provider")
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("%s (%s)", strings.Join(parts, ", and "), listed(ix.storedIn[d], 3))
}
