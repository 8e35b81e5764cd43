package storage

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

func TestRemindersAndTimeouts(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "a", Name: "A"}, MaxSeats: 2, TurnTimeout: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Join(ctx, g.ID, Player{UserID: "b", Name: "B"}); err != nil {
			t.Fatal(err)
		}
		if g, err = s.Start(ctx, g.ID, 9); err != nil {
			t.Fatal(err)
		}
		if g.Deadline.IsZero() {
			t.Fatal("no deadline")
		}
		due := func(at time.Time) int {
			t.Helper()
			gs, err := s.RemindersDue(ctx, at)
			if err != nil {
				t.Fatal(err)
			}
			return len(gs)
		}
		if n := due(g.Deadline.Add(-40 * time.Minute)); n != 0 {
			t.Fatalf("reminder due with 40 of 60 minutes left: %d", n)
		}
		half := g.Deadline.Add(-20 * time.Minute)
		if n := due(half); n != 1 {
			t.Fatalf("reminders due at 20 minutes left: %d, want 1", n)
		}
		if ok, err := s.SetReminded(ctx, g.ID, g.Moves, g.Answered); err != nil || !ok {
			t.Fatalf("SetReminded: %v %v", ok, err)
		}
		if ok, _ := s.SetReminded(ctx, g.ID, g.Moves, g.Answered); ok {
			t.Fatal("reminded twice for one turn")
		}
		if n := due(half); n != 0 {
			t.Fatalf("reminder due again after it was sent: %d", n)
		}
		// Two moves played for seat 0 by timeout, then one by the player.
		_, st, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		play := func(req string, cause Cause) {
			t.Helper()
			_, st, err = s.Load(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			tile, _ := st.Drawn()
			m := engine.Move{Tile: tile, Discard: true}
			if ps := st.Placements(); len(ps) > 0 {
				m = engine.Move{Tile: tile, Cell: ps[0].Cell, Rotation: ps[0].Rotation}
			}
			cur, _ := s.Get(ctx, g.ID)
			if _, err := s.AppendMove(ctx, g.ID, cur.Moves, m, Request{ID: req, Cause: cause}); err != nil {
				t.Fatal(err)
			}
		}
		count := func(seat, want int) {
			t.Helper()
			n, err := s.TurnTimeouts(ctx, g.ID, seat)
			if err != nil || n != want {
				t.Fatalf("seat %d: %d timeouts in a row (%v), want %d", seat, n, err, want)
			}
		}
		// The cause counts, not the request id.
		play("t-0", CauseTimeout) // seat 0
		play("b-1", CausePlayer)  // seat 1
		play("t-2", CauseTimeout) // seat 0
		count(0, 2)
		count(1, 0)
		play("t-3", CauseTimeout)        // seat 1
		play("timeout:1:4", CausePlayer) // seat 0
		count(0, 0)
		count(1, 1)
		if _, err := s.AppendMove(ctx, g.ID, g.Moves+5, engine.Move{}, Request{Cause: "lazy"}); err == nil || !strings.Contains(err.Error(), "lazy") {
			t.Errorf("an unknown cause: got %v, want an error naming it", err)
		}
	})
}

// TestReminderPerDecision checks that each decision of a turn answered
// step by step has its own half-time reminder: after an answer is stored,
// the next decision is due for a reminder at half its own time, once.
func TestReminderPerDecision(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "a", Name: "A"}, MaxSeats: 2, TurnTimeout: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Join(ctx, g.ID, Player{UserID: "b", Name: "B"}); err != nil {
			t.Fatal(err)
		}
		if g, err = s.Start(ctx, g.ID, 9); err != nil {
			t.Fatal(err)
		}
		due := func(at time.Time) int {
			t.Helper()
			gs, err := s.RemindersDue(ctx, at)
			if err != nil {
				t.Fatal(err)
			}
			return len(gs)
		}
		if ok, err := s.SetReminded(ctx, g.ID, g.Moves, g.Answered); err != nil || !ok {
			t.Fatalf("SetReminded of the turn: %v %v", ok, err)
		}
		// A decision later in the turn (an answer stored: the figure is
		// asked now) has its own time and its own reminder.
		_, before, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		tile := before.Answers()[0]
		res, err := s.AppendAnswer(ctx, g.ID, g.Moves, 0, tile, Request{ID: "tile"})
		if err != nil || res.Game.Answered != 1 {
			t.Fatalf("AppendAnswer: %v, %+v", err, res.Game)
		}
		step := res.Game.Deadline.Add(-20 * time.Minute)
		if n := due(step); n != 1 {
			t.Fatalf("reminders due at half time of the figure step: %d, want 1", n)
		}
		if ok, err := s.SetReminded(ctx, g.ID, res.Game.Moves, res.Game.Answered); err != nil || !ok {
			t.Fatalf("SetReminded of the figure step: %v %v", ok, err)
		}
		if n := due(step); n != 0 {
			t.Fatalf("reminder of the figure step due again after it was sent: %d", n)
		}
	})
}
