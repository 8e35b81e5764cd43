package render

import (
	"errors"
	"image"
	"image/color"
	"io"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/meeple-works/carcassonne/engine"
)

// ErrNoTower is returned by PreviewTower when the move previewed uses no
// tower.
var ErrNoTower = errors.New("render: the move uses no tower")

// colCapture is the ring around a figure a tower piece may take prisoner.
var colCapture = rgb(0xe53935)

// CaptureLabel returns the label of the i-th figure (from 0) a tower piece
// may take prisoner, as PreviewTower marks it on the board and the bot's
// Take prisoner… menu names it: "1", "2", … (numbers, unlike the players'
// letters on their followers).
func CaptureLabel(i int) string { return strconv.Itoa(i + 1) }

// PreviewTower returns the picture of a turn that uses a tower (The Tower;
// 004_…, "Place a tower piece and take a prisoner"): move m places the
// drawn tile of g and either puts a tower piece on the foundation or tower
// on m.TowerCell (engine.TowerPiece) or a follower of kind m.Figure on
// top of it (engine.TowerTop). It shows, as Preview does, the 5 × 5 cells
// around the tower with the tile placed outlined when it is among them,
// the tower as it will stand (one story higher, or closed by the current
// player's follower), and after a tower piece each figure within its reach
// (g.Captures) circled in red and labelled CaptureLabel(i); the one
// m.Capture names is circled in yellow. Under the board the figures in
// reach are listed with their owners and cells ("1 · Bob's knight at
// (2,-1)"), or what the follower on top does. For the turn after a ransom,
// pass the game engine.Game.AfterRansom returns and m without the ransom.
// It returns ErrNoDrawnTile once the game is over, ErrNoTower when m uses
// no tower, and the engine's *engine.MoveError when m's steps up to the
// capture are not legal (the steps after, as the dragon's of a dragon
// tile, which other players decide, are not checked).
func (r *Renderer) PreviewTower(g *engine.Game, m engine.Move) (*image.RGBA, error) {
	cv, err := r.previewTower(g, m, r.newRGBA)
	if err != nil {
		return nil, err
	}
	return cv.(rgbaCanvas).img, nil
}

// PreviewTowerPNG writes the picture of PreviewTower(g, m) to w as a PNG,
// or returns PreviewTower's error or w's.
func (r *Renderer) PreviewTowerPNG(w io.Writer, g *engine.Game, m engine.Move) error {
	img, err := r.PreviewTower(g, m)
	if err != nil {
		return err
	}
	return r.EncodePNG(w, img)
}

// captureTarget is a figure in reach of a tower piece, as a preview shows
// it.
type captureTarget struct {
	target engine.Target
	name   string // "Bob's knight at (2,-1)"
	// follower is the figure when it stands on a feature; on top of a
	// tower (target.Tower), tower is that tower.
	follower engine.Follower
	tower    engine.Tower
	found    bool
}

// captureTargets finds the figures of targets on scene sc and names them.
func captureTargets(sc *scene, targets []engine.Target) []captureTarget {
	out := make([]captureTarget, len(targets))
	owner := func(p int) string {
		if p >= 0 && p < len(sc.names) {
			return sc.names[p]
		}
		return "?"
	}
	for i, t := range targets {
		c := captureTarget{target: t}
		if t.Tower {
			for _, tw := range sc.towers {
				if tw.Cell == t.Cell && tw.Guarded {
					c.tower, c.found = tw, true
					c.name = sc.t("render.tower.target_guard", map[string]any{"Player": owner(tw.Guard), "Cell": t.Cell.String()})
				}
			}
		} else if j, ok := sc.at[t.Cell]; ok {
			pt := sc.tiles[j]
			feat, ok := sc.ts.FeatureAt(pt.Tile, pt.Rotation, t.Port)
			for _, f := range sc.followers {
				if ok && !c.found && f.Cell == t.Cell && f.Feature == feat && f.Figure <= engine.FigureLarge {
					c.follower, c.found = f, true
					id := "render.tower.target"
					if f.Figure == engine.FigureLarge {
						id = "render.tower.target_large"
					}
					c.name = sc.t(id, map[string]any{"Player": owner(f.Player), "Role": roleIn(sc.lang, f.Kind), "Cell": t.Cell.String()})
				}
			}
		}
		if !c.found {
			c.name = sc.t("render.tower.target_unknown", map[string]any{"Cell": t.Cell.String()})
		}
		out[i] = c
	}
	return out
}

// previewTower draws PreviewTower on a canvas from alloc.
func (r *Renderer) previewTower(g *engine.Game, m engine.Move, alloc func(image.Rectangle) canvas) (canvas, error) {
	t, ok := g.Drawn()
	if !ok {
		return nil, ErrNoDrawnTile
	}
	if m.Tower == engine.TowerNone {
		return nil, ErrNoTower
	}
	m.Tile = t
	// The turn's steps up to the tower and the capture: the dragon's
	// steps of a dragon tile come later, decided by other players.
	as := []engine.Answer{{Step: engine.StepFigure, Tower: m.Tower, Cell: m.TowerCell, Figure: m.Figure}}
	if m.Capture != (engine.Target{}) {
		as = append(as, engine.Answer{Step: engine.StepCapture, Target: m.Capture})
	}
	if err := checkFirstSteps(g, engine.Placement{Cell: m.Cell, Rotation: m.Rotation}, as...); err != nil {
		return nil, err
	}
	var targets []captureTarget
	sc := r.scene(g, false)
	if m.Tower == engine.TowerPiece {
		bare := m
		bare.Capture = engine.Target{}
		targets = captureTargets(sc, g.Captures(bare))
	}
	// The board as the move leaves it before the capture: the tile placed,
	// the tower raised or closed.
	focus := engine.PlacedTile{Tile: t, Cell: m.Cell, Rotation: m.Rotation}
	sc.tiles = append(sc.tiles, focus)
	sc.at[m.Cell] = len(sc.tiles) - 1
	sc.closed = append(sc.closed, 0)
	sc.towers = append([]engine.Tower(nil), sc.towers...)
	k := -1
	for i, tw := range sc.towers {
		if tw.Cell == m.TowerCell {
			k = i
		}
	}
	if k < 0 {
		sc.towers = append(sc.towers, engine.Tower{Cell: m.TowerCell})
		k = len(sc.towers) - 1
	}
	cur := g.Current()
	var what string
	if m.Tower == engine.TowerPiece {
		sc.towers[k].Height++
		what = sc.t("render.tower.piece_at", map[string]any{"Cell": m.TowerCell.String()})
	} else {
		sc.towers[k].Closed, sc.towers[k].Guarded = true, true
		sc.towers[k].Guard, sc.towers[k].GuardFigure = cur, m.Figure
		what = sc.t("render.tower.top_at", map[string]any{"Figure": figureIn(sc.lang, m.Figure), "Cell": m.TowerCell.String()})
	}

	kit := r.kits.get()
	defer r.kits.put(kit)
	const pad = 14
	const captionH = previewCaptionH
	interest := []engine.Cell{m.TowerCell, m.Cell}
	for _, c := range targets {
		interest = append(interest, c.target.Cell)
	}
	win := coverWindow(sc, m.TowerCell, interest)
	tsz, mg, n := win.tile, win.margin, win.cols()
	boardW := n*tsz + 2*mg
	lineH := 30
	lines := max(1, len(targets))
	listH := pad + lineH*lines + pad
	img := alloc(image.Rect(0, 0, boardW, captionH+n*tsz+2*mg+listH))
	img.fill(img.Bounds(), colTable)

	// Caption: who places which tile where, and the tower.
	name := ""
	if cur < len(sc.names) {
		name = sc.names[cur]
	}
	img.fill(image.Rect(0, 0, boardW, captionH), colPanel)
	blit(img, r.tower(kit, 30, sc.towers[k].Height), pad+12, captionH/2)
	cf := kit.face(true, 20)
	caption := sc.t("render.tower.caption", map[string]any{"Tile": sc.ts.Name(t), "X": m.Cell.X, "Y": m.Cell.Y, "Degrees": m.Rotation.Degrees(), "What": what})
	caption = fitText(cf, caption, boardW-2*pad-32)
	cw := textWidth(cf, caption)
	nf := kit.face(true, 18)
	drawTextAt(img, nf, colText, pad+32, captionH/2, alignLeft, shortenName(nf, name, max(0, boardW-2*pad-32-cw-12)))
	drawTextAt(img, cf, colText, boardW-pad, captionH/2, alignRight, caption)

	st := boardStyle{coords: true}
	if win.contains(m.Cell) {
		st.focus = &focus
	}
	r.drawBoard(img, kit, sc, win, st)

	// The figures in reach, circled and labelled on the board.
	rad := spotRadius(tsz)
	badge := r.spotBadge(rad)
	for i, c := range targets {
		if !c.found {
			continue
		}
		var sp *image.RGBA
		var x, y int
		if c.target.Tower {
			tsp, tx, ty, ok := r.towerSprite(kit, sc, win, c.tower)
			if !ok {
				continue
			}
			x = tx
			sp, y = r.guardSprite(kit, sc, win, c.tower, tsp, ty)
		} else {
			j := sc.at[c.follower.Cell]
			if !win.contains(c.follower.Cell) {
				continue
			}
			sp, x, y = r.followerSprite(kit, sc, win, sc.tiles[j], c.follower, 0)
		}
		col, width := colCapture, math.Max(3, float64(tsz)/30)
		if c.target == m.Capture {
			col, width = colHighlight, width*1.6
		}
		ring := max(sp.Bounds().Dx(), sp.Bounds().Dy())/2 + 6
		blit(img, drawRing(ring, width, col), x, y)
		bx, by := x+ring*7/10, y-ring*7/10
		blit(img, badge, bx, by)
		drawSpotLabel(img, kit, rad, bx, by, CaptureLabel(i))
	}

	// The list under the board.
	y := captionH + n*tsz + 2*mg + pad
	img.fill(image.Rect(0, y-pad, boardW, img.Bounds().Max.Y), colPanel)
	lf := kit.face(false, 17)
	if len(targets) == 0 {
		text := sc.t("render.tower.none_in_reach", nil)
		if m.Tower == engine.TowerTop {
			text = sc.t("render.tower.closes", map[string]any{"Player": name, "Cell": m.TowerCell.String()})
		}
		drawTextAt(img, lf, colTextDim, pad, y+lineH/2, alignLeft, fitText(lf, text, boardW-2*pad))
	}
	for i, c := range targets {
		cy := y + i*lineH + lineH/2
		face := lf
		if c.target == m.Capture {
			img.fill(image.Rect(6, cy-lineH/2+1, boardW-6, cy+lineH/2-1), rgba(0xffd54a, 0.14))
			img.fill(image.Rect(6, cy-lineH/2+1, 10, cy+lineH/2-1), colHighlight)
			face = kit.face(true, 17)
		}
		blit(img, badge, pad+rad+2, cy)
		drawSpotLabel(img, kit, rad, pad+rad+2, cy, CaptureLabel(i))
		drawTextAt(img, face, colText, pad+2*rad+12, cy, alignLeft, fitText(face, c.name, boardW-3*pad-2*rad))
	}
	return img, nil
}

// drawRing returns a ring of radius rad pixels and line width w in colour
// c, on a transparent square.
func drawRing(rad int, w float64, c color.RGBA) *image.RGBA {
	n := 2*rad + int(math.Ceil(w)) + 2
	dc := gg.NewContext(n, n)
	dc.SetColor(c)
	dc.SetLineWidth(w)
	dc.DrawCircle(float64(n)/2, float64(n)/2, float64(rad))
	dc.Stroke()
	return dc.Image().(*image.RGBA)
}

// coverMaxCells is the most cells on a side of a preview: a tower reaches
// as far as it is high, so only a tower 6 high, placed far from the tile,
// shows less than all it reaches.
const coverMaxCells = 13

// coverWindow returns the cells a preview around cell tower (the tower,
// or the tile placed) shows, as wide in pixels as 5 × 5 cells of
// previewTile: the 5 × 5 cells around tower that previewCorner chooses,
// or that contain every cell of interest (the tile placed, the figures in
// reach of a tower, the mage or witch moved, a ferry moved, the second
// gold ingot) with the most tiles; when none can, the square of up to
// coverMaxCells cells centred on the cells of interest, with smaller
// cells.
func coverWindow(sc *scene, tower engine.Cell, interest []engine.Cell) window {
	n := 2*previewReach + 1
	all := func(lo engine.Cell) bool {
		for _, c := range interest {
			if c.X < lo.X || c.X >= lo.X+n || c.Y < lo.Y || c.Y >= lo.Y+n {
				return false
			}
		}
		return true
	}
	mk := func(lo engine.Cell, n int) window {
		tsz := previewTile * (2*previewReach + 1) / n
		m := marginFor(tsz)
		// As wide as a 5 × 5 preview: the cells take what the margins leave.
		tsz = (previewTile*(2*previewReach+1) + 2*marginFor(previewTile) - 2*m) / n
		return window{lo: lo, hi: engine.Cell{X: lo.X + n - 1, Y: lo.Y + n - 1}, tile: tsz,
			origin: image.Pt(m, previewCaptionH+m), margin: m}
	}
	if lo := previewCorner(sc, tower); all(lo) {
		return mk(lo, n)
	}
	best, bestN := engine.Cell{}, -1
	for dy := -2 * previewReach; dy <= 0; dy++ {
		for dx := -2 * previewReach; dx <= 0; dx++ {
			lo := engine.Cell{X: tower.X + dx, Y: tower.Y + dy}
			if !all(lo) {
				continue
			}
			if count := tilesIn(sc, lo, n); count > bestN {
				best, bestN = lo, count
			}
		}
	}
	if bestN >= 0 {
		return mk(best, n)
	}
	lo, hi := tower, tower
	for _, c := range interest {
		lo.X, lo.Y = min(lo.X, c.X), min(lo.Y, c.Y)
		hi.X, hi.Y = max(hi.X, c.X), max(hi.Y, c.Y)
	}
	size := min(max(hi.X-lo.X+1, hi.Y-lo.Y+1, n), coverMaxCells)
	// Centred on the cells of interest on each axis; on an axis where they
	// span more than coverMaxCells, centred on the tower.
	start := func(lo, hi, t int) int {
		if w := hi - lo + 1; w <= size {
			return lo - (size-w)/2
		}
		return t - size/2
	}
	return mk(engine.Cell{X: start(lo.X, hi.X, tower.X), Y: start(lo.Y, hi.Y, tower.Y)}, size)
}
