package bot

import (
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestLanguages plays issue 34's case through the local Discord: the
// command is registered with its names and descriptions in every language;
// a lobby opened on a French server speaks French until its host chooses
// German with Language…; the game's turn messages are then in German,
// while a French member's ephemeral replies (their preview, a refusal) are
// in French and an English member's in English.
func TestLanguages(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	for _, c := range h.srv.Commands(h.srv.GuildID) {
		for _, sub := range c.Options {
			if sub.Name != "new" {
				continue
			}
			if got, want := sub.NameLocalizations["de"], i18n.German.T("command.new.name", nil); got != want || want == "" {
				t.Errorf("/carcassonne new in German is %q, want %q", got, want)
			}
			if got, want := sub.DescriptionLocalizations["pl"], i18n.Polish.T("command.new.description", nil); got != want {
				t.Errorf("/carcassonne new's description in Polish is %q, want %q", got, want)
			}
			for _, o := range sub.Options {
				if len(o.NameLocalizations) < 5 {
					t.Errorf("option %s has %d localizations", o.Name, len(o.NameLocalizations))
				}
			}
		}
	}
	host, franz, ed := h.srv.NewUser("heidi", "Heidi"), h.srv.NewUser("francois", "François"), h.srv.NewUser("ed", "Ed")
	de := discordtest.Actor{User: host, Locale: "de", GuildLocale: "fr"}
	r := h.slash(de, "/carcassonne new")
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	frLine := i18n.French.T("bot.lobby.language", map[string]any{"Language": "Français"})
	if f := field(*r.Original, i18n.French.T("bot.lobby.settings", nil)); !strings.Contains(f, frLine) {
		t.Errorf("a lobby on a French server says %q, want %q", f, frLine)
	}
	fr := discordtest.Actor{User: franz, Locale: "fr", GuildLocale: "fr"}
	en := discordtest.Actor{User: ed, Locale: "en-GB", GuildLocale: "fr"}
	for _, a := range []discordtest.Actor{fr, en} {
		h.click(a, lobby, lobbyID(actJoin, 1))
	}
	if r := h.click(fr, lobby, lobbyID(actLang, 1)); r.Flags&64 == 0 || !strings.HasPrefix(text(r), i18n.French.T("bot.lobby.language.host_only", nil)) {
		t.Errorf("a player who is not the host opens Language…: %q", text(r))
	}
	r = h.click(de, lobby, lobbyID(actLang, 1))
	if r.Original == nil || r.Flags&64 == 0 {
		t.Fatalf("Language…: %s", text(r))
	}
	lm, ok := menu(r.Original.Message, actLangSet)
	if !ok || len(lm.Options) != len(i18n.Supported()) {
		t.Fatalf("the menu of languages: %+v", lm.Options)
	}
	if r := h.pick(de, r.Original.ID, lm.CustomID, "de"); r.Type != 7 {
		t.Fatalf("choosing German: %s", text(r))
	}
	deLine := i18n.German.T("bot.lobby.language", map[string]any{"Language": "Deutsch"})
	if m, _ := h.srv.Message(lobby); !strings.Contains(field(m, i18n.German.T("bot.lobby.settings", nil)), deLine) {
		t.Errorf("the lobby's embed %+v after German was chosen, want %q", m.Embeds, deLine)
	}
	thread, turn := h.startLobby(de, lobby)
	_, st, err := h.store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	t0, _ := st.Drawn()
	tile := st.TileSet().Name(t0)
	names := []string{"Heidi", "François", "Ed"}
	cur := names[st.Current()]
	if want := i18n.German.T("bot.turn.title", map[string]any{"Turn": 1, "Player": cur, "Tile": tile}); turn.Embeds[0].Title != want {
		t.Errorf("the turn's title is %q, want German %q", turn.Embeds[0].Title, want)
	}
	if cm := cellMenu(turn); cm.Placeholder != i18n.German.T("bot.turn.place", nil) {
		t.Errorf("the cell menu says %q", cm.Placeholder)
	}
	// A member who is not to play picks a cell: refused, in their language.
	actors := []discordtest.Actor{de, fr, en}
	langs := []i18n.Lang{i18n.German, i18n.French, i18n.English}
	for k, a := range actors {
		if k == st.Current() {
			continue
		}
		a.ChannelID = thread
		c := st.CandidateCells()[0]
		r := h.pick(a, turn.ID, cellMenu(turn).CustomID, c.String())
		want := langs[k].T("bot.refuse.not_your_turn", map[string]any{"Player": cur})
		if !strings.HasPrefix(text(r), want) {
			t.Errorf("%s picks a cell out of turn: %q, want %q", names[k], text(r), want)
		}
		if langs[k] != i18n.English && want == i18n.English.T("bot.refuse.not_your_turn", map[string]any{"Player": cur}) {
			t.Errorf("the refusal is not translated into %s", langs[k].Name())
		}
	}
	// The player to move opens a preview: in their own language.
	a := actors[st.Current()]
	a.ChannelID = thread
	c := st.CandidateCells()[0]
	r = h.pick(a, turn.ID, cellMenu(turn).CustomID, c.String())
	if r.Original == nil {
		t.Fatalf("no preview: %s", text(r))
	}
	l := langs[st.Current()]
	okb, _ := button(r.Original.Message, actOK)
	if okb.Label != l.T("bot.preview.confirm", nil) {
		t.Errorf("%s's preview says %q for Confirm", cur, okb.Label)
	}
	// Confirm: the turn message becomes its summary, in German.
	if r := h.click(a, r.Original.ID, okb.CustomID); r.Type != 6 {
		t.Fatalf("Confirm: %s", text(r))
	}
	waitStored(t, h, func(g storage.Game) bool { return g.Moves > 0 && g.Announced > 0 })
	_, after, err := h.store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	want, err := turnview.In(i18n.German).Narrate(st.Clone(), after.Moves()[0], turnview.Names(names))
	if err != nil {
		t.Fatal(err)
	}
	english, _ := turnview.In(i18n.English).Narrate(st.Clone(), after.Moves()[0], turnview.Names(names))
	if m, _ := h.srv.Message(turn.ID); m.Content != want || want == english {
		t.Errorf("the turn's summary is %q, want German %q (English %q)", m.Content, want, english)
	}
}
