package engine

import (
	"cmp"
	"math/bits"
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
					withGold(g, rng, &m)
					withFerries(g, rng, &m)
				}
				m = pdComplete(g, m, rng)
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
					withGold(g, rng, &m)
					withFerries(g, rng, &m)
				}
				m = pdComplete(g, m, rng)
				if err := g.Apply(m); err != nil {
					t.Fatalf("%s seed %d: %v", set, seed, err)
				}
			}
		}
	}
}

// TestPlacementAtMatchesAppend checks the counted path of random playouts:
// on every turn of random games with the base game and each expansion set,
// NumPlacements is the number of placements AppendPlacements lists,
// PlacementAt gives each of them once, refuses an index out of range,
// RandomPlacement picks the one its number points at, and CanPlace agrees; and the lists of open cells by constraint code hold every
// open cell once, in the list of its own code, with the counts and the set
// of codes up to date.
func TestPlacementAtMatchesAppend(t *testing.T) {
	sets := append([]ExpansionSet{0}, expansionSets()...)
	turns := 0
	for _, set := range sets {
		r, err := NewRules(set, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 6; seed++ {
			g, err := New(Config{Players: []string{"A", "B", "C"}, Rules: r, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 3))
			for !g.Ended() {
				checkCodeLists(t, g)
				tile, _ := g.Drawn()
				want := g.AppendPlacements(nil, tile)
				n := g.NumPlacements(tile)
				if n != len(want) || g.CanPlace(tile) != (n > 0) {
					t.Fatalf("%s seed %d turn %d: NumPlacements %d, CanPlace %v, AppendPlacements lists %d", set, seed, g.Turn(), n, g.CanPlace(tile), len(want))
				}
				seen := make(map[Placement]bool, n)
				for k := range n {
					p, ok := g.PlacementAt(tile, k)
					if !ok || seen[p] || !slices.Contains(want, p) {
						t.Fatalf("%s seed %d turn %d: PlacementAt(%d) = %v, %v: not a new placement of %v", set, seed, g.Turn(), k, p, ok, want)
					}
					seen[p] = true
				}
				if _, ok := g.PlacementAt(tile, n); ok {
					t.Fatalf("%s seed %d turn %d: PlacementAt(%d) accepted past the end", set, seed, g.Turn(), n)
				}
				for range 4 {
					u := rng.Uint64()
					k, _ := bits.Mul64(u, uint64(n))
					p, ok := g.RandomPlacement(tile, u)
					if q, _ := g.PlacementAt(tile, int(k)); ok != (n > 0) || n > 0 && p != q {
						t.Fatalf("%s seed %d turn %d: RandomPlacement(%#x) = %v, %v; PlacementAt(%d) = %v", set, seed, g.Turn(), u, p, ok, k, q)
					}
				}
				if _, ok := g.PlacementAt(tile, -1); ok {
					t.Fatalf("PlacementAt(-1) accepted")
				}
				m := Move{Tile: tile, Discard: true}
				if n > 0 {
					p, _ := g.PlacementAt(tile, rng.IntN(n))
					m = Move{Tile: tile, Cell: p.Cell, Rotation: p.Rotation}
					withGold(g, rng, &m)
					withFerries(g, rng, &m)
					if spots := g.AppendFollowerSpots(nil, tile, p); len(spots) > 0 && g.Supply(g.Current()) > 0 && rng.IntN(2) == 0 {
						m.Follower = spots[rng.IntN(len(spots))].Port
					}
				}
				m = pdComplete(g, m, rng)
				if err := g.Apply(m); err != nil {
					t.Fatalf("%s seed %d: %v", set, seed, err)
				}
				turns++
			}
			// A copy carries the lists.
			var c Game
			g.CopyTo(&c)
			checkCodeLists(t, &c)
		}
	}
	if turns < 1000 {
		t.Fatalf("only %d turns played", turns)
	}
}

// checkCodeLists checks the lists of open cells by constraint code against
// the open cells themselves.
func checkCodeLists(t *testing.T, g *Game) {
	t.Helper()
	count := map[uint16]int{}
	for _, oc := range g.open {
		count[oc.code]++
	}
	for c := range numCodes {
		set := g.codeBits[c>>6]&(1<<(c&63)) != 0
		if set != (count[uint16(c)] > 0) {
			t.Fatalf("code %d: in the set %v, open cells %d", c, set, count[uint16(c)])
		}
		if !set {
			continue
		}
		l := g.codes[c]
		n, prev := 0, int16(-1)
		for i := l.first; i >= 0; i = g.open[i].next {
			if oc := g.open[i]; oc.code != uint16(c) || oc.prev != prev {
				t.Fatalf("code %d: open cell %d has code %d, prev %d (want %d)", c, i, oc.code, oc.prev, prev)
			}
			prev = i
			if n++; n > len(g.open) {
				t.Fatalf("code %d: the list loops", c)
			}
		}
		if n != count[uint16(c)] || int(l.n) != n {
			t.Fatalf("code %d: the list holds %d cells, counts %d, %d open cells have it", c, n, l.n, count[uint16(c)])
		}
	}
}
