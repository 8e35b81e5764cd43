package ai

import (
	"fmt"
	"math/rand/v2"

	"github.com/meeple-works/carcassonne/engine"
)

// unseen holds the tiles no player has seen yet, by pile group (the river
// first, then the land: engine.Rules.Groups), and shuffles them into one
// possible order of the draw pile (a determinization).
type unseen struct {
	groups [][]engine.TileID // the unseen tiles of each group, in id order
	seq    []engine.TileID   // the last order dealt
}

// newUnseen computes the tiles left that nobody has seen from what every
// player sees: each tile's count in the tile set, less the tiles on the
// board (the start tile included), the tiles discarded, the tiles set
// aside and the tile drawn. The engine has no call that lists the tiles
// left without their order (engine.Game.TilesLeft counts them only), so
// the multiset is computed here and checked against that count; a call
// such as Game.TilesLeftCounts() []int (per TileID) would make this a copy.
func newUnseen(g *engine.Game) (*unseen, error) {
	ts := g.TileSet()
	counts := make([]int, ts.Len()+1)
	for id := 1; id <= ts.Len(); id++ {
		counts[id] = ts.Tile(engine.TileID(id)).Count
	}
	take := func(t engine.TileID) {
		if int(t) > 0 && int(t) < len(counts) {
			counts[t]--
		}
	}
	for _, p := range g.PlacedTiles() {
		take(p.Tile)
	}
	for _, m := range g.Moves() {
		if m.Discard {
			take(m.Tile)
		}
	}
	for _, t := range g.Aside() {
		take(t)
	}
	total := 0
	for _, n := range counts {
		if n < 0 {
			return nil, fmt.Errorf("ai: the tiles on the board and discarded outnumber the tile set")
		}
		total += n
	}
	if total != g.TilesLeft() {
		return nil, fmt.Errorf("ai: %d tiles left by the tile set's counts, but the game says %d", total, g.TilesLeft())
	}
	if t, ok := g.Drawn(); ok {
		take(t)
	}
	r := g.Rules()
	u := &unseen{groups: make([][]engine.TileID, max(1, len(r.Groups)))}
	for id := 1; id < len(counts); id++ {
		grp, ok := r.GroupOf(engine.TileID(id))
		if !ok || grp >= len(u.groups) {
			grp = len(u.groups) - 1
		}
		for range counts[id] {
			u.groups[grp] = append(u.groups[grp], engine.TileID(id))
		}
	}
	n := 0
	for _, grp := range u.groups {
		n += len(grp)
	}
	u.seq = make([]engine.TileID, 0, n)
	return u, nil
}

// deal returns the unseen tiles in a random order drawn by rng: the groups
// in the order they are drawn, each shuffled uniformly (Fisher–Yates). The
// slice is reused by the next deal.
func (u *unseen) deal(rng *rand.Rand) []engine.TileID {
	u.seq = u.seq[:0]
	for _, grp := range u.groups {
		n := len(u.seq)
		u.seq = append(u.seq, grp...)
		part := u.seq[n:]
		for i := len(part) - 1; i > 0; i-- {
			j := rng.IntN(i + 1)
			part[i], part[j] = part[j], part[i]
		}
	}
	return u.seq
}
