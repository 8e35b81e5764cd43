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
	halo := math.Max(1.5, float64(h)*0.07)
	line := math.Max(1, float64(h)*0.045)
	pad := int(math.Ceil(halo + line + 1))
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
		for i, p := range meepleOutline {
			x, y := tr(p)
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.ClosePath()
		hx, hy := tr(pt{meepleHeadX, meepleHeadY})
		dc.NewSubPath()
		dc.DrawCircle(hx, hy, meepleHeadR*hf)
	}
	dc.SetLineJoinRound()
	shape()
	// Not color.RGBA, which is premultiplied: white at 0xe8 would be an
	// invalid colour whose channels overflow when blended (specks of cyan
	// and magenta around the followers).
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
		for i, p := range crownOutline {
			x, y := at(p)
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.ClosePath()
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
