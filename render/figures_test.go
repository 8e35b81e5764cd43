package render

import (
	"errors"
	"fmt"
	"image"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// rulesOf returns the rules of a game with expansions exps and the default
// options.
func rulesOf(tb testing.TB, exps ...engine.Expansion) *engine.Rules {
	tb.Helper()
	var set engine.ExpansionSet
	for _, e := range exps {
		set = set.With(e)
	}
	r, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// farmerGame plays a game of Inns & Cathedrals for two players whose first
// move puts figure fig of the first player as a farmer on the first
// placement's first field, and whose other moves place no figure: played
// for turns moves (turns < 0: to the end). Two games that differ only in
// fig have every figure on the same spots. It returns the game and the
// farmer's cell.
func farmerGame(tb testing.TB, fig engine.Figure, turns int) (*engine.Game, engine.Cell) {
	tb.Helper()
	g, err := engine.New(engine.Config{Rules: rulesOf(tb, engine.ExpansionInnsAndCathedrals), Players: []string{"Ann", "Ben"}, Seed: 5})
	if err != nil {
		tb.Fatal(err)
	}
	var cell engine.Cell
	for played := 0; !g.Ended() && (turns < 0 || played < turns); played++ {
		t, _ := g.Drawn()
		ps := g.Placements()
		m := engine.Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			m = engine.Move{Tile: t, Cell: ps[0].Cell, Rotation: ps[0].Rotation}
		}
		if played == 0 {
			for _, s := range g.FollowerSpots(ps[0]) {
				if s.Kind == engine.Field {
					m.Follower, m.Figure, cell = s.Port, fig, m.Cell
					break
				}
			}
			if m.Follower == engine.NoPort {
				tb.Fatal("the first placement has no field")
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("move %d: %v", played+1, err)
		}
	}
	return g, cell
}

// TestLargeFollower checks that the large follower is drawn larger than a
// follower on the same spot: on the board, in the final picture (the
// farmer stays to the end) and in the preview, counted in pixels of the
// player's colour on its tile.
func TestLargeFollower(t *testing.T) {
	r := testRenderer()
	red := PlayerColour(0)
	onCell := func(img *image.RGBA, l layout, c engine.Cell) int {
		return countNear(img, l.win.cellRect(c), red, 6)
	}
	for _, final := range []bool{false, true} {
		turns := 1
		if final {
			turns = -1
		}
		var n [2]int
		for i, fig := range []engine.Figure{engine.FigureFollower, engine.FigureLarge} {
			g, c := farmerGame(t, fig, turns)
			fs := g.FinalFollowers()
			if len(fs) != 1 || fs[0].Figure != fig {
				t.Fatalf("final %v: followers %+v, want one %s", final, fs, fig)
			}
			img := r.Board(g)
			if final {
				img = r.Final(g)
			}
			dump(t, fmt.Sprintf("%s-final%v", fig, final), img)
			n[i] = onCell(img, layoutBoard(newScene(g, !final), final), c)
		}
		if n[0] < 50 || float64(n[1]) < 1.5*float64(n[0]) {
			t.Errorf("final %v: %d pixels of the large follower, %d of the follower; want at least 1.5 times as many", final, n[1], n[0])
		}
	}

	// The preview of the same move with either figure.
	g, err := engine.New(engine.Config{Rules: rulesOf(t, engine.ExpansionInnsAndCathedrals), Players: []string{"Ann", "Ben"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	p := g.Placements()[0]
	spot := g.FollowerSpots(p)[0]
	win := previewWindow(newScene(g, false), p.Cell)
	var n [2]int
	for i, fig := range []engine.Figure{engine.FigureFollower, engine.FigureLarge} {
		img, err := r.PreviewFigure(g, p, spot.Port, fig)
		if err != nil {
			t.Fatal(err)
		}
		dump(t, "preview-"+fig.String(), img)
		n[i] = countNear(img, win.cellRect(p.Cell), red, 6)
	}
	if n[0] < 50 || float64(n[1]) < 1.5*float64(n[0]) {
		t.Errorf("preview: %d pixels of the large follower, %d of the follower; want at least 1.5 times as many", n[1], n[0])
	}
	// Preview is PreviewFigure with a follower.
	a, err := r.Preview(g, p, spot.Port)
	if err != nil {
		t.Fatal(err)
	}
	if got := countNear(a, win.cellRect(p.Cell), red, 6); got != n[0] {
		t.Errorf("Preview: %d pixels of the follower, PreviewFigure with a follower %d", got, n[0])
	}

	// A game without Inns & Cathedrals has no large follower.
	base, err := engine.New(engine.Config{Players: []string{"Ann", "Ben"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	bp := base.Placements()[0]
	_, err = r.PreviewFigure(base, bp, base.FollowerSpots(bp)[0].Port, engine.FigureLarge)
	var me *engine.MoveError
	if !errors.As(err, &me) {
		t.Errorf("PreviewFigure of a large follower in the base game: %v, want a *engine.MoveError", err)
	}
}
