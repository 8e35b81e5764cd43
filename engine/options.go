package engine

import (
	"fmt"
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
func (f FarmScoring) String() string {
	if int(f) < len(farmNames) {
		return farmNames[f]
	}
	return fmt.Sprintf("FarmScoring(%d)", int(f))
}

// ParseFarmScoring returns the farm rule named s: "per-farm", "per-city" or
// "off".
func ParseFarmScoring(s string) (FarmScoring, bool) {
	for i, n := range farmNames {
		if n == s {
			return FarmScoring(i), true
		}
	}
	return 0, false
}

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

// String returns the option value as the record writes it: "each",
// "next".
func (r RobberRule) String() string {
	switch r {
	case RobbersEach:
		return "each"
	case RobbersNext:
		return "next"
	}
	return fmt.Sprintf("RobberRule(%d)", int(r))
}

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

// valid reports whether every option has a value the engine knows.
func (o Options) valid() bool {
	return o.Farms <= FarmsOff && (o.TinyCity == 0 || o.TinyCity == 2 || o.TinyCity == 4) &&
		o.Dragon <= DragonAfterScoring && o.Princess <= PrincessMust && o.Edition <= EditionBefore32 &&
		o.Robbers <= RobbersNext
}

// tinyCityOld reports whether the old two-tile-city rule is on.
func (o Options) tinyCityOld() bool { return o.TinyCity == 2 }

// String returns the options as the record's Rules header writes them,
// every option of the base game named, and the options of The Princess &
// the Dragon when they differ from their defaults: "farms=per-farm,
// tiny-city=4", "farms=per-farm, tiny-city=4, dragon=after-scoring".
// ParseOptions reads it back.
func (o Options) String() string {
	s := o.baseString()
	if o.Dragon != DragonBeforeScoring {
		s += ", dragon=" + o.Dragon.String()
	}
	if o.Princess != PrincessMay {
		s += ", princess=" + o.Princess.String()
	}
	if o.Robbers != RobbersEach {
		s += ", robbers=" + o.Robbers.String()
	}
	return s + o.editionString()
}

// editionString is the edition option as the Rules header writes it:
// ", edition=1", or "" for the current edition.
func (o Options) editionString() string {
	if o.Edition == EditionCurrent {
		return ""
	}
	return fmt.Sprintf(", edition=%d", o.Edition)
}

// baseString returns the options of the base game: "farms=per-farm,
// tiny-city=4".
func (o Options) baseString() string {
	tiny := 4
	if o.tinyCityOld() {
		tiny = 2
	}
	return fmt.Sprintf("farms=%s, tiny-city=%d", o.Farms, tiny)
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
		switch key {
		case "farms":
			f, ok := ParseFarmScoring(val)
			if !ok {
				return o, fmt.Errorf("%w: farms is per-farm, per-city or off, not %q", ErrBadOption, val)
			}
			o.Farms = f
		case "tiny-city":
			switch val {
			case "4":
				o.TinyCity = 4
			case "2":
				o.TinyCity = 2
			default:
				return o, fmt.Errorf("%w: tiny-city is 4 or 2, not %q", ErrBadOption, val)
			}
		case "pig":
			// Traders & Builders (spec/rules-options.md): the pig's bonus,
			// whose only value is the default. Whether the game plays
			// Traders & Builders is checked by the record reader.
			if val != "plus-one" {
				return o, fmt.Errorf("%w: pig is plus-one, not %q", ErrBadOption, val)
			}
		case "dragon":
			// The Princess & the Dragon; whether the game plays it is
			// checked by the record reader.
			switch val {
			case "before-scoring":
				o.Dragon = DragonBeforeScoring
			case "after-scoring":
				o.Dragon = DragonAfterScoring
			default:
				return o, fmt.Errorf("%w: dragon is before-scoring or after-scoring, not %q", ErrBadOption, val)
			}
		case "princess":
			switch val {
			case "may":
				o.Princess = PrincessMay
			case "must":
				o.Princess = PrincessMust
			default:
				return o, fmt.Errorf("%w: princess is may or must, not %q", ErrBadOption, val)
			}
		case "robbers":
			// The Robbers; whether the game plays it is checked by the
			// record reader.
			switch val {
			case "each":
				o.Robbers = RobbersEach
			case "next":
				o.Robbers = RobbersNext
			default:
				return o, fmt.Errorf("%w: robbers is each or next, not %q", ErrBadOption, val)
			}
		case "edition":
			// Options.Edition: games stored before readings changed.
			switch val {
			case "1":
				o.Edition = EditionBefore32
			case "2":
				o.Edition = EditionCurrent
			default:
				return o, fmt.Errorf("%w: edition is 1 or 2, not %q", ErrBadOption, val)
			}
		default:
			return o, fmt.Errorf("%w: %q", ErrBadOption, key)
		}
	}
	return o, nil
}
