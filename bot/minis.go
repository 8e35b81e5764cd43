package bot

import (
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds the mini expansions in Discord (001_…; issue
// "Expansions V"; spec/discord.md, "Expansions"):
//
//   - The Flying Machines: the Follower… menu offers "follower – onto the
//     flying machine (flies north 1 to 3 tiles)" (and the large follower).
//     Confirm stores the placement and the figure, the bot rolls the die
//     (the game's own, engine.Game.DieRoll) and says so in the turn
//     message, and a step message asks the player where the figure lands, one button per
//     incomplete road, city or cloister of the tile it reaches; a figure
//     with nowhere to land goes back to the supply at once.
//   - The Gold Mines: after a tile with a gold mine the preview has a
//     Second gold ingot… menu of the tiles around it (the first one chosen
//     until the player picks another); summaries say where the ingots went
//     and who takes them, the scoreboard counts each player's ingots.

// minisHelp is /carcassonne help's paragraphs on the mini expansions of
// game set, in language l, one for each.
func minisHelp(l i18n.Lang, set engine.ExpansionSet) []string {
	var ps []string
	if set.Has(engine.ExpansionFlyingMachines) {
		ps = append(ps, tr(l, "help2.flying"))
	}
	if set.Has(engine.ExpansionFerries) {
		ps = append(ps, tr(l, ferriesHelp))
	}
	ps = append(ps, magicCropHelp(l, set)...)
	if set.Has(engine.ExpansionGoldMines) {
		ps = append(ps, tr(l, "help2.gold"))
	}
	return ps
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

// goesOnWords says what player p's answers so far did (their move m, on
// game st at the start of the turn) while the turn goes on with other
// players' decisions (turnview.PartWords).
func goesOnWords(g storage.Game, st *engine.Game, p int, m engine.Move) string {
	return turnview.In(gameLang(g)).PartWords(st, p, m, seatNames(g, st))
}

// landAsk is the step message's text, in l, when player name chooses
// where the figure on the flying machine lands (st, mid-turn, waits for
// StepLand).
func landAsk(l i18n.Lang, st *engine.Game, name string) string {
	s := ""
	if pv := st.Preview(); pv != nil && len(pv.Moves()) > 0 {
		m := pv.Moves()[len(pv.Moves())-1]
		if c, ok := st.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll)); ok && m.Fly {
			id := "bot.step.land.die"
			if m.Figure == engine.FigureLarge {
				id = "bot.step.land.die_large"
			}
			s = tr(l, id, "Roll", int(m.Roll), "Player", name, "Cell", c) + " "
		}
	}
	return s + tr(l, "bot.step.land.ask", "Player", name)
}

// ferriesHelp is the message id of /carcassonne help's paragraph on The
// Ferries (i18n/locales/help2.<tag>.toml).
const ferriesHelp = "help2.ferries"
