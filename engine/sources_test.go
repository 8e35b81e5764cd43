package engine

import (
	"math/rand/v2"
	"testing"
)

// TestPointSourcesAddUp plays random games with each expansion alone and
// all of them through Answers and Act: at the end, each player's points
// in the sources of PointSources add up to the player's score, and a
// source of an expansion not in play holds none.
func TestPointSourcesAddUp(t *testing.T) {
	for _, set := range expansionSets() {
		r, err := NewRules(set, Options{})
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(Config{Players: []string{"Ann", "Ben", "Cal"}, Seed: uint64(set), Rules: r})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(set), 9))
		for n := 0; !g.Ended() && n < 5000; n++ {
			as := g.Answers()
			if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
				t.Fatalf("%s: %v", set, err)
			}
		}
		if !g.Ended() {
			t.Fatalf("%s: the game did not end", set)
		}
		sources := PointSources(set)
		for p, b := range g.Breakdowns() {
			sum := 0
			for _, s := range sources {
				sum += s.Of(b)
			}
			if sum != g.Score(p) {
				t.Errorf("%s: player %d's sources %+v add up to %d, the score is %d", set, p, b, sum, g.Score(p))
			}
		}
	}
	if got := len(PointSources(0)); got != 4 {
		t.Errorf("the base game has %d sources, want roads, cities, cloisters and farms", got)
	}
}
