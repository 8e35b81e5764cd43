package turnview

import "github.com/meeple-works/carcassonne/engine"

// Question is what the step game g waits for asks, in full, for the
// message that asks it (Discord's step message, the terminal's choices):
// a title ("The dragon moves · step 2 of up to 6", "Crop circle: add a
// knight"; "" for the player's own steps that follow the others'
// decisions, the figure after a robbers' bag tile …) and the question
// with the rule the choice follows ("The dragon is at (1,0). Bob chooses
// where it goes next; it eats every figure on the tile it enters."). The
// steps without a rule to tell ask as Asks does. names are the players'
// names as the message shows them (with Discord, in bold).
func (vo Voice) Question(g *engine.Game, names Names) (title, ask string) {
	d := g.Pending()
	who := names.of(g, d.Player)
	var part engine.Move // the move of the answers so far
	if pv := g.Preview(); pv != nil && len(pv.Moves()) > 0 {
		part = pv.Moves()[len(pv.Moves())-1]
	}
	switch d.Step {
	case engine.StepDragon:
		return vo.t("turn.question.dragon.title", "Step", len(part.Dragon.Cells())+1, "Max", engine.MaxDragonSteps),
			vo.t("turn.question.dragon.ask", "Cell", dragonNow(g).String(), "Player", who)
	case engine.StepLand:
		die := ""
		if c, ok := g.FlightCell(part.Tile, part.Cell, part.Rotation, int(part.Roll)); ok && part.Fly {
			die = vo.t("turn.question.land.die_"+flyerKey(part.Figure), "Roll", int(part.Roll), "Player", who, "Cell", c.String()) + " "
		}
		return vo.t("turn.question.land.title"), die + vo.t("turn.question.land.ask", "Player", who)
	case engine.StepCropPick:
		k, act := g.TileSet().CropKind(part.Tile).String(), "add"
		if part.Crop == engine.CropRemove {
			act = "remove"
		}
		return vo.t("turn.question.crop." + act + "_title." + k), vo.t("turn.question.crop."+act+"_ask."+k, "Player", who)
	case engine.StepFerry, engine.StepFerryMove:
		return vo.t("turn.question.ferry.title"), vo.t("turn.question.ferry.ask", "Player", who)
	case engine.StepEscape:
		return vo.t("turn.question.escape.title"), vo.t("turn.question.escape.ask", "Player", who)
	case engine.StepRobber:
		return vo.t("turn.question.robber.title"), vo.t("turn.question.robber.ask", "Player", who)
	case engine.StepRob:
		return vo.t("turn.question.rob.title"), vo.t("turn.question.rob.ask", "Player", who)
	case engine.StepPawn:
		ask = vo.t("turn.question.pawn.ask", "Player", who)
		if as := g.Answers(); len(as) > 0 && as[0].Points > 0 {
			ask = vo.n("turn.question.pawn.ask_points", as[0].Points, "Player", who)
		}
		return vo.t("turn.question.pawn.title"), ask
	case engine.StepMessage:
		title = vo.t("turn.question.message.title")
		if as := g.Answers(); len(as) > 0 {
			title = vo.t("turn.question.message.title_n", "N", int(as[0].Message), "Effect", vo.MessageTitle(as[0].Message))
		}
		return title, vo.t("turn.question.message.ask", "Player", who, "Points", engine.MessageBonus)
	}
	return "", vo.Asks(g, names)
}
