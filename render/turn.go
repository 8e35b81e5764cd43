package render

import (
	"image"
	"math"
	"slices"
	"sort"

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
	turnReadTile  = 26  // the smallest tile: below it, the window shows less of the board
	turnScale     = 2   // picture pixels per display pixel
	turnNumberRad = 14  // the radius of the candidates' numbers, at least
	turnCoordD    = 12  // the coordinates' font
	turnEdgeRad   = 10  // the radius of the numbers of the cells off the window
	turnEdgeGapD  = 3   // between two of those numbers
)

// turnEdgeBandD is the depth of one lane of numbers of the cells off the
// window, along an edge of the window, in display pixels: the disc, its
// pointer and a gap.
const turnEdgeBandD = 2*turnEdgeRad + 2 + turnEdgeRad/2 + 1 + turnEdgeGapD + 1

// turnCellsW is the width left for the cells beside the panel, in display
// pixels.
const turnCellsW = displayWidth - scorePanelD - turnMarginD - turnPadD

// turnTile returns the display size of the tiles of a window of cols ×
// rows cells in the turn picture.
func turnTile(cols, rows int) float64 {
	return turnTileIn(cols, rows, turnCellsW, turnMaxRowsD)
}

// turnTileIn returns the display size of the tiles of a window of cols ×
// rows cells in w × h display pixels, at most turnMaxTile.
func turnTileIn(cols, rows int, w, h float64) float64 {
	return math.Min(turnMaxTile, math.Min(w/float64(cols), h/float64(rows)))
}

// side is an edge of the turn picture's window: where a number of a cell
// off the window stands, pointing toward the cell.
type side uint8

const (
	sideLeft side = iota
	sideRight
	sideTop
	sideBottom
	numSides
)

// edgeMark is the number of a cell where the drawn tile fits that lies off
// the window of the turn picture: drawn on a disc of radius rad pixels
// centred on at, in the band beyond side of the window, pointing toward
// the cell.
type edgeMark struct {
	n    int // the cell's number, from 1
	at   image.Point
	rad  int
	side side
}

// turnFocus returns the cells of sc that the turn picture must show: the
// tiles placed since the current player's last turn (the last one first).
func turnFocus(sc *scene) []engine.Cell {
	var focus []engine.Cell
	if n := len(sc.tiles); n > 1 {
		round := min(max(1, len(sc.names)), n-1)
		for i := n - 1; i >= n-round; i-- {
			if t := sc.tiles[i]; sc.validTile(t) {
				focus = append(focus, t.Cell)
			}
		}
	}
	return focus
}

// box returns the smallest box holding cells, grown by a cell on each
// side within the board's box blo–bhi.
func box(cells []engine.Cell, blo, bhi engine.Cell) (lo, hi engine.Cell) {
	lo, hi = cells[0], cells[0]
	for _, c := range cells[1:] {
		lo.X, lo.Y = min(lo.X, c.X), min(lo.Y, c.Y)
		hi.X, hi.Y = max(hi.X, c.X), max(hi.Y, c.Y)
	}
	lo = engine.Cell{X: max(lo.X-1, blo.X), Y: max(lo.Y-1, blo.Y)}
	hi = engine.Cell{X: min(hi.X+1, bhi.X), Y: min(hi.Y+1, bhi.Y)}
	return lo, hi
}

// turnWindow returns the cells the turn picture of sc shows, from lo to hi
// inclusive, and whether cells where the drawn tile fits lie off it.
//
// When the cells where the drawn tile fits and the tiles placed since the
// current player's last turn fit at tiles of turnReadTile display pixels
// or more, the window holds them all with a cell around, and more of the
// board while the tiles stay turnGoodTile display pixels wide. Otherwise
// (a sprawling board late in the game) the window starts from the tiles
// placed since the current player's last turn, with a cell around, and
// grows a row or a column at a time toward the most cells where the tile
// fits while its tiles stay turnReadTile display pixels wide; the cells
// it leaves out are numbered on its edges (layoutTurn). At the end of the
// game, the whole board.
func turnWindow(sc *scene) (lo, hi engine.Cell, cropped bool) {
	blo, bhi := sc.bounds()
	if sc.g.Ended() {
		return blo, bhi, false
	}
	recent := turnFocus(sc)
	focus := append(slices.Clone(recent), sc.cands...)
	if len(focus) == 0 {
		return blo, bhi, false
	}
	lo, hi = box(focus, blo, bhi)
	if turnTile(hi.X-lo.X+1, hi.Y-lo.Y+1) >= turnReadTile {
		lo, hi = grow(sc, lo, hi, blo, bhi, turnCellsW, turnMaxRowsD, turnGoodTile, false)
		return lo, hi, false
	}
	// Too wide: what was placed last, then toward the cells where the
	// tile fits, with room for the numbers of the others on the edges.
	w := float64(turnCellsW - 2*turnEdgeBandD)
	h := float64(turnMaxRowsD - 2*turnEdgeBandD)
	start := recent
	if len(start) == 0 {
		start = sc.cands[:1]
	}
	lo, hi = box(start, blo, bhi)
	// Shrink what does not fit (the players' last tiles far apart) around
	// the last one.
	maxCols, maxRows := int(w/turnReadTile), int(h/turnReadTile)
	c := start[0]
	if hi.X-lo.X+1 > maxCols {
		lo.X = max(blo.X, min(c.X-maxCols/2, bhi.X-maxCols+1))
		hi.X = min(bhi.X, lo.X+maxCols-1)
	}
	if hi.Y-lo.Y+1 > maxRows {
		lo.Y = max(blo.Y, min(c.Y-maxRows/2, bhi.Y-maxRows+1))
		hi.Y = min(bhi.Y, lo.Y+maxRows-1)
	}
	lo, hi = grow(sc, lo, hi, blo, bhi, w, h, turnReadTile, true)
	return lo, hi, true
}

// grow grows the window lo–hi of sc a row or a column at a time within
// the board's box blo–bhi while its tiles stay at least least display
// pixels wide in w × h display pixels: where it keeps them largest, then
// shows the most tiles; with cands set, where it brings in the most cells
// where the tile fits (each worth four tiles) and tiles, while a row or
// column brings in any.
func grow(sc *scene, lo, hi, blo, bhi engine.Cell, w, h, least float64, cands bool) (engine.Cell, engine.Cell) {
	count := func(a, b engine.Cell) (tiles, cs int) {
		for y := a.Y; y <= b.Y; y++ {
			for x := a.X; x <= b.X; x++ {
				if _, ok := sc.at[engine.Cell{X: x, Y: y}]; ok {
					tiles++
				}
			}
		}
		for _, c := range sc.cands {
			if c.X >= a.X && c.X <= b.X && c.Y >= a.Y && c.Y <= b.Y {
				cs++
			}
		}
		return tiles, cs
	}
	for {
		n0, c0 := count(lo, hi)
		type box struct{ lo, hi engine.Cell }
		var best box
		bestT, bestC, bestN := -1.0, -1, -1
		for _, gr := range [...]box{
			{engine.Cell{X: lo.X - 1, Y: lo.Y}, hi},
			{lo, engine.Cell{X: hi.X + 1, Y: hi.Y}},
			{engine.Cell{X: lo.X, Y: lo.Y - 1}, hi},
			{lo, engine.Cell{X: hi.X, Y: hi.Y + 1}},
		} {
			if gr.lo.X < blo.X || gr.lo.Y < blo.Y || gr.hi.X > bhi.X || gr.hi.Y > bhi.Y {
				continue
			}
			t := turnTileIn(gr.hi.X-gr.lo.X+1, gr.hi.Y-gr.lo.Y+1, w, h)
			if t < least {
				continue
			}
			n, c := count(gr.lo, gr.hi)
			better := t > bestT || t == bestT && n > bestN
			if cands {
				// What the row or column brings in, the cells where the
				// tile fits first; nothing, and it is not worth its room.
				c = 4*(c-c0) + n - n0
				if c <= 0 {
					continue
				}
				better = c > bestC || c == bestC && t > bestT
			}
			if better {
				best, bestT, bestC, bestN = gr, t, c, n
			}
		}
		if bestT < 0 {
			return lo, hi
		}
		lo, hi = best.lo, best.hi
	}
}

// layoutTurn lays out the turn picture of sc (see Renderer.Turn): the
// window of turnWindow on the left, the numbers of the cells off it in
// bands along its edges, the score panel on the right.
func layoutTurn(sc *scene) layout {
	lo, hi, cropped := turnWindow(sc)
	cols, rows := hi.X-lo.X+1, hi.Y-lo.Y+1
	u := float64(turnScale)
	var off [numSides][]edgeMark
	var nl [numSides]int // the lanes of numbers beyond each edge
	td := turnTile(cols, rows)
	if cropped {
		off = offWindow(sc, lo, hi)
		for s := range numSides {
			nl[s] = lanes(len(off[s]), 0)
		}
		// More lanes where one cannot hold the numbers: the tiles then
		// shrink, and so do the edges.
		for range 4 {
			cw := float64(turnCellsW - (nl[sideLeft]+nl[sideRight])*turnEdgeBandD)
			ch := float64(turnMaxRowsD - (nl[sideTop]+nl[sideBottom])*turnEdgeBandD)
			td = turnTileIn(cols, rows, cw, ch)
			more := false
			for s := range numSides {
				room := float64(cols)*td + turnMarginD
				if s == sideLeft || s == sideRight {
					// The picture's height: the cells', or the panel's.
					room = math.Max(float64(rows)*td+turnMarginD+turnPadD+float64((nl[sideTop]+nl[sideBottom])*turnEdgeBandD),
						float64(scorePanelHeight(sc, 1)))
				}
				if need := lanes(len(off[s]), room); need > nl[s] {
					nl[s], more = need, true
				}
			}
			if !more {
				break
			}
		}
	}
	band := func(s side) int { return nl[s] * turnEdgeBandD }
	t := max(8, int(math.Floor(u*td)))
	m := dpx(turnMarginD, u)
	pad := dpx(turnPadD, u)
	pw := dpx(scorePanelD, u)
	w := max(dpx(displayWidth, u), cols*t+m+pad+pw)
	bw := w - pw
	bl, br := dpx(float64(band(sideLeft)), u), dpx(float64(band(sideRight)), u)
	bt, bb := dpx(float64(band(sideTop)), u), dpx(float64(band(sideBottom)), u)
	bh := bt + m + rows*t + pad + bb
	h := max(bh, scorePanelHeight(sc, u))
	// The cells centred across the board's part, at the top.
	ox := bl + m + (bw-bl-br-m-pad-cols*t)/2
	oy := bt + m + (h-bh)/2
	win := window{lo: lo, hi: hi, tile: t, origin: image.Pt(ox, oy), margin: m}
	l := layout{
		win:   win,
		size:  image.Pt(w, h),
		board: image.Rect(0, 0, bw, h),
		panel: image.Rect(bw, 0, w, h),
		u:     u,
		st:    boardStyle{cands: true, last: true, coords: true, numRad: max(t*27/100, dpx(turnNumberRad, u)), coordPx: dpx(turnCoordD, u)},
		key:   true,
	}
	if cropped {
		l.st.edges = placeEdgeMarks(off, nl, win, image.Rect(0, 0, bw, h), u)
	}
	return l
}

// offWindow returns the cells of sc where the drawn tile fits that lie off
// the window lo–hi, by the side of the window nearest them (the one they
// lie furthest beyond), numbered as Candidates numbers them; their places
// are placeEdgeMarks'.
func offWindow(sc *scene, lo, hi engine.Cell) [numSides][]edgeMark {
	var out [numSides][]edgeMark
	for i, c := range sc.cands {
		dx, dy := 0, 0
		sx, sy := sideLeft, sideTop
		switch {
		case c.X < lo.X:
			dx = lo.X - c.X
		case c.X > hi.X:
			dx, sx = c.X-hi.X, sideRight
		}
		switch {
		case c.Y < lo.Y:
			dy = lo.Y - c.Y
		case c.Y > hi.Y:
			dy, sy = c.Y-hi.Y, sideBottom
		}
		if dx == 0 && dy == 0 {
			continue
		}
		s := sy
		if dx >= dy {
			s = sx
		}
		// at holds the cell for now: placeEdgeMarks turns it into pixels.
		out[s] = append(out[s], edgeMark{n: i + 1, at: image.Pt(c.X, c.Y), side: s})
	}
	return out
}

// lanes returns the number of lanes n numbers need along an edge room
// display pixels long (room 0: one, when n is not 0).
func lanes(n int, room float64) int {
	if n == 0 {
		return 0
	}
	if room <= 0 {
		return 1
	}
	per := max(1, int(room/float64(2*turnEdgeRad+1+turnEdgeGapD)))
	return (n + per - 1) / per
}

// placeEdgeMarks places the numbers of the cells off window win (from
// offWindow) in the bands along its edges within board, at scale u, in
// nl[s] lanes beyond side s: each beside the row or column of its cell,
// clamped to the edge, and moved along it so that no two overlap.
func placeEdgeMarks(off [numSides][]edgeMark, nl [numSides]int, win window, board image.Rectangle, u float64) []edgeMark {
	rad := dpx(turnEdgeRad, u)
	step := 2*rad + 2 + dpx(turnEdgeGapD, u)
	depth := dpx(turnEdgeBandD, u)
	pad := dpx(turnPadD, u)
	gap := dpx(turnEdgeGapD, u)
	cells := image.Rectangle{Min: win.origin, Max: win.origin.Add(image.Pt(win.cols()*win.tile, win.rows()*win.tile))}
	var out []edgeMark
	for s := range numSides {
		ms := off[s]
		if len(ms) == 0 {
			continue
		}
		// Along the edge, from a to b (pixels): the left and right bands
		// the picture's height, the top and bottom ones between those.
		var a, b int
		if s == sideLeft || s == sideRight {
			a, b = board.Min.Y+rad+1, board.Max.Y-rad-1
		} else {
			a, b = cells.Min.X-win.margin+rad+1, cells.Max.X+pad-rad-1
		}
		want := func(m edgeMark) int {
			if s == sideLeft || s == sideRight {
				y := min(max(m.at.Y, win.lo.Y), win.hi.Y)
				return cells.Min.Y + (y-win.lo.Y)*win.tile + win.tile/2
			}
			x := min(max(m.at.X, win.lo.X), win.hi.X)
			return cells.Min.X + (x-win.lo.X)*win.tile + win.tile/2
		}
		sort.SliceStable(ms, func(i, j int) bool { return want(ms[i]) < want(ms[j]) })
		n := max(1, nl[s])
		for lane := range n {
			// Every n-th number in this lane, so that each lane spans the
			// edge.
			var idx []int
			for i := lane; i < len(ms); i += n {
				idx = append(idx, i)
			}
			pos := make([]int, len(idx))
			for k, i := range idx {
				pos[k] = min(max(want(ms[i]), a), b)
				if k > 0 {
					pos[k] = max(pos[k], pos[k-1]+step)
				}
			}
			for k := len(pos) - 1; k >= 0; k-- {
				lim := b
				if k < len(pos)-1 {
					lim = pos[k+1] - step
				}
				pos[k] = min(pos[k], lim)
			}
			// The disc's centre beyond the margin (or the pad), its pointer
			// outward: the lane's distance from the cells.
			off := win.margin + gap + rad + 1 + lane*depth
			offPad := pad + gap + rad + 1 + lane*depth
			for k, i := range idx {
				m := ms[i]
				m.rad = rad
				switch s {
				case sideLeft:
					m.at = image.Pt(cells.Min.X-off, pos[k])
				case sideRight:
					m.at = image.Pt(cells.Max.X+offPad, pos[k])
				case sideTop:
					m.at = image.Pt(pos[k], cells.Min.Y-off)
				case sideBottom:
					m.at = image.Pt(pos[k], cells.Max.Y+offPad)
				}
				out = append(out, m)
			}
		}
	}
	return out
}
