package render

import (
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// towerPreviewGame plays a game of The Tower for two players with random
// legal moves (a follower about two turns in three, a tower piece without
// capture now and then) until the drawn tile can be placed with a tower
// piece that has at least two followers in reach, all inside the
// preview's window, while a tower may be closed; it returns the game and
// that move, without capture.
func towerPreviewGame(tb testing.TB) (*engine.Game, engine.Move) {
	tb.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		g, err := engine.New(engine.Config{Rules: rulesOf(tb, engine.ExpansionTower), Players: []string{"Ann", "Ben"}, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for !g.Ended() {
			t, _ := g.Drawn()
			ps := g.Placements()
			for _, p := range ps {
				for _, c := range g.TowerCells(p) {
					m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation, Tower: engine.TowerPiece, TowerCell: c}
					targets := g.Captures(m)
					win := previewWindow(newScene(g, false), c)
					inside := len(targets) >= 2 && len(g.TowerTops(engine.FigureFollower)) > 0
					for _, tg := range targets {
						inside = inside && !tg.Tower && win.contains(tg.Cell)
					}
					if inside {
						return g, m
					}
				}
			}
			m := engine.Move{Tile: t, Discard: true}
			if len(ps) > 0 {
				p := ps[rng.IntN(len(ps))]
				m = engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
				if cs := g.TowerCells(p); len(cs) > 0 && rng.IntN(5) == 0 {
					m.Tower, m.TowerCell = engine.TowerPiece, cs[rng.IntN(len(cs))]
				} else if sp := g.FollowerSpots(p); len(sp) > 0 && rng.IntN(3) > 0 {
					m.Follower = sp[rng.IntN(len(sp))].Port
				}
			}
			if err := g.Apply(m); err != nil {
				tb.Fatal(err)
			}
		}
	}
	tb.Fatal("no game of 40 had a tower piece with two followers in reach")
	return nil, engine.Move{}
}

// TestPreviewTower checks the preview of a tower piece on decoded PNGs:
// every follower in reach circled in red, the one chosen for capture
// circled in yellow instead, the tower on its tile; and the errors
// for a move without tower and an illegal capture.
func TestPreviewTower(t *testing.T) {
	r := testRenderer()
	g, m := towerPreviewGame(t)
	targets := g.Captures(m)
	win := previewWindow(newScene(g, false), m.TowerCell)
	none := decodePNG(t, func(w io.Writer) error { return r.PreviewTowerPNG(w, g, m) })
	dump(t, "preview-tower", none)
	chosen := m
	chosen.Capture = targets[0]
	picked := decodePNG(t, func(w io.Writer) error { return r.PreviewTowerPNG(w, g, chosen) })
	dump(t, "preview-tower-capture", picked)
	if none.Bounds() != picked.Bounds() {
		t.Fatalf("the pictures differ in size: %v and %v", none.Bounds(), picked.Bounds())
	}
	for i, tg := range targets {
		cr := win.cellRect(tg.Cell).Inset(-win.tile / 4)
		red := countNear(none, cr, colCapture, 12)
		if red < 40 {
			t.Errorf("target %s at %v: %d red pixels, want a ring", CaptureLabel(i), tg.Cell, red)
		}
		yellow := countNear(picked, cr, colHighlight, 12) - countNear(none, cr, colHighlight, 12)
		redAfter := countNear(picked, cr, colCapture, 12)
		if i == 0 && (yellow < 40 || redAfter >= red) {
			t.Errorf("the target chosen at %v: %d more yellow pixels, red %d → %d; want its ring yellow", tg.Cell, yellow, red, redAfter)
		}
		if i > 0 && tg.Cell != targets[0].Cell && (redAfter < red*9/10 || countNear(picked, cr, colHighlight, 12) > countNear(none, cr, colHighlight, 12)+10) {
			t.Errorf("target %v not chosen: red %d → %d", tg.Cell, red, redAfter)
		}
	}
	// The tower stands on its tile (a new one on a bare foundation).
	tc := win.cellRect(m.TowerCell)
	if n := countNear(none, tc, colStone, 6); n < tc.Dx()*tc.Dy()/40 {
		t.Errorf("the tower at %v: %d stone pixels", m.TowerCell, n)
	}

	// A follower on top of a tower: the player's colour above the tower.
	c := g.TowerTops(engine.FigureFollower)[0]
	top := engine.Move{Tile: m.Tile, Cell: m.Cell, Rotation: m.Rotation, Tower: engine.TowerTop, TowerCell: c}
	closed := decodePNG(t, func(w io.Writer) error { return r.PreviewTowerPNG(w, g, top) })
	dump(t, "preview-tower-top", closed)
	tw := previewWindow(newScene(g, false), c)
	above := tw.cellRect(c)
	above.Min.Y -= above.Dy() / 2
	raised := decodePNG(t, func(w io.Writer) error {
		return r.PreviewTowerPNG(w, g, engine.Move{Tile: m.Tile, Cell: m.Cell, Rotation: m.Rotation, Tower: engine.TowerPiece, TowerCell: c})
	})
	col := PlayerColour(g.Current())
	if n, n0 := countNear(closed, above, col, 3), countNear(raised, above, col, 3); n < n0+30 {
		t.Errorf("the follower on top of the tower at %v: %d pixels of the player's colour, %d without it", c, n, n0)
	}

	if err := r.PreviewTowerPNG(io.Discard, g, engine.Move{Tile: m.Tile, Cell: m.Cell, Rotation: m.Rotation}); !errors.Is(err, ErrNoTower) {
		t.Errorf("a move without tower: %v, want ErrNoTower", err)
	}
	bad := m
	bad.Capture = engine.Target{Cell: engine.Cell{X: 40, Y: 40}, Port: engine.C}
	var me *engine.MoveError
	if err := r.PreviewTowerPNG(io.Discard, g, bad); !errors.As(err, &me) {
		t.Errorf("a capture out of reach: %v, want a *engine.MoveError", err)
	}
}
