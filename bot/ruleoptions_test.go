package bot

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// TestLobbyRuleOptions: each rule option of an expansion
// (engine.RuleOptions), in a lobby of its expansion alone, through the
// local Discord: its menu lists its values as typed, the lobby's own
// selected; the host chooses each value in turn, and the game stores it
// and the settings show it; anyone else is refused and the lobby stays as
// it was. Leaving the expansion out brings the option back to its
// default.
func TestLobbyRuleOptions(t *testing.T) {
	for _, o := range engine.RuleOptions() {
		if o.Expansion == engine.ExpansionBase {
			continue
		}
		action := actRuleOpt + o.Name
		t.Run(o.Name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			alice := h.srv.NewUser("alice", "Alice")
			bob := h.srv.NewUser("bob", "Bob")
			r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new expansions:"+o.Expansion.String())
			lobby := r.Original.ID
			if r := h.click(discordtest.Actor{User: bob}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
				t.Fatalf("Bob joins: answer type %d: %s", r.Type, text(r))
			}
			for _, v := range o.Values {
				m, _ := h.srv.Message(lobby)
				sm, ok := menu(m.Message, action)
				if !ok {
					t.Fatalf("no %s menu in the lobby of %s", o.Name, o.Expansion)
				}
				var labels []string
				for _, mo := range sm.Options {
					labels = append(labels, mo.Label)
				}
				var want []string
				for _, w := range o.Values {
					want = append(want, i18n.English.T("turn.rule."+o.Name, i18n.Data("Value", w)))
				}
				if !slices.Equal(labels, want) {
					t.Errorf("the %s menu's options %q, want %q", o.Name, labels, want)
				}
				if v == o.Values[0] && !sm.Options[0].Default {
					t.Errorf("a new lobby's %s menu does not select its first value", o.Name)
				}
				wantEphemeral(t, h.pick(discordtest.Actor{User: bob}, lobby, lobbyID(action, 1), v), "Only the host")
				if r := h.pick(discordtest.Actor{User: alice}, lobby, lobbyID(action, 1), v); r.Type != 7 {
					t.Fatalf("the host chooses %s %s: answer type %d: %s", o.Name, v, r.Type, text(r))
				}
				g, err := h.store.Get(h.ctx, 1)
				if err != nil {
					t.Fatal(err)
				}
				if got := o.Value(g.Options); got != v {
					t.Errorf("%s: the game stores %q, want %q", o.Name, got, v)
				}
				m, _ = h.srv.Message(lobby)
				if got := field(m, "Settings"); !strings.Contains(got, i18n.English.T("turn.rule."+o.Name, i18n.Data("Value", v))) {
					t.Errorf("the lobby's settings %q do not show %q", got, i18n.English.T("turn.rule."+o.Name, i18n.Data("Value", v)))
				}
				sm, _ = menu(m.Message, action)
				for _, mo := range sm.Options {
					if mo.Default != (mo.Value == v) {
						t.Errorf("after %s %s the menu selects %q: %v", o.Name, v, mo.Value, mo.Default)
					}
				}
			}
			// Without its expansion, the option takes its default again.
			if r := h.pick(discordtest.Actor{User: alice}, lobby, lobbyID(actExp, 1)); r.Type != 7 {
				t.Fatalf("the host plays the base game alone: answer type %d: %s", r.Type, text(r))
			}
			if g, _ := h.store.Get(h.ctx, 1); o.Value(g.Options) != o.Values[0] {
				t.Errorf("without %s, %s stays %q, want %q", o.Expansion, o.Name, o.Value(g.Options), o.Values[0])
			}
		})
	}
}

// TestLobbyMoreRules: a lobby whose rule options need more menus than
// Discord's 5 rows leave room for (The Princess & the Dragon, The Robbers
// and Traders & Builders: four) shows the first two and a More rules…
// button; the host's gets every option's menu in an ephemeral message,
// where a choice is stored, shown there and in the lobby; anyone else's
// is refused. A lobby with room for its menus with a choice has no such
// button.
func TestLobbyMoreRules(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new expansions:princess-and-dragon,robbers,traders-and-builders")
	lobby := r.Original.ID
	if r := h.click(discordtest.Actor{User: bob}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
		t.Fatalf("Bob joins: answer type %d: %s", r.Type, text(r))
	}
	m, _ := h.srv.Message(lobby)
	if n := len(m.Components); n != 5 {
		t.Errorf("the lobby has %d rows, want 5", n)
	}
	_, buttons := components(m.Message)
	if !slices.ContainsFunc(buttons, func(b discordgo.Button) bool { return b.Label == "More rules…" }) {
		t.Fatalf("the lobby has no More rules… button: %v", buttons)
	}
	if _, ok := menu(m.Message, actRuleOpt+"robbers"); ok {
		t.Error("the Robbers… menu is in the lobby, past its room")
	}
	wantEphemeral(t, h.click(discordtest.Actor{User: bob}, lobby, lobbyID(actRules, 1)), "Only the host")
	r = h.click(discordtest.Actor{User: alice}, lobby, lobbyID(actRules, 1))
	if r.Flags&64 == 0 || !strings.Contains(text(r), "rule options of game #1") {
		t.Fatalf("More rules… answered %q (flags %d)", text(r), r.Flags)
	}
	rules := r.Original.ID
	rm, _ := h.srv.Message(rules)
	for _, name := range []string{"pig", "dragon", "princess", "robbers"} {
		if _, ok := menu(rm.Message, actRuleOpt+name); !ok {
			t.Errorf("the rules message has no %s menu", name)
		}
	}
	if r := h.pick(discordtest.Actor{User: alice}, rules, lobbyID(actRuleOpt+"robbers", 1), "next"); r.Type != 7 {
		t.Fatalf("robbers next from the rules message: answer type %d: %s", r.Type, text(r))
	}
	if g, _ := h.store.Get(h.ctx, 1); g.Options.Robbers != engine.RobbersNext {
		t.Errorf("the game stores robbers %v, want next", g.Options.Robbers)
	}
	rm, _ = h.srv.Message(rules)
	if sm, ok := menu(rm.Message, actRuleOpt+"robbers"); !ok || !sm.Options[1].Default || !strings.Contains(rm.Content, "rule options") {
		t.Errorf("the rules message after the choice: %q, robbers menu %+v", rm.Content, sm)
	}
	m, _ = h.srv.Message(lobby)
	if got := field(m, "Settings"); !strings.Contains(got, "robbers: next") {
		t.Errorf("the lobby's settings %q do not show robbers: next", got)
	}
	if len(m.Embeds) != 1 || !strings.Contains(m.Embeds[0].Title, "#1") {
		t.Errorf("the lobby message is no longer the lobby: %+v", m.Embeds)
	}

	// The Princess & the Dragon alone has room for its menus; with Traders
	// & Builders, the pig's menu of one value, which the settings show,
	// makes room for them.
	for _, exps := range []string{"princess-and-dragon", "princess-and-dragon,traders-and-builders"} {
		r = h.slash(discordtest.Actor{User: bob}, "/carcassonne new expansions:"+exps)
		m, _ = h.srv.Message(r.Original.ID)
		_, buttons = components(m.Message)
		if slices.ContainsFunc(buttons, func(b discordgo.Button) bool { return b.Label == "More rules…" }) {
			t.Errorf("a lobby of %s has a More rules… button", exps)
		}
	}
}

// TestRuleOptionIDs: the custom id of a rule option's menu is "o" and
// the option's name; the pig's menu of a lobby posted before it ("pig")
// still reads as its own, and no other name, nor the base game's options
// (options of /carcassonne new), reads as a menu.
func TestRuleOptionIDs(t *testing.T) {
	for id, want := range map[string]string{"cc:pig:4": "opig", "cc:opig:4": "opig", "cc:odragon:4": "odragon", "cc:orobbers:4": "orobbers"} {
		if p, err := parseID(id); err != nil || p.action != want || p.game != 4 {
			t.Errorf("%s: %+v, %v; want action %s", id, p, err, want)
		}
	}
	for _, bad := range []string{"cc:ofarms:4", "cc:otiny-city:4", "cc:onothing:4", "cc:o:4", "cc:odragon:4:1"} {
		if p, err := parseID(bad); err == nil {
			t.Errorf("%s reads as %+v", bad, p)
		}
	}
}
