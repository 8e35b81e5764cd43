package bot

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// TestRestart stops the bot in the middle of a game, starts a new one on the
// same database, and plays on from the turn message posted before, until
// the game ends (a player resigns: a whole second game would add nothing
// but minutes under -race; TestWholeGame plays one).
func TestRestart(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.lobby(alice, bob)
	rng := rand.New(rand.NewPCG(3, 4))
	turns := 0
	more := true
	for ; turns < 8; turns++ {
		h.playTurn(users, thread, msg, rng)
		msg, more = h.nextTurn(thread, msg.ID)
	}
	h.stop()
	h.start()
	for ; more && turns < 16; turns++ {
		h.playTurn(users, thread, msg, rng)
		msg, more = h.nextTurn(thread, msg.ID)
	}
	if !more {
		t.Fatal("the game ended before the resignation")
	}
	r := h.slash(discordtest.Actor{User: alice, ChannelID: thread}, "/carcassonne resign")
	wantEphemeral(t, r, "You resigned")
	end, more := h.nextTurn(thread, msg.ID)
	if more {
		t.Fatal("the game goes on after the resignation")
	}
	h.checkEnd(t, end, turns)
}

// TestTurnTimeouts: a reminder at half time, the turn played for a player
// whose time ran out, and three timeouts in a row remove the player; when
// both have gone, the game ends.
func TestTurnTimeouts(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new turn-timeout:5m")
	lobbyMsg := r.Original.ID
	h.click(discordtest.Actor{User: bob}, lobbyMsg, lobbyID(actJoin, 1))
	h.click(discordtest.Actor{User: alice}, lobbyMsg, lobbyID(actStart, 1))
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatal(err)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	msg, _ := h.nextTurn(thread, "")

	h.offset.Add(int64(3 * time.Minute))
	if _, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "half of your time")
	}); err != nil {
		t.Fatalf("no reminder: %v", err)
	}
	more := true
	for k := 0; k < 6 && more; k++ {
		h.offset.Add(int64(6 * time.Minute))
		prev := msg.ID
		msg, more = h.nextTurn(thread, prev)
		old, _ := h.srv.Message(prev)
		if !strings.Contains(old.Content, "ran out of time") {
			t.Fatalf("turn %d: the old turn message says %q", k, old.Content)
		}
	}
	if more {
		t.Fatal("the game goes on after a player timed out three times in a row, one player left")
	}
	var resigned int
	for _, m := range h.srv.Messages(thread) {
		all := m.Content
		for _, e := range m.Embeds {
			all += " " + e.Description
		}
		resigned += strings.Count(all, "resigned")
	}
	if resigned != 1 {
		t.Errorf("%d resignations announced, want 1", resigned)
	}
	if !strings.Contains(msg.Content, "The game is over") || !strings.Contains(msg.Content, "wins") {
		t.Errorf("the end says %q", msg.Content)
	}
	reminders := 0
	for _, m := range h.srv.Messages(thread) {
		if strings.Contains(m.Content, "half of your time") {
			reminders++
		}
	}
	if reminders < 1 {
		t.Errorf("%d reminders", reminders)
	}
}

// TestTickStopping: a tick of the timeouts, and the catching up of
// announcements and steps, cut short because the bot is stopping (its
// context cancelled) log no error; they logged "reading deadlines",
// "reading the games to announce" and the like with "context canceled"
// at restarts that fell on them.
func TestTickStopping(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	h.lobby(alice, bob)
	ctx, cancel := context.WithCancel(h.ctx)
	cancel()
	h.bot.tick(ctx)
	h.bot.catchUpAll(ctx, true)
	h.bot.catchUpSteps(ctx)
	for _, line := range strings.Split(h.logs.String(), "\n") {
		if strings.Contains(line, "level=ERROR") {
			t.Errorf("a tick of a stopping bot logged: %s", line)
		}
	}
}

// TestResignClosesStep: the current player resigns, or the host stops
// the game, while the turn waits for another player's step of the dragon.
// The turn is dropped, and the step message says so and loses its
// buttons; it kept them, and a click answered "This choice was made
// already." or "This game is not running.".
func TestResignClosesStep(t *testing.T) {
	seed, first := dragonSeed(t)
	for _, tc := range []struct {
		name string
		act  func(h *harness, users []discordtest.User, cur int, thread string)
		want func(users []discordtest.User, cur int) string
	}{
		{"resign", func(h *harness, users []discordtest.User, cur int, thread string) {
			if r := h.slash(discordtest.Actor{User: users[cur], ChannelID: thread}, "/carcassonne resign"); !strings.Contains(text(r), "You resigned") {
				h.t.Fatalf("%s resigns: %s", users[cur].Username, text(r))
			}
		}, func(users []discordtest.User, cur int) string {
			return users[cur].GlobalName + " resigned: the turn begun is dropped, and this choice with it."
		}},
		{"stop", func(h *harness, users []discordtest.User, cur int, thread string) {
			if r := h.slash(discordtest.Actor{User: users[0], ChannelID: thread}, "/carcassonne stop"); !strings.Contains(text(r), "stopped") {
				h.t.Fatalf("the host stops the game: %s", text(r))
			}
		}, func([]discordtest.User, int) string { return "This turn was not played: the game was stopped." }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return seed } })
			users := []discordtest.User{h.srv.NewUser("alice", "Alice"), h.srv.NewUser("bob", "Bob"), h.srv.NewUser("cleo", "Cleo")}
			thread, msg := h.expansionGame(users, "/carcassonne new", "princess-and-dragon")
			for {
				_, st, err := h.store.Load(h.ctx, 1)
				if err != nil {
					t.Fatal(err)
				}
				moves, cur := len(st.Moves()), st.Current()
				h.playMove(users[cur], thread, msg, st, dragonMove(st))
				if moves < first {
					msg, _ = h.nextTurn(thread, msg.ID)
					continue
				}
				g, st, err := h.store.Load(h.ctx, 1)
				if err != nil || st.Pending().Step != engine.StepDragon {
					t.Fatalf("the turn of the dragon waits for %v (%v)", st.Pending(), err)
				}
				sm := h.stepMsg(thread, moves, g.Answered)
				tc.act(h, users, cur, thread)
				ctx, cancel := h.wctx()
				defer cancel()
				if err := h.srv.Wait(ctx, func() bool { m, _ := h.srv.Message(sm.ID); return len(m.Components) == 0 }); err != nil {
					m, _ := h.srv.Message(sm.ID)
					t.Fatalf("the step message keeps its buttons: %q", m.Content)
				}
				if m, _ := h.srv.Message(sm.ID); m.Content != tc.want(users, cur) {
					t.Errorf("the step message says %q, want %q", m.Content, tc.want(users, cur))
				}
				return
			}
		})
	}
}

// TestCatchUpCutShortIsNoWarning: a bot stopped while it waits for a
// game's lock to catch up with it (the start's catch-up, another
// goroutine working on the game) says so at level Info, as every other
// work the stop cuts short: a restart is no warning for the operator.
func TestCatchUpCutShortIsNoWarning(t *testing.T) {
	var logs strings.Builder
	b := &Bot{log: slog.New(slog.NewTextHandler(&logs, nil)), locks: map[int64]*gameLock{}}
	unlock, err := b.lockGame(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	b.catchUp(stopped, 1)
	b.catchUpStep(stopped, 1)
	if got := logs.String(); strings.Contains(got, "level=WARN") || strings.Count(got, "cut short: the bot is stopping") != 2 {
		t.Errorf("the bot logged:\n%s", got)
	}
}
