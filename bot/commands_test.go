package bot

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// TestCommands checks the other subcommands on a running game: autocomplete
// of place, board, score, record, help, resign and stop.
func TestCommands(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	carol := h.srv.NewUser("carol", "Carol")
	dave := h.srv.NewUser("dave", "Dave") // watches, without a seat
	thread, msg := h.lobby(alice, bob, carol)
	users := []discordtest.User{alice, bob, carol}
	cur, _ := userByID(users, mention.FindStringSubmatch(msg.Content)[1])
	in := func(u discordtest.User) discordtest.Actor { return discordtest.Actor{User: u, ChannelID: thread} }

	t.Run("autocomplete", func(t *testing.T) {
		ctx, cancel := h.wctx()
		defer cancel()
		i, err := h.srv.Autocomplete(ctx, in(cur), "/carcassonne place position:", "position")
		if err != nil {
			t.Fatal(err)
		}
		r, err := h.srv.WaitResponse(ctx, i.ID)
		if err != nil || r.Type != 8 {
			t.Fatalf("answer %v, %v", r, err)
		}
		var data struct {
			Choices []struct{ Name, Value string }
		}
		if err := json.Unmarshal(r.Data, &data); err != nil {
			t.Fatal(err)
		}
		cm := cellMenu(msg)
		if len(data.Choices) == 0 || len(data.Choices) != min(25, len(cm.Options)) {
			t.Fatalf("%d choices, the turn menu has %d cells", len(data.Choices), len(cm.Options))
		}
		for k, c := range data.Choices {
			if c.Value != cm.Options[k].Value {
				t.Fatalf("choice %d is %s, the menu's %s", k, c.Value, cm.Options[k].Value)
			}
		}
		// Rotations and followers for the first cell.
		i, err = h.srv.Autocomplete(ctx, in(cur), "/carcassonne place position:"+cm.Options[0].Value+" follower:", "follower")
		if err != nil {
			t.Fatal(err)
		}
		r, _ = h.srv.WaitResponse(ctx, i.ID)
		json.Unmarshal(r.Data, &data)
		if len(data.Choices) < 1 || data.Choices[0].Value != "none" {
			t.Fatalf("follower choices %+v", data.Choices)
		}
		base, err := engine.New(engine.Config{Players: []string{"Ann"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range data.Choices[1:] {
			if valueMove(t, base.TileSet(), fmt.Sprint(c.Value)).Follower == engine.NoPort || !strings.Contains(c.Name, " – ") {
				t.Fatalf("follower choice %+v", c)
			}
		}
	})

	t.Run("typed place plays the turn", func(t *testing.T) {
		before := h.movesOf()
		cm := cellMenu(msg)
		r := h.slash(in(cur), "/carcassonne place position:"+cm.Options[0].Value)
		if !strings.Contains(text(r), "placed") {
			t.Fatalf("place: %s", text(r))
		}
		if got := h.movesOf(); got != before+1 {
			t.Fatalf("%d moves, want %d", got, before+1)
		}
		msg, _ = h.nextTurn(thread, msg.ID)
	})

	t.Run("board", func(t *testing.T) {
		r := h.slash(in(alice), "/carcassonne board")
		if r.Flags&64 != 0 || r.Original == nil {
			t.Fatalf("a player's board is ephemeral or missing: %s", text(r))
		}
		checkPNG(t, *r.Original)
		r = h.slash(in(dave), "/carcassonne board")
		if r.Flags&64 == 0 {
			t.Fatal("a non-player's board is not ephemeral")
		}
	})

	t.Run("score and record", func(t *testing.T) {
		r := h.slash(in(alice), "/carcassonne score")
		if !strings.Contains(text(r), "Alice") || !strings.Contains(text(r), "tiles left") {
			t.Fatalf("score: %s", text(r))
		}
		r = h.slash(in(dave), "/carcassonne record")
		if len(r.Files) != 1 || !strings.HasSuffix(r.Files[0].Filename, ".rec") {
			t.Fatalf("record: %d files", len(r.Files))
		}
		rec, err := engine.ReadRecord(strings.NewReader(string(r.Files[0].Data)))
		if err != nil {
			t.Fatal(err)
		}
		// A running game's record keeps the draw pile secret.
		if rec.HasSeed || strings.Contains(string(r.Files[0].Data), "Seed") {
			t.Errorf("a running game's record reveals the seed:\n%s", r.Files[0].Data)
		}
		if _, err := rec.Replay(); err != nil || len(rec.Turns) != h.movesOf() {
			t.Fatalf("the record replays with %v and has %d turns, %d moves stored", err, len(rec.Turns), h.movesOf())
		}
		r = h.slash(in(dave), "/carcassonne help")
		wantEphemeral(t, r, "How to play")
	})

	t.Run("resign passes the turn", func(t *testing.T) {
		now, _ := userByID(users, mention.FindStringSubmatch(msg.Content)[1])
		r := h.slash(in(now), "/carcassonne resign")
		wantEphemeral(t, r, "You resigned")
		next, more := h.nextTurn(thread, msg.ID)
		if !more {
			t.Fatal("the game ended when one of three players resigned")
		}
		if strings.Contains(next.Content, now.ID) {
			t.Fatal("the resigned player is still asked to play")
		}
		r = h.slash(in(now), "/carcassonne resign")
		wantEphemeral(t, r, "already resigned")
		msg = next
	})

	t.Run("stop", func(t *testing.T) {
		r := h.slash(in(alice), "/carcassonne stop")
		if !strings.Contains(text(r), "stopped") {
			t.Fatalf("stop: %s", text(r))
		}
		g, _ := h.store.Get(h.ctx, 1)
		if g.Status != "stopped" {
			t.Fatalf("status %s", g.Status)
		}
		ctx, cancel := h.wctx()
		defer cancel()
		if err := h.srv.Wait(ctx, func() bool {
			old, _ := h.srv.Message(msg.ID)
			return len(old.Components) == 0
		}); err != nil {
			t.Fatal("the turn message of a stopped game keeps its menu")
		}
	})
}
