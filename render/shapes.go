package render

import (
	"math"

	"github.com/meeple-works/carcassonne/engine"
)

// This file derives the shapes of a tile's features from their ports, in the
// tile's canonical orientation and in unit coordinates: the tile is the square
// [0,1]×[0,1], x east and y south. Tile art, follower positions and spot
// labels all come from these shapes, so every tile of every expansion draws
// itself from its tile data.

// pt is a point in unit tile coordinates (or, where said, in pixels).
type pt struct{ x, y float64 }

func (p pt) add(q pt) pt         { return pt{p.x + q.x, p.y + q.y} }
func (p pt) sub(q pt) pt         { return pt{p.x - q.x, p.y - q.y} }
func (p pt) mul(k float64) pt    { return pt{p.x * k, p.y * k} }
func (p pt) dist(q pt) float64   { return math.Hypot(p.x-q.x, p.y-q.y) }
func lerp(p, q pt, t float64) pt { return p.add(q.sub(p).mul(t)) }
func (p pt) scale(s float64) pt  { return pt{p.x * s, p.y * s} }

// rotatePt turns p clockwise by quarters × 90 degrees about the tile centre.
func rotatePt(p pt, quarters int) pt {
	for range quarters & 3 {
		p = pt{1 - p.y, p.x}
	}
	return p
}

// numPorts is the number of ports of a tile, the inner ports C and C2
// included: the size of the arrays indexed by port-1.
const numPorts = int(engine.C2)

// portPos is where each port lies on the unit tile; index port-1. Both
// inner ports lie at the centre: where a feature on them is drawn comes
// from its area (tileGeom.fillLabels).
var portPos = [numPorts]pt{
	{0.25, 0}, {0.5, 0}, {0.75, 0}, // NNW N NNE
	{1, 0.25}, {1, 0.5}, {1, 0.75}, // ENE E ESE
	{0.75, 1}, {0.5, 1}, {0.25, 1}, // SSE S SSW
	{0, 0.75}, {0, 0.5}, {0, 0.25}, // WSW W WNW
	{0.5, 0.5}, // C
	{0.5, 0.5}, // C2
}

// posOf returns the position of port p on the unit tile (the centre for an
// unknown port).
func posOf(p engine.Port) pt {
	if p == engine.NoPort || p > engine.C2 {
		return pt{0.5, 0.5}
	}
	return portPos[p-1]
}

// sideBit is the bit of side s (North=1 … West=8) in a side mask.
func sideBit(s engine.Side) uint8 { return 1 << (s - 1) }

// sidesOf returns the sides (bit mask, north = 1, east = 2, south = 4,
// west = 8) on which a port set has at least one port.
func sidesOf(ps engine.PortSet) uint8 {
	var m uint8
	for p := engine.NNW; p <= engine.WNW; p++ {
		if ps.Has(p) {
			m |= sideBit(p.Side())
		}
	}
	return m
}

// turnMask turns a side mask clockwise by quarters.
func turnMask(m uint8, quarters int) uint8 {
	q := uint(quarters & 3)
	return (m<<q | m>>(4-q)) & 0xf
}

// cubic samples a cubic Bézier curve from p0 to p3 (p0 excluded) into n
// points appended to dst.
func cubic(dst []pt, p0, p1, p2, p3 pt, n int) []pt {
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		u := 1 - t
		a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
		dst = append(dst, pt{
			a*p0.x + b*p1.x + c*p2.x + d*p3.x,
			a*p0.y + b*p1.y + c*p2.y + d*p3.y,
		})
	}
	return dst
}

const curveSteps = 20

// cityShape is the area of one city segment: a polygon, and the parts of its
// outline that are walls (the outline along the tile's edges is open: the
// city goes on across them).
type cityShape struct {
	poly  []pt
	walls [][]pt
	// covers tells whether the shape holds the tile centre, where roads that
	// end in the middle of the tile would end at the city wall.
	covers bool
}

// cityInset is how far a city's wall starts from a corner when the side
// beyond that corner holds another city, so that two cities on one tile
// (tiles H and I) look separate.
const cityInset = 0.14

// makeCity returns the shape of a city segment covering the given sides
// (mask) or, with none, only the centre. other is the mask of the sides held
// by the tile's other city segments.
func makeCity(sides, other uint8) cityShape {
	switch sides {
	case 0:
		var poly []pt
		for i := range 48 {
			a := 2 * math.Pi * float64(i) / 48
			poly = append(poly, pt{0.5 + 0.24*math.Cos(a), 0.5 + 0.24*math.Sin(a)})
		}
		wall := append(append([]pt(nil), poly...), poly[0])
		return cityShape{poly: poly, walls: [][]pt{wall}, covers: true}
	case 0xf:
		return cityShape{poly: []pt{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, covers: true}
	}
	// Opposite sides: a band across the tile.
	for q := range 2 {
		if sides == turnMask(0b1010, q) { // east and west, turned
			top := cubic([]pt{{0, 0}}, pt{0, 0}, pt{0.25, 0.38}, pt{0.75, 0.38}, pt{1, 0}, curveSteps)
			bot := cubic([]pt{{1, 1}}, pt{1, 1}, pt{0.75, 0.62}, pt{0.25, 0.62}, pt{0, 1}, curveSteps)
			poly := append(append([]pt(nil), top...), bot...)
			return turnShape(cityShape{poly: poly, walls: [][]pt{top, bot}, covers: true}, q)
		}
	}
	// One run of sides: find the turn q that brings its first side north.
	for q := range 4 {
		for _, run := range [...]uint8{0b0001, 0b0011, 0b1011} { // N; N E; W N E
			if sides != turnMask(run, q) {
				continue
			}
			// The sides just before and after the run, in canonical frame.
			o := turnMask(other, 4-q)
			var before, after uint8
			switch run {
			case 0b0001:
				before, after = 0b1000, 0b0010 // W, E
			case 0b0011:
				before, after = 0b1000, 0b0100 // W, S
			default:
				before, after = 0b0100, 0b0100 // S, S
			}
			si, ei := 0.0, 0.0
			if o&before != 0 {
				si = cityInset
			}
			if o&after != 0 {
				ei = cityInset
			}
			var outer, wall []pt
			covers := false
			switch run {
			case 0b0001: // a cap on the north side
				s, e := pt{si, 0}, pt{1 - ei, 0}
				outer = []pt{s, e}
				wall = cubic([]pt{e}, e, pt{0.75, 0.4}, pt{0.25, 0.4}, s, curveSteps)
			case 0b0011: // a corner over north and east
				s, e := pt{si, 0}, pt{1, 1 - ei}
				outer = []pt{s, {1, 0}, e}
				wall = cubic([]pt{e}, e, pt{0.533, 0.8}, pt{0.2, 0.467}, s, curveSteps)
			default: // three sides: west, north, east
				s, e := pt{0, 1 - si}, pt{1, 1 - ei}
				outer = []pt{s, {0, 0}, {1, 0}, e}
				wall = cubic([]pt{e}, e, pt{0.75, 0.55}, pt{0.25, 0.55}, s, curveSteps)
				covers = true
			}
			poly := append(append([]pt(nil), outer...), wall[1:len(wall)-1]...)
			return turnShape(cityShape{poly: poly, walls: [][]pt{wall}, covers: covers}, q)
		}
	}
	// Not reached for masks of 1 to 4 sides; keep a safe default.
	return makeCity(0, other)
}

// crossHalf is the half width, at the tile centre, of the two cities that
// cross each other on one tile (KR05).
const crossHalf = 0.14

// makeCrossingCity returns the shape of a city across the tile from west to
// east, turned by q quarters, narrow enough that another city can cross it
// and leave room for the fields between them (King & Robber Baron's KR05).
func makeCrossingCity(q int) cityShape {
	m := 0.5 - crossHalf
	top := cubic([]pt{{0, 0}}, pt{0, 0}, pt{0.02, m - 0.06}, pt{0.22, m}, pt{0.5, m}, curveSteps)
	top = cubic(top, pt{0.5, m}, pt{0.78, m}, pt{0.98, m - 0.06}, pt{1, 0}, curveSteps)
	bot := make([]pt, len(top))
	for i, p := range top {
		bot[len(top)-1-i] = pt{p.x, 1 - p.y}
	}
	poly := append(append([]pt(nil), top...), bot...)
	return turnShape(cityShape{poly: poly, walls: [][]pt{top, bot}, covers: true}, q)
}

func turnShape(s cityShape, q int) cityShape {
	for i := range s.poly {
		s.poly[i] = rotatePt(s.poly[i], q)
	}
	for _, w := range s.walls {
		for i := range w {
			w[i] = rotatePt(w[i], q)
		}
	}
	return s
}

// roadCurve is how sharply a road bends between two adjacent sides: the
// control points lie this far in from the ports (a quarter circle would be
// 0.276).
const roadCurve = 0.22

// roadPaths returns the centre lines of a road (or river) segment: a straight
// line between opposite ports, a curve between adjacent ones, and a line
// from each port to the centre when the segment has one port or three or
// more. ends tells whether the lines run to the centre (and end there).
func roadPaths(ps engine.PortSet) (paths [][]pt, ends bool) {
	var mids []engine.Port
	for _, p := range [...]engine.Port{engine.N, engine.E, engine.S, engine.W} {
		if ps.Has(p) {
			mids = append(mids, p)
		}
	}
	centre := pt{0.5, 0.5}
	if len(mids) == 2 {
		a, b := posOf(mids[0]), posOf(mids[1])
		if mids[0].Side().Opposite() == mids[1].Side() {
			return [][]pt{{a, b}}, false
		}
		ca := lerp(a, centre, 2*roadCurve)
		cb := lerp(b, centre, 2*roadCurve)
		return [][]pt{cubic([]pt{a}, a, ca, cb, b, curveSteps)}, false
	}
	for _, p := range mids {
		paths = append(paths, []pt{posOf(p), centre})
	}
	return paths, len(paths) > 0
}

// inPoly reports whether p lies inside the polygon (even-odd rule).
func inPoly(p pt, poly []pt) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.y > p.y) != (b.y > p.y) && p.x < (b.x-a.x)*(p.y-a.y)/(b.y-a.y)+a.x {
			in = !in
		}
	}
	return in
}

// distToPath returns the distance from p to a polyline.
func distToPath(p pt, path []pt) float64 {
	best := math.Inf(1)
	for i := 1; i < len(path); i++ {
		best = math.Min(best, distToSeg(p, path[i-1], path[i]))
	}
	if len(path) == 1 {
		best = p.dist(path[0])
	}
	return best
}

func distToSeg(p, a, b pt) float64 {
	d := b.sub(a)
	l2 := d.x*d.x + d.y*d.y
	if l2 == 0 {
		return p.dist(a)
	}
	t := ((p.x-a.x)*d.x + (p.y-a.y)*d.y) / l2
	t = math.Max(0, math.Min(1, t))
	return p.dist(a.add(d.mul(t)))
}
