package render

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// tbGame plays a game of Traders & Builders for n players with random
// legal moves, placing tiles next to many others (as compactGame does),
// deploying the builder or the pig whenever the player may (g.FigureSpots),
// else a follower about two turns in three, until turns moves have been
// played or the game ends (turns < 0: to the end).
func tbGame(tb testing.TB, n int, seed uint64, turns int) *engine.Game {
	tb.Helper()
	names := []string{"Ann", "Ben", "Cid", "Dee", "Eli", "Flo"}
	g, err := engine.New(engine.Config{Rules: rulesOf(tb, engine.ExpansionTradersAndBuilders), Players: names[:n], Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 11))
	for played := 0; !g.Ended() && (turns < 0 || played < turns); played++ {
		t, _ := g.Drawn()
		ps := g.Placements()
		m := engine.Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			best, bestN := ps[0], -1
			for _, p := range ps {
				k := 0
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						if _, ok := g.TileAt(engine.Cell{X: p.Cell.X + dx, Y: p.Cell.Y + dy}); ok {
							k++
						}
					}
				}
				// Places where the builder or the pig may go first.
				if len(g.FigureSpots(p, engine.FigureBuilder))+len(g.FigureSpots(p, engine.FigurePig)) > 0 {
					k += 4
				}
				k = k*8 + rng.IntN(9)
				if k > bestN {
					best, bestN = p, k
				}
			}
			m = engine.Move{Tile: t, Cell: best.Cell, Rotation: best.Rotation}
			deployed := false
			for _, fig := range []engine.Figure{engine.FigureBuilder, engine.FigurePig} {
				if sp := g.FigureSpots(best, fig); len(sp) > 0 && !deployed {
					m.Follower, m.Figure, deployed = sp[rng.IntN(len(sp))].Port, fig, true
				}
			}
			if !deployed && rng.IntN(3) > 0 {
				if sp := g.FigureSpots(best, engine.FigureFollower); len(sp) > 0 {
					m.Follower, m.Figure = sp[rng.IntN(len(sp))].Port, engine.FigureFollower
				}
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("move %d: %v", played+1, err)
		}
	}
	return g
}

func TestTBLook(t *testing.T) {
	r := testRenderer()
	for _, turns := range []int{30, -1} {
		g := tbGame(t, 3, 4, turns)
		dump(t, fmt.Sprint("board", turns), r.Board(g))
		dump(t, fmt.Sprint("final", turns), r.Final(g))
		if g.Ended() {
			continue
		}
		for _, p := range g.Placements() {
			for _, fig := range []engine.Figure{engine.FigureBuilder, engine.FigurePig} {
				if sp := g.FigureSpots(p, fig); len(sp) > 0 {
					img, err := r.PreviewFigure(g, p, sp[0].Port, fig)
					if err != nil {
						t.Fatal(err)
					}
					dump(t, "preview-"+fig.String(), img)
				}
			}
		}
	}
}
