package ai

import (
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/racetest"
)

// TestScoreboardChoices: the computers answer the choices of The
// Messengers and The Robbers sensibly (issue 31.5). Over games of both,
// the easy and normal players carry out a Message tile worth more than its
// 2 points, move the pawn that lands on the only dark space of the choice
// in their own turn (a Message tile follows), and place their robber when
// they may, each most of the time: a search weighs the rest of the game,
// so not always.
func TestScoreboardChoices(t *testing.T) {
	t.Parallel()
	set := engine.ExpansionSet(0).With(engine.ExpansionRobbers).With(engine.ExpansionMessengers)
	r, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, lvl := range []Level{Easy, Normal} {
		var worth, worthTaken, dark, darkTaken, robber, robberPlaced int
		for seed := uint64(1); seed <= uint64(racetest.Scale(8, 4)); seed++ {
			g, err := engine.New(engine.Config{Rules: r, Players: []string{"A", "B", "C"}, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; !g.Ended(); n++ {
				as, err := Config{Level: lvl, Playouts: 60}.Turn(g, seed+uint64(n))
				if err != nil {
					t.Fatal(err)
				}
				for _, a := range as {
					d, opts := g.Pending(), g.Answers()
					switch d.Step {
					case engine.StepMessage:
						best := 0
						for _, o := range opts {
							if o.Use {
								best = max(best, o.Points)
							}
						}
						if best > engine.MessageBonus {
							worth++
							if a.Use && a.Points == best {
								worthTaken++
							}
						}
					case engine.StepPawn:
						n := 0
						for _, o := range opts {
							if engine.DarkSpace(o.From + o.Points) {
								n++
							}
						}
						if n == 1 && d.Player == g.Current() {
							dark++
							if engine.DarkSpace(a.From + a.Points) {
								darkTaken++
							}
						}
					case engine.StepRobber:
						robber++
						if a.Seat != 0 {
							robberPlaced++
						}
					}
					if _, err := g.Act(a); err != nil {
						t.Fatalf("%s: %s refused: %v", lvl, a, err)
					}
				}
			}
		}
		t.Logf("%s: messages worth more carried out %d of %d, the dark space taken %d of %d, robbers placed %d of %d", lvl, worthTaken, worth, darkTaken, dark, robberPlaced, robber)
		for _, c := range []struct {
			what      string
			took, all int
		}{{"a message worth more than 2 points carried out", worthTaken, worth}, {"the pawn onto the dark space moved", darkTaken, dark}, {"a robber placed", robberPlaced, robber}} {
			if c.all == 0 {
				t.Errorf("%s: no position where %s could be", lvl, c.what)
			} else if float64(c.took) < 0.65*float64(c.all) {
				t.Errorf("%s: %s %d times of %d", lvl, c.what, c.took, c.all)
			}
		}
	}
}
