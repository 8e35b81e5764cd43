package turnview

import "github.com/meeple-works/carcassonne/engine"

// ExpansionTitle returns expansion e's title in the voice's language, as
// the publisher of that language prints it on the box: "Inns &
// Cathedrals", "Wirtshäuser und Kathedralen", "Auberges et Cathédrales"
// (messages expansion.<record name>, i18n/locales/expansions.<tag>.toml);
// the base game's is lower case, "the base game", as it reads inside a
// sentence. An expansion without a message reads as engine's Title.
func (vo Voice) ExpansionTitle(e engine.Expansion) string {
	id := "expansion." + e.String()
	if s := vo.word(id); s != id {
		return s
	}
	return e.Title()
}

// ExpansionTitles returns the titles of the expansions of set but the base
// game, in the order of the record's Expansions header, in the voice's
// language; nil for the base game alone.
func (vo Voice) ExpansionTitles(set engine.ExpansionSet) []string {
	var ts []string
	for _, e := range set.List() {
		if e != engine.ExpansionBase {
			ts = append(ts, vo.ExpansionTitle(e))
		}
	}
	return ts
}
