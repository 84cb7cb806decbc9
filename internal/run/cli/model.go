package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"

	"github.com/cidlc/cidlc/idl/model"
	"github.com/cidlc/cidlc/internal/base/paths"
)

// printModel writes the model as indented JSON (--print-model), with source positions relative to the
// working directory, as diagnostics show them, so that the output does not depend on where the checkout
// lives.
func printModel(w io.Writer, tree *model.Tree) error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	return writeModel(w, tree, wd)
}

// writeModel writes tree as indented JSON, with the file name of every position relative to wd. The
// tree itself is left as it is: the positions are rewritten in the JSON, wherever a node of the model
// has one.
func writeModel(w io.Writer, tree *model.Tree, wd string) error {
	data, err := json.Marshal(tree)
	if err != nil {
		return err
	}
	data, err = relativeFilenames(data, wd)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, data, "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err = w.Write(out.Bytes())
	return err
}

// relativeFilenames copies the compact JSON data with the value of every "Filename" member (a
// token.Position's) made relative to wd. It works on the JSON's tokens, so it needs no list of the
// model's positioned nodes and cannot miss one.
func relativeFilenames(data []byte, wd string) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // numbers keep their text
	type level struct {
		object bool
		n      int // tokens so far: in an object, keys and values alike
	}
	var (
		out   bytes.Buffer
		stack []level
		key   string // the last key read
	)
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return out.Bytes(), nil
		}
		if err != nil {
			return nil, err
		}
		isKey, isMember := false, false
		if d, ok := tok.(json.Delim); !ok || d == '{' || d == '[' {
			// A value or a key: the separator before it.
			if len(stack) > 0 {
				top := &stack[len(stack)-1]
				switch {
				case top.object && top.n%2 == 1:
					out.WriteByte(':')
				case top.n > 0:
					out.WriteByte(',')
				}
				isKey = top.object && top.n%2 == 0
				isMember = top.object && top.n%2 == 1
				top.n++
			}
		}
		switch t := tok.(type) {
		case json.Delim:
			out.WriteByte(byte(t))
			switch t {
			case '{', '[':
				stack = append(stack, level{object: t == '{'})
			default:
				stack = stack[:len(stack)-1]
			}
			continue
		case string:
			if isKey {
				key = t
			} else if isMember && key == "Filename" {
				tok = paths.RelSlash(wd, t)
			}
		}
		text, err := json.Marshal(tok)
		if err != nil {
			return nil, err
		}
		out.Write(text)
	}
}
