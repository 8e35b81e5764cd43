package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
	"sync"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

// Defaults of AnimateOptions.
const (
	// AnimateMaxSide is the default longest side of an animation's frames,
	// in pixels: twice the width Discord shows a picture at (displayWidth),
	// as the turn picture.
	AnimateMaxSide = 1040
	// AnimateDelay is how long each turn's frame shows by default.
	AnimateDelay = 500 * time.Millisecond
	// AnimateFinalDelay is how long the final frame shows by default
	// before the animation starts again.
	AnimateFinalDelay = 5 * time.Second
	// AnimateMaxBytes is the default size limit of an animation, in bytes
	// (8 MiB): Discord takes files of up to 10 MiB and shows GIFs of this
	// size inline.
	AnimateMaxBytes = 8 << 20
)

// AnimateOptions shapes the animation Animate writes. The zero value asks
// for the defaults.
type AnimateOptions struct {
	// MaxSide is the longest side of a frame, in pixels (0:
	// AnimateMaxSide; at least 200). Every frame has the same size: the
	// final board's extent, with the tile size the largest that fits
	// (the view shows fewer, larger tiles while the board is small).
	MaxSide int
	// Delay is how long each turn's frame shows (0: AnimateDelay). GIF
	// counts in hundredths of a second; it is rounded to them, at least 2.
	Delay time.Duration
	// FinalDelay is how long the final frame shows (0: AnimateFinalDelay).
	FinalDelay time.Duration
	// MaxBytes is the largest GIF Animate writes, in bytes (0:
	// AnimateMaxBytes; negative: no limit).
	MaxBytes int
}

// TooLargeError is returned by Animate when the GIF would be larger than
// the options allow; nothing was written.
type TooLargeError struct {
	Size, Limit int // bytes
}

// Error says the GIF's size and the limit, in MiB.
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("render: the replay is %s, larger than the limit of %s", mib(e.Size), mib(e.Limit))
}

// mib writes a size in bytes as "8.0 MiB".
func mib(n int) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// ErrEmptyRecord is returned by Animate for a record with no players.
var ErrEmptyRecord = errors.New("render: the record has no players, so no game to replay")

// Animate writes to w an animated GIF of the game of record rec: one frame
// per turn of the record (rec.Turns, discards and resignations included),
// the board as it stood after that turn, the last tile placed outlined,
// the followers, large followers, builders and pigs as they stood (they
// appear when deployed and leave when they score), and the side panel of
// Board with the scores after that turn and the next tile drawn; then one
// final frame, shown opts.FinalDelay, with the game over: the figures that
// stood at the end and the final scores (when rec.End, or the game ended
// itself; otherwise the position as the record leaves it).
//
// Every frame has the same size, laid out for the final board's extent,
// its longest side at most opts.MaxSide pixels, and smaller (down to 480
// pixels) when the GIF would otherwise exceed opts.MaxBytes. The view
// grows with the board (growView): the first frames show the first tiles
// at up to MaxTile pixels, and the view widens, a quarter more cells at a
// time, until the last frames show the final board. Each turn's frame is
// titled with the number of the turn just played ("Turn 1" for the board
// after the first move), the panel showing the tile drawn next. The frames
// share the fixed palette of the *PNG methods (its last colour given up
// for transparency), and each frame after the first holds only the
// rectangle that changed, its unchanged pixels transparent (disposal:
// none). The animation loops.
//
// It returns the *engine.RecordError of Replay when the record does not
// replay, ErrEmptyRecord for a record without players, a *TooLargeError
// when the GIF would exceed opts.MaxBytes (writing nothing), or w's error.
func (r *Renderer) Animate(w io.Writer, rec *engine.Record, opts AnimateOptions) error {
	if rec == nil || len(rec.Players) == 0 {
		return ErrEmptyRecord
	}
	opts = opts.withDefaults()
	final, err := rec.Replay()
	if err != nil {
		return err
	}
	k := r.kits.get()
	defer r.kits.put(k)
	// Smaller frames until the GIF fits: a long game on a sprawling board
	// changes many pixels a turn.
	side := opts.MaxSide
	for {
		data, err := r.animate(k, rec, final, side, opts)
		if err != nil {
			return err
		}
		if opts.MaxBytes < 0 || len(data) <= opts.MaxBytes {
			_, err = w.Write(data)
			return err
		}
		if side <= animateMinSide {
			return &TooLargeError{Size: len(data), Limit: opts.MaxBytes}
		}
		// The size goes about with the area: aim below the limit.
		f := math.Sqrt(float64(opts.MaxBytes)/float64(len(data))) * 0.95
		side = max(animateMinSide, min(int(float64(side)*f), side*9/10))
	}
}

// animateMinSide is the smallest longest side Animate shrinks frames to, in
// pixels, to fit the size limit.
const animateMinSide = 480

// animate draws and encodes the animation of rec, whose final position is
// final, with frames whose longest side is at most side pixels.
func (r *Renderer) animate(k *kit, rec *engine.Record, final *engine.Game, side int, opts AnimateOptions) ([]byte, error) {
	g, err := engine.New(rec.Config())
	if err != nil {
		return nil, err
	}
	l := layoutAnimation(r.scene(final, false), side)
	ap := animationPalette()
	pal, gpal, clear, near := ap.pal, ap.gif, ap.clear, ap.near
	cur := &image.Paletted{Pix: make([]byte, l.size.X*l.size.Y), Stride: l.size.X, Rect: image.Rectangle{Max: l.size}, Palette: gpal}
	prev := make([]byte, len(cur.Pix))
	alloc := func(image.Rectangle) canvas { return palCanvas{img: cur, pal: pal, cache: r.cache} }

	anim := &gif.GIF{Config: image.Config{ColorModel: gpal, Width: l.size.X, Height: l.size.Y}}
	delay := hundredths(opts.Delay)
	// The scenes hold the cells where the next tile fits, which the panel
	// counts; the frames do not number them.
	frame := func(sc *scene, st boardStyle, d int) {
		fl := l
		fl.st = st
		fl.st.allSides = fl.win.cols() >= 8 || fl.win.rows() >= 8
		r.compose(k, sc, fl, false, alloc)
		// The colour given up for transparency, drawn as its nearest.
		for i, v := range cur.Pix {
			if v == clear {
				cur.Pix[i] = near
			}
		}
		var f *image.Paletted
		if len(anim.Image) == 0 {
			f = crop(cur, cur.Rect, nil, clear)
		} else {
			f = crop(cur, changed(cur, prev), prev, clear)
		}
		anim.Image = append(anim.Image, f)
		anim.Delay = append(anim.Delay, d)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
		prev, cur.Pix = cur.Pix, prev
	}
	base := l // the final position's layout; each frame's window grows to it
	flo, fhi := l.win.lo, l.win.hi
	var view window
	for i, t := range rec.Turns {
		if err := g.Apply(t.Move); err != nil {
			// Replay accepted it: not reached.
			return nil, &engine.RecordError{Line: t.Line, Reason: err.Error(), Err: err}
		}
		sc := r.scene(g, true)
		sc.played = turnNumber(rec, i)
		view = growView(base, view, sc, flo, fhi)
		l.win = view
		st := l.st
		st.last = !g.Ended()
		frame(sc, st, delay)
	}
	if rec.End && !g.Ended() {
		g.Finish()
	}
	st := l.st
	st.last = false
	sc := r.scene(g, true)
	l.win = growView(base, view, sc, flo, fhi)
	frame(sc, st, hundredths(opts.FinalDelay))

	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, anim); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// withDefaults fills in the zero options.
func (o AnimateOptions) withDefaults() AnimateOptions {
	if o.MaxSide == 0 {
		o.MaxSide = AnimateMaxSide
	}
	o.MaxSide = max(o.MaxSide, 200)
	if o.Delay <= 0 {
		o.Delay = AnimateDelay
	}
	if o.FinalDelay <= 0 {
		o.FinalDelay = AnimateFinalDelay
	}
	if o.MaxBytes == 0 {
		o.MaxBytes = AnimateMaxBytes
	}
	return o
}

// hundredths returns d in hundredths of a second, at least 2 (browsers
// show shorter delays as a tenth of a second) and at most 65535.
func hundredths(d time.Duration) int {
	return min(max(int((d+5*time.Millisecond)/(10*time.Millisecond)), 2), 1<<16-1)
}

// layoutAnimation lays out the frames of an animation of the game whose
// final position is sc: the cells of every tile placed in it (whatever
// the turn, a cell keeps its pixels), the largest tile size (down to 4
// pixels) at which the board and the score panel beside it fit maxSide
// pixels, and a height that holds the panel as it is during the game
// (with the drawn tile) and at its end.
func layoutAnimation(sc *scene, maxSide int) layout {
	lo, hi := sc.bounds()
	cols, rows := hi.X-lo.X+1, hi.Y-lo.Y+1
	// The panel of a running game shows the drawn tile: the taller one.
	panelD := 2*scorePadD + scoreTitleD + scoreRowH(sc)*float64(len(sc.names)) + 8 + scoreLegendD + scoreTileD + 12
	t := MaxTile
	var m, bw, bh, pw, ph int
	var u float64
	for ; ; t-- {
		m = marginFor(t)
		bw, bh = cols*t+2*m, rows*t+2*m
		u = animationPanelScale(bw)
		pw, ph = dpx(scorePanelD, u), dpx(panelD, u)
		if bw+pw <= maxSide && max(bh, ph) <= maxSide || t == 4 {
			break
		}
	}
	w, h := bw+pw, max(bh, ph)
	return layout{
		win:   window{lo: lo, hi: hi, tile: t, origin: image.Pt(m, (h-bh)/2+m), margin: m},
		size:  image.Pt(w, h),
		board: image.Rect(0, 0, bw, h),
		panel: image.Rect(bw, 0, w, h),
		u:     u,
		st:    boardStyle{coords: true, allSides: cols >= 8 || rows >= 8},
	}
}

// animationPanelScale returns the scale of the score panel of an
// animation beside a board bw pixels wide: the share of the frame it takes
// at displayWidth, as in Board, but at least the display size (1), not
// twice it, so that small frames stay small.
func animationPanelScale(bw int) float64 {
	return math.Max(1, float64(bw)/float64(displayWidth-scorePanelD))
}

// changed returns the smallest rectangle holding every pixel where cur
// differs from prev (the pixels of the previous frame, same stride), or a
// single pixel when none does (a GIF frame cannot be empty).
func changed(cur *image.Paletted, prev []byte) image.Rectangle {
	w, h := cur.Rect.Dx(), cur.Rect.Dy()
	minX, minY, maxX, maxY := w, h, -1, -1
	for y := range h {
		a := cur.Pix[y*cur.Stride : y*cur.Stride+w]
		b := prev[y*cur.Stride : y*cur.Stride+w]
		if bytes.Equal(a, b) {
			continue
		}
		if minY > y {
			minY = y
		}
		maxY = y
		x0 := 0
		for a[x0] == b[x0] {
			x0++
		}
		x1 := w - 1
		for a[x1] == b[x1] {
			x1--
		}
		minX, maxX = min(minX, x0), max(maxX, x1)
	}
	if maxY < 0 {
		return image.Rect(0, 0, 1, 1)
	}
	return image.Rect(minX, minY, maxX+1, maxY+1).Add(cur.Rect.Min)
}

// crop returns a copy of rectangle rect of img, sharing its palette; when
// prev (the previous frame's pixels, img's stride) is not nil, the pixels
// that have not changed are index clear, transparent, so that the frame
// compresses well.
func crop(img *image.Paletted, rect image.Rectangle, prev []byte, clear uint8) *image.Paletted {
	out := &image.Paletted{Pix: make([]byte, rect.Dx()*rect.Dy()), Stride: rect.Dx(), Rect: rect, Palette: img.Palette}
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		o := img.PixOffset(rect.Min.X, y)
		row := out.Pix[(y-rect.Min.Y)*out.Stride : (y-rect.Min.Y+1)*out.Stride]
		copy(row, img.Pix[o:o+rect.Dx()])
		if prev == nil {
			continue
		}
		for x, v := range prev[o : o+rect.Dx()] {
			if row[x] == v {
				row[x] = clear
			}
		}
	}
	return out
}

// animationPalette returns the fixed palette the frames are drawn in and
// the palette of the GIF: the same colours but the least important one
// (the last), index clear, given up for transparency; the frames draw
// that colour as the nearest other one, index near.
var animationPalette = sync.OnceValue(func() animPalette {
	p := fixedPalette()
	clear := uint8(p.n - 1)
	gpal := append(color.Palette(nil), p.pal...)
	gpal[clear] = color.RGBA{}
	c := p.rgb[clear]
	near := uint8(0)
	bd := int32(1 << 30)
	for i := range p.n - 1 {
		o := p.rgb[i]
		dr, dg, db := int32(c[0])-int32(o[0]), int32(c[1])-int32(o[1]), int32(c[2])-int32(o[2])
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
			near, bd = uint8(i), d
		}
	}
	return animPalette{p, gpal, clear, near}
})

// animPalette is what animationPalette returns.
type animPalette struct {
	pal         *palette
	gif         color.Palette
	clear, near uint8
}

// turnNumber returns the number of turn i of rec, as the record writes it
// (a discard keeps its turn's number), or i+1 for a record built without.
func turnNumber(rec *engine.Record, i int) int {
	if n := rec.Turns[i].Number; n > 0 {
		return n
	}
	return i + 1
}

// tileBounds returns the box of the tiles placed in sc, inclusive.
func tileBounds(sc *scene) (lo, hi engine.Cell, ok bool) {
	for c := range sc.at {
		if !ok {
			lo, hi, ok = c, c, true
			continue
		}
		lo.X, lo.Y = min(lo.X, c.X), min(lo.Y, c.Y)
		hi.X, hi.Y = max(hi.X, c.X), max(hi.Y, c.Y)
	}
	return lo, hi, ok
}

// growView returns the window of an animation's frame of sc, laid out as
// l for the final position (whose box of cells is flo–fhi), after the
// window prev of the frame before (the zero window before the first):
// prev while it holds every tile placed with a cell around; else one that
// holds prev and them with room to grow (a quarter more cells each way,
// within flo–fhi), at the largest tile size up to MaxTile at which it fits
// the board's part of l, centred there. The view grows with the board, a
// few times in a game, from large tiles to the final board's size, and
// every frame between two changes keeps its pixels where they did not
// change.
func growView(l layout, prev window, sc *scene, flo, fhi engine.Cell) window {
	lo, hi, ok := tileBounds(sc)
	if !ok {
		return l.win
	}
	lo = engine.Cell{X: max(lo.X-1, flo.X), Y: max(lo.Y-1, flo.Y)}
	hi = engine.Cell{X: min(hi.X+1, fhi.X), Y: min(hi.Y+1, fhi.Y)}
	if prev.tile > 0 && prev.contains(lo) && prev.contains(hi) {
		return prev
	}
	if prev.tile > 0 {
		lo = engine.Cell{X: min(lo.X, prev.lo.X), Y: min(lo.Y, prev.lo.Y)}
		hi = engine.Cell{X: max(hi.X, prev.hi.X), Y: max(hi.Y, prev.hi.Y)}
	}
	// Room to grow: a quarter more cells each way, at least one.
	dx, dy := max(1, (hi.X-lo.X+1)/4), max(1, (hi.Y-lo.Y+1)/4)
	lo = engine.Cell{X: max(lo.X-dx, flo.X), Y: max(lo.Y-dy, flo.Y)}
	hi = engine.Cell{X: min(hi.X+dx, fhi.X), Y: min(hi.Y+dy, fhi.Y)}
	cols, rows := hi.X-lo.X+1, hi.Y-lo.Y+1
	bw, bh := l.board.Dx(), l.board.Dy()
	t := MaxTile
	for ; t > l.win.tile; t-- {
		m := marginFor(t)
		if cols*t+2*m <= bw && rows*t+2*m <= bh {
			break
		}
	}
	ox := l.board.Min.X + (bw-cols*t)/2
	oy := l.board.Min.Y + (bh-rows*t)/2
	return window{lo: lo, hi: hi, tile: t, origin: image.Pt(ox, oy), margin: marginFor(t)}
}
