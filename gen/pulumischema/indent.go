package pulumischema

import "bytes"

// appendIndented appends to dst the compact JSON in src as json.Indent lays it out (each element on a
// line of its own, prefix then indent once per level starting every line after the first, ": " after
// a key, empty objects and arrays kept as {} and []), and returns the extended slice.
//
// src must be what encoding/json encodes: valid and without whitespace outside its strings. json.Indent
// checks every byte with encoding/json's scanner, which made the indentation cost twice what encoding
// the schema did (1.6 s of CPU of a cold run at 10,000 resources went to json.Indent and the encoding
// together); this loop copies each string in one piece and looks only at the punctuation between.
// TestIndentedAsJSONIndent and FuzzIndented hold it to json.Indent's output.
func appendIndented(dst, src []byte, prefix, indent string) []byte {
	depth := 0
	// open says that an object or an array was just opened: its first element goes on a new line, or,
	// when it is empty, its closing bracket follows at once.
	open := false
	newline := func() {
		dst = append(dst, '\n')
		dst = append(dst, prefix...)
		for range depth {
			dst = append(dst, indent...)
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if open && c != '}' && c != ']' {
			open = false
			depth++
			newline()
		}
		switch c {
		case '"':
			end := stringEnd(src, i)
			dst = append(dst, src[i:end]...)
			i = end - 1
		case '{', '[':
			open = true
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, c, ' ')
		case '}', ']':
			if open {
				open = false
			} else {
				depth--
				newline()
			}
			dst = append(dst, c)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// stringEnd returns the index just past the JSON string that starts at src[start] (a quote): past the
// first quote after it that no backslash escapes, or len(src) in a string that does not end.
func stringEnd(src []byte, start int) int {
	i := start + 1
	for {
		j := bytes.IndexByte(src[i:], '"')
		if j < 0 {
			return len(src)
		}
		i += j
		backslashes := 0
		for k := i - 1; k > start && src[k] == '\\'; k-- {
			backslashes++
		}
		i++
		if backslashes%2 == 0 {
			return i
		}
	}
}
