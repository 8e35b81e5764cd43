package storage

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

func unannouncedIDs(tb testing.TB, s *Store) []int64 {
	tb.Helper()
	games, err := s.Unannounced(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	var ids []int64
	for _, g := range games {
		ids = append(ids, g.ID)
	}
	return ids
}

func TestAnnounced(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, path := kind.open(t)
		lobby, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "u", Name: "U"}})
		if err != nil {
			t.Fatal(err)
		}
		g := startGame(t, s, 2, 5)
		if g.Announced != -1 {
			t.Errorf("a new game's Announced = %d, want -1", g.Announced)
		}
		// Started, its first turn not posted: the bot owes an announcement; the
		// lobby owes none.
		if ids := unannouncedIDs(t, s); len(ids) != 1 || ids[0] != g.ID {
			t.Fatalf("Unannounced = %v, want [%d] (lobby %d left out)", ids, g.ID, lobby.ID)
		}
		if err := s.SetAnnounced(ctx, g.ID, "m0", 0); err != nil {
			t.Fatal(err)
		}
		if ids := unannouncedIDs(t, s); len(ids) != 0 {
			t.Fatalf("after the first turn was posted: Unannounced = %v", ids)
		}
		mirror := mirrorOf(t, g)
		playMoves(t, s, g.ID, mirror, rand.New(rand.NewPCG(3, 3)), 1)
		if ids := unannouncedIDs(t, s); len(ids) != 1 {
			t.Fatalf("a move stored, not announced: Unannounced = %v", ids)
		}
		if err := s.SetAnnounced(ctx, g.ID, "m1", 1); err != nil {
			t.Fatal(err)
		}
		// The end, announced without a new turn message, keeps the last one.
		if err := s.SetAnnounced(ctx, g.ID, "", 1); err != nil {
			t.Fatal(err)
		}
		s = reopen(t, s, path)
		got, err := s.Get(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Announced != 1 || got.TurnMessageID != "m1" || got.Moves != 1 {
			t.Errorf("after reopening: Announced %d, TurnMessageID %q, Moves %d; want 1, m1, 1", got.Announced, got.TurnMessageID, got.Moves)
		}
		// A late announcement of fewer moves changes nothing.
		if err := s.SetAnnounced(ctx, g.ID, "m0", 0); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(ctx, g.ID); got.Announced != 1 || got.TurnMessageID != "m1" {
			t.Errorf("after a late announcement of move 0: Announced %d, TurnMessageID %q; want 1, m1", got.Announced, got.TurnMessageID)
		}
		if err := s.SetAnnounced(ctx, 999, "x", 0); err != ErrNotFound {
			t.Errorf("SetAnnounced of no game: %v, want ErrNotFound", err)
		}
		// A local game (the terminal's: no channel) owes the bot nothing.
		local, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "local:Ann", Name: "Ann"}, MaxSeats: 1})
		if err != nil {
			t.Fatal(err)
		}
		local, err = s.Start(ctx, local.ID, 9)
		if err != nil {
			t.Fatal(err)
		}
		playMoves(t, s, local.ID, mirrorOf(t, local), rand.New(rand.NewPCG(4, 4)), 1)
		if ids := unannouncedIDs(t, s); len(ids) != 0 {
			t.Errorf("with a local game started and played: Unannounced = %v", ids)
		}
	})
}

// TestAnnouncedMigration: games stored before the column existed count as
// announced, so an upgrade posts nothing again.
func TestAnnouncedMigration(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		path := kind.newDSN(t)
		db := oldDB(t, kind, path)
		if err := migrate(ctx, db.DB, kind.dialect, 3); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{
			`INSERT INTO games (id, status, seed, max_seats, host_user_id, channel_id, thread_id, turn_message_id, created_at, started_at, updated_at)
			VALUES (1, 'running', 7, 2, 'ann', 'c', 't', 'm', 0, 0, 0)`,
			`INSERT INTO seats (game_id, seat, user_id, name, player, colour, joined_at) VALUES (1, 0, 'ann', 'Ann', 'Ann', 'red', 0)`,
			`INSERT INTO seats (game_id, seat, user_id, name, player, colour, joined_at) VALUES (1, 1, 'bob', 'Bob', 'Bob', 'green', 0)`,
		} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		db.Close()
		s, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		g, err := s.Get(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if g.Announced != g.Moves {
			t.Errorf("an old running game: Announced %d, Moves %d; want them equal", g.Announced, g.Moves)
		}
		if ids := unannouncedIDs(t, s); len(ids) != 0 {
			t.Errorf("Unannounced after the upgrade = %v, want none", ids)
		}
	})
}

// TestStoppedLobbyLoads: a lobby cancelled before it started has no seed,
// and that is no damage: Load says it never started and leaves it stopped.
func TestStoppedLobbyLoads(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "u", Name: "U"}})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.MarkStatus(ctx, g.ID, StatusStopped, "cancelled"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Load(ctx, g.ID); !errors.Is(err, ErrNotStarted) {
			t.Fatalf("loading a cancelled lobby: %v, want ErrNotStarted", err)
		}
		if got, err := s.Get(ctx, g.ID); err != nil || got.Status != StatusStopped {
			t.Fatalf("the cancelled lobby is now %s, %v; want it still stopped", got.Status, err)
		}
	})
}
