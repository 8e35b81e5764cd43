package bot

import (
	"fmt"
	"slices"
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

// TestDiscordErrors: Discord fails a turn's posts in the thread with a
// server error. Twice: the bot tries again, the turn is posted once and
// nothing is said. Longer than the bot retries (four tries of the turn and
// the note's try in the thread): the channel is told once, in a whole
// sentence with Discord's answer, and the turn is posted later, once.
func TestDiscordErrors(t *testing.T) {
	said := func(m discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "I could not post in game #1's thread (Discord answered: ") &&
			strings.HasSuffix(m.Content, "). I will try again; nothing of the game is lost.")
	}
	for _, failures := range []int{2, 5} {
		t.Run(fmt.Sprint(failures), func(t *testing.T) {
			h := newHarness(t)
			alice := h.srv.NewUser("alice", "Alice")
			bob := h.srv.NewUser("bob", "Bob")
			users := []discordtest.User{alice, bob}
			thread, msg := h.lobby(alice, bob)
			h.srv.FailNext("POST /channels/"+thread+"/messages", failures, 500)
			h.playTurn(users, thread, msg, newRand())
			if failures == 5 {
				ctx, cancel := h.wctx()
				defer cancel()
				if _, err := h.srv.WaitMessage(ctx, h.srv.ChannelID, said); err != nil {
					t.Fatalf("nobody was told: %v", err)
				}
			}
			next := h.channelTurn(thread, msg.ID)
			checkPNG(t, next)
			if n := len(turnMessagesFor(h, thread, h.movesOf())); n != 1 {
				t.Errorf("the turn was posted %d times, want once", n)
			}
			if failures == 5 {
				saidOnce(t, h, said)
			} else if slices.ContainsFunc(h.srv.Messages(h.srv.ChannelID), said) {
				t.Error("a failure the retries mended was said")
			}
		})
	}
}
