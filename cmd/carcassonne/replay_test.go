package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReplayJSON(t *testing.T) {
	// The farm example of 001_…: Red 9, Blue 15, Yellow 12, Black 0.
	var out, errs bytes.Buffer
	code := run([]string{"replay", "--json", "../../engine/testdata/rules/farm-per-farm-example.rec"}, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var got struct {
		Players []struct {
			Name   string `json:"name"`
			Score  int    `json:"score"`
			Supply int    `json:"supply"`
		} `json:"players"`
		Ended     bool   `json:"ended"`
		Next      string `json:"next"`
		TilesLeft int    `json:"tiles_left"`
		Events    []struct {
			Turn    int    `json:"turn"`
			Player  string `json:"player"`
			Feature string `json:"feature"`
			Points  int    `json:"points"`
			Final   bool   `json:"final"`
		} `json:"events"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	want := map[string]int{"Red": 9, "Blue": 15, "Yellow": 12, "Black": 0}
	sums := map[string]int{}
	for _, ev := range got.Events {
		sums[ev.Player] += ev.Points
		switch ev.Feature {
		case "road", "city", "cloister", "field":
		default:
			t.Errorf("feature %q", ev.Feature)
		}
	}
	if len(got.Players) != 4 || !got.Ended {
		t.Fatalf("players %v, ended %v", got.Players, got.Ended)
	}
	for _, p := range got.Players {
		if p.Score != want[p.Name] || sums[p.Name] != p.Score {
			t.Errorf("%s: score %d, events %d, want %d", p.Name, p.Score, sums[p.Name], want[p.Name])
		}
	}
	if got.TilesLeft <= 0 || got.TilesLeft >= 71 {
		t.Errorf("tiles_left %d", got.TilesLeft)
	}
}

func TestReplayBadRecord(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.rec")
	os.WriteFile(path, []byte("[Players \"A, B\"]\n\n1. E 0,-1 180\n2. E 0,-1 0\n"), 0o644)
	var out, errs bytes.Buffer
	if code := run([]string{"replay", path}, &out, &errs); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if want := path + ":4: (0,-1) already holds a tile"; !strings.Contains(errs.String(), want) {
		t.Fatalf("stderr %q, want %q", errs.String(), want)
	}
	if code := run([]string{"replay", filepath.Join(dir, "missing.rec")}, &out, &errs); code != 1 {
		t.Fatalf("a missing file: exit %d", code)
	}
}

func TestReplayText(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"replay", "../../engine/testdata/rules/road-of-3.rec"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "Red") || !strings.Contains(out.String(), "road") {
		t.Fatalf("output:\n%s", out.String())
	}
}
