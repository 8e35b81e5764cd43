package engine

import (
	"fmt"
	"math/rand/v2"
	"sync"
)

// Rules are the rules of one game, built once by NewRules from the
// expansions in play and the rule options, and shared, never changed, by the
// game and all its copies: the composed tile set, the start tile and the
// groups of the draw pile.
type Rules struct {
	// Expansions are the expansions in play; the base game always is.
	Expansions ExpansionSet
	// Options are the rule options (spec/rules-options.md).
	Options Options
	// Tiles is the tile set of the game: the base game's tiles with ids 1 to
	// 24 as in BaseTiles, then each expansion's in record order, every kind
	// with the number of copies in play (the start tile's copy included).
	// Tiles the rules leave out of the game are not in it.
	Tiles *TileSet
	// Start is the tile on the board before the first turn: D at (0,0),
	// rotation 0, or with a river its spring there.
	Start StartTile
	// Groups are the parts of the draw pile in the order they are drawn; each
	// is shuffled on its own (NewPile). The base game has one, "land".
	Groups []PileGroup

	group []uint8 // per TileID: its index in Groups, noGroup for none
	river []bool  // per TileID: a river tile, placed by the river's rules
	again []bool  // per TileID: placing it gives its player another turn (the volcano-lake)

	aside asideRule // the tiles set aside and when they come back (aside.go); zero: none
}

// noGroup is the group index of a tile in no pile group.
const noGroup = 0xff

// PileGroup is a part of the draw pile: all its tiles are drawn, in shuffled
// order, before any tile of the next group.
type PileGroup struct {
	// Name says what the group is: "fork", "river", "river end" or "land".
	Name string
	// Tiles are the group's tiles, every copy, in id order (before
	// shuffling); the start tile's copy is not among them.
	Tiles []TileID
}

// Names of the tiles the river rules treat apart (spec/rules-options.md,
// The River).
const (
	riverSpring  = "RV01" // the spring of The River, its start tile
	riverLake    = "RV02" // the lake of The River, left out with River II
	river2Spring = "R201" // the spring of The River II, left out with River I
	river2Fork   = "R204" // the fork, first after the spring
	gq11Spring   = "GQ11" // the GQ11 promo's spring, left out (one spring)
)

// cropCirclesI are the tiles of Crop Circles I, which rule text 001 does
// not list: only EditionBefore32 plays them.
var cropCirclesI = [...]string{"CC01", "CC02", "CC03", "CC04", "CC05", "CC06"}

// NewRules composes the rules of a game with the expansions exps (the base
// game is always in) and the rule options opts. It returns an error wrapping
// ErrUnknownExpander for a bit of exps that names no expansion, and one
// wrapping ErrBadOption for options out of range.
//
// The tile set and the draw pile follow spec/rules-options.md, "The River
// (river), The River II (river2)": with a river the base start tile is out of
// the game (the base pile keeps its 71 tiles) and a spring starts it at 0,0
// (RV01, or R201 with river2 alone); the river tiles are drawn first, with
// River II's fork R204 first of all, and the lakes (RV02, R203) last, R202
// shuffled with the other river tiles (also last with EditionBefore32);
// then every other tile. With both rivers R201 and RV02 are left out. The
// GQ11 promo's river tiles (spec/expansions/tiles-gq11.md) play only with a
// river: GQ12 joins the river, and GQ11, a second spring, is left out;
// without a river both are. The Crop Circles play the six tiles of rule
// text 001, CC07–CC12 (all twelve with EditionBefore32).
func NewRules(exps ExpansionSet, opts Options) (*Rules, error) {
	if !opts.valid() {
		return nil, fmt.Errorf("%w: %+v", ErrBadOption, opts)
	}
	if exps>>numExpansions != 0 || exps&1 != 0 {
		return nil, fmt.Errorf("%w: the set %#x names no expansion", ErrUnknownExpander, uint32(exps))
	}
	list := exps.List()
	river1, river2 := exps.Has(ExpansionRiver), exps.Has(ExpansionRiver2)
	river := river1 || river2
	left := map[string]bool{}
	if river1 && river2 {
		left[river2Spring], left[riverLake] = true, true
	}
	if exps.Has(ExpansionGQ11) {
		left[gq11Spring] = true
		if !river {
			left["GQ12"] = true
		}
	}
	if exps.Has(ExpansionCropCircles) && !opts.legacy() {
		// Rule text 001 lists The Crop Circles' six tiles, CC07–CC12
		// (spec/expansions/tiles-crop-circles.md; rules-options.md).
		for _, n := range cropCirclesI {
			left[n] = true
		}
	}
	var tiles []Tile
	for _, e := range list {
		for _, t := range e.Tiles() {
			if left[t.Name] {
				continue
			}
			if river && t.Name == "D" {
				t.Count-- // the base start tile is out of the game
			}
			tiles = append(tiles, t)
		}
	}
	ts := BaseTiles // the base game shares the one base tile set
	if exps != 0 {
		var err error
		if ts, err = composedTileSet(tileSetKey{exps, opts.legacy()}, tiles); err != nil {
			return nil, err
		}
	}
	r := &Rules{Expansions: exps, Options: opts, Tiles: ts}
	spring := "D"
	switch {
	case river1:
		spring = riverSpring
	case river2:
		spring = river2Spring
	}
	id, ok := ts.Lookup(spring)
	if !ok {
		return nil, fmt.Errorf("%w: the tile set has no start tile %s", ErrUnknownTile, spring)
	}
	r.Start = StartTile{Tile: id}

	r.Groups = r.groupsFor(id)
	r.group = make([]uint8, ts.Len()+1)
	r.river = make([]bool, ts.Len()+1)
	for i := range r.group {
		r.group[i] = noGroup
	}
	for gi, g := range r.Groups {
		for _, t := range g.Tiles {
			r.group[t] = uint8(gi)
		}
	}
	if river {
		for id := TileID(1); int(id) <= ts.Len(); id++ {
			r.river[id] = riverSides(ts.Tile(id)) > 0
		}
	}
	if exps.Has(ExpansionPrincessAndDragon) {
		r.aside = dragonAside(ts)
	}
	r.again = make([]bool, ts.Len()+1)
	if river2 {
		for id := TileID(1); int(id) <= ts.Len(); id++ {
			r.again[id] = volcanoLake(ts.Tile(id))
		}
	}
	return r, nil
}

// composedTiles holds the tile set of each expansion set composed so
// far, so that every game and record of one set shares its tile set, as
// every base game shares BaseTiles: a TileSet is never changed once made,
// and what is worked out per tile set (pictures' tile geometry and art) is
// then worked out once. There are at most a few thousand sets.
var composedTiles sync.Map // tileSetKey → *TileSet

// tileSetKey names a composed tile set: its expansions, and whether it is
// that of EditionBefore32 (all twelve crop circle tiles).
type tileSetKey struct {
	exps   ExpansionSet
	legacy bool
}

// composedTileSet returns the shared tile set of key k, made of tiles the
// first time.
func composedTileSet(k tileSetKey, tiles []Tile) (*TileSet, error) {
	if ts, ok := composedTiles.Load(k); ok {
		return ts.(*TileSet), nil
	}
	ts, err := NewTileSet(tiles)
	if err != nil {
		return nil, err
	}
	actual, _ := composedTiles.LoadOrStore(k, ts)
	return actual.(*TileSet), nil
}

// volcanoLake reports whether t is The River II's volcano-lake (R203): a
// volcano on a tile whose river ends in a lake.
func volcanoLake(t *Tile) bool {
	if t.Markers&Volcano == 0 {
		return false
	}
	for _, f := range t.Features {
		if f.Kind == River && f.Markers&Lake != 0 {
			return true
		}
	}
	return false
}

// ExtraTurn reports whether placing tile id gives its player an extra turn
// right away: The River II's volcano-lake R203 (spec/rules-options.md, "River
// II specials"; 002_…, Sequence of Play: "because you placed the
// volcano-lake tile, then you start again at Step 2"). A player never plays
// more than two turns in a row (Game.ExtraTurn).
func (r *Rules) ExtraTurn(id TileID) bool {
	return int(id) < len(r.again) && r.again[id]
}

// groupsFor returns the pile groups of the rules' tile set when start is the
// start tile: one copy of it is out of the pile.
func (r *Rules) groupsFor(start TileID) []PileGroup {
	ts := r.Tiles
	var fork, middle, ends, land PileGroup
	fork.Name, middle.Name, ends.Name, land.Name = "fork", "river", "river end", "land"
	for id := TileID(1); int(id) <= ts.Len(); id++ {
		t := ts.Tile(id)
		n := t.Count
		if id == start {
			n--
		}
		g := &land
		if rivers := riverSides(t); rivers > 0 {
			switch {
			case t.Name == river2Fork:
				g = &fork
			case rivers == 1 && !springs(t) && (lake(t) || r.Options.legacy()):
				// The lakes, last; R202, the river ending at a city, is
				// shuffled with the others but in EditionBefore32.
				g = &ends
			default:
				g = &middle
			}
		}
		for range n {
			g.Tiles = append(g.Tiles, id)
		}
	}
	var out []PileGroup
	for _, g := range []PileGroup{fork, middle, ends, land} {
		if len(g.Tiles) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// riverSides returns the number of river sides of t.
func riverSides(t *Tile) int {
	n := 0
	for _, e := range t.Edges {
		if e == RiverEdge {
			n++
		}
	}
	return n
}

// lake reports whether t's river ends in a lake (RV02, R203).
func lake(t *Tile) bool {
	for _, f := range t.Features {
		if f.Kind == River && f.Markers&Lake != 0 {
			return true
		}
	}
	return false
}

// springs reports whether a river rises on t.
func springs(t *Tile) bool {
	for _, f := range t.Features {
		if f.Kind == River && f.Markers&Spring != 0 {
			return true
		}
	}
	return false
}

// Total returns the number of tiles in the game, the start tile included.
func (r *Rules) Total() int { return r.Tiles.Total() }

// NewPile returns the draw pile of a game with these rules shuffled by seed:
// the groups in order, each shuffled on its own, the first tile to draw at
// index 0. Every group is shuffled as NewPile shuffles the base game's pile
// (Fisher–Yates from the last position down, one PCG generator seeded with
// seed and stream 0x6361726361737365, Lemire's bounded draws), the groups one
// after another with the same generator, first to last. A game with one
// group, the base game's, gets exactly the pile NewPile(r.Tiles,
// r.Start.Tile, seed) gives.
func (r *Rules) NewPile(seed uint64) []TileID {
	return shufflePile(r.Groups, r.Total(), seed)
}

// pileFor returns the draw pile shuffled by seed when start, which may not be
// the rules' start tile (a record's Start header), lies on the board: the
// groups as NewPile shuffles them, with one copy of start out of the pile
// instead of one of Start.Tile.
func (r *Rules) pileFor(start TileID, seed uint64) []TileID {
	if start == r.Start.Tile {
		return r.NewPile(seed)
	}
	return shufflePile(r.groupsFor(start), r.Total(), seed)
}

func shufflePile(groups []PileGroup, total int, seed uint64) []TileID {
	pile := make([]TileID, 0, total)
	src := rand.NewPCG(seed, pileStream)
	for _, g := range groups {
		n := len(pile)
		pile = append(pile, g.Tiles...)
		part := pile[n:]
		for i := len(part) - 1; i > 0; i-- {
			j := bounded(src, uint64(i+1))
			part[i], part[j] = part[j], part[i]
		}
	}
	return pile
}

// GroupOf returns the index in Groups of the group that holds tile id, and
// false for a tile in no group (the start tile's only copy, or an id not in
// the set).
func (r *Rules) GroupOf(id TileID) (int, bool) {
	if int(id) >= len(r.group) || r.group[id] == noGroup {
		return 0, false
	}
	return int(r.group[id]), true
}

// RiverTile reports whether tile id is placed by the river's rules: a tile
// with a river side in a game with The River or The River II.
func (r *Rules) RiverTile(id TileID) bool {
	return int(id) < len(r.river) && r.river[id]
}

// baseRules are the rules of the base game for each valid Options value
// (farms × tiny-city 0, 2, 4), built once: a base game set up without
// Config.Rules points to one of them, at no cost.
var baseRules = func() (out [3][3]*Rules) {
	for f := range out {
		for i, tiny := range []int{0, 2, 4} {
			r, err := NewRules(0, Options{Farms: FarmScoring(f), TinyCity: tiny})
			if err != nil {
				panic(err) // the base game's own rules: a programming error
			}
			out[f][i] = r
		}
	}
	return out
}()

// rulesOf returns the rules of a game set up without Config.Rules: the base
// game's with options opts on tile set ts (valid options, checked by New).
// For a tile set other than BaseTiles (tests, tools) it describes that set as
// a base game: one group, "land", holding every copy (the pile is NewPile's,
// one shuffle), and the start tile D at 0,0 when the set has a D.
func rulesOf(ts *TileSet, opts Options) *Rules {
	if ts == BaseTiles {
		return baseRules[opts.Farms][opts.TinyCity/2]
	}
	r := &Rules{Options: opts, Tiles: ts}
	if d, ok := ts.Lookup("D"); ok {
		r.Start = StartTile{Tile: d}
	}
	land := PileGroup{Name: "land"}
	for id := TileID(1); int(id) <= ts.Len(); id++ {
		n := ts.Tile(id).Count
		if id == r.Start.Tile {
			n--
		}
		for range n {
			land.Tiles = append(land.Tiles, id)
		}
	}
	r.Groups = []PileGroup{land}
	r.group = make([]uint8, ts.Len()+1) // every tile in group 0
	r.river = make([]bool, ts.Len()+1)
	return r
}
