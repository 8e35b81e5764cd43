package engine

import (
	"math"
	"strconv"
	"strings"
)

// portXY are the positions of the ports on a tile of side 2 centred on the
// origin, x east and y south.
var portXY = [numPorts][2]float64{
	{-0.5, -1}, {0, -1}, {0.5, -1}, // NNW N NNE
	{1, -0.5}, {1, 0}, {1, 0.5}, // ENE E ESE
	{0.5, 1}, {0, 1}, {-0.5, 1}, // SSE S SSW
	{-1, 0.5}, {-1, 0}, {-1, -0.5}, // WSW W WNW
	{0, 0}, // C
	{0, 0}, // C2
}

// compass are the eight compass words, clockwise from north.
var compass = [8]string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}

// Direction returns where the ports meet the edge of the tile, in compass
// words, for a port set in board orientation (after rotation, as Spot.Ports
// holds it). The edge ports of the set form one or more runs of
// neighbouring ports, going round the tile clockwise; each run is named by
// the compass point of its middle (the mean of its ports' positions), and
// the runs are listed clockwise from north: "north" (the city of tile E),
// "south-west" (a curved road), "east and west" (a road straight across the
// tile), "north-east and north-west" (the field of tile D between its city
// and its road, which meets the edge on both sides just under the city). A
// run is unnamed when it surrounds the centre evenly (the field of tile B,
// a city over four sides), and so is the centre C alone (a cloister):
// Direction returns "" when no run is named.
//
// A field that lies between other features touches the edge in several
// places; a mean over all its ports would point between them, at a place
// the field may not reach (tile L turned 90: its field by the city meets
// the edge at NNE and SSE, and the mean of the two points east, where the
// city is). Naming each run says where the feature can be seen on the edge.
func (ps PortSet) Direction() string {
	const ring = numEdgePorts // the edge ports, NNW … WNW
	if ps&^(1<<(C-1)|1<<(C2-1)) == 0 {
		return ""
	}
	// Start the walk round the tile after a port that is not in the set,
	// so that no run is cut in two; a set of the whole edge is one run.
	start := -1
	for i := range ring {
		if !ps.Has(Port(i + 1)) {
			start = (i + 1) % ring
			break
		}
	}
	if start < 0 {
		return ""
	}
	var dirs [len(compass)]bool
	var x, y float64
	n := 0
	for k := 0; k <= ring; k++ {
		i := (start + k) % ring
		if k < ring && ps.Has(Port(i+1)) {
			x += portXY[i][0]
			y += portXY[i][1]
			n++
			continue
		}
		if n > 0 {
			if d, ok := compassOf(x/float64(n), y/float64(n)); ok {
				dirs[d] = true
			}
		}
		x, y, n = 0, 0, 0
	}
	var names []string
	for d, ok := range dirs {
		if ok {
			names = append(names, compass[d])
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// compassOf returns the compass point (an index into compass) of the point
// (x, y) seen from the centre of a tile of side 2, and false when the point
// is too near the centre to have a direction.
func compassOf(x, y float64) (int, bool) {
	if math.Hypot(x, y) < 0.2 {
		return 0, false
	}
	// The angle clockwise from north, in eighths of a turn.
	a := math.Atan2(x, -y) / (2 * math.Pi) * 8
	return (int(math.Round(a))%8 + 8) % 8, true
}

// Name returns the spot as players read it: the follower's role, the
// feature and where it meets the edge of the tile (PortSet.Direction):
// "knight – city (north)", "farmer – field (north-east and north-west)",
// "thief – road (east and west)", "monk – cloister".
func (s Spot) Name() string {
	name := s.Kind.Role() + " – " + s.Kind.String()
	if d := s.Ports.Direction(); d != "" && s.Kind != Cloister {
		name += " (" + d + ")"
	}
	return name
}

// SpotLabel returns the short label of the i-th spot (from 0) in the order
// FollowerSpots lists them: "1", "2", …; the board preview draws it where
// the follower would stand, and the commands take it. Digits, not letters,
// so that a label is never mistaken for a player's initials, which the
// pictures draw on the figures. It returns "?" for a negative i.
func SpotLabel(i int) string {
	if i < 0 {
		return "?"
	}
	return strconv.Itoa(i + 1)
}
