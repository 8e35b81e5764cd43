package render

import (
	"image"
	"math"
	"strconv"

	"github.com/fogleman/gg"
	"github.com/meeple-works/carcassonne/engine"
	"golang.org/x/image/font"
)

// This file draws The Tower (004_…, "The Tower"): each tower on its
// foundation, as high as its pieces, with its height written on it and the
// follower that closed it on top; and, in the side panel, each player's
// tower pieces and the prisoners they hold.

// towerHeight returns the height in pixels of a tower of n pieces on tiles
// of size t: taller with each piece up to six, so that heights compare at a
// glance; the number on it says the exact height.
func towerHeight(t, n int) int {
	return int(math.Round(float64(t) * (0.40 + 0.05*float64(min(max(n, 1), 6)))))
}

// drawTowerSprite draws a tower of n pieces, h pixels tall: a column of
// stone courses, one per piece up to six, under battlements, outlined as
// the figures are, with n in a white plate on its front. The image is just
// large enough; its centre is the tower's centre.
func drawTowerSprite(face font.Face, h, n int) *image.RGBA {
	pad := figurePad(h)
	wd := int(math.Round(float64(h) * 0.55))
	dc := gg.NewContext(wd+2*pad, h+2*pad)
	o := float64(pad)
	hf, wf := float64(h), float64(wd)
	merlon := hf * 0.14
	shape := func() {
		// The body, then the battlements: three merlons along the top.
		dc.MoveTo(o, o+hf)
		dc.LineTo(o, o)
		for i := range 5 {
			x := o + wf*float64(i+1)/5
			if i%2 == 0 {
				dc.LineTo(x-wf/5, o)
				dc.LineTo(x, o)
				dc.LineTo(x, o+merlon)
			} else {
				dc.LineTo(x, o+merlon)
				dc.LineTo(x, o)
			}
		}
		dc.LineTo(o+wf, o+hf)
		dc.ClosePath()
	}
	figureSilhouette(dc, shape, h, colStone)
	// The courses: a joint between each two pieces.
	courses := min(max(n, 1), 6)
	dc.SetColor(colStoneDark)
	dc.SetLineWidth(math.Max(1, hf*0.025))
	top := o + merlon
	for i := 1; i < courses; i++ {
		y := top + (hf-merlon)*float64(i)/float64(courses)
		dc.DrawLine(o+1, y, o+wf-1, y)
		dc.Stroke()
	}
	img := dc.Image().(*image.RGBA)
	if face != nil {
		label := strconv.Itoa(n)
		cx, cy := int(math.Round(o+wf/2)), int(math.Round(o+merlon+(hf-merlon)/2))
		pw := int(math.Round(wf * 0.78))
		ph := int(math.Round(math.Min(hf*0.36, wf*0.7)))
		plate := image.Rect(cx-pw/2, cy-ph/2, cx+pw/2, cy+ph/2)
		fillRect(img, plate, colWhite)
		x, y := textOrigin(face, cx, cy, alignCentre, label)
		drawText(img, face, colOutlineDk, x, y, label)
	}
	return img
}

// tower returns the sprite of a tower of n pieces, h pixels tall.
func (r *Renderer) tower(k *kit, h, n int) *image.RGBA {
	return r.cache.sprite(spriteKey{kind: spriteTower, size: h, player: n}, func() *image.RGBA {
		return drawTowerSprite(k.face(true, max(8, h*32/100)), h, n)
	})
}

// towerSpot returns where the tower foundation of placed tile t stands,
// in unit coordinates of the tile in board orientation: where the tile's
// foundation symbol is drawn.
func (r *Renderer) towerSpot(sc *scene, t engine.PlacedTile) pt {
	tg := r.cache.geom(sc.ts, t.Tile)
	for _, s := range tg.symbols {
		if s.m&engine.TowerFoundation != 0 {
			return rotatePt(s.c, int(t.Rotation&3))
		}
	}
	return pt{0.5, 0.5}
}

// drawTowers draws every tower of sc in window w on its foundation, its
// foot on the foundation symbol, and the follower that closed it standing
// on its top.
func (r *Renderer) drawTowers(dst canvas, k *kit, sc *scene, w window) {
	for _, tw := range sc.towers {
		sp, x, y, ok := r.towerSprite(k, sc, w, tw)
		if !ok {
			continue
		}
		blit(dst, sp, x, y)
		if tw.Guarded {
			g, gy := r.guardSprite(k, sc, w, tw, sp, y)
			blit(dst, g, x, gy)
		}
	}
}

// towerSprite returns the sprite of tower tw in window w and the pixel
// where its centre goes; ok is false when the tower is not drawn there.
func (r *Renderer) towerSprite(k *kit, sc *scene, w window, tw engine.Tower) (sp *image.RGBA, x, y int, ok bool) {
	i, ok := sc.at[tw.Cell]
	if !ok || !w.contains(tw.Cell) || tw.Height <= 0 {
		return nil, 0, 0, false
	}
	p := r.towerSpot(sc, sc.tiles[i])
	cr := w.cellRect(tw.Cell)
	h := towerHeight(w.tile, tw.Height)
	sp = r.tower(k, h, tw.Height)
	x = cr.Min.X + int(math.Round(p.x*float64(w.tile)))
	y = cr.Min.Y + int(math.Round(p.y*float64(w.tile))) - h/3
	x, y = keepOnTile(cr, sp.Bounds().Size(), x, y)
	return sp, x, y, true
}

// guardSprite returns the sprite of the follower on top of tower tw,
// whose sprite sp is centred at height y, and the height where its centre
// goes (above the tower's centre).
func (r *Renderer) guardSprite(k *kit, sc *scene, w window, tw engine.Tower, sp *image.RGBA, y int) (*image.RGBA, int) {
	mh := figureHeight(max(16, meepleHeight(w.tile)*3/4), tw.GuardFigure)
	return r.meeple(k, sc, tw.Guard, mh, false), y - sp.Bounds().Dy()/2 + mh/4
}

// drawTowerLine draws player p's line of The Tower in the scoreboard,
// centred on y from x0 to x1 at scale u: a tower and the number of tower
// pieces in p's supply, then the prisoners p holds, each a small follower
// in its owner's colour (the large follower larger), as many as fit.
func (r *Renderer) drawTowerLine(dst canvas, k *kit, sc *scene, p, x0, x1, y int, u float64) {
	d := func(v float64) int { return dpx(v, u) }
	th := d(14)
	blit(dst, r.tower(k, th, 1), x0+th/4, y)
	n := sc.g.TowerPieces(p)
	col := colText
	if n == 0 {
		col = colTextDim
	}
	cf := k.face(true, d(12))
	label := "×" + strconv.Itoa(n)
	drawTextAt(dst, cf, col, x0+th/2+d(3), y, alignLeft, label)
	x := x0 + th/2 + d(3) + textWidth(cf, label) + d(8)
	for _, pr := range sc.g.Prisoners(p) {
		mh := figureHeight(d(13), pr.Figure)
		if x+mh > x1 {
			break
		}
		blit(dst, r.meeple(k, sc, pr.Player, mh, false), x+mh/2, y)
		x += mh + d(1)
	}
}
