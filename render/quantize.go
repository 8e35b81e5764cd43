package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"slices"
	"sync"
)

// The pictures are flat colours with anti-aliased edges: a board of 72 tiles
// uses a few hundred distinct colours once nearby shades are merged. Writing
// them as 8-bit paletted PNGs makes encoding about five times faster than
// true colour (the encoder neither tries its five row filters nor deflates
// three bytes a pixel) and the files smaller, with no visible change.

// bucketBits is the precision, per channel, of the colour buckets that the
// palette is built from.
const bucketBits = 5

const numBuckets = 1 << (3 * bucketBits)

func bucketOf(r, g, b uint8) int {
	const s = 8 - bucketBits
	return int(r>>s)<<(2*bucketBits) | int(g>>s)<<bucketBits | int(b>>s)
}

// quantizer holds the work space of one quantization; quantizers are pooled.
type quantizer struct {
	count            [numBuckets]uint32
	sumR, sumG, sumB [numBuckets]uint32
	index            [numBuckets]uint8
	used             []int32
	pix              []byte // the paletted picture's pixels, reused
	// Work space of the palette's choice.
	cols, restCol [][3]int32
	near          []int32
	nearIdx       []uint8
}

// paletteByUse is how many of the 256 colours of a picture with more
// buckets are its most used ones; the others go to the shades farthest
// from them.
const paletteByUse = 192

var quantizers = sync.Pool{New: func() any { return new(quantizer) }}

// maxQuantPixels bounds the pictures quantized: the sums per bucket must not
// overflow 32 bits.
const maxQuantPixels = 1 << 24

// toPaletted returns img as a paletted image of at most 256 colours: the
// colours of the most used buckets (each the average of the pixels in it),
// and of the buckets farthest from them (see paletteByUse), every other
// bucket mapped to the nearest of them. It returns false when
// img has a pixel that is not opaque or is too large. The result's pixels
// belong to q: they are valid until q is used again.
func (q *quantizer) toPaletted(img *image.RGBA) (*image.Paletted, bool) {
	b := img.Rect
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 || w*h > maxQuantPixels {
		return nil, false
	}
	clear(q.count[:])
	clear(q.sumR[:])
	clear(q.sumG[:])
	clear(q.sumB[:])
	q.used = q.used[:0]
	// Count the pixels by bucket, a run of equal pixels at a time: most of
	// a picture is flat colour.
	add := func(px uint32, n uint32) {
		r, g, b := uint8(px), uint8(px>>8), uint8(px>>16)
		k := bucketOf(r, g, b)
		if q.count[k] == 0 {
			q.used = append(q.used, int32(k))
		}
		q.count[k] += n
		q.sumR[k] += n * uint32(r)
		q.sumG[k] += n * uint32(g)
		q.sumB[k] += n * uint32(b)
	}
	for y := range h {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		prev := binary.LittleEndian.Uint32(row)
		if prev>>24 != 0xff {
			return nil, false
		}
		run := uint32(0)
		pair := uint64(prev) | uint64(prev)<<32
		i := 0
		// Two pixels at a time while they repeat the last one.
		for ; i+8 <= len(row); i += 8 {
			v := binary.LittleEndian.Uint64(row[i:])
			if v == pair {
				run += 2
				continue
			}
			for _, px := range [2]uint32{uint32(v), uint32(v >> 32)} {
				if px == prev {
					run++
					continue
				}
				if px>>24 != 0xff {
					return nil, false
				}
				add(prev, run)
				run, prev = 1, px
			}
			pair = uint64(prev) | uint64(prev)<<32
		}
		for ; i < len(row); i += 4 {
			px := binary.LittleEndian.Uint32(row[i:])
			if px == prev {
				run++
				continue
			}
			if px>>24 != 0xff {
				return nil, false
			}
			add(prev, run)
			run, prev = 1, px
		}
		add(prev, run)
	}
	// The most used buckets make the palette; ties go to the lower bucket
	// so that the result does not depend on the order of the pixels.
	slices.SortFunc(q.used, func(a, b int32) int {
		if ca, cb := q.count[a], q.count[b]; ca != cb {
			if ca > cb {
				return -1
			}
			return 1
		}
		return int(a - b)
	})
	// The palette: the most used buckets first, then, while there are more
	// buckets than colours, the buckets farthest from every colour chosen
	// (weighted by how much they are used, up to a point): the shades of
	// anti-aliased edges that no flat colour is near, which the nearest
	// colour would otherwise turn into specks.
	avg := func(k int32) [3]int32 {
		c := q.count[k]
		return [3]int32{int32((q.sumR[k] + c/2) / c), int32((q.sumG[k] + c/2) / c), int32((q.sumB[k] + c/2) / c)}
	}
	dist := func(a, b [3]int32) int32 {
		dr, dg, db := a[0]-b[0], a[1]-b[1], a[2]-b[2]
		// Weighted towards green, to which the eye is most sensitive.
		return 3*dr*dr + 4*dg*dg + 2*db*db
	}
	n := min(len(q.used), 256)
	top := n
	if len(q.used) > 256 {
		top = paletteByUse
	}
	cols := q.cols[:0]
	for i, k := range q.used[:top] {
		cols = append(cols, avg(k))
		q.index[k] = uint8(i)
	}
	rest := q.used[top:]
	restCol := q.restCol[:0]
	near := q.near[:0] // per bucket of rest: distance to, and index of, the nearest colour
	nearIdx := q.nearIdx[:0]
	for _, k := range rest {
		c := avg(k)
		restCol = append(restCol, c)
		best, bd := 0, int32(1<<30)
		for i, pc := range cols {
			if d := dist(c, pc); d < bd {
				best, bd = i, d
			}
		}
		near = append(near, bd)
		nearIdx = append(nearIdx, uint8(best))
	}
	for len(cols) < n {
		pick, score := -1, int64(-1)
		for j, k := range rest {
			if s := int64(near[j]) * int64(min(q.count[k], 64)); s > score {
				pick, score = j, s
			}
		}
		i := len(cols)
		cols = append(cols, restCol[pick])
		near[pick], nearIdx[pick] = 0, uint8(i)
		for j, c := range restCol {
			if d := dist(c, restCol[pick]); d < near[j] {
				near[j], nearIdx[j] = d, uint8(i)
			}
		}
	}
	for j, k := range rest {
		q.index[k] = nearIdx[j]
	}
	q.cols, q.restCol, q.near, q.nearIdx = cols, restCol, near, nearIdx
	pal := make(color.Palette, len(cols))
	for i, c := range cols {
		pal[i] = color.RGBA{uint8(c[0]), uint8(c[1]), uint8(c[2]), 0xff}
	}
	if cap(q.pix) < w*h {
		q.pix = make([]byte, w*h)
	}
	out := &image.Paletted{Pix: q.pix[:w*h], Stride: w, Rect: b, Palette: pal}
	for y := range h {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		dst := out.Pix[y*out.Stride : y*out.Stride+w]
		prev := binary.LittleEndian.Uint32(row)
		idx := q.index[bucketOf(uint8(prev), uint8(prev>>8), uint8(prev>>16))]
		pair := uint64(prev) | uint64(prev)<<32
		x := 0
		for ; x+2 <= len(dst); x += 2 {
			v := binary.LittleEndian.Uint64(row[4*x:])
			if v == pair {
				dst[x], dst[x+1] = idx, idx
				continue
			}
			for j, px := range [2]uint32{uint32(v), uint32(v >> 32)} {
				if px != prev {
					prev = px
					idx = q.index[bucketOf(uint8(px), uint8(px>>8), uint8(px>>16))]
				}
				dst[x+j] = idx
			}
			pair = uint64(prev) | uint64(prev)<<32
		}
		for ; x < len(dst); x++ {
			px := binary.LittleEndian.Uint32(row[4*x:])
			if px != prev {
				prev = px
				idx = q.index[bucketOf(uint8(px), uint8(px>>8), uint8(px>>16))]
			}
			dst[x] = idx
		}
	}
	return out, true
}
