package turnview

import (
	"fmt"

	"github.com/meeple-works/carcassonne/engine"
)

// This file names the choices of the scoreboard's two mini expansions
// (001_…, "The Messengers", "The Robbers"): where a robber goes, whom it
// robs, which pawn a scoring moves, and what a Message tile does.

// boardOption describes an answer of StepRobber, StepRob, StepPawn or
// StepMessage.
func (v *view) boardOption(o *Option) {
	a := o.Answer
	switch a.Step {
	case engine.StepRobber:
		if a.Seat == 0 {
			o.Kind, o.Label = KindPass, "No robber"
			return
		}
		o.Kind, o.Figure = KindChoice, "robber"
		o.Label = "Robber next to " + v.pawnWords(a.Seat-1, a.Messenger)
	case engine.StepRob:
		o.Kind, o.Figure = KindChoice, "robber"
		o.Label = "Rob " + v.names.of(v.g, a.Seat-1)
	case engine.StepPawn:
		o.Kind = KindChoice
		o.Figure = "marker"
		if a.Messenger {
			o.Figure = "messenger"
		}
		o.Label = Capitalize(MovesWords(a, v.names.of(v.g, a.Seat-1)))
	case engine.StepMessage:
		o.Kind, o.Figure = KindChoice, "message"
		switch {
		case !a.Use:
			o.Label = fmt.Sprintf("Take %d points", engine.MessageBonus)
			return
		case a.Message == engine.MessageFollower:
			o.Kind = KindFeature
			o.cell(a.Target.Cell)
			o.Feature = FeatureName(v.board, a.Target)
			o.Label = fmt.Sprintf("Score your %s at (%s)", SpotName(engine.FigureFollower, FeatureKind(v.board, a.Target), o.Feature), a.Target.Cell)
		default:
			o.Label = "Carry out: " + a.Message.Title()
		}
		if a.Message != engine.MessageTile && a.Message != engine.MessageFollower {
			o.Label += fmt.Sprintf(": %+d", a.Points)
		}
	}
}

// pawnWords names player p's marker or messenger and its space on the
// scoreboard: "Ben's marker (space 27)".
func (v *view) pawnWords(p int, messenger bool) string {
	value, pawn := v.g.Marker(p), "marker"
	if messenger {
		value, _ = v.g.Messenger(p)
		pawn = "messenger"
	}
	return fmt.Sprintf("%s's %s (space %d)", v.names.of(v.g, p), pawn, engine.BoardSpace(value))
}

// MovesWords says what a pawn answer (StepPawn) moves, for the player
// named who: "the marker, 23 → 28" with the engine's figures, "the
// messenger, 3 → 8, a dark space" when it lands on one (001_…, "The
// Messengers").
func MovesWords(a engine.Answer, who string) string {
	pawn := "marker"
	if a.Messenger {
		pawn = "messenger"
	}
	if a.Points == 0 {
		return fmt.Sprintf("%s moves the %s", who, pawn)
	}
	s := fmt.Sprintf("%s moves the %s, %d → %d", who, pawn, a.From, a.From+a.Points)
	if engine.DarkSpace(a.From + a.Points) {
		s += ", a dark space"
	}
	return s
}

// boardScoreWords says a score of a Message tile or a robbery: "message
// 2, the smallest city: Alice +6", "message 5 taken as 2 points: Alice
// +2", "robbery: Bob +3 from Alice".
func boardScoreWords(g *engine.Game, e engine.ScoreEvent, names Names) string {
	who := names.of(g, e.Player)
	switch {
	case e.Source == engine.SourceRobbery:
		return fmt.Sprintf("robbery: %s +%d from %s", who, e.Points, names.of(g, e.Tiles))
	case e.Carried:
		return fmt.Sprintf("message %d, %s: %s +%d", e.Message, e.Message.Title(), who, e.Points)
	}
	return fmt.Sprintf("message %d taken as %d points: %s +%d", e.Message, engine.MessageBonus, who, e.Points)
}

// RobbersPlacedWords says where move m, on game g before it, puts the
// robbers after a tile with a bag (The Robbers; 001_…, "Using robbers"):
// " Bob's robber goes by Alice's marker (space 12)." for each robber
// placed, in the order the players answered: the current player, then
// each other player whose robber was in front of them (under robbers=next
// only the first); "" when none is.
func RobbersPlacedWords(g *engine.Game, m engine.Move, names Names) string {
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
	v := newView(g, names)
	for i := range min(m.Robbers.Len(), len(deciders)) {
		seat, messenger := m.Robbers.At(i)
		if seat == 0 {
			continue
		}
		s += fmt.Sprintf(" %s's robber goes by %s.", names.of(g, deciders[i]), v.pawnWords(seat-1, messenger))
	}
	return s
}

// boardStepWords says what an answer of StepRobber, StepRob, StepPawn or
// StepMessage did, by the player named name: "Bob places no robber.",
// "Bob's robber goes by Alice's marker (space 12).", "Bob's robber robs
// Alice.", "Alice moves the messenger, 3 → 5, a dark space.", "Alice
// carries out message 2, the smallest city: +6.", "Alice takes 2 points
// for message 5."
func boardStepWords(g *engine.Game, a engine.Answer, name string, names Names) string {
	switch a.Step {
	case engine.StepRobber:
		if a.Seat == 0 {
			return name + " places no robber."
		}
		return fmt.Sprintf("%s's robber goes by %s.", name, newView(g, names).pawnWords(a.Seat-1, a.Messenger))
	case engine.StepRob:
		return fmt.Sprintf("%s's robber robs %s.", name, names.of(g, a.Seat-1))
	case engine.StepPawn:
		return Capitalize(MovesWords(a, name)) + "."
	}
	if !a.Use {
		return fmt.Sprintf("%s takes %d points for message %d.", name, engine.MessageBonus, a.Message)
	}
	if a.Message == engine.MessageTile {
		return fmt.Sprintf("%s carries out message 7: one more tile.", name)
	}
	if a.Message == engine.MessageFollower {
		return fmt.Sprintf("%s carries out message 8: the %s at (%s) scores.", name, FeatureName(g, a.Target), a.Target.Cell)
	}
	return fmt.Sprintf("%s carries out message %d, %s: %+d.", name, a.Message, a.Message.Title(), a.Points)
}
