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
					win := towerWindowOf(g, m)
					inside := len(targets) >= 2 && len(g.TowerTops(engine.FigureFollower)) > 0
					for _, tg := range targets {
						inside = inside && !tg.Tower && win.contains(tg.Cell)
					}
					if inside {
						return g, m
					}
				}
			}
			playTowerTurn(tb, g, rng, ps, 5)
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
	win := towerWindowOf(g, m)
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
	tw := towerWindowOf(g, top)
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

// towerWindowOf is the window PreviewTower shows for move m of g: the
// tower, the tile placed and the figures in reach of a tower piece.
func towerWindowOf(g *engine.Game, m engine.Move) window {
	interest := []engine.Cell{m.TowerCell, m.Cell}
	if m.Tower == engine.TowerPiece {
		bare := m
		bare.Capture = engine.Target{}
		for _, tg := range g.Captures(bare) {
			interest = append(interest, tg.Cell)
		}
	}
	return coverWindow(newScene(g, false), m.TowerCell, interest)
}

// TestPreviewTowerShowsAll draws tower pieces placed far from the tile
// placed, or with figures in reach beyond the 5 × 5 cells around the
// tower, in random games of The Tower: the preview, as wide as any, shows
// the tile placed outlined and every figure in reach circled, in smaller
// cells when it must.
func TestPreviewTowerShowsAll(t *testing.T) {
	r := testRenderer()
	wide := 0
	far := 0
	for seed := uint64(1); seed < 30 && (far < 3 || wide < 2); seed++ {
		g, err := engine.New(engine.Config{Rules: rulesOf(t, engine.ExpansionTower), Players: []string{"Ann", "Ben"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 5))
		for !g.Ended() && (far < 3 || wide < 2) {
			tile, _ := g.Drawn()
			ps := g.Placements()
			for _, p := range ps {
				for _, c := range g.TowerCells(p) {
					m := engine.Move{Tile: tile, Cell: p.Cell, Rotation: p.Rotation, Tower: engine.TowerPiece, TowerCell: c}
					targets := g.Captures(m)
					old := previewWindow(newScene(g, false), c)
					outside := !old.contains(p.Cell)
					for _, tg := range targets {
						outside = outside || !old.contains(tg.Cell)
					}
					if !outside || len(targets) == 0 {
						continue
					}
					win := towerWindowOf(g, m)
					if win.cols() > 2*previewReach+1 {
						wide++
					}
					far++
					img := decodePNG(t, func(w io.Writer) error { return r.PreviewTowerPNG(w, g, m) })
					if want := (2*previewReach+1)*previewTile + 2*marginFor(previewTile); img.Bounds().Dx() < want-8 || img.Bounds().Dx() > want {
						t.Errorf("seed %d, tower at %v: the preview is %d pixels wide, want %d", seed, c, img.Bounds().Dx(), want)
					}
					if !win.contains(p.Cell) {
						t.Fatalf("seed %d: the tile placed at %v is outside the window %v–%v", seed, p.Cell, win.lo, win.hi)
					}
					cr := win.cellRect(p.Cell)
					ring := cr.Inset(-max(2, win.tile/24))
					if n := countNear(img, ring, colHighlight, 8) - countNear(img, cr.Inset(max(2, win.tile/24)), colHighlight, 8); n < 2*cr.Dx() {
						t.Errorf("seed %d: the tile placed at %v is not outlined (%d pixels)", seed, p.Cell, n)
					}
					for i, tg := range targets {
						if !win.contains(tg.Cell) {
							t.Fatalf("seed %d: figure %s in reach at %v is outside the window %v–%v", seed, CaptureLabel(i), tg.Cell, win.lo, win.hi)
						}
						if red := countNear(img, win.cellRect(tg.Cell).Inset(-win.tile/4), colCapture, 12); red < 20 {
							t.Errorf("seed %d: figure %s in reach at %v: %d red pixels, want a ring", seed, CaptureLabel(i), tg.Cell, red)
						}
					}
					if far == 1 || win.cols() > 2*previewReach+1 && wide == 1 {
						dump(t, "preview-tower-far", img)
					}
				}
			}
			playTowerTurn(t, g, rng, ps, 3)
		}
	}
	if far < 3 || wide < 2 {
		t.Fatalf("the games had %d tower pieces with the tile or a figure beyond 5 × 5 cells, %d needing more cells; want 3 and 2", far, wide)
	}
}

// playTowerTurn plays a random turn of g, whose drawn tile has placements
// ps: a tower piece without capture one time in towerOdds where one may
// go, else a follower two times in three, or the tile discarded when it
// has no placement.
func playTowerTurn(tb testing.TB, g *engine.Game, rng *rand.Rand, ps []engine.Placement, towerOdds int) {
	tb.Helper()
	t, _ := g.Drawn()
	m := engine.Move{Tile: t, Discard: true}
	if len(ps) > 0 {
		p := ps[rng.IntN(len(ps))]
		m = engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
		if cs := g.TowerCells(p); len(cs) > 0 && rng.IntN(towerOdds) == 0 {
			m.Tower, m.TowerCell = engine.TowerPiece, cs[rng.IntN(len(cs))]
		} else if sp := g.FollowerSpots(p); len(sp) > 0 && rng.IntN(3) > 0 {
			m.Follower = sp[rng.IntN(len(sp))].Port
		}
	}
	if err := g.Apply(m); err != nil {
		tb.Fatal(err)
	}
}
