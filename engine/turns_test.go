package engine

import (
	"os"
	"strings"
	"testing"
)

// TestVolcanoLakeExtraTurn replays the volcano-lake fixture move by move:
// after R203 the same player plays again (ExtraTurn), the turn number counts
// up, the turn after the extra turn passes to the next player, and Record
// writes the game back as the fixture's turns.
func TestVolcanoLakeExtraTurn(t *testing.T) {
	data, err := os.ReadFile("testdata/rules/river2-volcano-lake-extra-turn.rec")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ReadRecord(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rec.Rules()
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(rec.Config())
	if err != nil {
		t.Fatal(err)
	}
	lake := mustLookup(t, r.Tiles, "R203")
	if !r.ExtraTurn(lake) || r.ExtraTurn(mustLookup(t, r.Tiles, "R202")) {
		t.Error("ExtraTurn: want R203 alone")
	}
	for i, turn := range rec.Turns {
		player, number := g.Current(), g.Turn()
		if g.ExtraTurn() != (i == 11) {
			t.Errorf("turn %d: ExtraTurn %v", number, g.ExtraTurn())
		}
		if err := g.Apply(turn.Move); err != nil {
			t.Fatalf("turn %d: %v", turn.Number, err)
		}
		if g.Turn() != number+1 {
			t.Errorf("after turn %d the turn is %d", number, g.Turn())
		}
		switch {
		case turn.Move.Tile == lake:
			if g.Current() != player || !g.ExtraTurn() {
				t.Errorf("after the volcano-lake: player %d (extra %v), want %d again", g.Current(), g.ExtraTurn(), player)
			}
		case g.Current() == player:
			t.Errorf("after turn %d player %d plays again", number, player)
		}
	}
	// Turn 11 is Ann's (index 0), the extra turn 12 hers too.
	if got := rec.Turns[11].Number; got != 12 {
		t.Fatalf("the extra turn is numbered %d, want 12", got)
	}
	written := g.Record()
	written.Extra = nil
	for i := range written.Turns {
		if written.Turns[i].Number != rec.Turns[i].Number || written.Turns[i].Move != rec.Turns[i].Move {
			t.Errorf("Record turn %d: %s, want %s", i, written.Turns[i].String(r.Tiles), rec.Turns[i].String(r.Tiles))
		}
	}
	back, err := ReadRecord(strings.NewReader(written.String()))
	if err != nil {
		t.Fatal(err)
	}
	again, err := back.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if a, b := again.Scores(), g.Scores(); a[0] != b[0] || a[1] != b[1] {
		t.Errorf("the written record replays to %v, want %v", a, b)
	}
}

// TestNoThirdTurnInARow checks the counter of extra turns: a tile that
// gives an extra turn gives none when its turn is already an extra turn
// (never a third turn in a row; spec/rules-options.md, Traders & Builders,
// which also holds for the volcano-lake), and a resignation ends an extra
// turn that was due.
func TestNoThirdTurnInARow(t *testing.T) {
	g := newGame(t, []string{"Ann", "Ben", "Cid"}, ExpansionRiver2)
	lake := mustLookup(t, g.rules.Tiles, "R203")
	if !g.x.again(g, lake) {
		t.Fatal("no extra turn after the volcano-lake")
	}
	if g.x.again(g, lake) {
		t.Fatal("a third turn in a row")
	}
	if g.x.again(g, mustLookup(t, g.rules.Tiles, "R205")) || g.x.extra != 0 {
		t.Fatal("an extra turn after an ordinary tile")
	}
	g.x.extra = 1
	if !g.ExtraTurn() {
		t.Fatal("ExtraTurn is false during an extra turn")
	}
	if err := g.Apply(Move{Resign: true, Player: g.Current()}); err != nil {
		t.Fatal(err)
	}
	if g.Ended() || g.ExtraTurn() {
		t.Error("the extra turn of a player who resigned is still due")
	}
}
