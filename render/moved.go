package render

import (
	"image"
	"math"
	"slices"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// This file marks on a preview what its move does away from the tile
// placed (PreviewMove): the second gold ingot (The Gold Mines), the mage
// or the witch where it goes (Mage & Witch), the figure sent through the
// magic portal, the fairy where she goes, the knight the princess sends
// home (The Princess & the Dragon), the ferries moved (The Ferries). Each
// is ringed on the board and said in a line above the tile's spots, so
// that a player sees at once what the answers chosen in the menus will
// do.

// movedWords returns the words for what move m does away from the tile
// placed, in the order of the turn's steps (the ingot, the mage or witch,
// the figure, the ferries) and joined by " · ": "mage to (2,0) · fairy to
// (0,1), next to your follower"; "" when it does nothing there.
func movedWords(sc *scene, m engine.Move) string {
	var ws []string
	if m.Gold {
		ws = append(ws, sc.t("render.preview.gold", map[string]any{"Cell": m.GoldCell.String()}))
	}
	if m.Magic != engine.MagicNone {
		id := "render.preview.mage"
		if m.Magic == engine.MagicWitch {
			id = "render.preview.witch"
		}
		if m.MagicAt == (engine.Target{}) {
			ws = append(ws, sc.t(id+"_off", nil))
		} else {
			ws = append(ws, sc.t(id, map[string]any{"Cell": m.MagicAt.Cell.String()}))
		}
	}
	switch {
	case m.Portal:
		ws = append(ws, sc.t("render.preview.portal", map[string]any{"Figure": figureIn(sc.lang, m.Figure), "Cell": m.PortalCell.String()}))
	case m.Fairy:
		ws = append(ws, sc.t("render.preview.fairy", map[string]any{"Cell": m.FairyCell.String()}))
	case m.Princess != (engine.Target{}):
		ws = append(ws, sc.t("render.preview.princess", map[string]any{"Cell": m.Princess.Cell.String()}))
	}
	for _, fm := range m.FerryMoves.All() {
		ws = append(ws, sc.t("render.preview.ferry_move", map[string]any{"Cell": fm.Cell.String()}))
	}
	return strings.Join(ws, " · ")
}

// ringMoved rings on dst, in window w of scene sc (the scene after move
// m), what m does away from the tile placed: the second gold ingot, the
// mage or the witch, the figure through the magic portal, the fairy and
// the lake of each ferry moved where they are after m, in the highlight
// colour, as a preview of The Tower rings the prisoner chosen; the knight
// the princess sends home, faded where it stood, in the colour of a
// capture. before are the followers on the board before m; focus is the
// tile placed, where the mage or the witch may go.
func (r *Renderer) ringMoved(dst canvas, k *kit, sc *scene, w window, focus *engine.PlacedTile, m engine.Move, before []engine.Follower) {
	width := math.Max(3, float64(w.tile)/30)
	ring := func(sp *image.RGBA, x, y int, chosen bool) {
		rad := max(sp.Bounds().Dx(), sp.Bounds().Dy())/2 + 6
		if chosen {
			blit(dst, drawRing(rad, width*1.6, colHighlight), x, y)
		} else {
			blit(dst, drawRing(rad, width, colCapture), x, y)
		}
	}
	if m.Gold {
		for _, in := range sc.ingots {
			if in.Cell != m.GoldCell {
				continue
			}
			if sp, x, y, ok := r.ingotsOn(k, sc, w, boardStyle{}, in); ok {
				ring(sp, x, y, true)
			}
		}
	}
	if m.Magic != engine.MagicNone && m.MagicAt != (engine.Target{}) {
		if sp, x, y, ok := r.neutralSprite(sc, w, focus, m.Magic == engine.MagicWitch); ok {
			ring(sp, x, y, true)
		}
	}
	cur := sc.g.Current()
	switch {
	case m.Portal:
		for _, f := range sc.followers {
			if f.Player == cur && f.Cell == m.PortalCell && f.Port == m.Follower {
				if sp, x, y, ok := r.boardFollower(k, sc, w, sc.followers, f); ok {
					ring(sp, x, y, true)
				}
			}
		}
	case m.Fairy:
		if sp, x, y, ok := r.fairySprite(sc, w); ok {
			ring(sp, x, y, true)
		}
	case m.Princess != (engine.Target{}):
		for _, f := range before {
			if f.Cell != m.Princess.Cell || f.Figure > engine.FigureLarge || slices.Contains(sc.followers, f) {
				continue
			}
			if sp, x, y, ok := r.boardFollower(k, sc, w, before, f); ok {
				blit(dst, faded(sp, 0.45), x, y)
				ring(sp, x, y, false)
			}
		}
	}
	for _, fm := range m.FerryMoves.All() {
		if w.contains(fm.Cell) {
			// The lake, in the middle of its tile.
			c := w.cellRect(fm.Cell)
			mid := c.Min.Add(c.Size().Div(2))
			blit(dst, drawRing(w.tile*3/10, width*1.6, colHighlight), mid.X, mid.Y)
		}
	}
}

// boardFollower returns the sprite of follower f, one of followers on the
// board, in window w of scene sc and the pixel where its centre goes, as
// drawFollowers draws it; false when its tile is not in w.
func (r *Renderer) boardFollower(k *kit, sc *scene, w window, followers []engine.Follower, f engine.Follower) (*image.RGBA, int, int, bool) {
	i, ok := sc.at[f.Cell]
	if !ok || !w.contains(f.Cell) {
		return nil, 0, 0, false
	}
	others := -1
	for _, o := range followers {
		if o.Cell == f.Cell {
			others++
		}
	}
	sp, x, y := r.followerSprite(k, sc, w, sc.tiles[i], f, max(0, others))
	return sp, x, y, true
}

// faded returns a copy of sprite sp at opacity a, 0 to 1.
func faded(sp *image.RGBA, a float64) *image.RGBA {
	out := image.NewRGBA(sp.Bounds())
	for i, v := range sp.Pix {
		out.Pix[i] = uint8(float64(v)*a + 0.5)
	}
	return out
}
