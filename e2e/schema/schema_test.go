package schema

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"

	"github.com/cidlc/cidlc/e2e/e2etest"
	"github.com/cidlc/cidlc/examples/provider/cloud"
	"github.com/cidlc/cidlc/internal/testsupport"
	"github.com/cidlc/cidlc/internal/testsupport/nodetest"
)

// The environment variables that name the tools: `make e2e-schema` sets both (the CLI's is
// e2etest.PulumiEnv). Without the CLI the test
// is skipped; without the language plugins, the steps that need them are.
const (
	CodegenHostsEnv = "CIDLC_E2E_CODEGEN_HOSTS" // a directory holding pulumi-language-{go,nodejs,python}
)

// Paths relative to this package.
const (
	repoRoot   = "../.."
	goldenDir  = "../../testdata/golden"
	schemaFile = "../../examples/cmd/pulumi-resource-acme/schema.json" // what cidlc --out-schema wrote
	plugin     = "./examples/cmd/pulumi-resource-acme"                 // relative to repoRoot
	goProgram  = "testdata/goprogram/main.go"
)

// sdkImportPath is the import path of the generated Go SDK, which testdata/goprogram imports: Pulumi's
// default (example.com/pulumi-<name>/sdk/go/<name>), as the example's schema sets no
// language.go.importBasePath.
const sdkImportPath = "example.com/pulumi-acme/sdk/go/acme"

// The types of the resources the Go program deploys, and their inputs there.
const (
	vpcToken   = "acme:network/vpc:VPC"
	vpcName    = "acme-go-vpc"
	vpcCIDR    = "10.42.0.0/16"
	subnetType = "acme:network/subnet:Subnet"
	subnetCIDR = "10.42.1.0/24"
)

// languages are the SDK languages the test generates.
var languages = []string{"go", "python", "nodejs"}

// TestSchemaE2E takes the example's schema through the Pulumi CLI, to SDKs, and back to the provider
// from Go: see the package doc.
func TestSchemaE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the schema's end-to-end test runs the Pulumi CLI and builds SDKs")
	}
	cli := e2etest.Tool(t, e2etest.PulumiEnv, "pulumi")
	if cli == "" {
		t.Skipf("$%s is not set: run `make e2e-schema`, which builds the Pulumi CLI and sets it, or set it to a pulumi binary", e2etest.PulumiEnv)
	}
	hosts := os.Getenv(CodegenHostsEnv)
	if hosts != "" {
		var err error
		if hosts, err = filepath.Abs(hosts); err != nil {
			t.Fatal(err)
		}
		for _, lang := range languages {
			if _, err := os.Stat(filepath.Join(hosts, "pulumi-language-"+lang)); err != nil {
				t.Fatalf("$%s: %v", CodegenHostsEnv, err)
			}
		}
	}
	ctx := e2etest.Context(t)

	// Everything the test writes goes below scratch, which t.TempDir removes: the builds, the SDKs, the
	// project, the backend, the cloud, and what the CLI would keep in $HOME and $TMPDIR.
	scratch, dir := e2etest.Scratch(t)
	// The environment of the Pulumi CLI: offline, and nothing of the user's.
	pulumiEnv := e2etest.OfflineEnv(dir, "e2e-schema")
	if hosts != "" {
		// The CLI finds language plugins on $PATH (and says so with a warning).
		pulumiEnv = append(pulumiEnv, "PATH="+hosts+string(os.PathListSeparator)+os.Getenv("PATH"))
	}

	pluginDir := dir("plugins")
	if err := e2etest.Timed(t, "go build "+plugin, func() error {
		_, err := e2etest.Output(ctx, repoRoot, nil, "go", "build", "-o", filepath.Join(pluginDir, "pulumi-resource-acme"), plugin)
		return err
	}); err != nil {
		t.Fatal(err)
	}

	// 1. The schema the provider serves is the file cidlc wrote.
	t.Run("GetSchema", func(t *testing.T) {
		var got []byte
		if err := e2etest.Timed(t, "pulumi package get-schema", func() error {
			var err error
			got, err = e2etest.Stdout(ctx, scratch, pulumiEnv, cli, "package", "get-schema", filepath.Join(pluginDir, "pulumi-resource-acme"))
			return err
		}); err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(schemaFile)
		if err != nil {
			t.Fatal(err)
		}
		// The CLI decodes the schema into its PackageSpec and encodes that again (two-space indents,
		// PackageSpec's field order, HTML characters escaped, and "config": {} added), so the two are
		// compared as JSON values. That also proves that PackageSpec knows every field cidlc writes:
		// one it did not know would be missing from the CLI's output.
		if bytes.Equal(got, want) {
			t.Logf("get-schema returned %s byte for byte", schemaFile)
			return
		}
		if diffs := jsonDiff(t, got, want); len(diffs) > 0 {
			t.Fatalf("pulumi package get-schema does not return %s:\n%s", schemaFile, strings.Join(diffs, "\n"))
		}
		t.Logf("get-schema returned %s, re-serialized: equal as canonical JSON", schemaFile)
	})

	if hosts == "" {
		t.Skipf("$%s is not set: skipping gen-sdk and the Go program; `make e2e-schema` builds the language plugins and sets it", CodegenHostsEnv)
	}

	// 2. Pulumi generates SDKs from it that compile.
	sdk := dir("sdk")
	generated := false
	t.Run("GenSDK", func(t *testing.T) {
		for _, lang := range languages {
			if err := e2etest.Timed(t, "pulumi package gen-sdk --language "+lang, func() error {
				_, err := e2etest.Output(ctx, scratch, pulumiEnv, cli, "package", "gen-sdk", abs(t, schemaFile), "--language", lang, "--out", sdk)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		generated = true
	})
	if !generated {
		if !t.Failed() {
			t.Skip("-run left GenSDK out: the steps that use the SDKs cannot run")
		}
		t.FailNow()
	}
	var goSDK bool
	t.Run("GoSDK", func(t *testing.T) {
		root := filepath.Join(sdk, "go", "acme")
		checkImportPath(t, root)
		writeGoMod(t, root, sdkImportPath, nil)
		if err := e2etest.Timed(t, "go build the Go SDK", func() error {
			_, err := e2etest.Output(ctx, root, goEnv, "go", "build", "-mod=mod", "-trimpath", "./...")
			return err
		}); err != nil {
			t.Fatal(err)
		}
		goSDK = true
	})
	t.Run("PythonSDK", func(t *testing.T) {
		python, err := exec.LookPath("python3")
		if err != nil {
			t.Skip("python3 is not installed: cannot byte-compile the Python SDK")
		}
		if err := e2etest.Timed(t, "python3 -m compileall the Python SDK", func() error {
			_, err := e2etest.Output(ctx, filepath.Join(sdk, "python"), nil, python, "-m", "compileall", "-q", ".")
			return err
		}); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("NodejsSDK", func(t *testing.T) {
		for _, tool := range []string{"node", "npm"} {
			if _, err := exec.LookPath(tool); err != nil {
				t.Skipf("%s is not installed: cannot type-check the Node.js SDK", tool)
			}
		}
		tools := e2etest.NodeTools(ctx, t)
		root := filepath.Join(sdk, "nodejs")
		if err := os.Symlink(filepath.Join(tools, "node_modules"), filepath.Join(root, "node_modules")); err != nil {
			t.Fatal(err)
		}
		tsc := nodetest.TSC(tools)
		if err := e2etest.Timed(t, "tsc the Node.js SDK", func() error {
			_, err := e2etest.Output(ctx, root, nil, "node", tsc, "-p", ".", "--noEmit")
			return err
		}); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("GoldenSchemas", func(t *testing.T) {
		goldenGenSDK(ctx, t, cli, pulumiEnv, dir("golden-sdk"))
	})

	// 3. A Go program deploys through the provider with the Go SDK.
	t.Run("GoProgram", func(t *testing.T) {
		if !goSDK {
			t.Skip("the Go SDK did not build")
		}
		deployFromGo(ctx, t, scratch, filepath.Join(sdk, "go", "acme"), pluginDir, pulumiEnv)
	})
}

// goldenGenSDK runs gen-sdk on the schema of every golden case that holds one, for every language: Pulumi
// must accept each schema cidlc writes. (Compiling them is left to the example: Pulumi's generators have
// limitations of their own that the golden cases, which use every construct, run into.)
func goldenGenSDK(ctx context.Context, t *testing.T, cli string, env []string, out string) {
	type job struct{ schema, lang string }
	var jobs []job
	for _, c := range testsupport.GoldenCases(t, goldenDir, testsupport.Schema) {
		for _, lang := range languages {
			jobs = append(jobs, job{abs(t, c.Expected(testsupport.Schema)), lang})
		}
	}
	start := time.Now()
	var mu sync.Mutex
	var failures []string
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, j := range jobs {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			name := filepath.Base(filepath.Dir(j.schema))
			_, err := e2etest.Output(ctx, out, env, cli, "package", "gen-sdk", j.schema, "--language", j.lang, "--out", filepath.Join(out, name))
			if err != nil {
				mu.Lock()
				failures = append(failures, fmt.Sprintf("%s, %s: %v", name, j.lang, err))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	t.Logf("pulumi package gen-sdk of %d golden schemas × %d languages: %v", len(jobs)/len(languages), len(languages), time.Since(start).Round(10*time.Millisecond))
	sort.Strings(failures)
	for _, f := range failures {
		t.Error(f)
	}
}

// deployFromGo builds testdata/goprogram with the Go SDK in sdkRoot and runs it: up, then destroy,
// checking what the provider stored after each.
func deployFromGo(ctx context.Context, t *testing.T, scratch, sdkRoot, pluginDir string, pulumiEnv []string) {
	progDir := filepath.Join(scratch, "goprogram")
	testsupport.CopyFile(t, goProgram, filepath.Join(progDir, "main.go"))
	writeGoMod(t, progDir, "cidlc.invalid/acme-go-program", map[string]string{sdkImportPath: sdkRoot})
	program := filepath.Join(scratch, "bin", "acme-go-program")
	if err := e2etest.Timed(t, "go build the Go program", func() error {
		_, err := e2etest.Output(ctx, progDir, goEnv, "go", "build", "-mod=mod", "-trimpath", "-o", program, ".")
		return err
	}); err != nil {
		t.Fatal(err)
	}

	// The Automation API wants an installation root: <root>/bin/pulumi.
	root := filepath.Join(scratch, "pulumi")
	if err := os.MkdirAll(filepath.Join(root, "bin"), 0o777); err != nil {
		t.Fatal(err)
	}
	cli, err := exec.LookPath(os.Getenv(e2etest.PulumiEnv))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(cli, filepath.Join(root, "bin", "pulumi")); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(scratch, "project")
	if err := os.MkdirAll(work, 0o777); err != nil {
		t.Fatal(err)
	}
	// The CLI's environment, but without the language plugins on $PATH: the inline program needs none.
	// The provider's API token comes from it too: the stack sets none, and the provider, which inherits
	// the CLI's environment, reads $ACME_TOKEN.
	env := []string{"E2E_PULUMI_ROOT=" + root, "E2E_PLUGIN_DIR=" + pluginDir, "E2E_WORK_DIR=" + work, "ACME_TOKEN=" + cloud.NewToken()}
	var stateDir string
	for _, kv := range pulumiEnv {
		if v, ok := strings.CutPrefix(kv, "ACME_STATE_DIR="); ok {
			stateDir = v
		}
		if !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	store, err := cloud.Open(stateDir)
	if err != nil {
		t.Fatal(err)
	}
	vpcs, subnets := cloud.Kind(tokens.Type(vpcToken)), cloud.Kind(tokens.Type(subnetType))

	type result struct {
		Outputs map[string]any `json:"outputs"`
		Changes map[string]int `json:"changes"`
	}
	run := func(op string) result {
		t.Helper()
		var res result
		if err := e2etest.Timed(t, "acme-go-program "+op, func() error {
			out, err := e2etest.Stdout(ctx, progDir, env, program, op)
			if err != nil {
				return err
			}
			return json.Unmarshal(out, &res)
		}); err != nil {
			t.Fatal(err)
		}
		return res
	}

	// stored returns the record of the one resource of kind that the cloud holds, which must have ID id.
	stored := func(kind, id string) map[string]any {
		t.Helper()
		ids, err := store.List(kind)
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) != 1 || string(ids[0]) != id {
			t.Fatalf("after up, the cloud holds the %s resources %v, want the one of ID %q", kind, ids, id)
		}
		var rec map[string]any
		if err := store.Get(kind, ids[0], &rec); err != nil {
			t.Fatal(err)
		}
		t.Logf("up: the provider stored %s %s: %v", kind, id, rec)
		return rec
	}
	check := func(what string, got map[string]any, want map[string]any) {
		t.Helper()
		for k, w := range want {
			if g := got[k]; !reflect.DeepEqual(g, w) {
				t.Errorf("%s: %s = %#v, want %#v", what, k, g, w)
			}
		}
	}

	up := run("up")
	if want := map[string]int{"create": 3}; !reflect.DeepEqual(up.Changes, want) {
		t.Errorf("up: changes %v, want %v (the stack, the VPC and the subnet)", up.Changes, want)
	}
	vpcURN := "urn:pulumi:dev::acme-go::" + vpcToken + "::vpc"
	// The functions' results, through the Go SDK: the zones of the region, the second of which the
	// subnet took, and the image looked up by name (the Output form).
	check("up: the outputs", up.Outputs, map[string]any{
		"name": vpcName, "cidrBlock": vpcCIDR, "region": "eu-west-1", "urn": vpcURN,
		"availableIPCount": float64(256 - 5),
		"zones":            []any{"eu-west-1a", "eu-west-1b", "eu-west-1c"}, "subnetZone": "eu-west-1b",
		"imageId": "img-12deb1a2c3", "imageFormat": "raw", "imageSizeGiB": float64(8),
	})
	vpcID, _ := up.Outputs["id"].(string)
	check("after up, the cloud's VPC", stored(vpcs, vpcID), map[string]any{
		"Name": vpcName, "IPv4CIDR": vpcCIDR, "Region": "eu-west-1", "ARN": up.Outputs["arn"],
		"Tags": map[string]any{"sdk": "go"},
	})
	// The capability reached the provider as a reference to the VPC.
	subnetID, _ := up.Outputs["subnetId"].(string)
	check("after up, the cloud's subnet", stored(subnets, subnetID), map[string]any{
		"CIDRBlock": subnetCIDR, "VPC": map[string]any{"urn": vpcURN, "id": vpcID}, "AvailabilityZone": "eu-west-1b",
	})

	destroy := run("destroy")
	if want := map[string]int{"delete": 3}; !reflect.DeepEqual(destroy.Changes, want) {
		t.Errorf("destroy: changes %v, want %v", destroy.Changes, want)
	}
	for _, kind := range []string{vpcs, subnets} {
		if ids, err := store.List(kind); err != nil || len(ids) != 0 {
			t.Errorf("after destroy, the cloud holds the %s resources %v (%v), want none", kind, ids, err)
		}
	}
}

// checkImportPath checks that the Go SDK in root imports its own packages under sdkImportPath, the path
// under which testdata/goprogram imports it.
func checkImportPath(t *testing.T, root string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "provider.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"`+sdkImportPath+`/internal"`)) {
		t.Fatalf("the generated Go SDK does not live at %s, where %s imports it (has the schema's language.go.importBasePath changed?)", sdkImportPath, goProgram)
	}
}

// writeGoMod makes dir the module named module, with cidlc's own requirements and checksums (so that
// the build finds what it needs in the module cache and the build cache), requiring the modules of
// replace at v0.0.0 from the directories given.
func writeGoMod(t *testing.T, dir, module string, replace map[string]string) {
	t.Helper()
	for _, name := range []string{"go.mod", "go.sum"} {
		testsupport.CopyFile(t, filepath.Join(repoRoot, name), filepath.Join(dir, name))
	}
	args := []string{"mod", "edit", "-module=" + module}
	for mod, path := range replace {
		args = append(args, "-require="+mod+"@v0.0.0", "-replace="+mod+"="+path)
	}
	if _, err := e2etest.Output(t.Context(), dir, goEnv, "go", args...); err != nil {
		t.Fatal(err)
	}
}

// goEnv is the environment of the go commands that build the SDK and the program, modules of their
// own: no go.work of an enclosing directory. They build with -mod=mod, which completes go.sum from the
// module cache: the Automation API needs a few modules that cidlc does not (the proxy supplies them
// the first time).
var goEnv = []string{"GOWORK=off"}

// jsonDiff compares two JSON documents as values and returns where they differ, allowing the one field
// the CLI adds: PackageSpec's "config", which it always writes, as {} when the schema has none.
func jsonDiff(t *testing.T, got, want []byte) []string {
	t.Helper()
	decode := func(b []byte, what string) any {
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s is not JSON: %v", what, err)
		}
		return v
	}
	g, w := decode(got, "the CLI's schema"), decode(want, schemaFile)
	if gm, ok := g.(map[string]any); ok {
		if wm, ok := w.(map[string]any); ok {
			if _, has := wm["config"]; !has && reflect.DeepEqual(gm["config"], map[string]any{}) {
				delete(gm, "config")
			}
		}
	}
	var diffs []string
	var walk func(path string, g, w any)
	walk = func(path string, g, w any) {
		if len(diffs) >= 20 {
			return
		}
		gm, gok := g.(map[string]any)
		wm, wok := w.(map[string]any)
		if gok && wok {
			keys := map[string]bool{}
			for k := range gm {
				keys[k] = true
			}
			for k := range wm {
				keys[k] = true
			}
			for _, k := range slices.Sorted(maps.Keys(keys)) {
				gv, gin := gm[k]
				wv, win := wm[k]
				switch {
				case !gin:
					diffs = append(diffs, fmt.Sprintf("%s/%s: missing from the CLI's schema", path, k))
				case !win:
					diffs = append(diffs, fmt.Sprintf("%s/%s: added by the CLI: %.100v", path, k, gv))
				default:
					walk(path+"/"+k, gv, wv)
				}
			}
			return
		}
		ga, gok := g.([]any)
		wa, wok := w.([]any)
		if gok && wok && len(ga) == len(wa) {
			for i := range ga {
				walk(fmt.Sprintf("%s/%d", path, i), ga[i], wa[i])
			}
			return
		}
		if !reflect.DeepEqual(g, w) {
			diffs = append(diffs, fmt.Sprintf("%s: the CLI's %.100v, the file's %.100v", path, g, w))
		}
	}
	walk("", g, w)
	return diffs
}

func abs(t *testing.T, path string) string {
	t.Helper()
	p, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
