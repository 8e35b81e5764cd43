package bot

import (
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
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

// magicCropHelp is /carcassonne help's paragraphs on Mage & Witch and The
// Crop Circles in game set, in language l, one for each.
func magicCropHelp(l i18n.Lang, set engine.ExpansionSet) []string {
	var ps []string
	if set.Has(engine.ExpansionMageAndWitch) {
		ps = append(ps, tr(l, "help2.mage"))
	}
	if set.Has(engine.ExpansionCropCircles) {
		ps = append(ps, tr(l, "help2.crop"))
	}
	return ps
}
