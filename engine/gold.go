package engine

import (
	"errors"
	"fmt"
)

// This file holds The Gold Mines (001_…, "The Gold Mines"; spec/rules-
// options.md, "Mini expansions").
//
// After placing a tile with a gold mine (Markers GoldMine), the player puts
// one gold ingot on it (automatic) and one on a tile next to it, diagonals
// included (Move.Gold, Move.GoldCell; GoldCells), before the figure step.
// A tile may hold several ingots; an ingot belongs to the tile, not to a
// feature. When a road, city or cloister is completed and scored during
// the game, the players who score it (the most followers) take the ingots
// on its tiles (a road's or city's tiles; a cloister's tile and the eight
// around it). The ingots of every feature completed in the turn are shared
// one at a time, from the current player on in turn order, among the
// players who may take them, each taking the ingot on the earliest-placed
// tile they may take from, until none is left (spec/rules-options.md). A
// feature without followers leaves its ingots where they are; farms never
// take any, nor do features scored at the end, and the ingots left on the
// board at the end are lost. At the end each player scores GoldPoints for
// the ingots they hold (ScoreEvent.Source SourceGold).

// ErrNoGold: the move's second gold ingot goes elsewhere than on a tile
// next to the tile placed, or the move places an ingot with a tile without
// a gold mine or in a game without The Gold Mines, or leaves it out.
var ErrNoGold = errors.New("a gold ingot cannot go there")

// maxGoldTiles bounds the tiles holding ingots at once: The Gold Mines has
// 16 ingots.
const maxGoldTiles = 16

// goldAt is a tile holding ingots: its cell, its index in Game.tiles (the
// order of placement) and how many.
type goldAt struct {
	x, y  int16
	ti    int16
	n     uint8
	claim uint8 // the players (bits) who may take its ingots this turn
}

// goldState is The Gold Mines' state, in expansionState: the tiles holding
// ingots in the order of placement, and each player's ingots.
type goldState struct {
	tiles [maxGoldTiles]goldAt
	n     uint8
	held  [MaxPlayers]uint8
	// claimed says that some tile's ingots were claimed this turn.
	claimed bool
}

// Ingots is a tile of the board holding gold ingots (The Gold Mines).
type Ingots struct {
	Cell Cell
	// N is the number of ingots on the tile, at least 1.
	N int
}

// GoldPoints returns the end bonus of a player holding n gold ingots, in
// points (001_…, "The Gold Mines", Final scoring): 1 per ingot for 1 to 3
// ingots, 2 for 4 to 6, 3 for 7 to 9, 4 for 10 or more; 0 for none.
func GoldPoints(n int) int {
	switch {
	case n <= 0:
		return 0
	case n <= 3:
		return n
	case n <= 6:
		return 2 * n
	case n <= 9:
		return 3 * n
	}
	return 4 * n
}

// golden reports whether The Gold Mines is in play.
func (g *Game) golden() bool {
	return g.x != nil && g.rules.Expansions.Has(ExpansionGoldMines)
}

// Gold returns the gold ingots player p holds; 0 for a player not in the
// game or without The Gold Mines.
func (g *Game) Gold(p int) int {
	if !g.golden() || p < 0 || p >= g.nplayers {
		return 0
	}
	return int(g.x.gold.held[p])
}

// Ingots returns the tiles of the board holding gold ingots, in the order
// they were placed; nil for none or without The Gold Mines.
func (g *Game) Ingots() []Ingots {
	if !g.golden() {
		return nil
	}
	var out []Ingots
	for _, t := range g.x.gold.tiles[:g.x.gold.n] {
		out = append(out, Ingots{Cell: Cell{int(t.x), int(t.y)}, N: int(t.n)})
	}
	return out
}

// GoldCells returns the tiles that may take the second gold ingot if the
// tile drawn is placed as p: the tiles of the board next to p.Cell,
// diagonals included, by row (y) then column (x). It returns nil when the
// tile drawn has no gold mine, the placement is illegal, or without The
// Gold Mines.
func (g *Game) GoldCells(p Placement) []Cell {
	t, ok := g.Drawn()
	if !ok || g.checkPlacement(t, p.Cell, p.Rotation) != nil {
		return nil
	}
	return g.AppendGoldCells(nil, t, p)
}

// AppendGoldCells appends the cells of GoldCells for tile t placed as p,
// which must be a legal placement, and returns the extended slice.
func (g *Game) AppendGoldCells(dst []Cell, t TileID, p Placement) []Cell {
	if !g.golden() || g.ts.marks[t]&GoldMine == 0 {
		return dst
	}
	for ddy := -1; ddy <= 1; ddy++ {
		for ddx := -1; ddx <= 1; ddx++ {
			c := Cell{p.Cell.X + ddx, p.Cell.Y + ddy}
			if (ddx != 0 || ddy != 0) && g.placedAt(int16(c.X), int16(c.Y)) >= 0 {
				dst = append(dst, c)
			}
		}
	}
	return dst
}

// goldErr says why the gold ingot of move m (its tile legally placed) may
// not go where it says, or returns nil.
func (g *Game) goldErr(m Move) error {
	mine := g.ts.marks[m.Tile]&GoldMine != 0
	switch {
	case !m.Gold && (!mine || !g.golden()):
		return nil
	case !g.golden():
		return moveErr(ErrNoGold, "The Gold Mines is not played in this game")
	case !mine:
		return moveErr(ErrNoGold, fmt.Sprintf("tile %s has no gold mine, so no gold ingot is placed", g.ts.Name(m.Tile)))
	case !m.Gold:
		return moveErr(ErrNoGold, fmt.Sprintf("tile %s has a gold mine: the second gold ingot goes on a tile next to it (gold@x,y)", g.ts.Name(m.Tile)))
	}
	c := m.GoldCell
	ddx, ddy := c.X-m.Cell.X, c.Y-m.Cell.Y
	if ddx < -1 || ddx > 1 || ddy < -1 || ddy > 1 || ddx == 0 && ddy == 0 {
		return moveErr(ErrNoGold, fmt.Sprintf("(%s) is not next to the tile placed at (%s): the second ingot goes on a neighbouring tile, diagonals included", c, m.Cell))
	}
	if g.placedAt(int16(c.X), int16(c.Y)) < 0 {
		return moveErr(ErrNoGold, fmt.Sprintf("no tile lies at (%s) to take the ingot", c))
	}
	return nil
}

// addIngot puts one ingot on the tile at (x, y), index ti in g.tiles,
// keeping the tiles in the order of placement.
func (gs *goldState) addIngot(x, y, ti int16) {
	i := 0
	for ; i < int(gs.n); i++ {
		if gs.tiles[i].ti == ti {
			gs.tiles[i].n++
			return
		}
		if gs.tiles[i].ti > ti {
			break
		}
	}
	if int(gs.n) == maxGoldTiles {
		return
	}
	copy(gs.tiles[i+1:gs.n+1], gs.tiles[i:gs.n])
	gs.tiles[i] = goldAt{x: x, y: y, ti: ti, n: 1}
	gs.n++
}

// placeGold puts the ingots of move m (checked), whose tile was just
// placed: one on it, one on m.GoldCell.
func (g *Game) placeGold(m Move) {
	gs := &g.x.gold
	ti := int16(len(g.tiles) - 1)
	gs.addIngot(int16(m.Cell.X), int16(m.Cell.Y), ti)
	x, y := int16(m.GoldCell.X), int16(m.GoldCell.Y)
	if nb := g.placedAt(x, y); nb >= 0 {
		gs.addIngot(x, y, int16(nb))
	}
}

// claimGold notes that the players of winners (bits) may take the ingots
// on the tiles of the feature with root r, completed and scored now.
func (g *Game) claimGold(r int16, winners uint8) {
	gs := &g.x.gold
	n := &g.nodes[r]
	for i := range gs.tiles[:gs.n] {
		t := &gs.tiles[i]
		if n.kind == Cloister {
			c := &g.tiles[n.tile]
			if ddx, ddy := t.x-c.x, t.y-c.y; ddx >= -1 && ddx <= 1 && ddy >= -1 && ddy <= 1 {
				t.claim |= winners
				gs.claimed = true
			}
			continue
		}
		pt := &g.tiles[t.ti]
		nf := int16(len(g.ts.tiles[pt.tile].Features))
		for s := pt.seg; s < pt.seg+nf; s++ {
			if g.nodes[s].kind == n.kind && g.find(s) == r {
				t.claim |= winners
				gs.claimed = true
				break
			}
		}
	}
}

// shareGold shares the ingots claimed in this turn's scoring: one at a
// time, from the current player on in turn order, each player who may
// take one taking the ingot on the earliest-placed tile they may take
// from, until none is left (001_…, "The Gold Mines").
func (g *Game) shareGold() {
	gs := &g.x.gold
	gs.claimed = false
	for {
		taken := false
		for k := range g.nplayers {
			p := (g.current + k) % g.nplayers
			bit := uint8(1) << p
			for i := range gs.tiles[:gs.n] {
				if t := &gs.tiles[i]; t.n > 0 && t.claim&bit != 0 {
					t.n--
					gs.held[p]++
					taken = true
					break
				}
			}
		}
		if !taken {
			break
		}
	}
	kept := 0
	for _, t := range gs.tiles[:gs.n] {
		if t.n > 0 {
			t.claim = 0
			gs.tiles[kept] = t
			kept++
		}
	}
	gs.n = uint8(kept)
}

// scoreGold scores the end bonus of the ingots each player holds.
func (g *Game) scoreGold() {
	for p := range g.nplayers {
		if n := int(g.x.gold.held[p]); n > 0 {
			g.addPoints(p, ScoreEvent{Turn: g.turn - 1, Tiles: n, Points: GoldPoints(n), Final: true, Source: SourceGold})
		}
	}
}

// actGold takes an answer to StepGold, the second gold ingot (001_…, "The
// Gold Mines"); the step's other rules (stepRules) follow it here.
func (g *Game) actGold(a Answer, t TileID) (bool, error) {
	m := g.partMove()
	m.Gold, m.GoldCell = true, a.Cell
	if err := g.goldErr(m); err != nil {
		return false, err
	}
	p := &g.part
	p.gold, p.gx, p.gy, p.step = true, int16(a.Cell.X), int16(a.Cell.Y), StepFigure
	if g.magicAsked(m) {
		p.step = StepMagic
	}
	return false, nil
}

func (g *Game) goldAnswers(t TileID) []Answer {
	m := g.partMove()
	var out []Answer
	for _, c := range g.AppendGoldCells(nil, t, Placement{Cell: m.Cell, Rotation: m.Rotation}) {
		out = append(out, Answer{Step: StepGold, Cell: c})
	}
	return out
}

func goldText(a Answer) string { return "gold@" + a.Cell.String() }

func moveGold(m *Move, a Answer) {
	m.Gold, m.GoldCell = true, a.Cell
}
