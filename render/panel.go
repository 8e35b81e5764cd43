package render

import (
	"image"
	"image/color"
	"image/draw"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// Sizes of the side panel, in pixels.
const (
	panelW      = 300 // the panel beside a board
	finalPanelW = 560 // the panel beside the final board
	panelPad    = 18
	rowH        = 44 // a player's row
	drawnTile   = 120
	titleH      = 44
	legendH     = 34
)

// boardPanelHeight returns the height the panel of a board picture needs.
func boardPanelHeight(sc *scene) int {
	h := panelPad + titleH + 26 + rowH*len(sc.names) + 12 + legendH + panelPad
	if !sc.g.Ended() {
		h += drawnTile + 24
	}
	return h
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

// drawBoardPanel draws the side panel of a board picture in rect: the turn
// and tiles left, the drawn tile and who plays it, and the scoreboard.
func (r *Renderer) drawBoardPanel(dst *image.RGBA, k *kit, sc *scene, rect image.Rectangle) {
	fillRect(dst, rect, colPanel)
	fillRect(dst, image.Rect(rect.Min.X, rect.Min.Y, rect.Min.X+1, rect.Max.Y), colPanelLine)
	g := sc.g
	x0, x1 := rect.Min.X+panelPad, rect.Max.X-panelPad
	y := rect.Min.Y + panelPad

	title := "Turn " + strconv.Itoa(g.Turn())
	if g.Ended() {
		title = "Game over"
	}
	drawTextAt(dst, k.face(true, 24), colText, x0, y+14, alignLeft, title)
	left := plural(g.TilesLeft(), "tile", "tiles") + " left"
	drawTextAt(dst, k.face(false, 16), colTextDim, x1, y+14, alignRight, left)
	y += titleH

	if t, ok := g.Drawn(); ok && !g.Ended() {
		tr := image.Rect(x0, y, x0+drawnTile, y+drawnTile)
		if int(t) <= sc.ts.Len() && t != engine.NoTile {
			art := r.cache.art(sc.ts, t, engine.Rotate0, drawnTile, 0)
			draw.Draw(dst, tr, art, image.Point{}, draw.Src)
		}
		frame(dst, tr.Inset(-2), 2, colPanelLine)
		tx := tr.Max.X + 16
		drawTextAt(dst, k.face(false, 14), colTextDim, tx, y+10, alignLeft, "drawn tile")
		drawTextAt(dst, k.face(true, 34), colText, tx, y+38, alignLeft, sc.ts.Name(t))
		cur := g.Current()
		mh := 26
		blit(dst, r.meeple(k, sc, cur, mh, false), tx+mh/2, y+76)
		name := ""
		if cur < len(sc.names) {
			name = sc.names[cur]
		}
		nf := k.face(true, 16)
		drawTextAt(dst, nf, colText, tx+mh+6, y+76, alignLeft, fitText(nf, name, x1-(tx+mh+6)))
		fits := "fits nowhere"
		if n := len(sc.cands); n > 0 {
			fits = "fits on " + plural(n, "cell", "cells")
		}
		drawTextAt(dst, k.face(false, 14), colTextDim, tx, y+106, alignLeft, fits)
		y += drawnTile + 24
	}

	// The scoreboard.
	hf := k.face(false, 13)
	drawTextAt(dst, hf, colTextDim, x0, y+8, alignLeft, "PLAYER")
	drawTextAt(dst, hf, colTextDim, x1-62, y+8, alignRight, "POINTS")
	drawTextAt(dst, hf, colTextDim, x1, y+8, alignRight, "SUPPLY")
	y += 26
	scores := g.Scores()
	for p, name := range sc.names {
		row := image.Rect(rect.Min.X+6, y, rect.Max.X-6, y+rowH-4)
		if p == g.Current() && !g.Ended() {
			fillRect(dst, row, rgba(0xffd54a, 0.14))
			fillRect(dst, image.Rect(row.Min.X, row.Min.Y, row.Min.X+4, row.Max.Y), colHighlight)
		}
		cy := y + (rowH-4)/2
		blit(dst, r.meeple(k, sc, p, 30, false), x0+12, cy)
		nf := k.face(true, 17)
		gone := g.Resigned(p)
		nameCol := colText
		if gone {
			nameCol = colTextDim
		}
		drawTextAt(dst, nf, nameCol, x0+32, cy, alignLeft, fitText(nf, name, x1-120-(x0+32)))
		if p < len(scores) {
			drawTextAt(dst, k.face(true, 22), nameCol, x1-62, cy, alignRight, strconv.Itoa(scores[p]))
		}
		if gone {
			drawTextAt(dst, k.face(false, 13), colTextDim, x1, cy, alignRight, "resigned")
		} else {
			sf := k.face(false, 16)
			s := "×" + strconv.Itoa(g.Supply(p))
			drawTextAt(dst, sf, colTextDim, x1, cy, alignRight, s)
			blit(dst, r.meeple(k, sc, p, 16, false), x1-textWidth(sf, s)-10, cy)
		}
		y += rowH
	}
	r.drawLegend(dst, k, x0, rect.Max.Y-panelPad-legendH/2)
}

// drawLegend explains the colours of cities: open and completed.
func (r *Renderer) drawLegend(dst *image.RGBA, k *kit, x, cy int) {
	f := k.face(false, 14)
	sw := func(x int, c, edge color.RGBA, label string) int {
		b := image.Rect(x, cy-8, x+16, cy+8)
		fillRect(dst, b, edge)
		fillRect(dst, b.Inset(2), c)
		drawTextAt(dst, f, colTextDim, x+22, cy, alignLeft, label)
		return x + 22 + textWidth(f, label) + 18
	}
	x = sw(x, colCityClosed, colWall, "completed city")
	sw(x, colCity, colWall, "open city")
}

// featureColumns are the columns of the final table.
var featureColumns = [...]struct {
	kind  engine.FeatureKind
	title string
}{{engine.Road, "Roads"}, {engine.City, "Cities"}, {engine.Cloister, "Cloisters"}, {engine.Field, "Farms"}}

// drawFinalPanel draws the final scoring in rect: points by player and
// feature (roads, cities, cloisters, farms) from the game's score events,
// the totals, and the winners.
func (r *Renderer) drawFinalPanel(dst *image.RGBA, k *kit, sc *scene, rect image.Rectangle) {
	fillRect(dst, rect, colPanel)
	fillRect(dst, image.Rect(rect.Min.X, rect.Min.Y, rect.Min.X+1, rect.Max.Y), colPanelLine)
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
	byFeature := make([][len(featureColumns)]int, n)
	for _, ev := range g.Events() {
		if ev.Player < 0 || ev.Player >= n {
			continue
		}
		for c, col := range featureColumns {
			if ev.Feature == col.kind {
				byFeature[ev.Player][c] += ev.Points
			}
		}
	}
	scores := g.Scores()
	best := 0
	for _, s := range scores {
		best = max(best, s)
	}
	var winners []string
	for p, s := range scores {
		if s == best && p < n {
			winners = append(winners, sc.names[p])
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
	for p, name := range sc.names {
		row := image.Rect(rect.Min.X+6, y, rect.Max.X-6, y+rowH-4)
		win := p < len(scores) && scores[p] == best && g.Ended()
		if win {
			fillRect(dst, row, rgba(0xffd54a, 0.14))
			fillRect(dst, image.Rect(row.Min.X, row.Min.Y, row.Min.X+4, row.Max.Y), colHighlight)
		} else if p%2 == 1 {
			fillRect(dst, row, rgba(0xffffff, 0.03))
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
	for p := range sc.names {
		sum := 0
		for c := range featureColumns {
			sum += max(byFeature[p][c], 0)
		}
		most = max(most, sum)
	}
	barX := x0 + 32
	barW := x1 - barX
	for p := range sc.names {
		cy := y + barRowH/2
		blit(dst, r.meeple(k, sc, p, 20, false), x0+10, cy)
		x := barX
		for c := range featureColumns {
			w := max(byFeature[p][c], 0) * barW / most
			if w > 0 {
				fillRect(dst, image.Rect(x, cy-8, x+w, cy+8), featureBarColours[c])
				fillRect(dst, image.Rect(x+w-1, cy-8, x+w, cy+8), colPanel)
			}
			x += w
		}
		y += barRowH
	}
	kx := x0
	kf := k.face(false, 14)
	for c, col := range featureColumns {
		b := image.Rect(kx, y+barKeyH/2-7, kx+14, y+barKeyH/2+7)
		fillRect(dst, b, featureBarColours[c])
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
