package typescript

import (
	"bytes"
	"embed"
	"strings"
	"text/template"
)

// The templates hold the fixed text of the output, one file per construct. They receive views: flat
// structs of strings computed in Go (names, types, literals, doc comments, and the few lines whose
// layout depends on their length), so that a template never decides anything but what to repeat.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

var templates = template.Must(template.New("").Option("missingkey=error").ParseFS(templateFS, "templates/*.tmpl"))

// render executes the named template on view. Templates end their text with a newline; render drops
// it, so that callers join fragments with the blank lines they need.
func render(name string, view any) (string, error) {
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, name, view); err != nil {
		return "", err
	}
	return strings.TrimRight(b.String(), "\n"), nil
}
