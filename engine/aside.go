package engine

import (
	"fmt"
	"math/rand/v2"
)

// This file holds the tiles set aside: a frame for the expansions whose
// rules take a drawn tile out of the pile for a while (The Princess & the
// Dragon, 004_…: "if a player draws a dragon tile before any volcano has
// been placed, he sets it aside and draws again; once a volcano is placed,
// the tiles set aside are shuffled back into the pile"). The record writes
// such a turn "n. TILE aside" (spec/record.md): the same player draws
// again and the turn number does not move, as with a discard. An
// expansion that sets tiles aside fills Rules.aside (The Princess & the
// Dragon: dragonAside).

// maxAside is the most tiles set aside at once (The Princess & the Dragon
// has 12 dragon tiles).
const maxAside = 16

// asideStream is the random stream of the shuffle that brings the tiles set
// aside back into the pile, apart from the pile's own (pileStream).
const asideStream = 0x61736964

// asideRule says which tiles are set aside and when they come back.
type asideRule struct {
	// sets reports whether tile t, drawn now in game g, must be set aside.
	sets func(g *Game, t TileID) bool
	// returns reports whether placing tile t brings the tiles set aside
	// back into the draw pile.
	returns func(t TileID) bool
}

// SetsAside reports whether the tile drawn must be set aside now (Move.Aside)
// rather than placed.
func (g *Game) SetsAside() bool {
	t, ok := g.Drawn()
	return ok && g.rules.aside.sets != nil && g.x != nil && g.rules.aside.sets(g, t)
}

// Aside returns the tiles set aside, in the order they were drawn.
func (g *Game) Aside() []TileID {
	if g.x == nil {
		return nil
	}
	return append([]TileID(nil), g.x.aside[:g.x.naside]...)
}

// checkAside checks move m against the rules that set tiles aside: a tile
// they set aside cannot be placed nor discarded, and no other tile may be
// set aside.
func (g *Game) checkAside(m Move) error {
	name := g.ts.Name(m.Tile)
	sets := g.x != nil && g.rules.aside.sets != nil && g.rules.aside.sets(g, m.Tile)
	switch {
	case m.Aside && !sets:
		return moveErr(ErrCannotSetAside, fmt.Sprintf("tile %s cannot be set aside: no rule of this game sets it aside now", name))
	case m.Aside && int(g.x.naside) >= maxAside:
		return moveErr(ErrCannotSetAside, fmt.Sprintf("tile %s cannot be set aside: %d tiles are aside already", name, maxAside))
	case !m.Aside && sets:
		return moveErr(ErrMustSetAside, fmt.Sprintf("tile %s must be set aside now; it comes back into the pile later", name))
	}
	return nil
}

// setAside keeps tile t, drawn already, among the tiles set aside.
func (g *Game) setAside(t TileID) {
	g.x.aside[g.x.naside] = t
	g.x.naside++
}

// returnAside puts the tiles set aside back among the tiles still to be
// drawn and shuffles those of their group, with a stream of the game's seed
// (the order matters only to a live game: a record names every tile).
func (g *Game) returnAside() {
	x := g.x
	for _, t := range x.aside[:x.naside] {
		// The tile was drawn: it is in pile[:top]. Move it to pile[top-1]
		// and draw one tile less.
		for i := g.top - 1; i >= 0; i-- {
			if g.pile[i] == t {
				g.pile[i], g.pile[g.top-1] = g.pile[g.top-1], g.pile[i]
				g.top--
				break
			}
		}
	}
	group := g.rules.group[x.aside[0]]
	x.naside = 0
	from := g.top
	for from < len(g.pile) && g.rules.group[g.pile[from]] != group {
		from++
	}
	part := g.pile[from:]
	src := rand.NewPCG(g.seed^uint64(g.turn), asideStream)
	for i := len(part) - 1; i > 0; i-- {
		j := bounded(src, uint64(i+1))
		part[i], part[j] = part[j], part[i]
	}
}
