package storage

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// latestVersion returns the version of the last migration, a SQL file's
// or a Go one's (goMigrations), which the versions from 1 on reach one by
// one.
func latestVersion(tb testing.TB) int64 {
	tb.Helper()
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil || len(names) == 0 {
		tb.Fatal("no migrations", err)
	}
	latest, err := latestMigration(sqliteDB)
	if err != nil {
		tb.Fatal(err)
	}
	if n := int64(len(names) + len(goMigrations(sqliteDB))); latest != n {
		tb.Fatalf("the last migration is version %d, but there are %d: a version is missing", latest, n)
	}
	return latest
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
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		path := kind.newDSN(t)
		db := oldDB(t, kind, path)
		if err := migrate(ctx, db.DB, kind.dialect, 1); err != nil {
			t.Fatal(err)
		}
		if v := schemaVersion(t, db.DB); v != 1 {
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
		if hasIndex(t, db, "seats_by_user") {
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
		if !hasIndex(t, storeSQL(s), "seats_by_user") {
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
	})
}

func TestMigrateTwice(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		s, path := kind.open(t)
		s = reopen(t, s, path)
		if v := schemaVersion(t, s.write); v != latestVersion(t) {
			t.Errorf("schema version %d, want %d", v, latestVersion(t))
		}
	})
}

func TestNewerSchema(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		s, path := kind.open(t)
		if _, err := s.write.Exec(`INSERT INTO goose_db_version (version_id, is_applied) VALUES (99, true)`); err != nil {
			t.Fatal(err)
		}
		s.Close()
		if s, err := Open(context.Background(), path); err == nil || !strings.Contains(err.Error(), "newer") {
			if s != nil {
				s.Close()
			}
			t.Fatalf("got %v, want an error about a newer schema", err)
		}
	})
}

// TestMigrateCauses creates a database at version 5, whose meanings were
// in string prefixes (request ids "timeout:…", "timeout-resign:…" and
// "discard:…", user ids "local:…"), and checks that Open moves them into
// the columns cause and kind, and that the log stays append-only.
func TestMigrateCauses(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		path := kind.newDSN(t)
		db := oldDB(t, kind, path)
		if err := migrate(ctx, db.DB, kind.dialect, 5); err != nil {
			t.Fatal(err)
		}
		// A terminal game of two local players, three moves in: seat 0's two
		// turns were played by timeouts.
		mirror, err := engine.New(engine.Config{Players: []string{"Ann", "Bob"}, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Exec(q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		exec(`INSERT INTO games (id, status, seed, max_seats, host_user_id, created_at, started_at, updated_at, announced_moves)
		VALUES (1, 'running', 7, 2, 'local:Ann', 0, 0, 0, 3)`)
		exec(`INSERT INTO seats (game_id, seat, user_id, name, player, colour, joined_at) VALUES (1, 0, 'local:Ann', 'Ann', 'Ann', 'red', 0)`)
		exec(`INSERT INTO seats (game_id, seat, user_id, name, player, colour, joined_at) VALUES (1, 1, 'local:Bob', 'Bob', 'Bob', 'green', 0)`)
		rng := rand.New(rand.NewPCG(7, 7))
		for n, req := range []string{"timeout:1:0", "interaction-1", "timeout:1:2"} {
			m := randomMove(mirror, rng)
			exec(`INSERT INTO moves (game_id, number, turn, seat, kind, notation, request_id, created_at) VALUES (1, ?, ?, ?, 'move', ?, ?, 0)`,
				n, mirror.Turn(), mirror.Current(), engine.MoveString(engine.BaseTiles, m), req)
			mirror.Apply(m)
		}
		// A Discord game whose rows only need their cause: a discard and a
		// removal after timeouts (not replayed here).
		exec(`INSERT INTO games (id, status, seed, max_seats, host_user_id, created_at, started_at, updated_at)
		VALUES (2, 'stopped', 1, 2, '111', 0, 0, 0)`)
		exec(`INSERT INTO seats (game_id, seat, user_id, name, player, colour, joined_at) VALUES (2, 0, '111', 'local:Cid', 'Cid', 'red', 0)`)
		exec(`INSERT INTO moves (game_id, number, turn, seat, notation, request_id, created_at) VALUES (2, 0, 1, 0, 'E 1,0 0', 'discard:2:0', 0)`)
		exec(`INSERT INTO moves (game_id, number, turn, seat, kind, notation, request_id, created_at) VALUES (2, 1, 1, 0, 'resign', 'resign Cid', 'timeout-resign:2:1', 0)`)
		exec(`INSERT INTO moves (game_id, number, turn, seat, notation, created_at) VALUES (2, 2, 1, 0, 'E 1,0 0', 0)`)
		db.Close()

		s, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if v := schemaVersion(t, s.write); v != latestVersion(t) {
			t.Errorf("schema version %d, want %d", v, latestVersion(t))
		}
		causes := map[string]string{}
		rows, err := storeSQL(s).Query(`SELECT game_id || ':' || number, cause FROM moves`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var k, c string
			if err := rows.Scan(&k, &c); err != nil {
				t.Fatal(err)
			}
			causes[k] = c
		}
		rows.Close()
		want := map[string]string{"1:0": "timeout", "1:1": "player", "1:2": "timeout", "2:0": "discard", "2:1": "timeout", "2:2": "player"}
		if !reflect.DeepEqual(causes, want) {
			t.Errorf("causes %v, want %v", causes, want)
		}
		if n, err := s.TurnTimeouts(ctx, 1, 0); err != nil || n != 2 {
			t.Errorf("seat 0's timeouts in a row: %d, %v; want 2", n, err)
		}
		g, state, err := s.Load(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		sameState(t, state, mirror)
		for _, st := range g.Seats {
			if st.Kind != PlayerLocal || !strings.HasPrefix(st.UserID, "local:") {
				t.Errorf("seat %+v, want a local player keeping its user id", st)
			}
		}
		if g, err := s.Get(ctx, 2); err != nil || g.Seats[0].Kind != PlayerDiscord {
			t.Errorf("a Discord player named local:Cid: %+v, %v", g.Seats, err)
		}
		if _, err := storeSQL(s).Exec(`UPDATE moves SET cause = 'player' WHERE game_id = 1`); err == nil {
			t.Error("the migrated log can be changed")
		}
		// The game goes on, its moves stored with their cause.
		m := randomMove(mirror, rng)
		res, err := s.AppendMove(ctx, 1, 3, m, Request{ID: "t", Cause: CauseTimeout})
		if err != nil || res.Seat != 1 {
			t.Fatalf("a move after the upgrade: %+v, %v", res, err)
		}
		if n, err := s.TurnTimeouts(ctx, 1, 1); err != nil || n != 1 {
			t.Errorf("seat 1's timeouts in a row: %d, %v; want 1", n, err)
		}
	})
}

// oldDB opens the new database at path as the program of an older schema
// did, for the migration tests to write into it.
func oldDB(tb testing.TB, kind testDB, path string) *rawSQL {
	tb.Helper()
	if kind.dialect == postgresDB {
		return rawDB(tb, path)
	}
	db, err := sql.Open("sqlite", dsn(path, writeParams))
	if err != nil {
		tb.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	tb.Cleanup(func() { db.Close() })
	return &rawSQL{db, sqliteDB}
}

// TestMigrationsPaired checks that the PostgreSQL migrations have the
// versions of the SQLite ones, so that both reach the same schema version.
func TestMigrationsPaired(t *testing.T) {
	t.Parallel()
	versions := func(d dialect) []string {
		fsys, dir := d.migrations()
		names, err := fs.Glob(fsys, dir+"/*.sql")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, n := range names {
			v, _, _ := strings.Cut(strings.TrimPrefix(n, dir+"/"), "_")
			out = append(out, v)
		}
		return out
	}
	if s, p := versions(sqliteDB), versions(postgresDB); !reflect.DeepEqual(s, p) {
		t.Errorf("SQLite migrations %v, PostgreSQL migrations %v: each version needs both", s, p)
	}
}

// TestMigrateEdition: a River II game stored before the readings of issue
// 32, four moves in, takes edition=1 (engine.EditionBefore32) with
// migration 10, so that it loads with the pile it was dealt (its moves
// replay, its next tile is the one its players saw) and goes on; a lobby
// of the same expansions and a running base game keep their rules.
func TestMigrateEdition(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		path := kind.newDSN(t)
		db := oldDB(t, kind, path)
		if err := migrate(ctx, db.DB, kind.dialect, 9); err != nil {
			t.Fatal(err)
		}
		set := engine.ExpansionSet(0).With(engine.ExpansionRiver2)
		rules := func(o engine.Options) *engine.Rules {
			r, err := engine.NewRules(set, o)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		const seed = 3
		players := []string{"Ann", "Bob"}
		mirror, err := engine.New(engine.Config{Players: players, Seed: seed, Rules: rules(engine.Options{Edition: engine.EditionBefore32})})
		if err != nil {
			t.Fatal(err)
		}
		now, err := engine.New(engine.Config{Players: players, Seed: seed, Rules: rules(engine.Options{})})
		if err != nil {
			t.Fatal(err)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Exec(q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		const oldRules = "farms=per-farm, tiny-city=4"
		exec(`INSERT INTO games (id, status, expansions, rules, seed, max_seats, host_user_id, created_at, started_at, updated_at)
		VALUES (1, 'running', ?, ?, ?, 2, 'local:Ann', 0, 0, 0)`, set.String(), oldRules, seed)
		exec(`INSERT INTO games (id, status, expansions, rules, max_seats, host_user_id, created_at, updated_at)
		VALUES (2, 'lobby', ?, ?, 2, '111', 0, 0)`, set.String(), oldRules)
		exec(`INSERT INTO games (id, status, expansions, rules, seed, max_seats, host_user_id, created_at, started_at, updated_at)
		VALUES (3, 'running', 'base', ?, 5, 2, '111', 0, 0, 0)`, oldRules)
		for i, p := range players {
			exec(`INSERT INTO seats (game_id, seat, user_id, name, player, kind, joined_at) VALUES (1, ?, ?, ?, ?, 'local', 0)`, i, "local:"+p, p, p)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		differs := false
		for n := range 4 {
			a, _ := mirror.Drawn()
			b, _ := now.Drawn()
			differs = differs || mirror.TileSet().Name(a) != now.TileSet().Name(b)
			m := randomMove(mirror, rng)
			exec(`INSERT INTO moves (game_id, number, turn, seat, kind, notation, request_id, created_at) VALUES (1, ?, ?, ?, 'move', ?, ?, 0)`,
				n, mirror.Turn(), mirror.Current(), engine.MoveString(mirror.TileSet(), m), fmt.Sprintf("r%d", n))
			if err := mirror.Apply(m); err != nil {
				t.Fatal(err)
			}
			if err := now.Apply(randomMove(now, rng)); err != nil {
				t.Fatal(err)
			}
		}
		if !differs {
			t.Fatal("the seed deals both editions alike: the test would prove nothing")
		}
		db.Close()

		s, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		for id, want := range map[int64]string{1: oldRules + ", edition=1", 2: oldRules, 3: oldRules} {
			var got string
			if err := storeSQL(s).QueryRow(`SELECT rules FROM games WHERE id = ?`, id).Scan(&got); err != nil || got != want {
				t.Errorf("game %d's rules %q (%v), want %q", id, got, err, want)
			}
		}
		g, state, err := s.Load(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if g.Options.Edition != engine.EditionBefore32 {
			t.Errorf("the game loads with edition %d", g.Options.Edition)
		}
		sameState(t, state, mirror)
		if _, err := s.AppendMove(ctx, 1, 4, randomMove(mirror, rng), Request{ID: "after"}); err != nil {
			t.Fatalf("a move after the upgrade: %v", err)
		}
	})
}
