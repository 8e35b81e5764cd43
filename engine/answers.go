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
// 1,0 90", "tile 1,0 90 ransom large from 2", "tile discard", "tile aside",
// "figure none", "figure large@N", "figure tower@1,0", "figure
// follower@1,0:tower", "capture none", "capture 0,-1:S", "capture
// 2,0:tower", "escape none", "escape 0,-1:S"; with The Princess & the
// Dragon "figure princess@0,1:N", "figure fairy@0,1", "figure
// follower@2,0:E" (through the magic portal) and "dragon 1,0"; with the
// mini expansions "figure follower@fly", "roll 2", "land 1,0:N", "land
// off", "gold 1,1", "ferry E+W", "ferry-move 1,0:N+S" and "ferry-move
// none". Words are separated by
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
	switch f[0] {
	case "tile":
		a := Answer{Step: StepTile}
		switch {
		case len(f) == 2 && f[1] == "discard":
			a.Discard = true
			return a, nil
		case len(f) == 2 && f[1] == "aside":
			a.Aside = true
			return a, nil
		case len(f) != 3 && len(f) != 7:
			return bad("a tile answer is a cell and a rotation, with a ransom after them")
		}
		c, err := ParseCell(f[1])
		if err != nil {
			return bad(err.Error())
		}
		deg, err := strconv.Atoi(f[2])
		r, ok := RotationFromDegrees(deg)
		if err != nil || !ok {
			return bad("the rotation is 0, 90, 180 or 270")
		}
		a.Cell, a.Rotation = c, r
		if len(f) == 7 {
			fig, ok := ParseFigure(f[4])
			seat, err := strconv.Atoi(f[6])
			if f[3] != "ransom" || f[5] != "from" || !ok || fig > FigureLarge || err != nil || seat < 1 || seat > MaxPlayers {
				return bad("a ransom reads ransom FIGURE from SEAT")
			}
			a.Ransomed, a.Ransom = true, Ransom{Jailer: seat - 1, Figure: fig}
		}
		return a, nil
	case "figure":
		a := Answer{Step: StepFigure}
		if len(f) != 2 {
			return bad("a figure answer is one word")
		}
		if f[1] == "none" {
			return a, nil
		}
		what, where, ok := strings.Cut(f[1], "@")
		fig, okf := ParseFigure(what)
		if !ok {
			return bad("a figure answer reads FIGURE@PORT")
		}
		if where == "fly" && okf && fig <= FigureLarge {
			// Onto the flying machine (The Flying Machines).
			a.Fly, a.Figure = true, fig
			return a, nil
		}
		switch what {
		case "princess":
			t, ok := answerTarget(where)
			if !ok {
				return bad("the princess reads princess@X,Y:PORT")
			}
			a.Princess, a.Target = true, t
			return a, nil
		case "fairy":
			c, err := ParseCell(where)
			if err != nil {
				return bad(err.Error())
			}
			a.Fairy, a.Cell = true, c
			return a, nil
		}
		if cell, ok := strings.CutSuffix(where, ":tower"); ok && okf && fig <= FigureLarge {
			c, err := ParseCell(cell)
			if err != nil {
				return bad(err.Error())
			}
			a.Tower, a.Figure, a.Cell = TowerTop, fig, c
			return a, nil
		}
		if what == "tower" {
			c, err := ParseCell(where)
			if err != nil {
				return bad(err.Error())
			}
			a.Tower, a.Cell = TowerPiece, c
			return a, nil
		}
		if t, ok := answerTarget(where); ok && okf {
			// Through the magic portal, onto a feature of any tile.
			a.Portal, a.Figure, a.Cell, a.Port = true, fig, t.Cell, t.Port
			return a, nil
		}
		p, okp := ParsePort(where)
		if !okf || !okp || p == NoPort {
			return bad("a figure answer reads FIGURE@PORT")
		}
		a.Figure, a.Port = fig, p
		return a, nil
	case "gold":
		if len(f) != 2 {
			return bad("the second gold ingot reads gold X,Y")
		}
		c, err := ParseCell(f[1])
		if err != nil {
			return bad(err.Error())
		}
		return Answer{Step: StepGold, Cell: c}, nil
	case "roll":
		n, err := strconv.Atoi(f[1])
		if len(f) != 2 || err != nil || n < 1 || n > 3 {
			return bad("the die reads roll 1, 2 or 3")
		}
		return Answer{Step: StepRoll, Roll: n}, nil
	case "land":
		if len(f) != 2 {
			return bad("a landing reads land X,Y:PORT or land off")
		}
		if f[1] == "off" {
			return Answer{Step: StepLand}, nil
		}
		t, ok := answerTarget(f[1])
		if !ok {
			return bad("a landing reads land X,Y:PORT or land off")
		}
		return Answer{Step: StepLand, Target: t}, nil
	case "ferry":
		l, ok := ParseFerryLink(f[1])
		if len(f) != 2 || !ok {
			return bad("the ferry reads ferry PORT+PORT, two road ends of the lake (\"ferry E+W\")")
		}
		return Answer{Step: StepFerry, Link: l}, nil
	case "ferry-move":
		if len(f) != 2 {
			return bad("a ferry move reads ferry-move X,Y:PORT+PORT or ferry-move none")
		}
		if f[1] == "none" {
			return Answer{Step: StepFerryMove}, nil
		}
		cell, link, ok := strings.Cut(f[1], ":")
		c, err := ParseCell(cell)
		l, okl := ParseFerryLink(link)
		if !ok || err != nil || !okl {
			return bad("a ferry move reads ferry-move X,Y:PORT+PORT or ferry-move none")
		}
		return Answer{Step: StepFerryMove, Cell: c, Link: l}, nil
	case "dragon":
		if len(f) != 2 {
			return bad("a step of the dragon reads dragon X,Y")
		}
		c, err := ParseCell(f[1])
		if err != nil {
			return bad(err.Error())
		}
		return Answer{Step: StepDragon, Cell: c}, nil
	case "capture", "escape":
		a := Answer{Step: StepCapture}
		if f[0] == "escape" {
			a.Step = StepEscape
		}
		if len(f) != 2 {
			return bad("the answer is one word")
		}
		if f[1] == "none" {
			return a, nil
		}
		cell, port, ok := strings.Cut(f[1], ":")
		c, err := ParseCell(cell)
		if !ok || err != nil {
			return bad("a figure on the board reads X,Y:PORT")
		}
		if port == "tower" && a.Step == StepCapture {
			a.Target = Target{Cell: c, Tower: true}
			return a, nil
		}
		p, ok := ParsePort(port)
		if !ok || p == NoPort {
			return bad("a figure on the board reads X,Y:PORT")
		}
		a.Target = Target{Cell: c, Port: p}
		return a, nil
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
