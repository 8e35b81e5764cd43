package engine

import (
	"errors"
	"fmt"
)

// This file holds the step view of a turn (issue "Expansions I": a turn as a
// sequence of steps, some of them choices; the engine says who decides next
// and what the legal answers are). A turn follows the FAQ's "Sequence of
// Play" (002_…): place the tile (step 2), deploy a figure (step 3), score
// (step 6, automatic), a knight's escape with the Cathars (step 7).
//
// A turn is played in one of two ways, both checked:
//   - Apply takes a whole Move, the answers of all of the current player's
//     steps at once (Move.Tile, Cell and Rotation or Discard answer
//     StepTile; Move.Follower and Figure answer StepFigure; Move.Escape
//     answers StepEscape);
//   - Act takes one Answer at a time, to the step Pending names, and Answers
//     lists the legal answers of that step. Nothing is placed before the
//     last step of the turn is answered, so an abandoned turn leaves the
//     board as it was.
//
// Play is the unchecked path of Apply. Later expansions give steps to other
// players (the dragon's moves, chosen by each player in turn order; crop
// circles; the robbers): Pending will then name them and their steps, Act
// will take their answers, and Apply will keep taking the current player's.
// Chance is a step too, answered with its outcome: the die of the flying
// machines (StepRoll) and the messengers' Message tiles (StepMessage). A
// live game draws it from its seed (DieRoll), the record writes it (roll=,
// msg=), and a replay takes it from the record, never from the seed. The
// record reader knows every token of spec/record.md (lexToken); a tile set
// aside ("n. TILE aside") is in aside.go.

// Step is a decision in a turn. The zero value, StepNone, means no decision
// is pending (the game is over).
type Step uint8

// The steps. A turn goes StepTile (with The Tower, a ransom first, as part
// of its answer), StepFigure, StepCapture, StepEscape (002_…, "Sequence of
// Play"); the values keep the order in which the steps were added.
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
	// StepCapture: with The Tower, after a tower piece, take prisoner one
	// figure within the tower's reach, or none (Captures; 002_…, step 4).
	// The game waits for it only when something is in reach.
	StepCapture
	// StepDragon: with The Princess & the Dragon, after a dragon tile, one
	// step of the dragon onto a tile next to it (DragonSteps; 004_…, "The
	// dragon"). Each step is decided by the next player in turn order,
	// beginning with the current player: Pending names them. The game waits
	// for it while the dragon can move on, up to MaxDragonSteps steps.
	StepDragon
	// StepGold: with The Gold Mines, after a tile with a gold mine, put
	// the second gold ingot on a tile next to it (GoldCells; 001_…, "The
	// Gold Mines"); the first goes on the tile itself.
	StepGold
	// StepRoll: with The Flying Machines, after a figure onto the flying
	// machine, the die: chance, answered with its outcome (Answer.Roll,
	// 1 to 3). A live game answers with DieRoll, drawn from its seed; a
	// replay with the roll its record writes.
	StepRoll
	// StepLand: with The Flying Machines, after the die, where the flying
	// figure lands (Landings), or back to the supply when it cannot land.
	StepLand
	// StepFerry: with The Ferries, after a lake tile, set its ferry on two
	// of its road ends (FerryLinks; 001_…, "Placing a tile with a lake"):
	// mandatory, after the figure.
	StepFerry
	// StepFerryMove: with The Ferries, after the tile (and its ferry),
	// move the first ferry on a road the tile continued to two other road
	// ends of its lake, or stop (AppendFerryMoves; 001_…, "Continuing a
	// road with a ferry"). Asked again after each move while a ferry the
	// tile reaches has not moved; the zero FerryMove answers "no (more)".
	StepFerryMove
	// StepMagic: with Mage & Witch, after a tile with the magic symbol or
	// one that joins the roads or cities of the mage and the witch, place
	// or move one of them onto an incomplete road or city (MagicSpots), or
	// take one off the board when neither can go anywhere (001_…, "Mage &
	// Witch"). It comes after StepGold, before StepFigure.
	StepMagic
	// StepCrop: with The Crop Circles, after the turn of a tile with a
	// crop circle (its scoring and escape included), its player chooses
	// CropAdd or CropRemove (001_…, "The Crop Circles").
	StepCrop
	// StepCropPick: after StepCrop, each player who can, from the
	// player's left, the player last, adds a follower next to one of
	// theirs of the circle's type, passes, or returns one: Pending names
	// them.
	StepCropPick
	// StepRobber: with The Robbers, right after a tile with a bag, before
	// the figure, the current player, then each other player in turn order
	// whose robber is in front of them (under robbers=next the next one
	// only), places their robber next to another player's marker (or
	// messenger), Answer.Seat, or passes, Seat 0 (001_…, "Using robbers";
	// robbers.go). Pending names who.
	StepRobber
	// StepPawn: with The Messengers, for each scoring of a feature or a
	// message during the game, the scoring player (Pending names them)
	// moves their marker or their messenger (Answer.Messenger; 001_…, "The
	// Messengers"; messengers.go).
	StepPawn
	// StepRob: with The Robbers, when several pawns on a robber's space
	// score at once, the robber's owner (Pending) chooses whom to rob,
	// Answer.Seat (001_…, "Additional rules").
	StepRob
	// StepMessage: with The Messengers, after the turn's scoring when the
	// current player's pawn ended on a dark space, the Message tile turned
	// up (Answer.Message) is carried out (Use; message 8 names its
	// follower by Target) or traded for its 2 points (001_…, "The
	// Messengers").
	StepMessage
	numSteps
)

var stepNames = [numSteps]string{"none", "tile", "figure", "escape", "capture", "dragon", "gold", "roll", "land", "ferry", "ferry-move", "magic", "crop", "pick",
	"robber", "pawn", "rob", "message"}

// String returns the step's name: "none", "tile", "figure", "escape",
// "capture", "dragon", "gold", "roll", "land", "ferry", "ferry-move",
// "magic", "crop", "pick", "robber", "pawn", "rob", "message".
func (s Step) String() string {
	if s < numSteps {
		return stepNames[s]
	}
	return "step?"
}

// stepRule is what the engine knows of one step of a turn. Each
// expansion's file defines its steps' functions and stepRules lists them,
// so that a new step touches its file and this table alone:
//   - decider says who answers the step (nil: the current player; Pending);
//   - answers lists its legal answers for the tile t drawn (Answers);
//   - act takes an answer, checked to be the step's, for the tile t drawn
//     (Act);
//   - text writes an answer as the record's token (Answer.String);
//   - move puts an answer into the turn's Move (MoveOfAnswers);
//   - expansion is the expansion that asks it (Step.Expansion).
type stepRule struct {
	expansion Expansion
	decider   func(g *Game) int
	answers   func(g *Game, t TileID) []Answer
	act       func(g *Game, a Answer, t TileID) (bool, error)
	text      func(a Answer) string
	move      func(m *Move, a Answer)
}

// stepRules are the steps' rules, by Step (StepNone has none).
var stepRules = [numSteps]stepRule{
	StepTile:      {expansion: ExpansionBase, answers: (*Game).tileAnswers, act: (*Game).actTile, text: tileText, move: moveTile},
	StepFigure:    {expansion: ExpansionBase, answers: (*Game).figureAnswers, act: (*Game).actFigure, text: figureText, move: moveFigure},
	StepEscape:    {expansion: ExpansionCathars, answers: (*Game).escapeAnswers, act: (*Game).actEscape, text: escapeText, move: moveEscape},
	StepCapture:   {expansion: ExpansionTower, answers: (*Game).captureAnswers, act: (*Game).actCapture, text: captureText, move: moveCapture},
	StepDragon:    {expansion: ExpansionPrincessAndDragon, decider: (*Game).dragonDecider, answers: (*Game).dragonAnswers, act: (*Game).actDragon, text: dragonText, move: moveDragon},
	StepGold:      {expansion: ExpansionGoldMines, answers: (*Game).goldAnswers, act: (*Game).actGold, text: goldText, move: moveGold},
	StepRoll:      {expansion: ExpansionFlyingMachines, answers: (*Game).rollAnswers, act: (*Game).actRoll, text: rollText, move: moveRoll},
	StepLand:      {expansion: ExpansionFlyingMachines, answers: (*Game).landAnswers, act: (*Game).actLand, text: landText, move: moveLand},
	StepFerry:     {expansion: ExpansionFerries, answers: (*Game).ferryAnswers, act: (*Game).actFerry, text: ferryText, move: moveFerry},
	StepFerryMove: {expansion: ExpansionFerries, answers: (*Game).ferryMoveAnswers, act: (*Game).actFerryMove, text: ferryMoveText, move: moveFerryMove},
	StepMagic:     {expansion: ExpansionMageAndWitch, answers: (*Game).magicAnswersOf, act: (*Game).actMagic, text: magicText, move: moveMagic},
	StepCrop:      {expansion: ExpansionCropCircles, answers: (*Game).cropAnswersOf, act: (*Game).actCrop, text: cropText, move: moveCrop},
	StepCropPick:  {expansion: ExpansionCropCircles, decider: (*Game).pickDecider, answers: (*Game).pickAnswers, act: (*Game).actPick, text: pickText, move: movePick},
	StepRobber:    {expansion: ExpansionRobbers, decider: (*Game).robberDecider, answers: (*Game).robberStepAnswers, act: (*Game).actRobber, text: robberText, move: moveRobber},
	StepPawn:      {expansion: ExpansionMessengers, decider: (*Game).scoreDecider, answers: (*Game).scoreAnswers, act: (*Game).actScoring, text: pawnText, move: moveScoring},
	StepRob:       {expansion: ExpansionRobbers, decider: (*Game).scoreDecider, answers: (*Game).scoreAnswers, act: (*Game).actScoring, text: robText, move: moveScoring},
	StepMessage:   {expansion: ExpansionMessengers, decider: (*Game).scoreDecider, answers: (*Game).scoreAnswers, act: (*Game).actScoring, text: messageText, move: moveScoring},
}

// Expansion returns the expansion whose rules ask step s: ExpansionBase
// for the tile and the figure, NoExpansion for StepNone and steps out of
// range.
func (s Step) Expansion() Expansion {
	if s == StepNone || s >= numSteps {
		return NoExpansion
	}
	return stepRules[s].expansion
}

// Decision says who decides what next: Player (an index in turn order)
// answers Step.
type Decision struct {
	Player int
	Step   Step
}

// Pending returns the decision the game waits for: while the game runs,
// the current player's next step (StepTile at the start of a turn, then the
// steps answered through Act); once it is over, StepNone with the player
// who would play next. A step of the dragon (StepDragon) is decided by
// another player: the k-th step (from 0) by the k-th player after the
// current one in turn order, the current player first (004_…: "Beginning
// with the player, who just placed the dragon tile, and continuing
// clockwise"), resigned players skipped. A crop circle's answer
// (StepCropPick) is decided by each player who can answer, from the
// current player's left, the current player last (001_…, "The Crop
// Circles").
func (g *Game) Pending() Decision {
	switch {
	case g.ended:
		return Decision{Player: g.current, Step: StepNone}
	case g.part.step != StepNone:
		if decider := stepRules[g.part.step].decider; decider != nil {
			return Decision{Player: decider(g), Step: g.part.step}
		}
		return Decision{Player: g.current, Step: g.part.step}
	}
	return Decision{Player: g.current, Step: StepTile}
}

// TurnSteps returns the steps of a turn with these rules, in order, each
// answered by a part of a Move: StepTile and StepFigure in every game; with
// The Gold Mines, StepGold between them (asked only after a tile with a
// gold mine); with The Flying Machines, StepRoll and StepLand after
// StepFigure (asked only after a figure onto a flying machine); with The
// Tower, StepCapture after StepFigure (asked only after a tower piece
// with something in reach; the ransom is part of the StepTile answer);
// with The Ferries StepFerry (asked only after a lake tile) and
// StepFerryMove (asked while the tile reaches a ferry not moved yet);
// then with The Princess & the Dragon StepDragon (asked after a dragon
// tile, once per step, of the players in turn); then StepEscape with the
// Cathars. Scoring, automatic, is no step.
func (r *Rules) TurnSteps() []Step {
	steps := []Step{StepTile}
	if r.Expansions.Has(ExpansionRobbers) {
		steps = append(steps, StepRobber)
	}
	if r.Expansions.Has(ExpansionGoldMines) {
		steps = append(steps, StepGold)
	}
	if r.Expansions.Has(ExpansionMageAndWitch) {
		steps = append(steps, StepMagic)
	}
	steps = append(steps, StepFigure)
	if r.Expansions.Has(ExpansionFlyingMachines) {
		steps = append(steps, StepRoll, StepLand)
	}
	if r.Expansions.Has(ExpansionTower) {
		steps = append(steps, StepCapture)
	}
	if r.Expansions.Has(ExpansionFerries) {
		steps = append(steps, StepFerry, StepFerryMove)
	}
	if r.Expansions.Has(ExpansionPrincessAndDragon) {
		steps = append(steps, StepDragon)
	}
	if r.Expansions.Has(ExpansionMessengers) {
		steps = append(steps, StepPawn)
	}
	if r.Expansions.Has(ExpansionRobbers) {
		steps = append(steps, StepRob)
	}
	if r.Expansions.Has(ExpansionMessengers) {
		steps = append(steps, StepMessage)
	}
	if r.Expansions.Has(ExpansionCathars) {
		steps = append(steps, StepEscape)
	}
	if r.Expansions.Has(ExpansionCropCircles) {
		steps = append(steps, StepCrop, StepCropPick)
	}
	return steps
}

// partTurn holds the answers given through Act to the turn under way: the
// step waited for next (StepNone: no turn begun) and the answers so far.
type partTurn struct {
	step     Step
	rot      Rotation
	port     Port
	figure   Figure
	tower    TowerAction
	ransomed bool
	x, y     int16
	tx, ty   int16
	ransom   Ransom
	capture  Target
	// The Princess & the Dragon: the princess, the fairy, the portal and
	// the dragon's steps so far.
	princess Target
	fairy    bool
	portal   bool
	fx, fy   int16
	fport    Port
	px, py   int16
	path     DragonPath
	gold     bool // the second gold ingot goes on gx, gy
	gx, gy   int16
	fly      bool
	roll     int8
	land     Target
	// The Ferries: the ferry set, the ferries moved, and whether the
	// player stopped moving them.
	ferry     FerryLink
	ferryDone bool
	fmoves    FerryMoves
	// Mage & Witch; the escape, kept for The Crop Circles' steps after it;
	// the crop circle's choice, its answers so far and who answers next.
	magic    MagicFigure
	magicAt  Target
	escape   Target
	crop     CropChoice
	cropNext int8
	picks    CropPicks
	// The Robbers and The Messengers: the robbers placed so far and who
	// places next; the scoring's choices so far and who chooses next.
	robbers   RobberPlaces
	robNext   int8
	scoring   ScoreChoices
	scoreNext int8
}

// partMove returns the Move of the answers so far, for the tile drawn.
func (g *Game) partMove() Move {
	t, _ := g.Drawn()
	p := &g.part
	m := Move{Tile: t, Cell: Cell{int(p.x), int(p.y)}, Rotation: p.rot, Follower: p.port, Figure: p.figure,
		Tower: p.tower, TowerCell: Cell{int(p.tx), int(p.ty)}, Capture: p.capture, Ransomed: p.ransomed, Ransom: p.ransom,
		Princess: p.princess, Fairy: p.fairy, Portal: p.portal, Dragon: p.path}
	if p.fairy {
		m.FairyCell, m.FairyPort = Cell{int(p.fx), int(p.fy)}, p.fport
	}
	if p.portal {
		m.PortalCell = Cell{int(p.px), int(p.py)}
	}
	if p.gold {
		m.Gold, m.GoldCell = true, Cell{int(p.gx), int(p.gy)}
	}
	if p.fly {
		m.Fly, m.Roll, m.Land = true, p.roll, p.land
	}
	m.Ferry, m.FerryMoves = p.ferry, p.fmoves
	m.Magic, m.MagicAt, m.Escape, m.Crop, m.CropPicks = p.magic, p.magicAt, p.escape, p.crop, p.picks
	m.Robbers, m.Scoring = p.robbers, p.scoring
	return m
}

// Answer is the answer to one step of a turn, given to Act. Step names the
// step answered, which must be the one Pending waits for; the other fields
// that step does not read are ignored.
type Answer struct {
	Step Step
	// StepTile: Discard puts the tile drawn out of the game (only when it
	// fits nowhere); Aside sets it aside (only when the rules do, see
	// Game.SetsAside); otherwise Cell and Rotation say where it goes and
	// how it is turned (degrees clockwise, in steps of 90), and with The
	// Tower Ransomed pays Ransom first, at the start of the turn (Ransoms;
	// 002_…, step 1), so that the figure freed may be deployed.
	Discard  bool
	Aside    bool
	Cell     Cell
	Rotation Rotation
	// StepFigure: a Figure of the player's supply on the feature at Port
	// (board orientation) of the tile just placed; Port NoPort deploys
	// none. With The Tower, Tower TowerPiece puts a tower piece on the
	// tower on Cell instead, and Tower TowerTop a Figure on top of it.
	Figure Figure
	Port   Port
	Tower  TowerAction
	// StepFigure, with The Princess & the Dragon: Portal deploys Figure
	// at Port of the tile on Cell through the magic portal; Princess sends
	// the knight at Target home; Fairy puts the fairy on the tile at Cell.
	// StepDragon: the dragon enters the tile at Cell.
	Portal   bool
	Princess bool
	Fairy    bool
	// StepEscape: the player's knight taken home from a besieged city next
	// to a cloister (Cathars); Target.Port NoPort takes none.
	// StepCapture: the figure taken prisoner (The Tower); the zero Target
	// takes none.
	// StepLand: the feature the flying figure lands on (Landings); the
	// zero Target sends it back to the supply, only when it cannot land.
	Target   Target
	Ransomed bool
	Ransom   Ransom
	// StepFigure with The Flying Machines: Fly puts Figure (the follower
	// or the large follower) onto the flying machine of the tile placed
	// (Flyers); Port must be NoPort.
	// StepGold: Cell is the tile next to the one placed that takes the
	// second gold ingot (GoldCells).
	Fly bool
	// StepRoll: the die, 1 to 3 (DieRoll in a live game).
	Roll int
	// StepFerry: the two road ends of the lake just placed that its ferry
	// joins (FerryLinks). StepFerryMove: Cell is the lake tile whose ferry
	// moves and Link the road ends it joins from now on
	// (AppendFerryMoves); the zero Link moves no (more) ferry.
	Link FerryLink
	// StepMagic: Magic is the mage or the witch placed or moved onto the
	// road or city at Target, or taken off the board with the zero Target
	// (only when neither can go anywhere).
	Magic MagicFigure
	// StepCrop: the choice, CropAdd or CropRemove.
	Crop CropChoice
	// StepCropPick: under CropAdd, Figure (the follower or the large
	// follower) on the segment at Target, or the zero Target to pass;
	// under CropRemove, Return set and the player's Figure at Target.
	Return bool
	// StepRobber: Seat is the player (their index in turn order plus 1,
	// as records write seats) whose marker, or with Messenger their
	// messenger, the robber is placed next to; Seat 0 passes. StepRob:
	// Seat is the player robbed. StepPawn: Seat is the scoring player
	// (0: the one Pending names) and Messenger moves the messenger rather
	// than the marker.
	Seat      int
	Messenger bool
	// StepMessage: Message is the Message tile turned up (1 to 8; a live
	// game's is the one on top of the stack, the only one Answers lists),
	// Use carries it out, else its 2 points are taken; message 8 names
	// by Target the follower it scores and returns.
	Message Message
	Use     bool
	// Points and From say what a scoring's answer is worth, as Answers
	// lists it for a front end to show (Act and String ignore them): StepPawn, the points that pawn moves and its value
	// before; StepMessage, the points carried out (0 for message 7; for
	// message 8 its follower's feature as at the end) or the 2 points
	// taken, and the marker's value before.
	Points, From int
}

// String returns the answer as the game's record writes it
// (spec/record.md, "A turn with expansions"): the tile step's cell and
// rotation, with the ransom paid first ("1,0 90", "1,0 90 ransom/2=large"),
// "discard" or "aside"; the other steps' token ("large@N", "tower@1,0",
// "follower@1,0:tower", "follower@2,0:E" through the magic portal,
// "princess@0,1:N", "fairy@0,1", "follower@fly", "capture@0,-1:S",
// "escape@0,-1:S", "dragon@1,0", "gold@1,1", "roll=2", "land@2,0:N",
// "land@off", "ferry@E+W", "ferry@1,0:N+S" (a ferry moved), "mage@1,0:N",
// "witch@off", "crop=add", "return@1,0:N", "robber/2=messenger",
// "rob/3", "pawn/1=marker", "msg=2 points", "msg=8 use@1,0:N"), and "-"
// for an optional choice passed (no figure, no prisoner, no escape, no
// ferry moved, a crop circle's or a robber's pass). It is the notation of
// the front ends' choices and of the stored answers of a turn under way;
// Game.AnswerOf reads it back.
func (a Answer) String() string {
	if a.Step > StepNone && a.Step < numSteps {
		return stepRules[a.Step].text(a)
	}
	return a.Step.String()
}

// Act answers the step the game waits for (Pending) and reports whether
// the turn is over. The answers of a turn are kept until its last step
// (StepFigure, StepLand after a figure onto a flying machine, StepCapture
// after a tower piece with something in reach, or StepEscape with the
// Cathars) is answered; then the turn is played as
// Apply plays the Move they make up (MoveOfAnswers), and Act returns true.
// A discard or a tile set aside is played at once (Act returns true).
// It returns a *MoveError wrapping ErrGameOver once the game is over,
// ErrWrongStep when a.Step is not the step waited for, or the error Apply
// would give for the answer (ErrEdgesMismatch, ErrOccupied, ErrNoEscape…);
// the game is then unchanged. To give up a turn begun, use Reset.
func (g *Game) Act(a Answer) (bool, error) {
	d := g.Pending()
	if d.Step == StepNone {
		return false, moveErr(ErrGameOver, "")
	}
	if a.Step != d.Step {
		return false, moveErr(ErrWrongStep, fmt.Sprintf("the game waits for the %s step, not the %s step", d.Step, a.Step))
	}
	t, _ := g.Drawn()
	return stepRules[d.Step].act(g, a, t)
}

// endTurn plays the turn of move m, all of whose steps are answered, or
// waits for the crop circle's choice (StepCrop) after a crop circle tile.
func (g *Game) endTurn(m Move) (bool, error) {
	if g.cropAsked(m) {
		g.part.step = StepCrop
		return false, nil
	}
	g.part = partTurn{}
	g.Play(m)
	return true, nil
}

// nextPick moves the crop circle of move m (its answers so far in
// m.CropPicks) on to the next player who can answer (StepCropPick), or
// plays the turn when every one has.
func (g *Game) nextPick(m Move) (bool, error) {
	next, _ := g.afterTurn(m).cropRound(m.Tile, m.Crop, m.CropPicks, false)
	if next >= 0 {
		g.part.step, g.part.cropNext = StepCropPick, int8(next)
		return false, nil
	}
	g.part = partTurn{}
	g.Play(m)
	return true, nil
}

// checkTileStep checks the tile step of move m as Check does, but for what
// later steps answer: the mage or witch (StepMagic), the crop circle, and
// with The Princess & the Dragon the princess under princess=must and the
// dragon's path.
func (g *Game) checkTileStep(m Move) error { return g.checkBeforeDragon(m, true) }

// checkBeforeDragon checks move m as Check does, but for the steps after
// the tile that m does not answer yet: the dragon's path, with princess
// the princess under princess=must, the mage or witch when m.Magic is
// MagicNone, and the crop circle.
func (g *Game) checkBeforeDragon(m Move, princess bool) error {
	err := g.check(m)
	var me *MoveError
	if errors.As(err, &me) && me.Err == ErrMagic && m.Magic == MagicNone {
		return nil
	}
	if g.dragons() && errors.As(err, &me) && (me.Err == ErrDragon || princess && me.Err == ErrPrincess) {
		return nil
	}
	return err
}

// moveOn moves the turn under way on from step done, whose answers are in
// m: to the figure step (none after a volcano), the capture after a tower
// piece with something in reach, the dragon's steps while it can move, the
// escape with the Cathars; after the last one it plays the turn as Apply
// plays m (Act returns true).
func (g *Game) moveOn(m Move, done Step) (bool, error) {
	p := &g.part
	switch done {
	case StepTile:
		if !g.isVolcano(m.Tile) {
			p.step = StepFigure
			return false, nil
		}
		fallthrough
	case StepFigure:
		if m.Tower == TowerPiece && len(g.AppendCaptures(nil, m)) > 0 {
			p.step = StepCapture
			return false, nil
		}
		fallthrough
	case StepCapture, StepFerry, StepFerryMove, StepDragon:
		if done != StepDragon {
			if s := g.ferryStep(m); s != StepNone {
				p.step = s
				return false, nil
			}
		}
		var buf [4]Cell
		if len(g.AppendDragonSteps(buf[:0], m)) > 0 {
			p.step = StepDragon
			return false, nil
		}
		if g.x != nil && g.x.board.on {
			return g.afterScoring(m) // the scoring's choices, then the escape
		}
		if g.rules.Expansions.Has(ExpansionCathars) {
			p.step = StepEscape
			return false, nil
		}
	}
	return g.endTurn(m)
}

// checkStepFigure checks the figure or tower answer of move m (its tile
// legally placed, its ransom checked), counting the figure its ransom frees.
func (g *Game) checkStepFigure(m Move) error {
	if m.Ransomed {
		c := g.Clone()
		c.payRansom(m.Ransom)
		m.Ransomed = false
		return c.checkStepFigure(m)
	}
	if m.Tower != TowerNone {
		if err := g.checkTower(m); err != nil || !g.dragons() {
			return err
		}
	}
	if g.dragons() {
		return g.checkPD(m, false)
	}
	return g.checkFigure(m)
}

// checkStepFly checks the figure move m puts onto the flying machine (its
// tile legally placed, its ransom checked), counting the figure its ransom
// frees; the die and the landing come later.
func (g *Game) checkStepFly(m Move) error {
	if m.Ransomed {
		c := g.Clone()
		c.payRansom(m.Ransom)
		m.Ransomed = false
		return c.checkStepFly(m)
	}
	return g.checkFlyFigure(m)
}

// Reset gives up the answers given through Act to the turn under way: the
// turn starts again at StepTile. The board never held them, so nothing else
// changes.
func (g *Game) Reset() { g.part = partTurn{} }

// Answers returns the legal answers of the step the game waits for
// (Pending), nil once the game is over. StepTile: every placement of the
// tile drawn (Placements), then with The Tower every placement again with
// each ransom the player may pay (Ransoms); or the discard alone when it
// fits nowhere, or setting it aside alone when the rules do (SetsAside).
// StepFigure: "none" first, then each figure of the current player's
// supply (FiguresInSupply) on each spot of the tile placed where it may
// stand (FigureSpots), then with The Flying Machines each figure onto the
// flying machine (Flyers), then with The Tower each tower piece (TowerCells)
// and each follower, then large follower, on top of a tower (TowerTops);
// the figure a ransom of this turn freed counts as in the supply.
// StepGold: each tile that may take the second gold ingot (GoldCells).
// StepRoll: the die of the game's seed (DieRoll) alone; a game set up
// without Config.DrawnOnly, as a replay is, also accepts the other
// outcomes. StepLand: each feature the figure may land on (Landings), or
// the zero Target alone (back to the supply) when it cannot land.
// StepCapture: "none" first, then each figure in reach (Captures).
// StepFerry: each link of the lake's road ends (FerryLinks). StepFerryMove:
// "none" (the zero Link) first, then each ferry move (AppendFerryMoves).
// StepEscape: "none" first, then each knight that may escape (Escapes).
// StepMagic: each spot of the mage, then of the witch (MagicSpots), or,
// when neither can go anywhere, each of them on the board taken off.
// StepCrop: CropAdd, then CropRemove. StepCropPick, for the player Pending
// names: under CropAdd the pass first, then each follower, then large
// follower, of their supply on each segment holding one of their followers
// of the circle's type; under CropRemove each of those followers. Every
// answer listed is accepted by Act.
func (g *Game) Answers() []Answer {
	s := g.Pending().Step
	if s == StepNone {
		return nil
	}
	t, _ := g.Drawn()
	return stepRules[s].answers(g, t)
}

// appendPDAnswers appends to out, the answers of the figure step for tile t
// placed as pl, those of The Princess & the Dragon: each knight the
// princess may send home (Princesses), each tile the fairy may go to
// (FairySpots), each follower, then large follower, through the magic
// portal (PortalSpots). Under princess=must with knights in the
// princess's city, the princess's answers are the only ones.
func (g *Game) appendPDAnswers(out []Answer, t TileID, pl Placement) []Answer {
	m := Move{Tile: t, Cell: pl.Cell, Rotation: pl.Rotation}
	var after *Game
	if g.hasPrincess(t) || g.ts.marks[t]&MagicPortal != 0 {
		after = g.afterPlacing(m)
	}
	if g.hasPrincess(t) {
		knights := after.princessKnights(nil)
		if len(knights) > 0 && g.opts.Princess == PrincessMust {
			out = out[:0]
		}
		for _, k := range knights {
			out = append(out, Answer{Step: StepFigure, Princess: true, Target: k})
		}
		if len(knights) > 0 && g.opts.Princess == PrincessMust {
			return out
		}
	}
	for _, s := range g.FairySpots() {
		out = append(out, Answer{Step: StepFigure, Fairy: true, Cell: s.Cell, Port: s.Port})
	}
	if after != nil && g.ts.marks[t]&MagicPortal != 0 {
		spots := after.portalSpots(nil)
		for f := FigureFollower; f <= FigureLarge; f++ {
			if g.SupplyOf(g.current, f) == 0 {
				continue
			}
			for _, sp := range spots {
				out = append(out, Answer{Step: StepFigure, Portal: true, Figure: f, Cell: sp.Cell, Port: sp.Port})
			}
		}
	}
	return out
}

// actTile takes an answer to StepTile, the tile drawn placed, discarded or
// set aside (000_…, "Placing land tiles"), with The Tower a ransom first;
// the step's other rules (stepRules) follow it here.
func (g *Game) actTile(a Answer, t TileID) (bool, error) {
	m := Move{Tile: t, Discard: a.Discard, Aside: a.Aside, Cell: a.Cell, Rotation: a.Rotation, Ransomed: a.Ransomed, Ransom: a.Ransom}
	if !a.Ransomed {
		m.Ransom = Ransom{}
	} else {
		m.Ransom = g.ransomNamed(m.Ransom)
	}
	if cs := g.AppendGoldCells(nil, t, Placement{Cell: a.Cell, Rotation: a.Rotation}); len(cs) > 0 && !a.Discard && !a.Aside {
		// The gold ingot is the next step's: any neighbour passes
		// the check of the tile.
		m.Gold, m.GoldCell = true, cs[0]
	}
	if ls := g.AppendFerryLinks(nil, t, a.Rotation); len(ls) > 0 && !a.Discard && !a.Aside && g.ferriesOn() {
		// The ferry is a later step's: any link passes the check
		// of the tile.
		m.Ferry = ls[0]
	}
	if err := g.checkTileStep(m); err != nil {
		return false, err
	}
	if a.Discard || a.Aside {
		g.Play(m)
		return true, nil
	}
	g.part = partTurn{step: StepFigure, x: int16(a.Cell.X), y: int16(a.Cell.Y), rot: a.Rotation, ransomed: m.Ransomed, ransom: m.Ransom}
	if g.robbersAsked(t) {
		// The Robbers: right after the tile, before the figure.
		ok, err := g.robbersNext(g.partMove(), func() (bool, error) { return g.afterTileStep(t) })
		if err != nil {
			g.part = partTurn{}
		}
		return ok, err
	}
	return g.afterTileStep(t)
}

// afterTileStep moves the turn on after its tile (and the robbers): to the
// gold ingot, the mage or witch, or the figure.
func (g *Game) afterTileStep(t TileID) (bool, error) {
	m := g.partMove()
	switch {
	case g.golden() && g.ts.marks[t]&GoldMine != 0:
		g.part.step = StepGold
		return false, nil
	case g.magicAsked(m):
		g.part.step = StepMagic
		return false, nil
	}
	g.part.step = StepFigure
	return g.moveOn(m, StepTile)
}

func (g *Game) tileAnswers(t TileID) []Answer {
	if t == NoTile {
		return nil
	}
	if g.SetsAside() {
		return []Answer{{Step: StepTile, Aside: true}}
	}
	ps := g.AppendPlacements(nil, t)
	if len(ps) == 0 {
		return []Answer{{Step: StepTile, Discard: true}}
	}
	out := make([]Answer, len(ps))
	for i, p := range ps {
		out[i] = Answer{Step: StepTile, Cell: p.Cell, Rotation: p.Rotation}
	}
	if g.x != nil && g.ransomOffered() {
		for _, r := range g.appendRansoms(nil) {
			for _, p := range ps {
				out = append(out, Answer{Step: StepTile, Cell: p.Cell, Rotation: p.Rotation, Ransomed: true, Ransom: r})
			}
		}
	}
	return out
}

func tileText(a Answer) string {
	switch {
	case a.Discard:
		return "discard"
	case a.Aside:
		return "aside"
	case a.Ransomed:
		return a.Cell.String() + " " + a.Rotation.String() + " " + a.Ransom.String()
	}
	return a.Cell.String() + " " + a.Rotation.String()
}

func moveTile(m *Move, a Answer) {
	m.Discard, m.Aside, m.Cell, m.Rotation = a.Discard, a.Aside, a.Cell, a.Rotation
	if a.Ransomed {
		m.Ransomed, m.Ransom = true, a.Ransom
	}
}

// actFigure takes an answer to StepFigure, a figure deployed, or none
// (000_…, "Deploying followers"), with the expansions' figures and actions
// in its place; the step's other rules (stepRules) follow it here.
func (g *Game) actFigure(a Answer, t TileID) (bool, error) {
	m := g.partMove()
	if a.Fly {
		m.Fly, m.Figure, m.Follower = true, a.Figure, a.Port
		if err := g.checkStepFly(m); err != nil {
			return false, err
		}
		g.part.fly, g.part.figure, g.part.step = true, a.Figure, StepRoll
		return false, nil
	}
	if a.Princess && a.Target == (Target{}) {
		return false, moveErr(ErrPrincess, "name the knight the princess sends home")
	}
	moveFigure(&m, a)
	if err := g.checkStepFigure(m); err != nil {
		return false, err
	}
	p := &g.part
	p.port, p.figure, p.tower, p.tx, p.ty = m.Follower, m.Figure, m.Tower, int16(m.TowerCell.X), int16(m.TowerCell.Y)
	p.princess, p.fairy, p.fx, p.fy, p.fport = m.Princess, m.Fairy, int16(m.FairyCell.X), int16(m.FairyCell.Y), m.FairyPort
	p.portal, p.px, p.py = m.Portal, int16(m.PortalCell.X), int16(m.PortalCell.Y)
	return g.moveOn(m, StepFigure)
}

func (g *Game) figureAnswers(t TileID) []Answer {
	out := []Answer{{Step: StepFigure}}
	m := g.partMove()
	s := g
	if m.Ransomed {
		// The figure the ransom frees may be deployed.
		s = g.Clone()
		s.part = partTurn{}
		s.payRansom(m.Ransom)
	}
	pl := Placement{Cell: m.Cell, Rotation: m.Rotation}
	var spots []Spot
	for _, f := range s.FiguresInSupply(s.current) {
		spots = s.AppendFigureSpots(spots[:0], t, pl, f)
		for _, sp := range spots {
			out = append(out, Answer{Step: StepFigure, Figure: f, Port: sp.Port})
		}
	}
	for _, f := range s.appendFlyers(nil, t) {
		out = append(out, Answer{Step: StepFigure, Fly: true, Figure: f})
	}
	if s.towers() {
		for _, c := range s.AppendTowerCells(nil, t, pl) {
			out = append(out, Answer{Step: StepFigure, Tower: TowerPiece, Cell: c})
		}
		for f := FigureFollower; f <= FigureLarge; f++ {
			for _, c := range s.AppendTowerTops(nil, f) {
				out = append(out, Answer{Step: StepFigure, Tower: TowerTop, Figure: f, Cell: c})
			}
		}
	}
	if s.dragons() {
		out = s.appendPDAnswers(out, t, pl)
	}
	return out
}

func figureText(a Answer) string {
	switch {
	case a.Fly:
		return a.Figure.String() + "@fly"
	case a.Tower == TowerPiece:
		return "tower@" + a.Cell.String()
	case a.Tower == TowerTop:
		return a.Figure.String() + "@" + a.Cell.String() + ":tower"
	case a.Princess:
		return "princess@" + targetString(a.Target)
	case a.Fairy && a.Port != NoPort:
		return "fairy@" + targetString(Target{Cell: a.Cell, Port: a.Port})
	case a.Fairy:
		return "fairy@" + a.Cell.String()
	case a.Portal:
		return a.Figure.String() + "@" + targetString(Target{Cell: a.Cell, Port: a.Port})
	case a.Port == NoPort:
		return passToken
	}
	return a.Figure.String() + "@" + a.Port.String()
}

func moveFigure(m *Move, a Answer) {
	switch {
	case a.Fly:
		m.Fly, m.Figure = true, a.Figure
	case a.Tower == TowerPiece:
		m.Tower, m.TowerCell = TowerPiece, a.Cell
	case a.Tower == TowerTop:
		m.Tower, m.TowerCell, m.Figure = TowerTop, a.Cell, a.Figure
	case a.Princess:
		m.Princess = a.Target
	case a.Fairy:
		m.Fairy, m.FairyCell, m.FairyPort = true, a.Cell, a.Port
	case a.Port != NoPort:
		m.Follower, m.Figure = a.Port, a.Figure
		if a.Portal {
			m.Portal, m.PortalCell = true, a.Cell
		}
	}
}
