package ai

import (
	"math"
	"math/rand/v2"

	"github.com/meeple-works/carcassonne/engine"
)

// greedyTurn plays every complete answer to the turn (every placement with
// every figure and escape) and keeps the one whose position evaluate likes
// best for player me; ties go to a random one, drawn by rng. A flight is
// worth the mean over the three rolls of the die of the best landing after
// each; the answers follow the game's own die.
func greedyTurn(root *node, me int, rng *rand.Rand) ([]engine.Answer, error) {
	// value returns the best value reachable from n (at a chance node, the
	// mean over its rolls) and the answers that reach it, reversed.
	var value func(n *node) (float64, []engine.Answer, error)
	value = func(n *node) (float64, []engine.Answer, error) {
		if n.leaf {
			return evaluate(n.state, me) + rng.Float64()*1e-6, nil, nil
		}
		best, sum := math.Inf(-1), 0.0
		var path []engine.Answer
		for i, a := range n.answers {
			k, err := n.child(i)
			if err != nil {
				return 0, nil, err
			}
			v, p, err := value(k)
			if err != nil {
				return 0, nil, err
			}
			n.kids[i] = nil // the positions are not needed again
			sum += v
			if n.chance && i == n.die || !n.chance && v > best {
				best, path = v, append(p, a)
			}
		}
		if n.chance {
			best = sum / float64(len(n.answers))
		}
		return best, path, nil
	}
	_, path, err := value(root)
	if err != nil {
		return nil, err
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path, nil
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
		for _, f := range s.Features() {
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

// magicSegment is the segment the mage or the witch stands on.
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
		pt, _ := s.TileAt(t.Cell)
		if fi, ok := s.TileSet().FeatureAt(pt.Tile, pt.Rotation, t.Port); ok {
			out[i] = magicSegment{seg: engine.Segment{Cell: t.Cell, Feature: fi}, ok: true}
		}
	}
	return out
}

// magicValue returns val, the worth of unfinished feature f, with the mage
// or the witch on it: 1 more per tile with the mage, half with the witch.
func magicValue(magic [2]magicSegment, f engine.FeatureInfo, val float64) float64 {
	if f.Kind != engine.Road && f.Kind != engine.City {
		return val
	}
	for _, sg := range f.Segments {
		switch {
		case magic[0].ok && sg == magic[0].seg:
			return val + float64(f.Tiles)
		case magic[1].ok && sg == magic[1].seg:
			return val / 2
		}
	}
	return val
}
