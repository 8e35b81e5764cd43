package engine

import (
	"fmt"
	"slices"
	"strings"
)

// FarmScoring is how farms score at the end (spec/rules-options.md, option
// "farms"). The zero value is the current rule, FarmsPerFarm.
type FarmScoring uint8

// The farm scoring rules.
const (
	// FarmsPerFarm: for each farm, the player(s) with the most farmers in it
	// score 3 points per completed city the farm borders (000_…, 001_…,
	// 002_…; the current rules).
	FarmsPerFarm FarmScoring = iota
	// FarmsPerCity: for each completed city, the player(s) with the most
	// farmers in all the farms bordering it score 4 points; each city scores
	// once (004_…, "Farmer scoring"; the 1st edition).
	FarmsPerCity
	// FarmsOff: no farmers may be placed.
	FarmsOff
)

var farmNames = [...]string{"per-farm", "per-city", "off"}

// String returns the option value as the record writes it ("per-farm").
func (f FarmScoring) String() string { return valueName(farmNames[:], f, "FarmScoring") }

// Options are the rule options of a game (spec/rules-options.md). The zero
// value is the current rules: farms=per-farm, tiny-city=4.
type Options struct {
	// Farms is how farms score, and whether farmers are played at all.
	Farms FarmScoring
	// TinyCity is what a completed city of exactly two tiles scores per
	// tile and per pennant under option "tiny-city": 4 (the default, 2 points
	// per tile and per pennant like any city) or 2 (the old rule of 003_… and
	// 004_…: 1 point per tile and per pennant). 0 means 4.
	TinyCity int
	// Dragon is when the dragon moves in a turn that places a dragon tile
	// (option "dragon", The Princess & the Dragon): before the tile's
	// scoring (the default) or after it.
	Dragon DragonTiming
	// Princess is whether a princess joining a city with knights must send
	// one home (option "princess", The Princess & the Dragon): may (the
	// default) or must.
	Princess PrincessRule
	// Edition is the edition of this engine's readings that decide what
	// may be placed and drawn: 0 (or EditionCurrent) for the readings of
	// spec/rules-options.md today. EditionBefore32 keeps a game begun
	// before readings changed playing as it was dealt: its draw pile and
	// legal moves stay those it began with. It is no rule of the rule
	// texts: a program sets it for games it stored before, never for a new
	// game; the Rules header writes it as "edition=1".
	Edition Edition
	// Robbers is who may place a robber after a tile with a bag (option
	// "robbers", The Robbers; rule text 001, "Using robbers"): the
	// current player, then every other player (the default) or only the
	// next one.
	Robbers RobberRule
}

// RobberRule is who may place a robber on the scoreboard after a tile
// with a bag (option "robbers", The Robbers). The zero value is the rule
// of rule text 001, RobbersEach.
type RobberRule uint8

// The robber rules.
const (
	// RobbersEach: the current player, then every other player in turn
	// order whose robber is in front of them (001_…, "Using robbers").
	RobbersEach RobberRule = iota
	// RobbersNext: the current player, then only the next such player in
	// turn order (the publisher's rule).
	RobbersNext
)

var robberNames = [...]string{"each", "next"}

// String returns the option value as the record writes it: "each",
// "next".
func (r RobberRule) String() string { return valueName(robberNames[:], r, "RobberRule") }

// Edition is an edition of this engine's readings (Options.Edition).
type Edition uint8

// The editions.
const (
	// EditionCurrent: the readings of spec/rules-options.md today.
	EditionCurrent Edition = 0
	// EditionBefore32 (edition=1): the readings before 2026-11-28: all
	// twelve tiles of The Crop Circles (CC01–CC12) in the pile; River II's
	// R202 drawn last, with the lakes; a river tile may leave two open ends
	// of the river facing one empty cell. The scoring is the current one.
	EditionBefore32 Edition = 1
)

// legacy reports whether the game follows the readings of EditionBefore32.
func (o Options) legacy() bool { return o.Edition == EditionBefore32 }

// valid reports whether every option has a value the engine knows: one
// of its RuleOption's Values (TinyCity 4, 2 or 0), and a known Edition.
func (o Options) valid() bool {
	for _, r := range ruleOptions {
		if k := r.get(o); k < 0 || k >= len(r.Values) {
			return false
		}
	}
	return (o.TinyCity == 0 || o.TinyCity == 2 || o.TinyCity == 4) && o.Edition <= EditionBefore32
}

// tinyCityOld reports whether the old two-tile-city rule is on.
func (o Options) tinyCityOld() bool { return o.TinyCity == 2 }

// String returns the options as the record's Rules header writes them,
// every option of the base game named, and the options of the expansions
// when they differ from their defaults: "farms=per-farm, tiny-city=4",
// "farms=per-farm, tiny-city=4, dragon=after-scoring". ParseOptions reads
// it back.
func (o Options) String() string {
	return o.header(func(r RuleOption) bool { return r.Expansion == ExpansionBase || r.get(o) != 0 })
}

// header returns the options for which named is true, in the order of
// RuleOptions, as the Rules header writes them ("farms=per-farm,
// tiny-city=4, pig=plus-one"), and the edition when it is not the
// current one.
func (o Options) header(named func(RuleOption) bool) string {
	var items []string
	for _, r := range ruleOptions {
		if named(r) {
			items = append(items, r.Name+"="+r.Value(o))
		}
	}
	return strings.Join(items, ", ") + o.editionString()
}

// editionString is the edition option as the Rules header writes it:
// ", edition=1", or "" for the current edition.
func (o Options) editionString() string {
	if o.Edition == EditionCurrent {
		return ""
	}
	return fmt.Sprintf(", edition=%d", o.Edition)
}

// ParseOptions reads rule options written as comma-separated key=value pairs
// ("farms=per-city, tiny-city=2"); options not named take their default. It
// returns an error wrapping ErrBadOption that names an unknown key or value.
func ParseOptions(s string) (Options, error) {
	var o Options
	seen := map[string]bool{}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		key, val, ok := strings.Cut(item, "=")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok {
			return o, fmt.Errorf("%w: %q is not key=value", ErrBadOption, item)
		}
		if seen[key] {
			return o, fmt.Errorf("%w: %s is given twice", ErrBadOption, key)
		}
		seen[key] = true
		if key == "edition" {
			// Options.Edition: games stored before readings changed.
			switch val {
			case "1":
				o.Edition = EditionBefore32
			case "2":
				o.Edition = EditionCurrent
			default:
				return o, fmt.Errorf("%w: edition is 1 or 2, not %q", ErrBadOption, val)
			}
			continue
		}
		// Whether the game plays an option's expansion is checked by the
		// record reader.
		r, ok := RuleOptionNamed(key)
		if !ok {
			return o, fmt.Errorf("%w: %q", ErrBadOption, key)
		}
		if !r.Set(&o, val) {
			return o, fmt.Errorf("%w: %s is %s, not %q", ErrBadOption, key, orList(r.Values), val)
		}
	}
	return o, nil
}

// RuleOption is one rule option of spec/rules-options.md, as a record's
// Rules header, a lobby and the terminal name it: its name ("dragon"),
// the expansion that brings it (ExpansionBase for farms and tiny-city),
// and its values as written ("before-scoring", "after-scoring"), the
// default first.
type RuleOption struct {
	Name      string
	Expansion Expansion
	Values    []string
	get       func(Options) int       // the index in Values of the value of o
	set       func(o *Options, k int) // sets the k-th of Values
}

// Value returns the option's value in o, as written ("after-scoring").
func (r RuleOption) Value(o Options) string {
	if k := r.get(o); k >= 0 && k < len(r.Values) {
		return r.Values[k]
	}
	return fmt.Sprintf("%s(%d)", r.Name, r.get(o))
}

// Set sets the option in o to value v, as written, and reports whether v
// is one of Values; o is unchanged when it is not.
func (r RuleOption) Set(o *Options, v string) bool {
	for k, w := range r.Values {
		if w == v {
			r.set(o, k)
			return true
		}
	}
	return false
}

// ruleOptions are the rule options, in the order of the Rules header
// (spec/rules-options.md): the base game's, then each expansion's in the
// order of the Expansions header.
var ruleOptions = []RuleOption{
	enumOption("farms", ExpansionBase, farmNames[:], func(o *Options) *FarmScoring { return &o.Farms }),
	{Name: "tiny-city", Expansion: ExpansionBase, Values: []string{"4", "2"},
		get: func(o Options) int {
			if o.tinyCityOld() {
				return 1
			}
			return 0
		},
		set: func(o *Options, k int) { o.TinyCity = 4 - 2*k }},
	// Traders & Builders' pig has one value, plus-one (4 instead of 3).
	{Name: "pig", Expansion: ExpansionTradersAndBuilders, Values: []string{"plus-one"},
		get: func(Options) int { return 0 }, set: func(*Options, int) {}},
	enumOption("dragon", ExpansionPrincessAndDragon, dragonNames[:], func(o *Options) *DragonTiming { return &o.Dragon }),
	enumOption("princess", ExpansionPrincessAndDragon, princessNames[:], func(o *Options) *PrincessRule { return &o.Princess }),
	enumOption("robbers", ExpansionRobbers, robberNames[:], func(o *Options) *RobberRule { return &o.Robbers }),
}

// enumOption is a rule option kept in field of Options, whose values
// (as written, in names) are its constants in order.
func enumOption[T ~uint8](name string, e Expansion, names []string, field func(*Options) *T) RuleOption {
	return RuleOption{Name: name, Expansion: e, Values: names,
		get: func(o Options) int { return int(*field(&o)) },
		set: func(o *Options, k int) { *field(o) = T(k) }}
}

// RuleOptions returns the rule options, in the order of the Rules header:
// farms, tiny-city, pig (Traders & Builders), dragon and princess (The
// Princess & the Dragon), robbers (The Robbers). The slice is the
// caller's; each option's Values are the engine's, not to be changed.
func RuleOptions() []RuleOption { return slices.Clone(ruleOptions) }

// RuleOptionNamed returns the rule option of that name ("dragon"); its
// Values are the engine's, not to be changed.
func RuleOptionNamed(name string) (RuleOption, bool) {
	k := slices.IndexFunc(ruleOptions, func(r RuleOption) bool { return r.Name == name })
	if k < 0 {
		return RuleOption{}, false
	}
	return ruleOptions[k], true
}

// valueName is value v of an enumeration of the engine (an option's value,
// a side, a port…) as written, from names, or its type and number when it
// has none ("DragonTiming(7)").
func valueName[T ~uint8](names []string, v T, kind string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", kind, int(v))
}

// orList joins words with commas and a last "or": "per-farm, per-city
// or off".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
