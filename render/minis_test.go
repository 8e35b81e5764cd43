package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fogleman/gg"
	"github.com/meeple-works/carcassonne/engine"
)

// miniExpansions are the mini expansions of rule text 001_ drawn by
// minis.go.
var miniExpansions = []engine.Expansion{engine.ExpansionFlyingMachines, engine.ExpansionFerries,
	engine.ExpansionGoldMines, engine.ExpansionMageAndWitch, engine.ExpansionCropCircles}

// TestMiniColoursInPalette checks that the colours of the mini expansions
// are in the fixed palette exactly, so that the PNGs keep them.
func TestMiniColoursInPalette(t *testing.T) {
	p := fixedPalette()
	for _, c := range miniColours() {
		if got := p.rgb[p.index(c.R, c.G, c.B)]; got != [3]uint8{c.R, c.G, c.B} {
			t.Errorf("colour %v maps to %v in the palette", c, got)
		}
	}
}

// miniKey is the colour by which the tests find the symbol of a tile of
// mini expansion e in a PNG; for The Ferries, the lake's water.
func miniKey(e engine.Expansion) color.RGBA {
	switch e {
	case engine.ExpansionFlyingMachines:
		return colArrow
	case engine.ExpansionFerries:
		return colRiver
	case engine.ExpansionGoldMines:
		return colGold
	case engine.ExpansionMageAndWitch:
		return colMagic
	}
	return colCrop
}

// TestMiniTilesTurned draws every tile of the five mini expansions turned
// every way, as the PNGs show it (in the fixed palette) at the smallest, a
// middle and the largest board tile size, and checks that its symbol (the
// machine's arrow, the mine's ingot, the magic star, the crop circle, the
// ferries' lake) shows in its colour, in a share of the tile that grows
// with it.
func TestMiniTilesTurned(t *testing.T) {
	r := testRenderer()
	for _, e := range miniExpansions {
		ts := expansionTiles(t, e)
		key := miniKey(e)
		for _, size := range []int{MinTile, 64, MaxTile} {
			for id := engine.TileID(1); int(id) <= ts.Len(); id++ {
				for rot := engine.Rotate0; rot <= engine.Rotate270; rot++ {
					pal := r.cache.palArt(ts, id, rot, size, 0)
					img := image.NewRGBA(pal.Rect)
					draw.Draw(img, img.Rect, pal, image.Point{}, draw.Src)
					name := fmt.Sprintf("%s %s turned %s at %d pixels", e, ts.Tile(id).Name, rot, size)
					if n, want := countNear(img, img.Rect, key, 0), size*size/250; n < want {
						t.Errorf("%s: %d pixels of the symbol's colour %v, want at least %d", name, n, key, want)
					}
				}
			}
		}
	}
}

// TestMachineArrowTurns checks on every tile of The Flying Machines turned
// every way that the red arrow points where the machine flies
// (Tile.Flight turned with the tile): the arrow's pixels lie ahead of the
// symbol's centre in that direction, within 20 degrees.
func TestMachineArrowTurns(t *testing.T) {
	r := testRenderer()
	ts := expansionTiles(t, engine.ExpansionFlyingMachines)
	const size = 112
	s := float64(size)
	for id := engine.TileID(1); int(id) <= ts.Len(); id++ {
		tile := ts.Tile(id)
		var centre pt
		for _, sp := range r.cache.geom(ts, id).symbols {
			if sp.m&engine.FlyingMachine != 0 {
				centre = sp.c
			}
		}
		if centre == (pt{}) {
			t.Fatalf("%s: no flying machine symbol", tile.Name)
		}
		for rot := engine.Rotate0; rot <= engine.Rotate270; rot++ {
			art := r.cache.art(ts, id, rot, size, 0)
			c := rotatePt(centre, int(rot)).scale(s)
			var sum pt
			n := 0
			for y := range size {
				for x := range size {
					if near(art.RGBAAt(x, y), colArrow, 0) {
						sum = sum.add(pt{float64(x) + 0.5, float64(y) + 0.5})
						n++
					}
				}
			}
			name := fmt.Sprintf("%s turned %s", tile.Name, rot)
			if n < size*size/300 {
				t.Errorf("%s: %d pixels of the arrow, want at least %d", name, n, size*size/300)
				continue
			}
			got := sum.mul(1 / float64(n)).sub(c)
			dx, dy := tile.Flight.Rotate(rot).Step()
			want := math.Atan2(float64(dy), float64(dx))
			diff := math.Abs(math.Remainder(math.Atan2(got.y, got.x)-want, 2*math.Pi))
			if diff > 20*math.Pi/180 || math.Hypot(got.x, got.y) < s*0.03 {
				t.Errorf("%s: the arrow lies %.0f° off the heading %s (its weight %.1f px from the machine)",
					name, diff*180/math.Pi, tile.Flight.Rotate(rot), math.Hypot(got.x, got.y))
			}
		}
	}
}

// TestCropCircleSigns checks that the three crop circles' signs differ
// from one another at a size of the board: the dark pixels inside the
// circle of each pair of types differ on at least a fifth of them.
func TestCropCircleSigns(t *testing.T) {
	const n, rad = 40, 7.0 // a symbol on a tile of about 55 pixels
	masks := map[engine.Marker][]bool{}
	for _, m := range []engine.Marker{engine.CropFork, engine.CropClub, engine.CropShield} {
		dc := gg.NewContext(n, n)
		dc.SetColor(colWhite)
		dc.Clear()
		drawSymbol(dc, engine.CropCircle|m, 0, engine.NoHeading, pt{n / 2, n / 2}, rad*miniSymbolScale)
		img := dc.Image().(*image.RGBA)
		mask := make([]bool, n*n)
		for y := range n {
			for x := range n {
				in := math.Hypot(float64(x)+0.5-n/2, float64(y)+0.5-n/2) < rad*miniSymbolScale*0.62
				c := img.RGBAAt(x, y)
				mask[y*n+x] = in && int(c.R)+int(c.G)+int(c.B) < 3*128
			}
		}
		masks[m] = mask
	}
	for a, ma := range masks {
		for b, mb := range masks {
			if a >= b {
				continue
			}
			diff, union := 0, 0
			for i := range ma {
				if ma[i] || mb[i] {
					union++
				}
				if ma[i] != mb[i] {
					diff++
				}
			}
			if union == 0 || diff*5 < union {
				t.Errorf("the signs of %s and %s differ on %d of %d dark pixels", a, b, diff, union)
			}
		}
	}
}

// TestIngotsOnBoard checks the gold ingots lying on the tiles on a real
// board PNG decoded back, against the same picture without them: on each
// tile that holds some (Game.Ingots), more gold and the dark disc of their
// number, nothing changed off those tiles; stacks of one and two ingots
// are drawn differently.
func TestIngotsOnBoard(t *testing.T) {
	r := testRenderer()
	// gm-city after turn 2: an ingot on D at 0,0, two on GM06 at 0,-1,
	// one on GM01 at 1,0.
	g := pdGame(t, "gm-city", 2)
	want := map[engine.Cell]int{{X: 0, Y: 0}: 1, {X: 0, Y: -1}: 2, {X: 1, Y: 0}: 1}
	got := map[engine.Cell]int{}
	for _, in := range g.Ingots() {
		got[in.Cell] = in.N
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("fixture: ingots %v, want %v", got, want)
	}
	sc := newScene(g, true)
	l := layoutBoard(sc, false)
	with := scenePNG(t, r, sc, l)
	bare := *sc
	bare.ingots = nil
	without := scenePNG(t, r, &bare, l)
	dump(t, "ingots", with)
	var cells []image.Rectangle
	for c := range want {
		cr := l.win.cellRect(c)
		cells = append(cells, cr.Inset(-cr.Dx()/10))
		area := cr.Dx() * cr.Dy()
		if n := countNear(with, cr, colGold, 0) - countNear(without, cr, colGold, 0); n < area/150 {
			t.Errorf("tile %v: %d more pixels of gold with its ingots, want at least %d", c, n, area/150)
		}
		if n := countNear(with, cr, colOutlineDk, 0) - countNear(without, cr, colOutlineDk, 0); n < area/200 {
			t.Errorf("tile %v: %d more dark pixels (the number's disc), want at least %d", c, n, area/200)
		}
	}
	for y := with.Rect.Min.Y; y < with.Rect.Max.Y; y++ {
		for x := with.Rect.Min.X; x < with.Rect.Max.X; x++ {
			p, in := image.Pt(x, y), false
			for _, c := range cells {
				in = in || p.In(c)
			}
			if !in && with.RGBAAt(x, y) != without.RGBAAt(x, y) && !p.In(l.panel) {
				t.Fatalf("the ingots change pixel %v, off the tiles that hold them", p)
			}
		}
	}
	k := r.kits.get()
	defer r.kits.put(k)
	one, two := r.ingotsSprite(k, 30, 1), r.ingotsSprite(k, 30, 2)
	if countNear(one, one.Rect, colGold, 0) >= countNear(two, two.Rect, colGold, 0) {
		t.Errorf("two ingots show no more gold than one")
	}
	if r.ingotsSprite(k, 30, 2) != two {
		t.Errorf("the ingots' sprite is drawn again, not cached")
	}
	// BoardPNG draws them.
	img := boardPNG(t, r, g)
	lb := layoutBoard(newScene(g, true), false)
	cr := lb.win.cellRect(engine.Cell{X: 0, Y: -1})
	if n := countNear(img, cr, colGold, 0); n < cr.Dx()*cr.Dy()/100 {
		t.Errorf("BoardPNG: %d pixels of gold on GM06's tile, want at least %d", n, cr.Dx()*cr.Dy()/100)
	}
}

// TestGoldLineInPanel checks each player's line of The Gold Mines in the
// scoreboard of a real picture decoded back: an ingot on every player's
// line, and the line of the player holding ingots (Red, 3 after gm-city)
// writes more (the count and the end bonus) than that of the player with
// none; without The Gold Mines, no gold in the panel.
func TestGoldLineInPanel(t *testing.T) {
	r := testRenderer()
	g := pdGame(t, "gm-city", 3)
	if g.Gold(0) != 3 || g.Gold(1) != 0 {
		t.Fatalf("fixture: gold %d and %d, want 3 and 0", g.Gold(0), g.Gold(1))
	}
	sc := newScene(g, false)
	l := layoutBoard(sc, false)
	img := scenePNG(t, r, sc, l)
	dump(t, "panel", img)
	d := func(v float64) int { return dpx(v, l.u) }
	top := scoreRowsTop(sc, l.panel, l.u)
	ink := make([]int, 2)
	for p := range 2 {
		y := top + p*d(scoreRowH(sc)) + d(scoreRowD) + d(scoreGoodsD)/2 - d(3)
		line := image.Rect(l.panel.Min.X, y-d(scoreGoodsD)/2, l.panel.Max.X, y+d(scoreGoodsD)/2)
		if n := countNear(img, line, colGold, 0); n < d(6)*d(4) {
			t.Errorf("%s's gold line: %d pixels of gold, want at least %d", sc.names[p], n, d(6)*d(4))
		}
		ink[p] = countNear(img, line, colText, 40) + countNear(img, line, colTextDim, 40)
	}
	if ink[0] <= ink[1]*3/2 {
		t.Errorf("the gold line of Red (3 ingots) has %d pixels of text, Blue's (none) %d", ink[0], ink[1])
	}
	plain := *sc
	plain.gold = false
	lp := layoutBoard(&plain, false)
	// The players' rows; the key under them shows the gold mines on the
	// board, which this scene still has.
	rows := lp.panel
	rows.Max.Y = scoreKeyArea(&plain, lp.panel, lp.u).Min.Y
	if n := countNear(scenePNG(t, r, &plain, lp), rows, colGold, 0); n > 0 {
		t.Errorf("without The Gold Mines the panel's rows have %d pixels of gold", n)
	}
}

// miniGame plays turns random moves of a base game with the tiles of
// expansions exps (their composed tile set and start tile, engine.NewRules)
// and the rules of the base game, for the pictures of the expansions'
// tiles.
func miniGame(tb testing.TB, exps []engine.Expansion, seed uint64, turns int) *engine.Game {
	tb.Helper()
	var set engine.ExpansionSet
	for _, e := range exps {
		set |= engine.ExpansionSet(1) << e
	}
	rules, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return compactGame(tb, engine.Config{Players: []string{"Alice", "Bob", "Carol"}, Seed: seed,
		Tiles: rules.Tiles, Start: rules.Start}, seed, turns)
}

// placedWith returns the placed tiles of sc whose tile has all markers m.
func placedWith(sc *scene, m engine.Marker) []engine.PlacedTile {
	var out []engine.PlacedTile
	for _, pt := range sc.tiles {
		if sc.ts.Tile(pt.Tile).Markers&m == m {
			out = append(out, pt)
		}
	}
	return out
}

// roadPorts returns the sides' middle ports (board orientation) where a
// road leaves placed tile pt.
func roadPorts(sc *scene, pt engine.PlacedTile) []engine.Port {
	var out []engine.Port
	for _, p := range []engine.Port{engine.N, engine.E, engine.S, engine.W} {
		if f, ok := sc.ts.FeatureAt(pt.Tile, pt.Rotation, p); ok && sc.ts.Tile(pt.Tile).Features[f].Kind == engine.Road {
			out = append(out, p)
		}
	}
	return out
}

// boxOf returns the box of the pixels of img in r near colour c.
func boxOf(img *image.RGBA, r image.Rectangle, c color.RGBA) image.Rectangle {
	var b image.Rectangle
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if near(img.RGBAAt(x, y), c, 0) {
				b = b.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return b
}

// TestFerryOnLake checks drawFerries on real board PNGs decoded back,
// against the same pictures without the ferry: on every lake tile of a
// game with the tiles of The Ferries and for every pair of its road ends,
// the boat shows on the lake of its tile (near its middle), lying along
// the route (wider than tall between east and west, taller than wide
// between north and south), and nothing changes off the tile.
func TestFerryOnLake(t *testing.T) {
	r := testRenderer()
	g := miniGame(t, []engine.Expansion{engine.ExpansionFerries}, 5, 12)
	sc := newScene(g, false)
	lakes := placedWith(sc, engine.Lake)
	if len(lakes) < 2 {
		t.Fatalf("fixture: %d lake tiles placed, want at least 2", len(lakes))
	}
	l := layoutBoard(sc, false)
	without := scenePNG(t, r, sc, l)
	pairs := 0
	for _, lt := range lakes {
		ports := roadPorts(sc, lt)
		if len(ports) < 3 {
			t.Fatalf("tile %s at %v: road ends %v, want 3 or 4", sc.ts.Tile(lt.Tile).Name, lt.Cell, ports)
		}
		for i, a := range ports {
			for _, b := range ports[i+1:] {
				pairs++
				with := *sc
				with.ferries = []ferryLink{{Cell: lt.Cell, Ports: [2]engine.Port{a, b}}}
				img := scenePNG(t, r, &with, l)
				name := fmt.Sprintf("ferry %s-%s on %s at %v turned %s", a, b, sc.ts.Tile(lt.Tile).Name, lt.Cell, lt.Rotation)
				if pairs == 1 {
					dump(t, "ferry", img)
				}
				cr := l.win.cellRect(lt.Cell)
				area := cr.Dx() * cr.Dy()
				if n := countNear(img, cr, colFerry, 0) - countNear(without, cr, colFerry, 0); n < area/150 {
					t.Errorf("%s: %d more pixels of the boat, want at least %d", name, n, area/150)
					continue
				}
				box := boxOf(img, cr, colFerry)
				mid := image.Pt((box.Min.X+box.Max.X)/2, (box.Min.Y+box.Max.Y)/2)
				if in := cr.Inset(cr.Dx() * 27 / 100); !mid.In(in) {
					t.Errorf("%s: the boat's middle %v is off the lake %v", name, mid, in)
				}
				ew := (a == engine.E && b == engine.W) || (a == engine.W && b == engine.E)
				ns := (a == engine.N && b == engine.S) || (a == engine.S && b == engine.N)
				if ew && box.Dx() <= box.Dy() || ns && box.Dy() <= box.Dx() {
					t.Errorf("%s: the boat is %d × %d pixels, not along its route", name, box.Dx(), box.Dy())
				}
				off := cr.Inset(-1)
				for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
					for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
						if p := image.Pt(x, y); !p.In(off) && img.RGBAAt(x, y) != without.RGBAAt(x, y) {
							t.Fatalf("%s: the ferry changes pixel %v, off its tile", name, p)
						}
					}
				}
			}
		}
	}
	// A ferry that joins no two road ends is not drawn.
	bad := *sc
	bad.ferries = []ferryLink{{Cell: lakes[0].Cell, Ports: [2]engine.Port{engine.NNW, engine.E}}}
	if img := scenePNG(t, r, &bad, l); countNear(img, img.Rect, colFerry, 0) != countNear(without, without.Rect, colFerry, 0) {
		t.Errorf("a ferry from a corner port is drawn")
	}
}

// TestMageAndWitch checks drawNeutralFigures on a real board PNG decoded
// back, against the same picture without them: the mage (purple, yellow
// stars) and the witch (black, green face) each on the tile of its
// feature, near where a follower there would stand, in its own colours:
// no green face on the mage's tile, no purple on the witch's, and no
// player's colour added.
func TestMageAndWitch(t *testing.T) {
	r := testRenderer()
	g := miniGame(t, []engine.Expansion{engine.ExpansionMageAndWitch}, 3, 14)
	sc := newScene(g, false)
	sc.followers = nil // the figures alone
	magic := placedWith(sc, engine.Magic)
	if len(magic) < 2 {
		t.Fatalf("fixture: %d magic tiles placed, want at least 2", len(magic))
	}
	// The mage on the first magic tile's city, the witch on a road or city
	// of the second.
	spot := func(pt engine.PlacedTile, kinds ...engine.FeatureKind) engine.Port {
		for p := engine.NNW; p <= engine.WNW; p++ {
			if f, ok := sc.ts.FeatureAt(pt.Tile, pt.Rotation, p); ok {
				for _, k := range kinds {
					if sc.ts.Tile(pt.Tile).Features[f].Kind == k {
						return p
					}
				}
			}
		}
		t.Fatalf("tile %s: no feature of %v", sc.ts.Tile(pt.Tile).Name, kinds)
		return engine.NoPort
	}
	l := layoutBoard(sc, false)
	without := scenePNG(t, r, sc, l)
	with := *sc
	with.mage = neutralFigure{On: true, Cell: magic[0].Cell, Port: spot(magic[0], engine.City)}
	with.witch = neutralFigure{On: true, Cell: magic[1].Cell, Port: spot(magic[1], engine.Road, engine.City)}
	img := scenePNG(t, r, &with, l)
	dump(t, "mage-and-witch", img)
	for i, nf := range []neutralFigure{with.mage, with.witch} {
		cr := l.win.cellRect(nf.Cell)
		area := cr.Dx() * cr.Dy()
		own, other := []color.RGBA{colMage, colMageStar}, colWitchSkin
		who := "mage"
		if i == 1 {
			own, other, who = []color.RGBA{colWitch, colWitchSkin, colBroom}, colMage, "witch"
		}
		for _, c := range own {
			if n := countNear(img, cr, c, 0) - countNear(without, cr, c, 0); n < area/400 {
				t.Errorf("the %s's tile has %d more pixels of %v, want at least %d", who, n, c, area/400)
			}
		}
		if n := countNear(img, cr, other, 0) - countNear(without, cr, other, 0); n > 0 {
			t.Errorf("the %s adds %d pixels of %v, the other figure's colour", who, n, other)
		}
		for p := range 6 {
			if PlayerColour(p) == rgb(0x26262a) {
				continue // black: the shade of the figures' outlines
			}
			if n := countNear(img, cr, PlayerColour(p), 0) - countNear(without, cr, PlayerColour(p), 0); n > area/300 {
				t.Errorf("the %s adds %d pixels of %s's colour", who, n, PlayerColourName(p))
			}
		}
		// Near where it stands: the box of its own colour holds that point.
		p := r.neutralPoint(&with, with.tiles[with.at[nf.Cell]], nf)
		at := image.Pt(cr.Min.X+int(p.x*float64(cr.Dx())), cr.Min.Y+int(p.y*float64(cr.Dy())))
		if box := boxOf(img, cr, own[0]).Inset(-cr.Dx() / 10); !at.In(box) {
			t.Errorf("the %s is drawn at %v, away from its place %v", who, box, at)
		}
	}
	if mage, witch := r.mageFigure(30), r.witchFigure(30); mage != r.mageFigure(30) || witch != r.witchFigure(30) {
		t.Errorf("the mage's or the witch's sprite is drawn again, not cached")
	}
	// Off: not drawn.
	off := with
	off.mage.On, off.witch.On = false, false
	if a, b := scenePNG(t, r, &off, l), without; countNear(a, a.Rect, colMage, 0) != countNear(b, b.Rect, colMage, 0) {
		t.Errorf("a mage not on the board is drawn")
	}
}

// TestMinisBoard draws a board of a game with the tiles of all five mini
// expansions, with ingots, a ferry, the mage and the witch set by hand,
// as BoardPNG would, to look at under -dump: it must draw and decode.
func TestMinisBoard(t *testing.T) {
	r := testRenderer()
	g := miniGame(t, miniExpansions, 11, 30)
	sc := newScene(g, true)
	if lakes := placedWith(sc, engine.Lake); len(lakes) > 0 {
		if ps := roadPorts(sc, lakes[0]); len(ps) >= 2 {
			sc.ferries = []ferryLink{{Cell: lakes[0].Cell, Ports: [2]engine.Port{ps[0], ps[1]}}}
		}
	}
	for i, pt := range placedWith(sc, engine.Magic) {
		if i > 1 {
			break
		}
		for p := engine.NNW; p <= engine.WNW; p++ {
			if f, ok := sc.ts.FeatureAt(pt.Tile, pt.Rotation, p); ok && sc.ts.Tile(pt.Tile).Features[f].Kind != engine.Field {
				nf := neutralFigure{On: true, Cell: pt.Cell, Port: p}
				if i == 0 {
					sc.mage = nf
				} else {
					sc.witch = nf
				}
				break
			}
		}
	}
	for i, pt := range placedWith(sc, engine.GoldMine) {
		sc.ingots = append(sc.ingots, engine.Ingots{Cell: pt.Cell, N: i + 1})
	}
	l := layoutBoard(sc, false)
	img := scenePNG(t, r, sc, l)
	dump(t, "board", img)
	if countNear(img, img.Rect, colArrow, 0) == 0 || countNear(img, img.Rect, colCrop, 0) == 0 {
		t.Errorf("the board shows no flying machine or no crop circle")
	}
}

// ferryGame plays turns random moves of a game of The Ferries, each lake
// tile with the first ferry it may take (Game.FerryLinks).
func ferryGame(tb testing.TB, seed uint64, turns int) *engine.Game {
	tb.Helper()
	rules, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFerries), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Players: []string{"Alice", "Bob"}, Seed: seed, Rules: rules})
	if err != nil {
		tb.Fatal(err)
	}
	for played := 0; !g.Ended() && played < turns; played++ {
		t, _ := g.Drawn()
		ps := g.Placements()
		m := engine.Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			// The placement next to the most tiles, to keep the board small.
			best, bn := ps[0], -1
			for _, p := range ps {
				n := 0
				for _, s := range []engine.Side{engine.North, engine.East, engine.South, engine.West} {
					if _, ok := g.TileAt(p.Cell.Neighbour(s)); ok {
						n++
					}
				}
				if n > bn {
					best, bn = p, n
				}
			}
			m = engine.Move{Tile: t, Cell: best.Cell, Rotation: best.Rotation}
			if ls := g.FerryLinks(t, best.Rotation); len(ls) > 0 {
				m.Ferry = ls[0]
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("move %d: %v", played+1, err)
		}
	}
	return g
}

// TestFerriesFromGame checks that the board of a game of The Ferries draws
// every ferry the engine reports (Game.Ferries) on its lake, in a real
// BoardPNG decoded back: the boat's wood on each lake tile with a ferry.
func TestFerriesFromGame(t *testing.T) {
	r := testRenderer()
	g := ferryGame(t, 2, 60)
	fs := g.Ferries()
	if len(fs) < 2 {
		t.Fatalf("fixture: %d ferries on the board, want at least 2", len(fs))
	}
	sc := newScene(g, true)
	if len(sc.ferries) != len(fs) {
		t.Fatalf("the scene has %d ferries, the game %d", len(sc.ferries), len(fs))
	}
	for i, f := range fs {
		a, b := f.Link.Ports()
		if sc.ferries[i] != (ferryLink{Cell: f.Cell, Ports: [2]engine.Port{a, b}}) {
			t.Errorf("ferry %d: the scene has %+v, the game %v %v", i, sc.ferries[i], f.Cell, f.Link)
		}
	}
	img := boardPNG(t, r, g)
	dump(t, "board", img)
	l := layoutBoard(sc, false)
	for _, f := range fs {
		cr := l.win.cellRect(f.Cell)
		if n := countNear(img, cr, colFerry, 0); n < cr.Dx()*cr.Dy()/150 {
			t.Errorf("ferry %v on %v: %d pixels of the boat, want at least %d", f.Link, f.Cell, n, cr.Dx()*cr.Dy()/150)
		}
	}
}

// previewCell returns the box of cell c in the preview of game g with
// its tile on c.
func previewCell(g *engine.Game, c engine.Cell) image.Rectangle {
	return previewWindow(newScene(g, false), c).cellRect(c)
}

// TestPreviewMoveFerry checks PreviewMove on a lake tile of a game of The
// Ferries, decoded back from PreviewMovePNG: each ferry the tile may take
// shows as a boat on its lake (more of the boat's wood there than in the
// preview without it), lying along its route; a ferry that joins no two
// road ends of the lake, and a ferry moved that the tile does not reach,
// are refused with engine.ErrFerry.
func TestPreviewMoveFerry(t *testing.T) {
	r := testRenderer()
	g := ferryGame(t, 2, 0)
	for range 80 {
		if d, ok := g.Drawn(); ok && g.HasLake(d) && len(g.Placements()) > 0 {
			break
		}
		g = ferryGame(t, 2, len(g.Moves())+1)
	}
	d, ok := g.Drawn()
	if !ok || !g.HasLake(d) {
		t.Fatal("fixture: no lake tile drawn in 80 turns")
	}
	p := g.Placements()[0]
	base := decodePNG(t, func(w io.Writer) error { return r.PreviewFigurePNG(w, g, p, engine.NoPort, engine.FigureFollower) })
	cr := previewCell(g, p.Cell)
	area := cr.Dx() * cr.Dy()
	links := g.FerryLinks(d, p.Rotation)
	if len(links) < 3 {
		t.Fatalf("fixture: %d ferry links on %s, want 3 or 6", len(links), g.TileSet().Name(d))
	}
	for i, l := range links {
		m := engine.Move{Tile: d, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort, Ferry: l}
		img := decodePNG(t, func(w io.Writer) error { return r.PreviewMovePNG(w, g, m) })
		if i == 0 {
			dump(t, "ferry", img)
		}
		if n := countNear(img, cr, colFerry, 0) - countNear(base, cr, colFerry, 0); n < area/150 {
			t.Errorf("ferry %s: %d more pixels of the boat on the tile, want at least %d", l, n, area/150)
		}
		a, b := l.Ports()
		box := boxOf(img, cr, colFerry)
		if (a == engine.E && b == engine.W && box.Dx() <= box.Dy()) || (a == engine.N && b == engine.S && box.Dy() <= box.Dx()) {
			t.Errorf("ferry %s: the boat is %d × %d pixels, not along its route", l, box.Dx(), box.Dy())
		}
		rgba, err := r.PreviewMove(g, m)
		if err != nil || rgba.Rect != img.Rect {
			t.Errorf("ferry %s: PreviewMove: %v, %v, want the PNG's picture %v", l, err, rgba.Bounds(), img.Rect)
		}
	}
	// Refused: a link of corner ports; a ferry moved where none is.
	bad := engine.Move{Tile: d, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort, Ferry: engine.FerryLink(0b11111)}
	if _, err := r.PreviewMove(g, bad); !errors.Is(err, engine.ErrFerry) {
		t.Errorf("a bad ferry: %v, want ErrFerry", err)
	}
	far := engine.Move{Tile: d, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort, Ferry: links[0],
		FerryMoves: engine.MakeFerryMoves(engine.FerryMove{Cell: engine.Cell{X: 40, Y: 40}, Link: links[0]})}
	if err := r.PreviewMovePNG(io.Discard, g, far); !errors.Is(err, engine.ErrFerry) {
		t.Errorf("a ferry moved where none is: %v, want ErrFerry", err)
	}
	other := engine.Move{Tile: d + 1, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort}
	if _, err := r.PreviewMove(g, other); !errors.Is(err, engine.ErrUnknownTile) {
		t.Errorf("another tile than the one drawn: %v, want ErrUnknownTile", err)
	}
}

// TestPreviewMoveFerryMoves checks that PreviewMove draws a ferry the move
// moves (Move.FerryMoves) on its new route: in a game of The Ferries, the
// first placement that reaches a ferry, with each other link of its lake.
func TestPreviewMoveFerryMoves(t *testing.T) {
	r := testRenderer()
	for seed := uint64(1); seed <= 12; seed++ {
		g := ferryGame(t, seed, 0)
		for turn := 0; turn < 70 && !g.Ended(); turn++ {
			d, _ := g.Drawn()
			for _, p := range g.Placements() {
				m := engine.Move{Tile: d, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort}
				if ls := g.FerryLinks(d, p.Rotation); len(ls) > 0 {
					m.Ferry = ls[0]
				}
				moves := g.AppendFerryMoves(nil, m)
				if len(moves) == 0 {
					continue
				}
				fm := moves[0]
				sc := newScene(g, false)
				before := slices.IndexFunc(sc.ferries, func(f ferryLink) bool { return f.Cell == fm.Cell })
				if before < 0 {
					t.Fatalf("the ferry at %v to move is not in the scene", fm.Cell)
				}
				base := decodePNG(t, func(w io.Writer) error { return r.PreviewMovePNG(w, g, m) })
				m.FerryMoves = engine.MakeFerryMoves(fm)
				img := decodePNG(t, func(w io.Writer) error { return r.PreviewMovePNG(w, g, m) })
				dump(t, "moved", img)
				win := previewWindow(sc, p.Cell)
				if !win.contains(fm.Cell) {
					continue
				}
				cr := win.cellRect(fm.Cell)
				same := true
				for y := cr.Min.Y; y < cr.Max.Y && same; y++ {
					for x := cr.Min.X; x < cr.Max.X; x++ {
						if img.RGBAAt(x, y) != base.RGBAAt(x, y) {
							same = false
							break
						}
					}
				}
				if same {
					t.Errorf("the ferry at %v moved to %s looks as before", fm.Cell, fm.Link)
				}
				if n := countNear(img, cr, colFerry, 0); n < cr.Dx()*cr.Dy()/150 {
					t.Errorf("the ferry at %v moved to %s: %d pixels of the boat", fm.Cell, fm.Link, n)
				}
				if n, n0 := countNear(img, cr, colHighlight, 8), countNear(base, cr, colHighlight, 8); n < n0+100 {
					t.Errorf("the ferry at %v moved: %d pixels of a ring, %d before", fm.Cell, n, n0)
				}
				if words, want := movedWords(sc, m), "ferry at ("+fm.Cell.String()+") moved"; words != want {
					t.Errorf("the preview says %q, want %q", words, want)
				}
				return
			}
			g = ferryGame(t, seed, turn+1)
		}
	}
	t.Fatal("fixture: no placement reaches a ferry")
}

// goldGame plays turns moves of a game of The Gold Mines, each placement
// next to the most tiles, the second ingot of a gold mine on the first
// tile that may take it, until turns moves are played or stop says so of
// the game before a move.
func goldGame(tb testing.TB, seed uint64, turns int, stop func(*engine.Game) bool) *engine.Game {
	tb.Helper()
	rules, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionGoldMines), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Players: []string{"Alice", "Bob"}, Seed: seed, Rules: rules})
	if err != nil {
		tb.Fatal(err)
	}
	for played := 0; !g.Ended() && played < turns && !stop(g); played++ {
		t, _ := g.Drawn()
		ps := g.Placements()
		m := engine.Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			p := ps[0]
			m = engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
			if cs := g.GoldCells(p); len(cs) > 0 {
				m.Gold, m.GoldCell = true, cs[0]
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("move %d: %v", played+1, err)
		}
	}
	return g
}

// TestPreviewMoveGold checks PreviewMove with the gold ingots of a gold
// mine tile, decoded back from PreviewMovePNG: an ingot stack more on the
// tile placed and on the tile of the second ingot; a second ingot on a
// tile not next to it is refused with engine.ErrNoGold.
func TestPreviewMoveGold(t *testing.T) {
	r := testRenderer()
	g := goldGame(t, 3, 80, func(g *engine.Game) bool {
		d, ok := g.Drawn()
		return ok && g.TileSet().Tile(d).Markers&engine.GoldMine != 0 && len(g.Placements()) > 0
	})
	d, ok := g.Drawn()
	if !ok || g.TileSet().Tile(d).Markers&engine.GoldMine == 0 {
		t.Fatal("fixture: no gold mine drawn")
	}
	p := g.Placements()[0]
	second := g.GoldCells(p)[0]
	m := engine.Move{Tile: d, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort, Gold: true, GoldCell: second}
	img := decodePNG(t, func(w io.Writer) error { return r.PreviewMovePNG(w, g, m) })
	base := decodePNG(t, func(w io.Writer) error { return r.PreviewFigurePNG(w, g, p, engine.NoPort, engine.FigureFollower) })
	dump(t, "gold", img)
	for _, c := range []engine.Cell{p.Cell, second} {
		cr := previewWindow(newScene(g, false), p.Cell).cellRect(c)
		if n := countNear(img, cr, colGold, 0) - countNear(base, cr, colGold, 0); n < cr.Dx()*cr.Dy()/150 {
			t.Errorf("tile %v: %d more pixels of gold, want at least %d", c, n, cr.Dx()*cr.Dy()/150)
		}
	}
	cr := previewWindow(newScene(g, false), p.Cell).cellRect(second)
	if n, n0 := countNear(img, cr, colHighlight, 8), countNear(base, cr, colHighlight, 8); n < n0+100 {
		t.Errorf("the second ingot on %v: %d pixels of a ring, %d without", second, n, n0)
	}
	if words, want := movedWords(newScene(g, false), m), "second gold ingot on ("+second.String()+")"; words != want {
		t.Errorf("the preview says %q, want %q", words, want)
	}
	m.GoldCell = engine.Cell{X: 3, Y: 3}
	if _, err := r.PreviewMove(g, m); !errors.Is(err, engine.ErrNoGold) {
		t.Errorf("a second ingot far away: %v, want ErrNoGold", err)
	}
}

// TestFlightOnBoard checks the flight of the last move on real board PNGs
// decoded back, against the same pictures without it (fm-example-city and
// fm-example-no-tile, turn 6: FM02 at -1,2 turned 90 points north, the
// die says 2 and 3): the crimson line on the tile it flies over, the die
// halfway with as many pips as the roll, a ring on the tile it landed on
// or a cross where it found no tile; nothing before the flight or once
// the game is over.
func TestFlightOnBoard(t *testing.T) {
	r := testRenderer()
	for _, c := range []struct {
		name   string
		roll   int
		to     engine.Cell
		landed bool
	}{
		{"fm-example-city", 2, engine.Cell{X: -1, Y: 0}, true},
		{"fm-example-no-tile", 3, engine.Cell{X: -1, Y: -1}, false},
	} {
		g := pdGame(t, c.name, 6)
		sc := newScene(g, true)
		want := flight{on: true, from: engine.Cell{X: -1, Y: 2}, to: c.to, roll: c.roll, landed: c.landed}
		if sc.flight != want {
			t.Fatalf("%s: flight %+v, want %+v", c.name, sc.flight, want)
		}
		l := layoutBoard(sc, false)
		if !l.win.contains(c.to) {
			t.Fatalf("%s: the board does not show %v", c.name, c.to)
		}
		img := scenePNG(t, r, sc, l)
		bare := *sc
		bare.flight = flight{}
		without := scenePNG(t, r, &bare, l)
		dump(t, c.name, img)
		more := func(cr image.Rectangle, col color.RGBA) int {
			return countNear(img, cr, col, 0) - countNear(without, cr, col, 0)
		}
		over := l.win.cellRect(engine.Cell{X: -1, Y: 1}) // flown over in both
		area := over.Dx() * over.Dy()
		if n := more(over, colArrow); n < area/60 {
			t.Errorf("%s: %d more crimson pixels on the tile flown over, want at least %d", c.name, n, area/60)
		}
		// The die: halfway between the centres, white with dark pips.
		from, to := l.win.cellRect(want.from), l.win.cellRect(c.to)
		mid := image.Pt((from.Min.X+to.Min.X)/2+l.win.tile/2, (from.Min.Y+to.Min.Y)/2+l.win.tile/2)
		if !c.landed {
			mid.Y += l.win.tile / 4 // halfway to the edge of the empty cell
		}
		side := max(12, l.win.tile*26/100)
		die := image.Rectangle{Min: mid, Max: mid}.Inset(-side / 2)
		if n := more(die, colWhite); n < side*side/3 {
			t.Errorf("%s: %d more white pixels where the die is, want at least %d", c.name, n, side*side/3)
		}
		// The pips: dark blobs inside the die.
		pips := 0
		seen := map[image.Point]bool{}
		in := die.Inset(side / 8)
		for y := in.Min.Y; y < in.Max.Y; y++ {
			for x := in.Min.X; x < in.Max.X; x++ {
				p := image.Pt(x, y)
				if seen[p] || !near(img.RGBAAt(x, y), colOutlineDk, 30) {
					continue
				}
				pips++
				stack := []image.Point{p}
				seen[p] = true
				for len(stack) > 0 {
					q := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
						nq := q.Add(d)
						if nq.In(in) && !seen[nq] && near(img.RGBAAt(nq.X, nq.Y), colOutlineDk, 30) {
							seen[nq] = true
							stack = append(stack, nq)
						}
					}
				}
			}
		}
		if pips != c.roll {
			t.Errorf("%s: the die shows %d pips, want %d", c.name, pips, c.roll)
		}
		if !c.landed {
			// No tile there: the cross on the edge of the empty cell.
			to = to.Add(image.Pt(0, l.win.tile/2))
		}
		if n := more(to, colArrow); n < area/80 {
			t.Errorf("%s: %d more crimson pixels on the tile it flew to, want at least %d", c.name, n, area/80)
		}
	}
	if fl := newScene(pdGame(t, "fm-example-city", 5), true).flight; fl.on {
		t.Errorf("before the flight: %+v", fl)
	}
	if fl := newScene(pdGame(t, "fm-example-city", -1), true).flight; fl.on {
		t.Errorf("after the end: %+v", fl)
	}
}

// TestMageFromEngine checks that the board of a game of Mage & Witch
// draws the mage where engine.Game.MagicAt says it stands, and that
// PreviewMove draws the mage a move puts on a road or city: a PNG decoded
// back, with the mage's colour on that tile and not without it.
func TestMageFromEngine(t *testing.T) {
	r := testRenderer()
	rules, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionMageAndWitch), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: rules, Players: []string{"Alice", "Bob"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	var preview engine.Move
	for !g.Ended() {
		if _, ok := g.MagicAt(engine.MagicMage); ok {
			break
		}
		as := randomAnswers(t, g, rng)
		t0, _ := g.Drawn()
		m := engine.MoveOfAnswers(t0, as)
		if m.Magic == engine.MagicMage && m.MagicAt != (engine.Target{}) && preview.Tile == engine.NoTile {
			preview = m
			var buf bytes.Buffer
			if err := r.PreviewMovePNG(&buf, g, m); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			rgba := image.NewRGBA(img.Bounds())
			draw.Draw(rgba, rgba.Rect, img, img.Bounds().Min, draw.Src)
			if n := countNear(rgba, rgba.Rect, colMage, 0); n == 0 {
				t.Errorf("the preview of %+v shows no mage", m)
			}
		}
		if err := g.Apply(engine.MoveOfAnswers(t0, as)); err != nil {
			t.Fatal(err)
		}
	}
	at, ok := g.MagicAt(engine.MagicMage)
	if !ok || preview.Tile == engine.NoTile {
		t.Fatal("the mage never came on the board")
	}
	sc := newScene(g, false)
	if !sc.mage.On || sc.mage.Cell != at.Cell || sc.mage.Port != at.Port {
		t.Fatalf("the scene's mage %+v, the engine's %+v", sc.mage, at)
	}
	l := layoutBoard(sc, false)
	with := scenePNG(t, r, sc, l)
	off := *sc
	off.mage.On = false
	without := scenePNG(t, r, &off, l)
	cr := l.win.cellRect(at.Cell)
	if n := countNear(with, cr, colMage, 0) - countNear(without, cr, colMage, 0); n <= 0 {
		t.Errorf("the mage's tile (%s) has %d more pixels of its colour", at.Cell, n)
	}
}

// TestPreviewMoveFarMage previews moves that put the mage on a feature
// more than two cells from the tile placed, in random games of Mage &
// Witch: the picture, as wide as any preview, shows more and smaller
// cells, the mage among them on its cell.
func TestPreviewMoveFarMage(t *testing.T) {
	r := testRenderer()
	rules, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionMageAndWitch), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for seed := uint64(1); seed < 20 && found < 2; seed++ {
		g, err := engine.New(engine.Config{Rules: rules, Players: []string{"Alice", "Bob"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 8))
		for !g.Ended() && found < 2 {
			tile, _ := g.Drawn()
			for _, p := range g.Placements() {
				if !g.MagicNeeded(p) || found >= 2 {
					continue
				}
				for _, at := range g.MagicSpots(p, engine.MagicMage) {
					sc := newScene(g, false)
					if previewWindow(sc, p.Cell).contains(at.Cell) {
						continue
					}
					m := engine.Move{Tile: tile, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort, Magic: engine.MagicMage, MagicAt: at}
					img := decodePNG(t, func(w io.Writer) error { return r.PreviewMovePNG(w, g, m) })
					dump(t, "far-mage", img)
					win := coverWindow(sc, p.Cell, []engine.Cell{p.Cell, at.Cell})
					if !win.contains(at.Cell) || !win.contains(p.Cell) {
						t.Fatalf("seed %d: the window %v–%v leaves out the tile at %v or the mage at %v", seed, win.lo, win.hi, p.Cell, at.Cell)
					}
					if want := (2*previewReach+1)*previewTile + 2*marginFor(previewTile); img.Bounds().Dx() < want-8 || img.Bounds().Dx() > want {
						t.Errorf("seed %d: the preview is %d pixels wide, want %d", seed, img.Bounds().Dx(), want)
					}
					if n := countNear(img, win.cellRect(at.Cell), colMage, 0); n < 10 {
						t.Errorf("seed %d: the mage moved to %v (%s) shows %d pixels of its robe", seed, at.Cell, at.Port, n)
					}
					if n := countNear(img, win.cellRect(at.Cell), colHighlight, 8); n < 100 {
						t.Errorf("seed %d: the mage moved to %v shows %d pixels of a ring", seed, at.Cell, n)
					}
					if words, want := movedWords(sc, m), "mage to ("+at.Cell.String()+")"; words != want {
						t.Errorf("seed %d: the preview says %q, want %q", seed, words, want)
					}
					found++
					break
				}
			}
			if err := g.Apply(engine.MoveOfAnswers(tile, randomAnswers(t, g, rng))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found < 2 {
		t.Fatalf("%d moves put the mage beyond the 5 × 5 cells around the tile placed, want 2", found)
	}
}

// randomAnswers returns the answers of a whole turn of g through its
// steps, each at random among those the engine lists, without playing it.
func randomAnswers(tb testing.TB, g *engine.Game, rng *rand.Rand) []engine.Answer {
	tb.Helper()
	var as []engine.Answer
	c := g.Clone()
	for {
		opts := c.Answers()
		a := opts[rng.IntN(len(opts))]
		as = append(as, a)
		done, err := c.Act(a)
		if err != nil {
			tb.Fatal(err)
		}
		if done {
			return as
		}
	}
}
