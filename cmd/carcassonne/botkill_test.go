package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/internal/discordtest"
	_ "github.com/meeple-works/carcassonne/storage" // registers the "sqlite" driver
)

// crashWait bounds every wait of the crash tests: a bot that does not answer
// fails the test instead of hanging it.
const crashWait = 2 * time.Minute

// crashBot is the program's bot command running as a process of its own:
// the test binary run again with CARCASSONNE_TEST_MAIN=1 (see TestMain),
// talking to the local Discord server, on a SQLite file.
type crashBot struct {
	cmd  *exec.Cmd
	done chan struct{} // closed when the process has exited
	log  *crashLog
}

// crashLog collects a process's output from its writer goroutine.
type crashLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *crashLog) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *crashLog) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// crashGame is one game of Carcassonne played through the local Discord
// against bot processes that the test kills and starts again.
type crashGame struct {
	t       testing.TB
	srv     *discordtest.Server
	db      string
	bot     *crashBot
	starts  int // bot processes started so far
	users   []discordtest.User
	thread  string
	gameID  int64
	logs    []*crashLog
	cellPfx string
	// resigned is set when the game ended by a resignation: its last
	// announced turn was never played.
	resigned bool
	ctx      context.Context // lives until the test's cleanup is over
}

func newCrashGame(t testing.TB) *crashGame {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	g := &crashGame{t: t, srv: discordtest.New(t), db: filepath.Join(t.TempDir(), "bot.db"), cellPfx: "cc:cell:", ctx: ctx}
	g.users = []discordtest.User{g.srv.NewUser("alice", "Alice"), g.srv.NewUser("bob", "Bob")}
	t.Cleanup(func() {
		if g.bot != nil {
			g.kill()
		}
		for n, l := range g.logs {
			out := l.String()
			if strings.Contains(out, "DATA RACE") {
				t.Errorf("bot process %d reported a data race:\n%s", n+1, out)
			} else if t.Failed() {
				t.Logf("bot process %d said:\n%s", n+1, out)
			}
		}
	})
	return g
}

// wctx is the context of one wait.
func (g *crashGame) wctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(g.ctx, crashWait)
}

// start runs a bot process on the game's database and waits until it is
// connected and has registered its command.
func (g *crashGame) start() {
	g.t.Helper()
	if g.bot != nil {
		g.t.Fatal("a bot process is already running")
	}
	log := &crashLog{}
	cmd := exec.Command(os.Args[0], "bot")
	cmd.Env = append(os.Environ(),
		"CARCASSONNE_TEST_MAIN=1",
		"DISCORD_TOKEN=test-token",
		"DISCORD_API_URL="+g.srv.URL(),
		"DISCORD_GUILD_ID="+g.srv.GuildID,
		"CARCASSONNE_DB="+g.db,
		"CARCASSONNE_DEBUG=false",
	)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		g.t.Fatalf("starting the bot: %v", err)
	}
	p := &crashBot{cmd: cmd, done: make(chan struct{}), log: log}
	go func() { cmd.Wait(); close(p.done) }()
	g.bot = p
	g.logs = append(g.logs, log)
	g.starts++
	ctx, cancel := g.wctx()
	defer cancel()
	go func() {
		// A process that exits stops the wait at once.
		select {
		case <-p.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	want := g.starts
	err := g.srv.Wait(ctx, func() bool {
		n := 0
		for _, r := range g.srv.Requests() {
			if r.Route == "PUT /applications/{app}/guilds/{guild}/commands" && r.Status == 200 {
				n++
			}
		}
		return n >= want && g.srv.Connected() > 0
	})
	select {
	case <-p.done:
		g.t.Fatalf("the bot process exited at start (%v):\n%s", cmd.ProcessState, log.String())
	default:
	}
	if err != nil {
		g.t.Fatalf("bot process %d did not connect and register its command: %v", want, err)
	}
}

// kill ends the bot process with SIGKILL, as a crash or the OOM killer
// would, and waits until it is gone.
func (g *crashGame) kill() {
	g.t.Helper()
	p := g.bot
	g.bot = nil
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		select {
		case <-p.done:
		default:
			g.t.Fatalf("killing the bot: %v", err)
		}
	}
	ctx, cancel := g.wctx()
	defer cancel()
	select {
	case <-p.done:
	case <-ctx.Done():
		g.t.Fatalf("the killed bot process did not exit: %v", ctx.Err())
	}
}

// answer dispatches an interaction made by do and waits for the bot's
// answer.
func (g *crashGame) answer(what string, do func(ctx context.Context) (*discordtest.Interaction, error)) (*discordtest.Interaction, *discordtest.Response) {
	g.t.Helper()
	ctx, cancel := g.wctx()
	defer cancel()
	in, err := do(ctx)
	if err != nil {
		g.t.Fatalf("%s: %v", what, err)
	}
	r, err := g.srv.WaitResponse(ctx, in.ID)
	if err != nil {
		g.t.Fatalf("%s: no answer: %v", what, err)
	}
	return in, r
}

// crashComponent returns the custom id of the first component of m whose id
// starts with prefix.
func crashComponent(m *discordgo.Message, prefix string) (id string, menu *discordgo.SelectMenu) {
	for _, row := range m.Components {
		ar, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range ar.Components {
			switch c := c.(type) {
			case *discordgo.Button:
				if strings.HasPrefix(c.CustomID, prefix) {
					return c.CustomID, nil
				}
			case *discordgo.SelectMenu:
				if strings.HasPrefix(c.CustomID, prefix) {
					return c.CustomID, c
				}
			}
		}
	}
	return "", nil
}

// open opens a lobby as Alice, seats Bob, starts the game and returns its
// first turn message.
func (g *crashGame) open() discordtest.Message {
	g.t.Helper()
	alice, bob := g.users[0], g.users[1]
	_, r := g.answer("/carcassonne new", func(ctx context.Context) (*discordtest.Interaction, error) {
		return g.srv.Slash(ctx, discordtest.Actor{User: alice}, "/carcassonne new")
	})
	if r.Original == nil {
		g.t.Fatalf("no lobby message: %s", r.Data)
	}
	lobby := r.Original.Message
	join, _ := crashComponent(lobby, "cc:join:")
	start, _ := crashComponent(lobby, "cc:start:")
	if join == "" || start == "" {
		g.t.Fatalf("the lobby has no Join or Start button: %s", r.Original.Raw)
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(join, "cc:join:"), 10, 64)
	if err != nil {
		g.t.Fatalf("join button %q: %v", join, err)
	}
	g.gameID = id
	g.answer("join", func(ctx context.Context) (*discordtest.Interaction, error) {
		return g.srv.Click(ctx, discordtest.Actor{User: bob}, lobby.ID, join)
	})
	g.answer("start", func(ctx context.Context) (*discordtest.Interaction, error) {
		return g.srv.Click(ctx, discordtest.Actor{User: alice}, lobby.ID, start)
	})
	ctx, cancel := g.wctx()
	defer cancel()
	if err := g.srv.Wait(ctx, func() bool { return len(g.srv.Threads(g.srv.ChannelID)) == 1 }); err != nil {
		g.t.Fatalf("the game's thread was not opened: %v", err)
	}
	g.thread = g.srv.Threads(g.srv.ChannelID)[0].ID
	m, more := g.next("")
	if !more {
		g.t.Fatal("the game ended before its first turn")
	}
	return m
}

var crashMentionRE = regexp.MustCompile(`<@(\d+)>`)

// crashTurnRE reads the turn number in a turn message's embed title,
// "Turn 4 · Alice draws tile V".
var crashTurnRE = regexp.MustCompile(`^Turn (\d+) ·`)

// turnOf returns the number of the turn a turn message announces.
func (g *crashGame) turnOf(m discordtest.Message) int {
	g.t.Helper()
	for _, e := range m.Embeds {
		if sm := crashTurnRE.FindStringSubmatch(e.Title); sm != nil {
			n, _ := strconv.Atoi(sm[1])
			return n
		}
	}
	g.t.Fatalf("turn message %s has no \"Turn N ·\" title", m.ID)
	return 0
}

// player returns the user a turn message mentions.
func (g *crashGame) player(m discordtest.Message) discordtest.User {
	g.t.Helper()
	if sm := crashMentionRE.FindStringSubmatch(m.Content); sm != nil {
		for _, u := range g.users {
			if u.ID == sm[1] {
				return u
			}
		}
	}
	g.t.Fatalf("turn message %s mentions no player: %q", m.ID, m.Content)
	return discordtest.User{}
}

// next waits for the newest turn message posted after prev (any, if prev
// is ""), or for the end of the game; more is false at the end. A turn
// message older than prev that still has its menu (one the bot failed to
// turn into its summary) is never taken for the next turn.
func (g *crashGame) next(prev string) (m discordtest.Message, more bool) {
	g.t.Helper()
	ctx, cancel := g.wctx()
	defer cancel()
	err := g.srv.Wait(ctx, func() bool {
		msgs := g.srv.Messages(g.thread)
		for k := len(msgs) - 1; k >= 0 && msgs[k].ID != prev; k-- {
			if id, _ := crashComponent(msgs[k].Message, g.cellPfx); id != "" {
				m, more = msgs[k], true
				return true
			}
		}
		for _, x := range msgs {
			if strings.Contains(x.Content, "The game is over") {
				m, more = x, false
				return true
			}
		}
		return false
	})
	if err != nil {
		g.t.Fatalf("no turn after message %s and no end: %v", prev, err)
	}
	return m, more
}

// preview picks the first cell of the turn message's menu as the current
// player and returns the player and the bot's ephemeral preview.
func (g *crashGame) preview(turn discordtest.Message) (discordtest.User, discordtest.Message) {
	g.t.Helper()
	u := g.player(turn)
	id, menu := crashComponent(turn.Message, g.cellPfx)
	if menu == nil || len(menu.Options) == 0 {
		g.t.Fatalf("turn message %s has no cell to pick", turn.ID)
	}
	_, r := g.answer("pick a cell", func(ctx context.Context) (*discordtest.Interaction, error) {
		return g.srv.Select(ctx, discordtest.Actor{User: u}, turn.ID, id, menu.Options[0].Value)
	})
	if r.Original == nil {
		g.t.Fatalf("no preview for %s: %s", u.Username, r.Data)
	}
	if ok, _ := crashComponent(r.Original.Message, "cc:ok:"); ok == "" {
		g.t.Fatalf("the preview has no Confirm button: %s", r.Original.Raw)
	}
	return u, *r.Original
}

// confirm presses Confirm on a preview and returns the interaction without
// waiting for what the bot does with it.
func (g *crashGame) confirm(u discordtest.User, preview discordtest.Message) *discordtest.Interaction {
	g.t.Helper()
	ok, _ := crashComponent(preview.Message, "cc:ok:")
	ctx, cancel := g.wctx()
	defer cancel()
	in, err := g.srv.Click(ctx, discordtest.Actor{User: u}, preview.ID, ok)
	if err != nil {
		g.t.Fatalf("confirm: %v", err)
	}
	return in
}

// play plays the turn of message m (first cell, first rotation, no
// follower) and returns the next turn message, or more false at the end.
func (g *crashGame) play(m discordtest.Message) (discordtest.Message, bool) {
	g.t.Helper()
	u, p := g.preview(m)
	g.confirm(u, p)
	return g.next(m.ID)
}

// posted counts, by turn number, the turn messages the bot posted in the
// thread (successful POSTs with a "Turn N ·" embed), whatever became of
// them later.
func (g *crashGame) posted() map[int]int {
	out := map[int]int{}
	for _, r := range g.srv.Requests() {
		if r.Route != "POST /channels/{channel}/messages" || r.Status != 200 || !strings.Contains(r.Path, "/channels/"+g.thread+"/") {
			continue
		}
		var body struct {
			Embeds []struct {
				Title string `json:"title"`
			} `json:"embeds"`
		}
		if err := json.Unmarshal(r.JSON, &body); err != nil {
			continue
		}
		for _, e := range body.Embeds {
			if sm := crashTurnRE.FindStringSubmatch(e.Title); sm != nil {
				n, _ := strconv.Atoi(sm[1])
				out[n]++
			}
		}
	}
	return out
}

// dbConn opens the bot's database read-only, as a second process would.
func (g *crashGame) dbConn() *sql.DB {
	g.t.Helper()
	db, err := sql.Open("sqlite", "file:"+g.db+"?_pragma=busy_timeout(5000)&_pragma=query_only(1)")
	if err != nil {
		g.t.Fatal(err)
	}
	g.t.Cleanup(func() { db.Close() })
	return db
}

// placements returns, by turn number, how many placed tiles the database
// holds for the game (discards and resignations left out).
func (g *crashGame) placements(db *sql.DB) map[int]int {
	g.t.Helper()
	ctx, cancel := g.wctx()
	defer cancel()
	rows, err := db.QueryContext(ctx, `SELECT turn, count(*) FROM moves
		WHERE game_id = ? AND kind = 'move' AND notation NOT LIKE '% discard%'
		GROUP BY turn`, g.gameID)
	if err != nil {
		g.t.Fatalf("reading the moves: %v", err)
	}
	defer rows.Close()
	out := map[int]int{}
	for rows.Next() {
		var turn, n int
		if err := rows.Scan(&turn, &n); err != nil {
			g.t.Fatal(err)
		}
		out[turn] = n
	}
	if err := rows.Err(); err != nil {
		g.t.Fatal(err)
	}
	return out
}

// checkEnd asserts that the game finished in the database, that every turn
// was announced exactly once, turns 1 to the last without a gap, and that
// every announced turn has exactly one placed tile stored (but the last,
// when the game ended by a resignation).
func (g *crashGame) checkEnd() {
	g.t.Helper()
	db := g.dbConn()
	ctx, cancel := g.wctx()
	defer cancel()
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM games WHERE id = ?`, g.gameID).Scan(&status); err != nil {
		g.t.Fatal(err)
	}
	if status != "finished" {
		g.t.Errorf("the game is %q in the database, want finished", status)
	}
	posts := g.posted()
	stored := g.placements(db)
	last := 0
	for n := range posts {
		last = max(last, n)
	}
	if last < 2 {
		g.t.Fatalf("only %d turns were announced", last)
	}
	for n := 1; n <= last; n++ {
		if posts[n] != 1 {
			g.t.Errorf("turn %d was announced %d times, want once", n, posts[n])
		}
		if stored[n] != 1 && !(g.resigned && n == last && stored[n] == 0) {
			g.t.Errorf("turn %d has %d placed tiles stored, want 1", n, stored[n])
		}
	}
	for n, c := range stored {
		if n > last {
			g.t.Errorf("turn %d has %d moves stored but was never announced", n, c)
		}
	}
	for _, m := range g.srv.Messages(g.thread) {
		if id, _ := crashComponent(m.Message, g.cellPfx); id != "" {
			g.t.Errorf("message %s (%q) still offers its menu after the game: a turn message was never turned into its summary", m.ID, m.Content)
		}
	}
}

// TestBotKilledWhileIdle checks the crash harness itself: the bot process
// is killed when nothing is in flight (the next turn is posted and stored,
// the player has not clicked yet), a new process starts on the same
// database, two turns are played through the old turn message's
// components, and the game ends by a resignation.
func TestBotKilledWhileIdle(t *testing.T) {
	t.Parallel()
	g := newCrashGame(t)
	g.start()
	m := g.open()
	u, p := g.preview(m)
	in := g.confirm(u, p)
	m2, more := g.next(m.ID)
	if !more {
		t.Fatal("the game ended after one turn")
	}
	// Idle: the next turn message is stored as the game's turn message and
	// the confirm's answer is complete.
	db := g.dbConn()
	ctx, cancel := g.wctx()
	defer cancel()
	err := g.srv.Wait(ctx, func() bool {
		var stored string
		if err := db.QueryRowContext(ctx, `SELECT turn_message_id FROM games WHERE id = ?`, g.gameID).Scan(&stored); err != nil {
			return false
		}
		r := g.srv.Response(in.ID)
		return stored == m2.ID && r.Original != nil && r.Original.Content != ""
	})
	if err != nil {
		t.Fatalf("the bot did not settle after turn 1: %v", err)
	}
	g.kill()
	g.start()
	// Two turns through the old turn message's components, then the game
	// ends by a resignation (TestBotKilledMidTurn plays a game to its last
	// tile; a second whole game would double this package's time under
	// -race).
	m3, more := g.play(m2)
	if !more {
		t.Fatal("the game ended after two turns")
	}
	if _, more = g.play(m3); !more {
		t.Fatal("the game ended after three turns")
	}
	g.resign()
	g.checkEnd()
}

// TestBotKilledMidTurn kills the bot process three times in one game,
// each time right after a move is stored and while the bot is announcing
// it, and starts a new process on the same database:
//
//  1. while the turn message is being edited into its summary (the edit is
//     held by the server and lost with the process);
//  2. while the next turn's message is being posted (the summary is done,
//     the post is held and lost);
//  3. after the next turn's message was posted but before the bot read
//     Discord's answer (the message exists; the bot never learned its id).
//
// After each restart the next turn must be announced exactly once, and the
// game must go on (two more turns, then a resignation ends it) with every
// turn announced once, every move stored once, and no turn message left
// offering its menu.
func TestBotKilledMidTurn(t *testing.T) {
	t.Parallel()
	g := newCrashGame(t)
	g.start()
	m := g.open()
	var more bool
	for _, stage := range []struct {
		what string
		arm  func(m discordtest.Message) *discordtest.Held
		// postedBefore is how many times the next turn was posted when the
		// process is killed.
		postedBefore int
	}{
		{"while the turn message was being edited into its summary", func(m discordtest.Message) *discordtest.Held {
			return g.srv.Hold("PATCH /channels/" + g.thread + "/messages/" + m.ID)
		}, 0},
		{"while the next turn's message was being posted", func(discordtest.Message) *discordtest.Held {
			return g.srv.Hold("POST /channels/" + g.thread + "/messages")
		}, 0},
		{"after the next turn's message was posted, before the bot read Discord's answer", func(discordtest.Message) *discordtest.Held {
			return g.srv.HoldAnswer("POST /channels/" + g.thread + "/messages")
		}, 1},
	} {
		for range 2 {
			if m, more = g.play(m); !more {
				t.Fatal("the game ended too early for the test")
			}
		}
		if m, more = g.killDuring(m, stage.what, stage.arm, stage.postedBefore); !more {
			t.Fatal("the game ended too early for the test")
		}
	}
	// Two more turns, then the game ends by a resignation: a whole game
	// of 71 turns through real processes takes over a minute under -race,
	// and the bot's own tests play whole games.
	for range 2 {
		if m, more = g.play(m); !more {
			t.Fatal("the game ended too early for the test")
		}
	}
	g.resign()
	g.checkEnd()
}

// resign makes Bob resign, which ends a game of two, and waits for the end.
func (g *crashGame) resign() {
	g.t.Helper()
	g.answer("/carcassonne resign", func(ctx context.Context) (*discordtest.Interaction, error) {
		return g.srv.Slash(ctx, discordtest.Actor{User: g.users[1], ChannelID: g.thread}, "/carcassonne resign")
	})
	g.resigned = true
	ctx, cancel := g.wctx()
	defer cancel()
	if err := g.srv.Wait(ctx, g.gameOver); err != nil {
		msgs := g.srv.Messages(g.thread)
		for _, m := range msgs[max(0, len(msgs)-4):] {
			g.t.Logf("message %s: %q", m.ID, m.Content)
		}
		g.t.Fatalf("the game did not end after Bob resigned: %v", err)
	}
}

// killDuring plays the turn of message m and kills the bot process when the
// request that arm holds arrives; the move must be stored by then. It starts
// a new process, waits until the next turn is announced (failing with a
// message naming the stage if it never is) and returns the next turn
// message, or more false at the end.
func (g *crashGame) killDuring(m discordtest.Message, what string, arm func(discordtest.Message) *discordtest.Held, postedBefore int) (discordtest.Message, bool) {
	g.t.Helper()
	turn := g.turnOf(m)
	u, p := g.preview(m)
	held := arm(m)
	g.confirm(u, p)
	ctx, cancel := g.wctx()
	defer cancel()
	if _, err := held.Wait(ctx); err != nil {
		g.t.Fatalf("turn %d: the bot never made the request to hold (%s): %v", turn, what, err)
	}
	db := g.dbConn()
	if got := g.placements(db)[turn]; got != 1 {
		g.t.Fatalf("turn %d: %d placed tiles stored when the bot announces the move, want 1", turn, got)
	}
	g.kill()
	if err := g.srv.Wait(ctx, held.Dropped); err != nil {
		g.t.Fatalf("turn %d: the held request outlived the killed process: %v", turn, err)
	}
	held.Release()
	if n := g.posted()[turn+1]; n != postedBefore {
		g.t.Fatalf("turn %d was posted %d times when the bot was killed %s, want %d: the kill came at the wrong moment", turn+1, n, what, postedBefore)
	}
	g.start()
	if err := g.srv.Wait(ctx, func() bool { return g.posted()[turn+1] > 0 || g.gameOver() }); err != nil {
		g.t.Fatalf("after restart, turn %d was never posted: the bot was killed %s; turn %d's move is stored, and the new bot process did not announce the next turn (%v)", turn+1, what, turn, err)
	}
	return g.next(m.ID)
}

// gameOver tells whether the bot has announced the end in the thread.
func (g *crashGame) gameOver() bool {
	return slices.ContainsFunc(g.srv.Messages(g.thread), func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "The game is over")
	})
}
