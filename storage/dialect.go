package storage

import (
	"embed"
	"errors"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// dialect is the kind of database a Store keeps its games in: what differs
// between them in SQL (placeholders, migrations, isolation) hangs on it,
// and everything else is shared.
type dialect int

const (
	sqliteDB   dialect = iota // SQLite through modernc.org/sqlite
	postgresDB                // PostgreSQL through github.com/jackc/pgx/v5
)

func (d dialect) String() string {
	if d == postgresDB {
		return "PostgreSQL"
	}
	return "SQLite"
}

// migrations returns the file system holding the dialect's migrations and
// the folder they are in.
func (d dialect) migrations() (embed.FS, string) {
	if d == postgresDB {
		return pgMigrations, "migrations_postgres"
	}
	return migrations, "migrations"
}

// rebind returns query, written with ? placeholders, in the dialect: the
// same for SQLite; for PostgreSQL each ? becomes $1, $2, … in order. A ?
// inside a string literal ('…'), a quoted name ("…"), a dollar-quoted
// string ($$…$$) or a comment (-- … or /* … */) is left alone.
func (d dialect) rebind(query string) string {
	if d != postgresDB || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		case c == '\'' || c == '"':
			end := strings.IndexByte(query[i+1:], c)
			if end < 0 {
				b.WriteString(query[i:])
				return b.String()
			}
			// A doubled quote inside is two literals in a row: the
			// same result.
			b.WriteString(query[i : i+end+2])
			i += end + 1
			continue
		case c == '-' && strings.HasPrefix(query[i:], "--"):
			end := strings.IndexByte(query[i:], '\n')
			if end < 0 {
				b.WriteString(query[i:])
				return b.String()
			}
			b.WriteString(query[i : i+end])
			i += end - 1
			continue
		case c == '/' && strings.HasPrefix(query[i:], "/*"):
			end := strings.Index(query[i+2:], "*/")
			if end < 0 {
				b.WriteString(query[i:])
				return b.String()
			}
			b.WriteString(query[i : i+end+4])
			i += end + 3
			continue
		case c == '$' && strings.HasPrefix(query[i:], "$$"):
			end := strings.Index(query[i+2:], "$$")
			if end < 0 {
				b.WriteString(query[i:])
				return b.String()
			}
			b.WriteString(query[i : i+end+4])
			i += end + 3
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// IsPostgresURL reports whether dsn names a PostgreSQL database, a URL
// starting postgres:// or postgresql:// (any case); anything else is the
// path of a SQLite file.
func IsPostgresURL(dsn string) bool {
	scheme, _, ok := strings.Cut(dsn, "://")
	if !ok {
		return false
	}
	scheme = strings.ToLower(scheme)
	return scheme == "postgres" || scheme == "postgresql"
}

// The SQLSTATE codes of PostgreSQL that mean another transaction got in
// the way, so that the same transaction may succeed when run again.
const (
	pgSerializationFailure = "40001"
	pgDeadlockDetected     = "40P01"
	pgUniqueViolation      = "23505"
	pgLockNotAvailable     = "55P03"
)

// pgCode returns the SQLSTATE code of a PostgreSQL error, "" for other
// errors.
func pgCode(err error) string {
	var e *pgconn.PgError
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// retryable reports whether writeTx runs a write transaction that failed
// with err again: PostgreSQL found it in conflict with another one
// (serialization failure, deadlock), or a key it was about to insert was
// inserted meanwhile by another, which the next run sees.
func retryable(err error) bool {
	switch pgCode(err) {
	case pgSerializationFailure, pgDeadlockDetected, pgUniqueViolation:
		return true
	}
	return false
}
