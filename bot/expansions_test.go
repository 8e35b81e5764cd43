package bot

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

// field returns the value of the embed field named name of message m.
func field(m discordtest.Message, name string) string {
	if len(m.Embeds) == 0 {
		return ""
	}
	for _, f := range m.Embeds[0].Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// autocomplete returns the choices the bot offers for option focused of
// the command line typed so far.
func (h *harness) autocomplete(a discordtest.Actor, line, focused string) []*discordgo.ApplicationCommandOptionChoice {
	h.t.Helper()
	ctx, cancel := h.wctx()
	defer cancel()
	i, err := h.srv.Autocomplete(ctx, a, line, focused)
	if err != nil {
		h.t.Fatalf("%s: %v", line, err)
	}
	r := h.answer(ctx, i)
	var data discordgo.InteractionResponseData
	if err := jsonUnmarshal(r.Data, &data); err != nil {
		h.t.Fatalf("%s: the choices do not read: %v", line, err)
	}
	return data.Choices
}

// checkLargeAutocomplete checks that /carcassonne place's follower
// autocomplete offers the large follower on every spot it offers the
// follower on, in a game of Inns & Cathedrals.
func (h *harness) checkLargeAutocomplete(users []discordtest.User, thread string, msg discordtest.Message) {
	h.t.Helper()
	ids := mention.FindStringSubmatch(msg.Content)
	u, err := userByID(users, ids[1])
	if err != nil {
		h.t.Fatal(err)
	}
	a := discordtest.Actor{User: u, ChannelID: thread}
	cm := cellMenu(msg)
	for _, o := range cm.Options {
		choices := h.autocomplete(a, "/carcassonne place position:"+o.Value+" follower:", "follower")
		plain, large := 0, 0
		for _, c := range choices {
			switch {
			case strings.HasPrefix(c.Name, "large follower – "):
				large++
				if v, _ := c.Value.(string); !strings.HasPrefix(v, "large@") {
					h.t.Errorf("choice %q has value %v", c.Name, c.Value)
				}
			case c.Name != "none":
				plain++
			}
		}
		if plain != large {
			h.t.Errorf("at %s the follower autocomplete offers %d spots to the follower, %d to the large follower: %v", o.Value, plain, large, choices)
		}
		if plain > 0 {
			return
		}
	}
	h.t.Error("no cell of the first turn has a spot for a follower")
}

// TestNewExpansions: /carcassonne new's expansions option, its
// autocomplete, names refused, a sixth seat with Inns & Cathedrals only,
// the lobby that drops it, and help outside and inside a game.
func TestNewExpansions(t *testing.T) {
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	a := discordtest.Actor{User: alice}

	got := h.autocomplete(a, "/carcassonne new expansions:", "expansions")
	want := 0
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase {
			want++
		}
	}
	if len(got) != want || len(got) > 25 {
		t.Errorf("the expansions autocomplete offers %d choices for nothing typed: %v", len(got), got)
	}
	if vs := choiceValues(h.autocomplete(a, "/carcassonne new expansions:tow", "expansions")); !slices.Equal(vs, []string{"tower"}) {
		t.Errorf(`"tow" completes to %v`, vs)
	}
	got = h.autocomplete(a, `/carcassonne new expansions:"river, inn"`, "expansions")
	if len(got) != 1 || got[0].Value != "river, inns-and-cathedrals" {
		t.Errorf(`"river, inn" completes to %v`, choiceValues(got))
	}
	got = h.autocomplete(a, `/carcassonne new expansions:"river,river"`, "expansions")
	if vs := choiceValues(got); !slices.Contains(vs, "river, river2") || slices.Contains(vs, "river, river") {
		t.Errorf(`"river,river" completes to %v`, vs)
	}

	r := h.slash(a, "/carcassonne new expansions:rivers")
	if r.Flags&64 == 0 || !strings.Contains(text(r), `"rivers"`) || !strings.Contains(text(r), "inns-and-cathedrals") {
		t.Errorf("a bad expansion name: %s", text(r))
	}
	r = h.slash(a, "/carcassonne new seats:6 expansions:river")
	if r.Flags&64 == 0 || !strings.Contains(text(r), "sixth seat needs Inns & Cathedrals") {
		t.Errorf("6 seats without Inns & Cathedrals: %s", text(r))
	}
	if games, _ := h.store.GamesByChannel(h.ctx, h.srv.ChannelID); len(games) != 0 {
		t.Fatalf("refused commands opened %d games", len(games))
	}
	if got := text(h.slash(a, "/carcassonne help")); !strings.Contains(got, "Expansions available**: ") || !strings.Contains(got, "Inns & Cathedrals (`inns-and-cathedrals`)") {
		t.Errorf("help outside a game: %q", got)
	}

	// Record names in any case, or titles in any language the bot speaks
	// (each title: turnview's TestExpansionName).
	if set, _, err := readExpansions("Tower, la torre, River"); err == nil {
		t.Errorf("The Tower named twice reads as %s", set)
	}
	if set, names, err := readExpansions(" la rivière ,MAGE-AND-WITCH, Die Katharer"); err != nil || !slices.Equal(names, []string{"base", "river", "mage-and-witch", "cathars"}) {
		t.Errorf("titles read as %s (%v), %v", set, names, err)
	}
	r = h.slash(a, `/carcassonne new seats:6 expansions:"Inns & Cathedrals, der fluss"`)
	if r.Original == nil {
		t.Fatalf("6 seats with Inns & Cathedrals: %s", text(r))
	}
	lobby := *r.Original
	if f := field(lobby, "Seats (1/6)"); strings.Count(f, "free") != 5 {
		t.Errorf("the 6-seat lobby: %+v", lobby.Embeds)
	}
	if got := field(lobby, "Expansions"); got != "The River, Inns & Cathedrals" {
		t.Errorf("the lobby lists %q", got)
	}
	if got := text(h.slash(a, "/carcassonne help")); !strings.Contains(got, "Expansions in this game**: The River, Inns & Cathedrals.") ||
		!strings.Contains(got, "The host chooses them before **Start** in the lobby's **Expansions…** menu; also available: The River II (`river2`), Traders & Builders (`traders-and-builders`)") {
		// Issue 32.13: a lobby's help says how to choose expansions.
		t.Errorf("help in a lobby: %q", got)
	}
	// Every expansion the engine plays is in the menu, The Tower too.
	if sm, _ := menu(lobby.Message, actExp); !slices.ContainsFunc(sm.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == "tower" }) {
		t.Errorf("the Expansions… menu does not offer The Tower: %+v", sm.Options)
	}
	// Only the host chooses the expansions.
	bob := h.srv.NewUser("bob", "Bob")
	if r := h.pick(discordtest.Actor{User: bob}, lobby.ID, lobbyID(actExp, 1), "river"); r.Flags&64 == 0 || !strings.Contains(text(r), "Only the host") {
		t.Errorf("a player who is not the host chose the expansions: %s", text(r))
	}
	// With six players seated, Inns & Cathedrals stays.
	others := []discordtest.User{bob, h.srv.NewUser("cleo", "Cleo"), h.srv.NewUser("dan", "Dan"), h.srv.NewUser("eve", "Eve"), h.srv.NewUser("fay", "Fay")}
	for _, u := range others {
		if r := h.click(discordtest.Actor{User: u}, lobby.ID, lobbyID(actJoin, 1)); r.Type != 7 {
			t.Fatalf("%s joins: answer type %d: %s", u.Username, r.Type, text(r))
		}
	}
	if r := h.pick(a, lobby.ID, lobbyID(actExp, 1), "river"); r.Flags&64 == 0 || !strings.HasPrefix(text(r), tr(i18n.English, "lobby2.expansions.six_seated")) {
		t.Errorf("leaving out Inns & Cathedrals with six seated: %s", text(r))
	}
	if m, _ := h.srv.Message(lobby.ID); field(m, "Seats (6/6)") == "" || field(m, "Expansions") != "The River, Inns & Cathedrals" {
		t.Errorf("the refused change changed the lobby: %+v", m.Embeds[0].Fields)
	}
	// With five seated, leaving out Inns & Cathedrals takes the sixth seat
	// away, and the host is told.
	if r := h.click(discordtest.Actor{User: others[4]}, lobby.ID, lobbyID(actLeave, 1)); r.Type != 7 {
		t.Fatalf("leave: answer type %d: %s", r.Type, text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	in, err := h.srv.Select(ctx, a, lobby.ID, lobbyID(actExp, 1), "river")
	if err != nil {
		t.Fatal(err)
	}
	if r := h.answer(ctx, in); r.Type != 7 {
		t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	m, _ := h.srv.Message(lobby.ID)
	if field(m, "Seats (5/5)") == "" || field(m, "Expansions") != "The River" {
		t.Errorf("the lobby without Inns & Cathedrals: %+v", m.Embeds[0].Fields)
	}
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Response(in.ID).Followups) > 0 }); err != nil {
		t.Errorf("the host was not told the lobby has 5 seats: %v", err)
	} else if f := h.srv.Response(in.ID).Followups[0]; f.Flags&64 == 0 || !strings.Contains(f.Content, "the lobby has 5 seats") {
		t.Errorf("the note on the seats: %q (flags %d)", f.Content, f.Flags)
	}
	// None chosen: the base game.
	if r := h.pick(a, lobby.ID, lobbyID(actExp, 1)); r.Type != 7 {
		t.Fatalf("the Expansions… menu with nothing chosen answered type %d: %s", r.Type, text(r))
	}
	if m, _ := h.srv.Message(lobby.ID); field(m, "Expansions") != "base game" {
		t.Errorf("the lobby with no expansion lists %q", field(m, "Expansions"))
	}
	if g, err := h.store.Get(h.ctx, 1); err != nil || len(g.Expansions) > 1 {
		t.Errorf("stored expansions: %v, %v", g.Expansions, err)
	}
}

func choiceValues(cs []*discordgo.ApplicationCommandOptionChoice) []string {
	var out []string
	for _, c := range cs {
		v, _ := c.Value.(string)
		out = append(out, v)
	}
	return out
}

// TestScoredWords: score lines name the markers that changed the points
// and the bonuses.
func TestScoredWords(t *testing.T) {
	for _, c := range []struct {
		e    engine.ScoreEvent
		want string
	}{
		{engine.ScoreEvent{Feature: engine.Road}, "road"},
		{engine.ScoreEvent{Feature: engine.Road, Markers: engine.Inn}, "road with an inn"},
		{engine.ScoreEvent{Feature: engine.City, Markers: engine.Cathedral}, "city with a cathedral"},
		{engine.ScoreEvent{Feature: engine.City, Markers: engine.Besieged | engine.Cathedral}, "besieged city with a cathedral"},
		{engine.ScoreEvent{Feature: engine.Field, Markers: engine.PigHerd}, "farm with a pig herd"},
		{engine.ScoreEvent{Feature: engine.City, Source: engine.SourceKing}, "King"},
		{engine.ScoreEvent{Feature: engine.Road, Source: engine.SourceRobberBaron}, "Robber Baron"},
	} {
		if got := en.ScoredWords(c.e); got != c.want {
			t.Errorf("en.ScoredWords(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}

// TestPreviewIDs: a preview's custom ids carry its choice (the cell, the
// rotation, the ransom, the option chosen in each menu, the page turned
// to) and the stage of a menu, and read back; ids that do not read as
// one are refused.
func TestPreviewIDs(t *testing.T) {
	for _, c := range []struct {
		ch   choice
		menu int
	}{
		{choice{game: 3, moves: 7, cell: engine.Cell{X: -2, Y: 1}, rot: engine.Rotation(1), picks: []int{2, 0, 13}}, 1},
		{choice{game: 3, moves: 7}, -1},
		{choice{game: 9, moves: 70, cell: engine.Cell{X: 5, Y: -12}, rot: engine.Rotate270, ransomed: true,
			ransom: engine.Ransom{Jailer: 1, Figure: engine.FigureLarge}, picks: []int{0}, page: pageAt{menu: 1, n: 3}}, 0},
	} {
		id := c.ch.id(actSpot, c.menu)
		if len(id) > 100 {
			t.Errorf("%q is longer than Discord's 100 characters", id)
		}
		p, err := parseID(id)
		if err != nil || !reflect.DeepEqual(p.choice, c.ch) || p.stage != c.menu || p.action != actSpot {
			t.Errorf("parseID(%q) = %+v, %v; want %+v", id, p, err, c.ch)
		}
	}
	for _, id := range []string{
		"cc:spot:1:2:0:0:45:-", "cc:spot:1:2:0:0:90", "cc:spot:1:-2:0:0:90:-", "cc:spot:1:2:0:0:90:1..2",
		"cc:spot:1:2:0:0:90:-1", "cc:spot:1:2:0:0:90:-:s=x", "cc:spot:1:2:0:0:90:-:p=0/1", "cc:spot:1:2:0:0:90:-:q=1",
		"cc:spot:1:2:0:0:90:-:s=1:s=2", "cc:spot:1:2:0:0:90:-:r=9/follower", "cc:spot:1:2:0:0:90:" + strings.Repeat("1.", 20) + "1",
	} {
		if p, err := parseID(id); err == nil {
			t.Errorf("parseID(%q) reads as %+v", id, p)
		}
	}
}

// TestDescribeExpansions: the summaries of the rule texts' examples name
// the inn, the cathedral, the King, the Robber Baron and the extra turn.
func TestDescribeExpansions(t *testing.T) {
	for _, c := range []struct {
		file string
		want []string
	}{
		{"river2-volcano-lake-extra-turn.rec", []string{"Ben placed R202 at (5,1), knight on the city.\nAnn placed R203 at (0,-4). Ann plays again.\nAnn placed U at (-1,0)"}},
		// spec/discord.md, "A turn": "Alice placed V at (2,-1), thief on
		// the road; road completed: Alice +4".
		{"road-of-3.rec", []string{"Red placed L at (1,0), thief on the road.\nBlue placed A at (-1,0); road completed: Red +3."}},
		{"cathedral-city-completed.rec", []string{"; city with a cathedral completed: Blue +"}},
		{"inn-road-completed.rec", []string{"; road with an inn completed: "}},
		{"king-and-robber-baron.rec", []string{"takes the King.", "takes the Robber Baron."}},
	} {
		t.Run(c.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "engine", "testdata", "rules", c.file))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := engine.ReadRecord(strings.NewReader(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			st, err := rec.Replay()
			if err != nil {
				t.Fatal(err)
			}
			// From the start, as a bot catching up replays the moves.
			got, _, err := (&Bot{}).describeSince(storage.Game{}, st, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("the summary does not say %q:\n%s", w, got)
				}
			}
			if strings.Count(got, "plays again") > 1 {
				t.Errorf("an extra turn announced twice:\n%s", got)
			}
		})
	}
}

// TestEscapeMenu: with the Cathars, the preview offers the escape of a
// knight from a besieged city next to a cloister (002_…, Sequence of Play,
// step 7), its choice travels in the custom ids, and the move it makes is
// legal and announced.
func TestEscapeMenu(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "engine", "testdata", "rules", "cathars-escape.rec"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.ReadRecord(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	final, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	moves := final.Moves()
	// A draw pile whose third tile is the record's, U: the preview shows
	// the tile drawn.
	var st *engine.Game
	for seed := uint64(1); seed < 2000 && st == nil; seed++ {
		g, err := engine.New(engine.Config{Rules: final.Rules(), Players: final.Players(), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves[:2] {
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		if tile, ok := g.Drawn(); ok && tile == moves[2].Tile {
			st = g
		}
	}
	if st == nil {
		t.Fatal("no seed draws the record's third tile third")
	}
	ch := choice{game: 1, moves: 2, cell: moves[2].Cell, rot: moves[2].Rotation}
	b := &Bot{draw: render.New()}
	sm := previewMenu(t, b, st, ch, actEsc)
	if len(sm.Options) != 2 || sm.Options[0].Value != "-" || !sm.Options[0].Default {
		t.Fatalf("the Escape… menu: %+v", sm.Options)
	}
	esc := valueMove(t, st.TileSet(), sm.Options[1].Value).Escape
	if esc.Cell != moves[2].Escape.Cell {
		t.Fatalf("the escape offered is %q, the record's %v", sm.Options[1].Value, moves[2].Escape)
	}
	ch, ok := ch.choose(st, en, nil, engine.StepEscape, sm.Options[1].Value)
	if !ok {
		t.Fatalf("the escape %q is not taken", sm.Options[1].Value)
	}
	p, err := parseID(ch.id(actOK, -1))
	if err != nil || !reflect.DeepEqual(p.choice, ch) {
		t.Fatalf("parseID(%q) = %+v, %v", ch.id(actOK, -1), p.choice, err)
	}
	if _, err := b.previewData(i18n.English, storage.Game{}, st, ch); err != nil {
		t.Fatal(err)
	}
	// /carcassonne place takes the same escape in its escape option, and
	// refuses one that is not offered.
	typed := choice{game: 1, moves: 2, cell: ch.cell, rot: ch.rot}
	for _, c := range []struct {
		value string
		want  engine.Target
		ok    bool
	}{
		{sm.Options[1].Value, esc, true},
		{"none", engine.Target{}, true},
		{"", engine.Target{}, true},
		{"escape@1,0:S", engine.Target{}, false},
		{"0,-1", engine.Target{}, false},
		{"escape 99999999999999999999,0:N", engine.Target{}, false},
	} {
		got, ok := typed.choose(st, en, nil, engine.StepEscape, c.value)
		w := walkOf(t, st, got)
		if ok != c.ok || ok && w.stages[len(w.stages)-1].chosen().Answer.Target != c.want {
			t.Errorf("escape option %q: %+v, %v", c.value, w.stages, ok)
		}
	}
	before := st.Clone()
	if err := st.Apply(walkOf(t, st, ch).move()); err != nil {
		t.Fatalf("the move with the escape: %v", err)
	}
	if got := st.Supply(0); got != 7 {
		t.Errorf("after the escape Red has %d followers in supply, want 7", got)
	}
	sum, _, err := b.describeSince(storage.Game{}, st, before, 2)
	if err != nil || !strings.Contains(sum, "the knight at (0,-1) escapes from the besieged city") {
		t.Errorf("the summary: %q, %v", sum, err)
	}
}
