package render

import (
	"bytes"
	"errors"
	"image"
	"image/gif"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/internal/racetest"

	"github.com/meeple-works/carcassonne/engine"
)

// decodeGIF decodes an animation and checks what every one must be: its
// frames inside the picture, on the global palette, with a delay each.
func decodeGIF(tb testing.TB, data []byte) *gif.GIF {
	tb.Helper()
	a, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("the GIF does not decode: %v", err)
	}
	full := image.Rect(0, 0, a.Config.Width, a.Config.Height)
	if full.Empty() {
		tb.Fatalf("the GIF is %v", full)
	}
	if len(a.Delay) != len(a.Image) {
		tb.Fatalf("%d delays for %d frames", len(a.Delay), len(a.Image))
	}
	for i, f := range a.Image {
		if !f.Rect.In(full) || f.Rect.Empty() {
			tb.Errorf("frame %d: %v outside the picture %v", i, f.Rect, full)
		}
	}
	if a.Image[0].Rect != full {
		tb.Errorf("the first frame is %v, not the whole picture %v", a.Image[0].Rect, full)
	}
	return a
}

// playback returns the pictures an animation shows, frame after frame:
// each frame drawn over the previous picture (disposal none), but for its
// transparent pixels.
func playback(tb testing.TB, a *gif.GIF) []*image.Paletted {
	tb.Helper()
	full := image.Rect(0, 0, a.Config.Width, a.Config.Height)
	cur := image.NewPaletted(full, a.Image[0].Palette)
	var out []*image.Paletted
	for i, f := range a.Image {
		if a.Disposal[i] != gif.DisposalNone {
			tb.Fatalf("frame %d: disposal %d", i, a.Disposal[i])
		}
		clear := -1
		for j, c := range f.Palette {
			if _, _, _, a := c.RGBA(); a == 0 {
				clear = j
			}
		}
		for y := f.Rect.Min.Y; y < f.Rect.Max.Y; y++ {
			for x := f.Rect.Min.X; x < f.Rect.Max.X; x++ {
				if v := f.Pix[f.PixOffset(x, y)]; int(v) != clear {
					cur.Pix[cur.PixOffset(x, y)] = v
				}
			}
		}
		out = append(out, &image.Paletted{Pix: bytes.Clone(cur.Pix), Stride: cur.Stride, Rect: full, Palette: cur.Palette})
	}
	return out
}

// drawFrame draws scene sc on layout l as Animate does, in the fixed
// palette with its last colour drawn as the nearest other.
func drawFrame(r *Renderer, sc *scene, l layout) *image.Paletted {
	k := r.kits.get()
	defer r.kits.put(k)
	ap := animationPalette()
	l.st.allSides = l.win.cols() >= 8 || l.win.rows() >= 8
	img := r.compose(k, sc, l, false, func(b image.Rectangle) canvas {
		return palCanvas{img: image.NewPaletted(b, ap.pal.pal), pal: ap.pal, cache: r.cache}
	}).(palCanvas).img
	for i, v := range img.Pix {
		if v == ap.clear {
			img.Pix[i] = ap.near
		}
	}
	return img
}

// expectedFrames replays rec and draws the frames Animate draws at frames
// of maxSide pixels for which pick(i) is true (i = len(rec.Turns): the
// final frame), without the animation: the expected pictures. The view
// grows as Animate's (growView), the panel names the turn just played.
func expectedFrames(tb testing.TB, r *Renderer, rec *engine.Record, maxSide int, pick func(i int) bool) map[int]*image.Paletted {
	tb.Helper()
	final, err := rec.Replay()
	if err != nil {
		tb.Fatal(err)
	}
	l := layoutAnimation(newScene(final, false), maxSide)
	flo, fhi := l.win.lo, l.win.hi
	g, err := engine.New(rec.Config())
	if err != nil {
		tb.Fatal(err)
	}
	out := map[int]*image.Paletted{}
	var view window
	for i, turn := range rec.Turns {
		if err := g.Apply(turn.Move); err != nil {
			tb.Fatal(err)
		}
		sc := newScene(g, true)
		sc.played = turnNumber(rec, i)
		view = growView(l, view, sc, flo, fhi)
		if pick(i) {
			fl := l
			fl.win = view
			fl.st.last = !g.Ended()
			out[i] = drawFrame(r, sc, fl)
		}
	}
	if rec.End && !g.Ended() {
		g.Finish()
	}
	if pick(len(rec.Turns)) {
		sc := newScene(g, true)
		fl := l
		fl.win = growView(l, view, sc, flo, fhi)
		fl.st.last = false
		out[len(rec.Turns)] = drawFrame(r, sc, fl)
	}
	return out
}

// TestAnimate checks the animation of a whole base game: it decodes, has
// one frame per turn and the final one, every frame played back is the
// picture of the game after that turn, the last tile placed outlined, and
// the final frame is the game over, held longer.
func TestAnimate(t *testing.T) {
	r := testRenderer()
	final := compactGame(t, engine.Config{Players: []string{"Alice", "Bob", "Carol"}, Seed: 7}, 7, -1)
	rec := final.Record()
	var buf bytes.Buffer
	if err := r.Animate(&buf, rec, AnimateOptions{}); err != nil {
		t.Fatal(err)
	}
	a := decodeGIF(t, buf.Bytes())
	if got, want := len(a.Image), len(rec.Turns)+1; got != want {
		t.Fatalf("got %d frames, want %d (%d turns and the final)", got, want, len(rec.Turns))
	}
	if a.Config.Width > AnimateMaxSide || a.Config.Height > AnimateMaxSide {
		t.Errorf("frames of %d × %d, over %d pixels", a.Config.Width, a.Config.Height, AnimateMaxSide)
	}
	for i, d := range a.Delay[:len(a.Delay)-1] {
		if d != 50 {
			t.Fatalf("frame %d shows %d hundredths, want 50", i, d)
		}
	}
	if got := a.Delay[len(a.Delay)-1]; got != 500 {
		t.Errorf("the final frame shows %d hundredths, want 500", got)
	}
	shown := playback(t, a)
	// Every tenth frame and the last turns: drawing each is slow.
	n := len(rec.Turns)
	want := expectedFrames(t, r, rec, AnimateMaxSide, func(i int) bool { return i%10 == 0 || i >= n-2 })
	for i := 0; i <= n; i++ {
		if w, ok := want[i]; ok && !bytes.Equal(shown[i].Pix, w.Pix) {
			dump(t, "shown", shown[i])
			dump(t, "want", w)
			t.Fatalf("frame %d is not the picture of the game after turn %d", i, i+1)
		}
	}
	dump(t, "first", shown[0])
	dump(t, "middle", shown[len(shown)/2])
	dump(t, "final", shown[len(shown)-1])
}

// TestAnimateOptions checks the options (frame size, delays, size limit),
// the animation of a running game's record, and the errors.
func TestAnimateOptions(t *testing.T) {
	r := testRenderer()
	g := playGame(t, engine.Config{Players: []string{"Alice", "Bob"}, Seed: 3}, 3, 20)
	rec := g.Record()
	var buf bytes.Buffer
	opts := AnimateOptions{MaxSide: 400, Delay: 120 * time.Millisecond, FinalDelay: 2 * time.Second}
	if err := r.Animate(&buf, rec, opts); err != nil {
		t.Fatal(err)
	}
	a := decodeGIF(t, buf.Bytes())
	if a.Config.Width > 400 || a.Config.Height > 400 {
		t.Errorf("frames of %d × %d, over 400 pixels", a.Config.Width, a.Config.Height)
	}
	if got, want := len(a.Image), len(rec.Turns)+1; got != want {
		t.Errorf("got %d frames, want %d", got, want)
	}
	if a.Delay[0] != 12 || a.Delay[len(a.Delay)-1] != 200 {
		t.Errorf("delays %d … %d, want 12 … 200", a.Delay[0], a.Delay[len(a.Delay)-1])
	}
	// A running game's record: the last frame is the position as it is.
	last := playback(t, a)[len(a.Image)-1]
	if want := expectedFrames(t, r, rec, 400, func(i int) bool { return i == len(rec.Turns) })[len(rec.Turns)]; !bytes.Equal(last.Pix, want.Pix) {
		t.Error("the final frame of a running game is not its position")
	}

	// Too large: an error, and nothing written.
	buf.Reset()
	err := r.Animate(&buf, rec, AnimateOptions{MaxBytes: 1000})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 1000 || tl.Size <= 1000 {
		t.Errorf("got %v, want a TooLargeError over 1000 bytes", err)
	}
	if buf.Len() != 0 {
		t.Errorf("%d bytes written with the error", buf.Len())
	}

	// Bad records.
	if err := r.Animate(&buf, &engine.Record{}, AnimateOptions{}); !errors.Is(err, ErrEmptyRecord) {
		t.Errorf("empty record: got %v, want ErrEmptyRecord", err)
	}
	bad := g.Record()
	bad.Turns[3].Move.Cell = engine.Cell{X: 40, Y: 40}
	bad.Turns[3].Line = 9
	var re *engine.RecordError
	if err := r.Animate(&buf, bad, AnimateOptions{}); !errors.As(err, &re) || re.Line != 9 {
		t.Errorf("illegal move: got %v, want a RecordError on line 9", err)
	}
}

// TestAnimateEveryExpansion animates a game of six players with every
// expansion the engine plays (the large follower, builders and pigs
// deployed whenever they may be), whole but under the race detector: the
// GIF decodes, has one frame per turn and the final, and fits
// AnimateMaxBytes.
func TestAnimateEveryExpansion(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	names := []string{"Ann", "Ben", "Cid", "Dee", "Eli", "Flo"}
	cfg := engine.Config{Rules: rulesOf(t, engine.PlayableExpansions()...), Players: names, Seed: 5}
	// The whole game; under the race detector, eight times slower, its
	// first 40 turns (racetest).
	turns := -1
	if racetest.Enabled {
		turns = 40
	}
	g := tbRun(t, cfg, 5, turns, nil)
	if turns < 0 && !g.Ended() {
		t.Fatal("the game did not end")
	}
	rec := g.Record()
	var buf bytes.Buffer
	if err := r.Animate(&buf, rec, AnimateOptions{MaxBytes: -1}); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d turns, %d bytes", len(rec.Turns), buf.Len())
	if buf.Len() > AnimateMaxBytes {
		t.Errorf("the GIF is %d bytes, over %d", buf.Len(), AnimateMaxBytes)
	}
	a := decodeGIF(t, buf.Bytes())
	if got, want := len(a.Image), len(rec.Turns)+1; got != want {
		t.Errorf("got %d frames, want %d", got, want)
	}
	shown := playback(t, a)
	dump(t, "middle", shown[len(shown)/2])
	dump(t, "final", shown[len(shown)-1])
}
