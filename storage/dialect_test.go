package storage

import (
	"context"
	"errors"
	"net"
	"net/url"
	"strings"
	"testing"
)

func TestRebind(t *testing.T) {
	t.Parallel()
	tests := []struct{ query, want string }{
		{`SELECT 1`, `SELECT 1`},
		{`SELECT a FROM t WHERE b = ? AND c IN (?, ?)`, `SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)`},
		{`SELECT '?' || ?, "a?b" FROM t WHERE x = ?`, `SELECT '?' || $1, "a?b" FROM t WHERE x = $2`},
		{`SELECT 'it''s ?', ?`, `SELECT 'it''s ?', $1`},
		{"SELECT ? -- why?\n, ?", "SELECT $1 -- why?\n, $2"},
		{`SELECT /* ? */ ?`, `SELECT /* ? */ $1`},
		{`SELECT $$ ? $$, ?`, `SELECT $$ ? $$, $1`},
		{`SELECT 'open ?`, `SELECT 'open ?`},
		{"SELECT ? -- to the end?", "SELECT $1 -- to the end?"},
	}
	for _, tt := range tests {
		if got := postgresDB.rebind(tt.query); got != tt.want {
			t.Errorf("rebind(%q): got %q, want %q", tt.query, got, tt.want)
		}
		if got := sqliteDB.rebind(tt.query); got != tt.query {
			t.Errorf("SQLite rebind(%q): got %q, want it unchanged", tt.query, got)
		}
	}
	var twelve strings.Builder
	for i := range 12 {
		if i > 0 {
			twelve.WriteString(", ")
		}
		twelve.WriteString("?")
	}
	if got := postgresDB.rebind(twelve.String()); !strings.HasSuffix(got, "$11, $12") {
		t.Errorf("12 placeholders: got %q", got)
	}
}

func TestIsPostgresURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dsn  string
		want bool
	}{
		{"postgres://u:p@localhost:5432/db", true},
		{"postgresql://localhost/db?sslmode=disable", true},
		{"POSTGRES://host/db", true},
		{"carcassonne.db", false},
		{"/var/lib/carcassonne/postgres.db", false},
		{"postgres.db", false},
		{"", false},
		{"file:x.db", false},
		{"mysql://host/db", false},
	}
	for _, tt := range tests {
		if got := IsPostgresURL(tt.dsn); got != tt.want {
			t.Errorf("IsPostgresURL(%q) = %v, want %v", tt.dsn, got, tt.want)
		}
	}
}

func TestRedactURL(t *testing.T) {
	t.Parallel()
	tests := []struct{ dsn, want string }{
		{"postgres://ann:s3cret@db:5432/games?sslmode=disable", "postgres://ann:xxxxx@db:5432/games?sslmode=disable"},
		{"postgres://db/games?password=s3cret&sslmode=disable", "postgres://db/games?password=xxxxx&sslmode=disable"},
		{"postgres://ann@db/games", "postgres://ann@db/games"},
		{"postgres://ann:s3cret@db:port/games", "postgres://…"},
		{"carcassonne.db", "carcassonne.db"},
	}
	for _, tt := range tests {
		if got := RedactURL(tt.dsn); got != tt.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tt.dsn, got, tt.want)
		}
	}
}

// TestOpenPostgresErrors checks the errors of Open for a PostgreSQL URL
// that does not read, a server that cannot be reached, a password that is
// wrong and another program's database: plain words, and never the
// password.
func TestOpenPostgresErrors(t *testing.T) {
	t.Parallel()
	const password = "Pa55-w0rd_secret"
	ctx := context.Background()
	// A port nothing listens on: one just freed.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	tests := []struct {
		name, dsn string
		want      string
	}{
		{"bad port", "postgres://ann:" + password + "@localhost:port/games", "does not read"},
		{"bad parameter", "postgres://ann:" + password + "@localhost/games?sslmode=sometimes", "does not read"},
		{"unreachable", "postgres://ann:" + password + "@" + closed + "/games?sslmode=disable&connect_timeout=5", "cannot connect to the PostgreSQL server of postgres://ann:xxxxx@" + closed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Open(ctx, tt.dsn)
			if err == nil {
				s.Close()
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), password) {
				t.Errorf("got %q, want it to say %q without the password", err, tt.want)
			}
			t.Log(err)
		})
	}

	db := testDBs[1]
	t.Run("wrong password", func(t *testing.T) {
		db.need(t)
		// A role that logs in with a password, on a server that may trust
		// every local user: the error must not show the password anyway.
		u, err := url.Parse(db.newDSN(t))
		if err != nil {
			t.Fatal(err)
		}
		u.User = url.UserPassword("nobody_here", password)
		s, err := Open(ctx, u.String())
		if err == nil {
			s.Close()
			t.Fatal("no error for a role that does not exist")
		}
		if !strings.Contains(err.Error(), "cannot connect to the PostgreSQL server") || strings.Contains(err.Error(), password) {
			t.Errorf("got %q", err)
		}
	})
	t.Run("another program's database", func(t *testing.T) {
		db.need(t)
		dsn := db.newDSN(t)
		if _, err := rawDB(t, dsn).Exec(`CREATE TABLE invoices (id bigint)`); err != nil {
			t.Fatal(err)
		}
		s, err := Open(ctx, dsn)
		if err == nil {
			s.Close()
			t.Fatal("no error")
		}
		if !errors.Is(err, ErrNotCarcassonne) || !strings.Contains(err.Error(), "invoices") {
			t.Errorf("got %v, want ErrNotCarcassonne naming the table", err)
		}
		var n int
		if err := rawDB(t, dsn).QueryRow(`SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()`).Scan(&n); err != nil || n != 1 {
			t.Errorf("%d tables after the refusal (%v), want the 1 there was", n, err)
		}
	})
}

// TestPostgresIsolation checks the settings of the PostgreSQL
// transactions: writes serializable, reads a snapshot that cannot write.
func TestPostgresIsolation(t *testing.T) {
	t.Parallel()
	db := testDBs[1]
	db.need(t)
	ctx := context.Background()
	s, _ := db.open(t)
	var level string
	if err := s.writeTx(ctx, func(tx *txn) error {
		return tx.QueryRowContext(ctx, `SHOW transaction_isolation`).Scan(&level)
	}); err != nil || level != "serializable" {
		t.Errorf("write transactions: %q, %v; want serializable", level, err)
	}
	if err := s.readTx(ctx, func(tx *txn) error {
		return tx.QueryRowContext(ctx, `SHOW transaction_isolation`).Scan(&level)
	}); err != nil || level != "repeatable read" {
		t.Errorf("read transactions: %q, %v; want repeatable read", level, err)
	}
	err := s.readTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM games WHERE id = ?`, 1)
		return err
	})
	if err == nil {
		t.Error("a read transaction can write")
	}
}
