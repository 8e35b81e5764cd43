package render

import (
	"image"
	"image/color"
	"strconv"
	"strings"

	"github.com/fogleman/gg"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"golang.org/x/image/font"
)

// This file draws the scoreboard of The Messengers and The Robbers (rule
// text 001_…, "The Messengers", "The Robbers"; spec/rules-options.md):
// in the side panel of the turn and board pictures, under the players'
// rows, a track of the scoreboard's 50 spaces in ten rows of five, each
// row starting on a dark space (0, 5, 10, …, labelled on its left), with
// each player's marker (a disc), messenger (a figure with a long skirt)
// and robber (a bandit's mask) in the player's colour on their space;
// under it a legend and, with The Messengers, the Message tile last
// turned up with its effect in words. The final table has a column for
// the messages' points and one for the robbers' loot.

// trackPiece is a figure on the scoreboard: a player's marker, messenger
// or robber.
type trackPiece struct {
	player int
	kind   uint8 // pieceMarker, pieceMessenger or pieceRobber
	// line is the line of its space the figure stands on: 0 for the
	// markers and the robbers by a marker, 1 for the messengers and the
	// robbers by a messenger.
	line uint8
}

// The kinds of trackPiece.
const (
	pieceMarker uint8 = iota
	pieceMessenger
	pieceRobber
)

// scoreboard is what the pictures show of the scoreboard of The
// Messengers and The Robbers: which of the two are in play, and while the
// game runs (track) the figures on each space and the last Message tile
// turned up. The zero value is a game without either.
type scoreboard struct {
	messengers, robbers bool
	// track is set while the game runs: at its end the messengers have
	// joined the markers and the robbers gone home (001_…).
	track bool
	// spaces holds the figures on each space, in the order they are
	// drawn: the markers in turn order, then the robbers standing by a
	// marker, on a line; the messengers, then the robbers standing by a
	// messenger, on a second line; so that a robber follows the pawns it
	// robs.
	spaces [engine.ScoreboardSpaces][]trackPiece
	// last is the last Message tile turned up, when hasLast.
	last    engine.MessageDraw
	hasLast bool
}

// readScoreboard reads the scoreboard of g (Game.Marker, Game.Messenger,
// Game.Robber, Game.LastMessage).
func readScoreboard(g *engine.Game) scoreboard {
	var b scoreboard
	rules := g.Rules()
	if rules == nil {
		return b
	}
	b.messengers = rules.Expansions.Has(engine.ExpansionMessengers)
	b.robbers = rules.Expansions.Has(engine.ExpansionRobbers)
	if !b.messengers && !b.robbers || g.Ended() {
		return b
	}
	b.track = true
	n := len(g.Players())
	robbersBy := func(messenger bool, line uint8) {
		for p := range n {
			if r, ok := g.Robber(p); ok && (r.Pawn == engine.PawnMessenger) == messenger && r.Space >= 0 && r.Space < engine.ScoreboardSpaces {
				b.spaces[r.Space] = append(b.spaces[r.Space], trackPiece{p, pieceRobber, line})
			}
		}
	}
	for p := range n {
		s := engine.BoardSpace(g.Marker(p))
		b.spaces[s] = append(b.spaces[s], trackPiece{p, pieceMarker, 0})
	}
	robbersBy(false, 0)
	for p := range n {
		if v, ok := g.Messenger(p); ok {
			s := engine.BoardSpace(v)
			b.spaces[s] = append(b.spaces[s], trackPiece{p, pieceMessenger, 1})
		}
	}
	robbersBy(true, 1)
	b.last, b.hasLast = g.LastMessage()
	return b
}

// The scoreboard's part of the side panel, in display pixels (see
// displayWidth).
const (
	trackGapD     = 10 // above it: a gap and a thin line
	trackHeadD    = 14 // its title
	trackLabelD   = 17 // the column of the rows' labels
	trackColumns  = 5  // spaces a row: from a dark space to the next
	trackEmptyD   = 11 // a row with no figure
	trackLineD    = 13 // a line of figures in a row
	trackPieceD   = 11 // a figure's height
	trackLegendD  = 14 // a line of the legend
	trackMsgD     = 56 // the Message tile last turned up and its effect
	trackMsgTileD = 18 // that tile
)

// trackRows is the number of rows of the track.
const trackRows = engine.ScoreboardSpaces / trackColumns

// trackPerLine is the most figures a line of a space holds: two side by
// side, a third overlapping them by half.
const trackPerLine = 3

// trackLines returns the lines the figures of a space take, top to
// bottom: the markers and the robbers by them, then the messengers and
// the robbers by them, each group over as many lines as it needs of at
// most trackPerLine figures, shared out evenly.
func trackLines(pieces []trackPiece) [][]trackPiece {
	var out [][]trackPiece
	for line := range uint8(2) {
		var group []trackPiece
		for _, pc := range pieces {
			if pc.line == line {
				group = append(group, pc)
			}
		}
		if len(group) == 0 {
			continue
		}
		n := (len(group) + trackPerLine - 1) / trackPerLine
		per := (len(group) + n - 1) / n
		for i := 0; i < len(group); i += per {
			out = append(out, group[i:min(i+per, len(group))])
		}
	}
	return out
}

// trackRowD returns the height of row i of b's track, in display pixels:
// a line of figures for each line its spaces take (trackLines), or
// trackEmptyD when none holds any.
func trackRowD(b *scoreboard, i int) float64 {
	n := 0
	for s := i * trackColumns; s < (i+1)*trackColumns; s++ {
		n = max(n, len(trackLines(b.spaces[s])))
	}
	if n == 0 {
		return trackEmptyD
	}
	return float64(n*trackLineD + 3)
}

// trackLegendLines returns the lines of the legend under b's track: the
// marker and the messenger on the first, the robber on a second when
// both expansions are in play.
func trackLegendLines(b *scoreboard) int {
	if b.messengers && b.robbers {
		return 2
	}
	return 1
}

// trackD returns the height of the scoreboard's part of sc's side panel,
// in display pixels: 0 when neither The Messengers nor The Robbers is in
// play, once the game is over, and in an animation's frames (whose panel
// is laid out once for the whole game).
func trackD(sc *scene) float64 {
	b := &sc.board
	if !b.track || sc.played > 0 {
		return 0
	}
	d := float64(trackGapD+trackHeadD+trackLegendD*trackLegendLines(b)+4) + trackRowsD(b)
	if b.messengers {
		d += trackMsgD
	}
	return d
}

// trackRowsD returns the height of the rows of b's track, in display
// pixels.
func trackRowsD(b *scoreboard) float64 {
	d := 0.0
	for i := range trackRows {
		d += trackRowD(b, i)
	}
	return d
}

// trackCells returns where drawTrack draws each space of sc's scoreboard,
// by its number (0 to 49), when the scoreboard's part of the panel spans
// x0 to x1 from y down (pixels) at scale u: right of the labels' column,
// five spaces a row, a pixel apart.
func trackCells(sc *scene, x0, x1, y int, u float64) [engine.ScoreboardSpaces]image.Rectangle {
	var out [engine.ScoreboardSpaces]image.Rectangle
	d := func(v float64) int { return dpx(v, u) }
	cx0 := x0 + d(trackLabelD)
	gap := max(1, d(1))
	cellX := func(c int) int { return cx0 + c*(x1-cx0+gap)/trackColumns }
	off := float64(trackGapD + trackHeadD)
	for i := range trackRows {
		rd := trackRowD(&sc.board, i)
		ry0, ry1 := y+d(off), y+d(off+rd)
		for c := range trackColumns {
			out[i*trackColumns+c] = image.Rect(cellX(c), ry0, cellX(c+1)-gap, ry1-gap)
		}
		off += rd
	}
	return out
}

// drawTrack draws the scoreboard's part of sc's side panel from x0 to x1,
// from y down (pixels), at scale u: a thin line, the title, the track of
// 50 spaces in rows of five, each row labelled with the value of its
// first space, a dark space (001_…, "The Messengers"), drawn darker and
// framed; each player's marker, messenger and robber on its space in the
// player's colour (several on one space side by side, overlapping when
// crowded: the markers and the robbers by them on a line, the messengers
// and the robbers by them on a second); the legend; and with The
// Messengers the Message tile last turned up (drawMessage). It draws
// nothing when trackD is 0.
func (r *Renderer) drawTrack(dst canvas, k *kit, sc *scene, x0, x1, y int, u float64) {
	if trackD(sc) == 0 {
		return
	}
	b := &sc.board
	d := func(v float64) int { return dpx(v, u) }
	top := y
	at := func(v float64) int { return top + d(v) } // y of v display pixels down
	off := 4.0
	dst.fill(image.Rect(x0, at(off), x1, at(off)+max(1, d(1))), colPanelLine)
	off = trackGapD
	hf := k.face(true, d(10))
	drawTextAt(dst, hf, colTextDim, x0, at(off+trackHeadD/2), alignLeft, fitText(hf, sc.t("render.track.title", nil), x1-x0))
	off += trackHeadD

	// The spaces: a column of labels, then five spaces a row.
	lf := k.face(false, d(10))
	cells := trackCells(sc, x0, x1, y, u)
	ph := d(trackPieceD)
	for i := range trackRows {
		first := cells[i*trackColumns]
		drawTextAt(dst, lf, colTextDim, first.Min.X-d(4), (first.Min.Y+first.Max.Y)/2, alignRight, strconv.Itoa(i*trackColumns))
		for c := range trackColumns {
			cell := cells[i*trackColumns+c]
			if c == 0 {
				// The dark space: darker, and framed so that it shows on
				// the panel.
				dst.fill(cell, colTable)
				frame(dst, cell, max(1, d(1)), colTextDim)
			} else {
				dst.fill(cell, colPanelLine)
			}
			lines := trackLines(b.spaces[i*trackColumns+c])
			ly0 := (cell.Min.Y + cell.Max.Y - len(lines)*d(trackLineD)) / 2
			for ln, row := range lines {
				m := len(row)
				// Side by side, or overlapping when the space is narrow
				// for them.
				step := ph + d(1.5)
				if m > 1 {
					step = min(step, (cell.Dx()-d(2)-ph)/(m-1))
				}
				x := (cell.Min.X+cell.Max.X)/2 - (m-1)*step/2
				cy := ly0 + ln*d(trackLineD) + d(trackLineD)/2
				for j, pc := range row {
					blit(dst, r.trackSprite(pc.kind, PlayerColour(pc.player), playerInk[((pc.player%6)+6)%6], ph), x+j*step, cy)
				}
			}
		}
	}
	off += trackRowsD(b)

	// The legend, in a neutral colour.
	off += 4
	lgf := k.face(false, d(10))
	type entry struct {
		kind  uint8
		label string
	}
	lines := [][]entry{{{pieceMarker, sc.t("render.track.marker", nil)}}}
	if b.messengers {
		lines[0] = append(lines[0], entry{pieceMessenger, sc.t("render.track.messenger", nil)})
	}
	if b.robbers {
		e := entry{pieceRobber, sc.t("render.track.robber_robs", nil)}
		if b.messengers {
			lines = append(lines, []entry{e})
		} else {
			lines[0] = append(lines[0], entry{pieceRobber, sc.t("render.track.robber", nil)})
		}
	}
	for _, line := range lines {
		x := x0
		cy := at(off + trackLegendD/2)
		for _, e := range line {
			blit(dst, r.trackSprite(e.kind, colStone, colOutline, ph), x+ph/2, cy)
			x += ph + d(3)
			drawTextAt(dst, lgf, colTextDim, x, cy, alignLeft, fitText(lgf, e.label, x1-x))
			x += textWidth(lgf, e.label) + d(8)
		}
		off += trackLegendD
	}
	if b.messengers {
		r.drawMessage(dst, k, sc, x0, x1, at(off), u)
	}
}

// MessageText returns Message tile n and its effect in a player's words,
// as the pictures show it: "Message 4: 2 points per pennant in your
// cities" (001_…, "The Message tiles"). A number outside 1 to 8 gives
// the engine's title of it.
// The bot and the terminal in another language: MessageTextIn.
func MessageText(n engine.Message) string {
	return MessageTextIn(i18n.English, n)
}

// drawMessage draws, from x0 to x1 and from y down (pixels) at scale u,
// the Message tile last turned up in sc's game (Game.LastMessage): the
// tile with its number, "Message N" and the turn, its effect in words
// over up to two lines, and who turned it up and whether they carried it
// out or took its 2 points; or, before the first, that none was turned up
// yet.
func (r *Renderer) drawMessage(dst canvas, k *kit, sc *scene, x0, x1, y int, u float64) {
	d := func(v float64) int { return dpx(v, u) }
	b := &sc.board
	ts := d(trackMsgTileD)
	tile := image.Rect(x0, y+d(4), x0+ts, y+d(4)+ts)
	dst.fill(tile, colWall)
	dst.fill(tile.Inset(max(1, d(1.5))), colChurch)
	num := "?"
	if b.hasLast {
		num = b.last.Message.String()
	}
	drawTextAt(dst, k.face(true, d(12)), colOutlineDk, (tile.Min.X+tile.Max.X)/2, (tile.Min.Y+tile.Max.Y)/2, alignCentre, num)
	tx := tile.Max.X + d(6)
	bf := k.face(true, d(12))
	ef := k.face(false, d(11))
	line := func(i int) int { return y + d(4) + d(6) + i*d(13) }
	if !b.hasLast {
		drawTextAt(dst, bf, colTextDim, tx, line(0), alignLeft, fitText(bf, sc.t("render.message.tiles", nil), x1-tx))
		for i, s := range wrapText(ef, sc.t("render.message.none_yet", nil), x1-tx, 2) {
			drawTextAt(dst, ef, colTextDim, tx, line(1+i), alignLeft, s)
		}
		return
	}
	m := b.last
	title := sc.t("render.message.title", map[string]any{"Number": m.Message.String()})
	tf := k.face(false, d(10))
	turn := sc.t("render.message.turn", map[string]any{"Turn": m.Turn})
	drawTextAt(dst, bf, colText, tx, line(0), alignLeft, fitText(bf, title, x1-tx-textWidth(tf, turn)-d(4)))
	drawTextAt(dst, tf, colTextDim, x1, line(0), alignRight, turn)
	words := wrapText(ef, messageEffectIn(sc.lang, m.Message), x1-tx, 2)
	for i, s := range words {
		drawTextAt(dst, ef, colText, tx, line(1+i), alignLeft, s)
	}
	// Who turned it up, and what they did, under the effect.
	wy := line(1+len(words)) + d(2)
	mh := d(12)
	blit(dst, r.meeple(k, sc, m.Player, mh, false), x0+mh/2, wy)
	did := "render.message.took_points"
	if m.Used {
		did = "render.message.carried_out"
	}
	name := ""
	if m.Player >= 0 && m.Player < len(sc.names) {
		name = sc.names[m.Player]
	}
	// The player's name in bold where the language puts it in the
	// sentence ("Alice took 2 points").
	before, after := splitAround(sc.lang, did, "Player", nil)
	nx := x0 + mh + d(4)
	nf := k.face(true, d(11))
	room := x1 - nx - textWidth(ef, before) - textWidth(ef, after)
	name = shortenName(nf, name, room)
	if before != "" {
		drawTextAt(dst, ef, colTextDim, nx, wy, alignLeft, before)
		nx += textWidth(ef, before)
	}
	drawTextAt(dst, nf, colText, nx, wy, alignLeft, name)
	drawTextAt(dst, ef, colTextDim, nx+textWidth(nf, name), wy, alignLeft, after)
}

// wrapText splits s at spaces into at most n lines of at most w pixels in
// face f, the last shortened with an ellipsis when the words do not fit.
func wrapText(f font.Face, s string, w, n int) []string {
	var out []string
	cur := ""
	words := strings.Fields(s)
	for i, word := range words {
		next := word
		if cur != "" {
			next = cur + " " + word
		}
		if cur == "" || textWidth(f, next) <= w {
			cur = next
			continue
		}
		if len(out) == n-1 {
			return append(out, fitText(f, strings.Join(append([]string{cur}, words[i:]...), " "), w))
		}
		out = append(out, cur)
		cur = word
	}
	if cur != "" {
		out = append(out, fitText(f, cur, w))
	}
	return out
}

// trackSprite returns the sprite of a figure of kind on the track,
// h pixels tall, in colour fill (ink: the robber's eyes, one for each
// fill).
func (r *Renderer) trackSprite(kind uint8, fill, ink color.RGBA, h int) *image.RGBA {
	return r.cache.sprite(spriteKey{kind: spriteTrack, size: h, player: int(kind), fill: fill}, func() *image.RGBA {
		return drawTrackPiece(kind, h, fill, ink)
	})
}

// drawTrackPiece draws a figure of the scoreboard h pixels tall in colour
// fill, outlined as a follower is (figureSilhouette): the marker a disc,
// the messenger a small figure in a long skirt, the robber a bandit's
// mask with eyes in ink. The image's centre is the figure's centre.
func drawTrackPiece(kind uint8, h int, fill, ink color.RGBA) *image.RGBA {
	pad := figurePad(h)
	n := h + 2*pad
	dc := gg.NewContext(n, n)
	hf := float64(h)
	o := float64(pad)
	at := func(p pt) (float64, float64) { return o + p.x*hf, o + p.y*hf }
	var shape func()
	switch kind {
	case pieceMessenger:
		shape = func() {
			tracePolygon(dc, []pt{{0.40, 0.36}, {0.60, 0.36}, {0.92, 1.0}, {0.08, 1.0}}, at)
			x, y := at(pt{0.5, 0.2})
			dc.NewSubPath()
			dc.DrawCircle(x, y, 0.2*hf)
		}
	case pieceRobber:
		// The Robber Baron's mask (drawMask), a little taller.
		shape = func() {
			m := func(x, y float64) (float64, float64) { return o + x*hf, o + (y-0.48)*1.3*hf + 0.5*hf }
			dc.MoveTo(m(0.02, 0.40))
			x1, y1 := m(0.05, 0.18)
			x2, y2 := m(0.35, 0.20)
			x3, y3 := m(0.50, 0.30)
			dc.CubicTo(x1, y1, x2, y2, x3, y3)
			x1, y1 = m(0.65, 0.20)
			x2, y2 = m(0.95, 0.18)
			x3, y3 = m(0.98, 0.40)
			dc.CubicTo(x1, y1, x2, y2, x3, y3)
			x1, y1 = m(1.00, 0.70)
			x2, y2 = m(0.70, 0.80)
			x3, y3 = m(0.57, 0.66)
			dc.CubicTo(x1, y1, x2, y2, x3, y3)
			dc.LineTo(m(0.50, 0.58))
			dc.LineTo(m(0.43, 0.66))
			x1, y1 = m(0.30, 0.80)
			x2, y2 = m(0.00, 0.70)
			x3, y3 = m(0.02, 0.40)
			dc.CubicTo(x1, y1, x2, y2, x3, y3)
			dc.ClosePath()
		}
		figureSilhouette(dc, shape, h, fill)
		dc.SetColor(ink)
		for _, x := range []float64{0.27, 0.73} {
			cx, cy := o+x*hf, o+(0.46-0.48)*1.3*hf+0.5*hf
			dc.DrawEllipse(cx, cy, 0.12*hf, 0.09*hf)
			dc.Fill()
		}
		return dc.Image().(*image.RGBA)
	default:
		shape = func() {
			x, y := at(pt{0.5, 0.5})
			dc.DrawCircle(x, y, 0.46*hf)
		}
	}
	figureSilhouette(dc, shape, h, fill)
	return dc.Image().(*image.RGBA)
}

// messageSource is the column of the Message tiles' points of The
// Messengers (engine.Breakdown.Messages), in the river's blue.
var messageSource = scoreSource{"messages", colRiver, 0, func(b engine.Breakdown) int { return b.Messages }, nil}

// robberySource is the column of the robbers' loot of The Robbers
// (engine.Breakdown.Robberies), in the walls' brown.
var robberySource = scoreSource{"robbers", colWall, 0, func(b engine.Breakdown) int { return b.Robberies }, nil}

// boardSources returns the columns of the final table for sc's
// scoreboard: the messages' points with The Messengers, the robbers' loot
// with The Robbers, so that the columns add up to the totals.
func boardSources(sc *scene) []scoreSource {
	var out []scoreSource
	if sc.board.messengers {
		out = append(out, messageSource)
	}
	if sc.board.robbers {
		out = append(out, robberySource)
	}
	return out
}
