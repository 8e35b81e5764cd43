package render

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// Sizes of the final picture's side panel, in pixels.
const (
	finalPanelW = 560 // the panel beside the final board
	panelPad    = 18
	rowH        = 44 // a player's row
	titleH      = 44
	legendH     = 34
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
)

// dpx returns d display pixels at scale u, in picture pixels.
func dpx(d, u float64) int { return int(math.Round(d * u)) }

// scorePanelHeight returns the height, in picture pixels, of the
// scoreboard panel of sc at scale u, the legend included.
func scorePanelHeight(sc *scene, u float64) int {
	d := 2*scorePadD + scoreTitleD + scoreRowD*len(sc.names) + 8 + scoreLegendD
	if !sc.g.Ended() {
		d += scoreTileD + 12
	}
	return dpx(float64(d), u)
}

// Sizes of the bar chart of the final panel, in pixels.
const (
	barRowH   = 28
	barTitleH = 48
	barKeyH   = 34
)

// finalPanelHeight returns the height the panel of the final picture needs.
func finalPanelHeight(sc *scene) int {
	table := panelPad + titleH + 34 + 30 + rowH*len(sc.names)
	chart := barTitleH + barRowH*len(sc.names) + barKeyH
	return table + chart + 12 + legendH + panelPad
}

// featureBarColours are the colours of roads, cities, cloisters and farms in
// the bar chart.
var featureBarColours = [len(featureColumns)]color.RGBA{colRoad, colCityClosed, colChurchRoof, colGrass}

// drawScorePanel draws the side panel of a turn or board picture in rect,
// at scale u (picture pixels per display pixel): the turn and the tiles
// left, the drawn tile and who plays it, and for each player in seat order
// the colour and initial, the name, the points and the followers in
// supply. It is laid out to stay legible when the picture is shown
// displayWidth pixels wide: few words, large figures.
func (r *Renderer) drawScorePanel(dst canvas, k *kit, sc *scene, rect image.Rectangle, u float64) {
	dst.fill(rect, colPanel)
	dst.fill(image.Rect(rect.Min.X, rect.Min.Y, rect.Min.X+max(1, dpx(1, u)), rect.Max.Y), colPanelLine)
	g := sc.g
	d := func(v float64) int { return dpx(v, u) }
	x0, x1 := rect.Min.X+d(scorePadD+2), rect.Max.X-d(scorePadD)
	y := rect.Min.Y + d(scorePadD)

	title := "Turn " + strconv.Itoa(g.Turn())
	if g.Ended() {
		title = "Game over"
	}
	tf := k.face(true, d(17))
	drawTextAt(dst, tf, colText, x0, y+d(scoreTitleD/2), alignLeft, title)
	lf := k.face(false, d(12))
	room := x1 - x0 - textWidth(tf, title) - d(6)
	left := plural(g.TilesLeft(), "tile", "tiles") + " left"
	if textWidth(lf, left) > room {
		left = strconv.Itoa(g.TilesLeft()) + " left"
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
		drawTextAt(dst, nf, colText, tx+mh+d(3), cy, alignLeft, fitText(nf, name, x1-(tx+mh+d(3))))
		fits := "fits nowhere"
		if n := len(sc.cands); n > 0 {
			fits = plural(n, "cell", "cells")
		}
		drawTextAt(dst, lf, colTextDim, tx, y+d(52), alignLeft, fits)
		y += ts + d(12)
	}

	// The scoreboard: a thin line, then one row per player.
	dst.fill(image.Rect(x0, y, x1, y+max(1, d(1))), colPanelLine)
	y += d(4)
	scores := g.Scores()
	rh := d(scoreRowD)
	nf := k.face(true, d(13))
	pf := k.face(true, d(16))
	sf := k.face(false, d(12))
	supplyX := x1 - d(20) // the right end of the points
	for p, name := range sc.names {
		row := image.Rect(rect.Min.X+d(3), y+d(1), rect.Max.X-d(3), y+rh-d(1))
		if p == g.Current() && !g.Ended() {
			dst.fill(row, rgba(0xffd54a, 0.16))
			dst.fill(image.Rect(row.Min.X, row.Min.Y, row.Min.X+d(2.5), row.Max.Y), colHighlight)
		}
		cy := y + rh/2
		mh := d(19)
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
		nameX := x0 + mh + d(4)
		drawTextAt(dst, nf, col, nameX, cy, alignLeft, fitText(nf, name, supplyX-d(30)-nameX))
		drawTextAt(dst, pf, col, supplyX-d(4), cy, alignRight, pts)
		if gone {
			drawTextAt(dst, sf, colTextDim, x1, cy, alignRight, "out")
		} else {
			drawTextAt(dst, sf, colTextDim, x1, cy, alignRight, "×"+strconv.Itoa(g.Supply(p)))
		}
		y += rh
	}
	// The legend, when the panel is taller than its rows.
	if rect.Max.Y-d(scorePadD) >= y+d(scoreLegendD) {
		r.drawCityLegend(dst, k, x0, rect.Max.Y-d(scorePadD)-d(scoreLegendD), u)
	}
}

// drawCityLegend explains the colours of cities on two lines from (x, y),
// at scale u: completed and open.
func (r *Renderer) drawCityLegend(dst canvas, k *kit, x, y int, u float64) {
	d := func(v float64) int { return dpx(v, u) }
	f := k.face(false, d(11))
	for i, l := range [...]struct {
		c     color.RGBA
		label string
	}{{colCityClosed, "completed city"}, {colCity, "open city"}} {
		cy := y + d(8) + i*d(16)
		b := image.Rect(x, cy-d(5), x+d(10), cy+d(5))
		dst.fill(b, colWall)
		dst.fill(b.Inset(max(1, d(1.5))), l.c)
		drawTextAt(dst, f, colTextDim, x+d(15), cy, alignLeft, l.label)
	}
}

// drawLegend explains the colours of cities: open and completed.
func (r *Renderer) drawLegend(dst canvas, k *kit, x, cy int) {
	f := k.face(false, 14)
	sw := func(x int, c, edge color.RGBA, label string) int {
		b := image.Rect(x, cy-8, x+16, cy+8)
		dst.fill(b, edge)
		dst.fill(b.Inset(2), c)
		drawTextAt(dst, f, colTextDim, x+22, cy, alignLeft, label)
		return x + 22 + textWidth(f, label) + 18
	}
	x = sw(x, colCityClosed, colWall, "completed city")
	sw(x, colCity, colWall, "open city")
}

// featureColumns are the columns of the final table, in the order of
// engine.Breakdown's fields.
var featureColumns = [...]struct{ title string }{{"Roads"}, {"Cities"}, {"Cloisters"}, {"Farms"}}

// drawFinalPanel draws the final scoring in rect: points by player and
// feature (roads, cities, cloisters, farms) from the game's score events,
// the totals, and the winners (g.Winners), the players listed in the order
// of g.Standings: the highest score first, ties in seat order.
func (r *Renderer) drawFinalPanel(dst canvas, k *kit, sc *scene, rect image.Rectangle) {
	dst.fill(rect, colPanel)
	dst.fill(image.Rect(rect.Min.X, rect.Min.Y, rect.Min.X+1, rect.Max.Y), colPanelLine)
	g := sc.g
	x0, x1 := rect.Min.X+panelPad, rect.Max.X-panelPad
	y := rect.Min.Y + panelPad
	title := "Final scores"
	if !g.Ended() {
		title = "Scores so far"
	}
	drawTextAt(dst, k.face(true, 24), colText, x0, y+14, alignLeft, title)
	drawTextAt(dst, k.face(false, 16), colTextDim, x1, y+14, alignRight, "after turn "+strconv.Itoa(g.Turn()-1))
	y += titleH

	n := len(sc.names)
	// The columns in the order of featureColumns, from the engine's
	// breakdown of the score events.
	byFeature := make([][len(featureColumns)]int, n)
	for p, b := range g.Breakdowns() {
		if p < n {
			byFeature[p] = [len(featureColumns)]int{b.Roads, b.Cities, b.Cloisters, b.Farms}
		}
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
	wf := k.face(true, 18)
	label := "Winner: "
	if len(winners) > 1 {
		label = "Winners: "
	}
	if len(winners) > 0 && g.Ended() {
		drawTextAt(dst, wf, colHighlight, x0, y+10, alignLeft, fitText(wf, label+joinNames(winners), x1-x0))
	}
	y += 34

	// Columns, right-aligned at these x positions.
	colW := 80
	totalX := x1
	colX := func(c int) int { return totalX - 78 - (len(featureColumns)-1-c)*colW }
	hf := k.face(false, 12)
	drawTextAt(dst, hf, colTextDim, x0, y+8, alignLeft, "PLAYER")
	for c, col := range featureColumns {
		drawTextAt(dst, hf, colTextDim, colX(c), y+8, alignRight, strings.ToUpper(col.title))
	}
	drawTextAt(dst, hf, colTextDim, totalX, y+8, alignRight, "TOTAL")
	y += 30
	nameRoom := colX(0) - 56 - (x0 + 32)
	for i, p := range order {
		name := sc.names[p]
		row := image.Rect(rect.Min.X+6, y, rect.Max.X-6, y+rowH-4)
		if isWinner[p] && g.Ended() {
			dst.fill(row, rgba(0xffd54a, 0.14))
			dst.fill(image.Rect(row.Min.X, row.Min.Y, row.Min.X+4, row.Max.Y), colHighlight)
		} else if i%2 == 1 {
			dst.fill(row, rgba(0xffffff, 0.03))
		}
		cy := y + (rowH-4)/2
		blit(dst, r.meeple(k, sc, p, 30, false), x0+12, cy)
		nf := k.face(true, 17)
		drawTextAt(dst, nf, colText, x0+32, cy, alignLeft, fitText(nf, name, nameRoom))
		vf := k.face(false, 18)
		for c := range featureColumns {
			v := byFeature[p][c]
			col := colText
			if v == 0 {
				col = colTextDim
			}
			drawTextAt(dst, vf, col, colX(c), cy, alignRight, strconv.Itoa(v))
		}
		if p < len(scores) {
			drawTextAt(dst, k.face(true, 22), colText, totalX, cy, alignRight, strconv.Itoa(scores[p]))
		}
		y += rowH
	}

	// The same points as bars, one segment per feature.
	y += barTitleH - 20
	drawTextAt(dst, hf, colTextDim, x0, y, alignLeft, "POINTS BY FEATURE")
	y += 20
	most := 1
	for _, p := range order {
		sum := 0
		for c := range featureColumns {
			sum += max(byFeature[p][c], 0)
		}
		most = max(most, sum)
	}
	barX := x0 + 32
	barW := x1 - barX
	for _, p := range order {
		cy := y + barRowH/2
		blit(dst, r.meeple(k, sc, p, 20, false), x0+10, cy)
		x := barX
		for c := range featureColumns {
			w := max(byFeature[p][c], 0) * barW / most
			if w > 0 {
				dst.fill(image.Rect(x, cy-8, x+w, cy+8), featureBarColours[c])
				dst.fill(image.Rect(x+w-1, cy-8, x+w, cy+8), colPanel)
			}
			x += w
		}
		y += barRowH
	}
	kx := x0
	kf := k.face(false, 14)
	for c, col := range featureColumns {
		b := image.Rect(kx, y+barKeyH/2-7, kx+14, y+barKeyH/2+7)
		dst.fill(b, featureBarColours[c])
		drawTextAt(dst, kf, colTextDim, kx+20, y+barKeyH/2, alignLeft, strings.ToLower(col.title))
		kx += 20 + textWidth(kf, strings.ToLower(col.title)) + 18
	}
	r.drawLegend(dst, k, x0, rect.Max.Y-panelPad-legendH/2)
}

// plural returns "1 tile" or "5 tiles".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// joinNames returns "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
