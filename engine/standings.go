package engine

import (
	"math/bits"
	"slices"
)

// Standings returns the players (indices from 0) from the highest score to
// the lowest, players with equal scores in seat order. The final picture,
// the final table and the winners all use this order.
func (g *Game) Standings() []int {
	order := make([]int, g.nplayers)
	for p := range order {
		order[p] = p
	}
	slices.SortStableFunc(order, func(a, b int) int { return g.scores[b] - g.scores[a] })
	return order
}

// Winners returns the players (indices from 0, in seat order) with the
// highest score, and that score in points. Every player with that score
// shares the victory (000_…: "The player with the most points after the
// final scoring is the winner"; the rule texts name no tie-breaker). A
// player who resigned does not win while another player is still in the
// game: when all but one have resigned, the one left wins.
func (g *Game) Winners() ([]int, int) {
	in := func(p int) bool { return !g.Resigned(p) }
	if g.resigned != 0 && bits.OnesCount(uint(g.resigned)) >= g.nplayers {
		in = func(int) bool { return true }
	}
	best := -1
	for p := range g.nplayers {
		if in(p) {
			best = max(best, g.scores[p])
		}
	}
	var out []int
	for p := range g.nplayers {
		if in(p) && g.scores[p] == best {
			out = append(out, p)
		}
	}
	return out, best
}
