// Package racetest tells tests whether the race detector is on, so that
// the heaviest sweeps (whole random games by the hundred, every position of
// many games) check fewer games under -race, where the same code runs
// about eight times slower, and the whole sweep in the run without it
// (README, "Development"): the race detector finds nothing more in the
// hundredth game than in the tenth.
package racetest

// Scale returns n under the race detector divided by div (at least 1),
// and n without it: the number of games, seeds or positions a sweep checks.
func Scale(n, div int) int {
	if Enabled && div > 1 {
		return max(1, n/div)
	}
	return n
}
