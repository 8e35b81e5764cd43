package engine

import "fmt"

// This file holds The River and The River II (spec/rules-options.md, "The
// River (river), The River II (river2)"; 004_…, "Rules for using the river
// expansion tiles"): which river tile may go where. The set-up (the spring
// as start tile, the river tiles drawn first, the fork first of them and the
// lakes last) is the pile's, in rules.go; the river
// bounds fields and holds no follower by the tile model (tiles.go).
//
// The river's state is its open ends: the empty cells the water flows into,
// each with the side it comes in by and the way the river turned on the
// tile it leaves. A river tile must continue exactly one open end (river
// touches river; edge matching already keeps a river side from touching
// anything but river), and a curve may not turn the same way as the tile
// it continues (no immediate "U" turn; the publisher's ruling that only
// immediate U-turns are forbidden). The fork's two branches are ends of
// their own; a branch leaving the fork sideways counts as a curve.
//
// A river tile may neither touch two open ends at once nor leave an open end
// facing the empty cell another open end faces (rules-options.md,
// "Reading, placement": the branches are never joined; the second not with
// EditionBefore32). A reading of this engine beyond rules-options.md: a
// tile with several exits (the fork) makes a U-turn when any of its
// branches turns the same way as the tile it continues.

// expansionState is the part of a game's state that only expansions need.
// Game holds it behind one pointer, nil in the base game, so that copying a
// base game costs nothing more. It holds no pointer: CopyTo copies it by
// value into the copy's own.
type expansionState struct {
	river riverState
	// supply holds each player's figures by kind, but for the followers,
	// which are in Game.supply.
	supply [MaxPlayers][numFigures]int8
	// king and baron are the King and the Robber Baron (king.go).
	king, baron title
	// extra is the number of extra turns the current player has played in
	// a row: 0 on an ordinary turn, 1 on the turn after the volcano-lake
	// (and later the builder's second turn). No extra turn follows an
	// extra turn: never a third turn in a row (001_…, Traders & Builders:
	// "cannot play more than two turns in a row").
	extra uint8
	// byBuilder says that the extra turn under way (extra > 0) was given
	// by a builder, built that a builder was extended this turn
	// (traders.go).
	byBuilder, built bool
	// goods are the goods tokens each player holds (traders.go), and
	// goodsSegs the city segments with goods whose city is not completed,
	// ngoodsSegs of them.
	goods      [MaxPlayers][NumGoods]uint8
	goodsSegs  [maxGoodsSegments]int16
	ngoodsSegs uint8
	// aside holds the tiles set aside, naside of them (aside.go).
	aside  [maxAside]TileID
	naside uint8
	// tower is The Tower's towers, tower pieces and prisoners (tower.go).
	tower towerState
	// dragon is The Princess & the Dragon's dragon and fairy (dragon.go).
	dragon dragonState
	// gold is The Gold Mines' ingots on the board and held (gold.go).
	gold goldState
	// ferries is The Ferries' ferries on the board (ferries.go).
	ferries ferryState
	// magic is where the mage and the witch stand (mage.go).
	magic magicState
	// board is the scoreboard of The Messengers and The Robbers: the
	// messengers, the Message tiles, the robbers (messengers.go,
	// robbers.go).
	board boardState
}

// again reports whether the player who placed tile t plays again at once,
// and counts the extra turn; it is called once per placement, after the
// scoring.
func (x *expansionState) again(g *Game, t TileID) bool {
	built := x.built
	x.built = false
	if x.extra == 0 && (g.rules.ExtraTurn(t) || built) {
		x.extra = 1
		x.byBuilder = built && !g.rules.ExtraTurn(t)
		return true
	}
	x.extra, x.byBuilder = 0, false
	return false
}

// maxRiverEnds bounds the open ends of the river: the spring opens one, the
// fork one more.
const maxRiverEnds = 4

// riverEnd is an open end of the river.
type riverEnd struct {
	x, y int16 // the empty cell the river flows into
	in   uint8 // the side of that cell the water comes in by: 0 north … 3 west
	turn int8  // how the river turned on the tile it leaves: 0 straight (or the spring), 1 right, -1 left
}

// riverState is the river of a game: its open ends.
type riverState struct {
	ends [maxRiverEnds]riverEnd
	n    uint8
	// lost is set once an end could not be kept (more than maxRiverEnds):
	// from then on the open cells, not the ends, say where the river may
	// go (see appendRiverPlacements).
	lost bool
}

// turnOf returns how the water turns on a tile it enters by side in and
// leaves by side out (0 north … 3 west): 1 right, -1 left, 0 straight on.
func turnOf(in, out int) int8 {
	heading := (in + 2) & 3 // entering by the north, the water flows south
	switch (out - heading) & 3 {
	case 1:
		return 1
	case 3:
		return -1
	}
	return 0
}

// riverSidesOf returns the sides (bit s, 0 north … 3 west) of tile t turned
// by r that show the river.
func (g *Game) riverSidesOf(t TileID, r Rotation) uint8 {
	sig := g.ts.orients[t][r&3].sig
	var m uint8
	for s := range 4 {
		if EdgeKind(sig>>(4*s)&0xf) == RiverEdge {
			m |= 1 << s
		}
	}
	return m
}

// The reasons a river tile may not go somewhere.
const (
	riverOK      = iota
	riverNoEnd   // no river side touches an open end
	riverTwoEnds // river sides touch two open ends
	riverUTurn   // the river would turn the same way twice in a row
	riverFacing  // an open end would face the cell another open end faces
)

// riverInOf gives, for each edge constraint code of an open cell (see
// TileSet.fits), the side (0 north … 3 west) by which the river flows into
// the cell, or riverInNone when no neighbour shows a river there and
// riverInTwo when several do: riverFault's first question, answered once
// for all codes instead of with four divisions per placement tried.
var riverInOf = func() (out [numCodes]int8) {
	for code := range numCodes {
		in, n := int8(0), 0
		for s := range 4 {
			if EdgeKind(uint16(code)/sidePow[s]%5) == RiverEdge {
				in = int8(s)
				n++
			}
		}
		switch {
		case n == 0:
			in = riverInNone
		case n > 1:
			in = riverInTwo
		}
		out[code] = in
	}
	return out
}()

// The values of riverInOf that are not a side.
const (
	riverInNone = -1
	riverInTwo  = -2
)

// riverFault says whether river tile t may go on the open cell (x, y) with
// constraint code, turned by r; the edges must match already.
func (g *Game) riverFault(t TileID, x, y int16, r Rotation, code uint16) int {
	in := int(riverInOf[code%numCodes])
	switch in {
	case riverInNone:
		return riverNoEnd
	case riverInTwo:
		return riverTwoEnds
	}
	exits := g.riverSidesOf(t, r) &^ (1 << in)
	if prev := g.x.river.turnInto(x, y, in); prev != 0 {
		for s := range 4 {
			if exits&(1<<s) != 0 && turnOf(in, s) == prev {
				return riverUTurn
			}
		}
	}
	if exits != 0 && !g.opts.legacy() && g.x.river.n > 1 {
		// The branches are never joined: no exit may face the empty cell
		// another open end faces (rules-options.md, "Reading,
		// placement").
		rs := &g.x.river
		for s := range 4 {
			if exits&(1<<s) == 0 {
				continue
			}
			nx, ny := x+dx[s], y+dy[s]
			for _, e := range rs.ends[:rs.n] {
				if e.x == nx && e.y == ny && (e.x != x || e.y != y) {
					return riverFacing
				}
			}
		}
	}
	return riverOK
}

// riverErr returns the error for a river fault of tile t.
func (g *Game) riverErr(fault int, t TileID) error {
	name := g.ts.Name(t)
	switch fault {
	case riverNoEnd:
		return moveErr(ErrRiver, fmt.Sprintf("%s is a river tile: its river must continue the open end of the river", name))
	case riverTwoEnds:
		return moveErr(ErrRiver, fmt.Sprintf("%s would join two ends of the river; a river tile continues one", name))
	case riverUTurn:
		return moveErr(ErrUTurn, fmt.Sprintf("%s would turn the river the same way as the tile before it: the river may not make a U-turn", name))
	case riverFacing:
		return moveErr(ErrRiver, fmt.Sprintf("%s would turn the river towards the cell another branch flows into: the branches of the river are never joined", name))
	}
	return nil
}

// turnInto returns the turn of the tile whose river flows into cell (x, y)
// by side in, 0 when no open end does.
func (rs *riverState) turnInto(x, y int16, in int) int8 {
	for _, e := range rs.ends[:rs.n] {
		if e.x == x && e.y == y && int(e.in) == in {
			return e.turn
		}
	}
	return 0
}

// placed updates the expansion state after tile t was laid at (x, y) turned
// by r (g.place has run). A river tile closes the open end it continues and
// opens one for each of its other river sides; the start tile (the spring)
// opens one for each of its river sides.
func (x *expansionState) placed(g *Game, t TileID, cx, cy int16, r Rotation) {
	if x.naside > 0 && g.rules.aside.returns != nil && g.rules.aside.returns(t) {
		g.returnAside()
	}
	if g.rules.Expansions.Has(ExpansionTower) {
		x.towerPlaced(g, t, cx, cy)
	}
	if g.rules.Expansions.Has(ExpansionTradersAndBuilders) {
		x.tradersPlaced(g, t)
		// The builder is on the board when it is not in the supply.
		x.built = x.extra == 0 && x.supply[g.current][FigureBuilder] == 0 &&
			g.builderExtended(g.tiles[len(g.tiles)-1].seg, len(g.ts.tiles[t].Features))
	}
	if !g.rules.RiverTile(t) {
		return
	}
	rs := &x.river
	in := -1
	kept := uint8(0)
	for _, e := range rs.ends[:rs.n] {
		if e.x == cx && e.y == cy {
			if in < 0 {
				in = int(e.in)
			}
			continue
		}
		rs.ends[kept] = e
		kept++
	}
	rs.n = kept
	sides := g.riverSidesOf(t, r)
	for s := range 4 {
		if sides&(1<<s) == 0 || s == in {
			continue
		}
		nx, ny := cx+dx[s], cy+dy[s]
		if g.placedAt(nx, ny) >= 0 {
			continue
		}
		if rs.n == maxRiverEnds {
			rs.lost = true
			continue
		}
		var turn int8
		if in >= 0 {
			turn = turnOf(in, s)
		}
		rs.ends[rs.n] = riverEnd{x: nx, y: ny, in: uint8((s + 2) & 3), turn: turn}
		rs.n++
	}
}

// RiverEnds returns the cells the river flows into that are still empty: the
// open ends a river tile must continue (The River); none in a game without a
// river, or once lakes and the city end have closed it.
func (g *Game) RiverEnds() []Cell {
	if g.x == nil {
		return nil
	}
	rs := &g.x.river
	out := make([]Cell, rs.n)
	for i, e := range rs.ends[:rs.n] {
		out[i] = Cell{int(e.x), int(e.y)}
	}
	return out
}
