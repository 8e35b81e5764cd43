package bot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file builds the preview's menus of a player's own steps (Follower…,
// Portal spot…, Take prisoner…, Escape…) from the engine's list of legal
// answers (turnview.Options), on a copy of the game with the choice's
// earlier answers given: a menu offers only what the engine accepts, each
// answer once, in the engine's words.

// seatNames are the players' names of game g as the seats show them.
func seatNames(g storage.Game, st *engine.Game) turnview.Names {
	names := make(turnview.Names, st.NumPlayers())
	for p := range names {
		names[p] = seatName(g, st, p)
	}
	return names
}

// stage returns a copy of st with the answers of choice ch given through
// engine.Game.Act, from the start of the turn, up to the step stop of the
// current player, and true when the turn reaches it. It returns false when
// the turn ends before, or the next decision is someone else's (the dragon's
// steps) or has a message of its own (a landing); and the engine's error
// for an answer the rules refuse.
func (c choice) stage(st *engine.Game, stop engine.Step) (*engine.Game, bool, error) {
	s, _, reached, err := c.walk(st, stop)
	return s, reached, err
}

// stepOptions returns the options of the current player's step s of
// choice ch on game view (a turnView: after ch's ransom, which it does not
// pay again), ch's earlier answers given; nil when the turn does not ask
// it of the player, or ch's earlier answers are refused.
func stepOptions(view *engine.Game, ch choice, s engine.Step) []turnview.Option {
	ch.ransomed, ch.ransom = false, engine.Ransom{}
	c, reached, err := ch.stage(view, s)
	if err != nil || !reached {
		return nil
	}
	return turnview.Options(c, nil)
}

// figOf is the figure step's choice of answer a (figAnswer's inverse).
func figOf(a engine.Answer) figChoice {
	f := figChoice{port: engine.NoPort, fig: engine.FigureFollower}
	switch {
	case a.Tower != engine.TowerNone:
		f.tower, f.tcell = a.Tower, a.Cell
		if a.Tower == engine.TowerTop {
			f.fig = a.Figure
		}
	case a.Portal:
		f.portal, f.fig, f.pcell, f.port = true, a.Figure, a.Cell, a.Port
	case a.Princess:
		f.princess = a.Target
	case a.Fairy:
		f.fairy, f.fcell, f.port = true, a.Cell, a.Port
	case a.Fly:
		f.fly, f.fig = true, a.Figure
	case a.Port != engine.NoPort:
		f.port, f.fig = a.Port, a.Figure
	}
	return f
}

// portalGroup is the Follower… menu's entry of the magic portal's tile c,
// whose spots the Portal spot… menu lists.
func portalGroup(c engine.Cell) figChoice {
	return figChoice{port: engine.NoPort, portal: true, pcell: c}
}

// figureOptions returns the options of the figure step of choice ch (its
// placement, ransom, second gold ingot and mage or witch given): the
// engine's, on a copy of st. It returns nil when the turn asks no figure
// (a volcano), and why in a player's words when the choice's earlier
// answers are refused.
func figureOptions(g storage.Game, st *engine.Game, ch choice) ([]turnview.Option, string) {
	s, reached, err := ch.stage(st, engine.StepFigure)
	if err != nil {
		return nil, moveReason(err)
	}
	if !reached {
		return nil, ""
	}
	return turnview.Options(s, seatNames(g, st)), ""
}

// sameFigure reports whether the figure step's choices a and b deploy the
// same figure on the same feature: a spot of the tile placed is named by
// any of the ports of its segment.
func sameFigure(st *engine.Game, ch choice, a, b figChoice) bool {
	if a == b {
		return true
	}
	if !a.plain() || !b.plain() || a.fig != b.fig || a.port == engine.NoPort || b.port == engine.NoPort {
		return false
	}
	t := drawnTile(st)
	fa, oka := st.TileSet().FeatureAt(t, ch.rot, a.port)
	fb, okb := st.TileSet().FeatureAt(t, ch.rot, b.port)
	return oka && okb && fa == fb
}

// figureMenu returns the Follower… menu of choice ch: "No follower" when
// the step may pass, then every figure the engine accepts, spots of the
// tile numbered as the preview draws them, the magic portal by tile
// (nearest first, last), every one (selectRow pages them); ch with
// its figure step set to the first option when it must deploy one
// (princess=must) and what it chose is not offered; and the label of the
// option chosen.
func figureMenu(g storage.Game, st *engine.Game, ch choice) (opts []discordgo.SelectMenuOption, chosen string, out choice, why string) {
	all, why := figureOptions(g, st, ch)
	if why != "" {
		return nil, "", ch, why
	}
	p := ch.cell
	var portals []engine.Cell
	var entries []discordgo.SelectMenuOption
	pass := len(all) == 0
	for _, o := range all {
		if o.Pass() {
			pass = true
			continue
		}
		f := figOf(o.Answer)
		if f.portal {
			if !slices.Contains(portals, f.pcell) {
				portals = append(portals, f.pcell)
			}
			continue
		}
		e := discordgo.SelectMenuOption{Label: o.Label, Value: figValue(f)}
		if o.Spot >= 0 {
			e.Description = "spot " + engine.SpotLabel(o.Spot) + " on the picture"
		}
		entries = append(entries, e)
	}
	// Nearest first: the tiles a player most likely wants come on the
	// menu's first page.
	slices.SortStableFunc(portals, func(a, b engine.Cell) int {
		return (abs(a.X-p.X) + abs(a.Y-p.Y)) - (abs(b.X-p.X) + abs(b.Y-p.Y))
	})
	for _, c := range portals {
		entries = append(entries, discordgo.SelectMenuOption{Label: fmt.Sprintf("Magic portal – to the tile at (%s)", c), Value: figValue(portalGroup(c))})
	}
	if !pass && len(entries) > 0 && !slices.ContainsFunc(entries, func(e discordgo.SelectMenuOption) bool { return e.Value == figValue(ch.figChoice) }) {
		// The step must deploy (the princess under princess=must): the
		// first choice until the player takes another.
		f, _ := parseFigValue(entries[0].Value)
		ch.figChoice = f
	}
	chosen = "no follower"
	if pass {
		opts = append(opts, discordgo.SelectMenuOption{Label: "No follower", Value: "-", Default: ch.port == engine.NoPort && ch.plain()})
	}
	for _, e := range entries {
		f, _ := parseFigValue(e.Value)
		if ch.portal && f.portal {
			e.Default = f.pcell == ch.pcell
		} else {
			e.Default = sameFigure(st, ch, f, ch.figChoice)
		}
		if e.Default {
			chosen = e.Label
		}
		if !slices.ContainsFunc(opts, func(x discordgo.SelectMenuOption) bool { return x.Value == e.Value }) {
			// Discord refuses a menu with two options of one value.
			opts = append(opts, e)
		}
	}
	return opts, chosen, ch, ""
}

// portalMenu lists the Portal spot… menu of choice ch, whose magic portal
// leads to the tile on ch.pcell: each figure the engine accepts there, by
// spot ("knight – city (north)").
func portalMenu(g storage.Game, st *engine.Game, ch choice) []discordgo.SelectMenuOption {
	if !ch.portal {
		return nil
	}
	all, _ := figureOptions(g, st, ch)
	var opts []discordgo.SelectMenuOption
	for _, o := range all {
		f := figOf(o.Answer)
		if !f.portal || f.pcell != ch.pcell {
			continue
		}
		label := strings.TrimSuffix(o.Label, fmt.Sprintf(" at (%s)", ch.pcell))
		opts = append(opts, discordgo.SelectMenuOption{Label: label, Value: figValue(f), Default: f == ch.figChoice})
	}
	return opts
}

// pickFigure reads value v of the Follower… or Portal spot… menu (a
// figValue, "-" for none) for choice ch: it returns the figure step chosen
// when the engine accepts it for ch's placement, or why not in a player's
// words.
func pickFigure(g storage.Game, st *engine.Game, ch choice, v string) (figChoice, string) {
	all, why := figureOptions(g, st, ch)
	if why != "" {
		return figChoice{}, why
	}
	f, ok := parseFigValue(v)
	if !ok {
		return figChoice{}, "Your follower cannot stand there"
	}
	if len(all) == 0 && f.port == engine.NoPort && f.plain() {
		return f, "" // no figure step: nothing to deploy
	}
	for _, o := range all {
		of := figOf(o.Answer)
		if (o.Pass() && f.plain() && f.port == engine.NoPort) || sameFigure(st, ch, of, f) {
			return of, ""
		}
		if of.portal && f.portal && f.port == engine.NoPort && of.pcell == f.pcell {
			return portalGroup(f.pcell), ""
		}
	}
	return figChoice{}, notOffered(g, st, ch, f)
}

// notOffered says why figure step f is not offered for choice ch.
func notOffered(g storage.Game, st *engine.Game, ch choice, f figChoice) string {
	s, reached, err := ch.stage(st, engine.StepFigure)
	switch {
	case err != nil:
		return moveReason(err)
	case !reached:
		return "This tile ends your turn as it is placed: no figure is deployed"
	}
	if _, err := s.Act(figAnswer(f)); err != nil {
		return moveReason(err)
	}
	return "That choice is not offered for this placement"
}

// captureMenu lists the Take prisoner… menu of choice ch: "No prisoner",
// then each figure the engine lets its tower piece take, numbered as the
// preview marks it ("1 · Bob's knight at (2,-1)"); nothing without a tower
// piece or with nothing in reach.
func captureMenu(g storage.Game, st *engine.Game, ch choice) []discordgo.SelectMenuOption {
	if ch.tower != engine.TowerPiece {
		return nil
	}
	s, reached, err := ch.stage(st, engine.StepCapture)
	if err != nil || !reached {
		return nil
	}
	var opts []discordgo.SelectMenuOption
	k := 0
	for _, o := range turnview.Options(s, seatNames(g, st)) {
		if o.Pass() {
			opts = append(opts, discordgo.SelectMenuOption{Label: o.Label, Value: "-", Default: ch.capture == (engine.Target{})})
			continue
		}
		t := o.Answer.Target
		opts = append(opts, discordgo.SelectMenuOption{Label: render.CaptureLabel(k) + " · " + o.Label, Value: targetValue(t), Default: t == ch.capture})
		k++
	}
	return opts
}

// escapeMenu lists the Escape… menu of the Cathars for choice ch: "No
// escape", then each knight of the player the engine lets escape after
// the choice's earlier answers; nothing when none may, or when the escape
// comes after other players' decisions (it then has a message of its own).
func escapeMenu(g storage.Game, st *engine.Game, ch choice) []discordgo.SelectMenuOption {
	s, reached, err := ch.stage(st, engine.StepEscape)
	if err != nil || !reached {
		return nil
	}
	all := turnview.Options(s, seatNames(g, st))
	if len(all) < 2 {
		return nil
	}
	var opts []discordgo.SelectMenuOption
	for _, o := range all {
		if o.Pass() {
			opts = append(opts, discordgo.SelectMenuOption{Label: o.Label, Value: "-", Default: ch.escape.Port == engine.NoPort})
			continue
		}
		t := o.Answer.Target
		opts = append(opts, discordgo.SelectMenuOption{Label: o.Label, Value: targetValue(t), Default: t == ch.escape})
	}
	return opts
}

// menuHas reports whether a menu offers value v.
func menuHas(opts []discordgo.SelectMenuOption, v string) bool {
	return slices.ContainsFunc(opts, func(o discordgo.SelectMenuOption) bool { return o.Value == v })
}
