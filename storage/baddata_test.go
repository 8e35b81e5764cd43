package storage

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// TestBadData tampers with one game's rows, past the triggers, and checks
// that the game loads as broken with a reason while the other loads.
func TestBadData(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		tests := []struct {
			name       string
			sql        string // with ? for the tampered game's id
			reason     string
			sqliteOnly bool // PostgreSQL's typed columns refuse the value
		}{
			{"garbage notation", `UPDATE moves SET notation = 'no such move' WHERE game_id = ? AND number = 3`, "move 3", false},
			{"illegal move", `UPDATE moves SET notation = substr(notation, 1, 1) || ' 40,40 0' WHERE game_id = ? AND number = 5`, "is not legal", false},
			{"tile not drawn", `UPDATE moves SET notation = 'E 40,40 0' WHERE game_id = ? AND number = 5 AND notation NOT LIKE 'E %'`, "the tile drawn is", false},
			{"wrong tile", `UPDATE moves SET notation = 'Z 1,0 0' WHERE game_id = ? AND number = 0`, "move 0", false},
			{"wrong turn", `UPDATE moves SET turn = 99 WHERE game_id = ? AND number = 4`, "move 4", false},
			{"wrong seat", `UPDATE moves SET seat = 1 - seat WHERE game_id = ? AND number = 2`, "move 2", false},
			{"unknown kind", `UPDATE moves SET kind = 'juggle' WHERE game_id = ? AND number = 1`, "unknown kind", false},
			{"text turn", `UPDATE moves SET turn = 'soon' WHERE game_id = ? AND number = 6`, "move 6", true},
			{"gap", `DELETE FROM moves WHERE game_id = ? AND number = 2`, "move 2 is missing", false},
			{"seed", `UPDATE games SET seed = seed + 1 WHERE id = ?`, "move", false},
			{"no seed", `UPDATE games SET seed = NULL WHERE id = ?`, "no seed", false},
			{"rules", `UPDATE games SET rules = 'farms=sometimes' WHERE id = ?`, "rules", false},
			{"expansion", `UPDATE games SET expansions = 'base, dragons' WHERE id = ?`, "dragons", false},
			{"player name", `UPDATE seats SET player = 'A,B' WHERE game_id = ? AND seat = 0`, "does not set up", false},
			{"seat gone", `DELETE FROM seats WHERE game_id = ? AND seat = 0`, "seat 0", false},
			{"finished", `UPDATE games SET status = 'finished' WHERE id = ?`, "do not end", false},
		}
		for _, tt := range tests {
			if tt.sqliteOnly && kind.dialect != sqliteDB {
				continue
			}
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				ctx := context.Background()
				s, path := kind.open(t)
				var ids []int64
				for seed := range uint64(3) {
					g := startGame(t, s, 2, seed)
					playMoves(t, s, g.ID, mirrorOf(t, g), rand.New(rand.NewPCG(seed, 9)), 10)
					ids = append(ids, g.ID)
				}
				bad := ids[1]
				if err := s.Close(); err != nil {
					t.Fatal(err)
				}

				db := rawDB(t, path)
				dropTriggers(t, db)
				if _, err := db.Exec(tt.sql, bad); err != nil {
					t.Fatal(err)
				}
				db.Close()

				s, err := Open(ctx, path)
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				g, state, err := s.Load(ctx, bad)
				if !errors.Is(err, ErrBroken) || state != nil {
					t.Fatalf("Load: got %v, want ErrBroken", err)
				}
				if g.Status != StatusBroken || !strings.Contains(g.Reason, tt.reason) || !strings.Contains(err.Error(), g.Reason) {
					t.Errorf("got status %s, reason %q, error %q; want a reason with %q", g.Status, g.Reason, err, tt.reason)
				}
				t.Logf("reason: %s", g.Reason)
				if stored, err := s.Get(ctx, bad); err != nil || stored.Status != StatusBroken || stored.Reason != g.Reason {
					t.Errorf("stored: %s %q, %v", stored.Status, stored.Reason, err)
				}
				if _, _, err := s.Load(ctx, bad); !errors.Is(err, ErrBroken) {
					t.Errorf("Load again: got %v, want ErrBroken", err)
				}
				if _, err := s.AppendMove(ctx, bad, g.Moves, engine.Move{}, Request{}); !errors.Is(err, ErrBroken) {
					t.Errorf("AppendMove: got %v, want ErrBroken", err)
				}
				for _, id := range ids {
					if id == bad {
						continue
					}
					if g, _, err := s.Load(ctx, id); err != nil || g.Status != StatusRunning {
						t.Errorf("game %d: %s, %v", id, g.Status, err)
					}
				}
			})
		}
	})
}

// TestBrokenOnAppend checks that AppendMove marks a game broken when its
// moves do not replay, even with a cached state from before.
func TestBrokenOnAppend(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, path := kind.open(t)
		g := startGame(t, s, 2, 5)
		mirror := mirrorOf(t, g)
		rng := rand.New(rand.NewPCG(5, 5))
		playMoves(t, s, g.ID, mirror, rng, 8)
		s = reopen(t, s, path) // no cached state

		db := rawDB(t, path)
		dropTriggers(t, db)
		if _, err := db.Exec(`UPDATE moves SET notation = 'A 0,0 0' WHERE game_id = ? AND number = 7`, g.ID); err != nil {
			t.Fatal(err)
		}
		_, err := s.AppendMove(ctx, g.ID, 8, randomMove(mirror, rng), Request{ID: "r"})
		if !errors.Is(err, ErrBroken) {
			t.Fatalf("got %v, want ErrBroken", err)
		}
		if g, err := s.Get(ctx, g.ID); err != nil || g.Status != StatusBroken || !strings.Contains(g.Reason, "move 7") {
			t.Fatalf("after the append: %s %q, %v", g.Status, g.Reason, err)
		}
		if g, _ := s.Get(ctx, g.ID); g.Moves != 8 {
			t.Fatalf("%d moves stored, want 8", g.Moves)
		}
	})
}

// TestTriggers checks that the move log cannot be changed or given a gap.
func TestTriggers(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		g := startGame(t, s, 2, 5)
		playMoves(t, s, g.ID, mirrorOf(t, g), rand.New(rand.NewPCG(5, 5)), 3)
		for _, q := range []string{
			`UPDATE moves SET notation = 'x' WHERE game_id = ?`,
			`DELETE FROM moves WHERE game_id = ?`,
			`INSERT INTO moves (game_id, number, turn, seat, notation, created_at) VALUES (?, 4, 1, 0, 'x', 0)`,
			`INSERT INTO moves (game_id, number, turn, seat, notation, created_at) VALUES (?, 2, 1, 0, 'x', 0)`,
		} {
			if _, err := storeSQL(s).ExecContext(ctx, q, g.ID); err == nil {
				t.Errorf("%s: no error", q)
			}
		}
		if kind.dialect == postgresDB {
			if _, err := storeSQL(s).ExecContext(ctx, `TRUNCATE moves CASCADE`); err == nil {
				t.Error("TRUNCATE moves: no error")
			}
		}
		if g, err := s.Get(ctx, g.ID); err != nil || g.Moves != 3 {
			t.Errorf("after the attempts: %d moves, %v; want the 3 stored", g.Moves, err)
		}
	})
}
