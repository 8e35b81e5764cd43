package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// This file checks the engine against a reference written the slow, obvious
// way: features found by a search over the board after every move, and the
// scores they should give.

type segKey struct {
	cell Cell
	feat int
}

type refFeature struct {
	kind     FeatureKind
	marks    Marker // the markers of its segments that change points (expansions)
	tiles    map[Cell]bool
	pennants int
	open     int
	segs     []segKey
	complete bool
}

type refBoard struct {
	g     *Game
	comp  map[segKey]int
	feats []*refFeature
	// exp tells whether the markers act: expansions are in play.
	exp bool
	// titles, when set, are the King's and the Robber Baron's holders as
	// the test followed them, for the final scoring.
	titles *refTitles
	// goods, when set, are the goods tokens each player took as the test
	// followed them (Traders & Builders), for the final scoring.
	goods *[MaxPlayers][NumGoods]int
	// gold, when set, are the gold ingots each player took as the test
	// followed them (The Gold Mines), for the final scoring.
	gold *[MaxPlayers]int
}

// refGoods returns the goods tokens in feature rf, by good, read from the
// tile tables.
func (rb *refBoard) refGoods(rf *refFeature) [NumGoods]int {
	var out [NumGoods]int
	for _, s := range rf.segs {
		_, f, _ := rb.ports(s)
		for d := range NumGoods {
			if f.Markers&Good(d).Marker() != 0 {
				out[d] += max(int(f.Goods), 1)
			}
		}
	}
	return out
}

// pigs returns, per farm (feature id), the players whose pig stands in it.
func (rb *refBoard) pigs() map[int]map[int]bool {
	out := map[int]map[int]bool{}
	for _, f := range rb.g.FinalFollowers() {
		if f.Figure != FigurePig {
			continue
		}
		id := rb.comp[segKey{f.Cell, f.Feature}]
		if out[id] == nil {
			out[id] = map[int]bool{}
		}
		out[id][f.Player] = true
	}
	return out
}

// majorityPlus is majority with extra(p) more points for a winner p (a
// pig's bonus).
func majorityPlus(out []scoreKey, count map[int]int, kind FeatureKind, points int, markers Marker, extra func(p int) int) []scoreKey {
	n := len(out)
	out = majority(out, count, kind, points, markers)
	for i := n; i < len(out); i++ {
		out[i].points += extra(out[i].player)
	}
	return out
}

// refTitles follows King & Robber Baron the slow way: the largest city and
// the longest road completed so far, and who completed them (-1 nobody).
type refTitles struct {
	king, baron         int
	kingSize, baronSize int
}

func newRefBoard(g *Game) *refBoard {
	rb := &refBoard{g: g, comp: map[segKey]int{}, exp: g.Rules().Expansions != 0}
	ts := g.TileSet()
	for _, pt := range g.PlacedTiles() {
		for f := range ts.Tile(pt.Tile).Features {
			k := segKey{pt.Cell, f}
			if _, ok := rb.comp[k]; ok {
				continue
			}
			rb.search(k)
		}
	}
	return rb
}

func (rb *refBoard) ports(k segKey) (PlacedTile, TileFeature, PortSet) {
	pt, _ := rb.g.TileAt(k.cell)
	f := rb.g.TileSet().Tile(pt.Tile).Features[k.feat]
	return pt, f, f.Ports.Rotate(pt.Rotation)
}

func (rb *refBoard) search(start segKey) {
	id := len(rb.feats)
	_, f0, _ := rb.ports(start)
	rf := &refFeature{kind: f0.Kind, tiles: map[Cell]bool{}}
	rb.feats = append(rb.feats, rf)
	queue := []segKey{start}
	rb.comp[start] = id
	for len(queue) > 0 {
		k := queue[0]
		queue = queue[1:]
		rf.segs = append(rf.segs, k)
		rf.tiles[k.cell] = true
		_, f, ports := rb.ports(k)
		rf.pennants += f.Pennants
		rf.marks |= f.Markers & (Inn | Cathedral | Besieged | PigHerd)
		if f.Kind == Cloister {
			n := 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if _, ok := rb.g.TileAt(Cell{k.cell.X + dx, k.cell.Y + dy}); ok && (dx != 0 || dy != 0) {
						n++
					}
				}
			}
			rf.open = 8 - n
			continue
		}
		if f.Kind == Road {
			// The Ferries: a ferry carries the road across its lake to
			// the other road end it joins.
			if fe, ok := rb.g.FerryAt(k.cell); ok {
				a, b := fe.Link.Ports()
				for _, p := range [2][2]Port{{a, b}, {b, a}} {
					if !ports.Has(p[0]) {
						continue
					}
					pt := mustTileAt(rb.g, k.cell)
					of, _ := rb.g.TileSet().FeatureAt(pt.Tile, pt.Rotation, p[1])
					nk := segKey{k.cell, of}
					if _, seen := rb.comp[nk]; !seen {
						rb.comp[nk] = id
						queue = append(queue, nk)
					}
				}
			}
		}
		for _, p := range ports.Ports() {
			side := p.Side()
			if side == NoSide {
				continue
			}
			nc := k.cell.Neighbour(side)
			npt, ok := rb.g.TileAt(nc)
			if !ok {
				if (f.Kind == Road || f.Kind == City) && (p == N || p == E || p == S || p == W) {
					rf.open++
				}
				continue
			}
			nf, ok := rb.g.TileSet().FeatureAt(npt.Tile, npt.Rotation, p.Facing())
			if !ok {
				panic("no feature at a facing port")
			}
			nk := segKey{nc, nf}
			if _, seen := rb.comp[nk]; !seen {
				rb.comp[nk] = id
				queue = append(queue, nk)
			}
		}
	}
	switch rf.kind {
	case Road, City, Cloister:
		rf.complete = rf.open == 0
	}
}

// scoreKey is an event as the reference predicts it.
type scoreKey struct {
	player  int
	kind    FeatureKind
	points  int
	source  Source
	markers Marker
}

func eventKeys(evs []ScoreEvent) []scoreKey {
	var out []scoreKey
	for _, e := range evs {
		out = append(out, scoreKey{e.Player, e.Feature, e.Points, e.Source, e.Markers})
	}
	slices.SortFunc(out, cmpScoreKey)
	return out
}

func cmpScoreKey(a, b scoreKey) int {
	if a.player != b.player {
		return a.player - b.player
	}
	if a.kind != b.kind {
		return int(a.kind) - int(b.kind)
	}
	if a.source != b.source {
		return int(a.source) - int(b.source)
	}
	if a.markers != b.markers {
		return int(a.markers) - int(b.markers)
	}
	return a.points - b.points
}

// refCityRates are the points per tile and pennant of a city, from 002_…'s
// "Scoring Summary": [cathedral][cathars][completed].
var refCityRates = [2][2][2]int{
	{{1, 2}, {0, 1}}, // no cathedral: no Cathars, Cathars
	{{0, 3}, {0, 2}}, // cathedral(s)
}

// points returns what a road, city or cloister scores, complete or not, and
// the markers that changed it.
func (rb *refBoard) points(rf *refFeature) (int, Marker) {
	n := len(rf.tiles)
	b := func(ok bool) int {
		if ok {
			return 1
		}
		return 0
	}
	marks := rf.marks
	if !rb.exp {
		marks = 0
	}
	switch rf.kind {
	case Road:
		if marks&Inn != 0 {
			// 002_…: "Road with Inn(s) on the Lake(s) Per tile 2 0".
			return 2 * n * b(rf.complete), Inn
		}
		return n, 0
	case City:
		m := marks & (Cathedral | Besieged)
		rate := refCityRates[b(m&Cathedral != 0)][b(m&Besieged != 0)][b(rf.complete)]
		if rf.complete && n == 2 && rb.g.Options().TinyCity == 2 && m&Cathedral == 0 {
			rate = 1
		}
		return rate * (n + rf.pennants), m
	case Cloister:
		return 9 - rf.open, 0
	}
	return 0, 0
}

// majority adds an event for each player with the most followers (by
// weight).
func majority(out []scoreKey, count map[int]int, kind FeatureKind, points int, markers Marker) []scoreKey {
	best := 0
	for _, c := range count {
		best = max(best, c)
	}
	for p, c := range count {
		if c == best && best > 0 && points > 0 {
			out = append(out, scoreKey{p, kind, points, SourceFeature, markers})
		}
	}
	return out
}

// expectTurn predicts the scores of the move just played, from the followers
// on the board before it (before) and the one it deployed (if any).
func (rb *refBoard) expectTurn(before []Follower, placed Cell, isNew func(segKey) bool) []scoreKey {
	counts := map[int]map[int]int{}
	for _, f := range before {
		id := rb.comp[segKey{f.Cell, f.Feature}]
		if counts[id] == nil {
			counts[id] = map[int]int{}
		}
		counts[id][f.Player] += f.Figure.Weight()
	}
	var out []scoreKey
	for id, rf := range rb.feats {
		if !rf.complete || counts[id] == nil {
			continue
		}
		just := false
		for _, s := range rf.segs {
			if isNew(s) {
				just = true
			}
		}
		if rf.kind == Cloister {
			c := rf.segs[0].cell
			just = abs(c.X-placed.X) <= 1 && abs(c.Y-placed.Y) <= 1
		}
		if just {
			pts, m := rb.points(rf)
			out = majority(out, counts[id], rf.kind, pts, m)
		}
	}
	slices.SortFunc(out, cmpScoreKey)
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// expectFinal predicts the final scoring from the followers on the board.
func (rb *refBoard) expectFinal() []scoreKey {
	counts := map[int]map[int]int{}
	for _, f := range rb.g.FinalFollowers() {
		id := rb.comp[segKey{f.Cell, f.Feature}]
		if counts[id] == nil {
			counts[id] = map[int]int{}
		}
		counts[id][f.Player] += f.Figure.Weight()
	}
	var out []scoreKey
	for id, rf := range rb.feats {
		if rf.kind != Field && rf.kind != River && !rf.complete && counts[id] != nil {
			pts, m := rb.points(rf)
			out = majority(out, counts[id], rf.kind, pts, m)
		}
	}
	// Farms: the completed cities each farm borders.
	borders := map[int]map[int]bool{} // farm -> cities
	for id, rf := range rb.feats {
		if rf.kind != Field {
			continue
		}
		for _, s := range rf.segs {
			pt, f, _ := rb.ports(s)
			_ = pt
			for _, b := range f.Borders {
				city := rb.comp[segKey{s.cell, b}]
				if rb.feats[city].complete {
					if borders[id] == nil {
						borders[id] = map[int]bool{}
					}
					borders[id][city] = true
				}
			}
		}
	}
	// 002_…, "Scoring Summary": a farm's points per city, doubled for a
	// besieged one; one more per city with a pig herd (spec/rules-options.md,
	// "The pig herd").
	herd := func(farm int) bool { return rb.exp && rb.feats[farm].marks&PigHerd != 0 }
	cityValue := func(base int, city int) (int, Marker) {
		if rb.exp && rb.feats[city].marks&Besieged != 0 {
			return 2 * base, Besieged
		}
		return base, 0
	}
	// Traders & Builders: a winner's pig adds 1 per city (2 for a
	// besieged one; 002_…, "Scoring Summary": 8 per besieged city with the
	// scoring player's pig).
	pigs := rb.pigs()
	switch rb.g.Options().Farms {
	case FarmsPerFarm:
		for farm, cities := range borders {
			if counts[farm] == nil {
				continue
			}
			base := 3
			var m Marker
			if herd(farm) {
				base, m = 4, PigHerd
			}
			pts, pigPts := 0, 0
			for city := range cities {
				v, cm := cityValue(base, city)
				pts += v
				m |= cm
				w, _ := cityValue(base+1, city)
				pigPts += w - v
			}
			out = majorityPlus(out, counts[farm], Field, pts, m, func(p int) int {
				if pigs[farm][p] {
					return pigPts
				}
				return 0
			})
		}
	case FarmsPerCity:
		byCity := map[int]map[int]int{}
		herds := map[int]bool{}
		cityPigs := map[int]map[int]bool{} // city -> players with a pig in a farm bordering it
		for farm, cities := range borders {
			for city := range cities {
				if byCity[city] == nil {
					byCity[city] = map[int]int{}
					cityPigs[city] = map[int]bool{}
				}
				for p := range pigs[farm] {
					cityPigs[city][p] = true
				}
				for p, c := range counts[farm] {
					byCity[city][p] += c
				}
				if herd(farm) {
					herds[city] = true
				}
			}
		}
		for city, count := range byCity {
			base := 4
			var m Marker
			if herds[city] {
				base, m = 5, PigHerd
			}
			v, cm := cityValue(base, city)
			w, _ := cityValue(base+1, city)
			out = majorityPlus(out, count, Field, v, m|cm, func(p int) int {
				if cityPigs[city][p] {
					return w - v
				}
				return 0
			})
		}
	}
	// King & Robber Baron: 1 per completed city, and road, on the board.
	if t := rb.titles; t != nil {
		cities, roads := 0, 0
		for _, rf := range rb.feats {
			switch {
			case rf.kind == City && rf.complete:
				cities++
			case rf.kind == Road && rf.complete:
				roads++
			}
		}
		if t.king >= 0 {
			out = append(out, scoreKey{t.king, City, cities, SourceKing, 0})
		}
		if t.baron >= 0 {
			out = append(out, scoreKey{t.baron, Road, roads, SourceRobberBaron, 0})
		}
	}
	// Traders & Builders: 10 points for the most tokens of each good, ties
	// all score (001_…, "Final scoring").
	if gs := rb.goods; gs != nil {
		for d := range NumGoods {
			best := 0
			for p := range rb.g.NumPlayers() {
				best = max(best, gs[p][d])
			}
			for p := range rb.g.NumPlayers() {
				if best > 0 && gs[p][d] == best {
					out = append(out, scoreKey{p, City, GoodsPoints, SourceGoods, Good(d).Marker()})
				}
			}
		}
	}
	// The Gold Mines: per ingot 1, 2, 3 or 4 points for 1–3, 4–6, 7–9, 10
	// or more ingots (001_…, "Final scoring").
	if gs := rb.gold; gs != nil {
		for p := range rb.g.NumPlayers() {
			n := gs[p]
			per := 4
			switch {
			case n == 0:
				continue
			case n < 4:
				per = 1
			case n < 7:
				per = 2
			case n < 10:
				per = 3
			}
			out = append(out, scoreKey{p, NoFeature, per * n, SourceGold, 0})
		}
	}
	slices.SortFunc(out, cmpScoreKey)
	return out
}

// crown follows the King and the Robber Baron after a move by player p that
// completed the features just (feature ids): a city larger, or a road
// longer, than all completed before takes the title (002_…, step 2).
func (t *refTitles) crown(rb *refBoard, just []int, p int) {
	for _, id := range just {
		rf := rb.feats[id]
		switch {
		case rf.kind == City && len(rf.tiles) > t.kingSize:
			t.king, t.kingSize = p, len(rf.tiles)
		case rf.kind == Road && len(rf.tiles) > t.baronSize:
			t.baron, t.baronSize = p, len(rf.tiles)
		}
	}
}

// checkAgainstReference compares every segment's feature in the engine with
// the reference.
func checkAgainstReference(tb testing.TB, g *Game, rb *refBoard) {
	tb.Helper()
	for id, rf := range rb.feats {
		s := rf.segs[0]
		ti := g.placedAt(int16(s.cell.X), int16(s.cell.Y))
		root := g.find(g.tiles[ti].seg + int16(s.feat))
		for _, o := range rf.segs[1:] {
			oi := g.placedAt(int16(o.cell.X), int16(o.cell.Y))
			if g.find(g.tiles[oi].seg+int16(o.feat)) != root {
				tb.Fatalf("feature %d (%s): segment %v is not joined to %v", id, rf.kind, o, s)
			}
		}
		n := g.nodes[root]
		switch rf.kind {
		case Road, City:
			if int(n.tiles) != len(rf.tiles) || int(n.pennants) != rf.pennants || int(n.open) != rf.open {
				tb.Fatalf("%s at %v: engine tiles %d pennants %d open %d, reference %d %d %d",
					rf.kind, s, n.tiles, n.pennants, n.open, len(rf.tiles), rf.pennants, rf.open)
			}
		case Cloister:
			if int(n.open) != rf.open {
				tb.Fatalf("cloister at %v: engine open %d, reference %d", s.cell, n.open, rf.open)
			}
		}
	}
	// Segments of different reference features are not joined.
	roots := map[int16]int{}
	for id, rf := range rb.feats {
		s := rf.segs[0]
		ti := g.placedAt(int16(s.cell.X), int16(s.cell.Y))
		r := g.find(g.tiles[ti].seg + int16(s.feat))
		if other, dup := roots[r]; dup {
			tb.Fatalf("features %d and %d share a root", other, id)
		}
		roots[r] = id
	}
}

// playChecked plays a random game and checks the invariants after every
// move: each player's 7 followers are in the supply or on the board; scores
// never fall and equal the sum of the events; features match the reference;
// every completed road, city and cloister scores once, as the reference
// says, and its followers go home; the final scoring matches the reference.
func playChecked(tb testing.TB, seed uint64, nplayers int, opts Options) {
	names := []string{"Ann", "Ben", "Cal", "Dee", "Eve", "Fay"}[:nplayers]
	g, err := New(Config{Players: names, Seed: seed, Options: opts})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	var before []Follower
	var nevents int
	var lastScores []int
	for !g.Ended() {
		before = g.Followers()
		nevents = len(g.events)
		lastScores = g.Scores()
		t, _ := g.Drawn()
		ps := g.Placements()
		m := Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			p := ps[rng.IntN(len(ps))]
			m = Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
			if spots := g.FollowerSpots(p); len(spots) > 0 && rng.IntN(2) == 0 {
				sp := spots[rng.IntN(len(spots))]
				// Any port of the feature names it.
				ports := sp.Ports.Ports()
				m.Follower = ports[rng.IntN(len(ports))]
				before = append(before, Follower{Player: g.Current(), Cell: p.Cell, Feature: sp.Feature, Kind: sp.Kind})
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("seed %d: %s: %v", seed, MoveString(g.TileSet(), m), err)
		}
		rb := newRefBoard(g)
		checkAgainstReference(tb, g, rb)
		turnEvents := g.events[nevents:]
		var final []ScoreEvent
		if g.Ended() {
			i := slices.IndexFunc(turnEvents, func(e ScoreEvent) bool { return e.Final })
			if i >= 0 {
				turnEvents, final = turnEvents[:i], turnEvents[i:]
			}
		}
		if !m.Discard {
			want := rb.expectTurn(before, m.Cell, func(s segKey) bool { return s.cell == m.Cell })
			if got := eventKeys(turnEvents); !slices.Equal(got, want) {
				tb.Fatalf("seed %d turn %d (%s): scores %v, reference %v", seed, g.Turn()-1, MoveString(g.TileSet(), m), got, want)
			}
		} else if len(turnEvents) > 0 {
			tb.Fatalf("seed %d: a discard scored %v", seed, turnEvents)
		}
		if g.Ended() {
			if got, want := eventKeys(final), rb.expectFinal(); !slices.Equal(got, want) {
				tb.Fatalf("seed %d: final scoring %v, reference %v", seed, got, want)
			}
		}
		// Followers: in supply or on the board; none on a completed road,
		// city or cloister during the game.
		onBoard := make([]int, nplayers)
		for _, f := range g.Followers() {
			onBoard[f.Player]++
			rf := rb.feats[rb.comp[segKey{f.Cell, f.Feature}]]
			if rf.kind != f.Kind {
				tb.Fatalf("seed %d: a %s stands on a %s", seed, f.Kind.Role(), rf.kind)
			}
			if rf.complete && rf.kind != Field {
				tb.Fatalf("seed %d: a follower stayed on a completed %s", seed, rf.kind)
			}
		}
		sums := make([]int, nplayers)
		for _, e := range g.events {
			sums[e.Player] += e.Points
		}
		for p := range nplayers {
			if g.Supply(p)+onBoard[p] != FollowersPerPlayer {
				tb.Fatalf("seed %d: player %d has %d in supply and %d on the board", seed, p, g.Supply(p), onBoard[p])
			}
			if g.Score(p) < lastScores[p] {
				tb.Fatalf("seed %d: player %d's score fell from %d to %d", seed, p, lastScores[p], g.Score(p))
			}
			if sums[p] != g.Score(p) {
				tb.Fatalf("seed %d: player %d's events add up to %d, score %d", seed, p, sums[p], g.Score(p))
			}
		}
	}
	if g.TilesLeft() != 0 {
		tb.Fatalf("seed %d: the game ended with %d tiles left", seed, g.TilesLeft())
	}
}

func TestRandomGamesAgainstReference(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 10
	}
	opts := []Options{{}, {Farms: FarmsPerCity}, {Farms: FarmsOff, TinyCity: 2}, {TinyCity: 2}}
	for seed := range uint64(n) {
		o := opts[seed%uint64(len(opts))]
		players := 1 + int(seed%6)
		t.Run(fmt.Sprintf("seed%d-%dp-%s", seed, players, o), func(t *testing.T) {
			playChecked(t, seed, players, o)
		})
	}
}

func FuzzRandomGame(f *testing.F) {
	f.Add(uint64(1), uint8(2), uint8(0))
	f.Add(uint64(7), uint8(5), uint8(1))
	f.Fuzz(func(t *testing.T, seed uint64, players, opt uint8) {
		o := Options{Farms: FarmScoring(opt % 3), TinyCity: []int{4, 2}[opt/3%2]}
		playChecked(t, seed, 1+int(players%6), o)
	})
}
