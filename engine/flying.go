package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
)

// This file holds The Flying Machines (001_…, "The Flying Machines";
// spec/rules-options.md, "Mini expansions").
//
// A tile with a flying machine (Markers FlyingMachine, Tile.Flight its
// direction in canonical orientation, which turns with the tile) lets the
// player put a follower or the large follower onto the machine instead of
// on a feature of the tile (Move.Fly). The die (1, 1, 2, 2, 3, 3) then says
// how many tiles it flies in a straight line (Move.Roll), diagonally for a
// diagonal machine, and it lands on an incomplete road, city or cloister of
// the tile there, occupied or not, chosen by its player (Move.Land), never
// in a field. When no tile lies there, or the tile has no such feature, it
// goes back to the supply (the zero Land, written land@off), and the player
// places no other figure that turn.
//
// The die is chance: in the step view it is StepRoll, answered with its
// outcome. A live game draws it from its seed (DieRoll: the same seed and
// turn give the same roll, so a player cannot roll again by starting the
// turn over); the record writes it (roll=N), and a replay takes it from the
// record, never from the seed. A game set up with Config.DrawnOnly accepts
// only the roll of its seed.
//
// Readings of this engine beyond the rule text: "incomplete" is judged once
// the tile is placed (the figure flies in the figure step, after the
// placement), so a feature the tile just completed takes no flying figure;
// the feature is scored with the others of the turn when complete, which a
// flight never makes it.

// ErrNoFlight: the move flies a figure from a tile without a flying machine,
// in a game without The Flying Machines, with another figure than a
// follower or large follower, or with a die that shows no 1 to 3.
var ErrNoFlight = errors.New("no figure can fly from there")

// ErrNoLanding: the flying figure lands where it may not (not on the tile
// the die sends it to, in a field, on a completed feature), or goes back
// to the supply when it could land.
var ErrNoLanding = errors.New("the flying figure cannot land there")

// rollStream is the PCG stream (increment) of the flying machines' die.
const rollStream = 0x666c79696e67 // "flying"

// DieRoll returns the die of the flying machine for the turn under way,
// 1 to 3 (001_…: a special die showing 1, 1, 2, 2, 3, 3), drawn from the
// game's seed and the number of moves played so far: the same at every
// call until the move is played, so that a live game answers StepRoll with
// it. A replay takes the roll from its record instead (Move.Roll).
func (g *Game) DieRoll() int {
	src := rand.NewPCG(g.seed, rollStream+2*uint64(len(g.moves)))
	return 1 + int(bounded(src, 3))
}

// flying reports whether The Flying Machines is in play.
func (g *Game) flying() bool {
	return g.x != nil && g.rules.Expansions.Has(ExpansionFlyingMachines)
}

// Flyers returns the kinds of figure the current player may put on the
// flying machine of the tile drawn: the follower and the large follower,
// those in the supply, in that order. It returns nil when the tile drawn
// has no flying machine, the game does not play The Flying Machines, or it
// is over.
func (g *Game) Flyers() []Figure {
	t, ok := g.Drawn()
	if !ok {
		return nil
	}
	return g.appendFlyers(nil, t)
}

// appendFlyers appends the figures of Flyers for tile t.
func (g *Game) appendFlyers(dst []Figure, t TileID) []Figure {
	if !g.flying() || g.ts.marks[t]&FlyingMachine == 0 {
		return dst
	}
	for f := FigureFollower; f <= FigureLarge; f++ {
		if g.SupplyOf(g.current, f) > 0 {
			dst = append(dst, f)
		}
	}
	return dst
}

// FlightCell returns the cell a figure on the flying machine of tile t,
// placed on cell c turned by r, flies to with a roll of n: n steps in the
// direction the machine points once turned. It returns false when the tile
// has no flying machine.
func (g *Game) FlightCell(t TileID, c Cell, r Rotation, n int) (Cell, bool) {
	if t == NoTile || int(t) > g.ts.Len() {
		return Cell{}, false
	}
	h := g.ts.tiles[t].Flight.Rotate(r)
	if h == NoHeading || g.ts.marks[t]&FlyingMachine == 0 {
		return Cell{}, false
	}
	ddx, ddy := h.Step()
	return Cell{c.X + n*ddx, c.Y + n*ddy}, true
}

// Landings returns where the figure of move m (a legal placement of a tile
// of the draw pile, the tile drawn in a live game, with Fly and Roll set;
// its Land aside) may land: the
// incomplete roads, cities and cloisters of the tile on FlightCell once
// m's tile is placed, occupied or not, in the order of the tile's
// features, each named by its tile and the port that names it there (board
// orientation). It returns nil when the figure cannot land (it goes back to
// the supply), or when m is not such a move.
func (g *Game) Landings(m Move) []Target {
	if g.ended || !m.Fly || m.Roll < 1 || m.Roll > 3 || m.Tile == NoTile || int(m.Tile) > g.ts.Len() ||
		!slices.Contains(g.pile[g.top:], m.Tile) || g.checkPlacement(m.Tile, m.Cell, m.Rotation) != nil {
		return nil
	}
	return g.AppendLandings(nil, m)
}

// AppendLandings appends the targets of Landings(m) to dst for move m,
// whose tile must be legally placed, and returns the extended slice.
func (g *Game) AppendLandings(dst []Target, m Move) []Target {
	c, ok := g.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll))
	if !ok || !inRange(c) || g.placedAt(int16(c.X), int16(c.Y)) < 0 {
		return dst
	}
	after := g.Clone()
	after.part = partTurn{}
	after.place(m.Tile, int16(m.Cell.X), int16(m.Cell.Y), m.Rotation)
	ti := after.placedAt(int16(c.X), int16(c.Y))
	pt := &after.tiles[ti]
	o := &after.ts.orients[pt.tile][pt.rot]
	for i, f := range after.ts.tiles[pt.tile].Features {
		switch f.Kind {
		case Road, City, Cloister:
		default:
			continue
		}
		n := &after.nodes[after.find(pt.seg+int16(i))]
		if n.open == 0 || n.done {
			continue
		}
		dst = append(dst, Target{Cell: c, Port: o.main[i]})
	}
	return dst
}

// checkFlyFigure checks the figure move m puts on the flying machine of its
// tile (legally placed), the die and the landing aside.
func (g *Game) checkFlyFigure(m Move) error {
	name := g.ts.Name(m.Tile)
	switch {
	case !g.flying():
		return moveErr(ErrNoFlight, "The Flying Machines is not played in this game")
	case g.ts.marks[m.Tile]&FlyingMachine == 0:
		return moveErr(ErrNoFlight, fmt.Sprintf("tile %s has no flying machine", name))
	case m.Follower != NoPort || m.Tower != TowerNone:
		return moveErr(ErrNoFlight, "a figure goes onto the flying machine instead of onto the tile or a tower, not as well")
	case m.Figure != FigureFollower && m.Figure != FigureLarge:
		return moveErr(ErrNoSuchFigure, fmt.Sprintf("only a follower or the large follower flies, not a %s", m.Figure.Title()))
	case m.Figure == FigureLarge && g.rules.figureSupply(FigureLarge) == 0:
		return moveErr(ErrNoSuchFigure, fmt.Sprintf("the %s is not played in this game", m.Figure.Title()))
	case g.SupplyOf(g.current, m.Figure) == 0:
		return moveErr(ErrNoFollowers, fmt.Sprintf("%s has no %s left in the supply", g.players[g.current], m.Figure.Title()))
	}
	return nil
}

// rollErr says why roll n may not be the die of the turn, or returns nil.
func (g *Game) rollErr(n int) error {
	if n < 1 || n > 3 {
		return moveErr(ErrNoFlight, fmt.Sprintf("the die shows 1, 2 or 3, not %d", n))
	}
	if g.drawnOnly && n != g.DieRoll() {
		return moveErr(ErrNoFlight, fmt.Sprintf("the die rolled %d, not %d", g.DieRoll(), n))
	}
	return nil
}

// checkFly checks the flight of move m (its tile legally placed): the
// figure, the die and the landing.
func (g *Game) checkFly(m Move) error {
	if err := g.checkFlyFigure(m); err != nil {
		return err
	}
	if err := g.rollErr(int(m.Roll)); err != nil {
		return err
	}
	return g.landErr(m)
}

// landErr says why the figure of move m (its tile placed legally, its
// figure and roll checked) may not land on m.Land, or go back to the
// supply when m.Land is zero; nil when it may.
func (g *Game) landErr(m Move) error {
	lands := g.AppendLandings(nil, m)
	c, _ := g.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll))
	if m.Land == (Target{}) {
		if len(lands) > 0 {
			return moveErr(ErrNoLanding, fmt.Sprintf("the figure must land on the tile at (%s): it has an incomplete road, city or cloister", c))
		}
		return nil
	}
	if m.Land.Tower || m.Land.Port == NoPort || m.Land.Port > C2 {
		return moveErr(ErrNoLanding, "a figure lands on a feature, named x,y:PORT")
	}
	if m.Land.Cell != c {
		return moveErr(ErrNoLanding, fmt.Sprintf("a roll of %d takes the figure to (%s), not (%s)", m.Roll, c, m.Land.Cell))
	}
	if len(lands) == 0 {
		return moveErr(ErrNoLanding, fmt.Sprintf("the tile at (%s) has no incomplete road, city or cloister (or no tile is there): the figure goes back to the supply (land@off)", c))
	}
	pt, _ := g.TileAt(c)
	f, ok := g.ts.FeatureAt(pt.Tile, pt.Rotation, m.Land.Port)
	if !ok {
		return moveErr(ErrNoLanding, fmt.Sprintf("the tile at (%s) has nothing at port %s", c, m.Land.Port))
	}
	for _, l := range lands {
		if lf, _ := g.ts.FeatureAt(pt.Tile, pt.Rotation, l.Port); lf == f {
			return nil
		}
	}
	kind := g.ts.tiles[pt.Tile].Features[f].Kind
	if kind == Road || kind == City || kind == Cloister {
		return moveErr(ErrNoLanding, fmt.Sprintf("that %s is completed: a flying figure lands only on an incomplete one", kindWord(kind)))
	}
	return moveErr(ErrNoLanding, fmt.Sprintf("a flying figure lands on a road, city or cloister, never on the %s", kind))
}

// land puts the flying figure of move m (checked, its tile placed) on the
// feature it lands on; a figure that cannot land stays in the supply.
func (g *Game) land(m Move) {
	if m.Land.Port == NoPort {
		return
	}
	ti := g.placedAt(int16(m.Land.Cell.X), int16(m.Land.Cell.Y))
	if ti < 0 {
		return
	}
	pt := &g.tiles[ti]
	f := g.ts.orients[pt.tile][pt.rot].portFeat[m.Land.Port-1]
	if f < 0 {
		return
	}
	nd := pt.seg + int16(f)
	g.meeples = append(g.meeples, meeple{player: int8(g.current), fig: m.Figure, kind: g.nodes[nd].kind, port: m.Land.Port, node: nd, tile: int16(ti)})
	g.nodes[g.find(nd)].followers++
	if m.Figure == FigureFollower {
		g.supply[g.current]--
	} else {
		g.x.supply[g.current][m.Figure]--
	}
}

// checkMinis checks the parts of move m (its tile legally placed) that the
// mini expansions add and that checkFigure does not: the gold ingot, and no
// die or landing without a flight.
func (g *Game) checkMinis(m Move) error {
	if !m.Fly && (m.Roll != 0 || m.Land != (Target{})) {
		return moveErr(ErrNoFlight, "a die roll and a landing come only after a figure on a flying machine")
	}
	if m.Fly && m.Tower != TowerNone {
		return moveErr(ErrNoFlight, "a figure goes onto the flying machine instead of onto a tower, not as well")
	}
	if err := g.ferryErr(m); err != nil {
		return err
	}
	if err := g.goldErr(m); err != nil {
		return err
	}
	return g.magicErr(m)
}

// WhatIf returns a copy of g that takes any outcome of chance, as a game set
// up without Config.DrawnOnly does: any die of the flying machines
// (StepRoll, Move.Roll) and any tile of the draw pile. It is for a search
// that weighs the outcomes a player cannot know yet, such as a computer
// player choosing whether to fly before the die is rolled; the game itself
// keeps taking only its own outcomes.
func (g *Game) WhatIf() *Game {
	c := g.Clone()
	c.drawnOnly = false
	return c
}

// actRoll takes an answer to StepRoll, the die of a flying machine (001_…,
// "The Flying Machines"); the step's other rules (stepRules) follow it here.
func (g *Game) actRoll(a Answer, t TileID) (bool, error) {
	if err := g.rollErr(a.Roll); err != nil {
		return false, err
	}
	g.part.roll, g.part.step = int8(a.Roll), StepLand
	return false, nil
}

func (g *Game) rollAnswers(t TileID) []Answer {
	return []Answer{{Step: StepRoll, Roll: g.DieRoll()}}
}

func rollText(a Answer) string { return "roll=" + strconv.Itoa(a.Roll) }

func moveRoll(m *Move, a Answer) {
	m.Roll = int8(a.Roll)
}

// actLand takes an answer to StepLand, where a flying figure lands; the
// step's other rules (stepRules) follow it here.
func (g *Game) actLand(a Answer, t TileID) (bool, error) {
	m := g.partMove()
	m.Land = a.Target
	if err := g.checkStepFigure(m); err != nil {
		return false, err
	}
	g.part.land = a.Target
	return g.moveOn(m, StepCapture) // then the dragon's steps or the escape
}

func (g *Game) landAnswers(t TileID) []Answer {
	lands := g.AppendLandings(nil, g.partMove())
	if len(lands) == 0 {
		return []Answer{{Step: StepLand}}
	}
	out := make([]Answer, len(lands))
	for i, l := range lands {
		out[i] = Answer{Step: StepLand, Target: l}
	}
	return out
}

func landText(a Answer) string {
	if a.Target == (Target{}) {
		return "land@off"
	}
	return "land@" + targetString(a.Target)
}

func moveLand(m *Move, a Answer) {
	m.Land = a.Target
}
