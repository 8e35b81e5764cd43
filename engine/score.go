package engine

import "slices"

// Source is what a score comes from: a feature (a road, city, cloister or
// farm, ScoreEvent.Feature), or a bonus of an expansion. Every score of a
// game goes through one place with its source, and Breakdowns sums them by
// source.
type Source uint8

// The sources of points.
const (
	// SourceFeature is a road, city, cloister or farm scored (000_…,
	// "Scoring"); ScoreEvent.Feature says which.
	SourceFeature Source = iota
	// SourceKing is the King's final bonus: 1 point per completed city on
	// the board (King & Robber Baron; 002_…, step 2).
	SourceKing
	// SourceRobberBaron is the Robber Baron's final bonus: 1 point per
	// completed road on the board (King & Robber Baron).
	SourceRobberBaron
	numSources
)

// sourceNames are the sources' names in a player's words.
var sourceNames = [numSources]string{"feature", "King", "Robber Baron"}

// String returns the source's name in a player's words ("feature", "King",
// "Robber Baron").
func (s Source) String() string {
	if s < numSources {
		return sourceNames[s]
	}
	return "source?"
}

// scoringMarkers are the feature markers that change a feature's points,
// kept per feature in node.marks (packMarks): an inn on a road, a
// cathedral or a siege in a city, a pig herd in a farm.
const scoringMarkers = Inn | Cathedral | Besieged | PigHerd

// packedMarkers are the bits of node.marks, in order.
var packedMarkers = [...]Marker{Inn, Cathedral, Besieged, PigHerd}

// packMarks returns the bits of node.marks for markers m.
func packMarks(m Marker) uint8 {
	var b uint8
	for i, k := range packedMarkers {
		if m&k != 0 {
			b |= 1 << i
		}
	}
	return b
}

// unpackMarks returns the markers of node.marks bits b.
func unpackMarks(b uint8) Marker {
	var m Marker
	for i, k := range packedMarkers {
		if b&(1<<i) != 0 {
			m |= k
		}
	}
	return m
}

// scoreFeature scores the road, city or cloister whose root is r for the
// player(s) with the most followers on it, and returns those followers to
// their supplies (000_…, "Scoring completed cloisters,
// roads and cities"; final scoring of incomplete ones: "Final Scoring").
func (g *Game) scoreFeature(r int16, final bool) {
	n := &g.nodes[r]
	if n.followers == 0 {
		return
	}
	var count [MaxPlayers]int
	best := 0
	for _, m := range g.meeples {
		if g.find(m.node) == r {
			count[m.player] += figureWeight[m.fig]
			best = max(best, count[m.player])
		}
	}
	ev := ScoreEvent{Turn: g.turn, Feature: n.kind, Pennants: int(n.pennants), Final: final}
	if final {
		ev.Turn = g.turn - 1
	}
	complete := n.open == 0
	ev.Complete = complete
	switch n.kind {
	case Road:
		ev.Tiles = int(n.tiles)
		ev.Points = ev.Tiles
	case City:
		ev.Tiles = int(n.tiles)
		switch {
		case !complete:
			ev.Points = ev.Tiles + ev.Pennants
		case ev.Tiles == 2 && g.opts.tinyCityOld():
			ev.Points = ev.Tiles + ev.Pennants
		default:
			ev.Points = 2 * (ev.Tiles + ev.Pennants)
		}
	case Cloister:
		ev.Tiles = 9 - int(n.open)
		ev.Points = ev.Tiles
	}
	for p := 0; p < g.nplayers; p++ {
		if count[p] == best {
			ev.Player = p
			g.scores[p] += ev.Points
			g.events = append(g.events, ev)
		}
	}
	// Return the followers (000_…: "the followers involved are returned";
	// at the end, "remove followers as you score the unfinished roads,
	// cities, and cloisters").
	kept := g.meeples[:0]
	for _, m := range g.meeples {
		if g.find(m.node) == r {
			g.returnFigure(m)
			continue
		}
		kept = append(kept, m)
	}
	g.meeples = kept
	n.followers = 0
}

// finish ends the game with the final scoring: incomplete roads, cities and
// cloisters, then farms (000_…, "Final Scoring"; 004_…, "Farmer scoring"
// under farms=per-city). Thieves, knights and monks go back to the supply as
// they score; farmers stay. FinalFollowers keeps them all for the final
// picture.
func (g *Game) finish() {
	g.ended = true
	g.final = slices.Clone(g.meeples)
	var roots []int16
	for _, m := range g.meeples {
		if m.kind == Field {
			continue
		}
		r := g.find(m.node)
		if !g.nodes[r].done && !slices.Contains(roots, r) {
			roots = append(roots, r)
		}
	}
	slices.Sort(roots)
	for _, r := range roots {
		g.scoreFeature(r, true)
	}
	if g.opts.Farms == FarmsOff {
		return
	}
	g.scoreFarms()
}

// supplyLink is a farm bordering a completed city.
type supplyLink struct{ farm, city int16 }

func (g *Game) scoreFarms() {
	// Farmers by farm.
	type farm struct {
		root  int16
		count [MaxPlayers]int
	}
	var farms []farm
	farmIndex := func(r int16) int {
		for i := range farms {
			if farms[i].root == r {
				return i
			}
		}
		return -1
	}
	for _, m := range g.meeples {
		if m.kind != Field {
			continue
		}
		r := g.find(m.node)
		i := farmIndex(r)
		if i < 0 {
			i = len(farms)
			farms = append(farms, farm{root: r})
		}
		farms[i].count[m.player] += figureWeight[m.fig]
	}
	if len(farms) == 0 {
		return
	}
	slices.SortFunc(farms, func(a, b farm) int { return int(a.root) - int(b.root) })
	// Which completed cities each farm with farmers borders.
	var links []supplyLink
	for i := range g.nodes {
		n := &g.nodes[i]
		if n.kind != Field {
			continue
		}
		t := &g.tiles[n.tile]
		borders := g.ts.tiles[t.tile].Features[n.feat].Borders
		if len(borders) == 0 {
			continue
		}
		fr := g.find(int16(i))
		if g.nodes[fr].followers == 0 {
			continue
		}
		for _, b := range borders {
			cr := g.find(t.seg + int16(b))
			if g.nodes[cr].open != 0 {
				continue
			}
			l := supplyLink{fr, cr}
			if !slices.Contains(links, l) {
				links = append(links, l)
			}
		}
	}
	last := g.turn - 1
	award := func(count *[MaxPlayers]int, points, cities int) {
		best := 0
		for p := 0; p < g.nplayers; p++ {
			best = max(best, count[p])
		}
		if best == 0 || points == 0 {
			return
		}
		for p := 0; p < g.nplayers; p++ {
			if count[p] == best {
				g.scores[p] += points
				g.events = append(g.events, ScoreEvent{Turn: last, Player: p, Feature: Field, Cities: cities, Points: points, Final: true})
			}
		}
	}
	switch g.opts.Farms {
	case FarmsPerFarm:
		// Each farm: 3 points per completed city it borders, to the player(s)
		// with the most farmers in it.
		for i := range farms {
			cities := 0
			for _, l := range links {
				if l.farm == farms[i].root {
					cities++
				}
			}
			award(&farms[i].count, 3*cities, cities)
		}
	case FarmsPerCity:
		// Each completed city: 4 points to the player(s) with the most
		// farmers in all the farms bordering it.
		slices.SortFunc(links, func(a, b supplyLink) int {
			if a.city != b.city {
				return int(a.city) - int(b.city)
			}
			return int(a.farm) - int(b.farm)
		})
		for i := 0; i < len(links); {
			j := i
			var count [MaxPlayers]int
			for ; j < len(links) && links[j].city == links[i].city; j++ {
				f := &farms[farmIndex(links[j].farm)]
				for p := range count {
					count[p] += f.count[p]
				}
			}
			award(&count, 4, 1)
			i = j
		}
	}
}
