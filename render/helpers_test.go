package render

import (
	"flag"
	"image"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	xdraw "golang.org/x/image/draw"
)

var dumpDir = flag.String("dump", "", "write the pictures the tests make to this directory, to look at them")

// testRenderer is shared by the tests, as a program shares one Renderer.
var testRenderer = sync.OnceValue(New)

// playGame plays a game of the given players with random legal moves,
// deploying a follower about every other turn, until turns moves have been
// played or the game ends (turns < 0: to the end). A tile that fits nowhere
// is discarded.
func playGame(tb testing.TB, cfg engine.Config, rngSeed uint64, turns int) *engine.Game {
	tb.Helper()
	g, err := engine.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(rngSeed, 99))
	var ps []engine.Placement
	var spots []engine.Spot
	for played := 0; !g.Ended() && (turns < 0 || played < turns); played++ {
		t, _ := g.Drawn()
		ps = g.AppendPlacements(ps[:0], t)
		m := engine.Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			p := ps[rng.IntN(len(ps))]
			m = engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
			if rng.IntN(2) == 0 {
				spots = g.AppendFollowerSpots(spots[:0], t, p)
				if figs := g.FiguresInSupply(g.Current()); len(spots) > 0 && len(figs) > 0 {
					m.Follower = spots[rng.IntN(len(spots))].Port
					if m.Figure = figs[0]; len(figs) > 1 {
						m.Figure = figs[rng.IntN(len(figs))]
					}
				}
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("move %d: %v", played+1, err)
		}
	}
	return g
}

// compactGame is like playGame but prefers placements next to many tiles,
// as people play, so that the board stays compact.
func compactGame(tb testing.TB, cfg engine.Config, rngSeed uint64, turns int) *engine.Game {
	tb.Helper()
	g, err := engine.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(rngSeed, 7))
	var ps []engine.Placement
	var spots []engine.Spot
	for played := 0; !g.Ended() && (turns < 0 || played < turns); played++ {
		t, _ := g.Drawn()
		ps = g.AppendPlacements(ps[:0], t)
		m := engine.Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			best, bestN := ps[0], -1
			for _, p := range ps {
				n := 0
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						if _, ok := g.TileAt(engine.Cell{X: p.Cell.X + dx, Y: p.Cell.Y + dy}); ok {
							n += 2
						}
					}
				}
				n = n*4 + rng.IntN(7)
				if n > bestN {
					best, bestN = p, n
				}
			}
			m = engine.Move{Tile: t, Cell: best.Cell, Rotation: best.Rotation}
			if rng.IntN(3) > 0 {
				spots = g.AppendFollowerSpots(spots[:0], t, best)
				if figs := g.FiguresInSupply(g.Current()); len(spots) > 0 && len(figs) > 0 {
					m.Follower = spots[rng.IntN(len(spots))].Port
					if m.Figure = figs[0]; len(figs) > 1 {
						m.Figure = figs[rng.IntN(len(figs))]
					}
				}
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("move %d: %v", played+1, err)
		}
	}
	return g
}

// bigTiles returns a tile set with the base game's tiles, each count
// multiplied by k (k × 72 tiles).
func bigTiles(tb testing.TB, k int) *engine.TileSet {
	tb.Helper()
	var tiles []engine.Tile
	for id := engine.TileID(1); int(id) <= engine.BaseTiles.Len(); id++ {
		t := *engine.BaseTiles.Tile(id)
		t.Count *= k
		tiles = append(tiles, t)
	}
	ts, err := engine.NewTileSet(tiles)
	if err != nil {
		tb.Fatal(err)
	}
	return ts
}

// discordWidth is about how wide Discord shows an embed's image, in
// pixels.
const discordWidth = 520

// dump writes img under -dump, named after the test, as the renderer
// encodes it (paletted), and beside it the same picture scaled to
// discordWidth pixels wide, as Discord shows it ("…_520.png").
func dump(tb testing.TB, name string, img image.Image) {
	tb.Helper()
	if *dumpDir == "" {
		return
	}
	if err := os.MkdirAll(*dumpDir, 0o755); err != nil {
		tb.Fatal(err)
	}
	name = strings.NewReplacer("/", "_", " ", "_").Replace(tb.Name() + "_" + name)
	write := func(file string, img image.Image) {
		f, err := os.Create(filepath.Join(*dumpDir, file))
		if err != nil {
			tb.Fatal(err)
		}
		defer f.Close()
		if err := testRenderer().EncodePNG(f, img); err != nil {
			tb.Fatal(err)
		}
	}
	write(name+".png", img)
	if b := img.Bounds(); b.Dx() > discordWidth {
		write(name+"_520.png", scaleTo(img, discordWidth))
	}
}

// scaleTo returns img scaled to w pixels wide, as a browser shows it.
func scaleTo(img image.Image, w int) *image.RGBA {
	b := img.Bounds()
	h := max(1, b.Dy()*w/b.Dx())
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(out, out.Rect, img, b, xdraw.Src, nil)
	return out
}

// previewWindow returns the cells a preview of a placement on cell c shows
// and where: 5 × 5 cells of previewTile pixels under the caption.
func previewWindow(sc *scene, c engine.Cell) window {
	m := marginFor(previewTile)
	lo := previewCorner(sc, c)
	return window{
		lo:     lo,
		hi:     engine.Cell{X: lo.X + 2*previewReach, Y: lo.Y + 2*previewReach},
		tile:   previewTile,
		origin: image.Pt(m, previewCaptionH+m),
		margin: m,
	}
}
