package storage

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// The sizes of a PostgreSQL Store's pools of connections: the one for the
// methods, and the one for the locks of LockGame (one connection per lock
// held, opened as needed; pgIdleLocks of them are kept open between
// turns).
const (
	pgMaxConns  = 10
	pgIdleLocks = 4
)

// pgSetUpLock is the key of the advisory lock (in its two-key form, which
// LockGame's one-key locks cannot collide with) that a process holds while
// it checks and migrates a PostgreSQL database, so that processes starting
// at once set it up one after the other.
const pgSetUpLock = 0x63617263 // "carc"

// pgCreateLock is the second key, with pgSetUpLock first, of the advisory
// lock that CreateGame holds on PostgreSQL, so that games are created one
// at a time.
const pgCreateLock = 1

// openPostgres opens the PostgreSQL database at the URL dsn (see
// OpenPostgres).
func openPostgres(ctx context.Context, dsn string, opts Options) (*Store, error) {
	shown := RedactURL(dsn)
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("storage: the PostgreSQL URL %s does not read: %s", shown, redactError(dsn, err))
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(pgMaxConns)
	db.SetMaxIdleConns(pgMaxConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	fail := func(format string, err error) (*Store, error) {
		db.Close()
		return nil, fmt.Errorf("storage: "+format, shown, redactError(dsn, err))
	}
	if err := db.PingContext(ctx); err != nil {
		return fail("cannot connect to the PostgreSQL server of %s: %s", err)
	}
	if err := setUpPostgres(ctx, db); err != nil {
		db.Close()
		// The server's errors do not hold the password: kept as they
		// are, ErrNotCarcassonne tests with errors.Is.
		return nil, fmt.Errorf("storage: %s: %w", shown, err)
	}
	locks := stdlib.OpenDB(*cfg)
	locks.SetMaxIdleConns(pgIdleLocks)
	locks.SetConnMaxIdleTime(5 * time.Minute)
	s := &Store{dialect: postgresDB, write: db, read: db, locks: locks, now: opts.clock()}
	if s.writeSt, err = prepareStmts(ctx, db, postgresDB, true); err != nil {
		s.Close()
		return nil, fmt.Errorf("storage: open %s: %s", shown, redactError(dsn, err))
	}
	s.readSt = s.writeSt
	s.setCache(opts)
	if err := s.backfillResults(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("storage: open %s: %w", shown, err)
	}
	return s, nil
}

// setUpPostgres checks the PostgreSQL database of db and brings its schema
// up to date, holding the set-up lock.
func setUpPostgres(ctx context.Context, db *sql.DB) (err error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1, 0)`, pgSetUpLock); err != nil {
		discard(conn)
		return fmt.Errorf("waiting for another program to finish setting up the database: %w", err)
	}
	defer func() {
		if _, uerr := conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1, 0)`, pgSetUpLock); uerr != nil {
			discard(conn) // closing the connection releases the lock
		}
	}()
	var tables []string
	rows, err := conn.QueryContext(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = current_schema() ORDER BY table_name`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return err
		}
		tables = append(tables, name)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if err := checkTables(ctx, db, postgresDB, "it", "PostgreSQL database", "database", tables); err != nil {
		return err
	}
	return migrate(ctx, db, postgresDB, 0)
}

// discard closes the connection of conn instead of giving it back to the
// pool, so that the server ends its session and releases its locks.
func discard(conn *sql.Conn) {
	conn.Raw(func(any) error { return driver.ErrBadConn })
}

// RedactURL returns the database URL or path dsn as it may be shown to
// people: a PostgreSQL URL without its password (written xxxxx) nor a
// password query parameter; a URL that does not parse as just its scheme;
// a SQLite path as it is.
func RedactURL(dsn string) string {
	if !IsPostgresURL(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		scheme, _, _ := strings.Cut(dsn, "://")
		return scheme + "://…"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// redactError returns the text of err with the password of the URL dsn
// (as written, and decoded) replaced by xxxxx.
func redactError(dsn string, err error) string {
	text := err.Error()
	for _, pw := range urlPasswords(dsn) {
		if pw != "" {
			text = strings.ReplaceAll(text, pw, "xxxxx")
		}
	}
	return text
}

// urlPasswords returns the password of URL dsn as written and decoded,
// found without parsing the URL (which may not parse): between the first
// colon of the user information and its last @; and the value of a
// password query parameter.
func urlPasswords(dsn string) []string {
	var out []string
	_, rest, _ := strings.Cut(dsn, "://")
	authority := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		if _, pw, ok := strings.Cut(authority[:at], ":"); ok {
			out = append(out, pw)
		}
	}
	if _, query, ok := strings.Cut(rest, "?"); ok {
		for _, kv := range strings.Split(query, "&") {
			if v, ok := strings.CutPrefix(kv, "password="); ok {
				out = append(out, v)
			}
		}
	}
	for _, pw := range out {
		if dec, err := url.QueryUnescape(pw); err == nil && dec != pw {
			out = append(out, dec)
		}
	}
	return out
}
