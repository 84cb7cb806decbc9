// Package pgtest starts a private PostgreSQL server for tests: a cluster of its own in a temporary
// directory, listening on a free loopback port and a socket directory of its own, with password
// authentication, stopped and removed when the test is done. It never touches a server of the machine's,
// nor port 5432.
//
// The server comes from Debian's postgresql package (/usr/lib/postgresql/<version>/bin). When it is
// missing, Start installs it with apt-get if it can (it runs as root and apt-get is there, as on CI);
// otherwise it fails with the command that installs it. A missing server is never a skipped test: the
// tests that need one are the only proof that the PostgreSQL provider works.
//
// PostgreSQL refuses to run as root, so under root initdb and postgres run as the user nobody. The
// server is a child process of the test binary, killed with it (Pdeathsig), so a test killed half-way
// leaves no server running. Durability is switched off (fsync, full_page_writes, synchronous_commit): a
// test's data is thrown away anyway, and it makes the server several times faster on small disks.
//
// Start one server per test package (in TestMain, or once with sync.OnceValues) and give each test
// objects of its own: initdb costs a second or two, a database a tenth of that.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is a running private PostgreSQL server.
type Server struct {
	// Host is the loopback address the server listens on, Port its TCP port.
	Host string
	Port int
	// SocketDir is the directory of its Unix socket (a host name for libpq and pgx that starts with /).
	SocketDir string
	// User is the superuser, Password its password.
	User     string
	Password string
	// Version is the server's major version (15).
	Version int
	// Bin is the directory of the server's programs, psql among them.
	Bin string

	dir  string
	data string
	cred *syscall.Credential
	cmd  *exec.Cmd
	done chan error
	log  string
}

// Start starts a private server. Stop it with Stop.
func Start(ctx context.Context) (*Server, error) {
	bin, version, err := binaries(ctx)
	if err != nil {
		return nil, err
	}
	cred, err := unprivileged()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, err
	}
	s := &Server{Host: "127.0.0.1", User: "postgres", Version: version, Bin: bin, dir: dir, data: filepath.Join(dir, "data"),
		cred: cred, SocketDir: filepath.Join(dir, "sock"), log: filepath.Join(dir, "log", "server.log")}
	if err := s.start(ctx); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return s, nil
}

func (s *Server) start(ctx context.Context) error {
	bin, cred, data := s.Bin, s.cred, s.data
	// The unprivileged user must reach its directories through dir.
	if err := os.Chmod(s.dir, 0o755); err != nil {
		return err
	}
	var secret [16]byte
	if _, err := rand.Read(secret[:]); err != nil {
		return err
	}
	s.Password = hex.EncodeToString(secret[:])
	pwfile := filepath.Join(s.dir, "pwfile")
	for _, d := range []string{data, s.SocketDir, filepath.Dir(s.log)} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return err
		}
	}
	if err := os.WriteFile(pwfile, []byte(s.Password+"\n"), 0o600); err != nil {
		return err
	}
	if cred != nil {
		for _, p := range []string{data, s.SocketDir, filepath.Dir(s.log), pwfile} {
			if err := os.Chown(p, int(cred.Uid), int(cred.Gid)); err != nil {
				return err
			}
		}
	}
	initdb := command(ctx, cred, filepath.Join(bin, "initdb"), "-D", data, "-U", s.User, "--pwfile="+pwfile,
		"--auth=scram-sha-256", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync")
	if out, err := initdb.CombinedOutput(); err != nil {
		return fmt.Errorf("pgtest: initdb: %v\n%s", err, out)
	}
	// A free port can be taken by someone else between Listen and the server's bind: try a few.
	var err error
	for range 5 {
		if s.Port, err = freePort(); err != nil {
			return err
		}
		if err = s.run(); err == nil {
			return s.ready(ctx)
		}
	}
	return err
}

// run starts the postmaster as a child process.
func (s *Server) run() error {
	logFile, err := os.OpenFile(s.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer logFile.Close()
	cmd := command(context.Background(), s.cred, filepath.Join(s.Bin, "postgres"), "-D", s.data,
		"-p", strconv.Itoa(s.Port), "-k", s.SocketDir,
		"-c", "listen_addresses="+s.Host,
		"-c", "fsync=off", "-c", "full_page_writes=off", "-c", "synchronous_commit=off",
		"-c", "max_connections=200")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	// Pdeathsig fires when the thread that started the child ends; keep this one alive while the server runs.
	started := make(chan error, 1)
	s.done = make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		s.done <- cmd.Wait()
	}()
	if err := <-started; err != nil {
		return fmt.Errorf("pgtest: starting postgres: %w", err)
	}
	s.cmd = cmd
	return nil
}

// ready waits until the server takes connections, or fails with its log.
func (s *Server) ready(ctx context.Context) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		select {
		case err := <-s.done:
			s.done <- err
			return fmt.Errorf("pgtest: postgres exited: %v\n%s", err, s.Log())
		default:
		}
		conn, err := pgx.Connect(ctx, s.DSN("postgres"))
		if err == nil {
			conn.Close(ctx)
			return nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			s.Stop()
			return fmt.Errorf("pgtest: the server did not start: %v\n%s", err, s.Log())
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// DSN is the keyword/value connection string of the superuser to database db over TCP.
func (s *Server) DSN(db string) string {
	return fmt.Sprintf("host=%s port=%d user=%s password=%s dbname=%s sslmode=disable", s.Host, s.Port, s.User, s.Password, db)
}

// Env is the libpq environment of the superuser over TCP: what `psql` and the provider's env= fallbacks
// read.
func (s *Server) Env() []string {
	return []string{"PGHOST=" + s.Host, "PGPORT=" + strconv.Itoa(s.Port), "PGUSER=" + s.User, "PGPASSWORD=" + s.Password,
		"PGDATABASE=postgres", "PGSSLMODE=disable"}
}

// Log returns what the server wrote to its log.
func (s *Server) Log() string {
	data, _ := os.ReadFile(s.log)
	return string(data)
}

// Stop stops the server (a fast shutdown: sessions are ended) and removes its directory.
func (s *Server) Stop() {
	s.shutDown()
	os.RemoveAll(s.dir)
}

// Restart restarts the server as a DBA's pg_ctl restart does: a fast shutdown, which ends every
// session (SQLSTATE 57P01, "terminating connection due to administrator command"), then a start on
// the same data and port. It returns once the server takes connections again.
func (s *Server) Restart(ctx context.Context) error {
	s.shutDown()
	if err := s.run(); err != nil {
		return err
	}
	return s.ready(ctx)
}

// shutDown stops the postmaster with a fast shutdown, if it runs.
func (s *Server) shutDown() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-s.done:
		case <-time.After(30 * time.Second):
			s.cmd.Process.Kill()
			<-s.done
		}
		s.cmd = nil
	}
}

// command runs name as cred's user (nil: as this process's) with a clean environment, so that no PG*
// variable of the caller's reaches the server's tools.
func command(ctx context.Context, cred *syscall.Credential, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	return cmd
}

// unprivileged returns the user the server runs as under root (nobody), or nil when this process is not
// root and runs it itself.
func unprivileged() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		return nil, fmt.Errorf("pgtest: PostgreSQL does not run as root, and there is no user nobody to run it as: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// installHint is how to get the server where Start cannot install it itself.
const installHint = "install Debian's PostgreSQL server: sudo apt-get install -y postgresql (or run make test as root, which installs it)"

// binaries returns the directory of the newest installed server's programs and its major version,
// installing the server first when it is missing and this process can (root, with apt-get).
func binaries(ctx context.Context) (string, int, error) {
	if bin, v := installed(); bin != "" {
		return bin, v, nil
	}
	if os.Geteuid() != 0 {
		return "", 0, errors.New("pgtest: no PostgreSQL server in /usr/lib/postgresql; " + installHint)
	}
	if _, err := exec.LookPath("apt-get"); err != nil {
		return "", 0, errors.New("pgtest: no PostgreSQL server in /usr/lib/postgresql, and no apt-get to install it with; " + installHint)
	}
	if err := install(ctx); err != nil {
		return "", 0, err
	}
	if bin, v := installed(); bin != "" {
		return bin, v, nil
	}
	return "", 0, errors.New("pgtest: apt-get installed postgresql, but there is still no server in /usr/lib/postgresql")
}

// installed finds the newest /usr/lib/postgresql/<major>/bin that has initdb and postgres.
func installed() (string, int) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	best, bestVersion := "", 0
	for _, d := range dirs {
		v, err := strconv.Atoi(filepath.Base(filepath.Dir(d)))
		if err != nil || v <= bestVersion {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "initdb")); err != nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "postgres")); err != nil {
			continue
		}
		best, bestVersion = d, v
	}
	return best, bestVersion
}

// install runs apt-get, one test binary at a time: the packages of `go test ./...` run in parallel, and
// dpkg takes one installer at a time.
func install(ctx context.Context) error {
	lock, err := os.OpenFile(filepath.Join(os.TempDir(), "cidlc-pgtest-install.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return err
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if bin, _ := installed(); bin != "" {
		return nil // another test binary installed it while this one waited
	}
	env := append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	for _, args := range [][]string{{"update"}, {"install", "-y", "--no-install-recommends", "postgresql"}} {
		cmd := exec.CommandContext(ctx, "apt-get", args...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			tail := string(out)
			if lines := strings.Split(strings.TrimSpace(tail), "\n"); len(lines) > 20 {
				tail = strings.Join(lines[len(lines)-20:], "\n")
			}
			return fmt.Errorf("pgtest: apt-get %s: %v\n%s\n%s", strings.Join(args, " "), err, tail, installHint)
		}
	}
	return nil
}

// Databases lists the databases that take connections, sorted.
func (s *Server) Databases(ctx context.Context) ([]string, error) {
	conn, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return nil, err
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, "SELECT datname FROM pg_database WHERE datallowconn ORDER BY 1")
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
