package engine

import "math"

// portXY are the positions of the ports on a tile of side 2 centred on the
// origin, x east and y south.
var portXY = [numPorts][2]float64{
	{-0.5, -1}, {0, -1}, {0.5, -1}, // NNW N NNE
	{1, -0.5}, {1, 0}, {1, 0.5}, // ENE E ESE
	{0.5, 1}, {0, 1}, {-0.5, 1}, // SSE S SSW
	{-1, 0.5}, {-1, 0}, {-1, -0.5}, // WSW W WNW
	{0, 0}, // C
}

// Direction returns where the ports lie on the tile, as a compass word:
// "north", "north-east", "east", … or "" when they surround the centre
// evenly (a cloister, a city over four sides).
func (ps PortSet) Direction() string {
	var x, y float64
	n := 0
	for p := NNW; p <= C; p++ {
		if ps.Has(p) {
			x += portXY[p-1][0]
			y += portXY[p-1][1]
			n++
		}
	}
	if n == 0 {
		return ""
	}
	x, y = x/float64(n), y/float64(n)
	if math.Hypot(x, y) < 0.2 {
		return ""
	}
	// Angle clockwise from north, in eighths.
	a := math.Atan2(x, -y) / (2 * math.Pi) * 8
	names := [8]string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}
	return names[(int(math.Round(a))%8+8)%8]
}

// Name returns the spot as players read it: the follower's role, the
// feature and where it lies on the tile, "knight – city (north)",
// "farmer – field (north-east)", "monk – cloister".
func (s Spot) Name() string {
	name := s.Kind.Role() + " – " + s.Kind.String()
	if d := s.Ports.Direction(); d != "" && s.Kind != Cloister {
		name += " (" + d + ")"
	}
	return name
}

// SpotLabel returns the short label of the i-th spot (from 0) in the order
// FollowerSpots lists them: "A", "B", …; the board preview and the commands
// use it.
func SpotLabel(i int) string {
	if i < 0 || i >= 26 {
		return "?"
	}
	return string(rune('A' + i))
}
