package storage

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// openTest opens a new database file under tb.TempDir and closes it at the
// end of the test.
func openTest(tb testing.TB) (*Store, string) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "test.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s, path
}

// reopen closes s and opens its file again.
func reopen(tb testing.TB, s *Store, path string) *Store {
	tb.Helper()
	if err := s.Close(); err != nil {
		tb.Fatal(err)
	}
	s, err := Open(context.Background(), path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// startGame creates and starts a game of n players ("user0" … with names
// "Player 0" …) shuffled by seed.
func startGame(tb testing.TB, s *Store, n int, seed uint64) Game {
	tb.Helper()
	ctx := context.Background()
	g, err := s.CreateGame(ctx, NewGame{
		Host:    Player{UserID: "user0", Name: "Player 0"},
		GuildID: "guild", ChannelID: "channel",
		MaxSeats: n,
	})
	if err != nil {
		tb.Fatal(err)
	}
	for i := 1; i < n; i++ {
		if _, err := s.Join(ctx, g.ID, Player{UserID: fmt.Sprint("user", i), Name: fmt.Sprint("Player ", i)}); err != nil {
			tb.Fatal(err)
		}
	}
	g, err = s.Start(ctx, g.ID, seed)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// randomMove returns a random legal move of the drawn tile: a random
// placement with a follower on a random spot about half the time, or a
// discard when the tile fits nowhere.
func randomMove(g *engine.Game, rng *rand.Rand) engine.Move {
	t, _ := g.Drawn()
	ps := g.AppendPlacements(nil, t)
	if len(ps) == 0 {
		return engine.Move{Tile: t, Discard: true}
	}
	p := ps[rng.IntN(len(ps))]
	m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
	if spots := g.FollowerSpots(p); len(spots) > 0 && rng.IntN(2) == 0 {
		m.Follower = spots[rng.IntN(len(spots))].Port
	}
	return m
}

// playMoves appends n random legal moves (fewer if the game ends) to game
// id, mirroring them on mirror, and returns the moves.
func playMoves(tb testing.TB, s *Store, id int64, mirror *engine.Game, rng *rand.Rand, n int) []engine.Move {
	tb.Helper()
	var moves []engine.Move
	for i := 0; i < n && !mirror.Ended(); i++ {
		m := randomMove(mirror, rng)
		number := len(mirror.Moves())
		res, err := s.AppendMove(context.Background(), id, number, m, Request{ID: fmt.Sprint("req-", number)})
		if err != nil {
			tb.Fatalf("move %d (%s): %v", number, engine.MoveString(engine.BaseTiles, m), err)
		}
		if res.Number != number || res.Duplicate {
			tb.Fatalf("move %d: got %+v", number, res)
		}
		if err := mirror.Apply(m); err != nil {
			tb.Fatal(err)
		}
		if res.Finished != mirror.Ended() {
			tb.Fatalf("move %d: Finished %v, the game ended %v", number, res.Finished, mirror.Ended())
		}
		moves = append(moves, m)
	}
	return moves
}

// mirrorOf returns a new engine game set up like stored game g.
func mirrorOf(tb testing.TB, g Game) *engine.Game {
	tb.Helper()
	var names []string
	for _, st := range g.Seats {
		names = append(names, st.PlayerName)
	}
	e, err := engine.New(engine.Config{Players: names, Options: g.Options, Seed: g.Seed})
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// rawDB opens the file at path with plain database/sql, for tests that
// reach past the Store.
func rawDB(tb testing.TB, path string) *sql.DB {
	tb.Helper()
	db, err := sql.Open("sqlite", dsn(path, "_pragma=busy_timeout(5000)"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// sameState fails unless got and want are the same position, with the
// same draw pile.
func sameState(tb testing.TB, got, want *engine.Game) {
	tb.Helper()
	if g, w := got.Record().String(), want.Record().String(); g != w {
		tb.Fatalf("record:\ngot\n%s\nwant\n%s", g, w)
	}
	samePlay(tb, got, want)
}

// samePlay fails unless got and want have had the same moves to the same
// board, scores and followers, whatever the order of the tiles left (as
// for a game replayed from a record without its seed).
func samePlay(tb testing.TB, got, want *engine.Game) {
	tb.Helper()
	gr, wr := got.Record(), want.Record()
	gr.Seed, wr.Seed = 0, 0
	if g, w := gr.String(), wr.String(); g != w {
		tb.Fatalf("record:\ngot\n%s\nwant\n%s", g, w)
	}
	if g, w := fmt.Sprint(got.Scores()), fmt.Sprint(want.Scores()); g != w {
		tb.Errorf("scores: got %s, want %s", g, w)
	}
	for p := range want.NumPlayers() {
		if g, w := got.Supply(p), want.Supply(p); g != w {
			tb.Errorf("supply of player %d: got %d, want %d", p, g, w)
		}
	}
	if g, w := fmt.Sprint(got.Events()), fmt.Sprint(want.Events()); g != w {
		tb.Errorf("events:\ngot  %s\nwant %s", g, w)
	}
	if g, w := fmt.Sprint(got.Followers()), fmt.Sprint(want.Followers()); g != w {
		tb.Errorf("followers:\ngot  %s\nwant %s", g, w)
	}
	if got.Turn() != want.Turn() || got.Current() != want.Current() || got.Ended() != want.Ended() || got.TilesLeft() != want.TilesLeft() {
		tb.Errorf("turn %d, player %d, ended %v, %d tiles left; want %d, %d, %v, %d",
			got.Turn(), got.Current(), got.Ended(), got.TilesLeft(),
			want.Turn(), want.Current(), want.Ended(), want.TilesLeft())
	}
}
