package render

import (
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"sync"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// Renderer draws pictures of games in one language, English unless made
// by [Renderer.In]. It keeps the parsed fonts and the tile pictures it has
// drawn (by tile kind, rotation and size), so one Renderer should serve
// the whole program, and the renderers In returns share them. It is safe
// for concurrent use.
type Renderer struct {
	*shared
	lang i18n.Lang
}

// shared is what a Renderer and the renderers of other languages made
// from it hold together: the fonts, the caches and the pools.
type shared struct {
	kits     kitPool
	cache    *cache
	bufs     encoderPool
	canvases canvasPool
	encoder  png.Encoder
}

// New returns a Renderer drawing in English, with the Go fonts parsed and
// empty caches.
func New() *Renderer {
	fonts, err := parseFonts()
	if err != nil {
		// The fonts are compiled in; failing to parse them is a build error.
		panic("render: parsing the Go fonts: " + err.Error())
	}
	s := &shared{kits: kitPool{fonts: fonts}, cache: newCache()}
	s.encoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &s.bufs}
	return &Renderer{shared: s}
}

// In returns a Renderer that draws the words of its pictures in language
// l (issue 34): the side panel ("Zug 64", "16 Karten übrig"), the
// scoreboard of The Messengers and The Robbers, the key of symbols, the
// final table, the previews' captions and spots (the tower's and the
// dragon's previews' too) and the animation's titles, from
// the messages render.… of package i18n (English where l lacks one). It
// shares r's fonts, caches and pools, so it is cheap: make one per
// picture, or keep one per language. The pictures of r.In(i18n.English)
// are those of New's Renderer, pixel for pixel. Players' names, tile
// names and numbers are drawn as they are.
func (r *Renderer) In(l i18n.Lang) *Renderer {
	return &Renderer{shared: r.shared, lang: l}
}

// Lang returns the language r draws in: English for New's Renderer.
func (r *Renderer) Lang() i18n.Lang { return r.lang }

// scene reads game g as newScene does, the words in r's language.
func (r *Renderer) scene(g *engine.Game, withCands bool) *scene {
	sc := newScene(g, withCands)
	sc.lang = r.lang
	return sc
}

// ErrNoDrawnTile is returned by Preview when the game has no drawn tile: it
// is over.
var ErrNoDrawnTile = errors.New("render: the game is over, no tile is drawn")

// Board returns the picture of game g as the players see it during a turn:
// every placed tile, the followers in their players' colours, the last tile
// placed outlined, the cells where the drawn tile fits numbered 1, 2, 3… in
// the order of g.Placements() (one number per cell), coordinates on the
// margins (x along the top, y down the side), and a side panel with the
// drawn tile and the scoreboard (colour, name, points, followers in supply,
// tiles left; with Traders & Builders each player's goods tokens and the
// builder and pig in supply) and under it a key of the symbols and figures
// on the board (the expansions in play's; see the package doc). The
// builder and the pig are drawn in shapes of their own, unlike the
// followers. Completed cities are drawn in gold, open ones in grey stone.
//
// The tile size adapts to the board: MaxTile pixels for small boards, less
// for larger ones so that the picture's longest side stays within MaxSide
// pixels, but never less than MinTile (see HardMaxSide for boards that
// cannot fit). The panel takes 156/520 of the picture's width (at least
// 312 pixels), so that its text keeps its size when Discord shows the
// picture 520 pixels wide.
func (r *Renderer) Board(g *engine.Game) *image.RGBA {
	k := r.kits.get()
	defer r.kits.put(k)
	return r.board(k, r.scene(g, true), false, r.newRGBA).(rgbaCanvas).img
}

// Final returns the picture of the end of game g: the board with every
// figure that stood on it when the game ended (g.FinalFollowers, the large
// follower drawn larger, the builder and the pig of Traders & Builders in
// shapes of their own), and in the side panel the final scoring: a table
// of points by player and source (g.Breakdowns: roads, cities, cloisters,
// farms, and the King and the Robber Baron in games of King & Robber
// Baron), the totals, the winners, the same points as bars, and a chart of
// each player's score after each turn (lines in the players' colours, the
// axes labelled turn and points). For a game
// still running it shows the scores so far. The board takes the top of
// the picture, across its whole width (1040 pixels, shown 520 wide in
// Discord) and at most finalBoardMaxH (600) display pixels tall, with the
// key of what is on it; the scoring is under it, across the same width,
// laid out in display pixels as Board's panel so that its text stays
// legible (see layoutFinal).
func (r *Renderer) Final(g *engine.Game) *image.RGBA {
	k := r.kits.get()
	defer r.kits.put(k)
	return r.board(k, r.scene(g, false), true, r.newRGBA).(rgbaCanvas).img
}

// previewTile is the tile size of a preview, in pixels, and previewReach
// the number of cells shown on each side of the candidate cell.
const (
	previewTile  = 112
	previewReach = 2
)

// Preview returns the picture of one candidate placement p of the drawn
// tile, 632 pixels wide: 5 × 5 cells of 112 pixels around p.Cell (shifted by
// a cell toward the board when that shows more of it), the other tiles
// dimmed, the drawn tile on p.Cell turned by p.Rotation and outlined, and
// the follower spots the current player may use there (g.FollowerSpots)
// labelled engine.SpotLabel(i) on white rounded squares where the follower
// would stand, and listed under the board with their names (Spot.Name).
// When follower is not engine.NoPort, the current player's follower, in
// the player's colour, stands on the spot whose feature holds that port
// (a farmer lies) instead of its label, as it will on the board, and its
// line in the list is marked. It returns ErrNoDrawnTile when the game is
// over, and the engine's *engine.MoveError when p is not a legal placement
// or follower not a legal spot on it.
//
// Preview shows a follower; PreviewFigure shows another kind of figure,
// such as the large follower.
func (r *Renderer) Preview(g *engine.Game, p engine.Placement, follower engine.Port) (*image.RGBA, error) {
	return r.PreviewFigure(g, p, follower, engine.FigureFollower)
}

// PreviewFigure returns the picture of Preview with figure fig of the
// current player standing on port follower: engine.FigureFollower as
// Preview, engine.FigureLarge (Inns & Cathedrals), drawn largeScale (1.4)
// times taller than a follower on the same spot and named "large …" in the
// list of spots, or engine.FigureBuilder or engine.FigurePig (Traders &
// Builders), drawn in shapes of their own (a slim figure with a hard hat;
// a pig) and named "builder – …", "pig – …". The spots labelled and listed
// are those where fig may go: g.FigureSpots for the builder and the pig
// (the roads and cities, or fields, that continue the player's own), the
// follower spots for the others; also when follower is engine.NoPort,
// which shows no figure. It returns Preview's errors, and the engine's
// *engine.MoveError when the game does not play fig, the player has none
// left in the supply, or fig may not stand on that spot (the move Check
// refuses).
func (r *Renderer) PreviewFigure(g *engine.Game, p engine.Placement, follower engine.Port, fig engine.Figure) (*image.RGBA, error) {
	cv, err := r.preview(g, p, follower, fig, nil, nil, r.newRGBA)
	if err != nil {
		return nil, err
	}
	return cv.(rgbaCanvas).img, nil
}

// preview draws PreviewFigure on a canvas from alloc, when mv is not nil
// what PreviewMove shows of mv beyond the figure, and when marks is not nil
// the marks in place of the tile's spots (PreviewMarksPNG).
func (r *Renderer) preview(g *engine.Game, p engine.Placement, follower engine.Port, fig engine.Figure, mv *engine.Move, marks []Mark, alloc func(image.Rectangle) canvas) (canvas, error) {
	t, ok := g.Drawn()
	if !ok {
		return nil, ErrNoDrawnTile
	}
	checked := fig
	if follower == engine.NoPort {
		checked = engine.FigureFollower
	}
	if err := checkFigureStep(g, p, follower, checked); err != nil {
		return nil, err
	}
	k := r.kits.get()
	defer r.kits.put(k)
	sc := r.scene(g, false)
	before := sc.followers // previewMinis changes a copy
	if mv != nil {
		if err := previewMinis(g, sc, t, *mv); err != nil {
			return nil, err
		}
	}
	spots := previewSpots(g, p, fig)
	listed := spots
	if marks != nil {
		// The marks are listed instead of the spots, and of these only
		// the figure chosen is drawn.
		listed = nil
		if i := chosenSpot(spots, follower); i >= 0 {
			spots = spots[i : i+1]
		} else {
			spots = nil
		}
	}
	focus := engine.PlacedTile{Tile: t, Cell: p.Cell, Rotation: p.Rotation}

	const pad = 14
	const captionH = previewCaptionH
	// The window: 5 × 5 cells around the tile placed, or more and smaller
	// ones when what mv moves lies further.
	interest := []engine.Cell{p.Cell}
	if mv != nil {
		if mv.Magic != engine.MagicNone && mv.MagicAt != (engine.Target{}) {
			interest = append(interest, mv.MagicAt.Cell)
		}
		for _, fm := range mv.FerryMoves.All() {
			interest = append(interest, fm.Cell)
		}
		if mv.Gold {
			interest = append(interest, mv.GoldCell)
		}
		switch {
		case mv.Portal:
			interest = append(interest, mv.PortalCell)
		case mv.Fairy:
			interest = append(interest, mv.FairyCell)
		case mv.Princess != (engine.Target{}):
			interest = append(interest, mv.Princess.Cell)
		}
	}
	anchor := p.Cell
	if len(marks) > 0 {
		interest, anchor = markInterest(interest, marks)
	}
	win := coverWindow(sc, anchor, interest)
	tsz, m, n := win.tile, win.margin, win.cols()
	boardW := n*tsz + 2*m
	lineH := 30
	listH := pad + lineH*max(1, len(listed), len(marks)) + pad
	what := ""
	if mv != nil && marks == nil {
		// (With marks, the list is the choices', maybe another player's.)
		if what = movedWords(sc, *mv); what != "" {
			listH += lineH
		}
	}
	img := alloc(image.Rect(0, 0, boardW, captionH+n*tsz+2*m+listH))
	img.fill(img.Bounds(), colTable)

	// Caption: who places which tile where.
	cur := g.Current()
	name := ""
	if cur < len(sc.names) {
		name = sc.names[cur]
	}
	img.fill(image.Rect(0, 0, boardW, captionH), colPanel)
	blit(img, r.meeple(k, sc, cur, 30, false), pad+12, captionH/2)
	cf := k.face(true, 20)
	caption := sc.t("render.preview.caption", map[string]any{"Tile": sc.ts.Name(t), "X": p.Cell.X, "Y": p.Cell.Y, "Degrees": p.Rotation.Degrees()})
	cw := textWidth(cf, caption)
	nf := k.face(true, 18)
	drawTextAt(img, nf, colText, pad+32, captionH/2, alignLeft, shortenName(nf, name, boardW-2*pad-32-cw-12))
	drawTextAt(img, cf, colText, boardW-pad, captionH/2, alignRight, caption)

	bs := boardStyle{coords: true, spots: spots, chosen: follower, figure: fig}
	if win.contains(p.Cell) {
		bs.focus = &focus // unless marks far from it leave it out
	}
	r.drawBoard(img, k, sc, win, bs)
	if mv != nil {
		r.ringMoved(img, k, sc, win, &focus, *mv, before)
	}
	r.drawMarks(img, k, sc, win, focus, marks)

	// The spots, named.
	y := captionH + n*tsz + 2*m + pad
	img.fill(image.Rect(0, y-pad, boardW, img.Bounds().Max.Y), colPanel)
	if what != "" {
		// What the move does away from the tile, chosen, above the
		// tile's spots.
		cy := y + lineH/2
		img.fill(image.Rect(6, cy-lineH/2+1, boardW-6, cy+lineH/2-1), rgba(0xffd54a, 0.14))
		img.fill(image.Rect(6, cy-lineH/2+1, 10, cy+lineH/2-1), colHighlight)
		bf := k.face(true, 17)
		drawTextAt(img, bf, colText, pad+4, cy, alignLeft, fitText(bf, what, boardW-2*pad-4))
		y += lineH
	}
	lf := k.face(false, 17)
	if len(spots) == 0 && marks == nil {
		drawTextAt(img, lf, colTextDim, pad, y+lineH/2, alignLeft, fitText(lf, noSpotsText(sc, fig), boardW-2*pad))
	}
	rad := spotRadius(previewTile)
	badge := r.spotBadge(rad)
	for i, mk := range marks {
		cy := y + i*lineH + lineH/2
		blit(img, badge, pad+rad+2, cy)
		drawSpotLabel(img, k, rad, pad+rad+2, cy, mk.Label)
		drawTextAt(img, lf, colText, pad+2*rad+12, cy, alignLeft, fitText(lf, mk.Text, boardW-3*pad-2*rad))
	}
	pick := chosenSpot(listed, follower)
	for i, s := range listed {
		cy := y + i*lineH + lineH/2
		if i == pick {
			img.fill(image.Rect(6, cy-lineH/2+1, boardW-6, cy+lineH/2-1), rgba(0xffd54a, 0.14))
			img.fill(image.Rect(6, cy-lineH/2+1, 10, cy+lineH/2-1), colHighlight)
			blit(img, r.figure(k, sc, cur, 2*rad+4, s.Kind == engine.Field, fig), pad+rad+2, cy)
			drawTextAt(img, k.face(true, 17), colText, pad+2*rad+12, cy, alignLeft, spotNameIn(sc.lang, s, fig))
			continue
		}
		blit(img, badge, pad+rad+2, cy)
		drawSpotLabel(img, k, rad, pad+rad+2, cy, engine.SpotLabel(i))
		drawTextAt(img, lf, colText, pad+2*rad+12, cy, alignLeft, spotNameIn(sc.lang, s, fig))
	}
	return img, nil
}

// checkFigureStep checks the first steps of a turn of g: the drawn tile
// placed as p, then figure fig on port follower (engine.NoPort: none), with
// the engine's step API, so that the turn's later steps (the dragon's, which
// other players decide) need not be known. Without a figure only the tile
// is checked: the picture shows none, whatever else the turn does (under
// princess=must the princess, not "no figure", may be the only answer).
// It returns the engine's error.
func checkFigureStep(g *engine.Game, p engine.Placement, follower engine.Port, fig engine.Figure) error {
	if follower == engine.NoPort {
		return checkFirstSteps(g, p)
	}
	return checkFirstSteps(g, p, engine.Answer{Step: engine.StepFigure, Port: follower, Figure: fig})
}

// checkFirstSteps checks the first steps of a turn of g with the engine's
// step API: the drawn tile placed as p, then answers as in turn, so that
// the turn's later steps (the dragon's, which other players decide) need
// not be known. Before each answer the steps of another kind (the second
// gold ingot, the mage or witch, the robbers of a tile with a bag), which
// change no figure's place, take their first answer. It returns the
// engine's error: for a tile that ends the turn (a volcano) with answers
// left, the check of the whole move says why.
func checkFirstSteps(g *engine.Game, p engine.Placement, as ...engine.Answer) error {
	c := g.Clone()
	c.Reset()
	tile := engine.Answer{Step: engine.StepTile, Cell: p.Cell, Rotation: p.Rotation}
	done, err := c.Act(tile)
	if err != nil || len(as) == 0 {
		return err
	}
	if done {
		t, _ := g.Drawn()
		return g.Check(engine.MoveOfAnswers(t, append([]engine.Answer{tile}, as...)))
	}
	for _, a := range as {
		for n := 0; n < 64 && c.Pending().Step != a.Step && c.Pending().Step != engine.StepNone; n++ {
			opts := c.Answers()
			if len(opts) == 0 {
				break
			}
			if _, err := c.Act(opts[0]); err != nil {
				return err
			}
		}
		if _, err := c.Act(a); err != nil {
			return err
		}
	}
	return nil
}

// previewSpots returns the spots a preview of placement p lists for figure
// fig: where the current player may deploy the builder or the pig
// (g.FigureSpots), else the follower spots (g.FollowerSpots).
func previewSpots(g *engine.Game, p engine.Placement, fig engine.Figure) []engine.Spot {
	if fig == engine.FigureBuilder || fig == engine.FigurePig {
		return g.FigureSpots(p, fig)
	}
	return g.FollowerSpots(p)
}

// noSpotsText says why a preview lists no spot for figure fig.
func noSpotsText(sc *scene, fig engine.Figure) string {
	g := sc.g
	cur := g.Current()
	switch fig {
	case engine.FigureBuilder:
		if g.SupplyOf(cur, fig) == 0 {
			return sc.t("render.preview.no_builder", nil)
		}
		return sc.t("render.preview.builder_needs", nil)
	case engine.FigurePig:
		if g.SupplyOf(cur, fig) == 0 {
			return sc.t("render.preview.no_pig", nil)
		}
		return sc.t("render.preview.pig_needs", nil)
	}
	if g.Supply(cur) == 0 && g.SupplyOf(cur, engine.FigureLarge) == 0 {
		return sc.t("render.preview.no_follower_left", nil)
	}
	return sc.t("render.preview.no_follower_here", nil)
}

// layout is where the parts of a board picture go, in pixels.
type layout struct {
	win   window
	size  image.Point     // the whole picture
	board image.Rectangle // the board and its margins
	panel image.Rectangle
	u     float64 // picture pixels per display pixel, for the score panel
	st    boardStyle
	// key is set when the score panel shows the key of what the window
	// shows (boardKey); else only the colours of the cities.
	key bool
}

// boardPanelScale returns the scale of the score panel beside a board bw
// pixels wide: the panel takes the share of the picture it takes at
// displayWidth, and is never drawn at less than twice its display size.
func boardPanelScale(bw int) float64 {
	return math.Max(2, float64(bw)/float64(displayWidth-scorePanelD))
}

// finalBoardMaxH is the largest height of the board in the final picture,
// in display pixels (a board taller than wide).
const finalBoardMaxH = 600

// layoutFinal lays out the final picture of sc: the whole board across
// the top, displayWidth display pixels wide at twice that size (1040
// pixels, tiles of up to twice MaxTile), at most finalBoardMaxH display
// pixels tall and so that the picture stays within MaxSide; the final
// table, bars, key and chart under it, across the same width, at scale 2
// so that their text keeps its size on screen.
func layoutFinal(sc *scene) layout {
	lo, hi := sc.bounds()
	cols, rows := hi.X-lo.X+1, hi.Y-lo.Y+1
	u := float64(turnScale)
	w := dpx(displayWidth, u)
	ph := finalPanelHeight(sc, u)
	maxH := max(dpx(120, u), min(dpx(finalBoardMaxH, u), MaxSide-ph))
	tile := func(m int) int { return max(8, min((w-2*m)/cols, (maxH-2*m)/rows, 2*MaxTile)) }
	m := marginFor(tile(marginFor(MaxTile)))
	t := tile(m)
	bw, bh := cols*t+2*m, rows*t+2*m
	return layout{
		win:   window{lo: lo, hi: hi, tile: t, origin: image.Pt((w-bw)/2+m, m), margin: m},
		size:  image.Pt(w, bh+ph),
		board: image.Rect(0, 0, w, bh),
		panel: image.Rect(0, bh, w, bh+ph),
		u:     u,
		st:    boardStyle{coords: true, allSides: cols >= 8 || rows >= 8},
	}
}

// layoutBoard places the whole board on the left and the panel on the
// right (the scoreboard); the final picture when final is set
// (layoutFinal).
func layoutBoard(sc *scene, final bool) layout {
	if final {
		return layoutFinal(sc)
	}
	lo, hi := sc.bounds()
	cols, rows := hi.X-lo.X+1, hi.Y-lo.Y+1
	scale := boardPanelScale
	if final {
		scale = func(bw int) float64 { return finalPanelScale(sc, bw) }
	}
	extra := func(bw int) int { return dpx(scorePanelD, scale(bw)) }
	if final {
		extra = func(bw int) int { return dpx(float64(finalPanelD(sc)), scale(bw)) }
	}
	t := chooseTile(cols, rows, extra)
	m := marginFor(t)
	bw, bh := cols*t+2*m, rows*t+2*m
	u := scale(bw)
	pw, ph := extra(bw), scorePanelHeight(sc, u)
	if final {
		ph = finalPanelHeight(sc, u)
	}
	w, h := bw+pw, max(bh, ph)
	return layout{
		win:   window{lo: lo, hi: hi, tile: t, origin: image.Pt(m, (h-bh)/2+m), margin: m},
		size:  image.Pt(w, h),
		board: image.Rect(0, 0, bw, h),
		panel: image.Rect(bw, 0, w, h),
		u:     u,
		st:    boardStyle{cands: !final, last: !final, coords: true, allSides: cols >= 8 || rows >= 8},
		key:   true,
	}
}

// previewCaptionH is the height of the preview's caption, in pixels.
const previewCaptionH = 50

// previewCorner returns the north-west cell of the preview's window around
// cell c: the 5 × 5 cells that show the most placed tiles while keeping at
// least one cell around c, centred on c when that is as good.
func previewCorner(sc *scene, c engine.Cell) engine.Cell {
	n := 2*previewReach + 1
	best := engine.Cell{X: c.X - previewReach, Y: c.Y - previewReach}
	bestN := -1
	for _, d := range [...]int{0, -1, 1} {
		for _, e := range [...]int{0, -1, 1} {
			lo := engine.Cell{X: c.X - previewReach + d, Y: c.Y - previewReach + e}
			if count := tilesIn(sc, lo, n); count > bestN {
				best, bestN = lo, count
			}
		}
	}
	return best
}

// tilesIn counts the tiles of scene sc on the n × n cells from lo.
func tilesIn(sc *scene, lo engine.Cell, n int) int {
	count := 0
	for y := lo.Y; y < lo.Y+n; y++ {
		for x := lo.X; x < lo.X+n; x++ {
			if _, ok := sc.at[engine.Cell{X: x, Y: y}]; ok {
				count++
			}
		}
	}
	return count
}

// board composes a board picture.
func (r *Renderer) board(k *kit, sc *scene, final bool, alloc func(image.Rectangle) canvas) canvas {
	return r.compose(k, sc, layoutBoard(sc, final), final, alloc)
}

// compose draws the picture of layout l: the board, then the score panel
// with the key of what the window shows when l.key is set (or the final
// table when final is set).
func (r *Renderer) compose(k *kit, sc *scene, l layout, final bool, alloc func(image.Rectangle) canvas) canvas {
	img := alloc(image.Rectangle{Max: l.size})
	// The table around the cells; the cells themselves are all drawn.
	cells := image.Rectangle{Min: l.win.origin, Max: l.win.origin.Add(image.Pt(l.win.cols()*l.win.tile, l.win.rows()*l.win.tile))}
	fillAround(img, l.board, cells, colTable)
	r.drawBoard(img, k, sc, l.win, l.st)
	if final {
		r.drawFinalPanel(img, k, sc, l.panel, l.u)
	} else {
		key := []keyEntry{keyCityClosed, keyCityOpen}
		if l.key {
			key = boardKey(sc, l.win.lo, l.win.hi)
		}
		r.drawScorePanel(img, k, sc, l.panel, l.u, key)
	}
	return img
}

// BoardPNG writes the picture of Board(g) to w as an 8-bit paletted PNG,
// drawn straight in the renderer's fixed palette of 256 colours (the
// colours of the pictures and the shades of their edges and blends): the
// picture Board returns within a few levels of each channel at
// anti-aliased edges. It returns w's error.
func (r *Renderer) BoardPNG(w io.Writer, g *engine.Game) error {
	k := r.kits.get()
	cv := r.board(k, r.scene(g, true), false, r.newPaletted).(palCanvas)
	r.kits.put(k)
	defer r.canvases.put(cv.img)
	return r.encodePaletted(w, cv.img)
}

// FinalPNG writes the picture of Final(g) to w as a PNG, as BoardPNG does.
func (r *Renderer) FinalPNG(w io.Writer, g *engine.Game) error {
	k := r.kits.get()
	cv := r.board(k, r.scene(g, false), true, r.newPaletted).(palCanvas)
	r.kits.put(k)
	defer r.canvases.put(cv.img)
	return r.encodePaletted(w, cv.img)
}

// Turn returns the picture of a turn of game g: the part of the board
// that matters this turn, large enough to read when Discord shows the
// picture displayWidth (520) pixels wide, and the score panel of Board,
// whose key names what the part shown holds.
//
// The part shown holds every cell where the drawn tile fits, numbered as
// Board and Candidates number them, and the tiles placed since the current
// player's last turn (the last tile outlined), with a cell of the board
// around them, and more of the board around that while the tiles stay at
// least turnGoodTile display pixels wide. Coordinates are on the top and
// left margins, every second (or fifth…) one where the cells are too
// small for each.
//
// The picture is drawn at twice its display size, 1040 pixels wide, so
// that it stays sharp when opened. When the cells where the tile fits are
// spread so wide that the tiles would be smaller than turnReadTile (26)
// display pixels (a sprawling board late in the game), the picture shows
// the tiles placed since the current player's last turn and, around them,
// the part of the board with the most cells where the tile fits, at tiles
// of about that size; each cell it leaves out keeps its number, on a disc
// with a pointer in a band beyond the edge of the window nearest the
// cell, beside the cell's row or column, so that every number of the
// bot's menus is in the picture once and no two overlap. A game whose
// tile fits nowhere shows the last tiles placed; a game that is over, the
// whole board.
func (r *Renderer) Turn(g *engine.Game) *image.RGBA {
	k := r.kits.get()
	defer r.kits.put(k)
	sc := r.scene(g, true)
	return r.compose(k, sc, layoutTurn(sc), false, r.newRGBA).(rgbaCanvas).img
}

// TurnPNG writes the picture of Turn(g) to w as a PNG, as BoardPNG does.
// The whole board is BoardPNG.
func (r *Renderer) TurnPNG(w io.Writer, g *engine.Game) error {
	k := r.kits.get()
	sc := r.scene(g, true)
	cv := r.compose(k, sc, layoutTurn(sc), false, r.newPaletted).(palCanvas)
	r.kits.put(k)
	defer r.canvases.put(cv.img)
	return r.encodePaletted(w, cv.img)
}

// PreviewPNG writes the picture of Preview(g, p) to w as a PNG, as
// BoardPNG does, with the current player's follower standing on port follower
// (engine.NoPort: none), or returns Preview's error.
func (r *Renderer) PreviewPNG(w io.Writer, g *engine.Game, p engine.Placement, follower engine.Port) error {
	return r.PreviewFigurePNG(w, g, p, follower, engine.FigureFollower)
}

// PreviewFigurePNG writes the picture of PreviewFigure(g, p, follower,
// fig) to w as a PNG, as BoardPNG does: the current player's figure fig
// (the follower, the large follower, the builder or the pig) standing on
// port follower
// (engine.NoPort: none). It returns PreviewFigure's error or w's.
func (r *Renderer) PreviewFigurePNG(w io.Writer, g *engine.Game, p engine.Placement, follower engine.Port, fig engine.Figure) error {
	cv, err := r.preview(g, p, follower, fig, nil, nil, r.newPaletted)
	if err != nil {
		return err
	}
	img := cv.(palCanvas).img
	defer r.canvases.put(img)
	return r.encodePaletted(w, img)
}

// EncodePNG writes img to w as a PNG. The *PNG methods are faster for the
// pictures this package makes: they draw them in a fixed palette. An
// opaque *image.RGBA (the pictures Board, Final, Turn and Preview return)
// is written as an 8-bit paletted PNG of its 256 most
// used colours, each other colour mapped to the nearest of them: for these
// flat-coloured pictures that is no visible change, about five times faster
// and half the size. Other images are written as they are. The compression
// level is png.BestSpeed, measured to be the best trade of time for size
// here (a 72-tile board, paletted: 9 ms and 111 KB, against 20 ms and 94 KB
// at png.DefaultCompression; true colour took 68 ms); encoder buffers are
// pooled.
func (r *Renderer) EncodePNG(w io.Writer, img image.Image) error {
	if rgba, ok := img.(*image.RGBA); ok {
		q := quantizers.Get().(*quantizer)
		defer quantizers.Put(q)
		if p, ok := q.toPaletted(rgba); ok {
			return r.encoder.Encode(w, p)
		}
	}
	return r.encoder.Encode(w, img)
}

// newRGBA returns a true-colour canvas of bounds b.
func (r *Renderer) newRGBA(b image.Rectangle) canvas {
	return rgbaCanvas{img: image.NewRGBA(b), cache: r.cache}
}

// newPaletted returns a canvas of bounds b in the fixed palette, lent by
// r.canvases: give its image back with r.canvases.put.
func (r *Renderer) newPaletted(b image.Rectangle) canvas {
	p := fixedPalette()
	return palCanvas{img: r.canvases.get(b, p.pal), pal: p, cache: r.cache}
}

// encodePaletted writes img, drawn in the fixed palette, to w as a PNG.
func (r *Renderer) encodePaletted(w io.Writer, img *image.Paletted) error {
	return writePalettedPNG(w, img)
}

// canvasPool lends the pictures that the *PNG methods draw and drop once
// encoded. A lent canvas holds old pixels: the drawing covers every pixel.
type canvasPool struct{ p sync.Pool }

// get returns a paletted canvas of bounds b and palette pal; new, when the
// pool has none large enough.
func (c *canvasPool) get(b image.Rectangle, pal color.Palette) *image.Paletted {
	n := b.Dx() * b.Dy()
	if buf, ok := c.p.Get().(*[]byte); ok {
		if cap(*buf) >= n {
			return &image.Paletted{Pix: (*buf)[:n], Stride: b.Dx(), Rect: b, Palette: pal}
		}
	}
	return image.NewPaletted(b, pal)
}

// put gives a canvas back.
func (c *canvasPool) put(img *image.Paletted) {
	buf := img.Pix[:0]
	c.p.Put(&buf)
}

// encoderPool lends png encoder buffers.
type encoderPool struct{ p sync.Pool }

// Get returns a buffer from the pool, or nil for a new one.
func (e *encoderPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}

// Put returns a buffer to the pool.
func (e *encoderPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }
