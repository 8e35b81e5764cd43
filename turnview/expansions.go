package turnview

import (
	"strings"
	"sync"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

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

// ExpansionName reads s as an expansion's title in any language the game
// speaks, in any case, spaces around it ignored ("Inns & Cathedrals", "der
// fluss", "the base game"), and returns that expansion's record name
// ("inns-and-cathedrals", "river", "base"). Anything else (a record name,
// or no expansion) comes back trimmed and in lower case, for
// engine.ParseExpansion to read or refuse. Titles are those of the
// expansions the engine plays; no title names two of them.
func ExpansionName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if n, ok := titled()[s]; ok {
		return n
	}
	return s
}

// titled maps the titles of the expansions the engine plays, in lower case
// in every language, to their record names (ExpansionName).
var titled = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, e := range engine.PlayableExpansions() {
		for _, l := range i18n.Supported() {
			m[strings.ToLower(In(l).ExpansionTitle(e))] = e.String()
		}
	}
	return m
})
