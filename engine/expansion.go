package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Expansion names one expansion of the game, or the base game itself
// (spec/record.md, "Expansions"). The zero value is NoExpansion. The
// constants are in the order a record's Expansions header lists them.
type Expansion uint8

// The expansions, in the order of the record's Expansions header.
const (
	NoExpansion Expansion = iota
	// ExpansionBase is the base game, always in play.
	ExpansionBase
	ExpansionRiver
	ExpansionRiver2
	ExpansionInnsAndCathedrals
	ExpansionTradersAndBuilders
	ExpansionPrincessAndDragon
	ExpansionTower
	ExpansionFlyingMachines
	ExpansionFerries
	ExpansionGoldMines
	ExpansionMageAndWitch
	ExpansionCropCircles
	ExpansionKingAndRobber
	ExpansionCathars
	ExpansionGQ11
	ExpansionMessengers
	ExpansionRobbers
	numExpansions
)

// expansionInfo is what the engine knows of an expansion.
type expansionInfo struct {
	name  string     // as records write it
	title string     // as players read it
	specs []tileSpec // its land tiles (spec/expansions/tiles-NAME.md)
}

var expansions = [numExpansions]expansionInfo{
	NoExpansion:                 {"none", "none", nil},
	ExpansionBase:               {"base", "the base game", baseSpecs},
	ExpansionRiver:              {"river", "The River", riverSpecs},
	ExpansionRiver2:             {"river2", "The River II", river2Specs},
	ExpansionInnsAndCathedrals:  {"inns-and-cathedrals", "Inns & Cathedrals", innsSpecs},
	ExpansionTradersAndBuilders: {"traders-and-builders", "Traders & Builders", tradersSpecs},
	ExpansionPrincessAndDragon:  {"princess-and-dragon", "The Princess & the Dragon", princessSpecs},
	ExpansionTower:              {"tower", "The Tower", towerSpecs},
	ExpansionFlyingMachines:     {"flying-machines", "The Flying Machines", flyingSpecs},
	ExpansionFerries:            {"ferries", "The Ferries", ferriesSpecs},
	ExpansionGoldMines:          {"gold-mines", "The Gold Mines", goldSpecs},
	ExpansionMageAndWitch:       {"mage-and-witch", "Mage & Witch", mageSpecs},
	ExpansionCropCircles:        {"crop-circles", "The Crop Circles", cropSpecs},
	ExpansionKingAndRobber:      {"king-and-robber", "King & Robber Baron", kingSpecs},
	ExpansionCathars:            {"cathars", "The Cathars", catharsSpecs},
	ExpansionGQ11:               {"gq11", "the pig herd (GQ11)", gq11Specs},
	ExpansionMessengers:         {"messengers", "The Messengers", nil},
	ExpansionRobbers:            {"robbers", "The Robbers", robbersSpecs},
}

// expansionTiles are the land tiles of each expansion, parsed once.
var expansionTiles = func() [numExpansions][]Tile {
	var out [numExpansions][]Tile
	for e := ExpansionBase; e < numExpansions; e++ {
		out[e] = mustTiles(expansions[e].name, expansions[e].specs)
	}
	return out
}()

// String returns the expansion's name as records write it ("river",
// "inns-and-cathedrals").
func (e Expansion) String() string {
	if e < numExpansions {
		return expansions[e].name
	}
	return "Expansion(" + strconv.Itoa(int(e)) + ")"
}

// Title returns the expansion's name as players read it ("Inns &
// Cathedrals").
func (e Expansion) Title() string {
	if e < numExpansions {
		return expansions[e].title
	}
	return e.String()
}

// Tiles returns the expansion's land tiles as its table in
// spec/expansions/tiles-NAME.md gives them, every kind with its full count;
// nil for an expansion without land tiles (The Messengers).
// The caller must not change them.
func (e Expansion) Tiles() []Tile {
	if e == NoExpansion || e >= numExpansions {
		return nil
	}
	return expansionTiles[e]
}

// ParseExpansion returns the expansion named s, as records write it ("base",
// "river2", "king-and-robber"), and false for any other string.
func ParseExpansion(s string) (Expansion, bool) {
	for e := ExpansionBase; e < numExpansions; e++ {
		if expansions[e].name == s {
			return e, true
		}
	}
	return NoExpansion, false
}

// ExpansionSet is a set of expansions: bit e stands for expansion e. The
// base game is in every set a game plays with; the zero value means the base
// game alone.
type ExpansionSet uint32

// Has reports whether the set holds expansion e; the base game is in every
// set.
func (s ExpansionSet) Has(e Expansion) bool {
	return e == ExpansionBase || (e != NoExpansion && e < numExpansions && s&(1<<e) != 0)
}

// With returns the set with expansion e added; adding the base game, which
// every set holds, leaves it unchanged.
func (s ExpansionSet) With(e Expansion) ExpansionSet {
	if e <= ExpansionBase || e >= numExpansions {
		return s
	}
	return s | 1<<e
}

// List returns the expansions of the set in record order, the base game
// first.
func (s ExpansionSet) List() []Expansion {
	out := []Expansion{ExpansionBase}
	for e := ExpansionBase + 1; e < numExpansions; e++ {
		if s.Has(e) {
			out = append(out, e)
		}
	}
	return out
}

// String returns the set as the record's Expansions header writes it: the
// names in record order separated by ", ", "base" first ("base, river,
// inns-and-cathedrals").
func (s ExpansionSet) String() string {
	var b strings.Builder
	for i, e := range s.List() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.String())
	}
	return b.String()
}

// ParseExpansions reads a record's Expansions header: names separated by
// commas, in any order, "base" optional. It returns an error wrapping
// ErrUnknownExpander that names an unknown expansion or one given twice.
func ParseExpansions(s string) (ExpansionSet, error) {
	var set ExpansionSet
	seen := map[Expansion]bool{}
	for item := range strings.SplitSeq(s, ",") {
		name := strings.TrimSpace(item)
		if name == "" {
			continue
		}
		e, ok := ParseExpansion(name)
		if !ok {
			return 0, fmt.Errorf("%w: there is no expansion %q", ErrUnknownExpander, name)
		}
		if seen[e] {
			return 0, fmt.Errorf("%w: %s is named twice", ErrUnknownExpander, name)
		}
		seen[e] = true
		set = set.With(e)
	}
	return set, nil
}

// PlayableExpansions returns the expansions the engine plays, the base game
// first, in the order of spec/record.md ("Expansions"): every one of the
// rule texts, which a bot or a terminal game offers.
func PlayableExpansions() []Expansion {
	return (ExpansionSet(1)<<numExpansions - 1).List()
}
