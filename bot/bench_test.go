package bot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// BenchmarkTurn measures a turn as a player feels it: from the Confirm
// interaction sent to the local Discord until the next turn's message (with
// its board image) has been posted, on mid-game boards (turns 30 to 65 of
// two-player games). It reports the median and the 99th percentile.
func BenchmarkTurn(b *testing.B) {
	h := newHarness(b)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	rng := rand.New(rand.NewPCG(5, 6))
	var samples []time.Duration
	game := 0
	var thread string
	var msg discordtest.Message
	turn := 0
	newGame := func() {
		game++
		thread, msg = h.lobbyN(game, alice, bob)
		turn = 0
		for ; turn < 30; turn++ {
			h.playTurn(users, thread, msg, rng)
			msg, _ = h.nextTurn(thread, msg.ID)
		}
	}
	b.StopTimer()
	newGame()
	for range b.N {
		if turn >= 65 {
			newGame()
		}
		confirm := h.prepareTurn(users, thread, msg, rng)
		b.StartTimer()
		start := time.Now()
		confirm()
		next, more := h.nextTurn(thread, msg.ID)
		samples = append(samples, time.Since(start))
		b.StopTimer()
		msg = next
		turn++
		if !more {
			turn = 65
		}
	}
	slices.Sort(samples)
	if len(samples) > 0 {
		b.ReportMetric(float64(samples[len(samples)/2].Microseconds())/1000, "ms-median")
		b.ReportMetric(float64(samples[min(len(samples)-1, len(samples)*99/100)].Microseconds())/1000, "ms-p99")
	}
}

// prepareTurn picks a cell of the turn message and returns a function that
// presses Confirm.
func (h *harness) prepareTurn(users []discordtest.User, thread string, msg discordtest.Message, rng *rand.Rand) func() {
	h.t.Helper()
	u, err := userByID(users, mention.FindStringSubmatch(msg.Content)[1])
	if err != nil {
		h.t.Fatal(err)
	}
	a := discordtest.Actor{User: u, ChannelID: thread}
	cm := cellMenu(msg)
	r := h.pick(a, msg.ID, cm.CustomID, cm.Options[rng.IntN(len(cm.Options))].Value)
	ok, _ := button(r.Original.Message, actOK)
	id := r.Original.ID
	return func() {
		ctx, cancel := h.wctx()
		defer cancel()
		if _, err := h.srv.Click(ctx, a, id, ok.CustomID); err != nil {
			h.t.Fatal(err)
		}
	}
}

// BenchmarkComputerTurnPosted measures how soon the bot moves on after a
// computer's turn, as the players in the thread see it, in a game with
// every expansion the bot offers: from the computer's turn message (its
// picture, "… is thinking") to the next message of the thread that asks
// someone (the next turn, or a step), with a pause of 1 ms and easy
// computers (whose thinking takes at most some 30 ms of one core with every
// expansion: see ai's BenchmarkThinkSets). A person plays the first cell
// of each turn message with the preview's defaults and the first answer of
// each step message. It reports the median and the 99th percentile over
// all the computers' turns of b.N games.
func BenchmarkComputerTurnPosted(b *testing.B) {
	var names []string
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase && e != engine.ExpansionRiver {
			names = append(names, e.String())
		}
	}
	var gaps []time.Duration
	for n := range b.N {
		h := newHarnessWith(b, func(c *Config) {
			c.ComputerPause, c.ComputerPlayouts = time.Millisecond, testPlayouts
			c.Seed = func() uint64 { return uint64(n + 1) }
		})
		alice := h.srv.NewUser("alice", "Alice")
		thread := h.computerGame(alice, "/carcassonne new expansions:"+strings.Join(names, ","), "easy", "easy")
		first := func(st *engine.Game) engine.Move {
			p := menuPlacements(st)[0]
			return walkOf(b, st, choice{cell: p.Cell, rot: p.Rotation}).move()
		}
		h.playWithComputers(alice, thread, first, func(*engine.Game, engine.Decision) bool { return true })
		var posts []discordtest.Request
		for _, r := range h.srv.Requests() {
			if r.Route == "POST /channels/{channel}/messages" && strings.Contains(r.Path, thread) {
				posts = append(posts, r)
			}
		}
		for k, r := range posts[:max(0, len(posts)-1)] {
			if strings.Contains(string(r.JSON), "is thinking") {
				gaps = append(gaps, posts[k+1].Time.Sub(r.Time))
			}
		}
		h.stop()
	}
	slices.Sort(gaps)
	if len(gaps) > 0 {
		b.ReportMetric(float64(len(gaps))/float64(b.N), "computer-turns/game")
		b.ReportMetric(float64(gaps[len(gaps)/2].Microseconds())/1000, "ms-median")
		b.ReportMetric(float64(gaps[min(len(gaps)-1, len(gaps)*99/100)].Microseconds())/1000, "ms-p99")
	}
}
