package ai

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// samePublicGame returns a game with the same players, rules, moves and
// tile drawn as g, but the draw pile shuffled by another seed: the same
// public position with the unseen tiles in another order. It returns false
// when none of 500 seeds gives the same tile drawn with another order of
// the next tiles (replaying the moves takes each tile's first copy left in
// the pile, which makes some tiles drawn rarely).
func samePublicGame(tb testing.TB, g *engine.Game) (*engine.Game, bool) {
	tb.Helper()
	drawn, _ := g.Drawn()
	for seed := g.Seed() + 1; seed < g.Seed()+500; seed++ {
		h, err := engine.New(engine.Config{Players: g.Players(), Rules: g.Rules(), Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		for _, m := range g.Moves() {
			if err := h.Apply(m); err != nil {
				tb.Fatalf("replaying %+v: %v", m, err)
			}
		}
		if t, _ := h.Drawn(); t == drawn && pilesDiffer(g, h) {
			return h, true
		}
	}
	return nil, false
}

// pilesDiffer reports whether the tiles drawn after the current one differ
// between a and b when the same moves are played in both (the test may
// read the pile; the computer may not).
func pilesDiffer(a, b *engine.Game) bool {
	a, b = a.Clone(), b.Clone()
	a.Reset()
	b.Reset()
	for range 12 {
		ta, oka := a.Drawn()
		tb, okb := b.Drawn()
		if ta != tb || oka != okb {
			return true
		}
		if !oka {
			return false
		}
		m := engine.Move{Tile: ta, Discard: true}
		if p, ok := a.RandomPlacement(ta, 12345); ok {
			m = engine.Move{Tile: ta, Cell: p.Cell, Rotation: p.Rotation}
		}
		a.Play(m)
		b.Play(m)
	}
	return false
}

// TestHiddenPile: the computer never reads the draw pile. Two games with
// the same moves and the same tile drawn but the unseen tiles in another
// order get the same answers for the same seed, at every level, in the
// base game and with each playable expansion.
func TestHiddenPile(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	sets := ruleSets(t)
	names := slices.Sorted(maps.Keys(sets))
	for _, name := range names {
		r := sets[name]
		t.Run(name, func(t *testing.T) {
			n := 0
			for _, p := range randomPositions(t, name, r, 24, rng.Uint64()) {
				if p.g.Pending().Step != engine.StepTile || p.g.TilesLeft() < 3 {
					continue // a turn begun has no public Moves yet; too few tiles cannot differ
				}
				h, ok := samePublicGame(t, p.g)
				if !ok {
					continue
				}
				if n++; n > 3 {
					break
				}
				for _, c := range []Config{{Level: Random}, {Level: Easy}, {Level: Normal, Playouts: 150}, {Level: Hard, Playouts: 150}} {
					seed := rng.Uint64()
					got, err := c.Turn(p.g, seed)
					if err != nil {
						t.Fatal(err)
					}
					other, err := c.Turn(h, seed)
					if err != nil {
						t.Fatal(err)
					}
					// The die of a flight is the game's own, drawn
					// from its seed like the pile: the answers up to
					// it must agree.
					got, other = beforeDie(got), beforeDie(other)
					if !slices.Equal(got, other) {
						t.Errorf("%s %s: %v with one pile, %v with another", p.name, c.Level, got, other)
					}
				}
			}
			if n == 0 {
				t.Fatal("no position at the start of a turn found with another order of the unseen tiles")
			}
		})
	}
}

// beforeDie returns the answers before the die of a flight (StepRoll),
// all of them when the turn has none.
func beforeDie(as []engine.Answer) []engine.Answer {
	if i := slices.IndexFunc(as, func(a engine.Answer) bool { return a.Step == engine.StepRoll }); i >= 0 {
		return as[:i]
	}
	return as
}
