package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// riverSets are the expansion sets whose river placement rules the tests
// play: each river alone and both together (with the GQ11 river tile).
var riverSets = [][]Expansion{
	{ExpansionRiver},
	{ExpansionRiver2},
	{ExpansionRiver, ExpansionRiver2},
	{ExpansionRiver, ExpansionRiver2, ExpansionGQ11},
}

// refRiverEnd is an open end of the river as the reference finds it.
type refRiverEnd struct {
	cell Cell
	in   Side // the side of cell the water comes in by
	turn int  // the turn of the tile it leaves: -1 left, 0 straight or spring, 1 right
}

// refTurn returns how water entering a cell by side in and leaving by side
// out turns, from the cross product of its two directions (y grows south, so
// a positive product turns clockwise, to the right).
func refTurn(in, out Side) int {
	ic := Cell{}.Neighbour(in)
	oc := Cell{}.Neighbour(out)
	fx, fy := -ic.X, -ic.Y // the water flows away from the side it enters by
	switch cross := fx*oc.Y - fy*oc.X; {
	case cross > 0:
		return 1
	case cross < 0:
		return -1
	}
	return 0
}

// refRiverEnds finds the river's open ends from the board alone: each river
// tile's entry is the river side that touches a tile placed before it (none
// for the spring); its other river sides facing an empty cell are open ends.
func refRiverEnds(g *Game) []refRiverEnd {
	ts := g.TileSet()
	placed := g.PlacedTiles()
	index := map[Cell]int{}
	for i, pt := range placed {
		index[pt.Cell] = i
	}
	var ends []refRiverEnd
	for i, pt := range placed {
		var entry Side
		var rivers []Side
		for s := North; s <= West; s++ {
			if ts.Edge(pt.Tile, pt.Rotation, s) != RiverEdge {
				continue
			}
			rivers = append(rivers, s)
			if j, ok := index[pt.Cell.Neighbour(s)]; ok && j < i {
				entry = s
			}
		}
		for _, s := range rivers {
			if s == entry {
				continue
			}
			nc := pt.Cell.Neighbour(s)
			if _, ok := index[nc]; ok {
				continue
			}
			turn := 0
			if entry != NoSide {
				turn = refTurn(entry, s)
			}
			ends = append(ends, refRiverEnd{cell: nc, in: s.Opposite(), turn: turn})
		}
	}
	return ends
}

// refPlacements lists the legal placements of tile t the slow way: every
// empty cell next to the board and every rotation giving a new picture,
// each side matching its neighbour, and in a river game a river tile
// continuing exactly one open end without turning the same way as the tile
// before it, nor turning towards the cell another open end faces.
func refPlacements(g *Game, t TileID) []Placement {
	ts := g.TileSet()
	river := g.Rules().RiverTile(t)
	ends := refRiverEnds(g)
	cells := map[Cell]bool{}
	for _, pt := range g.PlacedTiles() {
		for s := North; s <= West; s++ {
			if _, ok := g.TileAt(pt.Cell.Neighbour(s)); !ok {
				cells[pt.Cell.Neighbour(s)] = true
			}
		}
	}
	var out []Placement
	for c := range cells {
		for r := Rotate0; r <= Rotate270; r++ {
			if !ts.DistinctRotation(t, r) {
				continue
			}
			ok := true
			var entries []Side
			for s := North; s <= West; s++ {
				nb, placed := g.TileAt(c.Neighbour(s))
				if !placed {
					continue
				}
				mine, theirs := ts.Edge(t, r, s), ts.Edge(nb.Tile, nb.Rotation, s.Opposite())
				if mine != theirs {
					ok = false
				}
				if mine == RiverEdge {
					entries = append(entries, s)
				}
			}
			if ok && river {
				ok = len(entries) == 1
				if ok {
					prev := 0
					for _, e := range ends {
						if e.cell == c && e.in == entries[0] {
							prev = e.turn
						}
					}
					for s := North; s <= West; s++ {
						if s != entries[0] && ts.Edge(t, r, s) == RiverEdge && prev != 0 && refTurn(entries[0], s) == prev {
							ok = false
						}
					}
					// The branches are never joined: no exit faces the
					// cell another open end faces.
					for s := North; s <= West; s++ {
						if s == entries[0] || ts.Edge(t, r, s) != RiverEdge || g.Options().Edition == EditionBefore32 {
							continue
						}
						for _, e := range ends {
							if e.cell == c.Neighbour(s) {
								ok = false
							}
						}
					}
				}
			}
			if ok {
				out = append(out, Placement{Cell: c, Rotation: r})
			}
		}
	}
	sortPlacements(out)
	return out
}

func sortPlacements(ps []Placement) {
	slices.SortFunc(ps, func(a, b Placement) int {
		if a.Cell.Y != b.Cell.Y {
			return a.Cell.Y - b.Cell.Y
		}
		if a.Cell.X != b.Cell.X {
			return a.Cell.X - b.Cell.X
		}
		return int(a.Rotation) - int(b.Rotation)
	})
}

// playRiverChecked plays one random legal game with rules r and checks after
// every move: the tile drawn comes from the group the pile is at (the river
// first, the fork first of all, the lakes last); the legal placements are
// the reference's, and a tile is discarded only when the reference finds no
// placement; no follower stands on a river; features, scores and the final
// scoring match the reference (which does not join rivers); followers are
// in supply or on the board; scores never fall and are the sum of the
// events. The finished game's record reads back and replays to the same
// game, and writes the same bytes again.
func playRiverChecked(tb testing.TB, r *Rules, seed uint64, nplayers int) {
	tb.Helper()
	names := []string{"Ann", "Ben", "Cal", "Dee", "Eve", "Fay"}[:nplayers]
	g, err := New(Config{Players: names, Seed: seed, Rules: r})
	if err != nil {
		tb.Fatal(err)
	}
	if g.Rules() != r {
		tb.Fatal("the game does not keep its rules")
	}
	rng := rand.New(rand.NewPCG(seed, 77))
	drawn := 0 // tiles drawn so far
	for !g.Ended() {
		before := g.Followers()
		nevents := len(g.events)
		lastScores := g.Scores()
		t, _ := g.Drawn()
		// The group the pile is at: drawn counts the tiles taken before.
		at, want := drawn, -1
		for i, grp := range r.Groups {
			if at < len(grp.Tiles) {
				want = i
				break
			}
			at -= len(grp.Tiles)
		}
		if gi, _ := r.GroupOf(t); gi != want {
			tb.Fatalf("seed %d: tile %d drawn is %s of group %d, want group %d (%s)", seed, drawn, r.Tiles.Name(t), gi, want, r.Groups[want].Name)
		}
		drawn++
		ps := g.Placements()
		if ref := refPlacements(g, t); !slices.Equal(ps, ref) {
			tb.Fatalf("seed %d turn %d: %s placements\n%v\nreference\n%v\nends %v", seed, g.Turn(), r.Tiles.Name(t), ps, ref, refRiverEnds(g))
		}
		if g.CanPlace(t) != (len(ps) > 0) {
			tb.Fatalf("seed %d: CanPlace(%s) = %v with %d placements", seed, r.Tiles.Name(t), g.CanPlace(t), len(ps))
		}
		m := Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			p := ps[rng.IntN(len(ps))]
			m = Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
			spots := g.FollowerSpots(p)
			for _, sp := range spots {
				if sp.Kind == River {
					tb.Fatalf("seed %d: a follower spot on the river of %s", seed, r.Tiles.Name(t))
				}
			}
			if len(spots) > 0 && rng.IntN(2) == 0 {
				sp := spots[rng.IntN(len(spots))]
				ports := sp.Ports.Ports()
				m.Follower = ports[rng.IntN(len(ports))]
				before = append(before, Follower{Player: g.Current(), Cell: p.Cell, Feature: sp.Feature, Kind: sp.Kind})
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("seed %d: %s: %v", seed, MoveString(g.TileSet(), m), err)
		}
		if ends := refRiverEnds(g); g.Options().Edition == EditionCurrent {
			// The branches are never joined (rules-options.md).
			for i := range ends {
				for _, f := range ends[:i] {
					if f.cell == ends[i].cell {
						tb.Fatalf("seed %d after %s: two open ends of the river face %s", seed, MoveString(g.TileSet(), m), f.cell)
					}
				}
			}
		}
		rb := newRefBoard(g)
		land := &refBoard{g: g, comp: rb.comp}
		for _, rf := range rb.feats {
			if rf.kind != River {
				land.feats = append(land.feats, rf)
			}
		}
		checkAgainstReference(tb, g, land)
		turn := g.events[nevents:]
		if i := slices.IndexFunc(turn, func(e ScoreEvent) bool { return e.Final }); i >= 0 {
			if got, want := eventKeys(turn[i:]), rb.expectFinal(); !slices.Equal(got, want) {
				tb.Fatalf("seed %d: final scoring %v, reference %v", seed, got, want)
			}
			turn = turn[:i]
		}
		if !m.Discard {
			want := rb.expectTurn(before, m.Cell, func(s segKey) bool { return s.cell == m.Cell })
			if got := eventKeys(turn); !slices.Equal(got, want) {
				tb.Fatalf("seed %d (%s): scores %v, reference %v", seed, MoveString(g.TileSet(), m), got, want)
			}
		}
		onBoard := make([]int, nplayers)
		for _, f := range g.Followers() {
			onBoard[f.Player]++
			if f.Kind == River {
				tb.Fatalf("seed %d: a follower on the river", seed)
			}
		}
		sums := make([]int, nplayers)
		for _, e := range g.events {
			sums[e.Player] += e.Points
		}
		for p := range nplayers {
			if g.Supply(p)+onBoard[p] != FollowersPerPlayer {
				tb.Fatalf("seed %d: player %d has %d in supply and %d on the board", seed, p, g.Supply(p), onBoard[p])
			}
			if g.Score(p) < lastScores[p] || sums[p] != g.Score(p) {
				tb.Fatalf("seed %d: player %d: score %d, before %d, events %d", seed, p, g.Score(p), lastScores[p], sums[p])
			}
		}
	}
	// The record reads back and replays to the same game.
	text := g.Record().String()
	if !strings.Contains(text, "[Expansions \""+r.Expansions.String()+"\"]\n") || strings.Contains(text, "[Start") {
		tb.Fatalf("seed %d: the record's headers:\n%s", seed, text[:strings.Index(text, "\n\n")])
	}
	rec, err := ReadRecord(strings.NewReader(text))
	if err != nil {
		tb.Fatalf("seed %d: reading the record: %v\n%s", seed, err, text)
	}
	again, err := rec.Replay()
	if err != nil {
		tb.Fatalf("seed %d: replaying the record: %v", seed, err)
	}
	if !slices.Equal(again.Scores(), g.Scores()) || !slices.Equal(again.PlacedTiles(), g.PlacedTiles()) {
		tb.Fatalf("seed %d: the replay differs", seed)
	}
	if rec.String() != text || again.Record().String() != text {
		tb.Fatalf("seed %d: the record does not write back the same bytes", seed)
	}
}

// TestRiverGamesAgainstReference plays random legal games with The River,
// The River II and both, with 1 to 6 players and every farm rule, checked
// move by move against the reference.
func TestRiverGamesAgainstReference(t *testing.T) {
	n := uint64(12)
	if testing.Short() {
		n = 3
	}
	for _, exps := range riverSets {
		for seed := uint64(1); seed <= n; seed++ {
			var set ExpansionSet
			for _, e := range exps {
				set = set.With(e)
			}
			opts := Options{Farms: FarmScoring(seed % 3), TinyCity: []int{4, 2}[seed/3%2]}
			r, err := NewRules(set, opts)
			if err != nil {
				t.Fatal(err)
			}
			players := 1 + int(seed%6)
			t.Run(fmt.Sprintf("%s/seed%d-%dp", strings.ReplaceAll(set.String(), ", ", "+"), seed, players), func(t *testing.T) {
				playRiverChecked(t, r, seed, players)
			})
		}
	}
}

func FuzzRiverGame(f *testing.F) {
	f.Add(uint64(1), uint8(2), uint8(0))
	f.Add(uint64(9), uint8(4), uint8(2))
	f.Add(uint64(33), uint8(1), uint8(3))
	f.Fuzz(func(t *testing.T, seed uint64, players, set uint8) {
		exps := riverSets[int(set)%len(riverSets)]
		var s ExpansionSet
		for _, e := range exps {
			s = s.With(e)
		}
		r, err := NewRules(s, Options{Farms: FarmScoring(seed % 3)})
		if err != nil {
			t.Fatal(err)
		}
		playRiverChecked(t, r, seed, 1+int(players%6))
	})
}

// TestRiverTurns checks the turn of the water on a tile against the
// reference's cross product for every pair of sides.
func TestRiverTurns(t *testing.T) {
	for in := North; in <= West; in++ {
		for out := North; out <= West; out++ {
			if in == out {
				continue
			}
			if got, want := int(turnOf(int(in-1), int(out-1))), refTurn(in, out); got != want {
				t.Errorf("in %s out %s: %d, want %d", in, out, got, want)
			}
		}
	}
	// Entering by the north the water flows south: leaving east is a left turn.
	if got := refTurn(North, East); got != -1 {
		t.Errorf("north to east turns %d, want -1 (left)", got)
	}
}

// TestRiverCopies checks that a copy of a river game has its own river: a
// river tile played on the copy leaves the original's open ends unchanged,
// and copying reuses the copy's memory.
func TestRiverCopies(t *testing.T) {
	r := mustRules(t, ExpansionRiver2)
	g, err := New(Config{Players: []string{"Ann", "Ben"}, Seed: 4, Rules: r})
	if err != nil {
		t.Fatal(err)
	}
	if ends := g.RiverEnds(); !slices.Equal(ends, []Cell{{1, 0}}) {
		t.Fatalf("the spring's open ends %v, want 1,0", ends)
	}
	var c Game
	g.CopyTo(&c)
	fork, _ := c.Drawn()
	ps := c.Placements()
	if len(ps) == 0 || r.Tiles.Name(fork) != "R204" {
		t.Fatalf("drawn %s with %d placements, want the fork", r.Tiles.Name(fork), len(ps))
	}
	if err := c.Apply(Move{Tile: fork, Cell: ps[0].Cell, Rotation: ps[0].Rotation}); err != nil {
		t.Fatal(err)
	}
	if len(c.RiverEnds()) != 2 {
		t.Errorf("after the fork: %v, want two open ends", c.RiverEnds())
	}
	if ends := g.RiverEnds(); !slices.Equal(ends, []Cell{{1, 0}}) {
		t.Errorf("the original's ends changed to %v", ends)
	}
	x := c.x
	g.CopyTo(&c)
	if c.x != x || c.x == g.x || len(c.RiverEnds()) != 1 {
		t.Error("CopyTo did not copy the river into the copy's own state")
	}
	if allocs := testing.AllocsPerRun(20, func() { g.CopyTo(&c) }); allocs != 0 {
		t.Errorf("CopyTo of a river game: %v allocations, want 0", allocs)
	}
	base := midGame(t)
	var d Game
	base.CopyTo(&d)
	if base.x != nil || d.x != nil {
		t.Error("a base game has expansion state")
	}
	if allocs := testing.AllocsPerRun(20, func() { base.CopyTo(&d) }); allocs != 0 {
		t.Errorf("CopyTo of a base game: %v allocations, want 0", allocs)
	}
}

// TestRiverMoveErrors checks the river's rule errors on a game of The
// River: a land tile while river tiles remain, the lake before the river
// tiles, a river tile away from the river's end, and a follower on the
// river.
func TestRiverMoveErrors(t *testing.T) {
	r := mustRules(t, ExpansionRiver)
	g, err := New(Config{Players: []string{"Ann", "Ben"}, Seed: 2, Rules: r})
	if err != nil {
		t.Fatal(err)
	}
	id := func(name string) TileID { return mustLookup(t, r.Tiles, name) }
	tests := []struct {
		name string
		m    Move
		want error
	}{
		{"a land tile first", Move{Tile: id("V"), Cell: Cell{0, 1}}, ErrOutOfTurn},
		{"the lake first", Move{Tile: id("RV02"), Cell: Cell{1, 0}, Rotation: Rotate0}, ErrOutOfTurn},
		{"off the river", Move{Tile: id("RV07"), Cell: Cell{0, -1}, Rotation: Rotate0}, ErrRiver},
		{"river against field", Move{Tile: id("RV07"), Cell: Cell{0, 1}, Rotation: Rotate90}, ErrEdgesMismatch},
		{"a follower on the river", Move{Tile: id("RV07"), Cell: Cell{1, 0}, Rotation: Rotate0, Follower: E}, ErrNoSuchSpot},
	}
	for _, tt := range tests {
		if err := g.Check(tt.m); !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
	if err := g.Check(Move{Tile: id("RV07"), Cell: Cell{1, 0}, Rotation: Rotate0, Follower: N}); err != nil {
		t.Errorf("a farmer beside the river: %v", err)
	}
	// Base games keep their rules and state as before.
	b, _ := New(Config{Players: []string{"Ann"}})
	if b.Rules().Expansions != 0 || b.Rules().Tiles != BaseTiles || b.x != nil || b.RiverEnds() != nil {
		t.Error("a base game's rules or state are not the base game's")
	}
}

// TestNewWithRules checks that New takes the tile set, options and start
// tile from Config.Rules and refuses a Config that disagrees with them.
func TestNewWithRules(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionRiver), Options{Farms: FarmsPerCity})
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Config{Players: []string{"Ann"}, Rules: r, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if g.TileSet() != r.Tiles || g.Options() != r.Options || g.Start() != r.Start || g.TilesLeft() != r.Total()-1 {
		t.Errorf("the game does not play its rules: %v %v, %d tiles left", g.Options(), g.Start(), g.TilesLeft())
	}
	if !slices.Equal(g.pile, r.NewPile(3)) {
		t.Error("the pile is not Rules.NewPile(seed)")
	}
	for _, cfg := range []Config{
		{Players: []string{"Ann"}, Rules: r, Options: Options{Farms: FarmsOff}},
		{Players: []string{"Ann"}, Rules: r, Tiles: BaseTiles},
	} {
		if _, err := New(cfg); !errors.Is(err, ErrBadOption) {
			t.Errorf("%+v: %v, want ErrBadOption", cfg, err)
		}
	}
}

// TestRecordKeepsOtherStart checks that a game with a river started on
// another tile than the spring writes its Start header, so that its record
// replays from the same start: only the rules' own start is left out.
func TestRecordKeepsOtherStart(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionRiver), Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, _ := r.Tiles.Lookup("D")
	for _, start := range []StartTile{{}, {Tile: d}} {
		g, err := New(Config{Players: []string{"Ann", "Ben"}, Rules: r, Start: start, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		text := g.Record().String()
		if hasHeader := strings.Contains(text, "[Start "); hasHeader != (start != StartTile{}) {
			t.Errorf("start %v: Start header written %v:\n%s", start, hasHeader, text)
		}
		rec, err := ReadRecord(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		back, err := rec.Replay()
		if err != nil {
			t.Fatal(err)
		}
		if back.Start() != g.Start() {
			t.Errorf("start %v: the record replays from %v", g.Start(), back.Start())
		}
	}
}
