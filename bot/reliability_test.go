package bot

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

// turnMessagesFor returns the messages of a thread that carry the cell
// menus of the turn after `moves` moves of game 1.
func turnMessagesFor(h *harness, thread string, moves int) []discordtest.Message {
	var out []discordtest.Message
	for _, m := range h.srv.Messages(thread) {
		if hasComponent(m.Message, cellMenuPrefix(1, moves)) {
			out = append(out, m)
		}
	}
	return out
}

// TestCatchUp: the bot stops after a move was stored and before it was
// announced (the move is stored here as the stopped bot would have); the
// bot started again announces it once: the old turn message becomes the
// summary, the next turn is posted, and a third start posts nothing more,
// even when the database lost the note that it was posted.
func TestCatchUp(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	thread, first := h.lobby(alice, bob)
	h.stop()

	store, err := storage.Open(h.ctx, h.path)
	if err != nil {
		t.Fatal(err)
	}
	_, st, err := store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	tile, _ := st.Drawn()
	p := st.Placements()[0]
	if _, err := store.AppendMove(h.ctx, 1, 0, engine.Move{Tile: tile, Cell: p.Cell, Rotation: p.Rotation}, storage.Request{ID: "stored-before-the-crash"}); err != nil {
		t.Fatal(err)
	}
	store.Close()

	h.start()
	next, more := h.nextTurn(thread, first.ID)
	if !more {
		t.Fatal("the game ended")
	}
	old, _ := h.srv.Message(first.ID)
	if len(old.Components) != 0 || len(old.Embeds) != 0 || !strings.Contains(old.Content, "placed") {
		t.Errorf("the turn message of the stored move: %q, %d rows, %d embeds; want its summary alone", old.Content, len(old.Components), len(old.Embeds))
	}
	if n := len(turnMessagesFor(h, thread, 1)); n != 1 {
		t.Fatalf("the next turn was posted %d times, want once", n)
	}

	// The turn was posted but its note was lost (a stop right after the
	// post): the next start finds the message instead of posting again.
	h.stop()
	db := rawSQL(t, h.path)
	if _, err := db.ExecContext(h.ctx, `UPDATE games SET announced_moves = 0, turn_message_id = ? WHERE id = 1`, first.ID); err != nil {
		t.Fatal(err)
	}
	db.Close()
	h.start()
	ctx, cancel := h.wctx()
	defer cancel()
	if err := poll(ctx, func() bool {
		g, err := h.store.Get(h.ctx, 1)
		return err == nil && g.Announced == 1
	}); err != nil {
		t.Fatalf("the restarted bot did not catch up: %v\n%s", err, h.logs.String())
	}
	if n := len(turnMessagesFor(h, thread, 1)); n != 1 {
		t.Fatalf("after a second restart the turn was posted %d times, want once", n)
	}
	if g, _ := h.store.Get(h.ctx, 1); g.TurnMessageID != next.ID {
		t.Errorf("the stored turn message is %s, want the one posted before, %s", g.TurnMessageID, next.ID)
	}
	// And the game goes on from it.
	h.playTurn([]discordtest.User{alice, bob}, thread, next, newRand())
	if _, more := h.nextTurn(thread, next.ID); !more {
		t.Fatal("the game ended")
	}
}

// TestRedactedLogs: a Discord call that fails at the network level is
// logged without the interaction token that discordgo's error carries.
func TestRedactedLogs(t *testing.T) {
	var logs bytes.Buffer
	store, err := storage.Open(context.Background(), t.TempDir()+"/redact.db")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	b, err := New(Config{Token: "test-token", APIURL: "http://127.0.0.1:1", Store: store, Renderer: render.New(),
		Log: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	const secret = "aW50ZXJhY3Rpb246c2VjcmV0LXRva2Vu"
	err = b.s.InteractionRespond(&discordgo.Interaction{ID: "1234", Token: secret}, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	if err == nil || !strings.Contains(err.Error(), secret) {
		t.Fatalf("the failed call's error %v does not carry the token; the test proves nothing", err)
	}
	b.log.Warn("answering an interaction", "err", err, "url", "https://discord.com/api/v9/webhooks/1/"+secret+"/messages/@original")
	b.log.With("request", err.Error()).WithGroup("g").Error("failed: "+err.Error(), slog.Group("inner", "e", err))
	out := logs.String()
	if strings.Contains(out, secret) {
		t.Fatalf("the logs show the token:\n%s", out)
	}
	if strings.Count(out, "[redacted]") < 5 {
		t.Errorf("the logs lost the redacted places:\n%s", out)
	}
}

func TestAPIBase(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080"},
		{"http://127.0.0.1:8080/", "http://127.0.0.1:8080"},
		{"http://127.0.0.1:8080/api/v10", "http://127.0.0.1:8080"},
		{"https://proxy.example/discord/api/v9/", "https://proxy.example/discord"},
		{"https://proxy.example/discord/api", "https://proxy.example/discord"},
	}
	for _, tt := range tests {
		got, err := apiBase(tt.in)
		if err != nil || got.String() != tt.want {
			t.Errorf("apiBase(%q) = %v, %v; want %s", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "127.0.0.1:8080", "ftp://x", "http://", "::"} {
		if _, err := apiBase(bad); err == nil {
			t.Errorf("apiBase(%q) accepted", bad)
		}
	}
}

// TestVersionedAPIURL runs the bot with DISCORD_API_URL ending in /api/v10.
func TestVersionedAPIURL(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) { c.APIURL += "/api/v10/" })
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	_, first := h.lobby(alice, bob)
	checkPNG(t, first)
	for _, req := range h.srv.Requests() {
		if strings.Contains(req.Path, "/api/v10/api/") || req.Route == "" {
			t.Errorf("a request went to %s %s", req.Method, req.Path)
		}
	}
}

// TestResignToOne: when the last but one player resigns, the game ends
// with the final scoring and the player left wins; the turn message loses
// its board and components.
func TestResignToOne(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.lobby(alice, bob)
	h.playTurn(users, thread, msg, newRand())
	msg, _ = h.nextTurn(thread, msg.ID)
	quitter, _ := userByID(users, mention.FindStringSubmatch(msg.Content)[1])
	left := alice
	if quitter.ID == alice.ID {
		left = bob
	}
	r := h.slash(discordtest.Actor{User: quitter, ChannelID: thread}, "/carcassonne resign")
	wantEphemeral(t, r, "You resigned")
	end, more := h.nextTurn(thread, msg.ID)
	if more {
		t.Fatal("the game goes on with one player left")
	}
	if !strings.Contains(end.Content, left.GlobalName+" wins") {
		t.Errorf("the end says %q, want %s to win", end.Content, left.GlobalName)
	}
	if !strings.Contains(end.Content, "<@"+alice.ID+">") || !strings.Contains(end.Content, "<@"+bob.ID+">") {
		t.Errorf("the end does not mention the players: %q", end.Content)
	}
	old, _ := h.srv.Message(msg.ID)
	if len(old.Components) != 0 || len(old.Embeds) != 0 || len(old.Files) != 0 || !strings.Contains(old.Content, "resigned") {
		t.Errorf("the resigned turn's message: %q with %d rows, %d embeds, %d files", old.Content, len(old.Components), len(old.Embeds), len(old.Files))
	}
	if g, _ := h.store.Get(h.ctx, 1); g.Status != storage.StatusFinished {
		t.Errorf("status %s, want finished", g.Status)
	}
	rec := recordOf(t, end)
	if w, _ := rec.Winners(); len(w) != 1 || rec.Players()[w[0]] != left.GlobalName {
		t.Errorf("the record's winners %v of %v", w, rec.Players())
	}
}

// TestSeveralGamesInAChannel: two lobbies in one channel; commands pick one
// with the game option, buttons act on their own lobby.
func TestSeveralGamesInAChannel(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	carol := h.srv.NewUser("carol", "Carol")
	dave := h.srv.NewUser("dave", "Dave")
	l1 := h.slash(discordtest.Actor{User: alice}, "/carcassonne new")
	h.slash(discordtest.Actor{User: bob}, "/carcassonne new")

	r := h.slash(discordtest.Actor{User: carol}, "/carcassonne join")
	wantEphemeral(t, r, "game option")
	r = h.slash(discordtest.Actor{User: carol}, "/carcassonne join game:2")
	wantEphemeral(t, r, "You joined")
	r = h.slash(discordtest.Actor{User: carol}, "/carcassonne join game:99")
	wantEphemeral(t, r, "There is no game #99 in this channel")
	h.click(discordtest.Actor{User: dave}, l1.Original.ID, lobbyID(actJoin, 1))
	g1, _ := h.store.Get(h.ctx, 1)
	g2, _ := h.store.Get(h.ctx, 2)
	if _, ok := g2.SeatOf(carol.ID); !ok || len(g2.Seats) != 2 {
		t.Errorf("game 2's seats: %+v", g2.Seats)
	}
	if _, ok := g1.SeatOf(dave.ID); !ok || len(g1.Seats) != 2 {
		t.Errorf("game 1's seats: %+v", g1.Seats)
	}
	// The game option suggests both games.
	ctx, cancel := h.wctx()
	defer cancel()
	i, err := h.srv.Autocomplete(ctx, discordtest.Actor{User: carol}, "/carcassonne leave game:", "game")
	if err != nil {
		t.Fatal(err)
	}
	ans, err := h.srv.WaitResponse(ctx, i.ID)
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Choices []struct {
			Name  string
			Value json.Number
		}
	}
	if err := json.Unmarshal(ans.Data, &data); err != nil {
		t.Fatal(err)
	}
	if len(data.Choices) != 2 || !strings.HasPrefix(data.Choices[0].Name, "#") {
		t.Fatalf("game choices %+v", data.Choices)
	}
	// Starting game 2 by its host with the option leaves game 1 in its lobby.
	r = h.slash(discordtest.Actor{User: bob}, "/carcassonne start game:2")
	if g, _ := h.store.Get(h.ctx, 2); g.Status != storage.StatusRunning {
		t.Fatalf("game 2 is %s after start: %s", g.Status, text(r))
	}
	if g, _ := h.store.Get(h.ctx, 1); g.Status != storage.StatusLobby {
		t.Fatalf("game 1 is %s", g.Status)
	}
}

// TestComponentFromElsewhere: a component's custom id sent from another
// server or channel changes nothing.
func TestComponentFromElsewhere(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new")
	ctx, cancel := h.wctx()
	defer cancel()
	for k, change := range []map[string]any{
		{"guild_id": "777000000000000001"},
		{"channel_id": "777000000000000002"},
	} {
		// A real Join click, replayed with another server or channel.
		i, err := h.srv.Click(ctx, discordtest.Actor{User: bob}, r.Original.ID, lobbyID(actLeave, 1))
		if err != nil {
			t.Fatal(err)
		}
		h.answer(ctx, i)
		var payload map[string]any
		if err := jsonUnmarshal(i.Payload, &payload); err != nil {
			t.Fatal(err)
		}
		payload["data"].(map[string]any)["custom_id"] = lobbyID(actJoin, 1)
		for key, v := range change {
			payload[key] = v
		}
		id := []string{"880000000000000001", "880000000000000002"}[k]
		payload["id"], payload["token"] = id, "elsewhere-token-"+id
		raw, _ := jsonMarshal(payload)
		if err := h.srv.Dispatch(ctx, "INTERACTION_CREATE", raw); err != nil {
			t.Fatal(err)
		}
		ans, err := h.srv.WaitResponse(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		wantEphemeral(t, ans, "another channel")
		if g, _ := h.store.Get(h.ctx, 1); len(g.Seats) != 1 {
			t.Fatalf("a join from elsewhere took a seat: %+v", g.Seats)
		}
	}
}

// TestWholeBoard: the turn message's Whole board button shows the whole
// board to the member alone.
func TestWholeBoard(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	carol := h.srv.NewUser("carol", "Carol")
	thread, msg := h.lobby(alice, bob)
	b, ok := button(msg.Message, actBoard)
	if !ok || b.Label != "Whole board" {
		t.Fatalf("the turn message has no Whole board button: %+v", b)
	}
	r := h.click(discordtest.Actor{User: carol, ChannelID: thread}, msg.ID, b.CustomID)
	if r.Flags&64 == 0 || r.Original == nil {
		t.Fatalf("the whole board is not an ephemeral answer: %s", text(r))
	}
	checkPNG(t, *r.Original)
}

// poll waits until cond holds, checking it every few milliseconds (for
// conditions on the database, which the local Discord does not see change).
func poll(ctx context.Context, cond func() bool) error {
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for !cond() {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

func newRand() *rand.Rand { return rand.New(rand.NewPCG(7, 7)) }

// rawSQL opens the bot's database file directly, as an operator would.
func rawSQL(tb testing.TB, path string) *sql.DB {
	tb.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		tb.Fatal(err)
	}
	return db
}

// TestLocksAreFreed: the map of game locks keeps only the games being
// worked on.
func TestLocksAreFreed(t *testing.T) {
	b := &Bot{locks: map[int64]*gameLock{}}
	var wg sync.WaitGroup
	for id := range int64(200) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			unlock, err := b.lockGame(t.Context(), id%7)
			if err != nil {
				t.Error(err)
				return
			}
			unlock()
		}()
	}
	wg.Wait()
	if n := len(b.locks); n != 0 {
		t.Fatalf("%d locks kept after the work ended", n)
	}
}

// TestLobbyCaps: a member may hold storage.MaxLobbiesPerHost open lobbies;
// the next /carcassonne new says why it is refused and opens nothing.
func TestLobbyCaps(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	for range storage.MaxLobbiesPerHost {
		if r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new"); r.Original == nil || r.Flags&64 != 0 {
			t.Fatalf("a lobby within the cap was refused: %s", text(r))
		}
	}
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new")
	wantEphemeral(t, r, "open lobbies")
	games, err := h.store.GamesByChannel(h.ctx, h.srv.ChannelID, storage.StatusLobby)
	if err != nil || len(games) != storage.MaxLobbiesPerHost {
		t.Fatalf("%d lobbies open, want %d (%v)", len(games), storage.MaxLobbiesPerHost, err)
	}
}

// TestWords: what players read: the command offered in servers only, the
// turn timeout in words, a started game's lobby without free seats, and a
// help that names join, leave, solo games and timeouts.
func TestWords(t *testing.T) {
	h := newHarness(t)
	cmds := h.srv.Commands(h.srv.GuildID)
	if len(cmds) != 1 || cmds[0].Contexts == nil || len(*cmds[0].Contexts) != 1 || (*cmds[0].Contexts)[0] != discordgo.InteractionContextGuild ||
		cmds[0].DMPermission == nil || *cmds[0].DMPermission {
		t.Errorf("the command is not for servers only: %+v", cmds)
	}
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new turn-timeout:24h")
	lobby := r.Original
	settings := lobby.Embeds[0].Fields[1].Value
	if !strings.Contains(settings, "turn timeout: 24 hours") {
		t.Errorf("the lobby's settings say %q", settings)
	}
	if !strings.Contains(lobby.Embeds[0].Fields[2].Value, "free") {
		t.Errorf("an open lobby shows no free seat: %q", lobby.Embeds[0].Fields[2].Value)
	}
	h.click(discordtest.Actor{User: bob}, lobby.ID, lobbyID(actJoin, 1))
	h.click(discordtest.Actor{User: alice}, lobby.ID, lobbyID(actStart, 1))
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool {
		m, _ := h.srv.Message(lobby.ID)
		return len(m.Embeds) == 1 && strings.Contains(m.Embeds[0].Description, "started")
	}); err != nil {
		t.Fatal(err)
	}
	started, _ := h.srv.Message(lobby.ID)
	for _, f := range started.Embeds[0].Fields {
		if strings.Contains(f.Value, "free") || strings.Contains(f.Name, "Seats") {
			t.Errorf("a started game's lobby still offers seats: %s: %q", f.Name, f.Value)
		}
	}
	help := text(h.slash(discordtest.Actor{User: bob}, "/carcassonne help"))
	for _, w := range []string{"join", "leave", "solo", "timeout"} {
		if !strings.Contains(help, w) {
			t.Errorf("the help does not mention %q", w)
		}
	}
	if got := durationWords(i18n.English, 90*time.Minute); got != "1 hour 30 minutes" {
		t.Errorf("durationWords(90m) = %q", got)
	}
	if got := durationWords(i18n.English, 5*time.Minute); got != "5 minutes" {
		t.Errorf("durationWords(5m) = %q", got)
	}
	if got := durationWords(i18n.English, time.Hour); got != "1 hour" {
		t.Errorf("durationWords(1h) = %q", got)
	}
}

// TestColoursAreThePictures: every player's dot and embed colour are those
// of the followers in the pictures.
func TestColoursAreThePictures(t *testing.T) {
	for p := range engine.MaxPlayers {
		if colourDot(p) == "" {
			t.Errorf("player %d (%s) has no dot", p, render.PlayerColourName(p))
		}
		c := render.PlayerColour(p)
		if got, want := colourOf(p), int(c.R)<<16|int(c.G)<<8|int(c.B); got != want {
			t.Errorf("player %d: embed colour %06x, picture %06x", p, got, want)
		}
	}
}
