package engine

import (
	"math/rand/v2"
)

// withFerries sets the ferry parts of move m, a legal placement of the tile
// drawn, with The Ferries: the ferry of a lake tile on a link of
// FerryLinks picked by rng (the first one when rng is nil), then, for each
// ferry the tile reaches, a move to another link about half the time (none
// when rng is nil).
func withFerries(g *Game, rng *rand.Rand, m *Move) {
	if m.Discard || m.Aside || m.Resign || !g.ferriesOn() {
		return
	}
	var links [6]FerryLink
	if ls := g.AppendFerryLinks(links[:0], m.Tile, m.Rotation); len(ls) > 0 {
		m.Ferry = ls[0]
		if rng != nil {
			m.Ferry = ls[rng.IntN(len(ls))]
		}
	}
	if rng == nil || g.x.ferries.n == 0 {
		// No ferry on the board: none to move (MovableFerries).
		return
	}
	var buf [24]FerryMove
	for {
		moves := g.AppendFerryMoves(buf[:0], *m)
		if len(moves) == 0 || rng.IntN(2) == 0 {
			return
		}
		m.FerryMoves = m.FerryMoves.Add(moves[rng.IntN(len(moves))])
	}
}

// refFerryMoves counts the ferries moved in the random games.
var refFerryMoves int

// ferried reports whether the move m touched cell c: the tile it placed,
// or the lake of a ferry it moved, so that a road through c may have been
// completed by it.
func ferried(m Move, c Cell) bool {
	return c == m.Cell || movesFerry(m.FerryMoves, c)
}

// touched reports whether move m touched feature rf (see ferried).
func (rb *refBoard) touched(rf *refFeature, m Move) bool {
	for c := range rf.tiles {
		if ferried(m, c) {
			return true
		}
	}
	return false
}
