package postgresql

import (
	"errors"
	"fmt"
	"net"

	"github.com/jackc/pgerrcode"
	"github.com/jackc/pgx/v5/pgconn"
)

// code is the SQLSTATE of a PostgreSQL error in err's chain, or "".
func code(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code
	}
	return ""
}

// serverError is err as the server said it (with its detail and hint, which say what depends on a
// role, or what to do), for the end of a message that starts with what the provider was doing.
func serverError(err error) string {
	var lost *lostError
	if errors.As(err, &lost) {
		return lost.Error()
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return err.Error()
	}
	s := pgErr.Message
	if pgErr.Detail != "" {
		s += " (" + pgErr.Detail + ")"
	}
	if pgErr.Hint != "" {
		s += "; " + pgErr.Hint
	}
	return s + " [SQLSTATE " + pgErr.Code + "]"
}

// failed is the error of an operation that the server refused, naming what was being done; a lost
// connection's names it already.
func failed(err error, format string, args ...any) error {
	if lost := (*lostError)(nil); errors.As(err, &lost) {
		return lost
	}
	return fmt.Errorf("%s: %s", fmt.Sprintf(format, args...), serverError(err))
}

// serverAddr says which server cfg is, for messages: PostgreSQL at host:port.
func serverAddr(cfg *Config) string {
	return fmt.Sprintf("PostgreSQL at %s:%d", cfg.Host, int(cfg.Port))
}

// connectError explains why the provider could not log in, with the configuration keys to check, and
// never the password.
func connectError(cfg *Config, err error) error {
	at := serverAddr(cfg)
	switch code(err) {
	case pgerrcode.InvalidPassword, pgerrcode.InvalidAuthorizationSpecification:
		return fmt.Errorf("%s refused to log in user %q: the password is wrong, or there is no such role, or it may not log in (%s); "+
			"check postgresql:username and postgresql:password (or $PGUSER and $PGPASSWORD)", at, cfg.Username, serverError(err))
	case pgerrcode.InvalidCatalogName:
		return fmt.Errorf("%s has no database %q to connect to: set postgresql:database (or $PGDATABASE) to one it has, such as postgres", at, cfg.Database)
	case "":
		var netErr net.Error
		if errors.As(err, &netErr) || errors.As(err, new(*pgconn.ConnectError)) {
			return fmt.Errorf("cannot reach %s: %v; check postgresql:host, postgresql:port and postgresql:sslmode (or $PGHOST, $PGPORT and $PGSSLMODE)", at, err)
		}
	}
	return fmt.Errorf("connecting to %s as %q: %s", at, cfg.Username, serverError(err))
}
