package engine

import "strconv"

// Cell is a square of the board, in cells. X grows to the east and Y to the
// south, as on a screen; the start tile lies at (0, 0) (spec/tiles.md).
type Cell struct {
	X, Y int
}

// String returns the cell as the record writes it, "x,y".
func (c Cell) String() string {
	return strconv.Itoa(c.X) + "," + strconv.Itoa(c.Y)
}

// Neighbour returns the cell next to c across side s. It returns c itself for
// NoSide.
func (c Cell) Neighbour(s Side) Cell {
	switch s {
	case North:
		return Cell{c.X, c.Y - 1}
	case East:
		return Cell{c.X + 1, c.Y}
	case South:
		return Cell{c.X, c.Y + 1}
	case West:
		return Cell{c.X - 1, c.Y}
	}
	return c
}

// Side is one of the four sides of a tile or cell. The zero value is NoSide.
type Side uint8

// The sides, clockwise from north.
const (
	NoSide Side = iota
	North
	East
	South
	West
)

var sideNames = [...]string{"none", "north", "east", "south", "west"}

// String returns the side's name in lower case ("north").
func (s Side) String() string { return valueName(sideNames[:], s, "Side") }

// Opposite returns the side facing s across a shared edge (north for south).
func (s Side) Opposite() Side {
	if s == NoSide || s > West {
		return NoSide
	}
	return Side((int(s)-1+2)%4 + 1)
}

// Rotation is how far a tile is turned clockwise, in quarter turns: Rotate0,
// Rotate90, Rotate180 and Rotate270 degrees. Turning by 90 moves what was on
// the north side to the east side (spec/tiles.md).
type Rotation uint8

// The four rotations, clockwise.
const (
	Rotate0 Rotation = iota
	Rotate90
	Rotate180
	Rotate270
)

// Degrees returns the rotation in degrees clockwise: 0, 90, 180 or 270.
func (r Rotation) Degrees() int { return int(r) * 90 }

// String returns the rotation in degrees, as the record writes it ("90").
func (r Rotation) String() string { return strconv.Itoa(r.Degrees()) }

// RotationFromDegrees returns the rotation for 0, 90, 180 or 270 degrees
// clockwise, and false for any other number.
func RotationFromDegrees(deg int) (Rotation, bool) {
	switch deg {
	case 0, 90, 180, 270:
		return Rotation(deg / 90), true
	}
	return 0, false
}

// Port is one of the 14 places on a tile where a feature can be: the three
// ports of each side (its two halves and its middle), clockwise from the
// north-west corner, the centre C (spec/tiles.md), and a second inner port
// C2 for a tile with two features that touch no side (KR05 of King & Robber
// Baron, spec/expansions/tiles-king-and-robber.md). The zero value is
// NoPort.
type Port uint8

// The ports, clockwise from the north-west corner, then the centre.
const (
	NoPort Port = iota
	NNW
	N
	NNE
	ENE
	E
	ESE
	SSE
	S
	SSW
	WSW
	W
	WNW
	C
	C2
)

// numPorts is the number of ports on a tile, the inner ports C and C2
// included; numEdgePorts are those on the sides, NNW … WNW.
const (
	numPorts     = 14
	numEdgePorts = 12
)

var portNames = [...]string{"none", "NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "C", "C2"}

// String returns the port's name as the record writes it ("NNE", "C").
func (p Port) String() string { return valueName(portNames[:], p, "Port") }

// ParsePort returns the port named s ("NNW" … "WNW", "C", "C2") and false
// for any other string.
func ParsePort(s string) (Port, bool) {
	for p := NNW; p <= C2; p++ {
		if portNames[p] == s {
			return p, true
		}
	}
	return NoPort, false
}

// Side returns the side the port lies on, or NoSide for an inner port.
func (p Port) Side() Side {
	if p == NoPort || p >= C {
		return NoSide
	}
	return Side((int(p)-1)/3 + 1)
}

// Rotate returns where the port lies after turning its tile by r clockwise;
// an inner port stays where it is.
func (p Port) Rotate(r Rotation) Port {
	if p == NoPort || p >= C {
		return p
	}
	return Port((int(p)-1+3*int(r&3))%12 + 1)
}

// Facing returns the port of the neighbouring tile that touches p across
// their shared side (N touches S, NNW touches SSW), or NoPort for an inner
// port.
func (p Port) Facing() Port {
	if p == NoPort || p >= C {
		return NoPort
	}
	i := int(p) - 1
	s, k := i/3, i%3
	return Port(3*((s+2)%4) + (2 - k) + 1)
}

// PortSet is a set of ports: bit p-1 stands for port p.
type PortSet uint16

// Has reports whether the set holds port p.
func (ps PortSet) Has(p Port) bool { return p != NoPort && p <= C2 && ps&(1<<(p-1)) != 0 }

// With returns the set with port p added.
func (ps PortSet) With(p Port) PortSet { return ps | 1<<(p-1) }

// Rotate returns the set after turning its tile by r clockwise.
func (ps PortSet) Rotate(r Rotation) PortSet {
	var out PortSet
	for p := NNW; p <= C2; p++ {
		if ps.Has(p) {
			out = out.With(p.Rotate(r))
		}
	}
	return out
}

// Ports returns the ports of the set in clockwise order from NNW, the inner
// ports C and C2 last.
func (ps PortSet) Ports() []Port {
	var out []Port
	for p := NNW; p <= C2; p++ {
		if ps.Has(p) {
			out = append(out, p)
		}
	}
	return out
}

// Main returns the port that names the set best: the centre if it holds it,
// else the second inner port C2, else the first middle port (N, E, S, W),
// else the first port clockwise from NNW. It returns NoPort for the empty
// set.
func (ps PortSet) Main() Port {
	if ps.Has(C) {
		return C
	}
	if ps.Has(C2) {
		return C2
	}
	for _, p := range [...]Port{N, E, S, W} {
		if ps.Has(p) {
			return p
		}
	}
	for p := NNW; p <= WNW; p++ {
		if ps.Has(p) {
			return p
		}
	}
	return NoPort
}
