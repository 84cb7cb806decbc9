package load

import (
	"crypto/sha256"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Inputs are what decides a load's result besides the content of the files it parsed (which Digest
// hashes): the files and directories from which the go command decides which files those are, and the
// files whose appearance would change that. If every one of them is as it was, and the go command, its
// environment and the load's options are too, a new load would parse the very same files. The
// up-to-date cache (package internal/run/uptodate) records them so that a run can tell, without running the
// go command, that nothing changed.
type Inputs struct {
	// Root and Name are the load's options as Digest hashes them: the IDL root directory, absolute with
	// its links resolved, and Config.Name.
	Root, Name string
	// Sources are the files the load parsed (the IDL's and those of every package it imports), by
	// absolute path, with the SHA-256 of what was parsed.
	Sources map[string][sha256.Size]byte
	// Files are other files whose content decides what loads, by absolute path: the Go files that
	// build constraints left out of the loaded packages and their other files (a constraint edited
	// away brings a file in), and the go.mod, go.sum, go.work and vendor/modules.txt files the go
	// command reads.
	Files []string
	// Dirs are the directories whose entries decide what loads: every loaded package's, and every
	// directory below the IDL root that the pattern ./... may match (a new file or subdirectory there
	// may be a new source or package).
	Dirs []string
	// Absent are files that do not exist and whose appearance would change what loads: a go.work in
	// the IDL root or above it, a go.mod between it and its Go module's root, a go.sum or
	// vendor/modules.txt beside a module's go.mod.
	Absent []string
}

// Inputs returns what decides the load's result besides the content of its sources.
func (l *Loaded) Inputs() *Inputs {
	in := &Inputs{Root: l.root, Name: l.cfg.Name, Sources: maps.Clone(l.sums.sums)}
	files := map[string]bool{}
	dirs := map[string]bool{}
	absent := map[string]bool{}
	// existing sorts a file that must keep existing (or not) into files or absent.
	existing := func(name string) bool {
		if _, err := os.Lstat(name); err != nil {
			absent[name] = true
			return false
		}
		files[name] = true
		return true
	}
	var mainModule string
	packages.Visit(l.pkgs, nil, func(p *packages.Package) {
		if p.Dir != "" {
			dirs[p.Dir] = true
		}
		for _, f := range slices.Concat(p.IgnoredFiles, p.OtherFiles) {
			files[f] = true
		}
		for m := p.Module; m != nil; m = m.Replace {
			if m.GoMod == "" {
				continue
			}
			files[m.GoMod] = true
			dir := filepath.Dir(m.GoMod)
			existing(filepath.Join(dir, "go.sum"))
			existing(filepath.Join(dir, "vendor", "modules.txt"))
			if m.Main && within(l.root, p.Dir) {
				mainModule = dir
			}
		}
	})
	// The go command runs in the IDL root: it finds the go.work above it, unless GOWORK names one or
	// turns workspaces off, and the go.mod nearest above it.
	switch work := os.Getenv("GOWORK"); work {
	case "off":
	case "":
		for dir := l.root; ; dir = filepath.Dir(dir) {
			if existing(filepath.Join(dir, "go.work")) {
				existing(filepath.Join(dir, "go.work.sum"))
				break
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	default:
		existing(work)
		existing(strings.TrimSuffix(work, ".work") + ".work.sum")
	}
	if mainModule != "" {
		for dir := l.root; dir != mainModule && filepath.Dir(dir) != dir; dir = filepath.Dir(dir) {
			absent[filepath.Join(dir, "go.mod")] = true
		}
	}
	// ./... matches the directories below the root, except those the go command skips.
	filepath.WalkDir(l.root, func(name string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if name != l.root && outsidePattern(d.Name()) {
			return filepath.SkipDir
		}
		dirs[name] = true
		return nil
	})
	for name := range in.Sources {
		delete(files, name)
	}
	in.Files = slices.Sorted(maps.Keys(files))
	in.Dirs = slices.Sorted(maps.Keys(dirs))
	in.Absent = slices.Sorted(maps.Keys(absent))
	return in
}

// within reports whether dir is root or below it.
func within(root, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
