package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// withMagicCrop completes move m, otherwise whole (its tile, figure and
// escape chosen), with a random legal answer to the mage or witch step
// (Mage & Witch) and to the crop circle (The Crop Circles: the choice, then
// each player's answer in turn), when the move asks them.
func withMagicCrop(g *Game, m Move, rng *rand.Rand) Move {
	return withMagicCropInto(g, m, rng, new(miniScratch))
}

// miniScratch is the memory withMagicCropInto reuses from move to move: a
// game to play the move on ahead, its own lists of placed tiles (so that
// placing on the copy does not reallocate the lists it shares with the
// game copied), and a list of answers.
type miniScratch struct {
	game    Game
	tiles   []placedTile
	multi   []int16
	answers []Answer
}

// ahead copies g into sc.game, with lists of placed tiles and of tiles
// with several segments of a kind (Game.multi) of its own,
// and returns it.
func (sc *miniScratch) ahead(g *Game) *Game {
	c := &sc.game
	g.CopyTo(c)
	sc.tiles = append(sc.tiles[:0], g.tiles...)
	sc.multi = append(sc.multi[:0], g.multi...)
	c.tiles, c.multi = sc.tiles, sc.multi
	return c
}

// withMagicCropInto is withMagicCrop reusing the memory of sc, so that a
// random playout allocates little: each answer is drawn uniformly among
// the answers of its step. The spots of the mage and those of the witch
// are the same segments (the incomplete roads and cities but the two the
// figures stand on, see appendMagicSpots): the answer is either figure,
// even odds, onto a spot drawn uniformly (RandomMagic), worked out
// without placing the tile (magicAfter). A crop circle plays the turn
// ahead on a copy of the game.
func withMagicCropInto(g *Game, m Move, rng *rand.Rand, sc *miniScratch) Move {
	if m.Discard || m.Aside || m.Resign {
		return m
	}
	if f, at, asked := g.RandomMagic(m, rng); asked {
		m.Magic, m.MagicAt = f, at
	}
	if g.cropAsked(m) {
		m.Crop = CropAdd + CropChoice(rng.IntN(2))
		after := sc.ahead(g).playAhead(m)
		k := g.ts.CropKind(m.Tile)
		p := after.current
		for range after.nplayers {
			p = after.next(p)
			if after.cropCan(p, k, m.Crop) {
				sc.answers = after.cropAnswers(sc.answers[:0], p, m)
				a := sc.answers[rng.IntN(len(sc.answers))]
				pick := CropPick{Figure: a.Figure, Return: a.Return, Target: a.Target}
				i, seg, _ := after.cropPickErr(p, k, m.Crop, pick)
				after.applyPick(p, k, pick, i, seg)
				m.CropPicks = m.CropPicks.Add(pick)
			}
			if p == after.current {
				break
			}
		}
	}
	return m
}

// checkMagicSpotsAfter checks, for move m about to be played on g, that
// the spots appendMagicSpotsAfter works out without placing the tile are
// those appendMagicSpots lists on a copy of g with the tile placed, in the
// same order, for the mage and for the witch alike; and that magicNeeded
// says the tile joins the features of the two figures exactly when they
// are one on that copy, which it returns.
func checkMagicSpotsAfter(tb testing.TB, g *Game, m Move, seed uint64) (joins bool) {
	tb.Helper()
	if !g.magics() || m.Discard || m.Aside || m.Resign {
		return false
	}
	var got []Target
	for _, i := range g.appendMagicSpotsAfter(nil, m.Tile, int16(m.Cell.X), int16(m.Cell.Y), m.Rotation) {
		got = append(got, g.magicSpotTarget(i, m.Tile, m.Cell, m.Rotation))
	}
	after := g.afterPlacing(m)
	if g.x.magic.at[MagicMage] != 0 && g.x.magic.at[MagicWitch] != 0 && g.ts.tiles[m.Tile].Markers&Magic == 0 {
		joins = after.magicRoot(MagicMage) == after.magicRoot(MagicWitch)
		if got := g.magicNeeded(m.Tile, int16(m.Cell.X), int16(m.Cell.Y), m.Rotation); got != joins {
			tb.Fatalf("seed %d turn %d: %s joins the features of the mage and the witch: %v, magicNeeded says %v", seed, g.Turn(), MoveString(g.TileSet(), m), joins, got)
		}
	}
	for f := MagicMage; f <= MagicWitch; f++ {
		if want := after.appendMagicSpots(nil, f); !slices.Equal(got, want) {
			tb.Fatalf("seed %d turn %d: the %s's spots after %s worked out %v, placed %v", seed, g.Turn(), f, MoveString(g.TileSet(), m), got, want)
		}
	}
	return joins
}

// segOfTarget returns the feature segment that target t names on game g,
// or on the tile of move m when t is on m's cell (not placed yet).
func segOfTarget(g *Game, m Move, t Target) segKey {
	tile, rot := m.Tile, m.Rotation
	if t.Cell != m.Cell || m.Discard || m.Aside {
		pt := mustTileAt(g, t.Cell)
		tile, rot = pt.Tile, pt.Rotation
	}
	f, _ := g.TileSet().FeatureAt(tile, rot, t.Port)
	return segKey{t.Cell, f}
}

// refMagic follows the mage and the witch through a random game the slow
// way: where each stands (a segment), to check the engine's against.
type refMagic struct {
	on  [3]bool
	seg [3]segKey
}

// move notes the mage or witch step of move m, before it is played on g.
func (rm *refMagic) move(g *Game, m Move) {
	if m.Magic == MagicNone {
		return
	}
	rm.on[m.Magic] = m.MagicAt != (Target{})
	if rm.on[m.Magic] {
		rm.seg[m.Magic] = segOfTarget(g, m, m.MagicAt)
	}
}

// mark puts the figures on the features of rb, for its points.
func (rm *refMagic) mark(rb *refBoard) {
	for f := MagicMage; f <= MagicWitch; f++ {
		if rm.on[f] {
			rb.feats[rb.comp[rm.seg[f]]].magic = f
		}
	}
}

// after checks the figures on g, the move just played (rb its board): a
// figure whose road or city was completed left the board, the others stand
// where they stood; never both on one feature nor on a completed one.
func (rm *refMagic) after(tb testing.TB, g *Game, rb *refBoard, seed uint64) {
	tb.Helper()
	for f := MagicMage; f <= MagicWitch; f++ {
		if rm.on[f] {
			rf := rb.feats[rb.comp[rm.seg[f]]]
			if rf.kind != Road && rf.kind != City {
				tb.Fatalf("seed %d: the %s stands on a %s", seed, f, rf.kind)
			}
			if rf.complete {
				rm.on[f] = false
			}
		}
		t, ok := g.MagicAt(f)
		if ok != rm.on[f] || ok && segOfTarget(g, Move{Discard: true}, t) != rm.seg[f] {
			tb.Fatalf("seed %d turn %d: the %s at %v (%v), reference %v (%v)", seed, g.Turn()-1, f, t, ok, rm.seg[f], rm.on[f])
		}
	}
	if rm.on[MagicMage] && rm.on[MagicWitch] && rb.comp[rm.seg[MagicMage]] == rb.comp[rm.seg[MagicWitch]] {
		tb.Fatalf("seed %d turn %d: the mage and the witch share a feature", seed, g.Turn()-1)
	}
}

// refCrop returns the figures (followers and large followers) that the
// crop circle of move m, whose turn without the crop circle leaves the
// board of after, should leave on the board, read the slow way: the
// players from the left of the mover, the mover last, each who has a
// figure of the circle's type on the board (and, to add, one in the
// supply) taking the next answer.
func refCrop(tb testing.TB, after *Game, m Move, seed uint64) []Follower {
	tb.Helper()
	figs := slices.DeleteFunc(after.Followers(), func(f Follower) bool { return f.Figure.Weight() == 0 })
	if m.Crop == CropNone {
		return figs
	}
	var kind FeatureKind
	switch mk := after.TileSet().Tile(m.Tile).Markers; {
	case mk&CropFork != 0:
		kind = Field
	case mk&CropClub != 0:
		kind = Road
	default:
		kind = City
	}
	n := after.NumPlayers()
	used := 0
	for k := 1; k <= n; k++ {
		p := (after.Current() + k) % n
		if after.Resigned(p) {
			continue
		}
		has := slices.ContainsFunc(figs, func(f Follower) bool { return f.Player == p && f.Kind == kind })
		supply := after.SupplyOf(p, FigureFollower) + after.SupplyOf(p, FigureLarge)
		if !has || m.Crop == CropAdd && supply == 0 {
			continue
		}
		if used >= m.CropPicks.Len() {
			tb.Fatalf("seed %d: player %d has no crop circle answer", seed, p)
		}
		pick := m.CropPicks.At(used)
		used++
		if pick.Target == (Target{}) {
			if m.Crop == CropRemove {
				tb.Fatalf("seed %d: player %d passed a crop=remove", seed, p)
			}
			continue
		}
		s := segOfTarget(after, Move{Discard: true}, pick.Target)
		i := slices.IndexFunc(figs, func(f Follower) bool {
			return f.Player == p && f.Kind == kind && f.Cell == s.cell && f.Feature == s.feat && (m.Crop == CropAdd || f.Figure == pick.Figure)
		})
		if i < 0 {
			tb.Fatalf("seed %d: player %d's crop circle answer %+v is next to none of their %ss", seed, p, pick, kind)
		}
		if m.Crop == CropRemove {
			figs = slices.Delete(figs, i, i+1)
		} else {
			figs = append(figs, Follower{Player: p, Cell: s.cell, Kind: kind, Feature: s.feat, Figure: pick.Figure})
		}
	}
	if used != m.CropPicks.Len() {
		tb.Fatalf("seed %d: %d crop circle answers for %d players who can answer", seed, m.CropPicks.Len(), used)
	}
	return figs
}

// sameFigures reports whether a and b hold the same figures (player, tile,
// feature, kind and figure; not the port), in any order.
func sameFigures(a, b []Follower) bool {
	key := func(f Follower) Follower { f.Port = NoPort; return f }
	cmp := func(x, y Follower) int {
		switch {
		case x.Player != y.Player:
			return x.Player - y.Player
		case x.Cell.X != y.Cell.X:
			return x.Cell.X - y.Cell.X
		case x.Cell.Y != y.Cell.Y:
			return x.Cell.Y - y.Cell.Y
		case x.Feature != y.Feature:
			return x.Feature - y.Feature
		}
		return int(x.Figure) - int(y.Figure)
	}
	var ka, kb []Follower
	for _, f := range a {
		ka = append(ka, key(f))
	}
	for _, f := range b {
		kb = append(kb, key(f))
	}
	slices.SortFunc(ka, cmp)
	slices.SortFunc(kb, cmp)
	return slices.Equal(ka, kb)
}
