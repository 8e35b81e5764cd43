package bot

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds Mage & Witch and The Crop Circles in Discord (001_…;
// issue "Expansions V"):
//
//   - Mage & Witch: after a tile with the magic symbol, or one that joins
//     the roads or cities of the mage and the witch, the preview has a
//     Mage or witch… menu: the mage or the witch onto each road or city it
//     may go to, nearest the tile first (the nearest chosen until the
//     player picks another), or off the board when neither can go
//     anywhere. It rides in the preview's custom ids (":w=").
//   - The Crop Circles: the preview of a tile with a crop circle has a Crop
//     circle… menu, add or remove (":o="). After Confirm the turn is
//     stored answer by answer: each player who can answer, from the
//     player's left and the player last, gets a step message that
//     mentions them with a button per answer (add a follower next to one
//     of theirs of the circle's kind, or pass; or return one), under the
//     turn timeout.

// magicValue names a mage or witch answer for a custom id or a menu's
// value: "mage@x/y/PORT", "witch@off".
func magicValue(f engine.MagicFigure, t engine.Target) string {
	if t == (engine.Target{}) {
		return f.String() + "@off"
	}
	return f.String() + "@" + targetValue(t)
}

// parseMagicValue reads a magicValue.
func parseMagicValue(v string) (engine.MagicFigure, engine.Target, bool) {
	what, where, ok := strings.Cut(v, "@")
	f, okf := engine.ParseMagicFigure(what)
	if !ok || !okf {
		return engine.MagicNone, engine.Target{}, false
	}
	if where == "off" {
		return f, engine.Target{}, true
	}
	t, ok := parseTargetValue(where)
	if !ok || t == (engine.Target{}) || t.Tower {
		return engine.MagicNone, engine.Target{}, false
	}
	return f, t, true
}

// magicAnswers returns the mage or witch options of choice ch on game st
// (a turnView): the engine's answers of the step, its earlier answers
// given (the second gold ingot on the tile chosen or the first), nearest
// the tile placed first; none when the placement does not ask for the
// mage or the witch.
func magicAnswers(st *engine.Game, ch choice) []turnview.Option {
	opts := stepOptions(st, withGold(st, ch), engine.StepMagic)
	dist := func(t engine.Target) int {
		if t == (engine.Target{}) {
			return 0
		}
		return max(abs(t.Cell.X-ch.cell.X), abs(t.Cell.Y-ch.cell.Y))
	}
	slices.SortStableFunc(opts, func(a, b turnview.Option) int { return cmp.Compare(dist(a.Answer.Target), dist(b.Answer.Target)) })
	return opts
}
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// withMagic returns choice ch with a mage or witch answer the rules allow
// on game st (a turnView): the one chosen when it is among magicAnswers,
// else the first of them; none when the placement asks for none.
func withMagic(st *engine.Game, ch choice) choice {
	as := magicAnswers(st, ch)
	if len(as) == 0 {
		ch.magic, ch.mat = engine.MagicNone, engine.Target{}
		return ch
	}
	if !slices.ContainsFunc(as, func(o turnview.Option) bool { return o.Answer.Magic == ch.magic && o.Answer.Target == ch.mat }) {
		ch.magic, ch.mat = as[0].Answer.Magic, as[0].Answer.Target
	}
	return ch
}

// magicOptions lists the Mage or witch… menu of choice ch on game st (a
// turnView), nearest first.
func magicOptions(st *engine.Game, ch choice) []discordgo.SelectMenuOption {
	var opts []discordgo.SelectMenuOption
	for _, o := range magicAnswers(st, ch) {
		a := o.Answer
		opts = append(opts, discordgo.SelectMenuOption{Label: o.Label, Value: magicValue(a.Magic, a.Target),
			Default: a.Magic == ch.magic && a.Target == ch.mat})
	}
	return opts
}

// magicLine says in the preview where choice ch puts the mage or witch.
func magicLine(st *engine.Game, ch choice) string {
	if ch.magic == engine.MagicNone {
		return ""
	}
	return fmt.Sprintf("\nMage & Witch: %s; choose another with **Mage or witch…** (the mage adds 1 point per tile, the witch halves the points).",
		turnview.MagicWhere(st, ch.magic, ch.mat))
}

// magicStandsWords says where the mage and the witch stand, for the
// scoreboard.
func magicStandsWords(l i18n.Lang, st *engine.Game) string {
	where := func(f engine.MagicFigure) string {
		if t, ok := st.MagicAt(f); ok {
			return tr(l, "bot.score."+f.String()+"_at", "At", turnview.In(l).At(st, t))
		}
		return tr(l, "bot.score."+f.String()+"_off")
	}
	return tr(l, "bot.score.magic", "Mage", where(engine.MagicMage), "Witch", where(engine.MagicWitch))
}

// cropRole names the followers a crop circle of kind k concerns: "knight".
func cropRole(k engine.FeatureKind) string { return k.Role() }

// withCrop returns choice ch with a crop circle choice when the tile drawn
// in st has a crop circle (add until the player picks remove), none
// otherwise.
func withCrop(st *engine.Game, ch choice) choice {
	switch {
	case st.TileSet().CropKind(drawnTile(st)) == engine.NoFeature:
		ch.crop = engine.CropNone
	case ch.crop == engine.CropNone:
		ch.crop = engine.CropAdd
	}
	return ch
}

// cropOptions lists the Crop circle… menu of choice ch on game st; nil for
// a tile without a crop circle.
func cropOptions(st *engine.Game, ch choice) []discordgo.SelectMenuOption {
	k := st.TileSet().CropKind(drawnTile(st))
	if k == engine.NoFeature {
		return nil
	}
	role := cropRole(k)
	return []discordgo.SelectMenuOption{
		{Label: fmt.Sprintf("Add: each player may add a %s next to one of theirs", role), Value: engine.CropAdd.String(), Default: ch.crop == engine.CropAdd},
		{Label: fmt.Sprintf("Remove: each player returns a %s", role), Value: engine.CropRemove.String(), Default: ch.crop == engine.CropRemove},
	}
}

// cropLine says in the preview what the crop circle of choice ch asks.
func cropLine(st *engine.Game, ch choice) string {
	if ch.crop == engine.CropNone {
		return ""
	}
	role := cropRole(st.TileSet().CropKind(drawnTile(st)))
	if ch.crop == engine.CropAdd {
		return fmt.Sprintf("\nCrop circle: after Confirm each player, from your left and you last, may add a %s next to one of theirs (**Crop circle…** to make them return one).", role)
	}
	return fmt.Sprintf("\nCrop circle: after Confirm each player, from your left and you last, returns a %s of theirs to the supply.", role)
}

// cropAsk is the step message's title and text, in l, when player name
// answers the crop circle of the turn under way in st.
func cropAsk(l i18n.Lang, st *engine.Game, name string) (title, ask string) {
	m := engine.Move{}
	if pv := st.Preview(); pv != nil && len(pv.Moves()) > 0 {
		m = pv.Moves()[len(pv.Moves())-1]
	}
	k := st.TileSet().CropKind(m.Tile).String()
	if m.Crop == engine.CropRemove {
		return tr(l, "bot.step.crop.remove_title."+k), tr(l, "bot.step.crop.remove_ask."+k, "Player", name)
	}
	return tr(l, "bot.step.crop.add_title."+k), tr(l, "bot.step.crop.add_ask."+k, "Player", name)
}

// pickLabel is the button of a crop circle answer a on game st.
func pickLabel(st *engine.Game, a engine.Answer) string {
	switch {
	case a.Target == (engine.Target{}):
		return "Pass"
	case a.Return:
		return fmt.Sprintf("Return: %s", turnview.At(st, a.Target))
	case a.Figure == engine.FigureLarge:
		return fmt.Sprintf("Large follower: %s", turnview.At(st, a.Target))
	}
	return fmt.Sprintf("Follower: %s", turnview.At(st, a.Target))
}

// magicCropHelp is /carcassonne help's paragraph on Mage & Witch and The
// Crop Circles in game set.
func magicCropHelp(set engine.ExpansionSet) string {
	s := ""
	if set.Has(engine.ExpansionMageAndWitch) {
		s += " After a tile with the magic symbol (or one that joins the roads or cities of the mage and the witch) you place or move " +
			"the mage or the witch with **Mage or witch…**: a road or city with the mage scores 1 more point per tile, with the witch half its points."
	}
	if set.Has(engine.ExpansionCropCircles) {
		s += " After a tile with a crop circle you choose with **Crop circle…**: every player, from your left and you last, " +
			"may add a follower next to one of theirs of the circle's kind (fork: farmer, club: thief, shield: knight), or must return one; " +
			"a message asks each in turn."
	}
	return s
}

// parseCropValue reads a crop circle choice of a custom id or menu value.
func parseCropValue(v string) (engine.CropChoice, bool) { return engine.ParseCropChoice(v) }
