package engine

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestFerryMoveReopens replays testdata/rules/fe-example-move.rec turn by
// turn: the ferry set, the ferry the next tiles reach, its moves, the road
// completed by a move and scored, opened again by the next move, and scored
// again, larger, once completed.
func TestFerryMoveReopens(t *testing.T) {
	const file = "testdata/rules/fe-example-move.rec"
	road := func(g *Game) FeatureInfo {
		fi, ok := g.FeatureAt(Cell{0, 0}, E)
		if !ok {
			t.Fatal("no road on the start tile")
		}
		return fi
	}
	_, g := replayFile(t, file, 4)
	if got, want := g.Ferries(), []Ferry{{Cell: Cell{2, 0}, Link: MakeFerryLink(S, W)}}; !slices.Equal(got, want) {
		t.Fatalf("after turn 4: ferries %v, want %v", got, want)
	}
	if fi := road(g); fi.Complete || fi.Tiles != 4 || fi.Followers[0] != 1 || fi.Followers[1] != 1 {
		t.Fatalf("after turn 4: Blue's road %+v, want 4 tiles, open, with both players", fi)
	}
	// Turn 5: U on (2,1) continues the road at the lake's south end.
	u, _ := g.TileSet().Lookup("U")
	m := Move{Tile: u, Cell: Cell{2, 1}, Rotation: Rotate90}
	if got, want := g.MovableFerries(m), []Ferry{{Cell: Cell{2, 0}, Link: MakeFerryLink(S, W)}}; !slices.Equal(got, want) {
		t.Fatalf("turn 5: movable ferries %v, want %v", got, want)
	}
	want := []FerryMove{{Cell{2, 0}, MakeFerryLink(E, S)}, {Cell{2, 0}, MakeFerryLink(E, W)}}
	if got := g.AppendFerryMoves(nil, m); !slices.Equal(got, want) {
		t.Fatalf("turn 5: ferry moves %v, want %v", got, want)
	}
	m.FerryMoves = MakeFerryMoves(want[0])
	if got := g.AppendFerryMoves(nil, m); len(got) != 0 {
		t.Fatalf("turn 5: after a move of the only ferry reached, moves %v, want none", got)
	}
	// A tile that continues no road reaches no ferry.
	b, _ := g.TileSet().Lookup("B")
	if got := g.MovableFerries(Move{Tile: b, Cell: Cell{1, 2}}); got != nil {
		t.Fatalf("a cloister reaches ferries %v", got)
	}

	_, g = replayFile(t, file, 5)
	if fi := road(g); !fi.Complete || fi.Tiles != 4 || fi.Followers != ([MaxPlayers]int{}) {
		t.Fatalf("after turn 5: Blue's road %+v, want completed, 4 tiles, its thief home", fi)
	}
	if got := g.Score(0); got != 4 {
		t.Fatalf("after turn 5: Blue scored %d, want 4", got)
	}
	if f, ok := g.FerryAt(Cell{2, 0}); !ok || f.Link != MakeFerryLink(E, S) {
		t.Fatalf("after turn 5: ferry %v %v, want E+S", f, ok)
	}
	red, _ := g.FeatureAt(Cell{2, 1}, N)
	if red.Complete || red.Tiles != 2 || red.Followers[1] != 1 || red.Followers[0] != 0 {
		t.Fatalf("after turn 5: Red's road %+v, want 2 tiles, open, Red's alone", red)
	}

	_, g = replayFile(t, file, 6)
	if fi := road(g); fi.Complete || fi.Tiles != 5 || fi.OpenSides != 1 {
		t.Fatalf("after turn 6: the road Blue completed %+v, want open again, 5 tiles, one open end", fi)
	}
	red, _ = g.FeatureAt(Cell{2, 1}, N)
	if red.Complete || red.Tiles != 2 {
		t.Fatalf("after turn 6: Red's road %+v, want 2 tiles, open to the south", red)
	}

	_, g = replayFile(t, file, 7)
	var roads []int
	for _, e := range g.Events() {
		if e.Player == 0 && e.Feature == Road {
			roads = append(roads, e.Tiles)
		}
	}
	if !slices.Equal(roads, []int{4, 6}) || g.Score(0) != 10 {
		t.Fatalf("Blue's road scores %v (score %d), want 4 then 6 tiles (10)", roads, g.Score(0))
	}
	if fi := road(g); !fi.Complete || fi.Tiles != 6 {
		t.Fatalf("after turn 7: the road %+v, want completed, 6 tiles", fi)
	}
}

// TestFerrySteps answers the turns of fe-example-move.rec step by step:
// the lake's ferry is asked after the figure, the ferry moves after it
// (one at a time, "-" to stop), refused answers leave the turn as it
// was, and the turns make the record's moves.
func TestFerrySteps(t *testing.T) {
	rec, _ := replayFile(t, "testdata/rules/fe-example-move.rec", -1)
	_, g := replayFile(t, "testdata/rules/fe-example-move.rec", 3)
	if got, want := g.Rules().TurnSteps(), []Step{StepTile, StepFigure, StepFerry, StepFerryMove}; !slices.Equal(got, want) {
		t.Fatalf("TurnSteps %v, want %v", got, want)
	}
	play := func(ends bool, answers ...string) {
		t.Helper()
		for i, s := range answers {
			a, err := g.AnswerOf(s)
			if err != nil {
				t.Fatal(err)
			}
			done, err := g.Act(a)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if done != (ends && i == len(answers)-1) {
				t.Fatalf("%s: turn over %v", s, done)
			}
		}
	}
	refuse := func(a Answer, want error) {
		t.Helper()
		if _, err := g.AnswerOf(a.String()); !errors.Is(err, ErrBadAnswer) {
			t.Fatalf("%s is among the answers: %v", a, err)
		}
		pending := g.Pending()
		if _, err := g.Act(a); !errors.Is(err, want) {
			t.Fatalf("%s: %v, want %v", a, err, want)
		}
		if g.Pending() != pending {
			t.Fatalf("refused %s moved the turn on", a)
		}
	}
	drawNext(t, g, rec.Turns[3].Move.Tile)
	play(false, "2,0 0", "follower@S")
	if g.Pending().Step != StepFerry {
		t.Fatalf("after a lake tile's figure: %v, want the ferry", g.Pending())
	}
	if got := len(g.Answers()); got != 3 {
		t.Fatalf("%d links on FE02, want 3", got)
	}
	refuse(Answer{Step: StepFerry, Link: MakeFerryLink(N, S)}, ErrFerry)
	play(true, "ferry@S+W")
	drawNext(t, g, rec.Turns[4].Move.Tile)
	// No figure: the ferry of the lake the road runs into may move.
	play(false, "2,1 90", "-")
	if g.Pending().Step != StepFerryMove {
		t.Fatalf("after the figure: %v, want a ferry move", g.Pending())
	}
	refuse(Answer{Step: StepFerryMove, Cell: Cell{2, 0}, Link: MakeFerryLink(S, W)}, ErrFerry)
	refuse(Answer{Step: StepFerryMove, Cell: Cell{0, 0}, Link: MakeFerryLink(E, W)}, ErrFerry)
	play(true, "ferry@2,0:E+S")
	drawNext(t, g, rec.Turns[5].Move.Tile)
	play(true, "3,0 0", "-", "ferry@2,0:E+W")
	drawNext(t, g, rec.Turns[6].Move.Tile)
	// Blue's village reaches the ferry too, and leaves it.
	play(true, "4,0 0", "follower@W", "-")
	if err := g.Finish(); err != nil {
		t.Fatal(err)
	}
	_, got, _ := strings.Cut(g.Record().String(), "\n\n")
	if _, want, _ := strings.Cut(rec.String(), "\n\n"); got != want {
		t.Fatalf("step by step:\n%s\nrecord:\n%s", got, want)
	}
}

// TestFerryRefused checks the reasons of the refused ferry fixtures: the
// rule error and the words a player reads.
func TestFerryRefused(t *testing.T) {
	tests := []struct{ file, words string }{
		{"fe-error-missing.rec", "has a lake: set its ferry"},
		{"fe-error-not-road-end.rec", "two road ends of the lake (E, S, W), not N+S"},
		{"fe-error-no-lake.rec", "has no lake"},
		{"fe-error-not-reached.rec", "not the first ferry on a road this tile continues"},
		{"fe-error-closed-end.rec", "not the first ferry on a road this tile continues"},
		{"fe-error-same-link.rec", "already joins S+W"},
		{"fe-error-twice.rec", "moves once a turn"},
		{"fe-error-own-ferry.rec", "no ferry is on the tile at (3,0)"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			rec, err := ReadRecord(strings.NewReader(mustRead(t, "testdata/rules/"+tt.file)))
			if err != nil {
				t.Fatal(err)
			}
			_, err = rec.Replay()
			if !errors.Is(err, ErrFerry) || !strings.Contains(err.Error(), tt.words) {
				t.Fatalf("%v, want ErrFerry saying %q", err, tt.words)
			}
		})
	}
}

// TestFerryTokens reads and writes the ferry tokens, and refuses them out
// of order or malformed.
func TestFerryTokens(t *testing.T) {
	r := mustRules(t, ExpansionFerries)
	ts := r.Tiles
	for _, s := range []string{"FE02 2,0 0 follower@S ferry@S+W", "U 2,1 90 ferry@2,0:E+S", "FE03 1,0 90 ferry@N+E ferry@2,0:E+S ferry@-3,1:N+W"} {
		m, err := ParseMove(ts, s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if got := MoveString(ts, m); got != s {
			t.Fatalf("%s writes back as %s", s, got)
		}
	}
	for _, s := range []string{
		"FE02 2,0 0 ferry@2,0:E+S ferry@E+S", // the new ferry after a move
		"FE02 2,0 0 ferry@E+S ferry@E+W",     // two new ferries
		"FE02 2,0 0 ferry@E",                 // one road end
		"FE02 2,0 0 ferry@E+E",               // the same end twice
		"FE02 2,0 0 ferry@NNE+S",             // not a road end's port
		"FE02 2,0 0 ferry=E+S",               // no @
		"U 2,1 90 ferry@2,0:E+S ferry@1,0:N+S ferry@3,0:N+S ferry@4,0:N+S ferry@5,0:N+S", // five moves
	} {
		if _, err := ParseMove(ts, s); err == nil {
			t.Errorf("%s read", s)
		}
	}
	if got, want := MakeFerryLink(W, N).String(), "N+W"; got != want {
		t.Errorf("the link of W and N writes %q, want %q", got, want)
	}
	for _, l := range []FerryLink{0, 1, 7, 15, 16 | 3} {
		if l.Valid() {
			t.Errorf("link %b valid", l)
		}
	}
}

func mustRead(tb testing.TB, path string) string {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}
