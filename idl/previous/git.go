package previous

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cidlc/cidlc/idl/load"
)

// readRevision reads the Go files and go.mod files of the IDL directory idlDir as they are in revision
// rev of the git repository that holds idlDir, from git's objects alone.
func readRevision(idlDir, rev string) (load.Previous, error) {
	if info, err := os.Stat(idlDir); err != nil || !info.IsDir() {
		return load.Previous{}, fmt.Errorf("--breaking-against=%s: %s is not a directory", rev, idlDir)
	}
	if rev == "" || strings.HasPrefix(rev, "-") {
		return load.Previous{}, fmt.Errorf("--breaking-against=%s: not a directory, nor a git revision", rev)
	}
	prefix, err := git(idlDir, nil, "rev-parse", "--show-prefix")
	if err != nil {
		return load.Previous{}, fmt.Errorf("--breaking-against=%s: not a directory, and %s is not in a git repository to find a revision in (%v)", rev, idlDir, err)
	}
	dir := strings.TrimSuffix(strings.TrimSpace(string(prefix)), "/")
	listing, err := git(idlDir, nil, "ls-tree", "-r", "-z", "--full-tree", "--end-of-options", rev+":"+dir)
	if err != nil {
		// Say which of the two is missing only now: the successful path runs as few gits as it can.
		if _, err := git(idlDir, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}"); err != nil {
			return load.Previous{}, fmt.Errorf("--breaking-against=%s: not a directory, nor a revision of the git repository of %s (in a shallow clone, fetch it first: git fetch --depth=1 origin %s)", rev, idlDir, rev)
		}
		return load.Previous{}, fmt.Errorf("--breaking-against=%s: the revision has no directory %s", rev, dirOrRoot(dir))
	}
	// Each entry is "<mode> <type> <object>\t<path>\0": the Go files and go.mod files are what a load
	// needs (symbolic links and submodules are not).
	var paths, objects []string
	for _, entry := range strings.Split(strings.TrimSuffix(string(listing), "\x00"), "\x00") {
		meta, p, ok := strings.Cut(entry, "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 || fields[1] != "blob" || fields[0] == "120000" {
			continue
		}
		if base := path.Base(p); strings.HasSuffix(base, ".go") || base == "go.mod" {
			paths, objects = append(paths, p), append(objects, fields[2])
		}
	}
	// A file whose content on disk is the revision's object (usually most of them) is read from disk:
	// a read costs less than git cat-file's.
	files, onDisk := make(map[string][]byte, len(paths)), map[string]bool{}
	var catPaths, catObjects []string
	for i, p := range paths {
		if content, err := os.ReadFile(filepath.Join(idlDir, filepath.FromSlash(p))); err == nil && blobID(content) == objects[i] {
			files[p], onDisk[p] = content, true
			continue
		}
		catPaths, catObjects = append(catPaths, p), append(catObjects, objects[i])
	}
	if err := catFiles(idlDir, catPaths, catObjects, files); err != nil {
		return load.Previous{}, fmt.Errorf("--breaking-against=%s: %v", rev, err)
	}
	return load.Previous{Files: files, OnDisk: onDisk, Show: func(rel string) string { return rev + ":" + path.Join(dir, rel) }}, nil
}

// blobID returns the name git gives a blob with this content in a repository of SHA-1 object names
// (what a repository of SHA-256 names never matches, so that its files are all read through git).
func blobID(content []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(content))
	h.Write(content)
	return hex.EncodeToString(h.Sum(nil))
}

// catFiles reads the blobs objects into files under their paths, with one git cat-file --batch.
func catFiles(dir string, paths, objects []string, files map[string][]byte) error {
	if len(objects) == 0 {
		return nil
	}
	out, err := git(dir, strings.NewReader(strings.Join(objects, "\n")+"\n"), "cat-file", "--batch")
	if err != nil {
		return err
	}
	r := bufio.NewReader(bytes.NewReader(out))
	for _, p := range paths {
		header, err := r.ReadString('\n')
		if err != nil {
			return fmt.Errorf("git cat-file: reading %s: %v", p, err)
		}
		fields := strings.Fields(header)
		if len(fields) != 3 {
			return fmt.Errorf("git cat-file: reading %s: %q", p, strings.TrimSpace(header))
		}
		size, err := strconv.Atoi(fields[2])
		if err != nil {
			return fmt.Errorf("git cat-file: reading %s: %q", p, strings.TrimSpace(header))
		}
		content := make([]byte, size+1) // and the newline after it
		if _, err := io.ReadFull(r, content); err != nil {
			return fmt.Errorf("git cat-file: reading %s: %v", p, err)
		}
		files[p] = content[:size]
	}
	return nil
}

// git runs git in dir with stdin and returns its standard output. Reading a revision must leave the
// repository as it was: GIT_OPTIONAL_LOCKS=0 keeps git from refreshing the index on the way.
func git(dir string, stdin io.Reader, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0")
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("git %s: %s", args[0], msg)
		}
		return nil, fmt.Errorf("git %s: %v", args[0], err)
	}
	return out, nil
}

// dirOrRoot names a directory of the repository in a message.
func dirOrRoot(dir string) string {
	if dir == "" {
		return "(the repository's root)"
	}
	return dir
}
