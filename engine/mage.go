package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// This file holds Mage & Witch (001_…, "Mage & Witch"; spec/rules-
// options.md, "Mini expansions").
//
// After placing a tile with the magic symbol (Markers Magic), before
// deploying a figure, the player must place or move the mage or the witch
// (the magic figures) onto an incomplete road or city of any tile of the
// board, the tile just placed included (Move.Magic, Move.MagicAt; the step
// StepMagic, MagicSpots). The mage and the witch never stand on the same
// road or city: a placement that joins their features makes the player
// move one of them apart, magic symbol or not, before the scoring (001_…,
// "Special case"). A figure that is moved goes to another road or city than
// the one it stands on. When neither figure can go anywhere, the player
// takes one of those on the board off it (Move.MagicAt the zero Target,
// "mage@off"); with neither on the board there is nothing to do and the
// step is not asked.
//
// Scoring: a road or city with the mage scores 1 more point per tile; with
// the witch, half its points, rounded up (ScoreEvent.Magic). Hence an
// incomplete road with an inn or city with a cathedral, worth 0 at the end,
// scores 1 per tile with the mage (pennants 0). A figure whose road or city
// is completed leaves the board when it is scored, whoever scores it; at the
// end the figures stay where they stand and act on the final scoring.

// ErrMagic: the move places or moves the mage or the witch where it may not
// go, leaves out the step when it is due, or takes it when it is not.
var ErrMagic = errors.New("the mage or the witch cannot go there")

// MagicFigure names one of the two neutral figures of Mage & Witch. The
// zero value, MagicNone, names neither.
type MagicFigure uint8

// The magic figures.
const (
	MagicNone MagicFigure = iota
	// MagicMage: a road or city with the mage scores 1 more point per
	// tile.
	MagicMage
	// MagicWitch: a road or city with the witch scores half its points,
	// rounded up.
	MagicWitch
)

// String returns the figure's name in records: "mage", "witch" ("none"
// for MagicNone).
func (f MagicFigure) String() string {
	switch f {
	case MagicMage:
		return "mage"
	case MagicWitch:
		return "witch"
	case MagicNone:
		return "none"
	}
	return "magic?"
}

// ParseMagicFigure returns the magic figure named s ("mage", "witch"), and
// false for any other string.
func ParseMagicFigure(s string) (MagicFigure, bool) {
	switch s {
	case "mage":
		return MagicMage, true
	case "witch":
		return MagicWitch, true
	}
	return MagicNone, false
}

// other returns the other magic figure.
func (f MagicFigure) other() MagicFigure { return 3 - f }

// magicState is Mage & Witch's state, in expansionState: where each figure
// stands, as its segment's node index plus one (0: off the board), indexed
// by MagicFigure.
type magicState struct {
	at [3]int16
}

// magics reports whether Mage & Witch is in play.
func (g *Game) magics() bool {
	return g.x != nil && g.rules.Expansions.Has(ExpansionMageAndWitch)
}

// magicRoot returns the root of the feature figure f stands on, or -1 when
// it is off the board.
func (g *Game) magicRoot(f MagicFigure) int16 {
	if g.x == nil || f == MagicNone || f > MagicWitch || g.x.magic.at[f] == 0 {
		return -1
	}
	return g.find(g.x.magic.at[f] - 1)
}

// MagicAt returns where magic figure f stands: the tile and the port that
// names its road or city on that tile (board orientation); false when it
// is off the board, or without Mage & Witch.
func (g *Game) MagicAt(f MagicFigure) (Target, bool) {
	if !g.magics() || f == MagicNone || f > MagicWitch || g.x.magic.at[f] == 0 {
		return Target{}, false
	}
	return g.nodeTarget(g.x.magic.at[f] - 1), true
}

// nodeTarget returns the segment of node i as a Target: its tile and the
// port that names the feature there.
func (g *Game) nodeTarget(i int16) Target {
	n := &g.nodes[i]
	pt := &g.tiles[n.tile]
	return Target{Cell: Cell{int(pt.x), int(pt.y)}, Port: g.ts.orients[pt.tile][pt.rot].main[n.feat]}
}

// MagicNeeded reports whether placing the tile drawn as p asks the mage or
// witch step (StepMagic): the tile shows the magic symbol, or it joins the
// roads or cities of the mage and the witch; and some figure may be placed,
// moved or taken off. It is false without Mage & Witch or for an illegal
// placement.
func (g *Game) MagicNeeded(p Placement) bool {
	t, ok := g.Drawn()
	if !ok || !g.magics() || g.checkPlacement(t, p.Cell, p.Rotation) != nil {
		return false
	}
	return g.magicAsked(Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation})
}

// MagicSpots returns where magic figure f may be placed or moved if the
// tile drawn is placed as p: a segment of each incomplete road and city of
// the board after the placement, by tile in the order of placement, that
// is not on the feature of the other figure nor on f's own. It returns nil
// when the step is not asked (MagicNeeded).
func (g *Game) MagicSpots(p Placement, f MagicFigure) []Target {
	t, ok := g.Drawn()
	if !ok || !g.MagicNeeded(p) || f == MagicNone || f > MagicWitch {
		return nil
	}
	return g.afterPlacing(Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}).appendMagicSpots(nil, f)
}

// magicNeeded reports whether tile t placed on (x, y) turned by r calls for
// the magic step: the magic symbol, or a placement that joins the features
// of the mage and the witch (001_…, "Special case").
func (g *Game) magicNeeded(t TileID, x, y int16, r Rotation) bool {
	if g.ts.marks[t]&Magic != 0 {
		return true
	}
	a, b := g.magicRoot(MagicMage), g.magicRoot(MagicWitch)
	if a < 0 || b < 0 {
		return false
	}
	return g.joinsAfter(t, x, y, r, a, b)
}

// joinsAfter reports whether tile t placed on (x, y) turned by r would
// join the features of roots a and b. The board is not changed.
func (g *Game) joinsAfter(t TileID, x, y int16, r Rotation, a, b int16) bool {
	o := &g.ts.orients[t][r]
	kinds := g.ts.joins[t][r]
	// The road or city each side of the tile meets, and the tile's feature
	// there.
	var feats [4]int8
	var roots [4]int16
	n := 0
	hasA, hasB := false, false
	for s := 0; s < 4; s++ {
		f := o.portFeat[3*s+1]
		if f < 0 || kinds>>(16+3*s+1)&1 == 0 {
			continue
		}
		nb := g.placedAt(x+dx[s], y+dy[s])
		if nb < 0 {
			continue
		}
		nt := &g.tiles[nb]
		no := &g.ts.orients[nt.tile][nt.rot]
		nd := nt.seg + int16(no.portFeat[3*((s+2)&3)+1])
		if k := g.nodes[nd].kind; k != Road && k != City {
			continue
		}
		feats[n], roots[n] = f, g.find(nd)
		hasA = hasA || roots[n] == a
		hasB = hasB || roots[n] == b
		n++
	}
	if !hasA || !hasB {
		return false
	}
	// Sides join when they meet the same feature of the tile or the same
	// feature of the board: label each side with the least side it joins,
	// until nothing changes (four sides at most).
	var group [4]int8
	for i := range group {
		group[i] = int8(i)
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if (feats[i] == feats[j] || roots[i] == roots[j]) && group[i] != group[j] {
					m := min(group[i], group[j])
					group[i], group[j] = m, m
					changed = true
				}
			}
		}
	}
	var reach [4]uint8
	for i := 0; i < n; i++ {
		switch roots[i] {
		case a:
			reach[group[i]] |= 1
		case b:
			reach[group[i]] |= 2
		}
	}
	for _, v := range reach {
		if v == 3 {
			return true
		}
	}
	return false
}

// appendMagicSpots appends to dst the spots of MagicSpots for figure f on
// g, the board after the tile is placed.
func (g *Game) appendMagicSpots(dst []Target, f MagicFigure) []Target {
	own, other := g.magicRoot(f), g.magicRoot(f.other())
	for ti := range g.tiles {
		pt := &g.tiles[ti]
		o := &g.ts.orients[pt.tile][pt.rot]
		for i, feat := range g.ts.tiles[pt.tile].Features {
			if feat.Kind != Road && feat.Kind != City {
				continue
			}
			r := g.find(pt.seg + int16(i))
			if g.nodes[r].open == 0 || r == own || r == other {
				continue
			}
			dst = append(dst, Target{Cell: Cell{int(pt.x), int(pt.y)}, Port: o.main[i]})
		}
	}
	return dst
}

// magicAfter is the board after a placement as the mage and the witch see
// it, worked out without placing the tile (nor copying the game): which
// roads and cities the tile joins and whether each is still incomplete.
// Each road or city of the tile joins the features its middle ports meet,
// and the joined feature's open ends are the sum of its parts' less two
// per side joined, as place does it.
type magicAfter struct {
	base int16 // len(g.nodes): the tile's nodes are base+feature
	nf   int16 // the tile's features
	nr   int8  // the roots of the board the tile joins, in roots
	// lab is a small union-find over the tile's features (0..nf-1) and
	// the roots it joins (nf+k for roots[k]).
	lab   [magicAfterElems]int8
	open  [magicAfterElems]int32 // open ends of each joined feature, by leader
	roots [4]int16
	// mage and witch name the features the figures stand on after the
	// placement (see id), -1 when off the board.
	mage, witch int32
}

// magicAfterElems bounds the features of a tile plus the 4 roots it may
// join, for magicAfter.
const magicAfterElems = 40

// leader returns the leader of element e's group.
func (ma *magicAfter) leader(e int8) int8 {
	for ma.lab[e] != e {
		e = ma.lab[e]
	}
	return e
}

// id names the feature of board root rt after the placement: rt itself,
// or base plus the leader of the joined feature it is part of; done says
// it has no open end.
func (ma *magicAfter) id(g *Game, rt int16) (id int32, done bool) {
	for k := range ma.nr {
		if ma.roots[k] == rt {
			l := ma.leader(int8(ma.nf) + k)
			return int32(ma.base) + int32(l), ma.open[l] == 0
		}
	}
	return int32(rt), g.nodes[rt].open == 0
}

// magicAfter fills ma for tile t placed on (x, y) turned by r on g; false
// when the tile has too many features for it. g is read only (find
// shortens paths).
func (g *Game) magicAfter(ma *magicAfter, t TileID, x, y int16, r Rotation) bool {
	o := &g.ts.orients[t][r]
	kinds := g.ts.joins[t][r]
	tmpl := g.ts.nodes[t]
	nf := len(tmpl)
	if nf+4 > magicAfterElems {
		return false
	}
	ma.base, ma.nf, ma.nr = int16(len(g.nodes)), int16(nf), 0
	for i := range ma.lab[:nf+4] {
		ma.lab[i] = int8(i)
		ma.open[i] = 0
	}
	var joined [4]int8 // the tile feature of each side joined
	nj := 0
	for s := 0; s < 4; s++ {
		if kinds>>(16+3*s+1)&1 == 0 {
			continue
		}
		nb := g.placedAt(x+dx[s], y+dy[s])
		if nb < 0 {
			continue
		}
		nt := &g.tiles[nb]
		no := &g.ts.orients[nt.tile][nt.rot]
		fa := o.portFeat[3*s+1]
		rb := g.find(nt.seg + int16(no.portFeat[3*((s+2)&3)+1]))
		k := int8(0)
		for k < ma.nr && ma.roots[k] != rb {
			k++
		}
		if k == ma.nr {
			ma.roots[k] = rb
			ma.nr++
		}
		if p, q := ma.leader(fa), ma.leader(int8(nf)+k); p != q {
			ma.lab[q] = p
		}
		joined[nj] = fa
		nj++
	}
	for f := range tmpl {
		if k := tmpl[f].kind; k == Road || k == City {
			ma.open[ma.leader(int8(f))] += int32(tmpl[f].open)
		}
	}
	for k := range ma.nr {
		ma.open[ma.leader(int8(nf)+k)] += int32(g.nodes[ma.roots[k]].open)
	}
	for _, f := range joined[:nj] {
		ma.open[ma.leader(f)] -= 2
	}
	ma.mage, ma.witch = -1, -1
	if a := g.x.magic.at[MagicMage]; a != 0 {
		ma.mage, _ = ma.id(g, g.find(a-1))
	}
	if a := g.x.magic.at[MagicWitch]; a != 0 {
		ma.witch, _ = ma.id(g, g.find(a-1))
	}
	return true
}

// spot reports whether node i (a node of the board, or base plus a
// feature of the tile) is a spot of the mage and of the witch after the
// placement: a segment of an incomplete road or city on the feature of
// neither.
func (ma *magicAfter) spot(g *Game, t TileID, i int16) bool {
	if i >= ma.base {
		f := i - ma.base
		n := &g.ts.nodes[t][f]
		if n.kind != Road && n.kind != City {
			return false
		}
		l := ma.leader(int8(f))
		id := int32(ma.base) + int32(l)
		return ma.open[l] != 0 && id != ma.mage && id != ma.witch
	}
	if k := g.nodes[i].kind; k != Road && k != City {
		return false
	}
	id, done := ma.id(g, g.find(i))
	return !done && id != ma.mage && id != ma.witch
}

// appendMagicSpotsAfter appends to dst the nodes of the spots of
// appendMagicSpots on the board after tile t is placed on (x, y) turned by
// r, without placing it (see magicAfter): each segment of an incomplete
// road or city that is on the feature of neither the mage nor the witch,
// those figures' own spots being the same (each is left off its own
// feature and the other's). The nodes of the board come in their order,
// then those of the tile, numbered from len(g.nodes) on as place would
// lay them (magicSpotTarget names them).
func (g *Game) appendMagicSpotsAfter(dst []int16, t TileID, x, y int16, r Rotation) []int16 {
	var ma magicAfter
	if !g.magicAfter(&ma, t, x, y, r) {
		return g.afterPlacing(Move{Tile: t, Cell: Cell{int(x), int(y)}, Rotation: r}).appendMagicNodes(dst)
	}
	for i := range ma.base + ma.nf {
		if ma.spot(g, t, i) {
			dst = append(dst, i)
		}
	}
	return dst
}

// magicSpotTarget returns the Target of node i of appendMagicSpotsAfter
// for tile t placed on c turned by r: a node of the board, or of the
// tile.
func (g *Game) magicSpotTarget(i int16, t TileID, c Cell, r Rotation) Target {
	if base := int16(len(g.nodes)); i >= base {
		return Target{Cell: c, Port: g.ts.orients[t][r].main[i-base]}
	}
	return g.nodeTarget(i)
}

// appendMagicNodes appends to dst the nodes of the spots of
// appendMagicSpots on g, the board after the tile is placed (the mage's
// and the witch's are the same).
func (g *Game) appendMagicNodes(dst []int16) []int16 {
	mage, witch := g.magicRoot(MagicMage), g.magicRoot(MagicWitch)
	for i := range int16(len(g.nodes)) {
		if k := g.nodes[i].kind; k != Road && k != City {
			continue
		}
		if r := g.find(i); g.nodes[r].open != 0 && r != mage && r != witch {
			dst = append(dst, i)
		}
	}
	return dst
}

// hasMagicSpot reports whether figure f may go anywhere on g, the board
// after the tile is placed.
func (g *Game) hasMagicSpot(f MagicFigure) bool {
	own, other := g.magicRoot(f), g.magicRoot(f.other())
	for ti := range g.tiles {
		pt := &g.tiles[ti]
		for i, feat := range g.ts.tiles[pt.tile].Features {
			if feat.Kind != Road && feat.Kind != City {
				continue
			}
			if r := g.find(pt.seg + int16(i)); g.nodes[r].open != 0 && r != own && r != other {
				return true
			}
		}
	}
	return false
}

// magicAsked reports whether move m (a legal placement) asks the magic
// step: the tile calls for it (magicNeeded) and some figure may be placed,
// moved, or taken off the board.
func (g *Game) magicAsked(m Move) bool {
	if !g.magics() || !g.magicNeeded(m.Tile, int16(m.Cell.X), int16(m.Cell.Y), m.Rotation) {
		return false
	}
	if g.x.magic.at[MagicMage] != 0 || g.x.magic.at[MagicWitch] != 0 {
		return true
	}
	return g.afterPlacing(m).hasMagicSpot(MagicMage)
}

// magicAnswers appends to out the answers of the magic step of move m (a
// legal placement that asks it): each spot of the mage, then of the witch;
// when there is none, each figure on the board taken off.
func (g *Game) magicAnswers(out []Answer, m Move) []Answer {
	after := g.afterPlacing(m)
	n := len(out)
	for f := MagicMage; f <= MagicWitch; f++ {
		var buf [64]Target
		for _, t := range after.appendMagicSpots(buf[:0], f) {
			out = append(out, Answer{Step: StepMagic, Magic: f, Target: t})
		}
	}
	if len(out) > n {
		return out
	}
	for f := MagicMage; f <= MagicWitch; f++ {
		if g.x.magic.at[f] != 0 {
			out = append(out, Answer{Step: StepMagic, Magic: f})
		}
	}
	return out
}

// RandomMagic draws a legal answer to the mage or witch step of move m
// (m.Tile on m.Cell turned by m.Rotation, a legal placement) for search
// code whose game has no tile drawn, as a playout's: either figure, even
// odds, onto a spot of MagicSpots drawn uniformly, worked out without
// placing the tile (a node of the board or the tile drawn until one is a
// spot, the spots listed after 64 misses); with no spot anywhere, a figure
// on the board taken off it (the zero at). asked is false, and f MagicNone,
// when the placement does not ask the step, or without Mage & Witch
// (001_…, "Mage & Witch").
func (g *Game) RandomMagic(m Move, rng *rand.Rand) (f MagicFigure, at Target, asked bool) {
	if !g.magics() || m.Discard || m.Aside || m.Resign {
		return MagicNone, Target{}, false
	}
	x, y := int16(m.Cell.X), int16(m.Cell.Y)
	if !g.magicNeeded(m.Tile, x, y, m.Rotation) {
		return MagicNone, Target{}, false
	}
	if i, ok := g.randomMagicSpot(m, rng); ok {
		return MagicMage + MagicFigure(rng.IntN(2)), g.magicSpotTarget(i, m.Tile, m.Cell, m.Rotation), true
	}
	// Neither can go anywhere: one on the board leaves it.
	for k := MagicMage; k <= MagicWitch; k++ {
		if g.x.magic.at[k] != 0 && (f == MagicNone || rng.IntN(2) == 0) {
			f = k
		}
	}
	return f, Target{}, f != MagicNone
}

// randomMagicSpot draws a spot of the mage (the same as the witch's) after
// move m's placement uniformly, as a node of appendMagicSpotsAfter (see
// RandomMagic). False when there is no spot.
func (g *Game) randomMagicSpot(m Move, rng *rand.Rand) (int16, bool) {
	x, y := int16(m.Cell.X), int16(m.Cell.Y)
	var ma magicAfter
	if g.magicAfter(&ma, m.Tile, x, y, m.Rotation) {
		n := int(ma.base) + int(ma.nf)
		for range 64 {
			if i := int16(rng.IntN(n)); ma.spot(g, m.Tile, i) {
				return i, true
			}
		}
	}
	var buf [64]int16
	nodes := g.appendMagicSpotsAfter(buf[:0], m.Tile, x, y, m.Rotation)
	if len(nodes) == 0 {
		return 0, false
	}
	return nodes[rng.IntN(len(nodes))], true
}

// magicErr says why the mage or witch step of move m (a legal placement)
// is not legal, or returns nil.
func (g *Game) magicErr(m Move) error {
	if !g.magics() {
		if m.Magic != MagicNone || m.MagicAt != (Target{}) {
			return moveErr(ErrMagic, fmt.Sprintf("the mage and the witch belong to %s, which this game does not play", ExpansionMageAndWitch.Title()))
		}
		return nil
	}
	asked := g.magicAsked(m)
	switch {
	case !asked && (m.Magic != MagicNone || m.MagicAt != (Target{})):
		return moveErr(ErrMagic, fmt.Sprintf("tile %s shows no magic symbol and does not join the roads or cities of the mage and the witch: neither moves", g.ts.Name(m.Tile)))
	case !asked:
		return nil
	case m.Magic == MagicNone || m.Magic > MagicWitch:
		return moveErr(ErrMagic, "the mage or the witch must be placed or moved now (mage@x,y:PORT or witch@x,y:PORT)")
	}
	after := g.afterPlacing(m)
	f := m.Magic
	if m.MagicAt == (Target{}) {
		switch {
		case after.hasMagicSpot(MagicMage) || after.hasMagicSpot(MagicWitch):
			return moveErr(ErrMagic, "the mage or the witch can still go onto an incomplete road or city, so neither leaves the board")
		case g.x.magic.at[f] == 0:
			return moveErr(ErrMagic, fmt.Sprintf("the %s is not on the board, so it cannot be taken off", f))
		}
		return nil
	}
	t := m.MagicAt
	ti := after.placedAt(int16(t.Cell.X), int16(t.Cell.Y))
	if !inRange(t.Cell) || ti < 0 {
		return moveErr(ErrMagic, fmt.Sprintf("no tile lies at (%s)", t.Cell))
	}
	pt := &after.tiles[ti]
	i, ok := g.ts.FeatureAt(pt.tile, pt.rot, t.Port)
	if !ok {
		return moveErr(ErrMagic, fmt.Sprintf("the tile at (%s) has nothing at port %s", t.Cell, t.Port))
	}
	if k := g.ts.tiles[pt.tile].Features[i].Kind; k != Road && k != City {
		return moveErr(ErrMagic, fmt.Sprintf("the %s stands on a road or a city, not on a %s", f, kindWord(k)))
	}
	r := after.find(pt.seg + int16(i))
	switch {
	case after.nodes[r].open == 0:
		return moveErr(ErrMagic, fmt.Sprintf("that %s is completed: the %s goes onto an incomplete road or city", after.nodes[r].kind, f))
	case r == after.magicRoot(f.other()):
		return moveErr(ErrMagic, fmt.Sprintf("the %s stands on that %s: the mage and the witch never share a road or city", f.other(), after.nodes[r].kind))
	case r == after.magicRoot(f):
		return moveErr(ErrMagic, fmt.Sprintf("the %s already stands on that %s: it moves onto another road or city", f, after.nodes[r].kind))
	}
	return nil
}

// moveMagic places, moves or takes off the magic figure of move m
// (checked), whose tile was just placed.
func (g *Game) moveMagic(m Move) {
	f := m.Magic
	if m.MagicAt == (Target{}) {
		g.x.magic.at[f] = 0
		return
	}
	ti := g.placedAt(int16(m.MagicAt.Cell.X), int16(m.MagicAt.Cell.Y))
	if ti < 0 {
		return
	}
	pt := &g.tiles[ti]
	i, ok := g.ts.FeatureAt(pt.tile, pt.rot, m.MagicAt.Port)
	if !ok {
		return
	}
	g.x.magic.at[f] = pt.seg + int16(i) + 1
}

// magicOn returns the magic figure on the feature of root r, scored now,
// MagicNone for none; during the game (not final) the figure leaves the
// board (001_…: "After affecting a scored feature, the magic pawn is
// removed from the board").
func (g *Game) magicOn(r int16, final bool) MagicFigure {
	for f := MagicMage; f <= MagicWitch; f++ {
		if g.x.magic.at[f] != 0 && g.find(g.x.magic.at[f]-1) == r {
			if !final {
				g.x.magic.at[f] = 0
			}
			return f
		}
	}
	return MagicNone
}

// MagicPoints returns what a road or city worth points points, of tiles
// tiles, scores with magic figure f on it (001_…, "Mage & Witch"): 1 more
// per tile with the mage; half, rounded up, with the witch.
func MagicPoints(f MagicFigure, points, tiles int) int {
	switch f {
	case MagicMage:
		return points + tiles
	case MagicWitch:
		return (points + 1) / 2
	}
	return points
}

// actMagic takes an answer to StepMagic, the mage or the witch placed, moved
// or taken off (001_…, "Mage & Witch"); the step's other rules (stepRules)
// follow it here.
func (g *Game) actMagic(a Answer, t TileID) (bool, error) {
	m := g.partMove()
	m.Magic, m.MagicAt = a.Magic, a.Target
	if err := g.magicErr(m); err != nil {
		return false, err
	}
	g.part.magic, g.part.magicAt = a.Magic, a.Target
	return g.moveOn(m, StepTile)
}

func (g *Game) magicAnswersOf(t TileID) []Answer {
	return g.magicAnswers(nil, g.partMove())
}

func magicText(a Answer) string {
	if a.Target == (Target{}) {
		return a.Magic.String() + "@off"
	}
	return a.Magic.String() + "@" + targetString(a.Target)
}

func moveMagic(m *Move, a Answer) {
	m.Magic, m.MagicAt = a.Magic, a.Target
}
