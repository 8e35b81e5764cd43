package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// finishGame stores a game of players on server guild, plays moves of
// the drawn tile (first legal placement, no follower) and then has the
// first player resign, which ends it.
func finishGame(tb testing.TB, st *storage.Store, guild string, moves int, players ...string) {
	tb.Helper()
	ctx := context.Background()
	kind := storage.PlayerDiscord
	if guild == "" {
		kind = storage.PlayerLocal
	}
	var ps []storage.Player
	for _, name := range players {
		p := storage.Player{UserID: fmt.Sprint(500 + int(name[0])), Name: name, Kind: kind}
		if level, ok := strings.CutPrefix(name, "@"); ok {
			// A computer of that level, named as a seat of a game in
			// German ("Computer (schwer)").
			lv, err := ai.ParseLevel(level)
			if err != nil {
				tb.Fatal(err)
			}
			name = turnview.In(i18n.German).ComputerName(level, nil)
			p = storage.Player{UserID: ai.SeatID(lv, name), Name: name, Kind: storage.PlayerLocal}
		}
		ps = append(ps, p)
	}
	g, err := st.CreateGame(ctx, storage.NewGame{Host: ps[0], GuildID: guild, MaxSeats: len(ps)})
	if err != nil {
		tb.Fatal(err)
	}
	for _, p := range ps[1:] {
		if _, err := st.Join(ctx, g.ID, p); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := st.Start(ctx, g.ID, uint64(g.ID)*7); err != nil {
		tb.Fatal(err)
	}
	for range moves {
		g, state, err := st.Load(ctx, g.ID)
		if err != nil {
			tb.Fatal(err)
		}
		m, ok := firstMove(state)
		if !ok {
			break
		}
		if _, err := st.AppendMove(ctx, g.ID, g.Moves, m, storage.Request{}); err != nil {
			tb.Fatal(err)
		}
	}
	if res, err := st.Resign(ctx, g.ID, ps[0].UserID, storage.Request{}); err != nil || !res.Finished {
		tb.Fatalf("resign: %+v, %v", res.Finished, err)
	}
}

// TestStatsCommand prints the statistics of a database with the games of
// two Discord servers and of the terminal, and checks the tables against
// the store's figures.
func TestStatsCommand(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "stats.db")
	ctx := context.Background()
	st, err := storage.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	finishGame(t, st, "111", 8, "Ann", "Bob")
	finishGame(t, st, "111", 12, "Bob", "Cid")
	finishGame(t, st, "111", 5, "Cid", "Ann")
	finishGame(t, st, "222", 6, "Dee", "Eve")
	finishGame(t, st, "", 4, "Fay", "Gus")
	type line struct {
		guild, name string
		rating      string
		games, wins int
	}
	var want []line
	for _, g := range []string{"", "111", "222"} {
		board, err := st.Leaderboard(ctx, g, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range board {
			want = append(want, line{g, e.Name, fmt.Sprintf("%.0f", e.Rating.Conservative()), e.Games, e.Wins})
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	var out, errs bytes.Buffer
	if code := run([]string{"stats", "--db", path}, &out, &errs); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.String()
	for _, head := range []string{"Games played on this terminal: 1 finished game", "Discord server 111: 3 finished games", "Discord server 222: 1 finished game"} {
		if !strings.Contains(text, head) {
			t.Errorf("the output has no %q:\n%s", head, text)
		}
	}
	for _, w := range want {
		rank := regexp.MustCompile(`(?m)^\d+\s+` + w.name + `\s+` + w.rating + `\s+` + fmt.Sprint(w.wins) + `\s+` + fmt.Sprint(w.games) + `$`)
		if !rank.MatchString(text) {
			t.Errorf("no leaderboard line for %s (rating %s, %d wins, %d games):\n%s", w.name, w.rating, w.wins, w.games, text)
		}
		player := regexp.MustCompile(`(?m)^` + w.name + `\s+` + fmt.Sprint(w.games) + `\s+` + fmt.Sprint(w.wins) + `\s`)
		if !player.MatchString(text) {
			t.Errorf("no statistics line for %s (%d games, %d wins):\n%s", w.name, w.games, w.wins, text)
		}
	}

	out.Reset()
	if code := run([]string{"stats", "--db", path, "--guild", "local"}, &out, &errs); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if s := out.String(); !strings.Contains(s, "Fay") || strings.Contains(s, "Ann") || strings.Contains(s, "Discord server") {
		t.Errorf("--guild local:\n%s", s)
	}
	out.Reset()
	if code := run([]string{"stats", "--db", path, "--guild", "333"}, &out, &errs); code != exitOK || !strings.Contains(out.String(), "no finished games yet") {
		t.Errorf("a server with no game: exit %d:\n%s", code, out.String())
	}
	out.Reset()
	missing := filepath.Join(t.TempDir(), "none.db")
	if code := run([]string{"stats", "--db", missing}, &out, &errs); code != exitOK || !strings.Contains(out.String(), "does not exist") {
		t.Errorf("no database: exit %d:\n%s", code, out.String())
	}
}

// TestStatsComputerNames: a computer player whose seat's name says its
// level, in any language ("Computer (schwer)"), is named once in the
// tables, not "Computer (schwer) (computer, hard)".
func TestStatsComputerNames(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "stats.db")
	st, err := storage.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	finishGame(t, st, "", 6, "Hal", "@hard")
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	if code := run([]string{"stats", "--db", path}, &out, &errs); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if s := out.String(); !regexp.MustCompile(`(?m)^1\s+Computer \(schwer\)\s+\d`).MatchString(s) || strings.Contains(s, "(computer, hard)") {
		t.Errorf("the computer is not named once, as its seat:\n%s", s)
	}
}

// firstMove returns the first legal placement of the drawn tile, with a
// follower on its first spot when the player has one; false when the game
// has no tile drawn.
func firstMove(g *engine.Game) (engine.Move, bool) {
	t, ok := g.Drawn()
	if !ok || g.Ended() {
		return engine.Move{}, false
	}
	ps := g.AppendPlacements(nil, t)
	if len(ps) == 0 {
		return engine.Move{Tile: t, Discard: true}, true
	}
	m := engine.Move{Tile: t, Cell: ps[0].Cell, Rotation: ps[0].Rotation}
	if spots := g.FollowerSpots(ps[0]); len(spots) > 0 && g.Supply(g.Current()) > 0 {
		m.Follower = spots[0].Port
	}
	return m, true
}
