package storage

import (
	"context"
	"reflect"
	"testing"
)

// answerTokenCases are answers in the engine's old notation and the
// record's tokens migration 13 writes for them; want "" leaves the
// notation as it is (not the old notation: a token already, or unreadable).
var answerTokenCases = []struct{ old, want string }{
	// The tile.
	{"tile discard", "discard"},
	{"tile aside", "aside"},
	{"tile 1,0 90", "1,0 90"},
	{"tile -1,-2 0", "-1,-2 0"},
	{"tile 1,0 90 ransom/2", "1,0 90 ransom/2"},
	{"tile 1,0 90 ransom/2=large", "1,0 90 ransom/2=large"},
	{"tile 1,0 90 ransom follower from 2", "1,0 90 ransom/2"},
	{"tile 1,0 90 ransom large from 3", "1,0 90 ransom/3=large"},
	// The passes.
	{"figure none", "-"},
	{"capture none", "-"},
	{"escape none", "-"},
	{"ferry-move none", "-"},
	{"pick none", "-"},
	{"robber none", "-"},
	// The figure.
	{"figure large@N", "large@N"},
	{"figure follower@S", "follower@S"},
	{"figure tower@1,0", "tower@1,0"},
	{"figure follower@1,0:tower", "follower@1,0:tower"},
	{"figure princess@0,1:N", "princess@0,1:N"},
	{"figure fairy@0,1", "fairy@0,1"},
	{"figure fairy@0,1:N", "fairy@0,1:N"},
	{"figure follower@2,0:E", "follower@2,0:E"},
	{"figure follower@fly", "follower@fly"},
	// The other steps.
	{"capture 0,-1:S", "capture@0,-1:S"},
	{"capture 2,0:tower", "capture@2,0:tower"},
	{"escape 0,-1:S", "escape@0,-1:S"},
	{"dragon 1,0", "dragon@1,0"},
	{"dragon -1,-2", "dragon@-1,-2"},
	{"gold 1,1", "gold@1,1"},
	{"roll 2", "roll=2"},
	{"land off", "land@off"},
	{"land 2,0:N", "land@2,0:N"},
	{"ferry E+W", "ferry@E+W"},
	{"ferry-move 1,0:N+S", "ferry@1,0:N+S"},
	{"magic mage@1,0:N", "mage@1,0:N"},
	{"magic witch@off", "witch@off"},
	{"crop add", "crop=add"},
	{"crop remove", "crop=remove"},
	{"pick large@1,0:N", "large@1,0:N"},
	{"pick follower@1,0:N", "follower@1,0:N"},
	{"pick return follower@1,0:N", "return@1,0:N"},
	{"pick return large@1,0:N", "return@1,0:N=large"},
	{"robber 2", "robber/2"},
	{"robber 2 messenger", "robber/2=messenger"},
	{"rob 3", "rob/3"},
	{"pawn 1 marker", "pawn/1=marker"},
	{"pawn 2 messenger", "pawn/2=messenger"},
	{"message 3 points", "msg=3 points"},
	{"message 3 use", "msg=3 use"},
	{"message 8 use 1,0:N", "msg=8 use@1,0:N"},
	// Tokens already: left as they are.
	{"discard", ""},
	{"1,0 90", ""},
	{"1,0 90 ransom/2=large", ""},
	{"-", ""},
	{"large@N", ""},
	{"dragon@1,0", ""},
	{"return@1,0:N=large", ""},
	{"msg=8 use@1,0:N", ""},
	{"robber/2=messenger", ""},
	// Unreadable: left as they are, for the store to report.
	{"", ""},
	{"tile", ""},
	{"tile 1,0", ""},
	{"tile 1,0 90 follower@N", ""},
	{"tile 1,0 90 ransom bishop from 2", ""},
	{"tile 1,0 90 ransom large to 2", ""},
	{"tile none", ""},
	{"tile  1,0 90", ""},
	{"tile 1,0 90 ", ""},
	{"figure", ""},
	{"figure large", ""},
	{"figure large@N follower@S", ""},
	{"dragon 1,0 2,0", ""},
	{"crop maybe", ""},
	{"pick return", ""},
	{"pick return bishop@1,0:N", ""},
	{"pick return follower", ""},
	{"pick return follower@", ""},
	{"robber two", ""},
	{"robber 2 marker", ""},
	{"rob none", ""},
	{"roll two", ""},
	{"pawn 1", ""},
	{"pawn 1 meeple", ""},
	{"message 3", ""},
	{"message 3 keep", ""},
	{"message x use", ""},
	{"jump 1,0", ""},
	{"Figure large@N", ""},
}

// TestOldAnswerToken converts every answer of the old notation into its
// token, leaves anything else as it is, and leaves a token it returns as
// it is (migration 13 run twice changes nothing more).
func TestOldAnswerToken(t *testing.T) {
	t.Parallel()
	for _, tt := range answerTokenCases {
		got, ok := oldAnswerToken(tt.old)
		want, wantOK := tt.want, tt.want != ""
		if !wantOK {
			want = tt.old
		}
		if got != want || ok != wantOK {
			t.Errorf("oldAnswerToken(%q) = %q, %v; want %q, %v", tt.old, got, ok, want, wantOK)
		}
		if again, ok := oldAnswerToken(got); ok || again != got {
			t.Errorf("oldAnswerToken(%q) = %q, %v: the token %q is taken for the old notation", got, again, ok, got)
		}
	}
}

// TestLatestMigration: the last migration is the Go one, 13, for both
// dialects, which Open's checks (checkTables) and goose agree on.
func TestLatestMigration(t *testing.T) {
	t.Parallel()
	for _, d := range []dialect{sqliteDB, postgresDB} {
		if v, err := latestMigration(d); err != nil || v != answerTokensVersion {
			t.Errorf("%s: latestMigration = %d, %v; want %d", d, v, err, answerTokensVersion)
		}
	}
}

// TestMigrateAnswerTokens creates a database at version 12 with the
// answers of turns under way in the old notation, every case of
// answerTokenCases, migrates it with Open and reads them back as the
// record's tokens, the rest as they were; the schema is at version 13 and
// opens again.
func TestMigrateAnswerTokens(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		path := kind.newDSN(t)
		db := oldDB(t, kind, path)
		if err := migrate(ctx, db.DB, kind.dialect, answerTokensVersion-1); err != nil {
			t.Fatal(err)
		}
		if v := schemaVersion(t, db.DB); v != answerTokensVersion-1 {
			t.Fatalf("schema version %d, want %d", v, answerTokensVersion-1)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.Exec(q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		// Two games, the cases split between them, so that the rows are
		// told apart by game and number.
		for id := int64(1); id <= 2; id++ {
			exec(`INSERT INTO games (id, status, seed, max_seats, host_user_id, created_at, started_at, updated_at)
			VALUES (?, 'running', 7, 2, 'local:Ann', 0, 0, 0)`, id)
		}
		type key struct {
			game   int64
			number int
		}
		want := map[key]string{}
		for i, tt := range answerTokenCases {
			k := key{int64(1 + i%2), i / 2}
			exec(`INSERT INTO answers (game_id, number, moves, seat, notation, request_id, created_at) VALUES (?, ?, 0, 0, ?, ?, 0)`,
				k.game, k.number, tt.old, "r"+tt.old)
			want[k] = tt.want
			if tt.want == "" {
				want[k] = tt.old
			}
		}
		db.Close()

		s, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if v := schemaVersion(t, s.write); v != answerTokensVersion {
			t.Errorf("schema version %d, want %d", v, answerTokensVersion)
		}
		read := func() map[key]string {
			t.Helper()
			got := map[key]string{}
			rows, err := storeSQL(s).Query(`SELECT game_id, number, notation, request_id FROM answers`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var (
					k        key
					n, reqID string
				)
				if err := rows.Scan(&k.game, &k.number, &n, &reqID); err != nil {
					t.Fatal(err)
				}
				got[k] = n
				if i := k.number*2 + int(k.game-1); i >= len(answerTokenCases) || reqID != "r"+answerTokenCases[i].old {
					t.Errorf("answer %v: request id %q changed", k, reqID)
				}
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			return got
		}
		got := read()
		for k, w := range want {
			if got[k] != w {
				i := k.number*2 + int(k.game-1)
				t.Errorf("game %d, answer %d: %q became %q, want %q", k.game, k.number, answerTokenCases[i].old, got[k], w)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%d answers after the migration, want %d", len(got), len(want))
		}
		s = reopen(t, s, path)
		if again := read(); !reflect.DeepEqual(again, got) {
			t.Errorf("opened again, the answers changed: %v, were %v", again, got)
		}
	})
}
