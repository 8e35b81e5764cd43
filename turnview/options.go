package turnview

import (
	"errors"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// Kind is what an option chooses, so that a front end can show it without
// knowing the expansion: a spot on a feature becomes a numbered marker and a
// menu entry, a tile a cell, a pass a "none" entry.
type Kind uint8

// The kinds of options.
const (
	// KindPass passes an optional choice: no follower, no prisoner, no
	// escape, no (more) ferry move, a crop circle's pass.
	KindPass Kind = iota
	// KindPlacement: a cell and a rotation for the tile drawn (with The
	// Tower, a ransom paid first), or its discard or setting aside.
	KindPlacement
	// KindSpot: a figure on a feature of the tile just placed.
	KindSpot
	// KindFeature: a figure or a feature elsewhere on the board, named by
	// its tile and port (the portal, a prisoner, an escape, a landing,
	// the mage or witch, a crop circle's answer).
	KindFeature
	// KindTile: a tile of the board (a tower piece, the top of a tower,
	// the fairy, the second gold ingot, a step of the dragon).
	KindTile
	// KindFigure: a figure onto something that is not a feature (the
	// flying machine).
	KindFigure
	// KindLink: two road ends of a lake (a ferry).
	KindLink
	// KindRoll: chance, the die of a flying machine.
	KindRoll
	// KindChoice: one of named alternatives (a crop circle's add or
	// remove).
	KindChoice
)

var kindNames = [...]string{"pass", "placement", "spot", "feature", "tile", "figure", "link", "roll", "choice"}

// String returns the kind's name: "pass", "placement", "spot", "feature",
// "tile", "figure", "link", "roll", "choice".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Option is one legal answer of the step a game waits for, with what a
// front end needs to show it.
type Option struct {
	// Answer is the engine's answer: engine.Game.Act accepts it.
	Answer engine.Answer
	// Player decides it (an index in turn order).
	Player int
	// Kind is what it chooses.
	Kind Kind
	// Value is the answer as the game's record writes it
	// (engine.Answer.String: "large@N", "capture@2,0:S", "-" for a
	// pass): what the terminal lists and reads and a component's value
	// carries. No two Options of one list share a value.
	Value string
	// Label is the answer in a player's words, as spec/discord.md writes
	// the entries: "knight – city (north)", "large follower – city
	// (north)", "tower piece at (2,-1)", "No follower", "Bob's knight at
	// (2,-1)". At most 100 characters (Discord's limit of a label).
	Label string
	// Figure is the figure the answer moves or deploys, in a player's
	// words ("follower", "large follower", "builder", "pig", "tower
	// piece", "fairy", "princess", "mage", "witch", "dragon"); "" when
	// none.
	Figure string
	// Feature is the feature the answer names, with its position on its
	// tile as the tile lies ("city (north)", "road (east and west)",
	// "cloister"); "" when none.
	Feature string
	// Cell is the tile the answer names, when HasCell, and Port the
	// port (board orientation) of the feature of that tile it names, or
	// engine.NoPort when it names the tile (a tower, the fairy's tile,
	// the second gold ingot, a step of the dragon).
	Cell    engine.Cell
	HasCell bool
	Port    engine.Port
	// Spot is, for KindSpot, the number of the spot in
	// engine.Game.FollowerSpots of the placement (the number the
	// previews draw, engine.SpotLabel), -1 when the previews draw none.
	Spot int
}

// Pass reports whether the option passes an optional choice.
func (o Option) Pass() bool { return o.Kind == KindPass }

// Names are the players' names in turn order, as a front end shows them
// (Discord's display names); nil or a missing name takes the engine's.
type Names []string

func (n Names) of(g *engine.Game, p int) string {
	if p >= 0 && p < len(n) && n[p] != "" {
		return n[p]
	}
	if ps := g.Players(); p >= 0 && p < len(ps) {
		return ps[p]
	}
	return "?"
}

// Options returns the options of the step g waits for (engine.Game.Pending),
// one per legal answer (engine.Game.Answers) in the engine's order, with
// answers the engine lists twice (two figures of one player on one spot,
// which one answer names) given once; nil once the game is over. names
// names the players. Every option's Answer is accepted by engine.Game.Act.
func Options(g *engine.Game, names Names) []Option { return english.Options(g, names) }

// Options is [Options] in vo's language: the labels, figures and features
// in its words, the values the same.
func (vo Voice) Options(g *engine.Game, names Names) []Option {
	as := g.Answers()
	if len(as) == 0 {
		return nil
	}
	v := newView(vo, g, names)
	out := make([]Option, 0, len(as))
	seen := make(map[string]bool, len(as))
	for _, a := range as {
		o := v.option(a)
		if seen[o.Value] {
			continue
		}
		seen[o.Value] = true
		out = append(out, o)
	}
	return out
}

// OnlyPass returns the answer to the step g waits for when passing is the
// only one it offers (no knight of the player's may escape, no prisoner in
// reach, no follower and no fairy to deploy, …), and false otherwise. The
// front ends give such an answer at once instead of asking a question with
// one answer; the decision stays in the record like any other.
func OnlyPass(g *engine.Game) (engine.Answer, bool) {
	if d := g.Pending(); d.Step == engine.StepNone || d.Step == engine.StepTile {
		return engine.Answer{}, false
	}
	opts := english.Options(g, nil)
	if len(opts) != 1 || !opts[0].Pass() {
		return engine.Answer{}, false
	}
	return opts[0].Answer, true
}

// PutAway returns the move that puts the tile drawn in g away without a
// choice: setting it aside, when the rules do (a dragon tile before any
// volcano; 004_…, "The dragon"), or discarding it when it fits nowhere
// (000_…, "Placing land tiles": it is put out of the game and the player
// draws another). It returns false when the tile is to be placed, in the
// middle of a turn and once the game is over. The front ends store such a
// move at once, and say it with Voice.DrawWords.
func PutAway(g *engine.Game) (engine.Move, bool) {
	t, ok := g.Drawn()
	if !ok || g.Pending().Step != engine.StepTile {
		return engine.Move{}, false
	}
	m := engine.Move{Tile: t, Aside: g.SetsAside()}
	m.Discard = !m.Aside && !g.CanPlace(t)
	return m, m.Aside || m.Discard
}

// ErrNotOffered: Lookup was given a value that is not among the options of
// the step the game waits for.
var ErrNotOffered = errors.New("that choice is not offered now")

// Lookup returns the option of value (an Option.Value, the record's token
// that engine.Answer.String writes) among the options of the step g waits
// for. A value that is not among them returns an error wrapping
// ErrNotOffered, which says in a player's words what the step waits for.
// In vo's language: the option's words and the error's text in it.
func (vo Voice) Lookup(g *engine.Game, names Names, value string) (Option, error) {
	a, err := g.AnswerOf(strings.TrimSpace(value))
	if err != nil {
		return Option{}, &notOffered{text: vo.t("turn.not_offered", "Asks", vo.Asks(g, names))}
	}
	return newView(vo, g, names).option(a), nil
}

// askIDs are the messages of Asks by step.
var askIDs = map[engine.Step]string{
	engine.StepFigure:    "turn.asks.figure",
	engine.StepGold:      "turn.asks.gold",
	engine.StepMagic:     "turn.asks.magic",
	engine.StepRoll:      "turn.asks.roll",
	engine.StepLand:      "turn.asks.land",
	engine.StepCapture:   "turn.asks.capture",
	engine.StepFerry:     "turn.asks.ferry",
	engine.StepFerryMove: "turn.asks.ferry_move",
	engine.StepDragon:    "turn.asks.dragon",
	engine.StepEscape:    "turn.asks.escape",
	engine.StepCrop:      "turn.asks.crop",
	engine.StepCropPick:  "turn.asks.crop_pick",
	engine.StepRobber:    "turn.asks.robber",
	engine.StepRob:       "turn.asks.rob",
	engine.StepPawn:      "turn.asks.pawn",
	engine.StepMessage:   "turn.asks.message",
}

// Asks says what the step g waits for asks, in a player's words: "Alice
// places tile D.", "Bob chooses where the dragon goes.", "The game is
// over."
// In vo's language.
func (vo Voice) Asks(g *engine.Game, names Names) string {
	d := g.Pending()
	who := names.of(g, d.Player)
	switch d.Step {
	case engine.StepNone:
		return vo.t("turn.asks.over")
	case engine.StepTile:
		t, _ := g.Drawn()
		return vo.t("turn.asks.tile", "Player", who, "Tile", g.TileSet().Name(t))
	}
	if id, ok := askIDs[d.Step]; ok {
		return vo.t(id, "Player", who, "Points", engine.MessageBonus)
	}
	return vo.t("turn.asks.other", "Player", who)
}

// AnswersOfMove returns the answers of move m for the steps of its player
// that follow one another from the start of the turn on a copy of g: the
// answers m names, a pass where m names none and the step may pass (no
// figure, no escape; a record leaves such a choice out), the only answer
// of a step that has one, and the game's own die; they stop before the
// first step m does not answer and the player must choose (a second gold
// ingot with several tiles, a landing, a ferry …), before a step of
// another player, or at the end of the turn (done). An answer the rules
// refuse returns the engine's error. The terminal reads a record's move
// this way, and tests play a move through a front end's menus with it.
func AnswersOfMove(g *engine.Game, m engine.Move) (as []engine.Answer, done bool, err error) {
	c := g.Clone()
	mover := c.Pending().Player
	dragon, ferries := 0, 0
	for {
		d := c.Pending()
		if d.Player != mover || d.Step == engine.StepNone {
			return as, false, nil
		}
		a, ok := stepOfMove(c, m, d.Step, &dragon, &ferries)
		if !ok {
			return as, false, nil
		}
		done, err := c.Act(a)
		if err != nil {
			return nil, false, err
		}
		as = append(as, a)
		if done {
			return as, true, nil
		}
	}
}

// stepOfMove returns the answer of move m to step st of game g, as
// AnswersOfMove takes it; ok is false when the player must choose.
// dragon and ferries count the dragon's steps and the ferries moved taken
// from m so far.
func stepOfMove(g *engine.Game, m engine.Move, st engine.Step, dragon, ferries *int) (engine.Answer, bool) {
	named := engine.MoveOfAnswers(m.Tile, nil)
	a := engine.Answer{Step: st}
	switch st {
	case engine.StepTile:
		return engine.Answer{Step: st, Discard: m.Discard, Aside: m.Aside, Cell: m.Cell, Rotation: m.Rotation, Ransomed: m.Ransomed, Ransom: m.Ransom}, true
	case engine.StepFigure:
		switch {
		case m.Tower != engine.TowerNone:
			a.Tower, a.Cell, a.Figure = m.Tower, m.TowerCell, m.Figure
		case m.Princess != (engine.Target{}):
			a.Princess, a.Target = true, m.Princess
		case m.Fairy:
			a.Fairy, a.Cell, a.Port = true, m.FairyCell, m.FairyPort
		case m.Fly:
			a.Fly, a.Figure = true, m.Figure
		case m.Follower != engine.NoPort:
			a.Port, a.Figure = m.Follower, m.Figure
			if m.Portal {
				a.Portal, a.Cell = true, m.PortalCell
			}
		}
		return a, true // none named: no figure
	case engine.StepEscape:
		return engine.Answer{Step: st, Target: m.Escape}, true
	case engine.StepRoll:
		return engine.Answer{Step: st, Roll: g.DieRoll()}, true
	case engine.StepCapture:
		if m.Capture != named.Capture {
			return engine.Answer{Step: st, Target: m.Capture}, true
		}
	case engine.StepGold:
		if m.Gold {
			return engine.Answer{Step: st, Cell: m.GoldCell}, true
		}
	case engine.StepLand:
		if m.Land != named.Land {
			return engine.Answer{Step: st, Target: m.Land}, true
		}
	case engine.StepFerry:
		if m.Ferry != 0 {
			return engine.Answer{Step: st, Link: m.Ferry}, true
		}
	case engine.StepFerryMove:
		if *ferries < m.FerryMoves.Len() {
			fm := m.FerryMoves.At(*ferries)
			*ferries++
			return engine.Answer{Step: st, Cell: fm.Cell, Link: fm.Link}, true
		}
	case engine.StepMagic:
		if m.Magic != engine.MagicNone {
			return engine.Answer{Step: st, Magic: m.Magic, Target: m.MagicAt}, true
		}
	case engine.StepCrop:
		if m.Crop != engine.CropNone {
			return engine.Answer{Step: st, Crop: m.Crop}, true
		}
	case engine.StepDragon:
		if *dragon < m.Dragon.Len() {
			*dragon++
			return engine.Answer{Step: st, Cell: m.Dragon.At(*dragon - 1)}, true
		}
	}
	// Not named: the only answer, when there is one.
	if as := g.Answers(); len(as) == 1 {
		return as[0], true
	}
	return engine.Answer{}, false
}
