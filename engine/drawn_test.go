package engine

import (
	"errors"
	"strings"
	"testing"
)

// otherTile returns a tile of g's draw pile that is not the tile drawn, and
// a legal placement of it.
func otherTile(tb testing.TB, g *Game) (TileID, Placement) {
	tb.Helper()
	drawn, ok := g.Drawn()
	if !ok {
		tb.Fatal("no tile drawn")
	}
	for _, t := range g.pile[g.top+1:] {
		if t == drawn {
			continue
		}
		if ps := g.AppendPlacements(nil, t); len(ps) > 0 {
			return t, ps[0]
		}
	}
	tb.Fatal("no other tile fits")
	return NoTile, Placement{}
}

func TestDrawnOnly(t *testing.T) {
	for _, drawnOnly := range []bool{false, true} {
		g, err := New(Config{Players: []string{"A", "B"}, Seed: 3, DrawnOnly: drawnOnly})
		if err != nil {
			t.Fatal(err)
		}
		other, p := otherTile(t, g)
		drawn, _ := g.Drawn()
		m := Move{Tile: other, Cell: p.Cell, Rotation: p.Rotation}
		err = g.Clone().Apply(m)
		if !drawnOnly {
			if err != nil {
				t.Errorf("without DrawnOnly, tile %s further down the pile: %v, want it played", g.ts.Name(other), err)
			}
			continue
		}
		var me *MoveError
		if !errors.Is(err, ErrNotDrawn) || !errors.As(err, &me) {
			t.Fatalf("DrawnOnly, tile %s: got %v, want a *MoveError wrapping ErrNotDrawn", g.ts.Name(other), err)
		}
		want := "the tile drawn is " + g.ts.Name(drawn) + ", not " + g.ts.Name(other)
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %q, want it to say %q", err, want)
		}
		if err := g.Check(Move{Tile: other, Discard: true}); !errors.Is(err, ErrNotDrawn) {
			t.Errorf("discarding tile %s: got %v, want ErrNotDrawn", g.ts.Name(other), err)
		}
		if n := len(g.Moves()); n != 0 {
			t.Fatalf("the refused move was played: %d moves", n)
		}
		// The copies keep the rule; the tile drawn is played.
		c := g.Clone()
		if err := c.Apply(m); !errors.Is(err, ErrNotDrawn) {
			t.Errorf("a clone: got %v, want ErrNotDrawn", err)
		}
		ps := c.AppendPlacements(nil, drawn)
		if err := c.Apply(Move{Tile: drawn, Cell: ps[0].Cell, Rotation: ps[0].Rotation}); err != nil {
			t.Fatalf("the tile drawn: %v", err)
		}
		// Play, the unchecked path, does not check it.
		g.Play(m)
		if n := len(g.Moves()); n != 1 {
			t.Errorf("Play: %d moves, want 1", n)
		}
	}
}

// TestDrawnOnlyRecord checks that a record replays as before: its Config
// does not set DrawnOnly, so that a record without its seed still replays.
func TestDrawnOnlyRecord(t *testing.T) {
	g, err := New(Config{Players: []string{"A", "B"}, Seed: 3, DrawnOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	rec := g.Record()
	if rec.Config().DrawnOnly {
		t.Error("a record's Config sets DrawnOnly")
	}
}

func TestMemSize(t *testing.T) {
	g := midGame(t)
	fresh, err := New(Config{Players: []string{"A", "B"}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	low := len(g.grid)*4 + len(g.nodes)*4 + len(g.moves)*8
	if got := g.MemSize(); got < low || got > 1<<20 {
		t.Errorf("MemSize %d bytes, want between %d and 1 MiB", got, low)
	}
	if g.MemSize() < fresh.MemSize() {
		t.Errorf("a game 35 turns in holds %d bytes, less than a new one's %d", g.MemSize(), fresh.MemSize())
	}
	if c := g.Clone(); c.MemSize() < g.MemSize()/2 {
		t.Errorf("a clone holds %d bytes, the original %d", c.MemSize(), g.MemSize())
	}
}
