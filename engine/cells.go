package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseCell reads a cell as players and records write it: "2,-1", also
// with spaces around the numbers or in brackets, "(2, -1)". It returns an
// error in words for a player when s is not a cell or lies too far out
// (more than 29,999 cells from the start tile).
func ParseCell(s string) (Cell, error) {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") {
		t = t[1 : len(t)-1]
	}
	xs, ys, ok := strings.Cut(t, ",")
	x, errx := strconv.Atoi(strings.TrimSpace(xs))
	y, erry := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || errx != nil || erry != nil {
		return Cell{}, fmt.Errorf("%q is not a cell: write x,y, like 2,-1", s)
	}
	c := Cell{x, y}
	if !inRange(c) {
		return Cell{}, fmt.Errorf("cell %s is too far out", c)
	}
	return c, nil
}

// CandidateCells returns the cells where the drawn tile fits, each once, in
// the order Placements lists them; none once the game has ended. Every
// front end numbers them 1, 2, … in this order (the board picture, the
// Discord menus, the terminal game), so a number means the same cell
// everywhere.
func (g *Game) CandidateCells() []Cell {
	if g.ended {
		return nil
	}
	var cells []Cell
	for _, p := range g.Placements() {
		// Placements lists the rotations of a cell together.
		if len(cells) == 0 || cells[len(cells)-1] != p.Cell {
			cells = append(cells, p.Cell)
		}
	}
	return cells
}

// RotationsAt returns the rotations in which the drawn tile fits on cell
// c, in the order Placements lists them; none when it does not fit there.
func (g *Game) RotationsAt(c Cell) []Rotation {
	var out []Rotation
	for _, p := range g.Placements() {
		if p.Cell == c {
			out = append(out, p.Rotation)
		}
	}
	return out
}

// Breakdown is a player's points by what scored them (001_…, "Final
// scoring"; 000_…, scoring during the game), in points.
type Breakdown struct {
	Roads, Cities, Cloisters, Farms int
	// King and RobberBaron are the final bonuses of King & Robber Baron.
	King, RobberBaron int
	// Goods are the goods majorities of Traders & Builders.
	Goods int
	// Ransoms are the ransoms of The Tower: received less paid, so
	// possibly negative.
	Ransoms int
	// Fairy are the fairy's points (The Princess & the Dragon).
	Fairy int
	// Gold is the end bonus of the gold ingots of The Gold Mines.
	Gold int
	// Messages are the points of the Message tiles (The Messengers): the
	// features a message scores count here, not among the features.
	Messages int
	// Robberies are the robbers' loot (The Robbers).
	Robberies int
}

// Total returns the sum of the breakdown, in points: the player's score.
func (b Breakdown) Total() int {
	return b.Roads + b.Cities + b.Cloisters + b.Farms + b.King + b.RobberBaron + b.Goods + b.Ransoms + b.Fairy + b.Gold + b.Messages + b.Robberies
}

// PointSource is a source of points a game's final table shows in a
// column: its name ("roads", "cities", "cloisters", "farms", "king",
// "robber_baron", "goods", "ransoms", "fairy", "gold", "messages",
// "robbers") and its points in a player's Breakdown.
type PointSource struct {
	Name string
	Of   func(Breakdown) int
}

// pointSources are every source, in Breakdown's order, with the
// expansion that brings it (ExpansionBase: every game).
var pointSources = []struct {
	e Expansion
	s PointSource
}{
	{ExpansionBase, PointSource{"roads", func(b Breakdown) int { return b.Roads }}},
	{ExpansionBase, PointSource{"cities", func(b Breakdown) int { return b.Cities }}},
	{ExpansionBase, PointSource{"cloisters", func(b Breakdown) int { return b.Cloisters }}},
	{ExpansionBase, PointSource{"farms", func(b Breakdown) int { return b.Farms }}},
	{ExpansionKingAndRobber, PointSource{"king", func(b Breakdown) int { return b.King }}},
	{ExpansionKingAndRobber, PointSource{"robber_baron", func(b Breakdown) int { return b.RobberBaron }}},
	{ExpansionTradersAndBuilders, PointSource{"goods", func(b Breakdown) int { return b.Goods }}},
	{ExpansionTower, PointSource{"ransoms", func(b Breakdown) int { return b.Ransoms }}},
	{ExpansionPrincessAndDragon, PointSource{"fairy", func(b Breakdown) int { return b.Fairy }}},
	{ExpansionGoldMines, PointSource{"gold", func(b Breakdown) int { return b.Gold }}},
	{ExpansionMessengers, PointSource{"messages", func(b Breakdown) int { return b.Messages }}},
	{ExpansionRobbers, PointSource{"robbers", func(b Breakdown) int { return b.Robberies }}},
}

// PointSources returns the sources of points of a game with expansions
// set, in Breakdown's order: roads, cities, cloisters and farms in every
// game, then those of the expansions in play (the King and the Robber
// Baron, goods, ransoms, the fairy, gold, messages, the robbers' loot).
// Every point of such a game's Breakdown is in one of them, so the
// columns of a final table add up to the scores.
func PointSources(set ExpansionSet) []PointSource {
	var out []PointSource
	for _, p := range pointSources {
		if p.e == ExpansionBase || set.Has(p.e) {
			out = append(out, p.s)
		}
	}
	return out
}

// Breakdowns returns each player's points (by player index) by what scored
// them, during the game and at the end: features by their kind
// (ScoreEvent.Feature), and the bonuses of King & Robber Baron by their
// source (ScoreEvent.Source), so that a King's event (Feature City) is not
// counted among the cities. Each Breakdown's Total is the player's score.
func (g *Game) Breakdowns() []Breakdown {
	out := make([]Breakdown, g.nplayers)
	for _, e := range g.events {
		b := &out[e.Player]
		switch e.Source {
		case SourceKing:
			b.King += e.Points
			continue
		case SourceRobberBaron:
			b.RobberBaron += e.Points
			continue
		case SourceGoods:
			b.Goods += e.Points
			continue
		case SourceRansom:
			b.Ransoms += e.Points
			continue
		case SourceFairy:
			b.Fairy += e.Points
			continue
		case SourceGold:
			b.Gold += e.Points
			continue
		case SourceMessage:
			b.Messages += e.Points
			continue
		case SourceRobbery:
			b.Robberies += e.Points
			continue
		}
		switch e.Feature {
		case Road:
			b.Roads += e.Points
		case City:
			b.Cities += e.Points
		case Cloister:
			b.Cloisters += e.Points
		case Field:
			b.Farms += e.Points
		}
	}
	return out
}
