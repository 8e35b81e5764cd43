package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestParseCell(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Cell
	}{{"2,-1", Cell{2, -1}}, {" (2, -1) ", Cell{2, -1}}, {"0,0", Cell{}}, {"-29999,29999", Cell{-29999, 29999}}} {
		if got, err := ParseCell(tt.in); err != nil || got != tt.want {
			t.Errorf("ParseCell(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "2", "2,", ",1", "a,b", "2;1", "30000,0", "1,2,3", "(1,2", "1.5,2"} {
		if _, err := ParseCell(bad); err == nil {
			t.Errorf("ParseCell(%q) accepted", bad)
		}
	}
}

// TestCandidateCells: every legal placement's cell is a candidate once, in
// the order of Placements, with its rotations; breakdowns add up to the
// scores; along random games.
func TestCandidateCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for game := range 20 {
		g, err := New(Config{Players: []string{"A", "B", "C"}, Seed: uint64(game)})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Ended() {
			ps := g.Placements()
			cells := g.CandidateCells()
			var want []Cell
			for _, p := range ps {
				if !slices.Contains(want, p.Cell) {
					want = append(want, p.Cell)
				}
			}
			if !slices.Equal(cells, want) {
				t.Fatalf("game %d turn %d: CandidateCells %v, want %v", game, g.Turn(), cells, want)
			}
			for _, c := range cells {
				var rots []Rotation
				for _, p := range ps {
					if p.Cell == c {
						rots = append(rots, p.Rotation)
					}
				}
				if got := g.RotationsAt(c); !slices.Equal(got, rots) {
					t.Fatalf("RotationsAt(%v) = %v, want %v", c, got, rots)
				}
			}
			m := randomTestMove(g, rng)
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			for p, b := range g.Breakdowns() {
				if b.Total() != g.Score(p) {
					t.Fatalf("player %d: breakdown %+v totals %d, score %d", p, b, b.Total(), g.Score(p))
				}
			}
		}
		if g.CandidateCells() != nil {
			t.Fatal("an ended game has candidates")
		}
	}
}

func randomTestMove(g *Game, rng *rand.Rand) Move {
	t, _ := g.Drawn()
	ps := g.Placements()
	if len(ps) == 0 {
		return Move{Tile: t, Discard: true}
	}
	p := ps[rng.IntN(len(ps))]
	m := Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
	if spots := g.FollowerSpots(p); len(spots) > 0 && rng.IntN(2) == 0 {
		m.Follower = spots[rng.IntN(len(spots))].Port
	}
	return m
}
