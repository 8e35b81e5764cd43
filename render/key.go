package render

import (
	"image"
	"image/color"
	"math"
	"math/bits"

	"github.com/fogleman/gg"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// This file draws the key of the board pictures (issue 32, point 12): the
// symbols and figures the expansions in play put on the part of the board
// a picture shows, each as its small picture on the board and a word or
// two ("fairy", "witch", "inn", …), so that a player learns what the
// purple star or the red dragon on a tile means. The key of a game of the
// base game alone is the colours of the cities, completed and open.

// keyEntry is an entry of the key: a symbol or figure a board picture may
// show. The entries are in order of use to a player, the most useful
// first: when the key has no room for them all, the last are left out.
type keyEntry uint8

const (
	keyMagic      keyEntry = iota // the purple star: the tile moves the mage or the witch (Mage & Witch)
	keyDragonMark                 // the red dragon on a tile: the dragon moves (The Princess & the Dragon)
	keyFairy
	keyWitch
	keyMage
	keyDragon
	keyTrail // the way the dragon went in the last move
	keyPortal
	keyVolcano
	keyPrincess
	keyCrop
	keyBag // the robbers' bag: the robbers may be placed after the tile (The Robbers)
	keyMachine
	keyFlight // the flight of the last move, with the die
	keyGoldMine
	keyIngots
	keyTower
	keyFoundation
	keyFerry
	keySiege
	keyPigHerd
	keyInn
	keyCathedral
	keyWine
	keyGrain
	keyCloth
	keyBuilder
	keyPig
	keyCityClosed
	keyCityOpen
	numKeyEntries
)

// keyLabels are the words of the entries of the key.
var keyLabels = [numKeyEntries]string{
	keyMagic:      "move mage/witch",
	keyDragonMark: "dragon moves",
	keyFairy:      "fairy",
	keyWitch:      "witch",
	keyMage:       "mage",
	keyDragon:     "dragon",
	keyTrail:      "dragon's way",
	keyPortal:     "portal",
	keyVolcano:    "volcano",
	keyPrincess:   "princess",
	keyCrop:       "crop circle",
	keyBag:        "robbers' bag",
	keyMachine:    "flying machine",
	keyFlight:     "flight",
	keyGoldMine:   "gold mine",
	keyIngots:     "gold ingots",
	keyTower:      "tower",
	keyFoundation: "tower base",
	keyFerry:      "ferry",
	keySiege:      "siege",
	keyPigHerd:    "pig herd",
	keyInn:        "inn",
	keyCathedral:  "cathedral",
	keyWine:       "wine",
	keyGrain:      "grain",
	keyCloth:      "cloth",
	keyBuilder:    "builder",
	keyPig:        "pig",
	keyCityClosed: "completed city",
	keyCityOpen:   "open city",
}

// String returns the entry's label.
func (e keyEntry) String() string {
	if e < numKeyEntries {
		return keyLabels[e]
	}
	return "?"
}

// keySet is a set of entries of the key.
type keySet uint32

func (s keySet) has(e keyEntry) bool { return s&(1<<e) != 0 }

// keyOf returns the set of entries es.
func keyOf(es ...keyEntry) keySet {
	var s keySet
	for _, e := range es {
		s |= 1 << e
	}
	return s
}

// expansionKeys are the entries each expansion may put on the board.
var expansionKeys = map[engine.Expansion]keySet{
	engine.ExpansionBase:               keyOf(keyCityClosed, keyCityOpen),
	engine.ExpansionRiver2:             keyOf(keyInn, keyVolcano, keyPigHerd),
	engine.ExpansionInnsAndCathedrals:  keyOf(keyInn, keyCathedral),
	engine.ExpansionTradersAndBuilders: keyOf(keyWine, keyGrain, keyCloth, keyBuilder, keyPig),
	engine.ExpansionPrincessAndDragon:  keyOf(keyDragonMark, keyFairy, keyDragon, keyTrail, keyPortal, keyVolcano, keyPrincess),
	engine.ExpansionTower:              keyOf(keyTower, keyFoundation),
	engine.ExpansionFlyingMachines:     keyOf(keyMachine, keyFlight),
	engine.ExpansionFerries:            keyOf(keyFerry),
	engine.ExpansionGoldMines:          keyOf(keyGoldMine, keyIngots),
	engine.ExpansionMageAndWitch:       keyOf(keyMagic, keyMage, keyWitch),
	engine.ExpansionCropCircles:        keyOf(keyCrop),
	engine.ExpansionRobbers:            keyOf(keyBag),
	engine.ExpansionCathars:            keyOf(keySiege),
	engine.ExpansionGQ11:               keyOf(keyPigHerd),
}

// possibleKeys returns the entries the expansions in play of sc's game may
// put on the board: the cities' colours in every game.
func possibleKeys(sc *scene) keySet {
	s := expansionKeys[engine.ExpansionBase]
	rules := sc.g.Rules()
	if rules == nil {
		return s
	}
	for e, k := range expansionKeys {
		if rules.Expansions.Has(e) {
			s |= k
		}
	}
	return s
}

// markerKeys are the entries of the tiles' symbols (drawSymbol), by
// marker.
var markerKeys = [...]struct {
	m engine.Marker
	e keyEntry
}{
	{engine.Magic, keyMagic}, {engine.Dragon, keyDragonMark}, {engine.MagicPortal, keyPortal},
	{engine.Volcano, keyVolcano}, {engine.Princess, keyPrincess}, {engine.CropCircle, keyCrop}, {engine.Bag, keyBag},
	{engine.FlyingMachine, keyMachine}, {engine.GoldMine, keyGoldMine}, {engine.TowerFoundation, keyFoundation},
	{engine.Besieged, keySiege}, {engine.PigHerd, keyPigHerd}, {engine.Inn, keyInn},
	{engine.Cathedral, keyCathedral}, {engine.Wine, keyWine}, {engine.Grain, keyGrain}, {engine.Cloth, keyCloth},
}

// symbolMarks is every marker of markerKeys.
var symbolMarks = func() engine.Marker {
	var m engine.Marker
	for _, mk := range markerKeys {
		m |= mk.m
	}
	return m
}()

// boardKey returns the entries of the key of the cells lo–hi of sc: the
// symbols of the tiles there and the figures standing there, which the
// expansions in play may show (possibleKeys), most useful first, and the
// cities' colours last.
func boardKey(sc *scene, lo, hi engine.Cell) []keyEntry {
	w := window{lo: lo, hi: hi}
	var on keySet
	for c, i := range sc.at {
		if !w.contains(c) {
			continue
		}
		t := sc.ts.Tile(sc.tiles[i].Tile)
		m := t.Markers
		for _, f := range t.Features {
			m |= f.Markers
		}
		if m&symbolMarks == 0 {
			continue
		}
		for _, mk := range markerKeys {
			if m&mk.m != 0 {
				on |= 1 << mk.e
			}
		}
	}
	placed := func(c engine.Cell) bool {
		_, ok := sc.at[c]
		return ok && w.contains(c)
	}
	if sc.pd.fairyOn && placed(sc.pd.fairy) {
		on |= keyOf(keyFairy)
	}
	if sc.pd.dragonOn && placed(sc.pd.dragon) {
		on |= keyOf(keyDragon)
	}
	for _, c := range sc.pd.path {
		if w.contains(c) {
			on |= keyOf(keyTrail)
		}
	}
	if sc.mage.On && placed(sc.mage.Cell) {
		on |= keyOf(keyMage)
	}
	if sc.witch.On && placed(sc.witch.Cell) {
		on |= keyOf(keyWitch)
	}
	for _, tw := range sc.towers {
		if tw.Height > 0 && placed(tw.Cell) {
			on |= keyOf(keyTower)
		}
	}
	for _, in := range sc.ingots {
		if in.N > 0 && placed(in.Cell) {
			on |= keyOf(keyIngots)
		}
	}
	for _, f := range sc.ferries {
		if placed(f.Cell) {
			on |= keyOf(keyFerry)
		}
	}
	if fl := sc.flight; fl.on && w.contains(fl.from) && w.contains(fl.to) {
		on |= keyOf(keyFlight)
	}
	for _, f := range sc.followers {
		switch {
		case f.Figure == engine.FigureBuilder && placed(f.Cell):
			on |= keyOf(keyBuilder)
		case f.Figure == engine.FigurePig && placed(f.Cell):
			on |= keyOf(keyPig)
		}
	}
	on |= keyOf(keyCityClosed, keyCityOpen)
	on &= possibleKeys(sc)
	var out []keyEntry
	for e := range numKeyEntries {
		if on.has(e) {
			out = append(out, e)
		}
	}
	return out
}

// keyReserveD returns the height the side panel keeps for the key under
// the players' rows, in display pixels: a line for each entry the
// expansions in play may show (possibleKeys), up to keyReserveLines: the
// two lines of the cities' colours in a game of the base game alone. The
// key fills more room when the board makes the panel taller.
func keyReserveD(sc *scene) float64 {
	n := bits.OnesCount32(uint32(possibleKeys(sc)))
	return float64(keyLineD * min(keyReserveLines, max(2, n)))
}

// keyReserveLines is the most lines of the key the side panel keeps room
// for: the two most useful entries, whose labels are long, and two lines
// of two entries.
const keyReserveLines = 4

// Sizes of the key, in display pixels.
const (
	keyLineD  = 16 // a line
	keyIconD  = 13 // an icon's box
	keyTextD  = 15 // from an entry's left to its label
	keyFontD  = 11 // the labels' font
	keyColGap = 6  // between two columns
)

// keyItem is an entry of the key placed in a picture: its icon centred on
// icon, its label from text (left, middle), and box, the pixels both
// cover.
type keyItem struct {
	e     keyEntry
	label string
	icon  image.Point
	text  image.Point
	box   image.Rectangle
}

// placeKeyIn is placeKey with the entries' labels in language l
// (keyLabel).
func placeKeyIn(l i18n.Lang, entries []keyEntry, area image.Rectangle, cols int, u float64, labelW func(string) int, fit func(string, int) string) []keyItem {
	d := func(v float64) int { return dpx(v, u) }
	lineH := d(keyLineD)
	lines := 0
	if lineH > 0 {
		lines = area.Dy() / lineH
	}
	if lines <= 0 || len(entries) == 0 || area.Dx() <= d(keyTextD) {
		return nil
	}
	if len(entries) <= lines {
		cols = 1
	}
	cols = max(1, cols)
	gap := d(keyColGap)
	colW := (area.Dx() + gap) / cols
	type cell struct{ line, col int }
	var placed []cell
	var spans []int
	var kept []keyEntry
	busy := make([][]bool, lines)
	for i := range busy {
		busy[i] = make([]bool, cols)
	}
	for _, e := range entries {
		need := d(keyTextD) + labelW(keyLabel(l, e))
		span := min(cols, max(1, (need+gap+colW-1)/colW))
		found := false
		for l := 0; l < lines && !found; l++ {
			for c := 0; c+span <= cols && !found; c++ {
				free := true
				for k := c; k < c+span; k++ {
					free = free && !busy[l][k]
				}
				if !free {
					continue
				}
				for k := c; k < c+span; k++ {
					busy[l][k] = true
				}
				placed = append(placed, cell{l, c})
				spans = append(spans, span)
				kept = append(kept, e)
				found = true
			}
		}
	}
	used := 0
	for _, p := range placed {
		used = max(used, p.line+1)
	}
	top := area.Max.Y - used*lineH
	out := make([]keyItem, len(kept))
	for i, e := range kept {
		x := area.Min.X + placed[i].col*colW
		room := spans[i]*colW - gap - d(keyTextD)
		if placed[i].col+spans[i] == cols {
			room = area.Max.X - x - d(keyTextD)
		}
		label := fit(keyLabel(l, e), room)
		cy := top + placed[i].line*lineH + lineH/2
		iw := d(keyIconD)
		icon := image.Pt(x+iw/2, cy)
		box := image.Rect(x, cy-iw/2, max(x+iw, x+d(keyTextD)+labelW(label)), cy-iw/2+iw)
		out[i] = keyItem{e: e, label: label, icon: icon, text: image.Pt(x+d(keyTextD), cy), box: box}
	}
	return out
}

// drawKey draws the entries items of the key (placeKey) at scale u.
func (r *Renderer) drawKey(dst canvas, k *kit, sc *scene, items []keyItem, u float64) {
	d := func(v float64) int { return dpx(v, u) }
	f := k.face(false, d(keyFontD))
	for _, it := range items {
		switch it.e {
		case keyCityClosed, keyCityOpen:
			// A chip of the city's colour, closed or open.
			c := colCity
			if it.e == keyCityClosed {
				c = colCityClosed
			}
			x := it.text.X - d(keyTextD)
			b := image.Rect(x, it.icon.Y-d(5), x+d(10), it.icon.Y+d(5))
			dst.fill(b, colWall)
			dst.fill(b.Inset(max(1, d(1.5))), c)
		default:
			if ic := r.keyIcon(k, sc, it.e, d(keyIconD)); ic != nil {
				blit(dst, ic, it.icon.X, it.icon.Y)
			}
		}
		drawTextAt(dst, f, colTextDim, it.text.X, it.text.Y, alignLeft, it.label)
	}
}

// keyItems lays out entries of the key in area at scale u, in cols
// columns (placeKey), measured in the labels' face of k.
func (r *Renderer) keyItems(k *kit, l i18n.Lang, entries []keyEntry, area image.Rectangle, cols int, u float64) []keyItem {
	f := k.face(false, dpx(keyFontD, u))
	return placeKeyIn(l, entries, area, cols, u,
		func(s string) int { return textWidth(f, s) },
		func(s string, w int) string { return fitText(f, s, w) })
}

// keyIcon returns the icon of entry e, at most w pixels wide and tall:
// the symbol or figure as the board shows it. The builder and the pig are in
// the current player's colour.
func (r *Renderer) keyIcon(k *kit, sc *scene, e keyEntry, w int) *image.RGBA {
	switch e {
	case keyBuilder, keyPig:
		fig := engine.FigureBuilder
		if e == keyPig {
			fig = engine.FigurePig
		}
		return r.figure(k, sc, sc.g.Current(), figureFit(w), false, fig)
	case keyTower:
		return r.tower(k, figureFit(w), 2)
	case keyIngots:
		return r.ingotIcon(w - 4)
	}
	return r.cache.sprite(spriteKey{kind: spriteKeyIcon, size: w, player: int(e)}, func() *image.RGBA {
		switch e {
		case keyFairy:
			return drawFairySprite(figureFit(w))
		case keyWitch:
			return drawWitchSprite(figureFit(w))
		case keyMage:
			return drawMageSprite(figureFit(w))
		case keyDragon:
			return drawDragonSprite(figureFit(w))
		case keyTrail:
			return drawTrailIcon(w)
		case keyFlight:
			dc := gg.NewContext(w, w)
			drawDie(dc, pt{float64(w) / 2, float64(w) / 2}, float64(w)*0.8, 2)
			return dc.Image().(*image.RGBA)
		case keyFerry:
			return drawFerryIcon(w)
		}
		for _, mk := range markerKeys {
			if mk.e == e {
				m := mk.m
				if m == engine.CropCircle {
					m |= engine.CropFork
				}
				return drawSymbolIcon(m, w)
			}
		}
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	})
}

// figureFit returns the height of a figure whose sprite, its outline and
// halo included, is at most n pixels tall.
func figureFit(n int) int {
	h := n
	for h > 4 && h+2*figurePad(h) > n {
		h--
	}
	return h
}

// drawSymbolIcon draws the symbol of marker m (drawSymbol) to fill a
// square w pixels wide, whatever reach beyond its radius its shape has:
// drawn once large to measure it, then at the size that fits, centred.
func drawSymbolIcon(m engine.Marker, w int) *image.RGBA {
	r0 := float64(max(w, 8))
	n := int(8 * r0)
	dc := gg.NewContext(n, n)
	c := pt{float64(n) / 2, float64(n) / 2}
	drawSymbol(dc, m, 1, engine.NoHeading, c, r0)
	bb := opaqueBounds(dc.Image().(*image.RGBA))
	if bb.Empty() {
		return image.NewRGBA(image.Rect(0, 0, w, w))
	}
	ext := float64(max(bb.Dx(), bb.Dy()))
	s := float64(w) / ext
	mid := pt{float64(bb.Min.X+bb.Max.X) / 2, float64(bb.Min.Y+bb.Max.Y) / 2}
	out := gg.NewContext(w, w)
	half := float64(w) / 2
	drawSymbol(out, m, 1, engine.NoHeading, pt{half - (mid.x-c.x)*s, half - (mid.y-c.y)*s}, r0*s)
	return out.Image().(*image.RGBA)
}

// opaqueBounds returns the smallest rectangle holding every pixel of img
// that is not transparent.
func opaqueBounds(img *image.RGBA) image.Rectangle {
	var b image.Rectangle
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		row := img.Pix[img.PixOffset(img.Rect.Min.X, y) : img.PixOffset(img.Rect.Max.X-1, y)+4]
		for x := 0; x < len(row)/4; x++ {
			if row[4*x+3] != 0 {
				b = b.Union(image.Rect(img.Rect.Min.X+x, y, img.Rect.Min.X+x+1, y+1))
			}
		}
	}
	return b
}

// drawTrailIcon draws the dragon's trail w pixels wide: a step of the
// trail, an arrow in the trail's colour, from a disc where a step ends.
func drawTrailIcon(w int) *image.RGBA {
	dc := gg.NewContext(w, w)
	s := float64(w)
	lw := math.Max(2, s*0.16)
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	head := []pt{{s * 0.95, s * 0.5}, {s * 0.62, s * 0.22}, {s * 0.62, s * 0.78}}
	for pass := range 2 {
		col, extra := color.Color(colOutlineDk), math.Max(2, s*0.1)
		if pass == 1 {
			col, extra = colTrail, 0
		}
		dc.SetColor(col)
		dc.SetLineWidth(lw + extra)
		dc.DrawLine(s*0.2, s*0.5, s*0.7, s*0.5)
		dc.Stroke()
		fillArrowHead(dc, head, pass == 0)
	}
	dc.DrawCircle(s*0.22, s*0.5, s*0.2)
	dc.SetColor(colOutlineDk)
	dc.SetLineWidth(math.Max(1, s*0.06))
	dc.StrokePreserve()
	dc.SetColor(colTrail)
	dc.Fill()
	return dc.Image().(*image.RGBA)
}

// drawFerryIcon draws a ferry on its lake w pixels wide: the middle of a
// tile of The Ferries twice as wide, its lake and a ferry across it from
// west to east.
func drawFerryIcon(w int) *image.RGBA {
	t := 2 * w
	dc := gg.NewContext(t, t)
	drawRiverEnd(dc, engine.Lake, float64(t))
	dc.DrawImage(drawFerrySprite(t, engine.Rotate0, engine.W, engine.E), 0, 0)
	big := dc.Image().(*image.RGBA)
	out := image.NewRGBA(image.Rect(0, 0, w, w))
	for y := range w {
		copy(out.Pix[y*out.Stride:y*out.Stride+4*w], big.Pix[big.PixOffset(w/2, y+w/2):])
	}
	return out
}
