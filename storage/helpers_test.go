package storage

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// testPostgresEnv names the environment variable holding the URL of a
// PostgreSQL server on which the tests may create and drop databases
// (scripts/postgres-dev starts one). Without it the PostgreSQL tests are
// skipped, unless CI is set: then they fail.
const testPostgresEnv = "CARCASSONNE_TEST_POSTGRES"

// testDB is a kind of database the storage tests run on.
type testDB struct {
	name    string // the subtest's name
	dialect dialect
}

// testDBs are the kinds of databases every storage test runs on.
var testDBs = []testDB{{"sqlite", sqliteDB}, {"postgres", postgresDB}}

// eachDB runs fn as a subtest for each kind of database, named sqlite and
// postgres.
func eachDB(t *testing.T, fn func(t *testing.T, db testDB)) {
	t.Helper()
	for _, db := range testDBs {
		t.Run(db.name, func(t *testing.T) {
			db.need(t)
			fn(t, db)
		})
	}
}

// eachDBBench is eachDB for benchmarks.
func eachDBBench(b *testing.B, fn func(b *testing.B, db testDB)) {
	b.Helper()
	for _, db := range testDBs {
		b.Run(db.name, func(b *testing.B) {
			db.need(b)
			fn(b, db)
		})
	}
}

// need skips the test when its kind of database is not there: a
// PostgreSQL test without testPostgresEnv; in CI (CI set) it fails instead.
func (db testDB) need(tb testing.TB) {
	tb.Helper()
	if db.dialect != postgresDB || os.Getenv(testPostgresEnv) != "" {
		return
	}
	if os.Getenv("CI") != "" {
		tb.Fatalf("%s is not set, and CI must run the PostgreSQL tests: set it to the URL of a PostgreSQL server (scripts/postgres-dev starts one)", testPostgresEnv)
	}
	tb.Skipf("no PostgreSQL server: set %s to the URL of one (scripts/postgres-dev starts one)", testPostgresEnv)
}

// newDSN returns a new empty database: the path of a file under
// tb.TempDir, or the URL of a new database with a random name on the
// server of testPostgresEnv, dropped at the end of the test.
func (db testDB) newDSN(tb testing.TB) string {
	tb.Helper()
	if db.dialect == sqliteDB {
		return filepath.Join(tb.TempDir(), "test.db")
	}
	server := os.Getenv(testPostgresEnv)
	u, err := url.Parse(server)
	if err != nil {
		tb.Fatalf("%s: %v", testPostgresEnv, err)
	}
	admin, err := sql.Open("pgx", server)
	if err != nil {
		tb.Fatal(err)
	}
	defer admin.Close()
	name := fmt.Sprintf("carcassonne_test_%016x", rand.Uint64())
	if _, err := admin.Exec(`CREATE DATABASE ` + name); err != nil {
		tb.Fatalf("create a database on the server of %s (%s): %v", testPostgresEnv, RedactURL(server), err)
	}
	tb.Cleanup(func() {
		admin, err := sql.Open("pgx", server)
		if err != nil {
			tb.Error(err)
			return
		}
		defer admin.Close()
		// FORCE ends the sessions left, a killed child's for one.
		if _, err := admin.Exec(`DROP DATABASE IF EXISTS ` + name + ` WITH (FORCE)`); err != nil {
			tb.Errorf("drop database %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	return u.String()
}

// open opens a new database of the kind and closes it at the end of the
// test. It returns the Store and the database's path or URL.
func (db testDB) open(tb testing.TB) (*Store, string) {
	tb.Helper()
	dsn := db.newDSN(tb)
	s, err := Open(context.Background(), dsn)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s, dsn
}

// reopen closes s and opens its database (path or URL) again.
func reopen(tb testing.TB, s *Store, dsn string) *Store {
	tb.Helper()
	if err := s.Close(); err != nil {
		tb.Fatal(err)
	}
	s, err := Open(context.Background(), dsn)
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

// rawSQL is a database reached past the Store, for tests: its queries
// are written with ? placeholders, rebound for the dialect.
type rawSQL struct {
	*sql.DB
	dialect dialect
}

func (r *rawSQL) Exec(query string, args ...any) (sql.Result, error) {
	return r.DB.Exec(r.dialect.rebind(query), args...)
}

func (r *rawSQL) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return r.DB.ExecContext(ctx, r.dialect.rebind(query), args...)
}

func (r *rawSQL) Query(query string, args ...any) (*sql.Rows, error) {
	return r.DB.Query(r.dialect.rebind(query), args...)
}

func (r *rawSQL) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return r.DB.QueryContext(ctx, r.dialect.rebind(query), args...)
}

func (r *rawSQL) QueryRow(query string, args ...any) *sql.Row {
	return r.DB.QueryRow(r.dialect.rebind(query), args...)
}

func (r *rawSQL) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return r.DB.QueryRowContext(ctx, r.dialect.rebind(query), args...)
}

// rawDB opens the database at dsn (a SQLite path or a PostgreSQL URL)
// with plain database/sql, for tests that reach past the Store; it is
// closed at the end of the test.
func rawDB(tb testing.TB, where string) *rawSQL {
	tb.Helper()
	var (
		db  *sql.DB
		err error
		d   = sqliteDB
	)
	if IsPostgresURL(where) {
		d = postgresDB
		db, err = sql.Open("pgx", where)
	} else {
		db, err = sql.Open("sqlite", dsn(where, "_pragma=busy_timeout(5000)"))
	}
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return &rawSQL{db, d}
}

// storeSQL returns the write pool of s, for tests that reach past its
// methods.
func storeSQL(s *Store) *rawSQL { return &rawSQL{s.write, s.dialect} }

// dropTriggers lets the tests tamper with the move log: it drops (SQLite)
// or disables (PostgreSQL) the triggers that keep it append-only.
func dropTriggers(tb testing.TB, db *rawSQL) {
	tb.Helper()
	q := `DROP TRIGGER moves_no_update; DROP TRIGGER moves_no_delete`
	if db.dialect == postgresDB {
		q = `ALTER TABLE moves DISABLE TRIGGER moves_no_update; ALTER TABLE moves DISABLE TRIGGER moves_no_delete`
	}
	if _, err := db.DB.Exec(q); err != nil {
		tb.Fatal(err)
	}
}

// hasIndex tells whether the database has an index of that name.
func hasIndex(tb testing.TB, db *rawSQL, name string) bool {
	tb.Helper()
	q := `SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = ?`
	if db.dialect == postgresDB {
		q = `SELECT count(*) FROM pg_indexes WHERE indexname = ?`
	}
	var n int
	if err := db.QueryRow(q, name).Scan(&n); err != nil {
		tb.Fatal(err)
	}
	return n == 1
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

// usage returns the number of states cached and the bytes they hold.
func (c *stateCache) usage() (entries, bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len(), c.bytes
}
