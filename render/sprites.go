package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// meepleOutline is a follower's silhouette, standing, in a unit box (x
// right, y down): the body; the head is a circle.
var meepleOutline = []pt{
	{0.40, 0.30}, {0.14, 0.37}, {0.05, 0.44}, {0.05, 0.52}, {0.13, 0.56},
	{0.31, 0.54}, {0.17, 0.93}, {0.20, 0.98}, {0.40, 0.98}, {0.50, 0.80},
	{0.60, 0.98}, {0.80, 0.98}, {0.83, 0.93}, {0.69, 0.54}, {0.87, 0.56},
	{0.95, 0.52}, {0.95, 0.44}, {0.86, 0.37}, {0.60, 0.30},
}

const (
	meepleHeadX, meepleHeadY, meepleHeadR = 0.5, 0.19, 0.165
)

// drawMeeple draws a follower h pixels tall (standing; lying, h wide) in
// colour fill with a dark outline and a pale halo, and letter on its body in
// ink. The image is just large enough; its centre is the follower's centre.
func drawMeeple(face font.Face, h int, lying bool, fill, ink color.RGBA, letter string) *image.RGBA {
	pad := figurePad(h)
	n := h + 2*pad
	dc := gg.NewContext(n, n)
	hf := float64(h)
	tr := func(p pt) (float64, float64) {
		if lying { // head to the west, feet to the east
			p = pt{p.y, 1 - p.x}
		}
		return float64(pad) + p.x*hf, float64(pad) + p.y*hf
	}
	shape := func() {
		tracePolygon(dc, meepleOutline, tr)
		hx, hy := tr(pt{meepleHeadX, meepleHeadY})
		dc.NewSubPath()
		dc.DrawCircle(hx, hy, meepleHeadR*hf)
	}
	figureSilhouette(dc, shape, h, fill)
	img := dc.Image().(*image.RGBA)
	if letter != "" && face != nil {
		cx, cy := tr(pt{0.5, 0.6})
		if lying {
			cx, cy = tr(pt{0.5, 0.58})
		}
		x, y := textOrigin(face, int(math.Round(cx)), int(math.Round(cy)), alignCentre, letter)
		drawText(img, face, ink, x, y, letter)
	}
	return img
}

// drawDisc draws a disc of radius r pixels with a ring of width ring pixels:
// the badge that numbers candidate cells and names follower spots.
func drawDisc(r int, ring float64, fill, edge color.RGBA) *image.RGBA {
	n := 2*r + 2
	dc := gg.NewContext(n, n)
	c := float64(n) / 2
	dc.SetColor(color.RGBA{0, 0, 0, 0x60})
	dc.DrawCircle(c+0.5, c+1, float64(r))
	dc.Fill()
	dc.SetColor(edge)
	dc.DrawCircle(c, c, float64(r))
	dc.Fill()
	dc.SetColor(fill)
	dc.DrawCircle(c, c, float64(r)-ring)
	dc.Fill()
	return dc.Image().(*image.RGBA)
}

// drawPointedDisc draws the disc of drawDisc, radius r, with a pointer
// r/2 pixels long on side s, toward a cell off the picture's window: the
// sprite is square and the disc at its centre, so that blit centres the
// disc.
func drawPointedDisc(r int, ring float64, s side, fill, edge color.RGBA) *image.RGBA {
	p := r/2 + 1
	n := 2*(r+p) + 2
	dc := gg.NewContext(n, n)
	c := float64(n) / 2
	rf := float64(r)
	tip := func() {
		// The pointer: a triangle from the disc's rim to the tip.
		a, b, t := pt{}, pt{}, pt{}
		w := rf * 0.55
		switch s {
		case sideLeft:
			a, b, t = pt{c - rf*0.8, c - w}, pt{c - rf*0.8, c + w}, pt{c - rf - float64(p), c}
		case sideRight:
			a, b, t = pt{c + rf*0.8, c - w}, pt{c + rf*0.8, c + w}, pt{c + rf + float64(p), c}
		case sideTop:
			a, b, t = pt{c - w, c - rf*0.8}, pt{c + w, c - rf*0.8}, pt{c, c - rf - float64(p)}
		default:
			a, b, t = pt{c - w, c + rf*0.8}, pt{c + w, c + rf*0.8}, pt{c, c + rf + float64(p)}
		}
		dc.MoveTo(a.x, a.y)
		dc.LineTo(t.x, t.y)
		dc.LineTo(b.x, b.y)
		dc.ClosePath()
	}
	dc.SetColor(edge)
	tip()
	dc.Fill()
	dc.DrawCircle(c, c, rf)
	dc.Fill()
	dc.SetColor(fill)
	dc.DrawCircle(c, c, rf-ring)
	dc.Fill()
	return dc.Image().(*image.RGBA)
}

// drawCandidate draws the overlay of a cell where the drawn tile fits: a
// light dashed frame inside a cell of size pixels.
func drawCandidate(size int) *image.RGBA {
	dc := gg.NewContext(size, size)
	s := float64(size)
	in := math.Max(2, s*0.06)
	dc.DrawRoundedRectangle(in, in, s-2*in, s-2*in, s*0.1)
	dc.SetColor(color.RGBA{0x5a, 0x54, 0x30, 0x70})
	dc.FillPreserve()
	dc.SetColor(colHighlight)
	dc.SetLineWidth(math.Max(1.5, s*0.03))
	dc.SetDash(s*0.09, s*0.06)
	dc.Stroke()
	return dc.Image().(*image.RGBA)
}

// drawSquareBadge draws a rounded square reaching r pixels from its centre
// to its sides, with a rim of width ring pixels: the badge that names
// follower spots.
func drawSquareBadge(r int, ring float64, fill, edge color.RGBA) *image.RGBA {
	n := 2*r + 3
	dc := gg.NewContext(n, n)
	c := float64(n) / 2
	s := float64(r)
	corner := s * 0.45
	dc.SetColor(color.RGBA{0, 0, 0, 0x60})
	dc.DrawRoundedRectangle(c-s+0.5, c-s+1, 2*s, 2*s, corner)
	dc.Fill()
	dc.SetColor(edge)
	dc.DrawRoundedRectangle(c-s, c-s, 2*s, 2*s, corner)
	dc.Fill()
	dc.SetColor(fill)
	dc.DrawRoundedRectangle(c-s+ring, c-s+ring, 2*(s-ring), 2*(s-ring), math.Max(1, corner-ring))
	dc.Fill()
	return dc.Image().(*image.RGBA)
}

// The colours of the King and Robber Baron tokens (King & Robber Baron):
// a gold crown and a violet bandit's mask, each a colour no other part of
// the pictures uses, so that they are told apart from the followers and
// from each other at a glance.
var (
	colCrown     = rgb(0xe8a317)
	colCrownDark = rgb(0x7a4f06)
	colMask      = rgb(0x5a2d82)
)

// crownOutline is the King's crown in a unit box (x right, y down): a band
// with three points.
var crownOutline = []pt{
	{0.06, 0.86}, {0.06, 0.30}, {0.30, 0.56}, {0.50, 0.14}, {0.70, 0.56}, {0.94, 0.30}, {0.94, 0.86},
}

// drawCrown draws the King's token h pixels wide: a gold crown with a dark
// outline and a pale halo, and a jewel on each point. The image's centre
// is the crown's centre.
func drawCrown(h int) *image.RGBA {
	hf := float64(h)
	line := math.Max(1, hf*0.07)
	halo := math.Max(1, hf*0.06)
	pad := int(math.Ceil(halo+line)) + 1
	dc := gg.NewContext(h+2*pad, h+2*pad)
	at := func(p pt) (float64, float64) { return float64(pad) + p.x*hf, float64(pad) + p.y*hf }
	shape := func() {
		tracePolygon(dc, crownOutline, at)
	}
	dc.SetLineJoinRound()
	shape()
	dc.SetColor(color.NRGBA{0xff, 0xff, 0xff, 0xd0})
	dc.SetLineWidth(2 * (halo + line))
	dc.Stroke()
	shape()
	dc.SetColor(colCrownDark)
	dc.SetLineWidth(2 * line)
	dc.StrokePreserve()
	dc.SetColor(colCrown)
	dc.Fill()
	for _, p := range []pt{crownOutline[1], crownOutline[3], crownOutline[5]} {
		x, y := at(p)
		dc.DrawCircle(x, y, math.Max(1.2, hf*0.08))
		dc.SetColor(colCrownDark)
		dc.Fill()
	}
	// The band.
	x0, y0 := at(pt{0.06, 0.70})
	x1, _ := at(pt{0.94, 0.70})
	dc.SetColor(colCrownDark)
	dc.SetLineWidth(math.Max(1, hf*0.06))
	dc.DrawLine(x0, y0, x1, y0)
	dc.Stroke()
	return dc.Image().(*image.RGBA)
}

// drawMask draws the Robber Baron's token h pixels wide: a violet
// bandit's mask with two white eyes, a pale halo around it. The image's
// centre is the mask's centre.
func drawMask(h int) *image.RGBA {
	hf := float64(h)
	halo := math.Max(1.2, hf*0.08)
	pad := int(math.Ceil(halo)) + 1
	dc := gg.NewContext(h+2*pad, h+2*pad)
	o := float64(pad)
	shape := func() {
		// Two lobes joined over the nose, tied at the sides.
		dc.MoveTo(o+0.02*hf, o+0.40*hf)
		dc.CubicTo(o+0.05*hf, o+0.18*hf, o+0.35*hf, o+0.20*hf, o+0.50*hf, o+0.30*hf)
		dc.CubicTo(o+0.65*hf, o+0.20*hf, o+0.95*hf, o+0.18*hf, o+0.98*hf, o+0.40*hf)
		dc.CubicTo(o+1.00*hf, o+0.70*hf, o+0.70*hf, o+0.80*hf, o+0.57*hf, o+0.66*hf)
		dc.LineTo(o+0.50*hf, o+0.58*hf)
		dc.LineTo(o+0.43*hf, o+0.66*hf)
		dc.CubicTo(o+0.30*hf, o+0.80*hf, o+0.00*hf, o+0.70*hf, o+0.02*hf, o+0.40*hf)
		dc.ClosePath()
	}
	dc.SetLineJoinRound()
	shape()
	dc.SetColor(color.NRGBA{0xff, 0xff, 0xff, 0xd0})
	dc.SetLineWidth(2 * halo)
	dc.StrokePreserve()
	dc.SetColor(colMask)
	dc.Fill()
	dc.SetColor(colWhite)
	for _, x := range []float64{0.27, 0.73} {
		dc.DrawEllipse(o+x*hf, o+0.46*hf, 0.11*hf, 0.075*hf)
		dc.Fill()
	}
	return dc.Image().(*image.RGBA)
}

// builderOutline is the builder's silhouette (Traders & Builders) in a unit
// box (x right, y down), below its hard hat: a slim figure without the
// follower's spread arms, widening to a broad foot, so that it reads as a
// different piece at a glance; the head is a circle and the hat a dome
// with a wide brim.
var builderOutline = []pt{
	{0.40, 0.40}, {0.60, 0.40}, {0.70, 0.52}, {0.66, 0.60}, {0.70, 0.88},
	{0.84, 0.92}, {0.84, 0.99}, {0.16, 0.99}, {0.16, 0.92}, {0.30, 0.88},
	{0.34, 0.60}, {0.30, 0.52},
}

const (
	builderHeadX, builderHeadY, builderHeadR = 0.5, 0.29, 0.12
	builderBrimY                             = 0.22 // the hat's brim, across the top of the head
)

// figureSilhouette draws a figure's shape with dark outline and pale halo
// on an n × n context: shape traces the path; it is filled with fill.
func figureSilhouette(dc *gg.Context, shape func(), h int, fill color.RGBA) {
	halo := math.Max(1.5, float64(h)*0.07)
	line := math.Max(1, float64(h)*0.045)
	dc.SetLineJoinRound()
	dc.SetLineCapRound()
	shape()
	// Not color.RGBA, which is premultiplied: white at 0xe8 would be an
	// invalid colour whose channels overflow when blended (specks of cyan
	// and magenta around the figures).
	dc.SetColor(color.NRGBA{0xff, 0xff, 0xff, 0xe8})
	dc.SetLineWidth(2 * (halo + line))
	dc.StrokePreserve()
	dc.Fill()
	shape()
	dc.SetColor(color.RGBA{0x14, 0x14, 0x16, 0xff})
	dc.SetLineWidth(2 * line)
	dc.StrokePreserve()
	dc.Fill()
	shape()
	dc.SetColor(fill)
	dc.Fill()
}

// figurePad returns the margin around a figure h pixels tall that holds
// its outline and halo, in pixels.
func figurePad(h int) int {
	return int(math.Ceil(math.Max(1.5, float64(h)*0.07) + math.Max(1, float64(h)*0.045) + 1))
}

// drawBuilder draws the builder (Traders & Builders) h pixels tall in
// colour fill, outlined as a follower is: a slim standing figure with a
// builder's hard hat and no spread arms, and letter on its foot in ink. The
// image is just large enough; its centre is the figure's centre.
func drawBuilder(face font.Face, h int, fill, ink color.RGBA, letter string) *image.RGBA {
	pad := figurePad(h)
	n := h + 2*pad
	dc := gg.NewContext(n, n)
	hf := float64(h)
	at := func(p pt) (float64, float64) { return float64(pad) + p.x*hf, float64(pad) + p.y*hf }
	shape := func() {
		tracePolygon(dc, builderOutline, at)
		hx, hy := at(pt{builderHeadX, builderHeadY})
		dc.NewSubPath()
		dc.DrawCircle(hx, hy, builderHeadR*hf)
		// The hard hat: a dome over the head and a brim wider than it.
		dc.NewSubPath()
		x0, y0 := at(pt{0.14, builderBrimY - 0.035})
		dc.DrawRoundedRectangle(x0, y0, 0.72*hf, 0.07*hf, 0.03*hf)
		dc.NewSubPath()
		dc.DrawEllipticalArc(hx, y0+0.01*hf, 0.19*hf, 0.17*hf, math.Pi, 2*math.Pi)
		dc.ClosePath()
	}
	figureSilhouette(dc, shape, h, fill)
	img := dc.Image().(*image.RGBA)
	if letter != "" && face != nil {
		cx, cy := at(pt{0.5, 0.74})
		x, y := textOrigin(face, int(math.Round(cx)), int(math.Round(cy)), alignCentre, letter)
		drawText(img, face, ink, x, y, letter)
	}
	return img
}

// drawPig draws the pig (Traders & Builders) h pixels long in colour fill,
// outlined as a follower is: a round body on four short legs, seen from
// the side, with an ear, a pink snout and a curled tail, and letter on its body
// in ink. It is about two thirds as tall as long. The image is just large
// enough; its centre is the pig's centre.
func drawPig(face font.Face, h int, fill, ink color.RGBA, letter string) *image.RGBA {
	pad := figurePad(h)
	n := h + 2*pad
	dc := gg.NewContext(n, n)
	hf := float64(h)
	o := float64(pad)
	at := func(x, y float64) (float64, float64) { return o + x*hf, o + y*hf }
	shape := func() {
		// The body, seen from the side, head to the east.
		x, y := at(0.46, 0.50)
		dc.DrawEllipse(x, y, 0.36*hf, 0.23*hf)
		// The head and its snout.
		dc.NewSubPath()
		x, y = at(0.80, 0.42)
		dc.DrawCircle(x, y, 0.15*hf)
		dc.NewSubPath()
		x, y = at(0.93, 0.46)
		dc.DrawEllipse(x, y, 0.06*hf, 0.08*hf)
		// An ear.
		dc.NewSubPath()
		dc.MoveTo(at(0.72, 0.32))
		dc.LineTo(at(0.78, 0.17))
		dc.LineTo(at(0.86, 0.30))
		dc.ClosePath()
		// Four short legs.
		for _, lx := range [...]float64{0.20, 0.33, 0.58, 0.70} {
			dc.NewSubPath()
			x, y := at(lx-0.045, 0.62)
			dc.DrawRectangle(x, y, 0.09*hf, 0.20*hf)
		}
	}
	figureSilhouette(dc, shape, h, fill)
	// The curled tail and the snout's nostrils, in the outline's colour.
	line := math.Max(1, hf*0.045)
	dc.SetColor(color.RGBA{0x14, 0x14, 0x16, 0xff})
	dc.SetLineWidth(1.6 * line)
	dc.NewSubPath()
	x, y := at(0.08, 0.40)
	dc.DrawArc(x, y, 0.045*hf, 0, 1.6*math.Pi)
	dc.Stroke()
	x, y = at(0.93, 0.46)
	dc.DrawEllipse(x, y, 0.05*hf, 0.07*hf)
	dc.SetColor(colPig)
	dc.Fill()
	dc.SetColor(color.RGBA{0x14, 0x14, 0x16, 0xff})
	for _, ny := range [...]float64{0.43, 0.49} {
		x, y := at(0.94, ny)
		dc.DrawCircle(x, y, math.Max(0.7, 0.018*hf))
		dc.Fill()
	}
	img := dc.Image().(*image.RGBA)
	if letter != "" && face != nil {
		x, y := at(0.44, 0.50)
		tx, ty := textOrigin(face, int(math.Round(x)), int(math.Round(y)), alignCentre, letter)
		drawText(img, face, ink, tx, ty, letter)
	}
	return img
}

// tracePolygon adds to dc's path the closed polygon of outline, its points
// mapped to pixels by at.
func tracePolygon(dc *gg.Context, outline []pt, at func(pt) (float64, float64)) {
	for i, p := range outline {
		x, y := at(p)
		if i == 0 {
			dc.MoveTo(x, y)
		} else {
			dc.LineTo(x, y)
		}
	}
	dc.ClosePath()
}
