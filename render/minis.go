package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/fogleman/gg"
	"github.com/meeple-works/carcassonne/engine"
	"golang.org/x/image/font"
)

// This file draws the mini expansions of rule text 001_ (The Flying
// Machines, The Ferries, The Gold Mines, Mage & Witch, The Crop Circles):
// the flying machine on its arrow and the crop circle's sign (symbols of
// the tiles, drawn by drawSymbol), the gold ingots lying on the tiles with
// their number, each player's ingots in the scoreboard, the ferry on its
// lake joining two roads, and the mage and the witch on their features.
//
// The ferries, the mage and the witch are read from the scene (sc.ferries,
// sc.mage, sc.witch): the engine's queries for them fill those fields in
// newScene.

// The colours of the mini expansions.
var (
	colArrow     = rgb(0xd81b60) // the flying machine's arrow, a crimson that is no player's
	colFerry     = rgb(0x8a5a2b) // the ferry's hull
	colFerryDeck = rgb(0xe3cf9c) // its deck, the flying machine's wood
	colMage      = rgb(0x6a3dc8) // the mage's robe and hat
	colMageStar  = rgb(0xf4d03f) // the stars on them
	colWitch     = rgb(0x1e1a1a) // the witch's dress and hat
	colWitchSkin = rgb(0x5fbf3f) // her face
	colBroom     = rgb(0xb07a3c) // her broom
)

// miniSymbolScale is how much larger than other symbols the symbols of a
// whole tile of the mini expansions are drawn (flying machine, gold mine,
// magic, crop circle): one on each such tile, which players look for.
const miniSymbolScale = 1.3

// drawMachine draws the flying machine centred on c (pixels), about r
// pixels in radius, pointing along heading h (north for NoHeading): a crimson
// arrow from under it to 2.1 r ahead, and over it the machine seen from
// above, wings across, nose ahead. outline strokes and fills the path.
func drawMachine(dc *gg.Context, h engine.Heading, c pt, r float64, outline func(color.Color)) {
	dx, dy := h.Step()
	a := math.Atan2(float64(dy), float64(dx))
	if h == engine.NoHeading || (dx == 0 && dy == 0) {
		a = -math.Pi / 2
	}
	dc.Push()
	dc.RotateAbout(a+math.Pi/2, c.x, c.y) // the drawing points north
	// The arrow: a shaft from the tail and a wide head ahead of the nose.
	w := r * 0.2
	dc.MoveTo(c.x-w, c.y+r*0.9)
	dc.LineTo(c.x-w, c.y-r*1.35)
	dc.LineTo(c.x-r*0.62, c.y-r*1.35)
	dc.LineTo(c.x, c.y-r*2.15)
	dc.LineTo(c.x+r*0.62, c.y-r*1.35)
	dc.LineTo(c.x+w, c.y-r*1.35)
	dc.LineTo(c.x+w, c.y+r*0.9)
	dc.ClosePath()
	outline(colArrow)
	// The machine: wings, tail plane and body.
	dc.DrawRoundedRectangle(c.x-r*1.05, c.y-r*0.45, r*2.1, r*0.45, r*0.14)
	outline(colPlane)
	dc.DrawRoundedRectangle(c.x-r*0.45, c.y+r*0.5, r*0.9, r*0.28, r*0.1)
	outline(colPlane)
	dc.DrawRoundedRectangle(c.x-r*0.16, c.y-r*0.85, r*0.32, r*1.7, r*0.14)
	outline(colPlane)
	dc.Pop()
}

// drawCropCircle draws a crop circle of type m (CropFork, CropClub or
// CropShield in m) centred on c (pixels), about r pixels in radius: a ring
// and a disc of flattened grain, and in the disc the sign of its type, bold
// and dark: a pitchfork (farmers), a club (thieves), a shield (knights).
func drawCropCircle(dc *gg.Context, m engine.Marker, c pt, r float64) {
	dc.SetColor(colOutlineDk)
	dc.SetLineWidth(math.Max(2.5, r*0.42))
	dc.DrawCircle(c.x, c.y, r*1.0)
	dc.Stroke()
	dc.SetColor(colCrop)
	dc.SetLineWidth(math.Max(1.5, r*0.24))
	dc.DrawCircle(c.x, c.y, r*1.0)
	dc.Stroke()
	dc.DrawCircle(c.x, c.y, r*0.7)
	dc.SetColor(colOutlineDk)
	dc.SetLineWidth(math.Max(1, r*0.1))
	dc.StrokePreserve()
	dc.SetColor(colCrop)
	dc.Fill()
	dc.SetColor(colOutlineDk)
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	k := r * 0.48
	switch {
	case m&engine.CropFork != 0: // a pitchfork: a handle and three prongs
		dc.SetLineWidth(math.Max(1.2, r*0.15))
		dc.DrawLine(c.x, c.y+k*1.05, c.x, c.y-k*0.2)
		dc.DrawLine(c.x-k*0.6, c.y-k*0.2, c.x+k*0.6, c.y-k*0.2)
		for _, x := range [...]float64{-0.6, 0, 0.6} {
			dc.DrawLine(c.x+x*k, c.y-k*0.2, c.x+x*k, c.y-k*1.0)
		}
		dc.Stroke()
	case m&engine.CropClub != 0: // a club: a handle and a thick head
		dc.SetLineWidth(math.Max(1.5, r*0.2))
		dc.DrawLine(c.x-k*0.65, c.y+k*0.9, c.x+k*0.1, c.y-k*0.15)
		dc.Stroke()
		dc.Push()
		dc.RotateAbout(math.Pi/4, c.x+k*0.3, c.y-k*0.45)
		dc.DrawEllipse(c.x+k*0.3, c.y-k*0.45, k*0.42, k*0.62)
		dc.Fill()
		dc.Pop()
	case m&engine.CropShield != 0: // a shield
		dc.MoveTo(c.x-k*0.8, c.y-k*0.85)
		dc.LineTo(c.x+k*0.8, c.y-k*0.85)
		dc.LineTo(c.x+k*0.8, c.y+k*0.05)
		dc.QuadraticTo(c.x+k*0.7, c.y+k*0.7, c.x, c.y+k*1.05)
		dc.QuadraticTo(c.x-k*0.7, c.y+k*0.7, c.x-k*0.8, c.y+k*0.05)
		dc.ClosePath()
		dc.Fill()
	}
}

// traceIngot adds to dc's path a gold ingot seen from the side, centred on
// (x, y), w pixels wide at its foot and 0.55 w tall: a trapezoid.
func traceIngot(dc *gg.Context, x, y, w float64) {
	h := w * 0.55
	dc.MoveTo(x-w/2, y+h/2)
	dc.LineTo(x-w*0.32, y-h/2)
	dc.LineTo(x+w*0.32, y-h/2)
	dc.LineTo(x+w/2, y+h/2)
	dc.ClosePath()
}

// drawIngot draws a gold ingot centred on (x, y), w pixels wide, edged in
// dark gold, with a light top.
func drawIngot(dc *gg.Context, x, y, w, line float64) {
	traceIngot(dc, x, y, w)
	dc.SetColor(colOutlineDk)
	dc.SetLineWidth(2 * line)
	dc.StrokePreserve()
	dc.SetColor(colGold)
	dc.Fill()
	dc.SetColor(colGoldDark)
	dc.SetLineWidth(math.Max(1, line*0.8))
	h := w * 0.55
	dc.DrawLine(x-w*0.28, y-h*0.18, x+w*0.28, y-h*0.18)
	dc.Stroke()
}

// ingotStack are the places of the ingots of a stack of one, two or three
// and more, in widths of an ingot from the stack's centre.
var ingotStack = [...][]pt{
	{{0, 0}},
	{{-0.36, 0.17}, {0.36, 0.17}},
	{{-0.52, 0.3}, {0.52, 0.3}, {0, -0.27}},
}

// drawIngotsSprite draws the n gold ingots lying on a tile (The Gold
// Mines), about w pixels wide: a stack of up to three ingots and, in a
// dark disc at its upper right, their number, written with face. The
// image is just large enough; its centre is the stack's centre.
func drawIngotsSprite(face font.Face, w, n int) *image.RGBA {
	wf := float64(w)
	iw := wf * 0.52 // an ingot's width
	line := math.Max(1, wf*0.035)
	pad := int(math.Ceil(2*line)) + 1
	rad := math.Max(6, wf*0.25) // the number's disc
	size := w + 2*pad
	dc := gg.NewContext(size, size)
	dc.SetLineJoinRound()
	c := float64(size) / 2
	stack := ingotStack[min(max(n, 1), 3)-1]
	for _, p := range stack {
		drawIngot(dc, c+p.x*iw, c+p.y*iw+wf*0.08, iw, line)
	}
	bx, by := float64(size)-float64(pad)-rad, float64(pad)+rad
	dc.DrawCircle(bx, by, rad)
	dc.SetColor(colWhite)
	dc.SetLineWidth(math.Max(1, line))
	dc.StrokePreserve()
	dc.SetColor(colOutlineDk)
	dc.Fill()
	img := dc.Image().(*image.RGBA)
	if face != nil {
		label := strconv.Itoa(n)
		x, y := textOrigin(face, int(math.Round(bx)), int(math.Round(by)), alignCentre, label)
		drawText(img, face, colWhite, x, y, label)
	}
	return img
}

// ingotsWidth returns how wide the ingots lying on a tile of size t are
// drawn, in pixels.
func ingotsWidth(t int) int { return max(18, t*42/100) }

// ingotsSprite returns the sprite of n ingots lying on a tile, w pixels
// wide.
func (r *Renderer) ingotsSprite(k *kit, w, n int) *image.RGBA {
	return r.cache.sprite(spriteKey{kind: spriteIngots, size: w, player: n}, func() *image.RGBA {
		return drawIngotsSprite(k.face(true, max(8, w*34/100)), w, n)
	})
}

// ingotCorners are where on a tile (unit coordinates, board orientation)
// its ingots may lie: its corners, the first that is farthest from the
// figures and symbols on it.
var ingotCorners = [...]pt{{0.22, 0.78}, {0.78, 0.78}, {0.22, 0.22}, {0.78, 0.22}}

// ingotsSpot returns where the ingots on placed tile t lie, in unit
// coordinates of the tile in board orientation: the corner of ingotCorners
// farthest from the followers standing on it, from its symbols and from
// the places avoid.
func (r *Renderer) ingotsSpot(sc *scene, t engine.PlacedTile, avoid []pt) pt {
	busy := slices.Clone(avoid)
	for _, f := range sc.followers {
		if f.Cell == t.Cell {
			p, _ := r.followerPoint(sc, t, f.Feature, f.Port)
			busy = append(busy, p)
		}
	}
	for _, s := range r.cache.geom(sc.ts, t.Tile).symbols {
		busy = append(busy, rotatePt(s.c, int(t.Rotation&3)))
	}
	best, bd := ingotCorners[0], -1.0
	for _, c := range ingotCorners {
		d := 1.0
		for _, b := range busy {
			d = math.Min(d, c.dist(b))
		}
		if d > bd+1e-9 {
			best, bd = c, d
		}
	}
	return best
}

// tileOn returns the tile on cell c of sc: focus (a preview's tile) when
// it is not nil and lies there, else the tile placed there; false when
// there is none.
func (sc *scene) tileOn(c engine.Cell, focus *engine.PlacedTile) (engine.PlacedTile, bool) {
	if focus != nil && focus.Cell == c && sc.validTile(*focus) {
		return *focus, true
	}
	i, ok := sc.at[c]
	if !ok {
		return engine.PlacedTile{}, false
	}
	return sc.tiles[i], true
}

// drawIngots draws the gold ingots lying on the tiles of sc in window w
// (The Gold Mines, Game.Ingots), each tile's as a small stack with their
// number, in a corner of the tile clear of its followers (and on a
// preview's tile, st.focus, clear of the labels of its spots).
func (r *Renderer) drawIngots(dst canvas, k *kit, sc *scene, w window, st boardStyle) {
	for _, in := range sc.ingots {
		if sp, x, y, ok := r.ingotsOn(k, sc, w, st, in); ok {
			blit(dst, sp, x, y)
		}
	}
}

// ingotsOn returns the sprite of the ingots in on a tile of window w of
// scene sc, drawn in style st, and the pixel where its centre goes; false
// when there are none or the tile is not in w.
func (r *Renderer) ingotsOn(k *kit, sc *scene, w window, st boardStyle, in engine.Ingots) (*image.RGBA, int, int, bool) {
	t, ok := sc.tileOn(in.Cell, st.focus)
	if !ok || !w.contains(in.Cell) || in.N <= 0 {
		return nil, 0, 0, false
	}
	var avoid []pt
	if st.focus != nil && st.focus.Cell == in.Cell && len(st.spots) > 0 {
		avoid = r.spotPoints(sc, t, st.spots, float64(spotRadius(w.tile))/float64(w.tile))
	}
	p := r.ingotsSpot(sc, t, avoid)
	cr := w.cellRect(in.Cell)
	sp := r.ingotsSprite(k, ingotsWidth(w.tile), in.N)
	x := cr.Min.X + int(math.Round(p.x*float64(w.tile)))
	y := cr.Min.Y + int(math.Round(p.y*float64(w.tile)))
	x, y = keepOnTile(cr, sp.Bounds().Size(), x, y)
	return sp, x, y, true
}

// ingotIcon returns one gold ingot, w pixels wide, for the scoreboard.
func (r *Renderer) ingotIcon(w int) *image.RGBA {
	return r.cache.sprite(spriteKey{kind: spriteIngots, size: w, player: -1}, func() *image.RGBA {
		n := w + 4
		dc := gg.NewContext(n, n)
		drawIngot(dc, float64(n)/2, float64(n)/2, float64(w), math.Max(1, float64(w)*0.06))
		return dc.Image().(*image.RGBA)
	})
}

// drawGoldLine draws player p's line of The Gold Mines in the scoreboard,
// centred on y from x0 to x1 at scale u: an ingot and the number of ingots
// p holds, then what they will score at the end ("+6 at end",
// engine.GoldPoints), dim.
func (r *Renderer) drawGoldLine(dst canvas, k *kit, sc *scene, p, x0, x1, y int, u float64) {
	d := func(v float64) int { return dpx(v, u) }
	n := sc.g.Gold(p)
	iw := d(goodsIconD + 1)
	blit(dst, r.ingotIcon(iw), x0+iw/2, y)
	cf := k.face(true, d(12))
	col := colText
	if n == 0 {
		col = colTextDim
	}
	label := "×" + strconv.Itoa(n)
	x := x0 + iw + d(3)
	drawTextAt(dst, cf, col, x, y, alignLeft, label)
	if n > 0 {
		sf := k.face(false, d(11))
		bonus := fitText(sf, sc.t("render.panel.gold_bonus", map[string]any{"Points": engine.GoldPoints(n)}), x1-(x+textWidth(cf, label)+d(6)))
		drawTextAt(dst, sf, colTextDim, x+textWidth(cf, label)+d(6), y, alignLeft, bonus)
	}
}

// ferryLink is a ferry on the lake of a tile of The Ferries: the tile's
// cell and the two road ends it joins, as the ports of the sides where
// those roads leave the tile (engine.N, engine.E, engine.S or engine.W,
// board orientation).
type ferryLink struct {
	Cell  engine.Cell
	Ports [2]engine.Port
}

// lakeRadii returns the radii (unit) across and down of the lake of a
// tile of The Ferries turned by rot, in board orientation: the lake is
// drawn wider than tall on the tile in canonical orientation
// (drawRiverEnd) and turns with it.
func lakeRadii(rot engine.Rotation) (rx, ry float64) {
	if rot&1 == 1 {
		return 0.2, 0.27
	}
	return 0.27, 0.2
}

// lakeShore returns where the road leaving by port p (board orientation)
// meets the lake of a tile turned by rot, in unit coordinates, and the
// unit direction from there into the lake.
func lakeShore(p engine.Port, rot engine.Rotation) (pt, pt) {
	rx, ry := lakeRadii(rot)
	e := posOf(p)
	d := e.sub(pt{0.5, 0.5})
	l := math.Hypot(d.x, d.y)
	if l < 1e-9 {
		return pt{0.5, 0.5}, pt{0, 0}
	}
	d = d.mul(1 / l)
	// The ellipse point in direction d.
	k := 1 / math.Sqrt(d.x*d.x/(rx*rx)+d.y*d.y/(ry*ry))
	return pt{0.5, 0.5}.add(d.mul(k)), d.mul(-1)
}

// drawFerrySprite draws a ferry on a lake tile t pixels wide turned by rot
// joining the road ends of ports a and b (board orientation): the route
// across the lake as a narrow pale road from one landing stage to the
// other, through the lake's middle, and the ferry, a wooden boat with
// pointed ends, halfway along it, lying along the route. It returns a
// t × t picture to lay over the tile.
func drawFerrySprite(t int, rot engine.Rotation, a, b engine.Port) *image.RGBA {
	s := float64(t)
	dc := gg.NewContext(t, t)
	pa, da := lakeShore(a, rot)
	pb, db := lakeShore(b, rot)
	// The route: a quadratic curve whose control point makes it leave each
	// landing stage straight into the lake.
	ctrl := pt{0.5, 0.5}
	if math.Abs(da.x*db.y-da.y*db.x) > 1e-6 {
		// Not opposite: where the two straight lines meet, pulled to the middle.
		if c, ok := crossing([]pt{pa, pa.add(da.mul(1))}, []pt{pb, pb.add(db.mul(1))}); ok {
			ctrl = lerp(c, pt{0.5, 0.5}, 0.3)
		}
	}
	route := func() {
		dc.MoveTo(pa.x*s, pa.y*s)
		dc.QuadraticTo(ctrl.x*s, ctrl.y*s, pb.x*s, pb.y*s)
	}
	dc.SetLineCapRound()
	lw := math.Max(2, s*0.05)
	// The landing stages: short piers of road colour into the lake.
	for _, e := range [...][2]pt{{pa, da}, {pb, db}} {
		q := e[0].add(e[1].mul(0.06))
		dc.SetColor(colRoadEdge)
		dc.SetLineWidth(2*roadHalf*s + 2)
		dc.DrawLine(e[0].x*s, e[0].y*s, q.x*s, q.y*s)
		dc.Stroke()
		dc.SetColor(colRoad)
		dc.SetLineWidth(2 * roadHalf * s)
		dc.DrawLine(e[0].x*s, e[0].y*s, q.x*s, q.y*s)
		dc.Stroke()
	}
	route()
	dc.SetColor(colRoadEdge)
	dc.SetLineWidth(lw + math.Max(2, s*0.025))
	dc.Stroke()
	route()
	dc.SetColor(colRoad)
	dc.SetLineWidth(lw)
	dc.Stroke()
	// The boat halfway: the curve's midpoint and tangent.
	mid := lerp(lerp(pa, ctrl, 0.5), lerp(ctrl, pb, 0.5), 0.5)
	tan := pb.sub(pa)
	ang := math.Atan2(tan.y, tan.x)
	L, W := 0.3*s, 0.13*s
	dc.Push()
	dc.RotateAbout(ang, mid.x*s, mid.y*s)
	x, y := mid.x*s, mid.y*s
	// The hull, pointed at both ends (a ferry goes both ways).
	dc.MoveTo(x-L/2, y)
	dc.QuadraticTo(x-L*0.32, y-W/2, x-L*0.18, y-W/2)
	dc.LineTo(x+L*0.18, y-W/2)
	dc.QuadraticTo(x+L*0.32, y-W/2, x+L/2, y)
	dc.QuadraticTo(x+L*0.32, y+W/2, x+L*0.18, y+W/2)
	dc.LineTo(x-L*0.18, y+W/2)
	dc.QuadraticTo(x-L*0.32, y+W/2, x-L/2, y)
	dc.ClosePath()
	dc.SetColor(colOutlineDk)
	dc.SetLineWidth(math.Max(2, s*0.03))
	dc.SetLineJoinRound()
	dc.StrokePreserve()
	dc.SetColor(colFerry)
	dc.Fill()
	// The deck, and its planks across.
	dc.DrawRectangle(x-L*0.22, y-W*0.27, L*0.44, W*0.54)
	dc.SetColor(colFerryDeck)
	dc.Fill()
	dc.SetColor(colFerry)
	dc.SetLineWidth(math.Max(1, s*0.012))
	for _, k := range [...]float64{-0.11, 0, 0.11} {
		dc.DrawLine(x+k*L, y-W*0.27, x+k*L, y+W*0.27)
	}
	dc.Stroke()
	dc.Pop()
	return dc.Image().(*image.RGBA)
}

// drawFerries draws the ferries of sc in window w, each on the lake of its
// tile; focus is a preview's tile, or nil.
func (r *Renderer) drawFerries(dst canvas, sc *scene, w window, focus *engine.PlacedTile) {
	for _, f := range sc.ferries {
		t, ok := sc.tileOn(f.Cell, focus)
		if !ok || !w.contains(f.Cell) || !roadEnd(f.Ports[0]) || !roadEnd(f.Ports[1]) || f.Ports[0] == f.Ports[1] {
			continue
		}
		cr := w.cellRect(f.Cell)
		dst.over(cr.Min, drawFerrySprite(w.tile, t.Rotation, f.Ports[0], f.Ports[1]))
	}
}

// roadEnd reports whether p is the middle port of a side, where a road
// leaves a tile.
func roadEnd(p engine.Port) bool {
	return p == engine.N || p == engine.E || p == engine.S || p == engine.W
}

// neutralFigure is where the mage or the witch stands (Mage & Witch): on
// the road or city of the tile on Cell that Port names (board
// orientation), when On.
type neutralFigure struct {
	On   bool
	Cell engine.Cell
	Port engine.Port
}

// The mage, a robed figure in a tall hat holding a staff, and the witch, in
// a hat with a bent tip and riding a broom, in unit coordinates of a
// square box.
var (
	mageRobe  = unitPoly{{0.38, 0.40}, {0.62, 0.40}, {0.78, 0.97}, {0.22, 0.97}}
	mageHead  = ellipsePoly(pt{0.5, 0.35}, 0.1, 0.1, 20)
	mageHat   = unitPoly{{0.26, 0.31}, {0.74, 0.31}, {0.58, 0.24}, {0.5, 0.0}, {0.42, 0.24}}
	mageStaff = unitPoly{{0.80, 0.12}, {0.86, 0.12}, {0.86, 0.97}, {0.80, 0.97}}
	mageOrb   = ellipsePoly(pt{0.83, 0.12}, 0.08, 0.08, 16)

	witchDress = unitPoly{{0.40, 0.42}, {0.60, 0.42}, {0.74, 0.86}, {0.26, 0.86}}
	witchHead  = ellipsePoly(pt{0.5, 0.36}, 0.1, 0.1, 20)
	witchHat   = unitPoly{{0.22, 0.31}, {0.78, 0.31}, {0.62, 0.25}, {0.56, 0.08}, {0.76, 0.02}, {0.48, 0.05}, {0.40, 0.25}}
	witchBroom = unitPoly{{0.02, 0.80}, {0.70, 0.70}, {0.71, 0.74}, {0.03, 0.84}}
	witchBrush = unitPoly{{0.66, 0.72}, {0.98, 0.60}, {0.98, 0.94}, {0.68, 0.78}}
)

// drawMageSprite draws the mage h pixels tall, outlined as the figures are,
// in his own shape and colours (a purple robe and hat with yellow stars, a
// staff with a yellow orb), never a player's. The image is just large
// enough; its centre is the mage's centre.
func drawMageSprite(h int) *image.RGBA {
	pad := figurePad(h)
	n := h + 2*pad
	dc := gg.NewContext(n, n)
	dc.SetFillRuleWinding()
	hf := float64(h)
	at := func(p pt) (float64, float64) { return float64(pad) + p.x*hf, float64(pad) + p.y*hf }
	all := []unitPoly{mageRobe, mageHead, mageHat, mageStaff, mageOrb}
	figureSilhouette(dc, func() { traceUnion(dc, all, at) }, h, colMage)
	traceUnion(dc, []unitPoly{mageHead}, at)
	dc.SetColor(colShieldMark)
	dc.Fill()
	traceUnion(dc, []unitPoly{mageStaff}, at)
	dc.SetColor(colBroom)
	dc.Fill()
	traceUnion(dc, []unitPoly{mageOrb}, at)
	dc.SetColor(colMageStar)
	dc.Fill()
	for _, s := range [...]pt{{0.5, 0.2}, {0.45, 0.66}, {0.58, 0.82}} {
		x, y := at(s)
		dc.DrawCircle(x, y, math.Max(1, hf*0.035))
	}
	dc.SetColor(colMageStar)
	dc.Fill()
	return dc.Image().(*image.RGBA)
}

// drawWitchSprite draws the witch h pixels tall, outlined as the figures
// are, in her own shape and colours (a black dress and a hat with a bent
// tip, a green face, a brown broom), never a player's. The image is just
// large enough; its centre is the witch's centre.
func drawWitchSprite(h int) *image.RGBA {
	pad := figurePad(h)
	n := h + 2*pad
	dc := gg.NewContext(n, n)
	dc.SetFillRuleWinding()
	hf := float64(h)
	at := func(p pt) (float64, float64) { return float64(pad) + p.x*hf, float64(pad) + p.y*hf }
	all := []unitPoly{witchDress, witchHead, witchHat, witchBroom, witchBrush}
	figureSilhouette(dc, func() { traceUnion(dc, all, at) }, h, colWitch)
	traceUnion(dc, []unitPoly{witchHead}, at)
	dc.SetColor(colWitchSkin)
	dc.Fill()
	traceUnion(dc, []unitPoly{witchBroom, witchBrush}, at)
	dc.SetColor(colBroom)
	dc.Fill()
	// The hat's band.
	x0, y0 := at(pt{0.41, 0.245})
	x1, _ := at(pt{0.61, 0.245})
	dc.SetColor(colWitchSkin)
	dc.SetLineWidth(math.Max(1, hf*0.035))
	dc.DrawLine(x0, y0, x1, y0)
	dc.Stroke()
	return dc.Image().(*image.RGBA)
}

// mageFigure and witchFigure return the sprites of the mage and the
// witch, h pixels tall.
func (r *Renderer) mageFigure(h int) *image.RGBA {
	return r.cache.sprite(spriteKey{kind: spriteMage, size: h}, func() *image.RGBA { return drawMageSprite(h) })
}

func (r *Renderer) witchFigure(h int) *image.RGBA {
	return r.cache.sprite(spriteKey{kind: spriteWitch, size: h}, func() *image.RGBA { return drawWitchSprite(h) })
}

// neutralHeight returns the height of the mage and the witch on tiles of
// size t, in pixels: a little taller than a follower's on a crowded tile.
func neutralHeight(t int) int { return max(16, t*44/100) }

// neutralPoint returns where the mage or the witch standing at nf is
// drawn on its placed tile t, in unit coordinates of the tile (board
// orientation): beside the place of a follower on the feature that
// nf.Port names, to the east (or to the west near the east side), so that
// both show.
func (r *Renderer) neutralPoint(sc *scene, t engine.PlacedTile, nf neutralFigure) pt {
	f, ok := sc.ts.FeatureAt(t.Tile, t.Rotation, nf.Port)
	if !ok {
		return pt{0.5, 0.5}
	}
	p, _ := r.followerPoint(sc, t, f, nf.Port)
	if p.x+0.25 <= 0.84 {
		p.x += 0.25
	} else {
		p.x -= 0.25
	}
	return p
}

// drawNeutralFigures draws the mage and the witch of sc in window w, each
// beside the place of a follower on its feature, also on focus, a
// preview's tile (nil for none).
func (r *Renderer) drawNeutralFigures(dst canvas, sc *scene, w window, focus *engine.PlacedTile) {
	for _, witch := range []bool{false, true} {
		if sp, x, y, ok := r.neutralSprite(sc, w, focus, witch); ok {
			blit(dst, sp, x, y)
		}
	}
}

// neutralSprite returns the sprite of the mage (the witch when witch is
// set) in window w of scene sc, on a tile of the board or on focus (a
// preview's tile, nil for none), and the pixel where its centre goes;
// false when it is not on the board or not in w.
func (r *Renderer) neutralSprite(sc *scene, w window, focus *engine.PlacedTile, witch bool) (*image.RGBA, int, int, bool) {
	nf := sc.mage
	if witch {
		nf = sc.witch
	}
	t, ok := sc.tileOn(nf.Cell, focus)
	if !nf.On || !ok || !w.contains(nf.Cell) {
		return nil, 0, 0, false
	}
	p := r.neutralPoint(sc, t, nf)
	h := neutralHeight(w.tile)
	sp := r.mageFigure(h)
	if witch {
		sp = r.witchFigure(h)
	}
	cr := w.cellRect(nf.Cell)
	x := cr.Min.X + int(math.Round(p.x*float64(w.tile)))
	y := cr.Min.Y + int(math.Round(p.y*float64(w.tile))) - h/8
	x, y = keepOnTile(cr, sp.Bounds().Size(), x, y)
	return sp, x, y, true
}

// PreviewMove returns the picture of PreviewFigure for the tile drawn
// placed as move m (m.Cell, m.Rotation) with figure m.Figure on port
// m.Follower (engine.NoPort: none), or with The Princess & the Dragon its
// figure step elsewhere: the figure through the magic portal on port
// m.Follower of the tile on m.PortalCell, the fairy on m.FairyCell, the
// knight m.Princess sends home gone; and besides what m chooses of the mini
// expansions: the ferry m.Ferry on the lake of the tile placed and the
// ferries m.FerryMoves moves, each on its lake joining its new road ends
// (The Ferries); with m.Gold, an ingot more on the tile placed and one
// more on m.GoldCell, counted with those already there (The Gold Mines);
// with m.Magic, the mage or the witch on m.MagicAt, or off the board for
// the zero Target (Mage & Witch). What m does away from the tile placed
// (the second ingot, the mage or the witch moved, the figure through the
// portal, the fairy, the knight sent home, a ferry moved) is ringed on the
// board and said in a line above the tile's spots (moved.go). The picture
// is as wide as Preview's; when the mage or witch, a ferry moved or the
// second ingot lies beyond the 5 × 5 cells around the tile placed, it
// shows more cells, smaller.
// m.Tile must be the tile drawn or engine.NoTile. It returns
// PreviewFigure's errors, and an error wrapping engine.ErrFerry for a
// ferry that does not join two road ends of the lake of the tile placed
// or a ferry moved that the tile does not reach (g.MovableFerries) or to
// road ends its lake does not have, engine.ErrNoGold for m.Gold with a
// tile without a gold mine or a GoldCell that is not next to it
// (g.GoldCells), and engine.ErrUnknownTile for another tile than the one
// drawn.
func (r *Renderer) PreviewMove(g *engine.Game, m engine.Move) (*image.RGBA, error) {
	follower, fig := tileFigure(m)
	cv, err := r.preview(g, engine.Placement{Cell: m.Cell, Rotation: m.Rotation}, follower, fig, &m, nil, r.newRGBA)
	if err != nil {
		return nil, err
	}
	return cv.(rgbaCanvas).img, nil
}

// PreviewMovePNG writes the picture of PreviewMove to w as a PNG. It
// returns PreviewMove's errors and the writer's.
func (r *Renderer) PreviewMovePNG(w io.Writer, g *engine.Game, m engine.Move) error {
	return r.previewMovePNG(w, g, m, nil)
}

// previewMovePNG writes PreviewMove's picture of move m to w as a PNG, with
// marks in place of the tile's spots when marks is not nil
// (PreviewMarksPNG).
func (r *Renderer) previewMovePNG(w io.Writer, g *engine.Game, m engine.Move, marks []Mark) error {
	follower, fig := tileFigure(m)
	cv, err := r.preview(g, engine.Placement{Cell: m.Cell, Rotation: m.Rotation}, follower, fig, &m, marks, r.newPaletted)
	if err != nil {
		return err
	}
	img := cv.(palCanvas).img
	defer r.canvases.put(img)
	return r.encodePaletted(w, img)
}

// tileFigure is the figure move m deploys on the tile it places: none when
// its figure step goes elsewhere (through the magic portal, the fairy, the
// princess).
func tileFigure(m engine.Move) (engine.Port, engine.Figure) {
	if m.Portal || m.Fairy || m.Princess != (engine.Target{}) {
		return engine.NoPort, engine.FigureFollower
	}
	return m.Follower, m.Figure
}

// previewFigureStep adds to scene sc of game g what the figure step of
// move m does away from the tile it places (The Princess & the Dragon),
// for PreviewMove: the figure through the magic portal on its feature of
// the tile m.PortalCell, the fairy beside the follower on m.FairyCell, the
// knight the princess sends home gone. It returns an error wrapping
// engine.ErrPortal, ErrFairy or ErrPrincess when the placement does not
// offer that.
func previewFigureStep(g *engine.Game, sc *scene, m engine.Move) error {
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	cur := g.Current()
	feature := func(c engine.Cell, port engine.Port) (int, engine.FeatureKind, bool) {
		pt, ok := g.TileAt(c)
		if !ok {
			return 0, 0, false
		}
		fi, ok := sc.ts.FeatureAt(pt.Tile, pt.Rotation, port)
		if !ok {
			return 0, 0, false
		}
		return fi, sc.ts.Tile(pt.Tile).Features[fi].Kind, true
	}
	switch {
	case m.Portal:
		fi, kind, ok := feature(m.PortalCell, m.Follower)
		if !ok || !slices.ContainsFunc(g.PortalSpots(p), func(s engine.Target) bool {
			f, _, ok := feature(s.Cell, s.Port)
			return ok && s.Cell == m.PortalCell && f == fi
		}) {
			return fmt.Errorf("render: %w: no figure goes through the portal to (%s) %s", engine.ErrPortal, m.PortalCell, m.Follower)
		}
		sc.followers = append(slices.Clone(sc.followers), engine.Follower{Player: cur, Cell: m.PortalCell, Port: m.Follower, Kind: kind, Feature: fi, Figure: m.Figure})
	case m.Fairy:
		if !slices.Contains(g.FairyCells(), m.FairyCell) {
			return fmt.Errorf("render: %w: the fairy cannot go to (%s)", engine.ErrFairy, m.FairyCell)
		}
		sc.pd.fairy, sc.pd.fairyOwner, sc.pd.fairyOn = m.FairyCell, cur, true
	case m.Princess != (engine.Target{}):
		fi, _, ok := feature(m.Princess.Cell, m.Princess.Port)
		k := slices.IndexFunc(sc.followers, func(f engine.Follower) bool {
			return f.Cell == m.Princess.Cell && f.Feature == fi && f.Figure <= engine.FigureLarge
		})
		if !ok || k < 0 || !slices.Contains(g.Princesses(p), m.Princess) {
			return fmt.Errorf("render: %w: the princess cannot send the knight at (%s) home", engine.ErrPrincess, m.Princess.Cell)
		}
		sc.followers = slices.Delete(slices.Clone(sc.followers), k, k+1)
	}
	return nil
}

// previewMinis adds to scene sc of game g what move m of tile t (the tile
// drawn) chooses of the mini expansions, for PreviewMove: its ferry, the
// ferries it moves and its gold ingots, and what its figure step does
// away from the tile (previewFigureStep). It returns PreviewMove's errors.
func previewMinis(g *engine.Game, sc *scene, t engine.TileID, m engine.Move) error {
	if err := previewFigureStep(g, sc, m); err != nil {
		return err
	}
	if m.Tile != engine.NoTile && m.Tile != t {
		return fmt.Errorf("render: %w: the move places %s, the tile drawn is %s", engine.ErrUnknownTile, sc.ts.Name(m.Tile), sc.ts.Name(t))
	}
	m.Tile = t
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	if m.Ferry != 0 {
		if !slices.Contains(g.FerryLinks(t, m.Rotation), m.Ferry) {
			return fmt.Errorf("render: %w: the ferry %s does not join two road ends of this tile's lake", engine.ErrFerry, m.Ferry)
		}
		a, b := m.Ferry.Ports()
		sc.ferries = append(sc.ferries, ferryLink{Cell: m.Cell, Ports: [2]engine.Port{a, b}})
	}
	if !m.FerryMoves.Valid() {
		return fmt.Errorf("render: %w: the move moves more ferries than it may", engine.ErrFerry)
	}
	if m.FerryMoves.Len() > 0 {
		probe := m
		probe.FerryMoves = engine.FerryMoves{} // MovableFerries leaves out those moved
		movable := g.MovableFerries(probe)
		for _, fm := range m.FerryMoves.All() {
			pt, ok := g.TileAt(fm.Cell)
			reach := slices.ContainsFunc(movable, func(f engine.Ferry) bool { return f.Cell == fm.Cell })
			if !ok || !reach || !slices.Contains(g.FerryLinks(pt.Tile, pt.Rotation), fm.Link) {
				return fmt.Errorf("render: %w: the tile cannot move the ferry at (%s) to %s", engine.ErrFerry, fm.Cell, fm.Link)
			}
			a, b := fm.Link.Ports()
			for i := range sc.ferries {
				if sc.ferries[i].Cell == fm.Cell {
					sc.ferries[i].Ports = [2]engine.Port{a, b}
				}
			}
		}
	}
	if m.Magic != engine.MagicNone {
		// The mage or the witch where the move puts it, or off the board.
		f := neutralFigure{On: m.MagicAt != (engine.Target{}), Cell: m.MagicAt.Cell, Port: m.MagicAt.Port}
		if m.Magic == engine.MagicMage {
			sc.mage = f
		} else {
			sc.witch = f
		}
	}
	if m.Gold {
		if sc.ts.Tile(t).Markers&engine.GoldMine == 0 || !slices.Contains(g.GoldCells(p), m.GoldCell) {
			return fmt.Errorf("render: %w: the second ingot cannot go on (%s)", engine.ErrNoGold, m.GoldCell)
		}
		sc.ingots = slices.Clone(sc.ingots)
		for _, c := range []engine.Cell{m.Cell, m.GoldCell} {
			i := slices.IndexFunc(sc.ingots, func(in engine.Ingots) bool { return in.Cell == c })
			if i < 0 {
				sc.ingots = append(sc.ingots, engine.Ingots{Cell: c})
				i = len(sc.ingots) - 1
			}
			sc.ingots[i].N++
		}
	}
	return nil
}

// flight is the flight of the figure of the last move played (The Flying
// Machines), when on: from the machine's tile to the tile the die sent it
// to, roll tiles away; landed is false when it went back to the supply.
type flight struct {
	on       bool
	from, to engine.Cell
	roll     int
	landed   bool
}

// readFlight reads the flight of the last move of g, if it flew a figure
// and the game goes on.
func readFlight(g *engine.Game) flight {
	if g.Ended() {
		return flight{}
	}
	ms := g.Moves()
	if len(ms) == 0 {
		return flight{}
	}
	m := ms[len(ms)-1]
	if !m.Fly || m.Roll < 1 || m.Roll > 3 {
		return flight{}
	}
	to, ok := g.FlightCell(m.Tile, m.Cell, m.Rotation, int(m.Roll))
	if !ok {
		return flight{}
	}
	return flight{on: true, from: m.Cell, to: to, roll: int(m.Roll), landed: m.Land.Port != engine.NoPort}
}

// drawFlight draws the flight of the last move in window w, when both its
// ends are in w: a crimson line with an arrow from the machine's tile to
// the tile the die sent the figure to, the die showing the roll halfway
// along the line, and on that tile a ring where it
// landed, or a cross when it went back to the supply (on the edge of the
// cell when no tile lies there).
func (r *Renderer) drawFlight(dst canvas, sc *scene, w window) {
	fl := sc.flight
	if !fl.on || !w.contains(fl.from) || !w.contains(fl.to) {
		return
	}
	box := w.cellRect(fl.from).Union(w.cellRect(fl.to))
	t := float64(w.tile)
	dc := gg.NewContext(box.Dx(), box.Dy())
	centre := func(c engine.Cell) pt {
		cr := w.cellRect(c)
		return pt{float64(cr.Min.X-box.Min.X) + t/2, float64(cr.Min.Y-box.Min.Y) + t/2}
	}
	a, b := centre(fl.from), centre(fl.to)
	d := b.sub(a).mul(1 / math.Max(1e-9, b.dist(a)))
	n := pt{-d.y, d.x}
	if _, ok := sc.at[fl.to]; !ok {
		// No tile there: the cross goes on the edge of the empty cell, clear
		// of its number when the drawn tile fits there.
		b = b.sub(d.mul(t * 0.5))
	}
	end := b.sub(d.mul(t * 0.2))
	head := []pt{end.add(d.mul(t * 0.12)), end.sub(d.mul(t * 0.06)).add(n.mul(t * 0.1)), end.sub(d.mul(t * 0.06)).sub(n.mul(t * 0.1))}
	lw := math.Max(3, t*0.06)
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	for pass := range 2 {
		col, extra := colOutlineDk, 2*math.Max(1, t*0.018)
		if pass == 1 {
			col, extra = colArrow, 0
		}
		dc.SetColor(col)
		dc.SetLineWidth(lw + extra)
		dc.DrawLine(a.x, a.y, end.x, end.y)
		dc.Stroke()
		fillArrowHead(dc, head, pass == 0)
		// Where it came down: a ring, or a cross when it could not land.
		dc.SetLineWidth(lw*0.8 + extra)
		if fl.landed {
			dc.DrawCircle(b.x, b.y, t*0.2)
		} else {
			k := t * 0.16
			dc.DrawLine(b.x-k, b.y-k, b.x+k, b.y+k)
			dc.DrawLine(b.x+k, b.y-k, b.x-k, b.y+k)
		}
		dc.Stroke()
	}
	drawDie(dc, lerp(a, b, 0.5), math.Max(12, t*0.26), fl.roll)
	dst.over(box.Min, dc.Image().(*image.RGBA))
}

// drawDie draws the flying machines' die showing n (1 to 3) centred on c,
// side pixels wide: a white rounded square edged in dark with n dark pips.
func drawDie(dc *gg.Context, c pt, side float64, n int) {
	h := side / 2
	dc.DrawRoundedRectangle(c.x-h, c.y-h, side, side, side*0.18)
	dc.SetColor(colOutlineDk)
	dc.SetLineWidth(math.Max(1.5, side*0.08))
	dc.StrokePreserve()
	dc.SetColor(colWhite)
	dc.Fill()
	pips := map[int][]pt{1: {{0, 0}}, 2: {{-0.25, -0.25}, {0.25, 0.25}}, 3: {{-0.27, -0.27}, {0, 0}, {0.27, 0.27}}}[n]
	for _, p := range pips {
		dc.DrawCircle(c.x+p.x*side, c.y+p.y*side, side*0.1)
	}
	dc.SetColor(colOutlineDk)
	dc.Fill()
}
