package turnview

import (
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// HeadingWords are the directions of a flying machine (engine.Heading) in
// English words: "north", "north-east", …. A Voice says them in its
// language (message turn.dir.<word>).
var HeadingWords = map[engine.Heading]string{
	engine.HeadingN: "north", engine.HeadingNE: "north-east", engine.HeadingE: "east", engine.HeadingSE: "south-east",
	engine.HeadingS: "south", engine.HeadingSW: "south-west", engine.HeadingW: "west", engine.HeadingNW: "north-west",
}

// FlightWords says where a figure on the flying machine of tile t placed as
// p flies on game g (001_…, "The Flying Machines": 1 to 3 tiles, the die):
// "flies north 1 to 3 tiles: (0,-1), (0,-2) or (0,-3)".
// In vo's language.
func (vo Voice) FlightWords(g *engine.Game, t engine.TileID, p engine.Placement) string {
	cells := flightCells(g, t, p)
	if len(cells) == 0 {
		return vo.t("turn.flight.any")
	}
	dir := vo.compass(HeadingWords[g.TileSet().Tile(t).Flight.Rotate(p.Rotation)])
	return vo.t("turn.flight", "Heading", dir, "Cells", vo.JoinOr(cells))
}

// flightCells lists the cells a figure on the flying machine of tile t
// placed as p may land on, for a roll of 1, 2 and 3: "(0,-1)", "(0,-2)",
// "(0,-3)"; none when t has no flying machine.
func flightCells(g *engine.Game, t engine.TileID, p engine.Placement) []string {
	var cells []string
	for n := 1; n <= 3; n++ {
		if c, ok := g.FlightCell(t, p.Cell, p.Rotation, n); ok {
			cells = append(cells, "("+c.String()+")")
		}
	}
	return cells
}

// compass says a compass word of the engine ("north", "north-east" …) in
// vo's language.
func (vo Voice) compass(w string) string {
	if w == "" {
		return ""
	}
	return vo.t("turn.dir." + w)
}

// directions says engine.PortSet.Direction's words ("north", "east and
// west", "north, south-east and west") in vo's language.
func (vo Voice) directions(d string) string {
	if d == "" {
		return ""
	}
	var ws []string
	head, last, two := strings.Cut(d, " and ")
	if two {
		ws = append(strings.Split(head, ", "), last)
	} else {
		ws = []string{head}
	}
	for i, w := range ws {
		ws[i] = vo.compass(w)
	}
	return vo.JoinAnd(ws)
}

// JoinOr joins words with commas and a final "or": "a, b or c".
// In vo's language (messages turn.list.more and turn.list.or).
func (vo Voice) JoinOr(ws []string) string { return vo.join(ws, "turn.list.or") }

// JoinAnd joins words with commas and a final "and": "a, b and c".
// In vo's language (messages turn.list.more and turn.list.and).
func (vo Voice) JoinAnd(ws []string) string { return vo.join(ws, "turn.list.and") }

// Parts joins the parts of a list that are themselves lists or clauses:
// "road completed: Alice +4; city completed: Bob +8" (message
// turn.list.parts; French puts a narrow space before the semicolon).
func (vo Voice) Parts(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	s := ws[0]
	for _, w := range ws[1:] {
		s = vo.t("turn.list.parts", "List", s, "Item", w)
	}
	return s
}

func (vo Voice) join(ws []string, last string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	s := ws[0]
	for _, w := range ws[1 : len(ws)-1] {
		s = vo.t("turn.list.more", "List", s, "Item", w)
	}
	return vo.t(last, "List", s, "Last", ws[len(ws)-1])
}

// ScoreExtras lists what a feature's score counted beyond its tiles, in
// words, as both front ends write them after "with": "an inn" (Inns &
// Cathedrals: a road with an inn), "a cathedral", "a pig herd" (Traders &
// Builders: a farm with a pig herd).
// In vo's language.
func (vo Voice) ScoreExtras(ev engine.ScoreEvent) []string {
	var with []string
	if ev.Markers&engine.Inn != 0 {
		with = append(with, vo.t("turn.extra.inn"))
	}
	if ev.Markers&engine.Cathedral != 0 {
		with = append(with, vo.t("turn.extra.cathedral"))
	}
	if ev.Markers&engine.PigHerd != 0 {
		with = append(with, vo.t("turn.extra.pig_herd"))
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

// Role names a follower on a feature of kind k in vo's language, as the
// rulebook does: thief (road), knight (city), monk (cloister), farmer
// (field); follower for any other kind.
func (vo Voice) Role(k engine.FeatureKind) string { return vo.t("turn.role." + k.Role()) }

// largeRole names a large follower on a feature of kind k: "large knight".
func (vo Voice) largeRole(k engine.FeatureKind) string {
	return vo.t("turn.role.large_" + k.Role())
}

// Figure names figure f in vo's language: "follower", "large follower",
// "builder", "pig" (engine.Figure.Title in English).
func (vo Voice) Figure(f engine.Figure) string {
	switch f {
	case engine.FigureFollower, engine.FigureLarge, engine.FigureBuilder, engine.FigurePig:
		return vo.t("turn.figure." + f.String())
	}
	return vo.t("turn.figure.unknown")
}

// Kind names a kind of feature in vo's language: "road", "city",
// "cloister", "field", "river".
func (vo Voice) Kind(k engine.FeatureKind) string {
	switch k {
	case engine.Road, engine.City, engine.Cloister, engine.Field, engine.River:
		return vo.t("turn.feature." + k.String())
	}
	return vo.t("turn.feature.unknown")
}

// MessageTitle says what Message tile n does in vo's language ("the
// shortest road", "2 points per knight"; engine.Message.Title in English).
func (vo Voice) MessageTitle(n engine.Message) string {
	if n >= engine.MessageShortestRoad && n <= engine.MessageFollower {
		return vo.t("turn.message." + n.String())
	}
	return n.Title()
}
