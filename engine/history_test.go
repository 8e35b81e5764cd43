package engine

import (
	"reflect"
	"testing"
	"unsafe"
)

// TestMoveHistoryKeepsEveryField sets each field of Move in turn (every
// byte of it to 1) and checks that the history gives the move back whole:
// a field that Game.record does not know of would be lost by the compact
// moveRec.
func TestMoveHistoryKeepsEveryField(t *testing.T) {
	g, err := New(Config{Players: []string{"A", "B"}})
	if err != nil {
		t.Fatal(err)
	}
	typ := reflect.TypeFor[Move]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		t.Run(f.Name, func(t *testing.T) {
			var m Move
			b := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&m), f.Offset)), f.Type.Size())
			for j := range b {
				b[j] = 1
			}
			g.record(&m)
			if got := g.moveAt(len(g.moves) - 1); got != m {
				t.Errorf("got %+v, want %+v", got, m)
			}
			if got := g.Moves()[len(g.moves)-1]; got != m {
				t.Errorf("Moves: got %+v, want %+v", got, m)
			}
		})
	}
}

// TestMoveHistoryCompact checks that a move made only of a tile, its cell
// and rotation, a figure and the discard or aside flags is kept in a
// moveRec, and comes back the same.
func TestMoveHistoryCompact(t *testing.T) {
	g, err := New(Config{Players: []string{"A", "B"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []Move{
		{Tile: 3, Cell: Cell{-4, 7}, Rotation: Rotate270, Follower: C, Figure: FigureLarge},
		{Tile: 5, Discard: true},
		{Tile: 6, Aside: true},
		{Tile: 2, Cell: Cell{-32768, 32767}},
	} {
		g.record(&m)
		r := g.moves[len(g.moves)-1]
		if r.full != 0 {
			t.Errorf("%+v kept whole, want a moveRec", m)
		}
		if got := g.moveAt(len(g.moves) - 1); got != m {
			t.Errorf("got %+v, want %+v", got, m)
		}
	}
	m := Move{Tile: 2, Cell: Cell{40000, 0}}
	g.record(&m)
	if got := g.moveAt(len(g.moves) - 1); got != m {
		t.Errorf("got %+v, want %+v", got, m)
	}
}
