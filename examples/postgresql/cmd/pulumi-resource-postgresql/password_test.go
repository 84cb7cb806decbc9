package main

import (
	"fmt"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"

	postgresql "github.com/cidlc/cidlc/examples/postgresql/provider"
	"github.com/cidlc/cidlc/providertest"
)

// TestPasswords sets passwords that SASLprep changes, or refuses, through the provider, which hashes
// them itself: each logs in with psql (libpq prepares a password as the server does), so does the
// same password written another way where SASLprep makes them one, and a refresh finds that the
// hash the server makes of the same password (ALTER ROLE … PASSWORD, as a DBA would) is still it.
func TestPasswords(t *testing.T) {
	d := start(t)
	for i, c := range []struct {
		why, password string
		alike         []string // other spellings that log in as well
	}{
		{"letters outside ASCII", "nön-ascii-pässwörd-ñ", nil},
		{"a non-breaking space is a space", "pass\u00a0word", []string{"pass word"}},
		{"full-width letters are letters (NFKC)", "ｐａｓｓｗｏｒｄ-1", []string{"password-1"}},
		{"a ligature and a Roman numeral come apart (NFKC)", "ﬁle-Ⅸ", []string{"file-IX"}},
		{"a soft hyphen is nothing", "soft\u00adhyphen", []string{"softhyphen"}},
		{"a zero-width space is a space to PostgreSQL", "zero\u200bwidth", []string{"zero width"}},
		{"unassigned in Unicode 3.2: hashed as it is", "emoji-😀-pw", nil},
		{"mixed directions: hashed as it is", "abc-\u05d0-pw", nil},
		{"nothing once mapped: hashed as it is", "\u00ad\u00ad", nil},
		{"ASCII is as it is, control characters and all", "tab\there", nil},
	} {
		name := fmt.Sprintf("pw_%d", i)
		role := d.MustCreate(postgresql.Role, name, map[string]any{"name": name, "login": true,
			"password": resource.MakeSecret(resource.NewProperty(c.password))})
		for _, pw := range append([]string{c.password}, c.alike...) {
			if err := psqlLogIn(name, pw); err != nil {
				t.Errorf("%s: %s cannot log in with %q: %v", c.why, name, pw, err)
			}
		}
		exec(t, "postgres", fmt.Sprintf("ALTER ROLE %s PASSWORD %s", name, quoteLiteral(c.password)))
		d.Refresh(role)
		if got := providertest.Unprops(t, role.Inputs)["password"]; !got.IsSecret() || got.SecretValue().Element.StringValue() != c.password {
			t.Errorf("%s: after the server hashed the same password, a refresh reads it as %v: it does not recognize its hash", c.why, got)
		}
		if err := d.Delete(role); err != nil {
			t.Fatal(err)
		}
	}
}

// TestImportRoleWithPassword adopts, by its ID, a role that a DBA made with a password, which the
// server keeps only as a hash: the import leaves the password out rather than reading it back empty,
// pulumi import's Check of what it read finds nothing wrong, and a refresh finds no drift. A program
// that then gives the password sets it once; from then on the stack keeps it, secret, never in the
// state, and a refresh still finds no drift.
func TestImportRoleWithPassword(t *testing.T) {
	d, engine := startLogged(t)
	const dbaPassword, password = "dba's-own-pässword", "the-program's-pässword"
	exec(t, "postgres", "CREATE ROLE imp_pw LOGIN PASSWORD "+quoteLiteral(dbaPassword))
	t.Cleanup(func() { exec(t, "postgres", "DROP ROLE IF EXISTS imp_pw") })

	l, err := d.Import(postgresql.Role, "adopted", "imp_pw")
	if err != nil || l == nil {
		t.Fatalf("importing role imp_pw: %v %v", l, err)
	}
	read := providertest.Unprops(t, l.Inputs)
	if read.HasValue("password") || d.Outputs(l).HasValue("password") {
		t.Errorf("the import has a password: inputs %v, outputs %v", read, d.Outputs(l))
	}
	if _, failures := d.CheckOf(l.URN, l.Inputs, read.Mappable()); len(failures) > 0 {
		t.Errorf("pulumi import's Check of the role it read: %v", failures)
	}
	if !d.Refresh(l) {
		t.Fatal("the imported role is gone after a refresh")
	}
	if diff := d.Diff(l, read.Mappable()); len(diff.GetDiffs()) > 0 {
		t.Errorf("a refresh of the imported role, then the program that imported it: diff %v", diff.GetDiffs())
	}
	if err := psqlLogIn("imp_pw", dbaPassword); err != nil {
		t.Errorf("after the import and a refresh, the DBA's password no longer logs in: %v", err)
	}

	// The program gives a password: one update sets it, and the stack keeps it as a secret.
	given := providertest.With(read.Mappable(), map[string]any{"password": resource.MakeSecret(resource.NewProperty(password))})
	if diff := d.Diff(l, given); len(diff.GetDiffs()) != 1 || diff.GetDiffs()[0] != "password" {
		t.Errorf("the program gives the imported role a password: diff %v, want password", diff.GetDiffs())
	}
	if err := d.Update(l, given); err != nil {
		t.Fatal(err)
	}
	if err := psqlLogIn("imp_pw", password); err != nil {
		t.Errorf("after the update, the program's password does not log in: %v", err)
	}
	if !d.Refresh(l) {
		t.Fatal("the role is gone after a refresh")
	}
	if got := providertest.Unprops(t, l.Inputs)["password"]; !got.IsSecret() || got.SecretValue().Element.StringValue() != password {
		t.Errorf("after a refresh, the inputs hold the password as %v, want the program's, secret", got)
	}
	if d.Outputs(l).HasValue("password") {
		t.Errorf("after a refresh, the state holds the password: %v", d.Outputs(l))
	}
	if diff := d.Diff(l, given); len(diff.GetDiffs()) > 0 {
		t.Errorf("a refresh of the role whose password the program gave: diff %v", diff.GetDiffs())
	}
	for _, m := range engine.Messages() {
		if strings.Contains(m, password) || strings.Contains(m, dbaPassword) {
			t.Errorf("a message to the engine holds a password: %s", m)
		}
	}
	if log := server.Log(); strings.Contains(log, password) {
		t.Error("the server's log holds the program's password")
	}
}

// TestPasswordNotInServerLog makes a CREATE ROLE with a password fail at the server, which logs the
// failing statement whole: the log holds the statement, never the password.
func TestPasswordNotInServerLog(t *testing.T) {
	d := start(t)
	exec(t, "postgres", "CREATE ROLE log_taken")
	t.Cleanup(func() { exec(t, "postgres", "DROP ROLE log_taken") })
	const password = "nön-ascii-lög-sëcret"
	_, err := d.Create(postgresql.Role, "taken", map[string]any{"name": "log_taken", "login": true,
		"password": resource.MakeSecret(resource.NewProperty(password))})
	if err == nil || !strings.Contains(err.Error(), `role "log_taken" already exists`) {
		t.Fatalf("creating a role that exists: %v", err)
	}
	log := server.Log()
	if !strings.Contains(log, `STATEMENT:  CREATE ROLE "log_taken"`) {
		t.Fatalf("the server did not log the failing statement; its log ends:\n%s", log[max(0, len(log)-2000):])
	}
	if strings.Contains(log, password) || strings.Contains(err.Error(), password) {
		t.Error("the password is in the server's log, or in the error")
	}
}

// psqlLogIn logs in as role with password, with psql: libpq, which prepares a password with SASLprep
// as the server does (pgx does not).
func psqlLogIn(role, password string) error {
	cmd := osexec.Command(filepath.Join(server.Bin, "psql"), "-X", "-A", "-t", "-d", "postgres", "-c", "SELECT current_user")
	cmd.Env = []string{"PGHOST=" + server.Host, "PGPORT=" + strconv.Itoa(server.Port), "PGUSER=" + role,
		"PGPASSWORD=" + password, "PGSSLMODE=disable", "LC_ALL=C.UTF-8"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != role {
		return fmt.Errorf("logged in as %q", got)
	}
	return nil
}

// quoteLiteral quotes s as an SQL string literal.
func quoteLiteral(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
