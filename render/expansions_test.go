package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/racetest"
)

// expansionTiles returns the tile set of expansion e's land tiles alone,
// every kind of its table (spec/expansions/tiles-NAME.md).
func expansionTiles(tb testing.TB, e engine.Expansion) *engine.TileSet {
	tb.Helper()
	ts, err := engine.NewTileSet(e.Tiles())
	if err != nil {
		tb.Fatalf("%s: %v", e, err)
	}
	return ts
}

// allExpansions are the expansions with land tiles.
func allExpansions() []engine.Expansion {
	var out []engine.Expansion
	for e := engine.ExpansionRiver; e <= engine.ExpansionRobbers; e++ {
		if len(e.Tiles()) > 0 {
			out = append(out, e)
		}
	}
	return out
}

func TestExpansionSheets(t *testing.T) {
	r := testRenderer()
	for _, e := range allExpansions() {
		img := tileSheet(r, expansionTiles(t, e), 96)
		dump(t, e.String(), img)
	}
}

// symbolKey is the colour only marker m's symbol is drawn with, by which
// the tests find it.
func symbolKey(m engine.Marker) color.RGBA {
	switch {
	case m&engine.Inn != 0:
		return colInnRoof
	case m&engine.Cathedral != 0:
		return colCathedral
	case m&engine.Besieged != 0:
		return colSiege
	case m&engine.Wine != 0:
		return colWine
	case m&engine.Grain != 0:
		return colGrain
	case m&engine.Cloth != 0:
		return colCloth
	case m&engine.Princess != 0:
		return colPrincess
	case m&engine.PigHerd != 0:
		return colPig
	case m&engine.Volcano != 0:
		return colVolcano
	case m&engine.Dragon != 0:
		return colDragon
	case m&engine.MagicPortal != 0:
		return colPortalIn
	case m&engine.TowerFoundation != 0:
		return colStone
	case m&engine.FlyingMachine != 0:
		return colPlane
	case m&engine.GoldMine != 0:
		return colGold
	case m&engine.Bag != 0:
		return colBag
	case m&engine.Magic != 0:
		return colMagic
	case m&engine.CropCircle != 0:
		return colCrop
	}
	return color.RGBA{}
}

// symbolMarkers are the markers drawn as symbols of their own.
var symbolMarkers = []engine.Marker{engine.Inn, engine.Cathedral, engine.Besieged, engine.Wine, engine.Grain,
	engine.Cloth, engine.Princess, engine.PigHerd, engine.Volcano, engine.Dragon, engine.MagicPortal,
	engine.TowerFoundation, engine.FlyingMachine, engine.GoldMine, engine.Magic, engine.CropCircle, engine.Bag}

// countInDisc returns how many pixels of img within radius rad (pixels) of c
// (pixels; the whole picture for rad < 0) are within tol of colour want.
func countInDisc(img *image.RGBA, c pt, rad float64, want color.RGBA, tol int) int {
	n := 0
	b := img.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if rad >= 0 && math.Hypot(float64(x)+0.5-c.x, float64(y)+0.5-c.y) > rad {
				continue
			}
			if near(img.RGBAAt(x, y), want, tol) {
				n++
			}
		}
	}
	return n
}

// tileMarkers returns every marker of t, its features' and its own.
func tileMarkers(t *engine.Tile) engine.Marker {
	m := t.Markers
	for _, f := range t.Features {
		m |= f.Markers
	}
	return m
}

// TestExpansionTileArt draws every tile of every expansion in all four
// rotations and checks what a player looks for: the river's water at the
// middle of each river side, each marker's symbol where it was placed (in
// its own colour, upright on every rotation) and no other marker's colour
// anywhere on the tile; the centre of a spring, a lake, the fork and a
// bridge; every follower spot inside its feature.
func TestExpansionTileArt(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	const size = 64
	s := float64(size)
	for _, e := range allExpansions() {
		ts := expansionTiles(t, e)
		for id := engine.TileID(1); int(id) <= ts.Len(); id++ {
			tile := ts.Tile(id)
			g := r.cache.geom(ts, id)
			all := tileMarkers(tile)
			for rot := engine.Rotate0; rot <= engine.Rotate270; rot++ {
				name := fmt.Sprintf("%s %s turned %s", e, tile.Name, rot)
				art := r.cache.art(ts, id, rot, size, 0)
				validPremultiplied(t, name, art)
				for side := engine.North; side <= engine.West; side++ {
					mid := posOf(engine.Port(3*int(side-1) + 2))
					in := lerp(mid, pt{0.5, 0.5}, 0.06).scale(s)
					c := art.RGBAAt(int(in.x), int(in.y))
					isRiver := ts.Edge(id, rot, side) == engine.RiverEdge
					if isRiver != near(c, colRiver, 10) {
						t.Errorf("%s: the %s side shows %v; river side %v", name, side, c, isRiver)
					}
				}
				found := map[engine.Marker]bool{}
				for _, sp := range g.symbols {
					c := rotatePt(sp.c, int(rot)).scale(s)
					key := symbolKey(sp.m)
					if n := countInDisc(art, c, 1.3*symbolR*s, key, 4); n < 6 {
						t.Errorf("%s: %d pixels of the symbol of %s at %.2f, want at least 6", name, n, sp.m, sp.c)
					}
					found[sp.m&^(engine.CropFork|engine.CropClub|engine.CropShield)] = true
				}
				for _, m := range symbolMarkers {
					if all&m != 0 && !found[m] {
						t.Errorf("%s: marker %s has no symbol", name, m)
					}
					if all&m == 0 {
						if n := countInDisc(art, pt{}, -1, symbolKey(m), 2); n > 0 {
							t.Errorf("%s: %d pixels of the colour of %s, which the tile does not have", name, n, m)
						}
					}
				}
			}
			// The river's ends and crossings, in canonical orientation.
			art := r.cache.art(ts, id, 0, size, 0)
			centre := art.RGBAAt(size/2, size/2)
			side := art.RGBAAt(size/2+int(0.22*s), size/2)
			low := art.RGBAAt(size/2, size/2+int(0.16*s))
			for _, f := range tile.Features {
				switch {
				case f.Kind == engine.River && f.Markers&engine.Spring != 0:
					if !near(centre, colWaterLight, 10) || near(side, colRiver, 10) && tile.Edges[1] != engine.RiverEdge {
						t.Errorf("%s %s: a spring: centre %v (want ripples %v), 0.22 east %v (want no water)", e, tile.Name, centre, colWaterLight, side)
					}
				case f.Kind == engine.River && f.Markers&engine.Lake != 0:
					if !near(low, colRiver, 10) || !near(side, colRiver, 10) {
						t.Errorf("%s %s: a lake: 0.16 south %v, 0.22 east %v, want water %v", e, tile.Name, low, side, colRiver)
					}
				case f.Kind == engine.River && f.Markers&engine.Fork != 0:
					if !near(centre, colRiver, 10) {
						t.Errorf("%s %s: the fork: centre %v, want water %v", e, tile.Name, centre, colRiver)
					}
				}
			}
			river, road := false, false
			for _, f := range tile.Features {
				river = river || f.Kind == engine.River && sidesOf(f.Ports) == 0b0101
				road = road || f.Kind == engine.Road && sidesOf(f.Ports) == 0b1010
			}
			if river && road && !near(centre, colRoad, 10) {
				t.Errorf("%s %s: the road crosses the river on a bridge: centre %v, want road %v", e, tile.Name, centre, colRoad)
			}
			// Every follower spot lies in its feature.
			for i, fg := range g.feats {
				if fg.kind == engine.River || fg.kind == engine.Cloister {
					continue // the monk stands beside the church
				}
				for p := engine.NNW; p <= engine.C2; p++ {
					if !fg.ports.Has(p) {
						continue
					}
					if l := g.label[sampleIndex(fg.anchor[p-1])]; int(l) != i {
						t.Errorf("%s %s: the %s on port %s stands on feature %d, not its own %d", e, tile.Name, fg.kind.Role(), p, l, i)
					}
				}
			}
		}
	}
}

// TestEnclosedFields checks KR05's two enclosed fields, on C and C2: each
// has an area of its own, and their farmers stand apart.
func TestEnclosedFields(t *testing.T) {
	r := testRenderer()
	ts := expansionTiles(t, engine.ExpansionKingAndRobber)
	id, ok := ts.Lookup("KR05")
	if !ok {
		t.Fatal("no tile KR05")
	}
	g := r.cache.geom(ts, id)
	var at []pt
	for i, f := range ts.Tile(id).Features {
		if f.Kind != engine.Field {
			continue
		}
		p := f.Ports.Main()
		a := g.feats[i].anchor[p-1]
		if l := g.label[sampleIndex(a)]; int(l) != i {
			t.Errorf("the farmer on %s stands on feature %d, not %d", p, l, i)
		}
		at = append(at, a)
	}
	if len(at) != 2 || at[0].dist(at[1]) < 0.3 {
		t.Errorf("the farmers of the enclosed fields stand at %v, want two places at least 0.3 apart", at)
	}
}

// issueExpansions are the expansions of the issue "Expansions I": the two
// rivers, Inns & Cathedrals, King & Robber Baron, the Cathars and the pig
// herd.
var issueExpansions = []engine.Expansion{engine.ExpansionRiver, engine.ExpansionRiver2,
	engine.ExpansionInnsAndCathedrals, engine.ExpansionKingAndRobber, engine.ExpansionCathars, engine.ExpansionGQ11}

// expansionConfig returns the configuration of a game with expansions exps
// (their composed tile set and start tile, engine.NewRules) for n players,
// with the rules of the base game.
func expansionConfig(tb testing.TB, exps []engine.Expansion, n int, seed uint64) engine.Config {
	tb.Helper()
	var set engine.ExpansionSet
	for _, e := range exps {
		set = set.With(e)
	}
	rules, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	names := []string{"Ann", "Ben", "Cid", "Dee", "Eli", "Flo"}
	return engine.Config{Players: names[:n], Seed: seed, Tiles: rules.Tiles, Start: rules.Start}
}

// TestExpansionGames renders whole random games with this issue's expansions
// and with every expansion's tiles, through the palette PNG path the bot
// uses: each board and final picture decodes back, is no larger than the
// 1 MB the bot allows, and has the size of the true-colour picture.
func TestExpansionGames(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	for _, exps := range [][]engine.Expansion{issueExpansions, allExpansions()} {
		// One whole game of each under -race, three in the sweep.
		for seed := uint64(1); seed <= uint64(racetest.Scale(3, 3)); seed++ {
			g := compactGame(t, expansionConfig(t, exps, 2+int(seed)%5, seed), seed, -1)
			for _, pic := range []struct {
				name  string
				img   *image.RGBA
				write func(io.Writer, *engine.Game) error
			}{{"board", r.Board(g), r.BoardPNG}, {"final", r.Final(g), r.FinalPNG}} {
				dump(t, fmt.Sprintf("%s%d", pic.name, seed), pic.img)
				var buf bytes.Buffer
				if err := pic.write(&buf, g); err != nil {
					t.Fatalf("%s %d: %v", pic.name, seed, err)
				}
				if buf.Len() > 1<<20 {
					t.Errorf("%s %d: %d bytes, over 1 MiB", pic.name, seed, buf.Len())
				}
				dec, err := png.Decode(&buf)
				if err != nil {
					t.Fatalf("%s %d: %v", pic.name, seed, err)
				}
				if dec.Bounds() != pic.img.Bounds() {
					t.Errorf("%s %d: PNG %v, picture %v", pic.name, seed, dec.Bounds(), pic.img.Bounds())
				}
			}
		}
	}
}
