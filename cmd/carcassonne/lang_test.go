package main

import (
	"testing"

	"github.com/meeple-works/carcassonne/i18n"
)

// TestParseLang: --lang takes a language's tag or a locale; without it the
// environment's locale (LC_ALL before LC_MESSAGES before LANG) chooses,
// English when none speaks one of the game's languages; another language
// is refused.
func TestParseLang(t *testing.T) {
	for _, c := range []struct {
		flag, all, msgs, lang string
		want                  i18n.Lang
		bad                   bool
	}{
		{flag: "de", want: i18n.German},
		{flag: "pl_PL.UTF-8", want: i18n.Polish},
		{flag: "en", lang: "fr_FR.UTF-8", want: i18n.English},
		{lang: "fr_FR.UTF-8", want: i18n.French},
		{msgs: "it_IT", lang: "fr_FR.UTF-8", want: i18n.Italian},
		{all: "es_ES.UTF-8", msgs: "it_IT", want: i18n.Spanish},
		{lang: "C", want: i18n.English},
		{want: i18n.English},
		{flag: "xx", bad: true},
	} {
		t.Setenv("LC_ALL", c.all)
		t.Setenv("LC_MESSAGES", c.msgs)
		t.Setenv("LANG", c.lang)
		got, err := parseLang(c.flag)
		if (err != nil) != c.bad || !c.bad && got != c.want {
			t.Errorf("--lang %q with LC_ALL=%q LC_MESSAGES=%q LANG=%q: %v, %v; want %v", c.flag, c.all, c.msgs, c.lang, got, err, c.want)
		}
	}
}
