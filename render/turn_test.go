package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"slices"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// turnGames are the games the turn picture is checked on: from the first
// turn to a sprawling board.
func turnGames(tb testing.TB) []struct {
	name string
	g    *engine.Game
} {
	tb.Helper()
	four := engine.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 11}
	first, err := engine.New(engine.Config{Players: []string{"Alice", "Bob"}, Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	return []struct {
		name string
		g    *engine.Game
	}{
		{"first turn", first},
		{"mid-game", loadGame(tb, "mid-game.rec")},
		{"compact 40", compactGame(tb, four, 11, 40)},
		{"random 30", playGame(tb, four, 11, 30)},
		{"random 60", playGame(tb, four, 11, 60)},
		{"six players", sixPlayerGame(tb)},
		{"ended", loadGame(tb, "full-game.rec")},
	}
}

// TestTurnPicture checks the turn picture: every cell where the drawn tile
// fits is numbered once, in the window (its marker drawn) or on its edge,
// the numbers and the coordinates never overlap (checkMarks), the last
// tile placed is in the window; the tiles are at least turnGoodTile
// display pixels wide when what matters fits at that size; the PNG
// decodes and fits MaxSide.
func TestTurnPicture(t *testing.T) {
	r := testRenderer()
	games := append(turnGames(t), []struct {
		name string
		g    *engine.Game
	}{
		{"every expansion, turn 150", lateGame(t, 150)},
		{"every expansion, turn 244", lateGame(t, lateTurn)},
	}...)
	for _, tc := range games {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.g
			sc := newScene(g, true)
			l := layoutTurn(sc)
			img := r.Turn(g)
			dump(t, "turn", img)
			if img.Rect.Size() != l.size {
				t.Fatalf("size %v, want the layout's %v", img.Rect.Size(), l.size)
			}
			if l.size.X > MaxSide || l.size.Y > MaxSide {
				t.Errorf("size %v, want at most %d a side", l.size, MaxSide)
			}
			display := float64(l.win.tile) * displayWidth / float64(l.size.X)
			t.Logf("%d×%d cells, tiles of %d pixels, %.0f at %d wide; picture %v", l.win.cols(), l.win.rows(), l.win.tile, display, displayWidth, l.size)
			// Smaller tiles only when what matters needs the room: the
			// window is then the cells where the tile fits and the last
			// tiles placed, with one cell around them.
			if _, _, cropped := turnWindow(sc); display < turnGoodTile-0.5 && !g.Ended() && !cropped {
				lo, hi := l.win.lo, l.win.hi
				blo, bhi := sc.bounds()
				var focus []engine.Cell
				focus = append(focus, sc.cands...)
				if n := len(sc.tiles); n > 1 {
					for _, pt := range sc.tiles[n-min(len(sc.names), n-1):] {
						focus = append(focus, pt.Cell)
					}
				}
				flo, fhi := focus[0], focus[0]
				for _, c := range focus {
					flo.X, flo.Y, fhi.X, fhi.Y = min(flo.X, c.X), min(flo.Y, c.Y), max(fhi.X, c.X), max(fhi.Y, c.Y)
				}
				wlo := engine.Cell{X: max(flo.X-1, blo.X), Y: max(flo.Y-1, blo.Y)}
				whi := engine.Cell{X: min(fhi.X+1, bhi.X), Y: min(fhi.Y+1, bhi.Y)}
				if lo != wlo || hi != whi {
					t.Errorf("tiles of %.0f pixels at %d wide in window (%s)–(%s), want the window (%s)–(%s) of what matters", display, displayWidth, lo, hi, wlo, whi)
				}
			}
			// The numbers' discs: 11 display pixels in radius, 9 when the
			// edges hold many numbers of cells off the window.
			least := 11.0
			if len(l.st.edges) > 0 {
				least = 9
			}
			if rad := float64(min(l.st.numRad, l.win.tile*45/100)) * displayWidth / float64(l.size.X); rad < least {
				t.Errorf("numbers on discs of radius %.1f pixels at %d wide, want at least %.0f", rad, displayWidth, least)
			}
			checkMarks(t, r, sc, l)
			for _, c := range sc.cands {
				if !l.win.contains(c) {
					continue // numbered on an edge: checkMarks
				}
				tsz := l.win.tile
				if n := countNear(img, l.win.cellRect(c), colHighlight, 8); n < tsz*tsz/10 {
					t.Errorf("candidate cell (%s): %d marker pixels, want at least %d", c, n, tsz*tsz/10)
				}
			}
			if n := len(sc.tiles); n > 1 {
				if c := sc.tiles[n-1].Cell; !l.win.contains(c) {
					t.Errorf("the last tile placed, at (%s), is outside the window", c)
				}
			}
			var buf bytes.Buffer
			if err := r.TurnPNG(&buf, g); err != nil {
				t.Fatal(err)
			}
			dec, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if dec.Bounds().Size() != l.size {
				t.Errorf("PNG of %v, want %v", dec.Bounds().Size(), l.size)
			}
		})
	}
}

// TestPreviewFollower checks that the chosen follower stands on its spot in
// the current player's colour instead of the spot's label, that the other
// spots keep theirs, and that a follower on no spot of the placement is
// refused with the engine's error.
func TestPreviewFollower(t *testing.T) {
	r := testRenderer()
	g := loadGame(t, "mid-game.rec")
	sc := newScene(g, false)
	cur := g.Current()
	tile, _ := g.Drawn()
	checked := 0
	for _, p := range g.Placements() {
		spots := g.FollowerSpots(p)
		if len(spots) < 2 {
			continue
		}
		placed := engine.PlacedTile{Tile: tile, Cell: p.Cell, Rotation: p.Rotation}
		m := marginFor(previewTile)
		lo := previewCorner(sc, p.Cell)
		cell := image.Pt(m+(p.Cell.X-lo.X)*previewTile, 50+m+(p.Cell.Y-lo.Y)*previewTile)
		cellRect := image.Rectangle{Min: cell, Max: cell.Add(image.Pt(previewTile, previewTile))}
		rad := spotRadius(previewTile)
		pts := r.spotPoints(sc, placed, spots, float64(rad)/previewTile)
		for chosen, s := range spots {
			img, err := r.Preview(g, p, s.Port)
			if err != nil {
				t.Fatal(err)
			}
			if checked == 0 {
				dump(t, "preview", img)
			}
			own := countNear(img, cellRect, PlayerColour(cur), 6)
			if min := previewTile * previewTile * 3 / 100; own < min {
				t.Errorf("placement %v, follower on %s: %d pixels of the player's colour on the tile, want at least %d", p, s.Name(), own, min)
			}
			for i, q := range pts {
				x, y := cell.X+int(q.x*previewTile), cell.Y+int(q.y*previewTile)
				around := image.Rect(x-rad/2, y-rad/2, x+rad/2, y+rad/2)
				white := countNear(img, around, colWhite, 4)
				if i != chosen && white < rad*rad/4 {
					t.Errorf("placement %v, follower on %s: spot %s lost its label (%d white pixels)", p, s.Name(), engine.SpotLabel(i), white)
				}
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no placement with two spots or more")
	}
	// A port of no spot: the field beside a road the tile does not have.
	p := g.Placements()[0]
	var bad engine.Port
	for q := engine.NNW; q <= engine.C; q++ {
		if chosenSpot(g.FollowerSpots(p), q) < 0 {
			bad = q
			break
		}
	}
	if bad != engine.NoPort {
		var me *engine.MoveError
		if _, err := r.Preview(g, p, bad); !errors.As(err, &me) {
			t.Errorf("a follower on port %s, no spot of %v: %v, want a *engine.MoveError", bad, p, err)
		}
		if err := r.PreviewPNG(&bytes.Buffer{}, g, p, bad); !errors.As(err, &me) {
			t.Errorf("PreviewPNG with a follower on port %s, no spot of %v: %v, want a *engine.MoveError", bad, p, err)
		}
	}
}

// TestFinalStandings checks that the final picture lists the players in
// the order of g.Standings (highest score first), the winners' rows
// marked: the follower drawn at the start of each row is in the colour of
// the player of that rank.
func TestFinalStandings(t *testing.T) {
	r := testRenderer()
	g := loadGame(t, "full-game.rec")
	order := g.Standings()
	if slices.IsSorted(order) {
		t.Fatalf("standings %v are in seat order: the test needs a game where they are not", order)
	}
	sc := newScene(g, false)
	l := layoutBoard(sc, true)
	img := r.Final(g)
	dump(t, "final", img)
	won, _ := g.Winners()
	d := func(v float64) int { return dpx(v, l.u) }
	x0 := l.panel.Min.X + d(finalPadD)
	y := finalRowsTop(l.panel, l.u)
	rh := d(finalRowD)
	for i, p := range order {
		cy := y + rh/2
		icon := image.Rect(x0, cy-d(8), x0+d(16), cy+d(8))
		if n := countNear(img, icon, PlayerColour(p), 6); n < 60 {
			t.Errorf("row %d: %d pixels of %s, want the follower of player %d (%s), of standing %d", i+1, n, PlayerColourName(p), p, sc.names[p], i+1)
		}
		mark := image.Rect(l.panel.Min.X+d(3), y+d(2), l.panel.Min.X+d(5), y+rh-d(2))
		marked := countNear(img, mark, colHighlight, 8) > 0
		if want := slices.Contains(won, p); marked != want {
			t.Errorf("row %d (%s): marked as winner %v, want %v", i+1, sc.names[p], marked, want)
		}
		y += rh
	}
}

// TestSpotLabelsFit checks that a spot label, digits or letters, one
// character or two, is written whole inside its badge.
func TestSpotLabelsFit(t *testing.T) {
	r := testRenderer()
	k := r.kits.get()
	defer r.kits.put(k)
	rad := spotRadius(previewTile)
	for _, label := range []string{engine.SpotLabel(0), engine.SpotLabel(8), "1", "9", "10", "12", "A", "W"} {
		n := 4 * rad
		img := image.NewRGBA(image.Rect(0, 0, n, n))
		drawSpotLabel(rgbaCanvas{img: img}, k, rad, n/2, n/2, label)
		ink := 0
		for y := range n {
			for x := range n {
				if img.RGBAAt(x, y).A == 0 {
					continue
				}
				ink++
				if x < n/2-rad+1 || x >= n/2+rad-1 || y < n/2-rad+1 || y >= n/2+rad-1 {
					t.Errorf("label %q: ink at (%d,%d), outside the badge of radius %d around (%d,%d)", label, x, y, rad, n/2, n/2)
					break
				}
			}
		}
		if ink < rad {
			t.Errorf("label %q: %d pixels of ink, want at least %d", label, ink, rad)
		}
	}
}

// checkMarks checks the numbers of the cells where the drawn tile fits in
// the turn picture of sc laid out as l: each number 1 to n is drawn once,
// on its cell when the cell is in the window, else on an edge beyond the
// side nearest the cell; no two numbers overlap, none overlaps a tile or
// a coordinate, every one is inside the board's part of the picture; the
// coordinates do not overlap each other.
func checkMarks(t *testing.T, r *Renderer, sc *scene, l layout) {
	t.Helper()
	k := r.kits.get()
	defer r.kits.put(k)
	var rects []image.Rectangle
	var names []string
	in := 0
	rad := min(l.st.numRad, l.win.tile*45/100)
	for i, c := range sc.cands {
		if !l.win.contains(c) {
			continue
		}
		in++
		cr := l.win.cellRect(c)
		ctr := cr.Min.Add(image.Pt(l.win.tile/2, l.win.tile/2))
		rects = append(rects, image.Rect(ctr.X-rad-1, ctr.Y-rad-1, ctr.X+rad+1, ctr.Y+rad+1))
		names = append(names, fmt.Sprintf("number %d on (%s)", i+1, c))
		if !rects[len(rects)-1].In(cr) {
			t.Errorf("number %d: %v outside its cell %v", i+1, rects[len(rects)-1], cr)
		}
	}
	seen := map[int]bool{}
	cells := image.Rectangle{Min: l.win.origin, Max: l.win.origin.Add(image.Pt(l.win.cols()*l.win.tile, l.win.rows()*l.win.tile))}
	for _, e := range l.st.edges {
		c := sc.cands[e.n-1]
		if l.win.contains(c) || seen[e.n] {
			t.Errorf("number %d of (%s) on an edge: in the window or twice", e.n, c)
		}
		seen[e.n] = true
		rects = append(rects, e.rect())
		names = append(names, fmt.Sprintf("number %d on the edge", e.n))
		if !e.rect().In(l.board) {
			t.Errorf("number %d at %v: outside the board's part %v", e.n, e.rect(), l.board)
		}
		if e.rect().Overlaps(cells) {
			t.Errorf("number %d at %v: over the cells %v", e.n, e.rect(), cells)
		}
		beyond := map[side]bool{sideLeft: c.X < l.win.lo.X, sideRight: c.X > l.win.hi.X, sideTop: c.Y < l.win.lo.Y, sideBottom: c.Y > l.win.hi.Y}
		if !beyond[e.side] {
			t.Errorf("number %d of (%s) on side %d of window %v–%v: the cell is not beyond it", e.n, c, e.side, l.win.lo, l.win.hi)
		}
	}
	if got := in + len(l.st.edges); got != len(sc.cands) {
		t.Errorf("%d numbers drawn (%d in the window), want %d", got, in, len(sc.cands))
	}
	for _, lb := range coordLabels(k.face(false, l.st.coordPx), l.win, l.st.allSides) {
		rects = append(rects, lb.box)
		names = append(names, "coordinate "+lb.text)
	}
	for i := range rects {
		for j := i + 1; j < len(rects); j++ {
			if rects[i].Overlaps(rects[j]) {
				t.Errorf("%s %v overlaps %s %v", names[i], rects[i], names[j], rects[j])
			}
		}
	}
}

// rect returns the pixels the mark covers, its pointer included.
func (e edgeMark) rect() image.Rectangle {
	r := image.Rect(e.at.X-e.rad-1, e.at.Y-e.rad-1, e.at.X+e.rad+1, e.at.Y+e.rad+1)
	p := e.rad/2 + 1
	switch e.side {
	case sideLeft:
		r.Min.X -= p
	case sideRight:
		r.Max.X += p
	case sideTop:
		r.Min.Y -= p
	case sideBottom:
		r.Max.Y += p
	}
	return r
}
