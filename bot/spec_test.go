package bot

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// The texts spec/discord.md and the expansion issues quote, checked where
// the bot builds them, without a Discord: the stand-in that checks the
// project looks for them letter by letter.

// TestSpecCommandOptions: /carcassonne new's options in the order and with
// the values spec/discord.md's table gives them.
func TestSpecCommandOptions(t *testing.T) {
	cmds := commands()
	if len(cmds) != 1 || cmds[0].Name != "carcassonne" {
		t.Fatalf("commands %+v, want the one /carcassonne", cmds)
	}
	subs := map[string]*discordgo.ApplicationCommandOption{}
	for _, o := range cmds[0].Options {
		subs[o.Name] = o
		if len(o.Description) > 100 {
			t.Errorf("/carcassonne %s: a description of %d characters, Discord takes 100", o.Name, len(o.Description))
		}
		for _, p := range o.Options {
			if len(p.Description) > 100 {
				t.Errorf("/carcassonne %s %s: a description of %d characters, Discord takes 100", o.Name, p.Name, len(p.Description))
			}
		}
	}
	for _, n := range []string{"new", "join", "leave", "start", "place", "board", "score", "record", "resign", "stop", "help"} {
		if subs[n] == nil {
			t.Errorf("no /carcassonne %s", n)
		}
	}
	var names []string
	values := map[string][]string{}
	for _, o := range subs["new"].Options {
		names = append(names, o.Name)
		for _, c := range o.Choices {
			values[o.Name] = append(values[o.Name], c.Value.(string))
			if len(c.Name) > 100 {
				t.Errorf("choice %q of %s: over 100 characters", c.Name, o.Name)
			}
		}
	}
	if want := []string{"expansions", "farms", "tiny-city", "turn-timeout", "seats"}; !slices.Equal(names, want) {
		t.Errorf("/carcassonne new's options %q, want %q", names, want)
	}
	for opt, want := range map[string][]string{"farms": {"per-farm", "per-city", "off"}, "tiny-city": {"4", "2"}} {
		if !slices.Equal(values[opt], want) {
			t.Errorf("%s's values %q, want %q", opt, values[opt], want)
		}
	}
	var timeouts []string
	for _, o := range subs["new"].Options {
		if o.Name == "turn-timeout" {
			for _, c := range o.Choices {
				timeouts = append(timeouts, c.Name)
			}
		}
	}
	if want := []string{"off", "5 min", "1 h", "24 h"}; !slices.Equal(timeouts, want) {
		t.Errorf("turn-timeout's choices %q, want %q", timeouts, want)
	}
	var place []string
	for _, o := range subs["place"].Options {
		place = append(place, o.Name)
	}
	if len(place) < 3 || !slices.Equal(place[:3], []string{"position", "rotation", "follower"}) {
		t.Errorf("/carcassonne place's options %q, want position, rotation, follower first", place)
	}
}

// TestSpecTimeoutValues: turn-timeout reads its choices' values and the
// spec's words for them.
func TestSpecTimeoutValues(t *testing.T) {
	for v, want := range map[string]string{"": "0s", "off": "0s", "5m": "5m0s", "5 min": "5m0s", "1h": "1h0m0s", "1 h": "1h0m0s",
		"24h": "24h0m0s", "24 h": "24h0m0s", "24 hours": "24h0m0s"} {
		d, ok := readTimeout(v)
		if !ok || d.String() != want {
			t.Errorf("readTimeout(%q) = %v, %v; want %s", v, d, ok, want)
		}
	}
	for _, v := range []string{"3m", "forever", "-1h"} {
		if _, ok := readTimeout(v); ok {
			t.Errorf("readTimeout(%q) reads", v)
		}
	}
}

// TestSpecLobbyLabels: the lobby's buttons and menu as spec/discord.md and
// issue 16 name them, and Language… (issue 34).
func TestSpecLobbyLabels(t *testing.T) {
	g := storage.Game{ID: 7, Status: storage.StatusLobby, MaxSeats: 5, HostID: "1"}
	var labels []string
	var placeholders []string
	for _, row := range lobbyButtons(g) {
		for _, c := range row.(discordgo.ActionsRow).Components {
			switch c := c.(type) {
			case discordgo.Button:
				labels = append(labels, c.Label)
			case discordgo.SelectMenu:
				placeholders = append(placeholders, c.Placeholder)
			}
		}
	}
	if want := []string{"Join", "Leave", "Start", "Cancel", "Add computer player", "Remove", "Language…"}; !slices.Equal(labels, want) {
		t.Errorf("the lobby's buttons %q, want %q", labels, want)
	}
	if !slices.Contains(placeholders, "Expansions…") {
		t.Errorf("the lobby's menus %q, want Expansions…", placeholders)
	}
}

// TestSpecFollowerLabels: the Follower… menu names a spot as
// spec/discord.md does ("knight – city (north)", "monk – cloister"),
// without a prefix; the preview's number is in the description.
func TestSpecFollowerLabels(t *testing.T) {
	st, err := engine.New(engine.Config{Players: []string{"Ann", "Bob"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`^(knight – city|thief – road|farmer – field|monk – cloister)( \([a-z, -]+\))?$`)
	seen := 0
	for _, p := range st.Placements() {
		spots := st.FollowerSpots(p)
		w := walkOf(t, st, choice{cell: p.Cell, rot: p.Rotation})
		menu := menuOptions(i18n.English, w.stages[0], p.Cell)
		if menu[0].Label != "No follower" || !menu[0].Default {
			t.Errorf("the Follower… menu opens with %+v, want No follower chosen", menu[0])
		}
		for _, o := range menu[1:] {
			seen++
			if !name.MatchString(o.Label) {
				t.Errorf("the Follower… entry %q is not named like \"knight – city (north)\"", o.Label)
			}
			port := valueMove(t, st.TileSet(), o.Value).Follower
			k := slices.IndexFunc(spots, func(s engine.Spot) bool { return s.Ports.Has(port) })
			if o.Description != "spot "+engine.SpotLabel(k)+" on the picture" || k < 0 {
				t.Errorf("entry %q: description %q", o.Label, o.Description)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no follower spots for the first tile")
	}
}

// TestSpecDragonOptions: with The Princess & the Dragon chosen, the lobby
// shows a menu per option of it (spec/discord.md, "Expansions";
// spec/rules-options.md: dragon, princess); only the host chooses; the
// game keeps the choice; leaving the expansion out drops it.
func TestSpecDragonOptions(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new")
	lobby := r.Original.ID
	if r := h.click(discordtest.Actor{User: bob}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
		t.Fatalf("Bob joins: answer type %d: %s", r.Type, text(r))
	}
	if r := h.pick(discordtest.Actor{User: alice}, lobby, lobbyID(actExp, 1), "traders-and-builders", "princess-and-dragon"); r.Type != 7 {
		t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	m, _ := h.srv.Message(lobby)
	for action, want := range map[string][]string{actRuleOpt + "dragon": {"dragon: before-scoring", "dragon: after-scoring"}, actRuleOpt + "princess": {"princess: may", "princess: must"}} {
		sm, ok := menu(m.Message, action)
		var labels []string
		for _, o := range sm.Options {
			labels = append(labels, o.Label)
		}
		if !ok || !slices.Equal(labels, want) || !sm.Options[0].Default {
			t.Errorf("the lobby's %s menu: %v, options %q, want %q with the first chosen", action, ok, labels, want)
		}
	}
	if got := field(m, "Settings"); !strings.Contains(got, "dragon: before-scoring\nprincess: may") {
		t.Errorf("the lobby's settings %q do not show the dragon's and princess's options", got)
	}
	wantEphemeral(t, h.pick(discordtest.Actor{User: bob}, lobby, lobbyID(actRuleOpt+"dragon", 1), "after-scoring"), "Only the host")
	for action, v := range map[string]string{actRuleOpt + "dragon": "after-scoring", actRuleOpt + "princess": "must"} {
		if r := h.pick(discordtest.Actor{User: alice}, lobby, lobbyID(action, 1), v); r.Type != 7 {
			t.Fatalf("%s %s: answer type %d: %s", action, v, r.Type, text(r))
		}
	}
	m, _ = h.srv.Message(lobby)
	if got := field(m, "Settings"); !strings.Contains(got, "dragon: after-scoring\nprincess: must") {
		t.Errorf("the lobby's settings %q, want dragon: after-scoring, princess: must", got)
	}
	g, _ := h.store.Get(h.ctx, 1)
	if g.Options.Dragon != engine.DragonAfterScoring || g.Options.Princess != engine.PrincessMust {
		t.Errorf("the stored options %+v, want after-scoring and must", g.Options)
	}
	if r := h.pick(discordtest.Actor{User: alice}, lobby, lobbyID(actExp, 1), "traders-and-builders"); r.Type != 7 {
		t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	g, _ = h.store.Get(h.ctx, 1)
	if g.Options.Dragon != engine.DragonBeforeScoring || g.Options.Princess != engine.PrincessMay {
		t.Errorf("without The Princess & the Dragon the options stay %+v", g.Options)
	}
	m, _ = h.srv.Message(lobby)
	if _, ok := menu(m.Message, actRuleOpt+"dragon"); ok {
		t.Error("the Dragon… menu stays without its expansion")
	}
	if _, ok := menu(m.Message, actRuleOpt+"pig"); !ok {
		t.Error("the Pig… menu is gone with Traders & Builders chosen")
	}
}

// TestSpecTypedPlace: /carcassonne place reads its options typed as their
// autocomplete names them, as well as by their values.
func TestSpecTypedPlace(t *testing.T) {
	for v, want := range map[string]string{"3 · (2,-1)": "(2,-1)", "(2,-1)": "(2,-1)", "2,-1": "2,-1"} {
		if got := typedCell(v); got != want {
			t.Errorf("typedCell(%q) = %q, want %q", v, got, want)
		}
	}
	st, err := engine.New(engine.Config{Players: []string{"Ann", "Bob"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	p := st.Placements()[0]
	ch := choice{cell: p.Cell, rot: p.Rotation}
	os := ch.stageOptions(st, en, nil, engine.StepFigure)
	if len(os) < 2 {
		t.Fatal("no spots")
	}
	// typed reads what a member typed as the follower option, and returns
	// the value of the option chosen ("" when refused).
	typed := func(v string) string {
		c, ok := ch.choose(st, en, nil, engine.StepFigure, v)
		if !ok {
			return ""
		}
		return walkOf(t, st, c).stages[0].chosen().Value
	}
	for _, o := range os[1:] {
		for _, v := range []string{strings.ToUpper(o.Label), o.Value, strings.TrimPrefix(o.Value, "follower@")} {
			if got := typed(v); got != o.Value {
				t.Errorf("the follower typed %q reads as %q, want %q", v, got, o.Value)
			}
		}
	}
	for v, want := range map[string]string{"none": "-", "-": "-", "": "-", "nowhere": "", "figure large@N": ""} {
		if got := typed(v); got != want {
			t.Errorf("the follower typed %q reads as %q, want %q", v, got, want)
		}
	}
}

// TestSpecHelpLength: /carcassonne help fits Discord's 4,096 characters of
// an embed's description and 1,024 of a field's value, with every
// expansion the bot offers in play, in every language; its messages
// (helpMessages) take 6,000 characters each, and English's is one.
func TestSpecHelpLength(t *testing.T) {
	var all engine.ExpansionSet
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase {
			all = all.With(e)
		}
	}
	for _, l := range i18n.Supported() {
		for _, in := range []bool{false, true} {
			es := helpEmbeds(l, all, in, in)
			es[0].Fields = append(es[0].Fields, statsHelp(l))
			for _, e := range es {
				if n := len([]rune(e.Description)); n > 4096 {
					t.Errorf("%s help (in a game: %v), embed %q: %d characters, Discord takes 4,096", l, in, e.Title, n)
				}
				for _, f := range e.Fields {
					if len([]rune(f.Value)) > 1024 {
						t.Errorf("%s help field %q: %d characters, Discord takes 1,024", l, f.Name, len([]rune(f.Value)))
					}
				}
			}
			msgs := helpMessages(es)
			if l == i18n.English && len(msgs) != 1 {
				t.Errorf("English help (in a game: %v) in %d messages, want 1", in, len(msgs))
			}
			n := 0
			for _, m := range msgs {
				total := 0
				for _, e := range m {
					total += embedText(e)
					n++
				}
				if total > 6000 {
					t.Errorf("%s help (in a game: %v): %d characters in a message's embeds, Discord takes 6,000", l, in, total)
				}
			}
			if n != len(es) {
				t.Errorf("%s help: %d embeds in its messages, want %d", l, n, len(es))
			}
		}
	}
}
