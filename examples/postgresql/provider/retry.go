package postgresql

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgerrcode"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// A session of the provider's can end under it: the server restarts or another backend crashes
// (SQLSTATE 57P01, 57P02), a DBA ends it (pg_terminate_backend), an idle timeout does (57P05), or the
// network drops it. The pool finds out when it next uses the connection, in the next operation, which
// is then tried again where nothing of it was done, and otherwise fails saying what it may have done:
//
//   - a transaction whose connection was lost before its COMMIT did nothing (the server rolls back
//     what an ended session had not committed): it is run again, on a new connection;
//   - a connection that could not be made did nothing (57P03: the server is starting up or shutting
//     down; or it is not listening yet);
//   - a statement outside a transaction (CREATE DATABASE) that the server refused with the code of an
//     ended session did nothing, nor did one that pgx could not send;
//   - a connection lost during a COMMIT, or during a statement outside a transaction for another
//     reason, may have done it: the error says so, and that a refresh reads what the server has.
//
// The pool does not ping a connection before lending it (pgxpool's default after a second idle):
// using it finds a dead one as well, and the first loss resets the pool, whose other idle
// connections are as dead after a restart.

// attempts is how many times an operation is tried in all, waiting 50 ms before the second and twice
// as long before each next one: 3.15 s for the seven, which a restarting server needs at most to
// take connections again, when it has nothing to recover.
const attempts = 7

// endedSession are the SQLSTATEs of a session that the server ended, or would not start.
var endedSession = []string{pgerrcode.AdminShutdown, pgerrcode.CrashShutdown, pgerrcode.CannotConnectNow, pgerrcode.IdleSessionTimeout}

// lostError is the error of an operation whose connection was lost, and which could not be tried
// again: it names the operation and the server, and says whether anything was done.
type lostError struct {
	what, server string
	// cause is the last attempt's error; tries how many were made.
	cause     error
	tries     int
	maybeDone bool
}

func (e *lostError) Error() string {
	if e.maybeDone {
		return fmt.Sprintf("%s: lost the connection to %s while committing (%s): the change may have been made; a refresh reads what the server has",
			e.what, e.server, serverError(e.cause))
	}
	return fmt.Sprintf("%s: %s ended the session or refused a new one %d times in a row (last: %s); nothing was changed: try again once the server takes connections",
		e.what, e.server, e.tries, serverError(e.cause))
}

// retry runs op until it succeeds, fails having done something or for another reason than a lost
// connection (again is false), or fails attempts times. what names the operation for the error.
func (s *Server) retry(ctx context.Context, what string, op func() (again bool, err error)) error {
	wait := 50 * time.Millisecond
	for try := 1; ; try++ {
		again, err := op()
		var lost *lostError
		switch {
		case err == nil || ctx.Err() != nil:
			return err
		case errors.As(err, &lost):
			lost.what, lost.server, lost.tries = what, s.addr, try
			return lost
		case !again:
			return err
		case try == attempts:
			return &lostError{what: what, server: s.addr, cause: err, tries: try}
		}
		s.pool.Reset()
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return err
		}
		wait *= 2
	}
}

// inTx runs fn in a transaction on conn. again says that the connection was lost before COMMIT, so
// that nothing was done; a connection lost during COMMIT is a lostError that may have done it.
func inTx(ctx context.Context, conn *pgx.Conn, fn func(pgx.Tx) error) (again bool, err error) {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return conn.IsClosed(), err
	}
	if err := fn(tx); err != nil {
		// The rollback runs also when ctx is done (a timeout ended fn's statement): with ctx, pgx would
		// skip it and close the connection instead, leaving the server to notice.
		rollback, cancel := context.WithTimeout(context.WithoutCancel(ctx), cancelGrace)
		defer cancel()
		_ = tx.Rollback(rollback) // an error closes the connection, which ends the transaction too
		return conn.IsClosed(), err
	}
	if err := tx.Commit(ctx); err != nil {
		if conn.IsClosed() {
			return false, &lostError{cause: err, maybeDone: true}
		}
		return false, err
	}
	return false, nil
}

// connectAgain says whether a connection that could not be made may be tried again: the server
// could not be reached, or would not start a session yet; not when it refused the login or the
// database.
func connectAgain(err error) bool {
	return code(err) == "" || slices.Contains(endedSession, code(err))
}

// sentNothing says whether a statement outside a transaction that failed on conn did nothing: the
// server refused it with the code of an ended session, or pgx could not send it.
func sentNothing(conn *pgx.Conn, err error) bool {
	return conn.IsClosed() && (slices.Contains(endedSession, code(err)) || pgconn.SafeToRetry(err))
}
