package bot

import (
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// TestLanguagesHelpStats: through the local Discord, /carcassonne help
// answers each member in their own language (German, French, English);
// /carcassonne stats, leaderboard and history answer in the asker's
// language before any game has finished and after one has; the lobby's
// computer player menu and its refusals come in the member's language, its
// rule options' menus in the game's.
func TestLanguagesHelpStats(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	de := discordtest.Actor{User: h.srv.NewUser("heidi", "Heidi"), Locale: "de", GuildLocale: "de"}
	fr := discordtest.Actor{User: h.srv.NewUser("francois", "François"), Locale: "fr", GuildLocale: "de"}
	en := discordtest.Actor{User: h.srv.NewUser("emma", "Emma"), GuildLocale: "de"}

	for _, c := range []struct {
		a discordtest.Actor
		l i18n.Lang
	}{{de, i18n.German}, {fr, i18n.French}, {en, i18n.English}} {
		r := h.slash(c.a, "/carcassonne help")
		if r.Flags&64 == 0 || r.Original == nil || len(r.Original.Embeds) < 2 {
			t.Fatalf("%s help: not two ephemeral embeds: %s", c.l.Name(), text(r))
		}
		es := r.Original.Embeds
		if want := c.l.T("help.title", nil); es[0].Title != want {
			t.Errorf("%s help's title %q, want %q", c.l.Name(), es[0].Title, want)
		}
		if want := c.l.T("help.turn", nil); !strings.Contains(es[0].Description, want) {
			t.Errorf("%s help %q does not say %q", c.l.Name(), es[0].Description, want)
		}
		if len(es[0].Fields) != 1 || es[0].Fields[0].Name != c.l.T("help.stats.name", nil) ||
			!strings.Contains(es[0].Fields[0].Value, c.l.T("stats.fairness", nil)) {
			t.Errorf("%s help's statistics: %+v", c.l.Name(), es[0].Fields)
		}
		if want := c.l.T("help.expansions.available", map[string]any{"List": availableTitles(c.l)}); es[1].Description != want {
			t.Errorf("%s help's expansions %q, want %q", c.l.Name(), es[1].Description, want)
		}
	}
	notEnglish(t, i18n.German, "help.turn", nil)
	notEnglish(t, i18n.French, "help.turn", nil)

	// Before any game.
	if got, want := text(h.slash(de, "/carcassonne stats")), i18n.German.T("stats.no_games", map[string]any{"Name": "Heidi"}); !strings.Contains(got, want) {
		t.Errorf("German stats before any game: %q, want %q", got, want)
	}
	if got, want := text(h.slash(fr, "/carcassonne leaderboard")), i18n.French.T("stats.leaderboard_empty", nil); !strings.Contains(got, want) {
		t.Errorf("French leaderboard before any game: %q, want %q", got, want)
	}
	if got, want := text(h.slash(de, "/carcassonne history")), i18n.German.T("stats.history_empty", nil); !strings.Contains(got, want) {
		t.Errorf("German history before any game: %q, want %q", got, want)
	}

	// The lobby's computer players, for a German host and a French guest.
	r := h.slash(de, "/carcassonne new")
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	wantEphemeral(t, h.click(fr, lobby, lobbyID(actCPU, 1)), i18n.French.T("lobby2.cpu.add_host_only", nil))
	wantEphemeral(t, h.click(fr, lobby, lobbyID(actCPURm, 1)), i18n.French.T("lobby2.cpu.remove_host_only", nil))
	wantEphemeral(t, h.click(de, lobby, lobbyID(actCPURm, 1)), i18n.German.T("lobby2.cpu.none", nil))
	r = h.click(de, lobby, lobbyID(actCPU, 1))
	m, ok := menu(r.Original.Message, actCPUAdd)
	if !ok || !strings.Contains(text(r), i18n.German.T("lobby2.cpu.ask_level", map[string]any{"Game": 1})) {
		t.Fatalf("German levels menu: %s", text(r))
	}
	if m.Placeholder != i18n.German.T("lobby2.cpu.level_placeholder", nil) || len(m.Options) != 3 ||
		m.Options[2].Label != "Schwer" || m.Options[2].Value != "hard" || m.Options[2].Description != i18n.German.T("lobby2.cpu.level_words.hard", nil) {
		t.Errorf("German levels menu: %q %+v", m.Placeholder, m.Options)
	}

	// The rule options' menus in the game's language (the server's,
	// German), their values as typed; then back to the base game.
	if r := h.pick(de, lobby, lobbyID(actExp, 1), "traders-and-builders", "princess-and-dragon"); r.Type != 7 {
		t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	lm, _ := h.srv.Message(lobby)
	for action, want := range map[string][]string{actExp: nil, actRuleOpt + "dragon": {"Drache: before-scoring", "Drache: after-scoring"},
		actRuleOpt + "princess": {"Prinzessin: may", "Prinzessin: must"}} {
		sm, ok := menu(lm.Message, action)
		var labels []string
		for _, o := range sm.Options {
			if action != actExp {
				labels = append(labels, o.Label)
			}
			if action == actRuleOpt+"dragon" && o.Description == i18n.English.T("lobby2.option.dragon.before-scoring", nil) {
				t.Errorf("the %s menu's option %q is described in English", action, o.Label)
			}
		}
		if !ok || !strings.HasSuffix(sm.Placeholder, " …") || strings.Join(labels, ",") != strings.Join(want, ",") {
			t.Errorf("the German lobby's %s menu: %v, %q, options %q, want %q", action, ok, sm.Placeholder, labels, want)
		}
	}
	if r := h.pick(de, lobby, lobbyID(actExp, 1)); r.Type != 7 {
		t.Fatalf("the Expansions… menu with nothing chosen answered type %d: %s", r.Type, text(r))
	}

	// A finished game: François resigns.
	if r := h.click(fr, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
		t.Fatalf("join: %s", text(r))
	}
	thread, _ := h.startLobby(de, lobby)
	inThread := fr
	inThread.ChannelID = thread
	if r := h.slash(inThread, "/carcassonne resign"); r.Flags&64 == 0 {
		t.Fatalf("resign: %s", text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if _, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return hasFile(m, "carcassonne-1.rec") }); err != nil {
		t.Fatal(err)
	}

	r = h.slash(de, "/carcassonne stats")
	if r.Original == nil || len(r.Original.Embeds) == 0 {
		t.Fatalf("German stats: %s", text(r))
	}
	if got, want := r.Original.Embeds[0].Title, i18n.German.T("stats.title", map[string]any{"Name": "Heidi"}); got != want {
		t.Errorf("German stats' title %q, want %q", got, want)
	}
	if got := embedField(t, r, "Spiele"); got != "1" {
		t.Errorf("German stats: Spiele %q, want 1", got)
	}
	if got := embedField(t, r, "Lieblingserweiterung"); got != i18n.German.T("stats.base_only", nil) {
		t.Errorf("German stats: Lieblingserweiterung %q", got)
	}
	r = h.slash(fr, "/carcassonne stats")
	if got := embedField(t, r, "Parties"); got != i18n.French.N("stats.resigned_games", 1, map[string]any{"Games": "1"}) {
		t.Errorf("French stats: Parties %q", got)
	}
	r = h.slash(de, "/carcassonne leaderboard")
	if r.Original == nil || len(r.Original.Embeds) == 0 || r.Original.Embeds[0].Title != "Rangliste" ||
		!strings.Contains(r.Original.Embeds[0].Description, "1 Sieg in 1") {
		t.Errorf("German leaderboard: %s", text(r))
	}
	r = h.slash(fr, "/carcassonne history")
	if r.Original == nil || len(r.Original.Embeds) == 0 || r.Original.Embeds[0].Title != i18n.French.T("stats.history_title", nil) ||
		!strings.Contains(r.Original.Embeds[0].Description, "François 0 (abandon)") ||
		!strings.Contains(r.Original.Embeds[0].Footer.Text, "Page 1 sur 1 · 1 partie") {
		t.Errorf("French history: %s", text(r))
	}
	r = h.slash(en, "/carcassonne history")
	if r.Original == nil || len(r.Original.Embeds) == 0 || r.Original.Embeds[0].Title != "Finished games on this server" {
		t.Errorf("English history: %s", text(r))
	}
}
