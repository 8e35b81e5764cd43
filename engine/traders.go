package engine

import "fmt"

// This file holds Traders & Builders (001_…, 004_…, "Traders & Builders";
// spec/rules-options.md, "Traders & Builders"): the goods a player takes
// when they complete a city and their final majorities, the builder and
// the second turn it gives, and the pig.

// Good is a kind of goods token: wine, grain or cloth.
type Good uint8

// The goods, in the order of Game.Goods.
const (
	GoodWine Good = iota
	GoodGrain
	GoodCloth
	NumGoods
)

// goodMarkers are the tile markers of the goods.
var goodMarkers = [NumGoods]Marker{Wine, Grain, Cloth}

// goodNames are the goods' names in a player's words.
var goodNames = [NumGoods]string{"wine", "grain", "cloth"}

// String returns the good's name: "wine", "grain", "cloth".
func (d Good) String() string {
	if d < NumGoods {
		return goodNames[d]
	}
	return "good?"
}

// Marker returns the tile marker of the good (Wine, Grain, Cloth).
func (d Good) Marker() Marker {
	if d < NumGoods {
		return goodMarkers[d]
	}
	return 0
}

// GoodsPoints are the points of each goods majority at the end (001_…,
// "Final scoring": "the player with the most Wine tokens scores 10 points
// … the tied players each score 10 points").
const GoodsPoints = 10

// maxGoodsSegments bounds the city segments with goods on the board (20
// tiles of Traders & Builders have one).
const maxGoodsSegments = 32

// traders reports whether Traders & Builders is in play.
func (g *Game) traders() bool {
	return g.x != nil && g.rules.Expansions.Has(ExpansionTradersAndBuilders)
}

// Goods returns the goods tokens player p holds, by kind (GoodWine,
// GoodGrain, GoodCloth); all zero for a player not in the game or without
// Traders & Builders.
func (g *Game) Goods(p int) [NumGoods]int {
	var out [NumGoods]int
	if g.x == nil || p < 0 || p >= g.nplayers {
		return out
	}
	for d := range out {
		out[d] = int(g.x.goods[p][d])
	}
	return out
}

// BuilderTurn reports whether the turn under way is the second turn a
// builder gave (Traders & Builders: "that player gets a double turn").
func (g *Game) BuilderTurn() bool {
	return g.x != nil && g.x.extra > 0 && g.x.byBuilder && !g.ended
}

// tradersPlaced notes the city segments with goods of the tile just placed
// (the last in g.tiles), so that completing their city finds them.
func (x *expansionState) tradersPlaced(g *Game, t TileID) {
	if g.ts.featMarks[t]&Goods == 0 {
		return
	}
	pt := &g.tiles[len(g.tiles)-1]
	for i, f := range g.ts.tiles[t].Features {
		if f.Markers&Goods != 0 && int(x.ngoodsSegs) < maxGoodsSegments {
			x.goodsSegs[x.ngoodsSegs] = pt.seg + int16(i)
			x.ngoodsSegs++
		}
	}
}

// takeGoods gives the current player the goods of city r (a root), which
// the tile just placed completed, knights or not (001_…: "The player who
// placed the last tile, and thus completed the city, takes a Goods token
// of the matching Goods symbol for each symbol present in the city").
func (g *Game) takeGoods(r int16) {
	x := g.x
	kept := x.goodsSegs[:0]
	for _, nd := range x.goodsSegs[:x.ngoodsSegs] {
		if g.find(nd) != r {
			kept = append(kept, nd)
			continue
		}
		pt := &g.tiles[g.nodes[nd].tile]
		f := &g.ts.tiles[pt.tile].Features[g.nodes[nd].feat]
		n := max(int(f.Goods), 1)
		for d, m := range goodMarkers {
			if f.Markers&m != 0 {
				x.goods[g.current][d] += uint8(n)
			}
		}
	}
	x.ngoodsSegs = uint8(len(kept))
}

// scoreGoods scores the goods majorities at the end: for each kind, the
// player(s) with the most tokens score GoodsPoints each (001_…, "Final
// scoring"). The events say SourceGoods, with the good's marker.
func (g *Game) scoreGoods() {
	for d := range NumGoods {
		best := uint8(0)
		for p := range g.nplayers {
			best = max(best, g.x.goods[p][d])
		}
		if best == 0 {
			continue
		}
		for p := range g.nplayers {
			if g.x.goods[p][d] == best {
				g.addPoints(p, ScoreEvent{Turn: g.turn - 1, Feature: City, Tiles: int(best), Points: GoodsPoints, Final: true, Source: SourceGoods, Markers: goodMarkers[d]})
			}
		}
	}
}

// ownedAfter returns the features (bits by feature index) of tile t placed
// at (x, y) turned by r that join, through its neighbours, a road, city or
// field where player p has a follower that counts for majorities (a
// follower or a large follower, not a builder or pig).
func (g *Game) ownedAfter(t TileID, x, y int16, r Rotation, p int) uint32 {
	o := &g.ts.orients[t][r]
	var owned uint32
	for s := 0; s < 4; s++ {
		nb := g.placedAt(x+dx[s], y+dy[s])
		if nb < 0 {
			continue
		}
		nt := &g.tiles[nb]
		no := &g.ts.orients[nt.tile][nt.rot]
		for k := 0; k < 3; k++ {
			f := o.portFeat[3*s+k]
			if f < 0 || owned&(1<<f) != 0 {
				continue
			}
			root := g.find(nt.seg + int16(no.portFeat[3*((s+2)&3)+2-k]))
			if g.nodes[root].followers == 0 {
				continue
			}
			for _, m := range g.meeples {
				if int(m.player) == p && figureWeight[m.fig] > 0 && g.find(m.node) == root {
					owned |= 1 << f
					break
				}
			}
		}
	}
	return owned
}

// FigureSpots returns the spots of the tile drawn placed as p where the
// current player may deploy a figure of kind f: for the follower and the
// large follower, the free features (FollowerSpots); for the builder, the
// roads and cities that join one where the player has a thief or knight;
// for the pig, the fields that join a farm where they have a farmer
// (Traders & Builders). It returns nil when the placement is illegal or
// the player has no such figure in the supply.
func (g *Game) FigureSpots(p Placement, f Figure) []Spot {
	t, ok := g.Drawn()
	if !ok || g.checkPlacement(t, p.Cell, p.Rotation) != nil {
		return nil
	}
	return g.AppendFigureSpots(nil, t, p, f)
}

// AppendFigureSpots appends to dst the spots of tile t placed as p, which
// must be a legal placement, where the current player may deploy a figure
// of kind f (see FigureSpots), and returns the extended slice.
func (g *Game) AppendFigureSpots(dst []Spot, t TileID, p Placement, f Figure) []Spot {
	if g.SupplyOf(g.current, f) == 0 {
		return dst
	}
	if f != FigureBuilder && f != FigurePig {
		return g.AppendFollowerSpots(dst, t, p)
	}
	owned := g.ownedAfter(t, int16(p.Cell.X), int16(p.Cell.Y), p.Rotation, g.current)
	o := &g.ts.orients[t][p.Rotation&3]
	for i, ft := range g.ts.tiles[t].Features {
		if owned&(1<<i) == 0 || !figureFits(f, ft.Kind) || ft.Kind == Field && g.opts.Farms == FarmsOff {
			continue
		}
		dst = append(dst, Spot{Port: o.main[i], Ports: o.ports[i], Kind: ft.Kind, Feature: i})
	}
	return dst
}

// figureFits reports whether a builder or pig may stand on a feature of
// kind k: the builder on a road or city, the pig on a field.
func figureFits(f Figure, k FeatureKind) bool {
	if f == FigurePig {
		return k == Field
	}
	return k == Road || k == City
}

// checkHelper checks the builder or pig that move m deploys on feature fi
// of its tile, of kind kind (Traders & Builders: "A builder may only be
// placed on a tile that continues a road or a city where that player
// already owns a follower"; the pig likewise on a field with their farmer).
func (g *Game) checkHelper(m Move, fi int, kind FeatureKind) error {
	who := g.players[g.current]
	if !figureFits(m.Figure, kind) {
		if m.Figure == FigurePig {
			return moveErr(ErrNoSuchSpot, fmt.Sprintf("a pig stands in a field, not on a %s", kindWord(kind)))
		}
		return moveErr(ErrNoSuchSpot, fmt.Sprintf("a builder stands on a road or in a city, not in a %s", kindWord(kind)))
	}
	if g.ownedAfter(m.Tile, int16(m.Cell.X), int16(m.Cell.Y), m.Rotation, g.current)&(1<<fi) == 0 {
		role := "a thief or knight"
		if m.Figure == FigurePig {
			role = "a farmer"
		}
		return moveErr(ErrNotYours, fmt.Sprintf("the %s goes only where %s already has %s, and this %s joins none", m.Figure.Title(), who, role, kindWord(kind)))
	}
	return nil
}

// builderExtended reports whether the tile just placed (the last of
// g.tiles, its first segment seg, nf features) extends a road or city
// where the current player's builder stands: a second turn (001_…,
// "When a player places a tile that continues the road or the city with
// his builder, that player gets a double turn").
func (g *Game) builderExtended(seg int16, nf int) bool {
	for _, m := range g.meeples {
		if m.fig != FigureBuilder || int(m.player) != g.current {
			continue
		}
		r := g.find(m.node)
		for i := seg; i < seg+int16(nf); i++ {
			if g.find(i) == r {
				return true
			}
		}
	}
	return false
}

// dropOrphans returns to the supply the builders and pigs of player p left
// on a feature where p has no follower any more (001_…: "If a builder
// finds itself without a follower of his color on the road … the builder
// is immediately returned"; "If the last farmer of the owner of the pig is
// removed from the field, the pig is immediately removed").
func (g *Game) dropOrphans(p int) {
	kept := g.meeples[:0]
	for _, m := range g.meeples {
		if int(m.player) == p && figureWeight[m.fig] == 0 && !g.hasFollowerOn(p, g.find(m.node)) {
			g.nodes[g.find(m.node)].followers--
			g.returnFigure(m)
			continue
		}
		kept = append(kept, m)
	}
	g.meeples = kept
}

// hasFollowerOn reports whether player p has a follower that counts for
// majorities on feature r (a root).
func (g *Game) hasFollowerOn(p int, r int16) bool {
	for _, m := range g.meeples {
		if int(m.player) == p && figureWeight[m.fig] > 0 && g.find(m.node) == r {
			return true
		}
	}
	return false
}

// pigIn reports whether player p has a pig in farm r (a root).
func (g *Game) pigIn(p int, r int16) bool {
	for _, m := range g.meeples {
		if m.fig == FigurePig && int(m.player) == p && g.find(m.node) == r {
			return true
		}
	}
	return false
}
