package render

import (
	"math"
	"slices"
	"sort"

	"github.com/meeple-works/carcassonne/engine"
)

// geomRes is the resolution, in samples per tile side, of the feature map
// used to place followers, pennants and houses.
const geomRes = 48

// Widths of the drawn features, in tile sides.
const (
	roadHalf   = 0.065 // half the width of a road, edges included
	riverHalf  = 0.085 // half the width of a river
	villageRad = 0.13  // radius of the crossing's village
	springRad  = 0.12  // radius of a spring's pool
)

// The cloister building's half extents, in tile sides.
const (
	cloisterHW = 0.15
	cloisterHH = 0.19
)

// featGeom is the shape of one feature segment of a tile, canonical
// orientation.
type featGeom struct {
	kind  engine.FeatureKind
	ports engine.PortSet
	city  cityShape
	roads [][]pt // road or river centre lines
	ends  bool   // a road that ends in the middle of the tile
	// anchor[p] is where a follower deployed on port p (canonical) stands,
	// pulled from the port toward the feature's area; index port-1, the
	// inner ports C and C2 included.
	anchor [numPorts]pt
	// room[p] is the clearance around anchor[p]: the distance, in tile
	// sides, to the nearest point outside the feature or the tile.
	room [numPorts]float64
	// pennants are where the pennants of a city are drawn.
	pennants []pt
	// houses are the centres of the houses drawn in a city.
	houses []pt
}

// tileGeom is the geometry of one tile kind in canonical orientation.
type tileGeom struct {
	feats    []featGeom
	village  bool // roads end at a crossing in the middle (tiles L, W, X)
	cloister int  // index of the cloister segment, or -1
	// symbols are the markers' symbols and where they go (placeSymbols).
	symbols []symbolPlace
	// label holds, for each sample of the tile, the index of the feature
	// there, or -1 (the village, nothing).
	label [geomRes * geomRes]int8
}

// sampleAt returns the unit position of sample (i, j).
func sampleAt(i, j int) pt {
	return pt{(float64(i) + 0.5) / geomRes, (float64(j) + 0.5) / geomRes}
}

// newTileGeom works out the shapes of tile t.
func newTileGeom(t *engine.Tile) *tileGeom {
	g := &tileGeom{cloister: -1, feats: make([]featGeom, len(t.Features))}
	var citySides [16]uint8 // per feature (first 16)
	var allCity uint8
	for i, f := range t.Features {
		if f.Kind == engine.City && i < len(citySides) {
			citySides[i] = sidesOf(f.Ports)
			allCity |= citySides[i]
		}
	}
	centreTaken := false
	for i, f := range t.Features {
		fg := &g.feats[i]
		fg.kind, fg.ports = f.Kind, f.Ports
		switch f.Kind {
		case engine.City:
			var own uint8
			if i < len(citySides) {
				own = citySides[i]
			}
			fg.city = makeCity(own, allCity&^own)
			if (own == 0b0101 || own == 0b1010) && allCity&^own == 0b1111&^own {
				// Two cities cross each other (KR05).
				q := 0
				if own == 0b0101 {
					q = 1
				}
				fg.city = makeCrossingCity(q)
			}
			if fg.city.covers {
				centreTaken = true
			}
		case engine.Road, engine.River:
			fg.roads, fg.ends = roadPaths(f.Ports)
		case engine.Cloister:
			g.cloister = i
			centreTaken = true
		}
	}
	// A river straight across a tile with a cloister bends around it, on
	// the side of the tile's road if it has one (The River's RV05, whose
	// road crosses it to the cloister).
	if g.cloister >= 0 {
		for i := range g.feats {
			r := &g.feats[i]
			m := sidesOf(r.ports)
			if r.kind != engine.River || (m != 0b0101 && m != 0b1010) {
				continue
			}
			bow := pt{0, 1} // away from the centre: south for a river east–west
			if m == 0b0101 {
				bow = pt{1, 0}
			}
			for _, f := range g.feats {
				if f.kind == engine.Road && sidesOf(f.ports)&^m != 0 {
					if d := posOf(f.ports.Main()).sub(pt{0.5, 0.5}); d.x*bow.x+d.y*bow.y < 0 {
						bow = bow.mul(-1)
					}
				}
			}
			a, b := r.roads[0][0], r.roads[0][len(r.roads[0])-1]
			k := bow.mul(0.48)
			r.roads = [][]pt{cubic([]pt{a}, a, lerp(a, b, 0.25).add(k), lerp(a, b, 0.75).add(k), b, curveSteps)}
		}
	}
	// A road that ends where a river runs through the middle of the tile
	// ends on its bank.
	for i := range g.feats {
		r := &g.feats[i]
		if r.kind == engine.River && r.ends && len(r.roads) == 1 {
			// A road that ends where a river rises ends at its spring (GQ11).
			centreTaken = true
			for j := range g.feats {
				if fg := &g.feats[j]; fg.kind == engine.Road && fg.ends {
					for _, rp := range fg.roads {
						rp[1] = lerp(pt{0.5, 0.5}, rp[0], 2*springRad)
					}
				}
			}
		}
		if r.kind != engine.River || r.ends {
			continue
		}
		for _, path := range r.roads {
			if distToPath(pt{0.5, 0.5}, path) < riverHalf {
				centreTaken = true
				for j := range g.feats {
					if fg := &g.feats[j]; fg.kind == engine.Road && fg.ends {
						for _, rp := range fg.roads {
							rp[1] = lerp(pt{0.5, 0.5}, rp[0], 2*riverHalf)
						}
					}
				}
			}
		}
	}
	// A road that ends in the middle of the tile ends at a crossing, drawn
	// as a village, unless a cloister, a city or a lake is there.
	for i := range g.feats {
		fg := &g.feats[i]
		if fg.kind == engine.Road && len(fg.roads) == 1 && fg.ends && !centreTaken && t.Markers&engine.Lake == 0 {
			g.village = true
		}
	}
	g.fillLabels()
	for i := range g.feats {
		g.placeAnchors(i)
	}
	g.symbols = placeSymbols(g, t)
	return g
}

// fillLabels rasterises the features into the label map: cloister over
// city over road, the village blocked, and the rest split into connected
// areas given to the field segments whose ports touch them.
func (g *tileGeom) fillLabels() {
	for j := range geomRes {
		for i := range geomRes {
			p := sampleAt(i, j)
			l := int8(-2) // field, to be assigned
			for f := range g.feats {
				fg := &g.feats[f]
				switch fg.kind {
				case engine.Road, engine.River:
					hw := roadHalf
					if fg.kind == engine.River {
						hw = riverHalf
					}
					for _, path := range fg.roads {
						if distToPath(p, path) <= hw && l == -2 {
							l = int8(f)
						}
					}
				}
			}
			if g.village && p.dist(pt{0.5, 0.5}) <= villageRad {
				l = -1
			}
			for f := range g.feats {
				if g.feats[f].kind == engine.City && inPoly(p, g.feats[f].city.poly) {
					l = int8(f)
				}
			}
			if c := g.cloister; c >= 0 && math.Abs(p.x-0.5) <= cloisterHW+0.03 && math.Abs(p.y-0.5) <= cloisterHH+0.03 {
				l = int8(c)
			}
			g.label[j*geomRes+i] = l
		}
	}
	// Connected field areas.
	comp := make([]int16, len(g.label))
	for i := range comp {
		comp[i] = -1
	}
	var owner []int8 // per component: field index or -1
	var stack []int
	for start := range g.label {
		if g.label[start] != -2 || comp[start] >= 0 {
			continue
		}
		c := int16(len(owner))
		owner = append(owner, -1)
		stack = append(stack[:0], start)
		comp[start] = c
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := k%geomRes, k/geomRes
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if nx < 0 || ny < 0 || nx >= geomRes || ny >= geomRes {
					continue
				}
				n := ny*geomRes + nx
				if g.label[n] == -2 && comp[n] < 0 {
					comp[n] = c
					stack = append(stack, n)
				}
			}
		}
	}
	// Each field claims the areas its ports touch.
	fieldPorts := func(f int) []pt {
		var out []pt
		for _, p := range g.feats[f].ports.Ports() {
			if p < engine.C {
				out = append(out, lerp(posOf(p), pt{0.5, 0.5}, 0.04))
			}
		}
		return out
	}
	// An area the ports of several fields touch is shared among them, each
	// sample to the field of the nearest port (a field beside a river the
	// tile's shapes do not close off, as on The River's RV04).
	touch := make([][]int8, len(owner))
	for f := range g.feats {
		if g.feats[f].kind != engine.Field {
			continue
		}
		for _, q := range fieldPorts(f) {
			k := sampleIndex(q)
			if c := comp[k]; c >= 0 && !slices.Contains(touch[c], int8(f)) {
				touch[c] = append(touch[c], int8(f))
			}
			if c := comp[k]; c >= 0 && owner[c] < 0 {
				owner[c] = int8(f)
			}
		}
	}
	for k := range g.label {
		c := comp[k]
		if g.label[k] != -2 || c < 0 || len(touch[c]) < 2 {
			continue
		}
		p := sampleAt(k%geomRes, k/geomRes)
		best, bestD := touch[c][0], math.Inf(1)
		for _, f := range touch[c] {
			for _, q := range fieldPorts(int(f)) {
				if d := p.dist(q); d < bestD {
					best, bestD = f, d
				}
			}
		}
		g.label[k] = best
	}
	// A field on inner ports only (C, C2: the enclosed fields of IC03 or
	// KR05) takes the areas no port touches, the largest first, one field
	// after the other, so that two such fields stand apart.
	var inner []int8
	for f := range g.feats {
		if g.feats[f].kind == engine.Field && len(fieldPorts(f)) == 0 {
			inner = append(inner, int8(f))
		}
	}
	if len(inner) > 0 {
		size := make([]int, len(owner))
		for _, c := range comp {
			if c >= 0 {
				size[c]++
			}
		}
		var free []int
		for c := range owner {
			if owner[c] < 0 {
				free = append(free, c)
			}
		}
		sort.SliceStable(free, func(a, b int) bool { return size[free[a]] > size[free[b]] })
		for i, c := range free {
			owner[c] = inner[i%len(inner)]
		}
	}
	// Areas no port touches go to the field with the nearest port.
	for k := range g.label {
		if g.label[k] != -2 {
			continue
		}
		c := comp[k]
		if owner[c] < 0 {
			p := sampleAt(k%geomRes, k/geomRes)
			best, bestD := -1, math.Inf(1)
			for f := range g.feats {
				if g.feats[f].kind != engine.Field {
					continue
				}
				for _, q := range fieldPorts(f) {
					if d := p.dist(q); d < bestD {
						best, bestD = f, d
					}
				}
			}
			owner[c] = int8(best)
		}
		g.label[k] = owner[c]
	}
}

func sampleIndex(p pt) int {
	i := min(max(int(p.x*geomRes), 0), geomRes-1)
	j := min(max(int(p.y*geomRes), 0), geomRes-1)
	return j*geomRes + i
}

// clearance returns, for each sample of feature f, its distance in tile
// sides to the nearest sample outside f or outside the tile (a chamfer
// distance transform); 0 outside f.
func (g *tileGeom) clearance(f int) []float64 {
	const big = 1e9
	d := make([]float64, len(g.label))
	for k, l := range g.label {
		if int(l) == f {
			d[k] = big
		}
	}
	at := func(i, j int) float64 {
		if i < 0 || j < 0 || i >= geomRes || j >= geomRes {
			return 0
		}
		return d[j*geomRes+i]
	}
	const a, b = 1.0, math.Sqrt2
	for j := range geomRes {
		for i := range geomRes {
			k := j*geomRes + i
			if d[k] == 0 {
				continue
			}
			d[k] = min(d[k], at(i-1, j)+a, at(i, j-1)+a, at(i-1, j-1)+b, at(i+1, j-1)+b)
		}
	}
	for j := geomRes - 1; j >= 0; j-- {
		for i := geomRes - 1; i >= 0; i-- {
			k := j*geomRes + i
			if d[k] == 0 {
				continue
			}
			d[k] = min(d[k], at(i+1, j)+a, at(i, j+1)+a, at(i+1, j+1)+b, at(i-1, j+1)+b)
		}
	}
	for k := range d {
		d[k] /= geomRes
	}
	return d
}

// followerRoom is the clearance, in tile sides, a follower wants around its
// foot point: about half its height, so that it stands inside its city or
// field, not across the wall or the road.
const followerRoom = 0.18

// placeAnchors works out where followers stand on feature f for each of its
// ports, where its pennants go and where its houses stand.
func (g *tileGeom) placeAnchors(f int) {
	fg := &g.feats[f]
	clear := g.clearance(f)
	var sum pt
	n := 0
	for k, l := range g.label {
		if int(l) == f {
			sum = sum.add(sampleAt(k%geomRes, k/geomRes))
			n++
		}
	}
	centroid := pt{0.5, 0.5}
	if n > 0 {
		centroid = sum.mul(1 / float64(n))
	}
	best := func(target pt, room float64) pt {
		bp, bs := target, math.Inf(1)
		for k, l := range g.label {
			if int(l) != f {
				continue
			}
			p := sampleAt(k%geomRes, k/geomRes)
			s := p.dist(target) + 3*math.Max(0, room-clear[k])
			if s < bs {
				bp, bs = p, s
			}
		}
		return bp
	}
	roomAt := func(p pt) float64 {
		k := sampleIndex(p)
		if int(g.label[k]) != f {
			return 0
		}
		return clear[k]
	}
	var main pt
	for p := engine.NNW; p <= engine.C2; p++ {
		if !fg.ports.Has(p) {
			continue
		}
		target := centroid
		if p < engine.C && fg.kind != engine.Cloister {
			target = lerp(posOf(p), centroid, 0.55)
		}
		switch fg.kind {
		case engine.Cloister:
			// The monk stands in the cloister garth, beside the church,
			// which stays in sight.
			fg.anchor[p-1] = pt{0.77, 0.6}
		case engine.Road, engine.River:
			// On the road's centre line, toward the port.
			fg.anchor[p-1] = onRoad(fg.roads, lerp(posOf(p), pt{0.5, 0.5}, 0.45))
		default:
			fg.anchor[p-1] = best(target, followerRoom)
		}
		fg.room[p-1] = roomAt(fg.anchor[p-1])
	}
	main = fg.anchor[fg.ports.Main()-1]
	if fg.kind != engine.City {
		return
	}
	// Pennants: somewhere roomy, away from where followers stand and spot
	// labels go.
	var anchors []pt
	for p := engine.NNW; p <= engine.C2; p++ {
		if fg.ports.Has(p) {
			anchors = append(anchors, fg.anchor[p-1])
		}
	}
	pbest, ps := centroid, math.Inf(1)
	for k, l := range g.label {
		if int(l) != f || clear[k] < 0.075 {
			continue
		}
		p := sampleAt(k%geomRes, k/geomRes)
		near := math.Inf(1)
		for _, a := range anchors {
			near = math.Min(near, p.dist(a))
		}
		s := -math.Min(near, 0.22) - 0.5*math.Min(clear[k], 0.12) + 0.2*p.dist(main)
		if s < ps {
			pbest, ps = p, s
		}
	}
	fg.pennants = []pt{pbest}
	// Houses: on a staggered grid, where they fit inside the walls.
	const step = 0.2
	for row, y := 0, step/2; y < 1; row, y = row+1, y+step {
		off := 0.0
		if row%2 == 1 {
			off = step / 2
		}
		for x := step/2 + off - step/2; x < 1; x += step {
			p := pt{x + step/2, y}
			if p.x <= 0 || p.x >= 1 {
				continue
			}
			k := sampleIndex(p)
			if int(g.label[k]) != f || clear[k] < 0.11 || p.dist(pbest) < 0.15 {
				continue
			}
			fg.houses = append(fg.houses, p)
		}
	}
}

// onRoad returns the point of the road's centre lines nearest to p.
func onRoad(paths [][]pt, p pt) pt {
	best, bd := p, math.Inf(1)
	for _, path := range paths {
		for i := 1; i < len(path); i++ {
			a, b := path[i-1], path[i]
			d := b.sub(a)
			l2 := d.x*d.x + d.y*d.y
			t := 0.0
			if l2 > 0 {
				t = math.Max(0, math.Min(1, ((p.x-a.x)*d.x+(p.y-a.y)*d.y)/l2))
			}
			q := a.add(d.mul(t))
			if dd := q.dist(p); dd < bd {
				best, bd = q, dd
			}
		}
	}
	return best
}
