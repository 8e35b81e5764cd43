package render

import (
	"image"
	"image/color"
	"sync"

	"github.com/meeple-works/carcassonne/engine"
)

// geomKey names a tile kind: tile sets are built once and shared, so their
// address names them.
type geomKey struct {
	ts *engine.TileSet
	id engine.TileID
}

// artKey names one picture of a tile: kind, rotation, size in pixels and
// which of its city segments are completed.
type artKey struct {
	geomKey
	rot    engine.Rotation
	size   int
	closed uint32
}

// spriteKey names a cached sprite: a follower, a badge or an overlay.
type spriteKey struct {
	kind   uint8
	size   int
	player int
	lying  bool
	letter string
	fill   color.RGBA
}

const (
	spriteMeeple uint8 = iota
	spriteDisc
	spriteCandidate
	spriteSpot
	spriteCrown
	spriteMask
	spriteChip
	spriteBuilder
	spritePig
	spriteGood
	spriteGoodsChip
	spriteTower
	spriteDragon
	spriteFairy
	spriteIngots
	spriteMage
	spriteWitch
	spriteEdgeMark
	spriteKeyIcon
	spriteTrack // a figure on the scoreboard (scoreboard.go)
)

// artBudget is how many bytes of tile pictures the cache keeps before it
// starts again.
const artBudget = 64 << 20

// cache holds what is drawn once and reused: tile geometry, tile pictures
// by kind, rotation, size and completed cities, and sprites. Cached images
// are never changed after they are stored, so any goroutine may read them.
type cache struct {
	mu       sync.Mutex
	geoms    map[geomKey]*tileGeom
	arts     map[artKey]*image.RGBA
	palArts  map[artKey]*image.Paletted
	artBytes int
	sprites  map[spriteKey]*image.RGBA
}

func newCache() *cache {
	return &cache{
		geoms:   make(map[geomKey]*tileGeom),
		arts:    make(map[artKey]*image.RGBA),
		palArts: make(map[artKey]*image.Paletted),
		sprites: make(map[spriteKey]*image.RGBA),
	}
}

// geom returns the geometry of tile id of ts.
func (c *cache) geom(ts *engine.TileSet, id engine.TileID) *tileGeom {
	k := geomKey{ts, id}
	c.mu.Lock()
	g, ok := c.geoms[k]
	c.mu.Unlock()
	if ok {
		return g
	}
	g = newTileGeom(ts.Tile(id))
	c.mu.Lock()
	if old, ok := c.geoms[k]; ok {
		g = old
	} else {
		if len(c.geoms) > 4096 {
			clear(c.geoms)
		}
		c.geoms[k] = g
	}
	c.mu.Unlock()
	return g
}

// art returns the picture of tile id turned by rot, size pixels square, with
// the completed city segments in closed drawn as such.
func (c *cache) art(ts *engine.TileSet, id engine.TileID, rot engine.Rotation, size int, closed uint32) *image.RGBA {
	k := artKey{geomKey{ts, id}, rot & 3, size, closed}
	c.mu.Lock()
	img, ok := c.arts[k]
	c.mu.Unlock()
	if ok {
		return img
	}
	g := c.geom(ts, id)
	switch {
	case rot&3 == 0:
		img = drawTileArt(g, ts.Tile(id), size, closed)
		if len(g.symbols) > 0 {
			drawSymbols(img, g.symbols, 0)
		}
	case len(g.symbols) > 0:
		// The symbols stand upright on every rotation: the ground is
		// turned, then they are drawn.
		img = rotateRGBA(drawTileArt(g, ts.Tile(id), size, closed), int(rot&3))
		drawSymbols(img, g.symbols, rot)
	default:
		img = rotateRGBA(c.art(ts, id, 0, size, closed), int(rot&3))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return keepArt(c, c.arts, k, img, len(img.Pix))
}

// keepArt stores img of n bytes under k in m, one of c's maps of tile
// pictures, and returns it; when another goroutine stored one first, it
// returns that one. Both maps are emptied when their pictures pass
// artBudget. The caller holds c.mu.
func keepArt[T any](c *cache, m map[artKey]T, k artKey, img T, n int) T {
	if old, ok := m[k]; ok {
		return old
	}
	if c.artBytes > artBudget {
		clear(c.arts)
		clear(c.palArts)
		c.artBytes = 0
	}
	m[k] = img
	c.artBytes += n
	return img
}

// palArt returns the picture of art(ts, id, rot, size, closed) in the
// fixed palette, each pixel the nearest palette colour.
func (c *cache) palArt(ts *engine.TileSet, id engine.TileID, rot engine.Rotation, size int, closed uint32) *image.Paletted {
	k := artKey{geomKey{ts, id}, rot & 3, size, closed}
	c.mu.Lock()
	img, ok := c.palArts[k]
	c.mu.Unlock()
	if ok {
		return img
	}
	src := c.art(ts, id, rot, size, closed)
	p := fixedPalette()
	img = image.NewPaletted(src.Rect, p.pal)
	for y := range src.Rect.Dy() {
		for x := range src.Rect.Dx() {
			s := src.Pix[src.PixOffset(x, y):]
			img.Pix[img.PixOffset(x, y)] = p.index(s[0], s[1], s[2])
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return keepArt(c, c.palArts, k, img, len(img.Pix))
}

// sprite returns the cached sprite for k, drawing it with draw the first
// time.
func (c *cache) sprite(k spriteKey, draw func() *image.RGBA) *image.RGBA {
	c.mu.Lock()
	img, ok := c.sprites[k]
	c.mu.Unlock()
	if ok {
		return img
	}
	img = draw()
	c.mu.Lock()
	if len(c.sprites) > 4096 {
		clear(c.sprites)
	}
	c.sprites[k] = img
	c.mu.Unlock()
	return img
}
