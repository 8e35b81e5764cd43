package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// TestTypedEscapeLater: /carcassonne place with an escape, on a placement
// whose escape comes after decisions asked in messages (the dragon's
// steps after a dragon tile), is refused with that reason rather than "No knight
// of yours can escape from there", and nothing is played. The game (The
// Princess & the Dragon with the Cathars) is stored while the bot is
// stopped, up to such a turn.
func TestTypedEscapeLater(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return 7 } })
	alice, bob := h.srv.NewUser("alice", "Alice"), h.srv.NewUser("bob", "Bob")
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new expansions:princess-and-dragon,cathars")
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	if r := h.click(discordtest.Actor{User: bob}, r.Original.ID, lobbyID(actJoin, 1)); r.Type != 7 {
		t.Fatalf("join: %s", text(r))
	}
	thread, first := h.startLobby(discordtest.Actor{User: alice}, r.Original.ID)
	var g storage.Game
	var p engine.Placement
	h.storeStopped(func(store *storage.Store) {
		for k := 0; ; k++ {
			var st *engine.Game
			var err error
			if g, st, err = store.Load(h.ctx, 1); err != nil {
				t.Fatal(err)
			}
			if st.Ended() {
				t.Fatal("the game ended before a turn whose escape comes after the dragon's steps")
			}
			if st.Pending().Step == engine.StepTile {
				for _, q := range st.Placements() {
					ch := choice{game: 1, moves: g.Moves, cell: q.Cell, rot: q.Rotation}
					if w, err := ch.walk(st, en, nil); err == nil && !w.done && ch.stageOptions(st, en, nil, engine.StepEscape) == nil {
						p = q
						return
					}
				}
			}
			as := st.Answers()
			if _, err := store.AppendAnswers(h.ctx, 1, g.Moves, g.Answered, []engine.Answer{as[0]}, storage.Request{ID: fmt.Sprintf("test-%d", k)}); err != nil {
				t.Fatalf("answer %d: %v", k, err)
			}
		}
	})
	if _, more := h.nextTurn(thread, first.ID); !more {
		t.Fatal("no turn message after the restart")
	}
	_, st, err := h.store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	cur := alice
	if g.Seats[st.Current()].UserID == bob.ID {
		cur = bob
	}
	line := fmt.Sprintf("/carcassonne place position:%s rotation:%d escape:none", p.Cell, p.Rotation.Degrees())
	if got := text(h.slash(discordtest.Actor{User: cur, ChannelID: thread}, line)); !strings.Contains(got, "your escape is chosen after the dragon's steps or the robbers, in a message") {
		t.Errorf("%s answers %q", line, got)
	}
	if after, _, err := h.store.Load(h.ctx, 1); err != nil || after.Moves != g.Moves || after.Answered != g.Answered {
		t.Errorf("a refused place played: %d moves and %d answers, %d and %d before (%v)", after.Moves, after.Answered, g.Moves, g.Answered, err)
	}
}
