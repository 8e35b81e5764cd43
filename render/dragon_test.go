package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// pdGame replays the engine's fixture of The Princess & the Dragon in
// engine/testdata/rules/NAME.rec up to turn n (all of it for n < 0).
func pdGame(tb testing.TB, name string, n int) *engine.Game {
	tb.Helper()
	data, err := os.ReadFile("../engine/testdata/rules/" + name + ".rec")
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := engine.ReadRecord(strings.NewReader(string(data)))
	if err != nil {
		tb.Fatal(err)
	}
	if n >= 0 {
		rec.Turns, rec.End = rec.Turns[:n], false
	}
	g, err := rec.Replay()
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// scenePNG draws the board picture of scene sc in layout l as BoardPNG
// does (in the fixed palette, encoded as a PNG) and decodes it back.
func scenePNG(tb testing.TB, r *Renderer, sc *scene, l layout) *image.RGBA {
	tb.Helper()
	k := r.kits.get()
	cv := r.compose(k, sc, l, false, r.newPaletted).(palCanvas)
	r.kits.put(k)
	defer r.canvases.put(cv.img)
	return decodePNG(tb, func(w io.Writer) error { return r.encodePaletted(w, cv.img) })
}

// boardPNG returns BoardPNG(g) decoded.
func boardPNG(tb testing.TB, r *Renderer, g *engine.Game) *image.RGBA {
	tb.Helper()
	return decodePNG(tb, func(w io.Writer) error { return r.BoardPNG(w, g) })
}

// pdMarkers are the markers of the tiles of The Princess & the Dragon.
var pdMarkers = []engine.Marker{engine.Volcano, engine.Dragon, engine.MagicPortal, engine.Princess}

// pdKey is the colour by which the tests find the symbol of marker m of
// The Princess & the Dragon in a PNG: symbolKey's, but the volcano's fire
// rather than its brown cone, a shade that the blends of the walls and
// roads take too.
func pdKey(m engine.Marker) color.RGBA {
	if m == engine.Volcano {
		return colLava
	}
	return symbolKey(m)
}

// TestDragonColoursInPalette checks that the colours of The Princess & the
// Dragon are in the fixed palette exactly, so that its symbols and figures
// keep their colours in the PNGs.
func TestDragonColoursInPalette(t *testing.T) {
	p := fixedPalette()
	for _, c := range dragonColours() {
		if got := p.rgb[p.index(c.R, c.G, c.B)]; got != [3]uint8{c.R, c.G, c.B} {
			t.Errorf("colour %v maps to %v in the palette", c, got)
		}
	}
}

// TestDragonSymbolsOnBoard checks the symbols of The Princess & the
// Dragon on real board PNGs decoded back: the volcano, the dragon, the
// magic portal and the princess each in its own colour on every tile that
// has it, and none of those colours on a tile without it.
func TestDragonSymbolsOnBoard(t *testing.T) {
	r := testRenderer()
	seen := map[engine.Marker]bool{}
	for _, name := range []string{"pd-dragon-example", "pd-portal", "pd-princess"} {
		g := pdGame(t, name, -1)
		sc := newScene(g, true)
		sc.pd = dragonScene{} // the symbols only: no dragon, no fairy, no trail
		l := layoutBoard(sc, false)
		img := scenePNG(t, r, sc, l)
		dump(t, name, img)
		for _, pt := range sc.tiles {
			all := tileMarkers(sc.ts.Tile(pt.Tile))
			cr := l.win.cellRect(pt.Cell).Inset(2)
			for _, m := range pdMarkers {
				n := countNear(img, cr, pdKey(m), 0)
				if all&m != 0 {
					seen[m] = true
					if n < 15 {
						t.Errorf("%s: tile %s at %v: %d pixels of the symbol of %s, want at least 15", name, sc.ts.Tile(pt.Tile).Name, pt.Cell, n, m)
					}
				} else if n > 0 {
					t.Errorf("%s: tile %s at %v: %d pixels of the colour of %s, which it does not have", name, sc.ts.Tile(pt.Tile).Name, pt.Cell, n, m)
				}
			}
		}
	}
	for _, m := range pdMarkers {
		if !seen[m] {
			t.Errorf("fixtures: no tile with %s", m)
		}
	}
}

// TestDragonSymbolsAtTileSizes checks every tile of The Princess & the
// Dragon, turned every way, as the PNGs show it (in the fixed palette) at
// the smallest, a middle and the largest board tile size: each symbol's
// colour is there in a share of the tile that grows with it, and no other
// symbol's colour is.
func TestDragonSymbolsAtTileSizes(t *testing.T) {
	r := testRenderer()
	ts := expansionTiles(t, engine.ExpansionPrincessAndDragon)
	for _, size := range []int{MinTile, 64, MaxTile} {
		for id := engine.TileID(1); int(id) <= ts.Len(); id++ {
			tile := ts.Tile(id)
			all := tileMarkers(tile)
			for rot := engine.Rotate0; rot <= engine.Rotate270; rot++ {
				pal := r.cache.palArt(ts, id, rot, size, 0)
				img := image.NewRGBA(pal.Rect)
				draw.Draw(img, img.Rect, pal, image.Point{}, draw.Src)
				name := fmt.Sprintf("%s turned %s at %d pixels", tile.Name, rot, size)
				for _, m := range pdMarkers {
					n := countNear(img, img.Rect, pdKey(m), 0)
					want := size * size / 300
					if all&m != 0 && n < want {
						t.Errorf("%s: %d pixels of the symbol of %s, want at least %d", name, n, m, want)
					}
					if all&m == 0 && n > 0 {
						t.Errorf("%s: %d pixels of the colour of %s, which it does not have", name, n, m)
					}
				}
			}
		}
	}
}

// without returns a copy of sc without what The Princess & the Dragon
// draws on the board, and the parts kept as asked.
func withoutPD(sc *scene, keepDragon, keepFairy, keepTrail bool) *scene {
	c := *sc
	if !keepDragon {
		c.pd.dragonOn = false
	}
	if !keepFairy {
		c.pd.fairyOn = false
	}
	if !keepTrail {
		c.pd.path = nil
	}
	return &c
}

// TestDragonFigure checks the dragon on a real board PNG decoded back,
// against the same picture without it: drawn on its tile (Game.Dragon) in
// its own colours and in no player's, and nowhere else.
func TestDragonFigure(t *testing.T) {
	r := testRenderer()
	g := pdGame(t, "pd-dragon-example", -1)
	at, ok := g.Dragon()
	if !ok || at != (engine.Cell{X: -1, Y: 1}) {
		t.Fatalf("fixture: the dragon at %v %v, want -1,1", at, ok)
	}
	sc := newScene(g, true)
	l := layoutBoard(sc, false)
	with := scenePNG(t, r, withoutPD(sc, true, false, false), l)
	bare := scenePNG(t, r, withoutPD(sc, false, false, false), l)
	dump(t, "dragon", with)
	cr := l.win.cellRect(at)
	area := cr.Dx() * cr.Dy()
	if n := countNear(with, cr, colDragon, 0) - countNear(bare, cr, colDragon, 0); n < area/40 {
		t.Errorf("the dragon's tile has %d more pixels of the dragon's red than without it, want at least %d", n, area/40)
	}
	if n := countNear(with, cr, colDragonDark, 0) - countNear(bare, cr, colDragonDark, 0); n < area/80 {
		t.Errorf("the dragon's tile has %d more pixels of its wings' colour than without it, want at least %d", n, area/80)
	}
	for p := range 6 {
		// A few pixels of its outline's blends may take a player's colour.
		if n := countNear(with, cr, PlayerColour(p), 0) - countNear(bare, cr, PlayerColour(p), 0); n > area/300 {
			t.Errorf("the dragon adds %d pixels of %s's colour", n, PlayerColourName(p))
		}
	}
	// Nowhere else: outside its tile (and the little it may overhang), the
	// pictures are the same, but for the key in the panel, which names it.
	near := cr.Inset(-cr.Dx() / 10)
	key := scoreKeyArea(sc, l.panel, l.u)
	if n := countNear(with, key, colDragonDark, 0) - countNear(bare, key, colDragonDark, 0); n <= 0 {
		t.Errorf("the key has no dragon (%d more pixels of its wings' colour than without it)", n)
	}
	for y := with.Rect.Min.Y; y < with.Rect.Max.Y; y++ {
		for x := with.Rect.Min.X; x < with.Rect.Max.X; x++ {
			if (image.Point{x, y}).In(near) || (image.Point{x, y}).In(key) {
				continue
			}
			if with.RGBAAt(x, y) != bare.RGBAAt(x, y) {
				t.Fatalf("the dragon changes pixel (%d, %d), off its tile %v and the key %v (panel %v)", x, y, cr, key, l.panel)
			}
		}
	}
	// BoardPNG draws it.
	img := boardPNG(t, r, g)
	if n := countNear(img, cr, colDragonDark, 0); n < area/80 {
		t.Errorf("BoardPNG: %d pixels of the dragon's wings on its tile, want at least %d", n, area/80)
	}
	if first, again := r.dragonFigure(40), r.dragonFigure(40); first != again {
		t.Errorf("the dragon's sprite is drawn again, not cached")
	}
}

// TestFairyFigure checks the fairy on a real board PNG decoded back,
// against the same picture without it: on its tile (Game.Fairy), beside
// its owner's follower there, in its own colours and in no player's.
func TestFairyFigure(t *testing.T) {
	r := testRenderer()
	g := pdGame(t, "pd-fairy-scores", 3)
	at, owner, ok := g.Fairy()
	if !ok || at != (engine.Cell{X: 0, Y: -1}) || owner != 0 {
		t.Fatalf("fixture: the fairy at %v of player %d (%v), want 0,-1 of player 0", at, owner, ok)
	}
	sc := newScene(g, true)
	l := layoutBoard(sc, false)
	with := scenePNG(t, r, withoutPD(sc, false, true, false), l)
	bare := scenePNG(t, r, withoutPD(sc, false, false, false), l)
	dump(t, "fairy", with)
	cr := l.win.cellRect(at)
	area := cr.Dx() * cr.Dy()
	for _, c := range []color.RGBA{colFairy, colFairyWing} {
		if n := countNear(with, cr, c, 0) - countNear(bare, cr, c, 0); n < area/150 {
			t.Errorf("the fairy's tile has %d more pixels of %v than without it, want at least %d", n, c, area/150)
		}
		// Elsewhere only in the key, which names her.
		key := scoreKeyArea(sc, l.panel, l.u)
		if n := countNear(with, with.Rect, c, 0) - countNear(with, cr, c, 0) - countNear(with, key, c, 0); n != 0 {
			t.Errorf("%d pixels of the fairy's colour %v off its tile and the key", n, c)
		}
		if n := countNear(with, key, c, 0); n == 0 {
			t.Errorf("the key has no pixel of the fairy's colour %v", c)
		}
		if n := countNear(bare, key, c, 0); n != 0 {
			t.Errorf("without the fairy, the key has %d pixels of her colour %v", n, c)
		}
	}
	for p := range 6 {
		if n := countNear(with, cr, PlayerColour(p), 0) - countNear(bare, cr, PlayerColour(p), 0); n > area/300 {
			t.Errorf("the fairy adds %d pixels of %s's colour", n, PlayerColourName(p))
		}
	}
	// Beside the follower: the middle of the fairy's dress is within a
	// third of a tile of where the follower stands.
	var fol engine.Follower
	for _, f := range sc.followers {
		if f.Cell == at && f.Player == owner {
			fol = f
		}
	}
	if fol.Cell != at {
		t.Fatalf("fixture: no follower of player %d at %v: %v", owner, at, sc.followers)
	}
	fp, _ := r.followerPoint(sc, sc.tiles[sc.at[at]], fol.Feature, fol.Port)
	var sx, sy, n float64
	for y := cr.Min.Y; y < cr.Max.Y; y++ {
		for x := cr.Min.X; x < cr.Max.X; x++ {
			if near(with.RGBAAt(x, y), colFairy, 0) {
				sx, sy, n = sx+float64(x), sy+float64(y), n+1
			}
		}
	}
	if n == 0 {
		t.Fatal("no fairy")
	}
	fx, fy := (sx/n-float64(cr.Min.X))/float64(cr.Dx()), (sy/n-float64(cr.Min.Y))/float64(cr.Dy())
	if d := (pt{fx, fy}).dist(fp); d > 0.34 {
		t.Errorf("the fairy stands at %.2f,%.2f of its tile, %.2f tiles from its follower at %.2f,%.2f", fx, fy, d, fp.x, fp.y)
	}
	if first, again := r.fairyFigure(30), r.fairyFigure(30); first != again {
		t.Errorf("the fairy's sprite is drawn again, not cached")
	}
}

// TestDragonTrail checks the dragon's trail on real BoardPNG and TurnPNG
// pictures decoded back: after the turn of the rule text's journey, its
// colour on each tile the dragon entered and on no other; after a turn
// without a dragon's move, and after the dragon's flight to the volcano,
// nowhere.
func TestDragonTrail(t *testing.T) {
	r := testRenderer()
	g := pdGame(t, "pd-dragon-example", -1)
	ld := g.LastDragon()
	if ld.Turn != 13 || len(ld.Path) != 6 {
		t.Fatalf("fixture: last dragon move %+v", ld)
	}
	sc := newScene(g, true)
	if len(sc.pd.path) != 6 {
		t.Fatalf("the scene's trail is %v, want the 6 tiles of %v", sc.pd.path, ld.Path)
	}
	l := layoutBoard(sc, false)
	img := boardPNG(t, r, g)
	dump(t, "trail", img)
	// The trail starts on the tile the dragon stood on before the move.
	onPath := map[engine.Cell]bool{ld.From: true}
	for _, c := range ld.Path {
		onPath[c] = true
	}
	for y := l.win.lo.Y; y <= l.win.hi.Y; y++ {
		for x := l.win.lo.X; x <= l.win.hi.X; x++ {
			c := engine.Cell{X: x, Y: y}
			cr := l.win.cellRect(c)
			n := countNear(img, cr, colTrail, 0)
			if onPath[c] && n < cr.Dx()*cr.Dy()/100 {
				t.Errorf("tile %v, entered by the dragon: %d pixels of its trail", c, n)
			}
			if !onPath[c] && n > 0 {
				t.Errorf("tile %v, not entered by the dragon: %d pixels of its trail", c, n)
			}
		}
	}
	turn := decodePNG(t, func(w io.Writer) error { return r.TurnPNG(w, g) })
	if n := countNear(turn, turn.Rect, colTrail, 0); n < 100 {
		t.Errorf("TurnPNG: %d pixels of the trail", n)
	}
	for _, n := range []int{5, 12} {
		g := pdGame(t, "pd-dragon-example", n)
		if _, ok := g.Dragon(); !ok {
			t.Fatalf("fixture after turn %d: no dragon", n)
		}
		for name, img := range map[string]*image.RGBA{
			"BoardPNG": boardPNG(t, r, g),
			"TurnPNG":  decodePNG(t, func(w io.Writer) error { return r.TurnPNG(w, g) }),
		} {
			if k := countNear(img, img.Rect, colTrail, 0); k > 0 {
				t.Errorf("after turn %d (last dragon move in turn %d, volcano %v), %s: %d pixels of a trail", n, g.LastDragon().Turn, g.LastDragon().Volcano, name, k)
			}
		}
	}
}

// TestFairyFinalTable checks that the final table of a game of The
// Princess & the Dragon has a column of the fairy's points whose values
// are the engine's, so that each row adds up to the player's score.
func TestFairyFinalTable(t *testing.T) {
	g := pdGame(t, "pd-fairy-scores", -1)
	if !g.Ended() {
		t.Fatal("fixture: the game is not over")
	}
	sc := newScene(g, false)
	srcs := finalSources(sc)
	if last := srcs[len(srcs)-1]; last.title != "fairy" {
		t.Fatalf("last column %q, want fairy", last.title)
	}
	fairy := 0
	for p, b := range g.Breakdowns() {
		sum := 0
		for _, s := range srcs {
			sum += s.value(b)
		}
		if sum != g.Score(p) {
			t.Errorf("%s: the columns add up to %d, the score is %d", sc.names[p], sum, g.Score(p))
		}
		fairy += b.Fairy
	}
	if fairy == 0 {
		t.Errorf("fixture: nobody scored with the fairy: %+v", g.Breakdowns())
	}
	img := decodePNG(t, func(w io.Writer) error { return testRenderer().FinalPNG(w, g) })
	dump(t, "final", img)
	// The column's chip, in the fairy's colour, is in the table.
	l := layoutBoard(sc, true)
	if n := countNear(img, l.panel, colFairy, 0); n < 20 {
		t.Errorf("the final table shows %d pixels of the fairy's column colour", n)
	}
}

// dragonMoveGame returns a game of The Princess & the Dragon stopped in
// the middle of a dragon tile's turn, waiting for the dragon's first step
// (engine.StepDragon): the tile placed and no figure deployed, through Act.
func dragonMoveGame(tb testing.TB) *engine.Game {
	tb.Helper()
	names := []string{"Ann", "Ben", "Cid"}
	for seed := uint64(1); seed <= 40; seed++ {
		cfg := engine.Config{Rules: rulesOf(tb, engine.ExpansionPrincessAndDragon), Players: names, Seed: seed}
		g := tbRun(tb, cfg, seed, -1, func(g *engine.Game) bool {
			t, ok := g.Drawn()
			_, on := g.Dragon()
			return ok && on && g.TileSet().Tile(t).Markers&engine.Dragon != 0 && len(g.Placements()) > 0
		})
		if g.Ended() {
			continue
		}
		var tile engine.Answer
		for _, a := range g.Answers() {
			if a.Step == engine.StepTile && !a.Aside && !a.Discard {
				tile = a
				break
			}
		}
		if _, err := g.Act(tile); err != nil {
			tb.Fatalf("seed %d: %v", seed, err)
		}
		if _, err := g.Act(engine.Answer{Step: engine.StepFigure, Port: engine.NoPort}); err != nil {
			tb.Fatalf("seed %d: %v", seed, err)
		}
		if g.Pending().Step == engine.StepDragon {
			return g
		}
	}
	tb.Fatal("no game reached a dragon's move")
	return nil
}

// dragonCell returns the pixels of cell c in DragonPNG's picture of the
// dragon on at.
func dragonCell(at, c engine.Cell) image.Rectangle {
	m := marginFor(previewTile)
	w := window{lo: engine.Cell{X: at.X - dragonReach, Y: at.Y - dragonReach}, hi: engine.Cell{X: at.X + dragonReach, Y: at.Y + dragonReach},
		tile: previewTile, origin: image.Pt(m, previewCaptionH+m), margin: m}
	return w.cellRect(c)
}

// TestDragonPNG checks the picture of the dragon's surroundings, decoded
// back, in the middle of a dragon's move: the dragon on the centre tile,
// a yellow frame and arrow on every tile it may enter next and on no
// other; after a step, the dragon on the tile entered, with its trail
// there; outside a move, no arrows; without the dragon, ErrNoDragon.
func TestDragonPNG(t *testing.T) {
	r := testRenderer()
	g := dragonMoveGame(t)
	for step := 0; g.Pending().Step == engine.StepDragon && step < 2; step++ {
		pv := g.Preview()
		at, ok := pv.Dragon()
		if !ok {
			t.Fatal("no dragon in the preview")
		}
		var next []engine.Cell
		for _, a := range g.Answers() {
			next = append(next, a.Cell)
		}
		img := decodePNG(t, func(w io.Writer) error { return r.DragonPNG(w, g) })
		dump(t, fmt.Sprintf("step%d", step+1), img)
		if want := dragonCell(at, engine.Cell{X: at.X + dragonReach + 1, Y: at.Y + dragonReach + 1}).Min.Add(image.Pt(marginFor(previewTile), marginFor(previewTile))); img.Rect.Max != want {
			t.Errorf("picture %v, want 5 × 5 cells with margins and caption up to %v", img.Rect, want)
		}
		cr := dragonCell(at, at)
		if n := countNear(img, cr, colDragonDark, 0); n < cr.Dx()*cr.Dy()/80 {
			t.Errorf("step %d: %d pixels of the dragon on its tile %v", step+1, n, at)
		}
		isNext := map[engine.Cell]bool{}
		for _, c := range next {
			isNext[c] = true
		}
		for y := at.Y - dragonReach; y <= at.Y+dragonReach; y++ {
			for x := at.X - dragonReach; x <= at.X+dragonReach; x++ {
				c := engine.Cell{X: x, Y: y}
				n := countNear(img, dragonCell(at, c), colHighlight, 0)
				switch {
				case isNext[c] && n < 4*previewTile:
					t.Errorf("step %d: %v, where the dragon may go, has %d pixels of the mark", step+1, c, n)
				case !isNext[c] && c != at && n > 0:
					t.Errorf("step %d: %v, where the dragon may not go, has %d pixels of the mark", step+1, c, n)
				}
			}
		}
		if step > 0 {
			// The trail from where the dragon started into the tile it
			// entered.
			start, _ := g.Dragon()
			if n := countNear(img, dragonCell(at, start), colTrail, 0); n < 50 {
				t.Errorf("step %d: %d pixels of the trail on the tile the dragon started from", step+1, n)
			}
			if n := countNear(img, cr, colTrail, 0); n < 50 {
				t.Errorf("step %d: %d pixels of the trail on the tile the dragon entered", step+1, n)
			}
		} else if n := countNear(img, img.Rect, colTrail, 0); n > 0 {
			t.Errorf("before the first step: %d pixels of a trail", n)
		}
		if len(next) == 0 {
			break
		}
		if _, err := g.Act(engine.Answer{Step: engine.StepDragon, Cell: next[0]}); err != nil {
			t.Fatal(err)
		}
	}

	// Outside a move: the dragon, no arrows.
	done := pdGame(t, "pd-dragon-example", 12)
	img := decodePNG(t, func(w io.Writer) error { return r.DragonPNG(w, done) })
	at, _ := done.Dragon()
	if n := countNear(img, dragonCell(at, at), colDragonDark, 0); n < 100 {
		t.Errorf("outside a move: %d pixels of the dragon", n)
	}
	if n := countNear(img, img.Rect, colHighlight, 0); n > 0 {
		t.Errorf("outside a move: %d pixels of arrows", n)
	}
	var buf bytes.Buffer
	if err := r.DragonPNG(&buf, pdGame(t, "pd-fairy-scores", 3)); !errors.Is(err, ErrNoDragon) {
		t.Errorf("without the dragon: got %v, want ErrNoDragon", err)
	}
}
