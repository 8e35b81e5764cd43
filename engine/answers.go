package engine

import (
	"errors"
	"fmt"
)

// ErrBadAnswer: AnswerOf was given a notation that is not one of the
// answers of the step the game waits for.
var ErrBadAnswer = errors.New("that is not an answer")

// passToken is the notation of an optional choice passed (spec/record.md,
// "A turn with expansions": "-").
const passToken = "-"

// AnswerOf returns the answer of the step g waits for (Pending) whose
// notation is s, as Answer.String writes it: the record's token
// (spec/record.md) — "1,0 90", "large@N", "dragon@1,0", "-" … It is how
// the answers of a turn under way, stored as text, are played again (the
// turn of a game waiting for other players' choices, across a restart),
// and how a front end reads a choice typed or carried by a component. It
// returns an error wrapping ErrBadAnswer when s is none of the answers
// Answers lists (which Act accepts), ErrGameOver's once the game is over.
func (g *Game) AnswerOf(s string) (Answer, error) {
	d := g.Pending()
	if d.Step == StepNone {
		return Answer{}, moveErr(ErrGameOver, "")
	}
	for _, a := range g.Answers() {
		if a.String() == s {
			return a, nil
		}
	}
	return Answer{}, fmt.Errorf("%w: %q is not an answer of the %s step now", ErrBadAnswer, s, d.Step)
}
