package storage

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// DefaultPath is the database file used when the configuration names none.
const DefaultPath = "carcassonne.db"

// The connection settings, in the DSN so that every pooled connection gets
// them (a db.Exec("PRAGMA …") reaches only one). Writes go through one
// connection that begins its transactions with BEGIN IMMEDIATE, so that a
// transaction takes the write lock before it reads what it is about to
// change; reads go through a pool of query-only connections, which WAL lets
// run alongside the writer.
const (
	writeParams = "_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	readParams  = "_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=query_only(1)"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store keeps games in a SQLite database. Its methods are safe for
// concurrent use; each one is a single transaction.
type Store struct {
	write   *sql.DB // one connection: every write, in order
	read    *sql.DB // query-only connections for loads and finders
	writeSt *stmts  // the hot path's statements, prepared on write
	readSt  *stmts  // and on read
	cache   *stateCache
	stats   statsCache // the servers' ratings (stats.go)
	now     func() time.Time
}

// Close closes the prepared statements and the database. Methods called
// after Close return errors.
func (s *Store) Close() error {
	return errors.Join(s.readSt.close(), s.writeSt.close(), s.read.Close(), s.write.Close())
}

// stmts are the statements of the hot path (append a move, load a game),
// prepared once on one *sql.DB when the Store opens; a transaction uses
// them through tx.StmtContext, which prepares each on a connection once.
type stmts struct {
	game    *sql.Stmt // the game row, gameColumns, by id
	seats   *sql.Stmt // the seats of a game, by index
	moves   *sql.Stmt // the move rows of a game from a number on
	request *sql.Stmt // a move by request id (write only)
	insert  *sql.Stmt // a new move row (write only)
	advance *sql.Stmt // a game's deadline and update time (write only)

	// The queries of the bot's ticker.
	due, reminders, unannounced *sql.Stmt
}

// prepareStmts prepares the hot path's statements on db; the write ones
// too when write is set.
func prepareStmts(ctx context.Context, db *sql.DB, write bool) (*stmts, error) {
	st := &stmts{}
	list := []struct {
		to    **sql.Stmt
		query string
	}{
		{&st.game, `SELECT ` + gameColumns + ` FROM games WHERE id = ?`},
		{&st.seats, seatsQuery},
		{&st.moves, movesQuery},
		{&st.due, dueQuery},
		{&st.reminders, remindersQuery},
		{&st.unannounced, unannouncedQuery},
	}
	if write {
		list = append(list, []struct {
			to    **sql.Stmt
			query string
		}{
			{&st.request, requestQuery},
			{&st.insert, insertMoveQuery},
			{&st.advance, `UPDATE games SET deadline = ?, updated_at = ? WHERE id = ?`},
		}...)
	}
	for _, q := range list {
		stmt, err := db.PrepareContext(ctx, q.query)
		if err != nil {
			st.close()
			return nil, fmt.Errorf("prepare %q: %w", strings.Join(strings.Fields(q.query), " "), err)
		}
		*q.to = stmt
	}
	return st, nil
}

// close closes the statements prepared.
func (st *stmts) close() error {
	if st == nil {
		return nil
	}
	var errs []error
	for _, stmt := range []*sql.Stmt{st.game, st.seats, st.moves, st.request, st.insert, st.advance, st.due, st.reminders, st.unannounced} {
		if stmt != nil {
			errs = append(errs, stmt.Close())
		}
	}
	return errors.Join(errs...)
}

// txn is a transaction of the Store, with the prepared statements of the
// database it runs on.
type txn struct {
	*sql.Tx
	st *stmts
}

// stmt returns prepared statement p for use in the transaction.
func (tx *txn) stmt(ctx context.Context, p *sql.Stmt) *sql.Stmt {
	return tx.StmtContext(ctx, p)
}

// dsn returns the modernc.org/sqlite data source name of the file at path
// with the query parameters params, as a "file:" URI so that the characters
// a URI gives a meaning to may appear in the path.
func dsn(path, params string) string {
	path = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	return "file:" + path + "?" + params
}

// migrate applies the embedded migrations to db, up to version to (every
// one when 0). goose records the applied versions in the table
// goose_db_version and runs each migration in a transaction of its own.
func migrate(ctx context.Context, db *sql.DB, to int64) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, fsys,
		goose.WithLogger(goose.NopLogger()),
		goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	current, latest, err := p.GetVersions(ctx)
	if err != nil {
		return fmt.Errorf("schema version: %w", err)
	}
	if current > latest {
		return fmt.Errorf("the database has schema version %d, newer than this program's %d", current, latest)
	}
	if to == 0 {
		_, err = p.Up(ctx)
	} else {
		_, err = p.UpTo(ctx, to)
	}
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	return nil
}

// writeTx runs fn in a write transaction (BEGIN IMMEDIATE on the one writer
// connection) and commits it when fn returns nil or a *commitThen, whose
// error it then returns; it rolls back on any other error.
func (s *Store) writeTx(ctx context.Context, fn func(tx *txn) error) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	err = fn(&txn{Tx: tx, st: s.writeSt})
	var then *commitThen
	if err != nil && !errors.As(err, &then) {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("storage: commit: %w", err)
	}
	if then != nil {
		return then.err
	}
	return nil
}

// commitThen is returned by a write transaction's function to commit what
// it wrote and then return err.
type commitThen struct{ err error }

func (c *commitThen) Error() string { return c.err.Error() }

// readTx runs fn in a read transaction, which sees one snapshot of the
// database.
func (s *Store) readTx(ctx context.Context, fn func(tx *txn) error) error {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	defer tx.Rollback()
	return fn(&txn{Tx: tx, st: s.readSt})
}

// nowMillis returns the current time in Unix milliseconds.
func (s *Store) nowMillis() int64 { return s.now().UnixMilli() }

// fromMillis returns the UTC time of a Unix millisecond column, the zero
// time for NULL.
func fromMillis(ms sql.NullInt64) time.Time {
	if !ms.Valid {
		return time.Time{}
	}
	return time.UnixMilli(ms.Int64).UTC()
}

// toMillis returns t as a Unix millisecond column, NULL for the zero time.
func toMillis(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
}
