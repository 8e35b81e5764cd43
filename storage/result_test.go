package storage

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

// TestAppendResult checks that AppendMove and Resign return the game's row
// as Get reads it after the move, and the engine state as Load rebuilds it,
// a copy the caller owns: moves, a resignation out of turn and in turn, and
// the move that ends the game.
func TestAppendResult(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
		s.now = func() time.Time { clock = clock.Add(1500 * time.Millisecond); return clock }
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "user0", Name: "Ann"}, TurnTimeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		for i, name := range []string{"Bob", "Cid"} {
			if _, err := s.Join(ctx, g.ID, Player{UserID: fmt.Sprint("user", i+1), Name: name}); err != nil {
				t.Fatal(err)
			}
		}
		if g, err = s.Start(ctx, g.ID, 4); err != nil {
			t.Fatal(err)
		}
		mirror := mirrorOf(t, g)
		rng := rand.New(rand.NewPCG(4, 4))
		check := func(what string, res AppendResult, err error) {
			t.Helper()
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			stored, state, err := s.Load(ctx, g.ID)
			if err != nil {
				t.Fatalf("%s: Load: %v", what, err)
			}
			if !reflect.DeepEqual(res.Game, stored) {
				t.Fatalf("%s: the result's game\n%+v\nLoad's\n%+v", what, res.Game, stored)
			}
			if res.State == nil {
				t.Fatalf("%s: no state", what)
			}
			sameState(t, res.State, mirror)
			sameState(t, state, mirror)
			// The state is the caller's: playing on it changes nothing stored
			// or cached.
			if !res.State.Ended() {
				res.State.Apply(randomMove(res.State, rng))
				if _, again, err := s.Load(ctx, g.ID); err != nil {
					t.Fatal(err)
				} else {
					sameState(t, again, mirror)
				}
			}
		}
		for n := 0; n < 4; n++ {
			m := randomMove(mirror, rng)
			mirror.Apply(m)
			res, err := s.AppendMove(ctx, g.ID, n, m, Request{ID: fmt.Sprint("r", n)})
			check(fmt.Sprint("move ", n), res, err)
			if res.Game.Moves != n+1 || !res.Game.Deadline.Equal(res.Game.UpdatedAt.Add(time.Minute)) {
				t.Errorf("move %d: %d moves, deadline %v, updated %v", n, res.Game.Moves, res.Game.Deadline, res.Game.UpdatedAt)
			}
		}
		// Out of turn: the deadline stays.
		before, _ := s.Get(ctx, g.ID)
		out := (mirror.Current() + 1) % 3
		mirror.Apply(engine.Move{Resign: true, Player: out})
		res, err := s.Resign(ctx, g.ID, fmt.Sprint("user", out), Request{ID: "resign"})
		check("a resignation out of turn", res, err)
		if !res.Game.Seats[out].Resigned || !res.Game.Deadline.Equal(before.Deadline) {
			t.Errorf("after the resignation: seats %+v, deadline %v, was %v", res.Game.Seats, res.Game.Deadline, before.Deadline)
		}
		// The same request again: the game as it is, no state.
		dup, err := s.Resign(ctx, g.ID, fmt.Sprint("user", out), Request{ID: "resign"})
		if err != nil || !dup.Duplicate || dup.State != nil || !reflect.DeepEqual(dup.Game, res.Game) {
			t.Errorf("the resignation again: %+v, %v", dup, err)
		}
		// In turn: the last but one resigns, and the game is over.
		in := mirror.Current()
		mirror.Apply(engine.Move{Resign: true, Player: in})
		res, err = s.AppendMove(ctx, g.ID, 5, engine.Move{Resign: true, Player: in}, Request{})
		check("the last resignation", res, err)
		if !res.Finished || res.Game.Status != StatusFinished || !res.Game.Deadline.IsZero() || res.Game.EndedAt.IsZero() || !res.State.Ended() {
			t.Errorf("the end: %+v", res)
		}
	})
}

// TestCacheBytes checks that the cache of engine states keeps at most the
// bytes it is given, dropping the states used least recently.
func TestCacheBytes(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		mid := func() *engine.Game {
			g, err := engine.New(engine.Config{Players: []string{"A", "B"}, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 1))
			for range 20 {
				g.Apply(randomMove(g, rng))
			}
			return g
		}()
		one := mid.Clone().MemSize() + entryOverhead + len("A,B,")
		s, err := OpenWith(ctx, kind.newDSN(t), Options{CacheBytes: 3*one + one/2})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		c := s.cache
		key := func(g *engine.Game) cacheKey { return cacheKey{seed: g.Seed(), options: g.Options(), players: "A,B,"} }
		for id := int64(1); id <= 3; id++ {
			c.put(id, 20, mid.Clone())
		}
		if n, b := c.usage(); n != 3 || b != 3*one {
			t.Fatalf("3 states: cached %d in %d bytes, want 3 in %d", n, b, 3*one)
		}
		c.get(1, key(mid), 20) // game 1 used: game 2 goes first
		c.put(4, 20, mid.Clone())
		if n, b := c.usage(); n != 3 || b > 3*one+one/2 {
			t.Fatalf("a 4th state: cached %d in %d bytes, want 3 within %d", n, b, 3*one+one/2)
		}
		for id, want := range map[int64]bool{1: true, 2: false, 3: true, 4: true} {
			if st, _ := c.get(id, key(mid), 20); (st != nil) != want {
				t.Errorf("game %d cached: %v, want %v", id, st != nil, want)
			}
		}
		// A state larger than the whole cache is not kept.
		small, err := OpenWith(ctx, kind.newDSN(t), Options{CacheBytes: one / 2})
		if err != nil {
			t.Fatal(err)
		}
		defer small.Close()
		small.cache.put(1, 20, mid.Clone())
		if n, b := small.cache.usage(); n != 0 || b != 0 {
			t.Errorf("a state larger than the cache: cached %d in %d bytes", n, b)
		}
		// No cache at all: loads still replay.
		none, err := OpenWith(ctx, kind.newDSN(t), Options{CacheBytes: -1})
		if err != nil {
			t.Fatal(err)
		}
		defer none.Close()
		g := startGame(t, none, 2, 3)
		mirror := mirrorOf(t, g)
		playMoves(t, none, g.ID, mirror, rand.New(rand.NewPCG(3, 3)), 6)
		if _, st, err := none.Load(ctx, g.ID); err != nil {
			t.Fatal(err)
		} else {
			sameState(t, st, mirror)
		}
		if none.cache != nil {
			t.Error("CacheBytes -1 made a cache")
		}
	})
}

// TestPlayerKind checks that a seat keeps its player's kind, Discord when
// none is given, and that an unknown kind is refused.
func TestPlayerKind(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "ann", Name: "Ann", Kind: PlayerLocal}})
		if err != nil {
			t.Fatal(err)
		}
		if g, err = s.Join(ctx, g.ID, Player{UserID: "123", Name: "Bob"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Join(ctx, g.ID, Player{UserID: "cid", Name: "Cid", Kind: "robot"}); err == nil {
			t.Error("a player of kind robot joined")
		}
		if g.Seats[0].Kind != PlayerLocal || g.Seats[1].Kind != PlayerDiscord || len(g.Seats) != 2 {
			t.Errorf("seats %+v, want ann local and Bob on Discord", g.Seats)
		}
		if games, err := s.GamesByPlayer(ctx, "ann"); err != nil || len(games) != 1 || games[0].Seats[0].Kind != PlayerLocal {
			t.Errorf("ann's games: %+v, %v", games, err)
		}
	})
}
