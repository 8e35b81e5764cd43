package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// near reports whether a and b differ by at most tol in each channel.
func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) int { return int(math.Abs(float64(int(x) - int(y)))) }
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}

// countNear counts the pixels of img inside r within tol of c.
func countNear(img *image.RGBA, r image.Rectangle, c color.RGBA, tol int) int {
	n := 0
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if near(img.RGBAAt(x, y), c, tol) {
				n++
			}
		}
	}
	return n
}

// TestPortColours checks, for every tile of the base game in every
// rotation, that each port is drawn in the colour of its feature: city
// ports in city colour (open or completed), road ports in road colour,
// field ports in grass, a little inside the tile's edge.
func TestPortColours(t *testing.T) {
	r := testRenderer()
	ts := engine.BaseTiles
	const size = 64
	for id := engine.TileID(1); int(id) <= ts.Len(); id++ {
		tile := ts.Tile(id)
		for rot := engine.Rotate0; rot <= engine.Rotate270; rot++ {
			for _, closed := range []uint32{0, ^uint32(0)} {
				art := r.cache.art(ts, id, rot, size, closed)
				for p := engine.NNW; p <= engine.WNW; p++ {
					f, ok := ts.FeatureAt(id, rot, p)
					if !ok {
						t.Fatalf("%s %s: no feature at %s", tile.Name, rot, p)
					}
					kind := tile.Features[f].Kind
					// A city is its stone or its roofs.
					var want []color.RGBA
					switch kind {
					case engine.City:
						want = []color.RGBA{colCity, colRoof, colRoofDark}
						if closed != 0 {
							want = []color.RGBA{colCityClosed, colRoofClosed, colRoofCDark}
						}
					case engine.Road:
						want = []color.RGBA{colRoad}
					case engine.Field:
						want = []color.RGBA{colGrass}
					}
					// Three samples going in from the port; two must match
					// (a tuft of grass or a pennant may cover one).
					pos := posOf(p)
					in := pt{0.5, 0.5}.sub(pos)
					in = in.mul(1 / math.Hypot(in.x, in.y))
					match := 0
					var seen []color.RGBA
					for _, depth := range []float64{2, 3.5, 5} {
						q := pos.mul(size).add(in.mul(depth))
						x := min(max(int(q.x), 0), size-1)
						y := min(max(int(q.y), 0), size-1)
						c := art.RGBAAt(x, y)
						seen = append(seen, c)
						if slices.ContainsFunc(want, func(w color.RGBA) bool { return near(c, w, 12) }) {
							match++
						}
					}
					if match < 2 {
						t.Errorf("tile %s turned %s (completed %v): port %s is a %s, drawn %v, want %v",
							tile.Name, rot, closed != 0, p, kind, seen, want)
					}
				}
			}
		}
	}
}

// TestRotationIsExact checks that a turned tile is the canonical picture
// turned pixel for pixel: the north side of rotation 0 is the east side of
// rotation 90.
func TestRotationIsExact(t *testing.T) {
	r := testRenderer()
	id, _ := engine.BaseTiles.Lookup("J")
	const n = 48
	a := r.cache.art(engine.BaseTiles, id, 0, n, 0)
	b := r.cache.art(engine.BaseTiles, id, engine.Rotate90, n, 0)
	for x := range n {
		if got, want := b.RGBAAt(n-1, x), a.RGBAAt(x, 0); got != want {
			t.Fatalf("east side pixel %d of J turned 90: %v, want north side pixel %v", x, got, want)
		}
	}
}

// sixPlayerGame is a game in which every one of six players has followers
// on the board.
func sixPlayerGame(tb testing.TB) *engine.Game {
	tb.Helper()
	cfg := engine.Config{Players: []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay"}, Seed: 77}
	for seed := uint64(1); seed < 50; seed++ {
		g := compactGame(tb, cfg, seed, 36)
		var has [6]bool
		for _, f := range g.Followers() {
			has[f.Player] = true
		}
		if !slices.Contains(has[:], false) {
			return g
		}
	}
	tb.Fatal("no game found with followers of all six players")
	return nil
}

// TestFollowerColours checks that each follower is drawn in its player's
// colour on the tile it stands on, and that a tile without followers shows
// hardly any player colour (at most the overhang of a neighbour's
// follower).
func TestFollowerColours(t *testing.T) {
	r := testRenderer()
	g := sixPlayerGame(t)
	img := r.Board(g)
	dump(t, "board", img)
	l := layoutBoard(newScene(g, true), false)
	tsz := l.win.tile
	on := map[engine.Cell]int{}
	for _, f := range g.Followers() {
		on[f.Cell] = f.Player
	}
	minOwn := tsz * tsz * 3 / 100
	for _, pt := range g.PlacedTiles() {
		cr := l.win.cellRect(pt.Cell)
		for p := range 6 {
			n := countNear(img, cr, PlayerColour(p), 6)
			owner, has := on[pt.Cell]
			switch {
			case has && owner == p && n < minOwn:
				t.Errorf("the follower of player %d (%s) on (%s): %d pixels of its colour, want at least %d",
					p, PlayerColourName(p), pt.Cell, n, minOwn)
			case (!has || owner != p) && n >= minOwn:
				t.Errorf("tile (%s) has no follower of player %d (%s) but %d pixels of that colour",
					pt.Cell, p, PlayerColourName(p), n)
			}
		}
	}
}

// TestCandidateMarkers checks that each cell where the drawn tile fits
// carries a marker, and no other cell does.
func TestCandidateMarkers(t *testing.T) {
	r := testRenderer()
	for _, name := range []string{"mid-game.rec"} {
		g := loadGame(t, name)
		img := r.Board(g)
		sc := newScene(g, true)
		l := layoutBoard(sc, false)
		tsz := l.win.tile
		cands := map[engine.Cell]bool{}
		for _, p := range g.Placements() {
			cands[p.Cell] = true
		}
		if len(cands) != len(sc.cands) {
			t.Fatalf("%d candidate cells, want %d", len(sc.cands), len(cands))
		}
		for y := l.win.lo.Y; y <= l.win.hi.Y; y++ {
			for x := l.win.lo.X; x <= l.win.hi.X; x++ {
				c := engine.Cell{X: x, Y: y}
				n := countNear(img, l.win.cellRect(c), colHighlight, 8)
				if cands[c] && n < tsz*tsz/10 {
					t.Errorf("candidate cell (%s): %d marker pixels, want at least %d", c, n, tsz*tsz/10)
				}
				if !cands[c] && n > 0 {
					t.Errorf("cell (%s) is no candidate but has %d marker pixels", c, n)
				}
			}
		}
	}
}

// TestCandidateNumbers checks that the cells are numbered in the order of
// their first placement in g.Placements(), once each.
func TestCandidateNumbers(t *testing.T) {
	g := loadGame(t, "mid-game.rec")
	var want []engine.Cell
	for _, p := range g.Placements() {
		if !slices.Contains(want, p.Cell) {
			want = append(want, p.Cell)
		}
	}
	if got := Candidates(g); !slices.Equal(got, want) {
		t.Fatalf("cells %v, want %v", got, want)
	}
	if got := newScene(g, true).cands; !slices.Equal(got, want) {
		t.Fatalf("the scene's cells %v, want %v", got, want)
	}
	if got := Candidates(loadGame(t, "full-game.rec")); got != nil {
		t.Fatalf("an ended game: cells %v, want none", got)
	}
}

// TestFullGamesPNG plays whole games and checks the PNGs decode, stay under
// 1 MB, and fit 2048 pixels.
func TestFullGamesPNG(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	for seed := uint64(1); seed <= 6; seed++ {
		cfg := engine.Config{Players: []string{"Alice", "Bob", "Carol"}, Seed: seed}
		for _, g := range []*engine.Game{playGame(t, cfg, seed, -1), compactGame(t, cfg, seed, -1)} {
			for _, final := range []bool{false, true} {
				var buf bytes.Buffer
				var err error
				if final {
					err = r.FinalPNG(&buf, g)
				} else {
					err = r.BoardPNG(&buf, g)
				}
				if err != nil {
					t.Fatal(err)
				}
				if buf.Len() >= 1<<20 {
					t.Errorf("seed %d: %d bytes, want under 1 MB", seed, buf.Len())
				}
				img, err := png.Decode(&buf)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if s := img.Bounds().Size(); s.X > MaxSide || s.Y > MaxSide {
					t.Errorf("seed %d: %v, want at most %d on a side", seed, s, MaxSide)
				}
			}
		}
	}
}

// lineGame is a game of U tiles only, each laid east of the last: one long
// road of n tiles.
func lineGame(tb testing.TB, n int) *engine.Game {
	tb.Helper()
	u, _ := engine.BaseTiles.Lookup("U")
	tile := *engine.BaseTiles.Tile(u)
	tile.Count = n
	ts, err := engine.NewTileSet([]engine.Tile{tile})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Players: []string{"A", "B"}, Tiles: ts, Start: engine.StartTile{Tile: 1}})
	if err != nil {
		tb.Fatal(err)
	}
	for x := 1; !g.Ended(); x++ {
		m := engine.Move{Tile: 1, Cell: engine.Cell{X: x}}
		switch x {
		case 5:
			m.Follower = engine.E
		case 10:
			m.Follower = engine.N
		case 15:
			m.Follower = engine.S
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// oddTiles is a tile set with what the expansions will bring: a river, a
// river spring with a lake, a city in the middle only, a junction of three
// roads in one segment, and markers of every kind.
func oddTiles(tb testing.TB) *engine.TileSet {
	tb.Helper()
	var all engine.PortSet
	for p := engine.NNW; p <= engine.WNW; p++ {
		all = all.With(p)
	}
	set := func(ps ...engine.Port) engine.PortSet {
		var s engine.PortSet
		for _, p := range ps {
			s = s.With(p)
		}
		return s
	}
	F, R, C, V := engine.FieldEdge, engine.RoadEdge, engine.CityEdge, engine.RiverEdge
	var every engine.Marker
	for m := engine.Pennant; m <= engine.Lake; m <<= 1 {
		every |= m
	}
	tiles := []engine.Tile{
		{Name: "river", Count: 1, Edges: [4]engine.EdgeKind{V, F, V, F}, Features: []engine.TileFeature{
			{Kind: engine.River, Ports: set(engine.N, engine.S)},
			{Kind: engine.Field, Ports: set(engine.NNE, engine.ENE, engine.E, engine.ESE, engine.SSE)},
			{Kind: engine.Field, Ports: set(engine.SSW, engine.WSW, engine.W, engine.WNW, engine.NNW)},
		}},
		{Name: "spring", Count: 1, Edges: [4]engine.EdgeKind{F, F, V, F}, Markers: engine.Lake, Features: []engine.TileFeature{
			{Kind: engine.River, Ports: set(engine.S)},
			{Kind: engine.Field, Ports: all &^ set(engine.S)},
		}},
		{Name: "keep", Count: 1, Edges: [4]engine.EdgeKind{F, F, F, F}, Features: []engine.TileFeature{
			{Kind: engine.City, Ports: set(engine.C), Markers: engine.Cathedral, Pennants: 2},
			{Kind: engine.Field, Ports: all, Borders: []int{0}},
		}},
		{Name: "fork", Count: 1, Edges: [4]engine.EdgeKind{R, R, R, F}, Features: []engine.TileFeature{
			{Kind: engine.Road, Ports: set(engine.N, engine.E, engine.S), Markers: engine.Inn},
			{Kind: engine.Field, Ports: set(engine.NNE, engine.ENE)},
			{Kind: engine.Field, Ports: set(engine.ESE, engine.SSE)},
			{Kind: engine.Field, Ports: set(engine.SSW, engine.WSW, engine.W, engine.WNW, engine.NNW)},
		}},
		{Name: "busy", Count: 1, Edges: [4]engine.EdgeKind{C, F, C, F}, Markers: every, Features: []engine.TileFeature{
			{Kind: engine.City, Ports: set(engine.NNW, engine.N, engine.NNE, engine.SSE, engine.S, engine.SSW), Pennants: 1, Markers: every},
			{Kind: engine.Field, Ports: set(engine.ENE, engine.E, engine.ESE), Markers: engine.CropCircle},
			{Kind: engine.Field, Ports: set(engine.WSW, engine.W, engine.WNW)},
		}},
		{Name: "moat", Count: 1, Edges: [4]engine.EdgeKind{C, C, C, C}, Features: []engine.TileFeature{
			{Kind: engine.City, Ports: set(engine.NNW, engine.N, engine.NNE)},
			{Kind: engine.City, Ports: set(engine.ENE, engine.E, engine.ESE)},
			{Kind: engine.City, Ports: set(engine.SSE, engine.S, engine.SSW)},
			{Kind: engine.City, Ports: set(engine.WSW, engine.W, engine.WNW)},
			{Kind: engine.Cloister, Ports: set(engine.C)},
		}},
	}
	ts, err := engine.NewTileSet(tiles)
	if err != nil {
		tb.Fatal(err)
	}
	return ts
}

// TestOddBoards renders boards at the edges of what games make; none may
// panic, and every picture must encode and decode.
func TestOddBoards(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	newGame := func(cfg engine.Config) *engine.Game {
		g, err := engine.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	finished := newGame(engine.Config{Players: []string{"A", "B"}})
	if err := finished.Finish(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		game func() *engine.Game
	}{
		{"single tile", func() *engine.Game { return newGame(engine.Config{Players: []string{"Solo"}}) }},
		{"ended at once", func() *engine.Game { return finished }},
		{"long line", func() *engine.Game { return lineGame(t, 60) }},
		{"very long line", func() *engine.Game { return lineGame(t, 200) }},
		{"200 tiles", func() *engine.Game {
			return playGame(t, engine.Config{Players: []string{"A", "B", "C", "D", "E", "F"}, Tiles: bigTiles(t, 3)}, 1, 199)
		}},
		{"216 tiles to the end", func() *engine.Game {
			return compactGame(t, engine.Config{Players: []string{"A", "B"}, Tiles: bigTiles(t, 3)}, 2, -1)
		}},
		{"farms off", func() *engine.Game {
			return playGame(t, engine.Config{Players: []string{"A", "B"}, Options: engine.Options{Farms: engine.FarmsOff}}, 3, 40)
		}},
		{"same initials", func() *engine.Game {
			return compactGame(t, engine.Config{Players: []string{"Anna", "Alex", "Åsa", "1up", "ÉÈ", "anna2"}}, 4, 50)
		}},
		{"start elsewhere", func() *engine.Game {
			x, _ := engine.BaseTiles.Lookup("X")
			return playGame(t, engine.Config{Players: []string{"A", "B"}, Start: engine.StartTile{Tile: x, Cell: engine.Cell{X: 500, Y: -300}, Rotation: engine.Rotate90}}, 5, 20)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.game()
			board := r.Board(g)
			final := r.Final(g)
			dump(t, "board", board)
			for _, img := range []*image.RGBA{board, final} {
				if s := img.Rect.Size(); s.X <= 0 || s.Y <= 0 || s.X > HardMaxSide || s.Y > HardMaxSide {
					t.Fatalf("size %v, want at most %d a side", s, HardMaxSide)
				}
				var buf bytes.Buffer
				if err := r.EncodePNG(&buf, img); err != nil {
					t.Fatal(err)
				}
				if _, err := png.Decode(&buf); err != nil {
					t.Fatal(err)
				}
			}
			if ps := g.Placements(); len(ps) > 0 {
				p, err := r.Preview(g, ps[len(ps)-1], engine.NoPort)
				if err != nil {
					t.Fatal(err)
				}
				dump(t, "preview", p)
			}
		})
	}
}

// TestTileSizes checks that boards of 72 and 200 tiles fit MaxSide with
// tiles no smaller than MinTile.
func TestTileSizes(t *testing.T) {
	cases := []struct {
		name string
		g    *engine.Game
	}{
		{"72 random", playGame(t, engine.Config{Players: []string{"A", "B"}, Seed: 9}, 9, -1)},
		{"72 compact", compactGame(t, engine.Config{Players: []string{"A", "B"}, Seed: 9}, 9, -1)},
		{"200 random", playGame(t, engine.Config{Players: []string{"A", "B"}, Seed: 9, Tiles: bigTiles(t, 3)}, 9, 199)},
		{"200 compact", compactGame(t, engine.Config{Players: []string{"A", "B"}, Seed: 9, Tiles: bigTiles(t, 3)}, 9, 199)},
	}
	for _, c := range cases {
		for _, final := range []bool{false, true} {
			l := layoutBoard(newScene(c.g, !final), final)
			if l.size.X > MaxSide || l.size.Y > MaxSide || l.win.tile < MinTile {
				t.Errorf("%s (final %v): %v with tiles of %d pixels, want at most %d a side and tiles of at least %d",
					c.name, final, l.size, l.win.tile, MaxSide, MinTile)
			}
			t.Logf("%s (final %v): %d×%d cells, tiles of %d pixels, picture %v", c.name, final, l.win.cols(), l.win.rows(), l.win.tile, l.size)
		}
	}
}

func TestPreviewErrors(t *testing.T) {
	r := testRenderer()
	g := loadGame(t, "mid-game.rec")
	_, err := r.Preview(g, engine.Placement{Cell: engine.Cell{X: 40, Y: 40}}, engine.NoPort)
	var me *engine.MoveError
	if !errors.As(err, &me) || !errors.Is(err, engine.ErrNoNeighbour) {
		t.Errorf("a cell far away: %v, want a *engine.MoveError for ErrNoNeighbour", err)
	}
	full := loadGame(t, "full-game.rec")
	if _, err := r.Preview(full, engine.Placement{}, engine.NoPort); !errors.Is(err, ErrNoDrawnTile) {
		t.Errorf("an ended game: %v, want ErrNoDrawnTile", err)
	}
	if err := r.PreviewPNG(&bytes.Buffer{}, full, engine.Placement{}, engine.NoPort); !errors.Is(err, ErrNoDrawnTile) {
		t.Errorf("PreviewPNG of an ended game: %v, want ErrNoDrawnTile", err)
	}
}

// TestPreviewSpots checks that every follower spot of the previewed
// placement is labelled with a white badge on its own feature (or next to
// where the follower would stand), and that no two badges overlap.
func TestPreviewSpots(t *testing.T) {
	r := testRenderer()
	// A game of tiles X only, after the start tile D: eight spots on one
	// tile, the most crowded picture the base game has.
	d, _ := engine.BaseTiles.Lookup("D")
	x, _ := engine.BaseTiles.Lookup("X")
	dt, xt := *engine.BaseTiles.Tile(d), *engine.BaseTiles.Tile(x)
	dt.Count, xt.Count = 1, 5
	xs, err := engine.NewTileSet([]engine.Tile{dt, xt})
	if err != nil {
		t.Fatal(err)
	}
	crowded, err := engine.New(engine.Config{Players: []string{"A", "B"}, Tiles: xs})
	if err != nil {
		t.Fatal(err)
	}
	// The full game after 50 moves.
	rec := loadGame(t, "full-game.rec").Record()
	rec.Turns, rec.End = rec.Turns[:50], false
	later, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*engine.Game{loadGame(t, "mid-game.rec"), later, crowded} {
		sc := newScene(g, false)
		t0, _ := g.Drawn()
		geom := r.cache.geom(sc.ts, t0)
		rad := spotRadius(previewTile)
		for _, p := range g.Placements() {
			spots := g.FollowerSpots(p)
			if g == crowded && len(spots) != 8 {
				t.Fatalf("tile X at %v: %d spots, want 8", p, len(spots))
			}
			img, err := r.Preview(g, p, engine.NoPort)
			if err != nil {
				t.Fatal(err)
			}
			placed := engine.PlacedTile{Tile: t0, Cell: p.Cell, Rotation: p.Rotation}
			m := marginFor(previewTile)
			lo := previewCorner(sc, p.Cell)
			cell := image.Pt(m+(p.Cell.X-lo.X)*previewTile, 50+m+(p.Cell.Y-lo.Y)*previewTile)
			pts := r.spotPoints(sc, placed, spots, float64(rad)/previewTile)
			for i, s := range spots {
				q := pts[i]
				x := cell.X + int(q.x*previewTile)
				y := cell.Y + int(q.y*previewTile)
				around := image.Rect(x-rad, y-rad, x+rad, y+rad)
				if n := countNear(img, around, colWhite, 4); n < rad*rad/2 {
					t.Errorf("placement %v: spot %s (%s) has %d white badge pixels, want %d", p, engine.SpotLabel(i), s.Name(), n, rad*rad/2)
				}
				home, _ := r.followerPoint(sc, placed, s.Feature, s.Port)
				c := rotatePt(q, 4-int(p.Rotation))
				if int(geom.label[sampleIndex(c)]) != s.Feature && q.dist(home) > 0.08 {
					t.Errorf("placement %v: spot %s (%s) is labelled off its feature", p, engine.SpotLabel(i), s.Name())
				}
				for j := range i {
					if d := q.dist(pts[j]) * previewTile; d < float64(2*rad) {
						t.Errorf("placement %v: labels %s and %s overlap (%.0f pixels apart)", p, engine.SpotLabel(j), engine.SpotLabel(i), d)
					}
				}
			}
		}
	}
}

// TestConcurrent renders from many goroutines at once with one Renderer
// (run with -race).
func TestConcurrent(t *testing.T) {
	r := New()
	games := []*engine.Game{loadGame(t, "mid-game.rec"), loadGame(t, "full-game.rec"), sixPlayerGame(t)}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := games[i%len(games)]
			var buf bytes.Buffer
			if err := r.BoardPNG(&buf, g); err != nil {
				errs <- err
			}
			if err := r.FinalPNG(&buf, g); err != nil {
				errs <- err
			}
			if ps := g.Placements(); len(ps) > 0 {
				if err := r.PreviewPNG(&buf, g, ps[0], engine.NoPort); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestOddTiles draws tiles of the kinds the expansions bring.
func TestOddTiles(t *testing.T) {
	r := testRenderer()
	ts := oddTiles(t)
	img := tileSheet(r, ts, 96)
	dump(t, "sheet", img)
	// The river's ports are blue.
	id, _ := ts.Lookup("river")
	art := r.cache.art(ts, id, engine.Rotate90, 64, 0)
	if c := art.RGBAAt(4, 32); !near(c, colRiver, 12) {
		t.Errorf("river port W after turning 90: %v, want %v", c, colRiver)
	}
}

// FuzzRender plays random games of random length and renders them; nothing
// may panic.
func FuzzRender(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint8(2), false)
	f.Add(uint64(2), uint8(71), uint8(6), true)
	f.Add(uint64(3), uint8(30), uint8(1), false)
	r := testRenderer()
	f.Fuzz(func(t *testing.T, seed uint64, turns, players uint8, farmsOff bool) {
		n := int(players)%engine.MaxPlayers + 1
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("P%d", i)
		}
		cfg := engine.Config{Players: names, Seed: seed}
		if farmsOff {
			cfg.Options.Farms = engine.FarmsOff
		}
		g := playGame(t, cfg, seed, int(turns))
		var buf bytes.Buffer
		if err := r.BoardPNG(&buf, g); err != nil {
			t.Fatal(err)
		}
		if err := r.FinalPNG(&buf, g); err != nil {
			t.Fatal(err)
		}
		for i, p := range g.Placements() {
			if i%3 == 0 {
				if _, err := r.Preview(g, p, engine.NoPort); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
