package turnview

import (
	"github.com/meeple-works/carcassonne/engine"
)

// This file names the choices of the scoreboard's two mini expansions
// (001_…, "The Messengers", "The Robbers"): where a robber goes, whom it
// robs, which pawn a scoring moves, and what a Message tile does.

// boardOption describes an answer of StepRobber, StepRob, StepPawn or
// StepMessage.
func (v *view) boardOption(o *Option) {
	vo := v.vo
	a := o.Answer
	switch a.Step {
	case engine.StepRobber:
		if a.Seat == 0 {
			o.Kind, o.Label = KindPass, vo.t("turn.opt.no_robber")
			return
		}
		o.Kind, o.Figure = KindChoice, vo.t("turn.figure.robber")
		o.Label = vo.t("turn.opt.robber", "Pawn", v.pawnWords(a.Seat-1, a.Messenger))
	case engine.StepRob:
		o.Kind, o.Figure = KindChoice, vo.t("turn.figure.robber")
		o.Label = vo.t("turn.opt.rob", "Player", v.names.of(v.g, a.Seat-1))
	case engine.StepPawn:
		o.Kind = KindChoice
		o.Figure = vo.t("turn.figure.marker")
		if a.Messenger {
			o.Figure = vo.t("turn.figure.messenger")
		}
		o.Label = Capitalize(vo.MovesWords(a, v.names.of(v.g, a.Seat-1)))
	case engine.StepMessage:
		o.Kind, o.Figure = KindChoice, vo.t("turn.figure.message")
		switch {
		case !a.Use:
			o.Label = vo.n("turn.opt.message_take", engine.MessageBonus)
		case a.Message == engine.MessageFollower:
			o.Kind = KindFeature
			o.cell(a.Target.Cell)
			o.Feature = vo.FeatureName(v.board, a.Target)
			o.Label = vo.t("turn.opt.message_score", "Spot", vo.SpotName(engine.FigureFollower, FeatureKind(v.board, a.Target), o.Feature), "Cell", a.Target.Cell.String())
		case a.Message == engine.MessageTile:
			o.Label = vo.t("turn.opt.message_carry", "Title", vo.MessageTitle(a.Message))
		default:
			o.Label = vo.t("turn.opt.message_points", "Title", vo.MessageTitle(a.Message), "Points", signed(a.Points))
		}
	}
}

// pawnWords names player p's marker or messenger and its space on the
// scoreboard: "Ben's marker (space 27)".
func (v *view) pawnWords(p int, messenger bool) string {
	value, id := v.g.Marker(p), "turn.pawn.marker"
	if messenger {
		value, _ = v.g.Messenger(p)
		id = "turn.pawn.messenger"
	}
	return v.vo.t(id, "Player", v.names.of(v.g, p), "Space", engine.BoardSpace(value))
}

// MovesWords says what a pawn answer (StepPawn) moves, for the player
// named who: "the marker, 23 → 28" with the engine's figures, "the
// messenger, 3 → 8, a dark space" when it lands on one (001_…, "The
// Messengers").
// In vo's language.
func (vo Voice) MovesWords(a engine.Answer, who string) string {
	pawn := "marker"
	if a.Messenger {
		pawn = "messenger"
	}
	switch {
	case a.Points == 0:
		return vo.t("turn.moves."+pawn, "Player", who)
	case engine.DarkSpace(a.From + a.Points):
		return vo.t("turn.moves.dark_"+pawn, "Player", who, "From", a.From, "To", a.From+a.Points)
	}
	return vo.t("turn.moves.to_"+pawn, "Player", who, "From", a.From, "To", a.From+a.Points)
}

// boardScoreWords says a score of a Message tile or a robbery: "message
// 2, the smallest city: Alice +6", "message 5 taken as 2 points: Alice
// +2", "robbery: Bob +3 from Alice".
func (vo Voice) boardScoreWords(g *engine.Game, e engine.ScoreEvent, names Names) string {
	who := names.of(g, e.Player)
	switch {
	case e.Source == engine.SourceRobbery:
		return vo.t("turn.score.robbery", "Player", who, "Points", plus(e.Points), "From", names.of(g, e.Tiles))
	case e.Carried:
		return vo.t("turn.score.message", "Message", int(e.Message), "Title", vo.MessageTitle(e.Message), "Player", who, "Points", plus(e.Points))
	}
	return vo.n("turn.score.message_taken", engine.MessageBonus, "Message", int(e.Message), "Player", who, "Points", plus(e.Points))
}

// RobbersPlacedWords says where move m, on game g before it, puts the
// robbers after a tile with a bag (The Robbers; 001_…, "Using robbers"):
// " Bob's robber goes by Alice's marker (space 12)." for each robber
// placed, in the order the players answered: the current player, then
// each other player whose robber was in front of them (under robbers=next
// only the first); "" when none is.
// In vo's language.
func (vo Voice) RobbersPlacedWords(g *engine.Game, m engine.Move, names Names) string {
	s := ""
	deciders := []int{g.Current()}
	for k := 1; k < g.NumPlayers(); k++ {
		p := (g.Current() + k) % g.NumPlayers()
		if _, on := g.Robber(p); on || g.Resigned(p) {
			continue
		}
		deciders = append(deciders, p)
		if g.Options().Robbers == engine.RobbersNext {
			break
		}
	}
	v := newView(vo, g, names)
	for i := range min(m.Robbers.Len(), len(deciders)) {
		seat, messenger := m.Robbers.At(i)
		if seat == 0 {
			continue
		}
		s += sentence(vo.t("turn.robber_by", "Player", names.of(g, deciders[i]), "Pawn", v.pawnWords(seat-1, messenger)))
	}
	return s
}

// boardStepWords says what an answer of StepRobber, StepRob, StepPawn or
// StepMessage did, by the player named name: "Bob places no robber.",
// "Bob's robber goes by Alice's marker (space 12).", "Bob's robber robs
// Alice.", "Alice moves the messenger, 3 → 5, a dark space.", "Alice
// carries out message 2, the smallest city: +6.", "Alice takes 2 points
// for message 5."
func (vo Voice) boardStepWords(g *engine.Game, a engine.Answer, name string, names Names) string {
	switch a.Step {
	case engine.StepRobber:
		if a.Seat == 0 {
			return vo.t("turn.step.no_robber", "Player", name)
		}
		return vo.t("turn.robber_by", "Player", name, "Pawn", newView(vo, g, names).pawnWords(a.Seat-1, a.Messenger))
	case engine.StepRob:
		return vo.t("turn.step.rob", "Player", name, "Other", names.of(g, a.Seat-1))
	case engine.StepPawn:
		return vo.t("turn.full_stop", "Sentence", Capitalize(vo.MovesWords(a, name)))
	}
	if !a.Use {
		return vo.n("turn.step.message_take", engine.MessageBonus, "Player", name, "Message", int(a.Message))
	}
	if a.Message == engine.MessageTile {
		return vo.t("turn.step.message_tile", "Player", name)
	}
	if a.Message == engine.MessageFollower {
		return vo.t("turn.step.message_follower", "Player", name, "Feature", vo.FeatureName(g, a.Target), "Cell", a.Target.Cell.String())
	}
	return vo.t("turn.step.message", "Player", name, "Message", int(a.Message), "Title", vo.MessageTitle(a.Message), "Points", signed(a.Points))
}
