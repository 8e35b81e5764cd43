package bot

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// movesOf returns the number of moves stored for game 1.
func (h *harness) movesOf() int {
	h.t.Helper()
	g, err := h.store.Get(h.ctx, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	return g.Moves
}

func wantEphemeral(t *testing.T, r *discordtest.Response, want string) {
	t.Helper()
	if r.Flags&64 == 0 {
		t.Errorf("the refusal %q is not ephemeral", text(r))
	}
	if !strings.Contains(text(r), want) {
		t.Errorf("got %q, want it to say %q", text(r), want)
	}
}

func TestBadInput(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	carol := h.srv.NewUser("carol", "Carol")

	t.Run("no game in the channel", func(t *testing.T) {
		r := h.slash(discordtest.Actor{User: alice}, "/carcassonne score")
		wantEphemeral(t, r, "no game here")
		r = h.slash(discordtest.Actor{User: alice}, "/carcassonne place position:0,1")
		wantEphemeral(t, r, "no game here")
	})

	thread, msg := h.lobby(alice, bob)
	users := []discordtest.User{alice, bob}
	cur, _ := userByID(users, mention.FindStringSubmatch(msg.Content)[1])
	other := bob
	if cur.ID == bob.ID {
		other = alice
	}
	cm := cellMenu(msg)
	before := h.movesOf()

	t.Run("someone else presses", func(t *testing.T) {
		r := h.pick(discordtest.Actor{User: other, ChannelID: thread}, msg.ID, cm.CustomID, cm.Options[0].Value)
		wantEphemeral(t, r, "It's "+cur.GlobalName+"'s turn")
		r = h.pick(discordtest.Actor{User: carol, ChannelID: thread}, msg.ID, cm.CustomID, cm.Options[0].Value)
		wantEphemeral(t, r, "turn")
	})

	t.Run("typed place with an illegal cell", func(t *testing.T) {
		r := h.slash(discordtest.Actor{User: cur, ChannelID: thread}, "/carcassonne place position:40,40")
		wantEphemeral(t, r, "does not fit on (40,40)")
		r = h.slash(discordtest.Actor{User: cur, ChannelID: thread}, "/carcassonne place position:nowhere")
		wantEphemeral(t, r, "position is a cell")
		r = h.slash(discordtest.Actor{User: cur, ChannelID: thread}, "/carcassonne place position:"+cm.Options[0].Value+" rotation:45")
		wantEphemeral(t, r, "rotation is 0, 90, 180 or 270")
	})

	t.Run("typed place with a spot that does not exist", func(t *testing.T) {
		r := h.slash(discordtest.Actor{User: cur, ChannelID: thread}, "/carcassonne place position:"+cm.Options[0].Value+" follower:XYZ")
		wantEphemeral(t, r, "cannot stand there")
	})

	t.Run("typed place by someone else", func(t *testing.T) {
		r := h.slash(discordtest.Actor{User: other, ChannelID: thread}, "/carcassonne place position:"+cm.Options[0].Value)
		wantEphemeral(t, r, "turn")
	})

	t.Run("a broken interaction", func(t *testing.T) {
		ctx, cancel := h.wctx()
		defer cancel()
		if err := h.srv.Dispatch(ctx, "INTERACTION_CREATE", []byte(`{"id":"77","token":"tok","type":3,"data":{"custom_id":17}}`)); err != nil {
			t.Fatal(err)
		}
		if err := h.srv.Dispatch(ctx, "INTERACTION_CREATE", []byte(`{not json`)); err != nil {
			t.Fatal(err)
		}
		r, err := h.srv.WaitResponse(ctx, "77")
		if err != nil {
			t.Fatal(err)
		}
		wantEphemeral(t, r, "nothing was changed")
	})

	if got := h.movesOf(); got != before {
		t.Fatalf("refusals changed the game: %d moves, want %d", got, before)
	}

	var oldPick *discordtest.Interaction
	t.Run("two confirms at once", func(t *testing.T) {
		a := discordtest.Actor{User: cur, ChannelID: thread}
		ctx, cancel := h.wctx()
		defer cancel()
		var err error
		oldPick, err = h.srv.Select(ctx, a, msg.ID, cm.CustomID, cm.Options[0].Value)
		if err != nil {
			t.Fatal(err)
		}
		r := h.answer(ctx, oldPick)
		ok, _ := button(r.Original.Message, actOK)
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				i, err := h.srv.Click(ctx, a, r.Original.ID, ok.CustomID)
				if err != nil {
					t.Error(err)
					return
				}
				h.answer(ctx, i)
			}()
		}
		wg.Wait()
		next, _ := h.nextTurn(thread, msg.ID)
		time.Sleep(200 * time.Millisecond) // room for a wrong second announcement
		if got := h.movesOf(); got != before+1 {
			t.Fatalf("%d moves stored, want %d", got, before+1)
		}
		turns := 0
		for _, m := range h.srv.Messages(thread) {
			if cellMenu(m) != nil {
				turns++
			}
		}
		if turns != 1 {
			t.Fatalf("%d turn messages with a menu, want 1", turns)
		}
		// The old turn message is now a summary without components.
		old, _ := h.srv.Message(msg.ID)
		if len(old.Components) != 0 || !strings.Contains(old.Content, "placed") {
			t.Fatalf("the old turn message: %q with %d rows", old.Content, len(old.Components))
		}
		msg = next
	})

	t.Run("a button from an earlier turn", func(t *testing.T) {
		if oldPick == nil {
			t.Fatal("the previous subtest did not pick a cell")
		}
		// The same cell menu pressed again, as a client showing the old
		// message would send it.
		var payload map[string]any
		if err := jsonUnmarshal(oldPick.Payload, &payload); err != nil {
			t.Fatal(err)
		}
		payload["id"], payload["token"] = "990000000000000001", "stale-token"
		raw, _ := jsonMarshal(payload)
		ctx, cancel := h.wctx()
		defer cancel()
		if err := h.srv.Dispatch(ctx, "INTERACTION_CREATE", raw); err != nil {
			t.Fatal(err)
		}
		r, err := h.srv.WaitResponse(ctx, "990000000000000001")
		if err != nil {
			t.Fatal(err)
		}
		wantEphemeral(t, r, "This turn is over.")
		if got := h.movesOf(); got != before+1 {
			t.Fatalf("the old button changed the game: %d moves", got)
		}
	})

	t.Run("only the host starts and stops", func(t *testing.T) {
		r := h.slash(discordtest.Actor{User: carol, ChannelID: thread}, "/carcassonne stop")
		wantEphemeral(t, r, "Only the host")
		r = h.slash(discordtest.Actor{User: carol, ChannelID: thread}, "/carcassonne resign")
		wantEphemeral(t, r, "no seat")
	})
}
