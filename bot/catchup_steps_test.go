package bot

import (
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// TestCatchUpPendingStep: the bot stops right after a player's answers to
// a dragon tile are stored and before the dragon's first step is asked
// (the answers are stored here as the stopped bot would have). Started
// again, it posts that step's message, once: a second start posts nothing
// more, and the game goes on from its buttons.
func TestCatchUpPendingStep(t *testing.T) {
	h, thread, _, st, users := defectGame(t, []engine.Expansion{engine.ExpansionPrincessAndDragon}, 4, dragonTile)
	h.stop()
	p := st.Placements()[0]
	ch := choice{game: 1, moves: len(st.Moves()), cell: p.Cell, rot: p.Rotation}
	as := answersOf(t, st, ch)
	store, err := storage.Open(h.ctx, h.path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := store.AppendAnswers(h.ctx, 1, len(st.Moves()), 0, as, storage.Request{ID: "stored-before-the-stop"})
	store.Close()
	if err != nil || res.Done || res.State.Pending().Step != engine.StepDragon {
		t.Fatalf("the dragon tile's answers: %+v, %v", res, err)
	}
	moves, answered := len(st.Moves()), len(as)
	// others counts the messages of the pending step but the one posted.
	others := func(posted string) int {
		n := 0
		for _, m := range h.srv.Messages(thread) {
			if m.ID != posted && hasComponent(m.Message, stepPrefix(1, moves, answered)) {
				n++
			}
		}
		return n
	}

	h.start()
	sm := h.stepMsg(thread, moves, answered)
	if n := others(sm.ID); n != 0 {
		t.Fatalf("the pending step was posted %d times, want once", n+1)
	}
	h.stop()
	h.start()
	// The game goes on from the message: its decider answers.
	d := res.State.Pending()
	_, bs := components(sm.Message)
	if len(bs) == 0 {
		t.Fatalf("the step message has no buttons: %+v", sm.Components)
	}
	if r := h.click(discordtest.Actor{User: users[d.Player], ChannelID: thread}, sm.ID, bs[0].CustomID); r.Type != 6 {
		t.Fatalf("the step's button: %s", text(r))
	}
	waitStored(t, h, func(g storage.Game) bool { return g.Moves > moves || g.Answered > answered })
	if n := others(sm.ID); n != 0 {
		t.Fatalf("after a second start the pending step was posted %d times more", n)
	}
}
