package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// TestLoadtestSmall runs a tiny load test on SQLite and checks that every
// figure is there and sane.
func TestLoadtestSmall(t *testing.T) {
	db := filepath.Join(t.TempDir(), "load.db")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"loadtest", "--db", db, "--games", "20", "--interval", "1s", "--duration", "3s", "--json", "--seed", "7"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r loadResult
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("%v: %s", err, stdout.String())
	}
	if r.Database != "sqlite" || r.Games != 20 || r.Procs != 1 || r.OfferedPerSecond != 20 {
		t.Errorf("settings: %+v", r)
	}
	if r.Errors != 0 || r.FirstError != "" {
		t.Errorf("%d turns failed, first: %s", r.Errors, r.FirstError)
	}
	// About 60 turns are due in 3 s; a Poisson count below 20 is all but impossible.
	if r.Turns < 20 || r.TurnsPerSecond <= 0 || r.ElapsedSeconds < 3 {
		t.Errorf("turns: %d in %.2fs (%.1f/s)", r.Turns, r.ElapsedSeconds, r.TurnsPerSecond)
	}
	if !(r.P50Ms > 0 && r.P50Ms <= r.P99Ms && r.P99Ms <= r.MaxMs) {
		t.Errorf("latencies: p50 %.2f, p99 %.2f, max %.2f ms", r.P50Ms, r.P99Ms, r.MaxMs)
	}
	if r.IdleBytesPerGame <= 0 || r.IdleBytesPerGame > 1<<20 {
		t.Errorf("memory per idle game: %.0f bytes", r.IdleBytesPerGame)
	}
	if r.LatenciesMs != nil {
		t.Errorf("the raw latencies are printed: %d", len(r.LatenciesMs))
	}
}

// TestLoadtestPostgresCreate runs the load test's set-up, two processes
// creating, joining and starting games on one new PostgreSQL database at
// once (eight at a time each), ten times, the ten at once: no creation may
// fail, however often PostgreSQL aborts the transactions for one another's
// sake.
func TestLoadtestPostgresCreate(t *testing.T) {
	t.Parallel()
	for try := range 10 {
		t.Run(fmt.Sprint("try ", try+1), func(t *testing.T) {
			t.Parallel()
			db := newPostgresDB(t)
			out, errs, code := runProcess(t, t.Context(), t.TempDir(), nil, "",
				"loadtest", "--db", db, "--games", "120", "--interval", "15s", "--duration", "1s", "--procs", "2", "--json", "--seed", fmt.Sprint(try+1))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var r loadResult
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if r.Games != 120 || r.Procs != 2 || r.Errors != 0 {
				t.Errorf("%d games in %d processes, %d errors (first: %s)", r.Games, r.Procs, r.Errors, r.FirstError)
			}
		})
	}
}

// TestLoadtestExpansions runs a tiny load test of games with every
// expansion: every turn, a random legal move of all its steps, is stored
// without an error, and the result names the expansions; a name that is
// not an expansion is refused.
func TestLoadtestExpansions(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "load.db")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"loadtest", "--db", db, "--games", "10", "--interval", "500ms", "--duration", "2s", "--json", "--seed", "9", "--expansions", "all"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var r loadResult
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("%v: %s", err, stdout.String())
	}
	if len(r.Expansions) != len(engine.PlayableExpansions())-1 {
		t.Errorf("the games played %v", r.Expansions)
	}
	if r.Errors != 0 || r.Turns == 0 {
		t.Errorf("%d turns, %d failed, first: %s", r.Turns, r.Errors, r.FirstError)
	}
	stderr.Reset()
	if code := run([]string{"loadtest", "--db", db, "--expansions", "river,rivers"}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "--expansions") {
		t.Errorf("a bad expansion: exit %d, %q", code, stderr.String())
	}
}
