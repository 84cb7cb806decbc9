package pulumischema

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"

	"github.com/cidlc/cidlc/idl/model"
)

// write writes the schema of tree to w as encoding/json writes it (indented by four spaces, HTML left
// unescaped, a final newline), without ever holding it whole: the package's fields are encoded with a
// placeholder for the types, the resources and the functions, and each placeholder is replaced by its
// entries, encoded one at a time in the order of their tokens, as encoding/json sorts a map's keys.
func write(w io.Writer, tree *model.Tree, opts Options) error {
	spec := packageSpec(tree, opts)
	types, resources, functions := entries(tree)
	types, resources, functions = sorted(types), sorted(resources), sorted(functions)
	// A placeholder key sorts and escapes like no token can.
	const placeholder = "\x00cidlc"
	if len(types) > 0 {
		spec.Types = map[string]*complexJSON{placeholder: nil}
	}
	if len(resources) > 0 {
		spec.Resources = map[string]*resourceJSON{placeholder: nil}
	}
	if len(functions) > 0 {
		spec.Functions = map[string]*functionJSON{placeholder: nil}
	}
	compact, err := appendEncoded(nil, spec)
	if err != nil {
		return fmt.Errorf("schema: %w", err)
	}
	head := appendIndented(nil, compact, "", "    ")
	bw := bufio.NewWriterSize(w, 1<<16)
	// Each map's placeholder entry, as encoded in head, gives way to the map's entries.
	placeholderLine := []byte("        \"\\u0000cidlc\": null")
	// Each entry is made in an arena, encoded, then laid out, in buffers that serve them all.
	var indented, key []byte
	var memory arena
	for _, list := range [][]entry{types, resources, functions} {
		if len(list) == 0 {
			continue
		}
		i := bytes.Index(head, placeholderLine)
		if i < 0 {
			return fmt.Errorf("schema: no place for %d entries", len(list))
		}
		bw.Write(head[:i])
		for j, e := range list {
			if j > 0 {
				bw.WriteString(",\n")
			}
			compact, err = appendEntry(compact[:0], e.build(&memory))
			memory.reset()
			if err != nil {
				return fmt.Errorf("schema: %s: %w", e.token, err)
			}
			indented = appendIndented(indented[:0], compact, "        ", "    ")
			key = appendString(key[:0], e.token)
			bw.WriteString("        ")
			bw.Write(key)
			bw.WriteString(": ")
			bw.Write(indented)
		}
		head = head[i+len(placeholderLine):]
	}
	bw.Write(head)
	bw.WriteByte('\n')
	return bw.Flush()
}

// sorted sorts entries by token, keeping of two with one token the later, as a map would.
func sorted(list []entry) []entry {
	slices.SortStableFunc(list, func(a, b entry) int { return cmp.Compare(a.token, b.token) })
	out := list[:0]
	for i, e := range list {
		if i+1 < len(list) && list[i+1].token == e.token {
			continue
		}
		out = append(out, e)
	}
	return out
}
