package bot

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"log/slog"
	"path/filepath"
	"regexp"
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

// harness runs the real bot — discordgo, a SQLite file, the renderer —
// against the local Discord server.
type harness struct {
	t      testing.TB
	srv    *discordtest.Server
	store  *storage.Store
	path   string
	bot    *Bot
	cancel context.CancelFunc
	done   chan error
	offset atomic.Int64 // added to the bot's clock, in nanoseconds
	ctx    context.Context
	// configure, when set, changes the bot's configuration at each start.
	configure func(*Config)
	// logs receives the bot's logs.
	logs *syncBuffer
}

// syncBuffer is a bytes.Buffer for logs written from several goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testDeadline bounds every wait of a test: a bot that does not answer fails
// the test instead of hanging it.
const testDeadline = 2 * time.Minute

func newHarness(tb testing.TB) *harness {
	tb.Helper()
	return newHarnessWith(tb, nil)
}

// newHarnessWith is newHarness with configure applied to the bot's
// configuration.
func newHarnessWith(tb testing.TB, configure func(*Config)) *harness {
	tb.Helper()
	return newHarnessOn(tb, discordtest.New(tb), filepath.Join(tb.TempDir(), "bot.db"), configure)
}

// newHarnessOn is newHarnessWith on the local Discord srv and the database
// file path, which another harness (another bot process) may share.
func newHarnessOn(tb testing.TB, srv *discordtest.Server, path string, configure func(*Config)) *harness {
	tb.Helper()
	h := &harness{t: tb, srv: srv, path: path, configure: configure, logs: &syncBuffer{}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*testDeadline)
	tb.Cleanup(cancel)
	h.ctx = ctx
	h.start()
	tb.Cleanup(h.stop)
	return h
}

// start runs a bot process on the harness's database.
func (h *harness) start() {
	h.t.Helper()
	// The store and the bot share the clock that the tests move forward,
	// so that a deadline the store writes is due when the bot's clock
	// says so.
	now := func() time.Time { return time.Now().Add(time.Duration(h.offset.Load())) }
	store, err := storage.OpenWith(h.ctx, h.path, storage.Options{Now: now})
	if err != nil {
		h.t.Fatal(err)
	}
	h.store = store
	seed := uint64(0)
	cfg := Config{
		Token: "test-token", APIURL: h.srv.URL(), GuildID: h.srv.GuildID,
		Store: store, Renderer: render.New(),
		Log:       slog.New(slog.NewTextHandler(h.logs, nil)),
		Now:       now,
		Tick:      100 * time.Millisecond,
		Seed:      func() uint64 { seed++; return seed },
		RetryBase: 5 * time.Millisecond,
	}
	if h.configure != nil {
		h.configure(&cfg)
	}
	b, err := New(cfg)
	if err != nil {
		h.t.Fatal(err)
	}
	h.bot = b
	ctx, cancel := context.WithCancel(h.ctx)
	h.cancel = cancel
	h.done = make(chan error, 1)
	go func() { h.done <- b.Run(ctx) }()
	wctx, wcancel := context.WithTimeout(h.ctx, testDeadline)
	defer wcancel()
	registered := func() bool { return cfg.ShardID != 0 || len(h.srv.Commands(cfg.GuildID)) > 0 }
	if err := h.srv.Wait(wctx, func() bool { return registered() && h.srv.ShardConnected(cfg.ShardID, cfg.ShardCount) }); err != nil {
		h.t.Fatalf("the bot did not connect and register its command: %v", err)
	}
}

// stop ends the bot process as SIGTERM would, and closes its database.
func (h *harness) stop() {
	if h.cancel == nil {
		return
	}
	h.cancel()
	select {
	case err := <-h.done:
		if err != nil {
			h.t.Errorf("the bot stopped with %v", err)
		}
	case <-time.After(testDeadline):
		h.t.Error("the bot did not stop")
	}
	h.cancel = nil
	h.store.Close()
}

// storeStopped stops the bot, opens its database and gives it to f, then
// closes it and starts the bot again: what f stores is announced when the
// bot starts (a running bot would announce each move on its next tick,
// and a test would read one of those turns).
func (h *harness) storeStopped(f func(store *storage.Store)) {
	h.t.Helper()
	h.stop()
	store, err := storage.Open(h.ctx, h.path)
	if err != nil {
		h.t.Fatal(err)
	}
	f(store)
	store.Close()
	h.start()
}

func (h *harness) wctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(h.ctx, testDeadline)
}

// slash runs a command and returns the bot's answer.
func (h *harness) slash(a discordtest.Actor, line string) *discordtest.Response {
	h.t.Helper()
	ctx, cancel := h.wctx()
	defer cancel()
	i, err := h.srv.Slash(ctx, a, line)
	if err != nil {
		h.t.Fatalf("%s: %v", line, err)
	}
	return h.answer(ctx, i)
}

func (h *harness) click(a discordtest.Actor, msgID, customID string) *discordtest.Response {
	h.t.Helper()
	ctx, cancel := h.wctx()
	defer cancel()
	i, err := h.srv.Click(ctx, a, msgID, customID)
	if err != nil {
		h.t.Fatalf("click %s: %v", customID, err)
	}
	return h.answer(ctx, i)
}

func (h *harness) pick(a discordtest.Actor, msgID, customID string, values ...string) *discordtest.Response {
	h.t.Helper()
	ctx, cancel := h.wctx()
	defer cancel()
	i, err := h.srv.Select(ctx, a, msgID, customID, values...)
	if err != nil {
		h.t.Fatalf("select %s %v: %v", customID, values, err)
	}
	return h.answer(ctx, i)
}

// answer waits until the interaction is answered and, for a deferred one,
// until its message is complete.
func (h *harness) answer(ctx context.Context, i *discordtest.Interaction) *discordtest.Response {
	h.t.Helper()
	r, err := h.srv.WaitResponse(ctx, i.ID)
	if err != nil {
		h.t.Fatalf("no answer to interaction %s: %v", i.ID, err)
	}
	if r.Type == 5 || r.Type == 6 && r.Original != nil && r.Original.Flags&64 != 0 {
		// Wait for the edit that completes it. The local Discord records a
		// request's status only after it has applied the edit, so an
		// answered PATCH is shown. (Its content is not compared with the
		// message's: two interactions on one message, as two Confirms at
		// once, may each edit it, and the later edit shows.)
		err := h.srv.Wait(ctx, func() bool {
			for _, req := range h.srv.Requests() {
				if req.Method == "PATCH" && strings.Contains(req.Path, "/webhooks/") && strings.Contains(req.Path, i.Token) && req.Status > 0 && req.Status < 300 {
					return true
				}
			}
			return false
		})
		if err != nil {
			h.t.Fatalf("the deferred answer to %s never came: %v", i.ID, err)
		}
		r = h.srv.Response(i.ID)
	}
	return r
}

// text returns what an answer says: its content and embed titles and
// descriptions.
func text(r *discordtest.Response) string {
	var b strings.Builder
	var data discordgo.InteractionResponseData
	if len(r.Data) > 0 {
		_ = jsonUnmarshal(r.Data, &data)
	}
	b.WriteString(data.Content)
	if r.Original != nil {
		b.WriteString(" " + r.Original.Content)
		for _, e := range r.Original.Embeds {
			b.WriteString(" " + e.Title + " " + e.Description)
		}
	}
	return b.String()
}

var mention = regexp.MustCompile(`<@(\d+)>`)

// turnMessage returns the newest message of the thread with a cell menu.
func turnMessage(msgs []discordtest.Message) (discordtest.Message, bool) {
	for k := len(msgs) - 1; k >= 0; k-- {
		if cellMenu(msgs[k]) != nil {
			return msgs[k], true
		}
	}
	return discordtest.Message{}, false
}

// menus returns the select menus and buttons of a message.
func components(m *discordgo.Message) (menus []discordgo.SelectMenu, buttons []discordgo.Button) {
	for _, row := range m.Components {
		ar, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range ar.Components {
			switch c := c.(type) {
			case *discordgo.SelectMenu:
				menus = append(menus, *c)
			case *discordgo.Button:
				buttons = append(buttons, *c)
			}
		}
	}
	return menus, buttons
}

func cellMenu(m discordtest.Message) *discordgo.SelectMenu {
	menus, _ := components(m.Message)
	for _, s := range menus {
		if strings.HasPrefix(s.CustomID, idPrefix+":"+actCell+":") {
			return &s
		}
	}
	return nil
}

func button(m *discordgo.Message, action string) (discordgo.Button, bool) {
	_, buttons := components(m)
	for _, b := range buttons {
		if strings.HasPrefix(b.CustomID, idPrefix+":"+action+":") {
			return b, true
		}
	}
	return discordgo.Button{}, false
}

func menu(m *discordgo.Message, action string) (discordgo.SelectMenu, bool) {
	menus, _ := components(m)
	for _, s := range menus {
		if strings.HasPrefix(s.CustomID, idPrefix+":"+action+":") {
			return s, true
		}
	}
	return discordgo.SelectMenu{}, false
}

// checkPNG fails unless the message carries a PNG that decodes.
func checkPNG(tb testing.TB, m discordtest.Message) {
	tb.Helper()
	for _, f := range m.Files {
		if strings.HasSuffix(f.Filename, ".png") {
			if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
				tb.Fatalf("message %s: %s does not decode: %v", m.ID, f.Filename, err)
			}
			return
		}
	}
	tb.Fatalf("message %s carries no PNG (%d files)", m.ID, len(m.Files))
}

// lobby opens a lobby as host, seats the others, starts the game and
// returns the thread and the first turn message.
func (h *harness) lobby(host discordtest.User, others ...discordtest.User) (thread string, first discordtest.Message) {
	h.t.Helper()
	return h.lobbyN(1, host, others...)
}

// lobbyN is lobby for the n-th game of the database (ids count from 1).
func (h *harness) lobbyN(n int, host discordtest.User, others ...discordtest.User) (thread string, first discordtest.Message) {
	h.t.Helper()
	game := int64(n)
	r := h.slash(discordtest.Actor{User: host}, "/carcassonne new")
	if r.Original == nil {
		h.t.Fatalf("no lobby message: %s", text(r))
	}
	lobbyMsg := r.Original.ID
	for _, u := range others {
		r := h.click(discordtest.Actor{User: u}, lobbyMsg, lobbyID(actJoin, game))
		if r.Type != 7 {
			h.t.Fatalf("join: answer type %d: %s", r.Type, text(r))
		}
	}
	if r := h.click(discordtest.Actor{User: host}, lobbyMsg, lobbyID(actStart, game)); r.Type != 6 {
		h.t.Fatalf("start: answer type %d: %s", r.Type, text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == n }); err != nil {
		h.t.Fatalf("no thread: %v", err)
	}
	thread = h.srv.Threads(h.srv.ChannelID)[n-1].ID
	first, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil })
	if err != nil {
		h.t.Fatalf("no first turn: %v", err)
	}
	return thread, first
}

// nextTurn waits for a turn message other than prev, or the end; it returns
// false at the end.
func (h *harness) nextTurn(thread, prev string) (discordtest.Message, bool) {
	h.t.Helper()
	ctx, cancel := h.wctx()
	defer cancel()
	var found discordtest.Message
	var more bool
	err := h.srv.Wait(ctx, func() bool {
		msgs := h.srv.Messages(thread)
		if m, ok := turnMessage(msgs); ok && m.ID != prev {
			found, more = m, true
			return true
		}
		for _, m := range msgs {
			if strings.Contains(m.Content, "The game is over") {
				found, more = m, false
				return true
			}
		}
		return false
	})
	if err != nil {
		h.t.Fatalf("no next turn after %s: %v", prev, err)
	}
	return found, more
}

func jsonUnmarshal(data []byte, v any) error {
	dec := newDecoder(data)
	return dec.Decode(v)
}

func userByID(users []discordtest.User, id string) (discordtest.User, error) {
	for _, u := range users {
		if u.ID == id {
			return u, nil
		}
	}
	return discordtest.User{}, fmt.Errorf("no user %s", id)
}

// startLobby presses Start in lobby message lobby (game 1) as a, waits for
// the game's thread and its first turn message, and returns both.
func (h *harness) startLobby(a discordtest.Actor, lobby string) (thread string, first discordtest.Message) {
	h.t.Helper()
	if r := h.click(a, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		h.t.Fatalf("start: %s", text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		h.t.Fatal(err)
	}
	thread = h.srv.Threads(h.srv.ChannelID)[0].ID
	first, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil })
	if err != nil {
		h.t.Fatal(err)
	}
	return thread, first
}
