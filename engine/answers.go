package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrBadAnswer: ParseAnswer could not read an answer.
var ErrBadAnswer = errors.New("that is not an answer")

// This file reads back the notation of Answer.String, so that the answers
// of a turn under way can be stored as text and played again (the turn
// of a game waiting for other players' choices, across a restart).

// ParseAnswer reads an answer in the notation Answer.String writes: "tile
// 1,0 90", "tile 1,0 90 ransom/2=large" (the ransom as a record writes
// it; "ransom large from 2" reads too), "tile discard", "tile aside",
// "figure none", "figure large@N", "figure tower@1,0", "figure
// follower@1,0:tower", "capture none", "capture 0,-1:S", "capture
// 2,0:tower", "escape none", "escape 0,-1:S"; with The Princess & the
// Dragon "figure princess@0,1:N", "figure fairy@0,1", "figure
// follower@2,0:E" (through the magic portal) and "dragon 1,0"; with the
// mini expansions "figure follower@fly", "roll 2", "land 1,0:N", "land
// off", "gold 1,1", "ferry E+W", "ferry-move 1,0:N+S", "ferry-move
// none", "magic mage@1,0:N", "magic witch@off", "crop add", "crop
// remove", "pick none", "pick large@1,0:N" and "pick return
// follower@1,0:N". Words are separated by
// single spaces, as String writes them. It returns an error wrapping
// ErrBadAnswer that says what does not read; whether the answer is legal
// is Act's to say.
func ParseAnswer(s string) (Answer, error) {
	bad := func(why string) (Answer, error) {
		return Answer{}, fmt.Errorf("%w: %q: %s", ErrBadAnswer, s, why)
	}
	f := strings.Split(s, " ")
	if len(f) < 2 {
		return bad("an answer is a step and what it does")
	}
	for st := StepTile; st < numSteps; st++ {
		if stepNames[st] == f[0] {
			return stepRules[st].parse(f, bad)
		}
	}
	return bad("no step is called " + strconv.Quote(f[0]))
}

// answerTarget reads a feature on the board, "X,Y:PORT".
func answerTarget(s string) (Target, bool) {
	cell, port, ok := strings.Cut(s, ":")
	c, err := ParseCell(cell)
	p, okp := ParsePort(port)
	if !ok || err != nil || !okp || p == NoPort {
		return Target{}, false
	}
	return Target{Cell: c, Port: p}, true
}
