package gentest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"regexp"
	"testing"

	"github.com/cidlc/cidlc/gen"
	"github.com/cidlc/cidlc/internal/testsupport"
)

// ReleaseFile is the file of a golden case that says which release its outputs are generated for, as
// the flags --pkg-version and --plugin-download-url of its run would:
//
//	{"version": "1.2.0", "pluginDownloadURL": "https://example.com/releases/"}
//
// A case without it is generated for no release: its outputs pin no version.
const ReleaseFile = "release.json"

// Release returns the release the golden case c is generated for: its ReleaseFile's; for the example
// provider (c's idl/doc.go has a go:generate directive that runs cidlc), the --pkg-version and
// --plugin-download-url of that directive, which makes its outputs; else the zero Release.
func Release(t testing.TB, c testsupport.GoldenCase) gen.Release {
	t.Helper()
	data, err := os.ReadFile(c.Path(ReleaseFile))
	if errors.Is(err, fs.ErrNotExist) {
		return goGenerateRelease(t, c.Path("idl", "doc.go"))
	}
	if err != nil {
		t.Fatal(err)
	}
	var flags struct {
		Version           string `json:"version"`
		PluginDownloadURL string `json:"pluginDownloadURL"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&flags); err != nil {
		t.Fatalf("%s: %v", c.Path(ReleaseFile), err)
	}
	r, err := gen.NewRelease(flags.Version, flags.PluginDownloadURL)
	if err != nil {
		t.Fatalf("%s: %v", c.Path(ReleaseFile), err)
	}
	return r
}

// goGenerateRelease returns the release of the go:generate directive that runs cidlc in the file doc, or
// the zero Release when there is no such file or directive.
func goGenerateRelease(t testing.TB, doc string) gen.Release {
	t.Helper()
	data, err := os.ReadFile(doc)
	if errors.Is(err, fs.ErrNotExist) {
		return gen.Release{}
	}
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^//go:generate .*cidlc .*$`).Find(data)
	if line == nil {
		return gen.Release{}
	}
	flag := func(name string) string {
		if m := regexp.MustCompile(`--` + name + `[= ](\S+)`).FindSubmatch(line); m != nil {
			return string(m[1])
		}
		return ""
	}
	r, err := gen.NewRelease(flag("pkg-version"), flag("plugin-download-url"))
	if err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return r
}
