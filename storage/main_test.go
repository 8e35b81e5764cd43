package storage

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/internal/racetest"
)

// openChildEnv names the database that a child process of TestOpenAtOnce
// opens; the test binary, run with it set, is that child (see TestMain).
const openChildEnv = "CARCASSONNE_STORAGE_OPEN_DB"

// TestMain runs the tests, or, with openChildEnv set, the child of
// TestOpenAtOnce, or with lockChildEnv set, the child of TestLockGameKilled.
func TestMain(m *testing.M) {
	if path := os.Getenv(openChildEnv); path != "" {
		os.Exit(openChild(path))
	}
	if dsn := os.Getenv(lockChildEnv); dsn != "" {
		os.Exit(lockChild(dsn))
	}
	os.Exit(m.Run())
}

// openChild is a process of TestOpenAtOnce: it says "ready", waits for its
// standard input to close, which the test does for every child at once,
// opens the database at path and says "ok" or why not. It returns the exit
// code.
func openChild(path string) int {
	fmt.Println("ready")
	io.Copy(io.Discard, os.Stdin)
	// A bound for a hung lock, so that the child fails instead of hanging.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := Open(ctx, path)
	if err != nil {
		fmt.Println(strings.ReplaceAll(err.Error(), "\n", " "))
		return 1
	}
	if err := s.Close(); err != nil {
		fmt.Println("close:", err)
		return 1
	}
	fmt.Println("ok")
	return 0
}

// TestOpenAtOnce starts several processes that open the same new database
// file at the same moment, again and again: every one must succeed, and
// the schema must be set up once, completely. Without a lock around the
// set-up, the processes race on the migrations ("table games already
// exists").
//
// On PostgreSQL the processes open the same new database, which they set
// up one after the other under an advisory lock.
func TestOpenAtOnce(t *testing.T) {
	t.Parallel()
	eachDB(t, testOpenAtOnce)
}

func testOpenAtOnce(t *testing.T, kind testDB) {
	const processes = 4
	rounds := racetest.Scale(20, 4)
	if kind.dialect == postgresDB {
		rounds = 5 // each round makes a database
	}
	for round := range rounds {
		path := kind.newDSN(t)
		type child struct {
			cmd   *exec.Cmd
			stdin io.WriteCloser
			lines chan string
		}
		var children []child
		for range processes {
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), openChildEnv+"="+path)
			cmd.Stderr = os.Stderr
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			lines := make(chan string, 4)
			go func() {
				defer close(lines)
				sc := bufio.NewScanner(stdout)
				for sc.Scan() {
					lines <- sc.Text()
				}
			}()
			children = append(children, child{cmd, stdin, lines})
		}
		for i, c := range children {
			if line := <-c.lines; line != "ready" {
				t.Fatalf("round %d: child %d said %q, not ready", round, i, line)
			}
		}
		for _, c := range children { // go
			c.stdin.Close()
		}
		for i, c := range children {
			var said []string
			for line := range c.lines {
				said = append(said, line)
			}
			err := c.cmd.Wait()
			if err != nil || len(said) != 1 || said[0] != "ok" {
				t.Errorf("round %d: child %d: %v, said %q", round, i, err, said)
			}
		}
		if t.Failed() {
			t.FailNow()
		}
		checkSchema(t, path)
	}
}

// checkSchema fails unless the database at path (or URL) has every
// migration applied once, and the tables of the latest schema.
func checkSchema(tb testing.TB, path string) {
	tb.Helper()
	db := rawDB(tb, path)
	tablesQuery := `SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?`
	columnQuery := `SELECT count(*) FROM pragma_table_info('games') WHERE name = 'reminded_moves'`
	if db.dialect == postgresDB {
		tablesQuery = `SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?`
		columnQuery = `SELECT count(*) FROM information_schema.columns WHERE table_name = 'games' AND column_name = 'reminded_moves'`
	}
	latest := latestVersion(tb)
	var applied, versions int64
	if err := db.QueryRow(`SELECT count(*), count(DISTINCT version_id) FROM goose_db_version WHERE version_id > 0 AND is_applied`).Scan(&applied, &versions); err != nil {
		tb.Fatal(err)
	}
	if applied != latest || versions != latest {
		tb.Errorf("%d migrations recorded as applied (%d versions), want %d", applied, versions, latest)
	}
	for _, table := range []string{"games", "seats", "moves"} {
		var n int
		if err := db.QueryRow(tablesQuery, table).Scan(&n); err != nil || n != 1 {
			tb.Errorf("table %s: %d, %v", table, n, err)
		}
	}
	var col int
	if err := db.QueryRow(columnQuery).Scan(&col); err != nil || col != 1 {
		tb.Errorf("games.reminded_moves: %d, %v", col, err)
	}
	db.Close()
}
