package turnview

import (
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// TestRuleWords: the rule options read as the lobby lists them, in
// English with the values as typed, the options of an expansion only with
// it; in the other languages every value has words of its own.
func TestRuleWords(t *testing.T) {
	en := In(i18n.English)
	all := engine.ExpansionSet(0).With(engine.ExpansionTradersAndBuilders).With(engine.ExpansionPrincessAndDragon).With(engine.ExpansionRobbers)
	for _, c := range []struct {
		o    engine.Options
		set  engine.ExpansionSet
		want []string
	}{
		{engine.Options{}, 0, []string{"farms: per-farm", "tiny city: 4"}},
		{engine.Options{Farms: engine.FarmsOff, TinyCity: 2, Edition: engine.EditionBefore32, Dragon: engine.DragonAfterScoring}, 0,
			[]string{"farms: off", "tiny city: 2", "edition: 1"}},
		{engine.Options{}, all, []string{"farms: per-farm", "tiny city: 4", "pig: plus-one", "dragon: before-scoring", "princess: may", "robbers: each"}},
		{engine.Options{Farms: engine.FarmsPerCity, Dragon: engine.DragonAfterScoring, Princess: engine.PrincessMust, Robbers: engine.RobbersNext}, all,
			[]string{"farms: per-city", "tiny city: 4", "pig: plus-one", "dragon: after-scoring", "princess: must", "robbers: next"}},
	} {
		if got := en.RuleWords(c.o, c.set); !slices.Equal(got, c.want) {
			t.Errorf("RuleWords(%s, %s) = %q, want %q", c.o, c.set, got, c.want)
		}
	}
	if got, want := In(i18n.German).RuleWords(engine.Options{Dragon: engine.DragonAfterScoring}, all)[3], "Drache: nach der Wertung"; got != want {
		t.Errorf("German dragon: %q, want %q", got, want)
	}
	// Every value in every language: words of its own, not English.
	var every []engine.Options
	for _, f := range []engine.FarmScoring{engine.FarmsPerFarm, engine.FarmsPerCity, engine.FarmsOff} {
		for k := range 2 {
			every = append(every, engine.Options{Farms: f, Dragon: engine.DragonTiming(k), Princess: engine.PrincessRule(k), Robbers: engine.RobberRule(k), TinyCity: 2 + 2*k, Edition: engine.Edition(k)})
		}
	}
	for _, l := range i18n.Supported()[1:] {
		for _, o := range every {
			got, eng := In(l).RuleWords(o, all), en.RuleWords(o, all)
			for k := range got {
				if strings.Contains(got[k], "<no value>") || strings.Contains(got[k], "turn.") || got[k] == eng[k] && !strings.HasSuffix(got[k], ": 4") && !strings.HasSuffix(got[k], ": 2") {
					t.Errorf("%s: %q (English %q)", l, got[k], eng[k])
				}
			}
		}
	}
}

// TestComputerName names a computer's seat in every language, the first
// free number after a name taken in any case, and never a name taken; and
// ComputerSeat knows each such name for its level, and no other.
func TestComputerName(t *testing.T) {
	if got := In(i18n.German).ComputerName("hard", []string{"Ann"}); got != "Computer (schwer)" {
		t.Errorf("German hard beside Ann = %q, want Computer (schwer)", got)
	}
	taken := []string{"computer (NORMAL)", "Computer (normal) 2", "Ann"}
	if got := In(i18n.English).ComputerName("normal", taken); got != "Computer (normal) 3" {
		t.Errorf("normal beside %q = %q, want Computer (normal) 3", taken, got)
	}
	for _, l := range i18n.Supported() {
		vo := In(l)
		seen := map[string]bool{}
		var names []string
		for _, level := range []string{"easy", "normal", "hard", "hard", "easy", "hard"} {
			n := vo.ComputerName(level, names)
			if seen[strings.ToLower(n)] || strings.HasPrefix(n, "turn.") {
				t.Errorf("%v: %s named %q beside %q", l, level, n, names)
			}
			seen[strings.ToLower(n)] = true
			names = append(names, n)
			if !ComputerSeat(n, level) {
				t.Errorf("%v: ComputerSeat(%q, %s) = false", l, n, level)
			}
		}
	}
	for _, c := range []struct{ name, level string }{
		{"Ann", "hard"}, {"Computer (easy)", "hard"}, {"Computer (hard)x", "hard"}, {"Computer (hard) 2a", "hard"},
		{"Computer (hard) ", "hard"}, {"Computer (schwer) 2", "easy"}, {"", "hard"}, {"Computer (hard)", ""},
	} {
		if ComputerSeat(c.name, c.level) {
			t.Errorf("ComputerSeat(%q, %q) = true", c.name, c.level)
		}
	}
}
