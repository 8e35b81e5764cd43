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
	"github.com/sethvargo/go-retry"
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

// migrations are the SQLite schema's migrations, pgMigrations
// PostgreSQL's: the same versions, reaching the same tables, columns,
// indexes and triggers, each in its dialect. The migrations written in Go
// (goMigrations) come between them by version.
var (
	//go:embed migrations/*.sql
	migrations embed.FS
	//go:embed migrations_postgres/*.sql
	pgMigrations embed.FS
)

// Store keeps games in a SQLite or a PostgreSQL database (see Open). Its
// methods are safe for concurrent use; each one is a single transaction.
type Store struct {
	dialect dialect
	write   *sql.DB // SQLite: one connection, every write in order; PostgreSQL: the pool
	read    *sql.DB // SQLite: query-only connections for loads and finders; PostgreSQL: the pool of write
	writeSt *stmts  // the hot path's statements, prepared on write
	readSt  *stmts  // and on read (the same on PostgreSQL)
	locks   *sql.DB // PostgreSQL: the connections that hold LockGame's locks
	games   gameMutexes
	cache   *stateCache
	stats   statsCache // the servers' ratings (stats.go)
	now     func() time.Time
}

// Close closes the prepared statements and the database. Methods called
// after Close return errors.
func (s *Store) Close() error {
	errs := []error{s.writeSt.close(), s.write.Close()}
	if s.readSt != s.writeSt {
		errs = append(errs, s.readSt.close())
	}
	if s.read != s.write {
		errs = append(errs, s.read.Close())
	}
	if s.locks != nil {
		errs = append(errs, s.locks.Close())
	}
	return errors.Join(errs...)
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
func prepareStmts(ctx context.Context, db *sql.DB, d dialect, write bool) (*stmts, error) {
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
		stmt, err := db.PrepareContext(ctx, d.rebind(q.query))
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
// database it runs on. Its methods are the one way SQL reaches the
// database: they take queries written with ? placeholders, which they
// rebind for the dialect (to $1, $2, … on PostgreSQL).
type txn struct {
	tx *sql.Tx
	d  dialect
	st *stmts
}

// ExecContext runs a statement that returns no rows; query has ?
// placeholders.
func (tx *txn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return tx.tx.ExecContext(ctx, tx.d.rebind(query), args...)
}

// QueryContext runs a query that returns rows; query has ? placeholders.
func (tx *txn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return tx.tx.QueryContext(ctx, tx.d.rebind(query), args...)
}

// QueryRowContext runs a query that returns at most one row; query has ?
// placeholders.
func (tx *txn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return tx.tx.QueryRowContext(ctx, tx.d.rebind(query), args...)
}

// stmt returns prepared statement p for use in the transaction.
func (tx *txn) stmt(ctx context.Context, p *sql.Stmt) *sql.Stmt {
	return tx.tx.StmtContext(ctx, p)
}

// dsn returns the modernc.org/sqlite data source name of the file at path
// with the query parameters params, as a "file:" URI so that the characters
// a URI gives a meaning to may appear in the path.
func dsn(path, params string) string {
	path = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	return "file:" + path + "?" + params
}

// migrate applies the embedded migrations of dialect d to db, the SQL
// files and the Go ones (goMigrations), up to version to (every one when
// 0). goose records the applied versions in the table goose_db_version and
// runs each migration in a transaction of its own. The caller keeps other
// processes from migrating at the same time (Open's lock file on SQLite,
// an advisory lock on PostgreSQL).
func migrate(ctx context.Context, db *sql.DB, d dialect, to int64) error {
	fsys, err := fs.Sub(d.migrations())
	if err != nil {
		return err
	}
	gd := goose.DialectSQLite3
	if d == postgresDB {
		gd = goose.DialectPostgres
	}
	p, err := goose.NewProvider(gd, db, fsys,
		goose.WithLogger(goose.NopLogger()),
		goose.WithDisableGlobalRegistry(true),
		goose.WithGoMigrations(goMigrations(d)...))
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

// goMigrations returns the migrations of dialect d written in Go, new
// ones each time (goose fills in their fields as it runs them): they
// rewrite rows where SQL cannot, and create no table. Their versions are
// the ones missing from the SQL files of both dialects (goose refuses two
// migrations of one version) and run in their place among them.
func goMigrations(d dialect) []*goose.Migration {
	return []*goose.Migration{answerTokensMigration(d)}
}

// writeTx runs fn in a write transaction and commits it when fn returns
// nil or a *commitThen, whose error it then returns; it rolls back on any
// other error. On SQLite the transaction begins with BEGIN IMMEDIATE on
// the one writer connection, so that writes run one at a time. On
// PostgreSQL it is SERIALIZABLE, which gives the same outcome across
// connections and processes: when the server finds that another
// transaction got in the way (a serialization failure, a deadlock, or a
// row another transaction inserted at the same time), writeTx runs fn
// again from the start, so fn must set what it returns anew each time it
// runs. PostgreSQL tracks what transactions read by index page, so that
// transactions of different games collide too, often under load: writeTx
// runs fn again for as long as maxWriteRetryTime (or until ctx is done, and
// then returns the transaction's last error), after a pause drawn at random
// that doubles with each try from 1 ms up to 100 ms, so that the
// transactions that collided do not collide again.
func (s *Store) writeTx(ctx context.Context, fn func(tx *txn) error) error {
	if s.dialect != postgresDB {
		return s.writeTxOnce(ctx, nil, fn)
	}
	opts := &sql.TxOptions{Isolation: sql.LevelSerializable}
	var last error
	backoff := retry.WithMaxDuration(maxWriteRetryTime,
		retry.WithFullJitter(retry.WithCappedDuration(100*time.Millisecond, retry.NewExponential(time.Millisecond))))
	err := retry.Do(ctx, backoff, func(ctx context.Context) error {
		last = s.writeTxOnce(ctx, opts, fn)
		if retryable(last) {
			return retry.RetryableError(last)
		}
		return last
	})
	if err != nil && last != nil && ctx.Err() != nil {
		return last
	}
	return err
}

// maxWriteRetryTime is how long writeTx runs again a transaction that
// PostgreSQL aborts for others' sake before it returns the error.
const maxWriteRetryTime = 30 * time.Second

// writeTxOnce runs fn in one write transaction (see writeTx).
func (s *Store) writeTxOnce(ctx context.Context, opts *sql.TxOptions, fn func(tx *txn) error) error {
	tx, err := s.write.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	err = fn(&txn{tx: tx, d: s.dialect, st: s.writeSt})
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
// database (on PostgreSQL, REPEATABLE READ READ ONLY).
func (s *Store) readTx(ctx context.Context, fn func(tx *txn) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if s.dialect == postgresDB {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.read.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	defer tx.Rollback()
	return fn(&txn{tx: tx, d: s.dialect, st: s.readSt})
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
