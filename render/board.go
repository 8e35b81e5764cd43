package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"

	"github.com/meeple-works/carcassonne/engine"
	"golang.org/x/image/font"
)

// Sizes of the board picture, in pixels.
const (
	// MaxSide is the longest side a board picture aims for: the tile size
	// shrinks until the picture fits, down to MinTile.
	MaxSide = 2048
	// MaxTile is the tile size of small boards.
	MaxTile = 96
	// MinTile is the smallest tile size: below it the numbers and the
	// letters on the followers would no longer be legible on a phone. A
	// board too large to fit MaxSide at this size makes a larger picture,
	// up to HardMaxSide.
	MinTile = 36
	// HardMaxSide bounds the pictures of boards that no legible tile size
	// fits (a line of 200 tiles): their tiles shrink below MinTile, down to
	// 8 pixels, rather than let one picture take hundreds of megabytes.
	HardMaxSide = 4096
	// areaBudget caps the board's area in pixels (cells × tile size²), so
	// that encoding stays fast; medium boards get tiles between MinTile and
	// MaxTile.
	areaBudget = 1_600_000
)

// window is the part of the board a picture shows and how: the cells from
// lo to hi (inclusive), tile pixels per cell, and the pixel of lo's top-left
// corner.
type window struct {
	lo, hi engine.Cell
	tile   int
	origin image.Point
	margin int // room for the coordinates around the cells, in pixels
}

func (w window) cols() int { return w.hi.X - w.lo.X + 1 }
func (w window) rows() int { return w.hi.Y - w.lo.Y + 1 }

// cellRect returns the pixels of cell c.
func (w window) cellRect(c engine.Cell) image.Rectangle {
	x := w.origin.X + (c.X-w.lo.X)*w.tile
	y := w.origin.Y + (c.Y-w.lo.Y)*w.tile
	return image.Rect(x, y, x+w.tile, y+w.tile)
}

func (w window) contains(c engine.Cell) bool {
	return c.X >= w.lo.X && c.X <= w.hi.X && c.Y >= w.lo.Y && c.Y <= w.hi.Y
}

// marginFor returns the room for coordinates around a board of tile size t.
func marginFor(t int) int { return min(max(t*2/5, 24), 36) }

// chooseTile returns the largest tile size, in steps of 4 pixels, at which a
// board of cols × rows cells plus extraW(board width) pixels beside it fits
// MaxSide and the area budget; else MinTile, or less if that would not fit
// HardMaxSide.
func chooseTile(cols, rows int, extraW func(bw int) int) int {
	fits := func(t, side int) bool {
		m := marginFor(t)
		bw := cols*t + 2*m
		return bw+extraW(bw) <= side && rows*t+2*m <= side
	}
	for t := MaxTile; t > MinTile; t -= 4 {
		if fits(t, MaxSide) && cols*rows*t*t <= areaBudget {
			return t
		}
	}
	t := MinTile
	for t > 8 && !fits(t, HardMaxSide) {
		t--
	}
	return t
}

// boardStyle says what a board picture shows besides tiles.
type boardStyle struct {
	cands    bool // number the cells where the drawn tile fits
	last     bool // outline the last tile placed
	coords   bool // coordinates on the margins
	allSides bool // coordinates on all four margins, not only top and left
	focus    *engine.PlacedTile
	spots    []engine.Spot // follower spots on focus, labelled engine.SpotLabel(i)
	chosen   engine.Port   // the port of the follower shown on focus, or NoPort
	figure   engine.Figure // the kind of figure shown on chosen
	numRad   int           // the radius of the candidate numbers' discs, pixels; 0: from the tile size
	coordPx  int           // the size of the coordinates' font, pixels; 0: from the tile size
	edges    []edgeMark    // the numbers of the cells off the window, on its edges (layoutTurn)
}

var (
	colOutline = color.RGBA{0x10, 0x10, 0x12, 0xff}
	colWhite   = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colDim     = color.RGBA{0, 0, 0, 0x70}
)

// fillRect fills r with colour c (src over when c is translucent).
func fillRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	if c.A != 0xff {
		draw.Draw(dst, r, image.NewUniform(c), image.Point{}, draw.Over)
		return
	}
	// Opaque: one row by hand, the others copied from it.
	n := 4 * r.Dx()
	i0 := dst.PixOffset(r.Min.X, r.Min.Y)
	row := dst.Pix[i0 : i0+n : i0+n]
	for i := 0; i < n; i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		i := dst.PixOffset(r.Min.X, y)
		copy(dst.Pix[i:i+n], row)
	}
}

// fillAround fills the part of outer that lies outside inner with c.
func fillAround(dst canvas, outer, inner image.Rectangle, c color.RGBA) {
	inner = inner.Intersect(outer)
	if inner.Empty() {
		dst.fill(outer, c)
		return
	}
	dst.fill(image.Rect(outer.Min.X, outer.Min.Y, outer.Max.X, inner.Min.Y), c)
	dst.fill(image.Rect(outer.Min.X, inner.Max.Y, outer.Max.X, outer.Max.Y), c)
	dst.fill(image.Rect(outer.Min.X, inner.Min.Y, inner.Min.X, inner.Max.Y), c)
	dst.fill(image.Rect(inner.Max.X, inner.Min.Y, outer.Max.X, inner.Max.Y), c)
}

// frame draws a frame of width w inside r.
func frame(dst canvas, r image.Rectangle, w int, c color.RGBA) {
	dst.fill(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), c)
	dst.fill(image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), c)
	dst.fill(image.Rect(r.Min.X, r.Min.Y+w, r.Min.X+w, r.Max.Y-w), c)
	dst.fill(image.Rect(r.Max.X-w, r.Min.Y+w, r.Max.X, r.Max.Y-w), c)
}

// blit draws sprite src centred on pixel (x, y), blending over dst.
func blit(dst canvas, src *image.RGBA, x, y int) {
	b := src.Bounds()
	dst.over(image.Pt(x-b.Dx()/2, y-b.Dy()/2), src)
}

// drawBoard draws the cells of window w of scene sc onto dst: the empty
// cells, the tiles, then the marks the style asks for, the dragon's trail
// (dragon.go), the towers, the followers, then the dragon and the fairy.
func (r *Renderer) drawBoard(dst canvas, k *kit, sc *scene, w window, st boardStyle) {
	t := w.tile
	// The table under the board is the caller's. Empty cells: a faint grid.
	for y := w.lo.Y; y <= w.hi.Y; y++ {
		for x := w.lo.X; x <= w.hi.X; x++ {
			c := engine.Cell{X: x, Y: y}
			if _, ok := sc.at[c]; ok {
				continue
			}
			if st.focus != nil && st.focus.Cell == c {
				continue
			}
			cr := w.cellRect(c)
			frame(dst, cr, 1, colTable)
			dst.fill(cr.Inset(1), colGrid)
		}
	}
	// Tiles.
	for c, i := range sc.at {
		if !w.contains(c) {
			continue
		}
		pt := sc.tiles[i]
		dst.tile(w.cellRect(c), sc.ts, pt.Tile, pt.Rotation, sc.closed[i])
		if st.focus != nil {
			dst.fill(w.cellRect(c), colDim)
		}
	}
	if f := st.focus; f != nil && sc.validTile(*f) {
		cr := w.cellRect(f.Cell)
		dst.tile(cr, sc.ts, f.Tile, f.Rotation, 0)
		frame(dst, cr.Inset(-max(2, t/24)), max(2, t/24), colHighlight)
	}
	if st.coords {
		f := coordFace(k, t)
		if st.coordPx > 0 {
			f = k.face(false, st.coordPx)
		}
		r.drawCoords(dst, f, w, st.allSides)
	}
	if st.last && sc.last >= 0 {
		c := sc.tiles[sc.last].Cell
		if w.contains(c) {
			cr := w.cellRect(c)
			fw := max(2, t/20)
			frame(dst, cr.Inset(-1), 1, colOutline)
			frame(dst, cr, fw, colWhite)
			frame(dst, cr.Inset(fw), 1, colOutline)
		}
	}
	r.drawFlight(dst, sc, w) // under the numbers of the cells
	if st.cands {
		r.drawCandidates(dst, k, sc, w, st.numRad)
		r.drawEdgeMarks(dst, k, st.edges)
	}
	r.drawFerries(dst, sc, w, st.focus)
	r.drawIngots(dst, k, sc, w, st)
	r.drawDragonTrail(dst, k, sc, w)
	r.drawTowers(dst, k, sc, w)
	r.drawFollowers(dst, k, sc, w)
	r.drawNeutralFigures(dst, sc, w, st.focus)
	r.drawDragonFigures(dst, sc, w)
	if st.focus != nil {
		r.drawSpots(dst, k, sc, w, *st.focus, st.spots, st.chosen, st.figure)
	}
}

// coordFace returns the face of the coordinates for tile size t.
func coordFace(k *kit, t int) font.Face {
	return k.face(false, min(max(t*7/24, 13), 18))
}

// coordLabel is one coordinate on a margin of a board picture: its text,
// where drawTextAt centres it, and the box it covers (pixels).
type coordLabel struct {
	text string
	at   image.Point
	box  image.Rectangle
}

// coordSteps are the spacings of the coordinates, in cells, from which
// coordStep chooses.
var coordSteps = [...]int{1, 2, 5, 10, 20, 50, 100}

// coordStep returns every how many cells a coordinate is written so that
// labels size pixels long (with a gap of a third of the face's cap height)
// do not run together on cells tile pixels wide: 1, 2, 5, 10…
func coordStep(size, gap, tile int) int {
	for _, s := range coordSteps {
		if size+gap <= s*tile {
			return s
		}
	}
	return coordSteps[len(coordSteps)-1]
}

// coordLabels returns the coordinates of window w in face f: the column
// numbers (x) along the top and the row numbers (y) down the left side, and
// on the other two sides when all is set; every coordStep cells when the
// cells are too small for one each (the multiples of the step, so that a
// reader counts on from them).
func coordLabels(f font.Face, w window, all bool) []coordLabel {
	half := w.tile / 2
	top := w.origin.Y - w.margin/2
	bottom := w.origin.Y + w.rows()*w.tile + w.margin/2
	left := w.origin.X - w.margin/2
	right := w.origin.X + w.cols()*w.tile + w.margin/2
	capH := capHeight(f)
	gap := max(2, capH/3)
	widest := 0
	for _, v := range [...]int{w.lo.X, w.hi.X, w.lo.Y, w.hi.Y} {
		widest = max(widest, textWidth(f, strconv.Itoa(v)))
	}
	label := func(s string, x, y int) coordLabel {
		tw := textWidth(f, s)
		bx := x - tw/2
		return coordLabel{text: s, at: image.Pt(x, y), box: image.Rect(bx, y-capH/2-1, bx+tw, y+capH-capH/2+1)}
	}
	var out []coordLabel
	sx := coordStep(widest, gap, w.tile)
	for x := w.lo.X; x <= w.hi.X; x++ {
		if x%sx != 0 {
			continue
		}
		cx := w.origin.X + (x-w.lo.X)*w.tile + half
		s := strconv.Itoa(x)
		out = append(out, label(s, cx, top))
		if all {
			out = append(out, label(s, cx, bottom))
		}
	}
	sy := coordStep(capH+2, gap, w.tile)
	for y := w.lo.Y; y <= w.hi.Y; y++ {
		if y%sy != 0 {
			continue
		}
		cy := w.origin.Y + (y-w.lo.Y)*w.tile + half
		s := strconv.Itoa(y)
		out = append(out, label(s, left, cy))
		if all {
			out = append(out, label(s, right, cy))
		}
	}
	return out
}

// drawCoords writes in face f the coordinates of window w (coordLabels).
func (r *Renderer) drawCoords(dst canvas, f font.Face, w window, all bool) {
	for _, l := range coordLabels(f, w, all) {
		drawTextAt(dst, f, colMarginText, l.at.X, l.at.Y, alignCentre, l.text)
	}
}

// drawCandidates marks each cell where the drawn tile fits with its number,
// 1, 2, 3… in the order of the placements, on discs of radius rad pixels
// (0: from the tile size).
func (r *Renderer) drawCandidates(dst canvas, k *kit, sc *scene, w window, rad int) {
	t := w.tile
	over := r.cache.sprite(spriteKey{kind: spriteCandidate, size: t}, func() *image.RGBA { return drawCandidate(t) })
	if rad <= 0 {
		rad = max(9, t*27/100)
	}
	rad = min(rad, t*45/100)
	disc := r.cache.sprite(spriteKey{kind: spriteDisc, size: rad, fill: colHighlight}, func() *image.RGBA {
		return drawDisc(rad, math.Max(1.5, float64(rad)*0.12), colHighlight, colOutline)
	})
	for i, c := range sc.cands {
		if !w.contains(c) {
			continue
		}
		cr := w.cellRect(c)
		dst.over(cr.Min, over)
		cx, cy := cr.Min.X+t/2, cr.Min.Y+t/2
		blit(dst, disc, cx, cy)
		s := strconv.Itoa(i + 1)
		fs := rad * 6 / 5
		if len(s) > 1 {
			fs = rad
		}
		if len(s) > 2 {
			fs = rad * 3 / 4
		}
		drawTextAt(dst, k.face(true, fs), colOutline, cx, cy, alignCentre, s)
	}
}

// meepleHeight returns the height of a follower on tiles of size t, in
// pixels.
func meepleHeight(t int) int { return max(25, t*42/100) }

// followerHeight returns the height of a follower of feature kind kind on
// tiles of size t (pixels), with room tile sides of clearance around where
// it stands, on a tile with others followers: smaller where the tile is
// crowded, a knight or a farmer no larger than its city or field leaves
// room for (down to a third of the tile), and a monk smaller than the
// church it stands by, so that the feature stays in sight around it.
func followerHeight(t int, kind engine.FeatureKind, room float64, others int) int {
	h := float64(meepleHeight(t))
	if others > 0 {
		h *= 0.8
	}
	switch kind {
	case engine.City, engine.Field:
		h = math.Min(h, 2.7*room*float64(t))
	case engine.Cloister:
		h = math.Min(h, 0.36*float64(t)) // beside the church, not over it
	}
	return int(math.Round(math.Max(h, math.Max(18, 0.34*float64(t)))))
}

// largeScale is how much taller the large follower (Inns & Cathedrals) is
// drawn than a follower on the same spot: visibly larger at a glance, as
// the figure on the table is.
const largeScale = 1.4

// builderScale and pigScale size the builder and the pig (Traders &
// Builders) against a follower on the same spot: the builder a little
// taller, as the piece on the table is, the pig (measured by its length)
// a little longer than a follower is tall but much lower, so that it
// stands out from the lying farmers as a different animal.
const (
	builderScale = 1.15
	pigScale     = 1.2
)

// figureHeight returns the height of figure fig where a follower would be
// h pixels tall: the large follower largeScale times taller, the builder
// builderScale times, the pig's length pigScale times.
func figureHeight(h int, fig engine.Figure) int {
	switch fig {
	case engine.FigureLarge:
		return int(math.Round(float64(h) * largeScale))
	case engine.FigureBuilder:
		return int(math.Round(float64(h) * builderScale))
	case engine.FigurePig:
		return int(math.Round(float64(h) * pigScale))
	}
	return h
}

// figure returns the sprite of player p's figure fig, h pixels tall (the
// pig h pixels long): a follower or the large follower as meeple draws it
// (lying when lying is set), the builder and the pig each in a shape of its
// own, in the player's colour with the player's letter.
func (r *Renderer) figure(k *kit, sc *scene, p, h int, lying bool, fig engine.Figure) *image.RGBA {
	if fig != engine.FigureBuilder && fig != engine.FigurePig {
		return r.meeple(k, sc, p, h, lying)
	}
	mark := ""
	if p >= 0 && p < len(sc.marks) {
		mark = sc.marks[p]
	}
	fill, ink := PlayerColour(p), playerInk[((p%6)+6)%6]
	kind := spriteBuilder
	if fig == engine.FigurePig {
		kind = spritePig
	}
	return r.cache.sprite(spriteKey{kind: kind, size: h, player: p % 6, letter: mark}, func() *image.RGBA {
		if fig == engine.FigurePig {
			fs := h * 30 / 100
			if len(mark) > 1 {
				fs = h * 22 / 100
			}
			return drawPig(k.face(true, fs), h, fill, ink, mark)
		}
		fs := h * 30 / 100
		if len(mark) > 1 {
			fs = h * 20 / 100
		}
		return drawBuilder(k.face(true, fs), h, fill, ink, mark)
	})
}

// meeple returns the sprite of player p's follower, h pixels tall.
func (r *Renderer) meeple(k *kit, sc *scene, p, h int, lying bool) *image.RGBA {
	mark := ""
	if p >= 0 && p < len(sc.marks) {
		mark = sc.marks[p]
	}
	fill, ink := PlayerColour(p), playerInk[((p%6)+6)%6]
	return r.cache.sprite(spriteKey{kind: spriteMeeple, size: h, player: p % 6, lying: lying, letter: mark}, func() *image.RGBA {
		fs := h * 42 / 100
		if len(mark) > 1 {
			fs = h * 28 / 100
		}
		return drawMeeple(k.face(true, fs), h, lying, fill, ink, mark)
	})
}

// followerPoint returns where on its tile (unit coordinates, board
// orientation) a follower deployed on port p of feature f of placed tile pt
// stands, and the clearance there in tile sides.
func (r *Renderer) followerPoint(sc *scene, t engine.PlacedTile, f int, p engine.Port) (pt, float64) {
	g := r.cache.geom(sc.ts, t.Tile)
	if f < 0 || f >= len(g.feats) {
		return pt{0.5, 0.5}, 0
	}
	fg := &g.feats[f]
	cp := p.Rotate(4 - t.Rotation&3)
	if !fg.ports.Has(cp) {
		cp = fg.ports.Main()
	}
	if cp == engine.NoPort {
		return pt{0.5, 0.5}, 0
	}
	return rotatePt(fg.anchor[cp-1], int(t.Rotation&3)), fg.room[cp-1]
}

// drawFollowers draws every figure on its tile: followers standing on
// roads, cities and cloisters, lying down in fields (farmers); smaller
// where a tile holds several; the large follower largeScale times taller;
// the builder and the pig (Traders & Builders) in shapes of their own.
func (r *Renderer) drawFollowers(dst canvas, k *kit, sc *scene, w window) {
	per := make(map[engine.Cell]int, len(sc.followers))
	for _, f := range sc.followers {
		per[f.Cell]++
	}
	for _, f := range sc.followers {
		i, ok := sc.at[f.Cell]
		if !ok || !w.contains(f.Cell) {
			continue
		}
		r.drawFollower(dst, k, sc, w, sc.tiles[i], f, per[f.Cell]-1)
	}
}

// drawFollower draws follower f on placed tile t of window w, with others
// followers on the same tile.
func (r *Renderer) drawFollower(dst canvas, k *kit, sc *scene, w window, t engine.PlacedTile, f engine.Follower, others int) {
	sp, x, y := r.followerSprite(k, sc, w, t, f, others)
	blit(dst, sp, x, y)
}

// followerSprite returns the sprite of follower f on placed tile t of
// window w, with others followers on the same tile, and the pixel where
// its centre goes.
func (r *Renderer) followerSprite(k *kit, sc *scene, w window, t engine.PlacedTile, f engine.Follower, others int) (*image.RGBA, int, int) {
	p, room := r.followerPoint(sc, t, f.Feature, f.Port)
	cr := w.cellRect(f.Cell)
	x := cr.Min.X + int(math.Round(p.x*float64(w.tile)))
	y := cr.Min.Y + int(math.Round(p.y*float64(w.tile)))
	h := figureHeight(followerHeight(w.tile, f.Kind, room, others), f.Figure)
	lying := f.Kind == engine.Field && f.Figure != engine.FigurePig
	if !lying && f.Kind != engine.Road && f.Kind != engine.Field {
		y -= h / 8 // stand on the spot, not over it
	}
	sp := r.figure(k, sc, f.Player, h, lying, f.Figure)
	x, y = keepOnTile(cr, sp.Bounds().Size(), x, y)
	return sp, x, y
}

// keepOnTile moves the centre (x, y) of a sprite of the given size so that
// the sprite overhangs the cell cr by at most a twentieth of the cell: each
// follower stays clearly on its own tile.
func keepOnTile(cr image.Rectangle, size image.Point, x, y int) (int, int) {
	over := cr.Dx() / 20
	clamp := func(v, lo, hi int) int {
		if lo > hi {
			return (lo + hi) / 2
		}
		return min(max(v, lo), hi)
	}
	x = clamp(x, cr.Min.X+size.X/2-over, cr.Max.X-size.X/2+over)
	y = clamp(y, cr.Min.Y+size.Y/2-over, cr.Max.Y-size.Y/2+over)
	return x, y
}

// drawSpots labels the spots of the focused tile (for the follower, or
// the figure fig: see previewSpots) with
// engine.SpotLabel(i) ("1", "2", …) on white rounded squares at the places
// where a follower would stand; on the spot whose feature holds port
// chosen, it draws the current player's figure fig instead, in its own
// shape (Renderer.figure).
func (r *Renderer) drawSpots(dst canvas, k *kit, sc *scene, w window, t engine.PlacedTile, spots []engine.Spot, chosen engine.Port, fig engine.Figure) {
	rad := spotRadius(w.tile)
	badge := r.spotBadge(rad)
	cr := w.cellRect(t.Cell)
	pick := chosenSpot(spots, chosen)
	pts := r.spotPoints(sc, t, spots, float64(rad)/float64(w.tile))
	for i, p := range pts {
		if i == pick {
			continue
		}
		x := cr.Min.X + int(math.Round(p.x*float64(w.tile)))
		y := cr.Min.Y + int(math.Round(p.y*float64(w.tile)))
		blit(dst, badge, x, y)
		drawSpotLabel(dst, k, rad, x, y, engine.SpotLabel(i))
	}
	if pick >= 0 {
		s := spots[pick]
		fl := engine.Follower{Player: sc.g.Current(), Cell: t.Cell, Port: chosen, Kind: s.Kind, Feature: s.Feature, Figure: fig}
		r.drawFollower(dst, k, sc, w, t, fl, 0)
	}
}

// drawSpotLabel writes label centred on (x, y) for a badge of radius rad
// pixels: a digit or a letter large, longer labels ("10") smaller so that
// they fit.
func drawSpotLabel(dst canvas, k *kit, rad, x, y int, label string) {
	size := rad * 6 / 5
	f := k.face(true, size)
	for size > 6 && textWidth(f, label) > 2*rad-4 {
		size--
		f = k.face(true, size)
	}
	drawTextAt(dst, f, colOutline, x, y, alignCentre, label)
}

// chosenSpot returns the index of the spot whose feature holds port p, or
// -1.
func chosenSpot(spots []engine.Spot, p engine.Port) int {
	if p == engine.NoPort {
		return -1
	}
	for i, s := range spots {
		if s.Port == p || s.Ports.Has(p) {
			return i
		}
	}
	return -1
}

// spotRadius returns the radius of a spot label on tiles of size t, in
// pixels.
func spotRadius(t int) int { return max(10, t*13/100) }

// spotPoints returns where the labels of the spots of placed tile t go, in
// unit coordinates of the tile: where a follower would stand, then pushed
// apart where labels of radius rad (in tile sides) would overlap, each
// staying on its feature (or near its first place) and on the tile.
func (r *Renderer) spotPoints(sc *scene, t engine.PlacedTile, spots []engine.Spot, rad float64) []pt {
	g := r.cache.geom(sc.ts, t.Tile)
	home := make([]pt, len(spots))
	for i, s := range spots {
		home[i], _ = r.followerPoint(sc, t, s.Feature, s.Port)
	}
	pts := append([]pt(nil), home...)
	allowed := func(i int, p pt) bool {
		if p.x < rad || p.y < rad || p.x > 1-rad || p.y > 1-rad {
			return false
		}
		if p.dist(home[i]) <= 0.08 {
			return true
		}
		c := rotatePt(p, 4-int(t.Rotation&3))
		return int(g.label[sampleIndex(c)]) == spots[i].Feature
	}
	gap := 2*rad + 0.02
	for range 60 {
		moved := false
		for i := range pts {
			for j := i + 1; j < len(pts); j++ {
				d := pts[j].sub(pts[i])
				l := math.Hypot(d.x, d.y)
				if l >= gap {
					continue
				}
				if l < 1e-6 {
					d, l = pt{1, 0}, 1
				}
				push := d.mul((gap - l) / 2 / l)
				if a := pts[i].sub(push); allowed(i, a) {
					pts[i] = a
					moved = true
				}
				if b := pts[j].add(push); allowed(j, b) {
					pts[j] = b
					moved = true
				}
			}
		}
		if !moved {
			break
		}
	}
	return pts
}

// spotBadge returns the badge of a follower spot label, rad pixels from
// its centre to its sides: a white rounded square with a dark rim, a shape
// unlike the followers and the round numbers of the candidate cells.
func (r *Renderer) spotBadge(rad int) *image.RGBA {
	return r.cache.sprite(spriteKey{kind: spriteSpot, size: rad, fill: colWhite}, func() *image.RGBA {
		return drawSquareBadge(rad, math.Max(2, float64(rad)*0.16), colWhite, colOutline)
	})
}

// drawEdgeMarks draws the numbers of the cells off the window, each on a
// disc like those of the cells in it, with a pointer toward its cell.
func (r *Renderer) drawEdgeMarks(dst canvas, k *kit, ms []edgeMark) {
	for _, m := range ms {
		sp := r.cache.sprite(spriteKey{kind: spriteEdgeMark, size: m.rad, player: int(m.side)}, func() *image.RGBA {
			return drawPointedDisc(m.rad, math.Max(1.5, float64(m.rad)*0.12), m.side, colHighlight, colOutline)
		})
		blit(dst, sp, m.at.X, m.at.Y)
		s := strconv.Itoa(m.n)
		fs := m.rad
		if len(s) > 2 {
			fs = m.rad * 3 / 4
		}
		drawTextAt(dst, k.face(true, fs), colOutline, m.at.X, m.at.Y, alignCentre, s)
	}
}
