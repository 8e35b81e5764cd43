package bot

import (
	"bytes"
	"fmt"
	"image/png"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// playAndResign plays a 2-player game through the local Discord: the
// lobby, a few turns through the components, and then the player whose
// turn it is resigns, which ends the game. It returns who resigned.
func (h *harness) playAndResign(n int, host, other discordtest.User, turns int, rng *rand.Rand) discordtest.User {
	h.t.Helper()
	users := []discordtest.User{host, other}
	thread, msg := h.lobbyN(n, host, other)
	for range turns {
		h.playTurn(users, thread, msg, rng)
		msg, _ = h.nextTurn(thread, msg.ID)
	}
	quitter, err := userByID(users, mention.FindStringSubmatch(msg.Content)[1])
	if err != nil {
		h.t.Fatal(err)
	}
	r := h.slash(discordtest.Actor{User: quitter, ChannelID: thread}, "/carcassonne resign")
	if !strings.Contains(text(r), "You resigned") {
		h.t.Fatalf("resign: %s", text(r))
	}
	if _, more := h.nextTurn(thread, msg.ID); more {
		h.t.Fatal("the game goes on with one player left")
	}
	return quitter
}

// embedField returns the value of the field named name of the answer's
// first embed.
func embedField(tb testing.TB, r *discordtest.Response, name string) string {
	tb.Helper()
	if r.Original == nil || len(r.Original.Embeds) == 0 {
		tb.Fatalf("no embed in the answer: %s", text(r))
	}
	for _, f := range r.Original.Embeds[0].Fields {
		if f.Name == name {
			return f.Value
		}
	}
	tb.Fatalf("the embed has no field %q", name)
	return ""
}

// TestStatsCommands plays three games through the local Discord, each
// ended by a resignation, and checks /carcassonne stats, leaderboard and
// history against the stored games; then the history's pages and a game's
// record and final board.
func TestStatsCommands(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	carol := h.srv.NewUser("carol", "Carol")
	users := []discordtest.User{alice, bob, carol}
	rng := rand.New(rand.NewPCG(18, 3))

	// Before any game.
	if r := h.slash(discordtest.Actor{User: alice}, "/carcassonne stats"); !strings.Contains(text(r), "no finished game") {
		t.Errorf("stats before any game: %s", text(r))
	}
	if r := h.slash(discordtest.Actor{User: alice}, "/carcassonne leaderboard"); !strings.Contains(text(r), "leaderboard is empty") {
		t.Errorf("leaderboard before any game: %s", text(r))
	}

	games := []struct{ host, other discordtest.User }{{alice, bob}, {bob, carol}, {carol, alice}}
	type result struct{ games, wins, resigned int }
	want := map[string]*result{}
	for _, u := range users {
		want[u.ID] = &result{}
	}
	for k, g := range games {
		quitter := h.playAndResign(k+1, g.host, g.other, 2+k, rng)
		want[g.host.ID].games++
		want[g.other.ID].games++
		winner := g.host
		if quitter.ID == g.host.ID {
			winner = g.other
		}
		want[winner.ID].wins++
		want[quitter.ID].resigned++
	}

	// /carcassonne stats, for oneself and for another member: public.
	for _, u := range users {
		for _, line := range []string{"/carcassonne stats", "/carcassonne stats member:<@" + u.ID + ">"} {
			asker := u
			if strings.Contains(line, "member") {
				asker = users[(slices.Index(users, u)+1)%len(users)]
			}
			r := h.slash(discordtest.Actor{User: asker}, line)
			if r.Flags&64 != 0 {
				t.Errorf("%s: the statistics are ephemeral", line)
			}
			if title := r.Original.Embeds[0].Title; title != u.GlobalName+"'s statistics" {
				t.Errorf("%s by %s: title %q", line, asker.GlobalName, title)
			}
			w := want[u.ID]
			games := fmt.Sprint(w.games)
			if w.resigned > 0 {
				games += fmt.Sprintf(" (%d resigned)", w.resigned)
			}
			if got := embedField(t, r, "Games"); got != games {
				t.Errorf("%s: games %q, want %q", u.GlobalName, got, games)
			}
			if got, rate := embedField(t, r, "Wins"), fmt.Sprintf("%d (%.0f%%)", w.wins, 100*float64(w.wins)/float64(w.games)); got != rate {
				t.Errorf("%s: wins %q, want %q", u.GlobalName, got, rate)
			}
			st, err := h.store.Stats(h.ctx, h.srv.GuildID, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got := embedField(t, r, "Best score"); got != fmt.Sprint(st.BestScore) {
				t.Errorf("%s: best score %q, want %d", u.GlobalName, got, st.BestScore)
			}
			if got := embedField(t, r, "Rating"); got != fmt.Sprintf("%.0f (#%d on this server)", st.Rating.Conservative(), st.Rank) {
				t.Errorf("%s: rating %q", u.GlobalName, got)
			}
		}
	}

	// /carcassonne leaderboard: everyone, in the store's order.
	r := h.slash(discordtest.Actor{User: bob}, "/carcassonne leaderboard")
	board, err := h.store.Leaderboard(h.ctx, h.srv.GuildID, 10)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(r.Original.Embeds[0].Description, "\n")
	if len(lines) != len(users) || len(board) != len(users) {
		t.Fatalf("leaderboard of %d lines (%d in the store), want %d:\n%s", len(lines), len(board), len(users), r.Original.Embeds[0].Description)
	}
	for k, e := range board {
		w := want[e.UserID]
		line := fmt.Sprintf("%d. **%s** — %.0f · %s of %d", k+1, e.Name, e.Rating.Conservative(), plural(w.wins, "win"), w.games)
		if lines[k] != line {
			t.Errorf("leaderboard line %d: %q, want %q", k, lines[k], line)
		}
	}

	// /carcassonne history: the three games, the latest first, for the
	// asker only.
	r = h.slash(discordtest.Actor{User: carol}, "/carcassonne history")
	if r.Flags&64 == 0 {
		t.Error("the history is not ephemeral")
	}
	desc := r.Original.Embeds[0].Description
	entries := strings.Split(desc, "\n\n")
	if len(entries) != 3 {
		t.Fatalf("history of %d games, want 3:\n%s", len(entries), desc)
	}
	for k, entry := range entries {
		id := int64(3 - k)
		g, err := h.store.Get(h.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(entry, fmt.Sprintf("**#%d** · <t:%d:f> · <#%s>", id, g.EndedAt.Unix(), g.ThreadID)) {
			t.Errorf("history entry %d: %q", k, entry)
		}
		_, st, err := h.store.Load(h.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for p := range st.NumPlayers() {
			if s := fmt.Sprintf("%s %d", g.Seats[p].Name, st.Score(p)); !strings.Contains(entry, s) {
				t.Errorf("history entry %d %q does not say %q", k, entry, s)
			}
		}
		if !strings.Contains(entry, "(resigned)") || !strings.Contains(entry, "🏆") {
			t.Errorf("history entry %d %q names no winner or no resignation", k, entry)
		}
	}
	menus, buttons := components(r.Original.Message)
	if len(menus) != 1 || len(menus[0].Options) != 3 || len(buttons) != 2 || !buttons[0].Disabled || !buttons[1].Disabled {
		t.Fatalf("history components: %d menus, %d buttons %+v", len(menus), len(buttons), buttons)
	}

	// A game's record (.txt) and final board, for the asker only.
	pick := h.pick(discordtest.Actor{User: carol}, r.Original.ID, menus[0].CustomID, "2")
	if pick.Flags&64 == 0 || pick.Original == nil {
		t.Fatalf("the game's files are not ephemeral: %s", text(pick))
	}
	var recText string
	var board2 []byte
	for _, f := range pick.Original.Files {
		switch {
		case strings.HasSuffix(f.Filename, ".txt"):
			recText = string(f.Data)
		case strings.HasSuffix(f.Filename, ".png"):
			board2 = f.Data
		}
	}
	if recText == "" || board2 == nil {
		t.Fatalf("the game's answer has files %+v", pick.Original.Files)
	}
	if _, err := png.Decode(bytes.NewReader(board2)); err != nil {
		t.Errorf("the final board does not decode: %v", err)
	}
	rec, err := engine.ReadRecord(strings.NewReader(recText))
	if err != nil {
		t.Fatalf("the record does not read: %v", err)
	}
	replayed, err := rec.Replay()
	if err != nil || !replayed.Ended() {
		t.Fatalf("the record replays to an end %v, %v", replayed != nil && replayed.Ended(), err)
	}
	if _, st, _ := h.store.Load(h.ctx, 2); fmt.Sprint(st.Scores()) != fmt.Sprint(replayed.Scores()) {
		t.Errorf("the record's scores %v, the game's %v", replayed.Scores(), st.Scores())
	}

	// More finished games than a page: Next and Previous.
	for k := range 4 {
		finishedGame(t, h, []discordtest.User{users[k%3], users[(k+1)%3]})
	}
	r = h.slash(discordtest.Actor{User: alice}, "/carcassonne history")
	_, buttons = components(r.Original.Message)
	if len(buttons) != 2 || !buttons[0].Disabled || buttons[1].Disabled {
		t.Fatalf("first page of 7 games: buttons %+v", buttons)
	}
	if !strings.Contains(r.Original.Embeds[0].Footer.Text, "Page 1 of 2") {
		t.Errorf("footer %q", r.Original.Embeds[0].Footer.Text)
	}
	next := h.click(discordtest.Actor{User: alice}, r.Original.ID, buttons[1].CustomID)
	if next.Type != 7 {
		t.Fatalf("Next answered type %d: %s", next.Type, text(next))
	}
	page2, _ := h.srv.Message(r.Original.ID)
	if got := strings.Count(page2.Embeds[0].Description, "\n\n") + 1; got != 2 || !strings.HasPrefix(page2.Embeds[0].Description, "**#2**") {
		t.Errorf("page 2 lists %d games:\n%s", got, page2.Embeds[0].Description)
	}
	_, buttons = components(page2.Message)
	if buttons[0].Disabled || !buttons[1].Disabled {
		t.Errorf("page 2 buttons %+v", buttons)
	}
	h.click(discordtest.Actor{User: alice}, r.Original.ID, buttons[0].CustomID)
	page1, _ := h.srv.Message(r.Original.ID)
	if !strings.HasPrefix(page1.Embeds[0].Description, "**#7**") {
		t.Errorf("back on page 1:\n%s", page1.Embeds[0].Description)
	}

	// The help names the commands and the fairness rules.
	r = h.slash(discordtest.Actor{User: alice}, "/carcassonne help")
	var help discordgo.InteractionResponseData
	if err := jsonUnmarshal(r.Data, &help); err != nil || len(help.Embeds) == 0 {
		t.Fatalf("help: %v", err)
	}
	fields := fmt.Sprint(help.Embeds[0].Fields[len(help.Embeds[0].Fields)-1])
	for _, s := range []string{"/carcassonne stats", "/carcassonne leaderboard", "/carcassonne history", "resignation counts as a loss", "stopped games count for nobody"} {
		if !strings.Contains(fields, s) {
			t.Errorf("the help does not say %q", s)
		}
	}
}

// finishedGame adds a game of players to the store, finished at once by
// the first player resigning, and marks it announced so that the bot
// leaves it alone.
func finishedGame(tb testing.TB, h *harness, players []discordtest.User) {
	tb.Helper()
	var ps []storage.Player
	for _, u := range players {
		ps = append(ps, storage.Player{UserID: u.ID, Name: u.GlobalName})
	}
	g, err := h.store.CreateGame(h.ctx, storage.NewGame{Host: ps[0], GuildID: h.srv.GuildID, MaxSeats: len(ps)})
	if err != nil {
		tb.Fatal(err)
	}
	for _, p := range ps[1:] {
		if _, err := h.store.Join(h.ctx, g.ID, p); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := h.store.Start(h.ctx, g.ID, uint64(g.ID)); err != nil {
		tb.Fatal(err)
	}
	res, err := h.store.Resign(h.ctx, g.ID, ps[0].UserID, storage.Request{})
	if err != nil || !res.Finished {
		tb.Fatalf("resign: %+v, %v", res, err)
	}
	if err := h.store.SetAnnounced(h.ctx, g.ID, "", res.Game.Moves); err != nil {
		tb.Fatal(err)
	}
}

// plural is "1 win" or "3 wins", as the English leaderboard says them.
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// TestComputerLabel: the statistics name a computer once when its seat's
// name says its level, in whatever language its game was played ("Computer
// (schwer)" read in English), and add the level to any other name.
func TestComputerLabel(t *testing.T) {
	for _, c := range []struct {
		name, level, want string
	}{
		{"Computer (hard) 2", "hard", "Computer (hard) 2"},
		{"Computer (schwer)", "hard", "Computer (schwer)"},
		{"Computer (facile) 3", "easy", "Computer (facile) 3"},
		{"Ann", "", "Ann"},
		{"Hal", "hard", i18n.English.T("stats.computer", map[string]any{"Name": "Hal", "Level": i18n.English.T("stats.level.hard", nil)})},
		{"Computer (schwer)", "easy", i18n.English.T("stats.computer", map[string]any{"Name": "Computer (schwer)", "Level": i18n.English.T("stats.level.easy", nil)})},
	} {
		if got := computerLabel(i18n.English, c.name, c.level); got != c.want {
			t.Errorf("computerLabel(%q, %q) = %q, want %q", c.name, c.level, got, c.want)
		}
	}
}
