package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// ferriesMove picks the move of the turn that begins in st (The Ferries)
// from the engine's legal moves alone: a placement among the cells the
// menus list, a follower on a random spot a third of the time, the ferry
// of a lake tile on a random pair of road ends, and each ferry the tile
// may move moved half the time to a random other pair.
func ferriesMove(st *engine.Game) engine.Move {
	t, _ := st.Drawn()
	rng := rand.New(rand.NewPCG(st.Seed(), uint64(len(st.Moves()))))
	ps := menuPlacements(st)
	p := ps[rng.IntN(len(ps))]
	m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
	if sp := st.FollowerSpots(p); len(sp) > 0 && rng.IntN(3) == 0 {
		m.Follower = sp[rng.IntN(len(sp))].Port
	}
	if ls := st.FerryLinks(t, p.Rotation); len(ls) > 0 {
		m.Ferry = ls[rng.IntN(len(ls))]
	}
	for _, f := range st.MovableFerries(m) {
		if rng.IntN(2) == 0 {
			continue
		}
		var mine []engine.FerryMove
		for _, fm := range st.AppendFerryMoves(nil, m) {
			if fm.Cell == f.Cell {
				mine = append(mine, fm)
			}
		}
		if len(mine) > 0 {
			m.FerryMoves = m.FerryMoves.Add(mine[rng.IntN(len(mine))])
		}
	}
	return m
}

// ferriesSeed finds the first seed whose game of ferriesMove sets three
// ferries and moves three.
func ferriesSeed(tb testing.TB) uint64 {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFerries), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	for seed := uint64(1); seed <= 300; seed++ {
		st, err := engine.New(engine.Config{Rules: r, Players: []string{"Alice", "Bob"}, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		set, moved := 0, 0
		for !st.Ended() {
			t, _ := st.Drawn()
			if !st.CanPlace(t) {
				st.Play(engine.Move{Tile: t, Discard: true})
				continue
			}
			m := ferriesMove(st)
			if m.Ferry != 0 {
				set++
			}
			moved += m.FerryMoves.Len()
			if err := st.Apply(m); err != nil {
				tb.Fatalf("seed %d: %v", seed, err)
			}
		}
		if set >= 3 && moved >= 3 {
			return seed
		}
	}
	tb.Fatal("no seed up to 300 sets and moves three ferries")
	return 0
}
