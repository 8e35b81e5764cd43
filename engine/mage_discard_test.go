package engine

import (
	"errors"
	"testing"
)

// TestMagicWithDiscardRefused checks that a tile discarded or set aside
// moves neither the mage nor the witch: Check refuses such a move with
// ErrMagic, whatever else is wrong with it.
func TestMagicWithDiscardRefused(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionMageAndWitch), Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Config{Rules: r, Players: []string{"A", "B"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tile, _ := g.Drawn()
	for _, m := range []Move{
		{Tile: tile, Discard: true, Magic: MagicMage},
		{Tile: tile, Aside: true, Magic: MagicWitch, MagicAt: Target{Cell: Cell{X: 0, Y: 0}, Port: N}},
	} {
		if err := g.Check(m); !errors.Is(err, ErrMagic) {
			t.Errorf("Check(%+v) = %v, want ErrMagic", m, err)
		}
	}
}
