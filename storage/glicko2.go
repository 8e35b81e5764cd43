package storage

import "math"

// This file rates players with Glicko-2 (Mark E. Glickman, "Example of the
// Glicko-2 system", 2012, glicko.net/glicko/glicko2.pdf), applied to
// games of several players as pairwise results, the usual way to use a
// two-player system for multi-player games: each game is a rating period
// for the players in it, and every player of the game has played each
// other player once, with the result
//
//   - 1 against a player they beat, 0 against one who beat them, ½ against a
//     player with the same score;
//   - a player who resigned lost to every player who did not, and drew with
//     the other players who resigned (the fairness rule of the
//     statistics: a resignation counts as a loss).
//
// All of a game's players are updated from the ratings they had before
// it. Players not in a game keep their rating (their deviation does not grow
// between games: a server's players play at their own pace, and a rating
// period of the calendar would make a player's place depend on when the
// leaderboard is asked for). No well-kept Go library for Glicko-2,
// TrueSkill or OpenSkill could be had from the Go module proxy when this
// was written, hence this file; it follows the paper's steps 1 to 8 and is
// tested against the paper's worked example.

// The constants of the system (Glickman's paper, step 1).
const (
	// glickoRating, glickoDeviation and glickoVolatility are a new
	// player's rating, rating deviation and volatility.
	glickoRating     = 1500.0
	glickoDeviation  = 350.0
	glickoVolatility = 0.06
	// glickoTau constrains the change of the volatility over time; the
	// paper suggests 0.3 to 1.2.
	glickoTau = 0.5
	// glickoScale converts between the Glicko scale and Glicko-2's.
	glickoScale = 173.7178
	// glickoEpsilon is the convergence tolerance of step 5.
	glickoEpsilon = 0.000001
)

// Rating is a player's Glicko-2 rating, on the Glicko scale (a new player
// is 1500 ± 350).
type Rating struct {
	// Rating is the estimated strength, in rating points.
	Rating float64
	// Deviation is the uncertainty of Rating (one standard deviation), in
	// rating points: 350 for a new player, smaller the more they play.
	Deviation float64
	// Volatility is how erratic the player's results are.
	Volatility float64
}

// NewRating returns a new player's rating: 1500 ± 350, volatility 0.06.
func NewRating() Rating {
	return Rating{Rating: glickoRating, Deviation: glickoDeviation, Volatility: glickoVolatility}
}

// Conservative returns the rating less twice its deviation, in rating
// points: the player is stronger than that with about 97.7% confidence. The
// leaderboard is ordered by it, so that a few lucky games do not put a new
// player at the top.
func (r Rating) Conservative() float64 { return r.Rating - 2*r.Deviation }

// glickoResult is one game against one opponent: the opponent's rating
// before the game and the score, 1 for a win, ½ for a draw, 0 for a loss.
type glickoResult struct {
	opponent Rating
	score    float64
}

// glickoG is the function g(φ) of step 3.
func glickoG(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// update returns r after a rating period with the results given (steps 2
// to 8 of the paper). With no result, r is returned unchanged.
func (r Rating) update(results []glickoResult) Rating {
	if len(results) == 0 {
		return r
	}
	// Step 2: to the Glicko-2 scale.
	mu := (r.Rating - glickoRating) / glickoScale
	phi := r.Deviation / glickoScale
	sigma := r.Volatility
	// Steps 3 and 4: the estimated variance v and improvement Δ.
	var vInv, sum float64
	for _, res := range results {
		muJ := (res.opponent.Rating - glickoRating) / glickoScale
		g := glickoG(res.opponent.Deviation / glickoScale)
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		vInv += g * g * e * (1 - e)
		sum += g * (res.score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(glickoTau*glickoTau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*glickoTau) < 0 && k < 1000 {
			k++
		}
		B = a - k*glickoTau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > glickoEpsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma = math.Exp(A / 2)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	// Step 8: back to the Glicko scale.
	return Rating{Rating: glickoScale*mu + glickoRating, Deviation: glickoScale * phi, Volatility: sigma}
}

// glickoPlayer is a player of one game, for rateGame.
type glickoPlayer struct {
	score    int
	resigned bool
}

// pairScore returns a's result against b in one game: 1 for a win, ½ for a
// draw, 0 for a loss (see the top of this file).
func pairScore(a, b glickoPlayer) float64 {
	switch {
	case a.resigned != b.resigned:
		if b.resigned {
			return 1
		}
		return 0
	case a.resigned, a.score == b.score:
		return 0.5
	case a.score > b.score:
		return 1
	}
	return 0
}

// rateGame returns the ratings of the players of one game after it, from
// their ratings before it (by the same index). A game of one player
// changes nothing.
func rateGame(before []Rating, players []glickoPlayer) []Rating {
	after := make([]Rating, len(before))
	results := make([]glickoResult, 0, len(players))
	for i := range players {
		results = results[:0]
		for j := range players {
			if j != i {
				results = append(results, glickoResult{opponent: before[j], score: pairScore(players[i], players[j])})
			}
		}
		after[i] = before[i].update(results)
	}
	return after
}
