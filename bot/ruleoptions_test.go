package bot

import (
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// TestLobbyRuleOptions: each rule option of ruleOptions, in a lobby of its
// expansion alone, through the local Discord: its menu lists its values
// as typed, the lobby's own selected; the host chooses each value in
// turn, and the game stores it and the settings show it; anyone else is
// refused and the lobby stays as it was.
func TestLobbyRuleOptions(t *testing.T) {
	for _, o := range ruleOptions {
		t.Run(o.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			alice := h.srv.NewUser("alice", "Alice")
			bob := h.srv.NewUser("bob", "Bob")
			r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new expansions:"+o.expansion.String())
			lobby := r.Original.ID
			if r := h.click(discordtest.Actor{User: bob}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
				t.Fatalf("Bob joins: answer type %d: %s", r.Type, text(r))
			}
			for _, v := range o.values {
				m, _ := h.srv.Message(lobby)
				sm, ok := menu(m.Message, o.action)
				if !ok {
					t.Fatalf("no %s menu in the lobby of %s", o.name, o.expansion)
				}
				var labels []string
				for _, mo := range sm.Options {
					labels = append(labels, mo.Label)
				}
				var want []string
				for _, w := range o.values {
					want = append(want, o.setting(i18n.English, w))
				}
				if !slices.Equal(labels, want) {
					t.Errorf("the %s menu's options %q, want %q", o.name, labels, want)
				}
				if v == o.values[0] && !sm.Options[0].Default {
					t.Errorf("a new lobby's %s menu does not select its first value", o.name)
				}
				wantEphemeral(t, h.pick(discordtest.Actor{User: bob}, lobby, lobbyID(o.action, 1), v), "Only the host")
				if r := h.pick(discordtest.Actor{User: alice}, lobby, lobbyID(o.action, 1), v); r.Type != 7 {
					t.Fatalf("the host chooses %s %s: answer type %d: %s", o.name, v, r.Type, text(r))
				}
				g, err := h.store.Get(h.ctx, 1)
				if err != nil {
					t.Fatal(err)
				}
				if got := o.get(g.Options); got != v {
					t.Errorf("%s: the game stores %q, want %q", o.name, got, v)
				}
				m, _ = h.srv.Message(lobby)
				if got := field(m, "Settings"); !strings.Contains(got, o.setting(i18n.English, v)) {
					t.Errorf("the lobby's settings %q do not show %q", got, o.setting(i18n.English, v))
				}
				sm, _ = menu(m.Message, o.action)
				for _, mo := range sm.Options {
					if mo.Default != (mo.Value == v) {
						t.Errorf("after %s %s the menu selects %q: %v", o.name, v, mo.Value, mo.Default)
					}
				}
			}
		})
	}
}
