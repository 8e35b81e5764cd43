package main

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net"
	"net/url"
	"os"
	"strings"
	"testing"
)

// TestDatabaseURL checks that CARCASSONNE_DB and --db take the URL of a
// PostgreSQL database: a server that cannot be reached is said so in one
// line, which never shows the password; and, with the server of
// CARCASSONNE_TEST_POSTGRES, `games` lists a new database's games and
// `stats` reads its (no) finished games.
func TestDatabaseURL(t *testing.T) {
	t.Parallel()
	const password = "S3cret-pw"
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String() // nothing listens there once closed
	l.Close()
	unreachable := "postgres://ann:" + password + "@" + closed + "/games?sslmode=disable"
	dir := t.TempDir()
	for _, run := range []struct {
		env  []string
		args []string
	}{
		{[]string{"CARCASSONNE_DB=" + unreachable}, []string{"games"}},
		{nil, []string{"games", "--db", unreachable}},
		{nil, []string{"stats", "--db", unreachable}},
		{[]string{"DISCORD_TOKEN=abc", "CARCASSONNE_DB=" + unreachable}, []string{"bot"}},
	} {
		_, errs, code := runProcess(t, t.Context(), dir, run.env, "", run.args...)
		if code != 1 || !strings.HasPrefix(errs, "carcassonne: ") || !strings.Contains(errs, "cannot connect to the PostgreSQL server of postgres://ann:xxxxx@"+closed) ||
			strings.Contains(errs, password) {
			t.Errorf("%v %v: exit %d, stderr %q", run.env, run.args, code, errs)
		}
	}

	db := newPostgresDB(t)
	out, errs, code := runProcess(t, t.Context(), dir, []string{"CARCASSONNE_DB=" + db}, "", "games")
	if code != 0 || !strings.Contains(out, "No games in ") {
		t.Errorf("games on a new PostgreSQL database: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	out, errs, code = runProcess(t, t.Context(), dir, []string{"CARCASSONNE_DB=" + db}, "", "stats")
	if code != 0 || !strings.Contains(out, "No finished games in ") {
		t.Errorf("stats on a new PostgreSQL database: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// newPostgresDB returns the URL of a new database on the server of
// CARCASSONNE_TEST_POSTGRES, dropped at the end of the test. Without that
// server it skips the test, or fails it in CI.
func newPostgresDB(t *testing.T) string {
	t.Helper()
	server := os.Getenv("CARCASSONNE_TEST_POSTGRES")
	if server == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("CARCASSONNE_TEST_POSTGRES is not set, and CI must run the PostgreSQL tests")
		}
		t.Skip("no PostgreSQL server: set CARCASSONNE_TEST_POSTGRES (scripts/postgres-dev starts one)")
	}
	admin, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	name := fmt.Sprintf("carcassonne_cmd_%016x", rand.Uint64())
	if _, err := admin.Exec(`CREATE DATABASE ` + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(server)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}
