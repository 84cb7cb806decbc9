package previous

import (
	"bufio"
	"bytes"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
)

// generatedName returns the package name that a go:generate directive of the root package of files
// (the previous version's) gives cidlc: the value of its --name, or "" when it gives none (the root
// package's Go name, cidlc's default). known is false when no directive of the root package runs cidlc,
// or when those that do disagree: the name that version was generated with is then unknown.
//
// A go:generate directive is how the manual says to run cidlc; a name given elsewhere (a Makefile) is
// not seen, and the previous version is loaded under the current run's name, as if it had not changed.
func generatedName(files map[string][]byte) (name string, known bool) {
	var names []string
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		if path.Dir(rel) != "." || !strings.HasSuffix(rel, ".go") {
			continue
		}
		lines := bufio.NewScanner(bytes.NewReader(files[rel]))
		for lines.Scan() {
			args, ok := strings.CutPrefix(lines.Text(), "//go:generate ")
			if !ok {
				continue
			}
			if n, runs := nameFlag(strings.Fields(args)); runs {
				names = append(names, n)
			}
		}
	}
	if len(names) == 0 || slices.ContainsFunc(names, func(n string) bool { return n != names[0] }) {
		return "", false
	}
	return names[0], true
}

// nameFlag returns the --name that the words of a go:generate directive give, and whether the
// directive runs cidlc: a word that names it (go tool cidlc, go run …/cmd/cidlc, cidlc) before the
// flags.
func nameFlag(words []string) (name string, runs bool) {
	for i, w := range words {
		if u, err := strconv.Unquote(w); err == nil {
			w = u
		}
		switch {
		case !runs:
			runs = w == "cidlc" || strings.HasSuffix(w, "/cmd/cidlc") || strings.Contains(w, "/cmd/cidlc@")
		case w == "--name" || w == "-name":
			if i+1 < len(words) {
				name = words[i+1]
			}
		default:
			if v, ok := strings.CutPrefix(w, "--name="); ok {
				name = v
			} else if v, ok := strings.CutPrefix(w, "-name="); ok {
				name = v
			}
		}
	}
	if u, err := strconv.Unquote(name); err == nil {
		name = u
	}
	return name, runs
}
