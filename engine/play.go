package engine

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
)

// Players returns the players' names in turn order.
func (g *Game) Players() []string { return append([]string(nil), g.players...) }

// NumPlayers returns the number of players.
func (g *Game) NumPlayers() int { return g.nplayers }

// Current returns the index of the player whose turn it is (after the end,
// the one who would play next).
func (g *Game) Current() int { return g.current }

// ExtraTurn reports whether the turn being played is an extra turn: the
// player who played the turn before plays again (The River II's
// volcano-lake, R203; spec/rules-options.md, "River II specials"), as in
// "Alice plays again". Its record line is the next turn, by the same player,
// with the next number (spec/record.md, "A turn with expansions"). It is
// false in the base game and once the game is over.
func (g *Game) ExtraTurn() bool { return g.x != nil && g.x.extra > 0 && !g.ended }

// Turn returns the number of the turn being played, from 1; after the end,
// one more than the last turn played.
func (g *Game) Turn() int { return g.turn }

// Ended reports whether the game is over and finally scored.
func (g *Game) Ended() bool { return g.ended }

// Options returns the game's rule options.
func (g *Game) Options() Options { return g.opts }

// Seed returns the seed the draw pile was shuffled with.
func (g *Game) Seed() uint64 { return g.seed }

// Start returns the start tile.
func (g *Game) Start() StartTile { return g.start }

// Rules returns the rules the game is played with, shared by the game and
// its copies; the caller must not change them. A game set up without
// Config.Rules has the base game's rules with its options (on a tile set
// other than BaseTiles, rules describing that set as a base game).
func (g *Game) Rules() *Rules { return g.rules }

// TileSet returns the tile set the game is played with.
func (g *Game) TileSet() *TileSet { return g.ts }

// Score returns player p's points.
func (g *Game) Score(p int) int { return g.scores[p] }

// Scores returns every player's points, in turn order.
func (g *Game) Scores() []int { return append([]int(nil), g.scores[:g.nplayers]...) }

// Supply returns the number of followers in player p's supply.
func (g *Game) Supply(p int) int { return int(g.supply[p]) }

// TilesLeft returns the number of tiles still in the draw pile, the drawn
// tile included.
func (g *Game) TilesLeft() int { return len(g.pile) - g.top }

// Drawn returns the tile the current player has drawn: the top of the draw
// pile. It returns false once the game is over.
func (g *Game) Drawn() (TileID, bool) {
	if g.ended || g.top >= len(g.pile) {
		return NoTile, false
	}
	return g.pile[g.top], true
}

// Events returns every score so far, in order.
func (g *Game) Events() []ScoreEvent { return append([]ScoreEvent(nil), g.events...) }

// Moves returns the moves played so far, discards included, in order.
func (g *Game) Moves() []Move {
	if len(g.moves) == 0 {
		return nil
	}
	out := make([]Move, len(g.moves))
	for i := range out {
		out[i] = g.moveAt(i)
	}
	return out
}

// PlacedTiles returns the tiles on the board in the order they were placed,
// the start tile first.
func (g *Game) PlacedTiles() []PlacedTile {
	out := make([]PlacedTile, len(g.tiles))
	for i, t := range g.tiles {
		out[i] = PlacedTile{Tile: t.tile, Cell: Cell{int(t.x), int(t.y)}, Rotation: t.rot}
	}
	return out
}

// TileAt returns the tile on cell c, and false when the cell is empty.
func (g *Game) TileAt(c Cell) (PlacedTile, bool) {
	if !inRange(c) {
		return PlacedTile{}, false
	}
	i := g.placedAt(int16(c.X), int16(c.Y))
	if i < 0 {
		return PlacedTile{}, false
	}
	t := g.tiles[i]
	return PlacedTile{Tile: t.tile, Cell: c, Rotation: t.rot}, true
}

// Followers returns the followers on the board, in the order they were
// deployed. After the final scoring only the farmers are left: the others
// went back to the supplies as they scored (see FinalFollowers).
func (g *Game) Followers() []Follower { return g.followers(g.meeples) }

// FinalFollowers returns, once the game is over, the followers that stood on
// the board when it ended, before the final scoring returned the thieves,
// knights and monks (for the final picture); before the end, the same as
// Followers.
func (g *Game) FinalFollowers() []Follower {
	if !g.ended {
		return g.Followers()
	}
	return g.followers(g.final)
}

func (g *Game) followers(ms []meeple) []Follower {
	out := make([]Follower, len(ms))
	for i, m := range ms {
		t := g.tiles[m.tile]
		out[i] = Follower{Player: int(m.player), Cell: Cell{int(t.x), int(t.y)}, Port: m.port, Kind: m.kind, Feature: int(g.nodes[m.node].feat), Figure: m.fig}
	}
	return out
}

// FeatureAt returns the whole feature that holds port p of the tile on cell
// c, and false when the cell is empty or no segment covers the port.
func (g *Game) FeatureAt(c Cell, p Port) (FeatureInfo, bool) {
	pt, ok := g.TileAt(c)
	if !ok {
		return FeatureInfo{}, false
	}
	f, ok := g.ts.FeatureAt(pt.Tile, pt.Rotation, p)
	if !ok {
		return FeatureInfo{}, false
	}
	ti := g.placedAt(int16(c.X), int16(c.Y))
	return g.featureInfo(g.find(g.tiles[ti].seg + int16(f))), true
}

// Features returns every feature on the board, each once, in the order of
// their first segment. It takes time linear in the size of the board.
func (g *Game) Features() []FeatureInfo {
	index := make(map[int16]int)
	var out []FeatureInfo
	for i := range g.nodes {
		r := g.find(int16(i))
		j, ok := index[r]
		if !ok {
			j = len(out)
			index[r] = j
			out = append(out, g.featureHead(r))
		}
		n := g.nodes[i]
		t := g.tiles[n.tile]
		out[j].Segments = append(out[j].Segments, Segment{Cell: Cell{int(t.x), int(t.y)}, Feature: int(n.feat)})
	}
	for _, m := range g.meeples {
		out[index[g.find(m.node)]].Followers[m.player]++
	}
	return out
}

// OccupiedFeatures appends to dst the features on which at least one
// figure stands (those Features counts Followers on), each once, and
// returns it: Features without the features nobody holds, and with only
// the first segment of each (the one Features lists first, which names
// the feature; FeatureAt's first segment is the same), in the order of
// the figures. It takes time linear in the size of the board, without
// the allocations of Features: for computer players that judge many
// positions.
func (g *Game) OccupiedFeatures(dst []FeatureInfo) []FeatureInfo {
	start := len(dst)
	var roots []int16
	for _, m := range g.meeples {
		r := g.find(m.node)
		k := slices.Index(roots, r)
		if k < 0 {
			k = len(roots)
			roots = append(roots, r)
			dst = append(dst, g.featureHead(r))
		}
		dst[start+k].Followers[m.player]++
	}
	for i, found := 0, 0; i < len(g.nodes) && found < len(roots); i++ {
		if k := slices.Index(roots, g.find(int16(i))); k >= 0 && dst[start+k].Segments == nil {
			t := g.tiles[g.nodes[i].tile]
			dst[start+k].Segments = []Segment{{Cell: Cell{int(t.x), int(t.y)}, Feature: int(g.nodes[i].feat)}}
			found++
		}
	}
	return dst
}

// featureHead describes the feature with root r, without its segments and
// followers.
func (g *Game) featureHead(r int16) FeatureInfo {
	n := g.nodes[r]
	fi := FeatureInfo{Kind: n.kind, Pennants: int(n.pennants), OpenSides: int(n.open)}
	switch n.kind {
	case Road, City:
		fi.Tiles = int(n.tiles)
		fi.Complete = n.open == 0
	case Cloister:
		fi.Tiles = 9 - int(n.open)
		fi.Complete = n.open == 0
	default:
		fi.OpenSides = 0
	}
	return fi
}

func (g *Game) featureInfo(r int16) FeatureInfo {
	fi := g.featureHead(r)
	for _, m := range g.meeples {
		if g.find(m.node) == r {
			fi.Followers[m.player]++
		}
	}
	for i := range g.nodes {
		if g.find(int16(i)) == r {
			t := g.tiles[g.nodes[i].tile]
			fi.Segments = append(fi.Segments, Segment{Cell: Cell{int(t.x), int(t.y)}, Feature: int(g.nodes[i].feat)})
		}
	}
	return fi
}

// Placements returns the legal placements of the drawn tile, sorted by row
// (y), then column (x), then rotation. Rotations that give the same picture
// are one placement, listed by the smallest. It returns nil when the game is
// over or the tile fits nowhere (it must then be discarded).
func (g *Game) Placements() []Placement {
	t, ok := g.Drawn()
	if !ok {
		return nil
	}
	ps := g.AppendPlacements(nil, t)
	slices.SortFunc(ps, func(a, b Placement) int {
		if c := cmp.Compare(a.Cell.Y, b.Cell.Y); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Cell.X, b.Cell.X); c != 0 {
			return c
		}
		return cmp.Compare(a.Rotation, b.Rotation)
	})
	return ps
}

// AppendPlacements appends the legal placements of tile t to dst, in no
// particular order, and returns the extended slice. It allocates nothing when
// dst has room.
//
// With The River, a river tile's placements are those that continue the
// river (see RiverEnds and Check).
func (g *Game) AppendPlacements(dst []Placement, t TileID) []Placement {
	if g.x != nil && g.rules.RiverTile(t) {
		return g.appendRiverPlacements(dst, t)
	}
	fits := &g.ts.fits[t]
	// Two branch-free passes, so that "does it fit", which about half the
	// cells fail at random, costs no mispredicted branch: the first keeps
	// the cells where some rotation fits, with those rotations; the second
	// writes, for each kept cell, the tile's distinct rotations (1, 2 or 4:
	// they are always the first ones) and keeps those that fit. The order
	// is cells in open order, rotations ascending.
	nrot := bits.Len8(fits[0]) // code 0 constrains nothing: every distinct rotation fits
	n := len(dst)
	dst = slices.Grow(dst, nrot*len(g.open)+4)
	out := dst[:cap(dst)]
	var kept [128]uint32 // index in g.open << 4 | the rotations that fit
	for start := 0; start < len(g.open); start += len(kept) {
		chunk := g.open[start:min(start+len(kept), len(g.open))]
		k := 0
		for i, oc := range chunk {
			rs := uint32(fits[oc.code])
			kept[k&(len(kept)-1)] = uint32(start+i)<<4 | rs
			k += int((rs + 15) >> 4) // 1 when rs != 0
		}
		switch nrot {
		case 1:
			for _, e := range kept[:k] {
				oc := g.open[e>>4]
				out[n] = Placement{Cell: Cell{int(oc.x), int(oc.y)}, Rotation: Rotate0}
				n++
			}
		case 2:
			for _, e := range kept[:k] {
				oc := g.open[e>>4]
				c := Cell{int(oc.x), int(oc.y)}
				_ = out[n+1]
				out[n] = Placement{Cell: c, Rotation: Rotate0}
				n += int(e & 1)
				out[n] = Placement{Cell: c, Rotation: Rotate90}
				n += int(e >> 1 & 1)
			}
		default:
			// Most kept cells take one or two rotations: write the first
			// two that fit, keeping the second only when there is one,
			// and loop for the rare others.
			for _, e := range kept[:k] {
				oc := g.open[e>>4]
				c := Cell{int(oc.x), int(oc.y)}
				rs := uint8(e & 15)
				rest := rs & (rs - 1)
				_ = out[n+1]
				out[n] = Placement{Cell: c, Rotation: Rotation(bits.TrailingZeros8(rs))}
				out[n+1] = Placement{Cell: c, Rotation: Rotation(bits.TrailingZeros8(rest) & 3)}
				n += 1 + int((rest+15)>>4)
				for rest &= rest - 1; rest != 0; rest &= rest - 1 {
					out[n] = Placement{Cell: c, Rotation: Rotation(bits.TrailingZeros8(rest))}
					n++
				}
			}
		}
	}
	return out[:n]
}

// appendRiverPlacements is AppendPlacements for a river tile. Only an open
// cell a neighbour's river flows into can take a river tile (riverFault),
// and those are the river's open ends: it tries them instead of every open
// cell, each cell once, in the order of the ends.
func (g *Game) appendRiverPlacements(dst []Placement, t TileID) []Placement {
	fits := &g.ts.fits[t]
	rs := &g.x.river
	if rs.lost {
		for _, oc := range g.open {
			dst = g.appendRiverCell(dst, t, fits, oc)
		}
		return dst
	}
	for i, e := range rs.ends[:rs.n] {
		if riverEndSeen(rs, i) {
			continue
		}
		if s := g.slot(e.x, e.y); s.state == slotOpen {
			dst = g.appendRiverCell(dst, t, fits, g.open[s.idx])
		}
	}
	return dst
}

// riverEndSeen reports whether an end before end i flows into the same cell.
func riverEndSeen(rs *riverState, i int) bool {
	for _, f := range rs.ends[:i] {
		if f.x == rs.ends[i].x && f.y == rs.ends[i].y {
			return true
		}
	}
	return false
}

// appendRiverCell appends the placements of river tile t (fits is its
// TileSet.fits row) on the open cell oc.
func (g *Game) appendRiverCell(dst []Placement, t TileID, fits *[numCodes]uint8, oc openCell) []Placement {
	for rs := fits[oc.code]; rs != 0; rs &= rs - 1 {
		r := Rotation(bits.TrailingZeros8(rs))
		if g.riverFault(t, oc.x, oc.y, r, oc.code) == riverOK {
			dst = append(dst, Placement{Cell: Cell{int(oc.x), int(oc.y)}, Rotation: r})
		}
	}
	return dst
}

// CanPlace reports whether tile t has a legal placement.
func (g *Game) CanPlace(t TileID) bool {
	if g.x != nil && g.rules.RiverTile(t) {
		// A river tile has at most 4 placements per cell.
		var buf [4]Placement
		fits := &g.ts.fits[t]
		rs := &g.x.river
		if rs.lost {
			for _, oc := range g.open {
				if len(g.appendRiverCell(buf[:0], t, fits, oc)) > 0 {
					return true
				}
			}
			return false
		}
		for _, e := range rs.ends[:rs.n] {
			if s := g.slot(e.x, e.y); s.state == slotOpen && len(g.appendRiverCell(buf[:0], t, fits, g.open[s.idx])) > 0 {
				return true
			}
		}
		return false
	}
	fb := &g.ts.fitBits[t]
	for w := range g.codeBits {
		if g.codeBits[w]&fb[w] != 0 {
			return true
		}
	}
	return false
}

// NumPlacements returns the number of legal placements of tile t, which is
// len(g.AppendPlacements(nil, t)), without listing them: it counts the
// open cells by their edge constraints, not one by one. With PlacementAt,
// it draws a placement uniformly at random, as a random playout does:
//
//	if n := g.NumPlacements(t); n > 0 {
//		p := g.PlacementAt(t, rng.IntN(n))
//	}
func (g *Game) NumPlacements(t TileID) int {
	if g.x != nil && g.rules.RiverTile(t) {
		var buf [16]Placement
		return len(g.appendRiverPlacements(buf[:0], t))
	}
	fits := &g.ts.fits[t]
	fb := &g.ts.fitBits[t]
	n := 0
	for w := range g.codeBits {
		for bs := g.codeBits[w] & fb[w]; bs != 0; bs &= bs - 1 {
			c := w<<6 | bits.TrailingZeros64(bs)
			n += int(g.codes[c].n) * int(popCount4[fits[c]&0xf])
		}
	}
	return n
}

// RandomPlacement returns a placement of tile t drawn by u, a uniformly
// random 64-bit number: placement k = ⌊u·n/2⁶⁴⌋ of PlacementAt's order,
// with n = NumPlacements(t), so that every placement is as likely. It
// counts the open cells by their edge constraints once, which makes it
// the quickest way for a random playout to pick a placement. It returns
// false when t fits nowhere.
func (g *Game) RandomPlacement(t TileID, u uint64) (Placement, bool) {
	if g.x != nil && g.rules.RiverTile(t) {
		var buf [16]Placement
		ps := g.appendRiverPlacements(buf[:0], t)
		if len(ps) == 0 {
			return Placement{}, false
		}
		k, _ := bits.Mul64(u, uint64(len(ps)))
		return ps[k], true
	}
	fits := &g.ts.fits[t]
	fb := &g.ts.fitBits[t]
	// Two walks: the first counts the placements over every code some
	// open cell has (g.active; on a large board, over the codes t fits),
	// the second finds, over the codes that t fits in order, the code
	// that holds placement k (no table to fill, which costs more than
	// walking the few codes again).
	n := 0
	if len(g.active) <= activeWalk {
		for _, a := range g.active {
			n += int(a.n) * int(popCount4[fits[a.code]&0xf])
		}
	} else {
		for w := range g.codeBits {
			for bs := g.codeBits[w] & fb[w]; bs != 0; bs &= bs - 1 {
				c := w<<6 | bits.TrailingZeros64(bs)
				n += int(g.codes[c].n) * int(popCount4[fits[c]&0xf])
			}
		}
	}
	if n == 0 {
		return Placement{}, false
	}
	hi, _ := bits.Mul64(u, uint64(n))
	k := int(hi)
	for w := range g.codeBits {
		for bs := g.codeBits[w] & fb[w]; bs != 0; bs &= bs - 1 {
			c := w<<6 | bits.TrailingZeros64(bs)
			rs := fits[c]
			per := int(popCount4[rs&0xf])
			cl := &g.codes[c]
			if m := int(cl.n) * per; k >= m {
				k -= m
				continue
			}
			i := cl.first
			for range k / per {
				i = g.open[i].next
			}
			for range k % per {
				rs &= rs - 1
			}
			oc := &g.open[i]
			return Placement{Cell: Cell{int(oc.x), int(oc.y)}, Rotation: Rotation(bits.TrailingZeros8(rs))}, true
		}
	}
	return Placement{}, false
}

// activeWalk is the largest number of codes in use for which RandomPlacement
// counts over Game.active: past it (a large board, with many expansions),
// walking the codes the tile fits costs less.
const activeWalk = 40

// popCount4 is the number of bits set in each 4-bit number: the number of
// rotations in a set of rotations.
var popCount4 = [16]uint8{0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4}

// PlacementAt returns placement k of tile t, for 0 <= k <
// NumPlacements(t), in an order of its own: the same placements as
// AppendPlacements, each once, but not in its order. It returns false when
// k is out of range.
func (g *Game) PlacementAt(t TileID, k int) (Placement, bool) {
	if k < 0 {
		return Placement{}, false
	}
	if g.x != nil && g.rules.RiverTile(t) {
		var buf [16]Placement
		if ps := g.appendRiverPlacements(buf[:0], t); k < len(ps) {
			return ps[k], true
		}
		return Placement{}, false
	}
	fits := &g.ts.fits[t]
	fb := &g.ts.fitBits[t]
	for w := range g.codeBits {
		for bs := g.codeBits[w] & fb[w]; bs != 0; bs &= bs - 1 {
			c := w<<6 | bits.TrailingZeros64(bs)
			rs := fits[c]
			per := bits.OnesCount8(rs)
			l := g.codes[c]
			if k >= int(l.n)*per {
				k -= int(l.n) * per
				continue
			}
			i := l.first
			for range k / per {
				i = g.open[i].next
			}
			for range k % per {
				rs &= rs - 1
			}
			oc := &g.open[i]
			return Placement{Cell: Cell{int(oc.x), int(oc.y)}, Rotation: Rotation(bits.TrailingZeros8(rs))}, true
		}
	}
	return Placement{}, false
}

// FollowerSpots returns the spots of the drawn tile, placed as p, where the
// current player may deploy a follower: a feature not already occupied
// anywhere along its length (000_…, "Placing land tiles"), no field under
// farms=off, and none at all when the supply holds no figure. The spots are
// the same for every kind of figure: which kind stands there (the follower,
// or the large follower of Inns & Cathedrals) is a separate choice, among
// FiguresInSupply. It returns nil for an illegal placement.
func (g *Game) FollowerSpots(p Placement) []Spot {
	t, ok := g.Drawn()
	if !ok || g.checkPlacement(t, p.Cell, p.Rotation) != nil {
		return nil
	}
	return g.AppendFollowerSpots(nil, t, p)
}

// AppendFollowerSpots appends to dst the follower spots of tile t placed as
// p, which must be a legal placement, and returns the extended slice (see
// FollowerSpots).
func (g *Game) AppendFollowerSpots(dst []Spot, t TileID, p Placement) []Spot {
	if g.supply[g.current] == 0 && !g.hasOtherFigures(g.current) {
		return dst
	}
	occ := g.occupiedAfter(t, int16(p.Cell.X), int16(p.Cell.Y), p.Rotation)
	o := &g.ts.orients[t][p.Rotation&3]
	// The features that may hold a follower (holds), from bit sets of
	// the tile: a loop over the spots alone, without a branch per feature.
	spots := g.ts.held[t]
	if g.opts.Farms != FarmsOff {
		spots |= g.ts.fields[t]
	}
	feats := g.ts.tiles[t].Features
	for bs := spots &^ occ; bs != 0; bs &= bs - 1 {
		i := bits.TrailingZeros32(bs)
		dst = append(dst, Spot{Port: o.main[i], Ports: o.ports[i], Kind: feats[i].Kind, Feature: i})
	}
	return dst
}

// holds reports whether a follower may stand on a feature of kind k.
// AppendFollowerSpots reads the same rule from TileSet.held and fields.
func (g *Game) holds(k FeatureKind) bool {
	switch k {
	case Road, City, Cloister:
		return true
	case Field:
		return g.opts.Farms != FarmsOff
	}
	return false
}

// occupiedAfter returns the set (bit i for feature i) of the segments of tile
// t that would be part of a feature with a follower if t were placed at
// (x, y) turned by r. The board is not changed.
func (g *Game) occupiedAfter(t TileID, x, y int16, r Rotation) uint32 {
	o := &g.ts.orients[t][r]
	var feats [12]int8
	var roots [12]int16
	n := 0
	for s := 0; s < 4; s++ {
		nb := g.placedAt(x+dx[s], y+dy[s])
		if nb < 0 {
			continue
		}
		nt := &g.tiles[nb]
		no := &g.ts.orients[nt.tile][nt.rot]
		for k := 0; k < 3; k++ {
			f := o.portFeat[3*s+k]
			if f < 0 {
				continue
			}
			b := nt.seg + int16(no.portFeat[3*((s+2)&3)+2-k])
			switch g.nodes[b].kind {
			case Road, City, Field:
				feats[n], roots[n] = f, g.find(b)
				n++
			}
		}
	}
	// Segments of the tile that reach the same feature join; a joined group
	// is occupied when any feature it reaches is. Without a follower on
	// any feature reached, nothing is occupied: no groups to make.
	var held uint8
	for i := 0; i < n; i++ {
		held |= g.nodes[roots[i]].followers
	}
	if held == 0 {
		return 0
	}
	var group [32]int8
	for i := range len(g.ts.tiles[t].Features) {
		group[i] = int8(i)
	}
	leader := func(f int8) int8 {
		for group[f] != f {
			f = group[f]
		}
		return f
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if roots[i] == roots[j] {
				a, b := leader(feats[i]), leader(feats[j])
				if a != b {
					group[b] = a
				}
			}
		}
	}
	var occGroup uint32
	for i := 0; i < n; i++ {
		if g.nodes[roots[i]].followers > 0 {
			occGroup |= 1 << leader(feats[i])
		}
	}
	var occ uint32
	if occGroup != 0 {
		for f := range g.ts.tiles[t].Features {
			if occGroup&(1<<leader(int8(f))) != 0 {
				occ |= 1 << f
			}
		}
	}
	return occ
}

// Apply plays move m for the current player after checking it against the
// rules: the tile must be in the draw pile (and be the tile drawn, the top
// of the pile, in a game set up with Config.DrawnOnly); a placement must be on an empty
// cell next to the board with every side matching its neighbour (000_…,
// "Placing land tiles"); a follower needs one in the supply and a feature no
// follower occupies (000_…, "Deploying followers"); a discard is only for a
// tile that fits nowhere. Then the tile is placed, the follower deployed,
// completed roads, cities and cloisters scored and their followers returned,
// in that order (000_…, "Scoring"), the turn passes, and after the last tile
// the final scoring is applied.
//
// With expansions, the draw pile is drawn group by group (Rules.Groups: the
// river first), so a tile of a later group is refused while tiles of an
// earlier one remain; and a river tile must continue the river without an
// immediate U-turn (spec/rules-options.md, The River; see RiverEnds).
//
// With Inns & Cathedrals, Move.Figure may deploy the large follower, one
// per supply. The River II's volcano-lake gives its player an extra turn
// (ExtraTurn). With the Cathars, Move.Escape takes one of the player's
// knights home from a besieged city next to a cloister after the scoring
// (002_…, step 7; see Escapes).
//
// An illegal move returns a *MoveError wrapping one of the rule errors
// (ErrGameOver, ErrNotInPile, ErrNotDrawn, ErrOutOfTurn, ErrCellTaken,
// ErrNoNeighbour, ErrEdgesMismatch, ErrRiver, ErrUTurn, ErrBadRotation,
// ErrNoSuchSpot, ErrOccupied, ErrNoFollowers, ErrNoSuchFigure, ErrFarmsOff,
// ErrNoEscape, ErrCannotDiscard) and leaves the game as it was. While a
// turn is being answered step by step through Act, Apply takes only a
// resignation and returns ErrWrongStep for any other move.
func (g *Game) Apply(m Move) error {
	if g.part.step != StepNone && !m.Resign && !g.ended {
		return moveErr(ErrWrongStep, fmt.Sprintf("a turn is under way step by step: the game waits for the %s step", g.part.step))
	}
	if m.Ransomed {
		m.Ransom = g.ransomNamed(m.Ransom)
	}
	if err := g.Check(m); err != nil {
		return err
	}
	g.Play(m)
	return nil
}

// Check reports whether move m is legal now, with the error Apply would
// return; it changes nothing.
func (g *Game) Check(m Move) error {
	if m.Ransomed {
		m.Ransom = g.ransomNamed(m.Ransom)
	}
	if (m.Discard || m.Aside) && (m.Magic != MagicNone || m.MagicAt != (Target{})) {
		return moveErr(ErrMagic, "a tile discarded or set aside moves neither the mage nor the witch")
	}
	if err := g.check(m); err != nil {
		return err
	}
	if g.x == nil {
		return g.boardErr(m)
	}
	if err := g.cropErr(m); err != nil {
		return err
	}
	return g.boardErr(m)
}

// check is Check but for the crop circle's answers (The Crop Circles),
// which come after the rest of the turn.
func (g *Game) check(m Move) error {
	if g.ended {
		return moveErr(ErrGameOver, "")
	}
	if m.Resign {
		switch {
		case m.Player < 0 || m.Player >= g.nplayers:
			return moveErr(ErrNotAPlayer, "")
		case g.resigned&(1<<m.Player) != 0:
			return moveErr(ErrResigned, fmt.Sprintf("%s has already resigned", g.players[m.Player]))
		}
		return nil
	}
	if m.Tile == NoTile || int(m.Tile) > g.ts.Len() {
		return moveErr(ErrUnknownTile, "")
	}
	name := g.ts.Name(m.Tile)
	if g.drawnOnly && g.top < len(g.pile) && g.pile[g.top] != m.Tile {
		return moveErr(ErrNotDrawn, fmt.Sprintf("the tile drawn is %s, not %s", g.ts.Name(g.pile[g.top]), name))
	}
	if !slices.Contains(g.pile[g.top:], m.Tile) {
		return moveErr(ErrNotInPile, fmt.Sprintf("no tile %s is left in the draw pile", name))
	}
	if r := g.rules; len(r.Groups) > 1 {
		// The pile is drawn group by group: the river first (The River).
		if want := r.group[g.pile[g.top]]; r.group[m.Tile] != want {
			return moveErr(ErrOutOfTurn, fmt.Sprintf("tile %s is not drawn yet: the %s tiles are drawn first", name, r.Groups[want].Name))
		}
	}
	pd := m.Portal || m.Fairy || m.Princess != (Target{}) || m.PrincessSeat != 0 || m.PrincessLarge || m.Dragon != (DragonPath{})
	if m.Discard || m.Aside {
		if m.Fly || m.Gold || m.Roll != 0 || m.Land != (Target{}) || m.Ferry != 0 || m.FerryMoves != (FerryMoves{}) {
			return moveErr(ErrCannotDiscard, "a tile discarded or set aside takes no flight, gold ingot or ferry with it")
		}
		if m.Ransomed || m.Tower != TowerNone || m.Capture != (Target{}) || pd {
			return moveErr(ErrCannotDiscard, "a tile discarded or set aside takes no tower piece, capture, ransom, princess, fairy, portal or dragon with it: they go with the tile placed")
		}
	}
	if pd && !g.dragons() {
		return moveErr(ErrUnknownExpander, fmt.Sprintf("the magic portal, the princess, the fairy and the dragon belong to %s, which this game does not play", ExpansionPrincessAndDragon.Title()))
	}
	if r := g.rules; r.aside.sets != nil || m.Aside {
		if err := g.checkAside(m); err != nil || m.Aside {
			return err
		}
	}
	if m.Discard {
		if g.CanPlace(m.Tile) {
			return moveErr(ErrCannotDiscard, fmt.Sprintf("tile %s fits on the board, so it cannot be discarded", name))
		}
		return nil
	}
	if m.Ransomed || m.Tower != TowerNone || m.Capture != (Target{}) {
		return g.checkTowerMove(m)
	}
	if err := g.checkPlacement(m.Tile, m.Cell, m.Rotation); err != nil {
		return err
	}
	if err := g.checkMinis(m); err != nil {
		return err
	}
	if g.dragons() {
		if err := g.checkPD(m, true); err != nil {
			return err
		}
	} else if err := g.checkFigure(m); err != nil {
		return err
	}
	if m.Escape.Port != NoPort {
		return g.checkEscape(m)
	}
	return nil
}

// checkTowerMove checks the rest of move m, a placement that uses The
// Tower: its ransom (paid first, on a copy, so that the freed figure may be
// deployed), its tile, its figure or tower action and capture, its escape.
func (g *Game) checkTowerMove(m Move) error {
	if m.Ransomed {
		if err := g.ransomErr(m.Ransom); err != nil {
			return err
		}
		c := g.Clone()
		c.part = partTurn{}
		c.payRansom(m.Ransom)
		m.Ransomed = false
		return c.check(m)
	}
	if err := g.checkPlacement(m.Tile, m.Cell, m.Rotation); err != nil {
		return err
	}
	if err := g.checkMinis(m); err != nil {
		return err
	}
	if m.Tower == TowerNone {
		if m.Capture != (Target{}) {
			return moveErr(ErrNoCapture, "only a tower piece takes a prisoner")
		}
		if !g.dragons() {
			if err := g.checkFigure(m); err != nil {
				return err
			}
		}
	} else if err := g.checkTower(m); err != nil {
		return err
	}
	if g.dragons() {
		if err := g.checkPD(m, true); err != nil {
			return err
		}
	}
	if m.Escape.Port != NoPort {
		return g.checkEscape(m)
	}
	return nil
}

// checkFigure checks the figure move m deploys on its tile, legally placed.
func (g *Game) checkFigure(m Move) error {
	if m.Fly {
		return g.checkFly(m)
	}
	if m.Follower == NoPort {
		return nil
	}
	name := g.ts.Name(m.Tile)
	if m.Follower > C2 {
		return moveErr(ErrNoSuchSpot, "")
	}
	f, ok := g.ts.FeatureAt(m.Tile, m.Rotation, m.Follower)
	if !ok {
		return moveErr(ErrNoSuchSpot, fmt.Sprintf("tile %s has nothing at port %s", name, m.Follower))
	}
	kind := g.ts.tiles[m.Tile].Features[f].Kind
	switch {
	case kind == Field && g.opts.Farms == FarmsOff:
		return moveErr(ErrFarmsOff, "farmers are not played in this game (farms=off)")
	case !g.holds(kind):
		return moveErr(ErrNoSuchSpot, fmt.Sprintf("a follower cannot stand on the %s", kind))
	case m.Figure >= numFigures || m.Figure != FigureFollower && g.rules.figureSupply(m.Figure) == 0:
		return moveErr(ErrNoSuchFigure, fmt.Sprintf("the %s is not played in this game", m.Figure.Title()))
	case g.SupplyOf(g.current, m.Figure) == 0:
		return moveErr(ErrNoFollowers, fmt.Sprintf("%s has no %s left in the supply", g.players[g.current], m.Figure.Title()))
	case m.Figure == FigureBuilder || m.Figure == FigurePig:
		return g.checkHelper(m, f, kind)
	}
	if g.occupiedAfter(m.Tile, int16(m.Cell.X), int16(m.Cell.Y), m.Rotation)&(1<<f) != 0 {
		return moveErr(ErrOccupied, fmt.Sprintf("that %s already has a follower further along", kindWord(kind)))
	}
	return nil
}

func kindWord(k FeatureKind) string {
	if k == Field {
		return "farm"
	}
	return k.String()
}

// checkPlacement checks that tile t fits on cell c turned by r.
func (g *Game) checkPlacement(t TileID, c Cell, r Rotation) error {
	name := g.ts.Name(t)
	if r > Rotate270 {
		return moveErr(ErrBadRotation, "")
	}
	if !inRange(c) {
		return moveErr(ErrNoNeighbour, fmt.Sprintf("(%s) has no neighbour: a tile must touch the board along a side", c))
	}
	e := g.slot(int16(c.X), int16(c.Y))
	switch e.state {
	case slotPlaced:
		return moveErr(ErrCellTaken, fmt.Sprintf("(%s) already holds a tile", c))
	case slotEmpty:
		return moveErr(ErrNoNeighbour, fmt.Sprintf("(%s) has no neighbour: a tile must touch the board along a side", c))
	}
	code := g.open[e.idx].code
	for s := North; s <= West; s++ {
		want := EdgeKind(code / sidePow[s-1] % 5)
		have := g.ts.Edge(t, r, s)
		if want != NoEdge && have != want {
			return moveErr(ErrEdgesMismatch, fmt.Sprintf("the %s side of %s turned %s is %s, but the tile to its %s shows %s there",
				s, name, r, withArticle(have), s, withArticle(want)))
		}
	}
	if g.x != nil && g.rules.RiverTile(t) {
		return g.riverErr(g.riverFault(t, int16(c.X), int16(c.Y), r, code), t)
	}
	return nil
}

func withArticle(k EdgeKind) string {
	if k == FieldEdge || k == RoadEdge || k == CityEdge || k == RiverEdge {
		return "a " + k.String()
	}
	return k.String()
}

// Play applies move m without checking it, for search code that takes its
// moves from AppendPlacements and AppendFollowerSpots. An illegal move
// corrupts the game; use Apply for moves from outside.
func (g *Game) Play(m Move) {
	if g.x != nil && m.PrincessSeat == 0 && m.Princess != (Target{}) {
		g.namePrincessKnight(&m)
	}
	g.record(&m)
	if m.Resign {
		g.resigned |= 1 << m.Player
		if bits.OnesCount8(g.resigned) >= g.nplayers-1 {
			g.finish()
			return
		}
		if m.Player == g.current {
			g.part = partTurn{} // a turn begun through Act is given up
			g.current = g.next(g.current)
			if g.x != nil {
				g.x.extra = 0 // their extra turn is skipped too
				g.x.board.owe = 0
				if g.x.dragon.fairy {
					g.fairyTurn()
				}
			}
		} else if g.part.step == StepCropPick {
			g.cropResigned()
		} else if g.part.step >= StepRobber && g.part.step <= StepMessage {
			g.boardResigned()
		}
		return
	}
	if g.x != nil && g.x.dragon.fpoint {
		g.fairyPoint()
	}
	if m.Ransomed {
		g.payRansom(m.Ransom)
	}
	g.draw(m.Tile)
	if m.Discard || m.Aside {
		if m.Aside {
			g.setAside(m.Tile)
		}
		if g.top >= len(g.pile) {
			g.finish()
		}
		return
	}
	if g.x != nil && g.x.board.on {
		given := m.Scoring
		g.playTile(&m)
		if m.Scoring != given {
			// The defaults of the choices m left out, so that the
			// record names them (messengers.go).
			g.rerecord(&m)
		}
	} else {
		g.playTile(&m)
	}
	if g.x != nil && m.Escape.Port != NoPort {
		g.escape(m.Escape)
		g.dropOrphans(g.current)
	}
	if g.x != nil && m.Crop != CropNone {
		g.playCrop(m)
	}
	g.turn++
	passes := g.x == nil || !g.x.again(g, m.Tile)
	if passes && g.x != nil && g.x.board.owe > 0 && g.top < len(g.pile) {
		// Message 7: one more tile, an extra turn of its own after which
		// no builder's or volcano-lake's turn follows (rules-options.md,
		// "Reading, message 7").
		g.x.board.owe--
		g.x.extra, g.x.byBuilder = 1, false
		passes = false
	}
	if passes {
		g.current = g.next(g.current)
	}
	if g.top >= len(g.pile) {
		g.finish()
	} else if passes && g.x != nil && g.x.dragon.fairy {
		g.fairyTurn()
	}
}

// playTile places the tile of move m (drawn already), deploys its figure and
// scores what the tile completed: steps 2, 3 and 6 of a turn (002_…,
// Sequence of Play). The turn does not pass.
func (g *Game) playTile(m *Move) {
	x, y := int16(m.Cell.X), int16(m.Cell.Y)
	g.place(m.Tile, x, y, m.Rotation)
	if g.x != nil {
		g.x.placed(g, m.Tile, x, y, m.Rotation)
		if g.x.board.on {
			// The Messengers, The Robbers: the scoring reads its choices
			// from m (messengers.go); the robbers come first.
			b := &g.x.board
			b.tape, b.taping, b.tapeAt, b.dark = m.Scoring, true, 0, false
			if g.robbersAsked(m.Tile) {
				g.placeRobbers(m)
				if g.run != nil && g.run.halt {
					b.taping = false
					return
				}
			}
		}
	}
	pt := &g.tiles[len(g.tiles)-1]
	if m.Gold && g.x != nil {
		g.placeGold(*m)
	}
	if m.Magic != MagicNone && g.x != nil {
		g.moveMagic(*m)
	}
	if m.Follower != NoPort {
		ti := len(g.tiles) - 1
		if m.Portal {
			// Through the magic portal, onto another tile.
			if i := g.placedAt(int16(m.PortalCell.X), int16(m.PortalCell.Y)); i >= 0 {
				ti = i
			}
		}
		on := &g.tiles[ti]
		f := g.ts.orients[on.tile][on.rot].portFeat[m.Follower-1]
		nd := on.seg + int16(f)
		g.meeples = append(g.meeples, meeple{player: int8(g.current), fig: m.Figure, kind: g.nodes[nd].kind, port: m.Follower, node: nd, tile: int16(ti)})
		g.nodes[g.find(nd)].followers++
		if m.Figure == FigureFollower {
			g.supply[g.current]--
		} else {
			g.x.supply[g.current][m.Figure]--
		}
	} else if m.Tower != TowerNone && g.x != nil {
		g.playTower(*m)
	} else if m.Fly && g.x != nil {
		g.land(*m)
	}
	if m.Ferry != 0 || m.FerryMoves.n > 0 {
		g.playFerries(m) // The Ferries: set the ferry, move others
	}
	dragon := false
	if g.x != nil && g.dragons() {
		g.playPD(*m)
		if dragon = g.isDragonTile(m.Tile); dragon && g.opts.Dragon == DragonBeforeScoring {
			g.moveDragon(m.Dragon) // 002_…, step 5, before the scoring
			dragon = false
		}
	}
	// Score what the tile completed: its roads and cities, then cloisters.
	for bs := g.ts.roadCity[m.Tile]; bs != 0; bs &= bs - 1 {
		i := pt.seg + int16(bits.TrailingZeros32(bs))
		k := g.nodes[i].kind
		r := g.find(i)
		if n := &g.nodes[r]; n.open == 0 && !n.done {
			n.done = true
			if k == City && g.x != nil && g.x.ngoodsSegs > 0 {
				g.takeGoods(r)
			}
			g.scoreFeature(r, false)
		}
	}
	if m.FerryMoves.n > 0 {
		g.scoreFerried(m)
	}
	for _, c := range g.done[:g.nd] {
		g.nodes[c].done = true
		g.scoreFeature(c, false)
	}
	if g.x != nil && g.x.gold.claimed {
		g.shareGold()
	}
	if dragon {
		g.moveDragon(m.Dragon) // dragon=after-scoring
	}
	if g.x != nil && g.x.board.on {
		if g.x.board.msgs {
			g.deliverMessages() // 001_…, turn summary, step 4
		}
		m.Scoring, g.x.board.taping = g.x.board.tape, false
	}
}

// rerecord replaces the last move of the history, just recorded, with m.
func (g *Game) rerecord(m *Move) {
	last := g.moves[len(g.moves)-1]
	g.moves = g.moves[:len(g.moves)-1]
	if last.full != 0 {
		g.fullMoves = g.fullMoves[:last.full-1]
	}
	g.record(m)
}

// next returns the player after p in turn order who has not resigned.
func (g *Game) next(p int) int {
	for range g.nplayers {
		p = (p + 1) % g.nplayers
		if g.resigned&(1<<p) == 0 {
			return p
		}
	}
	return p
}

// Resigned reports whether player p has resigned: their turns are skipped,
// their followers stay on the board and still score.
func (g *Game) Resigned(p int) bool { return g.resigned&(1<<p) != 0 }

// draw takes tile t from the draw pile: the top tile, or the first copy of t
// further down, which trades places with the top.
func (g *Game) draw(t TileID) {
	for i := g.top; i < len(g.pile); i++ {
		if g.pile[i] == t {
			g.pile[i], g.pile[g.top] = g.pile[g.top], g.pile[i]
			g.top++
			return
		}
	}
}

// Finish ends the game now and applies the final scoring (the record's
// `end`); the game also ends by itself after the last tile. It returns
// ErrGameOver when the game has already ended.
func (g *Game) Finish() error {
	if g.ended {
		return moveErr(ErrGameOver, "")
	}
	g.finish()
	return nil
}
