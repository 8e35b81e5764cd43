package bot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// towerPlayers are the record names of TestTowerGame's players, in turn
// order.
var towerPlayers = []string{"Alice", "Bob"}

// towerMove picks the move of the turn being played in st (The Tower),
// from the engine's legal moves alone, as catharsMove does: the discard of
// a tile that fits nowhere; a ransom about one turn in three when one may
// be paid; then, among the cells the turn message's menus list, a tower
// piece that takes an opponent's figure prisoner when there is one; else a
// tower piece without capture about one turn in six, a follower on top of
// a tower one turn in twelve, else a follower on a random spot two turns
// in three. A pseudo-random number drawn from the seed and the number of
// moves decides.
func towerMove(st *engine.Game) engine.Move {
	t, _ := st.Drawn()
	if !st.CanPlace(t) {
		return engine.Move{Tile: t, Discard: true}
	}
	rng := rand.New(rand.NewPCG(st.Seed(), uint64(len(st.Moves()))))
	cur := st.Current()
	view := st
	var ransom engine.Move
	if rs := st.Ransoms(); len(rs) > 0 && rng.IntN(3) == 0 {
		ransom = engine.Move{Ransomed: true, Ransom: rs[0]}
		v, err := st.AfterRansom(rs[0])
		if err != nil {
			panic(err)
		}
		view = v
	}
	ps := menuPlacements(st)
	with := func(m engine.Move) engine.Move {
		m.Tile, m.Ransomed, m.Ransom = t, ransom.Ransomed, ransom.Ransom
		return m
	}
	for _, p := range ps {
		for _, c := range view.TowerCells(p) {
			m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation, Tower: engine.TowerPiece, TowerCell: c}
			for _, tg := range view.Captures(m) {
				if turnview.Owner(view, tg) != cur {
					m.Capture = tg
					return with(m)
				}
			}
		}
	}
	p := ps[rng.IntN(len(ps))]
	m := engine.Move{Cell: p.Cell, Rotation: p.Rotation}
	switch k := rng.IntN(12); {
	case k < 2 && len(view.TowerCells(p)) > 0:
		cs := view.TowerCells(p)
		m.Tower, m.TowerCell = engine.TowerPiece, cs[rng.IntN(len(cs))]
	case k == 2 && len(view.TowerTops(engine.FigureFollower)) > 0:
		cs := view.TowerTops(engine.FigureFollower)
		m.Tower, m.TowerCell, m.Figure = engine.TowerTop, cs[rng.IntN(len(cs))], engine.FigureFollower
	case k < 10:
		if sp := view.FollowerSpots(p); len(sp) > 0 {
			m.Follower = sp[rng.IntN(len(sp))].Port
		}
	}
	return with(m)
}

// towerSeen is what a game of towerMove showed: the numbers of the first
// moves with a capture of another player's figure, an exchange of
// prisoners and a ransom, or -1.
type towerSeen struct{ capture, exchange, ransom int }

func (s towerSeen) all() bool { return s.capture >= 0 && s.exchange >= 0 && s.ransom >= 0 }

// note notes move k, mv, played on before (after is the game after it).
func (s *towerSeen) note(k int, mv engine.Move, before, after *engine.Game) {
	if mv.Ransomed && s.ransom < 0 {
		s.ransom = k
	}
	if mv.Capture == (engine.Target{}) {
		return
	}
	owner, cur := turnview.Owner(before, mv.Capture), before.Current()
	if owner == cur {
		return
	}
	if s.capture < 0 {
		s.capture = k
	}
	if s.exchange < 0 && exchanged(before, after, cur, owner) {
		s.exchange = k
	}
}

// exchanged reports whether the capture by cur of a figure of owner, from
// game before to after, was exchanged at once: cur holds no more of
// owner's figures than before.
func exchanged(before, after *engine.Game, cur, owner int) bool {
	count := func(st *engine.Game) int {
		n := 0
		for _, p := range st.Prisoners(cur) {
			if p.Player == owner {
				n++
			}
		}
		return n
	}
	return count(after) <= count(before)
}

// playTower plays a game of The Tower shuffled by seed with towerMove until
// it has shown a capture, an exchange and a ransom, or has ended.
func playTower(tb testing.TB, seed uint64) towerSeen {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionTower), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	st, err := engine.New(engine.Config{Rules: r, Players: towerPlayers, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	s := towerSeen{-1, -1, -1}
	for !st.Ended() && !s.all() {
		mv := towerMove(st)
		before := st.Clone()
		if err := st.Apply(mv); err != nil {
			tb.Fatalf("seed %d, move %d: %+v: %v", seed, len(before.Moves()), mv, err)
		}
		s.note(len(before.Moves()), mv, before, st)
	}
	return s
}

// towerSeed finds the first seed whose game of towerMove shows a capture,
// an exchange and a ransom.
func towerSeed(tb testing.TB) (uint64, towerSeen) {
	tb.Helper()
	for seed := uint64(1); seed <= 300; seed++ {
		if s := playTower(tb, seed); s.all() {
			return seed, s
		}
	}
	tb.Fatal("no seed up to 300 shows a capture, an exchange and a ransom")
	return 0, towerSeen{}
}

// TestTowerBadInput checks what stands between a player and a bad tower
// move: a tower piece where there is no foundation and a ransom nobody
// owes are refused with the engine's reason, in words; custom ids with bad
// tower parts do not read, and good ones read back whole. (Discord itself
// sends only the components and values a message has; the bot checks them
// again against the game at every click.)
func TestTowerBadInput(t *testing.T) {
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionTower), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.New(engine.Config{Rules: r, Players: towerPlayers, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	p := st.Placements()[0]
	at := choice{game: 1, cell: p.Cell, rot: p.Rotation}
	for _, v := range []string{"tower@40,40", "top.pig@0,0", "top@0,0", "figure tower@0,0"} {
		if _, ok := at.choose(st, en, nil, engine.StepFigure, v); ok {
			t.Errorf("%q is accepted", v)
		}
	}
	ch := choice{game: 1, cell: p.Cell, rot: p.Rotation, ransomed: true, ransom: engine.Ransom{Jailer: 1, Figure: engine.FigureFollower}}
	if v, why := turnViewIn(i18n.English, st, ch); v != nil || !strings.HasPrefix(why, "That ransom cannot be paid now: ") || !strings.HasSuffix(why, ".") {
		t.Errorf("a ransom nobody owes: %v, %q", v, why)
	}
	if _, why := turnViewIn(i18n.German, st, ch); why != i18n.German.N("bot2.ransom.cannot_pay", engine.RansomPoints, nil) {
		t.Errorf("a ransom nobody owes, in German: %q", why)
	}
	if opts := ransomOptions(i18n.English, storage.Game{}, st); len(opts) != 0 {
		t.Errorf("ransoms offered at the start: %+v", opts)
	}
	if hint := ransomHint(storage.Game{}, st); hint != "" {
		t.Errorf("the first turn tells of a ransom: %q", hint)
	}

	for _, id := range []string{
		"cc:ok:1:0:0:1:90:-:r=9/follower", // no such seat
		"cc:ok:1:0:0:1:90:-:r=1/pig",      // a pig is never a prisoner
		"cc:cell:1:0:0:r=1",               // a cell menu's ransom without its figure
		"cc:cell:1:0:0:ransom/0",          // seats count from 1 in a record's token
		"cc:cell:1:0:0:ransom/2=pig",      // a pig is never a prisoner
		"cc:ok:1:0:0:1:90:-:ransom/9",     // no such seat
		"cc:ok:1:0:0:1:90:-:ransom/2:ransom/2",
	} {
		if _, err := parseID(id); err == nil {
			t.Errorf("parseID(%q) reads", id)
		}
	}
	// The ransom travels as its record token (spec/record.md); the ids of
	// turn messages posted before it did still read.
	for id, want := range map[string]engine.Ransom{
		cellMenuID(1, 4, 0) + ":ransom/2":       {Jailer: 1, Figure: engine.FigureFollower},
		cellMenuID(1, 4, 0) + ":ransom/1=large": {Jailer: 0, Figure: engine.FigureLarge},
		cellMenuID(1, 4, 0) + ":r=1/follower":   {Jailer: 1, Figure: engine.FigureFollower},
		"cc:ok:1:4:0:1:90:-:r=0/large":          {Jailer: 0, Figure: engine.FigureLarge},
		"cc:ok:1:4:0:1:90:-:ransom/3=large:s=0": {Jailer: 2, Figure: engine.FigureLarge},
	} {
		if p, err := parseID(id); err != nil || !p.choice.ransomed || p.choice.ransom != want || p.moves != 4 {
			t.Errorf("parseID(%q) = %+v, %v; want the ransom %+v", id, p, err, want)
		}
	}
}

// expansionGame opens a lobby with the first of users as host (command
// line, e.g. "/carcassonne new turn-timeout:5m"), seats the others,
// chooses the expansions (their record names) in the Expansions… menu,
// which must offer them and list them by title, starts the game and
// returns its thread and first turn message.
func (h *harness) expansionGame(users []discordtest.User, line string, exps ...string) (string, discordtest.Message) {
	h.t.Helper()
	host := discordtest.Actor{User: users[0]}
	r := h.slash(host, line)
	if r.Original == nil {
		h.t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	for _, u := range users[1:] {
		if r := h.click(discordtest.Actor{User: u}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
			h.t.Fatalf("%s joins: answer type %d: %s", u.Username, r.Type, text(r))
		}
	}
	m, _ := h.srv.Message(lobby)
	sm, _ := menu(m.Message, actExp)
	var titles []string
	for _, v := range exps {
		e, ok := engine.ParseExpansion(v)
		if !ok || !slices.ContainsFunc(sm.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v && o.Label == e.Title() }) {
			h.t.Fatalf("the Expansions… menu does not offer %s: %+v", v, sm.Options)
		}
		titles = append(titles, e.Title())
	}
	if r := h.pick(host, lobby, lobbyID(actExp, 1), exps...); r.Type != 7 {
		h.t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	if m, _ := h.srv.Message(lobby); field(m, "Expansions") != strings.Join(titles, ", ") {
		h.t.Errorf("the lobby lists the expansions %q, want %q", field(m, "Expansions"), strings.Join(titles, ", "))
	}
	if r := h.click(host, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		h.t.Fatalf("start: answer type %d: %s", r.Type, text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		h.t.Fatalf("no thread: %v", err)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	msg, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil })
	if err != nil {
		h.t.Fatalf("no first turn: %v", err)
	}
	return thread, msg
}
