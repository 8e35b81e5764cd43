package bot

import (
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds the mini expansions in Discord (001_…; issue
// "Expansions V"; spec/discord.md, "Expansions"):
//
//   - The Flying Machines: the Follower… menu offers "follower – onto the
//     flying machine (flies north 1 to 3 tiles)" (and the large follower).
//     The turn is then stored answer by answer (stepwise): Confirm stores
//     the placement and the figure, the bot rolls the die (the game's own,
//     engine.Game.DieRoll) and says so in the turn message, and a step
//     message asks the player where the figure lands, one button per
//     incomplete road, city or cloister of the tile it reaches; a figure
//     with nowhere to land goes back to the supply at once.
//   - The Gold Mines: after a tile with a gold mine the preview has a
//     Second gold ingot… menu of the tiles around it (the first one chosen
//     until the player picks another); summaries say where the ingots went
//     and who takes them, the scoreboard counts each player's ingots.

// goldOptions lists the Second gold ingot… menu of choice ch on game st (a
// turnView): each tile next to the tile placed, diagonals included
// (engine.Game.GoldCells); nil when the tile drawn has no gold mine.
func goldOptions(st *engine.Game, ch choice) []discordgo.SelectMenuOption {
	var opts []discordgo.SelectMenuOption
	for _, c := range st.GoldCells(engine.Placement{Cell: ch.cell, Rotation: ch.rot}) {
		opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("Second ingot on the tile at (%s)", c),
			Value: fmt.Sprintf("%d/%d", c.X, c.Y), Default: ch.gold && c == ch.gcell})
	}
	return opts
}

// withGold returns choice ch with its second gold ingot on the first tile
// that may take it when the player has not chosen one (or chose one the
// placement does not allow): a tile with a gold mine always has one.
func withGold(st *engine.Game, ch choice) choice {
	cs := st.GoldCells(engine.Placement{Cell: ch.cell, Rotation: ch.rot})
	switch {
	case len(cs) == 0:
		ch.gold, ch.gcell = false, engine.Cell{}
	case !ch.gold || !slices.Contains(cs, ch.gcell):
		ch.gold, ch.gcell = true, cs[0]
	}
	return ch
}

// landingName names the feature at t (a flying figure's landing, a crop
// circle's answer, the mage or witch) on game st, in the middle of a turn
// read with the tile just placed as it lies (engine.Game.Preview): "city
// (north) at (2,0)" (turnview.FeatureName).
func landingName(st *engine.Game, t engine.Target) string {
	if _, ok := st.TileAt(t.Cell); !ok {
		if pv := st.Preview(); pv != nil {
			st = pv
		}
	}
	return fmt.Sprintf("%s at (%s)", turnview.FeatureName(st, t), t.Cell)
}

// played returns a copy of game st with move m played (unchecked: m was
// played on st already), for the words that name what m's tile holds.
func played(st *engine.Game, m engine.Move) *engine.Game {
	c := st.Clone()
	c.Reset()
	c.Play(m)
	return c
}

// flyWords says what the flight of move m did, on game st before it:
// " The follower flies: the die shows 2, and it lands as a knight on the
// city (north) at (2,0)." With m.Roll 0 (the die not rolled yet) it says
// nothing.
func flyWords(st *engine.Game, m engine.Move) string {
	if !m.Fly || m.Roll == 0 {
		return ""
	}
	s := fmt.Sprintf(" 🎲 The %s flies: the die shows %d", flyerWord(m.Figure), m.Roll)
	if m.Land == (engine.Target{}) {
		if c, ok := st.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll)); ok {
			return s + fmt.Sprintf(", and it finds nowhere to land at (%s), so it goes back to the supply.", c)
		}
		return s + ", and it finds nowhere to land, so it goes back to the supply."
	}
	return s + ", and it lands on the " + landingName(st, m.Land) + "."
}

// rollWords says the die of a flight whose landing is still to be chosen:
// " 🎲 The die shows 2: the follower flies to (0,-2)."
func rollWords(st *engine.Game, m engine.Move) string {
	if !m.Fly || m.Roll == 0 {
		return ""
	}
	c, _ := st.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll))
	return fmt.Sprintf(" 🎲 The die shows %d: the %s flies to (%s).", m.Roll, flyerWord(m.Figure), c)
}

// goldWords says where move m put its gold ingots: " Gold ingots on
// (1,0) and (2,1)."
func goldWords(m engine.Move) string {
	if !m.Gold {
		return ""
	}
	return fmt.Sprintf(" Gold ingots on (%s) and (%s).", m.Cell, m.GoldCell)
}

// goldTakenWords says who took gold ingots in a turn, from each player's
// ingots before (held) and after it (st): " Alice takes 2 gold ingots."
func goldTakenWords(g storage.Game, st *engine.Game, held []int) string {
	s := ""
	for p, n := range held {
		if d := st.Gold(p) - n; d > 0 {
			s += fmt.Sprintf(" %s takes %s.", seatName(g, st, p), plural(d, "gold ingot"))
		}
	}
	return s
}

// goldHeld lists each player's gold ingots in st.
func goldHeld(st *engine.Game) []int {
	held := make([]int, st.NumPlayers())
	for p := range held {
		held[p] = st.Gold(p)
	}
	return held
}

// minisHelp is /carcassonne help's paragraph on the mini expansions of
// game set.
func minisHelp(set engine.ExpansionSet) string {
	s := ""
	if set.Has(engine.ExpansionFlyingMachines) {
		s += " With a flying machine on your tile you may put a follower onto it (\"follower – onto the flying machine\" in the **Follower…** menu): " +
			"after Confirm the die (1 to 3) says how many tiles it flies the way the machine points, and you choose the road, city or cloister " +
			"it lands on there, occupied or not. With nothing to land on it goes back to your supply."
	}
	if set.Has(engine.ExpansionFerries) {
		s += ferriesHelp
	}
	s += magicCropHelp(set)
	if set.Has(engine.ExpansionGoldMines) {
		s += " A tile with a gold mine gets a gold ingot, and you put a second one on a tile next to it with **Second gold ingot…**. " +
			"Whoever scores a road, city or cloister takes the ingots on its tiles; at the end each ingot is worth 1 to 4 points, more the more you hold."
	}
	return s
}

// firstAnswers returns the answers of the timeout for the player to play
// in st: from the start of the turn, the first legal placement, no figure,
// the first choice of every later step of that player (the first tile
// for the second gold ingot, the die of the game, the first landing), up
// to the end of the turn, the dragon's move or another player's decision.
func firstAnswers(st *engine.Game) []engine.Answer {
	s := st.Clone()
	cur := s.Current()
	var as []engine.Answer
	for {
		d := s.Pending()
		if d.Player != cur || d.Step == engine.StepNone || d.Step == engine.StepDragon || (len(as) > 0 && d.Step == engine.StepTile) {
			return as // the dragon's steps have messages of their own
		}
		opts := s.Answers()
		if len(opts) == 0 {
			return as
		}
		a := opts[0]
		switch d.Step {
		case engine.StepFigure:
			a = engine.Answer{Step: engine.StepFigure}
		case engine.StepTile:
			// The first placement in the order the players see them.
			if ps := s.Placements(); len(ps) > 0 && !a.Aside {
				a = engine.Answer{Step: engine.StepTile, Cell: ps[0].Cell, Rotation: ps[0].Rotation}
			}
		}
		done, err := s.Act(a)
		if err != nil {
			return as
		}
		as = append(as, a)
		if done {
			return as
		}
	}
}

// goesOnWords says, in the turn message, what player p did in a turn that
// goes on with decisions made after Confirm (move m, on game st before
// it): the placement, the figure, the ingots, the die of a flight, and
// "The dragon moves!" after a dragon tile.
func goesOnWords(g storage.Game, st *engine.Game, p int, m engine.Move) string {
	text := describeMove(g, st, p, m, "") + dragonMoveWords(g, st, m) + magicWords(st, m) + goldWords(m) + ferryWords(m) + rollWords(st, m)
	if m.Crop != engine.CropNone && m.CropPicks.Len() == 0 {
		text += fmt.Sprintf(" Crop circle: %s chose %s.", seatName(g, st, p), m.Crop)
	}
	if dragonTile(st) && !m.Fly {
		text += " The dragon moves!"
	}
	return text
}

// flyerWord names a flying figure of kind f: "follower", "large follower".
func flyerWord(f engine.Figure) string {
	if f == engine.FigureLarge {
		return "large follower"
	}
	return "follower"
}

// landAsk is the step message's text when player name chooses where the
// figure on the flying machine lands (st, mid-turn, waits for StepLand).
func landAsk(st *engine.Game, name string) string {
	s := ""
	if pv := st.Preview(); pv != nil && len(pv.Moves()) > 0 {
		m := pv.Moves()[len(pv.Moves())-1]
		if c, ok := st.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll)); ok && m.Fly {
			s = fmt.Sprintf("🎲 The die shows %d: %s's %s flies to (%s). ", m.Roll, name, flyerWord(m.Figure), c)
		}
	}
	return s + fmt.Sprintf("**%s** chooses where it lands: a road, city or cloister of that tile that is not complete, occupied or not.", name)
}
