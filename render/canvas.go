package render

import (
	"image"
	"image/color"
	"image/draw"

	"github.com/meeple-works/carcassonne/engine"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// canvas is what the pictures are drawn on: a true-colour image (the
// pictures Board, Final, Turn and Preview return) or a paletted one in the
// fixed palette (the pictures the *PNG methods write, without reducing
// millions of true-colour pixels to a palette each time). Translucent
// colours and sprites are premultiplied and blended over what is there.
type canvas interface {
	Bounds() image.Rectangle
	// fill fills r with c, blending over when c is translucent.
	fill(r image.Rectangle, c color.RGBA)
	// tile copies the picture of a tile (see cache.art) onto r, whose size
	// is the picture's.
	tile(r image.Rectangle, ts *engine.TileSet, id engine.TileID, rot engine.Rotation, closed uint32)
	// over blends sprite src over the canvas with its top-left corner at
	// pixel at.
	over(at image.Point, src *image.RGBA)
	// text writes s in face f and colour c, its left end at x and its
	// baseline at y (pixels).
	text(f font.Face, c color.RGBA, x, y int, s string)
}

// rgbaCanvas draws in true colour.
type rgbaCanvas struct {
	img   *image.RGBA
	cache *cache
}

func (d rgbaCanvas) Bounds() image.Rectangle { return d.img.Rect }

func (d rgbaCanvas) fill(r image.Rectangle, c color.RGBA) { fillRect(d.img, r, c) }

func (d rgbaCanvas) tile(r image.Rectangle, ts *engine.TileSet, id engine.TileID, rot engine.Rotation, closed uint32) {
	draw.Draw(d.img, r, d.cache.art(ts, id, rot, r.Dx(), closed), image.Point{}, draw.Src)
}

func (d rgbaCanvas) over(at image.Point, src *image.RGBA) {
	b := src.Bounds()
	draw.Draw(d.img, image.Rectangle{at, at.Add(b.Size())}, src, b.Min, draw.Over)
}

func (d rgbaCanvas) text(f font.Face, c color.RGBA, x, y int, s string) {
	drawText(d.img, f, c, x, y, s)
}

// palCanvas draws in the fixed palette: tiles are copied from their
// paletted pictures, opaque fills set indices, and whatever is blended
// (sprites, text, translucent fills) is blended with the palette colour
// under it and mapped to the nearest palette colour.
type palCanvas struct {
	img   *image.Paletted
	pal   *palette
	cache *cache
}

func (d palCanvas) Bounds() image.Rectangle { return d.img.Rect }

func (d palCanvas) fill(r image.Rectangle, c color.RGBA) {
	r = r.Intersect(d.img.Rect)
	if r.Empty() || c.A == 0 {
		return
	}
	if c.A == 0xff {
		i := d.pal.index(c.R, c.G, c.B)
		n := r.Dx()
		o := d.img.PixOffset(r.Min.X, r.Min.Y)
		row := d.img.Pix[o : o+n : o+n]
		for x := range row {
			row[x] = i
		}
		for y := r.Min.Y + 1; y < r.Max.Y; y++ {
			o := d.img.PixOffset(r.Min.X, y)
			copy(d.img.Pix[o:o+n], row)
		}
		return
	}
	// Translucent: what each palette colour becomes under c.
	var to [256]uint8
	for i := range d.pal.n {
		to[i] = d.pal.index(blendOver(c, 0xff, d.pal.rgb[i]))
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := d.img.PixOffset(r.Min.X, y)
		row := d.img.Pix[o : o+r.Dx()]
		for x, v := range row {
			row[x] = to[v]
		}
	}
}

func (d palCanvas) tile(r image.Rectangle, ts *engine.TileSet, id engine.TileID, rot engine.Rotation, closed uint32) {
	art := d.cache.palArt(ts, id, rot, r.Dx(), closed)
	dst := r.Intersect(d.img.Rect)
	if dst.Empty() {
		return
	}
	for y := dst.Min.Y; y < dst.Max.Y; y++ {
		o := d.img.PixOffset(dst.Min.X, y)
		so := art.PixOffset(dst.Min.X-r.Min.X, y-r.Min.Y)
		copy(d.img.Pix[o:o+dst.Dx()], art.Pix[so:])
	}
}

func (d palCanvas) over(at image.Point, src *image.RGBA) {
	b := src.Bounds()
	r := image.Rectangle{at, at.Add(b.Size())}.Intersect(d.img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		so := src.PixOffset(b.Min.X+r.Min.X-at.X, b.Min.Y+y-at.Y)
		o := d.img.PixOffset(r.Min.X, y)
		row := d.img.Pix[o : o+r.Dx()]
		for x := range row {
			s := src.Pix[so+4*x : so+4*x+4 : so+4*x+4]
			switch s[3] {
			case 0:
			case 0xff:
				row[x] = d.pal.index(s[0], s[1], s[2])
			default:
				row[x] = d.pal.index(blendOver(color.RGBA{s[0], s[1], s[2], s[3]}, 0xff, d.pal.rgb[row[x]]))
			}
		}
	}
}

func (d palCanvas) text(f font.Face, c color.RGBA, x, y int, s string) {
	dot := fixed.P(x, y)
	prev := rune(-1)
	for _, ch := range s {
		if prev >= 0 {
			dot.X += f.Kern(prev, ch)
		}
		dr, mask, mp, adv, ok := f.Glyph(dot, ch)
		if !ok {
			continue
		}
		d.mask(dr, c, mask, mp)
		dot.X += adv
		prev = ch
	}
}

// mask blends colour c over r through the alpha of mask from mp.
func (d palCanvas) mask(r image.Rectangle, c color.RGBA, mask image.Image, mp image.Point) {
	clip := r.Intersect(d.img.Rect)
	mp = mp.Add(clip.Min.Sub(r.Min))
	alpha, _ := mask.(*image.Alpha)
	for y := clip.Min.Y; y < clip.Max.Y; y++ {
		o := d.img.PixOffset(clip.Min.X, y)
		row := d.img.Pix[o : o+clip.Dx()]
		for x := range row {
			var m uint8
			if alpha != nil {
				m = alpha.Pix[alpha.PixOffset(mp.X+x, mp.Y+y-clip.Min.Y)]
			} else {
				_, _, _, a := mask.At(mp.X+x, mp.Y+y-clip.Min.Y).RGBA()
				m = uint8(a >> 8)
			}
			switch m {
			case 0:
			case 0xff:
				if c.A == 0xff {
					row[x] = d.pal.index(c.R, c.G, c.B)
					break
				}
				fallthrough
			default:
				row[x] = d.pal.index(blendOver(c, m, d.pal.rgb[row[x]]))
			}
		}
	}
}

// blendOver returns premultiplied colour src, seen through a mask of
// alpha m, blended over the opaque colour dst, as image/draw's Over does
// it (16 bits a channel).
func blendOver(src color.RGBA, m uint8, dst [3]uint8) (r, g, b uint8) {
	const mx = 0xffff
	ma := uint32(m) * 0x101
	sa := uint32(src.A) * 0x101
	a := mx - sa*ma/mx
	ch := func(s, d uint8) uint8 {
		return uint8(((uint32(d)*0x101*a + uint32(s)*0x101*ma) / mx) >> 8)
	}
	return ch(src.R, dst[0]), ch(src.G, dst[1]), ch(src.B, dst[2])
}
