package render

import (
	"io"
	"testing"
)

// TestGoldFinalTable checks that the final table of a game of The Gold
// Mines (the fixtures of the rule texts' examples) has a gold column with
// the engine's end bonus, so that each row adds up to the player's score,
// and that the picture draws.
func TestGoldFinalTable(t *testing.T) {
	gold := 0
	for _, name := range []string{"gm-shared-road", "gm-city", "gm-cloister"} {
		g := pdGame(t, name, -1)
		if !g.Ended() {
			g.Finish()
		}
		sc := newScene(g, false)
		srcs := finalSources(sc)
		if last := srcs[len(srcs)-1]; last.title != "gold" {
			t.Fatalf("%s: last column %q, want gold", name, last.title)
		}
		for p, b := range g.Breakdowns() {
			sum := 0
			for _, s := range srcs {
				sum += s.value(b)
			}
			if sum != g.Score(p) {
				t.Errorf("%s, %s: the columns add up to %d, the score is %d", name, sc.names[p], sum, g.Score(p))
			}
			gold += b.Gold
		}
		// The picture draws (its columns are those checked above).
		img := decodePNG(t, func(w io.Writer) error { return testRenderer().FinalPNG(w, g) })
		dump(t, name, img)
	}
	if gold == 0 {
		t.Error("fixtures: nobody scored gold at the end")
	}
	// The gold column is headed by an ingot, not a chip of colour.
	icon := testRenderer().sourceIcon(goldSource, 24)
	if n := countNear(icon, icon.Rect, colGold, 0); n < 24*24/8 {
		t.Errorf("the gold column's icon has %d pixels of gold, want at least %d", n, 24*24/8)
	}
	if n := countNear(icon, icon.Rect, colWall, 0); n > 0 {
		t.Errorf("the gold column's icon is a chip (%d pixels of its frame)", n)
	}
}
