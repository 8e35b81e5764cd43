package render

import (
	"fmt"
	"image"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// quantError returns how many pixels of img the palette reduction moves by
// more than tol in some channel, and the largest move.
func quantError(tb testing.TB, img *image.RGBA, tol int) (n, worst int) {
	tb.Helper()
	q := new(quantizer)
	p, ok := q.toPaletted(img)
	if !ok {
		tb.Fatal("the picture was not reduced to a palette")
	}
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			a := img.RGBAAt(x, y)
			r, g, b, _ := p.Palette[p.ColorIndexAt(x, y)].RGBA()
			d := max(abs(int(a.R)-int(r>>8)), abs(int(a.G)-int(g>>8)), abs(int(a.B)-int(b>>8)))
			worst = max(worst, d)
			if d > tol {
				n++
			}
		}
	}
	return n, worst
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestPaletteNoSpecks checks that the palette reduction of the pictures
// leaves no speck of an odd colour: no pixel moves by more than 56 in a
// channel, and hardly any (anti-aliased edges) by more than 24.
func TestPaletteNoSpecks(t *testing.T) {
	r := testRenderer()
	for _, tc := range turnGames(t) {
		for _, p := range []struct {
			kind string
			img  *image.RGBA
		}{{"turn", r.Turn(tc.g)}, {"board", r.Board(tc.g)}, {"final", r.Final(tc.g)}} {
			n, worst := quantError(t, p.img, 24)
			total := p.img.Rect.Dx() * p.img.Rect.Dy()
			if worst > 56 || n > total/10000 {
				t.Errorf("%s, %s picture: %d of %d pixels moved by more than 24, the worst by %d; want none over 56 and at most 0.01%% over 24",
					tc.name, p.kind, n, total, worst)
			}
		}
	}
}

// validPremultiplied fails the test when a pixel of img has a channel
// above its alpha: such a colour is not a colour, and blending it over
// others overflows into specks of odd colours.
func validPremultiplied(tb testing.TB, name string, img *image.RGBA) {
	tb.Helper()
	for i := 0; i < len(img.Pix); i += 4 {
		a := img.Pix[i+3]
		if img.Pix[i] > a || img.Pix[i+1] > a || img.Pix[i+2] > a {
			x, y := (i/4)%img.Rect.Dx(), (i/4)/img.Rect.Dx()
			tb.Fatalf("%s: pixel (%d,%d) is %v, a channel above its alpha", name, x, y, img.Pix[i:i+4])
		}
	}
}

// TestSpritesArePremultiplied checks the followers, badges and overlays
// blended over the board.
func TestSpritesArePremultiplied(t *testing.T) {
	r := testRenderer()
	k := r.kits.get()
	defer r.kits.put(k)
	sc := newScene(loadGame(t, "mid-game.rec"), true)
	for p := range 6 {
		for _, lying := range []bool{false, true} {
			validPremultiplied(t, fmt.Sprintf("follower of player %d (lying %v)", p, lying), r.meeple(k, sc, p, 40, lying))
		}
	}
	validPremultiplied(t, "spot badge", r.spotBadge(14))
	validPremultiplied(t, "candidate", drawCandidate(80))
	validPremultiplied(t, "number disc", drawDisc(20, 2, colHighlight, colOutline))
	for id := engine.TileID(1); int(id) <= engine.BaseTiles.Len(); id++ {
		validPremultiplied(t, "tile "+engine.BaseTiles.Name(id), r.cache.art(engine.BaseTiles, id, 0, 64, 0))
	}
}
