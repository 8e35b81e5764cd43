package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// tbPlay plays a game of Traders & Builders for n players with random
// legal moves, placing tiles next to many others (as compactGame does),
// deploying the builder or the pig whenever the player may (g.FigureSpots),
// else a follower about two turns in three, until turns moves have been
// played, the game ends or stop (when not nil) returns true before a move
// (turns < 0: no limit).
func tbPlay(tb testing.TB, n int, seed uint64, turns int, stop func(*engine.Game) bool) *engine.Game {
	tb.Helper()
	names := []string{"Ann", "Ben", "Cid", "Dee", "Eli", "Flo"}
	return tbRun(tb, engine.Config{Rules: rulesOf(tb, engine.ExpansionTradersAndBuilders), Players: names[:n], Seed: seed}, seed, turns, stop)
}

// tbRun plays the game of cfg as tbPlay does (cfg's rules must play the
// builder and the pig), with random choices from seed.
func tbRun(tb testing.TB, cfg engine.Config, seed uint64, turns int, stop func(*engine.Game) bool) *engine.Game {
	tb.Helper()
	g, err := engine.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 11))
	for played := 0; !g.Ended() && (turns < 0 || played < turns); played++ {
		if stop != nil && stop(g) {
			break
		}
		t, _ := g.Drawn()
		ps := g.Placements()
		m := engine.Move{Tile: t, Discard: true}
		if g.SetsAside() {
			m = engine.Move{Tile: t, Aside: true}
		} else if len(ps) > 0 {
			best, bestN := ps[0], -1
			for _, p := range ps {
				k := 0
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						if _, ok := g.TileAt(engine.Cell{X: p.Cell.X + dx, Y: p.Cell.Y + dy}); ok {
							k++
						}
					}
				}
				// Places where the builder or the pig may go first.
				if len(g.FigureSpots(p, engine.FigureBuilder))+len(g.FigureSpots(p, engine.FigurePig)) > 0 {
					k += 4
				}
				k = k*8 + rng.IntN(9)
				if k > bestN {
					best, bestN = p, k
				}
			}
			m = engine.Move{Tile: t, Cell: best.Cell, Rotation: best.Rotation}
			// No figure on a volcano's turn (The Princess & the Dragon).
			deployed := g.TileSet().Tile(t).Markers&engine.Volcano != 0
			for _, fig := range []engine.Figure{engine.FigureBuilder, engine.FigurePig} {
				if sp := g.FigureSpots(best, fig); len(sp) > 0 && !deployed {
					m.Follower, m.Figure, deployed = sp[rng.IntN(len(sp))].Port, fig, true
				}
			}
			if !deployed && rng.IntN(3) > 0 {
				if sp := g.FigureSpots(best, engine.FigureFollower); len(sp) > 0 {
					m.Follower, m.Figure = sp[rng.IntN(len(sp))].Port, engine.FigureFollower
				}
			}
			// The dragon's steps (The Princess & the Dragon), at random.
			for steps := g.DragonSteps(m); len(steps) > 0; steps = g.DragonSteps(m) {
				m.Dragon = m.Dragon.Add(steps[rng.IntN(len(steps))])
			}
		}
		if err := actWhole(g, m); err != nil {
			tb.Fatalf("move %d: %v", played+1, err)
		}
	}
	return g
}

// actWhole plays move m's tile and figure on g through the engine's step
// API, and answers every other step of the turn (the second gold ingot,
// the dragon's steps, a capture, an escape…) with its first legal answer.
func actWhole(g *engine.Game, m engine.Move) error {
	if m.Discard || m.Aside || g.SetsAside() {
		t, _ := g.Drawn()
		return g.Apply(engine.Move{Tile: t, Discard: m.Discard, Aside: !m.Discard})
	}
	done, err := g.Act(engine.Answer{Step: engine.StepTile, Cell: m.Cell, Rotation: m.Rotation})
	for !done && err == nil {
		a := g.Answers()[0]
		if g.Pending().Step == engine.StepFigure {
			a = engine.Answer{Step: engine.StepFigure, Port: m.Follower, Figure: m.Figure}
		}
		done, err = g.Act(a)
	}
	return err
}

// shape is the box of a figure's pixels, its widest row between 35% and
// 60% of its height (where a follower spreads its arms), and the number of
// its pixels.
type shape struct {
	w, h, arms, n int
}

// shapeOf measures the pixels of r that are within tol of colour c in a
// and not in b (b nil: every such pixel of a): the figure a adds to b.
func shapeOf(a, b *image.RGBA, r image.Rectangle, c color.RGBA) shape {
	const tol = 6
	r = r.Intersect(a.Rect)
	minX, minY, maxX, maxY := r.Max.X, r.Max.Y, r.Min.X-1, r.Min.Y-1
	var s shape
	widths := make([]int, r.Dy())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		lo, hi := r.Max.X, r.Min.X-1
		for x := r.Min.X; x < r.Max.X; x++ {
			if !near(a.RGBAAt(x, y), c, tol) || b != nil && near(b.RGBAAt(x, y), c, tol) {
				continue
			}
			s.n++
			lo, hi = min(lo, x), max(hi, x)
		}
		if hi >= lo {
			widths[y-r.Min.Y] = hi - lo + 1
			minY, maxY = min(minY, y), max(maxY, y)
			minX, maxX = min(minX, lo), max(maxX, hi)
		}
	}
	if s.n > 0 {
		s.w, s.h = maxX-minX+1, maxY-minY+1
		for y := minY + s.h*35/100; y <= minY+s.h*60/100; y++ {
			s.arms = max(s.arms, widths[y-r.Min.Y])
		}
	}
	return s
}

// checkShape fails unless s is the shape of figure fig as a player tells
// it at a glance: a follower standing with arms spread about as wide as it
// is tall (a farmer lying, as long as it is tall), the builder slim and
// tall, the pig long and low.
func checkShape(tb testing.TB, name string, fig engine.Figure, lying bool, s shape) {
	tb.Helper()
	if s.n < 40 {
		tb.Errorf("%s: %d pixels of the %s, want at least 40", name, s.n, fig)
		return
	}
	ok := true
	switch fig {
	case engine.FigureBuilder:
		ok = float64(s.arms) <= 0.55*float64(s.h) && s.h > s.w
	case engine.FigurePig:
		ok = float64(s.w) >= 1.3*float64(s.h)
	default:
		if lying {
			ok = float64(s.w) <= 1.25*float64(s.h) && float64(s.h) <= 1.25*float64(s.w)
		} else {
			ok = float64(s.arms) >= 0.8*float64(s.h)
		}
	}
	if !ok {
		tb.Errorf("%s: the %s (lying %v) is %d × %d pixels, arms %d wide: not its shape", name, fig, lying, s.w, s.h, s.arms)
	}
}

// TestFigureShapes checks each figure's sprite in every player's colour at
// the sizes the pictures use: the follower spreads its arms, the builder
// is slim and tall, the pig long and low; the builder and the pig each
// differ from the follower drawn at the same size in many of their pixels.
// The colours are players 0 to 3's (see checkShape).
func TestFigureShapes(t *testing.T) {
	r := testRenderer()
	k := r.kits.get()
	defer r.kits.put(k)
	g := tbPlay(t, 6, 1, 0, nil)
	sc := newScene(g, false)
	for p := range 4 {
		for _, h := range []int{20, 34, 48} {
			follower := r.figure(k, sc, p, h, false, engine.FigureFollower)
			for _, fig := range []engine.Figure{engine.FigureFollower, engine.FigureBuilder, engine.FigurePig} {
				sp := r.figure(k, sc, p, h, false, fig)
				name := fmt.Sprintf("player %d, %d pixels", p, h)
				checkShape(t, name, fig, false, shapeOf(sp, nil, sp.Rect, PlayerColour(p)))
				if fig == engine.FigureFollower {
					continue
				}
				// Centred on each other, the shapes share few pixels.
				a := image.NewRGBA(image.Rect(0, 0, 2*h, 2*h))
				b := image.NewRGBA(a.Rect)
				blit(rgbaCanvas{img: a}, sp, h, h)
				blit(rgbaCanvas{img: b}, follower, h, h)
				only, both := shapeOf(a, b, a.Rect, PlayerColour(p)).n, 0
				both = shapeOf(a, nil, a.Rect, PlayerColour(p)).n - only
				if only < both/2 {
					t.Errorf("%s: the %s shares %d pixels with the follower and has %d of its own, want it unlike the follower", name, fig, both, only)
				}
			}
			checkShape(t, fmt.Sprintf("player %d, %d pixels", p, h), engine.FigureFollower, true, shapeOf(r.figure(k, sc, p, h, true, engine.FigureFollower), nil, image.Rect(0, 0, 2*h, 2*h), PlayerColour(p)))
		}
	}
}

// tbFigures returns a game of Traders & Builders played to the end by
// tbPlay in which builders and pigs stood on the board.
func tbFigures(tb testing.TB) *engine.Game {
	tb.Helper()
	g := tbPlay(tb, 3, 4, -1, nil)
	var b, p int
	for _, f := range g.FinalFollowers() {
		switch f.Figure {
		case engine.FigureBuilder:
			b++
		case engine.FigurePig:
			p++
		}
	}
	if b == 0 || p == 0 {
		tb.Fatalf("the game ended with %d builders and %d pigs on the board, want some of each", b, p)
	}
	return g
}

// TestTradersFigures renders a game of Traders & Builders on the board
// (mid-game, BoardPNG) and at the end (FinalPNG), decodes the pictures,
// and checks each builder and pig where it stands: the pixels it adds to
// the picture drawn without it have its shape (checkShape), not a
// follower's; a few followers beside them keep theirs.
func TestTradersFigures(t *testing.T) {
	r := testRenderer()
	k := r.kits.get()
	defer r.kits.put(k)
	end := tbFigures(t)
	mid := tbPlay(t, 3, 4, 40, nil)
	for _, tt := range []struct {
		name  string
		g     *engine.Game
		final bool
	}{{"board", mid, false}, {"final", end, true}} {
		t.Run(tt.name, func(t *testing.T) {
			write := r.BoardPNG
			if tt.final {
				write = r.FinalPNG
			}
			img := decodePNG(t, func(w io.Writer) error { return write(w, tt.g) })
			dump(t, "picture", img)
			sc := newScene(tt.g, !tt.final)
			l := layoutBoard(sc, tt.final)
			if img.Bounds().Size() != l.size {
				t.Fatalf("picture %v, layout %v", img.Bounds().Size(), l.size)
			}
			seen := map[engine.Figure]int{}
			all := sc.followers
			for i, f := range all {
				// Every builder and pig, and a few followers standing
				// and lying (each check draws the picture again).
				if f.Figure == engine.FigureFollower && seen[engine.FigureFollower] >= 4 {
					continue
				}
				// The same picture without this figure.
				sc.followers = append(append([]engine.Follower(nil), all[:i]...), all[i+1:]...)
				without := r.compose(k, sc, l, tt.final, r.newRGBA).(rgbaCanvas).img
				sc.followers = all
				cell := l.win.cellRect(f.Cell)
				s := shapeOf(img, without, cell.Inset(-cell.Dx()/10), PlayerColour(f.Player))
				checkShape(t, fmt.Sprintf("%s on %v", f.Figure, f.Cell), f.Figure, f.Kind == engine.Field, s)
				seen[f.Figure]++
			}
			if seen[engine.FigureBuilder] == 0 || seen[engine.FigurePig] == 0 || seen[engine.FigureFollower] == 0 {
				t.Errorf("figures checked %v, want builders, pigs and followers", seen)
			}
		})
	}
}

// previewHeight returns the height of a preview listing n spots, in
// pixels.
func previewHeight(n int) int {
	return previewCaptionH + (2*previewReach+1)*previewTile + 2*marginFor(previewTile) + 14 + 30*max(1, n) + 14
}

// TestTradersPreview checks the previews of placements where the builder
// and the pig may go: they list the spots g.FigureSpots gives for the
// figure (not the follower spots), draw the figure on the chosen one in
// its own shape, and refuse a follower or figure on a spot it may not
// take with the engine's *engine.MoveError.
func TestTradersPreview(t *testing.T) {
	r := testRenderer()
	for _, fig := range []engine.Figure{engine.FigureBuilder, engine.FigurePig} {
		t.Run(fig.String(), func(t *testing.T) {
			var at engine.Placement
			found := func(g *engine.Game) bool {
				for _, p := range g.Placements() {
					if len(g.FigureSpots(p, fig)) > 0 {
						at = p
						return true
					}
				}
				return false
			}
			g := tbPlay(t, 3, 4, -1, found)
			if g.Ended() {
				t.Fatalf("no placement for the %s in the whole game", fig)
			}
			spots := g.FigureSpots(at, fig)
			cur := PlayerColour(g.Current())
			win := previewWindow(newScene(g, false), at.Cell)
			cell := win.cellRect(at.Cell)
			empty := decodePNG(t, func(w io.Writer) error { return r.PreviewFigurePNG(w, g, at, engine.NoPort, fig) })
			if got, want := empty.Rect.Dy(), previewHeight(len(spots)); got != want {
				t.Errorf("preview of the %s spots: %d pixels tall, want %d for %d spots", fig, got, want, len(spots))
			}
			plain := decodePNG(t, func(w io.Writer) error { return r.PreviewPNG(w, g, at, engine.NoPort) })
			if got, want := plain.Rect.Dy(), previewHeight(len(g.FollowerSpots(at))); got != want {
				t.Errorf("preview of the follower spots: %d pixels tall, want %d", got, want)
			}
			for i, s := range spots {
				img := decodePNG(t, func(w io.Writer) error { return r.PreviewFigurePNG(w, g, at, s.Port, fig) })
				dump(t, fmt.Sprint(i), img)
				if img.Rect != empty.Rect {
					t.Errorf("spot %d: picture %v, without the figure %v", i, img.Rect, empty.Rect)
				}
				sh := shapeOf(img, empty, cell.Inset(-cell.Dx()/10), cur)
				checkShape(t, fmt.Sprintf("spot %d", i), fig, false, sh)
				// A follower may not stand on the feature the figure joins.
				if _, err := r.PreviewFigure(g, at, s.Port, engine.FigureFollower); err == nil {
					free := false
					for _, f := range g.FollowerSpots(at) {
						free = free || f.Feature == s.Feature
					}
					if !free {
						t.Errorf("spot %d: a follower on a feature that is not free was previewed", i)
					}
				}
			}
			// The other figure's spots are refused when they are not fig's.
			for _, s := range g.FollowerSpots(at) {
				ok := false
				for _, f := range spots {
					ok = ok || f.Feature == s.Feature
				}
				if ok {
					continue
				}
				_, err := r.PreviewFigure(g, at, s.Port, fig)
				var me *engine.MoveError
				if !errors.As(err, &me) {
					t.Errorf("the %s on free spot %s: %v, want a *engine.MoveError", fig, s.Name(), err)
				}
			}
		})
	}
	// A game without Traders & Builders has no builder.
	base, err := engine.New(engine.Config{Players: []string{"Ann", "Ben"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	bp := base.Placements()[0]
	_, err = r.PreviewFigure(base, bp, base.FollowerSpots(bp)[0].Port, engine.FigureBuilder)
	var me *engine.MoveError
	if !errors.As(err, &me) {
		t.Errorf("PreviewFigure of a builder in the base game: %v, want a *engine.MoveError", err)
	}
}

// goodsLine returns the rectangle of player p's goods line in the
// scoreboard of picture l, and the rectangle of its i-th good (icon and
// count).
func goodsLine(sc *scene, l layout, p, i int) (line, good image.Rectangle) {
	d := func(v float64) int { return dpx(v, l.u) }
	top := scoreRowsTop(sc, l.panel, l.u) + p*d(scoreRowH(sc)) + d(scoreRowD)
	line = image.Rect(l.panel.Min.X, top-d(3), l.panel.Max.X, top+d(scoreGoodsD)-d(3))
	x0 := l.panel.Min.X + d(scorePadD+2) + d(19) + d(4) + i*d(goodsStepD)
	good = image.Rect(x0, line.Min.Y, x0+d(goodsStepD)-d(2), line.Max.Y)
	return line, good
}

// TestGoodsPanel checks the scoreboard of a game of Traders & Builders:
// under each player, the three goods' symbols in their colours with a
// count that follows the player's tokens, and the builder and the pig in
// the player's colour while in the supply; a game without the expansion
// has neither that line nor the goods' colours.
func TestGoodsPanel(t *testing.T) {
	r := testRenderer()
	k := r.kits.get()
	defer r.kits.put(k)
	goods := []color.RGBA{colWine, colGrain, colCloth}
	g := tbPlay(t, 3, 4, 30, nil)
	img := decodePNG(t, func(w io.Writer) error { return r.BoardPNG(w, g) })
	dump(t, "board", img)
	sc := newScene(g, true)
	l := layoutBoard(sc, false)
	for p := range sc.names {
		line, _ := goodsLine(sc, l, p, 0)
		for i, c := range goods {
			_, gr := goodsLine(sc, l, p, i)
			if n := countNear(img, gr, c, 4); n < 15 {
				t.Errorf("player %d: %d pixels of %s in its place, want its symbol", p, n, engine.Good(i))
			}
		}
		// The builder and the pig right of the goods, under the supply.
		right := image.Rect(l.panel.Max.X-dpx(scorePadD+36, l.u), line.Min.Y, l.panel.Max.X, line.Max.Y)
		inSupply := g.SupplyOf(p, engine.FigureBuilder)+g.SupplyOf(p, engine.FigurePig) > 0
		if n := countNear(img, right, PlayerColour(p), 6); (n >= 20) != inSupply {
			t.Errorf("player %d: %d pixels of its colour right of its goods, want its builder or pig %v", p, n, inSupply)
		}
	}

	// The counts follow the tokens: each good's place changes with its
	// count and only with it.
	draw := func(counts [engine.NumGoods]int) *image.RGBA {
		for p := range sc.goods {
			sc.goods[p] = counts
		}
		return r.compose(k, sc, l, false, r.newRGBA).(rgbaCanvas).img
	}
	zero := draw([engine.NumGoods]int{})
	some := draw([engine.NumGoods]int{3, 0, 12})
	for i, changed := range []bool{true, false, true} {
		_, gr := goodsLine(sc, l, 1, i)
		diff := 0
		for y := gr.Min.Y; y < gr.Max.Y; y++ {
			for x := gr.Min.X; x < gr.Max.X; x++ {
				if !near(zero.RGBAAt(x, y), some.RGBAAt(x, y), 8) {
					diff++
				}
			}
		}
		if (diff > 10) != changed {
			t.Errorf("%s: %d pixels differ between the counts, want a change %v", engine.Good(i), diff, changed)
		}
	}

	// A base game: shorter rows, no goods.
	base := compactGame(t, engine.Config{Players: []string{"Ann", "Ben", "Cid"}, Seed: 4}, 4, 30)
	bimg := decodePNG(t, func(w io.Writer) error { return r.BoardPNG(w, base) })
	bsc := newScene(base, true)
	bl := layoutBoard(bsc, false)
	if scoreRowH(bsc) != scoreRowD || scoreRowH(sc) <= scoreRowD {
		t.Errorf("rows of %v and %v display pixels, want %d in the base game and more with goods", scoreRowH(bsc), scoreRowH(sc), scoreRowD)
	}
	for i, c := range goods {
		if n := countNear(bimg, bl.panel, c, 4); n > 0 {
			t.Errorf("base game: %d pixels of the colour of %s in the panel", n, engine.Good(i))
		}
	}
}
