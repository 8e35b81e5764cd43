package terminal

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
)

// TestWholeGameExpansions plays a whole game of The River, Inns &
// Cathedrals and King & Robber Baron through Run, with large followers
// deployed in every form place takes, and checks what it says, the final
// table by source, and that the record it saves replays to the same game.
func TestWholeGameExpansions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	exps := []string{"river", "inns-and-cathedrals", "king-and-robber"}
	sc := terminaltest.NewWith(t, []string{"Ann", "Ben", "Cy"}, 5, engine.Options{}, exps)
	if sc.Large == 0 {
		t.Fatal("the script deploys no large follower")
	}
	t.Logf("seed %d: %d turns, %d discards, %d large followers", sc.Seed, len(sc.Lines), sc.Discards, sc.Large)
	cfg := newGame(sc, db, board)
	cfg.Expansions = exps
	// The first turn's spots, then the game, then the record.
	input := "spots 1\n" + strings.Join(sc.Lines, "\n") + "\nscore\nrecord " + rec + "\n"
	out := run(t, cfg, input)

	for _, want := range []string{
		"New game 1: Ann (red), Ben (green), Cy (blue) · The River, Inns & Cathedrals, King & Robber Baron · farms: per-farm, tiny city: 4 · seed 5",
		"add L to a spot's number (place N 2L) to deploy your large follower",
		"\n  1L  large follower – ",
		"Final scoring\n  player           roads cities cloisters farms King Robber Baron total\n",
		"Record written to " + rec,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if got := len(regexp.MustCompile(`(?m)^\S+ placed \S+ at \S+, large follower \(`).FindAllString(out, -1)); got != sc.Large {
		t.Errorf("%d large followers placed, want %d", got, sc.Large)
	}
	if got := terminaltest.CheckSummaries(t, sc, out); len(got) != len(sc.Lines) {
		t.Errorf("%d tiles placed, want %d", len(got), len(sc.Lines))
	}
	if got, want := strings.Count(out, " plays again."), extraTurns(t, sc); got != want {
		t.Errorf("%d extra turns said, want %d", got, want)
	}
	names := sc.Game.Players()
	for _, title := range []struct {
		holder func() (int, bool)
		name   string
	}{{sc.Game.King, "King"}, {sc.Game.RobberBaron, "Robber Baron"}} {
		if p, ok := title.holder(); ok && !strings.Contains(out, fmt.Sprintf(" %s takes the %s.", names[p], title.name)) {
			t.Errorf("%s holds the %s at the end, but no summary says they took it", names[p], title.name)
		} else if !ok && strings.Contains(out, "takes the "+title.name) {
			t.Errorf("nobody holds the %s, but a summary says somebody took it", title.name)
		}
	}
	terminaltest.CheckFinal(t, sc, out, rec)
	terminaltest.CheckPNG(t, board)

	// The saved record replays to the game, draw pile included.
	replayed := terminaltest.Replay(t, rec)
	if got, want := replayed.Record().String(), sc.Game.Record().String(); got != want {
		t.Errorf("the saved record replays to\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(replayed.Record().String(), " large@") {
		t.Error("the record has no large follower")
	}
	g := terminaltest.Stored(t, db, 1)
	if g.Status != storage.StatusFinished || strings.Join(g.Expansions, ",") != "base,river,inns-and-cathedrals,king-and-robber" {
		t.Errorf("stored game: %s, expansions %q", g.Status, g.Expansions)
	}
	if t.Failed() {
		t.Logf("output:\n%s", out)
	}
}

// extraTurns counts the turns of the scripted game after which the same
// player played again (The River II's volcano-lake).
func extraTurns(tb testing.TB, sc *terminaltest.Script) int {
	tb.Helper()
	rules := sc.Game.Rules()
	g, err := engine.New(engine.Config{Rules: rules, Players: sc.Names, Seed: sc.Seed})
	if err != nil {
		tb.Fatal(err)
	}
	n := 0
	for _, m := range sc.Game.Moves() {
		p := g.Current()
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
		if !m.Discard && !g.Ended() && g.Current() == p {
			n++
		}
	}
	return n
}

// TestSixPlayers plays a whole game of six with Inns & Cathedrals, and
// checks that a player's second large follower is refused.
func TestSixPlayers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo"}
	sc := terminaltest.NewWith(t, names, 2, engine.Options{Farms: engine.FarmsPerCity}, []string{"inns-and-cathedrals"})
	cfg := newGame(sc, filepath.Join(dir, "g.db"), filepath.Join(dir, "b.png"))
	cfg.Expansions = sc.Expansions
	rec := filepath.Join(dir, "g.rec")
	out := run(t, cfg, strings.Join(sc.Lines, "\n")+"\nrecord "+rec+"\n")
	if !strings.Contains(out, "Flo (grey)") {
		t.Errorf("no sixth player:\n%s", out)
	}
	terminaltest.CheckFinal(t, sc, out, rec)

	// Ann deploys her large follower on the first turn, then tries again.
	g, err := engine.New(engine.Config{Rules: sc.Game.Rules(), Players: names, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for g.Turn() <= 7 {
		tile, _ := g.Drawn()
		m := engine.Move{Tile: tile, Discard: true}
		line := ""
	cells:
		for n, c := range terminaltest.Cells(g) {
			for _, r := range c.Rotations {
				if spots := g.FollowerSpots(engine.Placement{Cell: c.Cell, Rotation: r}); len(spots) > 0 {
					m = engine.Move{Tile: tile, Cell: c.Cell, Rotation: r, Follower: spots[0].Port}
					line = fmt.Sprintf("place %d %d 1", n+1, r.Degrees())
					break cells
				}
			}
		}
		switch {
		case line == "" && g.CanPlace(tile): // no spot anywhere: the first cell
			c := terminaltest.Cells(g)[0]
			m = engine.Move{Tile: tile, Cell: c.Cell, Rotation: c.Rotations[0]}
			lines = append(lines, "place 1")
		case line == "": // discarded by the terminal game itself
		case g.Current() == 0 && g.SupplyOf(0, engine.FigureLarge) > 0:
			lines = append(lines, line+"L")
			m.Figure = engine.FigureLarge
		case g.Current() == 0:
			lines = append(lines, line+"L", line) // refused, then a follower
		default:
			lines = append(lines, line)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Seed, cfg.DB = 3, filepath.Join(dir, "other.db")
	out = run(t, cfg, strings.Join(lines, "\n")+"\nscore\n")
	if got := strings.Count(out, "Ann has no large follower left in the supply."); got != 1 {
		t.Errorf("Ann's second large follower refused %d times, want once:\n%s", got, out)
	}
	if got := strings.Count(out, "Ann placed "); got != 2 {
		t.Errorf("Ann placed %d tiles, want 2:\n%s", got, out)
	}
}
