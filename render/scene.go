package render

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// scene is what a picture shows, read from the game once.
type scene struct {
	g         *engine.Game
	ts        *engine.TileSet
	names     []string
	marks     []string // the letter on each player's followers
	tiles     []engine.PlacedTile
	at        map[engine.Cell]int // index in tiles
	followers []engine.Follower
	closed    []uint32 // per tile: bit i when city segment i is completed
	cands     []engine.Cell
	last      int // index in tiles of the last tile placed, or -1

	// kingAndRobber is set when King & Robber Baron is in play; king and
	// baron are then the players holding the King and the Robber Baron
	// (Game.King, Game.RobberBaron), -1 when nobody does.
	kingAndRobber bool
	king, baron   int
	// large is set when the large follower is played (Inns & Cathedrals).
	large bool
	// traders is set when Traders & Builders is in play; goods then holds
	// each player's goods tokens (Game.Goods).
	traders bool
	goods   [][engine.NumGoods]int
	// tower is set when The Tower is in play; towers then holds the towers
	// on the board (Game.Towers).
	tower  bool
	towers []engine.Tower
	// gold is set when The Gold Mines is in play (its end bonus has a
	// column in the final table, each player's ingots a line in the
	// scoreboard); ingots then holds the tiles with ingots on them
	// (Game.Ingots).
	gold   bool
	ingots []engine.Ingots
	// ferries are the ferries on the lakes (The Ferries, Game.Ferries),
	// mage and witch where the mage and the witch stand (Mage & Witch):
	// drawn by drawFerries and drawNeutralFigures (minis.go). Nothing
	// fills mage and witch until the engine tells where they are.
	ferries     []ferryLink
	mage, witch neutralFigure
	// flight is the flight of the last move (The Flying Machines).
	flight flight
	// pd is what The Princess & the Dragon shows (dragon.go); pd.on is
	// set when it is in play.
	pd dragonScene
	// board is the scoreboard of The Messengers and The Robbers
	// (scoreboard.go).
	board scoreboard
	// played, when not 0, is the number of the turn just played: the
	// panel's title names it ("Turn 1" under the board after turn 1, in
	// an animation) instead of the turn to play.
	played int
	// lang is the language of the picture's words (Renderer.In);
	// English when not set.
	lang i18n.Lang
}

// newScene reads game g. withCands lists the cells where the drawn tile fits.
func newScene(g *engine.Game, withCands bool) *scene {
	sc := &scene{g: g, ts: g.TileSet(), names: g.Players(), last: -1, king: -1, baron: -1}
	if rules := g.Rules(); rules != nil {
		sc.kingAndRobber = rules.Expansions.Has(engine.ExpansionKingAndRobber)
		sc.large = slices.Contains(rules.Figures(), engine.FigureLarge)
		sc.traders = rules.Expansions.Has(engine.ExpansionTradersAndBuilders)
		sc.tower = rules.Expansions.Has(engine.ExpansionTower)
		sc.gold = rules.Expansions.Has(engine.ExpansionGoldMines)
		if rules.Expansions.Has(engine.ExpansionPrincessAndDragon) {
			sc.pd = readDragon(g)
		}
		if rules.Expansions.Has(engine.ExpansionMageAndWitch) {
			// The mage and the witch where they stand (Mage & Witch).
			if t, ok := g.MagicAt(engine.MagicMage); ok {
				sc.mage = neutralFigure{On: true, Cell: t.Cell, Port: t.Port}
			}
			if t, ok := g.MagicAt(engine.MagicWitch); ok {
				sc.witch = neutralFigure{On: true, Cell: t.Cell, Port: t.Port}
			}
		}
	}
	if sc.tower {
		sc.towers = g.Towers()
	}
	if sc.gold {
		sc.ingots = g.Ingots()
	}
	if rules := g.Rules(); rules != nil && rules.Expansions.Has(engine.ExpansionFlyingMachines) {
		sc.flight = readFlight(g)
	}
	for _, f := range g.Ferries() {
		a, b := f.Link.Ports()
		sc.ferries = append(sc.ferries, ferryLink{Cell: f.Cell, Ports: [2]engine.Port{a, b}})
	}
	if sc.traders {
		sc.goods = make([][engine.NumGoods]int, len(sc.names))
		for p := range sc.goods {
			sc.goods[p] = g.Goods(p)
		}
	}
	if sc.kingAndRobber {
		if p, ok := g.King(); ok {
			sc.king = p
		}
		if p, ok := g.RobberBaron(); ok {
			sc.baron = p
		}
	}
	sc.board = readScoreboard(g)
	sc.marks = playerMarks(sc.names)
	sc.tiles = g.PlacedTiles()
	sc.at = make(map[engine.Cell]int, len(sc.tiles))
	for i, t := range sc.tiles {
		if sc.validTile(t) {
			sc.at[t.Cell] = i
		}
	}
	if len(sc.tiles) > 1 {
		sc.last = len(sc.tiles) - 1
	}
	// Every follower that stood on the board: at the end, those the final
	// scoring returned too.
	sc.followers = g.FinalFollowers()
	sc.closed = closedCities(sc)
	if withCands {
		sc.cands = Candidates(g)
	}
	return sc
}

// Candidates returns the cells where the drawn tile of g fits, as Board
// numbers them: cell i carries the number i+1. It is the engine's
// numbering, (*engine.Game).CandidateCells, the one the bot's menus and the
// terminal game use; nil when the game is over or the tile fits nowhere.
func Candidates(g *engine.Game) []engine.Cell { return g.CandidateCells() }

// validTile reports whether t names a tile of the set with a rotation.
func (sc *scene) validTile(t engine.PlacedTile) bool {
	return t.Tile != engine.NoTile && int(t.Tile) <= sc.ts.Len() && t.Rotation <= engine.Rotate270
}

// bounds returns the smallest box of cells holding every placed tile and
// candidate cell: min and max corners, inclusive.
func (sc *scene) bounds() (lo, hi engine.Cell) {
	first := true
	grow := func(c engine.Cell) {
		if first {
			lo, hi, first = c, c, false
			return
		}
		lo.X, lo.Y = min(lo.X, c.X), min(lo.Y, c.Y)
		hi.X, hi.Y = max(hi.X, c.X), max(hi.Y, c.Y)
	}
	for c := range sc.at {
		grow(c)
	}
	for _, c := range sc.cands {
		grow(c)
	}
	return lo, hi
}

// playerMarks returns the letter drawn on each player's followers: the
// initials when they differ, else the numbers 1, 2, 3…
func playerMarks(names []string) []string {
	marks := make([]string, len(names))
	seen := map[string]bool{}
	unique := true
	for i, n := range names {
		r := []rune(strings.TrimSpace(n))
		m := ""
		if len(r) > 0 && (unicode.IsLetter(r[0]) || unicode.IsDigit(r[0])) {
			m = strings.ToUpper(string(r[0]))
		}
		if m == "" || seen[m] {
			unique = false
		}
		seen[m] = true
		marks[i] = m
	}
	if !unique {
		for i := range marks {
			marks[i] = strconv.Itoa(i + 1)
		}
	}
	return marks
}

// closedCities works out which city segments of the placed tiles belong to
// completed cities: those whose every city side meets a placed tile. It is
// a union-find over the city segments, like the engine's, but reads only
// the tiles.
func closedCities(sc *scene) []uint32 {
	out := make([]uint32, len(sc.tiles))
	type node struct{ tile, feat int }
	idx := map[node]int{}
	var parent []int
	var open []bool
	find := func(a int) int {
		for parent[a] != a {
			parent[a] = parent[parent[a]]
			a = parent[a]
		}
		return a
	}
	id := func(n node) int {
		if i, ok := idx[n]; ok {
			return i
		}
		i := len(parent)
		idx[n] = i
		parent = append(parent, i)
		open = append(open, false)
		return i
	}
	for ti, t := range sc.tiles {
		if !sc.validTile(t) || sc.at[t.Cell] != ti {
			continue
		}
		tile := sc.ts.Tile(t.Tile)
		for s := engine.North; s <= engine.West; s++ {
			mid := engine.Port(3*int(s-1) + 2)
			f, ok := sc.ts.FeatureAt(t.Tile, t.Rotation, mid)
			if !ok || tile.Features[f].Kind != engine.City {
				continue
			}
			a := id(node{ti, f})
			nb, ok := sc.at[t.Cell.Neighbour(s)]
			if !ok {
				open[find(a)] = true
				continue
			}
			nt := sc.tiles[nb]
			g, ok := sc.ts.FeatureAt(nt.Tile, nt.Rotation, mid.Facing())
			if !ok || sc.ts.Tile(nt.Tile).Features[g].Kind != engine.City {
				open[find(a)] = true
				continue
			}
			b := id(node{nb, g})
			ra, rb := find(a), find(b)
			if ra != rb {
				parent[rb] = ra
				open[ra] = open[ra] || open[rb]
			}
		}
		// City segments that touch no side (expansions) are complete alone.
		for f, feat := range tile.Features {
			if feat.Kind == engine.City {
				id(node{ti, f})
			}
		}
	}
	for n, i := range idx {
		if !open[find(i)] && n.feat < 32 {
			out[n.tile] |= 1 << n.feat
		}
	}
	return out
}
