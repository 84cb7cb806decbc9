package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cidlc/cidlc/e2e/e2etest"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/nodetest"
)

// TestReleaseE2E releases the example as the README's "Try it with Pulumi" does, and deploys it as a
// program author who installed the package with npm, with no plugin installed: the engine must download
// the plugin of the package's version from the package's download URL by itself.
//
// In a copy of this checkout it runs the README's commands (with the test's server for the README's
// address): cidlc generates the example for release 0.1.0 and then 0.2.0, each with the download URL of
// a server that the release tool runs on 127.0.0.1 for the test; the release tool builds the plugin's
// tarball for this machine each time, and npm packs the package. A new program installs the 0.1.0
// package with npm and runs the README's index.ts (e2e/release/program.ts). The engine, with a Pulumi
// home that holds no plugin, downloads plugin 0.1.0 and nothing else, and deploys; `pulumi plugin ls`
// shows that version alone. Then the program's package is upgraded to 0.2.0: a preview of a program that
// only calls the package's functions makes the engine download plugin 0.2.0, which reports that version,
// and back on package 0.1.0, the engine runs plugin 0.1.0 again, beside 0.2.0, and downloads nothing.
//
// Release 0.2.0 also evolves the provider (evolution_test.go): a resource moves to another module and
// declares its earlier token, and a property that state holds changes shape, with a migration. The
// repository's copy tags 0.1.0 in git, so that cidlc --breaking-against=v0.1.0 sees both covered by
// their remedies (and the change of state not, without the migration). Upgraded to package 0.2.0, the
// stack's next up replaces nothing, a refresh reads the old state through the migration, a preview
// with --expect-no-changes passes, and destroy deletes everything.
func TestReleaseE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the end-to-end test of a release runs the Pulumi engine")
	}
	if why := nodetest.Available(); why != "" {
		t.Skip(why)
	}
	cli := e2etest.Tool(t, e2etest.PulumiEnv, "the Pulumi CLI")
	if cli == "" {
		t.Skipf("$%s is not set: run `make e2e-release`, which builds the Pulumi CLI and sets it, or set it to a pulumi binary", e2etest.PulumiEnv)
	}
	ctx := e2etest.Context(t)
	readme := readTryIt(t)
	_, dir := e2etest.Scratch(t)
	pulumiRoot := e2etest.PulumiRoot(t, cli, dir)
	tools := e2etest.NodeTools(ctx, t)

	// The publisher's side: a copy of this checkout, where the README's commands release the example.
	clone := dir("cidlc")
	copyCheckout(t, clone)
	server := startServer(ctx, t, clone, readme)
	versions := []string{readme.version, "0.2.0"}
	packs := map[string]string{}
	packs[versions[0]] = release(ctx, t, clone, tools, readme, versions[0], server.url)
	// The repository keeps the release, and the provider evolves (evolution_test.go): 0.2.0 passes the
	// breaking check against it with its remedies, and fails it without its migration.
	gitRelease(ctx, t, clone, versions[0])
	evolve(t, clone)
	checkEvolution(ctx, t, clone, "v"+versions[0])
	packs[versions[1]] = release(ctx, t, clone, tools, readme, versions[1], server.url)

	// The program author's side: a new program, its package installed with npm.
	app := dir("app")
	newProgram(t, tools, app, readme.program)
	install := func(version string) {
		args := slices.Clone(readme.install)
		args[len(args)-1] = packs[version]
		args = append(args, "--prefer-offline", "--no-audit", "--no-fund")
		if err := e2etest.Timed(t, strings.Join(args[:2], " ")+" "+filepath.Base(packs[version]), func() error {
			_, err := e2etest.Output(ctx, app, nil, args[0], args[1:]...)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	install(versions[0])
	if err := e2etest.Timed(t, "tsc -p app", func() error {
		_, err := e2etest.Output(ctx, app, nil, "node", filepath.Join("node_modules", "typescript", "bin", "tsc"), "-p", ".")
		return err
	}); err != nil {
		t.Fatal(err)
	}

	project, pulumiHome := dir("project"), dir("home", ".pulumi")
	env := slices.DeleteFunc(e2etest.OfflineEnv(dir, "dev"), func(kv string) bool {
		return strings.HasPrefix(kv, "PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=")
	})
	env = append(env,
		"PULUMI_IGNORE_AMBIENT_PLUGINS=true", // a pulumi-resource-acme on the user's PATH must not do
		"E2E_PULUMI_ROOT="+pulumiRoot,
		"E2E_WORK_DIR="+project,
		"E2E_PLUGIN_URL="+server.url,
	)
	program := func(what, version string, more ...string) {
		t.Helper()
		env := append(slices.Clone(env), append(more, "E2E_VERSION="+version)...)
		if err := e2etest.Timed(t, "node program.js "+what+" with package "+version, func() error {
			return e2etest.Stream(ctx, app, env, "node", filepath.Join("bin", "program.js"), what)
		}); err != nil {
			t.Fatal(err)
		}
	}
	if entries, err := os.ReadDir(filepath.Join(pulumiHome, "plugins")); err == nil && len(entries) > 0 {
		t.Fatalf("the Pulumi home holds plugins before the first up: %v", entries)
	}

	// The stack, configured as the README says.
	program("init", versions[0])
	if err := e2etest.Timed(t, strings.Join(readme.config, " "), func() error {
		_, err := e2etest.Output(ctx, project, env, cli, readme.config[1:]...)
		return err
	}); err != nil {
		t.Fatal(err)
	}

	// 0.1.0: downloaded, and nothing else.
	program("up", versions[0])
	tarball := func(version string) string {
		return fmt.Sprintf("/pulumi-resource-acme-v%s-%s-%s.tar.gz", version, runtime.GOOS, runtime.GOARCH)
	}
	server.want(t, []string{"GET " + tarball(versions[0]) + " 200"}, "the first up")
	if got := plugins(ctx, t, cli, env); !slices.Equal(got, []string{"acme resource 0.1.0"}) {
		t.Errorf("pulumi plugin ls after the first up: %q, want acme 0.1.0 alone", got)
	}

	// 0.2.0, once the program's package asks for it: downloaded for the package's functions alone, in a
	// preview of a program that only calls them.
	install(versions[1])
	program("invoke", versions[1])
	both := []string{"GET " + tarball(versions[0]) + " 200", "GET " + tarball(versions[1]) + " 200"}
	server.want(t, both, "the preview of the functions of package 0.2.0")
	if got := plugins(ctx, t, cli, env); !slices.Equal(got, []string{"acme resource 0.1.0", "acme resource 0.2.0"}) {
		t.Errorf("pulumi plugin ls after the upgrade: %q, want acme 0.1.0 and 0.2.0", got)
	}

	// Back to 0.1.0, with both plugins installed: the engine runs the one the package asks for (the
	// program checks the provider's version in the state), and downloads nothing more.
	install(versions[0])
	program("up", versions[0], "E2E_SAME=1")
	server.want(t, both, "the up with package 0.1.0 again")

	// The upgrade to 0.2.0: the stack's resources stay as they are, under the subnet's new token, and
	// a refresh reads the instance's state, which 0.1.0 stored in its old shape, through the migration;
	// then the program has nothing left to change.
	install(versions[1])
	program("up", versions[1], "E2E_SAME=1", "E2E_UPGRADED=1")
	program("refresh", versions[1], "E2E_EVOLVED=1")
	program("preview", versions[1])
	server.want(t, both, "the upgrade to package 0.2.0")
	for _, version := range versions {
		bin := filepath.Join(pulumiHome, "plugins", "resource-acme-v"+version, "pulumi-resource-acme")
		if got := schemaVersion(ctx, t, cli, env, bin); got != version {
			t.Errorf("the plugin downloaded as %s is version %q", version, got)
		}
	}
	program("destroy", versions[1])
	t.Logf("the server's log:\n%s", strings.Join(server.log(), "\n"))
}

// tryIt is what the README's "Try it with Pulumi" says to run for a release.
type tryIt struct {
	generate []string // cidlc, for the README's version and download URL
	config   []string // pulumi config set, in the program's project
	build    []string // the release tool, building this machine's tarball
	pack     string   // where npm pack writes the package, relative to examples/pack
	serve    []string // the release tool, serving the tarballs
	install  []string // npm install of the package's tarball, in the program
	version  string   // the README's version
	url      string   // the README's download URL
	program  string   // index.ts
}

// readTryIt reads the commands of the README's "Try it with Pulumi", and checks that they agree with
// each other: the download URL is where the server listens, and the program installs the package of
// the README's version.
func readTryIt(t *testing.T) tryIt {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "\n## Try it with Pulumi\n")
	if start < 0 {
		t.Fatal(`the README has no section "Try it with Pulumi"`)
	}
	text = text[start:]
	if end := strings.Index(text[1:], "\n## "); end >= 0 {
		text = text[:end+1]
	}
	var lines []string
	for _, block := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(text, -1) {
		for _, line := range strings.Split(block[1], "\n") {
			if i := strings.Index(line, " #"); i >= 0 {
				line = line[:i]
			}
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
				lines = append(lines, line)
			}
		}
	}
	find := func(re string) []string {
		t.Helper()
		for _, line := range lines {
			if m := regexp.MustCompile(`^` + re + `$`).FindStringSubmatch(line); m != nil {
				return m
			}
		}
		t.Fatalf("the README's \"Try it with Pulumi\" has no command %s", re)
		return nil
	}
	var r tryIt
	m := find(`go run \./cmd/cidlc examples/idl .*--pkg-version=(\S+) --plugin-download-url=(\S+)`)
	r.generate, r.version, r.url = strings.Fields(m[0]), m[1], m[2]
	r.build = strings.Fields(find(`go run \./examples/cmd/release -o dist -platforms host`)[0])
	r.pack = find(`\(cd examples/pack && npm install && npm pack --pack-destination (\S+)\)`)[1]
	m = find(`go run \./examples/cmd/release -o dist -serve (\S+)`)
	r.serve = strings.Fields(m[0])
	if want := "http://" + m[1] + "/"; r.url != want {
		t.Fatalf("the README downloads the plugin from %s, but serves it at %s", r.url, want)
	}
	r.config = strings.Fields(find(`pulumi config set .*`)[0])
	m = find(`npm install \.\./cidlc/dist/(acme-\S+\.tgz)`)
	r.install = strings.Fields(m[0])
	if m[1] != "acme-"+r.version+".tgz" {
		t.Fatalf("the README installs %s, not the package of version %s", m[1], r.version)
	}
	program := regexp.MustCompile("(?s)```ts\n(.*?)```").FindStringSubmatch(text)
	if program == nil {
		t.Fatal(`the README's "Try it with Pulumi" has no program`)
	}
	r.program = program[1]
	return r
}

// copyCheckout copies the files of this checkout that git does not ignore into dst: what a clone holds,
// with the changes not committed yet.
func copyCheckout(t *testing.T, dst string) {
	t.Helper()
	out, err := exec.Command("git", "-C", repoRoot, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		src := filepath.Join(repoRoot, name)
		if info, err := os.Lstat(src); err != nil || !info.Mode().IsRegular() {
			continue // deleted, or a link
		}
		testsupport.CopyFile(t, src, filepath.Join(dst, name))
	}
}

// release runs the README's commands of a release of version in the checkout clone, with the download
// URL url, and returns the path of the packed package. npm packs with the Node tooling of tstest/ in
// place of `npm install`'s.
func release(ctx context.Context, t *testing.T, clone, tools string, readme tryIt, version, url string) string {
	t.Helper()
	generate := slices.Clone(readme.generate)
	for i, arg := range generate {
		switch {
		case strings.HasPrefix(arg, "--pkg-version="):
			generate[i] = "--pkg-version=" + version
		case strings.HasPrefix(arg, "--plugin-download-url="):
			generate[i] = "--plugin-download-url=" + url
		}
	}
	run := func(dir string, args ...string) {
		t.Helper()
		if err := e2etest.Timed(t, version+": "+strings.Join(args, " "), func() error {
			// The runs keep their up-to-date stamps out of the user's cache.
			_, err := e2etest.Output(ctx, dir, []string{"CIDLC_CACHE=off"}, args[0], args[1:]...)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	run(clone, generate...)
	run(clone, readme.build...)
	pack := filepath.Join(clone, "examples", "pack")
	if _, err := os.Lstat(filepath.Join(pack, "node_modules")); err != nil {
		if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(pack, "node_modules")); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(pack, readme.pack)
	run(pack, "npm", "pack", "--pack-destination", dest)
	tgz := filepath.Join(dest, "acme-"+version+".tgz")
	if _, err := os.Stat(tgz); err != nil {
		t.Fatalf("npm pack of release %s: %v", version, err)
	}
	return tgz
}

// newProgram makes the program in app: a project whose package.json pins the Node tooling of tstest/
// (with its lockfile, so that npm installs those versions, from its cache when it can), the README's
// index.ts, and e2e/release's program.ts, which runs it.
func newProgram(t *testing.T, tools, app, index string) {
	t.Helper()
	testsupport.CopyFile(t, filepath.Join(tools, "package-lock.json"), filepath.Join(app, "package-lock.json"))
	testsupport.WriteFile(t, filepath.Join(app, "package.json"), `{
    "name": "acme-demo",
    "version": "0.0.0",
    "private": true,
    "devDependencies": {
        "@pulumi/pulumi": "3.248.0",
        "@types/node": "20.19.43",
        "typescript": "5.9.3"
    }
}
`)
	testsupport.WriteFile(t, filepath.Join(app, "index.ts"), index)
	for _, name := range []string{"program.ts", "tsconfig.json"} {
		testsupport.CopyFile(t, filepath.Join("release", name), filepath.Join(app, name))
	}
}

// server is the README's download server, run by the release tool in the clone.
type server struct {
	url string
	mu  sync.Mutex
	got []string // the requests it logged: "GET /path 200"
}

// startServer starts the README's server of dist/ in the clone on a free port of 127.0.0.1, until the
// test ends.
func startServer(ctx context.Context, t *testing.T, clone string, readme tryIt) *server {
	t.Helper()
	args := slices.Clone(readme.serve)
	args[len(args)-1] = "127.0.0.1:0"
	ctx, cancel := context.WithCancel(ctx)
	cmd := e2etest.Command(ctx, clone, nil, args[0], args[1:]...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
	})
	s := &server{}
	started := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stderr)
		for lines.Scan() {
			line := strings.TrimPrefix(lines.Text(), "release: ")
			if m := regexp.MustCompile(`^serving \S+ at (http://127\.0\.0\.1:\d+/)$`).FindStringSubmatch(line); m != nil {
				started <- m[1]
				continue
			}
			s.mu.Lock()
			s.got = append(s.got, line)
			s.mu.Unlock()
		}
		close(started)
	}()
	select {
	case url, ok := <-started:
		if !ok {
			t.Fatalf("%s: the server stopped before it served", strings.Join(args, " "))
		}
		s.url = url
	case <-time.After(5 * time.Minute):
		t.Fatalf("%s: the server did not start", strings.Join(args, " "))
	}
	t.Logf("the download server: %s", s.url)
	return s
}

func (s *server) log() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.got)
}

// want checks that the server answered GET requests for exactly the paths of want (in any order, each
// any number of times), after what.
func (s *server) want(t *testing.T, want []string, what string) {
	t.Helper()
	var got []string
	for _, line := range s.log() {
		if strings.HasPrefix(line, "GET ") && !slices.Contains(got, line) {
			got = append(got, line)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("after %s, the server answered %q; want %q", what, got, want)
	}
}

// plugins returns the plugins that `pulumi plugin ls` lists, as "name kind version", sorted.
func plugins(ctx context.Context, t *testing.T, cli string, env []string) []string {
	t.Helper()
	out, err := e2etest.Stdout(ctx, ".", env, cli, "plugin", "ls", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var list []struct{ Name, Kind, Version string }
	if err := json.Unmarshal(out, &list); err != nil {
		t.Fatalf("pulumi plugin ls --json: %v\n%s", err, out)
	}
	var got []string
	for _, p := range list {
		got = append(got, p.Name+" "+p.Kind+" "+p.Version)
	}
	slices.Sort(got)
	return got
}

// schemaVersion returns the version of the schema that the plugin bin serves (pulumi package
// get-schema): the version the plugin reports to the engine, since the runtime refuses a schema of
// another version.
func schemaVersion(ctx context.Context, t *testing.T, cli string, env []string, bin string) string {
	t.Helper()
	out, err := e2etest.Stdout(ctx, ".", env, cli, "package", "get-schema", bin)
	if err != nil {
		t.Fatal(err)
	}
	var schema struct{ Version string }
	if err := json.Unmarshal(out, &schema); err != nil {
		t.Fatalf("pulumi package get-schema %s: %v", bin, err)
	}
	return schema.Version
}
