package engine

import (
	"math/bits"
	"slices"
)

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
	// SourceGoods is a goods majority at the end: GoodsPoints for the most
	// tokens of one good (Traders & Builders); ScoreEvent.Markers names the
	// good (Wine, Grain or Cloth) and Tiles the number of tokens.
	SourceGoods
	// SourceRansom is a ransom for a prisoner (The Tower): -RansomPoints
	// for the player who pays, +RansomPoints for the jailer, at the start
	// of the payer's turn; ScoreEvent.Tiles holds the other player's index
	// and Feature is NoFeature.
	SourceRansom
	// SourceFairy is the fairy (The Princess & the Dragon): FairyTurnPoints
	// at the start of its owner's turn (Feature NoFeature), or
	// FairyScorePoints when the feature of its owner's follower on its
	// tile is scored (Feature says which).
	SourceFairy
	// SourceGold is the end bonus of the gold ingots a player holds (The
	// Gold Mines): GoldPoints of ScoreEvent.Tiles ingots; Feature is
	// NoFeature.
	SourceGold
	// SourceMessage is a Message tile (The Messengers; 001_…, "The
	// Messengers"): ScoreEvent.Message says which, Carried whether it was
	// carried out (else its 2 points, MessageBonus, were taken), and
	// Feature the kind of feature it scored (NoFeature for messages 4 to 6
	// and the 2 points).
	SourceMessage
	// SourceRobbery is a robber's loot (The Robbers; 001_…, "Robbing
	// points"): half, rounded up, of the points scored by the player whose
	// index ScoreEvent.Tiles holds; Feature is NoFeature.
	SourceRobbery
	numSources
)

// sourceNames are the sources' names in a player's words.
var sourceNames = [numSources]string{"feature", "King", "Robber Baron", "goods", "ransom", "fairy", "gold", "message", "robbery"}

// String returns the source's name in a player's words ("feature", "King",
// "Robber Baron", "goods", "ransom", "fairy", "gold", "message",
// "robbery").
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

// The bits of node.marks for each marker (packMarks).
const (
	packedInn uint8 = 1 << iota
	packedCathedral
	packedBesieged
	packedPigHerd
)

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

// addPoints is the one place where points are scored: it gives ev.Points
// to player p, adds the event (ev.Player set to p) to the history, and so
// keeps every score with its source (ScoreEvent.Source) and the markers that
// changed it (ScoreEvent.Markers). Features during the game, incomplete
// features and farms at the end, and the King's and the Robber Baron's
// bonuses all score through it. With The Messengers or The Robbers, points
// scored during the game move a pawn on the scoreboard, which the robbers
// watch (boardPoints).
func (g *Game) addPoints(p int, ev ScoreEvent) {
	if g.x != nil && g.x.board.on && !ev.Final {
		g.boardPoints(p, ev)
		return
	}
	g.credit(p, ev)
}

// credit gives ev.Points to player p and adds the event to the history:
// addPoints without the scoreboard.
func (g *Game) credit(p int, ev ScoreEvent) {
	ev.Player = p
	g.scores[p] += ev.Points
	g.events = append(g.events, ev)
}

// featurePoints returns what the road, city or cloister of root n scores,
// completed or not, and the markers that changed its points. It is the one
// rule for a feature's points with every modifier (spec/rules-options.md,
// "Expansions"; 002_…, "Scoring Summary"):
//
//   - road: 1 per tile; with an inn (Inns & Cathedrals, The River II), 2 per
//     tile when completed and 0 at the end if incomplete;
//   - city: 2 per tile and pennant when completed, 1 at the end; with a
//     cathedral 3 when completed, 0 at the end; besieged (Cathars) 1 when
//     completed (2 with a cathedral), 0 at the end; a completed two-tile city
//     under tiny-city=2 scores 1 per tile and pennant, but not with a
//     cathedral;
//   - cloister: 1 for itself and each tile around it.
//
// Markers act only when expansions are in play (g.x != nil): a game on
// expansion tiles with the base rules scores them as the base game does.
func (g *Game) featurePoints(n *node, complete bool) (points int, markers Marker) {
	switch n.kind {
	case Road:
		points = int(n.tiles)
		if n.marks != 0 && g.x != nil && n.marks&packedInn != 0 {
			markers = Inn
			if complete {
				points *= 2
			} else {
				points = 0
			}
		}
	case City:
		per := 2
		switch {
		case !complete:
			per = 1
		case n.tiles == 2 && g.opts.tinyCityOld():
			per = 1
		}
		if n.marks != 0 && g.x != nil && n.marks&(packedCathedral|packedBesieged) != 0 {
			markers = unpackMarks(n.marks) & (Cathedral | Besieged)
			switch {
			case !complete:
				per = 0
			case markers == Cathedral|Besieged:
				per = 2
			case markers == Cathedral:
				per = 3
			default: // besieged
				per = 1
			}
		}
		points = per * (int(n.tiles) + int(n.pennants))
	case Cloister:
		points = 9 - int(n.open)
	}
	return points, markers
}

// scoreFeature scores the road, city or cloister whose root is r for the
// player(s) with the most followers on it (by weight: a large follower
// counts two), and returns those followers to their supplies (000_…,
// "Scoring completed cloisters, roads and cities"; final scoring of
// incomplete ones: "Final Scoring"; 001_…, Inns & Cathedrals). A road or
// city completed during the game may take the King or the Robber Baron
// first (king.go), followers or not. A score of 0 points (an incomplete inn
// road or cathedral city) makes no event, but for the fairy's 3 points,
// which come all the same (rules-options.md, "Reading, the fairy's 3
// points").
func (g *Game) scoreFeature(r int16, final bool) {
	n := &g.nodes[r]
	if !final && g.x != nil && n.kind != Cloister {
		g.crown(r)
	}
	magic := MagicNone
	if g.x != nil && (g.x.magic.at[MagicMage] != 0 || g.x.magic.at[MagicWitch] != 0) && n.kind != Cloister {
		magic = g.magicOn(r, final)
	}
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
	ev.Points, ev.Markers = g.featurePoints(n, complete)
	if magic != MagicNone {
		ev.Points, ev.Magic = MagicPoints(magic, ev.Points, int(n.tiles)), magic
	}
	switch n.kind {
	case Road, City:
		ev.Tiles = int(n.tiles)
	case Cloister:
		ev.Tiles = ev.Points
	}
	if ev.Points > 0 && best > 0 {
		if g.x != nil && g.x.board.on && !final {
			// The Messengers, The Robbers: one scoring, each winner
			// moving a pawn (messengers.go).
			var winners uint8
			for p := 0; p < g.nplayers; p++ {
				if count[p] == best {
					winners |= 1 << p
				}
			}
			g.awardBoard(winners, ev)
		} else {
			for p := 0; p < g.nplayers; p++ {
				if count[p] == best {
					g.addPoints(p, ev)
				}
			}
		}
	}
	if best > 0 && g.x != nil && g.x.dragon.fairy {
		// Also for 0 points (rules-options.md, "Reading, the fairy's 3
		// points").
		g.fairyScores(r, ev)
	}
	if !final && best > 0 && g.x != nil && g.x.gold.n > 0 {
		// The Gold Mines: the winners may take the ingots on its tiles.
		var winners uint8
		for p := 0; p < g.nplayers; p++ {
			if count[p] == best {
				winners |= 1 << p
			}
		}
		g.claimGold(r, winners)
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
// picture. Then, with King & Robber Baron, the holders of the King and
// the Robber Baron score their bonuses (king.go).
func (g *Game) finish() {
	if g.x != nil && g.x.board.on {
		// The Messengers, The Robbers: the pawns merge and the robbers
		// go home before the final scoring (messengers.go).
		g.x.board.endGame()
	}
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
	if g.opts.Farms != FarmsOff {
		g.scoreFarms()
	}
	if g.x != nil {
		g.scoreTitles()
		if g.rules.Expansions.Has(ExpansionTradersAndBuilders) {
			g.scoreGoods()
		}
		if g.golden() {
			g.scoreGold()
		}
	}
}

// supplyLink is a farm bordering a completed city.
type supplyLink struct{ farm, city int16 }

func (g *Game) scoreFarms() {
	// Farmers by farm.
	type farm struct {
		root  int16
		count [MaxPlayers]int
	}
	var buf [16]farm // most games have fewer farms with farmers
	farms := buf[:0]
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
	// Which completed cities each farm with farmers borders (and, with
	// expansions, each farm with a pig herd: under farms=per-city it counts
	// for the cities it borders even without farmers).
	herds := g.x != nil
	var links []supplyLink
	// Tile by tile, the fields that border a city only (TileSet.bordering),
	// in node order all the same.
	for ti := range g.tiles {
		t := &g.tiles[ti]
		for fs := g.ts.bordering[t.tile]; fs != 0; fs &= fs - 1 {
			f := bits.TrailingZeros32(fs)
			fr := g.find(t.seg + int16(f))
			if n := &g.nodes[fr]; n.followers == 0 && (!herds || n.marks&packedPigHerd == 0) {
				continue
			}
			for _, b := range g.ts.tiles[t.tile].Features[f].Borders {
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
	}
	last := g.turn - 1
	pigs := g.traders()
	// award scores a farm (per-farm) or a city (per-city) for the player(s)
	// with the most farmers by count: points each, and with Traders &
	// Builders pigPoints(p) more for a winner p whose pig stands there.
	// scored is set by award when it scores; fairyFarms are the farms
	// scored, for the fairy.
	scored := false
	var fairyFarms []int16
	fairy := g.x != nil && g.x.dragon.fairy
	award := func(count *[MaxPlayers]int, points, cities int, markers Marker, pigPoints func(p int) int) {
		best := 0
		for p := 0; p < g.nplayers; p++ {
			best = max(best, count[p])
		}
		if best == 0 || points == 0 {
			return
		}
		scored = true
		for p := 0; p < g.nplayers; p++ {
			if count[p] == best {
				ev := ScoreEvent{Turn: last, Feature: Field, Cities: cities, Points: points, Final: true, Markers: markers}
				if pigs {
					if extra := pigPoints(p); extra > 0 {
						ev.Points += extra
						ev.Pig = true
					}
				}
				g.addPoints(p, ev)
			}
		}
	}
	switch g.opts.Farms {
	case FarmsPerFarm:
		// Each farm: 3 points per completed city it borders, to the player(s)
		// with the most farmers in it; 4 with a pig herd in the farm; twice
		// that for a besieged city (farmCityPoints).
		for i := range farms {
			cities, points := 0, 0
			var markers Marker
			herd := herds && g.nodes[farms[i].root].marks&packedPigHerd != 0
			if herd {
				markers |= PigHerd
			}
			for _, l := range links {
				if l.farm == farms[i].root {
					cities++
					pts, m := g.farmCityPoints(3, herd, l.city)
					points += pts
					markers |= m
				}
			}
			root := farms[i].root
			// A pig adds 1 per city, doubled for a besieged city (002_…,
			// "Scoring Summary": 8 per besieged city with the pig).
			award(&farms[i].count, points, cities, markers, func(p int) int {
				if !g.pigIn(p, root) {
					return 0
				}
				extra := 0
				for _, l := range links {
					if l.farm == root {
						with, _ := g.farmCityPoints(4, herd, l.city)
						without, _ := g.farmCityPoints(3, herd, l.city)
						extra += with - without
					}
				}
				return extra
			})
			if fairy {
				// Scored, also for 0 points (no completed city).
				fairyFarms = append(fairyFarms, root)
			}
		}
	case FarmsPerCity:
		// Each completed city: 4 points to the player(s) with the most
		// farmers in all the farms bordering it; 5 when any of those farms
		// holds a pig herd; twice that for a besieged city.
		slices.SortFunc(links, func(a, b supplyLink) int {
			if a.city != b.city {
				return int(a.city) - int(b.city)
			}
			return int(a.farm) - int(b.farm)
		})
		for i := 0; i < len(links); {
			j := i
			var count [MaxPlayers]int
			herd := false
			for ; j < len(links) && links[j].city == links[i].city; j++ {
				if herds && g.nodes[links[j].farm].marks&packedPigHerd != 0 {
					herd = true
				}
				fi := farmIndex(links[j].farm)
				if fi < 0 {
					continue // a pig herd without farmers
				}
				f := &farms[fi]
				for p := range count {
					count[p] += f.count[p]
				}
			}
			points, markers := g.farmCityPoints(4, herd, links[i].city)
			if herd {
				markers |= PigHerd
			}
			city, from, to := links[i].city, i, j
			// A pig counts for a city only in a farm that borders it
			// (spec/rules-options.md, "Traders & Builders").
			award(&count, points, 1, markers, func(p int) int {
				for _, l := range links[from:to] {
					if g.pigIn(p, l.farm) {
						with, _ := g.farmCityPoints(5, herd, city)
						return with - points
					}
				}
				return 0
			})
			if fairy && scored {
				for _, l := range links[from:to] {
					if farmIndex(l.farm) >= 0 && !slices.Contains(fairyFarms, l.farm) {
						fairyFarms = append(fairyFarms, l.farm)
					}
				}
				scored = false
			}
			i = j
		}
	}
	if fairy {
		// Under per-city a farm that borders no completed city is scored
		// too, for 0 points, after the others (rules-options.md,
		// "Reading, the fairy's 3 points").
		for i := range farms {
			if !slices.Contains(fairyFarms, farms[i].root) {
				fairyFarms = append(fairyFarms, farms[i].root)
			}
		}
	}
	for _, r := range fairyFarms {
		g.fairyScores(r, ScoreEvent{Turn: last, Feature: Field, Final: true})
	}
}

// farmCityPoints returns what completed city c (a root) is worth to a farm
// that supplies it, from base, the points per city of the farm rule (3
// per-farm, 4 per-city): one more with a pig herd (002_…, "The pig-herd
// scores 1 extra point per city for each farmer scoring"), and twice that
// for a besieged city (Cathars; 002_…, "Scoring Summary": 6 per besieged
// city, 8 with a pig herd), with Besieged among the markers then.
func (g *Game) farmCityPoints(base int, herd bool, c int16) (int, Marker) {
	if herd {
		base++
	}
	if g.x != nil && g.nodes[c].marks&packedBesieged != 0 {
		return 2 * base, Besieged
	}
	return base, 0
}
