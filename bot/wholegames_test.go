//go:build !race

package bot

// The whole games of this file play to their end through the local Discord,
// one after another expansion: under the race detector they took most of
// the package's eight minutes, and the detector finds nothing in a game's
// last turns that its first ones did not show. They run in the sweep
// without -race (README, "Development"), which CI runs too; under -race the
// 24 turns of TestComputerGameExpansions, the steps of the defect and
// catch-up tests (a crop circle's answers, a capture, an escape, a pending
// step after a restart), the real process killed mid-turn of
// TestBotKilledMidTurn (cmd) and every shorter test exercise the same
// paths.

import (
	"bytes"
	"fmt"
	"image/png"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestComputerGame plays a whole game of one person against two computers
// through the local Discord: the person's turns through the components,
// the computers' by the bot. The end's table equals the replay of the
// record, every computer's move is the one package ai makes for that
// position and seed (so a bot started again plays the same), and no
// message mentions a computer.
func TestComputerGame(t *testing.T) {
	t.Parallel()
	playComputerGame(t, "/carcassonne new", 16, 0)
}

// TestDragonComputers plays a game of The Princess & the Dragon of one
// person against two computers (easy and normal) to the end: the
// computers decide their steps of the dragon at once, without being
// mentioned, and the person's steps are asked with a message that
// mentions her; the final table is the replay of the attached record.
func TestDragonComputers(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, func(c *Config) {
		c.ComputerPause, c.ComputerPlayouts = time.Millisecond, testPlayouts
		c.Seed = func() uint64 { return 4 }
	})
	alice := h.srv.NewUser("alice", "Alice")
	thread := h.computerGame(alice, "/carcassonne new expansions:princess-and-dragon", "easy", "normal")
	_, turns, steps := h.playWithComputers(alice, thread, dragonMove, func(st *engine.Game, d engine.Decision) bool {
		return d.Step == engine.StepDragon
	})
	mine, computerSteps := steps[engine.StepDragon], 0
	for _, m := range h.srv.Messages(thread) {
		if strings.Contains(m.Content, "Computer (") && strings.Contains(m.Content, " moves the dragon ") {
			computerSteps++
			if mention.MatchString(m.Content) {
				t.Errorf("a computer's step mentions someone: %q", m.Content)
			}
		}
	}
	t.Logf("%d turns of Alice, %d of her steps of the dragon, %d of the computers'", turns, mine, computerSteps)
	if mine == 0 || computerSteps == 0 {
		t.Errorf("Alice chose %d steps of the dragon and the computers %d: both should", mine, computerSteps)
	}
	end, _ := h.nextTurn(thread, "")
	if rec := recordText(t, end); !strings.Contains(rec, " aside") {
		t.Errorf("no tile was set aside in the game:\n%s", rec)
	}
	g := recordOf(t, end)
	// Each tile set aside is told, in a turn message posted to the thread,
	// in the words the terminal says it with (turnview.DrawWords).
	said := ""
	for _, r := range h.srv.Requests() {
		var m struct {
			Content string                   `json:"content"`
			Embeds  []discordgo.MessageEmbed `json:"embeds"`
		}
		if r.Method == "POST" && strings.Contains(r.Path, "/channels/"+thread+"/messages") && jsonUnmarshal(r.JSON, &m) == nil {
			said += m.Content + "\n"
			for _, e := range m.Embeds {
				said += e.Description + "\n"
			}
		}
	}
	c, err := engine.New(engine.Config{Rules: g.Rules(), Players: g.Players(), Options: g.Options(), Seed: g.Seed(), Tiles: g.TileSet(), Start: g.Start()})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range g.Moves() {
		if w := en.DrawWords(c, m, turnview.Names(g.Players())); w != "" && !strings.Contains(said, w) {
			t.Errorf("the thread does not say %q", w)
		}
		c.Play(m)
	}
	names, cols := tableRows(end.Embeds[0].Description)
	for k, name := range names {
		// Long names are cut to 16 characters in the table.
		p := slices.IndexFunc(g.Players(), func(n string) bool { return n == name || strings.HasPrefix(n, strings.TrimSuffix(name, "…")) })
		if p < 0 || len(cols[k]) == 0 || cols[k][len(cols[k])-1] != g.Score(p) {
			t.Fatalf("row %q: %v, the replay's scores %v", name, cols[k], g.Scores())
		}
	}
}

// TestCatharsGame plays a whole game of three players with The River II,
// Inns & Cathedrals, the Cathars and the pig herd (GQ11), chosen with the
// lobby's Expansions… menu, through the components (Place the tile…, ⟳,
// Follower…, Escape…, Confirm), with the moves of catharsMove on a draw
// pile found by catharsSeed: a knight escapes from a besieged city, a road
// with an inn or a city with a cathedral is completed, a besieged city is
// completed, and the volcano-lake gives its player another turn; the
// summaries must say so, the turn after the volcano-lake must ping the same
// player, and the final table must be the replay of the attached record.
func TestCatharsGame(t *testing.T) {
	t.Parallel()
	seed, want := catharsSeed(t)
	t.Logf("seed %d: %+v", seed, want)
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return seed } })
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	cleo := h.srv.NewUser("cleo", "Cleo")
	users := []discordtest.User{alice, bob, cleo}
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new")
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	for _, u := range users[1:] {
		if r := h.click(discordtest.Actor{User: u}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
			t.Fatalf("%s joins: answer type %d: %s", u.Username, r.Type, text(r))
		}
	}
	var values, titles []string
	for _, e := range catharsExpansions {
		values = append(values, e.String())
		titles = append(titles, e.Title())
	}
	m, _ := h.srv.Message(lobby)
	sm, ok := menu(m.Message, actExp)
	if !ok {
		t.Fatal("the lobby has no Expansions… menu")
	}
	for _, v := range values {
		if !slices.ContainsFunc(sm.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v }) {
			t.Fatalf("the Expansions… menu does not offer %s: %+v", v, sm.Options)
		}
	}
	if r := h.pick(discordtest.Actor{User: alice}, lobby, lobbyID(actExp, 1), values...); r.Type != 7 {
		t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	m, _ = h.srv.Message(lobby)
	if got, w := field(m, "Expansions"), strings.Join(titles, ", "); got != w {
		t.Errorf("the lobby lists the expansions %q, want %q", got, w)
	}
	if r := h.click(discordtest.Actor{User: alice}, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		t.Fatalf("start: answer type %d: %s", r.Type, text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatalf("no thread: %v", err)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	msg, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil })
	if err != nil {
		t.Fatalf("no first turn: %v", err)
	}

	seen := catharsSeen{-1, -1, -1, -1}
	var summaries []string
	turns := 0
	for more := true; more; turns++ {
		g, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if st.Seed() != seed {
			t.Fatalf("the game's seed is %d, want %d", st.Seed(), seed)
		}
		cur := st.Current()
		u := users[cur]
		if ids := mention.FindStringSubmatch(msg.Content); ids == nil || ids[1] != u.ID {
			t.Fatalf("turn %d: the turn message pings %q, the player to move is %s", turns, msg.Content, u.Username)
		}
		mv := catharsMove(st)
		after := st.Clone()
		if err := after.Apply(mv); err != nil {
			t.Fatalf("turn %d: %+v: %v", turns, mv, err)
		}
		evs := after.Events()[len(st.Events()):]
		k := len(st.Moves())
		seen.note(k, mv, after, evs)

		summary := h.playMove(u, thread, msg, st, mv)
		summaries = append(summaries, summary)
		if k == want.escape || k == want.innOrCath || k == want.siege || k == want.extra {
			t.Logf("move %d: %s", k, summary)
		}
		low := strings.ToLower(summary)
		name := g.Seats[cur].Name
		if mv.Escape.Port != engine.NoPort {
			if w := fmt.Sprintf("the knight at (%s) escapes from the besieged city", mv.Escape.Cell); !strings.Contains(summary, w) {
				t.Errorf("move %d: the summary of an escape does not say %q: %q", k, w, summary)
			}
		}
		for _, e := range evs {
			if e.Final || e.Source != engine.SourceFeature || e.Markers&(engine.Inn|engine.Cathedral|engine.Besieged) == 0 {
				continue
			}
			if w := fmt.Sprintf("%s completed: %s +%d", markedWords(e), g.Seats[e.Player].Name, e.Points); !strings.Contains(low, strings.ToLower(w)) {
				t.Errorf("move %d: the summary does not say %q: %q", k, w, summary)
			}
		}
		again := after.ExtraTurn()
		if w := name + " plays again."; strings.Contains(summary, w) != again {
			t.Errorf("move %d: the extra turn is %v, the summary %q", k, again, summary)
		}
		msg, more = h.nextTurn(thread, msg.ID)
		if again {
			if !more {
				t.Fatalf("move %d: the game ended after the volcano-lake", k)
			}
			if ids := mention.FindStringSubmatch(msg.Content); ids == nil || ids[1] != u.ID {
				t.Errorf("move %d: after the volcano-lake the next turn pings %q, want %s", k, msg.Content, u.Username)
			}
		}
	}
	if seen.escape != want.escape || seen.innOrCath != want.innOrCath || seen.siege != want.siege || seen.extra != want.extra {
		t.Errorf("the game through Discord showed %+v, the search %+v", seen, want)
	}
	t.Logf("%d turns", turns)
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	for _, e := range catharsExpansions {
		if !g.Rules().Expansions.Has(e) {
			t.Errorf("the record's game does not play %s", e.Title())
		}
	}
	checkFinalTable(t, g, msg.Embeds[0].Description)
	// The thread keeps the summaries the players were given.
	var all strings.Builder
	for _, m := range h.srv.Messages(thread) {
		all.WriteString(m.Content + "\n")
	}
	for _, s := range summaries {
		if !strings.Contains(all.String(), s) {
			t.Errorf("the thread does not hold the summary %q", s)
		}
	}
}

// TestExpansionsGame plays a whole game of three players with The River,
// Inns & Cathedrals and King & Robber Baron, chosen with the lobby's
// Expansions… menu, through the components, deploying the large follower
// whenever the Follower… menu offers it; the final table must be the
// replay of the attached record.
func TestExpansionsGame(t *testing.T) {
	// The two whole games run side by side: each is mostly drawing.
	t.Parallel()
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	cleo := h.srv.NewUser("cleo", "Cleo")
	users := []discordtest.User{alice, bob, cleo}
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new")
	lobby := r.Original.ID
	if got := field(*r.Original, "Expansions"); got != "base game" {
		t.Errorf("a new lobby's expansions: %q, want base game", got)
	}
	menuID := lobbyID(actExp, 1)
	m, _ := h.srv.Message(lobby)
	sm, ok := menu(m.Message, actExp)
	if !ok {
		t.Fatal("the lobby has no Expansions… menu")
	}
	var labels []string
	for _, o := range sm.Options {
		labels = append(labels, o.Label)
	}
	if sm.Placeholder != "Expansions…" || !slices.Contains(labels, "The River") || !slices.Contains(labels, "Inns & Cathedrals") ||
		sm.MinValues == nil || *sm.MinValues != 0 || sm.MaxValues != len(sm.Options) {
		t.Errorf("the Expansions… menu: %q, options %q, min %v max %d", sm.Placeholder, labels, sm.MinValues, sm.MaxValues)
	}
	for _, u := range users[1:] {
		if r := h.click(discordtest.Actor{User: u}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
			t.Fatalf("%s joins: answer type %d: %s", u.Username, r.Type, text(r))
		}
	}
	if r := h.pick(discordtest.Actor{User: bob}, lobby, menuID, "river"); !strings.Contains(text(r), "Only the host") {
		t.Errorf("a player who is not the host chose expansions: %s", text(r))
	}
	chosen := []string{"river", "inns-and-cathedrals", "king-and-robber"}
	if r := h.pick(discordtest.Actor{User: alice}, lobby, menuID, chosen...); r.Type != 7 {
		t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	m, _ = h.srv.Message(lobby)
	want := "The River, Inns & Cathedrals, King & Robber Baron"
	if got := field(m, "Expansions"); got != want {
		t.Errorf("the lobby lists the expansions %q, want %q", got, want)
	}
	sm, _ = menu(m.Message, actExp)
	for _, o := range sm.Options {
		if o.Default != slices.Contains(chosen, o.Value) {
			t.Errorf("option %s selected: %v", o.Value, o.Default)
		}
	}
	if r := h.click(discordtest.Actor{User: alice}, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		t.Fatalf("start: answer type %d: %s", r.Type, text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatalf("no thread: %v", err)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	msg, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil })
	if err != nil {
		t.Fatalf("no first turn: %v", err)
	}

	// /carcassonne help in the game's thread names its expansions.
	if got := text(h.slash(discordtest.Actor{User: bob, ChannelID: thread}, "/carcassonne help")); !strings.Contains(got, "Expansions in this game**: "+want) || strings.Contains(got, "available:") {
		t.Errorf("help in the game: %q", got)
	}
	// /carcassonne score counts the large follower in the supply.
	if got := text(h.slash(discordtest.Actor{User: bob, ChannelID: thread}, "/carcassonne score")); strings.Count(got, "7 followers and the large follower in supply") != len(users) {
		t.Errorf("the scoreboard of an Inns & Cathedrals game: %q", got)
	}
	// /carcassonne place offers the large follower too.
	h.checkLargeAutocomplete(users, thread, msg)

	rng := rand.New(rand.NewPCG(3, 4))
	turns, large := 0, 0
	for more := true; more; turns++ {
		if h.playTurnPreferring(users, thread, msg, rng, 3, "large") == "large" {
			large++
		}
		msg, more = h.nextTurn(thread, msg.ID)
	}
	if large == 0 {
		t.Error("the large follower was never offered")
	}
	t.Logf("%d turns, %d large followers deployed", turns, large)
	if turns < 90 {
		t.Errorf("only %d turns were played", turns)
	}
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	for _, e := range []engine.Expansion{engine.ExpansionRiver, engine.ExpansionInnsAndCathedrals, engine.ExpansionKingAndRobber} {
		if !g.Rules().Expansions.Has(e) {
			t.Errorf("the record's game does not play %s", e.Title())
		}
	}
	if rec := recordText(t, msg); strings.Count(rec, "large@") != large {
		t.Errorf("%d large followers were deployed, the record has %d", large, strings.Count(rec, "large@"))
	}
	// The table has the King's and the Robber Baron's columns, as the
	// replay breaks the scores down.
	desc := msg.Embeds[0].Description
	if !strings.Contains(desc, "King") || !strings.Contains(desc, "Robber Baron") {
		t.Errorf("the final table has no King and Robber Baron columns:\n%s", desc)
	}
	checkFinalTable(t, g, desc, func(b engine.Breakdown) int { return b.King }, func(b engine.Breakdown) int { return b.RobberBaron })
	// The summaries say who took the King and the Robber Baron.
	var all strings.Builder
	for _, m := range h.srv.Messages(thread) {
		all.WriteString(m.Content + "\n")
	}
	for _, w := range []string{"takes the King.", "takes the Robber Baron."} {
		if !strings.Contains(all.String(), w) {
			t.Errorf("no summary says %q", w)
		}
	}
}

// TestFerriesGame plays a whole 2-player game of The Ferries through the
// components: each turn with ferriesMove through the preview's Ferry… and
// Move ferries… menus (checked against the engine's links and moves). The
// summaries tell the ferries set and moved, the record writes them, and
// the final table is the replay of the attached record.
func TestFerriesGame(t *testing.T) {
	t.Parallel()
	seed := ferriesSeed(t)
	t.Logf("seed %d", seed)
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return seed } })
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.expansionGame(users, "/carcassonne new", "ferries")
	if got := text(h.slash(discordtest.Actor{User: bob, ChannelID: thread}, "/carcassonne help")); !strings.Contains(got, "**Move ferries…**") {
		t.Errorf("help in a game of The Ferries does not explain it: %q", got)
	}
	set, moved, turns := 0, 0, 0
	for more := true; more; turns++ {
		_, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		mv := ferriesMove(st)
		summary := h.playMove(users[st.Current()], thread, msg, st, mv)
		if mv.Ferry != 0 {
			set++
			if w := fmt.Sprintf("The ferry at (%s) joins the roads %s.", mv.Cell, en.LinkWords(mv.Ferry)); !strings.Contains(summary, w) {
				t.Errorf("move %d: the summary %q does not say %q", len(st.Moves()), summary, w)
			}
		}
		for _, fm := range mv.FerryMoves.All() {
			moved++
			if w := fmt.Sprintf("The ferry at (%s) moves to join %s.", fm.Cell, en.LinkWords(fm.Link)); !strings.Contains(summary, w) {
				t.Errorf("move %d: the summary %q does not say %q", len(st.Moves()), summary, w)
			}
		}
		msg, more = h.nextTurn(thread, msg.ID)
	}
	t.Logf("%d turns, %d ferries set, %d moved", turns, set, moved)
	if set < 3 || moved < 3 {
		t.Fatalf("the game set %d ferries and moved %d, want 3 each", set, moved)
	}
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	if rec := recordText(t, msg); strings.Count(rec, "ferry@") != set+moved {
		t.Errorf("the record has %d ferry tokens, the game %d:\n%s", strings.Count(rec, "ferry@"), set+moved, rec)
	}
	names, cols := tableRows(msg.Embeds[0].Description)
	for k, name := range names {
		p := slices.Index(g.Players(), name)
		if p < 0 || len(cols[k]) != 5 || cols[k][4] != g.Score(p) {
			t.Fatalf("row %q: %v, the replay's scores %v", name, cols[k], g.Scores())
		}
	}
}

// TestWholeGame plays a whole game through the local Discord: a lobby,
// two players joining with the button, the start, every turn through the
// components, and the end.
func TestWholeGame(t *testing.T) {
	// The two whole games run side by side: each is mostly drawing.
	t.Parallel()
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.lobby(alice, bob)
	rng := rand.New(rand.NewPCG(1, 2))
	turns := 0
	for more := true; more; turns++ {
		h.checkNumbers(msg)
		h.playTurn(users, thread, msg, rng)
		msg, more = h.nextTurn(thread, msg.ID)
	}
	if turns < 60 {
		t.Errorf("only %d turns were played", turns)
	}
	h.checkEnd(t, msg, turns)
}

// TestMinisComputers plays a game of the five mini expansions of one
// person against an easy computer to the end: the computer answers its
// own ingots, ferries, mage or witch, die, landings and crop circles
// without being mentioned, the person's landings and crop circle answers
// are asked with a message that mentions her, and the final table is the
// replay of the attached record.
func TestMinisComputers(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, func(c *Config) {
		c.ComputerPause, c.ComputerPlayouts = time.Millisecond, testPlayouts
		c.Seed = func() uint64 { return 5 }
	})
	alice := h.srv.NewUser("alice", "Alice")
	thread := h.computerGame(alice, "/carcassonne new expansions:flying-machines,ferries,gold-mines,mage-and-witch,crop-circles", "easy")
	end, turns, steps := h.playWithComputers(alice, thread, fiveMove, func(st *engine.Game, d engine.Decision) bool {
		return d.Step == engine.StepLand || d.Step == engine.StepCropPick
	})
	t.Logf("%d turns of Alice, her answers after Confirm: %v", turns, steps)
	if steps[engine.StepCropPick] == 0 {
		t.Error("no crop circle asked Alice")
	}
	rec := recordText(t, end)
	for _, tok := range []string{"gold@", "@fly", "ferry@", "crop="} {
		if !strings.Contains(rec, tok) {
			t.Errorf("the record has no %s:\n%s", tok, rec)
		}
	}
	for _, m := range h.srv.Messages(thread) {
		if strings.HasPrefix(m.Content, "Computer (") && mention.MatchString(m.Content) {
			t.Errorf("a computer's answer mentions someone: %q", m.Content)
		}
	}
	g := recordOf(t, end)
	names, cols := tableRows(end.Embeds[0].Description)
	for k, name := range names {
		p := slices.IndexFunc(g.Players(), func(n string) bool { return n == name || strings.HasPrefix(n, strings.TrimSuffix(name, "…")) })
		if p < 0 || len(cols[k]) != 6 || cols[k][4] != g.Breakdowns()[p].Gold || cols[k][5] != g.Score(p) {
			t.Fatalf("row %q: %v, the replay's scores %v", name, cols[k], g.Scores())
		}
	}
}

// TestMinisGame plays a whole 2-player game of The Flying Machines and The
// Gold Mines through the components, with a turn timeout: each turn with
// minisMove through the menus (the Follower… menu's "onto the flying
// machine", the preview's Second gold ingot…), each landing with a button
// of the step message, which mentions the player and tells the die; one
// landing is left to the timeout, and one whole turn of a tile with a
// gold mine. The summaries tell the flights and the ingots, the scoreboard
// counts the ingots, and the final table, gold column included, is the
// replay of the attached record.
func TestMinisGame(t *testing.T) {
	t.Parallel()
	seed := minisSeed(t)
	t.Logf("seed %d", seed)
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return seed } })
	defer func() {
		if t.Failed() {
			t.Logf("the bot's logs:\n%s", h.logs.String())
		}
	}()
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.expansionGame(users, "/carcassonne new turn-timeout:5m", "flying-machines", "gold-mines")
	if got := text(h.slash(discordtest.Actor{User: bob, ChannelID: thread}, "/carcassonne help")); !strings.Contains(got, "onto the flying machine") || !strings.Contains(got, "**Second gold ingot…**") {
		t.Errorf("help in a game of the minis does not explain them: %q", got)
	}
	flights, landings, nowhere, golds, turns := 0, 0, 0, 0, 0
	landTimedOut, goldTimedOut := false, false
	for more := true; more; turns++ {
		g, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		cur := st.Current()
		moves := len(st.Moves())
		mv := minisMove(st)
		if minisTimesOut(mv, golds, goldTimedOut) {
			// The player lets the time run out on a tile with a gold mine:
			// the bot plays the first placement and the first tile for
			// the second ingot.
			goldTimedOut = true
			first := st.Placements()[0]
			h.offset.Add(int64(6 * time.Minute))
			next, more2 := h.nextTurn(thread, msg.ID)
			h.offset.Store(0)
			old, _ := h.srv.Message(msg.ID)
			cells := st.GoldCells(first)
			if len(cells) > 0 {
				if w := fmt.Sprintf("Gold ingots on (%s) and (%s).", first.Cell, cells[0]); !strings.Contains(old.Content, w) {
					t.Errorf("move %d: the timed-out turn says %q, want %q", moves, old.Content, w)
				}
			}
			if !strings.Contains(old.Content, "ran out of time") {
				t.Errorf("move %d: the timed-out turn says %q", moves, old.Content)
			}
			msg, more = next, more2
			continue
		}
		summary := h.playMove(users[cur], thread, msg, st, mv)
		if mv.Gold {
			golds++
			if w := fmt.Sprintf("Gold ingots on (%s) and (%s).", mv.Cell, mv.GoldCell); !strings.Contains(summary, w) {
				t.Errorf("move %d: the summary %q does not say %q", moves, summary, w)
			}
		}
		if mv.Fly {
			flights++
			if !strings.Contains(summary, "🎲 The ") || !strings.Contains(summary, "die shows ") {
				t.Errorf("move %d: the flight's summary does not tell the die: %q", moves, summary)
			}
		}
		for {
			g, st, err = h.store.Load(h.ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			if g.Moves != moves || st.Pending().Step != engine.StepLand {
				break
			}
			sm := h.stepMsg(thread, moves, g.Answered)
			if ids := mention.FindStringSubmatch(sm.Content); ids == nil || ids[1] != users[cur].ID {
				t.Fatalf("move %d: the landing message mentions %q, %s decides", moves, sm.Content, users[cur].Username)
			}
			if d := sm.Embeds[0].Description; !strings.Contains(d, "🎲 The die shows ") {
				t.Errorf("move %d: the landing message does not tell the die: %q", moves, d)
			}
			as := st.Answers()
			if _, bs := components(sm.Message); len(bs) != len(as) {
				t.Errorf("move %d: the landing message has %d buttons, the engine %d landings", moves, len(bs), len(as))
			}
			if !landTimedOut {
				landTimedOut = true
				h.offset.Add(int64(6 * time.Minute))
				wctx, wcancel := h.wctx()
				err := h.srv.Wait(wctx, func() bool { m, _ := h.srv.Message(sm.ID); return len(m.Components) == 0 })
				wcancel()
				h.offset.Store(0)
				if err != nil {
					t.Fatalf("the landing did not time out: %v", err)
				}
				if m, _ := h.srv.Message(sm.ID); !strings.Contains(m.Content, "ran out of time, so I chose: ") || !strings.Contains(m.Content, "lands on the "+en.At(st, as[0].Target)) {
					t.Errorf("the timed-out landing says %q", m.Content)
				}
				landings++
				continue
			}
			k := minisLanding(moves, len(as))
			_, bs := components(sm.Message)
			at := slices.IndexFunc(bs, func(b discordgo.Button) bool { return b.CustomID == stepID(1, moves, g.Answered, k) })
			if at < 0 {
				t.Fatalf("the landing message has no button %d: %+v", k, sm.Components)
			}
			b := bs[at]
			if b.Label != turnview.Capitalize(en.At(st, as[k].Target)) {
				t.Errorf("the landing button says %q, want %q", b.Label, turnview.Capitalize(en.At(st, as[k].Target)))
			}
			if other := users[1-cur]; !strings.Contains(text(h.click(discordtest.Actor{User: other, ChannelID: thread}, sm.ID, b.CustomID)), "It's "+users[cur].GlobalName+"'s choice") {
				t.Errorf("another player's click on the landing was not refused")
			}
			if r := h.click(discordtest.Actor{User: users[cur], ChannelID: thread}, sm.ID, b.CustomID); r.Type != 6 {
				t.Fatalf("the landing button answered type %d: %s", r.Type, text(r))
			}
			wctx, wcancel := h.wctx()
			err := h.srv.Wait(wctx, func() bool { m, _ := h.srv.Message(sm.ID); return len(m.Components) == 0 })
			wcancel()
			if err != nil {
				t.Fatalf("the landing message keeps its buttons: %v", err)
			}
			if m, _ := h.srv.Message(sm.ID); !strings.Contains(m.Content, "'s flying figure lands on the "+en.At(st, as[k].Target)) {
				t.Errorf("the answered landing message says %q", m.Content)
			}
			landings++
		}
		if mv.Fly {
			if _, after, err := h.store.Load(h.ctx, 1); err == nil && len(after.Moves()) > moves {
				if m := after.Moves()[moves]; m.Land == (engine.Target{}) {
					nowhere++
				}
			}
		}
		msg, more = h.nextTurn(thread, msg.ID)
	}
	t.Logf("%d turns, %d flights (%d landed through a message, %d nowhere to land), %d gold mines", turns, flights, landings, nowhere, golds)
	if flights == 0 || landings < 3 || golds < 2 || !landTimedOut || !goldTimedOut {
		t.Fatalf("the game did not try everything: %d flights, %d landings, %d gold mines, timeouts %v %v", flights, landings, golds, landTimedOut, goldTimedOut)
	}
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	rec := recordText(t, msg)
	for _, tok := range []string{"@fly", "roll=", "land@", "gold@"} {
		if !strings.Contains(rec, tok) {
			t.Errorf("the record has no %s:\n%s", tok, rec)
		}
	}
	var all strings.Builder
	for _, m := range h.srv.Messages(thread) {
		all.WriteString(m.Content + "\n")
	}
	if !strings.Contains(all.String(), ", and it lands on the ") {
		t.Error("no summary tells a landing")
	}
	desc := msg.Embeds[0].Description
	if !strings.Contains(desc, " gold ") {
		t.Errorf("the final table has no gold column:\n%s", desc)
	}
	checkFinalTable(t, g, desc, func(b engine.Breakdown) int { return b.Gold })
	gold := 0
	for _, b := range g.Breakdowns() {
		gold += b.Gold
	}
	if gold == 0 {
		t.Error("nobody scored gold")
	}
	if got := text(h.slash(discordtest.Actor{User: alice, ChannelID: thread}, "/carcassonne score")); !strings.Contains(got, "gold ingot") {
		t.Errorf("the scoreboard of a game of The Gold Mines: %q", got)
	}
}

// TestShardsWholeGames: two bot processes, shards 0 and 1 of 2, on one
// database and one local Discord; a game in a server of each shard is
// played to its end, turn by turn in turns, each served by its shard's
// process.
func TestShardsWholeGames(t *testing.T) {
	t.Parallel()
	p := newShardPair(t)
	alice := p.srv.NewUser("alice", "Alice")
	bob := p.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	type game struct {
		id     int64
		thread string
		msg    discordtest.Message
		more   bool
		turns  int
		rng    *rand.Rand
	}
	var games [2]*game
	for k := range 2 {
		id, thread, msg := p.open(k, "/carcassonne new", alice, bob)
		games[k] = &game{id: id, thread: thread, msg: msg, more: true, rng: rand.New(rand.NewPCG(uint64(k), 9))}
	}
	for games[0].more || games[1].more {
		for k, g := range games {
			if !g.more {
				continue
			}
			h := p.h[k]
			h.playTurn(users, g.thread, g.msg, g.rng)
			g.msg, g.more = h.nextTurn(g.thread, g.msg.ID)
			g.turns++
		}
	}
	for _, g := range games {
		if g.turns < 60 {
			t.Errorf("game %d: only %d turns were played", g.id, g.turns)
		}
		p.checkGame(t, g.id, g.thread, g.msg)
	}
}

// TestTowerGame plays a whole game of The Tower for two players, chosen
// with the lobby's Expansions… menu, through the components (the Ransom
// button and its menu, Place the tile…, ⟳, the tower pieces and the
// followers on top of towers in the Follower… menu, Take prisoner…,
// Confirm), with the moves of towerMove on a draw pile found by towerSeed:
// a figure is taken prisoner, two players exchange prisoners and a ransom
// is paid; the summaries must say so, the scoreboard must list the tower
// pieces and prisoners, and the final table (with its ransoms column)
// must be the replay of the attached record.
func TestTowerGame(t *testing.T) {
	t.Parallel()
	seed, want := towerSeed(t)
	t.Logf("seed %d: %+v", seed, want)
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return seed } })
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	thread, msg := h.expansionGame(users, "/carcassonne new", "tower")
	if got := text(h.slash(discordtest.Actor{User: bob, ChannelID: thread}, "/carcassonne help")); !strings.Contains(got, "tower piece at (2,-1)") || !strings.Contains(got, "**Ransom**") {
		t.Errorf("help in a game of The Tower does not explain it: %q", got)
	}

	seen := towerSeen{-1, -1, -1}
	turns := 0
	for more := true; more; turns++ {
		g, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		cur := st.Current()
		u := users[cur]
		if ids := mention.FindStringSubmatch(msg.Content); ids == nil || ids[1] != u.ID {
			t.Fatalf("turn %d: the turn message pings %q, the player to move is %s", turns, msg.Content, u.Username)
		}
		if rs := st.Ransoms(); len(rs) > 0 {
			if d := msg.Embeds[0].Description; !strings.Contains(d, "Ransom: you may pay 3 points to free your follower held by "+g.Seats[rs[0].Jailer].Name) {
				t.Errorf("turn %d: the turn message does not tell of the ransom: %q", turns, d)
			}
		}
		mv := towerMove(st)
		after := st.Clone()
		if err := after.Apply(mv); err != nil {
			t.Fatalf("turn %d: %+v: %v", turns, mv, err)
		}
		k := len(st.Moves())
		seen.note(k, mv, st, after)
		summary := h.playMove(u, thread, msg, st, mv)
		name := g.Seats[cur].Name
		if mv.Ransomed {
			if w := fmt.Sprintf("%s pays %s 3 points to free their %s.", name, g.Seats[mv.Ransom.Jailer].Name, mv.Ransom.Figure.Title()); !strings.Contains(summary, w) {
				t.Errorf("move %d: the summary of a ransom does not say %q: %q", k, w, summary)
			}
		}
		switch mv.Tower {
		case engine.TowerPiece:
			if !strings.Contains(summary, fmt.Sprintf("the tower at (%s)", mv.TowerCell)) && !strings.Contains(summary, fmt.Sprintf("builds a tower at (%s)", mv.TowerCell)) {
				t.Errorf("move %d: the summary of a tower piece at %v: %q", k, mv.TowerCell, summary)
			}
		case engine.TowerTop:
			if w := fmt.Sprintf("%s puts a follower on top of the tower at (%s), which is closed for good.", name, mv.TowerCell); !strings.Contains(summary, w) {
				t.Errorf("move %d: the summary does not say %q: %q", k, w, summary)
			}
		}
		if mv.Capture != (engine.Target{}) {
			owner := turnview.Owner(st, mv.Capture)
			w := fmt.Sprintf("%s takes %s's ", name, g.Seats[owner].Name)
			if !strings.Contains(summary, w) || !strings.Contains(summary, "prisoner.") {
				t.Errorf("move %d: the summary of the capture does not say %q…prisoner: %q", k, w, summary)
			}
			if x := exchanged(st, after, cur, owner); strings.Contains(summary, "exchange prisoners") != x {
				t.Errorf("move %d: exchange %v, the summary %q", k, x, summary)
			}
		}
		if k == want.capture || k == want.exchange || k == want.ransom {
			t.Logf("move %d: %s", k, summary)
		}
		msg, more = h.nextTurn(thread, msg.ID)
	}
	if seen != want {
		t.Errorf("the game through Discord showed %+v, the search %+v", seen, want)
	}
	t.Logf("%d turns", turns)
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	if !g.Rules().Expansions.Has(engine.ExpansionTower) {
		t.Error("the record's game does not play The Tower")
	}
	rec := recordText(t, msg)
	if !strings.Contains(rec, "capture@") || !strings.Contains(rec, "ransom/") || !strings.Contains(rec, "tower@") {
		t.Errorf("the record lacks the tower's tokens:\n%s", rec)
	}
	desc := msg.Embeds[0].Description
	if !strings.Contains(desc, " ransoms ") {
		t.Errorf("the final table has no ransoms column:\n%s", desc)
	}
	checkFinalTable(t, g, desc, func(b engine.Breakdown) int { return b.Ransoms })
	ransoms := 0
	for _, b := range g.Breakdowns() {
		ransoms += max(b.Ransoms, -b.Ransoms)
	}
	if ransoms == 0 {
		t.Error("the final table shows no ransom paid")
	}
	// The scoreboard lists the tower pieces.
	if got := text(h.slash(discordtest.Actor{User: alice, ChannelID: thread}, "/carcassonne score")); !strings.Contains(got, "tower piece") {
		t.Errorf("the scoreboard of a game of The Tower: %q", got)
	}
}

// TestTradersGame plays a whole game of Traders & Builders for two
// players, chosen with the lobby's Expansions… menu, through the
// components: the Follower… menu offers the builder and the pig where
// legal and the test takes them whenever it can; a builder's second turn
// is announced ("Builder: Alice plays again") and the next turn message
// pings the same player; goods taken appear in the summaries; the final
// table breaks the goods down as the replay of the attached record does.
func TestTradersGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new")
	lobby := r.Original.ID
	if r := h.click(discordtest.Actor{User: bob}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
		t.Fatalf("Bob joins: answer type %d: %s", r.Type, text(r))
	}
	if r := h.pick(discordtest.Actor{User: alice}, lobby, lobbyID(actExp, 1), "traders-and-builders"); r.Type != 7 {
		t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	m, _ := h.srv.Message(lobby)
	if got := field(m, "Expansions"); got != "Traders & Builders" {
		t.Errorf("the lobby lists the expansions %q", got)
	}
	if got := field(m, "Settings"); !strings.Contains(got, "pig: plus-one") {
		t.Errorf("the lobby's settings do not show the pig option: %q", got)
	}
	pm, ok := menu(m.Message, actRuleOpt+"pig")
	if !ok || pm.Placeholder != "Pig…" || len(pm.Options) != 1 || pm.Options[0].Value != "plus-one" || !pm.Options[0].Default {
		t.Fatalf("the lobby's Pig… menu: %v %+v", ok, pm)
	}
	if r := h.pick(discordtest.Actor{User: bob}, lobby, pm.CustomID, "plus-one"); !strings.Contains(text(r), "Only the host") {
		t.Errorf("Bob chose the pig option: %s", text(r))
	}
	if r := h.pick(discordtest.Actor{User: alice}, lobby, pm.CustomID, "plus-one"); r.Type != 7 {
		t.Errorf("the Pig… menu answered type %d: %s", r.Type, text(r))
	}
	if r := h.click(discordtest.Actor{User: alice}, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		t.Fatalf("start: answer type %d: %s", r.Type, text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatalf("no thread: %v", err)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	msg, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil })
	if err != nil {
		t.Fatalf("no first turn: %v", err)
	}
	if got := text(h.slash(discordtest.Actor{User: bob, ChannelID: thread}, "/carcassonne help")); !strings.Contains(got, "builder – road (east)") {
		t.Errorf("help in a Traders & Builders game does not explain the builder: %q", got)
	}

	rng := rand.New(rand.NewPCG(5, 6))
	turns, secondTurns := 0, 0
	deployed := map[string]int{}
	for more := true; more; turns++ {
		fig := h.playTurnPreferring(users, thread, msg, rng, 2, "builder", "pig")
		deployed[fig]++
		summary, _ := h.srv.Message(msg.ID)
		prev := mention.FindStringSubmatch(msg.Content)[1]
		msg, more = h.nextTurn(thread, msg.ID)
		if strings.Contains(summary.Content, "Builder: ") {
			secondTurns++
			who, _ := userByID(users, prev)
			if !strings.Contains(summary.Content, "Builder: "+who.GlobalName+" plays again.") {
				t.Errorf("the second turn's announcement: %q", summary.Content)
			}
			if more && mention.FindStringSubmatch(msg.Content)[1] != prev {
				t.Errorf("after %q the next turn pings another player: %q", summary.Content, msg.Content)
			}
		}
	}
	t.Logf("%d turns, %d second turns, figures %v", turns, secondTurns, deployed)
	if secondTurns == 0 || deployed["builder"] == 0 || deployed["pig"] == 0 {
		t.Errorf("%d second turns, %d builders, %d pigs: the game did not exercise Traders & Builders", secondTurns, deployed["builder"], deployed["pig"])
	}
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	rec := recordText(t, msg)
	if strings.Count(rec, "builder@") != deployed["builder"] || strings.Count(rec, "pig@") != deployed["pig"] {
		t.Errorf("deployed %v, the record has %d builders and %d pigs", deployed, strings.Count(rec, "builder@"), strings.Count(rec, "pig@"))
	}
	// The final table has the goods column, as the replay breaks the
	// scores down.
	desc := msg.Embeds[0].Description
	if !strings.Contains(desc, " goods ") {
		t.Errorf("the final table has no goods column:\n%s", desc)
	}
	checkFinalTable(t, g, desc, func(b engine.Breakdown) int { return b.Goods })
	goods := 0
	for _, b := range g.Breakdowns() {
		goods += b.Goods
	}
	if goods == 0 {
		t.Error("nobody scored goods")
	}
	// Each summary that says goods were taken matches the replay's goods.
	var taken [engine.MaxPlayers][engine.NumGoods]int
	for _, m := range h.srv.Messages(thread) {
		for _, line := range strings.Split(m.Content, "\n") {
			for p, name := range g.Players() {
				_, after, ok := strings.Cut(line, " "+name+" takes ")
				if !ok || strings.HasPrefix(after, "the ") {
					continue
				}
				after, _, _ = strings.Cut(after, ".")
				for _, part := range strings.Split(strings.ReplaceAll(after, " and ", ", "), ", ") {
					var n int
					var good string
					if _, err := fmt.Sscan(part, &n, &good); err != nil {
						t.Fatalf("goods taken %q: %v", part, err)
					}
					d := slices.IndexFunc([]engine.Good{engine.GoodWine, engine.GoodGrain, engine.GoodCloth}, func(d engine.Good) bool { return d.String() == good })
					if d < 0 {
						t.Fatalf("no good %q in %q", good, line)
					}
					taken[p][d] += n
				}
			}
		}
	}
	for p := range g.NumPlayers() {
		if got := g.Goods(p); got != taken[p] {
			t.Errorf("%s: the summaries say %v goods taken, the replay %v", g.Players()[p], taken[p], got)
		}
	}
}

// TestDragonGame plays a whole game of The Princess & the Dragon for three
// players through the components, with a turn timeout: each turn with
// dragonMove, each step of the dragon with the first button of the step
// message, which mentions the player who decides. The first time the
// dragon moves, its first step is chosen by the player who placed the
// tile, the second by the next player's timeout, then the bot restarts,
// and the third is chosen by the third player on the step message the new
// bot kept. The summaries tell the dragon's way, and the final table is
// the replay of the attached record.
func TestDragonGame(t *testing.T) {
	t.Parallel()
	seed, first := dragonSeed(t)

	t.Logf("seed %d, first dragon move at move %d", seed, first)
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return seed } })
	defer func() {
		if t.Failed() {
			t.Logf("the bot's logs:\n%s", h.logs.String())
		}
	}()
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	cleo := h.srv.NewUser("cleo", "Cleo")
	users := []discordtest.User{alice, bob, cleo}
	thread, msg := h.expansionGame(users, "/carcassonne new turn-timeout:5m", "princess-and-dragon")
	more := true
	if got := text(h.slash(discordtest.Actor{User: bob, ChannelID: thread}, "/carcassonne help")); !strings.Contains(got, "⬆ ➡ ⬇ ⬅") {
		t.Errorf("help in a game of The Princess & the Dragon does not explain it: %q", got)
	}

	dragonMoves, steps, turns := 0, 0, 0
	used := map[string]int{}
	firstDone := false
	for ; more; turns++ {
		g, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		cur := st.Current()
		mv := dragonMove(st)
		summary := h.playMove(users[cur], thread, msg, st, mv)
		switch {
		case mv.Princess != (engine.Target{}):
			used["princess"]++
			if !strings.Contains(summary, "The princess sends ") {
				t.Errorf("the summary of the princess: %q", summary)
			}
		case mv.Portal:
			used["portal"]++
			if !strings.Contains(summary, "goes through the magic portal: ") || !strings.Contains(summary, " at ("+mv.PortalCell.String()+").") {
				t.Errorf("the summary of the portal: %q", summary)
			}
		case mv.Fairy:
			used["fairy"]++
			if !strings.Contains(summary, "puts the fairy on ("+mv.FairyCell.String()+")") {
				t.Errorf("the summary of the fairy: %q", summary)
			}
		}
		moves := len(st.Moves())
		for k := 0; ; k++ {
			g, st, err = h.store.Load(h.ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			if g.Moves != moves || st.Pending().Step != engine.StepDragon {
				break
			}
			d := st.Pending()
			sm := h.stepMsg(thread, moves, g.Answered)
			checkPNG(t, sm)
			if k == 0 {
				dragonMoves++
				if !strings.Contains(summary, "The dragon moves!") {
					t.Errorf("move %d: the turn message does not announce the dragon: %q", moves, summary)
				}
			}
			if ids := mention.FindStringSubmatch(sm.Content); ids == nil || ids[1] != users[d.Player].ID {
				t.Fatalf("move %d, step %d: the step message mentions %q, %s decides", moves, k, sm.Content, users[d.Player].Username)
			}
			if want := (cur + k) % 3; d.Player != want {
				t.Errorf("move %d: step %d is decided by player %d, want %d", moves, k, d.Player, want)
			}
			firstMove := !firstDone && moves == first
			switch {
			case firstMove && k == 1:
				// Bob's time runs out: the bot takes the first step.
				h.offset.Add(int64(6 * time.Minute))
				wctx, wcancel := h.wctx()
				err := h.srv.Wait(wctx, func() bool { m, _ := h.srv.Message(sm.ID); return len(m.Components) == 0 })
				wcancel()
				if err != nil {
					t.Fatalf("the step did not time out: %v", err)
				}
				// The next deadlines are the store's, on the real clock.
				h.offset.Store(0)
				h.stepMsg(thread, moves, g.Answered+1)
				old, _ := h.srv.Message(sm.ID)
				if !strings.Contains(old.Content, "ran out of time, so I chose") || len(old.Components) != 0 {
					t.Errorf("the timed-out step message: %q, %d components", old.Content, len(old.Components))
				}
				// A new bot on the same database keeps the dragon's move.
				h.stop()
				h.start()
			default:
				b, ok := button(sm.Message, actStep)
				if !ok {
					t.Fatalf("the step message has no button: %+v", sm.Components)
				}
				if firstMove && k == 2 {
					// A player who is not the current one cannot resign
					// while the dragon moves: the turn, half played,
					// would be lost. Nothing changes.
					quitter := users[(cur+1)%3]
					wantEphemeral(t, h.slash(discordtest.Actor{User: quitter, ChannelID: thread}, "/carcassonne resign"),
						users[cur].GlobalName+"'s turn is under way: "+users[d.Player].GlobalName+" chooses where the dragon goes. You can resign once it is over.")
					if again, _ := h.store.Get(h.ctx, 1); again.Moves != g.Moves || again.Answered != g.Answered || again.Seats[(cur+1)%3].Resigned {
						t.Fatalf("a refused resignation changed the game: %d moves and %d answers, was %d and %d", again.Moves, again.Answered, g.Moves, g.Answered)
					}
				}
				// Someone else's click is refused.
				other := users[(d.Player+1)%3]
				if r := h.click(discordtest.Actor{User: other, ChannelID: thread}, sm.ID, b.CustomID); !strings.Contains(text(r), "It's "+users[d.Player].GlobalName+"'s choice") {
					t.Errorf("another player's click: %s", text(r))
				}
				if r := h.click(discordtest.Actor{User: users[d.Player], ChannelID: thread}, sm.ID, b.CustomID); r.Type != 6 {
					gg, _ := h.store.Get(h.ctx, 1)
					for _, m := range h.srv.Messages(thread) {
						t.Logf("message %s: %q", m.ID, m.Content)
					}
					t.Fatalf("the step's button %s answered type %d: %s (the game: %d moves, %d answers)", b.CustomID, r.Type, text(r), gg.Moves, gg.Answered)
				}
				// The step message becomes what was chosen.
				wctx, wcancel := h.wctx()
				err := h.srv.Wait(wctx, func() bool { m, _ := h.srv.Message(sm.ID); return len(m.Components) == 0 })
				wcancel()
				if err != nil {
					t.Fatalf("the step message keeps its buttons: %v", err)
				}
				if m, _ := h.srv.Message(sm.ID); !strings.HasPrefix(m.Content, users[d.Player].GlobalName+" moves the dragon ") {
					t.Errorf("the answered step message says %q", m.Content)
				}
			}
			steps++
			if firstMove && k >= 2 {
				firstDone = true
			}
		}
		msg, more = h.nextTurn(thread, msg.ID)
		if firstMove := moves == first; firstMove && !firstDone {
			t.Fatalf("the first dragon move took fewer than 3 steps through Discord")
		}
	}
	t.Logf("%d turns, %d dragon moves, %d steps, %v", turns, dragonMoves, steps, used)
	if used["princess"]+used["portal"]+used["fairy"] == 0 {
		t.Error("the game never used the princess, the portal or the fairy")
	}
	if dragonMoves == 0 {
		t.Fatal("the dragon never moved")
	}
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	rec := recordText(t, msg)
	if n := strings.Count(rec, "dragon@"); n != steps {
		t.Errorf("the record has %d steps of the dragon, the game took %d", n, steps)
	}
	var all strings.Builder
	for _, m := range h.srv.Messages(thread) {
		all.WriteString(m.Content + "\n")
	}
	if !strings.Contains(all.String(), "The dragon goes to ") {
		t.Error("no summary tells the dragon's way")
	}
	desc := msg.Embeds[0].Description
	checkFinalTable(t, g, desc, func(b engine.Breakdown) int { return b.Fairy })
}

// TestFiveMinis plays one 3-player game with all five mini expansions
// through the local Discord: each turn with fiveMove through the preview's
// menus, then each decision after Confirm (the landing, each player's
// answer to a crop circle) with a button of the step message, which
// mentions the player who decides. The final table is checked against the
// replay of the attached record (spec: issue "Expansions V").
func TestFiveMinis(t *testing.T) {
	t.Parallel()
	seed := fiveSeed(t)
	t.Logf("seed %d", seed)
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return seed } })
	defer func() {
		if t.Failed() {
			t.Logf("the bot's logs:\n%s", h.logs.String())
		}
	}()
	users := []discordtest.User{h.srv.NewUser("alice", "Alice"), h.srv.NewUser("bob", "Bob"), h.srv.NewUser("cleo", "Cleo")}
	thread, msg := h.expansionGame(users, "/carcassonne new", "flying-machines", "ferries", "gold-mines", "mage-and-witch", "crop-circles")
	help := text(h.slash(discordtest.Actor{User: users[1], ChannelID: thread}, "/carcassonne help"))
	for _, w := range []string{"onto the flying machine", "**Move ferries…**", "**Second gold ingot…**", "**Mage or witch…**", "**Crop circle…**"} {
		if !strings.Contains(help, w) {
			t.Errorf("help in a game of the five minis does not say %q: %q", w, help)
		}
	}
	seen := map[engine.Step]int{}
	turns := 0
	for more := true; more; turns++ {
		_, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		moves := len(st.Moves())
		mv := fiveMove(st)
		summary := h.playMove(users[st.Current()], thread, msg, st, mv)
		if mv.Magic != engine.MagicNone && mv.MagicAt != (engine.Target{}) {
			after := st.Clone()
			if err := after.Apply(mv); err != nil {
				t.Fatal(err)
			}
			if w := fmt.Sprintf("The %s goes to the %s.", mv.Magic, en.At(after, mv.MagicAt)); !strings.Contains(summary, w) {
				t.Errorf("move %d: the summary %q does not say %q", moves, summary, w)
			}
		}
		for {
			g, st, err := h.store.Load(h.ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			d := st.Pending()
			if g.Moves != moves || d.Step == engine.StepTile || d.Step == engine.StepNone {
				break
			}
			if passedAlone(t, h, thread, g, st) {
				seen[engine.StepNone]++ // nothing to choose: not asked
				continue
			}
			sm := h.stepMsg(thread, moves, g.Answered)
			if ids := mention.FindStringSubmatch(sm.Content); ids == nil || ids[1] != users[d.Player].ID {
				t.Fatalf("move %d: the step message mentions %q, %s decides %v", moves, sm.Content, users[d.Player].Username, d.Step)
			}
			opts := turnview.Options(st, seatNames(g, st))
			k := fiveStep(moves, g.Answered, len(opts))
			_, bs := components(sm.Message)
			at := slices.IndexFunc(bs, func(b discordgo.Button) bool { return b.CustomID == stepID(1, moves, g.Answered, k) })
			if at < 0 || bs[at].Label != turnview.Truncate(opts[k].Label, 80) {
				t.Fatalf("move %d: the step message has no button %d %q: %+v", moves, k, opts[k].Label, bs)
			}
			if r := h.click(discordtest.Actor{User: users[d.Player], ChannelID: thread}, sm.ID, bs[at].CustomID); r.Type != 6 {
				t.Fatalf("move %d: the step's button answered type %d: %s", moves, r.Type, text(r))
			}
			wctx, wcancel := h.wctx()
			err = h.srv.Wait(wctx, func() bool { m, _ := h.srv.Message(sm.ID); return len(m.Components) == 0 })
			wcancel()
			if err != nil {
				t.Fatalf("move %d: the step message keeps its buttons: %v", moves, err)
			}
			if m, _ := h.srv.Message(sm.ID); m.Content != en.StepWords(st, opts[k].Answer, seatNames(g, st)) {
				t.Errorf("move %d: the answered step message says %q, want %q", moves, m.Content, en.StepWords(st, opts[k].Answer, seatNames(g, st)))
			}
			seen[d.Step]++
		}
		msg, more = h.nextTurn(thread, msg.ID)
	}
	t.Logf("%d turns, steps answered through messages: %v", turns, seen)
	if seen[engine.StepLand] == 0 || seen[engine.StepCropPick] == 0 {
		t.Errorf("no landing or no crop circle answer went through a message: %v", seen)
	}
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	rec := recordText(t, msg)
	for _, tok := range []string{"@fly", "roll=", "land@", "ferry@", "gold@", "crop=", "return@"} {
		if !strings.Contains(rec, tok) {
			t.Errorf("the record has no %s:\n%s", tok, rec)
		}
	}
	if !strings.Contains(rec, "mage@") && !strings.Contains(rec, "witch@") {
		t.Errorf("the record has no mage or witch:\n%s", rec)
	}
	checkFinalTable(t, g, msg.Embeds[0].Description, func(b engine.Breakdown) int { return b.Gold })
	if got := text(h.slash(discordtest.Actor{User: users[0], ChannelID: thread}, "/carcassonne score")); !strings.Contains(got, "The mage ") && !strings.Contains(got, "the mage ") {
		t.Errorf("the scoreboard does not say where the mage stands: %q", got)
	}
}

// TestMessengersRobbersGame plays a whole game of The Messengers and The
// Robbers, three people, through the local Discord: the host picks
// robbers=next in the lobby's Robbers… menu; Bob chooses the messenger
// with /carcassonne pawn, so that his scores in the others' turns move it
// without asking him; every other choice (a robber after a bag tile, the
// pawn a player moves in their own turn, a Message tile, a robbery) comes
// as a step message that mentions the player who decides, with the
// engine's choices as buttons. The final table is the replay of the
// attached record, whose tokens hold robbers, pawns and messages.
func TestMessengersRobbersGame(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return 3 } })
	defer func() {
		if t.Failed() {
			t.Logf("the bot's logs:\n%s", h.logs.String())
		}
	}()
	users := []discordtest.User{h.srv.NewUser("alice", "Alice"), h.srv.NewUser("bob", "Bob"), h.srv.NewUser("cleo", "Cleo")}
	if r := text(h.slash(discordtest.Actor{User: users[1]}, "/carcassonne pawn moves:messenger")); !strings.Contains(r, "your **messenger** moves") {
		t.Fatalf("/carcassonne pawn: %q", r)
	}
	if r := text(h.slash(discordtest.Actor{User: users[1]}, "/carcassonne pawn")); !strings.Contains(r, "your **messenger** moves") {
		t.Fatalf("/carcassonne pawn without a choice: %q", r)
	}
	host := discordtest.Actor{User: users[0]}
	r := h.slash(host, "/carcassonne new")
	lobby := r.Original.ID
	for _, u := range users[1:] {
		h.click(discordtest.Actor{User: u}, lobby, lobbyID(actJoin, 1))
	}
	if r := h.pick(host, lobby, lobbyID(actExp, 1), "messengers", "robbers"); r.Type != 7 {
		t.Fatalf("the Expansions… menu: %s", text(r))
	}
	m, _ := h.srv.Message(lobby)
	rm, ok := menu(m.Message, actRuleOpt+"robbers")
	if !ok || len(rm.Options) != 2 {
		t.Fatalf("the lobby has no Robbers… menu: %+v", rm)
	}
	if r := h.pick(discordtest.Actor{User: users[1]}, lobby, rm.CustomID, "next"); r.Type == 7 {
		t.Error("a player who is not the host chose the robbers' rule")
	}
	if r := h.pick(host, lobby, rm.CustomID, "next"); r.Type != 7 {
		t.Fatalf("the Robbers… menu: %s", text(r))
	}
	thread, msg := h.startLobby(host, lobby)
	help := text(h.slash(discordtest.Actor{User: users[2], ChannelID: thread}, "/carcassonne help"))
	for _, w := range []string{"**Messengers**", "**Robbers**", "/carcassonne pawn"} {
		if !strings.Contains(help, w) {
			t.Errorf("help does not say %q", w)
		}
	}
	seen := map[engine.Step]int{}
	pictured := map[engine.Step]int{} // the step messages with the tile's picture
	bobAsked := 0
	turns := 0
	typedLater := false // a figure typed after a bag tile was refused
	for more := true; more; turns++ {
		_, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if st.Options().Robbers != engine.RobbersNext {
			t.Fatalf("the game plays robbers=%s", st.Options().Robbers)
		}
		moves := len(st.Moves())
		t0, _ := st.Drawn()
		// The easy computer's placement and figure, so that features
		// score often (and pawns land on dark spaces).
		as, err := ai.Turn(st, ai.Easy, uint64(moves))
		if err != nil {
			t.Fatal(err)
		}
		em := ai.MoveOf(t0, as)
		mv := engine.Move{Tile: t0, Cell: em.Cell, Rotation: em.Rotation}
		if !bagTile(st) && em.Follower != engine.NoPort {
			// After a bag tile, the figure comes after the others'
			// robbers, in a message.
			mv.Follower, mv.Figure = em.Follower, em.Figure
		} else if spots := st.FollowerSpots(engine.Placement{Cell: em.Cell, Rotation: em.Rotation}); bagTile(st) && len(spots) > 0 && !typedLater {
			// Typed with /carcassonne place, such a figure is refused
			// with the reason, and nothing is played.
			typedLater = true
			line := fmt.Sprintf("/carcassonne place position:%s rotation:%d follower:%s", em.Cell, em.Rotation.Degrees(), spots[0].Port)
			if r := text(h.slash(discordtest.Actor{User: users[st.Current()], ChannelID: thread}, line)); !strings.Contains(r, "your figure is chosen after the robbers, in a message") {
				t.Errorf("move %d: %s answers %q", moves, line, r)
			}
			if g, _, err := h.store.Load(h.ctx, 1); err != nil || g.Moves != moves || g.Answered != 0 {
				t.Fatalf("move %d: a refused place played: %d moves, %d answers (%v)", moves, g.Moves, g.Answered, err)
			}
		}
		h.playMove(users[st.Current()], thread, msg, st, mv)
		for {
			g, st, err := h.store.Load(h.ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			d := st.Pending()
			if g.Moves != moves || d.Step == engine.StepTile || d.Step == engine.StepNone {
				break
			}
			if d.Step == engine.StepPawn && d.Player == 1 && st.Current() != 1 {
				t.Fatalf("move %d: Bob is asked his pawn in another's turn", moves)
			}
			if passedAlone(t, h, thread, g, st) {
				seen[engine.StepNone]++ // nothing to choose: not asked
				continue
			}
			if d.Player == 1 {
				bobAsked++
			}
			sm := h.stepMsg(thread, moves, g.Answered)
			// The question in words: the figure after a bag tile is asked
			// as the terminal asks it, never by the step's name; no blank
			// line opens it.
			if len(sm.Embeds) == 0 || strings.HasPrefix(sm.Embeds[0].Description, "\n") || strings.Contains(sm.Embeds[0].Description, "decides: ") ||
				d.Step == engine.StepFigure && !strings.Contains(sm.Embeds[0].Description, en.Asks(st, boldNames(g, st))) {
				t.Errorf("move %d: the step message of %v asks %+v", moves, d.Step, sm.Embeds)
			}
			if ids := mention.FindStringSubmatch(sm.Content); ids == nil || ids[1] != users[d.Player].ID {
				t.Fatalf("move %d: the step message mentions %q, %s decides %v", moves, sm.Content, users[d.Player].Username, d.Step)
			}
			if _, menu := menuOf[d.Step]; menu && d.Player == st.Current() {
				// The tile placed, its spots numbered, as the preview
				// would have drawn it.
				pictured[d.Step]++
				if len(sm.Files) != 1 || sm.Embeds[0].Image == nil || sm.Embeds[0].Image.URL != "attachment://"+sm.Attachments[0].Filename {
					t.Errorf("move %d: the %s step message has no picture of the tile: %d files, %+v", moves, d.Step, len(sm.Files), sm.Embeds[0].Image)
				} else if img, err := png.Decode(bytes.NewReader(sm.Files[0].Data)); err != nil || img.Bounds().Dx() < 400 {
					t.Errorf("move %d: the %s step's picture does not decode as the preview's: %v", moves, d.Step, err)
				}
			} else if len(sm.Files) != 0 {
				t.Errorf("move %d: the %s step message of %s has a picture", moves, d.Step, users[d.Player].Username)
			}
			opts := turnview.Options(st, seatNames(g, st))
			_, bs := components(sm.Message)
			// The first choice that is not a pass: robbers placed,
			// messages carried out, markers moved.
			k := max(0, slices.IndexFunc(opts, func(o turnview.Option) bool { return !o.Pass() }))
			if d.Step == engine.StepPawn && moves%3 == 0 {
				k = len(opts) - 1 // the messenger now and then
			}
			if len(bs) != len(opts) || bs[k].Label != turnview.Truncate(opts[k].Label, 80) {
				t.Fatalf("move %d: the step message's buttons %+v, the engine's choices %v", moves, bs, opts)
			}
			if d.Step == engine.StepMessage && !strings.HasPrefix(opts[len(opts)-1].Label, "Take 2 points") {
				t.Errorf("move %d: the message's last choice is %q", moves, opts[len(opts)-1].Label)
			}
			if r := h.click(discordtest.Actor{User: users[d.Player], ChannelID: thread}, sm.ID, bs[k].CustomID); r.Type != 6 {
				t.Fatalf("move %d: the step's button answered type %d: %s", moves, r.Type, text(r))
			}
			wctx, wcancel := h.wctx()
			err = h.srv.Wait(wctx, func() bool { m, _ := h.srv.Message(sm.ID); return len(m.Components) == 0 })
			wcancel()
			if err != nil {
				t.Fatalf("move %d: the step message keeps its buttons: %v", moves, err)
			}
			seen[d.Step]++
		}
		if turns == 12 {
			// The scoreboard gives the spaces of each player's marker and
			// messenger, and where a robber stands, as the engine has them.
			_, st, err := h.store.Load(h.ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			got := text(h.slash(discordtest.Actor{User: users[0], ChannelID: thread}, "/carcassonne score"))
			for p := range st.NumPlayers() {
				v, _ := st.Messenger(p)
				want := fmt.Sprintf("marker on space %d, messenger on space %d", engine.BoardSpace(st.Marker(p)), engine.BoardSpace(v))
				if r, on := st.Robber(p); on {
					want = fmt.Sprintf("robber at space %d", r.Space)
				}
				if !strings.Contains(got, want) {
					t.Errorf("the scoreboard of a game of The Messengers and The Robbers lacks %q: %q", want, got)
				}
			}
		}
		msg, more = h.nextTurn(thread, msg.ID)
	}
	t.Logf("%d turns, steps answered through messages: %v, with the tile's picture %v; Bob asked %d times", turns, seen, pictured, bobAsked)
	if pictured[engine.StepFigure] == 0 {
		t.Errorf("no figure step message had the tile's picture: %v", pictured)
	}
	if !typedLater {
		t.Error("no bag tile's turn had a figure to type")
	}
	for _, st := range []engine.Step{engine.StepRobber, engine.StepPawn, engine.StepMessage, engine.StepFigure} {
		if seen[st] == 0 {
			t.Errorf("no %s step went through a message: %v", st, seen)
		}
	}
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	rec := recordText(t, msg)
	for _, tok := range []string{"robber/", "pawn/", "msg="} {
		if !strings.Contains(rec, tok) {
			t.Errorf("the record has no %s:\n%s", tok, rec)
		}
	}
	robbed, messages := 0, 0
	for _, e := range g.Events() {
		switch e.Source {
		case engine.SourceRobbery:
			robbed++
		case engine.SourceMessage:
			messages++
		}
	}
	if robbed == 0 || messages == 0 {
		t.Errorf("the game has %d robberies and %d messages, want some of each", robbed, messages)
	}
	// In the others' turns Bob's scores moved his messenger, Alice's and
	// Cleo's their marker, by their choices; nobody was asked.
	replay, err := engine.New(engine.Config{Rules: g.Rules(), Players: g.Players(), Options: g.Options(), Seed: g.Seed(), Tiles: g.TileSet(), Start: g.Start()})
	if err != nil {
		t.Fatal(err)
	}
	others := 0
	for k, m := range g.Moves() {
		cur := replay.Current()
		for i := range m.Scoring.Len() {
			c := m.Scoring.At(i)
			if c.Step == engine.StepPawn && c.Seat-1 != cur {
				others++
				if c.Messenger != (c.Seat == 2) {
					t.Errorf("move %d: %s in another's turn moved the messenger: %v", k, g.Players()[c.Seat-1], c.Messenger)
				}
			}
		}
		if err := replay.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if others == 0 {
		t.Error("nobody scored in another player's turn")
	}
	checkFinalTable(t, g, msg.Embeds[0].Description, func(b engine.Breakdown) int { return b.Messages }, func(b engine.Breakdown) int { return b.Robberies })
}
