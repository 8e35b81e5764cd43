package render

import (
	"errors"
	"image"
	"io"
	"math"
	"strconv"

	"github.com/fogleman/gg"
	"github.com/meeple-works/carcassonne/engine"
)

// This file draws The Princess & the Dragon (004_…, "The Princess & the
// Dragon") on the board: the dragon on its tile, the fairy beside its
// owner's follower, and the way the dragon went in the last move (the tiles
// it entered, numbered in order, joined by a trail with arrows). The
// symbols of the tiles (volcano, dragon, magic portal, princess) are drawn
// with the tiles (markers.go).

// The colours of the dragon, the fairy and the dragon's trail.
var (
	colDragonDark = rgb(0x5e1510) // the dragon's wings
	colFairy      = rgb(0x1f9e8f) // the fairy's dress
	colFairyWing  = rgb(0xb8ecf2) // the fairy's wings
	colTrail      = rgb(0xff9a1f) // the dragon's trail
)

// tileSymbolScale is how much larger than other symbols the symbols of a
// whole tile of The Princess & the Dragon are drawn (volcano, dragon, magic
// portal): there is one on each such tile, in a free place, and players
// look for them at a glance.
const tileSymbolScale = 1.3

// symbolScale returns the size of marker m's symbol relative to symbolR.
func symbolScale(m engine.Marker) float64 {
	if m&(engine.Volcano|engine.Dragon|engine.MagicPortal) != 0 {
		return tileSymbolScale
	}
	if m&(engine.FlyingMachine|engine.GoldMine|engine.Magic|engine.CropCircle) != 0 {
		return miniSymbolScale
	}
	return 1
}

// dragonScene is what The Princess & the Dragon shows on the board, read
// from the game once.
type dragonScene struct {
	on         bool // the expansion is in play
	dragon     engine.Cell
	dragonOn   bool // the dragon is on the board, on dragon
	fairy      engine.Cell
	fairyOwner int
	fairyOn    bool // the fairy is on the board, on fairy
	// path are the tiles the dragon entered in the last move played, in
	// order; nil when that move did not move the dragon (or it flew to a
	// volcano).
	path []engine.Cell
	// from is the tile the dragon started the move from, when known
	// (hasFrom): the trail then begins there.
	from    engine.Cell
	hasFrom bool
}

// readDragon reads The Princess & the Dragon from g.
func readDragon(g *engine.Game) dragonScene {
	ds := dragonScene{on: true}
	ds.dragon, ds.dragonOn = g.Dragon()
	ds.fairy, ds.fairyOwner, ds.fairyOn = g.Fairy()
	if ld := g.LastDragon(); ld.Turn > 0 && ld.Turn == g.Turn()-1 && !ld.Volcano {
		ds.path, ds.from, ds.hasFrom = ld.Path, ld.From, true
	}
	return ds
}

// unitPoly is a polygon in unit coordinates of a figure's box.
type unitPoly []pt

// ellipsePoly returns an ellipse centred on c with radii rx, ry as a
// polygon of n points.
func ellipsePoly(c pt, rx, ry float64, n int) unitPoly {
	out := make(unitPoly, n)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = pt{c.x + rx*math.Cos(a), c.y + ry*math.Sin(a)}
	}
	return out
}

// traceUnion adds polys to dc's path as subpaths all turning the same way,
// so that filled under the winding rule they make their union.
func traceUnion(dc *gg.Context, polys []unitPoly, at func(pt) (float64, float64)) {
	for _, p := range polys {
		area := 0.0
		for i := range p {
			q := p[(i+1)%len(p)]
			area += p[i].x*q.y - q.x*p[i].y
		}
		dc.NewSubPath()
		for i := range p {
			j := i
			if area < 0 {
				j = len(p) - 1 - i
			}
			x, y := at(p[j])
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.ClosePath()
	}
}

// The dragon, seen from the side and facing east, in unit coordinates of a
// square box: its wings, body, neck and head, tail and legs.
var (
	dragonWing = unitPoly{{0.30, 0.56}, {0.16, 0.10}, {0.34, 0.22}, {0.44, 0.04}, {0.54, 0.20}, {0.66, 0.10}, {0.62, 0.54}}
	dragonBody = ellipsePoly(pt{0.46, 0.62}, 0.25, 0.14, 24)
	dragonNeck = unitPoly{{0.58, 0.56}, {0.76, 0.30}, {0.86, 0.24}, {0.98, 0.30}, {0.97, 0.38}, {0.85, 0.40}, {0.72, 0.66}}
	dragonTail = unitPoly{{0.26, 0.58}, {0.10, 0.68}, {0.02, 0.60}, {0.04, 0.74}, {0.12, 0.78}, {0.28, 0.70}}
	dragonLegs = []unitPoly{
		{{0.32, 0.68}, {0.40, 0.68}, {0.40, 0.90}, {0.30, 0.90}},
		{{0.52, 0.68}, {0.60, 0.68}, {0.62, 0.90}, {0.52, 0.90}},
	}
)

// drawDragonSprite draws the dragon h pixels tall, outlined as the figures
// are, in its own shape and colours (red, with dark wings and a yellow
// eye), never a player's. The image is just large enough; its centre is
// the dragon's centre.
func drawDragonSprite(h int) *image.RGBA {
	pad := figurePad(h)
	n := h + 2*pad
	dc := gg.NewContext(n, n)
	dc.SetFillRuleWinding()
	hf := float64(h)
	at := func(p pt) (float64, float64) { return float64(pad) + p.x*hf, float64(pad) + p.y*hf }
	all := append([]unitPoly{dragonWing, dragonBody, dragonNeck, dragonTail}, dragonLegs...)
	figureSilhouette(dc, func() { traceUnion(dc, all, at) }, h, colDragon)
	// The wing's membrane, inside its outline, and its ribs.
	inner := make(unitPoly, len(dragonWing))
	c := pt{0.44, 0.34}
	for i, p := range dragonWing {
		inner[i] = lerp(p, c, 0.18)
	}
	traceUnion(dc, []unitPoly{inner}, at)
	dc.SetColor(colDragonDark)
	dc.Fill()
	dc.SetColor(colDragon)
	dc.SetLineWidth(math.Max(1, hf*0.025))
	for _, p := range []pt{{0.34, 0.22}, {0.44, 0.04}, {0.54, 0.20}} {
		x0, y0 := at(pt{0.46, 0.54})
		x1, y1 := at(lerp(p, pt{0.46, 0.54}, 0.2))
		dc.DrawLine(x0, y0, x1, y1)
		dc.Stroke()
	}
	// The eye and the nostril's flame-coloured breath.
	x, y := at(pt{0.87, 0.30})
	dc.SetColor(colSign)
	dc.DrawCircle(x, y, math.Max(1, hf*0.03))
	dc.Fill()
	return dc.Image().(*image.RGBA)
}

// The fairy, standing, in unit coordinates of a square box: two pairs of
// wings, a dress and a head.
var (
	fairyWings = []unitPoly{
		ellipsePoly(pt{0.26, 0.32}, 0.22, 0.15, 20),
		ellipsePoly(pt{0.74, 0.32}, 0.22, 0.15, 20),
		ellipsePoly(pt{0.30, 0.56}, 0.15, 0.10, 16),
		ellipsePoly(pt{0.70, 0.56}, 0.15, 0.10, 16),
	}
	fairyDress = unitPoly{{0.44, 0.30}, {0.56, 0.30}, {0.68, 0.96}, {0.32, 0.96}}
	fairyHead  = ellipsePoly(pt{0.5, 0.18}, 0.12, 0.12, 20)
)

// drawFairySprite draws the fairy h pixels tall, outlined as the figures
// are, with pale wings and a teal dress, never a player's colours. The
// image is just large enough; its centre is the fairy's centre.
func drawFairySprite(h int) *image.RGBA {
	pad := figurePad(h)
	n := h + 2*pad
	dc := gg.NewContext(n, n)
	dc.SetFillRuleWinding()
	hf := float64(h)
	at := func(p pt) (float64, float64) { return float64(pad) + p.x*hf, float64(pad) + p.y*hf }
	all := append(append([]unitPoly(nil), fairyWings...), fairyDress, fairyHead)
	figureSilhouette(dc, func() { traceUnion(dc, all, at) }, h, colFairyWing)
	traceUnion(dc, []unitPoly{fairyDress}, at)
	dc.SetColor(colFairy)
	dc.Fill()
	traceUnion(dc, []unitPoly{fairyHead}, at)
	dc.SetColor(colShieldMark)
	dc.Fill()
	// A white spark over the head: the fairy's magic.
	x, y := at(pt{0.5, 0.02})
	dc.SetColor(colWhite)
	dc.DrawCircle(x, y+hf*0.02, math.Max(1, hf*0.05))
	dc.Fill()
	return dc.Image().(*image.RGBA)
}

// dragonFigure returns the sprite of the dragon, h pixels tall.
func (r *Renderer) dragonFigure(h int) *image.RGBA {
	return r.cache.sprite(spriteKey{kind: spriteDragon, size: h}, func() *image.RGBA { return drawDragonSprite(h) })
}

// fairyFigure returns the sprite of the fairy, h pixels tall.
func (r *Renderer) fairyFigure(h int) *image.RGBA {
	return r.cache.sprite(spriteKey{kind: spriteFairy, size: h}, func() *image.RGBA { return drawFairySprite(h) })
}

// dragonHeight and fairyHeight return the heights of the dragon and the
// fairy on tiles of size t, in pixels: the dragon larger than a follower,
// the fairy smaller.
func dragonHeight(t int) int { return max(18, t*62/100) }
func fairyHeight(t int) int  { return max(12, t*36/100) }

// drawDragonTrail draws the way the dragon went in the last move in window
// w: a trail with an arrow through the centres of the tiles it entered, in
// order (from the tile it started from, when known, marked with a ring),
// and on each of them its step's number (1, 2, …) in a disc. The steps
// outside w are left out.
func (r *Renderer) drawDragonTrail(dst canvas, k *kit, sc *scene, w window) {
	path := sc.pd.path
	if len(path) == 0 {
		return
	}
	first := 0 // the index in path of the first tile entered
	if sc.pd.hasFrom {
		path = append([]engine.Cell{sc.pd.from}, path...)
		first = 1
	}
	// The box of the cells shown, as one overlay.
	var box image.Rectangle
	for _, c := range path {
		if w.contains(c) {
			box = box.Union(w.cellRect(c))
		}
	}
	if box.Empty() {
		return
	}
	t := float64(w.tile)
	dc := gg.NewContext(box.Dx(), box.Dy())
	centre := func(c engine.Cell) pt {
		cr := w.cellRect(c)
		return pt{float64(cr.Min.X-box.Min.X) + t/2, float64(cr.Min.Y-box.Min.Y) + t/2}
	}
	lw := math.Max(3, t*0.07)
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	for pass := range 2 {
		for i := 1; i < len(path); i++ {
			if !w.contains(path[i-1]) || !w.contains(path[i]) {
				continue
			}
			a, b := centre(path[i-1]), centre(path[i])
			// The arrow's head, halfway, pointing the way the dragon went.
			d := b.sub(a).mul(1 / math.Max(1e-9, b.dist(a)))
			n := pt{-d.y, d.x}
			m := lerp(a, b, 0.5).add(d.mul(t * 0.08))
			head := []pt{m, m.sub(d.mul(t * 0.16)).add(n.mul(t * 0.11)), m.sub(d.mul(t * 0.16)).sub(n.mul(t * 0.11))}
			if pass == 0 {
				dc.SetColor(colOutlineDk)
				dc.SetLineWidth(lw + 2*math.Max(1, t*0.02))
			} else {
				dc.SetColor(colTrail)
				dc.SetLineWidth(lw)
			}
			dc.DrawLine(a.x, a.y, b.x, b.y)
			dc.Stroke()
			fillArrowHead(dc, head, pass == 0)
		}
	}
	rad := math.Max(7, t*0.13)
	for i, c := range path {
		if !w.contains(c) {
			continue
		}
		p := centre(c)
		if i < first {
			// Where it started: a ring.
			dc.DrawCircle(p.x, p.y, rad*0.6)
			dc.SetColor(colOutlineDk)
			dc.SetLineWidth(math.Max(3, t*0.05))
			dc.StrokePreserve()
			dc.SetColor(colTrail)
			dc.SetLineWidth(math.Max(1.5, t*0.025))
			dc.Stroke()
			continue
		}
		dc.DrawCircle(p.x, p.y, rad)
		dc.SetColor(colOutlineDk)
		dc.SetLineWidth(math.Max(1.5, t*0.025))
		dc.StrokePreserve()
		dc.SetColor(colTrail)
		dc.Fill()
	}
	dst.over(box.Min, dc.Image().(*image.RGBA))
	f := k.face(true, max(8, int(rad*1.3)))
	for i, c := range path[first:] {
		if !w.contains(c) {
			continue
		}
		cr := w.cellRect(c)
		drawTextAt(dst, f, colOutlineDk, cr.Min.X+w.tile/2, cr.Min.Y+w.tile/2, alignCentre, strconv.Itoa(i+1))
	}
}

// drawDragonFigures draws the dragon on its tile and the fairy beside its
// owner's follower on the fairy's tile, in window w.
func (r *Renderer) drawDragonFigures(dst canvas, sc *scene, w window) {
	ds := &sc.pd
	if sp, x, y, ok := r.fairySprite(sc, w); ok {
		blit(dst, sp, x, y)
	}
	if ds.dragonOn && w.contains(ds.dragon) {
		if _, ok := sc.at[ds.dragon]; ok {
			cr := w.cellRect(ds.dragon)
			sp := r.dragonFigure(dragonHeight(w.tile))
			x, y := keepOnTile(cr, sp.Bounds().Size(), cr.Min.X+w.tile/2, cr.Min.Y+w.tile/2)
			blit(dst, sp, x, y)
		}
	}
}

// fairySprite returns the sprite of the fairy in window w of scene sc and
// the pixel where its centre goes, beside her owner's follower on her
// tile; false when she is not on the board or not in w.
func (r *Renderer) fairySprite(sc *scene, w window) (*image.RGBA, int, int, bool) {
	ds := &sc.pd
	i, ok := sc.at[ds.fairy]
	if !ds.fairyOn || !ok || !w.contains(ds.fairy) {
		return nil, 0, 0, false
	}
	cr := w.cellRect(ds.fairy)
	p := pt{0.5, 0.5}
	for _, f := range sc.followers {
		if f.Player == ds.fairyOwner && f.Cell == ds.fairy && f.Figure <= engine.FigureLarge {
			p, _ = r.followerPoint(sc, sc.tiles[i], f.Feature, f.Port)
			// Beside it, to the east, or to the west near the east side.
			if p.x+0.27 <= 0.82 {
				p.x += 0.27
			} else {
				p.x -= 0.27
			}
			break
		}
	}
	sp := r.fairyFigure(fairyHeight(w.tile))
	x := cr.Min.X + int(math.Round(p.x*float64(w.tile)))
	y := cr.Min.Y + int(math.Round(p.y*float64(w.tile)))
	x, y = keepOnTile(cr, sp.Bounds().Size(), x, y)
	return sp, x, y, true
}

// ErrNoDragon is returned by DragonPNG for a game whose dragon is not on
// the board: The Princess & the Dragon is not in play, or no volcano has
// been placed yet.
var ErrNoDragon = errors.New("render: the dragon is not on the board (no volcano has been placed yet)")

// dragonReach is the number of cells DragonPNG shows on each side of the
// dragon.
const dragonReach = 2

// DragonPNG writes to w a small picture of the dragon's surroundings for
// the message in which a player chooses the dragon's next step (The
// Princess & the Dragon, 004_…: "Beginning with the player, who just
// placed the dragon tile, and continuing clockwise"): the 5 × 5 cells
// around the dragon, the tile just placed and the dragon's steps so far
// (numbered on its trail), and on each tile it may enter next
// (g.Answers() while g.Pending().Step is engine.StepDragon) a yellow frame
// and an arrow from the dragon; above, who chooses which step. Outside a
// dragon's move it shows the dragon where it stands, with no arrows. It
// returns ErrNoDragon when the dragon is not on the board, and w's error.
func (r *Renderer) DragonPNG(w io.Writer, g *engine.Game) error {
	view, steps := g, []engine.Cell(nil)
	pending := g.Pending()
	if pending.Step == engine.StepDragon {
		if pv := g.Preview(); pv != nil {
			view = pv
		}
		for _, a := range g.Answers() {
			if a.Step == engine.StepDragon {
				steps = append(steps, a.Cell)
			}
		}
	}
	at, ok := view.Dragon()
	if !ok {
		return ErrNoDragon
	}
	k := r.kits.get()
	defer r.kits.put(k)
	sc := r.scene(view, false)
	if len(sc.pd.path) > 0 {
		// The dragon's move is not played yet in g: it starts where g's
		// dragon stands.
		sc.pd.from, sc.pd.hasFrom = g.Dragon()
		sc.pd.hasFrom = sc.pd.hasFrom && view != g
	}
	tsz := previewTile
	m := marginFor(tsz)
	n := 2*dragonReach + 1
	boardW := n*tsz + 2*m
	const captionH = previewCaptionH
	img := r.newPaletted(image.Rect(0, 0, boardW, captionH+n*tsz+2*m)).(palCanvas)
	defer r.canvases.put(img.img)
	img.fill(img.Bounds(), colTable)

	// The caption: who chooses the next step, or where the dragon is.
	const pad = 14
	img.fill(image.Rect(0, 0, boardW, captionH), colPanel)
	cf := k.face(true, 19)
	caption := sc.t("render.dragon.at", map[string]any{"X": at.X, "Y": at.Y})
	x := pad
	if pending.Step == engine.StepDragon {
		p := pending.Player
		name := ""
		if p >= 0 && p < len(sc.names) {
			name = sc.names[p]
		}
		blit(img, r.meeple(k, sc, p, 30, false), pad+12, captionH/2)
		x = pad + 32
		caption = sc.t("render.dragon.step", map[string]any{"Step": len(sc.pd.path) + 1, "Of": engine.MaxDragonSteps, "Player": name})
		if len(steps) == 0 {
			caption = sc.t("render.dragon.stuck", nil)
		}
		caption = fitText(cf, caption, boardW-x-pad)
	}
	drawTextAt(img, cf, colText, x, captionH/2, alignLeft, caption)

	win := window{
		lo:     engine.Cell{X: at.X - dragonReach, Y: at.Y - dragonReach},
		hi:     engine.Cell{X: at.X + dragonReach, Y: at.Y + dragonReach},
		tile:   tsz,
		origin: image.Pt(m, captionH+m),
		margin: m,
	}
	r.drawBoard(img, k, sc, win, boardStyle{coords: true, last: true})
	r.drawDragonSteps(img, win, at, steps)
	return r.encodePaletted(w, img.img)
}

// drawDragonSteps marks in window w each tile of steps the dragon, on
// from, may enter next: a yellow frame around it and a yellow arrow,
// outlined, across the side between the dragon's tile and it.
func (r *Renderer) drawDragonSteps(dst canvas, w window, from engine.Cell, steps []engine.Cell) {
	t := float64(w.tile)
	fw := max(3, w.tile/24)
	for _, c := range steps {
		if !w.contains(c) || !w.contains(from) {
			continue
		}
		cr := w.cellRect(c)
		frame(dst, cr.Inset(1), 1, colOutline)
		frame(dst, cr.Inset(2), fw, colHighlight)
		frame(dst, cr.Inset(2+fw), 1, colOutline)
		// The arrow, from the dragon's tile into this one, its head
		// inside this tile.
		d := pt{float64(c.X - from.X), float64(c.Y - from.Y)}
		fr := w.cellRect(from)
		a := pt{float64(fr.Min.X) + t/2, float64(fr.Min.Y) + t/2}.add(d.mul(t * 0.30))
		b := a.add(d.mul(t * 0.42))
		box := image.Rectangle{
			Min: image.Pt(int(math.Min(a.x, b.x)-t*0.2), int(math.Min(a.y, b.y)-t*0.2)),
			Max: image.Pt(int(math.Max(a.x, b.x)+t*0.2)+1, int(math.Max(a.y, b.y)+t*0.2)+1),
		}
		dc := gg.NewContext(box.Dx(), box.Dy())
		o := pt{float64(box.Min.X), float64(box.Min.Y)}
		a, b = a.sub(o), b.sub(o)
		nrm := pt{-d.y, d.x}
		hb := b.sub(d.mul(t * 0.16))
		dc.MoveTo(a.add(nrm.mul(t*0.045)).x, a.add(nrm.mul(t*0.045)).y)
		for _, p := range []pt{hb.add(nrm.mul(t * 0.045)), hb.add(nrm.mul(t * 0.12)), b, hb.sub(nrm.mul(t * 0.12)), hb.sub(nrm.mul(t * 0.045)), a.sub(nrm.mul(t * 0.045))} {
			dc.LineTo(p.x, p.y)
		}
		dc.ClosePath()
		dc.SetLineJoinRound()
		dc.SetColor(colOutline)
		dc.SetLineWidth(math.Max(2, t*0.03))
		dc.StrokePreserve()
		dc.SetColor(colHighlight)
		dc.Fill()
		dst.over(box.Min, dc.Image().(*image.RGBA))
	}
}

// fillArrowHead fills the triangle head (three points, in pixels) of an
// arrow in dc's colour, also stroking its outline with dc's line when
// outline is set: the first of an arrow's two passes, dark and wide under
// the coloured one (the dragon's path, a flight, the key's icons).
func fillArrowHead(dc *gg.Context, head []pt, outline bool) {
	dc.MoveTo(head[0].x, head[0].y)
	dc.LineTo(head[1].x, head[1].y)
	dc.LineTo(head[2].x, head[2].y)
	dc.ClosePath()
	if outline {
		dc.StrokePreserve()
	}
	dc.Fill()
}
