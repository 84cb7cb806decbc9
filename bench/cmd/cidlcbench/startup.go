package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cidlc/cidlc/internal/testsupport/nodetest"
)

// Program start (issue 22): every `pulumi preview` and `up` of a program loads the package it imports,
// so what loading a generated package costs is paid on every run. The same synthetic tree goes through
// cidlc's --out-pack and through --out-schema and then Pulumi's own Node.js generator (`pulumi package
// gen-sdk --language nodejs`, with the codegen-only language plugin that e2e-schema uses), both packages
// are compiled with tsc, and node requires each, then reads one resource class, as a program's first
// line does; the baseline is node requiring @pulumi/pulumi alone, which every program pays anyway. The
// three commands alternate, like the rows of a tree. The budget is that cidlc's package costs no more
// than Pulumi's on top of @pulumi/pulumi, in time and in peak RSS. The time judged is CPU time (user and
// system, node's helper threads included): a start of well under a second is mostly CPU, and on a
// machine other jobs share its wall time varies by more than the difference measured, while its CPU
// time does not. The wall time is shown beside it.
//
// Generating and compiling the two packages takes minutes on this machine, so the compiled packages are
// kept in work/startup, under the digest of their sources: a run whose sources are unchanged measures
// right away.

// startupConfig says where the Pulumi CLI and the codegen language plugins are (make bench passes
// those that `make e2e-schema` builds); without them the measurement is skipped.
type startupConfig struct {
	size   int    // resources of the synthetic tree; 0 skips the measurement
	runs   int    // measured runs of each command
	pulumi string // the pulumi binary
	hosts  string // the directory holding pulumi-language-nodejs
}

// startupResult is what the program-start measurement found.
type startupResult struct {
	tree    tree
	class   string // what the programs read: "mod000.Bucket0019"
	samples map[string][]sample
}

var startupNames = map[string]string{
	"pulumi":  "node: require @pulumi/pulumi alone",
	"cidlc":   "node: require cidlc's package (--out-pack), then one class",
	"codegen": "node: require Pulumi's package (gen-sdk --language nodejs), then one class",
}

func measureStartup(cfg startupConfig, work, bin string, logf func(string, ...any)) (startupResult, error) {
	t, err := prepareTree(work, fmt.Sprint(cfg.size), logf)
	if err != nil {
		return startupResult{}, err
	}
	dir := filepath.Join(work, "startup")
	gen := filepath.Join(dir, "gen")
	if err := os.RemoveAll(gen); err != nil {
		return startupResult{}, err
	}
	schema := filepath.Join(gen, "schema.json")
	logf("program start: generating %s's package and schema", t.name)
	if err := sh(io.Discard, "", filepath.Join(bin, "cidlc"), t.dir, "--out-pack="+filepath.Join(gen, "pack"), "--out-schema="+schema); err != nil {
		return startupResult{}, err
	}
	tools, err := nodetest.Install(context.Background())
	if err != nil {
		return startupResult{}, err
	}
	pack, err := compiled(dir, "cidlc", filepath.Join(gen, "pack"), tools, logf, nil)
	if err != nil {
		return startupResult{}, err
	}
	sdk, err := compiled(dir, "codegen", schema, tools, logf, func(out string) error {
		return genSDK(cfg, schema, out, dir)
	})
	if err != nil {
		return startupResult{}, err
	}
	class, err := firstClass(schema)
	if err != nil {
		return startupResult{}, err
	}
	read := fmt.Sprintf(`const p = require("./bin"); if (typeof p.%s !== "function") throw new Error("no class %[1]s");`, class)
	cmds := []cmdSpec{
		{key: "pulumi", argv: []string{"node", "-e", `require("@pulumi/pulumi");`}, dir: pack},
		{key: "cidlc", argv: []string{"node", "-e", read}, dir: pack},
		{key: "codegen", argv: []string{"node", "-e", read}, dir: sdk},
	}
	logf("program start: %d runs + 1 warm-up of node requiring each package", cfg.runs)
	r := startupResult{tree: t, class: class}
	r.samples, err = rounds(cfg.runs, cmds)
	return r, err
}

// compiled returns the directory of the package built from src (a package's directory, or the schema
// that make writes one into out), compiled with tsc against tstest's node_modules: kept from an earlier
// run when src is byte for byte the same, else made again.
func compiled(dir, kind, src, tools string, logf func(string, ...any), make func(out string) error) (string, error) {
	digest, err := digestOf(src)
	if err != nil {
		return "", err
	}
	out := filepath.Join(dir, kind+"-"+digest)
	if _, err := os.Stat(filepath.Join(out, "bin", "index.js")); err == nil {
		return out, nil
	}
	// Earlier builds of this kind are out of date.
	old, _ := filepath.Glob(filepath.Join(dir, kind+"-*"))
	for _, o := range old {
		if err := os.RemoveAll(o); err != nil {
			return "", err
		}
	}
	if make == nil {
		err = os.CopyFS(out, os.DirFS(src))
	} else {
		err = make(out)
	}
	if err != nil {
		return "", err
	}
	if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(out, "node_modules")); err != nil {
		return "", err
	}
	logf("program start: compiling the %s package with tsc (once per version of its sources)", kind)
	start := time.Now()
	if err := sh(io.Discard, out, "node", nodetest.TSC(tools), "-p", "."); err != nil {
		return "", err
	}
	logf("program start: tsc took %v", time.Since(start).Round(time.Second))
	if make != nil {
		// Pulumi's build copies package.json next to the code, whose utilities read the version there.
		data, err := os.ReadFile(filepath.Join(out, "package.json"))
		if err != nil {
			return "", err
		}
		data = []byte(strings.ReplaceAll(string(data), "${VERSION}", "1.0.0"))
		if err := os.WriteFile(filepath.Join(out, "bin", "package.json"), data, 0o644); err != nil {
			return "", err
		}
	}
	return out, nil
}

// genSDK writes Pulumi's Node.js SDK of schema into out, with the Pulumi CLI offline in a home of its own.
func genSDK(cfg startupConfig, schema, out, dir string) error {
	if cfg.pulumi == "" || cfg.hosts == "" {
		return errors.New("-startup-pulumi and -startup-codegen-hosts must name the Pulumi CLI and its codegen plugins (make bench passes them)")
	}
	home := filepath.Join(dir, "home")
	gen := filepath.Join(dir, "gen", "sdk")
	cmd := exec.Command(cfg.pulumi, "package", "gen-sdk", schema, "--language", "nodejs", "--out", gen)
	cmd.Env = append(os.Environ(), "HOME="+home, "PULUMI_HOME="+filepath.Join(home, ".pulumi"),
		"PULUMI_SKIP_UPDATE_CHECK=true", "PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true",
		"PATH="+cfg.hosts+string(os.PathListSeparator)+os.Getenv("PATH"))
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("pulumi package gen-sdk: %v\n%s", err, tail(msg))
	}
	return os.Rename(filepath.Join(gen, "nodejs"), out)
}

// digestOf returns a digest of the file or directory tree at path: names and contents.
func digestOf(path string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(path, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(path, name)
		fmt.Fprintf(h, "%s %d\n", rel, len(data))
		h.Write(data)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:16], err
}

// firstClass returns how both packages name the first resource of schema: "mod000.Bucket0019" for the
// token synth:mod000/bucket0019:Bucket0019 (the namespace of its module's directory, then its class).
func firstClass(schema string) (string, error) {
	data, err := os.ReadFile(schema)
	if err != nil {
		return "", err
	}
	var s struct {
		Resources map[string]json.RawMessage `json:"resources"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return "", err
	}
	var tokens []string
	for tok := range s.Resources {
		tokens = append(tokens, tok)
	}
	slices.Sort(tokens)
	if len(tokens) == 0 {
		return "", errors.New(schema + " has no resources")
	}
	parts := strings.Split(tokens[0], ":") // synth:mod000/bucket0019:Bucket0019
	if len(parts) != 3 {
		return "", fmt.Errorf("%s: a token of an unexpected form", tokens[0])
	}
	ns, _, _ := strings.Cut(parts[1], "/")
	return ns + "." + parts[2], nil
}

// writeStartup writes the program-start table (the budget table judges it, see programstart.go).
func writeStartup(w io.Writer, r startupResult) {
	fmt.Fprintf(w, "\nProgram start (%s, %d resources; each package compiled with tsc; node requires it, then reads %s; medians of %d runs after 1 warm-up, commands alternating):\n\n",
		r.tree.name, r.tree.resources, r.class, len(r.samples["pulumi"]))
	fmt.Fprintln(w, "| command | wall | over @pulumi/pulumi | CPU (user + sys) | over @pulumi/pulumi | peak RSS | over @pulumi/pulumi |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
	base, _ := r.stats("pulumi")
	for _, key := range []string{"pulumi", "cidlc", "codegen"} {
		st, _ := r.stats(key)
		fmt.Fprintf(w, "| %s | %s | %+.0f ms | %s | %+.0f ms | %s | %+.1f MiB |\n", startupNames[key],
			ms(st.wall), msf(st.wall-base.wall), ms(st.cpu), msf(st.cpu-base.cpu), mib(st.rss), float64(st.rss-base.rss)/1024)
	}
}

func (r startupResult) stats(key string) (stats, bool) {
	return result{samples: r.samples}.stats(key)
}

func msf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
