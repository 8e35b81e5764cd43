package engine

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// EdgeKind is what a tile shows along one side. The zero value is NoEdge.
// A placement is legal only where touching sides have the same kind.
type EdgeKind uint8

// The edge kinds. River is carried by the tile model for The River
// expansion; the base game has none.
const (
	NoEdge EdgeKind = iota
	FieldEdge
	RoadEdge
	CityEdge
	RiverEdge
)

var edgeNames = [...]string{"none", "field", "road", "city", "river"}

// String returns the edge kind in lower case ("city").
func (k EdgeKind) String() string { return valueName(edgeNames[:], k, "EdgeKind") }

// FeatureKind is the kind of a feature: road, city, cloister or field (the
// rulebook's names). The zero value is NoFeature.
type FeatureKind uint8

// The feature kinds. River is carried by the tile model for The River
// expansion: it covers ports but holds no follower.
const (
	NoFeature FeatureKind = iota
	Road
	City
	Cloister
	Field
	River
)

var featureNames = [...]string{"none", "road", "city", "cloister", "field", "river"}

// String returns the feature kind in lower case ("cloister"), the word used in
// the replay tool's JSON.
func (k FeatureKind) String() string { return valueName(featureNames[:], k, "FeatureKind") }

// Role returns the rulebook's name of a follower on a feature of this kind:
// thief (road), knight (city), monk (cloister), farmer (field).
func (k FeatureKind) Role() string {
	switch k {
	case Road:
		return "thief"
	case City:
		return "knight"
	case Cloister:
		return "monk"
	case Field:
		return "farmer"
	}
	return "follower"
}

// edgeKind returns the edge a feature of this kind shows on a side it covers.
func (k FeatureKind) edgeKind() EdgeKind {
	switch k {
	case Road:
		return RoadEdge
	case City:
		return CityEdge
	case Field:
		return FieldEdge
	case River:
		return RiverEdge
	}
	return NoEdge
}

// Marker is a bit set of the things drawn on a feature or a tile besides the
// feature itself. The base game uses only Pennant; the others give the tile
// model room for the expansions (spec/expansions/README.md): a marker written
// after a feature in the tile tables is in TileFeature.Markers, one written
// as its own item is in Tile.Markers.
type Marker uint32

// The markers. The first sixteen keep their values (pictures and tests rely
// on the range Pennant … Lake); new ones are added at the end.
const (
	// Pennant is the coat of arms on a city (base game).
	Pennant Marker = 1 << iota
	// Inn is the inn by a lake on a road (Inns & Cathedrals, The River II).
	Inn
	// Cathedral is the cathedral in a city (Inns & Cathedrals).
	Cathedral
	// Wine, Grain and Cloth are the goods in a city (Traders & Builders);
	// TileFeature.Goods says how many.
	Wine
	Grain
	Cloth
	// Princess is the princess in a city (The Princess & the Dragon).
	Princess
	// Volcano, Dragon and MagicPortal are the symbols of the tiles of The
	// Princess & the Dragon; Volcano is also on The River II's lake R203.
	Volcano
	Dragon
	MagicPortal
	// TowerFoundation is where tower pieces are stacked (The Tower).
	TowerFoundation
	// FlyingMachine is the flying machine at the centre of the tile (The
	// Flying Machines); Tile.Flight is where it points.
	FlyingMachine
	// GoldMine is the gold ingot symbol (The Gold Mines).
	GoldMine
	// Magic is the symbol of Mage & Witch.
	Magic
	// CropCircle is a crop circle at the centre of the tile (Crop Circles);
	// one of CropFork, CropClub, CropShield says its type.
	CropCircle
	// Lake is the lake that ends a river (on the river feature) or the
	// ferries' lake where roads end (a tile marker, Ferries).
	Lake
	// Besieged is the Cathar siege of a city (Cathars).
	Besieged
	// PigHerd is the pig herd in a field (GQ11, The River II).
	PigHerd
	// Spring is where a river rises (The River, The River II, GQ11).
	Spring
	// Fork is where a river splits in two (The River II, R204).
	Fork
	// Bridge is the bridge on which two roads cross without meeting
	// (Traders & Builders, TB24).
	Bridge
	// Tunnel is the tunnel of a road under a city (The Princess & the
	// Dragon, PD25).
	Tunnel
	// CropFork, CropClub and CropShield are the three types of crop circle:
	// for farmers, thieves and knights.
	CropFork
	CropClub
	CropShield
	// Bag is the robbers' bag (The Robbers): after the tile, the robbers
	// may be placed on the scoreboard (001_…, "Using robbers").
	Bag
)

// markerNames are the markers' names in the tile data, in bit order.
var markerNames = [...]string{"pennant", "inn", "cathedral", "wine", "grain", "cloth", "princess",
	"volcano", "dragon", "magic-portal", "tower-foundation", "flying-machine", "gold-mine", "magic",
	"crop-circle", "lake", "besieged", "pig-herd", "spring", "fork", "bridge", "tunnel",
	"crop-fork", "crop-club", "crop-shield", "bag"}

// Goods are the goods markers.
const Goods = Wine | Grain | Cloth

// String returns the markers' names joined by "+" in bit order
// ("pennant+inn"), or "" for none.
func (m Marker) String() string {
	var b strings.Builder
	for i, name := range markerNames {
		if m&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte('+')
			}
			b.WriteString(name)
		}
	}
	if rest := m &^ (1<<len(markerNames) - 1); rest != 0 {
		if b.Len() > 0 {
			b.WriteByte('+')
		}
		b.WriteString("Marker(" + strconv.FormatUint(uint64(rest), 16) + ")")
	}
	return b.String()
}

// ParseMarker returns the marker named s ("pennant", "pig-herd", …; the
// names String writes), and false for any other string.
func ParseMarker(s string) (Marker, bool) {
	for i, name := range markerNames {
		if name == s {
			return 1 << i, true
		}
	}
	return 0, false
}

// Heading is a compass direction on a tile: where a flying machine points.
// It turns with the tile. The zero value is NoHeading.
type Heading uint8

// The headings, clockwise from north.
const (
	NoHeading Heading = iota
	HeadingN
	HeadingNE
	HeadingE
	HeadingSE
	HeadingS
	HeadingSW
	HeadingW
	HeadingNW
)

var headingNames = [...]string{"none", "N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// String returns the heading as the tile tables write it ("NW").
func (h Heading) String() string { return valueName(headingNames[:], h, "Heading") }

// ParseHeading returns the heading named s ("N" … "NW"), and false for any
// other string.
func ParseHeading(s string) (Heading, bool) {
	for h := HeadingN; h <= HeadingNW; h++ {
		if headingNames[h] == s {
			return h, true
		}
	}
	return NoHeading, false
}

// Rotate returns the heading after turning its tile by r clockwise (NW turned
// by 90 is NE). NoHeading stays NoHeading.
func (h Heading) Rotate(r Rotation) Heading {
	if h == NoHeading || h > HeadingNW {
		return h
	}
	return Heading((int(h)-1+2*int(r&3))%8 + 1)
}

// Step returns the cell offset of one step in direction h: dx east, dy
// south (a diagonal step moves one cell on each axis).
func (h Heading) Step() (dx, dy int) {
	switch h {
	case HeadingN:
		return 0, -1
	case HeadingNE:
		return 1, -1
	case HeadingE:
		return 1, 0
	case HeadingSE:
		return 1, 1
	case HeadingS:
		return 0, 1
	case HeadingSW:
		return -1, 1
	case HeadingW:
		return -1, 0
	case HeadingNW:
		return -1, -1
	}
	return 0, 0
}

// TileFeature is one feature segment of a tile, in the tile's canonical
// orientation (rotation 0).
type TileFeature struct {
	// Kind is road, city, cloister, field or river.
	Kind FeatureKind
	// Ports are the ports the segment covers; every port of a tile belongs to
	// exactly one segment.
	Ports PortSet
	// Goods is the number of goods tokens of a city whose Markers hold
	// Wine, Grain or Cloth (Traders & Builders); every such city of the
	// tile tables has a count, and 0 with a goods marker counts as 1. It
	// sits in what would be padding: the struct must not grow.
	Goods uint8
	// Pennants is the number of pennants (coats of arms) on a city segment.
	Pennants int
	// Markers are the other things drawn on the segment (expansions).
	Markers Marker
	// Borders lists, for a field, the indices in Tile.Features of the city
	// segments of the same tile whose wall is part of its edge (farm scoring).
	Borders []int
}

// Tile is one kind of land tile: its letter, how many the game has, its edges
// and its features, in canonical orientation (spec/tiles.md).
type Tile struct {
	// Name is the tile's letter in the tile chart ("A" … "X" in the base game).
	Name string
	// Expansion is the expansion the tile comes from ("base").
	Expansion string
	// Count is the number of copies in the game, the start tile included.
	Count int
	// Edges are the kinds of the north, east, south and west sides.
	Edges [4]EdgeKind
	// Features are the tile's segments.
	Features []TileFeature
	// Markers are things drawn on the tile as a whole (expansions).
	Markers Marker
	// Flight is where the flying machine points, in canonical orientation,
	// when Markers holds FlyingMachine (every such tile of the tile tables
	// has one); NoHeading for any other tile.
	Flight Heading
}

// TileID names a tile kind in a TileSet. The zero value is NoTile.
type TileID uint16

// NoTile is the zero TileID: no tile.
const NoTile TileID = 0

// orient is a tile turned by one rotation, precomputed for speed.
type orient struct {
	sig      uint16         // the edges N E S W in board orientation, 4 bits each
	portFeat [numPorts]int8 // board port-1 -> feature index, or -1
	ports    []PortSet      // per feature, its ports in board orientation
	main     []Port         // per feature, the port that names it (PortSet.Main)
}

// orientSize is the size of an orient in bytes: one cache line. The smallest
// rotation giving the same picture lives in TileSet.same, so that the second
// inner port did not grow it.
const orientSize = 64

// numCodes is the number of edge constraints an empty cell can have: each of
// its four sides wants no edge or one of the four edge kinds.
const numCodes = 5 * 5 * 5 * 5

// sidePow[s] is the weight of side s (0 = north) in a constraint code.
var sidePow = [4]uint16{1, 5, 25, 125}

// TileSet is the set of tile kinds a game is played with. It is built once
// and never changed, so games share it.
type TileSet struct {
	tiles   []Tile        // index 0 is unused (NoTile)
	orients [][4]orient   // per TileID and rotation
	same    [][4]Rotation // per TileID and rotation: the smallest rotation giving the same picture
	byName  map[string]TileID
	// fits[t][code] is the set of the distinct rotations (bit r) of tile t
	// that fit a cell with constraint code: the sum over the sides s of
	// sidePow[s] times the edge kind the neighbour across s shows (0: none).
	fits [][numCodes]uint8
	// fitBits[t] is the set of the codes c (bit c%64 of word c/64) with
	// fits[t][c] != 0.
	fitBits [][codeWords]uint64
	multi   []bool // tile has two or more road or city segments
	// bordering[t] has bit i set when feature i of tile t is a field that
	// borders a city (Borders not empty): the final farm scoring looks at
	// those only, without reading the tile's features.
	bordering []uint32
	// roadCity[t] has bit i set when feature i of tile t is a road or a
	// city: the segments playTile looks at for a completed feature.
	roadCity []uint32
	// roads[t] has bit i set when feature i of tile t is a road.
	roads []uint32
	// marks[t] is tile t's Markers (Tile.Markers), read on every
	// placement without loading the Tile.
	marks []Marker
	// featMarks[t] holds the Markers of all tile t's features together, so
	// that a tile with none of a marker is passed over without reading
	// its features.
	featMarks []Marker
	// held[t] has bit i set when a follower may stand on feature i of tile
	// t whatever the options (a road, city or cloister), fields[t] when
	// feature i is a field (farms=off aside): see Game.holds.
	held, fields []uint32
	// joins[t][r] tells, for tile t turned by r, the kind of each side
	// port (board orientation, bit p-1 for port p): bits 0-11 for a field,
	// bits 16-27 for a road or a city. join reads it instead of each
	// segment's kind, which was a branch the processor guessed wrong.
	joins [][4]uint32
	// nodes[t] are the nodes of tile t's features as place lays them,
	// with parents and the tile index relative (0: the tile's first
	// node) and multi unset; cloister[t] is the index of its cloister
	// feature, or -1.
	nodes    [][]node
	cloister []int16
}

// Tile returns the tile kind id names. It panics for an id not in the set,
// which is a programming error.
func (ts *TileSet) Tile(id TileID) *Tile { return &ts.tiles[id] }

// Len returns the number of tile kinds; the ids are 1 to Len.
func (ts *TileSet) Len() int { return len(ts.tiles) - 1 }

// Lookup returns the id of the tile kind with the given name.
func (ts *TileSet) Lookup(name string) (TileID, bool) {
	id, ok := ts.byName[name]
	return id, ok
}

// Name returns the name of the tile kind id, or "?" for an id not in the set.
func (ts *TileSet) Name(id TileID) string {
	if id == NoTile || int(id) >= len(ts.tiles) {
		return "?"
	}
	return ts.tiles[id].Name
}

// Total returns the number of tiles in the game, every copy counted.
func (ts *TileSet) Total() int {
	n := 0
	for _, t := range ts.tiles[1:] {
		n += t.Count
	}
	return n
}

// FeatureAt returns the index in Tile.Features of the segment of tile id that
// covers port p (in board orientation) when the tile is turned by r, and
// false when no segment does.
func (ts *TileSet) FeatureAt(id TileID, r Rotation, p Port) (int, bool) {
	if id == NoTile || int(id) >= len(ts.tiles) || p == NoPort || p > C2 {
		return 0, false
	}
	f := ts.orients[id][r&3].portFeat[p-1]
	return int(f), f >= 0
}

// Edge returns the kind of side s of tile id turned by r.
func (ts *TileSet) Edge(id TileID, r Rotation, s Side) EdgeKind {
	if s == NoSide || s > West {
		return NoEdge
	}
	return EdgeKind(ts.orients[id][r&3].sig >> (4 * (s - 1)) & 0xf)
}

// DistinctRotation reports whether turning tile id by r gives a picture that
// no smaller rotation gives; only those rotations are listed as placements.
func (ts *TileSet) DistinctRotation(id TileID, r Rotation) bool {
	return ts.same[id][r&3] == r
}

// NewTileSet checks the tile kinds and builds a set from them. It returns an
// error naming the tile when a port is covered twice or not at all, a road
// covers a half port, an edge does not agree with the features on that side,
// or a field borders something other than a city of the same tile.
func NewTileSet(tiles []Tile) (*TileSet, error) {
	ts := &TileSet{tiles: make([]Tile, 1, len(tiles)+1), byName: make(map[string]TileID)}
	ts.orients = make([][4]orient, 1, len(tiles)+1)
	ts.same = make([][4]Rotation, 1, len(tiles)+1)
	for _, t := range tiles {
		if err := checkTile(&t); err != nil {
			return nil, err
		}
		if _, dup := ts.byName[t.Name]; dup {
			return nil, fmt.Errorf("tile %s is defined twice", t.Name)
		}
		id := TileID(len(ts.tiles))
		ts.byName[t.Name] = id
		ts.tiles = append(ts.tiles, t)
		ts.orients = append(ts.orients, orients(&t))
		ts.same = append(ts.same, sameRotations(&t))
	}
	ts.fits = make([][numCodes]uint8, len(ts.tiles))
	ts.fitBits = make([][codeWords]uint64, len(ts.tiles))
	ts.multi = make([]bool, len(ts.tiles))
	ts.bordering = make([]uint32, len(ts.tiles))
	ts.roadCity = make([]uint32, len(ts.tiles))
	ts.featMarks = make([]Marker, len(ts.tiles))
	ts.marks = make([]Marker, len(ts.tiles))
	ts.roads = make([]uint32, len(ts.tiles))
	ts.held = make([]uint32, len(ts.tiles))
	ts.fields = make([]uint32, len(ts.tiles))
	ts.joins = make([][4]uint32, len(ts.tiles))
	ts.nodes = make([][]node, len(ts.tiles))
	ts.cloister = make([]int16, len(ts.tiles))
	for id := 1; id < len(ts.tiles); id++ {
		ts.nodes[id], ts.cloister[id] = nodeTemplate(&ts.tiles[id])
		for r := range ts.joins[id] {
			for p, f := range ts.orients[id][r].portFeat[:12] {
				if f < 0 {
					continue
				}
				switch ts.tiles[id].Features[f].Kind {
				case Field:
					ts.joins[id][r] |= 1 << p
				case Road, City:
					ts.joins[id][r] |= 1 << (16 + p)
				}
			}
		}
		roads, cities := 0, 0
		ts.marks[id] = ts.tiles[id].Markers
		for i, f := range ts.tiles[id].Features {
			ts.featMarks[id] |= f.Markers
			if f.Kind == Field && len(f.Borders) > 0 {
				ts.bordering[id] |= 1 << i
			}
			switch f.Kind {
			case Road, City, Cloister:
				ts.held[id] |= 1 << i
			case Field:
				ts.fields[id] |= 1 << i
			}
			switch f.Kind {
			case Road:
				roads++
				ts.roadCity[id] |= 1 << i
				ts.roads[id] |= 1 << i
			case City:
				cities++
				ts.roadCity[id] |= 1 << i
			}
		}
		ts.multi[id] = roads > 1 || cities > 1
		for code := range numCodes {
			for r := Rotate0; r <= Rotate270; r++ {
				o := ts.orients[id][r]
				if ts.same[id][r] != r {
					continue
				}
				fit := true
				for s := 0; s < 4; s++ {
					want := EdgeKind(code / int(sidePow[s]) % 5)
					if want != NoEdge && EdgeKind(o.sig>>(4*s)&0xf) != want {
						fit = false
					}
				}
				if fit {
					ts.fits[id][code] |= 1 << r
					ts.fitBits[id][code>>6] |= 1 << (code & 63)
				}
			}
		}
	}
	return ts, nil
}

// nodeTemplate returns the nodes of tile t's features as place lays them,
// numbered from 0 and with tile index 0, and the index of its cloister
// feature (-1 for none).
func nodeTemplate(t *Tile) ([]node, int16) {
	ns := make([]node, len(t.Features))
	cloister := int16(-1)
	for i := range t.Features {
		f := &t.Features[i]
		n := node{parent: int16(i), kind: f.Kind, feat: uint8(i), pennants: uint8(f.Pennants), tiles: 1}
		if f.Markers&scoringMarkers != 0 {
			n.marks = packMarks(f.Markers)
		}
		switch f.Kind {
		case Road, City:
			n.open = uint16(bits.OnesCount16(uint16(f.Ports & middlePorts)))
		case Cloister:
			n.open = 8
			cloister = int16(i)
		}
		ns[i] = n
	}
	return ns, cloister
}

// innerPorts are the ports that touch no side.
const innerPorts PortSet = 1<<(C-1) | 1<<(C2-1)

func checkTile(t *Tile) error {
	var covered PortSet
	for i, f := range t.Features {
		if f.Ports == 0 {
			return fmt.Errorf("tile %s: feature %d covers no port", t.Name, i)
		}
		if covered&f.Ports != 0 {
			return fmt.Errorf("tile %s: a port of feature %d is covered twice", t.Name, i)
		}
		covered |= f.Ports
		if f.Kind == Road || f.Kind == River {
			for _, p := range f.Ports.Ports() {
				if p != N && p != E && p != S && p != W {
					return fmt.Errorf("tile %s: %s covers port %s, which is not a middle port", t.Name, f.Kind, p)
				}
			}
		}
		for _, b := range f.Borders {
			if f.Kind != Field || b < 0 || b >= len(t.Features) || t.Features[b].Kind != City {
				return fmt.Errorf("tile %s: feature %d borders something that is not a city of the tile", t.Name, i)
			}
		}
		if f.Goods != 0 && (f.Markers&Goods == 0 || f.Kind != City) {
			return fmt.Errorf("tile %s: feature %d: goods need a kind (wine, grain or cloth) and a city", t.Name, i)
		}
	}
	if covered&^innerPorts != 1<<numEdgePorts-1 {
		return fmt.Errorf("tile %s: not every side port is covered", t.Name)
	}
	if covered.Has(C2) && !covered.Has(C) {
		return fmt.Errorf("tile %s: the second inner port C2 is used but C is not", t.Name)
	}
	if (t.Flight != NoHeading && t.Markers&FlyingMachine == 0) || t.Flight > HeadingNW {
		return fmt.Errorf("tile %s: a heading without a flying machine", t.Name)
	}
	for s := North; s <= West; s++ {
		mid := Port(3*int(s-1) + 2)
		for i, f := range t.Features {
			if f.Ports.Has(mid) {
				if f.Kind.edgeKind() != t.Edges[s-1] {
					return fmt.Errorf("tile %s: the %s edge is %s but its middle port holds a %s", t.Name, s, t.Edges[s-1], t.Features[i].Kind)
				}
			}
		}
	}
	return nil
}

func orients(t *Tile) [4]orient {
	var out [4]orient
	for r := Rotate0; r <= Rotate270; r++ {
		o := &out[r]
		for i := range o.portFeat {
			o.portFeat[i] = -1
		}
		for i, f := range t.Features {
			for _, p := range f.Ports.Ports() {
				o.portFeat[p.Rotate(r)-1] = int8(i)
			}
			o.ports = append(o.ports, f.Ports.Rotate(r))
			o.main = append(o.main, f.Ports.Rotate(r).Main())
		}
		for s := 0; s < 4; s++ {
			o.sig |= uint16(t.Edges[(s-int(r)+4)%4]) << (4 * s)
		}
	}
	return out
}

// sameRotations returns, for each rotation of t, the smallest rotation that
// gives the same picture.
func sameRotations(t *Tile) [4]Rotation {
	var out [4]Rotation
	for r := Rotate0; r <= Rotate270; r++ {
		out[r] = r
		for q := Rotate0; q < r; q++ {
			if samePicture(t, q, r) {
				out[r] = q
				break
			}
		}
	}
	return out
}

// samePicture reports whether tile t turned by a and by b looks the same:
// the same segments, with the same kinds and markers, on the same ports, and
// the flying machine, if any, pointing the same way.
func samePicture(t *Tile, a, b Rotation) bool {
	if t.Flight.Rotate(a) != t.Flight.Rotate(b) {
		return false
	}
	type look struct {
		kind     FeatureKind
		pennants int
		goods    uint8
		markers  Marker
	}
	seen := make(map[PortSet]look, len(t.Features))
	for _, f := range t.Features {
		seen[f.Ports.Rotate(a)] = look{f.Kind, f.Pennants, f.Goods, f.Markers}
	}
	for _, f := range t.Features {
		l, ok := seen[f.Ports.Rotate(b)]
		if !ok || l != (look{f.Kind, f.Pennants, f.Goods, f.Markers}) {
			return false
		}
	}
	return true
}

// tileSpec is the compact text form of a tile used to write tile data: the
// edges as four letters (C city, R road, F field, ~ river) and the features
// as items separated by ";":
//
//   - "kind:PORT PORT…" is a feature; "city+:…" is a city with a pennant;
//     "field>0,2:…" is a field that borders features 0 and 2; "road*inn:…"
//     is a road with the marker inn (any marker name, ParseMarker), and
//     "city*wine=2:…" a city with two wine goods (a goods marker alone
//     counts one).
//   - "*marker" is a marker on the tile as a whole ("*volcano");
//     "*flying-machine=NW" also gives the machine's heading (Tile.Flight).
type tileSpec struct {
	name, edges string
	count       int
	features    string
}

func mustTiles(expansion string, specs []tileSpec) []Tile {
	out := make([]Tile, 0, len(specs))
	for _, s := range specs {
		t, err := parseTileSpec(expansion, s)
		if err != nil {
			panic("engine: bad built-in tile data: " + err.Error())
		}
		out = append(out, t)
	}
	return out
}

// parseMarkers reads "name[=value]" items separated by "*" into f (a feature,
// or nil for the tile) and t.
func parseMarkers(t *Tile, f *TileFeature, items []string) error {
	for _, item := range items {
		name, val, hasVal := strings.Cut(item, "=")
		m, ok := ParseMarker(name)
		if !ok {
			return fmt.Errorf("tile %s: marker %q", t.Name, name)
		}
		switch {
		case m == Pennant && f != nil && !hasVal:
			f.Pennants++
		case m&Goods != 0 && f != nil:
			n := 1
			if hasVal {
				var err error
				if n, err = strconv.Atoi(val); err != nil || n < 1 || n > 255 {
					return fmt.Errorf("tile %s: goods count %q", t.Name, val)
				}
			}
			f.Goods += uint8(n)
		case m == FlyingMachine && f == nil && hasVal:
			h, ok := ParseHeading(val)
			if !ok {
				return fmt.Errorf("tile %s: heading %q", t.Name, val)
			}
			t.Flight = h
		case hasVal:
			return fmt.Errorf("tile %s: marker %s takes no value", t.Name, name)
		}
		if f != nil {
			f.Markers |= m
		} else {
			t.Markers |= m
		}
	}
	return nil
}

func parseTileSpec(expansion string, s tileSpec) (Tile, error) {
	t := Tile{Name: s.name, Expansion: expansion, Count: s.count}
	if len(s.edges) != 4 {
		return t, fmt.Errorf("tile %s: edges %q", s.name, s.edges)
	}
	for i, c := range s.edges {
		switch c {
		case 'C':
			t.Edges[i] = CityEdge
		case 'R':
			t.Edges[i] = RoadEdge
		case 'F':
			t.Edges[i] = FieldEdge
		case '~':
			t.Edges[i] = RiverEdge
		default:
			return t, fmt.Errorf("tile %s: edge %q", s.name, c)
		}
	}
	for _, item := range strings.Split(s.features, ";") {
		item = strings.TrimSpace(item)
		if rest, ok := strings.CutPrefix(item, "*"); ok {
			if err := parseMarkers(&t, nil, strings.Split(rest, "*")); err != nil {
				return t, err
			}
			continue
		}
		head, ports, ok := strings.Cut(item, ":")
		if !ok {
			return t, fmt.Errorf("tile %s: feature %q", s.name, item)
		}
		var f TileFeature
		head, borders, _ := strings.Cut(head, ">")
		head, markers, _ := strings.Cut(head, "*")
		if strings.HasSuffix(head, "+") {
			f.Pennants = 1
			f.Markers |= Pennant
			head = strings.TrimSuffix(head, "+")
		}
		switch head {
		case "road":
			f.Kind = Road
		case "city":
			f.Kind = City
		case "cloister":
			f.Kind = Cloister
		case "field":
			f.Kind = Field
		case "river":
			f.Kind = River
		default:
			return t, fmt.Errorf("tile %s: feature kind %q", s.name, head)
		}
		if markers != "" {
			if err := parseMarkers(&t, &f, strings.Split(markers, "*")); err != nil {
				return t, err
			}
		}
		if borders != "" {
			for _, b := range strings.Split(borders, ",") {
				n, err := strconv.Atoi(b)
				if err != nil {
					return t, fmt.Errorf("tile %s: border %q", s.name, b)
				}
				f.Borders = append(f.Borders, n)
			}
		}
		for _, name := range strings.Fields(ports) {
			p, ok := ParsePort(name)
			if !ok {
				return t, fmt.Errorf("tile %s: port %q", s.name, name)
			}
			f.Ports = f.Ports.With(p)
		}
		t.Features = append(t.Features, f)
	}
	return t, nil
}

// allSides is every side port, for tiles whose single feature covers them all.
const allSides = "NNW N NNE ENE E ESE SSE S SSW WSW W WNW"

// baseSpecs are the 24 tiles of the base game, exactly as spec/tiles.md
// gives them (letters, counts, edges N E S W, features in canonical
// orientation).
var baseSpecs = []tileSpec{
	{"A", "FFRF", 2, "cloister:C; road:S; field:NNW N NNE ENE E ESE SSE SSW WSW W WNW"},
	{"B", "FFFF", 4, "cloister:C; field:" + allSides},
	{"C", "CCCC", 1, "city+:" + allSides},
	{"D", "CRFR", 4, "city:NNW N NNE; road:E W; field>0:ENE WNW; field:ESE SSE S SSW WSW"},
	{"E", "CFFF", 5, "city:NNW N NNE; field>0:ENE E ESE SSE S SSW WSW W WNW"},
	{"F", "FCFC", 2, "city+:ENE E ESE WSW W WNW; field>0:NNW N NNE; field>0:SSE S SSW"},
	{"G", "FCFC", 1, "city:ENE E ESE WSW W WNW; field>0:NNW N NNE; field>0:SSE S SSW"},
	{"H", "CFCF", 3, "city:NNW N NNE; city:SSE S SSW; field>0,1:ENE E ESE WSW W WNW"},
	{"I", "CFFC", 2, "city:NNW N NNE; city:WSW W WNW; field>0,1:ENE E ESE SSE S SSW"},
	{"J", "CRRF", 3, "city:NNW N NNE; road:E S; field>0:ENE SSW WSW W WNW; field:ESE SSE"},
	{"K", "CFRR", 3, "city:NNW N NNE; road:S W; field>0:WNW ENE E ESE SSE; field:SSW WSW"},
	{"L", "CRRR", 3, "city:NNW N NNE; road:E; road:S; road:W; field>0:ENE WNW; field:ESE SSE; field:SSW WSW"},
	{"M", "CFFC", 2, "city+:NNW N NNE WSW W WNW; field>0:ENE E ESE SSE S SSW"},
	{"N", "CFFC", 3, "city:NNW N NNE WSW W WNW; field>0:ENE E ESE SSE S SSW"},
	{"O", "CRRC", 2, "city+:NNW N NNE WSW W WNW; road:E S; field>0:ENE SSW; field:ESE SSE"},
	{"P", "CRRC", 3, "city:NNW N NNE WSW W WNW; road:E S; field>0:ENE SSW; field:ESE SSE"},
	{"Q", "CCFC", 1, "city+:NNW N NNE ENE E ESE WSW W WNW; field>0:SSE S SSW"},
	{"R", "CCFC", 3, "city:NNW N NNE ENE E ESE WSW W WNW; field>0:SSE S SSW"},
	{"S", "CCRC", 2, "city+:NNW N NNE ENE E ESE WSW W WNW; road:S; field>0:SSE; field>0:SSW"},
	{"T", "CCRC", 1, "city:NNW N NNE ENE E ESE WSW W WNW; road:S; field>0:SSE; field>0:SSW"},
	{"U", "FRFR", 8, "road:E W; field:WNW NNW N NNE ENE; field:ESE SSE S SSW WSW"},
	{"V", "FFRR", 9, "road:S W; field:WNW NNW N NNE ENE E ESE SSE; field:SSW WSW"},
	{"W", "FRRR", 4, "road:E; road:S; road:W; field:WNW NNW N NNE ENE; field:ESE SSE; field:SSW WSW"},
	{"X", "RRRR", 1, "road:N; road:E; road:S; road:W; field:WNW NNW; field:NNE ENE; field:ESE SSE; field:SSW WSW"},
}

// BaseTiles is the tile set of the base game: the 72 land tiles of
// spec/tiles.md, tiles A to X, the start tile D among them.
var BaseTiles = mustTileSet(mustTiles("base", baseSpecs))

func mustTileSet(tiles []Tile) *TileSet {
	ts, err := NewTileSet(tiles)
	if err != nil {
		panic("engine: bad built-in tile data: " + err.Error())
	}
	return ts
}
