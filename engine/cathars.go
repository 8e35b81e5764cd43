package engine

import (
	"fmt"
	"slices"
)

// This file holds the Cathars (spec/rules-options.md, "Cathars"; 002_…,
// "Sequence of Play", step 7): the escape of a knight from a besieged city.
// The siege's points are scored in score.go.
//
// Step 7 comes after the scoring of step 6: "If there is a cloister
// adjacent to a Cathar tile then the player may return one knight or
// builder from the besieged city to his supply." The reading of
// rules-options.md: a cloister on any of the 8 cells around any tile of a
// city with a siege (TileFeature.Markers holds Besieged) lets the current
// player take back one of their figures in that city, whatever its kind,
// also one deployed this turn. A Move names the escaping knight by the tile
// it stands on and a port of its city segment there (Move.Escape).

// checkEscape checks m.Escape, the escape of one of the current player's
// knights after move m is scored. m's tile, placement and figure must be
// legal already. It plays the move without the escape on a copy of the
// game (Check's path only; Play does not copy).
func (g *Game) checkEscape(m Move) error {
	if g.x == nil || !g.rules.Expansions.Has(ExpansionCathars) {
		return moveErr(ErrNoEscape, "the Cathars are not played in this game, so no knight escapes")
	}
	c := g.afterTile(m)
	defer dropScratch(c)
	return c.escapeErr(m.Escape)
}

// afterTile returns a copy of the game after the ransom, tile, figure (or
// tower and capture) and scoring of move m (a legal placement), before the
// escape and the end of the turn: a scratch copy, for dropScratch once
// done with.
func (g *Game) afterTile(m Move) *Game {
	c := g.scratchCopy()
	c.part = partTurn{}
	m.Escape = Target{}
	if m.Ransomed {
		c.payRansom(m.Ransom)
	}
	c.draw(m.Tile)
	c.playTile(&m)
	return c
}

// escapeErr says why the current player's knight at target may not escape
// now, or returns nil when it may.
func (g *Game) escapeErr(target Target) error {
	who := g.players[g.current]
	if !inRange(target.Cell) {
		return moveErr(ErrNoEscape, fmt.Sprintf("(%s) is off the board", target.Cell))
	}
	ti := g.placedAt(int16(target.Cell.X), int16(target.Cell.Y))
	if ti < 0 {
		return moveErr(ErrNoEscape, fmt.Sprintf("no tile lies at (%s), so no knight escapes from there", target.Cell))
	}
	pt := &g.tiles[ti]
	f, ok := g.ts.FeatureAt(pt.tile, pt.rot, target.Port)
	if !ok {
		return moveErr(ErrNoEscape, fmt.Sprintf("tile %s at (%s) has nothing at port %s", g.ts.Name(pt.tile), target.Cell, target.Port))
	}
	nd := pt.seg + int16(f)
	if k := g.nodes[nd].kind; k != City {
		return moveErr(ErrNoEscape, fmt.Sprintf("port %s of the tile at (%s) is a %s, not a city: only knights escape", target.Port, target.Cell, kindWord(k)))
	}
	if g.meepleAt(nd, g.current) < 0 {
		return moveErr(ErrNoEscape, fmt.Sprintf("%s has no knight on the city at (%s) %s", who, target.Cell, target.Port))
	}
	r := g.find(nd)
	if g.nodes[r].marks&packMarks(Besieged) == 0 {
		return moveErr(ErrNoEscape, "that city is not besieged, so its knights cannot escape")
	}
	if !g.cloisterBeside(r) {
		return moveErr(ErrNoEscape, "no cloister lies next to the besieged city, so its knights cannot escape")
	}
	return nil
}

// meepleAt returns the index in g.meeples of player p's figure on segment
// node nd, or -1.
func (g *Game) meepleAt(nd int16, p int) int {
	for i, m := range g.meeples {
		if m.node == nd && int(m.player) == p {
			return i
		}
	}
	return -1
}

// cloisterBeside reports whether a cloister lies on one of the 8 cells
// around a tile of the feature with root r.
func (g *Game) cloisterBeside(r int16) bool {
	for i := range g.nodes {
		if g.nodes[i].kind != City || g.find(int16(i)) != r {
			continue
		}
		t := &g.tiles[g.nodes[i].tile]
		for ddy := int16(-1); ddy <= 1; ddy++ {
			for ddx := int16(-1); ddx <= 1; ddx++ {
				if ddx == 0 && ddy == 0 {
					continue
				}
				if n := g.placedAt(t.x+ddx, t.y+ddy); n >= 0 && g.tiles[n].cloister >= 0 {
					return true
				}
			}
		}
	}
	return false
}

// escape takes the current player's knight named by target (checked by
// escapeErr) back to their supply.
func (g *Game) escape(target Target) {
	ti := g.placedAt(int16(target.Cell.X), int16(target.Cell.Y))
	if ti < 0 {
		return
	}
	pt := &g.tiles[ti]
	f, ok := g.ts.FeatureAt(pt.tile, pt.rot, target.Port)
	if !ok {
		return
	}
	nd := pt.seg + int16(f)
	i := g.meepleAt(nd, g.current)
	if i < 0 {
		return
	}
	m := g.meeples[i]
	g.meeples = append(g.meeples[:i], g.meeples[i+1:]...)
	g.nodes[g.find(nd)].followers--
	g.returnFigure(m)
}

// Escapes returns the knights the current player may take back with the
// Cathars' escape if move m (its Escape aside) is played: for each, the
// tile it stands on and the port that names its city segment there (board
// orientation), in the order the figures were deployed, a spot that holds
// two of them (a crop circle's, a landing) once, as one answer names them.
// It returns nil when m is not legal, when no knight can escape, and in a
// game without the Cathars. A Move with Escape set to one of them is legal (Check).
func (g *Game) Escapes(m Move) []Target {
	m.Escape = Target{}
	if g.x == nil || !g.rules.Expansions.Has(ExpansionCathars) || m.Discard || m.Resign || g.check(m) != nil {
		return nil
	}
	c := g.afterTile(m)
	defer dropScratch(c)
	var out []Target
	for _, mp := range c.meeples {
		if int(mp.player) != c.current || mp.kind != City {
			continue
		}
		pt := &c.tiles[mp.tile]
		t := Target{Cell: Cell{int(pt.x), int(pt.y)}, Port: c.ts.orients[pt.tile][pt.rot].main[c.nodes[mp.node].feat]}
		if !slices.Contains(out, t) && c.escapeErr(t) == nil {
			out = append(out, t)
		}
	}
	return out
}

// actEscape takes an answer to StepEscape, a knight's escape from a besieged
// city (002_…, step 7); the step's other rules (stepRules) follow it here.
func (g *Game) actEscape(a Answer, t TileID) (bool, error) {
	m := g.partMove()
	m.Escape = a.Target
	if a.Target.Port != NoPort {
		if err := g.checkEscape(m); err != nil {
			return false, err
		}
	}
	g.part.escape = a.Target
	return g.endTurn(m)
}

func (g *Game) escapeAnswers(t TileID) []Answer {
	out := []Answer{{Step: StepEscape}}
	for _, e := range g.Escapes(g.partMove()) {
		out = append(out, Answer{Step: StepEscape, Target: e})
	}
	return out
}

func escapeText(a Answer) string {
	if a.Target.Port == NoPort {
		return passToken
	}
	return "escape@" + targetString(a.Target)
}

func moveEscape(m *Move, a Answer) {
	m.Escape = a.Target
}
