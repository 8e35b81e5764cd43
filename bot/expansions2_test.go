package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/turnview"
)

// catharsExpansions are the expansions TestCatharsGame chooses in the
// lobby's Expansions… menu, by their values there.
var catharsExpansions = []engine.Expansion{engine.ExpansionRiver2, engine.ExpansionInnsAndCathedrals, engine.ExpansionCathars, engine.ExpansionGQ11}

// catharsPlayers are the record names of TestCatharsGame's players, in
// turn order.
var catharsPlayers = []string{"Alice", "Bob", "Cleo"}

// catharsMove picks the move of the turn being played in st, from the
// engine's legal moves alone (the draw pile's order aside, it depends on
// the position only, so the search below and the game through Discord
// make the same moves): the discard of a tile that fits nowhere; else the
// first placement, among the cells the turn message's menus list, that
// lets a knight of the current player escape from a besieged city, with
// that escape and no follower; else the placement and figure of the best
// mark, where a knight in a besieged city, a follower on an inn's road or a
// cathedral's city, and the large follower there, mark higher, and a
// pseudo-random number drawn from the seed and the number of moves breaks
// ties.
func catharsMove(st *engine.Game) engine.Move {
	t, _ := st.Drawn()
	if !st.CanPlace(t) {
		return engine.Move{Tile: t, Discard: true}
	}
	cur := st.Current()
	ps := menuPlacements(st)
	if knightInSiege(st, cur) {
		for _, p := range ps {
			m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
			if es := st.Escapes(m); len(es) > 0 {
				m.Escape = es[0]
				return m
			}
		}
	}
	rng := rand.New(rand.NewPCG(st.Seed(), uint64(len(st.Moves()))))
	figs := st.FiguresInSupply(cur)
	tile := st.TileSet().Tile(t)
	var best engine.Move
	bestMark := -1
	for _, p := range ps {
		m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
		if mark := rng.IntN(10); mark > bestMark {
			best, bestMark = m, mark
		}
		for _, s := range st.FollowerSpots(p) {
			markers := tile.Features[s.Feature].Markers
			for _, f := range figs {
				mark := rng.IntN(10)
				switch {
				case s.Kind == engine.City && markers&engine.Besieged != 0:
					mark += 30
				case markers&(engine.Inn|engine.Cathedral) != 0:
					mark += 20
					if f != engine.FigureFollower {
						mark += 5
					}
				case s.Kind == engine.Field:
					mark -= 5
				}
				if mark > bestMark {
					m.Follower, m.Figure = s.Port, f
					best, bestMark = m, mark
				}
			}
		}
	}
	return best
}

// knightInSiege reports whether player p has a knight in a besieged city
// not completed yet.
func knightInSiege(st *engine.Game, p int) bool {
	for _, f := range st.Followers() {
		if f.Player != p || f.Kind != engine.City {
			continue
		}
		fi, ok := st.FeatureAt(f.Cell, f.Port)
		if !ok || fi.Complete {
			continue
		}
		for _, s := range fi.Segments {
			if pt, ok := st.TileAt(s.Cell); ok && st.TileSet().Tile(pt.Tile).Features[s.Feature].Markers&engine.Besieged != 0 {
				return true
			}
		}
	}
	return false
}

// catharsSeen is what a game of catharsMove showed, move by move.
type catharsSeen struct {
	escape    int // the number of the first move with an escape, or -1
	innOrCath int // the first move that scored an inn's road or a cathedral's city
	siege     int // the first move that scored a besieged city
	extra     int // the first move after which its player plays again
}

func (s catharsSeen) all() bool {
	return s.escape >= 0 && s.innOrCath >= 0 && s.siege >= 0 && s.extra >= 0
}

// playCathars plays a game of the Cathars' expansions shuffled by seed
// with catharsMove, until it has shown all catharsSeen looks for or has
// ended, and says what it showed.
func playCathars(tb testing.TB, seed uint64) catharsSeen {
	tb.Helper()
	rules, err := engine.NewRules(catharsSet(), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	st, err := engine.New(engine.Config{Rules: rules, Players: catharsPlayers, Seed: seed, DrawnOnly: true})
	if err != nil {
		tb.Fatal(err)
	}
	seen := catharsSeen{-1, -1, -1, -1}
	for k := 0; !st.Ended() && !seen.all(); k++ {
		m := catharsMove(st)
		before := len(st.Events())
		if err := st.Apply(m); err != nil {
			tb.Fatalf("seed %d, move %d %+v: %v", seed, k, m, err)
		}
		seen.note(k, m, st, st.Events()[before:])
	}
	return seen
}

// note notes what move number k, m, showed: st is the game after it and
// evs the scores it made.
func (s *catharsSeen) note(k int, m engine.Move, st *engine.Game, evs []engine.ScoreEvent) {
	if m.Escape.Port != engine.NoPort && s.escape < 0 {
		s.escape = k
	}
	if st.ExtraTurn() && s.extra < 0 {
		s.extra = k
	}
	for _, e := range evs {
		if e.Final || e.Source != engine.SourceFeature {
			continue
		}
		if e.Markers&(engine.Inn|engine.Cathedral) != 0 && s.innOrCath < 0 {
			s.innOrCath = k
		}
		if e.Markers&engine.Besieged != 0 && s.siege < 0 {
			s.siege = k
		}
	}
}

// catharsSet is the set of catharsExpansions.
func catharsSet() engine.ExpansionSet {
	set := engine.ExpansionSet(0)
	for _, e := range catharsExpansions {
		set = set.With(e)
	}
	return set
}

// catharsSeed is the first seed from 1 whose game, played with
// catharsMove, shows everything catharsSeen looks for.
func catharsSeed(tb testing.TB) (uint64, catharsSeen) {
	tb.Helper()
	for seed := uint64(1); seed <= 500; seed++ {
		if s := playCathars(tb, seed); s.all() {
			return seed, s
		}
	}
	tb.Fatal("no seed up to 500 shows an escape, an inn or cathedral, a besieged city scored and an extra turn")
	return 0, catharsSeen{}
}

// markedWords names a feature scored with its markers, as the summaries
// should: "road with an inn", "city with a cathedral", "besieged city",
// "besieged city with a cathedral".
func markedWords(e engine.ScoreEvent) string {
	w := map[engine.FeatureKind]string{engine.Road: "road", engine.City: "city", engine.Cloister: "cloister", engine.Field: "farm"}[e.Feature]
	if e.Markers&engine.Besieged != 0 {
		w = "besieged " + w
	}
	switch {
	case e.Markers&engine.Inn != 0:
		w += " with an inn"
	case e.Markers&engine.Cathedral != 0:
		w += " with a cathedral"
	}
	return w
}

// playMove plays move mv of the turn of msg (st is the game before it)
// through the components, as user u would: with a ransom (The Tower), the
// Ransom button and its menu, whose answer lists the cells again; the cell
// in the menu of cells that lists it, ⟳ until the tile is turned as mv
// says, the figure, tower piece or follower on top of a tower in the
// Follower… menu, the prisoner in the Take prisoner… menu, the knight in
// the Escape… menu, then Confirm. It checks the preview at each step and
// returns the summary the turn message became.
func (h *harness) playMove(u discordtest.User, thread string, msg discordtest.Message, st *engine.Game, mv engine.Move) string {
	h.t.Helper()
	a := discordtest.Actor{User: u, ChannelID: thread}
	var cm *discordgo.SelectMenu
	cellsMsg := msg.Message
	if b, ok := button(msg.Message, actRansom); ok != (len(st.Ransoms()) > 0) {
		h.t.Fatalf("the turn message has a Ransom button: %v; the engine's ransoms: %v", ok, st.Ransoms())
	} else if mv.Ransomed {
		r := h.click(a, msg.ID, b.CustomID)
		if r.Flags&64 == 0 || r.Original == nil {
			h.t.Fatalf("the Ransom button's answer is not ephemeral: %s", text(r))
		}
		rm, ok := menu(r.Original.Message, actRanPay)
		v := mv.Ransom.String()
		if !ok || !slices.ContainsFunc(rm.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v }) {
			h.t.Fatalf("the ransom menu does not offer %s: %+v", v, rm.Options)
		}
		r = h.pick(a, r.Original.ID, rm.CustomID, v)
		if r.Type != 7 {
			h.t.Fatalf("the ransom menu answered type %d: %s", r.Type, text(r))
		}
		m, _ := h.srv.Message(r.Original.ID)
		if !strings.Contains(m.Content, "Ransom: you will pay") {
			h.t.Errorf("after the ransom menu: %q", m.Content)
		}
		cellsMsg = m.Message
	}
	menus, _ := components(cellsMsg)
	for _, s := range menus {
		if strings.HasPrefix(s.CustomID, idPrefix+":"+actCell+":") &&
			slices.ContainsFunc(s.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == mv.Cell.String() }) {
			cm = &s
		}
	}
	if cm == nil {
		h.t.Fatalf("no menu of the turn message lists the cell (%s)", mv.Cell)
	}
	r := h.pick(a, cellsMsg.ID, cm.CustomID, mv.Cell.String())
	if r.Flags&64 == 0 || r.Original == nil {
		h.t.Fatalf("the preview is not ephemeral: %s", text(r))
	}
	preview := r.Original
	// update checks the answer to a component of the preview and reads
	// the preview again.
	update := func(what string, r *discordtest.Response) {
		h.t.Helper()
		if r.Type != 7 {
			h.t.Fatalf("%s answered type %d: %s", what, r.Type, text(r))
		}
		m, _ := h.srv.Message(preview.ID)
		preview = &m
	}
	rots := st.RotationsAt(mv.Cell)
	steps := slices.Index(rots, mv.Rotation)
	if steps < 0 {
		h.t.Fatalf("rotation %s° is not among %v at (%s)", mv.Rotation, rots, mv.Cell)
	}
	for range steps {
		b, ok := button(preview.Message, actRotR)
		if !ok || b.Disabled {
			h.t.Fatalf("the preview has no ⟳ to turn the tile to %s°", mv.Rotation)
		}
		update("⟳", h.click(a, preview.ID, b.CustomID))
	}
	if len(preview.Embeds) == 0 {
		h.t.Fatalf("the preview of (%s) has no picture: %q", mv.Cell, preview.Content)
	}
	if title := preview.Embeds[0].Title; !strings.Contains(title, fmt.Sprintf("at (%s), turned %s°", mv.Cell, mv.Rotation)) {
		h.t.Fatalf("the preview says %q, want the tile at (%s) turned %s°", title, mv.Cell, mv.Rotation)
	}
	if mv.Ransomed {
		if d, w := preview.Embeds[0].Description, fmt.Sprintf("Ransom: you pay **%s** %d points", st.Players()[mv.Ransom.Jailer], engine.RansomPoints); !strings.Contains(d, w) {
			h.t.Errorf("the preview with a ransom says %q, want %q", d, w)
		}
	}
	as, _, err := turnview.AnswersOfMove(st, mv)
	if err != nil || len(as) == 0 {
		h.t.Fatalf("the answers of %+v: %v", mv, err)
	}
	used := map[string]int{} // the menus of each action answered so far
	c := st.Clone()          // the game before each answer, to read the menus' values
	for k, ans := range as[1:] {
		if _, err := c.Act(as[k]); err != nil {
			h.t.Fatalf("%s: %v", as[k], err)
		}
		m, ok := menuOf[ans.Step]
		if !ok {
			continue // the die of a flight: no menu
		}
		sm, found := nthMenu(preview.Message, m.act, used[m.act])
		if !found {
			continue // one option, nothing to choose
		}
		used[m.act]++
		for {
			k := slices.IndexFunc(sm.Options, func(o discordgo.SelectMenuOption) bool {
				b, err := c.AnswerOf(o.Value)
				return err == nil && sameAnswer(st, mv, b, ans)
			})
			if k >= 0 {
				o := sm.Options[k]
				update(tr(i18n.English, m.placeholder), h.pick(a, preview.ID, sm.CustomID, o.Value))
				if _, label, ok := strings.Cut(o.Label, " · "); ok && ans.Step == engine.StepCapture {
					o.Label = label
				}
				if d := preview.Embeds[0].Description; !strings.Contains(d, "**"+o.Label+"**") {
					h.t.Errorf("the preview after choosing %q says %q", o.Label, d)
				}
				break
			}
			// A later page: turn to it as a player would.
			next := slices.IndexFunc(sm.Options, func(o discordgo.SelectMenuOption) bool { return strings.HasPrefix(o.Label, "▶ More choices") })
			if next < 0 {
				h.t.Fatalf("no page of the %s menu offers %s: %+v", tr(i18n.English, m.placeholder), ans, sm.Options)
			}
			update("the next page", h.pick(a, preview.ID, sm.CustomID, sm.Options[next].Value))
			sm, _ = nthMenu(preview.Message, m.act, used[m.act]-1)
		}
	}
	checkPNG(h.t, *preview)
	confirm, found := button(preview.Message, actOK)
	if !found {
		h.t.Fatal("the preview has no Confirm")
	}
	r = h.click(a, preview.ID, confirm.CustomID)
	if r.Original == nil || strings.Contains(r.Original.Content, "turn is over") {
		h.t.Fatalf("confirm: %s", text(r))
	}
	m, _ := h.srv.Message(msg.ID)
	if told := r.Original.Content; m.Content != told && !strings.HasPrefix(m.Content, strings.TrimSuffix(told, ".")+";") {
		// A turn that went on with answers of others given at once (a
		// pawn by their preference) ends with more than was told.
		h.t.Errorf("the turn message says %q, the player was told %q", m.Content, told)
	}
	return m.Content
}

// menuPlacements returns the placements of the tile drawn in st on the
// cells the turn message's menus list (the first maxCellMenus*25, or one
// fewer and the next page's option), as a player picks them.
func menuPlacements(st *engine.Game) []engine.Placement {
	cells := st.CandidateCells()
	if len(cells) > maxCellMenus*25 {
		cells = cells[:maxCellMenus*25-1]
	}
	var ps []engine.Placement
	for _, p := range st.Placements() {
		if slices.Contains(cells, p.Cell) {
			ps = append(ps, p)
		}
	}
	return ps
}

// nthMenu returns the n-th select menu (from 0) of action act of message m.
func nthMenu(m *discordgo.Message, act string, n int) (discordgo.SelectMenu, bool) {
	menus, _ := components(m)
	for _, s := range menus {
		if strings.HasPrefix(s.CustomID, idPrefix+":"+act+":") {
			if n == 0 {
				return s, true
			}
			n--
		}
	}
	return discordgo.SelectMenu{}, false
}

// sameAnswer reports whether answers a and b, to a step of move mv on game
// st, answer alike: equal, or naming one feature by two ports of its
// segment (on the tile mv places, or on the board).
func sameAnswer(st *engine.Game, mv engine.Move, a, b engine.Answer) bool {
	if a == b {
		return true
	}
	ca, cb := a, b
	ca.Port, cb.Port, ca.Target.Port, cb.Target.Port = engine.NoPort, engine.NoPort, engine.NoPort, engine.NoPort
	if ca != cb {
		return false
	}
	feature := func(c engine.Cell, p engine.Port) (int, bool) {
		if c == mv.Cell {
			return st.TileSet().FeatureAt(mv.Tile, mv.Rotation, p)
		}
		pt, ok := st.TileAt(c)
		if !ok {
			return 0, false
		}
		return st.TileSet().FeatureAt(pt.Tile, pt.Rotation, p)
	}
	cell := a.Cell
	if !a.Portal && !a.Fairy {
		cell = mv.Cell
	}
	if a.Port != b.Port {
		fa, oka := feature(cell, a.Port)
		fb, okb := feature(cell, b.Port)
		if !oka || !okb || fa != fb {
			return false
		}
	}
	if a.Target.Port != b.Target.Port {
		fa, oka := feature(a.Target.Cell, a.Target.Port)
		fb, okb := feature(b.Target.Cell, b.Target.Port)
		if !oka || !okb || fa != fb {
			return false
		}
	}
	return true
}
