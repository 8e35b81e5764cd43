package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// rulesOf returns the rules of a game with expansions exps and the default
// options.
func rulesOf(tb testing.TB, exps ...engine.Expansion) *engine.Rules {
	tb.Helper()
	var set engine.ExpansionSet
	for _, e := range exps {
		set = set.With(e)
	}
	r, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// farmerGame plays a game of Inns & Cathedrals for two players whose first
// move puts figure fig of the first player as a farmer on the first
// placement's first field, and whose other moves place no figure: played
// for turns moves (turns < 0: to the end). Two games that differ only in
// fig have every figure on the same spots. It returns the game and the
// farmer's cell.
func farmerGame(tb testing.TB, fig engine.Figure, turns int) (*engine.Game, engine.Cell) {
	tb.Helper()
	g, err := engine.New(engine.Config{Rules: rulesOf(tb, engine.ExpansionInnsAndCathedrals), Players: []string{"Ann", "Ben"}, Seed: 5})
	if err != nil {
		tb.Fatal(err)
	}
	var cell engine.Cell
	for played := 0; !g.Ended() && (turns < 0 || played < turns); played++ {
		t, _ := g.Drawn()
		ps := g.Placements()
		m := engine.Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			m = engine.Move{Tile: t, Cell: ps[0].Cell, Rotation: ps[0].Rotation}
		}
		if played == 0 {
			for _, s := range g.FollowerSpots(ps[0]) {
				if s.Kind == engine.Field {
					m.Follower, m.Figure, cell = s.Port, fig, m.Cell
					break
				}
			}
			if m.Follower == engine.NoPort {
				tb.Fatal("the first placement has no field")
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("move %d: %v", played+1, err)
		}
	}
	return g, cell
}

// TestLargeFollower checks that the large follower is drawn larger than a
// follower on the same spot: on the board, in the final picture (the
// farmer stays to the end) and in the preview, counted in pixels of the
// player's colour on its tile.
func TestLargeFollower(t *testing.T) {
	r := testRenderer()
	red := PlayerColour(0)
	onCell := func(img *image.RGBA, l layout, c engine.Cell) int {
		return countNear(img, l.win.cellRect(c), red, 6)
	}
	for _, final := range []bool{false, true} {
		turns := 1
		if final {
			turns = -1
		}
		var n [2]int
		for i, fig := range []engine.Figure{engine.FigureFollower, engine.FigureLarge} {
			g, c := farmerGame(t, fig, turns)
			fs := g.FinalFollowers()
			if len(fs) != 1 || fs[0].Figure != fig {
				t.Fatalf("final %v: followers %+v, want one %s", final, fs, fig)
			}
			img := r.Board(g)
			if final {
				img = r.Final(g)
			}
			dump(t, fmt.Sprintf("%s-final%v", fig, final), img)
			n[i] = onCell(img, layoutBoard(newScene(g, !final), final), c)
		}
		if n[0] < 50 || float64(n[1]) < 1.5*float64(n[0]) {
			t.Errorf("final %v: %d pixels of the large follower, %d of the follower; want at least 1.5 times as many", final, n[1], n[0])
		}
	}

	// The preview of the same move with either figure.
	g, err := engine.New(engine.Config{Rules: rulesOf(t, engine.ExpansionInnsAndCathedrals), Players: []string{"Ann", "Ben"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	p := g.Placements()[0]
	spot := g.FollowerSpots(p)[0]
	win := previewWindow(newScene(g, false), p.Cell)
	var n [2]int
	for i, fig := range []engine.Figure{engine.FigureFollower, engine.FigureLarge} {
		img, err := r.PreviewFigure(g, p, spot.Port, fig)
		if err != nil {
			t.Fatal(err)
		}
		dump(t, "preview-"+fig.String(), img)
		n[i] = countNear(img, win.cellRect(p.Cell), red, 6)
	}
	if n[0] < 50 || float64(n[1]) < 1.5*float64(n[0]) {
		t.Errorf("preview: %d pixels of the large follower, %d of the follower; want at least 1.5 times as many", n[1], n[0])
	}
	// Preview is PreviewFigure with a follower.
	a, err := r.Preview(g, p, spot.Port)
	if err != nil {
		t.Fatal(err)
	}
	if got := countNear(a, win.cellRect(p.Cell), red, 6); got != n[0] {
		t.Errorf("Preview: %d pixels of the follower, PreviewFigure with a follower %d", got, n[0])
	}

	// A game without Inns & Cathedrals has no large follower.
	base, err := engine.New(engine.Config{Players: []string{"Ann", "Ben"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	bp := base.Placements()[0]
	_, err = r.PreviewFigure(base, bp, base.FollowerSpots(bp)[0].Port, engine.FigureLarge)
	var me *engine.MoveError
	if !errors.As(err, &me) {
		t.Errorf("PreviewFigure of a large follower in the base game: %v, want a *engine.MoveError", err)
	}
}

// rowTokens counts the pixels of the crown's and the mask's colours in each
// player's row of the scoreboard panel of picture img, laid out as l.
func rowTokens(img *image.RGBA, sc *scene, l layout) (crown, mask []int) {
	top := scoreRowsTop(sc, l.panel, l.u)
	rh := dpx(scoreRowH(sc), l.u)
	for p := range sc.names {
		row := image.Rect(l.panel.Min.X, top+p*rh, l.panel.Max.X, top+(p+1)*rh)
		crown = append(crown, countNear(img, row, colCrown, 4))
		mask = append(mask, countNear(img, row, colMask, 4))
	}
	return crown, mask
}

// krGame returns a game of King & Robber Baron and Inns & Cathedrals for
// n players after turns random moves.
func krGame(tb testing.TB, n, turns int) *engine.Game {
	tb.Helper()
	names := []string{"Ann", "Ben", "Cid", "Dee", "Eli", "Flo"}
	cfg := engine.Config{Rules: rulesOf(tb, engine.ExpansionKingAndRobber, engine.ExpansionInnsAndCathedrals), Players: names[:n], Seed: 3}
	return compactGame(tb, cfg, 3, turns)
}

// TestTitleTokens checks that the King's crown and the Robber Baron's mask
// are drawn in their holders' rows of the scoreboard and in no other row,
// for holders given to the panel, and only in games of King & Robber
// Baron.
func TestTitleTokens(t *testing.T) {
	r := testRenderer()
	k := r.kits.get()
	defer r.kits.put(k)
	kr := krGame(t, 4, 12)
	base := compactGame(t, engine.Config{Players: []string{"Ann", "Ben", "Cid", "Dee"}, Seed: 3}, 3, 12)
	tests := []struct {
		name        string
		g           *engine.Game
		king, baron int
		wantK       int // the row that must show the crown, -1: none
		wantB       int
	}{
		{"nobody", kr, -1, -1, -1, -1},
		{"king 1 baron 2", kr, 1, 2, 1, 2},
		{"both 3", kr, 3, 3, 3, 3},
		{"king 0", kr, 0, -1, 0, -1},
		{"base game", base, 1, 2, -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := newScene(tt.g, true)
			sc.king, sc.baron = tt.king, tt.baron
			l := layoutBoard(sc, false)
			img := r.compose(k, sc, l, false, r.newRGBA).(rgbaCanvas).img
			dump(t, "board", img)
			crown, mask := rowTokens(img, sc, l)
			for p := range sc.names {
				if has := crown[p] >= 10; has != (p == tt.wantK) {
					t.Errorf("row %d: %d pixels of the crown, want the crown %v", p, crown[p], p == tt.wantK)
				}
				if has := mask[p] >= 10; has != (p == tt.wantB) {
					t.Errorf("row %d: %d pixels of the mask, want the mask %v", p, mask[p], p == tt.wantB)
				}
			}
		})
	}
}

// TestTitleTokensFromGame checks the scoreboard of a game of King & Robber
// Baron played by the engine, through BoardPNG: the crown and the mask are
// by the players Game.King and Game.RobberBaron name, and nowhere while
// nobody holds them.
func TestTitleTokensFromGame(t *testing.T) {
	r := testRenderer()
	for _, turns := range []int{6, 40} {
		g := krGame(t, 4, turns)
		img := decodePNG(t, func(w io.Writer) error { return r.BoardPNG(w, g) })
		dump(t, fmt.Sprint(turns), img)
		sc := newScene(g, true)
		crown, mask := rowTokens(img, sc, layoutBoard(sc, false))
		king, hasKing := g.King()
		baron, hasBaron := g.RobberBaron()
		for p := range sc.names {
			if has, want := crown[p] >= 10, hasKing && king == p; has != want {
				t.Errorf("after %d turns, row %d: %d pixels of the crown, want the crown %v", turns, p, crown[p], want)
			}
			if has, want := mask[p] >= 10, hasBaron && baron == p; has != want {
				t.Errorf("after %d turns, row %d: %d pixels of the mask, want the mask %v", turns, p, mask[p], want)
			}
		}
	}
}

// TestSupplyText checks the supply of the scoreboard: the followers, and
// "+L" while the large follower is in the supply of a game of Inns &
// Cathedrals.
func TestSupplyText(t *testing.T) {
	follower, _ := farmerGame(t, engine.FigureFollower, 1)
	large, _ := farmerGame(t, engine.FigureLarge, 1)
	base := compactGame(t, engine.Config{Players: []string{"Ann", "Ben"}, Seed: 3}, 3, 0)
	for _, tt := range []struct {
		name string
		g    *engine.Game
		p    int
		want string
	}{
		{"follower placed", follower, 0, "×6+L"},
		{"large placed", large, 0, "×7"},
		{"other player", large, 1, "×7+L"},
		{"base game", base, 0, "×7"},
	} {
		if got := supplyText(newScene(tt.g, true), tt.p); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestFinalColumns checks the final table's columns: roads, cities,
// cloisters and farms in every game, and the King's and the Robber Baron's
// columns, headed by the crown and the mask, in games of King & Robber
// Baron only, the goods' column, striped in the colours of wine, grain and
// cloth, in games of Traders & Builders only; the final picture of six
// players with expansions decodes back and holds every player's row.
func TestFinalColumns(t *testing.T) {
	r := testRenderer()
	names := []string{"Ann", "Ben", "Cid", "Dee", "Eli", "Flo"}
	all := rulesOf(t, engine.ExpansionRiver2, engine.ExpansionInnsAndCathedrals, engine.ExpansionKingAndRobber, engine.ExpansionCathars, engine.ExpansionGQ11)
	tb := rulesOf(t, engine.ExpansionTradersAndBuilders)
	tbKing := rulesOf(t, engine.ExpansionTradersAndBuilders, engine.ExpansionKingAndRobber, engine.ExpansionInnsAndCathedrals)
	tests := []struct {
		name   string
		cfg    engine.Config
		titles bool
		goods  bool
	}{
		{"base", engine.Config{Players: names[:4], Seed: 2}, false, false},
		{"inns", engine.Config{Rules: rulesOf(t, engine.ExpansionInnsAndCathedrals), Players: names, Seed: 2}, false, false},
		{"king and robber", engine.Config{Rules: rulesOf(t, engine.ExpansionKingAndRobber), Players: names[:3], Seed: 2}, true, false},
		{"six players, all", engine.Config{Rules: all, Players: names, Seed: 2}, true, false},
		{"traders and builders", engine.Config{Rules: tb, Players: names[:3], Seed: 2}, false, true},
		{"traders and king", engine.Config{Rules: tbKing, Players: names[:4], Seed: 2}, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g *engine.Game
			if tt.goods {
				g = tbRun(t, tt.cfg, 2, -1, nil)
			} else {
				g = compactGame(t, tt.cfg, 2, -1)
			}
			sc := newScene(g, false)
			want := []string{"roads", "cities", "cloisters", "farms"}
			if tt.titles {
				want = append(want, "King", "Robber Baron")
			}
			if tt.goods {
				want = append(want, "goods")
			}
			var got []string
			for _, s := range finalSources(sc) {
				got = append(got, s.title)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("columns %v, want %v", got, want)
			}
			img := decodePNG(t, func(w io.Writer) error { return r.FinalPNG(w, g) })
			dump(t, "final", img)
			l := layoutBoard(sc, true)
			if img.Bounds().Size() != l.size {
				t.Fatalf("picture %v, layout %v", img.Bounds().Size(), l.size)
			}
			// The heads of the columns, above the first row.
			top := finalRowsTop(l.panel, l.u)
			head := image.Rect(l.panel.Min.X, top-dpx(finalHeadD, l.u), l.panel.Max.X, top)
			crown, mask := countNear(img, head, colCrown, 4), countNear(img, head, colMask, 4)
			if (crown >= 10) != tt.titles || (mask >= 10) != tt.titles {
				t.Errorf("%d pixels of the crown and %d of the mask over the columns, want them %v", crown, mask, tt.titles)
			}
			for c, s := range finalSources(sc)[:4] {
				x := finalColumnX(l.panel, l.u, c, len(finalSources(sc)))
				chip := image.Rect(x-dpx(4, l.u), head.Min.Y, x+dpx(4, l.u), head.Max.Y)
				if n := countNear(img, chip, s.bar, 4); n < 20 {
					t.Errorf("column %s: %d pixels of its colour over it, want at least 20", s.title, n)
				}
			}
			// The goods' column, striped in their colours, with each
			// player's points.
			srcs := finalSources(sc)
			x := finalColumnX(l.panel, l.u, len(srcs)-1, len(srcs))
			chip := image.Rect(x-dpx(5, l.u), head.Min.Y, x+dpx(5, l.u), head.Max.Y)
			for _, c := range []color.RGBA{colWine, colGrain, colCloth} {
				if n := countNear(img, chip, c, 4); (n >= 10) != tt.goods {
					t.Errorf("%d pixels of %v over the last column, want the goods' stripes %v", n, c, tt.goods)
				}
			}
			if tt.goods {
				total := 0
				for _, b := range g.Breakdowns() {
					total += b.Goods
				}
				if total == 0 {
					t.Errorf("no goods points in the whole game, want some to show")
				}
				if srcs[len(srcs)-1].value(engine.Breakdown{Goods: 20}) != 20 {
					t.Errorf("the goods column does not read Breakdown.Goods")
				}
			}
			// Every player's row within the panel.
			if end := top + len(names[:len(g.Players())])*dpx(finalRowD, l.u); end > l.panel.Max.Y {
				t.Errorf("the rows end at %d, below the panel (%d)", end, l.panel.Max.Y)
			}
		})
	}
}
