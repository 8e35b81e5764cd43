package ai

import (
	"fmt"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// Level is how strongly a computer player plays. The zero value, NoLevel,
// is no computer player.
type Level uint8

// The levels, weakest first.
const (
	NoLevel Level = iota
	// Random answers each step with a uniformly random legal answer (the
	// arena's yardstick; not offered for a seat).
	Random
	// Easy plays the move that looks best right now (one ply, greedy).
	Easy
	// Normal searches the dozen turns Easy values most with Monte Carlo,
	// at most about 0.25 s per turn on one core (BenchmarkThinkSets).
	Normal
	// Hard searches two dozen of them with eight times Normal's playouts,
	// at most about 1.7 s per turn on one core.
	Hard
	numLevels
)

var levelNames = [numLevels]string{"none", "random", "easy", "normal", "hard"}

// defaultPlayouts are the playouts of a search at each level, within the
// levels' budgets on one core of the development machine in every
// expansion set (BenchmarkThinkSets; README "Computer players"). Normal
// had 5,000 until issue 30's arenas: with half of them it beat easy as
// often (The Tower: 81.6% of 76 games, 80.5% of 100 with 5,000) in half
// the time, and Hard, eight times Normal's playouts, stands further
// apart from it.
var defaultPlayouts = [numLevels]int{Normal: 2500, Hard: 20000}

// String returns the level's name: "random", "easy", "normal", "hard"
// ("none" for NoLevel).
func (l Level) String() string {
	if l < numLevels {
		return levelNames[l]
	}
	return "level?"
}

// Playouts returns the number of playouts a search of this level runs for
// each decision by default; 0 for the levels that do not search (Random,
// Easy).
func (l Level) Playouts() int {
	if l < numLevels {
		return defaultPlayouts[l]
	}
	return 0
}

// PlayoutsFor returns the number of playouts a search of this level runs
// for each decision in a game of rules r (nil: the base game): Playouts,
// scaled down by playoutTiles / tiles when r's game has more than
// playoutTiles tiles, since every playout plays the game to its end. So a
// computer's turn keeps within its level's budget in every expansion set
// (normal 0.7 s, hard 2.5 s of one core at the 99th percentile;
// BenchmarkThinkSets, README "Computer players"), the same count for the
// same rules: a game stays the same for a seed. With every expansion (255
// tiles, The Robbers' 8 and The Messengers' scoring included) that is 47%
// of the playouts; sets up to playoutTiles keep them all. (The scale was
// (playoutTiles / tiles)^0.8, 55% with every expansion, until the
// playouts raised towers, deployed builders and pigs and moved the mage
// and the witch, which made them a quarter slower there: hard's turn
// took 2.46 s at the 99th percentile.)
func (l Level) PlayoutsFor(r *engine.Rules) int {
	n := l.Playouts()
	if n == 0 || r == nil || r.Total() <= playoutTiles {
		return n
	}
	return max(1, n*playoutTiles/r.Total())
}

// playoutTiles is the size of game up to which a search keeps the level's
// playouts: sets of up to about two expansions with tiles.
const playoutTiles = 120

// Seat reports whether the level may fill a seat of a game people play
// (Easy, Normal, Hard); Random is for the arena only.
func (l Level) Seat() bool { return l >= Easy && l < numLevels }

// Levels returns the levels offered for a seat, weakest first: easy,
// normal, hard.
func Levels() []Level { return []Level{Easy, Normal, Hard} }

// ParseLevel reads a level's name ("random", "easy", "normal" or "hard",
// in any case). It returns an error saying the names it knows otherwise.
func ParseLevel(s string) (Level, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for l := Random; l < numLevels; l++ {
		if levelNames[l] == name {
			return l, nil
		}
	}
	return NoLevel, fmt.Errorf("%q is not a computer level: the levels are easy, normal and hard (and random, for the arena)", s)
}

// Name returns the name shown for a computer player of this level:
// "Computer (hard)".
func (l Level) Name() string { return "Computer (" + l.String() + ")" }

// SeatPrefix starts the user id under which a game's store keeps a
// computer's seat: "local:@", the level's name, ":" and the seat's name
// ("local:@hard:Computer 2"). Discord and the terminal seat computers so.
const SeatPrefix = "local:@"

// SeatID returns the user id of the seat of a computer of level l called
// name: "local:@hard:Computer 2" (SeatPrefix, the level, ":", the name).
// SeatLevel reads it back.
func SeatID(l Level, name string) string { return SeatPrefix + l.String() + ":" + name }

// SeatLevel returns the level of the computer whose seat has user id id
// (SeatPrefix, a level that plays a seat, ":"), and NoLevel for any other
// id: a person's.
func SeatLevel(id string) Level {
	rest, ok := strings.CutPrefix(id, SeatPrefix)
	if !ok {
		return NoLevel
	}
	name, _, _ := strings.Cut(rest, ":")
	l, err := ParseLevel(name)
	if err != nil || !l.Seat() {
		return NoLevel
	}
	return l
}
