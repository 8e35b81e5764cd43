package turnview

import (
	"slices"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// RuleWords says the rule options o of a game with the expansions of set,
// one line each, as a lobby lists them (engine.RuleOptions, in their
// order; spec/rules-options.md): the farms and the tiny city ("farms:
// per-farm", "tiny city: 4": the points of a completed city of two
// tiles), then the options of the expansions in set (Traders & Builders'
// "pig: plus-one", The Princess & the Dragon's "dragon: before-scoring"
// and "princess: may", The Robbers' "robbers: each"), and "edition: 1"
// for a game kept on older readings (engine.EditionBefore32). English
// says the values as they are typed; the other languages in words
// ("Wiesen: pro Wiese"). Messages turn.rule.NAME, the value's words
// turn.rule.value.NAME.VALUE, in vo's language.
func (vo Voice) RuleWords(o engine.Options, set engine.ExpansionSet) []string {
	var lines []string
	for _, r := range engine.RuleOptions() {
		if set.Has(r.Expansion) {
			lines = append(lines, vo.t("turn.rule."+r.Name, "Value", vo.word("turn.rule.value."+r.Name+"."+r.Value(o))))
		}
	}
	if o.Edition != engine.EditionCurrent {
		lines = append(lines, vo.t("turn.rule.edition", "Edition", int(o.Edition)))
	}
	return lines
}

// ComputerName returns the name of a new computer player's seat of level
// (its record name: "easy", "normal" or "hard") beside the names taken
// already, as a lobby and the terminal game name it: "Computer (hard)",
// or with the first number that makes it new, "Computer (hard) 2" (names
// compare in any case). Messages turn.computer.…, in vo's language
// ("Computer (schwer)").
func (vo Voice) ComputerName(level string, taken []string) string {
	base := vo.word("turn.computer." + level)
	name := base
	for n := 2; slices.ContainsFunc(taken, func(t string) bool { return strings.EqualFold(t, name) }); n++ {
		name = base + " " + strconv.Itoa(n)
	}
	return name
}

// ComputerSeat reports whether name is a name ComputerName gives a
// computer player's seat of level (its record name) in any language, with
// or without its number ("Computer (hard)", "Computer (schwer) 2"): a
// table that names players' levels need not say it twice.
func ComputerSeat(name, level string) bool {
	for _, l := range i18n.Supported() {
		base := In(l).word("turn.computer." + level)
		n, ok := strings.CutPrefix(name, base)
		if ok && (n == "" || n[0] == ' ' && strings.Trim(n[1:], "0123456789") == "" && len(n) > 1) {
			return true
		}
	}
	return false
}
