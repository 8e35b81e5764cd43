package terminal

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
)

// TestPlaceLineFigureAfterChoice: a place line that names a figure but
// not a decision that comes before it (the tile of the second gold ingot
// with several to choose from, the robbers after a tile with a bag) has
// that decision asked, then deploys the figure it named instead of asking
// for it again.
func TestPlaceLineFigureAfterChoice(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Ben"}
	for _, c := range []struct {
		exp engine.Expansion
		// before reports whether placement p of the tile drawn in g asks,
		// before the figure, a decision of the kind tested; answers is the
		// number of such decisions (each answered with choose 1).
		before  func(g *engine.Game, p engine.Placement) bool
		answers int
	}{
		{engine.ExpansionGoldMines, func(g *engine.Game, p engine.Placement) bool { return len(g.GoldCells(p)) > 1 }, 1},
		{engine.ExpansionRobbers, func(g *engine.Game, p engine.Placement) bool {
			t, _ := g.Drawn()
			return g.TileSet().Tile(t).Markers&engine.Bag != 0
		}, 2}, // Ann's robber, then Ben's
	} {
		t.Run(c.exp.String(), func(t *testing.T) {
			t.Parallel()
			for seed := uint64(1); seed <= 40; seed++ {
				if lines, m, ok := placeLineGame(t, c.exp, names, seed, c.before); ok {
					for range c.answers {
						lines = append(lines, "choose 1")
					}
					checkPlaceLine(t, c.exp, names, seed, lines, c.answers, m)
					return
				}
			}
			t.Fatalf("no game of 40 seeds gave Ann such a tile with a follower spot")
		})
	}
}

// placeLineGame plays a game of expansion exp with seed, each turn in one
// place line (the first placement, its first second-ingot tile, no
// figure), until Ann draws a tile with a placement that before reports
// and a follower spot; it returns the lines, the last naming that
// placement with a follower on its first spot and nothing else, and the
// move that line names. It returns false when the game meets a turn that
// one line cannot play first.
func placeLineGame(t *testing.T, exp engine.Expansion, names []string, seed uint64, before func(*engine.Game, engine.Placement) bool) ([]string, engine.Move, bool) {
	rules, err := engine.NewRules(engine.ExpansionSet(0).With(exp), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: rules, Players: names, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	line := func(m engine.Move) string {
		return "place " + strings.TrimPrefix(engine.MoveString(g.TileSet(), m), g.TileSet().Name(m.Tile)+" ")
	}
	for range 60 {
		d, ok := g.Drawn()
		if !ok || g.Pending().Step != engine.StepTile || g.SetsAside() || !g.CanPlace(d) {
			return nil, engine.Move{}, false
		}
		for _, p := range g.Placements() {
			if spots := g.FollowerSpots(p); g.Current() == 0 && before(g, p) && len(spots) > 0 {
				m := engine.Move{Tile: d, Cell: p.Cell, Rotation: p.Rotation, Follower: spots[0].Port}
				return append(lines, line(m)), m, true
			}
		}
		p := g.Placements()[0]
		m := engine.Move{Tile: d, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort}
		if cells := g.GoldCells(p); len(cells) > 0 {
			m.Gold, m.GoldCell = true, cells[0]
		}
		if before(g, p) || g.Apply(m) != nil {
			return nil, engine.Move{}, false // a decision one line does not give
		}
		lines = append(lines, line(m))
	}
	return nil, engine.Move{}, false
}

// checkPlaceLine plays lines in the terminal: a game of expansion exp with
// seed whose turns the lines play, the last place line naming move m
// followed by answers lines that answer what comes before its figure. The
// figure must be deployed without being asked for.
func checkPlaceLine(t *testing.T, exp engine.Expansion, names []string, seed uint64, lines []string, answers int, m engine.Move) {
	t.Helper()
	dir := t.TempDir()
	cfg := Config{DB: filepath.Join(dir, "games.db"), Board: filepath.Join(dir, "board.png"), Players: names, Seed: seed, Expansions: []string{exp.String()}}
	rec := filepath.Join(dir, "game.rec")
	out := run(t, cfg, strings.Join(lines, "\n")+"\nrecord "+rec+"\nquit\n")
	placed := lines[len(lines)-1-answers]
	turn := out[strings.LastIndex(out, placed):]
	if ask := i18n.English.T("turn.asks.figure", map[string]any{"Player": names[0]}); strings.Contains(turn, ask) {
		t.Errorf("seed %d: the figure %q names is asked again:\n%s", seed, placed, turn)
	}
	g := terminaltest.Replay(t, rec)
	ms := g.Moves()
	if len(ms) == 0 || ms[len(ms)-1].Tile != m.Tile || ms[len(ms)-1].Cell != m.Cell {
		t.Fatalf("seed %d: the turn of %q is not played:\n%s", seed, placed, turn)
	}
	if got := ms[len(ms)-1]; got.Follower != m.Follower || got.Figure != m.Figure {
		t.Errorf("seed %d: stored %s, want its follower on %s as %q names:\n%s", seed, engine.MoveString(g.TileSet(), got), m.Follower, placed, turn)
	}
}
