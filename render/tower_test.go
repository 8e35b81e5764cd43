package render

import (
	"bytes"
	"image"
	"os"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// towerGame replays the engine's fixture of the rule text's tower example
// (004_…) up to turn n.
func towerGame(tb testing.TB, n int) *engine.Game {
	tb.Helper()
	data, err := os.ReadFile("../engine/testdata/rules/tower-capture-exchange-ransom.rec")
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := engine.ReadRecord(strings.NewReader(string(data)))
	if err != nil {
		tb.Fatal(err)
	}
	rec.Turns, rec.End = rec.Turns[:n], false
	g, err := rec.Replay()
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// TestTowers checks the board and the scoreboard of the tower example
// after turn 19: each tower drawn on its foundation (stone and its white
// height plate where the picture without towers has none), the follower
// on top of the closed tower in its player's colour, and in the
// scoreboard each jailer's prisoners in their owners' colours.
func TestTowers(t *testing.T) {
	r := testRenderer()
	k := r.kits.get()
	defer r.kits.put(k)
	g := towerGame(t, 19)
	towers := g.Towers()
	if len(towers) != 2 || !towers[0].Guarded {
		t.Fatalf("fixture: towers %+v, want two, the first guarded", towers)
	}
	sc := newScene(g, true)
	l := layoutBoard(sc, false)
	with := r.compose(k, sc, l, false, r.newRGBA).(rgbaCanvas).img
	bare := newScene(g, true)
	bare.towers = nil
	without := r.compose(k, bare, l, false, r.newRGBA).(rgbaCanvas).img
	dump(t, "towers", with)
	guard := PlayerColour(towers[0].Guard)
	for _, tw := range towers {
		cr := l.win.cellRect(tw.Cell)
		stone := countNear(with, cr, colStone, 6) - countNear(without, cr, colStone, 6)
		if min := cr.Dx() * cr.Dy() / 40; stone < min {
			t.Errorf("tower at %v: %d more stone pixels than without towers, want at least %d", tw.Cell, stone, min)
		}
		if n := countNear(with, cr, colWhite, 2) - countNear(without, cr, colWhite, 2); n < 20 {
			t.Errorf("tower at %v: no height plate (%d white pixels more)", tw.Cell, n)
		}
		// The guard stands on top of the closed tower only.
		above := image.Rect(cr.Min.X, cr.Min.Y-cr.Dy()/2, cr.Max.X, cr.Max.Y)
		n := countNear(with, above, guard, 3) - countNear(without, above, guard, 3)
		if tw.Guarded && n < 30 {
			t.Errorf("tower at %v: the guard is not drawn (%d pixels of its colour more)", tw.Cell, n)
		}
		if !tw.Guarded && n > 0 {
			t.Errorf("tower at %v without a guard: %d pixels of the guard's colour more", tw.Cell, n)
		}
	}

	// The scoreboard: Blue holds Yellow's follower; nobody else holds any.
	d := func(v float64) int { return dpx(v, l.u) }
	for p := range sc.names {
		top := scoreRowsTop(sc, l.panel, l.u) + p*d(scoreRowH(sc)) + d(scoreRowD)
		line := image.Rect(l.panel.Min.X+d(scorePadD+2)+d(19)+d(4)+d(30), top-d(3), l.panel.Max.X, top+d(scoreGoodsD)-d(3))
		for q := range sc.names {
			held := 0
			for _, pr := range g.Prisoners(p) {
				if pr.Player == q {
					held++
				}
			}
			n := countNear(with, line, PlayerColour(q), 3)
			if held > 0 && n < 15 {
				t.Errorf("%s holds %d of %s's figures, but the line shows %d pixels of that colour", sc.names[p], held, sc.names[q], n)
			}
			if held == 0 && n > 0 {
				t.Errorf("%s holds none of %s's figures, but the line shows %d pixels of that colour", sc.names[p], sc.names[q], n)
			}
		}
		if len(g.Prisoners(p)) > 0 && p != 1 {
			t.Errorf("fixture: %s holds prisoners %v", sc.names[p], g.Prisoners(p))
		}
	}
	if len(g.Prisoners(1)) == 0 {
		t.Fatalf("fixture: Blue holds no prisoner")
	}
}

// TestTowerFinalTable checks that the final table of a game with The Tower
// has a column of ransoms whose values are the engine's, so that each row
// adds up to the player's score.
func TestTowerFinalTable(t *testing.T) {
	g := towerGame(t, 19)
	sc := newScene(g, false)
	srcs := finalSources(sc)
	last := srcs[len(srcs)-1]
	if last.title != "ransoms" {
		t.Fatalf("last column %q, want ransoms", last.title)
	}
	for p, b := range g.Breakdowns() {
		sum := 0
		for _, s := range srcs {
			sum += s.value(b)
		}
		if sum != g.Score(p) {
			t.Errorf("%s: the columns add up to %d, the score is %d", sc.names[p], sum, g.Score(p))
		}
	}
	if b := g.Breakdowns(); b[0].Ransoms == 0 {
		t.Errorf("fixture: Red received no ransom: %+v", b[0])
	}
	var png bytes.Buffer
	if err := testRenderer().FinalPNG(&png, g); err != nil {
		t.Fatal(err)
	}
}
