//go:build !race

package bot

// A whole game with every expansion, played as a stand-in for Discord
// plays it: by the components alone, at random. Without -race, as the
// other whole games (wholegames_test.go).

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// TestStandIn plays whole games of two to six people (and, one time in
// three, a computer or two) with every expansion the bot offers, or some
// of them, and random rule options, through the local Discord, as a
// player who reads nothing but the components would: each message that
// asks someone is answered by the person it mentions. A turn: a random option of a random menu of cells;
// in the preview, up to six random changes (⟲, ⟳, a random option of any
// of its menus, or Back and another cell), then Confirm. A step of a turn
// (the dragon, a crop circle, a robber, a landing, …): a random button or
// a random option of a random menu; a button now and then clicked twice
// at once, of which one click only is taken. Now and then another person presses
// the turn's components first and is told whose turn it is. No
// interaction may fail (the local Discord refuses what Discord refuses, as
// two options of one value), no change of the preview and no Confirm may
// be refused, and the final table must be the replay of the record (in
// English; one game in four is in another language). Now
// and then someone asks for the board, the scoreboard or the record,
// also in the middle of a turn: the record must read and replay. Now and
// then a person resigns, also while the game waits for them: the bot
// moves on and never asks them again. One game
// in three has a turn timeout, and now and then a person lets the time
// run out (never twice in a row): the bot decides for them. The bot logs
// no error, and Discord refuses none of its requests.
func TestStandIn(t *testing.T) {
	t.Parallel()
	for _, seed := range standInSeeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { playStandIn(t, seed) })
	}
}

// standInSeeds are the games TestStandIn plays: the seed of the draw pile
// and of the stand-in's choices.
var standInSeeds = []uint64{11, 42, 89, 113, 159}

// playStandIn plays TestStandIn's game of seed.
func playStandIn(t *testing.T, seed uint64) {
	h := newHarnessWith(t, func(c *Config) {
		c.Seed = func() uint64 { return seed }
		c.ComputerPause, c.ComputerPlayouts = time.Millisecond, testPlayouts
	})
	defer func() {
		if t.Failed() {
			t.Logf("the bot's logs:\n%s", h.logs.String())
		}
	}()
	var every []string
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase {
			every = append(every, e.String())
		}
	}
	rng := rand.New(rand.NewPCG(seed, 12))
	names := []string{"Alice", "Bob", "Cleo", "Dan", "Eve"}
	var users []discordtest.User
	for _, n := range names[:2+rng.IntN(len(names)-1)] {
		users = append(users, h.srv.NewUser(strings.ToLower(n), n))
	}
	offeredCount := len(every)
	if rng.IntN(2) == 0 {
		// Some expansions only, each one time in two: what a turn asks
		// with fewer expansions comes more often.
		var some []string
		for _, e := range every {
			if rng.IntN(2) == 0 {
				some = append(some, e)
			}
		}
		if len(some) > 0 {
			every = some
		}
	}
	farms := []string{"per-farm", "per-city", "off"}[rng.IntN(3)]
	line := "/carcassonne new expansions:" + strings.Join(every, ",") + " farms:" + farms
	timeouts := rng.IntN(3) == 0
	if timeouts {
		line += " turn-timeout:5m"
	}
	if len(users) == 5 && slices.Contains(every, engine.ExpansionInnsAndCathedrals.String()) && rng.IntN(3) == 0 {
		// A sixth person: Inns & Cathedrals has the sixth colour.
		users = append(users, h.srv.NewUser("finn", "Finn"))
		line += " seats:6"
	}
	// One game in four is in another language: the server's and every
	// member's.
	loc := ""
	if rng.IntN(4) == 0 {
		loc = []string{"de", "fr", "es-ES", "it", "pl"}[rng.IntN(5)]
	}
	in := func(u discordtest.User, channel string) discordtest.Actor {
		return discordtest.Actor{User: u, ChannelID: channel, Locale: loc, GuildLocale: loc}
	}
	r := h.slash(in(users[0], ""), line)
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	for _, u := range users[1:] {
		if r := h.click(in(u, ""), lobby, lobbyID(actJoin, 1)); r.Type != 7 {
			t.Fatalf("%s joins: %s", u.Username, text(r))
		}
	}
	h.randomRules(in(users[0], ""), lobby, rng)
	if len(users) < 5 && rng.IntN(3) == 0 {
		// A computer player or two take seats too: their turns and their
		// answers to the people's steps come from the bot.
		for range 1 + rng.IntN(min(2, 5-len(users))) {
			h.addComputer(users[0], lobby, 1, []string{"easy", "normal", "hard"}[rng.IntN(3)])
		}
	}
	thread, _ := h.startLobby(in(users[0], ""), lobby)
	if _, st, err := h.store.Load(h.ctx, 1); err == nil {
		t.Logf("%d players, language %q, %s, rules %s", st.NumPlayers(), loc, strings.Join(every, ","), st.Rules().Options)
	}

	done := map[string]bool{}
	turns, steps, changes, lapsed := 0, 0, 0, 0
	lastLapsed := ""
	resigned := map[string]bool{}
	for {
		next, over := h.nextAsk(thread, done)
		if over {
			if loc == "" && len(resigned) == 0 {
				h.checkEndAll(t, next, turns, len(users))
			} else {
				// The table's words are the language's, or a player
				// resigned: the end carries its picture and the record of
				// the ended game.
				checkPNG(t, next)
				if g := recordOf(t, next); !g.Ended() {
					t.Error("the end's record is not of an ended game")
				}
			}
			break
		}
		done[next.ID] = true
		ids := mention.FindStringSubmatch(next.Content)
		u, err := userByID(users, ids[1])
		if err != nil {
			t.Fatal(err)
		}
		a := in(u, thread)
		if resigned[u.ID] {
			t.Fatalf("%s resigned and is asked: %q", u.Username, next.Content)
		}
		if r, ok := h.maybeResign(users, resigned, rng); ok {
			// The turn message becomes the announcement and the turn is
			// posted again (the next player's when it was theirs); a
			// turn under way is dropped, its step messages closed.
			t.Logf("%s resigns", r.Username)
			resigned[r.ID] = true
			ctx, cancel := h.wctx()
			err := h.srv.Wait(ctx, func() bool { m, _ := h.srv.Message(next.ID); return len(m.Components) == 0 })
			cancel()
			if err != nil {
				m, _ := h.srv.Message(next.ID)
				t.Errorf("after %s resigned, the message %q keeps its components", r.Username, m.Content)
			}
			continue
		}
		if timeouts && u.ID != lastLapsed && rng.IntN(12) == 0 {
			// The person lets the time run out: the bot decides for them.
			h.letTimeRunOut(t)
			lastLapsed = u.ID
			lapsed++
			continue
		}
		lastLapsed = ""
		if rng.IntN(8) == 0 {
			h.otherPresses(users, a, thread, next, rng)
		}
		if rng.IntN(10) == 0 {
			h.lookAtGame(in(users[rng.IntN(len(users))], thread), rng)
		}
		if cellMenu(next) == nil {
			h.randomStep(a, next, rng)
			steps++
			continue
		}
		if rng.IntN(6) == 0 {
			h.typedTurn(a, next, rng)
		} else {
			changes += h.randomTurn(a, next, rng)
		}
		turns++
	}
	t.Logf("%d turns, %d steps of turns, %d changes of previews, %d times run out", turns, steps, changes, lapsed)
	for _, line := range strings.Split(h.logs.String(), "\n") {
		if strings.Contains(line, "level=ERROR") || strings.Contains(line, "50035") {
			t.Errorf("the bot logged: %s", line)
		}
	}
	if changes == 0 || steps == 0 && len(every) == offeredCount {
		t.Errorf("%d steps and %d changes of previews with every expansion: the game asked too little", steps, changes)
	}
}

// nextAsk waits for the next message of thread, not in done, that asks
// the person it mentions with components, or for the end message (then
// over).
func (h *harness) nextAsk(thread string, done map[string]bool) (next discordtest.Message, over bool) {
	h.t.Helper()
	ctx, cancel := h.wctx()
	defer cancel()
	err := h.srv.Wait(ctx, func() bool {
		for _, m := range h.srv.Messages(thread) {
			if slices.ContainsFunc(m.Files, func(f discordtest.File) bool { return strings.HasSuffix(f.Filename, ".rec") }) {
				next, over = m, true // the end, with the record, in any language
				return true
			}
			if !done[m.ID] && len(m.Components) > 0 && mention.MatchString(m.Content) {
				next = m
				return true
			}
		}
		return false
	})
	if err != nil {
		if _, st, err := h.store.Load(h.ctx, 1); err == nil {
			h.t.Logf("the game waits for %+v; its record:\n%s", st.Pending(), st.Record())
		}
		h.t.Fatalf("nothing asks anyone and the game is not over: %v", err)
	}
	return next, over
}

// randomStep answers the step message m as a: a random button, or a
// random option of a random menu (a page's "More choices" included, after
// which the message is answered again).
func (h *harness) randomStep(a discordtest.Actor, m discordtest.Message, rng *rand.Rand) {
	h.t.Helper()
	for range 10 {
		menus, buttons := enabled(components(m.Message))
		var r *discordtest.Response
		what := ""
		if k := rng.IntN(len(menus) + len(buttons)); k < len(menus) {
			s := menus[k]
			o := s.Options[rng.IntN(len(s.Options))]
			what = "option " + o.Label
			r = h.pick(a, m.ID, s.CustomID, o.Value)
		} else {
			b := buttons[k-len(menus)]
			what = "button " + b.Label
			if rng.IntN(6) == 0 {
				r = h.clickTwice(a, m.ID, b.CustomID)
			} else {
				r = h.click(a, m.ID, b.CustomID)
			}
		}
		switch {
		case r.Type == 6: // answered: the game moves on
			return
		case r.Type == 4 && r.Original != nil && len(r.Original.Components) > 0:
			m = *r.Original // "More choices": the next page, for a's eyes
			continue
		}
		h.t.Fatalf("%s's %s in %q: answered type %d: %s", a.User.Username, what, m.Content, r.Type, text(r))
	}
	h.t.Fatalf("ten pages and still no answer to %q", m.Content)
}

// clickTwice has a press the button customID of message msgID twice at
// once, as an impatient double click does, and returns the answer that
// took it (type 6); the other must be an ephemeral refusal, or take it
// too when it is a page of choices.
func (h *harness) clickTwice(a discordtest.Actor, msgID, customID string) *discordtest.Response {
	h.t.Helper()
	ctx, cancel := h.wctx()
	defer cancel()
	i1, err1 := h.srv.Click(ctx, a, msgID, customID)
	i2, err2 := h.srv.Click(ctx, a, msgID, customID)
	if err1 != nil || err2 != nil {
		h.t.Fatalf("a double click on %s: %v, %v", customID, err1, err2)
	}
	r1, r2 := h.answer(ctx, i1), h.answer(ctx, i2)
	if r2.Type == 6 {
		r1, r2 = r2, r1
	}
	if r1.Type == 6 && r2.Type == 6 {
		h.t.Fatalf("both clicks of a double click on %s were taken", customID)
	}
	if r1.Type == 6 && r2.Flags&64 == 0 {
		h.t.Fatalf("the second click of a double click on %s: type %d: %s", customID, r2.Type, text(r2))
	}
	return r1
}

// randomTurn plays the turn of message msg as a (randomTurn's doc on
// TestStandIn) and returns how many changes it made to previews.
func (h *harness) randomTurn(a discordtest.Actor, msg discordtest.Message, rng *rand.Rand) int {
	h.t.Helper()
	changes := 0
	var preview *discordgo.Message
	// open picks a cell: a random option of a random menu of cells of the
	// turn message, or of the next page's ephemeral message after "More
	// choices".
	cellsFrom := msg.Message
	if b, ok := button(msg.Message, actRansom); ok && rng.IntN(2) == 0 {
		// A ransom first: its menu's answer lists the cells again.
		r := h.click(a, msg.ID, b.CustomID)
		rm, ok := menu(r.Original.Message, actRanPay)
		if r.Flags&64 == 0 || !ok {
			h.t.Fatalf("%s's Ransom button: %s", a.User.Username, text(r))
		}
		o := rm.Options[rng.IntN(len(rm.Options))]
		if r = h.pick(a, r.Original.ID, rm.CustomID, o.Value); r.Type != 7 {
			h.t.Fatalf("%s's ransom %q: answered type %d: %s", a.User.Username, o.Label, r.Type, text(r))
		}
		m, _ := h.srv.Message(r.Original.ID)
		cellsFrom = m.Message
	}
	open := func() {
		h.t.Helper()
		from := cellsFrom
		for range 10 {
			var cells []discordgo.SelectMenu
			menus, _ := components(from)
			for _, s := range menus {
				if strings.HasPrefix(s.CustomID, idPrefix+":"+actCell+":") {
					cells = append(cells, s)
				}
			}
			if len(cells) == 0 {
				h.t.Fatalf("no menu of cells in %q", from.Content)
			}
			cm := cells[rng.IntN(len(cells))]
			o := cm.Options[rng.IntN(len(cm.Options))]
			r := h.pick(a, from.ID, cm.CustomID, o.Value)
			if r.Flags&64 == 0 || r.Original == nil {
				h.t.Fatalf("%s picks %q: %s", a.User.Username, o.Label, text(r))
			}
			if len(r.Original.Embeds) == 0 && cellMenu(*r.Original) != nil {
				from = r.Original.Message // the next page of cells
				continue
			}
			if len(r.Original.Embeds) == 0 {
				h.t.Fatalf("%s picks %q: no preview: %s", a.User.Username, o.Label, text(r))
			}
			preview = r.Original.Message
			return
		}
		h.t.Fatal("ten pages of cells and still no preview")
	}
	open()
	if rng.IntN(25) == 0 {
		// The bot restarts while the preview is open: its components
		// still work.
		h.stop()
		h.start()
	}
	for range rng.IntN(7) {
		menus, buttons := enabled(components(preview))
		var acts []discordgo.Button
		for _, b := range buttons {
			if !b.Disabled && (strings.HasPrefix(b.CustomID, idPrefix+":"+actRotL+":") ||
				strings.HasPrefix(b.CustomID, idPrefix+":"+actRotR+":") ||
				strings.HasPrefix(b.CustomID, idPrefix+":"+actBack+":") && rng.IntN(4) == 0) {
				acts = append(acts, b)
			}
		}
		if len(menus)+len(acts) == 0 {
			break
		}
		var r *discordtest.Response
		what := ""
		if k := rng.IntN(len(menus) + len(acts)); k < len(menus) {
			s := menus[k]
			o := s.Options[rng.IntN(len(s.Options))]
			what = "option " + o.Label + " of " + s.Placeholder
			r = h.pick(a, preview.ID, s.CustomID, o.Value)
		} else {
			b := acts[k-len(menus)]
			what = "button " + b.Label
			r = h.click(a, preview.ID, b.CustomID)
			if strings.HasPrefix(b.CustomID, idPrefix+":"+actBack+":") {
				if r.Type != 7 {
					h.t.Fatalf("Back answered type %d: %s", r.Type, text(r))
				}
				open()
				changes++
				continue
			}
		}
		if r.Type != 7 {
			if _, st, err := h.store.Load(h.ctx, 1); err == nil {
				h.t.Logf("the game's record:\n%s", st.Record())
			}
			h.t.Fatalf("%s's %s in the preview %q: answered type %d: %s", a.User.Username, what, preview.Embeds[0].Title, r.Type, text(r))
		}
		m, _ := h.srv.Message(preview.ID)
		preview = m.Message
		if len(preview.Embeds) == 0 || strings.Contains(text(r), "could not") {
			h.t.Fatalf("after %s's %s the preview is %q: %s", a.User.Username, what, preview.Content, text(r))
		}
		changes++
	}
	ok, found := button(preview, actOK)
	if !found {
		h.t.Fatalf("the preview %q has no Confirm", preview.Embeds[0].Title)
	}
	title := preview.Embeds[0].Title
	before, _, err := h.store.Load(h.ctx, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	r := h.click(a, preview.ID, ok.CustomID)
	after, _, err := h.store.Load(h.ctx, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	if after.Moves == before.Moves && after.Answered == before.Answered {
		h.t.Fatalf("%s confirms %q and nothing is played: %s", a.User.Username, title, text(r))
	}
	return changes
}

// otherPresses has a person other than u pick a cell of the turn message
// m, or answer its step, and checks that the bot refuses it with whose
// turn it is and that the message is unchanged.
func (h *harness) otherPresses(users []discordtest.User, a discordtest.Actor, thread string, m discordtest.Message, rng *rand.Rand) {
	u := a.User
	h.t.Helper()
	var others []discordtest.User
	for _, o := range users {
		if o.ID != u.ID && !h.hasResigned(o) {
			others = append(others, o)
		}
	}
	if len(others) == 0 {
		return // everyone else resigned
	}
	o := discordtest.Actor{User: others[rng.IntN(len(others))], ChannelID: thread, Locale: a.Locale, GuildLocale: a.GuildLocale}
	// The turn's cells or the step's answers: not the buttons anyone may
	// press (Whole board).
	menus, buttons := enabled(components(m.Message))
	var steps []discordgo.Button
	for _, b := range buttons {
		if strings.HasPrefix(b.CustomID, idPrefix+":"+actStep+":") {
			steps = append(steps, b)
		}
	}
	var r *discordtest.Response
	switch {
	case len(menus) > 0:
		s := menus[rng.IntN(len(menus))]
		r = h.pick(o, m.ID, s.CustomID, s.Options[rng.IntN(len(s.Options))].Value)
	case len(steps) > 0:
		r = h.click(o, m.ID, steps[rng.IntN(len(steps))].CustomID)
	default:
		return
	}
	if r.Flags&64 == 0 || !strings.Contains(text(r), u.GlobalName) {
		h.t.Errorf("%s pressed %s's component of %q: %s", o.User.Username, u.Username, m.Content, text(r))
	}
	if after, _ := h.srv.Message(m.ID); after.Content != m.Content {
		h.t.Errorf("%s pressed %s's component and the message changed: %q", o.User.Username, u.Username, after.Content)
	}
}

// randomRules has the host a choose a random value in each of the
// lobby's menus of rule options (the pig, the dragon, the princess, the
// robbers), those of More rules… included.
func (h *harness) randomRules(a discordtest.Actor, lobby string, rng *rand.Rand) {
	h.t.Helper()
	pickAll := func(msgID string, acts ...string) {
		h.t.Helper()
		for _, act := range acts {
			m, _ := h.srv.Message(msgID)
			if s, ok := menu(m.Message, act); ok {
				o := s.Options[rng.IntN(len(s.Options))]
				if r := h.pick(a, msgID, s.CustomID, o.Value); r.Type != 7 {
					h.t.Fatalf("the lobby's %s %q: answered type %d: %s", s.Placeholder, o.Label, r.Type, text(r))
				}
			}
		}
	}
	acts := []string{actRuleOpt + "pig", actRuleOpt + "dragon", actRuleOpt + "princess", actRuleOpt + "robbers"}
	pickAll(lobby, acts...)
	m, _ := h.srv.Message(lobby)
	if b, ok := button(m.Message, actRules); ok {
		r := h.click(a, lobby, b.CustomID)
		if r.Original == nil {
			h.t.Fatalf("More rules…: %s", text(r))
		}
		pickAll(r.Original.ID, acts...)
	}
}

// typedTurn plays the turn of message msg as a with /carcassonne place,
// each option a random choice of its autocomplete, and checks that the
// game moves on.
func (h *harness) typedTurn(a discordtest.Actor, msg discordtest.Message, rng *rand.Rand) {
	h.t.Helper()
	line := "/carcassonne place"
	for _, opt := range []string{"position", "rotation", "follower", "escape"} {
		cs := h.autocomplete(a, line+" "+opt+":", opt)
		if len(cs) == 0 {
			continue
		}
		v, _ := cs[rng.IntN(len(cs))].Value.(string)
		line += " " + opt + ":\"" + v + "\""
	}
	before, _, err := h.store.Load(h.ctx, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	r := h.slash(a, line)
	after, _, err := h.store.Load(h.ctx, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	if after.Moves == before.Moves && after.Answered == before.Answered {
		h.t.Fatalf("%s typed %s and nothing is played: %s", a.User.Username, line, text(r))
	}
}

// lookAtGame has a run /carcassonne board, score or record in the game's
// thread. The board is a PNG, the scoreboard names a's player, and the
// record, without the seed, reads and replays to the moves stored.
func (h *harness) lookAtGame(a discordtest.Actor, rng *rand.Rand) {
	h.t.Helper()
	switch rng.IntN(3) {
	case 0:
		r := h.slash(a, "/carcassonne board")
		if r.Original == nil {
			h.t.Fatalf("/carcassonne board: %s", text(r))
		}
		checkPNG(h.t, *r.Original)
	case 1:
		if r := h.slash(a, "/carcassonne score"); !strings.Contains(text(r), a.User.GlobalName) {
			h.t.Fatalf("/carcassonne score: %s", text(r))
		}
	default:
		r := h.slash(a, "/carcassonne record")
		if len(r.Files) != 1 || !strings.HasSuffix(r.Files[0].Filename, ".rec") {
			h.t.Fatalf("/carcassonne record: %d files: %s", len(r.Files), text(r))
		}
		data := string(r.Files[0].Data)
		rec, err := engine.ReadRecord(strings.NewReader(data))
		if err != nil {
			h.t.Fatalf("the record does not read: %v\n%s", err, data)
		}
		if rec.HasSeed {
			h.t.Errorf("a running game's record reveals the seed:\n%s", data)
		}
		if _, err := rec.Replay(); err != nil || len(rec.Turns) != h.movesOf() {
			h.t.Fatalf("the record replays with %v and has %d turns, %d moves stored:\n%s", err, len(rec.Turns), h.movesOf(), data)
		}
	}
}

// letTimeRunOut moves the clock past a turn timeout of 5 minutes and
// waits until the bot has decided for the person it waits for.
func (h *harness) letTimeRunOut(t *testing.T) {
	h.t.Helper()
	g, _, err := h.store.Load(h.ctx, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	h.offset.Add(int64(6 * time.Minute))
	waitStored(t, h, func(now storage.Game) bool { return now.Moves > g.Moves || now.Answered > g.Answered })
}

// maybeResign has, one time in a hundred, a person who has not resigned
// type /carcassonne resign in the game's thread, while more than two
// players play on. It returns the person and true when the resignation is
// stored.
func (h *harness) maybeResign(users []discordtest.User, resigned map[string]bool, rng *rand.Rand) (discordtest.User, bool) {
	h.t.Helper()
	if rng.IntN(100) != 0 {
		return discordtest.User{}, false
	}
	g, err := h.store.Get(h.ctx, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	// Two seats at least play on, one of them a person's: with computers
	// alone the bot stops the game (TestOnlyComputersLeft), which is no
	// end this stand-in waits for.
	playing, people := 0, 0
	for _, s := range g.Seats {
		if !s.Resigned {
			playing++
			if seatLevel(s) == ai.NoLevel {
				people++
			}
		}
	}
	u := users[rng.IntN(len(users))]
	// A person the bot removed after their time ran out three turns in a
	// row has resigned too: their resignation is refused, and changes
	// nothing.
	again := slices.ContainsFunc(g.Seats, func(s storage.Seat) bool { return s.UserID == u.ID && s.Resigned })
	if playing <= 2 || people <= 1 || resigned[u.ID] {
		return discordtest.User{}, false
	}
	r := h.slash(discordtest.Actor{User: u, ChannelID: g.ThreadID}, "/carcassonne resign")
	if r.Flags&64 == 0 {
		h.t.Fatalf("%s's /carcassonne resign: not ephemeral: %s", u.Username, text(r))
	}
	if again {
		resigned[u.ID] = true
		if now, err := h.store.Get(h.ctx, 1); err != nil || now.Moves != g.Moves || now.Answered != g.Answered || now.TurnMessageID != g.TurnMessageID {
			h.t.Errorf("%s resigned again (%q) and the game changed: %v", u.Username, text(r), err)
		}
		return discordtest.User{}, false
	}
	return u, h.hasResigned(u)
}

// hasResigned reports whether person u has resigned from game 1.
func (h *harness) hasResigned(u discordtest.User) bool {
	h.t.Helper()
	g, err := h.store.Get(h.ctx, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	for _, s := range g.Seats {
		if s.UserID == u.ID {
			return s.Resigned
		}
	}
	return false
}
