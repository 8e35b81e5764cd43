package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/racetest"
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
	// Given in another order, with spaces, one by its title: the game keeps
	// the record's names and order.
	args := append(playArgs(sc, db, board), "--expansions", " Inns & Cathedrals, river")
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
		if racetest.Enabled && played%2 == 0 {
			continue // under -race every other record is drawn; all in the sweep
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
	var out, errs bytes.Buffer
	if code := runWith([]string{"play", "--help"}, strings.NewReader(""), &out, &errs); code != 0 {
		t.Fatalf("play --help: exit %d, %s", code, errs.String())
	}
	help := strings.Join(strings.Fields(out.String()), " ")
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase && !strings.Contains(help, " "+e.String()+",") && !strings.Contains(help, " "+e.String()+" ") {
			t.Errorf("the help of --expansions does not name %s: %q", e, help)
		}
	}
}

// TestPlayTraders plays a whole game of Inns & Cathedrals and Traders &
// Builders with `play --expansions`, builders and pigs deployed and a
// builder's second turn, and checks what it said against `replay --json`
// of the record it wrote: the goods taken, the builders and pigs in
// supply, the pigs' farms and goods majorities at the end; and that
// `replay` and `render` read the record.
func TestPlayTraders(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	exps := []string{"inns-and-cathedrals", "traders-and-builders"}
	sc := terminaltest.WithBuilderTurn(t, []string{"Ann", "Ben"}, 3, engine.Options{Farms: engine.FarmsPerFarm, TinyCity: 4}, exps)
	t.Logf("seed %d: %d builders, %d pigs, %d second turns, %d large followers", sc.Seed, sc.Builders, sc.Pigs, sc.BuilderTurns, sc.Large)
	args := append(playArgs(sc, db, board), "--expansions", "traders-and-builders,inns-and-cathedrals")
	out := playRun(t, args, strings.Join(sc.Lines, "\n")+"\nrecord "+rec+"\n")
	if !strings.Contains(out, "New game 1: Ann (red), Ben (green) · Inns & Cathedrals, Traders & Builders · ") {
		t.Errorf("output:\n%s", out[:min(len(out), 600)])
	}
	terminaltest.CheckFinal(t, sc, out, rec)
	if got := replayRecord(t, rec); got != sc.Game.Record().String() {
		t.Errorf("the record replays to\n%s\nwant\n%s", got, sc.Game.Record().String())
	}
	if got := strings.Count(out, " Builder: "); got != sc.BuilderTurns {
		t.Errorf("%d second turns said, want %d", got, sc.BuilderTurns)
	}

	var stdout, stderr bytes.Buffer
	if code := run([]string{"replay", "--json", rec}, &stdout, &stderr); code != 0 {
		t.Fatalf("replay --json: exit %d: %s", code, stderr.String())
	}
	var got replayJSON
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if want := []string{"base", "inns-and-cathedrals", "traders-and-builders"}; !slices.Equal(got.Expansions, want) || !got.Ended {
		t.Errorf("expansions %q, ended %v; want %q, ended", got.Expansions, got.Ended, want)
	}
	// The goods the game said were taken, by player, are those replay
	// counts.
	taken := map[string]goodsJSON{}
	for _, m := range regexp.MustCompile(` (\S+) takes (\d+ [^.]+)\.`).FindAllStringSubmatch(out, -1) {
		g := taken[m[1]]
		for _, part := range regexp.MustCompile(`(\d+) (wine|grain|cloth)`).FindAllStringSubmatch(m[2], -1) {
			n, _ := strconv.Atoi(part[1])
			switch part[2] {
			case "wine":
				g.Wine += n
			case "grain":
				g.Grain += n
			case "cloth":
				g.Cloth += n
			}
		}
		taken[m[1]] = g
	}
	goods := 0
	for i, p := range got.Players {
		if p.Goods == nil || p.Builder == nil || p.Pig == nil || p.Large == nil {
			t.Fatalf("%s: goods %v, builder %v, pig %v, large %v in replay --json", p.Name, p.Goods, p.Builder, p.Pig, p.Large)
		}
		if *p.Goods != taken[p.Name] {
			t.Errorf("%s: the game said %+v goods taken, replay --json %+v", p.Name, taken[p.Name], *p.Goods)
		}
		goods += p.Goods.Wine + p.Goods.Grain + p.Goods.Cloth
		want := sc.Game.Goods(i)
		if *p.Goods != (goodsJSON{want[engine.GoodWine], want[engine.GoodGrain], want[engine.GoodCloth]}) {
			t.Errorf("%s: replay --json goods %+v, the engine %v", p.Name, *p.Goods, want)
		}
		if p.Score != sc.Game.Score(i) || *p.Builder != sc.Game.SupplyOf(i, engine.FigureBuilder) || *p.Pig != sc.Game.SupplyOf(i, engine.FigurePig) || *p.Large != sc.Game.SupplyOf(i, engine.FigureLarge) {
			t.Errorf("%s: score %d, builder %d, pig %d, large %d; want %d, %d, %d, %d", p.Name, p.Score, *p.Builder, *p.Pig, *p.Large,
				sc.Game.Score(i), sc.Game.SupplyOf(i, engine.FigureBuilder), sc.Game.SupplyOf(i, engine.FigurePig), sc.Game.SupplyOf(i, engine.FigureLarge))
		}
	}
	if goods == 0 {
		t.Error("nobody took goods")
	}
	// The final pigs and goods majorities: said by the game, listed by
	// replay.
	names := sc.Game.Players()
	var final []string
	for _, e := range got.Events {
		if e.Final && (e.Pig || e.Source == "goods") {
			line := fmt.Sprintf("  %+d %s: ", e.Points, e.Player)
			if e.Source == "goods" {
				line += "most " + e.Good + "\n"
			}
			final = append(final, line)
		}
	}
	var want []string
	for _, ev := range sc.Game.Events() {
		if ev.Final && (ev.Pig || ev.Source == engine.SourceGoods) {
			want = append(want, fmt.Sprintf("%+d %s", ev.Points, names[ev.Player]))
		}
	}
	if len(final) != len(want) || len(final) == 0 {
		t.Errorf("replay --json lists %d pigs and goods majorities at the end, the engine %d", len(final), len(want))
	}
	for _, line := range final {
		if !strings.Contains(out, line) {
			t.Errorf("the game did not say %q", line)
		}
	}

	// replay as text, and render.
	stdout.Reset()
	if code := run([]string{"replay", rec}, &stdout, &stderr); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr.String())
	}
	for _, w := range []string{"Expansions: Inns & Cathedrals, Traders & Builders.\n", " · goods: ", "goods (", "final "} {
		if !strings.Contains(stdout.String(), w) {
			t.Errorf("replay lacks %q:\n%s", w, stdout.String())
		}
	}
	pic := filepath.Join(dir, "final.png")
	if code := run([]string{"render", rec, "-o", pic}, &stdout, &stderr); code != 0 {
		t.Fatalf("render: exit %d: %s", code, stderr.String())
	}
	terminaltest.CheckPNG(t, pic)
}
