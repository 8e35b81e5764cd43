package ai

import (
	"fmt"

	"github.com/meeple-works/carcassonne/engine"
)

// PlayGame plays game g to its end with computer players: seats[p] plays
// player p (an index in turn order), with seed+turn number as each
// decision's seed, through the checked step API (engine.Game.Act). It
// returns the first error of a computer or of the engine; g is then left
// where it stopped.
func PlayGame(g *engine.Game, seats []Config, seed uint64) error {
	if len(seats) != g.NumPlayers() {
		return fmt.Errorf("ai: %d computer players for a game of %d", len(seats), g.NumPlayers())
	}
	for n := uint64(0); g.Pending().Step != engine.StepNone; n++ {
		p := g.Pending().Player
		as, err := seats[p].Turn(g, seed+n*0x9e3779b97f4a7c15)
		if err != nil {
			return err
		}
		for _, a := range as {
			if _, err := g.Act(a); err != nil {
				return fmt.Errorf("ai: %s's answer %s refused: %w", seats[p].Level.Name(), a, err)
			}
		}
	}
	return nil
}
