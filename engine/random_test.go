package engine

import (
	"math/rand/v2"
	"testing"
)

// playRandom plays a whole game with uniformly random legal moves, deploying
// a follower about half the time, calling check after every move.
func playRandom(tb testing.TB, g *Game, rng *rand.Rand, check func(*Game, Move)) {
	tb.Helper()
	var ps []Placement
	var spots []Spot
	for !g.Ended() {
		t, _ := g.Drawn()
		ps = g.AppendPlacements(ps[:0], t)
		var m Move
		if len(ps) == 0 {
			m = Move{Tile: t, Discard: true}
		} else {
			p := ps[rng.IntN(len(ps))]
			m = Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
			if rng.IntN(2) == 0 {
				spots = g.AppendFollowerSpots(spots[:0], t, p)
				if len(spots) > 0 {
					m.Follower = spots[rng.IntN(len(spots))].Port
				}
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("turn %d: %s: %v", g.Turn(), MoveString(g.TileSet(), m), err)
		}
		if check != nil {
			check(g, m)
		}
	}
}

func TestRandomGamesSmoke(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		g, err := New(Config{Players: []string{"A", "B"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, g, rand.New(rand.NewPCG(seed, 1)), nil)
	}
}
