package bot

import (
	"encoding/json"
	"math/rand/v2"
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
	fig := engine.Answer{Step: engine.StepFigure}
	switch {
	case m.Portal:
		fig.Portal, fig.Figure, fig.Cell, fig.Port = true, m.Figure, m.PortalCell, m.Follower
	case m.Princess != (engine.Target{}):
		fig.Princess, fig.Target = true, m.Princess
	case m.Fairy:
		fig.Fairy, fig.Cell, fig.Port = true, m.FairyCell, m.Follower
	case m.Follower != engine.NoPort:
		fig.Figure, fig.Port = m.Figure, m.Follower
	}
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
			h.checkOpenings()
			return next, turns, steps
		}
		done[next.ID] = true
		g, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			h.t.Fatal(err)
		}
		d := st.Pending()
		b, isButton := button(next.Message, actStep)
		sm, isMenu := menu(next.Message, actStep)
		if isButton || isMenu {
			if !asked(st, d) || g.Seats[d.Player].UserID != u.ID {
				h.t.Fatalf("a step message asks %s while the game waits for %v of seat %d", u.Username, d.Step, d.Player)
			}
			a := discordtest.Actor{User: u, ChannelID: thread}
			var r *discordtest.Response
			if isButton {
				r = h.click(a, next.ID, b.CustomID)
			} else {
				r = h.pick(a, next.ID, sm.CustomID, sm.Options[0].Value) // more choices than buttons hold
			}
			if r.Type != 6 {
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
				ch := choice{game: 1, moves: len(st.Moves()), cell: p.Cell, rot: p.Rotation}
				opts := followerMenu(t, b, st, ch)
				if len(opts) != len(st.Princesses(p)) {
					t.Errorf("seed %d, %v: the Follower… menu has %d entries, the princess %d knights to send home: %+v", seed, p, len(opts), len(st.Princesses(p)), opts)
				}
				defaults := 0
				for k, o := range opts {
					if !strings.HasPrefix(o.Label, "Princess – send ") {
						t.Errorf("seed %d, %v: entry %d %q", seed, p, k, o.Label)
					}
					if o.Default {
						defaults++
					}
				}
				if defaults != 1 {
					t.Errorf("seed %d, %v: %d entries chosen, want one: %+v", seed, p, defaults, opts)
				}
				m := walkOf(t, st, ch).move()
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
				// /carcassonne place suggests the same, typed by name.
				if os := ch.stageOptions(st, en, nil, engine.StepFigure); len(os) != len(st.Princesses(p)) {
					t.Errorf("seed %d, %v: under princess=must place suggests %d choices", seed, p, len(os))
				}
				princess := 0
				for _, o := range ch.stageOptions(may, en, nil, engine.StepFigure) {
					if o.Pass() {
						continue
					}
					typed, ok := ch.choose(may, en, nil, engine.StepFigure, strings.ToLower(o.Label))
					if got := walkOf(t, may, typed).stages[0].chosen(); !ok || got.Value != o.Value {
						t.Errorf("seed %d, %v: %q typed reads as %q, want %q", seed, p, o.Label, got.Value, o.Value)
					}
					if o.Answer.Princess {
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
	resp, err := b.previewData(i18n.English, storage.Game{}, st, ch)
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
// more figure choices than a menu holds gets a Follower… menu in pages of
// at most 25 options, the magic portal's tiles nearest first; turning the
// pages shows every choice once, none left out.
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
				ch := choice{game: 1, moves: len(st.Moves()), cell: p.Cell, rot: p.Rotation}
				w := walkOf(t, st, ch)
				k := slices.IndexFunc(w.stages, func(s stage) bool { return s.step == engine.StepFigure })
				if k < 0 || len(w.stages[k].opts) <= maxMenuOptions || !w.stages[k].opts[0].Pass() {
					continue // one page, or princess=must
				}
				all := menuOptions(i18n.English, w.stages[k], p.Cell)
				var seen []discordgo.SelectMenuOption
				for page := 0; ; page++ {
					ch.page = pageAt{menu: k + 1, n: page}
					opts := followerMenu(t, b, st, ch)
					if len(opts) > maxMenuOptions {
						t.Fatalf("seed %d, %v: page %d has %d options", seed, p, page, len(opts))
					}
					next := false
					for _, o := range opts {
						if n, ok := pageValue([]string{o.Value}); ok {
							next = next || n == page+1
							continue
						}
						seen = append(seen, o)
					}
					if !next {
						break
					}
				}
				if len(seen) != len(all) {
					t.Fatalf("seed %d, %v: the pages show %d of %d choices", seed, p, len(seen), len(all))
				}
				last := -1
				for k, o := range seen {
					if o.Value != all[k].Value || o.Label != all[k].Label {
						t.Errorf("seed %d, %v: choice %d is %q, want %q", seed, p, k, o.Label, all[k].Label)
					}
					f := valueMove(t, st.TileSet(), o.Value)
					if !f.Portal {
						continue
					}
					d := max(abs(f.PortalCell.X-p.Cell.X), abs(f.PortalCell.Y-p.Cell.Y))
					if d < last {
						t.Errorf("seed %d, %v: the portal's tile %v (%d away) comes after one %d away", seed, p, f.PortalCell, d, last)
					}
					last = d
				}
				return
			}
			actRandomTurn(t, st, rng)
		}
	}
	t.Fatal("no placement in 6 games had more than 25 figure choices")
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

// checkOpenings fails the test when a message the bot posted has an embed
// whose text opens with an empty line (a step message after a computer's
// tile once did: its note was empty).
func (h *harness) checkOpenings() {
	h.t.Helper()
	for _, r := range h.srv.Requests() {
		if r.Route != "POST /channels/{channel}/messages" {
			continue
		}
		var m struct {
			Embeds []struct {
				Description string `json:"description"`
			} `json:"embeds"`
		}
		if json.Unmarshal(r.JSON, &m) != nil {
			continue
		}
		for _, e := range m.Embeds {
			if strings.HasPrefix(e.Description, "\n") {
				h.t.Errorf("a message opens with an empty line: %q", e.Description)
			}
		}
	}
}
