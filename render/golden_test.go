package render

import (
	"bytes"
	"flag"
	"image"
	"image/draw"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata/ from the current output")

// loadGame replays a record from testdata.
func loadGame(tb testing.TB, name string) *engine.Game {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rec, err := engine.ReadRecord(f)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := rec.Replay()
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// Golden comparison tolerances: a pixel differs when a channel differs by
// more than pixelTolerance (out of 255); the pictures match when at most
// diffShare of their pixels differ. The goldens are stored as the renderer
// writes them (paletted), so anti-aliased edges differ slightly from the
// true-colour picture.
const (
	pixelTolerance = 24
	diffShare      = 0.002
)

// checkGolden compares img with testdata/name by decoded pixels, or writes
// it there under -update.
func checkGolden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		var buf bytes.Buffer
		if err := testRenderer().EncodePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -run Golden -update to make it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got, w := img.Bounds(), want.Bounds(); got != w {
		t.Fatalf("%s: size %v, want %v", name, got.Size(), w.Size())
	}
	wantRGBA := image.NewRGBA(want.Bounds())
	draw.Draw(wantRGBA, wantRGBA.Rect, want, want.Bounds().Min, draw.Src)
	differ := 0
	for i := 0; i < len(img.Pix); i += 4 {
		for c := range 3 {
			d := int(img.Pix[i+c]) - int(wantRGBA.Pix[i+c])
			if d > pixelTolerance || d < -pixelTolerance {
				differ++
				break
			}
		}
	}
	total := img.Rect.Dx() * img.Rect.Dy()
	if float64(differ) > diffShare*float64(total) {
		dump(t, "got", img)
		t.Errorf("%s: %d of %d pixels differ (more than %.1f%%); look at them with -dump DIR, or -update if the change is wanted",
			name, differ, total, 100*diffShare)
	}
}

// tileSheet draws every tile kind of ts in every rotation, size pixels each,
// one tile kind per row; the city segments are drawn completed in the
// odd rows.
func tileSheet(r *Renderer, ts *engine.TileSet, size int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 4*(size+4), ts.Len()*(size+4)))
	fillRect(img, img.Rect, colTable)
	for id := engine.TileID(1); int(id) <= ts.Len(); id++ {
		for rot := engine.Rotate0; rot <= engine.Rotate270; rot++ {
			closed := uint32(0)
			if id%2 == 0 {
				closed = ^closed
			}
			x, y := int(rot)*(size+4), int(id-1)*(size+4)
			draw.Draw(img, image.Rect(x, y, x+size, y+size), r.cache.art(ts, id, rot, size, closed), image.Point{}, draw.Src)
		}
	}
	return img
}

func TestGolden(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	mid := loadGame(t, "mid-game.rec")
	full := loadGame(t, "full-game.rec")
	preview := func(g *engine.Game, withFollower bool) *image.RGBA {
		// The first placement with the most follower spots.
		var best engine.Placement
		n := -1
		for _, p := range g.Placements() {
			if s := len(g.FollowerSpots(p)); s > n {
				best, n = p, s
			}
		}
		follower := engine.NoPort
		if withFollower {
			follower = g.FollowerSpots(best)[0].Port
		}
		img, err := r.Preview(g, best, follower)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	previewPNG := func(g *engine.Game, withFollower bool) func(io.Writer) error {
		var best engine.Placement
		n := -1
		for _, p := range g.Placements() {
			if s := len(g.FollowerSpots(p)); s > n {
				best, n = p, s
			}
		}
		follower := engine.NoPort
		if withFollower {
			follower = g.FollowerSpots(best)[0].Port
		}
		return func(w io.Writer) error { return r.PreviewPNG(w, g, best, follower) }
	}
	// Each picture in true colour, and as its *PNG method writes it (drawn
	// in the fixed palette), against the same golden.
	tests := []struct {
		name string
		img  func() *image.RGBA
		png  func(io.Writer) error
	}{
		{"tiles.png", func() *image.RGBA { return tileSheet(r, engine.BaseTiles, 64) }, nil},
		{"board-mid.png", func() *image.RGBA { return r.Board(mid) }, func(w io.Writer) error { return r.BoardPNG(w, mid) }},
		{"board-end.png", func() *image.RGBA { return r.Board(full) }, func(w io.Writer) error { return r.BoardPNG(w, full) }},
		{"final.png", func() *image.RGBA { return r.Final(full) }, func(w io.Writer) error { return r.FinalPNG(w, full) }},
		{"preview.png", func() *image.RGBA { return preview(mid, false) }, previewPNG(mid, false)},
		{"preview-follower.png", func() *image.RGBA { return preview(mid, true) }, previewPNG(mid, true)},
		{"turn-mid.png", func() *image.RGBA { return r.Turn(mid) }, func(w io.Writer) error { return r.TurnPNG(w, mid) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := tt.img()
			dump(t, "", img)
			checkGolden(t, tt.name, img)
			if tt.png != nil && !*update {
				checkGolden(t, tt.name, decodePNG(t, tt.png))
			}
		})
	}
}
