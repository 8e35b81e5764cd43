package terminal

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file lists the choices of a decision that players other than the
// one who placed the tile make in the middle of a turn (the dragon's
// steps, a crop circle's choice and answers) from the engine's list, in
// the words and notation Discord's step messages use (turnview.Options):
// `choices` lists them, `choose N` or `choose NOTATION` answers.

// pending returns the game a decision in the middle of a turn waits on
// (the dragon's way, a crop circle), or nil when none does.
func (s *session) pending() *engine.Game {
	if s.dragon == nil || s.dragon.act == nil {
		return nil
	}
	return s.dragon.act
}

// choicesCommand plays `choices`: the options of the decision the turn
// waits for, numbered, each with its label and its notation ("  1  ⬆
// (0,-1)  dragon 0,-1").
func (s *session) choicesCommand() {
	g := s.pending()
	if g == nil {
		fmt.Fprintln(s.out, "No choice waits in the middle of a turn: place the tile (spots lists where a figure may go).")
		return
	}
	fmt.Fprintln(s.out, turnview.Asks(g, s.names()))
	for k, o := range turnview.Options(g, s.names()) {
		fmt.Fprintf(s.out, "  %-3d %s  [%s]\n", k+1, o.Label, o.Value)
	}
}

// chooseCommand plays `choose N` (the N-th of choices) or `choose
// NOTATION` ("choose dragon 0,-1", "choose pick none"): the answer to the
// decision the turn waits for, by the player who decides it; alone, it
// lists the choices.
func (s *session) chooseCommand(args []string) error {
	g := s.pending()
	if g == nil {
		fmt.Fprintln(s.out, "No choice waits in the middle of a turn: place the tile (spots lists where a figure may go).")
		return nil
	}
	if len(args) == 0 {
		s.choicesCommand()
		return nil
	}
	opts := turnview.Options(g, s.names())
	var o turnview.Option
	if n, err := strconv.Atoi(strings.Join(args, " ")); err == nil {
		if n < 1 || n > len(opts) {
			fmt.Fprintf(s.out, "There is no choice %d: they are numbered 1 to %d (choices lists them).\n", n, len(opts))
			return nil
		}
		o = opts[n-1]
	} else {
		var err error
		if o, err = turnview.Lookup(g, s.names(), strings.Join(args, " ")); err != nil {
			fmt.Fprintln(s.out, sentence(err.Error())+" Write choose N from choices.")
			return nil
		}
	}
	switch o.Answer.Step {
	case engine.StepDragon:
		return s.dragonStep(o.Answer.Cell)
	case engine.StepCrop, engine.StepCropPick:
		return s.cropAnswer(o.Answer)
	}
	fmt.Fprintf(s.out, "%s\n", turnview.Asks(g, s.names()))
	return nil
}
