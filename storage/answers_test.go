package storage

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// TestAnswers plays turns answer by answer: the tile, then (after the
// store is closed and opened again) the figure. Mid-turn, Load gives the
// game waiting for the figure, a whole move is refused, a stale or
// illegal answer is refused and a request delivered twice is stored once;
// the last answer appends the move that Apply would have stored, and the
// game goes on as the mirror played with Apply.
func TestAnswers(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, path := kind.open(t)
		g := startGame(t, s, 2, 11)
		mirror := mirrorOf(t, g)
		rng := rand.New(rand.NewPCG(5, 6))
		for turn := range 6 {
			m := randomMove(mirror, rng)
			if m.Discard {
				if _, err := s.AppendMove(ctx, g.ID, g.Moves, m, Request{}); err != nil {
					t.Fatal(err)
				}
				mirror.Apply(m)
				g.Moves++
				continue
			}
			tile := engine.Answer{Step: engine.StepTile, Cell: m.Cell, Rotation: m.Rotation}
			res, err := s.AppendAnswer(ctx, g.ID, g.Moves, 0, tile, Request{ID: "tile-" + string(rune('a'+turn))})
			if err != nil {
				t.Fatalf("turn %d: the tile answer: %v", turn, err)
			}
			if res.Done || res.Number != 0 || res.Game.Answered != 1 || res.State.Pending().Step != engine.StepFigure || res.Seat != mirror.Current() {
				t.Fatalf("turn %d: after the tile: %+v, pending %v", turn, res, res.State.Pending())
			}
			again, err := s.AppendAnswer(ctx, g.ID, g.Moves, 0, tile, Request{ID: "tile-" + string(rune('a'+turn))})
			if err != nil || !again.Duplicate || again.Game.Answered != 1 {
				t.Fatalf("turn %d: the tile answer delivered again: %+v, %v", turn, again, err)
			}
			if _, err := s.AppendAnswer(ctx, g.ID, g.Moves, 0, tile, Request{}); !errors.Is(err, ErrConflict) {
				t.Errorf("turn %d: a stale answer: %v, want ErrConflict", turn, err)
			}
			if _, err := s.AppendAnswer(ctx, g.ID, g.Moves, 1, tile, Request{}); !errors.Is(err, engine.ErrWrongStep) {
				t.Errorf("turn %d: the tile answered twice: %v, want ErrWrongStep", turn, err)
			}
			if _, err := s.AppendMove(ctx, g.ID, g.Moves, m, Request{}); !errors.Is(err, engine.ErrWrongStep) {
				t.Errorf("turn %d: a whole move mid-turn: %v, want ErrWrongStep", turn, err)
			}
			s = reopen(t, s, path)
			got, st, err := s.Load(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Answered != 1 || got.Moves != g.Moves || st.Pending().Step != engine.StepFigure {
				t.Fatalf("turn %d: after a restart: Answered %d, Moves %d, pending %v", turn, got.Answered, got.Moves, st.Pending())
			}
			fig := engine.Answer{Step: engine.StepFigure, Port: m.Follower, Figure: m.Figure}
			mover, turnNo := mirror.Current(), mirror.Turn()
			res, err = s.AppendAnswer(ctx, g.ID, g.Moves, 1, fig, Request{ID: "fig-" + string(rune('a'+turn))})
			if err != nil {
				t.Fatalf("turn %d: the figure answer: %v", turn, err)
			}
			if err := mirror.Apply(m); err != nil {
				t.Fatal(err)
			}
			if !res.Done || res.Move.Number != g.Moves || res.Game.Answered != 0 || res.Game.Moves != g.Moves+1 ||
				res.Move.Turn != turnNo || res.Move.Seat != mover || res.Seat != mover {
				t.Fatalf("turn %d: after the figure: %+v", turn, res)
			}
			g = res.Game
			got, st, err = s.Load(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Answered != 0 || st.Pending().Step != engine.StepTile || !equalScores(st, mirror) || len(st.Moves()) != len(mirror.Moves()) {
				t.Fatalf("turn %d: the stored game (%v, %d moves) is not the mirror's (%v, %d)", turn, st.Scores(), len(st.Moves()), mirror.Scores(), len(mirror.Moves()))
			}
			if last, want := st.Moves()[len(st.Moves())-1], mirror.Moves()[len(mirror.Moves())-1]; last != want {
				t.Fatalf("turn %d: stored %+v, the mirror played %+v", turn, last, want)
			}
			if dup, err := s.AppendAnswer(ctx, g.ID, g.Moves, 0, fig, Request{ID: "fig-" + string(rune('a'+turn))}); err != nil || !dup.Duplicate {
				t.Errorf("turn %d: the last answer delivered again: %+v, %v", turn, dup, err)
			}
		}
		// Several answers in one transaction: the whole turn at once, or
		// none of it when one is refused.
		m := randomMove(mirror, rng)
		for m.Discard {
			if _, err := s.AppendMove(ctx, g.ID, g.Moves, m, Request{}); err != nil {
				t.Fatal(err)
			}
			mirror.Apply(m)
			g.Moves++
			m = randomMove(mirror, rng)
		}
		tile := engine.Answer{Step: engine.StepTile, Cell: m.Cell, Rotation: m.Rotation}
		fig := engine.Answer{Step: engine.StepFigure, Port: m.Follower, Figure: m.Figure}
		if _, err := s.AppendAnswers(ctx, g.ID, g.Moves, 0, []engine.Answer{tile, tile}, Request{}); !errors.Is(err, engine.ErrWrongStep) {
			t.Errorf("the tile answered twice in a row: %v", err)
		}
		if _, err := s.AppendAnswers(ctx, g.ID, g.Moves, 0, []engine.Answer{tile, fig, fig}, Request{}); !errors.Is(err, engine.ErrWrongStep) {
			t.Errorf("an answer after the end of the turn: %v", err)
		}
		if got, _ := s.Get(ctx, g.ID); got.Answered != 0 || got.Moves != g.Moves {
			t.Fatalf("refused answers were stored: %d answers, %d moves", got.Answered, got.Moves)
		}
		res, err := s.AppendAnswers(ctx, g.ID, g.Moves, 0, []engine.Answer{tile, fig}, Request{ID: "both"})
		if err != nil || !res.Done || res.Game.Moves != g.Moves+1 {
			t.Fatalf("the whole turn in answers: %+v, %v", res, err)
		}
		mirror.Apply(m)
		g = res.Game

		// An illegal answer is refused with the engine's reason.
		var me *engine.MoveError
		if _, err := s.AppendAnswer(ctx, g.ID, g.Moves, 0, engine.Answer{Step: engine.StepTile, Cell: engine.Cell{X: 40, Y: 40}}, Request{}); !errors.As(err, &me) {
			t.Errorf("a tile out on its own: %v, want a *engine.MoveError", err)
		}
		// A resignation drops the turn under way.
		p := mirror.Placements()[0]
		if _, err := s.AppendAnswer(ctx, g.ID, g.Moves, 0, engine.Answer{Step: engine.StepTile, Cell: p.Cell, Rotation: p.Rotation}, Request{}); err != nil {
			t.Fatal(err)
		}
		rres, err := s.Resign(ctx, g.ID, "user1", Request{})
		if err != nil {
			t.Fatal(err)
		}
		if res := rres; res.Game.Answered != 0 || res.State.Pending().Step == engine.StepFigure {
			t.Errorf("after a resignation mid-turn: Answered %d, pending %v", res.Game.Answered, res.State.Pending())
		}
	})
}

// equalScores reports whether two games have the same scores.
func equalScores(a, b *engine.Game) bool {
	sa, sb := a.Scores(), b.Scores()
	if len(sa) != len(sb) {
		return false
	}
	for i := range sa {
		if sa[i] != sb[i] {
			return false
		}
	}
	return true
}

// TestAnswersBroken: an answer row that does not read, or does not fit
// the game, makes the game broken with the reason, as a bad move does.
func TestAnswersBroken(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		for _, notation := range []string{"nowhere", "-", "40,40 90"} {
			g := startGame(t, s, 2, 3)
			if _, err := storeSQL(s).ExecContext(ctx, `INSERT INTO answers (game_id, number, moves, seat, notation, created_at) VALUES (?, 0, 0, 0, ?, 0)`, g.ID, notation); err != nil {
				t.Fatal(err)
			}
			got, _, err := s.Load(ctx, g.ID)
			if !errors.Is(err, ErrBroken) || got.Status != StatusBroken || got.Reason == "" {
				t.Errorf("answer %q: Load: %v, status %s, reason %q", notation, err, got.Status, got.Reason)
			}
		}
	})
}
