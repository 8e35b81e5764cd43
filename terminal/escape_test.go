package terminal

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// escapePosition returns the game of the Cathars' escape example
// (engine/testdata/rules/cathars-escape.rec) before its third turn: Red's
// knight in the besieged city of CA01, Blue's cloister next to it, Red to
// play. The rest of the pile is the seed's, so the tile drawn is not the
// example's U; the escape does not depend on it.
func escapePosition(t *testing.T) *engine.Game {
	t.Helper()
	rec, err := engine.ReadRecord(strings.NewReader(`[Players "Red, Blue"]
[Expansions "cathars"]
1. CA01 0,-1 180 follower@S
2. A 1,0 90
`))
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestEscapeCommand checks the Cathars' escape in the terminal: spots
// lists it as the word place takes, place with escape@x,y:PORT last plays
// it (the knight goes home), and a wrong escape is refused with the
// engine's reason, leaving the game as it was.
func TestEscapeCommand(t *testing.T) {
	g := escapePosition(t)
	d, _ := g.Drawn()
	var out bytes.Buffer
	s := &session{state: g, out: &out}
	ps := g.Placements()
	if len(ps) == 0 {
		t.Fatalf("tile %s fits nowhere", g.TileSet().Name(d))
	}
	p := ps[0]
	cell, rot := p.Cell.String(), []string{"0", "90", "180", "270"}[p.Rotation]
	s.spots([]string{cell, rot})
	// The escape names the knight's tile and a port of its city there
	// (E, as Escapes names it; S, as the example writes it, is the same
	// city).
	if !strings.Contains(out.String(), "escape@0,-1:E") {
		t.Fatalf("spots does not list the escape:\n%s", out.String())
	}
	m, err := s.parseMove([]string{cell, rot, "escape@0,-1:s"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if m.Escape != (engine.Target{Cell: engine.Cell{X: 0, Y: -1}, Port: engine.S}) {
		t.Fatalf("escape read as %+v", m.Escape)
	}
	for _, bad := range []struct {
		word string
		is   error
	}{
		{"escape@1,0:S", engine.ErrNoEscape},
		{"escape@0,-1", nil},
		{"escape@0,-1:Q", nil},
	} {
		_, err := s.parseMove([]string{cell, rot, bad.word}, true)
		if err == nil || bad.is != nil && !errors.Is(err, bad.is) {
			t.Errorf("%s: %v, want a refusal (%v)", bad.word, err, bad.is)
		}
	}
	if g.Supply(0) != engine.FollowersPerPlayer-1 {
		t.Fatalf("a refused escape changed the supply: %d", g.Supply(0))
	}
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	if g.Supply(0) != engine.FollowersPerPlayer {
		t.Errorf("after the escape Red has %d followers in supply, want %d", g.Supply(0), engine.FollowersPerPlayer)
	}
}
