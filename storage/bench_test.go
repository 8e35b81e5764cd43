package storage

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// wholeGame returns the moves of a random 2-player game with seed seed,
// played to its end.
func wholeGame(seed uint64) []engine.Move {
	g, err := engine.New(engine.Config{Players: []string{"Player 0", "Player 1"}, Seed: seed})
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	for !g.Ended() {
		if err := g.Apply(randomMove(g, rng)); err != nil {
			panic(err)
		}
	}
	return g.Moves()
}

// BenchmarkAppendMove appends the moves of whole 2-player games, one move
// per operation, each with a request id, on SQLite (WAL,
// synchronous=NORMAL) and on PostgreSQL (the server of
// CARCASSONNE_TEST_POSTGRES). New games are set up with the timer
// stopped. "cold" drops the cached engine states, so that every append
// replays the game so far.
func BenchmarkAppendMove(b *testing.B) {
	eachDBBench(b, benchmarkAppendMove)
}

func benchmarkAppendMove(b *testing.B, kind testDB) {
	for _, cached := range []bool{true, false} {
		name := "cached"
		if !cached {
			name = "cold"
		}
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			s, _ := kind.open(b)
			if !cached {
				s.cache = nil
			}
			var (
				id    int64
				moves []engine.Move
				next  int
				seed  uint64
				req   int
			)
			b.ReportAllocs()
			for b.Loop() {
				if next == len(moves) {
					b.StopTimer()
					seed++
					id, moves, next = startGame(b, s, 2, seed).ID, wholeGame(seed), 0
					b.StartTimer()
				}
				req++
				if _, err := s.AppendMove(ctx, id, next, moves[next], Request{ID: fmt.Sprint("interaction-", req)}); err != nil {
					b.Fatal(err)
				}
				next++
			}
		})
	}
}

// BenchmarkLoadGame loads a whole stored 3-player game of 72 moves (the 71
// land tiles and a resignation): "cached" copies the cached engine state,
// "replay" replays every move. It runs on SQLite and on PostgreSQL, as
// BenchmarkAppendMove.
func BenchmarkLoadGame(b *testing.B) {
	eachDBBench(b, benchmarkLoadGame)
}

func benchmarkLoadGame(b *testing.B, kind testDB) {
	ctx := context.Background()
	s, _ := kind.open(b)
	g := startGame(b, s, 3, 1)
	mirror := mirrorOf(b, g)
	rng := rand.New(rand.NewPCG(1, 3))
	for n := 0; !mirror.Ended(); n++ {
		m := randomMove(mirror, rng)
		if n == 30 {
			m = engine.Move{Resign: true, Player: 2}
		}
		if _, err := s.AppendMove(ctx, g.ID, n, m, Request{}); err != nil {
			b.Fatal(err)
		}
		mirror.Apply(m)
	}
	if n := len(mirror.Moves()); n != 72 {
		b.Fatalf("the game has %d moves, want 72", n)
	}
	for _, cached := range []bool{true, false} {
		name := "cached"
		if !cached {
			name = "replay"
		}
		b.Run(name, func(b *testing.B) {
			cache := s.cache
			if !cached {
				s.cache = nil
				defer func() { s.cache = cache }()
			}
			b.ReportAllocs()
			for b.Loop() {
				g, state, err := s.Load(ctx, g.ID)
				if err != nil || g.Moves != 72 || !state.Ended() {
					b.Fatal(g.Moves, err)
				}
			}
		})
	}
}

// BenchmarkReplay replays a whole 2-player game's move rows on the engine,
// without the database: the part of a cold Load that is not SQL.
func BenchmarkReplay(b *testing.B) {
	moves := wholeGame(1)
	state, _ := engine.New(engine.Config{Players: []string{"Player 0", "Player 1"}, Seed: 1})
	var rows []moveRow
	for i, m := range moves {
		rows = append(rows, moveRow{number: i, turn: state.Turn(), seat: state.Current(), kind: kindMove,
			notation: engine.MoveString(engine.BaseTiles, m)})
		state.Apply(m)
	}
	b.ReportAllocs()
	for b.Loop() {
		state, _ := engine.New(engine.Config{Players: []string{"Player 0", "Player 1"}, Seed: 1})
		if err := replay(state, 0, rows); err != nil {
			b.Fatal(err)
		}
	}
}
