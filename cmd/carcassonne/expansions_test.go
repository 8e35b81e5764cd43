package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
)

// TestPlayExpansions plays a whole game of The River and Inns & Cathedrals
// with `play --expansions`, saves its record, and reads the record back
// with `replay` (text and JSON) and `render`.
func TestPlayExpansions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	exps := []string{"river", "inns-and-cathedrals"}
	sc := terminaltest.NewWith(t, []string{"Ann", "Ben"}, 17, engine.Options{Farms: engine.FarmsPerFarm, TinyCity: 4}, exps)
	if sc.Large == 0 {
		t.Fatal("the script deploys no large follower")
	}
	// Given in another order, with spaces: the game keeps the record's.
	args := append(playArgs(sc, db, board), "--expansions", " inns-and-cathedrals, river")
	out := playRun(t, args, strings.Join(sc.Lines, "\n")+"\nrecord "+rec+"\n")
	if !strings.Contains(out, "New game 1: Ann (red), Ben (green) · The River, Inns & Cathedrals · ") {
		t.Errorf("output:\n%s", out[:min(len(out), 600)])
	}
	terminaltest.CheckFinal(t, sc, out, rec)
	text, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), `[Expansions "base, river, inns-and-cathedrals"]`) || !strings.Contains(string(text), " large@") {
		t.Fatalf("the record:\n%s", text)
	}
	if got := replayRecord(t, rec); got != sc.Game.Record().String() {
		t.Errorf("the record replays to\n%s\nwant\n%s", got, sc.Game.Record().String())
	}

	// replay, as text and JSON.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"replay", rec}, &stdout, &stderr); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "Expansions: The River, Inns & Cathedrals.\n") || !strings.Contains(stdout.String(), "The game is over") {
		t.Errorf("replay:\n%s", stdout.String())
	}
	stdout.Reset()
	if code := run([]string{"replay", "--json", rec}, &stdout, &stderr); code != 0 {
		t.Fatalf("replay --json: exit %d: %s", code, stderr.String())
	}
	var got replayJSON
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if want := []string{"base", "river", "inns-and-cathedrals"}; !slices.Equal(got.Expansions, want) || !got.Ended {
		t.Errorf("expansions %q, ended %v; want %q, ended", got.Expansions, got.Ended, want)
	}
	for i, p := range got.Players {
		if p.Score != sc.Game.Score(i) || p.Large == nil || *p.Large != sc.Game.SupplyOf(i, engine.FigureLarge) {
			t.Errorf("%s: score %d, large %v; want %d, %d", p.Name, p.Score, p.Large, sc.Game.Score(i), sc.Game.SupplyOf(i, engine.FigureLarge))
		}
	}

	// render: the final board.
	pic := filepath.Join(dir, "final.png")
	if code := run([]string{"render", rec, "-o", pic}, &stdout, &stderr); code != 0 {
		t.Fatalf("render: exit %d: %s", code, stderr.String())
	}
	f, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if img, err := png.Decode(f); err != nil || img.Bounds().Dx() < 400 {
		t.Fatalf("render: %v", err)
	}
}

// TestReplayExpansionRecords replays and renders every record of the
// expansions among the engine's and render's fixtures: a fixture that wants
// an error ("# want-error: line N") is refused at that line, and one that
// wants scores ("# want: Red 3, Blue 0") gets them from replay --json.
func TestReplayExpansionRecords(t *testing.T) {
	t.Parallel()
	var files []string
	for _, dir := range []string{"../../engine/testdata", "../../render/testdata"} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".rec") {
				if b, err := os.ReadFile(path); err == nil && expansionRecord(string(b)) {
					files = append(files, path)
				}
			}
			return nil
		})
	}
	dir := t.TempDir()
	played := 0
	for _, path := range files {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if m := regexp.MustCompile(`(?m)^# want-error: line (\d+)`).FindSubmatch(text); m != nil {
			want := filepath.Base(path) + ":" + string(m[1]) + ": "
			if code := run([]string{"replay", path}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), want) {
				t.Errorf("replay %s: exit %d, %q; want 1 and %q", path, code, stderr.String(), want)
			}
			continue
		}
		played++
		if code := run([]string{"replay", "--json", path}, &stdout, &stderr); code != 0 {
			t.Errorf("replay %s: exit %d: %s", path, code, stderr.String())
			continue
		}
		var got replayJSON
		if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if m := regexp.MustCompile(`(?m)^# want: (.*)$`).FindSubmatch(text); m != nil {
			var scores []string
			for _, p := range got.Players {
				scores = append(scores, fmt.Sprintf("%s %d", p.Name, p.Score))
			}
			if g, w := strings.Join(scores, ", "), strings.TrimSpace(string(m[1])); g != w {
				t.Errorf("replay %s: scores %q, want %q", path, g, w)
			}
		}
		if code := run([]string{"render", path, "-o", filepath.Join(dir, filepath.Base(path)+".png")}, &stdout, &stderr); code != 0 {
			t.Errorf("render %s: exit %d: %s", path, code, stderr.String())
		}
	}
	if played == 0 {
		t.Error("no record of an expansion that plays among the fixtures")
	}
	t.Logf("%d records of expansions, %d played", len(files), played)
}

// expansionRecord reports whether record text names an expansion.
func expansionRecord(text string) bool {
	_, rest, ok := strings.Cut(text, "[Expansions \"")
	if !ok {
		return false
	}
	val, _, _ := strings.Cut(rest, "\"")
	return strings.TrimSpace(val) != "base"
}

// TestExpansionsHelp checks that the help of --expansions names every
// expansion the engine plays.
func TestExpansionsHelp(t *testing.T) {
	f, ok := reflect.TypeFor[playCmd]().FieldByName("Expansions")
	if !ok {
		t.Fatal("no --expansions")
	}
	help := f.Tag.Get("help")
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase && !strings.Contains(help, " "+e.String()+",") && !strings.Contains(help, " "+e.String()+" ") {
			t.Errorf("the help of --expansions does not name %s: %q", e, help)
		}
	}
}
