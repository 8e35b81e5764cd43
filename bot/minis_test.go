package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// minisMove picks the move of the turn that begins in st (The Flying
// Machines and The Gold Mines) from the engine's legal moves alone: a
// placement among the cells the menus list, a figure onto the flying
// machine three times in four when it may fly, else a follower on a random
// spot a quarter of the time (so that the supply seldom runs out), and the second gold ingot on a random tile that may take
// it. The flight's die and landing are left out: they come after Confirm.
func minisMove(st *engine.Game) engine.Move {
	t, _ := st.Drawn()
	rng := rand.New(rand.NewPCG(st.Seed(), uint64(len(st.Moves()))))
	cells := st.CandidateCells()
	if len(cells) > maxCellMenus*25 {
		cells = cells[:maxCellMenus*25]
	}
	var ps []engine.Placement
	for _, p := range st.Placements() {
		if slices.Contains(cells, p.Cell) {
			ps = append(ps, p)
		}
	}
	p := ps[rng.IntN(len(ps))]
	m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
	if gc := st.GoldCells(p); len(gc) > 0 {
		m.Gold, m.GoldCell = true, gc[rng.IntN(len(gc))]
	}
	if fl := st.Flyers(); len(fl) > 0 && rng.IntN(4) != 0 {
		m.Fly, m.Figure = true, fl[rng.IntN(len(fl))]
		return m
	}
	if sp := st.FollowerSpots(p); len(sp) > 0 && rng.IntN(4) == 0 {
		m.Follower = sp[rng.IntN(len(sp))].Port
	}
	return m
}

// minisLanding is the landing TestMinisGame chooses after `moves` moves
// among n: a random one.
func minisLanding(moves, n int) int {
	return rand.New(rand.NewPCG(uint64(moves), 9)).IntN(n)
}

// minisTimesOut reports whether TestMinisGame lets the time run out on the
// turn of move mv: the second tile with a gold mine played (golds of them
// played before), once.
func minisTimesOut(mv engine.Move, golds int, done bool) bool {
	return mv.Gold && !done && golds > 0
}

// minisSeed finds the first seed whose game, played as TestMinisGame plays
// it, has at least three flights that land (one of them by timeout),
// three tiles with a gold mine, and gold in the final scoring.
func minisSeed(tb testing.TB) uint64 {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFlyingMachines).With(engine.ExpansionGoldMines), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	for seed := uint64(1); seed <= 300; seed++ {
		st, err := engine.New(engine.Config{Rules: r, Players: []string{"Alice", "Bob"}, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		landings, golds, timedOut := 0, 0, false
		for !st.Ended() {
			t, _ := st.Drawn()
			if !st.CanPlace(t) {
				st.Play(engine.Move{Tile: t, Discard: true})
				continue
			}
			mv := minisMove(st)
			if minisTimesOut(mv, golds, timedOut) {
				timedOut = true
				st.Play(engine.MoveOfAnswers(t, firstAnswers(st)))
				continue
			}
			if mv.Gold {
				golds++
			}
			if mv.Fly {
				mv.Roll = int8(st.DieRoll())
				if ls := st.Landings(mv); len(ls) > 0 {
					mv.Land = ls[0]
					if landings > 0 {
						mv.Land = ls[minisLanding(len(st.Moves()), len(ls))]
					}
					landings++
				}
			}
			if err := st.Apply(mv); err != nil {
				tb.Fatalf("seed %d: %v", seed, err)
			}
		}
		gold := 0
		for _, b := range st.Breakdowns() {
			gold += b.Gold
		}
		if landings >= 3 && golds >= 3 && timedOut && gold > 0 {
			return seed
		}
	}
	tb.Fatal("no seed up to 300 has three landings, three gold mines and gold scored")
	return 0
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
				if m, _ := h.srv.Message(sm.ID); !strings.Contains(m.Content, "ran out of time, so I chose: ") || !strings.Contains(m.Content, "lands on the "+landingName(st, as[0].Target)) {
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
			if b.Label != capitalize(landingName(st, as[k].Target)) {
				t.Errorf("the landing button says %q, want %q", b.Label, capitalize(landingName(st, as[k].Target)))
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
			if m, _ := h.srv.Message(sm.ID); !strings.Contains(m.Content, "'s flying figure lands on the "+landingName(st, as[k].Target)) {
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
	names, cols := tableRows(desc)
	bd := g.Breakdowns()
	gold := 0
	for k, name := range names {
		p := slices.Index(g.Players(), name)
		if p < 0 || len(cols[k]) != 6 {
			t.Fatalf("row %q: %v", name, cols[k])
		}
		b := bd[p]
		gold += b.Gold
		if w := []int{b.Roads, b.Cities, b.Cloisters, b.Farms, b.Gold, g.Score(p)}; !slices.Equal(cols[k], w) {
			t.Errorf("%s: the table says %v, the replay %v", name, cols[k], w)
		}
	}
	if gold == 0 {
		t.Error("nobody scored gold")
	}
	if got := text(h.slash(discordtest.Actor{User: alice, ChannelID: thread}, "/carcassonne score")); !strings.Contains(got, "gold ingot") {
		t.Errorf("the scoreboard of a game of The Gold Mines: %q", got)
	}
}

// TestMinisComputers plays a game of The Flying Machines and The Gold
// Mines of one person against an easy computer to the end: the computer
// answers its own ingots, die and landings without being mentioned, the
// person's landings are asked with a message that mentions her, and the
// final table is the replay of the attached record.
func TestMinisComputers(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, func(c *Config) {
		c.ComputerPause, c.ComputerPlayouts = time.Millisecond, testPlayouts
		c.Seed = func() uint64 { return 5 }
	})
	alice := h.srv.NewUser("alice", "Alice")
	a := discordtest.Actor{User: alice}
	r := h.slash(a, "/carcassonne new expansions:flying-machines,gold-mines")
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	h.addComputer(alice, lobby, 1, "easy")
	if r := h.click(a, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		t.Fatalf("start: %s", text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatalf("no thread: %v", err)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	landings, turns := 0, 0
	done := map[string]bool{}
	for {
		var next discordtest.Message
		over := false
		wctx, wcancel := h.wctx()
		err := h.srv.Wait(wctx, func() bool {
			for _, m := range h.srv.Messages(thread) {
				if strings.Contains(m.Content, "The game is over") {
					next, over = m, true
					return true
				}
				if done[m.ID] || len(m.Components) == 0 {
					continue
				}
				if ids := mention.FindStringSubmatch(m.Content); ids != nil && ids[1] == alice.ID {
					next = m
					return true
				}
			}
			return false
		})
		wcancel()
		if err != nil {
			t.Fatalf("nothing asks Alice and the game is not over: %v", err)
		}
		if over {
			break
		}
		done[next.ID] = true
		g, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if b, ok := button(next.Message, actStep); ok {
			if st.Pending().Step != engine.StepLand || g.Seats[st.Pending().Player].UserID != alice.ID {
				t.Fatalf("a step message asks Alice while the game waits for %v of seat %d", st.Pending().Step, st.Pending().Player)
			}
			if r := h.click(discordtest.Actor{User: alice, ChannelID: thread}, next.ID, b.CustomID); r.Type != 6 {
				t.Fatalf("Alice's landing: %s", text(r))
			}
			landings++
			continue
		}
		if cellMenu(next) == nil || st.Pending().Step != engine.StepTile {
			t.Fatalf("a message asks Alice %q while the game waits for %v", next.Content, st.Pending().Step)
		}
		h.playMove(alice, thread, next, st, minisMove(st))
		turns++
	}
	t.Logf("%d turns of Alice, %d landings", turns, landings)
	end, _ := h.nextTurn(thread, "")
	rec := recordText(t, end)
	if !strings.Contains(rec, "gold@") || !strings.Contains(rec, "@fly") {
		t.Errorf("the record has no gold ingot or no flight:\n%s", rec)
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

// TestMinisBadInput checks what stands between a player and a bad choice
// of the minis: a flight from a tile without a flying machine is refused
// in words, the gold menu offers only the tiles next to the one placed
// and a choice keeps its second ingot only there, and custom ids with bad
// flight or gold parts do not read while good ones read back whole.
func TestMinisBadInput(t *testing.T) {
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFlyingMachines).With(engine.ExpansionGoldMines), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.New(engine.Config{Rules: r, Players: []string{"Alice", "Bob"}, Seed: 77})
	if err != nil {
		t.Fatal(err)
	}
	fly := figChoice{port: engine.NoPort, fig: engine.FigureFollower, fly: true}
	flew, mined := false, false
	for !st.Ended() && !(flew && mined) {
		t0, _ := st.Drawn()
		if !st.CanPlace(t0) {
			st.Play(engine.Move{Tile: t0, Discard: true})
			continue
		}
		p := st.Placements()[0]
		ch := choice{game: 1, cell: p.Cell, rot: p.Rotation}
		switch {
		case len(st.GoldCells(p)) > 0 && !mined:
			// A tile with a gold mine: no flight; the second ingot only
			// next to it.
			mined = true
			if why := checkFigure(st, p, fly); !strings.Contains(why, "flying machine") {
				t.Errorf("a flight from a tile without a flying machine: %q", why)
			}
			cells := st.GoldCells(p)
			if opts := goldOptions(st, withGold(st, ch)); len(opts) != len(cells) || !opts[0].Default {
				t.Errorf("the gold menu %+v, the engine's tiles %v", opts, cells)
			}
			far := ch
			far.gold, far.gcell = true, engine.Cell{X: p.Cell.X + 5, Y: p.Cell.Y}
			if got := withGold(st, far); got.gcell != cells[0] {
				t.Errorf("a second ingot far away is kept: %+v", got)
			}
		case len(st.Flyers()) > 0 && !flew:
			// A tile with a flying machine: no gold menu, and the
			// Follower… menu offers the flight with its direction.
			flew = true
			if opts := goldOptions(st, ch); len(opts) != 0 || withGold(st, ch).gold {
				t.Errorf("a tile without a gold mine has a gold menu: %+v", opts)
			}
			if why := checkFigure(st, p, fly); why != "" {
				t.Errorf("the flight is refused: %q", why)
			}
			os := flyOptions(st, p)
			if len(os) == 0 || !strings.Contains(os[0].name, "onto the flying machine (flies ") {
				t.Errorf("the Follower… menu's flights: %+v", os)
			}
		}
		st.Play(engine.MoveOfAnswers(t0, firstAnswers(st)))
	}
	if !flew || !mined {
		t.Fatalf("the game has no flight (%v) or no gold mine (%v) to check", flew, mined)
	}
	for _, id := range []string{
		"cc:ok:1:0:0:1:90:fly.pig",     // a pig does not fly
		"cc:ok:1:0:0:1:90:fly.x",       // no such figure
		"cc:ok:1:0:0:1:90:-:g=1",       // a gold tile without its y
		"cc:ok:1:0:0:1:90:-:g=a/1",     // not a number
		"cc:gold:1:0:0:1:90:-:g=1/1/N", // three parts
	} {
		if _, err := parseID(id); err == nil {
			t.Errorf("parseID(%q) reads", id)
		}
	}
	for _, good := range []choice{
		{game: 1, moves: 3, cell: engine.Cell{X: -1, Y: 2}, rot: engine.Rotate90, figChoice: figChoice{port: engine.NoPort, fig: engine.FigureLarge, fly: true},
			gold: true, gcell: engine.Cell{X: -2, Y: 3}},
		{game: 1, moves: 3, figChoice: figChoice{port: engine.NoPort, fly: true}},
		{game: 1, moves: 5, figChoice: figChoice{port: engine.S}, gold: true, gcell: engine.Cell{X: 0, Y: -1},
			escape: engine.Target{Cell: engine.Cell{X: 1}, Port: engine.N}},
	} {
		if p, err := parseID(good.id(actGold)); err != nil || p.choice != good {
			t.Errorf("parseID(%q) = %+v, %v; want %+v", good.id(actGold), p.choice, err, good)
		}
	}
}
