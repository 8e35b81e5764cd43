package ai

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/meeple-works/carcassonne/engine"
)

// greedyTurn plays the complete answers to the turn (every placement with
// every figure and escape, and so on) and keeps the one whose position
// evaluate likes best for player me; ties go to a random one, drawn by
// rng. A flight is worth the mean over the three rolls of the die of the
// best landing after each; the answers follow the game's own die.
//
// The complete answers multiply (a placement, a figure, then the mage or
// the witch on any road or city of the board, a crop circle, a ferry …):
// on some tiles late in a game with every expansion there are millions.
// So the turn plays at most about greedyBudget positions: first every
// answer to the first step completed by the engine's first answer to each
// step after it (no figure, …), then the answers in the order of those
// values with all their completions, for as long as the budget lasts;
// an answer the budget does not reach keeps its first value, which its
// completions can only better.
func greedyTurn(root *node, me int, rng *rand.Rand) ([]engine.Answer, error) {
	g := &greedy{me: me, rng: rng, left: greedyBudget}
	_, path, err := g.value(root, true)
	if err != nil {
		return nil, err
	}
	slices.Reverse(path)
	return path, nil
}

// greedyBudget is how many positions (answers played on a copy of the
// game) a greedy turn plays at most, besides its first look: about 0.13 s
// of one core on the worst position known (testdata/easy-mw02-stall.rec,
// BenchmarkStall), within the easy level's 0.2 s.
const greedyBudget = 3000

// greedy is one greedy turn's search.
type greedy struct {
	me   int
	rng  *rand.Rand
	left int // positions the turn may still play
	// firstLook is how many positions the first look at the first
	// step's answers played.
	firstLook int
	// collect keeps every whole turn valued (cands), for the search's
	// candidates (greedyCandidates); cur is the answers from the root to
	// the node being valued, and chance counts the chance nodes above it.
	collect bool
	cur     []engine.Answer
	chance  int
	cands   map[string]candidate
	seq     int
}

// candidate is a turn the greedy look valued: its answers from the root
// (up to a roll of the die, which the search weighs itself) and its value.
type candidate struct {
	path []engine.Answer
	v    float64
	seq  int // the order it was last valued in
}

// record keeps the turn cur followed by the reversed answers rest, worth
// v; a later value of the same answers replaces an earlier one (the first
// look's completions come first, the full values after).
func (g *greedy) record(rest []engine.Answer, v float64) {
	if !g.collect || g.chance > 0 {
		return
	}
	path := slices.Clone(g.cur)
	for i := len(rest) - 1; i >= 0; i-- {
		if rest[i].Step == engine.StepRoll {
			break // the die and what follows are the search's
		}
		path = append(path, rest[i])
	}
	key := fmt.Sprint(path)
	g.seq++
	g.cands[key] = candidate{path: path, v: v, seq: g.seq}
}

// greedyCandidates returns the turns from root (the position of the
// player me's step) that the greedy look of greedyTurn values highest,
// at most k, best first: each its answers up to the end of the turn or to
// a roll of the die, and its value in evaluate's points.
func greedyCandidates(root *node, me int, rng *rand.Rand, k int) ([]candidate, error) {
	g := &greedy{me: me, rng: rng, left: greedyBudget, collect: true, cands: map[string]candidate{}}
	if _, _, err := g.value(root, true); err != nil {
		return nil, err
	}
	out := make([]candidate, 0, len(g.cands))
	for _, c := range g.cands {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b candidate) int {
		if c := cmp.Compare(b.v, a.v); c != 0 {
			return c
		}
		return cmp.Compare(a.seq, b.seq)
	})
	return out[:min(k, len(out))], nil
}

// child returns the node after answer i of n, counting it against the
// budget when it is new.
func (g *greedy) child(n *node, i int) (*node, error) {
	if n.kids == nil || n.kids[i] == nil {
		g.left--
	}
	return n.child(i)
}

// value returns the best value reachable from n (at a chance node, the
// mean over its rolls) and the answers that reach it, reversed. With
// first, n's answers are first valued by their first completions (see
// greedyTurn) and taken in that order.
func (g *greedy) value(n *node, first bool) (float64, []engine.Answer, error) {
	if n.leaf {
		v := evaluate(n.state, g.me) + g.rng.Float64()*1e-6
		g.record(nil, v)
		return v, nil, nil
	}
	if g.left <= 0 {
		return g.firstCompletion(n)
	}
	if n.chance && g.collect {
		g.chance++
		defer func() { g.chance-- }()
	}
	vals := make([]float64, len(n.answers))
	paths := make([][]engine.Answer, len(n.answers))
	order := make([]int, len(n.answers))
	for i := range order {
		order[i] = i
	}
	if first && !n.chance && len(n.answers) > 1 {
		before := g.left
		for i, a := range n.answers {
			k, err := g.child(n, i)
			if err != nil {
				return 0, nil, err
			}
			g.cur = append(g.cur, a)
			v, p, err := g.firstCompletion(k)
			g.cur = g.cur[:len(g.cur)-1]
			if err != nil {
				return 0, nil, err
			}
			vals[i], paths[i] = v, append(p, a)
		}
		g.firstLook += before - g.left
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(vals[b], vals[a]) })
	}
	for _, i := range order {
		if !n.chance && g.left <= 0 && paths[order[0]] != nil {
			break // the rest keep their first values, or are not reached
		}
		k, err := g.child(n, i)
		if err != nil {
			return 0, nil, err
		}
		g.cur = append(g.cur, n.answers[i])
		v, p, err := g.value(k, false)
		g.cur = g.cur[:len(g.cur)-1]
		if err != nil {
			return 0, nil, err
		}
		n.kids[i] = nil // the positions are not needed again
		if paths[i] == nil || v > vals[i] {
			vals[i], paths[i] = v, append(p, n.answers[i])
		}
	}
	if n.chance {
		sum := 0.0
		for _, v := range vals {
			sum += v
		}
		g.chance--
		g.record(nil, sum/float64(len(vals)))
		g.chance++
		return sum / float64(len(vals)), paths[n.die], nil
	}
	best := 0
	for i := range vals {
		if paths[i] != nil && (paths[best] == nil || vals[i] > vals[best]) {
			best = i
		}
	}
	return vals[best], paths[best], nil
}

// firstCompletion returns the value of n completed with the first answer
// of each step after it (at a chance node, the game's own roll), and those
// answers, reversed.
func (g *greedy) firstCompletion(n *node) (float64, []engine.Answer, error) {
	var path []engine.Answer
	for !n.leaf {
		i := 0
		if n.chance {
			i = n.die
		}
		k, err := g.child(n, i)
		if err != nil {
			return 0, nil, err
		}
		path = append(path, n.answers[i])
		n = k
	}
	v := evaluate(n.state, g.me) + g.rng.Float64()*1e-6
	slices.Reverse(path)
	g.record(path, v)
	return v, path, nil
}

// evaluate returns how good position s looks for player me, in points: their
// score and what their followers on unfinished features may still bring,
// less the same for their best opponent.
//
// An unfinished feature is worth to the players with the most followers
// on it (000_…, "Scoring": the majority takes the points) what it would
// score at the end now: a road 1 per tile, a cloister 1 per tile around it
// and itself, a city 1 per tile and pennant, and as much again when it
// may still be completed (more likely with few open sides and many tiles
// left); a farm a flat 3 points. With Mage & Witch, a road or city with
// the mage is worth 1 more per tile, with the witch half. A follower still
// in the supply is worth up to 1.5 points early in the game, nothing at
// the end.
func evaluate(s *engine.Game, me int) float64 {
	magic := magicSegments(s)
	var v [engine.MaxPlayers]float64
	np := s.NumPlayers()
	for p := range np {
		v[p] = float64(s.Score(p))
	}
	left := 0.0
	if total := s.Rules().Total(); total > 0 {
		left = float64(s.TilesLeft()) / float64(total)
	}
	if !s.Ended() {
		for _, f := range s.OccupiedFeatures(nil) {
			if f.Complete {
				continue
			}
			most := 0
			for p := range np {
				most = max(most, f.Followers[p])
			}
			if most == 0 {
				continue
			}
			var val float64
			switch f.Kind {
			case engine.Road:
				val = float64(f.Tiles)
			case engine.Cloister:
				val = float64(f.Tiles)
			case engine.City:
				pts := float64(f.Tiles + f.Pennants)
				val = pts * (1 + left/float64(max(1, f.OpenSides)))
			case engine.Field:
				val = 3
			}
			if magic[0].ok || magic[1].ok {
				val = magicValue(magic, f, val)
			}
			for p := range np {
				if f.Followers[p] == most {
					v[p] += val
				}
			}
		}
		for p := range np {
			v[p] += 1.5 * left * float64(min(s.Supply(p), 4))
			// The Gold Mines: the ingots held score at the end.
			v[p] += float64(engine.GoldPoints(s.Gold(p)))
		}
	}
	other := math.Inf(-1)
	for p := range np {
		if p != me {
			other = max(other, v[p])
		}
	}
	if np == 1 {
		other = 0
	}
	return v[me] - other
}

// magicSegment is the first segment (as OccupiedFeatures names features)
// of the feature the mage or the witch stands on.
type magicSegment struct {
	seg engine.Segment
	ok  bool
}

// magicSegments returns where the mage and the witch stand in s, as
// segments (Mage & Witch); ok is false for a figure off the board.
func magicSegments(s *engine.Game) [2]magicSegment {
	var out [2]magicSegment
	for i, f := range []engine.MagicFigure{engine.MagicMage, engine.MagicWitch} {
		t, on := s.MagicAt(f)
		if !on {
			continue
		}
		// The feature's first segment names it, as in OccupiedFeatures.
		if f, ok := s.FeatureAt(t.Cell, t.Port); ok && len(f.Segments) > 0 {
			out[i] = magicSegment{seg: f.Segments[0], ok: true}
		}
	}
	return out
}

// magicValue returns val, the worth of unfinished feature f (from
// OccupiedFeatures, named by its first segment), with the mage or the
// witch on it: 1 more per tile with the mage, half with the witch.
func magicValue(magic [2]magicSegment, f engine.FeatureInfo, val float64) float64 {
	if f.Kind != engine.Road && f.Kind != engine.City {
		return val
	}
	if len(f.Segments) == 0 {
		return val
	}
	switch sg := f.Segments[0]; {
	case magic[0].ok && sg == magic[0].seg:
		return val + float64(f.Tiles)
	case magic[1].ok && sg == magic[1].seg:
		return val / 2
	}
	return val
}
