package engine

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// replayFile reads the fixture at path and replays its first n turns (all
// of them when n < 0), failing the test on an error.
func replayFile(tb testing.TB, path string, n int) (*Record, *Game) {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := ReadRecord(strings.NewReader(string(data)))
	if err != nil {
		tb.Fatal(err)
	}
	if n >= 0 {
		rec.Turns = rec.Turns[:n]
		rec.End = false
	}
	g, err := rec.Replay()
	if err != nil {
		tb.Fatal(err)
	}
	return rec, g
}

// TestRefusedFixtures checks the reasons behind the refused fixtures of
// the expansions (escapes, tokens, river tiles out of turn), whose lines
// TestRuleFixtures checks: the rule error and the words a player reads.
func TestRefusedFixtures(t *testing.T) {
	tests := []struct {
		file   string
		err    error // nil: refused by the reader, with no rule error
		phrase string
	}{
		{"cathars-error-no-cloister.rec", ErrNoEscape, "no cloister lies next to the besieged city"},
		{"cathars-error-not-besieged.rec", ErrNoEscape, "not besieged"},
		{"cathars-error-other-players-knight.rec", ErrNoEscape, "Blue has no knight on the city at (0,-1) S"},
		{"cathars-error-escape-twice.rec", nil, "only one knight may escape"},
		{"cathars-error-without-header.rec", nil, "the Expansions header does not name cathars"},
		{"cathars-error-escape-before-figure.rec", nil, "before the escape"},
		{"ic-error-large-without-header.rec", nil, "the Expansions header does not name inns-and-cathedrals"},
		{"ic-error-unknown-token.rec", nil, "the Expansions header does not name traders-and-builders"},
		{"ic-error-two-figures.rec", nil, "only one follower"},
		{"ic-error-large-twice.rec", ErrNoFollowers, "Red has no large follower left"},
		{"river2-error-fork-not-first.rec", ErrOutOfTurn, "the fork tiles are drawn first"},
		{"river2-error-lake-before-river.rec", ErrOutOfTurn, "the river tiles are drawn first"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/rules/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := ReadRecord(strings.NewReader(string(data)))
			if tt.err == nil {
				if err == nil || !strings.Contains(err.Error(), tt.phrase) {
					t.Fatalf("read: %v, want an error saying %q", err, tt.phrase)
				}
				return
			}
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			_, err = rec.Replay()
			if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.phrase) {
				t.Fatalf("replay: %v, want %v saying %q", err, tt.err, tt.phrase)
			}
		})
	}
}

// TestEscapes checks the menu of escapes (Escapes) against Check and Play
// on the board of cathars-escape.rec: Red's knight in the besieged city of
// CA01, Blue's cloister beside it.
func TestEscapes(t *testing.T) {
	_, g := replayFile(t, "testdata/rules/cathars-escape.rec", 2)
	ts := g.TileSet()
	m, err := ParseMove(ts, "U -1,0 0")
	if err != nil {
		t.Fatal(err)
	}
	got := g.Escapes(m)
	if len(got) != 1 || got[0].Cell != (Cell{0, -1}) {
		t.Fatalf("Escapes %v, want Red's knight at 0,-1", got)
	}
	if fi, ok := g.FeatureAt(got[0].Cell, got[0].Port); !ok || fi.Kind != City {
		t.Errorf("the escape's port %s names %v, want the city", got[0].Port, fi.Kind)
	}
	// Checking changes nothing, neither does a refused escape.
	before := snapshot(g)
	m.Escape = got[0]
	if err := g.Check(m); err != nil {
		t.Fatalf("Check of a listed escape: %v", err)
	}
	bad := m
	bad.Escape.Cell = Cell{1, 0} // the cloister's tile: no city there
	if err := g.Apply(bad); !errors.Is(err, ErrNoEscape) {
		t.Errorf("an escape from a cloister's tile: %v, want ErrNoEscape", err)
	}
	bad.Escape = Target{Cell: Cell{5, 5}, Port: S}
	if err := g.Apply(bad); !errors.Is(err, ErrNoEscape) || !strings.Contains(err.Error(), "no tile lies at (5,5)") {
		t.Errorf("an escape from an empty cell: %v, want ErrNoEscape", err)
	}
	if after := snapshot(g); after != before {
		t.Fatal("Check or a refused Apply changed the game")
	}
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	if g.Supply(0) != FollowersPerPlayer || len(g.Followers()) != 0 {
		t.Errorf("after the escape Red has %d in supply, %v on the board", g.Supply(0), g.Followers())
	}
	// The record writes the escape after the figure, and reads back.
	text := g.Record().String()
	if !strings.Contains(text, "\n3. U -1,0 0 escape@0,-1:"+got[0].Port.String()+"\n") {
		t.Errorf("the record does not write the escape:\n%s", text)
	}
	if full, _ := replayFile(t, "testdata/rules/cathars-escape.rec", -1); !strings.HasSuffix(full.String(), "3. U -1,0 0 escape@0,-1:S\n") {
		t.Errorf("the fixture is not written back as read:\n%s", full.String())
	}

	// Blue has no knight there; a discard or an illegal move has no escape.
	if got := g.Escapes(m); got != nil {
		t.Errorf("Escapes of an illegal move: %v", got)
	}
	drawn, _ := g.Drawn()
	if ps := g.Placements(); len(ps) > 0 {
		if got := g.Escapes(Move{Tile: drawn, Cell: ps[0].Cell, Rotation: ps[0].Rotation}); got != nil {
			t.Errorf("Escapes for Blue, who has no knight in the city: %v", got)
		}
	}
}

// TestEscapeSameTurn checks that a knight deployed in this turn may escape
// at once (spec/rules-options.md, Cathars), a large one too, and that a game
// without the Cathars has no escapes.
func TestEscapeSameTurn(t *testing.T) {
	_, g := replayFile(t, "testdata/rules/cathars-escape-same-turn.rec", 1)
	m, err := ParseMove(g.TileSet(), "CA01 0,-1 180 large@S")
	if err != nil {
		t.Fatal(err)
	}
	got := g.Escapes(m)
	if len(got) != 1 || got[0].Cell != (Cell{0, -1}) {
		t.Fatalf("Escapes %v, want the knight just deployed", got)
	}
	m.Escape = got[0]
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	if g.SupplyOf(1, FigureLarge) != 1 || len(g.Followers()) != 0 {
		t.Errorf("the large knight did not escape: %v", g.Followers())
	}

	// Without the Cathars: no menu, and Check refuses.
	ic := newGame(t, []string{"Red", "Blue"}, ExpansionInnsAndCathedrals)
	r, _ := ParseMove(ic.TileSet(), "R 0,-1 180 follower@S")
	if got := ic.Escapes(r); got != nil {
		t.Errorf("Escapes without the Cathars: %v", got)
	}
	r.Escape = Target{Cell: Cell{0, -1}, Port: S}
	if err := ic.Check(r); !errors.Is(err, ErrNoEscape) || !strings.Contains(err.Error(), "not played") {
		t.Errorf("an escape without the Cathars: %v, want ErrNoEscape", err)
	}
	base, _ := New(Config{Players: []string{"Red", "Blue"}})
	if err := base.Check(r); !errors.Is(err, ErrNoEscape) {
		t.Errorf("an escape in the base game: %v, want ErrNoEscape", err)
	}
	if got := base.Escapes(r); got != nil {
		t.Errorf("Escapes in the base game: %v", got)
	}
}

// TestMoveNotationTokens reads and writes the tokens of the expansions in
// move notation, and refuses malformed ones.
func TestMoveNotationTokens(t *testing.T) {
	r := mustRules(t, ExpansionInnsAndCathedrals, ExpansionCathars)
	ts := r.Tiles
	for _, s := range []string{
		"U 1,0 0 large@E",
		"CA01 0,-1 180 follower@S escape@0,-1:S",
		"CA01 0,-1 180 large@S escape@-12,30:WNW",
		"U -1,0 0 escape@0,-1:S",
	} {
		m, err := ParseMove(ts, s)
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if back := MoveString(ts, m); back != s {
			t.Errorf("%q is written back as %q", s, back)
		}
	}
	for _, bad := range []string{
		"U 1,0 0 escape@0,-1",
		"U 1,0 0 escape@0,-1:X",
		"U 1,0 0 escape@a,b:S",
		"U 1,0 0 ferry@S",
		"U 1,0 0 large",
		"U 1,0 0 large@E follower@W",
		"U 1,0 0 escape@0,-1:S large@E",
	} {
		if m, err := ParseMove(ts, bad); err == nil {
			t.Errorf("%q parsed as %+v", bad, m)
		}
	}
	if got := slices.Collect(func(yield func(Expansion) bool) {
		for f := FigureFollower; f < numFigures; f++ {
			if !yield(f.Expansion()) {
				return
			}
		}
	}); !slices.Equal(got, []Expansion{ExpansionBase, ExpansionInnsAndCathedrals, ExpansionTradersAndBuilders, ExpansionTradersAndBuilders}) {
		t.Errorf("the figures' expansions: %v", got)
	}
}
