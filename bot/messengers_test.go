package bot

import (
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// TestRobberTimeoutPasses: after a tile with a bag, the other player's
// robber is asked in a message under the turn timeout; when the time runs
// out, no robber is placed (a timeout passes where it may), the message
// says so, and the turn goes on.
func TestRobberTimeoutPasses(t *testing.T) {
	found := func(st *engine.Game) bool {
		_, placed := st.Robber(1) // Bob's robber is in front of him: he is asked
		return bagTile(st) && len(st.Placements()) > 0 && !placed
	}
	h, thread, turn, st, users := defectGameWith(t, "/carcassonne new turn-timeout:5m", []engine.Expansion{engine.ExpansionRobbers}, 4, found)
	a := discordtest.Actor{User: users[st.Current()], ChannelID: thread}
	p := st.Placements()[0]
	preview := openPreview(t, h, a, turn, st, p)
	if _, ok := menu(preview.Message, actSpot); ok {
		t.Error("the preview of a bag tile offers a Follower… menu: the figure comes after the robbers")
	}
	rm, ok := menu(preview.Message, actRobber)
	if !ok || rm.Options[0].Value != "-" || len(rm.Options) < 2 {
		t.Fatalf("the preview's Robber… menu: %+v", rm.Options)
	}
	okb, _ := button(preview.Message, actOK)
	if r := h.click(a, preview.ID, okb.CustomID); r.Type != 6 {
		t.Fatalf("Confirm: %s", text(r))
	}
	moves := len(st.Moves())
	waitState(t, h, func(_ storage.Game, now *engine.Game) bool {
		return now.Pending().Step == engine.StepRobber && now.Pending().Player != st.Current()
	})
	g, _, err := h.store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	sm := h.stepMsg(thread, moves, g.Answered)
	h.offset.Add(int64(6 * time.Minute))
	waitStored(t, h, func(now storage.Game) bool { return now.Moves > moves || now.Answered > g.Answered })
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { m, _ := h.srv.Message(sm.ID); return len(m.Components) == 0 }); err != nil {
		t.Fatalf("the robber's message keeps its buttons: %v", err)
	}
	m, _ := h.srv.Message(sm.ID)
	if want := "Bob ran out of time, so I chose: Bob places no robber."; m.Content != want {
		t.Errorf("the robber's message says %q, want %q", m.Content, want)
	}
}
