package render

import (
	"io"
	"math"
	"slices"

	"github.com/meeple-works/carcassonne/engine"
)

// Mark is a choice of the turn under way that a picture points at, away
// from the spots of the tile placed: a feature of a tile (Target.Port set,
// board orientation) or a tile (engine.NoPort), numbered Label on the
// board ("1", "2", …) and named Text under it ("knight – city (north) at
// (2,-1)"), as a step message lists its buttons.
type Mark struct {
	Target engine.Target
	Label  string
	Text   string
}

// PreviewMarksPNG writes to w, as a PNG, the picture of the turn under way
// that PreviewMove draws for move m (the answers given so far), with marks
// in place of the tile's spots: each on a badge with its label, at its
// feature where a figure stands on it (beside the figure when one does)
// or in the corner of its tile, and listed under the board with its text.
// The window takes in the marks' tiles as it takes in what m moves. It
// returns PreviewMove's errors and the writer's.
func (r *Renderer) PreviewMarksPNG(w io.Writer, g *engine.Game, m engine.Move, marks []Mark) error {
	if marks == nil {
		marks = []Mark{}
	}
	return r.previewMovePNG(w, g, m, marks)
}

// drawMarks draws marks on the board of scene sc in window w, focus being
// the tile placed (not among sc's tiles): the badge of a feature's mark
// where a figure would stand on it, up and to the right of a figure that
// stands there; the badge of a tile's mark in its upper right corner. A mark off the window or on no tile is not drawn.
func (r *Renderer) drawMarks(dst canvas, k *kit, sc *scene, w window, focus engine.PlacedTile, marks []Mark) {
	rad := spotRadius(w.tile)
	badge := r.spotBadge(rad)
	for _, mk := range marks {
		c := mk.Target.Cell
		t := focus
		if c != focus.Cell {
			j, ok := sc.at[c]
			if !ok {
				continue
			}
			t = sc.tiles[j]
		}
		if !w.contains(c) {
			continue
		}
		cr := w.cellRect(c)
		p := pt{0.75, 0.25}
		stands := false
		if mk.Target.Port != engine.NoPort {
			f, ok := sc.ts.FeatureAt(t.Tile, t.Rotation, mk.Target.Port)
			if !ok {
				continue
			}
			p, _ = r.followerPoint(sc, t, f, mk.Target.Port)
			for _, fl := range sc.followers {
				stands = stands || fl.Cell == c && fl.Feature == f
			}
		}
		x := cr.Min.X + int(math.Round(p.x*float64(w.tile)))
		y := cr.Min.Y + int(math.Round(p.y*float64(w.tile)))
		if stands {
			off := rad + w.tile/10
			x, y = x+off, y-off
		}
		blit(dst, badge, x, y)
		drawSpotLabel(dst, k, rad, x, y, mk.Label)
	}
}

// markInterest returns the cells a picture with marks must show, and the
// cell its window is drawn around: the cells of interest (the tile placed
// first, then what the move does away from it) and the marks' tiles, around
// the tile placed, when they fit in one window (coverMaxCells on a side);
// else the marks' tiles alone, around the first: the choices matter more
// than the tile placed, which another player's answer (a crop circle's)
// need not be near.
func markInterest(interest []engine.Cell, marks []Mark) ([]engine.Cell, engine.Cell) {
	all := slices.Clone(interest)
	var only []engine.Cell
	for _, mk := range marks {
		all = append(all, mk.Target.Cell)
		only = append(only, mk.Target.Cell)
	}
	lo, hi := all[0], all[0]
	for _, c := range all {
		lo.X, lo.Y = min(lo.X, c.X), min(lo.Y, c.Y)
		hi.X, hi.Y = max(hi.X, c.X), max(hi.Y, c.Y)
	}
	if hi.X-lo.X < coverMaxCells && hi.Y-lo.Y < coverMaxCells {
		return all, interest[0]
	}
	return only, only[0]
}
