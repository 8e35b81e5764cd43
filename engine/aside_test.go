package engine

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// asideRules returns base rules with a rule that sets tiles aside as The
// Princess & the Dragon does with its dragon tiles before the first
// volcano: here the cloisters B are set aside until the first cloister
// with a road (A) is placed.
func asideRules(t *testing.T) *Rules {
	t.Helper()
	base, err := NewRules(0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := *base
	a, _ := r.Tiles.Lookup("A")
	b, _ := r.Tiles.Lookup("B")
	r.aside = asideRule{
		sets: func(g *Game, t TileID) bool {
			if t != b {
				return false
			}
			for _, pt := range g.tiles {
				if pt.tile == a {
					return false
				}
			}
			return true
		},
		returns: func(t TileID) bool { return t == a },
	}
	return &r
}

// TestAside plays games in which tiles are set aside: the player who draws
// one sets it aside and draws again, the turn number does not move, the
// tile cannot be placed meanwhile, and it comes back into the pile when
// the tile that ends the rule is placed; every tile is placed in the end.
// A tile no rule sets aside cannot be set aside.
func TestAside(t *testing.T) {
	r := asideRules(t)
	a, _ := r.Tiles.Lookup("A")
	b, _ := r.Tiles.Lookup("B")
	setAside, returned := 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := New(Config{Players: []string{"Ann", "Ben"}, Seed: seed, Rules: r})
		if err != nil {
			t.Fatal(err)
		}
		twin := g.Clone()
		rng := rand.New(rand.NewPCG(seed, 9))
		for !g.Ended() {
			tile, _ := g.Drawn()
			if g.Pending().Step == StepTile && g.SetsAside() {
				if tile != b {
					t.Fatalf("seed %d: %s set aside", seed, g.ts.Name(tile))
				}
				p := g.Placements()
				if len(p) > 0 {
					err := g.Apply(Move{Tile: tile, Cell: p[0].Cell, Rotation: p[0].Rotation})
					if !errors.Is(err, ErrMustSetAside) {
						t.Fatalf("placing a tile set aside: %v, want ErrMustSetAside", err)
					}
				}
				turn, player, left, n := g.Turn(), g.Current(), g.TilesLeft(), len(g.Aside())
				as := g.Answers()
				if len(as) != 1 || !as[0].Aside {
					t.Fatalf("answers to a tile set aside: %v", as)
				}
				if _, err := g.Act(as[0]); err != nil {
					t.Fatal(err)
				}
				setAside++
				if g.Turn() != turn || g.Current() != player || g.TilesLeft() != left-1 || len(g.Aside()) != n+1 {
					t.Fatalf("after setting aside: turn %d player %d, %d tiles left, %d aside; want %d, %d, %d, %d", g.Turn(), g.Current(), g.TilesLeft(), len(g.Aside()), turn, player, left-1, n+1)
				}
			} else {
				if err := g.Apply(Move{Tile: tile, Aside: true}); tile != b && !errors.Is(err, ErrCannotSetAside) {
					t.Fatalf("setting %s aside: %v, want ErrCannotSetAside", g.ts.Name(tile), err)
				}
				n := len(g.Aside())
				left := g.TilesLeft()
				as := g.Answers()
				for {
					done, err := g.Act(as[rng.IntN(len(as))])
					if err != nil {
						t.Fatal(err)
					}
					if done {
						break
					}
					as = g.Answers()
				}
				if n > 0 && tile == a && len(g.Aside()) != 0 {
					t.Fatal("tiles still aside after A was placed")
				}
				if n > 0 && len(g.Aside()) == 0 {
					returned++
					if g.TilesLeft() != left-1+n {
						t.Fatalf("%d tiles came back, but %d tiles left, was %d", n, g.TilesLeft(), left)
					}
				}
			}
			moves := g.Moves()
			m := moves[len(moves)-1]
			if err := twin.Apply(m); err != nil {
				t.Fatalf("twin: %s: %v", MoveString(g.ts, m), err)
			}
			back, err := ParseMove(g.ts, MoveString(g.ts, m))
			if err != nil || back != m {
				t.Fatalf("%q reads back as %+v, %v", MoveString(g.ts, m), back, err)
			}
		}
		placed := len(g.PlacedTiles())
		for _, m := range g.Moves() {
			if m.Discard {
				placed++
			}
		}
		if placed != r.Total() {
			t.Errorf("seed %d: %d tiles placed or discarded, want all %d", seed, placed, r.Total())
		}
		if g.Record().String() != twin.Record().String() {
			t.Errorf("seed %d: the twin played the same moves to another record", seed)
		}
	}
	if setAside == 0 || returned == 0 {
		t.Fatalf("in 20 games, %d tiles set aside and %d returns: the rule was not exercised", setAside, returned)
	}
}
