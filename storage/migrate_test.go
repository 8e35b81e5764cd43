package storage

import (
	"context"
	"database/sql"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// latestVersion returns the version of the last embedded migration.
func latestVersion(tb testing.TB) int64 {
	tb.Helper()
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil || len(names) == 0 {
		tb.Fatal("no migrations", err)
	}
	return int64(len(names))
}

func schemaVersion(tb testing.TB, db *sql.DB) int64 {
	tb.Helper()
	var v int64
	if err := db.QueryRow(`SELECT max(version_id) FROM goose_db_version WHERE is_applied`).Scan(&v); err != nil {
		tb.Fatal(err)
	}
	return v
}

// TestMigrateFromFirst creates a database at the first migration only, with
// a lobby and a running game in it, and opens it with the Store.
func TestMigrateFromFirst(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", dsn(path, writeParams))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	if err := migrate(ctx, db, 1); err != nil {
		t.Fatal(err)
	}
	if v := schemaVersion(t, db); v != 1 {
		t.Fatalf("schema version %d, want 1", v)
	}
	// What version 1 wrote: a lobby and a game two moves in.
	for _, q := range []string{
		`INSERT INTO games (id, max_seats, host_user_id, channel_id, created_at, updated_at) VALUES (1, 5, 'ann', 'c', 0, 0)`,
		`INSERT INTO seats (game_id, seat, user_id, name, colour, joined_at) VALUES (1, 0, 'ann', 'Ann', 'red', 0)`,
		`INSERT INTO games (id, status, seed, max_seats, host_user_id, channel_id, thread_id, created_at, started_at, updated_at)
			VALUES (2, 'running', 7, 2, 'ann', 'c', 't', 0, 0, 0)`,
		`INSERT INTO seats (game_id, seat, user_id, name, player, colour, joined_at) VALUES (2, 0, 'ann', 'Ann', 'Ann', 'red', 0)`,
		`INSERT INTO seats (game_id, seat, user_id, name, player, colour, joined_at) VALUES (2, 1, 'bob', 'Bob', 'Bob', 'green', 0)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	var indexes int
	db.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'seats_by_user'`).Scan(&indexes)
	if indexes != 0 {
		t.Fatal("version 1 has the finders' indexes")
	}
	db.Close()

	// The moves, as version 1 stored them: the same notation.
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Get(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	mirror := mirrorOf(t, g)
	playMoves(t, s, 2, mirror, rand.New(rand.NewPCG(1, 1)), 2)
	s.Close()

	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v := schemaVersion(t, s.write); v != latestVersion(t) {
		t.Errorf("schema version %d after Open, want %d", v, latestVersion(t))
	}
	s.write.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'seats_by_user'`).Scan(&indexes)
	if indexes != 1 {
		t.Error("the upgraded database has no index seats_by_user")
	}
	_, state, err := s.Load(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	sameState(t, state, mirror)
	if games, err := s.GamesByPlayer(ctx, "ann"); err != nil || len(games) != 2 {
		t.Errorf("ann's games: %d, %v", len(games), err)
	}
	if g, err := s.Join(ctx, 1, Player{UserID: "bob", Name: "Bob"}); err != nil || len(g.Seats) != 2 {
		t.Errorf("joining the old lobby: %+v, %v", g, err)
	}
}

func TestMigrateTwice(t *testing.T) {
	s, path := openTest(t)
	s = reopen(t, s, path)
	if v := schemaVersion(t, s.write); v != latestVersion(t) {
		t.Errorf("schema version %d, want %d", v, latestVersion(t))
	}
}

func TestNewerSchema(t *testing.T) {
	s, path := openTest(t)
	if _, err := s.write.Exec(`INSERT INTO goose_db_version (version_id, is_applied) VALUES (99, 1)`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err := Open(context.Background(), path); err == nil || !strings.Contains(err.Error(), "newer") {
		if s != nil {
			s.Close()
		}
		t.Fatalf("got %v, want an error about a newer schema", err)
	}
}
