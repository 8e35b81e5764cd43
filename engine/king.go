package engine

// This file holds King & Robber Baron (spec/rules-options.md, "King &
// Robber Baron"; 002_…, "Sequence of Play", step 2, and "Scoring Summary"):
// the King goes to the player who completes a city larger than every city
// completed before, the Robber Baron to the player who completes a road
// longer than every road completed before, and at the end their holders
// score 1 point per completed city, and per completed road, on the board.
//
// Readings: "the player who placed the tile takes the King" (002_, step 2)
// whether or not they have knights in that city, and whether or not anyone
// has; a city of the same size as the largest completed before does not take
// it ("larger than any previous city"); sizes are in tiles. A tile that
// completes several cities at once offers each in turn, in the order of the
// tile's segments; as they are all completed by the same player, only the
// largest matters. "Completed" cities and roads at the end are those
// completed during the game, with followers or not; an incomplete one never
// counts.

// crown gives the King or the Robber Baron to the current player when the
// city or road of root r, completed on this turn, is larger (in tiles) than
// every city or road completed before (002_…, step 2). It does nothing
// without King & Robber Baron.
func (g *Game) crown(r int16) {
	if !g.rules.Expansions.Has(ExpansionKingAndRobber) {
		return
	}
	n := &g.nodes[r]
	t := &g.x.king
	if n.kind == Road {
		t = &g.x.baron
	}
	if n.tiles > t.size {
		t.size = n.tiles
		t.holder = int8(g.current) + 1
	}
}

// scoreTitles scores the King's and the Robber Baron's final bonuses: 1
// point to the King's holder for each completed city on the board, 1 to the
// Robber Baron's for each completed road (002_…, "Scoring Summary": "King
// Per completed City in the game 1", "Robber Baron Per completed Road in the
// game 1"). The events have Source SourceKing (Feature City, Cities the
// number of cities) and SourceRobberBaron (Feature Road, Tiles the number
// of roads), Final and the last turn played.
func (g *Game) scoreTitles() {
	if !g.rules.Expansions.Has(ExpansionKingAndRobber) {
		return
	}
	cities, roads := 0, 0
	for i := range g.nodes {
		n := &g.nodes[i]
		if !n.done || n.parent != int16(i) {
			continue
		}
		switch n.kind {
		case City:
			cities++
		case Road:
			roads++
		}
	}
	last := g.turn - 1
	if h := g.x.king.holder; h > 0 && cities > 0 {
		g.addPoints(int(h)-1, ScoreEvent{Turn: last, Feature: City, Cities: cities, Points: cities, Complete: true, Final: true, Source: SourceKing})
	}
	if h := g.x.baron.holder; h > 0 && roads > 0 {
		g.addPoints(int(h)-1, ScoreEvent{Turn: last, Feature: Road, Tiles: roads, Points: roads, Complete: true, Final: true, Source: SourceRobberBaron})
	}
}
