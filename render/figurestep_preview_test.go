package render

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// TestPreviewMoveFigureStep: the preview of a figure step that goes away
// from the tile placed (The Princess & the Dragon) draws it: a figure
// through the magic portal, the fairy moved, the princess's knight gone;
// each picture differs from the preview without it, and a target the
// placement does not offer is refused with the engine's error.
func TestPreviewMoveFigureStep(t *testing.T) {
	r := testRenderer()
	rules, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 12 && len(seen) < 3; seed++ {
		g, err := engine.New(engine.Config{Rules: rules, Players: []string{"Ann", "Bob"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for n := 0; !g.Ended() && n < 400 && len(seen) < 3; n++ {
			if d, ok := g.Drawn(); ok && g.Pending().Step == engine.StepTile && !g.SetsAside() && len(g.Placements()) > 0 {
				p := g.Placements()[0]
				plain := engine.Move{Tile: d, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort}
				var m engine.Move
				var what string
				switch {
				case !seen["portal"] && len(g.PortalSpots(p)) > 0:
					s := g.PortalSpots(p)[0]
					m, what = plain, "portal"
					m.Portal, m.PortalCell, m.Follower = true, s.Cell, s.Port
				case !seen["fairy"] && len(g.FairyCells()) > 0:
					m, what = plain, "fairy"
					m.Fairy, m.FairyCell = true, g.FairyCells()[0]
				case !seen["princess"] && len(g.Princesses(p)) > 0:
					m, what = plain, "princess"
					m.Princess = g.Princesses(p)[0]
				}
				if what != "" && g.Check(m) == nil {
					seen[what] = true
					var with, without bytes.Buffer
					if err := r.PreviewMovePNG(&with, g, m); err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					if err := r.PreviewMovePNG(&without, g, plain); err != nil {
						t.Fatal(err)
					}
					img := decodePNG(t, func(w io.Writer) error { _, err := w.Write(with.Bytes()); return err })
					base := decodePNG(t, func(w io.Writer) error { _, err := w.Write(without.Bytes()); return err })
					dump(t, "figure-step-"+what, img)
					if img.Bounds() == base.Bounds() && bytes.Equal(img.Pix, base.Pix) {
						t.Errorf("%s: the preview is the same as without it", what)
					}
					// Ringed where it goes (or, the knight sent home, where
					// it stood), and said in a line above the tile's spots.
					sc := newScene(g, false)
					cell, col := map[string]engine.Cell{"portal": m.PortalCell, "fairy": m.FairyCell, "princess": m.Princess.Cell}[what], colHighlight
					if what == "princess" {
						col = colCapture
					}
					win := coverWindow(sc, p.Cell, []engine.Cell{p.Cell, cell})
					if n, n0 := countNear(img, win.cellRect(cell), col, 24), countNear(base, win.cellRect(cell), col, 24); n < n0+100 {
						t.Errorf("%s: %d pixels of the ring at (%s), %d without: the figure is not ringed", what, n, cell, n0)
					}
					if img.Bounds().Dy() != base.Bounds().Dy()+30 {
						t.Errorf("%s: the preview is %d pixels high, %d without: no line says what the figure step does", what, img.Bounds().Dy(), base.Bounds().Dy())
					}
					if words := movedWords(sc, m); !strings.Contains(words, "("+cell.String()+")") {
						t.Errorf("%s: the line says %q, not the cell (%s)", what, words, cell)
					}
					bad := m
					switch what {
					case "portal":
						bad.PortalCell = engine.Cell{X: 40, Y: 40}
					case "fairy":
						bad.FairyCell = engine.Cell{X: 40, Y: 40}
					case "princess":
						bad.Princess = engine.Target{Cell: engine.Cell{X: 40, Y: 40}, Port: engine.N}
					}
					if _, err := r.PreviewMove(g, bad); !errors.Is(err, map[string]error{"portal": engine.ErrPortal, "fairy": engine.ErrFairy, "princess": engine.ErrPrincess}[what]) {
						t.Errorf("%s far away: %v", what, err)
					}
				}
			}
			as := g.Answers()
			if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, w := range []string{"portal", "fairy", "princess"} {
		if !seen[w] {
			t.Errorf("no game offered the %s to preview", w)
		}
	}
}

// TestPreviewMageOnTilePlaced: the preview of a move that puts the mage on
// the tile it places draws him there, ringed, and says so (he was left
// out: the tile placed is not yet one of the board's).
func TestPreviewMageOnTilePlaced(t *testing.T) {
	r := testRenderer()
	rules, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionMageAndWitch), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 30; seed++ {
		g, err := engine.New(engine.Config{Rules: rules, Players: []string{"Ann", "Bob"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 5))
		for n := 0; !g.Ended() && n < 400; n++ {
			if d, ok := g.Drawn(); ok && g.Pending().Step == engine.StepTile {
				for _, p := range g.Placements() {
					if !g.MagicNeeded(p) {
						continue
					}
					for _, at := range g.MagicSpots(p, engine.MagicMage) {
						if at.Cell != p.Cell {
							continue
						}
						m := engine.Move{Tile: d, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort, Magic: engine.MagicMage, MagicAt: at}
						img := decodePNG(t, func(w io.Writer) error { return r.PreviewMovePNG(w, g, m) })
						dump(t, "mage-on-tile", img)
						cr := coverWindow(newScene(g, false), p.Cell, []engine.Cell{p.Cell}).cellRect(p.Cell)
						if n := countNear(img, cr, colMage, 0); n < 10 {
							t.Errorf("seed %d: the mage on the tile placed at %v shows %d pixels of his robe", seed, p.Cell, n)
						}
						base := decodePNG(t, func(w io.Writer) error { return r.PreviewFigurePNG(w, g, p, engine.NoPort, engine.FigureFollower) })
						if n, n0 := countNear(img, cr.Inset(-cr.Dx()/4), colHighlight, 8), countNear(base, cr.Inset(-cr.Dx()/4), colHighlight, 8); n < n0+100 {
							t.Errorf("seed %d: the mage on the tile placed at %v is not ringed: %d pixels of the highlight, %d without him", seed, p.Cell, n, n0)
						}
						if words, want := movedWords(newScene(g, false), m), "mage to ("+p.Cell.String()+")"; words != want {
							t.Errorf("seed %d: the preview says %q, want %q", seed, words, want)
						}
						return
					}
				}
			}
			as := g.Answers()
			if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no game of 30 seeds offered to put the mage on the tile placed")
}
