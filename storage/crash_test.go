package storage

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

// crashEnv names the database a crash child appends to.
const crashEnv = "CARCASSONNE_STORAGE_CRASH_DB"

// TestCrash runs a child process that appends moves as fast as it can and
// kills it with SIGKILL at a random moment, 20 times, most often in the
// middle of a transaction: the database must hold every move whose append
// returned, every game must load, and a SQLite file must pass PRAGMA
// integrity_check. On PostgreSQL the server sees the connection drop and
// rolls the open transaction back.
func TestCrash(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs child processes")
	}
	eachDB(t, testCrash)
}

func testCrash(t *testing.T, kind testDB) {
	ctx := context.Background()
	path := kind.newDSN(t)
	seed := uint64(time.Now().UnixNano())
	t.Logf("kill times drawn with seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	for run := range 20 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashEnv+"="+path)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var (
			mu    sync.Mutex
			acked []string // "game number notation" of each append that returned
		)
		// first is closed at the child's first acknowledged move: the kill
		// comes a random time after it, so that every run stores moves
		// however slow a busy machine makes the child's start.
		first, done := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(done)
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				line := sc.Text()
				if rest, ok := strings.CutPrefix(line, "move "); ok {
					mu.Lock()
					acked = append(acked, rest)
					if len(acked) == 1 {
						close(first)
					}
					mu.Unlock()
				}
			}
		}()
		select {
		case <-first:
		case <-done:
			cmd.Wait()
			t.Fatalf("run %d: the child stopped before it stored a move", run)
		}
		time.Sleep(time.Duration(rng.IntN(150)) * time.Millisecond)
		if err := cmd.Process.Kill(); err != nil { // SIGKILL
			t.Fatal(err)
		}
		<-done
		err = cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != -1 {
			t.Fatalf("run %d: the child ended with %v before it was killed", run, err)
		}

		s, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		if kind.dialect == sqliteDB {
			var check string
			if err := s.write.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
				t.Fatalf("run %d: integrity check: %q, %v", run, check, err)
			}
		}
		for _, a := range acked {
			var id int64
			var number int
			var notation string
			if n, err := fmt.Sscanf(a, "%d %d", &id, &number); n != 2 || err != nil {
				t.Fatalf("run %d: bad line %q", run, a)
			}
			notation = strings.SplitN(a, " ", 3)[2]
			var stored string
			err := storeSQL(s).QueryRowContext(ctx, `SELECT notation FROM moves WHERE game_id = ? AND number = ?`, id, number).Scan(&stored)
			if err != nil || stored != notation {
				t.Fatalf("run %d: move %d of game %d: stored %q, %v; the child had stored %q", run, number, id, stored, err, notation)
			}
		}
		games, err := s.GamesByPlayer(ctx, "crash")
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			if g.StartedAt.IsZero() {
				continue // a lobby, or one stopped before it started
			}
			if _, _, err := s.Load(ctx, g.ID); err != nil {
				t.Fatalf("run %d: game %d: %v", run, g.ID, err)
			}
		}
		s.Close()
		t.Logf("run %d: %d moves acknowledged", run, len(acked))
	}
}

// TestCrashChild is the child of TestCrash: it appends random moves to the
// database named by crashEnv, starting new games as they end, and prints
// "move ID NUMBER NOTATION" for each append that returned, until killed.
func TestCrashChild(t *testing.T) {
	t.Parallel()
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("run by TestCrash")
	}
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), uint64(time.Now().UnixNano())))
	var id int64
	if games, err := s.GamesByPlayer(ctx, "crash", StatusRunning); err == nil && len(games) > 0 {
		id = games[0].ID
	}
	// A lobby left by a child killed before it started the game: stopped,
	// as the bot stops expired lobbies, so that the cap on lobbies holds.
	lobbies, err := s.GamesByPlayer(ctx, "crash", StatusLobby)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range lobbies {
		if err := s.MarkStatus(ctx, g.ID, StatusStopped, "left by a killed child"); err != nil {
			t.Fatal(err)
		}
	}
	for {
		if id == 0 {
			g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "crash", Name: "Crash"}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Join(ctx, g.ID, Player{UserID: "test", Name: "Test"}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Start(ctx, g.ID, rng.Uint64()); err != nil {
				t.Fatal(err)
			}
			id = g.ID
		}
		g, state, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		m := randomMove(state, rng)
		res, err := s.AppendMove(ctx, id, g.Moves, m, Request{ID: fmt.Sprint(rng.Uint64())})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("move %d %d %s\n", id, res.Number, engine.MoveString(engine.BaseTiles, m))
		if res.Finished {
			id = 0
		}
	}
}
