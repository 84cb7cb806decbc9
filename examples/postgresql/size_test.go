// Package postgresql_test measures the PostgreSQL example: how many lines its author wrote, how many
// cidlc generated, and checks that the README says so.
package postgresql_test

import (
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// lines is the size of a set of files: its lines as wc -l counts them, and those that hold something
// other than blanks and comments.
type lines struct{ files, total, code int }

func (l lines) String() string {
	return fmt.Sprintf("%d files, %d lines, %d code", l.files, l.total, l.code)
}

// measure counts the lines of the files that match patterns (relative to this directory), less those
// that except matches.
func measure(t *testing.T, except string, patterns ...string) lines {
	t.Helper()
	var l lines
	for _, p := range patterns {
		names, err := filepath.Glob(p)
		if err != nil || len(names) == 0 {
			t.Fatalf("no file matches %s (%v)", p, err)
		}
		for _, name := range names {
			if except != "" && strings.HasSuffix(name, except) {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			l.files++
			l.total += strings.Count(string(src), "\n")
			switch filepath.Ext(name) {
			case ".go":
				l.code += goCode(src)
			case ".ts":
				l.code += tsCode(string(src))
			default:
				l.code += nonBlank(string(src)) // JSON has no comments
			}
		}
	}
	return l
}

// goCode counts the lines of Go source that hold a token: a line of a multi-line raw string (SQL)
// counts, a comment or a blank line does not.
func goCode(src []byte) int {
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0) // comments skipped
	code := map[int]bool{}
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return len(code)
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // inserted at a line's end, not written
		}
		start := fset.Position(pos).Line
		for l := start; l <= start+strings.Count(lit, "\n"); l++ {
			code[l] = true
		}
	}
}

// tsCode counts the lines of TypeScript that are not blank and not comments (// lines and /** … */
// blocks, which is how the generated package writes them).
func tsCode(src string) int {
	n, inBlock := 0, false
	for _, line := range strings.Split(src, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case inBlock:
			inBlock = !strings.Contains(line, "*/")
		case strings.HasPrefix(line, "/*"):
			inBlock = !strings.Contains(line, "*/")
		case line != "" && !strings.HasPrefix(line, "//"):
			n++
		}
	}
	return n
}

// nonBlank counts the lines that are not blank.
func nonBlank(src string) int {
	n := 0
	for _, line := range strings.Split(src, "\n") {
		if strings.TrimSpace(line) != "" {
			n++
		}
	}
	return n
}

// TestSize measures the provider, logs what it found (go test -v -run TestSize ./examples/postgresql/)
// and checks the README's table of it, row by row: | what | files | wc -l | code |.
func TestSize(t *testing.T) {
	rows := []struct {
		what string
		got  lines
	}{
		{"hand-written ops and main", measure(t, "_stub.go", "provider/*.go", "cmd/pulumi-resource-postgresql/main.go")},
		{"hand-written resource ops", measure(t, "", "provider/role.go", "provider/database.go", "provider/schema.go", "provider/grant.go", "provider/extension.go",
			"provider/membership.go", "provider/roleSettings.go", "provider/defaultPrivileges.go")},
		{"hand-written IDL", measure(t, "", "idl/*.go")},
		{"generated Go stubs", measure(t, "", "provider/*_stub.go")},
		{"generated TypeScript", measure(t, "", "pack/*.ts")},
		{"generated schema", measure(t, "", "cmd/pulumi-resource-postgresql/schema.json")},
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		what, got := row.what, row.got
		t.Logf("%-26s %v", what, got)
		m := regexp.MustCompile(`(?m)^\| ` + regexp.QuoteMeta(what) + ` \|[^|]*\| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \|$`).FindStringSubmatch(string(readme))
		if m == nil {
			t.Errorf("the README has no row | %s | … | files | wc -l | code |", what)
			continue
		}
		var said lines
		for i, p := range []*int{&said.files, &said.total, &said.code} {
			*p, _ = strconv.Atoi(strings.ReplaceAll(m[i+1], ",", ""))
		}
		if said != got {
			t.Errorf("the README says %s: %v; it is %v", what, said, got)
		}
	}
}
