// Command cidlcbench measures cidlc end to end against the physical floor (bench/cmd/loadfloor: only the
// packages.Load cidlc does) and against tygo, on examples/idl and on synthetic trees, and prints one
// Markdown report. `make bench` runs it from the module root; see BENCHMARKS.md.
//
//	go run ./bench/cmd/cidlcbench [-runs 5] [-trees examples,100,1000,10000] [-tygo] [-codec] [-update BENCHMARKS.md]
//
// Every command of a tree is run once per round, in a fixed order (floor, fresh, no-op, check, tygo,
// floor, fresh, …), so that all of them see the same machine state; the report gives medians. Wall time
// is measured around the process; CPU is its user and system time with its children's, which other jobs
// on the machine disturb less than wall time; peak RSS is what /usr/bin/time -f %M reports (ru_maxrss of
// the process and the children it waited for, such as cidlc's `go list`: the largest single process). A
// warm-up round, not counted, fills the go command's caches first.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cidlc/cidlc/internal/testsupport/synth"
)

func main() {
	var cfg config
	flag.IntVar(&cfg.runs, "runs", 5, "measured runs of each command (after one warm-up run)")
	flag.StringVar(&cfg.trees, "trees", "examples,100,1000,10000", "trees to measure: examples and synthetic resource counts")
	flag.BoolVar(&cfg.tygo, "tygo", true, "measure tygo too (built into .cache/bench/tygo on first use)")
	flag.BoolVar(&cfg.codec, "codec", true, "run the provider codec benchmark (generated vs reflection mapper)")
	flag.BoolVar(&cfg.breaking, "breaking", true, "measure --breaking-against on a synthetic tree in a git repository of its own")
	flag.BoolVar(&cfg.programStart, "program-start", true, "measure the start of a Node program that loads the generated package (issue 22)")
	flag.IntVar(&cfg.breakingSize, "breaking-size", 1000, "resources of the tree -breaking measures")
	flag.IntVar(&cfg.startup.runs, "program-start-runs", 9, "measured runs of each program-start command (after one warm-up run)")
	flag.StringVar(&cfg.startup.pulumi, "program-start-pulumi", "", "the Pulumi CLI for gen-sdk (without it, program start is not measured)")
	flag.StringVar(&cfg.startup.hosts, "program-start-codegen-hosts", "", "the `dir` of the codegen-only language plugins gen-sdk needs")
	flag.StringVar(&cfg.update, "update", "", "also replace the report between the bench markers of this `file`")
	flag.StringVar(&cfg.work, "work", ".cache/bench", "work `dir` (inside the module: the provider stubs must be)")
	flag.DurationVar(&cfg.settle, "settle", 6*time.Minute, "how long after the last run deleted its outputs to wait before measuring (see BENCHMARKS.md); 0 to not wait")
	flag.Parse()
	if err := run(cfg, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "cidlcbench:", err)
		os.Exit(1)
	}
}

type config struct {
	runs         int
	trees        string
	tygo         bool
	codec        bool
	breaking     bool
	programStart bool
	breakingSize int
	startup      startupConfig
	update       string
	work         string
	settle       time.Duration // see trashDir.settle
}

// tree is one IDL tree to measure.
type tree struct {
	name      string // "examples", "synth1000"
	dir       string // IDL root
	resources int
}

// sample is one run of one command.
type sample struct {
	wall   time.Duration
	rss    int64         // KiB
	cpu    time.Duration // user + system, of the process and the children it waited for
	phases map[string]time.Duration
	report string // cidlc -v: "N written, M unchanged, K removed"
}

// cmdSpec is one command measured on a tree.
type cmdSpec struct {
	key   string
	setup func() error // before each run, not timed
	argv  []string
	dir   string
	env   []string // added to the environment
}

// result is what a tree's commands measured.
type result struct {
	tree    tree
	samples map[string][]sample
	// fallbacks are the tree's stub files that package layout refused (layoutFallbacks).
	fallbacks []string
}

func run(cfg config, stdout, log io.Writer) error {
	if cfg.runs < 1 {
		return errors.New("-runs must be at least 1")
	}
	work, err := filepath.Abs(cfg.work)
	if err != nil {
		return err
	}
	bin := filepath.Join(work, "bin")
	logf := func(format string, args ...any) { fmt.Fprintf(log, "cidlcbench: "+format+"\n", args...) }
	// What a measurement leaves behind (a fresh round's output, the last run's outputs) is moved into
	// the trash and deleted once, after every tree is measured, and the next run waits until the file
	// system has let go of what was deleted (see trashDir.settle): creating files soon after deleting
	// thousands would measure the harness's cleanup rather than cidlc. A trash a killed run left is
	// deleted first, and waited out likewise.
	trash := &trashDir{dir: filepath.Join(work, "trash"), deleted: filepath.Join(work, "trash-deleted")}
	if _, err := os.Lstat(trash.dir); err == nil {
		if err := trash.empty(); err != nil {
			return err
		}
	}
	trash.settle(cfg.settle, logf)
	defer trash.empty()

	logf("building cidlc and loadfloor")
	for _, b := range [][2]string{{"cidlc", "./cmd/cidlc"}, {"loadfloor", "./bench/cmd/loadfloor"}} {
		if err := sh(log, "", "go", "build", "-o", filepath.Join(bin, b[0]), b[1]); err != nil {
			return err
		}
	}
	tygo := ""
	if cfg.tygo {
		if tygo, err = buildTygo(work, log); err != nil {
			return err
		}
	}

	var trees []tree
	for name := range strings.SplitSeq(cfg.trees, ",") {
		if strings.TrimSpace(name) == "" {
			continue // -trees= measures none: only the codec or --breaking-against
		}
		t, err := prepareTree(work, strings.TrimSpace(name), logf)
		if err != nil {
			return err
		}
		trees = append(trees, t)
	}

	var results []result
	for _, t := range trees {
		logf("measuring %s (%d resources): %d runs + 1 warm-up", t.name, t.resources, cfg.runs)
		r, err := measure(cfg, work, bin, tygo, t, trash)
		if err != nil {
			return fmt.Errorf("%s: %w", t.name, err)
		}
		results = append(results, r)
	}

	if cfg.breaking {
		logf("measuring --breaking-against on synth%d in a git repository: %d runs + 1 warm-up", cfg.breakingSize, cfg.runs)
		r, err := measureBreaking(cfg, work, bin, logf)
		if err != nil {
			return fmt.Errorf("--breaking-against: %w", err)
		}
		results = append(results, r)
	}

	var codec []string
	if cfg.codec {
		logf("running the provider codec benchmark")
		if codec, err = codecBench(log); err != nil {
			return err
		}
	}

	var start *programStartResult
	if cfg.programStart {
		if start, err = measureProgramStart(cfg, work, logf); err != nil {
			return fmt.Errorf("program start: %w", err)
		}
	}

	var out bytes.Buffer
	writeReport(&out, cfg, results, codec, start)
	if start != nil {
		writeStartup(&out, start.detail)
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		return err
	}
	if cfg.update != "" {
		return updateFile(cfg.update, out.Bytes())
	}
	return nil
}

// sh runs a command with its output going to log.
func sh(log io.Writer, dir, name string, args ...string) error {
	c := exec.Command(name, args...)
	c.Dir, c.Stdout, c.Stderr = dir, log, log
	if err := c.Run(); err != nil {
		return fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return nil
}

// tygoVersion is the tygo we compare with. The module proxy refuses its version list, so it is installed
// through a throw-away wrapper module: `go get` of the exact version there, then `go build` of the package.
const tygoVersion = "v0.2.21"

func buildTygo(work string, log io.Writer) (string, error) {
	dir := filepath.Join(work, "tygo-"+tygoVersion)
	exe := filepath.Join(dir, "tygo")
	if _, err := os.Stat(exe); err == nil {
		return exe, nil
	}
	fmt.Fprintf(log, "cidlcbench: building tygo %s in %s (once)\n", tygoVersion, dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	files := map[string]string{
		"go.mod":   "module tygowrap\n\ngo 1.26\n",
		"tools.go": "//go:build tools\n\npackage tools\n\nimport _ \"github.com/gzuidhof/tygo\"\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return "", err
		}
	}
	if err := sh(log, dir, "go", "get", "github.com/gzuidhof/tygo@"+tygoVersion); err != nil {
		return "", err
	}
	if err := sh(log, dir, "go", "build", "-o", exe, "github.com/gzuidhof/tygo"); err != nil {
		return "", err
	}
	return exe, nil
}

// synthPackages is how many packages a synthetic tree of n resources spreads them over: 20 per package up
// to 1,000 resources (the 50 packages of the example), then 50 per package (10,000 in 200).
func synthPackages(n int) int {
	if n <= 1000 {
		return max(1, n/20)
	}
	return max(1, n/50)
}

// prepareTree finds examples/idl, or writes the synthetic tree of the given size into work if it is
// missing or was written with other options.
func prepareTree(work, name string, logf func(string, ...any)) (tree, error) {
	if name == "examples" {
		n, err := countResources("examples/idl")
		return tree{name: "examples", dir: "examples/idl", resources: n}, err
	}
	n, err := strconv.Atoi(name)
	if err != nil || n < 1 {
		return tree{}, fmt.Errorf("-trees: %q is neither examples nor a resource count", name)
	}
	dir := filepath.Join(work, fmt.Sprintf("synth%d", n))
	modPath, err := modulePath()
	if err != nil {
		return tree{}, err
	}
	wd, _ := os.Getwd()
	relToModule, err := filepath.Rel(wd, dir)
	if err != nil || strings.HasPrefix(relToModule, "..") {
		return tree{}, fmt.Errorf("-work must be inside the module (run from its root)")
	}
	opts := synth.Options{Resources: n, Packages: synthPackages(n), Seed: 1,
		Module: modPath + "/" + filepath.ToSlash(relToModule)}
	stamp := filepath.Join(work, fmt.Sprintf("synth%d.stamp", n))
	want := fmt.Sprintf("%+v\n", opts)
	if got, err := os.ReadFile(stamp); err != nil || string(got) != want {
		logf("writing synthetic tree %s (%d resources in %d packages)", relToModule, n, opts.Packages)
		if err := synth.Write(dir, opts); err != nil {
			return tree{}, err
		}
		if err := os.WriteFile(stamp, []byte(want), 0o644); err != nil {
			return tree{}, err
		}
	}
	return tree{name: fmt.Sprintf("synth%d", n), dir: dir, resources: n}, nil
}

// modulePath reads the module path from ./go.mod: cidlcbench runs from the module root.
func modulePath() (string, error) {
	data, err := os.ReadFile("go.mod")
	if err != nil {
		return "", errors.New("run cidlcbench from the module root: " + err.Error())
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", errors.New("go.mod has no module line")
}

var resourceRE = regexp.MustCompile(`(?m)^\s+idl\.(Named)?Resource\s*$`)

// countResources counts the structs that embed the resource markers, for the examples tree.
func countResources(dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		n += len(resourceRE.FindAll(data, -1))
		return err
	})
	return n, err
}

// trashDir is where the harness moves what it would delete while it measures (see run): about 2 GB
// at 10,000 resources, six fresh outputs.
type trashDir struct {
	dir     string
	deleted string // a file whose modification time is when the trash was last emptied
	n       int
}

// empty deletes the trash, syncs the disk, and notes when.
func (tr *trashDir) empty() error {
	if err := os.RemoveAll(tr.dir); err != nil {
		return err
	}
	syscall.Sync()
	return os.WriteFile(tr.deleted, nil, 0o644)
}

// settle waits until d has passed since the trash was last emptied. This machine's root file system
// is ext4 without a journal, which does not reuse the inode of a deleted file for 60 s, or for 360 s
// while the block of the inode table that holds it is dirty, and every file created meanwhile in that
// block group tries each such inode first (recently_deleted, from __ext4_new_inode). Creating 2,000
// files took 546 ms of system time right after 60,000 were deleted, 121 ms 30 s later, 70-90 ms up to
// 4 minutes later, and 22-34 ms from 4.5 minutes on; a fresh run at 10,000 resources right after a
// cleanup spent 3.1 s of its 3.9 s of system time in open(2).
func (tr *trashDir) settle(d time.Duration, logf func(string, ...any)) {
	fi, err := os.Stat(tr.deleted)
	if err != nil {
		return
	}
	if wait := d - time.Since(fi.ModTime()); wait > 0 {
		logf("waiting %v: the last run deleted its outputs %v ago, and ext4 without a journal takes minutes to let go of deleted inodes (-settle)",
			wait.Round(time.Second), time.Since(fi.ModTime()).Round(time.Second))
		time.Sleep(wait)
	}
}

// moveAside moves dir, if it exists, into the trash.
func (tr *trashDir) moveAside(dir string) error {
	if _, err := os.Lstat(dir); err != nil {
		return nil
	}
	if err := os.MkdirAll(tr.dir, 0o755); err != nil {
		return err
	}
	tr.n++
	return os.Rename(dir, filepath.Join(tr.dir, strconv.Itoa(tr.n)))
}

func measure(cfg config, work, bin, tygo string, t tree, trash *trashDir) (result, error) {
	out := filepath.Join(work, "out", t.name)
	fresh := filepath.Join(out, "fresh")
	kept := filepath.Join(out, "kept")
	tsOut := filepath.Join(out, "tygo")
	idl, err := filepath.Abs(t.dir)
	if err != nil {
		return result{}, err
	}
	// The last run's outputs (and the trash of a harness that emptied it tree by tree), and a fresh
	// round's before the next, go to the trash (see run).
	for _, d := range []string{fresh, kept, tsOut, filepath.Join(out, "trash")} {
		if err := trash.moveAside(d); err != nil {
			return result{}, err
		}
	}
	moveAside := func(dir string) func() error {
		return func() error { return trash.moveAside(dir) }
	}
	cidlc := func(dir string, extra ...string) []string {
		return append([]string{filepath.Join(bin, "cidlc"), "-v", idl,
			"--out-pack=" + filepath.Join(dir, "pack"), "--out-provider=" + filepath.Join(dir, "provider"),
			"--out-schema=" + filepath.Join(dir, "schema.json")}, extra...)
	}
	// cidlc's stamps (internal/run/uptodate) live in the work directory, as they would in the user's cache.
	cache := []string{"CIDLC_CACHE=" + filepath.Join(work, "cidlc-cache")}
	// The up-to-date tree the no-op and check runs see.
	if c := exec.Command(cidlc(kept)[0], cidlc(kept)[1:]...); true {
		c.Env = append(os.Environ(), cache...)
		if msg, err := c.CombinedOutput(); err != nil {
			return result{}, fmt.Errorf("cidlc: %v\n%s", err, tail(msg))
		}
	}
	cmds := []cmdSpec{
		{key: "floor", argv: []string{filepath.Join(bin, "loadfloor"), idl}},
		{key: "fresh", argv: cidlc(fresh), env: cache, setup: moveAside(fresh)},
		{key: "noop", argv: cidlc(kept), env: cache},
		{key: "check", argv: cidlc(kept, "--check"), env: cache},
		// A fresh CI checkout has no stamp: --check generates everything and compares.
		{key: "check-cold", argv: cidlc(kept, "--check"), env: []string{"CIDLC_CACHE=off"}},
	}
	if measuresScaling(t) {
		// The same on one core and on two, side by side: how generation scales with cores.
		for _, procs := range []string{"1", "2"} {
			cmds = append(cmds, cmdSpec{key: "check-cold-gomaxprocs" + procs, argv: cidlc(kept, "--check"),
				env: []string{"CIDLC_CACHE=off", "GOMAXPROCS=" + procs}})
		}
	}
	if tygo != "" {
		conf, err := tygoConfig(idl, tsOut)
		if err != nil {
			return result{}, err
		}
		cmds = append(cmds, cmdSpec{key: "tygo", argv: []string{tygo, "generate", "--config", conf}, dir: idl,
			setup: moveAside(tsOut)})
	}
	r := result{tree: t}
	if r.samples, err = rounds(cfg.runs, cmds); err != nil {
		return r, err
	}
	r.fallbacks, err = layoutFallbacks(idl, filepath.Join(kept, "provider"))
	return r, err
}

// tygoConfig writes a tygo.yaml mapping every package of the IDL tree to its own output file.
func tygoConfig(idl, out string) (string, error) {
	c := exec.Command("go", "list", "./...")
	c.Dir = idl
	list, err := c.Output()
	if err != nil {
		return "", fmt.Errorf("go list in %s: %w", idl, err)
	}
	var b strings.Builder
	b.WriteString("packages:\n")
	for i, pkg := range strings.Fields(string(list)) {
		fmt.Fprintf(&b, "  - path: %q\n    output_path: %q\n", pkg, filepath.Join(out, fmt.Sprintf("p%03d", i), "index.ts"))
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return "", err
	}
	conf := out + ".yaml"
	return conf, os.WriteFile(conf, []byte(b.String()), 0o644)
}

var (
	timeLine   = regexp.MustCompile(`(?m)^cidlc: time: (.*)$`)
	rssLine    = regexp.MustCompile(`(?m)^cidlcbench-maxrss (\d+) cpu ([\d.]+) ([\d.]+)$`)
	reportLine = regexp.MustCompile(`(?m)^cidlc: (\d+ (?:written|to write), \d+ unchanged, \d+ (?:removed|to remove))$`)
)

// timeTool is GNU time, when the machine has it, for the peak RSS of a command and its children.
var timeTool = func() string {
	if _, err := os.Stat("/usr/bin/time"); err == nil {
		return "/usr/bin/time"
	}
	return ""
}()

// runOnce runs a command and measures it. Its output is kept only to parse cidlc's -v lines.
func runOnce(c cmdSpec) (sample, error) {
	argv := c.argv
	if timeTool != "" {
		// GNU time measures the tree's peak RSS from a small process. The rusage of a child forked by
		// this (Go, vfork-style) process would start from this process's own high-water mark.
		argv = append([]string{timeTool, "-f", "cidlcbench-maxrss %M cpu %U %S"}, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = c.dir
	if c.env != nil {
		cmd.Env = append(os.Environ(), c.env...)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return sample{}, fmt.Errorf("%s: %v\n%s", strings.Join(c.argv, " "), err, tail(out.Bytes()))
	}
	s := sample{wall: wall, phases: map[string]time.Duration{}}
	if m := rssLine.FindSubmatch(out.Bytes()); m != nil {
		s.rss, _ = strconv.ParseInt(string(m[1]), 10, 64)
		user, _ := strconv.ParseFloat(string(m[2]), 64)
		sys, _ := strconv.ParseFloat(string(m[3]), 64)
		s.cpu = time.Duration((user + sys) * float64(time.Second))
	} else if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.rss = int64(ru.Maxrss) // KiB on Linux
		s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if m := timeLine.FindSubmatch(out.Bytes()); m != nil {
		for part := range strings.SplitSeq(string(m[1]), ", ") {
			// "load 300ms", "up to date 3ms"
			i := strings.LastIndex(part, " ")
			if d, err := time.ParseDuration(part[i+1:]); i > 0 && err == nil {
				s.phases[part[:i]] = d
			}
		}
	}
	if m := reportLine.FindSubmatch(out.Bytes()); m != nil {
		s.report = string(m[1])
	}
	return s, nil
}

// rounds runs every command once per round, in order (each after its setup), for a warm-up round and
// runs measured ones, and returns the measured samples by command.
//
// Before each command, the disk is synced (not timed): a fresh run at 10,000 resources writes 315 MB,
// which the kernel writes back in the seconds after it, and the commands that followed it paid for
// that (the next fresh round 4.0–6.2 s without the sync, 3.9–4.4 s with it, against a floor of 1.45 s).
// Each command is measured as a CI job runs it, on a disk with nothing of another's to write.
func rounds(runs int, cmds []cmdSpec) (map[string][]sample, error) {
	samples := map[string][]sample{}
	for round := range runs + 1 {
		for _, c := range cmds {
			if c.setup != nil {
				if err := c.setup(); err != nil {
					return samples, err
				}
			}
			syscall.Sync()
			s, err := runOnce(c)
			if err != nil {
				return samples, err
			}
			if round > 0 {
				samples[c.key] = append(samples[c.key], s)
			}
		}
	}
	return samples, nil
}

func tail(b []byte) []byte {
	if len(b) > 2000 {
		return b[len(b)-2000:]
	}
	return b
}

// codecBench runs the provider codec benchmark and returns its result lines.
func codecBench(log io.Writer) ([]string, error) {
	c := exec.Command("go", "test", "-run", "^$", "-bench", ".", "-benchmem", "-count", "1", "./examples/provider/storage/")
	c.Stderr = log
	out, err := c.Output()
	if err != nil {
		return nil, fmt.Errorf("codec benchmark: %w\n%s", err, out)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "Benchmark") {
			lines = append(lines, sc.Text())
		}
	}
	return lines, nil
}

func median[T int64 | time.Duration](xs []T) T {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// stats are the medians of one command on one tree.
type stats struct {
	wall   time.Duration
	cpu    time.Duration
	rss    int64
	phases map[string]time.Duration
	report string
	n      int
}

func (r result) stats(key string) (stats, bool) {
	ss := r.samples[key]
	if len(ss) == 0 {
		return stats{}, false
	}
	st := stats{phases: map[string]time.Duration{}, n: len(ss), report: ss[len(ss)-1].report}
	var walls, cpus []time.Duration
	var rss []int64
	phases := map[string][]time.Duration{}
	for _, s := range ss {
		walls = append(walls, s.wall)
		cpus = append(cpus, s.cpu)
		rss = append(rss, s.rss)
		for k, v := range s.phases {
			phases[k] = append(phases[k], v)
		}
		if s.report != st.report {
			st.report = "varies"
		}
	}
	st.wall, st.cpu, st.rss = median(walls), median(cpus), median(rss)
	for k, v := range phases {
		st.phases[k] = median(v)
	}
	return st, true
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond)) }
func mib(kib int64) string      { return fmt.Sprintf("%.0f MiB", float64(kib)/1024) }

func ratio(a, b float64) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

func phaseString(st stats) string {
	var parts []string
	for _, k := range []string{"load", "model", "breaking", "up to date", "generate", "write", "check"} {
		if d, ok := st.phases[k]; ok {
			parts = append(parts, fmt.Sprintf("%s %s", k, ms(d)))
		}
	}
	return strings.Join(parts, ", ")
}

var commandNames = map[string]string{
	"floor":                  "floor (packages.Load only)",
	"fresh":                  "cidlc, fresh (no outputs yet)",
	"noop":                   "cidlc, no-op (up to date)",
	"check":                  "cidlc --check (up to date)",
	"check-cold":             "cidlc --check (up to date, no stamp: CI)",
	"check-cold-gomaxprocs1": "cidlc --check (no stamp), GOMAXPROCS=1",
	"check-cold-gomaxprocs2": "cidlc --check (no stamp), GOMAXPROCS=2",
	"tygo":                   "tygo " + tygoVersion + " (TS only)",
	"validate":               "cidlc, validate only (no output)",
	"breaking":               "cidlc --breaking-against=HEAD (one package edited)",
	"breaking-all":           "cidlc --breaking-against=HEAD~1 (every file differs)",
}

func writeReport(w io.Writer, cfg config, results []result, codec []string, programStart *programStartResult) {
	fmt.Fprintf(w, "Measured %s on %s: %d CPUs, %s memory, %s; medians of %d runs after 1 warm-up, commands alternating.\n\n",
		time.Now().UTC().Format("2006-01-02"), hostName(), runtime.NumCPU(), memTotal(), goVersion(), cfg.runs)
	fmt.Fprintln(w, "| tree | resources | command | wall | ÷ floor | CPU | ÷ floor | peak RSS | ÷ floor | cidlc phases (-v) | files |")
	fmt.Fprintln(w, "|---|---:|---|---:|---:|---:|---:|---:|---:|---|---|")
	for _, r := range results {
		floor, _ := r.stats("floor")
		for _, key := range []string{"floor", "fresh", "noop", "check", "check-cold", "check-cold-gomaxprocs1", "check-cold-gomaxprocs2",
			"tygo", "validate", "breaking", "breaking-all"} {
			st, ok := r.stats(key)
			if !ok {
				continue
			}
			fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.tree.name, r.tree.resources, commandNames[key],
				ms(st.wall), ratio(float64(st.wall), float64(floor.wall)), ms(st.cpu), ratio(float64(st.cpu), float64(floor.cpu)),
				mib(st.rss), ratio(float64(st.rss), float64(floor.rss)), phaseString(st), st.report)
		}
	}
	fmt.Fprintln(w)
	writeBudgets(w, results)
	writeFallbacks(w, results)
	if cfg.programStart {
		writeProgramStartBudget(budgetTable{w}, programStart)
	}
	if len(codec) > 0 {
		fmt.Fprintln(w, "\nProvider codec (examples/provider/storage: generated code vs the SDK's reflection mapper):")
		fmt.Fprintln(w)
		fmt.Fprintln(w, "```")
		for _, l := range codec {
			fmt.Fprintln(w, l)
		}
		fmt.Fprintln(w, "```")
		writeCodecBudget(w, codec)
	}
}

var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(-\d+)?\s+\d+\s+([\d.]+) ns/op.*?\s(\d+) allocs/op`)

// writeCodecBudget compares the generated codec benchmarks with their reflection twins: a benchmark
// named …Generated… against the same name with Reflect… in its place.
func writeCodecBudget(w io.Writer, lines []string) {
	type m struct{ ns, allocs float64 }
	got := map[string]m{}
	for _, l := range lines {
		if s := benchLine.FindStringSubmatch(l); s != nil {
			ns, _ := strconv.ParseFloat(s[3], 64)
			al, _ := strconv.ParseFloat(s[4], 64)
			got[s[1]] = m{ns, al}
		}
	}
	var names []string
	for name := range got {
		names = append(names, name)
	}
	slices.Sort(names)
	fmt.Fprintln(w)
	for _, name := range names {
		if !strings.Contains(name, "Generated") {
			continue
		}
		other, ok := got[strings.Replace(name, "Generated", "Reflect", 1)]
		if !ok {
			other, ok = got[strings.Replace(name, "Generated", "Mapper", 1)]
		}
		if !ok {
			continue
		}
		g := got[name]
		speed, allocs := other.ns/g.ns, g.allocs/max(other.allocs, 1)
		v := "pass"
		if speed < 10 || allocs > 0.2 {
			v = "**FAIL**"
		}
		fmt.Fprintf(w, "- %s: %.1f× faster than the reflection mapper (budget ≥ 10×), %.2f of its allocations (budget ≤ 0.20): %s\n",
			name, speed, allocs, v)
	}
}

func hostName() string {
	h, _ := os.Hostname()
	return h
}

func memTotal() string {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return "?"
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
			kib, _ := strconv.ParseFloat(f[1], 64)
			return fmt.Sprintf("%.1f GiB", kib/(1<<20))
		}
	}
	return "?"
}

func goVersion() string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return runtime.Version()
	}
	return strings.TrimSpace(string(out))
}

const (
	beginMarker = "<!-- cidlcbench:begin -->"
	endMarker   = "<!-- cidlcbench:end -->"
)

// updateFile replaces the text between the markers of file with report.
func updateFile(file string, report []byte) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	i, j := bytes.Index(data, []byte(beginMarker)), bytes.Index(data, []byte(endMarker))
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %s … %s section", file, beginMarker, endMarker)
	}
	var b bytes.Buffer
	b.Write(data[:i+len(beginMarker)])
	b.WriteString("\n")
	b.Write(report)
	b.Write(data[j:])
	return os.WriteFile(file, b.Bytes(), 0o644)
}

// measureBreaking measures --breaking-against on a synthetic tree (1,000 resources for make bench), kept
// with its history in a git repository of its own (work/breaking): the commit HEAD~1 has every file
// touched by a comment, HEAD is the tree, and the work tree edits one package (a new required input,
// which the run accepts so that it exits 0, and a new resource). Against HEAD, that package and those
// that import it differ; against HEAD~1, every file. The baseline is the same validation without the flag.
func measureBreaking(cfg config, work, bin string, logf func(string, ...any)) (result, error) {
	repo := filepath.Join(work, "breaking")
	idl := filepath.Join(repo, "idl")
	module, err := filepath.Abs(".")
	if err != nil {
		return result{}, err
	}
	n := cfg.breakingSize
	opts := synth.Options{Resources: n, Packages: synthPackages(n), Seed: 1, Module: "example.com/synth/idl"}
	stamp := filepath.Join(work, "breaking.stamp")
	want := fmt.Sprintf("%+v %s\n", opts, module)
	if got, err := os.ReadFile(stamp); err != nil || string(got) != want {
		logf("writing %s: the synthetic tree and its git history", repo)
		if err := writeBreakingRepo(repo, module, opts); err != nil {
			return result{}, err
		}
		if err := os.WriteFile(stamp, []byte(want), 0o644); err != nil {
			return result{}, err
		}
	}
	cidlc := func(extra ...string) []string {
		return append([]string{filepath.Join(bin, "cidlc"), "-v", idl}, extra...)
	}
	cmds := []cmdSpec{
		{key: "floor", argv: []string{filepath.Join(bin, "loadfloor"), idl}},
		{key: "validate", argv: cidlc()},
		{key: "breaking", argv: cidlc("--breaking-against=HEAD", "--breaking-accept=required-input-added"), dir: repo},
		{key: "breaking-all", argv: cidlc("--breaking-against=HEAD~1", "--breaking-accept=required-input-added"), dir: repo},
	}
	r := result{tree: tree{name: fmt.Sprintf("synth%d (git)", n), dir: idl, resources: n}}
	r.samples, err = rounds(cfg.runs, cmds)
	return r, err
}

// writeBreakingRepo writes the repository measureBreaking compares in: a Go module that takes package
// idl from this checkout, the synthetic tree in idl/, two commits, and an edit in the work tree.
func writeBreakingRepo(repo, module string, opts synth.Options) error {
	if err := os.RemoveAll(repo); err != nil {
		return err
	}
	idl := filepath.Join(repo, "idl")
	if err := synth.Write(idl, opts); err != nil {
		return err
	}
	goMod := "module example.com/synth\n\ngo 1.26.0\n\nrequire github.com/cidlc/cidlc v0.0.0\n\nreplace github.com/cidlc/cidlc => " + module + "\n"
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte(goMod), 0o644); err != nil {
		return err
	}
	git := func(args ...string) error {
		return sh(io.Discard, repo, "git", append([]string{"-c", "user.name=cidlcbench", "-c", "user.email=bench@cidlc.invalid", "-c", "commit.gpgsign=false"}, args...)...)
	}
	edit := func(name string, f func(string) string) error {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		return os.WriteFile(name, []byte(f(string(data))), 0o644)
	}
	var goFiles []string
	err := filepath.WalkDir(idl, func(name string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(name, ".go") {
			goFiles = append(goFiles, name)
		}
		return err
	})
	if err != nil {
		return err
	}
	touched := func(s string) string { return s + "// touched\n" }
	for _, name := range goFiles {
		if err := edit(name, touched); err != nil {
			return err
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-qm", "every file touched"}} {
		if err := git(args...); err != nil {
			return err
		}
	}
	if err := synth.Write(idl, opts); err != nil {
		return err
	}
	if err := git("commit", "-qam", "the tree"); err != nil {
		return err
	}
	// The edit: one file of a package (mod003 when there are four) gets a required input, and the
	// package a new resource.
	name := fmt.Sprintf("mod%03d", min(3, opts.Packages-1))
	pkg := filepath.Join(idl, name)
	entries, err := os.ReadDir(pkg)
	if err != nil {
		return err
	}
	first := filepath.Join(pkg, entries[0].Name())
	err = edit(first, func(s string) string {
		return strings.Replace(s, "\tidl.Resource\n", "\tidl.Resource\n\t// Zone is where it lives.\n\tZone string\n", 1)
	})
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(pkg, "gateway.go"), []byte("package "+name+"\n\nimport \"github.com/cidlc/cidlc/idl\"\n\n// Gateway is new.\ntype Gateway struct {\n\tidl.Resource\n}\n"), 0o644)
}
