package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/racetest"
)

// fairyChoicePosition finds, in random 2-player games of The Princess & the
// Dragon, a position at the start of a turn where the player may move the
// fairy and some placement of the tile drawn with a knight completes a city
// for at least minPoints points to that player: deploying there is clearly
// better than moving the fairy (1 point a turn, 3 when her follower's
// feature scores). It returns the game and the best such gain.
func fairyChoicePosition(tb testing.TB, minPoints int) (*engine.Game, int) {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	for seed := uint64(1); seed < 400; seed++ {
		g, err := engine.New(engine.Config{Players: []string{"Ann", "Bob"}, Rules: r, Seed: seed, DrawnOnly: true})
		if err != nil {
			tb.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 30))
		for g.Pending().Step != engine.StepNone {
			if g.Pending().Step == engine.StepTile && len(g.FairySpots()) > 0 && g.Turn() > 6 {
				if best := bestKnightCompletion(g); best >= minPoints {
					return g, best
				}
			}
			as := g.Answers()
			if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
				tb.Fatal(err)
			}
		}
	}
	tb.Fatalf("no position with a city of %d points to complete and the fairy to move", minPoints)
	return nil, 0
}

// bestKnightCompletion returns the most points the current player of g
// scores in the turn by placing the tile drawn with a knight on a city
// that the tile completes.
func bestKnightCompletion(g *engine.Game) int {
	t, _ := g.Drawn()
	me := g.Current()
	best := 0
	for _, p := range g.Placements() {
		for _, sp := range g.FollowerSpots(p) {
			if sp.Kind != engine.City {
				continue
			}
			c := g.Clone()
			if err := c.Apply(engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation, Follower: sp.Port}); err != nil {
				continue
			}
			if gain := c.Score(me) - g.Score(me); gain > best && c.Supply(me) == g.Supply(me) {
				best = gain // the knight came back: the city was completed
			}
		}
	}
	return best
}

// TestNormalDeploysRatherThanFairy: given a position where a knight on a
// city the tile completes scores at least 8 points at once and the fairy
// could move instead, the normal level takes the city's points, not the
// fairy (issue 30: "placed the fairy next to one of its two farmers on
// almost every turn").
func TestNormalDeploysRatherThanFairy(t *testing.T) {
	g, best := fairyChoicePosition(t, 8)
	me := g.Current()
	for seed := uint64(1); seed <= uint64(racetest.Scale(8, 4)); seed++ { // 2 seeds under -race
		as, err := Turn(g, Normal, seed)
		if err != nil {
			t.Fatal(err)
		}
		gain := playTurn(t, g, as).Score(me) - g.Score(me)
		for _, a := range as {
			// The fairy's point of the turn comes either way.
			none := a.Port == engine.NoPort && a.Tower == engine.TowerNone && !a.Fly && !a.Princess && !a.Fairy
			if a.Step == engine.StepFigure && (a.Fairy || none && gain < best) {
				t.Errorf("seed %d: normal answered %s, which scored %d; a knight on the city the tile completes scores %d at once", seed, a, gain, best)
			}
		}
	}
}
