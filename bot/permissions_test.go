package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// channelTurn waits for a turn message in channel other than prev.
func (h *harness) channelTurn(channel, prev string) discordtest.Message {
	h.t.Helper()
	m, more := h.nextTurn(channel, prev)
	if !more {
		h.t.Fatal("the game ended")
	}
	return m
}

// saidOnce checks that one message of the channel says what said looks for.
func saidOnce(t *testing.T, h *harness, said func(discordtest.Message) bool) {
	t.Helper()
	var says int
	for _, m := range h.srv.Messages(h.srv.ChannelID) {
		if said(m) {
			says++
		}
	}
	if says != 1 {
		t.Errorf("the failure was said %d times, want once", says)
	}
}

// TestLostThreadPermission: the bot may no longer post in the game's
// thread; it tells the host in the channel which permission is missing,
// and the game goes on in the channel.
func TestLostThreadPermission(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.lobby(alice, bob)
	h.srv.Deny(thread, discordgo.PermissionSendMessagesInThreads)
	h.playTurn(users, thread, msg, newRand())

	ctx, cancel := h.wctx()
	defer cancel()
	note, err := h.srv.WaitMessage(ctx, h.srv.ChannelID, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "Send Messages in Threads")
	})
	if err != nil {
		t.Fatalf("nobody was told of the missing permission: %v", err)
	}
	if !strings.Contains(note.Content, "<@"+alice.ID+">") {
		t.Errorf("the note does not mention the host: %q", note.Content)
	}
	next := h.channelTurn(h.srv.ChannelID, "")
	if g, _ := h.store.Get(h.ctx, 1); g.ThreadID != h.srv.ChannelID {
		t.Errorf("the game's thread is %s, want the channel %s", g.ThreadID, h.srv.ChannelID)
	}
	// The game goes on in the channel.
	h.playTurn(users, h.srv.ChannelID, next, newRand())
	h.channelTurn(h.srv.ChannelID, next.ID)
}

// TestNoPermissionAnywhere: the bot may attach files neither in the thread
// nor in the channel. It says so in a plain message, and posts the turn as
// soon as the permission is given back.
func TestNoPermissionAnywhere(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.lobby(alice, bob)
	h.srv.Deny(h.srv.ChannelID, discordgo.PermissionAttachFiles)
	h.playTurn(users, thread, msg, newRand())
	ctx, cancel := h.wctx()
	defer cancel()
	if _, err := h.srv.WaitMessage(ctx, h.srv.ChannelID, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "I cannot post game #1 here") && strings.Contains(m.Content, "Attach Files")
	}); err != nil {
		t.Fatalf("nobody was told: %v", err)
	}
	if _, ok := turnMessage(h.srv.Messages(h.srv.ChannelID)); ok {
		t.Fatal("a turn was posted without its permission")
	}
	h.srv.Allow(h.srv.ChannelID, discordgo.PermissionAttachFiles)
	next := h.channelTurn(h.srv.ChannelID, "")
	if n := len(turnMessagesFor(h, h.srv.ChannelID, h.movesOf())); n != 1 {
		t.Errorf("the turn was posted %d times, want once", n)
	}
	checkPNG(t, next)
	saidOnce(t, h, func(m discordtest.Message) bool { return strings.Contains(m.Content, "I cannot post game #1") })
}

// TestDiscordErrorsRetried: Discord fails twice with a server error; the
// bot tries again and the turn is posted once.
func TestDiscordErrorsRetried(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.lobby(alice, bob)
	h.srv.FailNext("POST /channels/"+thread+"/messages", 2, 500)
	h.playTurn(users, thread, msg, newRand())
	next, more := h.nextTurn(thread, msg.ID)
	if !more {
		t.Fatal("the game ended")
	}
	checkPNG(t, next)
	if n := len(turnMessagesFor(h, thread, h.movesOf())); n != 1 {
		t.Errorf("the turn was posted %d times, want once", n)
	}
}

// TestDiscordErrorsSaid: Discord refuses a turn's post in the thread
// longer than the bot retries; the bot says so in the channel, in a whole
// sentence with Discord's answer, once, and posts the turn later.
func TestDiscordErrorsSaid(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.lobby(alice, bob)
	// Four tries of the turn and the note's try in the thread.
	h.srv.FailNext("POST /channels/"+thread+"/messages", 5, 500)
	h.playTurn(users, thread, msg, newRand())
	ctx, cancel := h.wctx()
	defer cancel()
	said := func(m discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "I could not post in game #1's thread (Discord answered: ") &&
			strings.HasSuffix(m.Content, "). I will try again; nothing of the game is lost.")
	}
	if _, err := h.srv.WaitMessage(ctx, h.srv.ChannelID, said); err != nil {
		t.Fatalf("nobody was told: %v", err)
	}
	if _, more := h.nextTurn(thread, msg.ID); !more {
		t.Fatal("the game ended")
	}
	if n := len(turnMessagesFor(h, thread, h.movesOf())); n != 1 {
		t.Errorf("the turn was posted %d times, want once", n)
	}
	saidOnce(t, h, said)
}
