package postgresql

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgerrcode"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/cidlc/cidlc/provider"
)

// ApplicationName is the application_name of every connection the provider opens: what
// pg_stat_activity shows, so that a DBA (and the tests' leak check) can tell its sessions apart.
const ApplicationName = "pulumi-resource-postgresql"

// A provider instance has at most MaxSessions sessions on the server at once: a pool of poolSize into
// its own database, and perDatabase connections into others (for schemas, grants and extensions). An
// engine running many steps in parallel waits for a free one, rather than exhausting the server's
// max_connections.
const (
	poolSize    = 4
	perDatabase = 8
	MaxSessions = poolSize + perDatabase
)

// Server is one provider instance's way to its PostgreSQL server: a pool of connections to the
// configured database, for work on the whole server (roles, databases, database grants), and
// connections of their own into other databases, opened for one operation and closed after it. A
// pool into every database would keep sessions there, and a database with sessions cannot be dropped.
type Server struct {
	pool *pgxpool.Pool
	// conn is how to connect, for connections into other databases.
	conn *pgx.ConnConfig
	// user is the role the provider is logged in as, superuser whether it is one.
	user      string
	superuser bool
	// version is the server's version (server_version_num: 150004 for 15.4); addr says which server
	// it is in messages (PostgreSQL at host:port).
	version int
	addr    string
	slots   chan struct{}
}

// Configure connects to the server with one provider instance's configuration and serves the
// resources there. It logs in at once, so that a wrong password or an unreachable server fails the
// instance before any resource is touched.
func Configure(ctx context.Context, cfg *Config) (*provider.Configured, error) {
	s, err := Connect(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return &provider.Configured{Resources: s.Resources(), Functions: s.Functions(), Close: s.Close}, nil
}

// Resources are the providers of the resource types, served on s.
func (s *Server) Resources() []provider.ResourceProvider {
	return []provider.ResourceProvider{
		NewRoleProvider(roleOps{s}),
		NewDatabaseProvider(databaseOps{s}),
		NewSchemaProvider(schemaOps{s}),
		NewGrantProvider(grantOps{s}),
		NewExtensionProvider(extensionOps{s}),
		NewMembershipProvider(membershipOps{s}),
		NewRoleSettingsProvider(roleSettingsOps{s}),
		NewDefaultPrivilegesProvider(defaultPrivilegesOps{s}),
	}
}

// Connect opens the pool and logs in.
func Connect(ctx context.Context, cfg *Config) (*Server, error) {
	conn, err := connConfig(cfg)
	if err != nil {
		return nil, err
	}
	poolConfig, err := pgxpool.ParseConfig("")
	if err != nil {
		return nil, err
	}
	poolConfig.ConnConfig = conn.Copy()
	poolConfig.MaxConns = poolSize
	poolConfig.ShouldPing = func(context.Context, pgxpool.ShouldPingParams) bool { return false } // see retry.go
	// The pool is made without ctx, which ends when Configure returns: it lives as long as the plugin.
	pool, err := pgxpool.NewWithConfig(context.Background(), poolConfig)
	if err != nil {
		return nil, err
	}
	s := &Server{pool: pool, conn: conn, addr: serverAddr(cfg), slots: make(chan struct{}, perDatabase)}
	err = pool.QueryRow(ctx, `SELECT current_user, rolsuper, current_setting('server_version_num')::int
		FROM pg_roles WHERE rolname = current_user`).Scan(&s.user, &s.superuser, &s.version)
	if err != nil {
		pool.Close()
		return nil, connectError(cfg, err)
	}
	if s.version < 130000 {
		pool.Close()
		return nil, fmt.Errorf("%s is version %s; the provider needs 13 or newer", s.addr, s.versionName())
	}
	return s, nil
}

// Close closes the pool; the connections into other databases are closed already.
func (s *Server) Close() error {
	s.pool.Close()
	return nil
}

// connConfig is how to connect as cfg says. Every setting the configuration has is given explicitly, so
// that only the configuration's own env= fallbacks read the PG… variables; the password is set on the
// parsed configuration, so that the secret never goes through a connection string. libpq's other
// variables (PGSSLROOTCERT, PGPASSFILE …) apply as they do for psql.
func connConfig(cfg *Config) (*pgx.ConnConfig, error) {
	settings := []string{
		"host=" + quoteSetting(cfg.Host),
		fmt.Sprintf("port=%d", int(cfg.Port)),
		"user=" + quoteSetting(cfg.Username),
		"dbname=" + quoteSetting(cfg.Database),
		"sslmode=" + quoteSetting(string(cfg.SSLMode)),
		fmt.Sprintf("connect_timeout=%d", int(cfg.ConnectTimeout)),
		"application_name=" + ApplicationName,
	}
	conn, err := pgx.ParseConfig(strings.Join(settings, " "))
	if err != nil {
		return nil, fmt.Errorf("the provider's configuration does not make a connection: %w", err)
	}
	// An operation that ends (its timeout passed, or the engine canceled it) asks the server to cancel
	// its statement, as psql's Ctrl-C does, and then rolls its transaction back (inTx). pgx's default
	// closes the connection instead, and a server is not bound to notice a closed connection while a
	// statement runs (PostgreSQL's client_connection_check_interval is off by default, and a pooler in
	// between hides it): the statement would run on, in its transaction, holding its locks.
	conn.BuildContextWatcherHandler = func(c *pgconn.PgConn) ctxwatch.Handler {
		return &pgconn.CancelRequestContextWatcherHandler{Conn: c, DeadlineDelay: cancelGrace}
	}
	if cfg.Password != nil {
		conn.Password = *cfg.Password
	}
	return conn, nil
}

// quoteSetting quotes a value of a keyword/value connection string as libpq reads it.
func quoteSetting(v string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(v) + "'"
}

// cancelGrace is how long a canceled statement has to end on the server before its connection is
// closed, and how long a rollback may take once the operation's context is done.
const cancelGrace = 5 * time.Second

// versionName is the server's version as PostgreSQL names it: 15.4.
func (s *Server) versionName() string {
	return fmt.Sprintf("%d.%d", s.version/10000, s.version%10000)
}

// tx runs fn in a transaction on the pool, again when the connection was lost before COMMIT (see
// retry.go); what names the operation, for the error of one that could not be.
func (s *Server) tx(ctx context.Context, what string, fn func(pgx.Tx) error) error {
	return s.retry(ctx, what, func() (bool, error) {
		conn, err := s.pool.Acquire(ctx)
		if err != nil {
			return connectAgain(err), err
		}
		defer conn.Release()
		return inTx(ctx, conn.Conn(), fn)
	})
}

// exec runs one statement on the pool outside a transaction (CREATE DATABASE cannot run in one), as
// simple does, again when the server ended the session before it (see retry.go).
func (s *Server) exec(ctx context.Context, what, sql string, args ...any) error {
	return s.retry(ctx, what, func() (bool, error) {
		conn, err := s.pool.Acquire(ctx)
		if err != nil {
			return connectAgain(err), err
		}
		defer conn.Release()
		err = simple(ctx, conn, sql, args...)
		return err != nil && sentNothing(conn.Conn(), err), err
	})
}

// errNoDatabase is what inDatabase returns when the database does not exist.
var errNoDatabase = errors.New("no such database")

// inDatabase runs fn in a transaction in database db: on the pool when it is the provider's own
// database, otherwise on a connection opened for it and closed afterwards; again as tx does. A
// database that does not exist (or does not take connections) is errNoDatabase.
func (s *Server) inDatabase(ctx context.Context, db, what string, fn func(pgx.Tx) error) error {
	if db == s.conn.Database {
		return s.tx(ctx, what, fn)
	}
	select {
	case s.slots <- struct{}{}:
		defer func() { <-s.slots }()
	case <-ctx.Done():
		return ctx.Err()
	}
	return s.retry(ctx, what, func() (bool, error) {
		cfg := s.conn.Copy()
		cfg.Database = db
		conn, err := pgx.ConnectConfig(ctx, cfg)
		if err != nil {
			if code(err) == pgerrcode.InvalidCatalogName || code(err) == pgerrcode.ObjectNotInPrerequisiteState {
				return false, errNoDatabase
			}
			return connectAgain(err), err
		}
		defer conn.Close(context.Background())
		return inTx(ctx, conn, fn)
	})
}

// lock serializes, across sessions and provider processes, the changes of one object's privileges or
// owner (key names it: database:app, schema:app/reporting): two sessions that change the same catalog
// row at once fail with "tuple concurrently updated", and an engine running steps in parallel does
// just that with grants on one database. The lock is released when the transaction ends.
func lock(ctx context.Context, tx pgx.Tx, key string) error {
	_, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext($1))", key)
	return err
}

// ident quotes a name as a PostgreSQL identifier.
func ident(name string) string {
	return pgx.Identifier{name}.Sanitize()
}

// execer runs statements: a transaction or the pool.
type execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// simple runs a statement that takes no parameters (CREATE ROLE … PASSWORD, CREATE DATABASE …
// LC_COLLATE) with values: pgx puts each argument in as a quoted literal ($1 …), which it does only
// where standard_conforming_strings is on, so that no value is ever pasted into the SQL as it is.
func simple(ctx context.Context, db execer, sql string, args ...any) error {
	_, err := db.Exec(ctx, sql, append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
	return err
}
