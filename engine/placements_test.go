package engine

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRiverEndsMatchScan checks the river's fast path: the placements of a
// river tile found from the river's open ends are those found by trying
// every open cell (the path taken once an end was dropped, riverState.lost),
// and CanPlace agrees, on every river turn of random games with each river
// set.
func TestRiverEndsMatchScan(t *testing.T) {
	byCell := func(a, b Placement) int {
		if c := cmp.Compare(a.Cell.Y, b.Cell.Y); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Cell.X, b.Cell.X); c != 0 {
			return c
		}
		return cmp.Compare(a.Rotation, b.Rotation)
	}
	for _, es := range riverSets {
		var set ExpansionSet
		for _, e := range es {
			set = set.With(e)
		}
		r, err := NewRules(set, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rivers := 0
		for seed := uint64(1); seed <= 40; seed++ {
			g, err := New(Config{Players: []string{"A", "B"}, Rules: r, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 9))
			for !g.Ended() {
				tl, _ := g.Drawn()
				ps := g.AppendPlacements(nil, tl)
				if r.RiverTile(tl) {
					rivers++
					scan := g.Clone()
					scan.x.river.lost = true
					want := scan.AppendPlacements(nil, tl)
					slices.SortFunc(ps, byCell)
					slices.SortFunc(want, byCell)
					if !slices.Equal(ps, want) {
						t.Fatalf("%s seed %d turn %d: %s from the ends %v, from every open cell %v", set, seed, g.Turn(), r.Tiles.Name(tl), ps, want)
					}
					if g.CanPlace(tl) != (len(want) > 0) || scan.CanPlace(tl) != (len(want) > 0) {
						t.Fatalf("%s seed %d turn %d: CanPlace(%s) %v, by scan %v, with %d placements", set, seed, g.Turn(), r.Tiles.Name(tl), g.CanPlace(tl), scan.CanPlace(tl), len(want))
					}
				}
				m := Move{Tile: tl, Discard: true}
				if len(ps) > 0 {
					p := ps[rng.IntN(len(ps))]
					m = Move{Tile: tl, Cell: p.Cell, Rotation: p.Rotation}
				}
				if err := g.Apply(m); err != nil {
					t.Fatalf("%s seed %d: %v", set, seed, err)
				}
			}
		}
		if rivers == 0 {
			t.Fatalf("%s: no river tile drawn", set)
		}
	}
}

// TestPlacementsMatchReference checks AppendPlacements (through Placements)
// against the slow listing of every empty cell next to the board and every
// distinct rotation, on every turn of random games of the base game and of
// all playable expansions, and CanPlace with it.
func TestPlacementsMatchReference(t *testing.T) {
	var all ExpansionSet
	for _, e := range PlayableExpansions() {
		all = all.With(e)
	}
	for _, set := range []ExpansionSet{0, all} {
		r, err := NewRules(set, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 12; seed++ {
			g, err := New(Config{Players: []string{"A", "B"}, Rules: r, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 11))
			for !g.Ended() {
				tl, _ := g.Drawn()
				ps := g.Placements()
				if want := refPlacements(g, tl); !slices.Equal(ps, want) {
					t.Fatalf("%s seed %d turn %d: %s placements\n%v\nreference\n%v", set, seed, g.Turn(), r.Tiles.Name(tl), ps, want)
				}
				if g.CanPlace(tl) != (len(ps) > 0) {
					t.Fatalf("%s seed %d turn %d: CanPlace(%s) = %v with %d placements", set, seed, g.Turn(), r.Tiles.Name(tl), g.CanPlace(tl), len(ps))
				}
				m := Move{Tile: tl, Discard: true}
				if len(ps) > 0 {
					p := ps[rng.IntN(len(ps))]
					m = Move{Tile: tl, Cell: p.Cell, Rotation: p.Rotation}
				}
				if err := g.Apply(m); err != nil {
					t.Fatalf("%s seed %d: %v", set, seed, err)
				}
			}
		}
	}
}
