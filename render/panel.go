package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"
	"github.com/meeple-works/carcassonne/engine"
)

// The scoreboard panel of the turn and board pictures is laid out in
// display pixels: the pixels of the picture as Discord shows it, about
// displayWidth wide. A picture drawn u times larger than that scales them
// by u, so that the text keeps its size on the screen however large the
// board makes the picture.
const (
	displayWidth = 520 // how wide Discord shows an embed's picture
	scorePanelD  = 156 // the panel's width
	scorePadD    = 8
	scoreTitleD  = 26 // the title line
	scoreTileD   = 58 // the drawn tile
	scoreRowD    = 25 // a player's row
	scoreLegendD = 32 // the two lines of the legend
	scoreGoodsD  = 15 // the line of goods under a player's row (Traders & Builders)
	goodsIconD   = 13 // a good's icon on that line
	goodsStepD   = 27 // from one good to the next on that line
)

// scoreRowH returns the height of a player's row of sc's scoreboard, in
// display pixels: a line, and a second for the goods and the builder and
// the pig when Traders & Builders is in play.
func scoreRowH(sc *scene) float64 {
	h := float64(scoreRowD)
	if sc.traders {
		h += scoreGoodsD
	}
	if sc.tower {
		h += scoreGoodsD
	}
	if sc.gold {
		h += scoreGoodsD
	}
	return h
}

// dpx returns d display pixels at scale u, in picture pixels.
func dpx(d, u float64) int { return int(math.Round(d * u)) }

// scorePanelHeight returns the height, in picture pixels, of the
// scoreboard panel of sc at scale u, the room kept for the key included
// (keyReserveD).
func scorePanelHeight(sc *scene, u float64) int {
	d := 2*scorePadD + scoreTitleD + scoreRowH(sc)*float64(len(sc.names)) + 8 + keyReserveD(sc) + trackD(sc)
	if !sc.g.Ended() {
		d += scoreTileD + 12
	}
	return dpx(d, u)
}

// drawScorePanel draws the side panel of a turn or board picture in rect,
// at scale u (picture pixels per display pixel): the turn and the tiles
// left, the drawn tile and who plays it, and for each player in seat order
// the colour and initial, the name, the King's crown and the Robber
// Baron's mask by their holders (King & Robber Baron), the points and the
// followers in supply ("+L" while the large follower is in supply too);
// with Traders & Builders, a second line under each player: their goods
// tokens (the wine, grain and cloth symbols of the tiles, each with its
// count) and, at the right end under the supply, the player's builder and
// pig while they are in the supply; with The Tower, a line under each
// player (under the goods' line if any): the tower pieces in their supply
// and the prisoners they hold (drawTowerLine); with The Gold Mines, a line
// under those: the gold ingots they hold and their end bonus
// (drawGoldLine); under the rows, with The Messengers or The Robbers,
// the scoreboard (drawTrack); at the bottom, the key: entries of
// key, each an icon and a word or two, in one column or two, as many as
// the room left holds (placeKey). It is laid out to stay legible when
// the picture is shown displayWidth pixels wide: few words, large figures.
func (r *Renderer) drawScorePanel(dst canvas, k *kit, sc *scene, rect image.Rectangle, u float64, key []keyEntry) {
	dst.fill(rect, colPanel)
	dst.fill(image.Rect(rect.Min.X, rect.Min.Y, rect.Min.X+max(1, dpx(1, u)), rect.Max.Y), colPanelLine)
	g := sc.g
	d := func(v float64) int { return dpx(v, u) }
	x0, x1 := rect.Min.X+d(scorePadD+2), rect.Max.X-d(scorePadD)
	y := rect.Min.Y + d(scorePadD)

	turn := g.Turn()
	if sc.played > 0 {
		turn = sc.played
	}
	title := sc.t("render.panel.turn", map[string]any{"Turn": turn})
	if g.Ended() {
		title = sc.t("render.panel.game_over", nil)
	}
	tf := k.face(true, d(17))
	drawTextAt(dst, tf, colText, x0, y+d(scoreTitleD/2), alignLeft, title)
	lf := k.face(false, d(12))
	room := x1 - x0 - textWidth(tf, title) - d(6)
	left := sc.n("render.panel.tiles_left", g.TilesLeft(), nil)
	if textWidth(lf, left) > room {
		left = fitText(lf, sc.n("render.panel.left", g.TilesLeft(), nil), max(0, room))
	}
	drawTextAt(dst, lf, colTextDim, x1, y+d(scoreTitleD/2), alignRight, left)
	y += d(scoreTitleD)

	if t, ok := g.Drawn(); ok && !g.Ended() {
		ts := d(scoreTileD)
		tr := image.Rect(x0, y, x0+ts, y+ts)
		if int(t) <= sc.ts.Len() && t != engine.NoTile {
			dst.tile(tr, sc.ts, t, engine.Rotate0, 0)
		}
		fw := max(2, d(1.5))
		frame(dst, tr.Inset(-fw), fw, colPanelLine)
		tx := tr.Max.X + d(9)
		drawTextAt(dst, k.face(true, d(26)), colText, tx, y+d(12), alignLeft, sc.ts.Name(t))
		cur := g.Current()
		mh := d(17)
		cy := y + d(35)
		blit(dst, r.meeple(k, sc, cur, mh, false), tx+mh/2, cy)
		name := ""
		if cur < len(sc.names) {
			name = sc.names[cur]
		}
		nf := k.face(true, d(13))
		drawTextAt(dst, nf, colText, tx+mh+d(3), cy, alignLeft, shortenName(nf, name, x1-(tx+mh+d(3))))
		fits := sc.t("render.panel.fits_nowhere", nil)
		if n := len(sc.cands); n > 0 {
			fits = sc.n("render.panel.cells", n, nil)
		}
		drawTextAt(dst, lf, colTextDim, tx, y+d(52), alignLeft, fitText(lf, fits, x1-tx))
		y += ts + d(12)
	}

	// The scoreboard: a thin line, then one row per player.
	dst.fill(image.Rect(x0, y, x1, y+max(1, d(1))), colPanelLine)
	y = scoreRowsTop(sc, rect, u)
	scores := g.Scores()
	rh := d(scoreRowH(sc))
	pf := k.face(true, d(16))
	sf := k.face(false, d(12))
	supplyX := x1 - d(20) // the right end of the points
	if sc.large {
		supplyX = x1 - d(34) // room for "×7+L"
	}
	// The room of each name, left of the tokens and the points, then the
	// names fitted to it all at once, so that they stay told apart.
	mh := d(19)
	nameX := x0 + mh + d(4)
	widths := make([]int, len(sc.names))
	for p := range sc.names {
		nameEnd := supplyX - d(30)
		if tks := r.titleTokens(sc, p, d(tokenD)); len(tks) > 0 && p < len(scores) {
			nameEnd = supplyX - d(8) - textWidth(pf, strconv.Itoa(scores[p])) - len(tks)*d(tokenD+2)
		}
		widths[p] = nameEnd - nameX
	}
	fitted := fitNames(k, d(13), d(10), sc.names, widths)
	for p := range sc.names {
		row := image.Rect(rect.Min.X+d(3), y+d(1), rect.Max.X-d(3), y+rh-d(1))
		if p == g.Current() && !g.Ended() {
			dst.fill(row, rgba(0xffd54a, 0.16))
			dst.fill(image.Rect(row.Min.X, row.Min.Y, row.Min.X+d(2.5), row.Max.Y), colHighlight)
		}
		cy := y + d(scoreRowD)/2
		blit(dst, r.meeple(k, sc, p, mh, false), x0+mh/2, cy)
		gone := g.Resigned(p)
		col := colText
		if gone {
			col = colTextDim
		}
		pts := ""
		if p < len(scores) {
			pts = strconv.Itoa(scores[p])
		}
		// The King's and the Robber Baron's tokens, left of the points.
		if tks := r.titleTokens(sc, p, d(tokenD)); len(tks) > 0 {
			nameEnd := nameX + widths[p]
			for i, tk := range tks {
				blit(dst, tk, nameEnd+d(2)+i*d(tokenD+2)+d(tokenD)/2, cy)
			}
		}
		drawTextAt(dst, fitted[p].face, col, nameX, cy, alignLeft, fitted[p].text)
		drawTextAt(dst, pf, col, supplyX-d(4), cy, alignRight, pts)
		if gone {
			out := sc.t("render.panel.resigned", nil)
			drawTextAt(dst, fitFace(k, false, d(12), d(8), out, x1-supplyX+d(1)), colTextDim, x1, cy, alignRight, out)
		} else {
			drawTextAt(dst, sf, colTextDim, x1, cy, alignRight, supplyText(sc, p))
		}
		ly := y + d(scoreRowD) + d(scoreGoodsD)/2 - d(3)
		if sc.traders {
			r.drawGoodsLine(dst, k, sc, p, nameX, x1, ly, u)
			ly += d(scoreGoodsD)
		}
		if sc.tower {
			r.drawTowerLine(dst, k, sc, p, nameX, x1, ly, u)
			ly += d(scoreGoodsD)
		}
		if sc.gold {
			r.drawGoldLine(dst, k, sc, p, nameX, x1, ly, u)
		}
		y += rh
	}
	// The scoreboard of The Messengers and The Robbers, under the rows.
	r.drawTrack(dst, k, sc, x0, x1, y, u)
	// The key, in the room under the rows.
	r.drawKey(dst, k, sc, r.scoreKeyItems(k, sc, rect, u, key), u)
}

// scoreKeyArea returns where the key of the side panel of sc in rect at
// scale u may go: across the panel inside its padding, from the end of
// the players' rows down to the bottom padding.
func scoreKeyArea(sc *scene, rect image.Rectangle, u float64) image.Rectangle {
	rowsEnd := scoreRowsTop(sc, rect, u) + len(sc.names)*dpx(scoreRowH(sc), u) + dpx(trackD(sc), u)
	return image.Rect(rect.Min.X+dpx(scorePadD+2, u), rowsEnd, rect.Max.X-dpx(scorePadD, u), rect.Max.Y-dpx(scorePadD, u))
}

// scoreKeyItems lays out the entries key of the key of the side panel of
// sc in rect at scale u: in scoreKeyArea, in one column or two (placeKey).
func (r *Renderer) scoreKeyItems(k *kit, sc *scene, rect image.Rectangle, u float64, key []keyEntry) []keyItem {
	return r.keyItems(k, sc.lang, key, scoreKeyArea(sc, rect, u), 2, u)
}

// scoreRowsTop returns the y of the first player's row of the scoreboard
// panel of sc in rect at scale u, in pixels.
func scoreRowsTop(sc *scene, rect image.Rectangle, u float64) int {
	d := func(v float64) int { return dpx(v, u) }
	y := rect.Min.Y + d(scorePadD) + d(scoreTitleD)
	if _, ok := sc.g.Drawn(); ok && !sc.g.Ended() {
		y += d(scoreTileD) + d(12)
	}
	return y + d(4)
}

// tokenD is the width of the King's and the Robber Baron's tokens in the
// scoreboard, in display pixels.
const tokenD = 13

// titleTokens returns the tokens player p holds, w pixels wide: the King's
// crown, then the Robber Baron's mask (King & Robber Baron); none in a
// game without the expansion.
func (r *Renderer) titleTokens(sc *scene, p, w int) []*image.RGBA {
	if !sc.kingAndRobber {
		return nil
	}
	var out []*image.RGBA
	if sc.king == p {
		out = append(out, r.cache.sprite(spriteKey{kind: spriteCrown, size: w}, func() *image.RGBA { return drawCrown(w) }))
	}
	if sc.baron == p {
		out = append(out, r.cache.sprite(spriteKey{kind: spriteMask, size: w}, func() *image.RGBA { return drawMask(w) }))
	}
	return out
}

// drawGoodsLine draws player p's second line of the scoreboard of a game
// of Traders & Builders, centred on y from x0 to x1 at scale u: the goods
// tokens p holds (sc.goods), each good's symbol followed by its count (dim
// when none), then at x1 the builder and the pig in p's colour while they
// are in p's supply.
func (r *Renderer) drawGoodsLine(dst canvas, k *kit, sc *scene, p, x0, x1, y int, u float64) {
	d := func(v float64) int { return dpx(v, u) }
	var goods [engine.NumGoods]int
	if p < len(sc.goods) {
		goods = sc.goods[p]
	}
	cf := k.face(true, d(12))
	for i, n := range goods {
		x := x0 + i*d(goodsStepD)
		blit(dst, r.goodIcon(engine.Good(i), d(goodsIconD)), x+d(goodsIconD)/2, y)
		col := colText
		if n == 0 {
			col = colTextDim
		}
		drawTextAt(dst, cf, col, x+d(goodsIconD)+d(2), y, alignLeft, strconv.Itoa(n))
	}
	x := x1
	for _, fig := range [...]engine.Figure{engine.FigurePig, engine.FigureBuilder} {
		if sc.g.SupplyOf(p, fig) == 0 {
			continue
		}
		h := d(14)
		sp := r.figure(k, sc, p, h, false, fig)
		blit(dst, sp, x-h/2, y)
		x -= h + d(3)
	}
}

// goodIcon returns good g's symbol as the tiles show it, w pixels wide.
func (r *Renderer) goodIcon(g engine.Good, w int) *image.RGBA {
	return r.cache.sprite(spriteKey{kind: spriteGood, size: w, player: int(g)}, func() *image.RGBA {
		n := w + 4
		dc := gg.NewContext(n, n)
		drawSymbol(dc, g.Marker(), 1, 0, pt{float64(n) / 2, float64(n) / 2}, float64(w)/2/1.05-0.5)
		return dc.Image().(*image.RGBA)
	})
}

// supplyText returns what the scoreboard says of player p's supply: "×7",
// the followers; with Inns & Cathedrals "×7+L" while the large follower is
// in the supply too.
func supplyText(sc *scene, p int) string {
	s := "×" + strconv.Itoa(sc.g.Supply(p))
	if sc.large && sc.g.SupplyOf(p, engine.FigureLarge) > 0 {
		s += sc.t("render.panel.large_in_supply", nil)
	}
	return s
}

// The final panel is laid out in display pixels too (see displayWidth),
// so that the table stays legible when Discord shows the final picture
// 520 pixels wide: it takes finalPanelD(sc) of those pixels.
const (
	finalPadD    = 10
	finalTitleD  = 24 // "Final scores"
	finalWinnerD = 20
	finalHeadD   = 20 // the columns' icons
	finalRowD    = 24 // a player's row
	finalPlayerD = 84 // the player's column: follower and name
	finalColD    = 27 // a column of points
	finalTotalD  = 34 // the total
	finalChartD  = 18 // the bar chart's title
	finalBarD    = 13 // a bar
	finalKeyD    = 16 // a line of the bar chart's key
	finalKeyCols = 3  // items a line of the key
)

// scoreSource is a column of the final table: a source of points.
type scoreSource struct {
	title string // the word in the key
	bar   color.RGBA
	icon  uint8 // spriteCrown or spriteMask for the titles, spriteGoodsChip for the goods, spriteIngots for the gold; 0: a chip of colour bar
	value func(engine.Breakdown) int
	// stripes, when set, are drawn across the bars and the chip instead of
	// bar, top to bottom, in equal shares.
	stripes []color.RGBA
}

// featureSources are the columns every game has, in the order of
// engine.Breakdown's fields.
var featureSources = []scoreSource{
	{"roads", colRoad, 0, func(b engine.Breakdown) int { return b.Roads }, nil},
	{"cities", colCityClosed, 0, func(b engine.Breakdown) int { return b.Cities }, nil},
	{"cloisters", colChurchRoof, 0, func(b engine.Breakdown) int { return b.Cloisters }, nil},
	{"farms", colGrass, 0, func(b engine.Breakdown) int { return b.Farms }, nil},
}

// titleSources are the columns of King & Robber Baron.
var titleSources = []scoreSource{
	{"King", colCrown, spriteCrown, func(b engine.Breakdown) int { return b.King }, nil},
	{"Robber Baron", colMask, spriteMask, func(b engine.Breakdown) int { return b.RobberBaron }, nil},
}

// goodsSource is the column of the goods majorities of Traders & Builders
// (engine.Breakdown.Goods), striped in the colours of wine, grain and
// cloth.
var goodsSource = scoreSource{"goods", colCloth, spriteGoodsChip, func(b engine.Breakdown) int { return b.Goods },
	[]color.RGBA{colWine, colGrain, colCloth}}

// ransomSource is the column of The Tower's ransoms
// (engine.Breakdown.Ransoms): points received less points paid, in the
// colour of the towers' stone.
var ransomSource = scoreSource{"ransoms", colStone, 0, func(b engine.Breakdown) int { return b.Ransoms }, nil}

// fairySource is the column of the fairy's points of The Princess & the
// Dragon (engine.Breakdown.Fairy), in the colour of the fairy's dress.
var fairySource = scoreSource{"fairy", colFairy, 0, func(b engine.Breakdown) int { return b.Fairy }, nil}

// goldSource is the column of the gold ingots' end bonus of The Gold Mines
// (engine.Breakdown.Gold), in the ingots' colour, headed by an ingot.
var goldSource = scoreSource{"gold", colGold, spriteIngots, func(b engine.Breakdown) int { return b.Gold }, nil}

// finalSources returns the columns of sc's final table: roads, cities,
// cloisters and farms (with the pigs' points), the King and the Robber
// Baron when King & Robber Baron is in play, the goods when Traders &
// Builders is, the ransoms when The Tower is, the fairy's points when The
// Princess & the Dragon is, the gold when The Gold Mines is, and the
// messages' points and the robbers' loot when The Messengers and The
// Robbers are (boardSources).
func finalSources(sc *scene) []scoreSource {
	if !sc.kingAndRobber && !sc.traders && !sc.tower && !sc.pd.on && !sc.gold && !sc.board.messengers && !sc.board.robbers {
		return featureSources
	}
	out := append([]scoreSource(nil), featureSources...)
	if sc.kingAndRobber {
		out = append(out, titleSources...)
	}
	if sc.traders {
		out = append(out, goodsSource)
	}
	if sc.tower {
		out = append(out, ransomSource)
	}
	if sc.pd.on {
		out = append(out, fairySource)
	}
	if sc.gold {
		out = append(out, goldSource)
	}
	return append(out, boardSources(sc)...)
}

// fillStripes fills r with colours cs in horizontal stripes of equal
// height, top to bottom.
func fillStripes(dst canvas, r image.Rectangle, cs []color.RGBA) {
	h := r.Dy()
	for i, c := range cs {
		dst.fill(image.Rect(r.Min.X, r.Min.Y+i*h/len(cs), r.Max.X, r.Min.Y+(i+1)*h/len(cs)), c)
	}
}

// finalPanelD returns the width of sc's final panel in display pixels:
// room for the players' names, a column per source of points and the
// totals.
func finalPanelD(sc *scene) int {
	return 2*finalPadD + finalPlayerD + finalColD*len(finalSources(sc)) + finalTotalD
}

// finalPanelScale returns the scale of the final panel beside a board bw
// pixels wide: the share of the picture it takes at displayWidth, and
// never less than twice its display size.
func finalPanelScale(sc *scene, bw int) float64 {
	return math.Max(2, float64(bw)/float64(displayWidth-finalPanelD(sc)))
}

// finalKeyLines returns the number of lines of the bar chart's key.
func finalKeyLines(sc *scene) int {
	return (len(finalSources(sc)) + finalKeyCols - 1) / finalKeyCols
}

// finalPanelHeight returns the height, in picture pixels, the final panel
// of sc needs at scale u.
func finalPanelHeight(sc *scene, u float64) int {
	n := len(sc.names)
	d := 2*finalPadD + finalTitleD + finalWinnerD + finalHeadD + finalRowD*n +
		8 + finalChartD + finalBarD*n + finalKeyD*finalKeyLines(sc) +
		8 + finalLineTitleD + finalLineD + 8 + keyLineD*finalKeyRows(sc)
	return dpx(float64(d), u)
}

// finalBoardKeyCols is the number of columns of the key of the board under
// the final scoring.
const finalBoardKeyCols = 3

// finalKey returns the entries of the key of the final picture of sc: what
// is on the whole board (boardKey).
func finalKey(sc *scene) []keyEntry {
	lo, hi := sc.bounds()
	return boardKey(sc, lo, hi)
}

// finalKeyRows returns the number of lines of the key under the final
// scoring: its entries in finalBoardKeyCols columns.
func finalKeyRows(sc *scene) int {
	return (len(finalKey(sc)) + finalBoardKeyCols - 1) / finalBoardKeyCols
}

// finalRowsTop returns the y of the first row of the final table in rect at
// scale u, in pixels.
func finalRowsTop(rect image.Rectangle, u float64) int {
	return rect.Min.Y + dpx(finalPadD+finalTitleD+finalWinnerD+finalHeadD, u)
}

// finalColumnX returns the x of the centre of column c (of n) of the final
// table in rect at scale u; c == n is the totals' right edge.
func finalColumnX(rect image.Rectangle, u float64, c, n int) int {
	right := rect.Max.X - dpx(finalPadD, u)
	if c == n {
		return right
	}
	return right - dpx(finalTotalD, u) - dpx(float64(finalColD)*(float64(n-c)-0.5), u)
}

// sourceIcon returns the icon of column s, w pixels wide: the crown, the
// mask, a gold ingot, or a chip of the column's colour as in the bars.
func (r *Renderer) sourceIcon(s scoreSource, w int) *image.RGBA {
	switch s.icon {
	case spriteCrown:
		return r.cache.sprite(spriteKey{kind: spriteCrown, size: w}, func() *image.RGBA { return drawCrown(w) })
	case spriteMask:
		return r.cache.sprite(spriteKey{kind: spriteMask, size: w}, func() *image.RGBA { return drawMask(w) })
	case spriteIngots:
		return r.ingotIcon(w)
	}
	kind := spriteChip
	if len(s.stripes) > 0 {
		kind = spriteGoodsChip
	}
	return r.cache.sprite(spriteKey{kind: kind, size: w, fill: s.bar}, func() *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, w, w))
		fillRect(img, img.Rect, colWall)
		in := img.Rect.Inset(max(1, w/8))
		if len(s.stripes) > 0 {
			fillStripes(rgbaCanvas{img: img}, in, s.stripes)
		} else {
			fillRect(img, in, s.bar)
		}
		return img
	})
}

// drawFinalPanel draws the final scoring in rect at scale u (picture pixels
// per display pixel): the title, the winners (g.Winners), and a table of
// points by player and source (engine.Breakdown: roads, cities, cloisters,
// farms, the King and the Robber Baron in games of King & Robber Baron,
// the goods in games of Traders & Builders), each column headed by its colour or token, with the totals, the
// players in the order of g.Standings (the highest score first, ties in
// seat order); then the same points as bars, a key naming the columns, a
// chart of each player's score over the turns (drawScoreChart), and the
// key of what is on the board (finalKey: the symbols and figures of the
// expansions in play, the colours of the cities) in three columns.
func (r *Renderer) drawFinalPanel(dst canvas, k *kit, sc *scene, rect image.Rectangle, u float64) {
	d := func(v float64) int { return dpx(v, u) }
	dst.fill(rect, colPanel)
	dst.fill(image.Rect(rect.Min.X, rect.Min.Y, rect.Min.X+max(1, d(1)), rect.Max.Y), colPanelLine)
	g := sc.g
	x0, x1 := rect.Min.X+d(finalPadD), rect.Max.X-d(finalPadD)
	y := rect.Min.Y + d(finalPadD)
	title := sc.t("render.final.title", nil)
	if !g.Ended() {
		title = sc.t("render.final.so_far", nil)
	}
	drawTextAt(dst, k.face(true, d(17)), colText, x0, y+d(finalTitleD/2), alignLeft, title)
	drawTextAt(dst, k.face(false, d(11)), colTextDim, x1, y+d(finalTitleD/2), alignRight, sc.t("render.final.after_turn", map[string]any{"Turn": g.Turn() - 1}))
	y += d(finalTitleD)

	n := len(sc.names)
	srcs := finalSources(sc)
	bd := g.Breakdowns()
	val := func(p, c int) int {
		if p < len(bd) {
			return srcs[c].value(bd[p])
		}
		return 0
	}
	scores := g.Scores()
	won, _ := g.Winners()
	isWinner := make([]bool, n)
	var winners []string
	for _, p := range won {
		if p >= 0 && p < n {
			isWinner[p] = true
			winners = append(winners, sc.names[p])
		}
	}
	// The players from the highest score to the lowest, ties in seat
	// order, as the bot's final table lists them.
	var order []int
	for _, p := range g.Standings() {
		if p >= 0 && p < n {
			order = append(order, p)
		}
	}
	wf := k.face(true, d(13))
	if len(winners) > 0 && g.Ended() {
		line := sc.n("render.final.winners", len(winners), map[string]any{"Names": joinNamesIn(sc.lang, winners)})
		drawTextAt(dst, wf, colHighlight, x0, y+d(finalWinnerD/2), alignLeft, fitText(wf, line, x1-x0))
	}
	y += d(finalWinnerD)

	// The columns' heads: each source's colour or token, and "total".
	hy := y + d(finalHeadD/2)
	hf := k.face(false, d(10))
	iw := d(13)
	for c, s := range srcs {
		blit(dst, r.sourceIcon(s, iw), finalColumnX(rect, u, c, len(srcs)), hy)
	}
	total := sc.t("render.final.total", nil)
	drawTextAt(dst, fitFace(k, false, d(10), d(8), total, d(finalTotalD)), colTextDim, x1, hy, alignRight, total)
	y = finalRowsTop(rect, u)

	rh := d(finalRowD)
	vf := k.face(false, d(12))
	tf := k.face(true, d(14))
	nameX := x0 + d(20)
	nameRoom := finalColumnX(rect, u, 0, len(srcs)) - d(finalColD/2) - nameX - d(2)
	widths := make([]int, n)
	for p := range widths {
		widths[p] = nameRoom
	}
	fitted := fitNames(k, d(12), d(10), sc.names, widths)
	for i, p := range order {
		row := image.Rect(rect.Min.X+d(3), y+d(1), rect.Max.X-d(3), y+rh-d(1))
		if isWinner[p] && g.Ended() {
			dst.fill(row, rgba(0xffd54a, 0.14))
			dst.fill(image.Rect(row.Min.X, row.Min.Y, row.Min.X+d(2.5), row.Max.Y), colHighlight)
		} else if i%2 == 1 {
			dst.fill(row, rgba(0xffffff, 0.03))
		}
		cy := y + rh/2
		blit(dst, r.meeple(k, sc, p, d(17), false), x0+d(8), cy)
		drawTextAt(dst, fitted[p].face, colText, nameX, cy, alignLeft, fitted[p].text)
		for c := range srcs {
			v := val(p, c)
			col := colText
			if v == 0 {
				col = colTextDim
			}
			drawTextAt(dst, vf, col, finalColumnX(rect, u, c, len(srcs)), cy, alignCentre, strconv.Itoa(v))
		}
		if p < len(scores) {
			drawTextAt(dst, tf, colText, x1, cy, alignRight, strconv.Itoa(scores[p]))
		}
		y += rh
	}

	// The same points as bars, one segment per source.
	y += d(8)
	drawTextAt(dst, hf, colTextDim, x0, y+d(finalChartD/2), alignLeft, fitText(hf, sc.t("render.final.by_source", nil), x1-x0))
	y += d(finalChartD)
	most := 1
	for _, p := range order {
		sum := 0
		for c := range srcs {
			sum += max(val(p, c), 0)
		}
		most = max(most, sum)
	}
	barX := x0 + d(18)
	barW := x1 - barX
	bh := d(4)
	for _, p := range order {
		cy := y + d(finalBarD)/2
		blit(dst, r.meeple(k, sc, p, d(11), false), x0+d(6), cy)
		x := barX
		for c, s := range srcs {
			w := max(val(p, c), 0) * barW / most
			if w > 0 && len(s.stripes) > 0 {
				fillStripes(dst, image.Rect(x, cy-bh, x+w, cy+bh), s.stripes)
				dst.fill(image.Rect(x+w-max(1, d(0.5)), cy-bh, x+w, cy+bh), colPanel)
			} else if w > 0 {
				dst.fill(image.Rect(x, cy-bh, x+w, cy+bh), s.bar)
				dst.fill(image.Rect(x+w-max(1, d(0.5)), cy-bh, x+w, cy+bh), colPanel)
			}
			x += w
		}
		y += d(finalBarD)
	}
	kf := k.face(false, d(11))
	kw := (x1 - x0) / finalKeyCols
	for c, s := range srcs {
		kx := x0 + (c%finalKeyCols)*kw
		ky := y + (c/finalKeyCols)*d(finalKeyD) + d(finalKeyD/2)
		blit(dst, r.sourceIcon(s, d(11)), kx+d(11)/2, ky)
		drawTextAt(dst, kf, colTextDim, kx+d(15), ky, alignLeft, fitText(kf, sc.t(sourceID(s), nil), kw-d(17)))
	}
	y += finalKeyLines(sc) * d(finalKeyD)
	r.drawScoreChart(dst, k, sc, image.Rect(x0, y+d(8), x1, y+d(8+finalLineTitleD+finalLineD)), u)
	y += d(8 + finalLineTitleD + finalLineD)
	r.drawKey(dst, k, sc, r.finalKeyItems(k, sc, rect, u), u)
}

// finalKeyArea returns where the key of the final panel of sc in rect at
// scale u goes: across the panel inside its padding, under the chart of
// the scores over the turns.
func finalKeyArea(sc *scene, rect image.Rectangle, u float64) image.Rectangle {
	n := len(sc.names)
	top := finalRowsTop(rect, u) + n*dpx(finalRowD, u) +
		dpx(8, u) + dpx(finalChartD, u) + n*dpx(finalBarD, u) + finalKeyLines(sc)*dpx(finalKeyD, u) +
		dpx(8+finalLineTitleD+finalLineD, u)
	return image.Rect(rect.Min.X+dpx(finalPadD, u), top+dpx(4, u), rect.Max.X-dpx(finalPadD, u), rect.Max.Y-dpx(finalPadD, u))
}

// finalKeyItems lays out the key of the final panel of sc in rect at
// scale u (finalKey) in finalBoardKeyCols columns.
func (r *Renderer) finalKeyItems(k *kit, sc *scene, rect image.Rectangle, u float64) []keyItem {
	return r.keyItems(k, sc.lang, finalKey(sc), finalKeyArea(sc, rect, u), finalBoardKeyCols, u)
}

// The chart of the scores over the turns under the final table, in
// display pixels.
const (
	finalLineTitleD = 18 // its title
	finalLineD      = 96 // the chart, its axes' labels included
)

// scoreHistory returns each player's score after each turn of g, from
// turn 0 (before the first, all 0) to the last turn played, out of
// g.Events (a feature scored during the game counts on its turn, the final
// scoring on the last turn); the last points are g.Scores.
func scoreHistory(g *engine.Game) [][]int {
	scores := g.Scores()
	last := max(g.Turn()-1, 0)
	evs := g.Events()
	for _, e := range evs {
		last = max(last, e.Turn)
	}
	add := make([][]int, len(scores))
	for p := range add {
		add[p] = make([]int, last+1)
	}
	for _, e := range evs {
		if e.Player >= 0 && e.Player < len(scores) && e.Turn >= 0 {
			add[e.Player][e.Turn] += e.Points
		}
	}
	for p, row := range add {
		for t := 1; t <= last; t++ {
			row[t] += row[t-1]
		}
		// Points no event accounts for count at the end.
		row[last] += scores[p] - row[last]
	}
	return add
}

// drawScoreChart draws in rect, at scale u, the title "POINTS BY TURN" and
// a line per player of the score after each turn (scoreHistory), in the
// player's colour over a pale halo so that the darkest colours show on
// the panel, the leaders' lines on top, with the axes labelled: turn along the bottom (0 and the last
// turn), points up the left side (0 and the highest score).
func (r *Renderer) drawScoreChart(dst canvas, k *kit, sc *scene, rect image.Rectangle, u float64) {
	d := func(v float64) int { return dpx(v, u) }
	hf := k.face(false, d(10))
	drawTextAt(dst, hf, colTextDim, rect.Min.X, rect.Min.Y+d(finalLineTitleD/2), alignLeft, fitText(hf, sc.t("render.final.by_turn", nil), rect.Dx()))
	hist := scoreHistory(sc.g)
	turns, most := 1, 1
	for _, row := range hist {
		turns = max(turns, len(row)-1)
		for _, v := range row {
			most = max(most, v)
		}
	}
	lf := k.face(false, d(9))
	top := strconv.Itoa(most)
	// The plot: right of the points' labels, above the turns'.
	plot := image.Rect(rect.Min.X+textWidth(lf, top)+d(4), rect.Min.Y+d(finalLineTitleD+4), rect.Max.X-d(2), rect.Max.Y-d(13))
	if plot.Dx() < 4 || plot.Dy() < 4 {
		return
	}
	lw := max(1, d(1))
	dst.fill(image.Rect(plot.Min.X, plot.Min.Y, plot.Min.X+lw, plot.Max.Y), colPanelLine)
	dst.fill(image.Rect(plot.Min.X, plot.Max.Y-lw, plot.Max.X, plot.Max.Y), colPanelLine)
	drawTextAt(dst, lf, colTextDim, plot.Min.X-d(3), plot.Min.Y, alignRight, top)
	drawTextAt(dst, lf, colTextDim, plot.Min.X-d(3), plot.Max.Y-lw, alignRight, "0")
	drawTextAt(dst, lf, colTextDim, plot.Min.X+d(8), plot.Min.Y, alignLeft, sc.t("render.final.axis_points", nil))
	by := plot.Max.Y + d(7)
	drawTextAt(dst, lf, colTextDim, plot.Min.X, by, alignCentre, "0")
	drawTextAt(dst, lf, colTextDim, plot.Max.X, by, alignRight, strconv.Itoa(turns))
	drawTextAt(dst, lf, colTextDim, (plot.Min.X+plot.Max.X)/2, by, alignCentre, sc.t("render.final.axis_turn", nil))

	// The lines, drawn once with gg and blended over the panel.
	w, h := plot.Dx(), plot.Dy()
	pad := float64(d(2))
	dc := gg.NewContext(w+2*int(pad), h+2*int(pad))
	xy := func(t, v int) (float64, float64) {
		return pad + float64(t)*float64(w-1)/float64(turns), pad + float64(h-1) - float64(v)*float64(h-1)/float64(most)
	}
	dc.SetLineJoin(gg.LineJoinRound)
	dc.SetLineCap(gg.LineCapRound)
	// The lowest final score first, so that the leaders' lines are on top
	// (g.Standings, reversed); each line over its own halo.
	order := sc.g.Standings()
	for i := len(order) - 1; i >= 0; i-- {
		p := order[i]
		if p < 0 || p >= len(hist) {
			continue
		}
		for i, row := range hist[p] {
			x, y := xy(i, row)
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.SetColor(colChartHalo)
		dc.SetLineWidth(2.6 * u)
		dc.StrokePreserve()
		dc.SetColor(PlayerColour(p))
		dc.SetLineWidth(1.4 * u)
		dc.Stroke()
	}
	img := dc.Image().(*image.RGBA)
	snapColours(img, append([]color.RGBA{colChartHalo}, playerColours[:]...))
	dst.over(plot.Min.Sub(image.Pt(int(pad), int(pad))), img)
}

// colChartHalo is the halo under the chart's lines.
var colChartHalo = rgb(0xb9bbbe)

// snapColours turns each pixel of img opaque in the nearest of cols, or
// transparent when less than half covered: the chart's lines have no
// blended edges, whose shades the fixed palette lacks.
func snapColours(img *image.RGBA, cols []color.RGBA) {
	for i := 0; i+3 < len(img.Pix); i += 4 {
		px := img.Pix[i : i+4 : i+4]
		a := int32(px[3])
		if a < 0x80 {
			px[0], px[1], px[2], px[3] = 0, 0, 0, 0
			continue
		}
		best, bd := cols[0], int32(1<<30)
		for _, c := range cols {
			// Premultiplied: compare with c at the pixel's alpha.
			dr := int32(px[0]) - int32(c.R)*a/0xff
			dg := int32(px[1]) - int32(c.G)*a/0xff
			db := int32(px[2]) - int32(c.B)*a/0xff
			if d := dr*dr + dg*dg + db*db; d < bd {
				best, bd = c, d
			}
		}
		px[0], px[1], px[2], px[3] = best.R, best.G, best.B, 0xff
	}
}
