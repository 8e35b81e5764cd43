package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"github.com/meeple-works/carcassonne/engine"
)

// drawTileArt draws tile t in canonical orientation on a square of size
// pixels. closed has bit i set when city segment i belongs to a completed
// city.
func drawTileArt(tg *tileGeom, t *engine.Tile, size int, closed uint32) *image.RGBA {
	dc := gg.NewContext(size, size)
	s := float64(size)
	px := func(p pt) (float64, float64) { return p.x * s, p.y * s }
	path := func(pts []pt) {
		for i, p := range pts {
			x, y := px(p)
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
	}

	// Fields are the background, with a few tufts of grass.
	dc.SetColor(colGrass)
	dc.DrawRectangle(0, 0, s, s)
	dc.Fill()
	drawTufts(dc, tg, s)

	// Rivers, then roads: the edges first, then the pale surface.
	dc.SetLineCapButt()
	dc.SetLineJoinRound()
	for _, kind := range [...]engine.FeatureKind{engine.River, engine.Road} {
		for pass := range 2 {
			for _, fg := range tg.feats {
				if fg.kind != kind {
					continue
				}
				hw := roadHalf
				edge, fill := colRoadEdge, colRoad
				if fg.kind == engine.River {
					hw, edge, fill = riverHalf, colRiverEdge, colRiver
				}
				w := 2 * hw * s
				dc.SetColor(edge)
				if pass == 1 {
					w -= 2 * math.Max(1, 0.018*s)
					dc.SetColor(fill)
				}
				dc.SetLineWidth(w)
				for _, p := range fg.roads {
					path(p)
					dc.Stroke()
				}
			}
			if kind == engine.River && pass == 1 {
				for i, fg := range tg.feats {
					if fg.kind == engine.River && fg.ends && !tg.village {
						drawRiverEnd(dc, t.Features[i].Markers, s)
					}
				}
				dc.SetLineCapButt()
				dc.SetLineJoinRound()
			}
		}
	}
	drawCrossings(dc, tg, t, s)

	// Cities: the area, its houses, then the walls.
	for i, fg := range tg.feats {
		if fg.kind != engine.City {
			continue
		}
		done := i < 32 && closed&(1<<i) != 0
		fill, roof, roofDark := colCity, colRoof, colRoofDark
		if done {
			fill, roof, roofDark = colCityClosed, colRoofClosed, colRoofCDark
		}
		path(fg.city.poly)
		dc.ClosePath()
		dc.SetColor(fill)
		dc.Fill()
		for k, h := range fg.houses {
			drawHouse(dc, h.scale(s), 0.115*s, 0.085*s, (k*7+i)%3 == 0, roof, roofDark)
		}
		for _, w := range fg.city.walls {
			dc.SetLineCapRound()
			dc.SetLineWidth(math.Max(2, 0.05*s))
			dc.SetColor(colWall)
			path(w)
			dc.Stroke()
			dc.SetLineWidth(math.Max(1, 0.016*s))
			dc.SetColor(color.RGBA{0xb8, 0xa6, 0x86, 0xff})
			if done {
				dc.SetColor(color.RGBA{0xd9, 0xb0, 0x58, 0xff})
			}
			path(w)
			dc.Stroke()
		}
	}

	drawCityBridge(dc, tg, closed, s)

	if tg.cloister >= 0 {
		drawCloister(dc, s)
	}
	if tg.village {
		drawVillage(dc, tg, s)
	}
	for i, fg := range tg.feats {
		if fg.kind == engine.City && (t.Features[i].Pennants > 0 || t.Features[i].Markers&engine.Pennant != 0) {
			for _, p := range fg.pennants[:min(len(fg.pennants), 1)] {
				drawShield(dc, p.scale(s), math.Max(9, 0.17*s))
			}
		}
	}
	drawMarkerGround(dc, tg, t, s)

	// A faint seam around the tile, so that cells can be counted.
	dc.SetLineWidth(1)
	dc.SetColor(color.RGBA{0, 0, 0, 0x30})
	dc.DrawRectangle(0.5, 0.5, s-1, s-1)
	dc.Stroke()
	return dc.Image().(*image.RGBA)
}

// hash01 returns a repeatable pseudo-random number in [0,1) for i.
func hash01(i uint32) float64 {
	i ^= i >> 16
	i *= 0x7feb352d
	i ^= i >> 15
	i *= 0x846ca68b
	i ^= i >> 16
	return float64(i) / (1 << 32)
}

// drawTufts draws small tufts of grass on the field samples.
func drawTufts(dc *gg.Context, tg *tileGeom, s float64) {
	if s < 40 {
		return
	}
	dc.SetColor(colGrassDark)
	dc.SetLineWidth(math.Max(1, s/64))
	dc.SetLineCapRound()
	const n = 9
	for k := range n {
		p := pt{0.08 + 0.84*hash01(uint32(k*2+1)), 0.08 + 0.84*hash01(uint32(k*2+2))}
		ok := true
		for _, d := range [...]pt{{0, 0}, {0.05, 0}, {-0.05, 0}, {0, 0.05}, {0, -0.05}} {
			l := tg.label[sampleIndex(p.add(d))]
			if l < 0 || tg.feats[l].kind != engine.Field {
				ok = false
			}
		}
		if !ok {
			continue
		}
		x, y := p.x*s, p.y*s
		h := 0.035 * s
		dc.MoveTo(x-h*0.6, y-h)
		dc.LineTo(x, y)
		dc.LineTo(x+h*0.6, y-h)
		dc.MoveTo(x, y)
		dc.LineTo(x, y-h*1.1)
		dc.Stroke()
	}
}

// drawHouse draws a house seen from above, centred on c (pixels): a roof
// with its ridge along the longer side, one slope in shade.
func drawHouse(dc *gg.Context, c pt, w, h float64, upright bool, roof, shade color.Color) {
	if upright {
		w, h = h, w
	}
	x, y := c.x-w/2, c.y-h/2
	dc.SetColor(color.RGBA{0, 0, 0, 0x40})
	dc.DrawRectangle(x+w*0.15, y+h*0.2, w, h)
	dc.Fill()
	dc.SetColor(roof)
	dc.DrawRectangle(x, y, w, h)
	dc.Fill()
	dc.SetColor(shade)
	if upright {
		dc.DrawRectangle(x+w/2, y, w/2, h)
	} else {
		dc.DrawRectangle(x, y+h/2, w, h/2)
	}
	dc.Fill()
}

// drawCloister draws the cloister: a church seen from above, with a bell
// tower and a cross, in the middle of the tile.
func drawCloister(dc *gg.Context, s float64) {
	cx, cy := s/2, s/2
	w, h := 2*cloisterHW*s, 2*cloisterHH*s
	// A cloister garth: a pale square the church stands in.
	dc.SetColor(color.RGBA{0xd9, 0xe8, 0xb0, 0xff})
	dc.DrawRoundedRectangle(cx-w*0.85, cy-h*0.72, w*1.7, h*1.44, 0.04*s)
	dc.Fill()
	dc.SetColor(colRoadEdge)
	dc.SetLineWidth(math.Max(1, 0.014*s))
	dc.DrawRoundedRectangle(cx-w*0.85, cy-h*0.72, w*1.7, h*1.44, 0.04*s)
	dc.Stroke()
	// Shadow, nave and roof.
	dc.SetColor(color.RGBA{0, 0, 0, 0x50})
	dc.DrawRectangle(cx-w/2+0.025*s, cy-h/2+0.03*s, w, h)
	dc.Fill()
	dc.SetColor(colChurchRoof)
	dc.DrawRectangle(cx-w/2, cy-h/2, w/2, h)
	dc.Fill()
	dc.SetColor(colChurchDark)
	dc.DrawRectangle(cx, cy-h/2, w/2, h)
	dc.Fill()
	// The bell tower at the north end, with a cross.
	t := 0.15 * s
	ty := cy - h/2 - t*0.25
	dc.SetColor(color.RGBA{0, 0, 0, 0x50})
	dc.DrawRectangle(cx-t/2+0.02*s, ty-t/2+0.02*s, t, t)
	dc.Fill()
	dc.SetColor(colChurch)
	dc.DrawRectangle(cx-t/2, ty-t/2, t, t)
	dc.Fill()
	dc.SetColor(colChurchDark)
	dc.SetLineWidth(math.Max(1, 0.012*s))
	dc.DrawRectangle(cx-t/2, ty-t/2, t, t)
	dc.Stroke()
	dc.SetLineWidth(math.Max(1.2, 0.022*s))
	dc.DrawLine(cx, ty-t*0.32, cx, ty+t*0.32)
	dc.DrawLine(cx-t*0.22, ty-t*0.1, cx+t*0.22, ty-t*0.1)
	dc.Stroke()
}

// drawVillage draws the crossing where roads end: a small square with a few
// houses around it.
func drawVillage(dc *gg.Context, tg *tileGeom, s float64) {
	cx, cy := s/2, s/2
	r := 0.085 * s
	dc.SetColor(colRoadEdge)
	dc.DrawCircle(cx, cy, r+math.Max(1, 0.018*s))
	dc.Fill()
	dc.SetColor(colRoad)
	dc.DrawCircle(cx, cy, r)
	dc.Fill()
	d := 0.135
	for k, o := range [...]pt{{-d, -d}, {d, -d}, {d, d}, {-d, d}} {
		p := pt{0.5 + o.x, 0.5 + o.y}
		l := tg.label[sampleIndex(p)]
		if l >= 0 && tg.feats[l].kind != engine.Field {
			continue
		}
		drawHouse(dc, p.scale(s), 0.09*s, 0.07*s, k%2 == 0, colChurchRoof, colChurchDark)
	}
	// A well in the middle.
	dc.SetColor(colRoadEdge)
	dc.DrawCircle(cx, cy, 0.03*s)
	dc.Fill()
}

// drawShield draws a pennant: a small blue shield with a pale chevron,
// centred on c (pixels), size pixels tall.
func drawShield(dc *gg.Context, c pt, size float64) {
	w, h := size*0.8, size
	x, y := c.x-w/2, c.y-h/2
	shape := func(in float64) {
		dc.MoveTo(x+in, y+in)
		dc.LineTo(x+w-in, y+in)
		dc.LineTo(x+w-in, y+h*0.5)
		dc.CubicTo(x+w-in, y+h*0.78, x+w*0.62, y+h*0.9, x+w/2, y+h-in)
		dc.CubicTo(x+w*0.38, y+h*0.9, x+in, y+h*0.78, x+in, y+h*0.5)
		dc.ClosePath()
	}
	shape(0)
	dc.SetColor(colShieldMark)
	dc.Fill()
	in := math.Max(1, size*0.1)
	shape(in)
	dc.SetColor(colShield)
	dc.Fill()
	dc.SetColor(colShieldMark)
	dc.SetLineWidth(math.Max(1, size*0.12))
	dc.MoveTo(x+w*0.22, y+h*0.62)
	dc.LineTo(x+w/2, y+h*0.36)
	dc.LineTo(x+w*0.78, y+h*0.62)
	dc.Stroke()
}

// rotateRGBA returns src (a square) turned clockwise by quarters × 90
// degrees, pixel for pixel.
func rotateRGBA(src *image.RGBA, quarters int) *image.RGBA {
	q := quarters & 3
	if q == 0 {
		return src
	}
	n := src.Rect.Dx()
	dst := image.NewRGBA(image.Rect(0, 0, n, n))
	for y := range n {
		row := src.Pix[y*src.Stride : y*src.Stride+4*n]
		for x := range n {
			var X, Y int
			switch q {
			case 1:
				X, Y = n-1-y, x
			case 2:
				X, Y = n-1-x, n-1-y
			case 3:
				X, Y = y, n-1-x
			}
			copy(dst.Pix[Y*dst.Stride+4*X:Y*dst.Stride+4*X+4], row[4*x:4*x+4])
		}
	}
	return dst
}
