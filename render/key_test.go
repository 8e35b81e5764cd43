package render

import (
	"fmt"
	"image"
	"io"
	"slices"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/racetest"
)

// TestKeyMarkersOfEachExpansion checks that every symbol the tiles of an
// expansion carry has an entry in the key that the expansion allows
// (expansionKeys): else a game of it would draw the symbol and leave it
// out of the key.
func TestKeyMarkersOfEachExpansion(t *testing.T) {
	for _, e := range allExpansions() {
		ts := expansionTiles(t, e)
		for id := engine.TileID(1); int(id) <= ts.Len(); id++ {
			tile := ts.Tile(id)
			m := tileMarkers(tile)
			for _, mk := range markerKeys {
				if m&mk.m != 0 && !expansionKeys[e].has(mk.e) {
					t.Errorf("%s %s: %s has no entry %q in the expansion's key", e, tile.Name, mk.m, mk.e)
				}
			}
		}
	}
	// Every symbol drawn has an entry.
	for _, m := range symbolMarkers {
		if m&symbolMarks == 0 {
			t.Errorf("the symbol of %s has no entry in the key", m)
		}
	}
}

// turnKey returns the entries of the key of the turn picture of g, as
// it lists them (boardKey of its window), and those it shows.
func turnKey(tb testing.TB, r *Renderer, g *engine.Game) (sc *scene, l layout, listed []keyEntry, shown []keyItem) {
	tb.Helper()
	k := r.kits.get()
	defer r.kits.put(k)
	sc = newScene(g, true)
	l = layoutTurn(sc)
	listed = boardKey(sc, l.win.lo, l.win.hi)
	shown = r.scoreKeyItems(k, sc, l.panel, l.u, listed)
	return sc, l, listed, shown
}

func shownEntries(items []keyItem) []keyEntry {
	var out []keyEntry
	for _, it := range items {
		out = append(out, it.e)
	}
	return out
}

// TestKeyFairy checks the fairy in the key: listed and drawn (in her
// colours, in the key's room of the panel) in the turn picture of a game
// of The Princess & the Dragon where she stands on the board; not listed
// in a game without the expansion, even when a scene claims she stands on
// the board, whose key names only the cities' colours.
func TestKeyFairy(t *testing.T) {
	r := testRenderer()
	g := pdGame(t, "pd-fairy-scores", 3)
	if _, _, ok := g.Fairy(); !ok {
		t.Fatal("fixture: the fairy is not on the board")
	}
	sc, l, listed, shown := turnKey(t, r, g)
	if !slices.Contains(listed, keyFairy) || !slices.Contains(shownEntries(shown), keyFairy) {
		t.Errorf("with the fairy on the board: key %v, shown %v, want the fairy in both", listed, shownEntries(shown))
	}
	img := decodePNG(t, func(w io.Writer) error { return r.TurnPNG(w, g) })
	dump(t, "turn", img)
	key := scoreKeyArea(sc, l.panel, l.u)
	for _, c := range [...]struct {
		name string
		n    int
	}{{"dress", countNear(img, key, colFairy, 0)}, {"wings", countNear(img, key, colFairyWing, 0)}} {
		if c.n == 0 {
			t.Errorf("the key shows no pixel of the fairy's %s", c.name)
		}
	}

	// Without her on the board, no fairy in the key.
	bare := withoutPD(sc, true, false, true)
	if got := boardKey(bare, l.win.lo, l.win.hi); slices.Contains(got, keyFairy) {
		t.Errorf("without the fairy on the board the key lists %v", got)
	}

	// A game without The Princess & the Dragon.
	base := loadGame(t, "mid-game.rec")
	bsc := newScene(base, true)
	bsc.pd = dragonScene{fairyOn: true, fairy: bsc.tiles[0].Cell, dragonOn: true, dragon: bsc.tiles[0].Cell}
	lo, hi := bsc.bounds()
	if got, want := boardKey(bsc, lo, hi), []keyEntry{keyCityClosed, keyCityOpen}; !slices.Equal(got, want) {
		t.Errorf("base game: key %v, want %v", got, want)
	}
}

// TestKeyOnlyWhatIsShown checks that the key of the turn picture of the
// every-expansion fixture lists what its window shows and nothing else:
// the symbols of the tiles in the window, and not those of a tile that
// lies only off it.
func TestKeyOnlyWhatIsShown(t *testing.T) {
	g := lateGame(t, lateTurn)
	sc := newScene(g, true)
	l := layoutTurn(sc)
	listed := boardKey(sc, l.win.lo, l.win.hi)
	var in, all engine.Marker
	for _, pt := range sc.tiles {
		m := tileMarkers(sc.ts.Tile(pt.Tile))
		all |= m
		if l.win.contains(pt.Cell) {
			in |= m
		}
	}
	for _, mk := range markerKeys {
		if got, want := slices.Contains(listed, mk.e), in&mk.m != 0; got != want {
			t.Errorf("%s: listed %v, in the window %v", mk.e, got, want)
		}
	}
	if all == in {
		t.Fatal("fixture: every symbol of the board lies in the window; the test shows nothing")
	}
	// The whole board lists more.
	lo, hi := sc.bounds()
	if whole := boardKey(sc, lo, hi); len(whole) <= len(listed) {
		t.Errorf("whole board: %d entries, the window %d", len(whole), len(listed))
	}
}

// everyExpansionGame plays turns turns of a game of n players with every
// expansion the engine plays, computers of level Easy choosing.
func everyExpansionGame(tb testing.TB, n, turns int, seed uint64) *engine.Game {
	tb.Helper()
	names := []string{"Alice", "Computer (normal)", "Computer (normal) 2", "Dan", "Eve", "Fay"}[:n]
	g, err := engine.New(engine.Config{Rules: rulesOf(tb, engine.PlayableExpansions()...), Players: names, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	for k := seed * 1000; g.Pending().Step != engine.StepNone && g.Turn() <= turns; k++ {
		as, err := ai.Turn(g, ai.Easy, k)
		if err != nil {
			tb.Fatal(err)
		}
		for _, a := range as {
			if _, err := g.Act(a); err != nil {
				tb.Fatalf("answer %s: %v", a, err)
			}
		}
	}
	return g
}

// checkKeyItems checks the entries of a key laid out in area (within
// panel, under the rows that end at rowsEnd): each inside area, its icon
// no larger than its box, no two overlapping, none twice, each listed.
func checkKeyItems(t *testing.T, r *Renderer, sc *scene, items []keyItem, listed []keyEntry, area, panel image.Rectangle, rowsEnd int, u float64) {
	t.Helper()
	k := r.kits.get()
	defer r.kits.put(k)
	if area.Min.Y < rowsEnd || !area.In(panel) {
		t.Errorf("the key's room %v is not in the panel %v under the rows (ending at %d)", area, panel, rowsEnd)
	}
	seen := map[keyEntry]bool{}
	for i, it := range items {
		if !it.box.In(area) {
			t.Errorf("%q at %v: out of the key's room %v", it.label, it.box, area)
		}
		if !slices.Contains(listed, it.e) || seen[it.e] {
			t.Errorf("%q: shown but not listed, or twice", it.label)
		}
		seen[it.e] = true
		if it.label == "" {
			t.Errorf("%s: no label", it.e)
		}
		if it.e != keyCityClosed && it.e != keyCityOpen {
			sz := r.keyIcon(k, sc, it.e, dpx(keyIconD, u)).Bounds().Size()
			if sz.X > it.box.Dx() || sz.Y > it.box.Dy() {
				t.Errorf("%q: icon %v larger than its box %v", it.label, sz, it.box)
			}
		}
		for _, o := range items[:i] {
			if it.box.Overlaps(o.box) {
				t.Errorf("%q at %v overlaps %q at %v", it.label, it.box, o.label, o.box)
			}
		}
	}
}

// TestKeyLayout checks the key of the turn picture, the board picture and
// the final picture of games of one to six players with every expansion
// after 60 turns: its entries inside the panel, under the players' rows
// (the side panel) or the chart (the final picture), never overlapping
// one another, the most useful entry always shown, at least four in the
// side panel (the room it keeps, keyReserveLines), every one in the final
// picture; and the
// pictures are drawn at the layout's size. Under -race, six players
// only.
func TestKeyLayout(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	counts := []int{1, 2, 3, 4, 5, 6}
	if racetest.Enabled {
		// Under -race, the fullest panel only: the sweep runs without it.
		counts = []int{6}
	}
	for _, n := range counts {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			g := everyExpansionGame(t, n, 60, uint64(30+n))
			k := r.kits.get()
			defer r.kits.put(k)
			for _, kind := range []string{"turn", "board"} {
				sc := newScene(g, true)
				l := layoutTurn(sc)
				if kind == "board" {
					l = layoutBoard(sc, false)
				}
				listed := boardKey(sc, l.win.lo, l.win.hi)
				items := r.scoreKeyItems(k, sc, l.panel, l.u, listed)
				area := scoreKeyArea(sc, l.panel, l.u)
				rowsEnd := scoreRowsTop(sc, l.panel, l.u) + n*dpx(scoreRowH(sc), l.u)
				checkKeyItems(t, r, sc, items, listed, area, l.panel, rowsEnd, l.u)
				if len(listed) < 3 {
					t.Fatalf("%s: key %v: the fixture shows too little", kind, listed)
				}
				if len(items) == 0 || items[0].e != listed[0] {
					t.Errorf("%s: the most useful entry %v is not shown first (%v)", kind, listed[0], shownEntries(items))
				}
				if lines := area.Dy() / dpx(keyLineD, l.u); lines < keyReserveLines {
					t.Errorf("%s: room for %d lines of the key, want at least %d", kind, lines, keyReserveLines)
				}
				if len(items) < min(keyReserveLines, len(listed)) {
					t.Errorf("%s: %d entries shown of %d, want at least %d", kind, len(items), len(listed), min(keyReserveLines, len(listed)))
				}
				img := r.compose(k, sc, l, false, r.newRGBA).(rgbaCanvas).img
				if img.Bounds().Size() != l.size {
					t.Errorf("%s: picture %v, layout %v", kind, img.Bounds().Size(), l.size)
				}
				dump(t, kind, img)
			}
			sc := newScene(g, false)
			l := layoutFinal(sc)
			listed := finalKey(sc)
			items := r.finalKeyItems(k, sc, l.panel, l.u)
			chartEnd := finalKeyArea(sc, l.panel, l.u).Min.Y
			checkKeyItems(t, r, sc, items, listed, finalKeyArea(sc, l.panel, l.u), l.panel, chartEnd, l.u)
			if got := shownEntries(items); !slices.Equal(got, listed) {
				t.Errorf("final: shown %v, want every entry %v", got, listed)
			}
			img := r.compose(k, sc, l, true, r.newRGBA).(rgbaCanvas).img
			if img.Bounds().Size() != l.size {
				t.Errorf("final: picture %v, layout %v", img.Bounds().Size(), l.size)
			}
			dump(t, "final", img)
		})
	}
}

// TestPlaceKey checks placeKey on made-up rooms: one entry a line when
// they all fit, two columns (long labels across both) when not, the least
// useful left out when the room is full, nothing in a room of no line;
// the lines used at the bottom of the room, no two entries overlapping.
func TestPlaceKey(t *testing.T) {
	const u = 2.0
	measure := func(s string) int { return 12 * len(s) } // 6 display pixels a letter
	fit := func(s string, w int) string {
		for len(s) > 0 && measure(s) > w {
			s = s[:len(s)-1]
		}
		return s
	}
	line := dpx(keyLineD, u)
	all := []keyEntry{keyMagic, keyFairy, keyWitch, keyMage, keyDragon, keyInn, keyPig}
	tests := []struct {
		name    string
		lines   int
		entries []keyEntry
		want    int // entries shown
		cols    int // distinct columns used
	}{
		{"one column", 7, all, 7, 1},
		{"two columns", 4, all, 7, 2},
		{"full", 2, all, 3, 2}, // "move mage/witch" takes a line, then two a line
		{"no room", 0, all, 0, 0},
		{"nothing to show", 3, nil, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			area := image.Rect(100, 50, 100+dpx(138, u), 50+tt.lines*line+line/2)
			items := placeKey(tt.entries, area, 2, u, measure, fit)
			if len(items) != tt.want {
				t.Fatalf("%d entries shown %v, want %d", len(items), shownEntries(items), tt.want)
			}
			xs := map[int]bool{}
			bottom := 0
			for i, it := range items {
				xs[it.text.X] = true
				bottom = max(bottom, it.icon.Y+line/2)
				if !it.box.In(area) {
					t.Errorf("%q at %v out of %v", it.label, it.box, area)
				}
				for _, o := range items[:i] {
					if it.box.Overlaps(o.box) {
						t.Errorf("%q overlaps %q", it.label, o.label)
					}
				}
			}
			if len(xs) != tt.cols {
				t.Errorf("%d columns used, want %d", len(xs), tt.cols)
			}
			if len(items) > 0 && bottom != area.Max.Y {
				t.Errorf("the last line ends at %d, want the room's bottom %d", bottom, area.Max.Y)
			}
			// The most useful first: what is shown is the list's first
			// entries but for short ones moved up into a free place.
			if len(items) > 0 && items[0].e != tt.entries[0] {
				t.Errorf("first shown %v, want %v", items[0].e, tt.entries[0])
			}
		})
	}
}

// placeKey lays out entries (most useful first) in area at scale u, in
// lines of keyLineD display pixels, the lines used at the bottom of area:
// one entry a line when they all fit so, else in a grid of cols columns,
// an entry whose label is too long for a column taking two or more, each
// in the first free place from the top left; the entries that find no
// place are left out, the least useful first. labelW measures a label in
// pixels; fit shortens one to a width.
func placeKey(entries []keyEntry, area image.Rectangle, cols int, u float64, labelW func(string) int, fit func(string, int) string) []keyItem {
	return placeKeyIn(i18n.English, entries, area, cols, u, labelW, fit)
}
