package engine

// This file holds the Cathars (spec/rules-options.md, "Cathars"; 002_…,
// "Sequence of Play", step 7): besieged cities and the escape of a knight.

// checkEscape checks m.Escape, the escape of one of the current player's
// knights after move m is scored.
func (g *Game) checkEscape(m Move) error {
	return moveErr(ErrNoEscape, "escapes are not played yet")
}

// escape takes the knight named by target back to its owner's supply.
func (g *Game) escape(target Target) {
}
