package render

import (
	"image/color"
	"sync"
)

// The pictures the *PNG methods write are drawn straight in one fixed
// palette of 256 colours (paletteColours): every colour the pictures use,
// and the shades of their anti-aliased edges, blends and dimmed tiles,
// chosen once from many true-colour pictures (see TestPaletteTable, which
// rewrites the table under -update-palette). Tiles are mapped to it once
// when cached and copied a byte a pixel; what is blended over them is
// mapped through a table by colour. Reducing each whole true-colour
// picture to its own palette took a third of the time of a board picture.

// palette is a fixed palette and the table that maps any colour to the
// nearest of its colours.
type palette struct {
	n   int
	rgb [256][3]uint8
	pal color.Palette
	// lut maps a colour's bucket (bucketBits a channel) to the index of
	// the nearest palette colour; a palette colour's own bucket maps to it.
	lut [numBuckets]uint8
	// shared lists the palette colours of the buckets that hold more than
	// one (isShared): their colours go to the nearest of them.
	shared   map[int][]uint8
	isShared [numBuckets]bool
}

// fixedPalette returns the palette of paletteColours, built once.
var fixedPalette = sync.OnceValue(func() *palette { return newPalette(paletteColours[:]) })

// newPalette returns the palette of colours (0xRRGGBB, at most 256, the
// most important first: where two share a bucket, the first keeps it).
func newPalette(colours []uint32) *palette {
	p := &palette{n: min(len(colours), 256)}
	p.pal = make(color.Palette, p.n)
	for i, v := range colours[:p.n] {
		c := rgb(v)
		p.rgb[i] = [3]uint8{c.R, c.G, c.B}
		p.pal[i] = c
	}
	const s = 8 - bucketBits
	const half = 1 << (s - 1)
	for k := range numBuckets {
		r := int32(k>>(2*bucketBits))<<s | half
		g := int32(k>>bucketBits&(1<<bucketBits-1))<<s | half
		b := int32(k&(1<<bucketBits-1))<<s | half
		best, bd := 0, int32(1<<30)
		for i := range p.n {
			c := p.rgb[i]
			dr, dg, db := r-int32(c[0]), g-int32(c[1]), b-int32(c[2])
			// Weighted towards green, to which the eye is most sensitive.
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
				best, bd = i, d
			}
		}
		p.lut[k] = uint8(best)
	}
	in := map[int][]uint8{}
	for i := p.n - 1; i >= 0; i-- {
		c := p.rgb[i]
		k := bucketOf(c[0], c[1], c[2])
		p.lut[k] = uint8(i)
		in[k] = append(in[k], uint8(i))
	}
	p.shared = map[int][]uint8{}
	for k, is := range in {
		if len(is) > 1 {
			p.shared[k] = is
			p.isShared[k] = true
		}
	}
	return p
}

// index returns the index of the palette colour nearest to (r, g, b): a
// palette colour maps to itself.
func (p *palette) index(r, g, b uint8) uint8 {
	k := bucketOf(r, g, b)
	if p.isShared[k] {
		return p.nearestIn(p.shared[k], r, g, b)
	}
	return p.lut[k]
}

// nearestIn returns the colour of is nearest to (r, g, b).
func (p *palette) nearestIn(is []uint8, r, g, b uint8) uint8 {
	best, bd := is[0], int32(1<<30)
	for _, i := range is {
		c := p.rgb[i]
		dr, dg, db := int32(r)-int32(c[0]), int32(g)-int32(c[1]), int32(b)-int32(c[2])
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
			best, bd = i, d
		}
	}
	return best
}
