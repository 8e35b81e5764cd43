package turnview

import (
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// TestExpansionTitles: every expansion has its title in every language,
// English's the engine's own, and the others their publishers'.
func TestExpansionTitles(t *testing.T) {
	for e := engine.ExpansionBase; e <= engine.ExpansionRobbers; e++ {
		if got, want := In(i18n.English).ExpansionTitle(e), e.Title(); got != want {
			t.Errorf("English title of %s: %q, want %q", e, got, want)
		}
		for _, l := range i18n.Supported() {
			if got := In(l).ExpansionTitle(e); got == "" || got == "expansion."+e.String() {
				t.Errorf("%s title of %s: %q", l, e, got)
			}
		}
	}
	for _, c := range []struct {
		l    i18n.Lang
		e    engine.Expansion
		want string
	}{
		{i18n.German, engine.ExpansionInnsAndCathedrals, "Wirtshäuser und Kathedralen"},
		{i18n.German, engine.ExpansionPrincessAndDragon, "Burgfräulein und Drache"},
		{i18n.French, engine.ExpansionTradersAndBuilders, "Marchands et Bâtisseurs"},
		{i18n.Polish, engine.ExpansionTower, "Wieża"},
	} {
		if got := In(c.l).ExpansionTitle(c.e); got != c.want {
			t.Errorf("%s title of %s: %q, want %q", c.l, c.e, got, c.want)
		}
	}
	set := engine.ExpansionSet(0).With(engine.ExpansionTower).With(engine.ExpansionRiver)
	if got := In(i18n.Italian).ExpansionTitles(set); len(got) != 2 || got[0] != "Il Fiume" || got[1] != "La Torre" {
		t.Errorf("Italian titles of river and tower: %q", got)
	}
}

// TestExpansionName: every title of every expansion the engine plays, in
// every language and any case, reads as its record name; a record name or
// a word that names no expansion comes back trimmed, in lower case.
func TestExpansionName(t *testing.T) {
	for _, e := range engine.PlayableExpansions() {
		for _, l := range i18n.Supported() {
			title := In(l).ExpansionTitle(e)
			for _, s := range []string{title, " " + strings.ToUpper(title) + " "} {
				if got := ExpansionName(s); got != e.String() {
					t.Errorf("%q (%s) reads as %q, not %s", s, l, got, e)
				}
			}
		}
	}
	for s, want := range map[string]string{" River2 ": "river2", "Dragons": "dragons", "": ""} {
		if got := ExpansionName(s); got != want {
			t.Errorf("ExpansionName(%q) = %q, want %q", s, got, want)
		}
	}
}
