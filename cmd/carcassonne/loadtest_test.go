package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"
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
