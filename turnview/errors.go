package turnview

import (
	"errors"

	"github.com/meeple-works/carcassonne/engine"
)

// ruleErrors are the engine's rule errors (its sentinel errors) with the
// last part of their messages, turn.error.<name>
// (i18n/locales/errors.<tag>.toml): the rules of an expansion and of one
// step first, the game's and the answers' general ones last, so that the
// most specific rule an error wraps is the one said.
var ruleErrors = []struct {
	err  error
	name string
}{
	// A tile's placement.
	{engine.ErrEdgesMismatch, "edges_mismatch"},
	{engine.ErrUTurn, "u_turn"},
	{engine.ErrRiver, "river"},
	{engine.ErrCellTaken, "cell_taken"},
	{engine.ErrNoNeighbour, "no_neighbour"},
	{engine.ErrBadRotation, "bad_rotation"},
	{engine.ErrCannotDiscard, "cannot_discard"},
	{engine.ErrMustSetAside, "must_set_aside"},
	{engine.ErrCannotSetAside, "cannot_set_aside"},
	// Figures.
	{engine.ErrDragonTile, "dragon_tile"},
	{engine.ErrOccupied, "occupied"},
	{engine.ErrNoSuchSpot, "no_such_spot"},
	{engine.ErrNoFollowers, "no_followers"},
	{engine.ErrFarmsOff, "farms_off"},
	{engine.ErrNotYours, "not_yours"},
	{engine.ErrNoSuchFigure, "no_such_figure"},
	{engine.ErrOneAction, "one_action"},
	{engine.ErrVolcano, "volcano"},
	// The expansions' steps.
	{engine.ErrNoEscape, "no_escape"},
	{engine.ErrTowerClosed, "tower_closed"},
	{engine.ErrNoTowerPieces, "no_tower_pieces"},
	{engine.ErrNoTower, "no_tower"},
	{engine.ErrNoCapture, "no_capture"},
	{engine.ErrNoRansom, "no_ransom"},
	{engine.ErrDragon, "dragon"},
	{engine.ErrPrincess, "princess"},
	{engine.ErrFairy, "fairy"},
	{engine.ErrPortal, "portal"},
	{engine.ErrCrop, "crop"},
	{engine.ErrFerry, "ferry"},
	{engine.ErrNoFlight, "no_flight"},
	{engine.ErrNoLanding, "no_landing"},
	{engine.ErrNoGold, "no_gold"},
	{engine.ErrMagic, "magic"},
	{engine.ErrScoreChoice, "score_choice"},
	// The tiles of the draw pile.
	{engine.ErrNotDrawn, "not_drawn"},
	{engine.ErrOutOfTurn, "out_of_turn"},
	{engine.ErrNotInPile, "not_in_pile"},
	{engine.ErrUnknownTile, "unknown_tile"},
	// The game and its players.
	{engine.ErrResigned, "resigned"},
	{engine.ErrNotAPlayer, "not_a_player"},
	{engine.ErrPlayers, "players"},
	{engine.ErrUnknownExpander, "unknown_expander"},
	{engine.ErrBadOption, "bad_option"},
	{engine.ErrGameOver, "game_over"},
	{engine.ErrWrongStep, "wrong_step"},
	{engine.ErrBadAnswer, "bad_answer"},
}

// RuleError returns the rule of the engine that err breaks, as a whole
// sentence in the voice's language ("Die Kanten der Karte passen nicht zu
// ihren Nachbarn."), and true, when err is or wraps one of the engine's
// rule errors (errors.Is: engine.ErrEdgesMismatch, engine.ErrOccupied …,
// a *engine.MoveError that wraps one). English reads the rule error's own
// text, capitalized, with a full stop ("The tile's edges do not match its
// neighbours."). The sentence says the rule only: the details of a
// *engine.MoveError's Reason ("the north side of V is a field …") are the
// engine's English and are left out. For any other error, RuleError
// returns "" and false.
func (vo Voice) RuleError(err error) (string, bool) {
	if err == nil {
		return "", false
	}
	for _, re := range ruleErrors {
		if errors.Is(err, re.err) {
			return vo.word("turn.error." + re.name), true
		}
	}
	return "", false
}
