// Package postgresql is the end-to-end test of the PostgreSQL example (examples/postgresql): a Pulumi
// program written against its generated package, deployed by the real Pulumi engine with its plugin,
// against a private PostgreSQL server (package pgtest). program.ts says what it checks.
package postgresql

import (
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/cidlc/cidlc/e2e/e2etest"
	"github.com/cidlc/cidlc/internal/testsupport/pgtest"
)

// Paths relative to this package.
const (
	repoRoot = "../.."
	packDir  = "../../examples/postgresql/pack"
	plugin   = "./examples/postgresql/cmd/pulumi-resource-postgresql"
	// application is the application_name of the provider's sessions.
	application = "pulumi-resource-postgresql"
)

// rolePassword is the password the program gives its roles: outside ASCII, so that SASLprep has work,
// and never to be found in the server's log, although a statement with it fails (step 6).
const rolePassword = "öwner-Pä55-e2e'\\x-名"

// TestE2E runs program.ts, then checks what only the server can tell: that destroy left it as it
// was (the catalogs compared line by line), that no session of the provider's is left, and that no
// password is in the server's log. The program asks for the server's restart between two operations
// (step 4) with SIGUSR1: only the test, whose child the server is, can restart it.
func TestE2E(t *testing.T) {
	e := e2etest.Prepare(t, e2etest.Program{
		RepoRoot: repoRoot, Plugin: plugin, PluginName: "pulumi-resource-postgresql",
		Pack: packDir, PackName: "postgresql", Files: []string{"program.ts", "../support.ts", "tsconfig.json"},
	})
	ctx, bin := e.Ctx, e.Bin
	server, err := pgtest.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(server.Stop)
	before, err := server.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	restarts := make(chan os.Signal, 1)
	signal.Notify(restarts, syscall.SIGUSR1)
	restarted := make(chan error, 1)
	go func() {
		for range restarts {
			restarted <- server.Restart(ctx)
		}
	}()
	t.Cleanup(func() { signal.Stop(restarts); close(restarts) })

	// The server's address and superuser reach the program under names of its own: it gives them to the
	// provider through the stack's configuration, and to psql alone through libpq's variables.
	env := append(e.Env,
		"E2E_PSQL="+filepath.Join(server.Bin, "psql"),
		"E2E_PG_HOST="+server.Host,
		"E2E_PG_PORT="+strconv.Itoa(server.Port),
		"E2E_PG_USER="+server.User,
		"E2E_PG_PASSWORD="+server.Password,
		"E2E_ROLE_PASSWORD="+rolePassword,
		"E2E_RESTART_PID="+strconv.Itoa(os.Getpid()),
	)
	if err := e2etest.Timed(t, "node program.js", func() error {
		return e2etest.Stream(ctx, bin, env, "node", filepath.Join(bin, "program.js"))
	}); err != nil {
		t.Log(tail(server.Log(), 40))
		t.Fatal(err)
	}

	after, err := server.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := pgtest.Diff(before, after); diff != "" {
		t.Errorf("the server's catalogs after destroy differ from before the test:\n%s", diff)
	}
	if n, err := server.SessionsLeft(ctx, application); err != nil || n != 0 {
		t.Errorf("%d sessions of the provider's are left on the server (%v)", n, err)
	}
	select {
	case err := <-restarted:
		if err != nil {
			t.Errorf("restarting the server: %v", err)
		}
	default:
		t.Error("the program did not ask for the server's restart")
	}
	log := server.Log()
	if strings.Contains(log, server.Password) {
		t.Error("the server's log holds the superuser's password")
	}
	if !strings.Contains(log, `STATEMENT:  CREATE ROLE "e2e_auditors"`) {
		t.Error("the server's log does not hold the failing CREATE ROLE of step 6, with its password hashed")
	}
	if strings.Contains(log, rolePassword) {
		t.Error("the server's log holds the roles' password")
	}
}

// tail is the last n lines of text.
func tail(text string, n int) string {
	lines := strings.Split(text, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
