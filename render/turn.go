package render

import (
	"image"
	"math"

	"github.com/meeple-works/carcassonne/engine"
)

// Sizes of the turn picture, in display pixels (see displayWidth) unless
// said otherwise.
const (
	turnMarginD   = 20  // the coordinates' margin, top and left
	turnPadD      = 6   // the board's edge, right and bottom
	turnMaxRowsD  = 400 // the cells' height the picture aims to stay within
	turnMaxTile   = 80  // the largest tile
	turnGoodTile  = 58  // the window grows around what matters while tiles stay this large
	turnScale     = 2   // picture pixels per display pixel, at least
	turnMinTile   = 64  // the smallest tile, in picture pixels
	turnNumberRad = 14  // the radius of the candidates' numbers, at least
	turnCoordD    = 12  // the coordinates' font
)

// turnCellsW is the width left for the cells beside the panel, in display
// pixels.
const turnCellsW = displayWidth - scorePanelD - turnMarginD - turnPadD

// turnTile returns the display size of the tiles of a window of cols ×
// rows cells in the turn picture.
func turnTile(cols, rows int) float64 {
	return math.Min(turnMaxTile, math.Min(float64(turnCellsW)/float64(cols), float64(turnMaxRowsD)/float64(rows)))
}

// turnWindow returns the cells the turn picture of sc shows, from lo to hi
// inclusive: the cells where the drawn tile fits and the tiles placed
// since the current player's last turn, a cell around them, and more of
// the board while the tiles stay turnGoodTile display pixels wide. At the
// end of the game, the whole board.
func turnWindow(sc *scene) (lo, hi engine.Cell) {
	blo, bhi := sc.bounds()
	if sc.g.Ended() {
		return blo, bhi
	}
	var focus []engine.Cell
	focus = append(focus, sc.cands...)
	if n := len(sc.tiles); n > 1 {
		round := min(max(1, len(sc.names)), n-1)
		for _, t := range sc.tiles[n-round:] {
			if sc.validTile(t) {
				focus = append(focus, t.Cell)
			}
		}
	}
	if len(focus) == 0 {
		return blo, bhi
	}
	lo, hi = focus[0], focus[0]
	for _, c := range focus[1:] {
		lo.X, lo.Y = min(lo.X, c.X), min(lo.Y, c.Y)
		hi.X, hi.Y = max(hi.X, c.X), max(hi.Y, c.Y)
	}
	// A cell around, within the board.
	lo = engine.Cell{X: max(lo.X-1, blo.X), Y: max(lo.Y-1, blo.Y)}
	hi = engine.Cell{X: min(hi.X+1, bhi.X), Y: min(hi.Y+1, bhi.Y)}
	// More of the board while the tiles stay large: one row or column at a
	// time, where it keeps them largest and shows the most tiles.
	tilesIn := func(a, b engine.Cell) int {
		n := 0
		for y := a.Y; y <= b.Y; y++ {
			for x := a.X; x <= b.X; x++ {
				if _, ok := sc.at[engine.Cell{X: x, Y: y}]; ok {
					n++
				}
			}
		}
		return n
	}
	for {
		type grow struct{ lo, hi engine.Cell }
		var best grow
		bestT, bestN := -1.0, -1
		for _, gr := range [...]grow{
			{engine.Cell{X: lo.X - 1, Y: lo.Y}, hi},
			{lo, engine.Cell{X: hi.X + 1, Y: hi.Y}},
			{engine.Cell{X: lo.X, Y: lo.Y - 1}, hi},
			{lo, engine.Cell{X: hi.X, Y: hi.Y + 1}},
		} {
			if gr.lo.X < blo.X || gr.lo.Y < blo.Y || gr.hi.X > bhi.X || gr.hi.Y > bhi.Y {
				continue
			}
			t := turnTile(gr.hi.X-gr.lo.X+1, gr.hi.Y-gr.lo.Y+1)
			if t < turnGoodTile {
				continue
			}
			n := tilesIn(gr.lo, gr.hi)
			if t > bestT || (t == bestT && n > bestN) {
				best, bestT, bestN = gr, t, n
			}
		}
		if bestT < 0 {
			return lo, hi
		}
		lo, hi = best.lo, best.hi
	}
}

// layoutTurn lays out the turn picture of sc (see Renderer.Turn): the
// window of turnWindow on the left, the score panel on the right.
func layoutTurn(sc *scene) layout {
	lo, hi := turnWindow(sc)
	cols, rows := hi.X-lo.X+1, hi.Y-lo.Y+1
	td := turnTile(cols, rows)
	u := float64(turnScale)
	t := int(math.Floor(u * td))
	if t < turnMinTile {
		// Too many cells for the width: larger picture, same proportions.
		u = math.Min(turnMinTile/td, float64(MaxSide)/displayWidth)
		t = max(8, int(math.Floor(u*td)))
	}
	m := dpx(turnMarginD, u)
	pad := dpx(turnPadD, u)
	pw := dpx(scorePanelD, u)
	w := max(dpx(displayWidth, u), cols*t+m+pad+pw)
	bw := w - pw
	bh := m + rows*t + pad
	h := max(bh, scorePanelHeight(sc, u))
	// The cells centred across the board's part, at the top.
	ox := m + (bw-m-pad-cols*t)/2
	oy := m + (h-bh)/2
	return layout{
		win:   window{lo: lo, hi: hi, tile: t, origin: image.Pt(ox, oy), margin: m},
		size:  image.Pt(w, h),
		board: image.Rect(0, 0, bw, h),
		panel: image.Rect(bw, 0, w, h),
		u:     u,
		st:    boardStyle{cands: true, last: true, coords: true, numRad: max(t*27/100, dpx(turnNumberRad, u)), coordPx: dpx(turnCoordD, u)},
	}
}
