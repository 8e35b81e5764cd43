package engine

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// This file holds The Ferries (001_…, "The Ferries"; spec/expansions/
// tiles-ferries.md; spec/record.md, "ferry@").
//
// A lake tile (tile marker Lake) has three or four roads that end at its
// lake. Whoever places one sets a ferry on the lake joining two of those
// road ends into one road (Move.Ferry, mandatory, after the figure); the
// other road ends stay closed by the lake. Then, for each road the tile
// placed continues, the player may move the first ferry met on that road
// going away from the tile, so that it joins any other two road ends of
// its lake (Move.FerryMoves; FerryMoves, AppendFerryMoves): at most one
// move per road continued, and a ferry moves at most once a turn (the
// ferry just set never). Scoring comes after: a road a ferry closed is
// scored as any road the tile completed, and a road a ferry opened again
// can be completed and scored again later.
//
// Readings of this engine beyond the rule text: "the first ferry
// encountered" is the first lake, walking along the road from the tile
// placed, whose ferry carries the road on (a road that ends at a lake
// whose ferry joins other ends meets no ferry); the ferries that may move
// are found on the board before any of them moves; a road the tile placed
// continues is one of its road ends with a tile across.
//
// The engine keeps features in union-find nodes, which cannot split: a
// ferry move rebuilds the roads it touches (those through the lake's road
// ends the ferry joined before or joins now) from their segments. The base
// game and the other expansions never pay for it.

// ErrFerry: the move sets or moves a ferry where it may not (not two road
// ends of the lake, a ferry the tile does not reach, twice the same ferry),
// leaves out the ferry of a lake tile, or sets one in a game without The
// Ferries.
var ErrFerry = errors.New("the ferry cannot go there")

// maxFerries bounds the ferries on the board: The Ferries has 8 lake tiles
// and 8 ferries.
const maxFerries = 8

// MaxFerryMoves is the most ferries one turn may move: one per road the
// tile placed continues, one per side.
const MaxFerryMoves = 4

// FerryLink is what a ferry joins on its lake: two of the lake tile's road
// ends, each named by the middle port of its side (N, E, S or W, in board
// orientation). Bit k stands for the side k clockwise from north. The zero
// value joins nothing.
type FerryLink uint8

// sidePorts are the middle ports of the sides, north first.
var sidePorts = [4]Port{N, E, S, W}

// MakeFerryLink returns the link of road ends a and b, two different
// middle ports (N, E, S, W); the zero FerryLink for anything else.
func MakeFerryLink(a, b Port) FerryLink {
	ka, kb := sideIndex(a), sideIndex(b)
	if ka < 0 || kb < 0 || ka == kb {
		return 0
	}
	return FerryLink(1<<ka | 1<<kb)
}

// sideIndex returns k for the middle port of side k (N 0 … W 3), -1 for
// any other port.
func sideIndex(p Port) int {
	for k, q := range sidePorts {
		if p == q {
			return k
		}
	}
	return -1
}

// Valid reports whether the link joins exactly two road ends.
func (l FerryLink) Valid() bool {
	return l < 16 && ones4(l) == 2
}

func ones4(l FerryLink) int {
	n := 0
	for k := range 4 {
		n += int(l >> k & 1)
	}
	return n
}

// Ports returns the two road ends, clockwise from north; NoPort twice for
// a link that is not Valid.
func (l FerryLink) Ports() (Port, Port) {
	if !l.Valid() {
		return NoPort, NoPort
	}
	var ps [2]Port
	n := 0
	for k := range 4 {
		if l&(1<<k) != 0 {
			ps[n] = sidePorts[k]
			n++
		}
	}
	return ps[0], ps[1]
}

// Has reports whether the link joins the road end at port p.
func (l FerryLink) Has(p Port) bool {
	k := sideIndex(p)
	return k >= 0 && l&(1<<k) != 0
}

// String returns the link as records write it, "PORT+PORT" clockwise from
// north ("N+S", "E+W"), or "none" for the zero link.
func (l FerryLink) String() string {
	a, b := l.Ports()
	if a == NoPort {
		return "none"
	}
	return a.String() + "+" + b.String()
}

// ParseFerryLink reads a link written "PORT+PORT" with two different middle
// ports ("E+W", "W+E"), and returns false for anything else.
func ParseFerryLink(s string) (FerryLink, bool) {
	a, b, ok := strings.Cut(s, "+")
	pa, oka := ParsePort(a)
	pb, okb := ParsePort(b)
	l := MakeFerryLink(pa, pb)
	return l, ok && oka && okb && l.Valid()
}

// Ferry is a ferry on the board: the lake tile on Cell and the two road
// ends it joins.
type Ferry struct {
	Cell Cell
	Link FerryLink
}

// FerryMove is the move of a ferry on the board: the lake tile on Cell and
// the two road ends the ferry joins from now on.
type FerryMove struct {
	Cell Cell
	Link FerryLink
}

// FerryMoves are the ferries one turn moves, in order: at most
// MaxFerryMoves. The zero value moves none. It is a small value, so that
// a Move stays cheap to copy.
type FerryMoves struct {
	x, y [MaxFerryMoves]int16
	link [MaxFerryMoves]FerryLink
	n    uint8
	bad  bool
}

// MakeFerryMoves returns the moves given, in order.
func MakeFerryMoves(moves ...FerryMove) FerryMoves {
	var fm FerryMoves
	for _, m := range moves {
		fm = fm.Add(m)
	}
	return fm
}

// Add returns the moves with m added at the end. More than MaxFerryMoves,
// or a cell out of the board's range, make moves that are not Valid
// (Check refuses them).
func (fm FerryMoves) Add(m FerryMove) FerryMoves {
	if fm.bad || int(fm.n) >= MaxFerryMoves || !inRange(m.Cell) {
		fm.bad = true
		return fm
	}
	fm.x[fm.n], fm.y[fm.n], fm.link[fm.n] = int16(m.Cell.X), int16(m.Cell.Y), m.Link
	fm.n++
	return fm
}

// Valid reports whether every move was kept (see Add).
func (fm FerryMoves) Valid() bool { return !fm.bad }

// Len returns the number of moves.
func (fm FerryMoves) Len() int { return int(fm.n) }

// At returns move i, from 0; the zero FerryMove for i out of range.
func (fm FerryMoves) At(i int) FerryMove {
	if i < 0 || i >= int(fm.n) {
		return FerryMove{}
	}
	return FerryMove{Cell: Cell{int(fm.x[i]), int(fm.y[i])}, Link: fm.link[i]}
}

// All returns the moves in order; nil for none.
func (fm FerryMoves) All() []FerryMove {
	var out []FerryMove
	for i := range int(fm.n) {
		out = append(out, fm.At(i))
	}
	return out
}

// String returns the moves as records write them, "ferry@1,0:N+S
// ferry@-2,1:E+W"; "" for none.
func (fm FerryMoves) String() string {
	var parts []string
	for _, m := range fm.All() {
		parts = append(parts, "ferry@"+m.Cell.String()+":"+m.Link.String())
	}
	return strings.Join(parts, " ")
}

// ferryAt is a ferry on the board: its lake tile's index in Game.tiles and
// the road ends it joins (board orientation).
type ferryAt struct {
	ti   int16
	link FerryLink
}

// ferryState is The Ferries' state, in expansionState: the ferries on the
// board in the order they were set.
type ferryState struct {
	at [maxFerries]ferryAt
	n  uint8
}

// ferriesOn reports whether The Ferries is in play.
func (g *Game) ferriesOn() bool {
	return g.x != nil && g.rules.Expansions.Has(ExpansionFerries)
}

// HasLake reports whether tile t is a lake tile of The Ferries, which takes
// a ferry when placed; false for a tile not in the game's tile set.
func (g *Game) HasLake(t TileID) bool {
	return t != NoTile && int(t) <= g.ts.Len() && g.ts.marks[t]&Lake != 0
}

// Ferries returns the ferries on the board, in the order they were set
// (The Ferries); nil in a game without them.
func (g *Game) Ferries() []Ferry {
	if g.x == nil {
		return nil
	}
	var out []Ferry
	for _, f := range g.x.ferries.at[:g.x.ferries.n] {
		pt := &g.tiles[f.ti]
		out = append(out, Ferry{Cell: Cell{int(pt.x), int(pt.y)}, Link: f.link})
	}
	return out
}

// FerryAt returns the ferry on the lake tile on cell c, and false when no
// ferry is there.
func (g *Game) FerryAt(c Cell) (Ferry, bool) {
	if g.x == nil || !inRange(c) {
		return Ferry{}, false
	}
	ti := g.placedAt(int16(c.X), int16(c.Y))
	if fi := g.ferryOn(ti); fi >= 0 {
		return Ferry{Cell: c, Link: g.x.ferries.at[fi].link}, true
	}
	return Ferry{}, false
}

// ferryOn returns the index in the ferry state of the ferry on the tile
// with index ti, or -1.
func (g *Game) ferryOn(ti int) int {
	if ti < 0 {
		return -1
	}
	fs := &g.x.ferries
	for i := range int(fs.n) {
		if int(fs.at[i].ti) == ti {
			return i
		}
	}
	return -1
}

// lakeEnds returns the road ends of lake tile t turned by r, as a set of
// sides (bit k for side k clockwise from north, board orientation).
func (g *Game) lakeEnds(t TileID, r Rotation) FerryLink {
	o := &g.ts.orients[t][r]
	var ends FerryLink
	for k := range 4 {
		if f := o.portFeat[3*k+1]; f >= 0 && g.ts.tiles[t].Features[f].Kind == Road {
			ends |= 1 << k
		}
	}
	return ends
}

// FerryLinks returns the links a ferry may take on lake tile t turned by r
// (board orientation): every pair of its road ends, in the order of their
// ports clockwise from north. It returns nil for a tile without a lake.
func (g *Game) FerryLinks(t TileID, r Rotation) []FerryLink {
	return g.AppendFerryLinks(nil, t, r)
}

// AppendFerryLinks appends the links of FerryLinks(t, r) to dst and returns
// the extended slice.
func (g *Game) AppendFerryLinks(dst []FerryLink, t TileID, r Rotation) []FerryLink {
	if !g.HasLake(t) || r > Rotate270 {
		return dst
	}
	ends := g.lakeEnds(t, r)
	for a := range 4 {
		for b := a + 1; b < 4; b++ {
			if l := FerryLink(1<<a | 1<<b); ends&l == l {
				dst = append(dst, l)
			}
		}
	}
	return dst
}

// firstFerry returns the index in the ferry state of the first ferry met
// on the road that leaves cell (x, y) across side s (0 north … 3 west),
// walking away from that cell along the road; -1 when the road ends, goes
// on to an empty cell (the tile being placed, for a loop) or ends at a
// lake whose ferry joins other road ends.
func (g *Game) firstFerry(x, y int16, s int) int {
	for range len(g.tiles) + 1 {
		x, y = x+dx[s], y+dy[s]
		ti := g.placedAt(x, y)
		if ti < 0 {
			return -1
		}
		in := (s + 2) & 3
		pt := &g.tiles[ti]
		o := &g.ts.orients[pt.tile][pt.rot]
		f := o.portFeat[3*in+1]
		if f < 0 || g.nodes[pt.seg+int16(f)].kind != Road {
			return -1
		}
		if fi := g.ferryOn(ti); fi >= 0 {
			if g.x.ferries.at[fi].link&(1<<in) != 0 {
				return fi
			}
			return -1
		}
		next := -1
		for k := range 4 {
			if k != in && o.portFeat[3*k+1] == f {
				next = k
				break
			}
		}
		if next < 0 {
			return -1
		}
		s = next
	}
	return -1
}

// movableFerries appends to dst the indices in the ferry state of the
// ferries that tile t placed on (x, y) turned by r may move, the board
// being without it: the first ferry on each road it continues, by side
// from north, each once.
func (g *Game) movableFerries(dst []int8, t TileID, x, y int16, r Rotation) []int8 {
	if g.x == nil || g.x.ferries.n == 0 {
		return dst
	}
	// The roads of the board the tile continues, by side (-1: none);
	// without any, no ferry moves and the ferries' roads are not looked up.
	tileRoads := g.ts.roads[t]
	if tileRoads == 0 {
		return dst
	}
	o := &g.ts.orients[t][r]
	var roads [4]int16
	some := false
	for k := range 4 {
		roads[k] = -1
		f := o.portFeat[3*k+1]
		if f < 0 || tileRoads>>f&1 == 0 {
			continue
		}
		nb := g.placedAt(x+dx[k], y+dy[k])
		if nb < 0 {
			continue
		}
		nt := &g.tiles[nb]
		if nf := g.ts.orients[nt.tile][nt.rot].portFeat[3*((k+2)&3)+1]; nf >= 0 {
			roads[k], some = g.find(nt.seg+int16(nf)), true
		}
	}
	if !some {
		return dst
	}
	// The roads through a ferry: only those are walked.
	fs := &g.x.ferries
	var ferried [maxFerries]int16
	for i, fa := range fs.at[:fs.n] {
		pt := &g.tiles[fa.ti]
		k := bits.TrailingZeros8(uint8(fa.link))
		ferried[i] = g.find(pt.seg + int16(g.ts.orients[pt.tile][pt.rot].portFeat[3*k+1]))
	}
	for k := range 4 {
		if roads[k] < 0 || !slices.Contains(ferried[:fs.n], roads[k]) {
			continue
		}
		fi := g.firstFerry(x, y, k)
		if fi < 0 {
			continue
		}
		seen := false
		for _, d := range dst {
			seen = seen || int(d) == fi
		}
		if !seen {
			dst = append(dst, int8(fi))
		}
	}
	return dst
}

// MovableFerries returns the ferries the tile of move m (a legal placement
// of the tile drawn, or of a tile of the draw pile) may move once placed:
// the first ferry on each road it continues, each once, by the side of the
// tile from north (001_…, "Continuing a road with a ferry"). The ferries
// m already moves are left out. It returns nil in a game without The
// Ferries, when no road the tile continues meets a ferry, or when m is not
// such a move.
func (g *Game) MovableFerries(m Move) []Ferry {
	return g.appendMovableFerries(nil, m)
}

// appendMovableFerries appends to dst the ferries of MovableFerries(m).
func (g *Game) appendMovableFerries(dst []Ferry, m Move) []Ferry {
	if !g.ferriesOn() || g.x.ferries.n == 0 || g.ended || m.Tile == NoTile || int(m.Tile) > g.ts.Len() || m.Rotation > Rotate270 || !inRange(m.Cell) {
		return dst
	}
	var buf [MaxFerryMoves]int8
	// The walk reads the board only; the placement is checked when it
	// found some ferry.
	fis := g.movableFerries(buf[:0], m.Tile, int16(m.Cell.X), int16(m.Cell.Y), m.Rotation)
	if len(fis) == 0 || g.checkPlacement(m.Tile, m.Cell, m.Rotation) != nil {
		return dst
	}
	for _, fi := range fis {
		f := g.x.ferries.at[fi]
		pt := &g.tiles[f.ti]
		c := Cell{int(pt.x), int(pt.y)}
		if !movesFerry(m.FerryMoves, c) {
			dst = append(dst, Ferry{Cell: c, Link: f.link})
		}
	}
	return dst
}

// movesFerry reports whether fm moves the ferry on cell c.
func movesFerry(fm FerryMoves, c Cell) bool {
	for i := range int(fm.n) {
		if int(fm.x[i]) == c.X && int(fm.y[i]) == c.Y {
			return true
		}
	}
	return false
}

// AppendFerryMoves appends to dst every single ferry move the player may
// still make after the moves in m (a legal placement, m.FerryMoves legal
// so far): for each ferry of MovableFerries(m), each link of its lake
// other than the one it has, in the order of FerryLinks. It returns the
// extended slice; dst unchanged in a game without The Ferries.
func (g *Game) AppendFerryMoves(dst []FerryMove, m Move) []FerryMove {
	var buf [MaxFerryMoves]Ferry
	for _, f := range g.appendMovableFerries(buf[:0], m) {
		pt, _ := g.TileAt(f.Cell)
		var links [6]FerryLink
		for _, l := range g.AppendFerryLinks(links[:0], pt.Tile, pt.Rotation) {
			if l != f.Link {
				dst = append(dst, FerryMove{Cell: f.Cell, Link: l})
			}
		}
	}
	return dst
}

// ferryErr says why the ferry parts of move m (its tile legally placed)
// break the rules, or returns nil: the ferry of a lake tile must join two
// of its road ends; each ferry moved must be one MovableFerries lists,
// once, to another link of its lake.
func (g *Game) ferryErr(m Move) error {
	if !g.ferriesOn() {
		if m.Ferry != 0 || m.FerryMoves.Len() > 0 || m.FerryMoves.bad {
			return moveErr(ErrFerry, fmt.Sprintf("the ferries belong to %s, which this game does not play", ExpansionFerries.Title()))
		}
		return nil
	}
	if g.HasLake(m.Tile) {
		if m.Ferry == 0 {
			return moveErr(ErrFerry, fmt.Sprintf("tile %s has a lake: set its ferry on two of its road ends (ferry@PORT+PORT)", g.ts.Name(m.Tile)))
		}
		if !g.linkFits(m.Ferry, g.lakeEnds(m.Tile, m.Rotation)) {
			return moveErr(ErrFerry, fmt.Sprintf("the ferry joins two road ends of the lake (%s), not %s", endsString(g.lakeEnds(m.Tile, m.Rotation)), m.Ferry))
		}
	} else if m.Ferry != 0 {
		return moveErr(ErrFerry, fmt.Sprintf("tile %s has no lake to set a ferry on", g.ts.Name(m.Tile)))
	}
	if m.FerryMoves.bad {
		return moveErr(ErrFerry, fmt.Sprintf("a turn moves at most %d ferries, each on a tile of the board", MaxFerryMoves))
	}
	if m.FerryMoves.n == 0 {
		return nil
	}
	var buf [MaxFerryMoves]int8
	movable := g.movableFerries(buf[:0], m.Tile, int16(m.Cell.X), int16(m.Cell.Y), m.Rotation)
	for i := range int(m.FerryMoves.n) {
		fm := m.FerryMoves.At(i)
		ti := g.placedAt(int16(fm.Cell.X), int16(fm.Cell.Y))
		fi := g.ferryOn(ti)
		switch {
		case fi < 0:
			return moveErr(ErrFerry, fmt.Sprintf("no ferry is on the tile at (%s)", fm.Cell))
		case movesFerry(MakeFerryMoves(m.FerryMoves.All()[:i]...), fm.Cell):
			return moveErr(ErrFerry, fmt.Sprintf("the ferry at (%s) moves once a turn", fm.Cell))
		}
		ok := false
		for _, k := range movable {
			ok = ok || int(k) == fi
		}
		if !ok {
			return moveErr(ErrFerry, fmt.Sprintf("the ferry at (%s) is not the first ferry on a road this tile continues", fm.Cell))
		}
		f := g.x.ferries.at[fi]
		pt := &g.tiles[f.ti]
		ends := g.lakeEnds(pt.tile, pt.rot)
		if !g.linkFits(fm.Link, ends) {
			return moveErr(ErrFerry, fmt.Sprintf("the ferry at (%s) joins two road ends of its lake (%s), not %s", fm.Cell, endsString(ends), fm.Link))
		}
		if fm.Link == f.link {
			return moveErr(ErrFerry, fmt.Sprintf("the ferry at (%s) already joins %s: a move takes it elsewhere", fm.Cell, fm.Link))
		}
	}
	return nil
}

// linkFits reports whether link l joins two of the road ends ends.
func (g *Game) linkFits(l FerryLink, ends FerryLink) bool {
	return l.Valid() && ends&l == l
}

// endsString names the road ends of a lake, "E, S, W".
func endsString(ends FerryLink) string {
	var names []string
	for k := range 4 {
		if ends&(1<<k) != 0 {
			names = append(names, sidePorts[k].String())
		}
	}
	return strings.Join(names, ", ")
}

// playFerries sets the ferry of the lake tile just placed and moves the
// ferries of move m (checked): steps 3 and 4 of the turn with The Ferries
// (001_…, "The turn sequence"), before the scoring.
func (g *Game) playFerries(m *Move) {
	if g.x == nil {
		return
	}
	fs := &g.x.ferries
	if m.Ferry != 0 && int(fs.n) < maxFerries {
		ti := int16(len(g.tiles) - 1)
		fs.at[fs.n] = ferryAt{ti: ti, link: m.Ferry}
		fs.n++
		g.unionFerry(ti, m.Ferry)
	}
	for i := range int(m.FerryMoves.n) {
		fm := m.FerryMoves.At(i)
		if fi := g.ferryOn(g.placedAt(int16(fm.Cell.X), int16(fm.Cell.Y))); fi >= 0 {
			g.moveFerry(fi, fm.Link)
		}
	}
}

// unionFerry joins the two road segments of the tile with index ti that
// link joins.
func (g *Game) unionFerry(ti int16, link FerryLink) {
	pt := &g.tiles[ti]
	o := &g.ts.orients[pt.tile][pt.rot]
	var ends [2]int16
	n := 0
	for k := range 4 {
		if link&(1<<k) != 0 && n < 2 {
			if f := o.portFeat[3*k+1]; f >= 0 {
				ends[n] = pt.seg + int16(f)
				n++
			}
		}
	}
	if n == 2 {
		g.union(ends[0], ends[1])
	}
}

// moveFerry moves ferry fi to link and rebuilds the roads it touches: the
// roads through the road ends of its lake that it joined before or joins
// now. Their segments start again from their tile's template, join across
// the sides of their tiles and through the ferries on them; the followers
// on them are counted again. None of them counts as scored: the scoring of
// the turn scores those completed (scoreFerried).
func (g *Game) moveFerry(fi int, link FerryLink) {
	fs := &g.x.ferries
	f := &fs.at[fi]
	pt := &g.tiles[f.ti]
	o := &g.ts.orients[pt.tile][pt.rot]
	var roots [8]int16
	nr := 0
	for k := range 4 {
		if (f.link|link)&(1<<k) == 0 {
			continue
		}
		fe := o.portFeat[3*k+1]
		if fe < 0 {
			continue
		}
		r := g.find(pt.seg + int16(fe))
		seen := false
		for _, q := range roots[:nr] {
			seen = seen || q == r
		}
		if !seen {
			roots[nr] = r
			nr++
		}
	}
	f.link = link
	// The segments of those roads, found before any is reset.
	var segs []int16
	for i := range g.nodes {
		if g.nodes[i].kind != Road {
			continue
		}
		r := g.find(int16(i))
		for _, q := range roots[:nr] {
			if q == r {
				segs = append(segs, int16(i))
				break
			}
		}
	}
	in := func(i int16) bool {
		for _, s := range segs {
			if s == i {
				return true
			}
		}
		return false
	}
	for _, i := range segs {
		ti := g.nodes[i].tile
		t := &g.tiles[ti]
		n := g.ts.nodes[t.tile][g.nodes[i].feat]
		n.parent, n.tile = i, ti
		if g.ts.multi[t.tile] {
			for ord, mt := range g.multi {
				if mt == ti {
					n.multi = 1 << (uint(ord) & 63)
					break
				}
			}
		}
		g.nodes[i] = n
	}
	for _, mp := range g.meeples {
		if in(mp.node) {
			g.nodes[mp.node].followers++
		}
	}
	for _, i := range segs {
		t := &g.tiles[g.nodes[i].tile]
		to := &g.ts.orients[t.tile][t.rot]
		feat := int8(g.nodes[i].feat)
		// Each join once: from the tile to the east or south of it.
		for _, k := range [2]int{1, 2} {
			if to.portFeat[3*k+1] != feat {
				continue
			}
			nb := g.placedAt(t.x+dx[k], t.y+dy[k])
			if nb < 0 {
				continue
			}
			nt := &g.tiles[nb]
			no := &g.ts.orients[nt.tile][nt.rot]
			b := nt.seg + int16(no.portFeat[3*((k+2)&3)+1])
			r := g.union(i, b)
			g.nodes[r].open -= 2
		}
	}
	for _, fa := range fs.at[:fs.n] {
		ft := &g.tiles[fa.ti]
		fo := &g.ts.orients[ft.tile][ft.rot]
		for k := range 4 {
			if fa.link&(1<<k) != 0 {
				if fe := fo.portFeat[3*k+1]; fe >= 0 && in(ft.seg+int16(fe)) {
					g.unionFerry(fa.ti, fa.link)
				}
				break
			}
		}
	}
}

// scoreFerried scores the roads that the ferries move m moved (played)
// completed: the roads through the road ends of their lakes, each once.
// The tile's own features are scored before.
func (g *Game) scoreFerried(m *Move) {
	for i := range int(m.FerryMoves.n) {
		fm := m.FerryMoves.At(i)
		ti := g.placedAt(int16(fm.Cell.X), int16(fm.Cell.Y))
		if ti < 0 {
			continue
		}
		pt := &g.tiles[ti]
		o := &g.ts.orients[pt.tile][pt.rot]
		for k := range 4 {
			fe := o.portFeat[3*k+1]
			if fe < 0 || g.nodes[pt.seg+int16(fe)].kind != Road {
				continue
			}
			r := g.find(pt.seg + int16(fe))
			if n := &g.nodes[r]; n.open == 0 && !n.done {
				n.done = true
				g.scoreFeature(r, false)
			}
		}
	}
}

// ferryStep returns the ferry step the turn under way waits for next, its
// answers so far in m: StepFerry after a lake tile whose ferry is not set,
// StepFerryMove while a ferry the tile reaches has not moved and the
// player has not stopped; StepNone otherwise, and always in a game without
// The Ferries.
func (g *Game) ferryStep(m Move) Step {
	if !g.ferriesOn() {
		return StepNone
	}
	if m.Ferry == 0 && g.HasLake(m.Tile) {
		return StepFerry
	}
	if g.part.ferryDone || m.FerryMoves.n >= MaxFerryMoves {
		return StepNone
	}
	var buf [MaxFerryMoves]int8
	for _, fi := range g.movableFerries(buf[:0], m.Tile, int16(m.Cell.X), int16(m.Cell.Y), m.Rotation) {
		pt := &g.tiles[g.x.ferries.at[fi].ti]
		if !movesFerry(m.FerryMoves, Cell{int(pt.x), int(pt.y)}) {
			return StepFerryMove
		}
	}
	return StepNone
}

// readFerryToken reads a token of The Ferries: ferry@PORT+PORT, the ferry
// of the lake just placed, then ferry@x,y:PORT+PORT for each ferry moved,
// after the figure and before the dragon and the escape.
func (m *Move) readFerryToken(tok token) error {
	if !tok.hasWhere || tok.hasSeat || tok.hasValue {
		return fmt.Errorf("a ferry is written ferry@PORT+PORT on the lake just placed, or ferry@x,y:PORT+PORT when it moves, not %q", tok.text)
	}
	if m.Dragon.Len() > 0 || m.Escape.Port != NoPort {
		return errors.New("the ferries are written before the dragon and the escape, in the order of the turn")
	}
	cell, link, moved := strings.Cut(tok.where, ":")
	if !moved {
		link = cell
	}
	l, ok := ParseFerryLink(link)
	if !ok {
		return fmt.Errorf("a ferry joins two road ends of its lake, PORT+PORT with two of N, E, S and W (\"E+W\"), not %q", link)
	}
	if !moved {
		if m.Ferry != 0 {
			return errors.New("one ferry is set on the lake just placed")
		}
		if m.FerryMoves.Len() > 0 {
			return errors.New("the ferry of the lake just placed is written before the ferries moved, in the order of the turn")
		}
		m.Ferry = l
		return nil
	}
	c, err := parseCell(cell)
	if err != nil {
		return err
	}
	if m.FerryMoves.Len() >= MaxFerryMoves {
		return fmt.Errorf("a turn moves at most %d ferries", MaxFerryMoves)
	}
	m.FerryMoves = m.FerryMoves.Add(FerryMove{Cell: c, Link: l})
	return nil
}

// actFerry takes an answer to StepFerry, the ferry of a lake tile (001_…,
// "The Ferries"); the step's other rules (stepRules) follow it here.
func (g *Game) actFerry(a Answer, t TileID) (bool, error) {
	m := g.partMove()
	m.Ferry = a.Link
	if err := g.ferryErr(m); err != nil {
		return false, err
	}
	g.part.ferry = a.Link
	return g.moveOn(m, StepFerry)
}

func (g *Game) ferryAnswers(t TileID) []Answer {
	var out []Answer
	for _, l := range g.AppendFerryLinks(nil, t, g.part.rot) {
		out = append(out, Answer{Step: StepFerry, Link: l})
	}
	return out
}

func ferryText(a Answer) string { return "ferry@" + a.Link.String() }

func moveFerry(m *Move, a Answer) {
	m.Ferry = a.Link
}

// actFerryMove takes an answer to StepFerryMove, a ferry moved; the step's
// other rules (stepRules) follow it here.
func (g *Game) actFerryMove(a Answer, t TileID) (bool, error) {
	m := g.partMove()
	if a.Link == 0 {
		g.part.ferryDone = true
		return g.moveOn(m, StepFerryMove)
	}
	m.FerryMoves = m.FerryMoves.Add(FerryMove{Cell: a.Cell, Link: a.Link})
	if err := g.ferryErr(m); err != nil {
		return false, err
	}
	g.part.fmoves = m.FerryMoves
	return g.moveOn(m, StepFerryMove)
}

func (g *Game) ferryMoveAnswers(t TileID) []Answer {
	out := []Answer{{Step: StepFerryMove}}
	for _, fm := range g.AppendFerryMoves(nil, g.partMove()) {
		out = append(out, Answer{Step: StepFerryMove, Cell: fm.Cell, Link: fm.Link})
	}
	return out
}

func ferryMoveText(a Answer) string {
	if a.Link == 0 {
		return passToken
	}
	return "ferry@" + a.Cell.String() + ":" + a.Link.String()
}

func moveFerryMove(m *Move, a Answer) {
	if a.Link != 0 {
		m.FerryMoves = m.FerryMoves.Add(FerryMove{Cell: a.Cell, Link: a.Link})
	}
}
