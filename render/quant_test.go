package render

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/racetest"
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
	t.Parallel()
	r := testRenderer()
	for i, tc := range turnGames(t) {
		if racetest.Enabled && i%2 == 1 {
			continue // under -race every other game; all in the sweep
		}
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

// decodePNG runs write into a buffer and decodes the PNG it wrote.
func decodePNG(tb testing.TB, write func(w io.Writer) error) *image.RGBA {
	tb.Helper()
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		tb.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		tb.Fatalf("the PNG does not decode: %v", err)
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}

// colourError returns how many pixels of got differ from want by more
// than tol in some channel, and the largest difference.
func colourError(tb testing.TB, got, want *image.RGBA, tol int) (n, worst int) {
	tb.Helper()
	if got.Rect != want.Rect {
		tb.Fatalf("size %v, want %v", got.Rect.Size(), want.Rect.Size())
	}
	for i := 0; i < len(got.Pix); i += 4 {
		d := max(abs(int(got.Pix[i])-int(want.Pix[i])), abs(int(got.Pix[i+1])-int(want.Pix[i+1])), abs(int(got.Pix[i+2])-int(want.Pix[i+2])))
		worst = max(worst, d)
		if d > tol {
			n++
		}
	}
	return n, worst
}

// TestFixedPaletteNoSpecks checks that the pictures the *PNG methods
// write, drawn in the fixed palette, are the true-colour pictures with no
// speck of an odd colour: no pixel off by more than 56 in a channel, and
// hardly any (anti-aliased edges) by more than 24. The games are not
// those the palette was chosen from.
func TestFixedPaletteNoSpecks(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	games := turnGames(t)
	for _, s := range []uint64{31, 32} {
		cfg := engine.Config{Players: []string{"Ann", "Ben", "Cid", "Dee", "Eli", "Flo"}[:2+int(s%5)], Seed: s}
		games = append(games, struct {
			name string
			g    *engine.Game
		}{fmt.Sprintf("seed %d", s), playGame(t, cfg, s, 50)})
	}
	for i, tc := range games {
		if racetest.Enabled && i%2 == 1 {
			continue // under -race every other game; all in the sweep
		}
		type pair struct {
			kind      string
			got, want *image.RGBA
		}
		pics := []pair{
			{"turn", decodePNG(t, func(w io.Writer) error { return r.TurnPNG(w, tc.g) }), r.Turn(tc.g)},
			{"board", decodePNG(t, func(w io.Writer) error { return r.BoardPNG(w, tc.g) }), r.Board(tc.g)},
			{"final", decodePNG(t, func(w io.Writer) error { return r.FinalPNG(w, tc.g) }), r.Final(tc.g)},
		}
		if ps := tc.g.Placements(); len(ps) > 0 {
			p := ps[len(ps)/2]
			follower := engine.NoPort
			if spots := tc.g.FollowerSpots(p); len(spots) > 0 {
				follower = spots[0].Port
			}
			want, err := r.Preview(tc.g, p, follower)
			if err != nil {
				t.Fatal(err)
			}
			pics = append(pics, pair{"preview", decodePNG(t, func(w io.Writer) error { return r.PreviewPNG(w, tc.g, p, follower) }), want})
		}
		for _, p := range pics {
			n, worst := colourError(t, p.got, p.want, 24)
			total := p.want.Rect.Dx() * p.want.Rect.Dy()
			t.Logf("%s, %s picture: %d of %d pixels off by more than 24, the worst by %d", tc.name, p.kind, n, total, worst)
			if worst > 56 || n > total/10000 {
				t.Errorf("%s, %s picture: %d of %d pixels off by more than 24, the worst by %d; want none over 56 and at most 0.01%% over 24",
					tc.name, p.kind, n, total, worst)
			}
		}
	}
}
