package pgtest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// clusterQueries describe what a cluster holds across databases: roles, memberships, databases with
// their settings and grants, and every dependency on a role in any database (which is how an object a
// role owns somewhere is found). Each row is one line of text; "char" columns are cast to text, which
// || cannot join as they are. An access control list is shown as the privileges it grants: a NULL one
// (the defaults) as acldefault spells them out, which is what a GRANT and its REVOKE leave behind.
var clusterQueries = []string{
	`SELECT 'role '||rolname||' super='||rolsuper||' login='||rolcanlogin||' createdb='||rolcreatedb||
	        ' createrole='||rolcreaterole||' inherit='||rolinherit||' repl='||rolreplication||
	        ' connlimit='||rolconnlimit||' until='||COALESCE(rolvaliduntil::text,'-')||
	        ' config='||COALESCE(rolconfig::text,'-') FROM pg_roles`,
	`SELECT 'member '||pg_get_userbyid(roleid)||' <- '||pg_get_userbyid(member)||' admin='||admin_option FROM pg_auth_members`,
	`SELECT 'database '||datname||' owner='||pg_get_userbyid(datdba)||' enc='||pg_encoding_to_char(encoding)||
	        ' collate='||datcollate||' ctype='||datctype||' connlimit='||datconnlimit||' allowconn='||datallowconn||
	        ' template='||datistemplate||' acl='||COALESCE(datacl, acldefault('d', datdba))::text FROM pg_database`,
	`SELECT 'depends '||COALESCE(d.datname,'<shared>')||' '||s.classid::regclass::text||' -> '||
	        pg_get_userbyid(s.refobjid)||' '||s.deptype::text
	   FROM pg_shdepend s LEFT JOIN pg_database d ON d.oid = s.dbid WHERE s.refclassid = 'pg_authid'::regclass`,
}

// databaseQueries describe one database: its schemas, extensions, relations and the grants on them and
// on functions, and default privileges.
var databaseQueries = []string{
	`SELECT 'schema '||nspname||' owner='||pg_get_userbyid(nspowner)||' acl='||COALESCE(nspacl, acldefault('n', nspowner))::text
	   FROM pg_namespace`,
	`SELECT 'extension '||e.extname||' '||e.extversion||' in '||n.nspname||' owner='||pg_get_userbyid(e.extowner)
	   FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace`,
	`SELECT 'relation '||n.nspname||'.'||c.relname||' '||c.relkind::text||' acl='||COALESCE(c.relacl, acldefault(CASE c.relkind WHEN 'S' THEN 's' ELSE 'r' END::"char", c.relowner))::text
	   FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')`,
	`SELECT 'function '||p.oid::regprocedure::text||' acl='||COALESCE(p.proacl, acldefault('f', p.proowner))::text
	   FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
	  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')`,
	`SELECT 'default-acl '||pg_get_userbyid(defaclrole)||' '||defaclobjtype::text||' '||defaclacl::text FROM pg_default_acl`,
}

// Snapshot describes everything a provider can create or change on the server, as sorted lines of text:
// compare a snapshot taken before a test with one taken after it to prove that the test left the server
// as it found it. Passwords are not part of it.
func (s *Server) Snapshot(ctx context.Context) (string, error) {
	var lines []string
	collect := func(conn *pgx.Conn, prefix string, queries []string) error {
		for _, q := range queries {
			rows, err := conn.Query(ctx, q)
			if err != nil {
				return fmt.Errorf("pgtest: snapshot: %w", err)
			}
			got, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				return fmt.Errorf("pgtest: snapshot: %w", err)
			}
			for _, l := range got {
				lines = append(lines, prefix+l)
			}
		}
		return nil
	}
	conn, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return "", err
	}
	err = collect(conn, "", clusterQueries)
	conn.Close(ctx)
	if err != nil {
		return "", err
	}
	dbs, err := s.Databases(ctx)
	if err != nil {
		return "", err
	}
	for _, db := range dbs {
		conn, err := pgx.Connect(ctx, s.DSN(db))
		if err != nil {
			return "", err
		}
		err = collect(conn, "in "+db+": ", databaseQueries)
		conn.Close(ctx)
		if err != nil {
			return "", err
		}
	}
	slices.Sort(lines) // bytewise, whatever the server's collation
	return strings.Join(lines, "\n") + "\n", nil
}

// SessionsLeft is Sessions once the sessions being closed have ended: the server lists a session until
// its backend process has exited, a moment after its client closed the connection, so SessionsLeft asks
// again, for up to five seconds, while any is listed. A session left open stays, and is counted.
func (s *Server) SessionsLeft(ctx context.Context, application string) (int, error) {
	return settled(func() (int, error) { return s.Sessions(ctx, application) })
}

// SessionsLeftIn is SessionsLeft for the client sessions connected to database, whatever their
// application.
func (s *Server) SessionsLeftIn(ctx context.Context, database string) (int, error) {
	return settled(func() (int, error) { return s.countSessions(ctx, "datname", database, "") })
}

// settled calls count until it answers 0, an error, or five seconds have passed, and returns its last
// answer.
func settled(count func() (int, error)) (int, error) {
	deadline := time.Now().Add(5 * time.Second)
	for {
		n, err := count()
		if err != nil || n == 0 || time.Now().After(deadline) {
			return n, err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Sessions counts the client sessions that name themselves application (application_name), other
// than the one asking: a provider that sets it and closes what it opens leaves none behind.
func (s *Server) Sessions(ctx context.Context, application string) (int, error) {
	return s.countSessions(ctx, "application_name", application, "")
}

// Busy counts the client sessions that name themselves application and are not idle (in a
// transaction, or running a statement, such as one waiting on a lock) once those being canceled have
// stopped: a provider whose operation was canceled or timed out leaves none.
func (s *Server) Busy(ctx context.Context, application string) (int, error) {
	return settled(func() (int, error) {
		return s.countSessions(ctx, "application_name", application, "AND state <> 'idle'")
	})
}

// countSessions counts the client sessions of pg_stat_activity whose column (application_name or
// datname) is value, other than the one asking, that also meet the condition and ("" for none, else
// such as "AND state <> 'idle'"). Both column and and are constants of the callers'.
func (s *Server) countSessions(ctx context.Context, column, value, and string) (int, error) {
	conn, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return 0, err
	}
	defer conn.Close(ctx)
	var n int
	err = conn.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
		WHERE backend_type = 'client backend' AND `+column+` = $1 AND pid <> pg_backend_pid() `+and, value).Scan(&n)
	return n, err
}

// Diff shows the lines of two snapshots that only one has: - for before's, + for after's; "" when
// they are the same.
func Diff(before, after string) string {
	b, a := strings.Split(before, "\n"), strings.Split(after, "\n")
	var out []string
	for _, l := range b {
		if !slices.Contains(a, l) {
			out = append(out, "- "+l)
		}
	}
	for _, l := range a {
		if !slices.Contains(b, l) {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}
