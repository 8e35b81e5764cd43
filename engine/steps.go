package engine

// This file holds the step view of a turn (issue "Expansions I": a turn as a
// sequence of steps, some of them choices; the engine says who decides next
// and what the legal answers are). A turn follows the FAQ's "Sequence of
// Play" (002_…): place the tile (step 2), deploy a figure (step 3), score
// (step 6, automatic), a knight's escape with the Cathars (step 7). Today
// every choice of a turn is the current player's, and one Move carries the
// answers of all its steps at once: Move.Tile, Cell and Rotation (or
// Discard) answer StepTile, Move.Follower and Figure answer StepFigure,
// Move.Escape answers StepEscape. Apply checks them together; Play is the
// unchecked path.
//
// Later expansions give steps to other players (the dragon's moves, chosen
// by each player in turn order; crop circles; the robbers): Pending will
// then name them and their steps, and the answers will be taken one at a
// time. The legal answers of the steps built so far are Placements,
// FollowerSpots with FiguresInSupply, and Escapes.

// Step is a decision in a turn. The zero value, StepNone, means no decision
// is pending (the game is over).
type Step uint8

// The steps, in the order of a turn.
const (
	// StepNone: nothing to decide, the game is over.
	StepNone Step = iota
	// StepTile: place the tile drawn (Placements), or discard it when it
	// fits nowhere (000_…, "Placing land tiles").
	StepTile
	// StepFigure: deploy a figure on the tile just placed, or none
	// (FollowerSpots, FiguresInSupply; 000_…, "Deploying followers").
	StepFigure
	// StepEscape: with the Cathars, take one of one's knights home from a
	// besieged city next to a cloister, or none (Escapes; 002_…, step 7).
	StepEscape
	numSteps
)

var stepNames = [numSteps]string{"none", "tile", "figure", "escape"}

// String returns the step's name: "none", "tile", "figure", "escape".
func (s Step) String() string {
	if s < numSteps {
		return stepNames[s]
	}
	return "step?"
}

// Decision says who decides what next: Player (an index in turn order)
// answers Step.
type Decision struct {
	Player int
	Step   Step
}

// Pending returns the decision the game waits for: while the game runs, the
// current player placing the tile drawn (StepTile); once it is over,
// StepNone with the player who would play next. A Move answers StepTile
// and the steps after it at once (TurnSteps). Later expansions will make
// Pending return other players and steps (the dragon, crop circles).
func (g *Game) Pending() Decision {
	if g.ended {
		return Decision{Player: g.current, Step: StepNone}
	}
	return Decision{Player: g.current, Step: StepTile}
}

// TurnSteps returns the steps of a turn with these rules, in order, each
// answered by a part of a Move: StepTile and StepFigure in every game, then
// StepEscape with the Cathars. Scoring, automatic, is no step.
func (r *Rules) TurnSteps() []Step {
	steps := []Step{StepTile, StepFigure}
	if r.Expansions.Has(ExpansionCathars) {
		steps = append(steps, StepEscape)
	}
	return steps
}
