package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"github.com/meeple-works/carcassonne/engine"
)

// This file draws what the expansions add to a tile: the river's springs,
// lakes, fork and bridges, and the markers of features and tiles (inn,
// cathedral, siege, goods, pig herd, volcano, …), each as a small picture of
// its own shape and colour, so that players tell them apart at a glance.

// The colours of the expansions' symbols.
var (
	colWaterLight = rgb(0xa9d3f5) // ripples on a spring or a lake
	colInnRoof    = rgb(0x2c4f7c) // the inn's slate roof
	colInnWall    = rgb(0xf4ead2)
	colSign       = rgb(0xf2b705) // the inn's sign
	colGrain      = rgb(0xd4961c) // the goods' grain
	colCathedral  = rgb(0x6a3d9a) // the cathedral's roof
	colCathLight  = rgb(0x9b6fc8)
	colSiege      = rgb(0x1e1a1a) // the Cathars' siege mark
	colSiegeRed   = rgb(0xc0262d)
	colWine       = rgb(0x6d2469)
	colLeaf       = rgb(0x3f8a2e)
	colCloth      = rgb(0x2f7fc1)
	colClothLight = rgb(0x8cc3ec)
	colPig        = rgb(0xf3a3b5)
	colPigDark    = rgb(0xa8566b)
	colVolcano    = rgb(0x6b4a3a)
	colBag        = rgb(0xb08850) // the robbers' bag
	colLava       = rgb(0xf0541e)
	colDragon     = rgb(0xb3261e)
	colPortal     = rgb(0x8e44ad)
	colPortalIn   = rgb(0xe6d4f4)
	colStone      = rgb(0x9aa0a6)
	colStoneDark  = rgb(0x55595e)
	colPlane      = rgb(0xe3cf9c)
	colGold       = rgb(0xf1c40f)
	colGoldDark   = rgb(0x8d6e0a)
	colMagic      = rgb(0x5b2c83)
	colCrop       = rgb(0xe8df9a)
	colPrincess   = rgb(0xf07fb0)
	colOutlineDk  = rgb(0x2a2320)
)

// symbolR is the radius of a marker's symbol, in tile sides.
const symbolR = 0.1

// drawRiverEnd draws where a river ends on its tile (fg.ends): a spring, a
// lake, the fork's meeting of waters, or a plain pond.
func drawRiverEnd(dc *gg.Context, m engine.Marker, s float64) {
	bank := math.Max(1, 0.018*s)
	c := s / 2
	switch {
	case m&engine.Lake != 0:
		// A lake: wide, with a sandy shore and two ripples.
		dc.SetColor(colRiverEdge)
		dc.DrawEllipse(c, c, 0.27*s, 0.2*s)
		dc.Fill()
		dc.SetColor(colRiver)
		dc.DrawEllipse(c, c, 0.27*s-bank, 0.2*s-bank)
		dc.Fill()
		dc.SetColor(colWaterLight)
		dc.SetLineWidth(math.Max(1, 0.014*s))
		for _, o := range [...]pt{{-0.08, -0.04}, {0.06, 0.06}} {
			x, y := c+o.x*s, c+o.y*s
			dc.DrawArc(x, y, 0.06*s, math.Pi*1.15, math.Pi*1.85)
			dc.Stroke()
		}
	case m&engine.Fork != 0:
		// The fork: the waters meet in a round pool as wide as the river.
		dc.SetColor(colRiver)
		dc.DrawCircle(c, c, riverHalf*s-bank)
		dc.Fill()
	case m&engine.Spring != 0:
		// A spring: a small round pool with rings where the water rises.
		dc.SetColor(colRiverEdge)
		dc.DrawCircle(c, c, springRad*s)
		dc.Fill()
		dc.SetColor(colRiver)
		dc.DrawCircle(c, c, springRad*s-bank)
		dc.Fill()
		dc.SetColor(colWaterLight)
		dc.SetLineWidth(math.Max(1, 0.016*s))
		dc.DrawCircle(c, c, 0.065*s)
		dc.Stroke()
		dc.DrawCircle(c, c, 0.02*s)
		dc.Fill()
	default:
		dc.SetColor(colRiverEdge)
		dc.DrawEllipse(c, c, 0.17*s, 0.13*s)
		dc.Fill()
		dc.SetColor(colRiver)
		dc.DrawEllipse(c, c, 0.17*s-bank, 0.13*s-bank)
		dc.Fill()
	}
}

// crossing returns where two centre lines cross, and false when they do
// not.
func crossing(a, b []pt) (pt, bool) {
	for i := 1; i < len(a); i++ {
		for j := 1; j < len(b); j++ {
			p, q := a[i-1], a[i]
			r, t := b[j-1], b[j]
			d1, d2 := q.sub(p), t.sub(r)
			den := d1.x*d2.y - d1.y*d2.x
			if math.Abs(den) < 1e-12 {
				continue
			}
			w := r.sub(p)
			u := (w.x*d2.y - w.y*d2.x) / den
			v := (w.x*d1.y - w.y*d1.x) / den
			if u >= 0 && u <= 1 && v >= 0 && v <= 1 {
				return p.add(d1.mul(u)), true
			}
		}
	}
	return pt{}, false
}

// direction returns the unit direction of path near point c.
func direction(path []pt, c pt) pt {
	best, bd := pt{1, 0}, math.Inf(1)
	for i := 1; i < len(path); i++ {
		if d := distToSeg(c, path[i-1], path[i]); d < bd {
			v := path[i].sub(path[i-1])
			l := math.Hypot(v.x, v.y)
			if l > 0 {
				best, bd = v.mul(1/l), d
			}
		}
	}
	return best
}

// drawBridge draws a bridge carrying a road of half width hw over what lies
// below, centred on c (unit) along direction d, span long (unit): the deck
// and its two parapets.
func drawBridge(dc *gg.Context, c, d pt, hw, span, s float64) {
	drawDeck(dc, c, d, hw, span, s, colRoad, nil, math.Max(1.5, 0.03*s))
}

// drawDeck draws a deck of half width hw across a crossing, centred on c
// (unit) along direction d, span long (unit), in colour fill, with a
// parapet of width wall (pixels) on each side, and under it, when shadow
// is not nil, a slightly wider band of that colour: a bridge of a road
// over the river, or of a city over another (KR05).
func drawDeck(dc *gg.Context, c, d pt, hw, span, s float64, fill color.Color, shadow color.Color, wall float64) {
	n := pt{-d.y, d.x}
	a, b := c.sub(d.mul(span/2)), c.add(d.mul(span/2))
	dc.SetLineCapButt()
	if shadow != nil {
		dc.SetColor(shadow)
		dc.SetLineWidth(2*hw*s + 0.05*s)
		dc.DrawLine(a.x*s, a.y*s, b.x*s, b.y*s)
		dc.Stroke()
	}
	dc.SetColor(fill)
	dc.SetLineWidth(2 * hw * s)
	dc.DrawLine(a.x*s, a.y*s, b.x*s, b.y*s)
	dc.Stroke()
	dc.SetLineCapRound()
	dc.SetLineWidth(wall)
	dc.SetColor(colWall)
	for _, k := range [...]float64{-1, 1} {
		o := n.mul(k * hw)
		p, q := a.add(o), b.add(o)
		dc.DrawLine(p.x*s, p.y*s, q.x*s, q.y*s)
		dc.Stroke()
	}
}

// drawCrossings draws a bridge wherever a road crosses a river, and where
// the tile has a bridge (Traders & Builders' TB24) the later road over the
// earlier one.
func drawCrossings(dc *gg.Context, tg *tileGeom, t *engine.Tile, s float64) {
	for i, a := range tg.feats {
		for j, b := range tg.feats {
			if a.kind != engine.River || b.kind != engine.Road {
				if !(t.Markers&engine.Bridge != 0 && a.kind == engine.Road && b.kind == engine.Road && i < j) {
					continue
				}
			}
			for _, pa := range a.roads {
				for _, pb := range b.roads {
					c, ok := crossing(pa, pb)
					if !ok {
						continue
					}
					under := riverHalf
					if a.kind == engine.Road {
						under = roadHalf
					}
					drawBridge(dc, c, direction(pb, c), roadHalf, 2*under+0.08, s)
				}
			}
		}
	}
}

// drawTunnels draws the mouths of a road's tunnel where it passes under a
// city (The Princess & the Dragon's PD25): dark arches where the road
// meets a wall.
func drawTunnels(dc *gg.Context, tg *tileGeom, f int, s float64) {
	fg := &tg.feats[f]
	for _, path := range fg.roads {
		var prev bool
		for k := 0; k <= 40; k++ {
			p := alongPath(path, float64(k)/40)
			in := false
			for _, c := range tg.feats {
				if c.kind == engine.City && inPoly(p, c.city.poly) {
					in = true
				}
			}
			if k > 0 && in != prev {
				d := direction(path, p)
				n := pt{-d.y, d.x}
				a, b := p.add(n.mul(roadHalf*1.2)), p.sub(n.mul(roadHalf*1.2))
				dc.SetLineCapRound()
				dc.SetColor(colOutlineDk)
				dc.SetLineWidth(math.Max(2, 0.045*s))
				dc.DrawLine(a.x*s, a.y*s, b.x*s, b.y*s)
				dc.Stroke()
			}
			prev = in
		}
	}
}

// alongPath returns the point at fraction u of a polyline's length.
func alongPath(path []pt, u float64) pt {
	total := 0.0
	for i := 1; i < len(path); i++ {
		total += path[i].dist(path[i-1])
	}
	left := u * total
	for i := 1; i < len(path); i++ {
		l := path[i].dist(path[i-1])
		if left <= l && l > 0 {
			return lerp(path[i-1], path[i], left/l)
		}
		left -= l
	}
	return path[len(path)-1]
}

// drawCityBridge draws the crossing of two cities that bridge over each
// other (King & Robber Baron's KR05): the later city's street as a bridge
// over the earlier one, with parapets along it.
func drawCityBridge(dc *gg.Context, tg *tileGeom, closed uint32, s float64) {
	var bands []int
	for i, fg := range tg.feats {
		m := sidesOf(fg.ports)
		if fg.kind == engine.City && (m == 0b0101 || m == 0b1010) {
			bands = append(bands, i)
		}
	}
	if len(bands) < 2 {
		return
	}
	top := bands[len(bands)-1]
	d := pt{0, 1}
	if sidesOf(tg.feats[top].ports) == 0b1010 {
		d = pt{1, 0}
	}
	fill := colCity
	if top < 32 && closed&(1<<top) != 0 {
		fill = colCityClosed
	}
	const hw, span = crossHalf, 2*crossHalf + 0.12
	drawDeck(dc, pt{0.5, 0.5}, d, hw, span, s, fill, color.RGBA{0, 0, 0, 0x50}, math.Max(2, 0.05*s))
}

// symbolSpot returns a free place for a tile's own marker (a volcano, a
// dragon, …): in a field if it can, near the centre, away from where
// followers stand and from the places taken (unit coordinates).
func symbolSpot(tg *tileGeom, taken []pt) pt {
	var anchors []pt
	for _, fg := range tg.feats {
		if fg.kind == engine.Field {
			continue
		}
		for p := engine.NNW; p <= engine.C2; p++ {
			if fg.ports.Has(p) {
				anchors = append(anchors, fg.anchor[p-1])
			}
		}
	}
	best, bs := pt{0.5, 0.5}, math.Inf(1)
	for j := range 7 {
		for i := range 7 {
			p := pt{0.2 + 0.1*float64(i), 0.2 + 0.1*float64(j)}
			bad := 0
			for _, o := range [...]pt{{0, 0}, {0.07, 0}, {-0.07, 0}, {0, 0.07}, {0, -0.07}, {0.05, 0.05}, {-0.05, -0.05}, {0.05, -0.05}, {-0.05, 0.05}} {
				l := tg.label[sampleIndex(p.add(o))]
				if l >= 0 && tg.feats[l].kind != engine.Field {
					bad++
				}
			}
			score := float64(bad) + 1.5*p.dist(pt{0.5, 0.5})
			for _, a := range anchors {
				score += 2 * math.Max(0, 0.2-p.dist(a))
			}
			for _, q := range taken {
				score += 20 * math.Max(0, 0.22-p.dist(q))
			}
			if score < bs {
				best, bs = p, score
			}
		}
	}
	return best
}

// featureSpot returns where a marker of feature f is drawn, away from the
// places taken: a road's beside the road, a city's or a field's where it
// has room away from its followers.
func featureSpot(tg *tileGeom, f int, taken []pt) pt {
	fg := &tg.feats[f]
	switch fg.kind {
	case engine.Road:
		// Beside the road, in a field, away from the thief's place.
		a := fg.anchor[fg.ports.Main()-1]
		best, bs := a, math.Inf(1)
		for _, path := range fg.roads {
			for u := 0.15; u <= 0.86; u += 0.05 {
				c := alongPath(path, u)
				d := direction(path, c)
				for _, side := range [...]float64{-1, 1} {
					p := c.add(pt{-d.y, d.x}.mul(side * (roadHalf + 0.1)))
					if p.x < 0.1 || p.y < 0.1 || p.x > 0.9 || p.y > 0.9 {
						continue
					}
					l := tg.label[sampleIndex(p)]
					score := -math.Min(p.dist(a), 0.3)
					if l < 0 || tg.feats[l].kind != engine.Field {
						score += 1
					}
					for _, q := range taken {
						score += 5 * math.Max(0, 0.2-p.dist(q))
					}
					if score < bs {
						best, bs = p, score
					}
				}
			}
		}
		return best
	}
	// A field, or a city: the roomiest place away from its followers,
	// inside the tile.
	clear := tg.clearance(f)
	var anchors []pt
	for p := engine.NNW; p <= engine.C2; p++ {
		if fg.ports.Has(p) {
			anchors = append(anchors, fg.anchor[p-1])
		}
	}
	best, bs := fg.anchor[fg.ports.Main()-1], math.Inf(1)
	for k := range tg.label {
		if int(tg.label[k]) != f {
			continue
		}
		p := sampleAt(k%geomRes, k/geomRes)
		if p.x < 0.12 || p.y < 0.12 || p.x > 0.88 || p.y > 0.88 {
			continue
		}
		near := math.Inf(1)
		for _, a := range anchors {
			near = math.Min(near, p.dist(a))
		}
		score := -math.Min(near, 0.22) + 10*math.Max(0, 0.09-clear[k]) + 0.25*p.dist(pt{0.5, 0.5})
		for _, q := range taken {
			score += 5 * math.Max(0, 0.22-p.dist(q))
		}
		if score < bs {
			best, bs = p, score
		}
	}
	return best
}

// symbolPlace is a marker's symbol placed on its tile: the marker (with
// a crop circle's type), the goods count, a flying machine's heading and
// where its centre lies, all in canonical orientation.
type symbolPlace struct {
	m     engine.Marker
	goods uint8
	h     engine.Heading
	c     pt
}

// placeSymbols works out where the symbols of t's markers go: those of a
// feature by the feature, those of the tile in a free place near its
// centre. The pennant, the river's markers (spring, lake, fork), the
// bridge, the tunnel and the ferries' lake are drawn with the features.
func placeSymbols(tg *tileGeom, t *engine.Tile) []symbolPlace {
	if t.Markers&^(engine.Pennant|engine.Bridge|engine.Lake) == 0 && !featureMarkers(t) {
		return nil
	}
	var taken []pt
	var out []symbolPlace
	if t.Markers&engine.Lake != 0 {
		taken = append(taken, pt{0.5, 0.5})
	}
	for i, f := range t.Features {
		if f.Kind == engine.River && tg.feats[i].ends {
			taken = append(taken, pt{0.5, 0.5})
		}
	}
	for i, f := range t.Features {
		if f.Kind == engine.City && f.Pennants > 0 && len(tg.feats[i].pennants) > 0 {
			taken = append(taken, tg.feats[i].pennants[0])
		}
		for m := engine.Inn; m != 0 && m <= engine.CropShield; m <<= 1 {
			if f.Markers&m == 0 || !drawsSymbol(m) || tg.feats[i].ports == 0 {
				continue
			}
			c := featureSpot(tg, i, taken)
			out = append(out, symbolPlace{m: m, goods: f.Goods, c: c})
			taken = append(taken, c)
		}
	}
	for m := engine.Inn; m != 0 && m <= engine.Bag; m <<= 1 {
		if t.Markers&m == 0 || !drawsSymbol(m) {
			continue
		}
		if m == engine.CropCircle {
			m = t.Markers & (engine.CropCircle | engine.CropFork | engine.CropClub | engine.CropShield)
		}
		c := symbolSpot(tg, taken)
		out = append(out, symbolPlace{m: m, h: t.Flight, c: c})
		taken = append(taken, c)
	}
	return out
}

// drawMarkerGround draws the markers that are part of the ground and turn
// with the tile: the ferries' lake and the tunnels.
func drawMarkerGround(dc *gg.Context, tg *tileGeom, t *engine.Tile, s float64) {
	if t.Markers&engine.Lake != 0 {
		drawRiverEnd(dc, engine.Lake, s)
	}
	for i, f := range t.Features {
		if f.Kind == engine.Road && f.Markers&engine.Tunnel != 0 {
			drawTunnels(dc, tg, i, s)
		}
	}
}

// drawSymbols draws the symbols of a tile turned by rot on its picture img,
// upright whatever the rotation: each at its place turned with the tile, a
// flying machine pointing where its heading turned with the tile points.
func drawSymbols(img *image.RGBA, syms []symbolPlace, rot engine.Rotation) {
	dc := gg.NewContextForRGBA(img)
	s := float64(img.Rect.Dx())
	for _, sp := range syms {
		c := rotatePt(sp.c, int(rot&3))
		drawSymbol(dc, sp.m, sp.goods, sp.h.Rotate(rot), c.scale(s), symbolScale(sp.m)*symbolR*s)
	}
}

// featureMarkers reports whether a feature of t has a marker with a
// symbol of its own (placeSymbols): not the pennant nor a river's marker.
func featureMarkers(t *engine.Tile) bool {
	for _, f := range t.Features {
		if f.Markers&^(engine.Pennant|engine.Spring|engine.Lake|engine.Fork) != 0 {
			return true
		}
	}
	return false
}

// drawsSymbol reports whether marker m has a symbol of its own: not the
// pennant, the river's markers, the bridge and the ferries' lake (drawn with
// their features), nor the crop circle's types (drawn in its circle).
func drawsSymbol(m engine.Marker) bool {
	switch m {
	case engine.Pennant, engine.Spring, engine.Lake, engine.Fork, engine.Bridge, engine.Tunnel,
		engine.CropFork, engine.CropClub, engine.CropShield:
		return false
	}
	return true
}

// drawSymbol draws the symbol of marker m centred on c (pixels), about r
// pixels in radius. goods is the number of goods of a goods marker; h is a
// flying machine's heading.
func drawSymbol(dc *gg.Context, m engine.Marker, goods uint8, h engine.Heading, c pt, r float64) {
	line := math.Max(1, r*0.16)
	dc.SetLineJoinRound()
	dc.SetLineCapRound()
	outline := func(col color.Color) {
		dc.SetColor(colOutlineDk)
		dc.SetLineWidth(2 * line)
		dc.StrokePreserve()
		dc.SetColor(col)
		dc.Fill()
	}
	plate := func() {
		dc.DrawCircle(c.x, c.y, r*1.05)
		dc.SetColor(colShieldMark)
		dc.FillPreserve()
		dc.SetColor(colOutlineDk)
		dc.SetLineWidth(line)
		dc.Stroke()
	}
	switch {
	case m&engine.Inn != 0:
		// A long house with a slate roof and a yellow sign.
		w, hh := r*1.7, r*1.05
		dc.SetColor(color.RGBA{0, 0, 0, 0x50})
		dc.DrawRectangle(c.x-w/2+r*0.2, c.y-hh/2+r*0.25, w, hh)
		dc.Fill()
		dc.DrawRectangle(c.x-w/2, c.y-hh/2, w, hh)
		outline(colInnRoof)
		dc.SetColor(colInnWall)
		dc.SetLineWidth(math.Max(1, r*0.14))
		dc.DrawLine(c.x-w/2+line, c.y, c.x+w/2-line, c.y)
		dc.Stroke()
		dc.DrawRectangle(c.x+w*0.12, c.y-hh*0.95, r*0.55, r*0.55)
		outline(colSign)
	case m&engine.Cathedral != 0:
		// A cathedral seen from above: a cross of roofs and a tower.
		a, b := r*1.5, r*0.55
		cross := func() {
			dc.DrawRectangle(c.x-b, c.y-a, 2*b, 2*a)
			dc.DrawRectangle(c.x-a*0.85, c.y-a*0.35-b, 1.7*a, 2*b)
		}
		dc.SetColor(color.RGBA{0, 0, 0, 0x50})
		dc.Push()
		dc.Translate(r*0.2, r*0.25)
		cross()
		dc.Fill()
		dc.Pop()
		cross()
		dc.SetColor(colOutlineDk)
		dc.SetLineWidth(2 * line)
		dc.Stroke()
		cross()
		dc.SetColor(colCathedral)
		dc.Fill()
		dc.SetColor(colCathLight)
		dc.DrawRectangle(c.x-b+line, c.y-a+line, b-line, 2*a-2*line)
		dc.DrawRectangle(c.x-a*0.85+line, c.y-a*0.35-b+line, 1.7*a-2*line, b-line)
		dc.Fill()
		dc.DrawCircle(c.x, c.y+a*0.7, b*0.8)
		outline(colSign)
	case m&engine.Besieged != 0:
		// The siege: a black disc ringed in red with crossed swords.
		dc.DrawCircle(c.x, c.y, r*1.05)
		dc.SetColor(colSiegeRed)
		dc.Fill()
		dc.DrawCircle(c.x, c.y, r*0.8)
		dc.SetColor(colSiege)
		dc.Fill()
		dc.SetColor(colShieldMark)
		dc.SetLineWidth(math.Max(1.2, r*0.2))
		k := r * 0.55
		dc.DrawLine(c.x-k, c.y-k, c.x+k, c.y+k)
		dc.DrawLine(c.x+k, c.y-k, c.x-k, c.y+k)
		dc.Stroke()
		dc.SetLineWidth(math.Max(1, r*0.16))
		g := r * 0.22
		dc.DrawLine(c.x-k+g, c.y+k-g-g, c.x-k+g+g, c.y+k-g)
		dc.DrawLine(c.x+k-g, c.y+k-g-g, c.x+k-g-g, c.y+k-g)
		dc.Stroke()
	case m&engine.Wine != 0:
		plate()
		dc.SetColor(colLeaf)
		dc.DrawEllipse(c.x+r*0.25, c.y-r*0.62, r*0.3, r*0.16)
		dc.Fill()
		for _, o := range [...]pt{{-0.36, -0.3}, {0, -0.3}, {0.36, -0.3}, {-0.18, 0.02}, {0.18, 0.02}, {0, 0.34}} {
			dc.DrawCircle(c.x+o.x*r, c.y+o.y*r, r*0.2)
			dc.SetColor(colWine)
			dc.Fill()
		}
		drawCount(dc, goods, c, r)
	case m&engine.Grain != 0:
		plate()
		dc.SetColor(colGoldDark)
		dc.SetLineWidth(math.Max(1, r*0.12))
		for _, a := range [...]float64{-0.35, 0, 0.35} {
			dc.DrawLine(c.x, c.y+r*0.75, c.x+math.Sin(a)*r*0.7, c.y-math.Cos(a)*r*0.2)
		}
		dc.Stroke()
		for _, a := range [...]float64{-0.35, 0, 0.35} {
			dc.Push()
			dc.RotateAbout(a, c.x, c.y+r*0.75)
			dc.DrawEllipse(c.x, c.y-r*0.25, r*0.26, r*0.55)
			dc.SetColor(colGrain)
			dc.Fill()
			dc.Pop()
		}
		drawCount(dc, goods, c, r)
	case m&engine.Cloth != 0:
		plate()
		dc.DrawRoundedRectangle(c.x-r*0.62, c.y-r*0.45, r*1.24, r*0.9, r*0.2)
		dc.SetColor(colCloth)
		dc.Fill()
		dc.SetColor(colClothLight)
		dc.SetLineWidth(math.Max(1, r*0.14))
		for _, y := range [...]float64{-0.15, 0.15} {
			dc.DrawLine(c.x-r*0.5, c.y+y*r, c.x+r*0.5, c.y+y*r)
		}
		dc.Stroke()
		drawCount(dc, goods, c, r)
	case m&engine.Princess != 0:
		// A pink crown.
		w := r * 0.85
		dc.MoveTo(c.x-w, c.y+r*0.55)
		dc.LineTo(c.x-w, c.y-r*0.5)
		dc.LineTo(c.x-w*0.5, c.y)
		dc.LineTo(c.x, c.y-r*0.7)
		dc.LineTo(c.x+w*0.5, c.y)
		dc.LineTo(c.x+w, c.y-r*0.5)
		dc.LineTo(c.x+w, c.y+r*0.55)
		dc.ClosePath()
		outline(colPrincess)
	case m&engine.PigHerd != 0:
		// Two pigs.
		for _, o := range [...]pt{{-0.45, -0.3}, {0.4, 0.35}} {
			x, y := c.x+o.x*r, c.y+o.y*r
			dc.DrawEllipse(x, y, r*0.62, r*0.42)
			outline(colPig)
			dc.DrawCircle(x+r*0.62, y-r*0.05, r*0.26)
			outline(colPig)
			dc.SetColor(colPigDark)
			dc.DrawCircle(x+r*0.8, y-r*0.05, r*0.1)
			dc.Fill()
		}
	case m&engine.Volcano != 0:
		// A brown cone with fire in its crater.
		dc.MoveTo(c.x-r*1.1, c.y+r*0.8)
		dc.LineTo(c.x-r*0.35, c.y-r*0.55)
		dc.LineTo(c.x+r*0.35, c.y-r*0.55)
		dc.LineTo(c.x+r*1.1, c.y+r*0.8)
		dc.ClosePath()
		outline(colVolcano)
		dc.DrawEllipse(c.x, c.y-r*0.55, r*0.4, r*0.2)
		dc.SetColor(colLava)
		dc.Fill()
		dc.MoveTo(c.x-r*0.12, c.y-r*0.5)
		dc.LineTo(c.x+r*0.12, c.y-r*0.5)
		dc.LineTo(c.x+r*0.3, c.y+r*0.4)
		dc.LineTo(c.x-r*0.05, c.y+r*0.1)
		dc.ClosePath()
		dc.Fill()
		dc.DrawCircle(c.x-r*0.2, c.y-r*0.95, r*0.16)
		dc.DrawCircle(c.x+r*0.15, c.y-r*1.05, r*0.12)
		dc.Fill()
	case m&engine.Dragon != 0:
		// A red dragon with spread wings, seen from above.
		dc.MoveTo(c.x, c.y-r*1.0)
		dc.LineTo(c.x+r*0.25, c.y-r*0.35)
		dc.LineTo(c.x+r*1.15, c.y-r*0.6)
		dc.LineTo(c.x+r*0.8, c.y+r*0.05)
		dc.LineTo(c.x+r*0.25, c.y+r*0.15)
		dc.LineTo(c.x+r*0.1, c.y+r*1.05)
		dc.LineTo(c.x-r*0.1, c.y+r*1.05)
		dc.LineTo(c.x-r*0.25, c.y+r*0.15)
		dc.LineTo(c.x-r*0.8, c.y+r*0.05)
		dc.LineTo(c.x-r*1.15, c.y-r*0.6)
		dc.LineTo(c.x-r*0.25, c.y-r*0.35)
		dc.ClosePath()
		outline(colDragon)
		dc.SetColor(colSign)
		dc.DrawCircle(c.x-r*0.1, c.y-r*0.65, r*0.08)
		dc.DrawCircle(c.x+r*0.1, c.y-r*0.65, r*0.08)
		dc.Fill()
	case m&engine.MagicPortal != 0:
		// An upright oval gate, glowing.
		dc.DrawEllipse(c.x, c.y, r*0.7, r*1.0)
		dc.SetColor(colPortalIn)
		dc.Fill()
		dc.SetColor(colPortal)
		dc.SetLineWidth(math.Max(2, r*0.35))
		dc.DrawEllipse(c.x, c.y, r*0.7, r*1.0)
		dc.Stroke()
		dc.SetColor(colOutlineDk)
		dc.SetLineWidth(line)
		dc.DrawEllipse(c.x, c.y, r*0.88, r*1.18)
		dc.Stroke()
	case m&engine.TowerFoundation != 0:
		// A square of stone with battlements.
		q := r * 0.9
		dc.MoveTo(c.x-q, c.y-q)
		for i := range 4 {
			a := float64(i) * math.Pi / 2
			for k := range 5 {
				x := -q + 2*q*float64(k+1)/5
				in := 0.0
				if k%2 == 0 {
					in = q * 0.3
				}
				px, py := x, -q+in
				px, py = px*math.Cos(a)-py*math.Sin(a), px*math.Sin(a)+py*math.Cos(a)
				dc.LineTo(c.x+px, c.y+py)
			}
		}
		dc.ClosePath()
		outline(colStone)
		dc.DrawRectangle(c.x-q*0.4, c.y-q*0.4, q*0.8, q*0.8)
		dc.SetColor(colStoneDark)
		dc.Fill()
	case m&engine.FlyingMachine != 0:
		// A flying machine seen from above, nose toward its heading, on a
		// crimson arrow that shows the way it flies (drawMachine).
		drawMachine(dc, h, c, r, outline)
	case m&engine.GoldMine != 0:
		// A mine's mouth: a dark opening in a frame of timber, a gold ingot
		// before it (the ingots lying on tiles have a number: drawIngots).
		dc.MoveTo(c.x-r*0.95, c.y+r*0.75)
		dc.LineTo(c.x-r*0.95, c.y-r*0.2)
		dc.QuadraticTo(c.x-r*0.95, c.y-r*1.05, c.x, c.y-r*1.05)
		dc.QuadraticTo(c.x+r*0.95, c.y-r*1.05, c.x+r*0.95, c.y-r*0.2)
		dc.LineTo(c.x+r*0.95, c.y+r*0.75)
		dc.ClosePath()
		outline(colFerry)
		dc.MoveTo(c.x-r*0.55, c.y+r*0.75)
		dc.LineTo(c.x-r*0.55, c.y-r*0.15)
		dc.QuadraticTo(c.x-r*0.55, c.y-r*0.65, c.x, c.y-r*0.65)
		dc.QuadraticTo(c.x+r*0.55, c.y-r*0.65, c.x+r*0.55, c.y-r*0.15)
		dc.LineTo(c.x+r*0.55, c.y+r*0.75)
		dc.ClosePath()
		dc.SetColor(colOutlineDk)
		dc.Fill()
		drawIngot(dc, c.x, c.y+r*0.5, r*1.5, line*0.8)
	case m&engine.Magic != 0:
		// A purple star.
		for i := range 10 {
			a := -math.Pi/2 + float64(i)*math.Pi/5
			rr := r * 1.05
			if i%2 == 1 {
				rr = r * 0.45
			}
			if i == 0 {
				dc.MoveTo(c.x+rr*math.Cos(a), c.y+rr*math.Sin(a))
			} else {
				dc.LineTo(c.x+rr*math.Cos(a), c.y+rr*math.Sin(a))
			}
		}
		dc.ClosePath()
		outline(colMagic)
	case m&engine.CropCircle != 0:
		// Rings pressed in the grain, the type's sign in the middle
		// (drawCropCircle).
		drawCropCircle(dc, m, c, r)
	case m&engine.Bag != 0:
		// A tied sack of loot (The Robbers): a round body, its neck and
		// the cord.
		dc.MoveTo(c.x-r*0.35, c.y-r*0.55)
		dc.QuadraticTo(c.x-r*1.05, c.y-r*0.1, c.x-r*0.85, c.y+r*0.55)
		dc.QuadraticTo(c.x-r*0.7, c.y+r*0.95, c.x, c.y+r*0.95)
		dc.QuadraticTo(c.x+r*0.7, c.y+r*0.95, c.x+r*0.85, c.y+r*0.55)
		dc.QuadraticTo(c.x+r*1.05, c.y-r*0.1, c.x+r*0.35, c.y-r*0.55)
		dc.ClosePath()
		outline(colBag)
		dc.MoveTo(c.x-r*0.35, c.y-r*0.55)
		dc.LineTo(c.x-r*0.55, c.y-r*0.95)
		dc.LineTo(c.x+r*0.55, c.y-r*0.95)
		dc.LineTo(c.x+r*0.35, c.y-r*0.55)
		dc.ClosePath()
		outline(colBag)
		dc.SetColor(colOutlineDk)
		dc.SetLineWidth(line * 1.2)
		dc.DrawLine(c.x-r*0.4, c.y-r*0.58, c.x+r*0.4, c.y-r*0.58)
		dc.Stroke()
	}
}

// drawCount writes how many goods a city has, as dots under the symbol,
// when it has more than one.
func drawCount(dc *gg.Context, goods uint8, c pt, r float64) {
	if goods < 2 {
		return
	}
	n := min(int(goods), 4)
	for i := range n {
		x := c.x + (float64(i)-float64(n-1)/2)*r*0.4
		dc.DrawCircle(x, c.y+r*0.8, r*0.13)
	}
	dc.SetColor(colOutlineDk)
	dc.Fill()
}
