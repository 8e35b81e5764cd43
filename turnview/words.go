package turnview

import (
	"fmt"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// HeadingWords are the directions of a flying machine (engine.Heading) in
// words: "north", "north-east", ….
var HeadingWords = map[engine.Heading]string{
	engine.HeadingN: "north", engine.HeadingNE: "north-east", engine.HeadingE: "east", engine.HeadingSE: "south-east",
	engine.HeadingS: "south", engine.HeadingSW: "south-west", engine.HeadingW: "west", engine.HeadingNW: "north-west",
}

// FlightWords says where a figure on the flying machine of tile t placed as
// p flies on game g (001_…, "The Flying Machines": 1 to 3 tiles, the die):
// "flies north 1 to 3 tiles: (0,-1), (0,-2) or (0,-3)".
func FlightWords(g *engine.Game, t engine.TileID, p engine.Placement) string {
	var cells []string
	for n := 1; n <= 3; n++ {
		if c, ok := g.FlightCell(t, p.Cell, p.Rotation, n); ok {
			cells = append(cells, "("+c.String()+")")
		}
	}
	if len(cells) == 0 {
		return "flies 1 to 3 tiles"
	}
	dir := HeadingWords[g.TileSet().Tile(t).Flight.Rotate(p.Rotation)]
	return fmt.Sprintf("flies %s 1 to 3 tiles: %s", dir, JoinOr(cells))
}

// JoinOr joins words with commas and a final "or": "a, b or c".
func JoinOr(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

// JoinAnd joins words with commas and a final "and": "a, b and c".
func JoinAnd(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// ScoreExtras lists what a feature's score counted beyond its tiles, in
// words, as both front ends write them after "with": "an inn" (Inns &
// Cathedrals: a road with an inn), "a cathedral", "a pig herd" (Traders &
// Builders: a farm with a pig herd).
func ScoreExtras(ev engine.ScoreEvent) []string {
	var with []string
	if ev.Markers&engine.Inn != 0 {
		with = append(with, "an inn")
	}
	if ev.Markers&engine.Cathedral != 0 {
		with = append(with, "a cathedral")
	}
	if ev.Markers&engine.PigHerd != 0 {
		with = append(with, "a pig herd")
	}
	return with
}

// MostGoods returns the goods a bonus for the most goods
// (engine.SourceGoods; Traders & Builders, final scoring) was for, from
// the event's markers; false when they name none.
func MostGoods(ev engine.ScoreEvent) (engine.Good, bool) {
	for d := range engine.NumGoods {
		if ev.Markers&d.Marker() != 0 {
			return d, true
		}
	}
	return 0, false
}
