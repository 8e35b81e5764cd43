package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/turnview"
)

// ferriesMove picks the move of the turn that begins in st (The Ferries)
// from the engine's legal moves alone: a placement among the cells the
// menus list, a follower on a random spot a third of the time, the ferry
// of a lake tile on a random pair of road ends, and each ferry the tile
// may move moved half the time to a random other pair.
func ferriesMove(st *engine.Game) engine.Move {
	t, _ := st.Drawn()
	rng := rand.New(rand.NewPCG(st.Seed(), uint64(len(st.Moves()))))
	ps := menuPlacements(st)
	p := ps[rng.IntN(len(ps))]
	m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
	if sp := st.FollowerSpots(p); len(sp) > 0 && rng.IntN(3) == 0 {
		m.Follower = sp[rng.IntN(len(sp))].Port
	}
	if ls := st.FerryLinks(t, p.Rotation); len(ls) > 0 {
		m.Ferry = ls[rng.IntN(len(ls))]
	}
	for _, f := range st.MovableFerries(m) {
		if rng.IntN(2) == 0 {
			continue
		}
		var mine []engine.FerryMove
		for _, fm := range st.AppendFerryMoves(nil, m) {
			if fm.Cell == f.Cell {
				mine = append(mine, fm)
			}
		}
		if len(mine) > 0 {
			m.FerryMoves = m.FerryMoves.Add(mine[rng.IntN(len(mine))])
		}
	}
	return m
}

// ferriesSeed finds the first seed whose game of ferriesMove sets three
// ferries and moves three.
func ferriesSeed(tb testing.TB) uint64 {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFerries), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	for seed := uint64(1); seed <= 300; seed++ {
		st, err := engine.New(engine.Config{Rules: r, Players: []string{"Alice", "Bob"}, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		set, moved := 0, 0
		for !st.Ended() {
			t, _ := st.Drawn()
			if !st.CanPlace(t) {
				st.Play(engine.Move{Tile: t, Discard: true})
				continue
			}
			m := ferriesMove(st)
			if m.Ferry != 0 {
				set++
			}
			moved += m.FerryMoves.Len()
			if err := st.Apply(m); err != nil {
				tb.Fatalf("seed %d: %v", seed, err)
			}
		}
		if set >= 3 && moved >= 3 {
			return seed
		}
	}
	tb.Fatal("no seed up to 300 sets and moves three ferries")
	return 0
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
			if w := fmt.Sprintf("The ferry at (%s) joins the roads %s.", mv.Cell, turnview.LinkWords(mv.Ferry)); !strings.Contains(summary, w) {
				t.Errorf("move %d: the summary %q does not say %q", len(st.Moves()), summary, w)
			}
		}
		for _, fm := range mv.FerryMoves.All() {
			moved++
			if w := fmt.Sprintf("The ferry at (%s) moves to join %s.", fm.Cell, turnview.LinkWords(fm.Link)); !strings.Contains(summary, w) {
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
