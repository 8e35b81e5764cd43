package terminal

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
)

// loadState returns the stored state of game id of database db.
func loadState(tb testing.TB, db string, id int64) (storage.Game, *engine.Game) {
	tb.Helper()
	st, err := storage.Open(context.Background(), db)
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	g, state, err := st.Load(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return g, state
}

// placeFirst returns the command that places the tile drawn in g on its
// first legal placement, without a follower.
func placeFirst(tb testing.TB, g *engine.Game) string {
	tb.Helper()
	ps := g.Placements()
	if len(ps) == 0 {
		tb.Fatal("the sitting stopped on a tile that fits nowhere")
	}
	return fmt.Sprintf("place %s %d\n", ps[0].Cell, ps[0].Rotation.Degrees())
}

// TestComputerPlayers: a person against two computers to the end, one
// sitting per turn of the person's (each continuing the stored game): the
// sitting plays the computers' turns itself and says what they did, the
// seats are named "Computer (easy)", and the stored game replays to the
// same scores.
func TestComputerPlayers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png")
	names := []string{"Ann", ai.Easy.Name(), ai.Hard.Name()}
	first, err := engine.New(engine.Config{Players: names, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{DB: db, Board: board, Players: names, Computers: []ai.Level{ai.NoLevel, ai.Easy, ai.Hard}, Seed: 11, Playouts: 8}
	out := run(t, cfg, placeFirst(t, first))
	if !strings.Contains(out, "New game 1: Ann (red), Computer (easy) (green), Computer (hard) (blue)") {
		t.Errorf("intro:\n%s", out)
	}
	all := out
	for range 80 {
		_, state := loadState(t, db, 1)
		if state.Ended() {
			break
		}
		if state.Current() != 0 {
			t.Fatalf("the sitting stopped on %s's turn:\n%s", state.Players()[state.Current()], out)
		}
		out = run(t, Config{DB: db, Board: board, Resume: 1, Playouts: 8}, placeFirst(t, state))
		all += out
	}
	g, state := loadState(t, db, 1)
	if !state.Ended() || g.Status != storage.StatusFinished {
		t.Fatalf("the game did not end: status %s", g.Status)
	}
	for _, name := range names[1:] {
		if !strings.Contains(all, name+" placed ") {
			t.Errorf("no move of %s said", name)
		}
	}
	var placed [3]int
	for i, n := range names {
		placed[i] = strings.Count(all, n+" placed ")
	}
	if placed[1] == 0 || placed[2] == 0 || placed[0] == 0 {
		t.Errorf("moves said by player: %v", placed)
	}
	replayed, err := state.Record().Replay()
	if err != nil {
		t.Fatalf("the stored game does not replay: %v", err)
	}
	if got, want := fmt.Sprint(replayed.Scores()), fmt.Sprint(state.Scores()); got != want {
		t.Errorf("replayed scores %s, stored %s", got, want)
	}
	if !strings.Contains(all, "The game is over after ") {
		t.Error("the end was not shown")
	}
}

// TestComputersAlone: a game of computers alone is played to its end
// without a line of input.
func TestComputersAlone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png")
	cfg := Config{DB: db, Board: board, Players: []string{"Computer (easy)", "Computer (easy) 2"}, Computers: []ai.Level{ai.Easy, ai.Easy}, Seed: 5,
		Expansions: []string{"inns-and-cathedrals", "cathars"}}
	out := run(t, cfg, "")
	g, state := loadState(t, db, 1)
	if !state.Ended() || g.Status != storage.StatusFinished {
		t.Fatalf("status %s, output:\n%s", g.Status, out)
	}
	if got, want := len(terminaltest.CheckSummariesOf(t, state, out)), state.Turn()-1; got != want {
		t.Errorf("%d moves said, %d played", got, want)
	}
	if strings.Contains(out, "Where it fits") {
		t.Error("the cells were listed for a computer")
	}
}

// TestComputerConfigRefused: a computer that cannot take a seat, a name
// starting with @ for a person, and a list of levels of the wrong length
// are refused in words.
func TestComputerConfigRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := Config{DB: filepath.Join(dir, "games.db"), Board: filepath.Join(dir, "board.png")}
	for _, tc := range []struct {
		players []string
		levels  []ai.Level
		want    string
	}{
		{[]string{"Ann", "R"}, []ai.Level{ai.NoLevel, ai.Random}, "random cannot take a seat"},
		{[]string{"Ann", "@hard"}, []ai.Level{ai.NoLevel, ai.NoLevel}, "starts with @"},
		{[]string{"Ann", "Bob"}, []ai.Level{ai.Easy}, "2 players but 1 entries"},
	} {
		cfg := base
		cfg.Players, cfg.Computers = tc.players, tc.levels
		err := Run(context.Background(), cfg, strings.NewReader(""), new(strings.Builder))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v %v: got %v, want %q", tc.players, tc.levels, err, tc.want)
		}
	}
}
