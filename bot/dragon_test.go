package bot

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

// dragonPlayers are the record names of TestDragonGame's players.
var dragonPlayers = []string{"Alice", "Bob", "Cleo"}

// dragonMove picks the move of the turn that begins in st (The Princess &
// the Dragon), from the engine's legal moves alone, as towerMove does: a
// placement among the cells the menus list, a follower on a random spot
// about half the time, the fairy now and then; never the dragon's steps,
// which are answered apart (the first legal step each time).
func dragonMove(st *engine.Game) engine.Move {
	t, _ := st.Drawn()
	rng := rand.New(rand.NewPCG(st.Seed(), uint64(len(st.Moves()))))
	ps := menuPlacements(st)
	p := ps[rng.IntN(len(ps))]
	m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
	ts, spots := st.Princesses(p), st.PortalSpots(p)
	switch k := rng.IntN(8); {
	case len(ts) > 0 && k < 4:
		m.Princess = ts[0]
	case len(spots) > 0 && k < 4:
		// The portal's tile nearest the tile placed: the Follower… menu
		// lists those first, and holds 25 choices at most.
		near := spots[0]
		for _, sp := range spots {
			if abs(sp.Cell.X-p.Cell.X)+abs(sp.Cell.Y-p.Cell.Y) < abs(near.Cell.X-p.Cell.X)+abs(near.Cell.Y-p.Cell.Y) {
				near = sp
			}
		}
		m.Portal, m.PortalCell, m.Follower = true, near.Cell, near.Port
	case k == 0 && len(st.FairyCells()) > 0:
		m.Fairy, m.FairyCell = true, st.FairyCells()[0]
	case k < 5:
		if sp := st.FollowerSpots(p); len(sp) > 0 {
			m.Follower = sp[rng.IntN(len(sp))].Port
		}
	}
	return m
}

// playDragonTurn plays the turn that begins in st on st with dragonMove
// and the first legal step of the dragon each time, and returns the number
// of steps the dragon took.
func playDragonTurn(tb testing.TB, st *engine.Game) int {
	tb.Helper()
	if st.SetsAside() {
		t, _ := st.Drawn()
		if err := st.Apply(engine.Move{Tile: t, Aside: true}); err != nil {
			tb.Fatal(err)
		}
		return 0
	}
	if t, _ := st.Drawn(); !st.CanPlace(t) {
		if err := st.Apply(engine.Move{Tile: t, Discard: true}); err != nil {
			tb.Fatal(err)
		}
		return 0
	}
	m := dragonMove(st)
	fig := figAnswer(figChoice{port: m.Follower, fairy: m.Fairy, fcell: m.FairyCell, princess: m.Princess, portal: m.Portal, pcell: m.PortalCell})
	for _, a := range []engine.Answer{{Step: engine.StepTile, Cell: m.Cell, Rotation: m.Rotation}, fig} {
		done, err := st.Act(a)
		if err != nil {
			tb.Fatalf("%s: %v", a, err)
		}
		if done {
			return 0 // a volcano: no figure
		}
	}
	steps := 0
	for st.Pending().Step == engine.StepDragon {
		if _, err := st.Act(st.Answers()[0]); err != nil {
			tb.Fatal(err)
		}
		steps++
	}
	return steps
}

// dragonSeed finds the first seed whose game of dragonMove has a dragon
// move of at least three steps, and returns it with the number of the
// turn's first move.
func dragonSeed(tb testing.TB) (uint64, int) {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	for seed := uint64(1); seed <= 200; seed++ {
		st, err := engine.New(engine.Config{Rules: r, Players: dragonPlayers, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		for !st.Ended() {
			n := len(st.Moves())
			if steps := playDragonTurn(tb, st); steps >= 3 {
				return seed, n
			} else if steps > 0 {
				break // the first dragon move is too short
			}
		}
	}
	tb.Fatal("no seed up to 200 moves the dragon three steps the first time")
	return 0, 0
}

// stepMsg waits for the step message of game 1 after `moves` moves and
// `answered` answers.
func (h *harness) stepMsg(thread string, moves, answered int) discordtest.Message {
	h.t.Helper()
	ctx, cancel := h.wctx()
	defer cancel()
	m, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool {
		return hasComponent(m.Message, stepPrefix(1, moves, answered))
	})
	if err != nil {
		h.t.Fatalf("no step message after %d moves and %d answers: %v", moves, answered, err)
	}
	return m
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
			if !strings.Contains(summary, "goes through the magic portal to ("+mv.PortalCell.String()+")") {
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
						users[cur].GlobalName+"'s turn is under way (the dragon is moving, "+users[d.Player].GlobalName+" chooses its next step): you can resign once it is over.")
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
	names, cols := tableRows(desc)
	bd := g.Breakdowns()
	for k, name := range names {
		p := slices.Index(g.Players(), name)
		if p < 0 || len(cols[k]) != 6 {
			t.Fatalf("row %q: %v", name, cols[k])
		}
		b := bd[p]
		if w := []int{b.Roads, b.Cities, b.Cloisters, b.Farms, b.Fairy, g.Score(p)}; !slices.Equal(cols[k], w) {
			t.Errorf("%s: the table says %v, the replay %v", name, cols[k], w)
		}
	}
}

// playWithComputers plays the game in thread for person u against
// computers to its end: each turn message that mentions u with move
// through the components (playMove), each step message that mentions u
// with its first button, after checking that the game waits for u's
// decision and that asked accepts its step. It returns the end message,
// u's turns and u's answers by step.
func (h *harness) playWithComputers(u discordtest.User, thread string, move func(*engine.Game) engine.Move,
	asked func(st *engine.Game, d engine.Decision) bool) (discordtest.Message, int, map[engine.Step]int) {
	h.t.Helper()
	turns, steps := 0, map[engine.Step]int{}
	done := map[string]bool{}
	for {
		// The next message that asks u something, or the end.
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
				if ids := mention.FindStringSubmatch(m.Content); ids != nil && ids[1] == u.ID {
					next = m
					return true
				}
			}
			return false
		})
		wcancel()
		if err != nil {
			msgs := h.srv.Messages(thread)
			for _, m := range msgs[max(0, len(msgs)-3):] {
				h.t.Logf("message %s: %q, %d component rows", m.ID, m.Content, len(m.Components))
			}
			if _, st, err := h.store.Load(h.ctx, 1); err == nil {
				h.t.Logf("the game waits for %+v; its record:\n%s", st.Pending(), st.Record())
			}
			h.t.Fatalf("nothing asks %s and the game is not over: %v", u.Username, err)
		}
		if over {
			return next, turns, steps
		}
		done[next.ID] = true
		g, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			h.t.Fatal(err)
		}
		d := st.Pending()
		if b, ok := button(next.Message, actStep); ok {
			if !asked(st, d) || g.Seats[d.Player].UserID != u.ID {
				h.t.Fatalf("a step message asks %s while the game waits for %v of seat %d", u.Username, d.Step, d.Player)
			}
			if r := h.click(discordtest.Actor{User: u, ChannelID: thread}, next.ID, b.CustomID); r.Type != 6 {
				h.t.Fatalf("%s's %v: %s", u.Username, d.Step, text(r))
			}
			steps[d.Step]++
			continue
		}
		if cellMenu(next) == nil || d.Step != engine.StepTile {
			h.t.Fatalf("a message asks %s %q while the game waits for %v", u.Username, next.Content, d.Step)
		}
		h.playMove(u, thread, next, st, move(st))
		turns++
	}
}

// computerGame opens a lobby with command line as person u, seats a
// computer of each level, starts the game and returns its thread.
func (h *harness) computerGame(u discordtest.User, line string, levels ...string) string {
	h.t.Helper()
	a := discordtest.Actor{User: u}
	r := h.slash(a, line)
	if r.Original == nil {
		h.t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	for _, l := range levels {
		h.addComputer(u, lobby, 1, l)
	}
	if r := h.click(a, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		h.t.Fatalf("start: %s", text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		h.t.Fatalf("no thread: %v", err)
	}
	return h.srv.Threads(h.srv.ChannelID)[0].ID
}

// TestPrincessMustPreview: under princess=must, the preview of a tile
// whose princess joins a city with knights offers only her entries
// ("Princess – send …'s knight home"), the first chosen, and no "No
// follower": the move the preview confirms is legal. Under princess=may
// the same placement offers "No follower" and the follower spots too.
func TestPrincessMustPreview(t *testing.T) {
	b := &Bot{draw: render.New()}
	must, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon), engine.Options{Princess: engine.PrincessMust})
	if err != nil {
		t.Fatal(err)
	}
	mayRules, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for seed := uint64(1); seed < 40 && seen < 2; seed++ {
		st, err := engine.New(engine.Config{Rules: must, Players: []string{"Ann", "Bob"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 4))
		for !st.Ended() && seen < 2 {
			for _, p := range st.Placements() {
				if len(st.Princesses(p)) == 0 {
					continue
				}
				seen++
				ch := choice{game: 1, moves: len(st.Moves()), cell: p.Cell, rot: p.Rotation, figChoice: figChoice{port: engine.NoPort}}
				opts := followerMenu(t, b, st, ch)
				if len(opts) != len(st.Princesses(p)) {
					t.Errorf("seed %d, %v: the Follower… menu has %d entries, the princess %d knights to send home: %+v", seed, p, len(opts), len(st.Princesses(p)), opts)
				}
				for k, o := range opts {
					if !strings.HasPrefix(o.Label, "Princess – send ") || o.Default != (k == 0) {
						t.Errorf("seed %d, %v: entry %d %q (default %v)", seed, p, k, o.Label, o.Default)
					}
				}
				_, _, _, must, _ := figureMenu(storage.Game{}, st, ch)
				m := must.move(st)
				if err := st.Check(m); err != nil {
					t.Errorf("seed %d, %v: the preview's move is refused: %v", seed, p, err)
				}
				// The same game under princess=may.
				may, err := engine.New(engine.Config{Rules: mayRules, Players: []string{"Ann", "Bob"}, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range st.Moves() {
					if err := may.Apply(m); err != nil {
						t.Fatal(err)
					}
				}
				if opts := followerMenu(t, b, may, ch); len(opts) <= len(st.Princesses(p)) || opts[0].Label != "No follower" {
					t.Errorf("seed %d, %v: under princess=may the Follower… menu is %+v", seed, p, opts)
				}
				// /carcassonne place suggests the same, typed by name, but
				// for the magic portal's tiles (the menus choose their spot).
				if os := typedOptions(storage.Game{}, st, ch); len(os) != len(st.Princesses(p)) {
					t.Errorf("seed %d, %v: under princess=must place suggests %d choices", seed, p, len(os))
				}
				princess := 0
				for _, o := range typedOptions(storage.Game{}, may, ch) {
					f, _ := parseFigValue(o.Value)
					if f.portal {
						t.Errorf("seed %d, %v: place suggests the portal: %q", seed, p, o.Label)
					}
					if o.Value == "none" {
						continue
					}
					if got := typedSpot(storage.Game{}, may, ch, strings.ToLower(o.Label)); got != o.Value {
						t.Errorf("seed %d, %v: %q typed reads as %q, want %q", seed, p, o.Label, got, o.Value)
					}
					if f.princess != (engine.Target{}) {
						princess++
					}
				}
				if princess != len(st.Princesses(p)) {
					t.Errorf("seed %d, %v: place suggests the princess %d times, want %d", seed, p, princess, len(st.Princesses(p)))
				}
				break
			}
			actRandomTurn(t, st, rng)
		}
	}
	if seen < 2 {
		t.Fatalf("%d placements with the princess joining a city with knights, want 2", seen)
	}
}

// followerMenu returns the options of the Follower… menu of the preview
// of choice ch on game st.
func followerMenu(t *testing.T, b *Bot, st *engine.Game, ch choice) []discordgo.SelectMenuOption {
	t.Helper()
	return previewMenu(t, b, st, ch, actSpot).Options
}

// previewMenu returns the select menu of action act (actSpot, actEsc, …)
// of the preview of choice ch on game st, read back from its JSON as
// Discord sends it.
func previewMenu(t *testing.T, b *Bot, st *engine.Game, ch choice, act string) discordgo.SelectMenu {
	t.Helper()
	resp, err := b.previewData(storage.Game{}, st, ch)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(map[string]any{"components": resp.Components})
	if err != nil {
		t.Fatal(err)
	}
	var msg discordgo.Message
	if err := json.Unmarshal(raw, &msg); err != nil {
		t.Fatal(err)
	}
	sm, ok := menu(&msg, act)
	if !ok {
		t.Fatalf("the preview has no %s menu", act)
	}
	return sm
}

// TestFollowerMenuFull: in games with every expansion, a placement with
// more figure choices than a menu holds gets a Follower… menu of 25
// options, the magic portal's tiles nearest first, and the preview says
// how many are left out.
func TestFollowerMenuFull(t *testing.T) {
	b := &Bot{draw: render.New()}
	var set engine.ExpansionSet
	for _, e := range engine.PlayableExpansions() {
		set = set.With(e)
	}
	r, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 6; seed++ {
		st, err := engine.New(engine.Config{Rules: r, Players: []string{"A", "B", "C"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for !st.Ended() {
			for _, p := range st.Placements() {
				ch := choice{game: 1, moves: len(st.Moves()), cell: p.Cell, rot: p.Rotation, figChoice: figChoice{port: engine.NoPort}}
				menu, _, left, _, _ := figureMenu(storage.Game{}, st, ch)
				if len(menu) == 0 || menu[0].Value != "-" || len(menu)-1+left <= 24 {
					continue // no menu to fill, or princess=must
				}
				all := menu[1:]
				resp, err := b.previewData(storage.Game{}, st, ch)
				if err != nil {
					t.Fatal(err)
				}
				opts := followerMenu(t, b, st, ch)
				if len(opts) != 25 || opts[0].Label != "No follower" {
					t.Fatalf("seed %d, %v: %d choices make a menu of %d options", seed, p, len(all)+left, len(opts))
				}
				want := fmt.Sprintf("%d more are left out", len(all)+left-24)
				if d := resp.Embeds[0].Description; !strings.Contains(d, want) {
					t.Errorf("seed %d, %v: the preview says %q, want %q", seed, p, d, want)
				}
				last := -1
				for _, o := range opts {
					f, ok := parseFigValue(o.Value)
					if !ok || !f.portal {
						continue
					}
					d := abs(f.pcell.X-p.Cell.X) + abs(f.pcell.Y-p.Cell.Y)
					if d < last {
						t.Errorf("seed %d, %v: the portal's tile %v (%d away) comes after one %d away", seed, p, f.pcell, d, last)
					}
					last = d
				}
				return
			}
			actRandomTurn(t, st, rng)
		}
	}
	t.Fatal("no placement in 6 games had more than 24 figure choices")
}

// actRandomTurn plays the turn under way on st through its steps, each
// answer at random among those the engine lists.
func actRandomTurn(tb testing.TB, st *engine.Game, rng *rand.Rand) {
	tb.Helper()
	for {
		as := st.Answers()
		done, err := st.Act(as[rng.IntN(len(as))])
		if err != nil {
			tb.Fatal(err)
		}
		if done {
			return
		}
	}
}
