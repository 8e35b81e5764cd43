package render

import (
	"fmt"
	"image"
	"io"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// TestPreviewMarks draws the turn under way with marks on the followers
// near the tile placed: each mark's badge changes its tile's pixels, which
// the same picture without marks leaves as they are, and each adds a line
// to the list under the board.
func TestPreviewMarks(t *testing.T) {
	r := testRenderer()
	g := playGame(t, engine.Config{Players: []string{"Ann", "Bob"}, Seed: 7}, 7, 24)
	tile, _ := g.Drawn()
	sc := newScene(g, false)
	for _, p := range g.Placements() {
		win := previewWindow(sc, p.Cell)
		var marks []Mark
		for _, f := range g.Followers() {
			if win.contains(f.Cell) && f.Cell != p.Cell && len(marks) < 3 {
				marks = append(marks, Mark{Target: engine.Target{Cell: f.Cell, Port: f.Port}, Label: fmt.Sprint(len(marks) + 1), Text: "follower at (" + f.Cell.String() + ")"})
			}
		}
		if len(marks) < 2 {
			continue
		}
		m := engine.Move{Tile: tile, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort}
		img := decodePNG(t, func(w io.Writer) error { return r.PreviewMarksPNG(w, g, m, marks) })
		bare := decodePNG(t, func(w io.Writer) error { return r.PreviewMarksPNG(w, g, m, []Mark{}) })
		dump(t, "marks", img)
		if got, want := img.Bounds().Dy()-bare.Bounds().Dy(), 30*(len(marks)-1); got != want {
			t.Errorf("%d marks make the picture %d pixels taller, want %d (a line each)", len(marks), got, want)
		}
		if w := coverWindow(sc, p.Cell, []engine.Cell{p.Cell}); w != win {
			t.Fatalf("the window of the test %v is not the preview's %v", win, w)
		}
		for _, mk := range marks {
			if n := differing(img, bare, win.cellRect(mk.Target.Cell).Inset(-win.tile/4)); n < 150 {
				t.Errorf("the mark on (%s) changes %d pixels on and around its tile", mk.Target.Cell, n)
			}
		}
		return
	}
	t.Fatal("no placement has two followers near it")
}

// differing counts the pixels of r that differ between a and b.
func differing(a, b *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				n++
			}
		}
	}
	return n
}

// TestMarkInterest: a picture with marks shows the tile placed and the
// marks when they fit in one window, around the tile; else the marks
// alone, around the first.
func TestMarkInterest(t *testing.T) {
	tile := engine.Cell{X: 0, Y: 0}
	near := []Mark{{Target: engine.Target{Cell: engine.Cell{X: 3, Y: -2}}}, {Target: engine.Target{Cell: engine.Cell{X: -4, Y: 5}}}}
	cells, anchor := markInterest([]engine.Cell{tile}, near)
	if anchor != tile || len(cells) != 3 {
		t.Errorf("near marks: cells %v around %v, want the tile and the marks around the tile", cells, anchor)
	}
	far := []Mark{{Target: engine.Target{Cell: engine.Cell{X: 14, Y: 0}}}, {Target: engine.Target{Cell: engine.Cell{X: 10, Y: 3}}}}
	cells, anchor = markInterest([]engine.Cell{tile}, far)
	if anchor != far[0].Target.Cell || len(cells) != 2 || cells[1] != far[1].Target.Cell {
		t.Errorf("far marks: cells %v around %v, want the marks alone around the first", cells, anchor)
	}
}
