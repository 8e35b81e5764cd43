package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// fontSet holds the parsed fonts. A parsed *truetype.Font is read-only and
// may be shared between goroutines; the faces made from it may not.
type fontSet struct {
	regular, bold *truetype.Font
}

func parseFonts() (fontSet, error) {
	reg, err := truetype.Parse(goregular.TTF)
	if err != nil {
		return fontSet{}, err
	}
	bold, err := truetype.Parse(gobold.TTF)
	if err != nil {
		return fontSet{}, err
	}
	return fontSet{reg, bold}, nil
}

// faceKey names a face: a font and a size in pixels.
type faceKey struct {
	bold bool
	size int
}

// kit is what one drawing goroutine holds while it renders: its own faces
// (a font.Face caches glyphs and is not safe for concurrent use). Kits are
// pooled by the Renderer.
type kit struct {
	fonts fontSet
	faces map[faceKey]font.Face
}

func (k *kit) face(bold bool, size int) font.Face {
	size = max(size, 6)
	key := faceKey{bold, size}
	if f, ok := k.faces[key]; ok {
		return f
	}
	if len(k.faces) > 64 { // sizes follow the tile size; keep the cache small
		clear(k.faces)
	}
	ft := k.fonts.regular
	if bold {
		ft = k.fonts.bold
	}
	f := &measuredFace{
		Face: truetype.NewFace(ft, &truetype.Options{Size: float64(size), DPI: 72, Hinting: font.HintingFull, GlyphCacheEntries: glyphCacheEntries}),
		adv:  make(map[rune]fixed.Int26_6),
	}
	k.faces[key] = f
	return f
}

// measuredFace remembers the advances of the glyphs it has measured: the
// truetype face loads and hints a glyph again at every GlyphAdvance.
type measuredFace struct {
	font.Face
	adv  map[rune]fixed.Int26_6
	capH int // the cap height, once measured; 0 before
}

// GlyphAdvance returns the advance of r, from memory after the first time.
func (f *measuredFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if a, ok := f.adv[r]; ok {
		return a, true
	}
	a, ok := f.Face.GlyphAdvance(r)
	if ok {
		f.adv[r] = a
	}
	return a, ok
}

type kitPool struct {
	fonts fontSet
	pool  sync.Pool
}

func (p *kitPool) get() *kit {
	if k, ok := p.pool.Get().(*kit); ok {
		return k
	}
	return &kit{fonts: p.fonts, faces: make(map[faceKey]font.Face)}
}

func (p *kitPool) put(k *kit) { p.pool.Put(k) }

// textWidth returns the advance of s in face f, in pixels.
func textWidth(f font.Face, s string) int {
	return font.MeasureString(f, s).Ceil()
}

// drawText draws s with its left end at x and its baseline at y (pixels).
func drawText(dst draw.Image, f font.Face, col color.Color, x, y int, s string) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(col), Face: f, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// align is where a point lies in a text box: 0 left/top, 0.5 centre, 1
// right/bottom.
type align struct{ x, y float64 }

var (
	alignCentre = align{0.5, 0.5}
	alignLeft   = align{0, 0.5}
	alignRight  = align{1, 0.5}
)

// drawTextAt draws s on dst so that point (x, y) lies at a of its box: the
// advance across, and the cap height (not the descenders) from top to
// bottom.
func drawTextAt(dst canvas, f font.Face, col color.RGBA, x, y int, a align, s string) {
	bx, by := textOrigin(f, x, y, a, s)
	dst.text(f, col, bx, by, s)
}

// textOrigin returns where the baseline of s starts when point (x, y) lies
// at a of its box (see drawTextAt).
func textOrigin(f font.Face, x, y int, a align, s string) (bx, by int) {
	w := textWidth(f, s)
	capH := capHeight(f)
	return x - int(math.Round(float64(w)*a.x)), y + int(math.Round(float64(capH)*(1-a.y)))
}

// capHeight returns the height of a capital letter in face f, in pixels
// (measured once per face made by a kit).
func capHeight(f font.Face) int {
	if m, ok := f.(*measuredFace); ok {
		if m.capH == 0 {
			m.capH = max(1, measureCapHeight(m.Face))
		}
		return m.capH
	}
	return measureCapHeight(f)
}

// measureCapHeight measures the height of a capital letter in face f, in
// pixels.
func measureCapHeight(f font.Face) int {
	b, _, ok := f.GlyphBounds('H')
	if !ok {
		return f.Metrics().Ascent.Ceil()
	}
	return (-b.Min.Y).Ceil()
}

// fitText shortens s with an ellipsis until it is at most w pixels wide.
func fitText(f font.Face, s string, w int) string {
	if textWidth(f, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		t := string(r) + "…"
		if textWidth(f, t) <= w {
			return t
		}
	}
	return ""
}

// glyphCacheEntries is the size of each face's glyph cache (a power of
// two, as truetype wants). The truetype package's default, 512, allocates
// room for 512 glyphs of the font's largest box with every face made:
// several MB a face at the sizes of the final picture, which the kits of
// the pool kept (69% of a bot's memory after one game with every
// expansion). The pictures' words use a few dozen letters and digits.
const glyphCacheEntries = 64
