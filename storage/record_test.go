package storage

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// TestRecordHidesSeed takes the record of a running game: it must not give
// the seed, nor let one who reads it tell the tiles to come, and still
// replay to the same board. The record of a stopped or finished game gives
// the seed and replays to the same game, draw pile included.
func TestRecordHidesSeed(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		const seed = 20261122
		g := startGame(t, s, 3, seed)
		// The test knows the draw pile from the stored game, not the record.
		stored, err := s.Get(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		mirror := mirrorOf(t, stored)
		rng := rand.New(rand.NewPCG(3, 4))
		playMoves(t, s, g.ID, mirror, rng, 12)

		for _, status := range []Status{StatusRunning, StatusBroken} {
			if status == StatusBroken {
				if err := s.MarkStatus(ctx, g.ID, StatusBroken, "a test"); err != nil {
					t.Fatal(err)
				}
			}
			rec, err := s.Record(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			text := rec.String()
			if rec.HasSeed || rec.Seed != 0 || strings.Contains(text, "[Seed") || strings.Contains(text, strconv.Itoa(seed)) {
				t.Fatalf("the record of a %s game gives the seed:\n%s", status, text)
			}
			read, err := engine.ReadRecord(strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			replayed, err := read.Replay()
			if err != nil {
				t.Fatalf("a %s game's record does not replay: %v", status, err)
			}
			samePlay(t, replayed, mirror)
			// What the record would predict of the next tiles is not what
			// comes.
			if next, guess := nextTiles(t, mirror, 5), nextTiles(t, replayed, 5); slices.Equal(next, guess) {
				t.Errorf("the record of a %s game tells the next tiles: %v", status, next)
			}
		}

		if err := s.MarkStatus(ctx, g.ID, StatusRunning, ""); err != nil {
			t.Fatal(err)
		}
		playMoves(t, s, g.ID, mirror, rng, 1000)
		if !mirror.Ended() {
			t.Fatal("the game did not end")
		}
		rec, err := s.Record(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		text := rec.String()
		if !rec.HasSeed || rec.Seed != seed || !strings.Contains(text, `[Seed "20261122"]`) || !strings.HasSuffix(text, "\nend\n") {
			t.Fatalf("the record of the finished game has no seed or end:\n%s", text)
		}
		read, err := engine.ReadRecord(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := read.Replay()
		if err != nil {
			t.Fatal(err)
		}
		sameState(t, replayed, mirror)
		if got, want := replayed.Scores(), mirror.Scores(); !slices.Equal(got, want) {
			t.Errorf("scores replayed %v, want %v", got, want)
		}

		// A game stopped halfway: its record gives the seed.
		g = startGame(t, s, 2, seed+1)
		mirror = mirrorOf(t, g)
		playMoves(t, s, g.ID, mirror, rng, 7)
		if err := s.MarkStatus(ctx, g.ID, StatusStopped, "stopped by Ann"); err != nil {
			t.Fatal(err)
		}
		if rec, err = s.Record(ctx, g.ID); err != nil {
			t.Fatal(err)
		}
		if !rec.HasSeed || rec.Seed != seed+1 {
			t.Fatalf("the record of the stopped game has no seed:\n%s", rec)
		}
		replayed, err = rec.Replay()
		if err != nil {
			t.Fatal(err)
		}
		sameState(t, replayed, mirror)
	})
}

// nextTiles returns the next n tiles that game g would draw, playing each
// on a copy in the first place it fits (or discarding it).
func nextTiles(tb testing.TB, g *engine.Game, n int) []engine.TileID {
	tb.Helper()
	g = g.Clone()
	var tiles []engine.TileID
	for range n {
		t, ok := g.Drawn()
		if !ok {
			break
		}
		tiles = append(tiles, t)
		m := engine.Move{Tile: t, Discard: true}
		if ps := g.Placements(); len(ps) > 0 {
			m = engine.Move{Tile: t, Cell: ps[0].Cell, Rotation: ps[0].Rotation}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
	}
	return tiles
}

// TestRecordAside: a tile set aside (a dragon tile before the first
// volcano) keeps its turn's number in the record, which reads back and
// replays to the stored game.
func TestRecordAside(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		for seed := uint64(1); seed < 40; seed++ {
			g := startExpansionGame(t, s, 2, seed, "princess-and-dragon")
			mirror := expansionMirror(t, g)
			rng := rand.New(rand.NewPCG(seed, 1))
			asides := 0
			for n := 0; n < 30 && !mirror.Ended(); n++ {
				t0, _ := mirror.Drawn()
				var m engine.Move
				switch {
				case mirror.SetsAside():
					m, asides = engine.Move{Tile: t0, Aside: true}, asides+1
				case !mirror.CanPlace(t0):
					m = engine.Move{Tile: t0, Discard: true}
				default:
					as := mirror.Answers()
					a := as[rng.IntN(len(as))]
					c := mirror.Clone()
					for done := false; !done; {
						var err error
						if done, err = c.Act(a); err != nil {
							t.Fatal(err)
						}
						if !done {
							a = c.Answers()[0]
						}
					}
					m = c.Moves()[len(c.Moves())-1]
				}
				if _, err := s.AppendMove(ctx, g.ID, n, m, Request{}); err != nil {
					t.Fatalf("move %d %+v: %v", n, m, err)
				}
				if err := mirror.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
			if asides == 0 {
				continue
			}
			rec, err := s.Record(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			back, err := engine.ReadRecord(strings.NewReader(rec.String()))
			if err != nil {
				t.Fatalf("the record does not read: %v\n%s", err, rec)
			}
			back.Seed, back.HasSeed = mirror.Seed(), true
			replayed, err := back.Replay()
			if err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}
			if !slices.Equal(replayed.Scores(), mirror.Scores()) || len(replayed.Moves()) != len(mirror.Moves()) {
				t.Errorf("the replay has scores %v after %d moves, the game %v after %d", replayed.Scores(), len(replayed.Moves()), mirror.Scores(), len(mirror.Moves()))
			}
			return
		}
		t.Fatal("no game of 40 set a tile aside in its first 30 moves")
	})
}
