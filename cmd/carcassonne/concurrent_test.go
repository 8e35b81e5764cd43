package main

import (
	"bufio"
	"bytes"
	"database/sql"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
	_ "modernc.org/sqlite"
)

// window is the program running as a process of its own, as in a second
// terminal: its input, its output line by line, and all it printed.
type window struct {
	tb    testing.TB
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines *bufio.Scanner
	seen  strings.Builder
	errs  bytes.Buffer
}

// startWindow starts the program with args.
func startWindow(tb testing.TB, args ...string) *window {
	tb.Helper()
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	w := &window{tb: tb, cmd: exec.CommandContext(tb.Context(), exe, args...)}
	w.cmd.Env = append(os.Environ(), "CARCASSONNE_TEST_MAIN=1")
	if w.in, err = w.cmd.StdinPipe(); err != nil {
		tb.Fatal(err)
	}
	out, err := w.cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	w.cmd.Stderr = &w.errs
	w.lines = bufio.NewScanner(out)
	if err := w.cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	// A window that waits for input the test will never send is killed,
	// so that its output ends and the test fails saying what it lacked
	// instead of hanging.
	timer := time.AfterFunc(3*time.Minute, func() { w.cmd.Process.Kill() })
	tb.Cleanup(func() { timer.Stop() })
	return w
}

// waitFor reads the window's output until a line contains want, failing
// the test when the output ends first.
func (w *window) waitFor(want string) {
	w.tb.Helper()
	for w.lines.Scan() {
		w.seen.WriteString(w.lines.Text() + "\n")
		if strings.Contains(w.lines.Text(), want) {
			return
		}
	}
	w.tb.Fatalf("the window ended without %q:\n%s\nstderr: %s", want, w.seen.String(), w.errs.String())
}

// send types a command line in the window.
func (w *window) send(line string) {
	w.tb.Helper()
	if _, err := io.WriteString(w.in, line+"\n"); err != nil {
		w.tb.Fatal(err)
	}
}

// finish closes the window's input and returns all it printed, failing
// unless it exits with status 0.
func (w *window) finish() string {
	w.tb.Helper()
	w.in.Close()
	for w.lines.Scan() {
		w.seen.WriteString(w.lines.Text() + "\n")
	}
	if err := w.cmd.Wait(); err != nil {
		w.tb.Fatalf("the window: %v\nstderr: %s\noutput:\n%s", err, w.errs.String(), w.seen.String())
	}
	return w.seen.String()
}

// TestPlayWaitsForBusyDatabase holds the database's write lock from another
// connection, as another program writing would, while the terminal game
// places a tile: it says it waits, and plays the move once the lock is
// released, instead of failing.
func TestPlayWaitsForBusyDatabase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png")
	playRun(t, []string{"play", "--db", db, "--out", board, "--seed", "5"}, "")

	w := startWindow(t, "play", "--resume", "1", "--db", db, "--out", board)
	w.waitFor("Where it fits")

	other, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	lock, err := other.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if _, err := lock.ExecContext(t.Context(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	w.send("place 1")
	w.waitFor("The database is busy (another program is writing); waiting…")
	if _, err := lock.ExecContext(t.Context(), "COMMIT"); err != nil {
		t.Fatal(err)
	}
	w.waitFor("Alice placed ")
	out := w.finish()
	if !strings.Contains(out, "Turn 2 · Bob") || strings.Count(out, "The database is busy") != 1 {
		t.Errorf("output:\n%s", out)
	}
	if g := terminaltest.Stored(t, db, 1); g.Moves != 1 || g.Status != storage.StatusRunning {
		t.Errorf("stored game: %d moves, %s; want 1, running", g.Moves, g.Status)
	}
}

// TestPlayFinishedElsewhere opens one stored game in two windows; one plays
// the last tile. The other, on its next command, shows the final result
// (it failed with "the game is not running").
func TestPlayFinishedElsewhere(t *testing.T) {
	t.Parallel()
	sc := terminaltest.New(t, []string{"Ann", "Ben"}, 21, engine.Options{})
	last := len(sc.Lines) - 1
	for _, next := range []string{"place 1", "score"} {
		t.Run(next, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			db := filepath.Join(dir, "games.db")
			playRun(t, playArgs(sc, db, filepath.Join(dir, "a.png")), strings.Join(sc.Lines[:last], "\n")+"\n")

			second := startWindow(t, "play", "--resume", "1", "--db", db, "--out", filepath.Join(dir, "b.png"))
			second.waitFor("Where it fits")
			// The first window plays the last tile.
			first := playRun(t, []string{"play", "--resume", "1", "--db", db, "--out", filepath.Join(dir, "a.png")}, sc.Lines[last]+"\n")
			if !strings.Contains(first, "The game is over after ") {
				t.Fatalf("the first window did not finish the game:\n%s", first)
			}
			second.send(next)
			second.waitFor("Final scoring")
			out := second.finish()
			for _, want := range []string{goneOn, "The game is over after ", "Final board: "} {
				if !strings.Contains(out, want) {
					t.Errorf("the second window lacks %q:\n%s", want, out)
				}
			}
			if strings.Contains(out, "Stopped;") || second.errs.Len() > 0 {
				t.Errorf("the second window failed:\n%s\nstderr: %s", out, second.errs.String())
			}
			terminaltest.CheckFinal(t, sc, out[strings.Index(out, goneOn):], recordOf(t, db))
			if g := terminaltest.Stored(t, db, 1); g.Status != storage.StatusFinished || g.Moves != len(sc.Game.Moves()) {
				t.Errorf("stored game: %s, %d moves; want finished, %d", g.Status, g.Moves, len(sc.Game.Moves()))
			}
		})
	}
}

// recordOf writes the record of stored game 1 of database db to a file and
// returns its path.
func recordOf(tb testing.TB, db string) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "game.rec")
	playRun(tb, []string{"play", "--resume", "1", "--db", db, "--out", filepath.Join(tb.TempDir(), "c.png")}, "record "+path+"\n")
	return path
}
