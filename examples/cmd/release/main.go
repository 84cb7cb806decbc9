// Command release builds the release tarballs of the Acme Cloud provider's plugin: for each platform,
// the plugin built for it, alone at the root of pulumi-resource-acme-v<version>-<os>-<arch>.tar.gz,
// the archive that the Pulumi engine downloads from the package's plugin download URL and installs by
// itself when a program needs the plugin. Upload them to that URL; docs/release.md has the whole
// procedure.
//
//	go run ./examples/cmd/release                              # the six platforms, into dist/
//	go run ./examples/cmd/release -o dist -platforms host      # only this machine's
//	go run ./examples/cmd/release -o dist -serve 127.0.0.1:8080
//
// With -serve it builds nothing: it serves the directory over HTTP, as the server of a plugin download
// URL would, and logs every request, to try a release on one machine (the engine downloads plugins
// over HTTP, not from files). Port 0 picks a free port; the first line it prints gives the URL.
//
// The name and version come from the stubs (PluginName and PluginVersion, which cidlc --pkg-version
// declares), as the plugin's own do: a tarball is always named for the version the plugin inside
// reports. The tarballs are reproducible: the same plugin binary gives the same bytes.
package main

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	acme "github.com/cidlc/cidlc/examples/provider"
)

// pluginPackage is the plugin's main package.
const pluginPackage = "github.com/cidlc/cidlc/examples/cmd/pulumi-resource-acme"

// platforms are the operating systems and architectures a release covers, as Go and the engine name
// them: what `pulumi` runs on.
var platforms = []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"}

func main() {
	// A flag set and messages of its own: the Pulumi SDK, which the stubs import, registers flags on the
	// command line's set and sends the log package's output elsewhere.
	flags := flag.NewFlagSet("release", flag.ExitOnError)
	out := flags.String("o", "dist", "write the tarballs to `dir`")
	list := flags.String("platforms", strings.Join(platforms, ","), "the `os/arch` pairs to build, comma-separated; host is this machine's")
	serve := flags.String("serve", "", "build nothing: serve the tarballs in -o over HTTP at `host:port`")
	_ = flags.Parse(os.Args[1:])
	if flags.NArg() > 0 {
		fatalf("unexpected arguments %q; see -help", flags.Args())
	}
	if *serve != "" {
		fatalf("%v", serveDir(*out, *serve))
	}
	if err := os.MkdirAll(*out, 0o777); err != nil {
		fatalf("%v", err)
	}
	for _, p := range strings.Split(*list, ",") {
		if p == "host" {
			p = runtime.GOOS + "/" + runtime.GOARCH
		}
		goos, goarch, ok := strings.Cut(p, "/")
		if !ok {
			fatalf("-platforms: %q is not os/arch, such as linux/amd64", p)
		}
		start := time.Now()
		path, err := release(context.Background(), *out, goos, goarch)
		if err != nil {
			fatalf("%v", err)
		}
		logf("%s (%v)", path, time.Since(start).Round(time.Second))
	}
}

// logf prints a line on standard error.
func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "release: "+format+"\n", args...)
}

// fatalf prints a line on standard error and exits with status 1.
func fatalf(format string, args ...any) {
	logf(format, args...)
	os.Exit(1)
}

// release builds the plugin for goos/goarch and packs it into its tarball in dir, whose path it returns.
func release(ctx context.Context, dir, goos, goarch string) (string, error) {
	tmp, err := os.MkdirTemp("", "release-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, executable(acme.PluginName, goos))
	// A static binary built without the paths of this machine: it runs wherever the engine does.
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", bin, pluginPackage)
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build for %s/%s: %v\n%s", goos, goarch, err, out)
	}
	path := filepath.Join(dir, tarball(acme.PluginName, acme.PluginVersion, goos, goarch))
	return path, writeTarball(path, bin)
}

// tarball is the name the engine downloads the plugin of a release by (Pulumi's
// workspace.httpSource.Download): pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz.
func tarball(name, version, goos, goarch string) string {
	return fmt.Sprintf("pulumi-resource-%s-v%s-%s-%s.tar.gz", name, version, goos, goarch)
}

// executable is the name the engine runs the plugin by, once installed: pulumi-resource-<name>, with
// .exe on Windows.
func executable(name, goos string) string {
	if goos == "windows" {
		return "pulumi-resource-" + name + ".exe"
	}
	return "pulumi-resource-" + name
}

// writeTarball writes a gzipped tar archive at path that holds the file bin at its root, executable:
// the engine unpacks it into its plugin directory and keeps the archive's modes. The archive records
// no time, owner or name of this machine. It is written beside path and renamed, so that a failed run
// leaves no truncated tarball to upload.
func writeTarball(path, bin string) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), ".tarball-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := archive(f, bin); err != nil {
		return err
	}
	// Readable by all, as a file os.Create makes would be, not only by its owner as a temporary file
	// is: the tarball is uploaded or served as it is.
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// archive writes the tar.gz of bin to w.
func archive(w io.Writer, bin string) error {
	src, err := os.Open(bin)
	if err != nil {
		return err
	}
	defer src.Close()
	info, err := src.Stat()
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(w)
	tw := tar.NewWriter(zw)
	hdr := &tar.Header{
		Typeflag: tar.TypeReg,
		Name:     filepath.Base(bin),
		Mode:     0o755,
		Size:     info.Size(),
		ModTime:  time.Unix(0, 0),
		Format:   tar.FormatUSTAR,
	}
	if err := tw.WriteHeader(hdr); err != nil {
		return err
	}
	if _, err := io.Copy(tw, src); err != nil {
		return err
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

// serveDir serves the files of dir over HTTP at addr, logging each request and its status, until the
// process is stopped.
func serveDir(dir, addr string) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	logf("serving %s at http://%s/", dir, l.Addr())
	files := http.FileServer(http.Dir(dir))
	return http.Serve(l, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		files.ServeHTTP(rec, r)
		logf("%s %s %d", r.Method, r.URL.Path, rec.status)
	}))
}

// statusRecorder remembers the status of a response, for the log.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}
