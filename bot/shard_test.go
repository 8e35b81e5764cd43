package bot

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

func TestShardOf(t *testing.T) {
	tests := []struct {
		guild string
		count int
		want  int
	}{
		{"", 2, 0},
		{"not a number", 2, 0},
		{"-5", 2, 0},
		{"41771983423143937", 0, 0},
		{"41771983423143937", 1, 0},
		// Discord's documentation: (41771983423143937 >> 22) % 2 == 0.
		{"41771983423143937", 2, 0},
		{strconv.FormatUint(5<<22, 10), 2, 1},
		{strconv.FormatUint(5<<22|(1<<22-1), 10), 3, 2},
		{"18446744073709551615", 16, int((uint64(1<<64-1) >> 22) % 16)},
	}
	for _, tt := range tests {
		if got := ShardOf(tt.guild, tt.count); got != tt.want {
			t.Errorf("ShardOf(%q, %d) = %d, want %d", tt.guild, tt.count, got, tt.want)
		}
	}
}

func TestNewRefusesShardsThatDoNotExist(t *testing.T) {
	for _, sh := range [][2]int{{-1, 2}, {2, 2}, {3, 2}, {0, -1}, {1, 0}} {
		_, err := New(Config{Token: "t", Store: (*storage.Store)(nil), Renderer: render.New(), ShardID: sh[0], ShardCount: sh[1]})
		if err == nil || !strings.Contains(err.Error(), "shard") {
			t.Errorf("shard %d of %d: error %v, want one that names the shard", sh[0], sh[1], err)
		}
	}
}

// shardPair is two bot processes, shards 0 and 1 of 2, sharing one local
// Discord and one database file, with a server (guild) of each shard.
type shardPair struct {
	srv      *discordtest.Server
	h        [2]*harness
	channel  [2]string // the text channel of each shard's server
	guild    [2]string
	nowCalls [2]*atomic.Int64 // how often each bot read its clock
}

func newShardPair(t *testing.T) *shardPair {
	t.Helper()
	p := &shardPair{srv: discordtest.New(t), nowCalls: [2]*atomic.Int64{{}, {}}}
	path := filepath.Join(t.TempDir(), "bot.db")
	for k := range 2 {
		p.guild[k], p.channel[k] = p.srv.NewGuildOnShard("Shard "+strconv.Itoa(k), k, 2)
	}
	for k := range 2 {
		calls := p.nowCalls[k]
		p.h[k] = newHarnessOn(t, p.srv, path, func(c *Config) {
			c.ShardID, c.ShardCount, c.GuildID = k, 2, ""
			now := c.Now
			c.Now = func() time.Time { calls.Add(1); return now() }
		})
	}
	return p
}

var joinIDRE = regexp.MustCompile(`^` + idPrefix + `:` + actJoin + `:(\d+)$`)

// open opens a game in the server of shard k with line (a /carcassonne new
// command), seats the others, starts it, and returns the game's id, its
// thread and its first turn message.
func (p *shardPair) open(k int, line string, host discordtest.User, others ...discordtest.User) (int64, string, discordtest.Message) {
	h := p.h[k]
	h.t.Helper()
	r := h.slash(discordtest.Actor{User: host, ChannelID: p.channel[k]}, line)
	if r.Original == nil {
		h.t.Fatalf("no lobby message: %s", text(r))
	}
	lobby := r.Original.ID
	var game int64
	_, buttons := components(r.Original.Message)
	for _, b := range buttons {
		if m := joinIDRE.FindStringSubmatch(b.CustomID); m != nil {
			game, _ = strconv.ParseInt(m[1], 10, 64)
		}
	}
	if game == 0 {
		h.t.Fatalf("the lobby has no Join button: %s", text(r))
	}
	threads := len(p.srv.Threads(p.channel[k]))
	for _, u := range others {
		if r := h.click(discordtest.Actor{User: u}, lobby, lobbyID(actJoin, game)); r.Type != 7 {
			h.t.Fatalf("join: answer type %d: %s", r.Type, text(r))
		}
	}
	if r := h.click(discordtest.Actor{User: host}, lobby, lobbyID(actStart, game)); r.Type != 6 {
		h.t.Fatalf("start: answer type %d: %s", r.Type, text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := p.srv.Wait(ctx, func() bool { return len(p.srv.Threads(p.channel[k])) > threads }); err != nil {
		h.t.Fatalf("no thread: %v", err)
	}
	thread := p.srv.Threads(p.channel[k])[threads].ID
	first, err := p.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil })
	if err != nil {
		h.t.Fatalf("no first turn: %v", err)
	}
	return game, thread, first
}

var turnTitleRE = regexp.MustCompile(`^Turn (\d+) ·`)

// postedTurns counts, by turn number, the turn messages posted in thread
// (successful POSTs with a "Turn N ·" embed), whoever posted them.
func postedTurns(srv *discordtest.Server, thread string) map[int]int {
	out := map[int]int{}
	for _, r := range srv.Requests() {
		if r.Route != "POST /channels/{channel}/messages" || r.Status != 200 || !strings.Contains(r.Path, "/channels/"+thread+"/") {
			continue
		}
		var body struct {
			Embeds []struct {
				Title string `json:"title"`
			} `json:"embeds"`
		}
		if json.Unmarshal(r.JSON, &body) != nil {
			continue
		}
		for _, e := range body.Embeds {
			if m := turnTitleRE.FindStringSubmatch(e.Title); m != nil {
				n, _ := strconv.Atoi(m[1])
				out[n]++
			}
		}
	}
	return out
}

// checkGame checks a game that ended: finished in the database, its stored
// record replays to an ended game equal to the one attached to the end,
// and every turn was announced once.
func (p *shardPair) checkGame(t *testing.T, id int64, thread string, end discordtest.Message) {
	t.Helper()
	ctx, cancel := p.h[0].wctx()
	defer cancel()
	g, err := p.h[1].store.Get(ctx, id)
	if err != nil || g.Status != storage.StatusFinished {
		t.Fatalf("game %d in the database: %v, %v; want finished", id, g.Status, err)
	}
	rec, err := p.h[0].store.Record(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	st, err := rec.Replay()
	if err != nil {
		t.Fatalf("game %d: the stored record does not replay: %v", id, err)
	}
	if !st.Ended() {
		t.Errorf("game %d: the stored record replays to a game that did not end", id)
	}
	posted := recordOf(t, end)
	if len(posted.Moves()) != len(st.Moves()) || len(st.Moves()) != g.Moves {
		t.Errorf("game %d: %d moves stored, %d in the stored record, %d in the posted record", id, g.Moves, len(st.Moves()), len(posted.Moves()))
	}
	turns := postedTurns(p.srv, thread)
	last := 0
	for n := range turns {
		last = max(last, n)
	}
	if last < 2 {
		t.Fatalf("game %d: %d turns announced", id, last)
	}
	for n := 1; n <= last; n++ {
		if turns[n] != 1 {
			t.Errorf("game %d: turn %d was announced %d times, want once", id, n, turns[n])
		}
	}
}

// TestShardsTimeouts: a turn's time runs out only in the process of the
// game's shard. Both games have a 5-minute turn timeout; shard 0's clock
// moves on 6 minutes: its game's turn is played for the player, and the
// game of shard 1, due in that clock too, is left alone; then shard 1's
// clock moves on, and its own process plays that turn.
func TestShardsTimeouts(t *testing.T) {
	t.Parallel()
	p := newShardPair(t)
	alice := p.srv.NewUser("alice", "Alice")
	bob := p.srv.NewUser("bob", "Bob")
	var id [2]int64
	var thread [2]string
	var msg [2]discordtest.Message
	for k := range 2 {
		id[k], thread[k], msg[k] = p.open(k, "/carcassonne new turn-timeout:5m", alice, bob)
	}
	ctx, cancel := p.h[0].wctx()
	defer cancel()
	moves := func(k int) int {
		g, err := p.h[0].store.Get(ctx, id[k])
		if err != nil {
			t.Fatal(err)
		}
		return g.Moves
	}
	before := moves(1)

	p.h[0].offset.Add(int64(6 * time.Minute))
	p.h[0].nextTurn(thread[0], msg[0].ID)
	if old, _ := p.srv.Message(msg[0].ID); !strings.Contains(old.Content, "ran out of time") {
		t.Fatalf("shard 0's game: the old turn message says %q", old.Content)
	}
	// Let shard 0's process finish that tick and run more: each tick
	// reads the clock at least once, and the tick that played the turn
	// had listed shard 1's game as due too.
	calls := p.nowCalls[0].Load()
	if err := poll(ctx, func() bool { return p.nowCalls[0].Load() >= calls+10 }); err != nil {
		t.Fatalf("shard 0's process stopped reading its clock: %v", err)
	}
	if got := moves(1); got != before {
		t.Fatalf("shard 1's game has %d moves after shard 0's clock ran out its turn, want %d: shard 0's process played it", got, before)
	}
	if cur, _ := p.srv.Message(msg[1].ID); strings.Contains(cur.Content, "ran out of time") || cellMenu(cur) == nil {
		t.Fatalf("shard 1's turn message was changed by shard 0's process: %q", cur.Content)
	}

	p.h[1].offset.Add(int64(6 * time.Minute))
	p.h[1].nextTurn(thread[1], msg[1].ID)
	if old, _ := p.srv.Message(msg[1].ID); !strings.Contains(old.Content, "ran out of time") {
		t.Fatalf("shard 1's game: the old turn message says %q", old.Content)
	}
	if got := moves(1); got != before+1 {
		t.Errorf("shard 1's game has %d moves after its timeout, want %d", got, before+1)
	}
}

// TestInteractionOfAnotherShard: an interaction from a server of another
// shard is logged and left alone, unanswered (its own process answers
// it).
func TestInteractionOfAnotherShard(t *testing.T) {
	t.Parallel()
	p := newShardPair(t)
	b := p.h[0].bot
	i := &discordgo.Interaction{ID: "4242", Token: "tok-4242", AppID: p.srv.AppID, Type: discordgo.InteractionApplicationCommand,
		GuildID: p.guild[1], ChannelID: p.channel[1],
		Member: &discordgo.Member{User: &discordgo.User{ID: p.srv.User.ID, Username: "player"}},
		Data:   discordgo.ApplicationCommandInteractionData{Name: commandName, Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "help", Type: discordgo.ApplicationCommandOptionSubCommand}}}}
	b.handle(&discordgo.InteractionCreate{Interaction: i})
	for _, r := range p.srv.Requests() {
		if strings.Contains(r.Path, "4242") || strings.Contains(r.Path, "tok-4242") {
			t.Errorf("the process of shard 0 answered an interaction of shard 1's server: %s %s", r.Method, r.Path)
		}
	}
	if !strings.Contains(p.h[0].logs.String(), "another shard") {
		t.Errorf("the refusal was not logged:\n%s", p.h[0].logs.String())
	}
	// The same interaction in shard 0's server is answered.
	i.ID, i.Token, i.GuildID, i.ChannelID = "4343", "tok-4343", p.guild[0], p.channel[0]
	b.handle(&discordgo.InteractionCreate{Interaction: i})
	answered := false
	for _, r := range p.srv.Requests() {
		answered = answered || strings.Contains(r.Path, "/interactions/4343/")
	}
	if !answered {
		t.Error("the process of shard 0 did not answer an interaction of its own server")
	}
}

// lockingStore is the real store with a lock per game that the test can
// hold, standing in for the cross-process lock of a store shared by
// several processes (GameLocker).
type lockingStore struct {
	*storage.Store
	mu      sync.Mutex
	held    map[int64]chan struct{}
	waiting atomic.Int64 // LockGame calls waiting for a lock
	locks   atomic.Int64 // LockGame calls that took a lock
	unlocks atomic.Int64 // releases
}

func (s *lockingStore) slot(id int64) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held[id] == nil {
		s.held[id] = make(chan struct{}, 1)
	}
	return s.held[id]
}

// LockGame implements GameLocker.
func (s *lockingStore) LockGame(ctx context.Context, id int64) (func(), error) {
	ch := s.slot(id)
	s.waiting.Add(1)
	defer s.waiting.Add(-1)
	select {
	case ch <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	s.locks.Add(1)
	var once sync.Once
	return func() { once.Do(func() { s.unlocks.Add(1); <-ch }) }, nil
}

// TestStoreLockHeldWhileATurnIsPlayed: with a store that is a GameLocker,
// a turn waits for the store's lock of its game, and every lock taken is
// released.
func TestStoreLockHeldWhileATurnIsPlayed(t *testing.T) {
	t.Parallel()
	var ls *lockingStore
	h := newHarnessWith(t, func(c *Config) {
		ls = &lockingStore{Store: c.Store.(*storage.Store), held: map[int64]chan struct{}{}}
		c.Store = ls
	})
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.lobby(alice, bob)
	if ls.locks.Load() == 0 {
		t.Fatal("opening and starting the game never took the store's lock")
	}
	ctx, cancel := h.wctx()
	defer cancel()
	before, err := h.store.Get(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	// The test holds game 1's store lock: the confirm waits for it.
	unlock, err := ls.LockGame(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	u, err := userByID(users, mention.FindStringSubmatch(msg.Content)[1])
	if err != nil {
		t.Fatal(err)
	}
	a := discordtest.Actor{User: u, ChannelID: thread}
	cm := cellMenu(msg)
	r := h.pick(a, msg.ID, cm.CustomID, cm.Options[0].Value)
	ok, found := button(r.Original.Message, actOK)
	if !found {
		t.Fatal("the preview has no Confirm")
	}
	in, err := h.srv.Click(ctx, a, r.Original.ID, ok.CustomID)
	if err != nil {
		t.Fatal(err)
	}
	if err := poll(ctx, func() bool { return ls.waiting.Load() > 0 }); err != nil {
		t.Fatalf("the confirm never waited for the store's lock: %v", err)
	}
	if g, err := h.store.Get(ctx, 1); err != nil || g.Moves != before.Moves {
		t.Fatalf("a move was stored while the store's lock was held elsewhere: %d moves, want %d (%v)", g.Moves, before.Moves, err)
	}
	unlock()
	h.answer(ctx, in)
	next, _ := h.nextTurn(thread, msg.ID)
	if err := poll(ctx, func() bool {
		g, err := h.store.Get(ctx, 1)
		return err == nil && g.Moves > before.Moves && g.Announced == g.Moves
	}); err != nil {
		t.Fatalf("after the lock was released, the move was not stored and announced: %v", err)
	}
	h.playTurn(users, thread, next, newRand())
	h.nextTurn(thread, next.ID)
	if err := poll(ctx, func() bool { return ls.waiting.Load() == 0 && ls.locks.Load() == ls.unlocks.Load() }); err != nil {
		t.Fatalf("%d store locks taken, %d released", ls.locks.Load(), ls.unlocks.Load())
	}
}
