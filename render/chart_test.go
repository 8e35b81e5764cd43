package render

import (
	"image"
	"image/color"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// TestScoreHistory checks the points the final picture's chart draws: a
// value per turn from 0, starting at 0, never falling in the base game,
// ending at each player's score, and equal at each turn to the points of
// the events up to that turn.
func TestScoreHistory(t *testing.T) {
	g := playGame(t, engine.Config{Players: []string{"Alice", "Bob", "Carol"}, Seed: 4}, 4, -1)
	hist := scoreHistory(g)
	if len(hist) != 3 {
		t.Fatalf("got %d players, want 3", len(hist))
	}
	scores := g.Scores()
	for p, row := range hist {
		if got, want := len(row), g.Turn(); got != want {
			t.Errorf("player %d: %d values, want %d (turns 0 to %d)", p, got, want, g.Turn()-1)
		}
		if row[0] != 0 {
			t.Errorf("player %d starts at %d", p, row[0])
		}
		if got := row[len(row)-1]; got != scores[p] {
			t.Errorf("player %d ends at %d, score %d", p, got, scores[p])
		}
		for i := 1; i < len(row); i++ {
			if row[i] < row[i-1] {
				t.Fatalf("player %d falls from %d to %d at turn %d", p, row[i-1], row[i], i)
			}
		}
	}
	for _, turn := range []int{10, 30, 50} {
		want := make([]int, 3)
		for _, e := range g.Events() {
			if e.Turn <= turn {
				want[e.Player] += e.Points
			}
		}
		for p := range want {
			if hist[p][turn] != want[p] {
				t.Errorf("turn %d, player %d: %d, events say %d", turn, p, hist[p][turn], want[p])
			}
		}
	}
}

// TestScoreChartDrawn checks that the final picture draws each player's
// line in the player's colour in the chart under the bars.
func TestScoreChartDrawn(t *testing.T) {
	r := testRenderer()
	g := playGame(t, engine.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 4}, 4, -1)
	img := r.Final(g)
	sc := newScene(g, false)
	l := layoutBoard(sc, true)
	// The chart lies between the bars' key and the city legend.
	d := func(v float64) int { return dpx(v, l.u) }
	y0 := l.panel.Min.Y + d(float64(finalPadD+finalTitleD+finalWinnerD+finalHeadD+finalRowD*4+8+finalChartD+finalBarD*4+finalKeyD*finalKeyLines(sc)+8))
	chart := image.Rect(l.panel.Min.X, y0, l.panel.Max.X, y0+d(finalLineTitleD+finalLineD))
	count := func(c color.RGBA) int {
		n := 0
		for y := chart.Min.Y; y < chart.Max.Y; y++ {
			for x := chart.Min.X; x < chart.Max.X; x++ {
				if img.RGBAAt(x, y) == c {
					n++
				}
			}
		}
		return n
	}
	// The leader's line is drawn on top; lines may hide others where they
	// run together, but not all.
	won, _ := g.Winners()
	if n := count(PlayerColour(won[0])); n < 20 {
		t.Errorf("the winner's line: %d pixels of colour %v in the chart %v", n, PlayerColour(won[0]), chart)
	}
	seen := 0
	for p := range 4 {
		if count(PlayerColour(p)) >= 20 {
			seen++
		}
	}
	if seen < 2 {
		t.Errorf("%d players' colours in the chart, want at least 2", seen)
	}
	dump(t, "final", img)
}
