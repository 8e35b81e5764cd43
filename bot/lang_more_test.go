package bot

import (
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// germanGame opens a lobby on a German server through the local Discord,
// with its host Heidi (German) and François (French), and starts it. It
// returns the actors, the lobby message and the game's thread.
func germanGame(t *testing.T, h *harness) (de, fr discordtest.Actor, lobby, thread string) {
	t.Helper()
	de = discordtest.Actor{User: h.srv.NewUser("heidi", "Heidi"), Locale: "de", GuildLocale: "de"}
	fr = discordtest.Actor{User: h.srv.NewUser("francois", "François"), Locale: "fr", GuildLocale: "de"}
	r := h.slash(de, "/carcassonne new")
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby = r.Original.ID
	if r := h.click(fr, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
		t.Fatalf("join: %s", text(r))
	}
	if r := h.click(de, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		t.Fatalf("start: %s", text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatal(err)
	}
	thread = h.srv.Threads(h.srv.ChannelID)[0].ID
	if _, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil }); err != nil {
		t.Fatal(err)
	}
	return de, fr, lobby, thread
}

// notEnglish fails when a translated text is the English one.
func notEnglish(t *testing.T, l i18n.Lang, id string, data map[string]any) {
	t.Helper()
	if l.T(id, data) == i18n.English.T(id, data) {
		t.Errorf("%s is not translated into %s: %q", id, l.Name(), l.T(id, data))
	}
}

// TestLanguagesEnd: the end of a German game (a player resigns) is in
// German, the final table's titles too; a French member's /carcassonne
// record in French.
func TestLanguagesEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	de, fr, _, thread := germanGame(t, h)
	fr.ChannelID, de.ChannelID = thread, thread
	if r := h.slash(fr, "/carcassonne resign"); r.Flags&64 == 0 {
		t.Fatalf("resign: %s", text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	end, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return hasFile(m, "carcassonne-1.rec") })
	if err != nil {
		t.Fatal(err)
	}
	winners := i18n.German.N("turn.final.wins", 0, map[string]any{"Player": "Heidi"})
	over := i18n.German.T("bot.end.over", map[string]any{"Winners": winners})
	if !strings.HasPrefix(end.Content, over) {
		t.Errorf("the end says %q, want German %q", end.Content, over)
	}
	notEnglish(t, i18n.German, "bot.end.over", map[string]any{"Winners": winners})
	if len(end.Embeds) == 0 {
		t.Fatal("the end has no table")
	}
	if want := i18n.German.T("bot.end.title", map[string]any{"Game": 1}); end.Embeds[0].Title != want {
		t.Errorf("the final table's title is %q, want %q", end.Embeds[0].Title, want)
	}
	for _, c := range []string{"player", "roads", "cities", "cloisters", "farms", "total"} {
		if w := i18n.German.T("turn.final."+c, nil); !strings.Contains(end.Embeds[0].Description, w) {
			t.Errorf("the final table %q lacks the column %q", end.Embeds[0].Description, w)
		}
	}
	if names, cols := tableRows(end.Embeds[0].Description); len(names) != 2 || len(cols[0]) != 5 {
		t.Errorf("the final table's rows: %v %v", names, cols)
	}
	r := h.slash(fr, "/carcassonne record")
	if want := i18n.French.T("bot.end.record", map[string]any{"Game": 1}); !strings.HasPrefix(text(r), want) || r.Flags&64 == 0 {
		t.Errorf("/carcassonne record says %q, want French %q", text(r), want)
	}
	notEnglish(t, i18n.French, "bot.end.record", map[string]any{"Game": 1})
}

// hasFile reports whether message m carries a file of that name.
func hasFile(m discordtest.Message, name string) bool {
	for _, f := range m.Files {
		if f.Filename == name {
			return true
		}
	}
	return false
}

// TestLanguagesScore: /carcassonne score of a German game: a player's is
// posted for everyone in German, though they read French; a Polish member
// who does not play gets theirs alone, in Polish.
func TestLanguagesScore(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	_, fr, _, thread := germanGame(t, h)
	fr.ChannelID = thread
	pl := discordtest.Actor{User: h.srv.NewUser("piotr", "Piotr"), Locale: "pl", GuildLocale: "de", ChannelID: thread}
	_, st, err := h.store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a         discordtest.Actor
		l         i18n.Lang
		ephemeral bool
	}{{fr, i18n.German, false}, {pl, i18n.Polish, true}} {
		r := h.slash(c.a, "/carcassonne score")
		if r.Original == nil || len(r.Original.Embeds) == 0 {
			t.Fatalf("/carcassonne score: %s", text(r))
		}
		if got := r.Flags&64 != 0; got != c.ephemeral {
			t.Errorf("%s's scoreboard ephemeral %v, want %v", c.a.User.GlobalName, got, c.ephemeral)
		}
		e := r.Original.Embeds[0]
		if want := c.l.T("bot.score.title", map[string]any{"Game": 1}); e.Title != want {
			t.Errorf("the scoreboard's title is %q, want %s %q", e.Title, c.l.Name(), want)
		}
		for _, want := range []string{
			c.l.N("turn.standing.supply", st.Supply(0), nil),
			c.l.N("bot.score.tiles_left", st.TilesLeft(), nil),
			c.l.N("turn.count.point", 0, nil),
			c.l.T("bot.score.to_play", nil),
		} {
			if !strings.Contains(e.Description, want) {
				t.Errorf("%s's scoreboard %q lacks %q", c.a.User.GlobalName, e.Description, want)
			}
		}
		notEnglish(t, c.l, "bot.score.title", map[string]any{"Game": 1})
		if c.l.N("turn.standing.supply", 7, nil) == i18n.English.N("turn.standing.supply", 7, nil) {
			t.Errorf("the supply is not translated into %s", c.l.Name())
		}
	}
}

// TestLanguagesLobby: a lobby on a German server: its settings, buttons and
// what it says once started in German; the refusals to a French member in
// French, to the German host in German.
func TestLanguagesLobby(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	de := discordtest.Actor{User: h.srv.NewUser("heidi", "Heidi"), Locale: "de", GuildLocale: "de"}
	fr := discordtest.Actor{User: h.srv.NewUser("francois", "François"), Locale: "fr", GuildLocale: "de"}
	if r := h.slash(fr, "/carcassonne new seats:6"); !strings.HasPrefix(text(r), i18n.French.T("bot.refuse.new.six_seats", nil)) || r.Flags&64 == 0 {
		t.Errorf("/carcassonne new seats:6 says %q", text(r))
	}
	notEnglish(t, i18n.French, "bot.refuse.new.six_seats", nil)
	r := h.slash(de, "/carcassonne new turn-timeout:1h expansions:princess-and-dragon")
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	settings := field(*r.Original, i18n.German.T("bot.lobby.settings", nil))
	hour := i18n.German.N("bot.duration.hours", 1, nil)
	for _, want := range []string{
		"Wiesen: pro Wiese",
		i18n.German.T("turn.rule.tiny-city", map[string]any{"Value": "4"}),
		i18n.German.T("bot.lobby.setting.timeout", map[string]any{"Timeout": hour}),
		"Drache: vor der Wertung",
		"Prinzessin: darf",
	} {
		if !strings.Contains(settings, want) {
			t.Errorf("the lobby's settings %q lack %q", settings, want)
		}
	}
	notEnglish(t, i18n.German, "bot.lobby.setting.timeout", map[string]any{"Timeout": hour})
	if strings.Contains(settings, "per-farm") || strings.Contains(settings, "before-scoring") {
		t.Errorf("the German lobby's settings say the options' English values: %q", settings)
	}
	if b, _ := button(r.Original.Message, actJoin); b.Label != i18n.German.T("bot.lobby.button.join", nil) {
		t.Errorf("the lobby's Join button says %q", b.Label)
	}
	notEnglish(t, i18n.German, "bot.lobby.button.join", nil)
	for _, c := range []struct {
		a      discordtest.Actor
		action string
		l      i18n.Lang
		id     string
	}{
		{de, actStart, i18n.German, "bot.refuse.lobby.two_players"},
		{de, actLeave, i18n.German, "bot.refuse.lobby.host_leaves"},
		{fr, actStart, i18n.French, "bot.refuse.lobby.start_host_only"},
		{fr, actCancel, i18n.French, "bot.refuse.lobby.cancel_host_only"},
	} {
		r := h.click(c.a, lobby, lobbyID(c.action, 1))
		if want := c.l.T(c.id, nil); !strings.HasPrefix(text(r), want) || r.Flags&64 == 0 {
			t.Errorf("%s presses %s: %q, want %s %q", c.a.User.GlobalName, c.action, text(r), c.l.Name(), want)
		}
		notEnglish(t, c.l, c.id, nil)
	}
	fr.ChannelID = h.srv.ChannelID
	if r := h.slash(fr, "/carcassonne join"); !strings.HasPrefix(text(r), i18n.French.T("bot.lobby.joined", nil)) {
		t.Errorf("/carcassonne join says %q", text(r))
	}
	thread, _ := h.startLobby(de, lobby)
	want := i18n.German.T("bot.lobby.started_in", map[string]any{"Thread": thread})
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool {
		m, _ := h.srv.Message(lobby)
		return len(m.Embeds) > 0 && m.Embeds[0].Description == want
	}); err != nil {
		m, _ := h.srv.Message(lobby)
		t.Errorf("the started lobby says %+v, want %q", m.Embeds, want)
	}
}

// TestLanguagesRefusals: the common refusals of the game's commands come
// in the member's language: a Polish member who does not play a German
// game may neither resign nor stop it.
func TestLanguagesRefusals(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	_, _, _, thread := germanGame(t, h)
	pl := discordtest.Actor{User: h.srv.NewUser("piotr", "Piotr"), Locale: "pl", GuildLocale: "de", ChannelID: thread}
	for _, c := range []struct{ line, id string }{
		{"/carcassonne resign", "bot.refuse.resign_no_seat"},
		{"/carcassonne stop", "bot.refuse.stop_host_only"},
	} {
		r := h.slash(pl, c.line)
		if want := i18n.Polish.T(c.id, nil); !strings.HasPrefix(text(r), want) || r.Flags&64 == 0 {
			t.Errorf("%s says %q, want Polish %q", c.line, text(r), want)
		}
		notEnglish(t, i18n.Polish, c.id, nil)
	}
	if got, want := busyText(i18n.French, 3), i18n.French.T("bot.refuse.busy", map[string]any{"Game": 3}); got != want || got == busyText(i18n.English, 3) {
		t.Errorf("busyText in French is %q, want %q", got, want)
	}
}
