package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// pdComplete completes move m, a legal placement of the tile drawn with
// perhaps a figure or tower action, with what The Princess & the Dragon
// requires, choosing at random with rng: the tile set aside when the rules
// set it aside; no figure after a volcano; the princess under
// princess=must when her city has knights; the dragon's path after a
// dragon tile, each step among DragonSteps. Other games' moves are
// returned as they are.
func pdComplete(g *Game, m Move, rng *rand.Rand) Move {
	if !g.dragons() || m.Resign {
		return m
	}
	if g.SetsAside() {
		return Move{Tile: m.Tile, Aside: true}
	}
	if m.Discard {
		return m
	}
	if g.isVolcano(m.Tile) {
		return Move{Tile: m.Tile, Cell: m.Cell, Rotation: m.Rotation, Ransomed: m.Ransomed, Ransom: m.Ransom, Escape: m.Escape}
	}
	if g.opts.Princess == PrincessMust && m.Princess == (Target{}) {
		if ks := g.Princesses(Placement{Cell: m.Cell, Rotation: m.Rotation}); len(ks) > 0 {
			m = Move{Tile: m.Tile, Cell: m.Cell, Rotation: m.Rotation, Ransomed: m.Ransomed, Ransom: m.Ransom, Escape: m.Escape}
			m.Princess = ks[rng.IntN(len(ks))]
		}
	}
	m.Dragon = DragonPath{}
	var buf [4]Cell
	for {
		cs := g.AppendDragonSteps(buf[:0], m)
		if len(cs) == 0 {
			return m
		}
		m.Dragon = m.Dragon.Add(cs[rng.IntN(len(cs))])
	}
}

// withoutTarget returns followers without the follower or large follower
// standing on target.
func withoutTarget(g *Game, followers []Follower, target Target) []Follower {
	pt := mustTileAt(g, target.Cell)
	fi, _ := g.TileSet().FeatureAt(pt.Tile, pt.Rotation, target.Port)
	i := slices.IndexFunc(followers, func(f Follower) bool {
		return f.Cell == target.Cell && f.Feature == fi && f.Figure.Weight() > 0
	})
	if i < 0 {
		return followers
	}
	return slices.Delete(slices.Clone(followers), i, i+1)
}

// pdActionChecked sets, in move m (a legal placement of the tile drawn
// without a figure), one action of The Princess & the Dragon chosen at
// random among those the game lists (Princesses, FairyCells, PortalSpots),
// after checking the lists against a reference computed the slow way, and
// keeps before (the figures that will stand at the scoring) up to date. It
// reports whether it set one.
func pdActionChecked(tb testing.TB, g *Game, rng *rand.Rand, m *Move, before *[]Follower, seed uint64) bool {
	tb.Helper()
	p := Placement{Cell: m.Cell, Rotation: m.Rotation}
	mover := g.Current()
	ks, fs, ps := g.Princesses(p), g.FairyCells(), g.PortalSpots(p)
	for _, k := range ks {
		if f := withoutTarget(g, *before, k); len(f) == len(*before) {
			tb.Fatalf("seed %d: the princess may send home %v, where no knight stands", seed, k)
		}
	}
	var wantFairy []Cell
	for _, f := range g.Followers() {
		if f.Player == mover && f.Figure.Weight() > 0 && !slices.Contains(wantFairy, f.Cell) {
			wantFairy = append(wantFairy, f.Cell)
		}
	}
	if !slices.Equal(fs, wantFairy) {
		tb.Fatalf("seed %d: the fairy may go to %v, reference %v", seed, fs, wantFairy)
	}
	if g.TileSet().Tile(m.Tile).Markers&MagicPortal != 0 && g.TilesLeft() > 1 && (g.Supply(mover) > 0 || g.SupplyOf(mover, FigureLarge) > 0) {
		if want := refPortalSpots(g, *m); !slices.Equal(ps, want) {
			tb.Fatalf("seed %d: portal spots\n%v\nreference\n%v", seed, ps, want)
		}
	}
	var choices []int
	if len(ks) > 0 {
		choices = append(choices, 0)
	}
	if len(fs) > 0 && rng.IntN(4) == 0 {
		// Not too often: a fairy moved every turn rarely stays to score.
		choices = append(choices, 1)
	}
	if len(ps) > 0 {
		choices = append(choices, 2)
	}
	if len(choices) == 0 {
		return false
	}
	switch choices[rng.IntN(len(choices))] {
	case 0:
		m.Princess = ks[rng.IntN(len(ks))]
		*before = withoutTarget(g, *before, m.Princess)
		refPrincesses++
	case 1:
		m.Fairy, m.FairyCell = true, fs[rng.IntN(len(fs))]
		refFairies++
	case 2:
		sp := ps[rng.IntN(len(ps))]
		m.Follower, m.Portal, m.PortalCell = sp.Port, true, sp.Cell
		if g.Supply(mover) == 0 || g.SupplyOf(mover, FigureLarge) > 0 && rng.IntN(3) == 0 {
			m.Figure = FigureLarge
		}
		pt := mustTileAt(g, sp.Cell)
		fi, _ := g.TileSet().FeatureAt(pt.Tile, pt.Rotation, sp.Port)
		*before = append(*before, Follower{Player: mover, Cell: sp.Cell, Port: sp.Port, Feature: fi, Kind: g.TileSet().Tile(pt.Tile).Features[fi].Kind, Figure: m.Figure})
		refPortals++
	}
	return true
}

// refPortalSpots lists the magic portal's spots for placement m the slow
// way: the tile placed on a copy, the features found by the reference's
// search, every segment of an incomplete feature without followers on
// every other tile but the dragon's, in the order of the tiles and their
// features.
func refPortalSpots(g *Game, m Move) []Target {
	c := g.Clone()
	c.Play(Move{Tile: m.Tile, Cell: m.Cell, Rotation: m.Rotation})
	rb := newRefBoard(c)
	occupied := map[int]bool{}
	for _, f := range c.Followers() {
		occupied[rb.comp[segKey{f.Cell, f.Feature}]] = true
	}
	dragon, on := g.Dragon()
	var out []Target
	for _, pt := range c.PlacedTiles() {
		if pt.Cell == m.Cell || on && pt.Cell == dragon {
			continue
		}
		for fi, f := range c.TileSet().Tile(pt.Tile).Features {
			id := rb.comp[segKey{pt.Cell, fi}]
			rf := rb.feats[id]
			switch {
			case f.Kind == River || f.Kind == NoFeature:
				continue
			case f.Kind == Field && g.Options().Farms == FarmsOff:
				continue
			case occupied[id] || rf.complete && f.Kind != Field:
				continue
			}
			out = append(out, Target{Cell: pt.Cell, Port: f.Ports.Rotate(pt.Rotation).Main()})
		}
	}
	return out
}

// checkDragonPathRef checks the dragon's path of move m the slow way: from
// from, each step to a tile next to the last (the tile of m counts), never
// a tile entered before in the move nor from, never the fairy's; and it
// stops only after MaxDragonSteps steps or at a dead end.
func checkDragonPathRef(tb testing.TB, g *Game, m Move, from, fairy Cell, fairyOn bool, seed uint64) {
	tb.Helper()
	seen := []Cell{from}
	ok := func(cur, c Cell) bool {
		if abs(cur.X-c.X)+abs(cur.Y-c.Y) != 1 || slices.Contains(seen, c) || fairyOn && c == fairy {
			return false
		}
		_, placed := g.TileAt(c)
		return placed || c == m.Cell
	}
	cur := from
	for _, c := range m.Dragon.Cells() {
		if !ok(cur, c) {
			tb.Fatalf("seed %d: the dragon stepped from %v to %v (path %v, fairy %v)", seed, cur, c, m.Dragon.Cells(), fairy)
		}
		seen = append(seen, c)
		cur = c
	}
	if m.Dragon.Len() < MaxDragonSteps {
		for _, d := range []Cell{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
			if c := (Cell{cur.X + d.X, cur.Y + d.Y}); ok(cur, c) {
				tb.Fatalf("seed %d: the dragon stopped at %v after %d steps, but could enter %v", seed, cur, m.Dragon.Len(), c)
			}
		}
	}
}

// checkDragonAfter checks the game after move m: the dragon stands at the
// end of its path (on the volcano just placed), no figure stands on a tile
// it entered, LastDragon tells this turn's move, and the dragon stays off
// the board until a volcano.
func checkDragonAfter(tb testing.TB, g *Game, m Move, wasOn bool, seed uint64) {
	tb.Helper()
	at, on := g.Dragon()
	last := g.LastDragon()
	switch {
	case m.Aside:
		if on {
			tb.Fatalf("seed %d: a dragon tile was set aside while the dragon is on the board", seed)
		}
	case m.Discard:
	case g.TileSet().Tile(m.Tile).Markers&Volcano != 0:
		if !on || at != m.Cell || last.Turn != g.Turn()-1 || !last.Volcano {
			tb.Fatalf("seed %d: after the volcano at %v the dragon is at %v (%v), last move %+v", seed, m.Cell, at, on, last)
		}
	case m.Dragon.Len() > 0:
		end := m.Dragon.At(m.Dragon.Len() - 1)
		if at != end || !slices.Equal(last.Path, m.Dragon.Cells()) || last.Turn != g.Turn()-1 {
			tb.Fatalf("seed %d: the dragon went %v and stands at %v; last move %+v", seed, m.Dragon.Cells(), at, last)
		}
		if first := last.Path[0]; abs(first.X-last.From.X)+abs(first.Y-last.From.Y) != 1 {
			tb.Fatalf("seed %d: the dragon started from %v, not next to the first tile it entered %v", seed, last.From, first)
		}
		for _, f := range g.Followers() {
			if slices.Contains(last.Path, f.Cell) {
				tb.Fatalf("seed %d: a %s stands at %v, where the dragon went (%v)", seed, f.Figure.Title(), f.Cell, last.Path)
			}
		}
		for _, tw := range g.Towers() {
			if tw.Guarded && slices.Contains(last.Path, tw.Cell) {
				tb.Fatalf("seed %d: the follower on the tower at %v was not eaten", seed, tw.Cell)
			}
		}
		refEaten += len(last.Eaten)
	default:
		if g.TileSet().Tile(m.Tile).Markers&Dragon != 0 && wasOn && last.Turn != g.Turn()-1 {
			tb.Fatalf("seed %d: a dragon tile placed without the dragon's move (a dead end from the start) noted", seed)
		}
	}
}

// checkFairyEvents checks the fairy's scores among turn (the events of move
// m) and returns the others: 3 points for each feature just scored that
// held a follower of the fairy's owner on its tile (in before, the figures
// at the scoring), and 1 point at the start of the next turn for its owner
// with a follower there, not in an extra turn.
func checkFairyEvents(tb testing.TB, g *Game, rb *refBoard, m Move, turn []ScoreEvent, before []Follower, fairy Cell, owner int, on bool, seed uint64) []ScoreEvent {
	tb.Helper()
	var rest []ScoreEvent
	var scores []FeatureKind
	for _, e := range turn {
		switch {
		case e.Source != SourceFairy:
			rest = append(rest, e)
		case e.Final:
			if e.Points != FairyScorePoints || e.Player != owner {
				tb.Fatalf("seed %d: a final fairy score %+v", seed, e)
			}
			refFairyScores++
		case e.Feature == NoFeature:
			tb.Fatalf("seed %d: the fairy's turn point %+v after the turn's first event", seed, e)
		default:
			if e.Points != FairyScorePoints || e.Player != owner {
				tb.Fatalf("seed %d: the fairy scored %+v for owner %d", seed, e, owner)
			}
			scores = append(scores, e.Feature)
		}
	}
	var want []FeatureKind
	if on && !m.Discard && !m.Aside {
		done := map[int]bool{}
		for _, f := range before {
			if f.Player != owner || f.Cell != fairy || f.Figure.Weight() == 0 {
				continue
			}
			id := rb.comp[segKey{f.Cell, f.Feature}]
			rf := rb.feats[id]
			just := rb.touched(rf, m)
			if rf.kind == Cloister {
				c := rf.segs[0].cell
				just = abs(c.X-m.Cell.X) <= 1 && abs(c.Y-m.Cell.Y) <= 1
			}
			if rf.complete && rf.kind != Field && just && !done[id] {
				done[id] = true
				want = append(want, rf.kind)
				refFairyScores++
			}
		}
	}
	slices.Sort(scores)
	slices.Sort(want)
	if !slices.Equal(scores, want) {
		tb.Fatalf("seed %d: the fairy scored for %v, reference %v (fairy at %v, owner %d, move %s)", seed, scores, want, fairy, owner, MoveString(g.TileSet(), m))
	}
	return rest
}

// checkFairyPoint checks the fairy's point at the start of a turn among the
// events of move m by mover, the first move of a turn or not: it comes
// first, once, in the first move of the turn that owes it (*owed, set by
// fairyPointOwed after the move before), and owes nothing after
// (rules-options.md, "Reading, the fairy's point"). It returns the other
// events.
func checkFairyPoint(tb testing.TB, turn []ScoreEvent, mover int, owed *bool, seed uint64) []ScoreEvent {
	tb.Helper()
	start := 0
	if len(turn) > 0 && turn[0].Source == SourceFairy && turn[0].Feature == NoFeature && !turn[0].Final {
		if turn[0].Points != FairyTurnPoints || turn[0].Player != mover {
			tb.Fatalf("seed %d: the fairy's turn point %+v, mover %d", seed, turn[0], mover)
		}
		start, turn = 1, turn[1:]
	}
	want := 0
	if *owed {
		want = 1
	}
	if start != want {
		tb.Fatalf("seed %d: %d fairy points at the start of the turn, want %d", seed, start, want)
	}
	*owed = false
	refFairyTurns += start
	return turn
}

// fairyPointOwed reports whether, after move m, a turn begins that owes
// the fairy's point: the turn passed (not after a discard, a tile set
// aside or into an extra turn) to the fairy's owner with a follower of
// theirs on her tile, and the game goes on.
func fairyPointOwed(g *Game, m Move) bool {
	at, p, ok := g.Fairy()
	if !ok || g.Ended() || m.Discard || m.Aside || g.ExtraTurn() || p != g.Current() {
		return false
	}
	for _, f := range g.Followers() {
		if f.Player == p && f.Cell == at && f.Figure.Weight() > 0 {
			return true
		}
	}
	return false
}

// refFairyScores and refFairyTurns count the fairy's scores checked.
var refFairyScores, refFairyTurns int

// TestDragonExample replays the rule text's example of the dragon's journey
// (004_…, "The dragon": four players, testdata/rules/pd-dragon-example.rec)
// and plays its turn 13 step by step: each step decided by the next player
// in turn order from Anna, who placed the dragon tile; David's step has one
// answer; Preview shows the dragon on its way; the knight and the monk on
// its path go home, the thief off it stays; and Act's move is the
// record's.
func TestDragonExample(t *testing.T) {
	const file = "testdata/rules/pd-dragon-example.rec"
	full, _ := replayFile(t, file, -1)
	want := full.Turns[12].Move
	_, g := replayFile(t, file, 12)
	putOnTop(g, want.Tile)
	if at, ok := g.Dragon(); !ok || at != (Cell{1, 3}) {
		t.Fatalf("before turn 13 the dragon is at %v (%v), want 1,3, the volcano", at, ok)
	}
	if _, err := g.Act(Answer{Step: StepTile, Cell: want.Cell, Rotation: want.Rotation}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Act(Answer{Step: StepFigure}); err != nil {
		t.Fatal(err)
	}
	deciders := []int{0, 1, 2, 3, 0, 1} // Anna, Bob, Chris, David, Anna, Bob
	for i, c := range want.Dragon.Cells() {
		d := g.Pending()
		if d.Step != StepDragon || d.Player != deciders[i] {
			t.Fatalf("step %d: Pending %+v, want the dragon step of player %d", i+1, d, deciders[i])
		}
		as := g.Answers()
		if i == 3 && (len(as) != 1 || as[0].Cell != (Cell{-1, 3})) {
			t.Fatalf("David's step: answers %v, want only -1,3 (\"this is his only possible move\")", as)
		}
		if !slices.ContainsFunc(as, func(a Answer) bool { return a.Cell == c }) {
			t.Fatalf("step %d: %v not among the answers %v", i+1, c, as)
		}
		if i > 0 {
			pv := g.Preview()
			if at, _ := pv.Dragon(); at != want.Dragon.At(i-1) {
				t.Fatalf("step %d: Preview shows the dragon at %v, want %v", i+1, at, want.Dragon.At(i-1))
			}
		}
		// A step the rules forbid: back where it started.
		if _, err := g.Act(Answer{Step: StepDragon, Cell: Cell{1, 3}}); !errors.Is(err, ErrDragon) {
			t.Fatalf("step %d: back to the volcano: %v, want ErrDragon", i+1, err)
		}
		done, err := g.Act(Answer{Step: StepDragon, Cell: c})
		if err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
		if done != (i == 5) {
			t.Fatalf("step %d: turn over %v", i+1, done)
		}
	}
	moves := g.Moves()
	if got := moves[len(moves)-1]; got != want {
		t.Fatalf("Act played %s, the record %s", MoveString(g.TileSet(), got), MoveString(g.TileSet(), want))
	}
	last := g.LastDragon()
	if last.Turn != 13 || last.Volcano || !slices.Equal(last.Path, want.Dragon.Cells()) {
		t.Fatalf("LastDragon %+v", last)
	}
	var eaten []string
	for _, f := range last.Eaten {
		eaten = append(eaten, fmt.Sprintf("%s %s %s at %s", g.Players()[f.Player], f.Figure, f.Kind, f.Cell))
	}
	if got, want := strings.Join(eaten, "; "), "Chris follower city at 1,2; Bob follower cloister at 0,2"; got != want {
		t.Fatalf("the dragon ate %q, want %q", got, want)
	}
	if fs := g.Followers(); len(fs) != 1 || fs[0].Player != 3 || fs[0].Cell != (Cell{2, 0}) {
		t.Fatalf("followers left %+v, want David's thief at 2,0", fs)
	}
	if at, _ := g.Dragon(); at != (Cell{-1, 1}) {
		t.Fatalf("the dragon ends at %v, want -1,1", at)
	}
}

// TestFairy replays testdata/rules/pd-fairy-scores.rec turn by turn: the
// fairy's place and owner, the point at the start of Ann's turn (scored as
// she plays it, first of the turn's scores), the 3
// points with the city, and no point once her knight has gone.
func TestFairy(t *testing.T) {
	const file = "testdata/rules/pd-fairy-scores.rec"
	_, g := replayFile(t, file, 2)
	if _, _, ok := g.Fairy(); ok {
		t.Fatal("the fairy is on the board before anyone put it there")
	}
	if got, want := g.FairyCells(), []Cell{{0, -1}}; !slices.Equal(got, want) {
		t.Fatalf("Ann may put the fairy on %v, want %v", got, want)
	}
	_, g = replayFile(t, file, 3)
	if c, p, ok := g.Fairy(); !ok || c != (Cell{0, -1}) || p != 0 {
		t.Fatalf("after turn 3 the fairy is at %v of player %d (%v)", c, p, ok)
	}
	if got := g.FairyCells(); got != nil {
		t.Fatalf("Bob, with no follower, may put the fairy on %v", got)
	}
	_, g = replayFile(t, file, 4)
	if g.Score(0) != 0 {
		t.Fatalf("before turn 5 is played Ann has %d points, want 0: the fairy's point belongs to the turn", g.Score(0))
	}
	_, g = replayFile(t, file, 5)
	evs := g.Events()
	if e := evs[len(evs)-1]; e.Source != SourceFairy || e.Points != FairyScorePoints || e.Feature != City || e.Player != 0 {
		t.Fatalf("the city's last score %+v, want the fairy's 3 points to Ann", e)
	}
	if e := evs[0]; e.Source != SourceFairy || e.Points != FairyTurnPoints || e.Turn != 5 || e.Player != 0 {
		t.Fatalf("turn 5's first score %+v, want the fairy's point to Ann", e)
	}
	if b := g.Breakdowns()[0]; b.Fairy != 4 || b.Cities != 6 || b.Total() != 10 {
		t.Fatalf("Ann's breakdown %+v", b)
	}
	_, g = replayFile(t, file, 6)
	if g.Score(0) != 10 {
		t.Fatalf("at the start of turn 7 Ann has %d points, want 10: no follower of hers stands with the fairy", g.Score(0))
	}
	if c, _, ok := g.Fairy(); !ok || c != (Cell{0, -1}) {
		t.Fatal("the fairy left when the city was scored; it stays")
	}
}

// TestPrincessAndPortal checks the lists of the princess's knights and the
// portal's spots on the fixtures' positions, both values of option
// princess, and that the portal's follower scores on its far tile.
func TestPrincessAndPortal(t *testing.T) {
	rec, _ := replayFile(t, "testdata/rules/pd-princess.rec", -1)
	m := rec.Turns[1].Move
	_, g := replayFile(t, "testdata/rules/pd-princess.rec", 1)
	putOnTop(g, m.Tile)
	pl := Placement{Cell: m.Cell, Rotation: m.Rotation}
	if got, want := g.Princesses(pl), []Target{{Cell: Cell{0, -1}, Port: N}}; !slices.Equal(got, want) {
		t.Fatalf("the princess may send home %v, want %v", got, want)
	}
	// princess=must: the princess's answers are the only ones.
	if _, err := g.Act(Answer{Step: StepTile, Cell: m.Cell, Rotation: m.Rotation}); err != nil {
		t.Fatal(err)
	}
	as := g.Answers()
	if len(as) != 1 || !as[0].Princess || as[0].Target != m.Princess {
		t.Fatalf("princess=must: answers %v, want the princess alone", as)
	}
	if _, err := g.Act(Answer{Step: StepFigure}); !errors.Is(err, ErrPrincess) {
		t.Fatalf("princess=must, no princess: %v, want ErrPrincess", err)
	}
	// princess=may: the same tile may take a farmer instead.
	r, err := NewRules(ExpansionSet(0).With(ExpansionPrincessAndDragon), Options{})
	if err != nil {
		t.Fatal(err)
	}
	may, err := New(Config{Players: []string{"Ann", "Bob"}, Rules: r})
	if err != nil {
		t.Fatal(err)
	}
	if err := may.Apply(rec.Turns[0].Move); err != nil {
		t.Fatal(err)
	}
	farmer := Move{Tile: m.Tile, Cell: m.Cell, Rotation: m.Rotation, Follower: N}
	if err := may.Check(farmer); err != nil {
		t.Fatalf("princess=may: a farmer instead: %v", err)
	}
	if err := may.Check(m); err != nil {
		t.Fatalf("princess=may: the princess: %v", err)
	}

	rec, _ = replayFile(t, "testdata/rules/pd-portal.rec", -1)
	m = rec.Turns[1].Move
	_, g = replayFile(t, "testdata/rules/pd-portal.rec", 1)
	putOnTop(g, m.Tile)
	spots := g.PortalSpots(Placement{Cell: m.Cell, Rotation: m.Rotation})
	if !slices.Contains(spots, Target{Cell: m.PortalCell, Port: m.Follower}) {
		t.Fatalf("the portal's spots %v lack the city at %v", spots, m.PortalCell)
	}
	for _, sp := range spots {
		if sp.Cell == m.Cell {
			t.Fatalf("the portal lists %v on the tile placed", sp)
		}
	}
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	fs := g.Followers()
	if len(fs) != 1 || fs[0].Cell != (Cell{0, -1}) || fs[0].Player != 1 || fs[0].Kind != City {
		t.Fatalf("after the portal: %+v, want Bob's knight at 0,-1", fs)
	}
}

// TestDragonTokens checks the record notation of the new tokens: each
// move reads back to itself, and malformed ones are refused with a reason.
func TestDragonTokens(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionPrincessAndDragon), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := r.Tiles
	for _, s := range []string{
		"PD02 1,0 0 follower@0,-1:N",
		"PD02 1,0 0 large@-2,3:C",
		"PD11 0,-2 180 princess@0,-1:N",
		"PD11 0,-2 180 princess@0,-1:N/2",
		"PD11 0,-2 180 princess@0,-1:N/2=large",
		"PD11 0,-2 180 princess@0,-1:N=large",
		"U -1,0 0 fairy@0,-1",
		"U -1,0 0 fairy@0,-1:N",
		"U -1,0 0 fairy@0,-1:WSW",
		"PD16 -2,0 0 follower@W dragon@1,0 dragon@0,0 dragon@-1,0 dragon@-2,0",
		"PD04 0,-1 180 dragon@1,2 dragon@0,2 dragon@0,3 dragon@-1,3 dragon@-1,2 dragon@-1,1",
		"PD16 aside",
	} {
		m, err := ParseMove(ts, s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got := MoveString(ts, m); got != s {
			t.Fatalf("%q written back as %q", s, got)
		}
	}
	for _, s := range []string{
		"PD04 0,-1 180 dragon@1,2 dragon@0,2 dragon@0,3 dragon@-1,3 dragon@-1,2 dragon@-1,1 dragon@0,1",
		"PD11 0,-2 180 princess@0,-1",
		"PD11 0,-2 180 princess@0,-1:N/7",
		"PD11 0,-2 180 princess@0,-1:N/0",
		"PD11 0,-2 180 princess@0,-1:N/2=small",
		"PD16 0,1 0 dragon@0,0 dragon@-1,1",
		"U -1,0 0 fairy@0,-1:tower",
		"U -1,0 0 fairy@0,-1:X",
		"U -1,0 0 fairy@0,-1:",
		"U -1,0 0 fairy@0,-1 follower@N",
		"U -1,0 0 dragon@1,0 follower@N",
		"U -1,0 0 dragon",
	} {
		if _, err := ParseMove(ts, s); err == nil {
			t.Errorf("%q was read", s)
		}
	}
	for _, tt := range []struct {
		o    Options
		text string
	}{
		{Options{}, "farms=per-farm, tiny-city=4"},
		{Options{Dragon: DragonAfterScoring, Princess: PrincessMust}, "farms=per-farm, tiny-city=4, dragon=after-scoring, princess=must"},
	} {
		if got := tt.o.String(); got != tt.text {
			t.Errorf("%+v is written %q, want %q", tt.o, got, tt.text)
		}
		if back, err := ParseOptions(tt.text); err != nil || back.String() != tt.text || back.Dragon != tt.o.Dragon || back.Princess != tt.o.Princess {
			t.Errorf("%q reads as %+v, %v", tt.text, back, err)
		}
	}
}

// TestDragonRefusedFixtures checks the rule error behind each refused
// fixture of The Princess & the Dragon (testdata/rules/pd-error-*.rec),
// whose lines TestRuleFixtures checks.
func TestDragonRefusedFixtures(t *testing.T) {
	for file, want := range map[string]error{
		"pd-error-aside-not-dragon.rec":           ErrCannotSetAside,
		"pd-error-dragon-fairy.rec":               ErrDragon,
		"pd-error-dragon-stops-early.rec":         ErrDragon,
		"pd-error-dragon-tile-before-volcano.rec": ErrMustSetAside,
		"pd-error-dragon-twice.rec":               ErrDragon,
		"pd-error-fairy-no-follower.rec":          ErrFairy,
		"pd-error-portal-completed.rec":           ErrPortal,
		"pd-error-portal-occupied.rec":            ErrOccupied,
		"pd-error-portal-without-portal.rec":      ErrPortal,
		"pd-error-princess-must.rec":              ErrPrincess,
		"pd-error-princess-no-knight.rec":         ErrPrincess,
		"pd-error-volcano-follower.rec":           ErrVolcano,
		"pd-error-tower-top-dragon.rec":           ErrDragonTile,
	} {
		data, err := os.ReadFile("testdata/rules/" + file)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := ReadRecord(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if _, err := rec.Replay(); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", file, err, want)
		}
	}
}

// TestDragonBadInput gives the lists of The Princess & the Dragon moves
// that name no tile or lie off the board: nothing panics, nothing is
// listed.
func TestDragonBadInput(t *testing.T) {
	_, g := replayFile(t, "testdata/rules/pd-dragon-example.rec", 12)
	for _, m := range []Move{{}, {Tile: 9999}, {Tile: 1, Cell: Cell{X: 1 << 40}}, {Tile: 1, Resign: true}} {
		if got := g.DragonSteps(m); got != nil {
			t.Errorf("DragonSteps(%+v) = %v", m, got)
		}
		if err := g.Check(m); err == nil && !m.Resign {
			t.Errorf("Check(%+v) accepted it", m)
		}
	}
	p := MakeDragonPath(Cell{0, 0}, Cell{1, 0}, Cell{1, 1}, Cell{0, 1}, Cell{-1, 1}, Cell{-1, 0})
	if !p.Valid() || p.Len() != 6 || p.At(5) != (Cell{-1, 0}) || p.At(6) != (Cell{}) {
		t.Fatalf("path %v", p.Cells())
	}
	if p.Add(Cell{-1, -1}).Valid() || MakeDragonPath(Cell{0, 0}, Cell{2, 0}).Valid() || MakeDragonPath(Cell{X: 1 << 40}).Valid() {
		t.Fatal("a seventh step, a jump or a cell off the board kept")
	}
}

// TestFairyNamesFollower plays turn 5 of
// testdata/rules/pd-fairy-names-follower.rec through Act: with a knight and
// a farmer of Ann's on G at 0,-1, FairySpots names each by its feature, the
// figure step offers the fairy by each, the answer by the farmer is played
// and written back as fairy@0,-1:E, and the fairy's 3 points come with the
// farm at the end, not with the city (rules-options.md, "Reading, which
// follower").
func TestFairyNamesFollower(t *testing.T) {
	const file = "testdata/rules/pd-fairy-names-follower.rec"
	_, g := replayFile(t, file, 4)
	want := []Target{{Cell: Cell{0, -1}, Port: N}, {Cell: Cell{0, -1}, Port: E}}
	if got := g.FairySpots(); !slices.Equal(got, want) {
		t.Fatalf("FairySpots %v, want %v", got, want)
	}
	full, _ := replayFile(t, file, -1)
	m := full.Turns[4].Move
	putOnTop(g, m.Tile)
	if _, err := g.Act(Answer{Step: StepTile, Cell: m.Cell, Rotation: m.Rotation}); err != nil {
		t.Fatal(err)
	}
	var fairies []string
	for _, a := range g.Answers() {
		if a.Fairy {
			fairies = append(fairies, a.String())
		}
	}
	if got, want := strings.Join(fairies, "; "), "fairy@0,-1:N; fairy@0,-1:E"; got != want {
		t.Fatalf("the fairy's answers %q, want %q", got, want)
	}
	a, err := g.AnswerOf("fairy@0,-1:E")
	if err != nil {
		t.Fatal(err)
	}
	bad := Answer{Step: StepFigure, Fairy: true, Cell: Cell{0, -1}, Port: W}
	if _, err := g.Clone().Act(bad); !errors.Is(err, ErrFairy) {
		t.Fatalf("the fairy by no follower at 0,-1:W: %v, want ErrFairy", err)
	}
	if done, err := g.Act(a); err != nil || !done {
		t.Fatalf("Act(%s): %v, %v", a, done, err)
	}
	moves := g.Moves()
	if got := MoveString(g.TileSet(), moves[len(moves)-1]); got != "U -2,0 0 fairy@0,-1:E" {
		t.Fatalf("the turn is written %q", got)
	}
	_, end := replayFile(t, file, -1)
	var kinds []string
	for _, e := range end.Events() {
		if e.Source == SourceFairy && e.Feature != NoFeature {
			kinds = append(kinds, fmt.Sprintf("%s final=%v", e.Feature, e.Final))
		}
	}
	if got, want := strings.Join(kinds, "; "), "field final=true"; got != want {
		t.Fatalf("the fairy's 3 points came with %q, want %q", got, want)
	}
}
