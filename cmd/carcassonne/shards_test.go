package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// shardCount is the number of bot processes of the shard tests.
const shardCount = 2

// shardDatabase is the database that the bot processes of a test share:
// the PostgreSQL server that CARCASSONNE_TEST_POSTGRES names (a
// postgres:// URL) when it is set, else a SQLite file of the test's own.
func shardDatabase(t *testing.T) string {
	t.Helper()
	if url := os.Getenv("CARCASSONNE_TEST_POSTGRES"); url != "" {
		return url
	}
	return filepath.Join(t.TempDir(), "bot.db")
}

// shardGame is a game of two players in the server of one shard.
type shardGame struct {
	shard    int
	channel  string // the server's text channel
	id       int64
	thread   string
	turn     discordtest.Message // the turn message to play, or the end
	more     bool                // false once the game is over
	resigned bool
}

// shardedBots is a run of the program's bot command as shardCount
// processes, each serving one shard, sharing one database and one local
// Discord, with a game in a server of each shard.
type shardedBots struct {
	t     *testing.T
	srv   *discordtest.Server
	db    string
	procs [shardCount]*crashBot
	logs  []*crashLog
	users []discordtest.User
	games [shardCount]*shardGame
	ctx   context.Context
}

func newShardedBots(t *testing.T) *shardedBots {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	s := &shardedBots{t: t, srv: discordtest.New(t), db: shardDatabase(t), ctx: ctx}
	s.users = []discordtest.User{s.srv.NewUser("alice", "Alice"), s.srv.NewUser("bob", "Bob")}
	for k := range shardCount {
		_, channel := s.srv.NewGuildOnShard("Shard "+strconv.Itoa(k), k, shardCount)
		s.games[k] = &shardGame{shard: k, channel: channel, more: true}
	}
	t.Cleanup(func() {
		for k, p := range s.procs {
			if p != nil {
				s.kill(k)
			}
		}
		for n, l := range s.logs {
			out := l.String()
			if strings.Contains(out, "DATA RACE") {
				t.Errorf("bot process %d reported a data race:\n%s", n+1, out)
			} else if t.Failed() {
				t.Logf("bot process %d said:\n%s", n+1, out)
			}
		}
	})
	return s
}

func (s *shardedBots) wctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(s.ctx, crashWait)
}

// start runs the bot process of shard k and waits until its gateway
// session is connected (and, for shard 0, the command is registered).
func (s *shardedBots) start(k int) {
	s.t.Helper()
	if s.procs[k] != nil {
		s.t.Fatalf("the process of shard %d is already running", k)
	}
	log := &crashLog{}
	cmd := exec.Command(os.Args[0], "bot")
	cmd.Env = append(os.Environ(),
		"CARCASSONNE_TEST_MAIN=1",
		"DISCORD_TOKEN=test-token",
		"DISCORD_API_URL="+s.srv.URL(),
		"DISCORD_GUILD_ID=",
		"DISCORD_SHARD_ID="+strconv.Itoa(k),
		"DISCORD_SHARD_COUNT="+strconv.Itoa(shardCount),
		"CARCASSONNE_DB="+s.db,
		"CARCASSONNE_DEBUG=false",
	)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		s.t.Fatalf("starting the bot of shard %d: %v", k, err)
	}
	p := &crashBot{cmd: cmd, done: make(chan struct{}), log: log}
	go func() { cmd.Wait(); close(p.done) }()
	s.procs[k] = p
	s.logs = append(s.logs, log)
	ctx, cancel := s.wctx()
	defer cancel()
	go func() {
		select {
		case <-p.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	err := s.srv.Wait(ctx, func() bool {
		return s.srv.ShardConnected(k, shardCount) && (k != 0 || len(s.srv.Commands("")) > 0)
	})
	select {
	case <-p.done:
		s.t.Fatalf("the bot process of shard %d exited at start (%v):\n%s", k, cmd.ProcessState, log.String())
	default:
	}
	if err != nil {
		s.t.Fatalf("the bot process of shard %d did not connect: %v", k, err)
	}
}

// kill ends the process of shard k with SIGKILL and waits until it is gone
// and the local Discord saw its connection close.
func (s *shardedBots) kill(k int) {
	s.t.Helper()
	p := s.procs[k]
	s.procs[k] = nil
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		select {
		case <-p.done:
		default:
			s.t.Fatalf("killing the bot of shard %d: %v", k, err)
		}
	}
	ctx, cancel := s.wctx()
	defer cancel()
	select {
	case <-p.done:
	case <-ctx.Done():
		s.t.Fatalf("the killed bot process of shard %d did not exit: %v", k, ctx.Err())
	}
	if err := s.srv.Wait(ctx, func() bool { return !s.srv.ShardConnected(k, shardCount) }); err != nil {
		s.t.Fatalf("the connection of the killed process of shard %d stayed open: %v", k, err)
	}
}

// answer dispatches an interaction made by do and waits for the answer.
func (s *shardedBots) answer(what string, do func(ctx context.Context) (*discordtest.Interaction, error)) *discordtest.Response {
	s.t.Helper()
	ctx, cancel := s.wctx()
	defer cancel()
	in, err := do(ctx)
	if err != nil {
		s.t.Fatalf("%s: %v", what, err)
	}
	r, err := s.srv.WaitResponse(ctx, in.ID)
	if err != nil {
		s.t.Fatalf("%s: no answer: %v", what, err)
	}
	return r
}

// open opens game g's lobby as Alice in its server, seats Bob and starts
// it; g.turn becomes its first turn message.
func (s *shardedBots) open(g *shardGame) {
	s.t.Helper()
	alice, bob := s.users[0], s.users[1]
	r := s.answer("/carcassonne new", func(ctx context.Context) (*discordtest.Interaction, error) {
		return s.srv.Slash(ctx, discordtest.Actor{User: alice, ChannelID: g.channel}, "/carcassonne new")
	})
	if r.Original == nil {
		s.t.Fatalf("shard %d: no lobby message: %s", g.shard, r.Data)
	}
	lobby := r.Original.Message
	join, _ := crashComponent(lobby, "cc:join:")
	start, _ := crashComponent(lobby, "cc:start:")
	id, err := strconv.ParseInt(strings.TrimPrefix(join, "cc:join:"), 10, 64)
	if join == "" || start == "" || err != nil {
		s.t.Fatalf("shard %d: the lobby has no Join or Start button: %s", g.shard, r.Original.Raw)
	}
	g.id = id
	s.answer("join", func(ctx context.Context) (*discordtest.Interaction, error) {
		return s.srv.Click(ctx, discordtest.Actor{User: bob}, lobby.ID, join)
	})
	s.answer("start", func(ctx context.Context) (*discordtest.Interaction, error) {
		return s.srv.Click(ctx, discordtest.Actor{User: alice}, lobby.ID, start)
	})
	ctx, cancel := s.wctx()
	defer cancel()
	if err := s.srv.Wait(ctx, func() bool { return len(s.srv.Threads(g.channel)) == 1 }); err != nil {
		s.t.Fatalf("shard %d: the game's thread was not opened: %v", g.shard, err)
	}
	g.thread = s.srv.Threads(g.channel)[0].ID
	s.next(g, "")
	if !g.more {
		s.t.Fatalf("shard %d: the game ended before its first turn", g.shard)
	}
}

// crash returns a crashGame view of g, for its helpers that read a thread.
func (s *shardedBots) crash(g *shardGame) *crashGame {
	return &crashGame{t: s.t, srv: s.srv, users: s.users, thread: g.thread, gameID: g.id, cellPfx: "cc:cell:", ctx: s.ctx}
}

// next waits for the turn message of g after prev, or its end.
func (s *shardedBots) next(g *shardGame, prev string) {
	s.t.Helper()
	g.turn, g.more = s.crash(g).next(prev)
}

// play plays g's turn (the first cell, no follower) and waits for the
// next one.
func (s *shardedBots) play(g *shardGame) {
	s.t.Helper()
	c := s.crash(g)
	u, p := c.preview(g.turn)
	c.confirm(u, p)
	s.next(g, g.turn.ID)
	if !g.more {
		s.t.Fatalf("shard %d: the game ended too early for the test", g.shard)
	}
}

// storedMoves returns how many moves the database holds for game id.
func (s *shardedBots) storedMoves(id int64) int {
	s.t.Helper()
	ctx, cancel := s.wctx()
	defer cancel()
	store, err := storage.Open(ctx, s.db)
	if err != nil {
		s.t.Fatal(err)
	}
	defer store.Close()
	g, err := store.Get(ctx, id)
	if err != nil {
		s.t.Fatal(err)
	}
	return g.Moves
}

// killDuring plays g's turn and kills the process of g's shard while it
// edits the turn message into the move's summary (the move is stored by
// then; the edit is held by the local Discord and lost with the process).
// While that shard is down, the other shard's game plays a turn; then the
// process starts again and must announce g's next turn once.
func (s *shardedBots) killDuring(g *shardGame) {
	s.t.Helper()
	c := s.crash(g)
	turn := c.turnOf(g.turn)
	before := s.storedMoves(g.id)
	u, p := c.preview(g.turn)
	held := s.srv.Hold("PATCH /channels/" + g.thread + "/messages/" + g.turn.ID)
	c.confirm(u, p)
	ctx, cancel := s.wctx()
	defer cancel()
	if _, err := held.Wait(ctx); err != nil {
		s.t.Fatalf("shard %d, turn %d: the bot never edited the turn message: %v", g.shard, turn, err)
	}
	if got := s.storedMoves(g.id); got != before+1 {
		s.t.Fatalf("shard %d, turn %d: %d moves stored while the move is announced, want %d", g.shard, turn, got, before+1)
	}
	s.kill(g.shard)
	if err := s.srv.Wait(ctx, held.Dropped); err != nil {
		s.t.Fatalf("shard %d: the held request outlived the killed process: %v", g.shard, err)
	}
	held.Release()
	if n := c.posted()[turn+1]; n != 0 {
		s.t.Fatalf("shard %d: turn %d was posted %d times before the kill", g.shard, turn+1, n)
	}
	// The other shard goes on meanwhile.
	other := s.games[(g.shard+1)%shardCount]
	s.play(other)
	s.start(g.shard)
	if err := s.srv.Wait(ctx, func() bool { return c.posted()[turn+1] > 0 }); err != nil {
		s.t.Fatalf("shard %d: after the restart, turn %d was never posted: %v", g.shard, turn+1, err)
	}
	s.next(g, g.turn.ID)
	if !g.more {
		s.t.Fatalf("shard %d: the game ended too early for the test", g.shard)
	}
}

// resign makes Bob resign from g, which ends a game of two.
func (s *shardedBots) resign(g *shardGame) {
	s.t.Helper()
	s.answer("/carcassonne resign", func(ctx context.Context) (*discordtest.Interaction, error) {
		return s.srv.Slash(ctx, discordtest.Actor{User: s.users[1], ChannelID: g.thread}, "/carcassonne resign")
	})
	g.resigned = true
	ctx, cancel := s.wctx()
	defer cancel()
	if err := s.srv.Wait(ctx, s.crash(g).gameOver); err != nil {
		s.t.Fatalf("shard %d: the game did not end after Bob resigned: %v", g.shard, err)
	}
}

// check asserts, for game g that ended by a resignation: finished in the
// database; every turn announced exactly once, 1 to the last without a
// gap; one tile placed per announced turn but the last (not played, the
// resignation ended the game), so no move lost or doubled; and the
// stored record replays to the end.
func (s *shardedBots) check(g *shardGame) {
	s.t.Helper()
	ctx, cancel := s.wctx()
	defer cancel()
	store, err := storage.Open(ctx, s.db)
	if err != nil {
		s.t.Fatal(err)
	}
	defer store.Close()
	stored, err := store.Get(ctx, g.id)
	if err != nil {
		s.t.Fatal(err)
	}
	if stored.Status != storage.StatusFinished {
		s.t.Errorf("shard %d: the game is %q in the database, want finished", g.shard, stored.Status)
	}
	rec, err := store.Record(ctx, g.id)
	if err != nil {
		s.t.Fatalf("shard %d: reading the record: %v", g.shard, err)
	}
	st, err := rec.Replay()
	if err != nil {
		s.t.Fatalf("shard %d: the stored record does not replay: %v", g.shard, err)
	}
	if !st.Ended() || len(st.Moves()) != stored.Moves {
		s.t.Errorf("shard %d: the record replays to %d moves (ended %v); %d are stored", g.shard, len(st.Moves()), st.Ended(), stored.Moves)
	}
	placed := 0
	for _, m := range st.Moves() {
		if !m.Discard && !m.Resign && m.Tile != engine.NoTile {
			placed++
		}
	}
	posts := s.crash(g).posted()
	last := 0
	for n := range posts {
		last = max(last, n)
	}
	if last < 4 {
		s.t.Fatalf("shard %d: only %d turns were announced", g.shard, last)
	}
	for n := 1; n <= last; n++ {
		if posts[n] != 1 {
			s.t.Errorf("shard %d: turn %d was announced %d times, want once", g.shard, n, posts[n])
		}
	}
	if placed != last-1 {
		s.t.Errorf("shard %d: %d tiles placed in the record for %d turns announced (the last one not played), want %d", g.shard, placed, last, last-1)
	}
	for _, m := range s.srv.Messages(g.thread) {
		if id, _ := crashComponent(m.Message, "cc:cell:"); id != "" {
			s.t.Errorf("shard %d: message %s still offers its menu after the game", g.shard, m.ID)
		}
	}
}

// TestShardProcesses runs the bot as two processes, shards 0 and 1 of 2,
// sharing one database (PostgreSQL when CARCASSONNE_TEST_POSTGRES is set,
// else one SQLite file), with a game in a server of each shard. Each
// process is killed with SIGKILL once, while it announces a stored move,
// and started again; the other shard's game goes on meanwhile. Then both
// games end by a resignation; no move is lost or doubled, every turn is
// announced once, and every game's record replays.
func TestShardProcesses(t *testing.T) {
	t.Parallel()
	s := newShardedBots(t)
	for k := range shardCount {
		s.start(k)
	}
	for _, g := range s.games {
		s.open(g)
	}
	for range 2 {
		for _, g := range s.games {
			s.play(g)
		}
	}
	s.killDuring(s.games[1])
	s.killDuring(s.games[0])
	for range 2 {
		for _, g := range s.games {
			s.play(g)
		}
	}
	for _, g := range s.games {
		s.resign(g)
	}
	for _, g := range s.games {
		s.check(g)
	}
}
