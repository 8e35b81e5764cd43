package bot

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestLanguagesExpansionsHelp: through the local Discord, a German lobby's
// Expansions… menu and embed name the expansions by their German titles;
// /carcassonne help in that lobby gives a German member the paragraphs of
// The Princess & the Dragon, the mini expansions and The Robbers in
// German, and a French member in French; the lobby's Robbers… menu speaks
// the game's language (checked alone); /carcassonne pawn answers in the
// member's.
func TestLanguagesExpansionsHelp(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	de := discordtest.Actor{User: h.srv.NewUser("heidi", "Heidi"), Locale: "de", GuildLocale: "de"}
	fr := discordtest.Actor{User: h.srv.NewUser("francois", "François"), Locale: "fr", GuildLocale: "de"}
	r := h.slash(de, "/carcassonne new")
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	lm, _ := h.srv.Message(lobby)
	sm, _ := menu(lm.Message, actExp)
	if !slices.ContainsFunc(sm.Options, func(o discordgo.SelectMenuOption) bool {
		return o.Value == "inns-and-cathedrals" && o.Label == "Wirtshäuser und Kathedralen"
	}) {
		t.Errorf("the German Expansions… menu: %+v", sm.Options)
	}
	exps := []string{"princess-and-dragon", "flying-machines", "ferries", "gold-mines", "mage-and-witch", "crop-circles", "robbers"}
	if r := h.pick(de, lobby, lobbyID(actExp, 1), exps...); r.Type != 7 {
		t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	lm, _ = h.srv.Message(lobby)
	var set engine.ExpansionSet
	for _, v := range exps {
		e, _ := engine.ParseExpansion(v)
		set = set.With(e)
	}
	if got, want := field(lm, i18n.German.T("bot.lobby.expansions", nil)), strings.Join(turnview.In(i18n.German).ExpansionTitles(set), ", "); got != want ||
		!strings.Contains(got, "Burgfräulein und Drache") {
		t.Errorf("the German lobby lists the expansions %q, want %q", got, want)
	}

	for _, c := range []struct {
		a discordtest.Actor
		l i18n.Lang
	}{{de, i18n.German}, {fr, i18n.French}} {
		got := text(h.slash(c.a, "/carcassonne help"))
		for _, id := range []string{"help2.dragon", "help2.flying", "help2.ferries", "help2.gold", "help2.mage", "help2.crop", "help.expansions.robbers"} {
			if want := c.l.T(id, nil); !strings.Contains(got, want) {
				t.Errorf("%s help in the lobby does not say %q:\n%s", c.l.Name(), want, got)
			}
			notEnglish(t, c.l, id, nil)
		}
		if strings.Contains(got, "After a dragon tile") {
			t.Errorf("%s help speaks English:\n%s", c.l.Name(), got)
		}
	}

	// The lobby shows so many rule menus only when it has room; the menu
	// of a German lobby alone.
	robbers, _ := engine.RuleOptionNamed("robbers")
	rm := ruleOptionMenu(storage.Game{ID: 1, Language: "de", Options: engine.Options{Robbers: engine.RobbersNext}}, robbers)
	if rm.Placeholder != "Räuber …" || len(rm.Options) != 2 || rm.Options[0].Label != "Räuber: each" ||
		rm.Options[1].Description != i18n.German.T("lobby2.option.robbers.next", nil) || rm.Options[0].Default || !rm.Options[1].Default {
		t.Errorf("the German lobby's Robbers… menu: %+v", rm)
	}

	wantEphemeral(t, h.slash(fr, "/carcassonne pawn moves:messenger"), i18n.French.T("bot2.pawn.messenger", nil))
	wantEphemeral(t, h.slash(de, "/carcassonne pawn"), i18n.German.T("bot2.pawn.marker", nil))
}

// TestLanguagesRansom: through the local Discord, in a German game of The
// Tower whose moves up to the first possible ransom are stored (found by
// towerSeed) and announced when the bot starts again, the turn message
// tells of the ransom in German, and the Ransom button's menu and its
// answer speak the member's language.
func TestLanguagesRansom(t *testing.T) {
	t.Parallel()
	seed, _ := towerSeed(t)
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return seed } })
	de := discordtest.Actor{User: h.srv.NewUser("heidi", "Heidi"), Locale: "de", GuildLocale: "de"}
	fr := discordtest.Actor{User: h.srv.NewUser("francois", "François"), Locale: "fr", GuildLocale: "de"}
	r := h.slash(de, "/carcassonne new")
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	if r := h.click(fr, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
		t.Fatalf("join: %s", text(r))
	}
	if r := h.pick(de, lobby, lobbyID(actExp, 1), "tower"); r.Type != 7 {
		t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	if lm, _ := h.srv.Message(lobby); field(lm, i18n.German.T("bot.lobby.expansions", nil)) != "Der Turm" {
		t.Errorf("the German lobby's expansions: %+v", lm.Embeds)
	}
	thread, first := h.startLobby(de, lobby)

	// The moves up to the first turn that may pay a ransom, stored while
	// the bot is stopped; the bot announces them when it starts again.
	var g storage.Game
	var st *engine.Game
	h.storeStopped(func(store *storage.Store) {
		var err error
		for k := 0; ; k++ {
			if g, st, err = store.Load(h.ctx, 1); err != nil {
				t.Fatal(err)
			}
			if len(st.Ransoms()) > 0 {
				return
			}
			if st.Ended() {
				t.Fatal("the game ended before a ransom could be paid")
			}
			mv := towerMove(st)
			mv.Ransomed, mv.Ransom = false, engine.Ransom{}
			if _, err := store.AppendMove(h.ctx, 1, g.Moves, mv, storage.Request{ID: fmt.Sprintf("test-%d", k)}); err != nil {
				t.Fatalf("move %d: %+v: %v", k, mv, err)
			}
		}
	})
	msg, more := h.nextTurn(thread, first.ID)
	if !more {
		t.Fatal("no turn message after the restart")
	}
	rs := st.Ransoms()
	jailer := g.Seats[rs[0].Jailer].Name
	desc := msg.Embeds[0].Description
	held := i18n.German.T("turn.ransom.held", map[string]any{"Figure": "Gefolgsmann", "Jailer": jailer})
	if !strings.Contains(desc, "Lösegeld: Bevor du die Karte anlegst, darfst du 3 Punkte zahlen") || !strings.Contains(desc, held) {
		t.Errorf("the German turn message does not tell of the ransom (%q): %q", held, desc)
	}
	b, ok := button(msg.Message, actRansom)
	if !ok || b.Label != i18n.German.T("bot.turn.ransom_button", nil) {
		t.Fatalf("the turn message's Ransom button: %v %+v", ok, b)
	}

	// The player to move clicks Ransom, in their own language.
	a, l := de, i18n.German
	if g.Seats[st.Current()].UserID == fr.User.ID {
		a, l = fr, i18n.French
	}
	a.ChannelID = thread
	r = h.click(a, msg.ID, b.CustomID)
	if r.Flags&64 == 0 || r.Original == nil {
		t.Fatalf("the Ransom button's answer is not ephemeral: %s", text(r))
	}
	if want := l.N("bot2.ransom.ask", engine.RansomPoints, nil); r.Original.Content != want {
		t.Errorf("the %s ransom menu says %q, want %q", l.Name(), r.Original.Content, want)
	}
	pm, ok := menu(r.Original.Message, actRanPay)
	figure := turnview.In(l).Figure(rs[0].Figure)
	wantLabel := l.N("bot2.ransom.option", engine.RansomPoints, map[string]any{"Jailer": jailer, "Figure": figure})
	if !ok || pm.Placeholder != l.T("bot2.ransom.placeholder", nil) || len(pm.Options) == 0 || pm.Options[0].Label != wantLabel {
		t.Fatalf("the %s ransom menu: %v %+v, want the label %q", l.Name(), ok, pm, wantLabel)
	}
	r = h.pick(a, r.Original.ID, pm.CustomID, pm.Options[0].Value)
	if r.Type != 7 {
		t.Fatalf("the ransom menu answered type %d: %s", r.Type, text(r))
	}
	m, _ := h.srv.Message(r.Original.ID)
	if want := l.N("bot2.ransom.chosen", engine.RansomPoints, map[string]any{"Jailer": jailer, "Figure": figure}); m.Content != want {
		t.Errorf("after the %s ransom menu: %q, want %q", l.Name(), m.Content, want)
	}
	notEnglish(t, l, "bot2.ransom.placeholder", nil)
}
