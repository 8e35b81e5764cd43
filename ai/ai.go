package ai

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/meeple-works/carcassonne/engine"
)

// Errors returned by Turn and Config.Choose; test them with errors.Is.
var (
	// ErrGameOver: the game is over, there is nothing to answer.
	ErrGameOver = errors.New("the game is over")
	// ErrNoLevel: the level is not one of Random, Easy, Normal, Hard.
	ErrNoLevel = errors.New("no such computer level")
	// ErrTurnBegun: Choose was asked for a whole move while a turn is
	// under way step by step (use Turn).
	ErrTurnBegun = errors.New("a turn is under way step by step: ask for the rest of its answers")
)

// rngStream is the PCG stream of every computer player's random numbers.
const rngStream = 0x6169706c61796572 // "aiplayer"

// Config is a computer player: its level and, for the levels that search,
// the number of playouts per decision.
type Config struct {
	Level Level
	// Playouts is the number of playouts per decision of Normal and Hard;
	// 0 means the level's default (Level.Playouts). Easy and Random ignore
	// it.
	Playouts int
}

// DecisionSeed is the seed of the decision a computer makes in game id
// (a program's number of the game) after `moves` moves and `answered`
// answers of the turn under way: the bot and the terminal seed Turn with
// it, so that a decision made again (after a restart, or in the other
// front end) is the same.
func DecisionSeed(id int64, moves, answered int) uint64 {
	return uint64(id)*0x9e3779b97f4a7c15 ^ uint64(moves) ^ uint64(answered)<<48
}

// Turn returns the answers of the player g.Pending names to the rest of
// the turn under way in game g, one per step from the step g.Pending waits
// for, each legal where it comes: a tile answer (a placement, or the
// discard or the setting aside the rules require), with The Gold Mines the
// second gold ingot, then the figure answer (with The Tower a tower piece
// and a capture, with The Princess & the Dragon the portal, the princess
// or the fairy), with The Flying Machines after a figure onto the machine
// the die and the landing, with The Ferries the lake's ferry and the
// ferries moved (or left, the zero answer), the dragon's steps, then with
// the Cathars the escape answer; with Mage & Witch the mage or witch before
// the figure, with The Crop Circles the crop circle's choice and each
// player's answer after the rest. The answers stop at the end of the turn or before the
// first step another player decides (the dragon's steps and the crop
// circle's answers go from player to player): playing them in order with g.Act ends the turn or hands it to
// that player. Only the public view of g is read (never the order of the
// draw pile), g is not changed, and the same position and seed give the
// same answers. The die of a flight is the game's own
// (engine.Game.DieRoll), as a player learns it once the figure is on the
// machine: the choices before it never depend on it, the landing after it
// does. It returns ErrGameOver when the game is over and ErrNoLevel for
// a level that is not one.
func (c Config) Turn(g *engine.Game, seed uint64) ([]engine.Answer, error) {
	if c.Level == NoLevel || c.Level >= numLevels {
		return nil, fmt.Errorf("%w (%d)", ErrNoLevel, c.Level)
	}
	if g.Pending().Step == engine.StepNone {
		return nil, ErrGameOver
	}
	rng := rand.New(rand.NewPCG(seed, rngStream))
	// The tree is built on a copy that takes any die (WhatIf), so that a
	// flight is weighed over the three rolls; the answers keep the game's
	// own die (DieRoll).
	root, err := newNode(g.WhatIf(), g.Pending().Player, g.DieRoll()-1)
	if err != nil {
		return nil, err
	}
	switch c.Level {
	case Random:
		return randomTurn(root, rng)
	case Easy:
		return greedyTurn(root, g.Pending().Player, rng)
	}
	n := c.Playouts
	if n <= 0 {
		n = c.Level.PlayoutsFor(g.Rules())
	}
	s, err := newSearch(g, rng)
	if err != nil {
		return nil, err
	}
	look, err := newNode(g.WhatIf(), g.Pending().Player, g.DieRoll()-1)
	if err != nil {
		return nil, err
	}
	s.priorVisits = c.Level.priorVisits()
	cands, err := greedyCandidates(look, g.Pending().Player, rng, c.Level.candidates())
	if err != nil {
		return nil, err
	}
	if err := s.restrict(root, cands); err != nil {
		return nil, err
	}
	return s.run(root, n)
}

// Choose returns the whole move of the turn that begins in game g (see
// Turn): engine.Move with the tile drawn, where it goes, the figure and
// the escape. The steps of the dragon that other players decide are chosen
// as this level chooses for them (Turn for each in turn, with seeds
// following seed), as in a game of computers alone. It returns
// ErrTurnBegun when a turn is under way step by step (g.Act took some of
// its answers), and Turn's errors.
func (c Config) Choose(g *engine.Game, seed uint64) (engine.Move, error) {
	if g.Pending().Step != engine.StepTile {
		if g.Pending().Step == engine.StepNone {
			return engine.Move{}, ErrGameOver
		}
		return engine.Move{}, ErrTurnBegun
	}
	s := g.Clone()
	for k := uint64(0); ; k++ {
		as, err := c.Turn(s, seed+k)
		if err != nil {
			return engine.Move{}, err
		}
		done := false
		for _, a := range as {
			if done, err = s.Act(a); err != nil {
				return engine.Move{}, fmt.Errorf("ai: the engine refused its own answer %s: %w", a, err)
			}
		}
		if done {
			// The move the game kept: with the answers it took by itself
			// (a Message tile that can only be taken as points), which
			// MoveOf of the answers given would leave out.
			ms := s.Moves()
			return ms[len(ms)-1], nil
		}
	}
}

// Turn is Config{Level: level}.Turn: the answers of the rest of the turn
// at the level's default budget.
func Turn(g *engine.Game, level Level, seed uint64) ([]engine.Answer, error) {
	return Config{Level: level}.Turn(g, seed)
}

// MoveOf returns the move that the answers of a whole turn make up, for
// tile t (the tile drawn): the inverse of answering a Move step by step.
//
// It is engine.MoveOfAnswers: every step of every expansion played (the
// gold ingot, the flight with its die and landing, the tower, the ferry
// set and the ferries moved, the escape) goes into the move.
func MoveOf(t engine.TileID, as []engine.Answer) engine.Move {
	return engine.MoveOfAnswers(t, as)
}

// node is a step of the turn under way: the position where the step is
// pending and its legal answers, or (leaf) the position once the turn is
// over. Every step of the turn is the same player's and its answers use
// the tile drawn, which every player sees, so the nodes are built with
// the engine's checked step API (Answers, Act).
//
// The die of the flying machines is chance: a node where the die is
// pending (chance) has the three rolls as answers, each weighed alike
// whatever the die will show, so that the choice to fly never depends on a
// roll not made yet; die is the index of the answer the game's own die
// gives, the one the turn's answers take.
type node struct {
	who     int // the player who decides at the root
	state   *engine.Game
	leaf    bool
	chance  bool
	die     int
	answers []engine.Answer
	allow   []int32   // the answers the search weighs (nil: all)
	prior   []float64 // each allowed answer's greedy value less the best's
	kids    []*node
	visits  []int32
	reward  []float64
	order   []int32 // the answers in the order they are first tried
	tried   int
	total   int32
}

// newNode makes the node of position s for player who: a leaf when no
// step of the turn is pending, or when the next step is another player's
// (a step of the dragon): its state is then the turn played so far
// (engine.Game.Preview), to judge and to play out from. die is the index
// of the roll the game's own die gives (see node).
func newNode(s *engine.Game, who, die int) (*node, error) {
	n := &node{state: s, who: who, die: die}
	switch s.Pending().Step {
	case engine.StepNone:
		n.leaf = true
		return n, nil
	case engine.StepRoll:
		n.chance = true
		n.answers = []engine.Answer{{Step: engine.StepRoll, Roll: 1}, {Step: engine.StepRoll, Roll: 2}, {Step: engine.StepRoll, Roll: 3}}
		return n, nil
	}
	if d := s.Pending(); d.Player != who {
		n.state, n.leaf = s.Preview(), true
		if n.state == nil {
			n.state = s
		}
		return n, nil
	}
	n.answers = s.Answers()
	if len(n.answers) == 0 {
		return nil, fmt.Errorf("ai: the engine lists no answer to the %s step", s.Pending().Step)
	}
	return n, nil
}

// child returns the node after answer i, making it the first time.
func (n *node) child(i int) (*node, error) {
	if n.kids == nil {
		n.kids = make([]*node, len(n.answers))
	}
	if k := n.kids[i]; k != nil {
		return k, nil
	}
	s := n.state.Clone()
	done, err := s.Act(n.answers[i])
	if err != nil {
		return nil, fmt.Errorf("ai: the engine refused its own answer %s: %w", n.answers[i], err)
	}
	k := &node{state: s, leaf: done, who: n.who, die: n.die}
	if !done {
		if k, err = newNode(s, n.who, n.die); err != nil {
			return nil, err
		}
	}
	n.kids[i] = k
	return k, nil
}

// randomTurn answers each step with a uniformly random legal answer.
func randomTurn(n *node, rng *rand.Rand) ([]engine.Answer, error) {
	var out []engine.Answer
	for !n.leaf {
		i := rng.IntN(len(n.answers))
		if n.chance {
			i = n.die
		}
		out = append(out, n.answers[i])
		k, err := n.child(i)
		if err != nil {
			return nil, err
		}
		n = k
	}
	return out, nil
}
