package engine

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// spotNamesOf returns the names of the spots of tile name turned by r, in
// the order of its features (every feature, farms allowed).
func spotNamesOf(tb testing.TB, name string, r Rotation) []string {
	tb.Helper()
	id, ok := BaseTiles.Lookup(name)
	if !ok {
		tb.Fatalf("no tile %s", name)
	}
	var names []string
	for _, f := range BaseTiles.Tile(id).Features {
		ps := f.Ports.Rotate(r)
		names = append(names, Spot{Port: ps.Main(), Ports: ps, Kind: f.Kind}.Name())
	}
	return names
}

// TestSpotNamesKnownTiles checks the names of every spot of tiles whose
// pictures tiles.md describes, written out by hand from its table.
func TestSpotNamesKnownTiles(t *testing.T) {
	tests := []struct {
		tile string
		rot  Rotation
		want []string
	}{
		{"A", Rotate0, []string{"monk – cloister", "thief – road (south)", "farmer – field"}},
		{"B", Rotate90, []string{"monk – cloister", "farmer – field"}},
		{"C", Rotate0, []string{"knight – city"}},
		{"D", Rotate0, []string{"knight – city (north)", "thief – road (east and west)", "farmer – field (north-east and north-west)", "farmer – field (south)"}},
		{"D", Rotate90, []string{"knight – city (east)", "thief – road (north and south)", "farmer – field (north-east and south-east)", "farmer – field (west)"}},
		{"E", Rotate0, []string{"knight – city (north)", "farmer – field (south)"}},
		{"E", Rotate270, []string{"knight – city (west)", "farmer – field (east)"}},
		{"F", Rotate0, []string{"knight – city (east and west)", "farmer – field (north)", "farmer – field (south)"}},
		{"H", Rotate0, []string{"knight – city (north)", "knight – city (south)", "farmer – field (east and west)"}},
		{"J", Rotate0, []string{"knight – city (north)", "thief – road (east and south)", "farmer – field (north-east and west)", "farmer – field (south-east)"}},
		{"K", Rotate0, []string{"knight – city (north)", "thief – road (south and west)", "farmer – field (east and north-west)", "farmer – field (south-west)"}},
		// The field by the city of L turned 90 is not "east": the city is.
		{"L", Rotate0, []string{"knight – city (north)", "thief – road (east)", "thief – road (south)", "thief – road (west)",
			"farmer – field (north-east and north-west)", "farmer – field (south-east)", "farmer – field (south-west)"}},
		{"L", Rotate90, []string{"knight – city (east)", "thief – road (south)", "thief – road (west)", "thief – road (north)",
			"farmer – field (north-east and south-east)", "farmer – field (south-west)", "farmer – field (north-west)"}},
		{"M", Rotate0, []string{"knight – city (north-west)", "farmer – field (south-east)"}},
		// The two fields of O: one between the city and the road, one in
		// the corner the road cuts off; they had the same name.
		{"O", Rotate0, []string{"knight – city (north-west)", "thief – road (east and south)", "farmer – field (north-east and south-west)", "farmer – field (south-east)"}},
		{"Q", Rotate180, []string{"knight – city (south)", "farmer – field (north)"}},
		{"S", Rotate0, []string{"knight – city (north)", "thief – road (south)", "farmer – field (south-east)", "farmer – field (south-west)"}},
		{"U", Rotate0, []string{"thief – road (east and west)", "farmer – field (north)", "farmer – field (south)"}},
		{"V", Rotate0, []string{"thief – road (south and west)", "farmer – field (north-east)", "farmer – field (south-west)"}},
		{"X", Rotate0, []string{"thief – road (north)", "thief – road (east)", "thief – road (south)", "thief – road (west)",
			"farmer – field (north-west)", "farmer – field (north-east)", "farmer – field (south-east)", "farmer – field (south-west)"}},
	}
	for _, tt := range tests {
		if got := spotNamesOf(t, tt.tile, tt.rot); !slices.Equal(got, tt.want) {
			t.Errorf("%s turned %s:\n got %q\nwant %q", tt.tile, tt.rot, got, tt.want)
		}
	}
}

// directionWords splits a Direction into its compass indices.
func directionWords(tb testing.TB, d string) []int {
	tb.Helper()
	if d == "" {
		return nil
	}
	var out []int
	for _, w := range strings.FieldsFunc(strings.ReplaceAll(d, " and ", ","), func(r rune) bool { return r == ',' || r == ' ' }) {
		i := slices.Index(compass[:], w)
		if i < 0 {
			tb.Fatalf("%q: %q is not a compass word", d, w)
		}
		out = append(out, i)
	}
	return out
}

// TestSpotNamesEveryTile checks every spot of every base tile in every
// rotation: turning the tile by 90° turns each compass word of its spot's
// name by 90° clockwise; each named direction has a port of the feature
// within 45° of it (the feature meets the edge there); and two spots of one kind on a tile never share a name
// (the Discord menu and the terminal game would offer two equal choices).
func TestSpotNamesEveryTile(t *testing.T) {
	angle := func(p Port) float64 {
		xy := portXY[p-1]
		return math.Atan2(xy[0], -xy[1]) * 180 / math.Pi
	}
	apart := func(a, b float64) float64 {
		d := math.Mod(math.Abs(a-b), 360)
		return math.Min(d, 360-d)
	}
	for id := TileID(1); int(id) <= BaseTiles.Len(); id++ {
		tile := BaseTiles.Tile(id)
		for r := Rotate0; r <= Rotate270; r++ {
			seen := map[string]bool{}
			for _, f := range tile.Features {
				ps := f.Ports.Rotate(r)
				name := Spot{Port: ps.Main(), Ports: ps, Kind: f.Kind}.Name()
				if seen[name] {
					t.Errorf("%s turned %s: two spots are named %q", tile.Name, r, name)
				}
				seen[name] = true

				d := ps.Direction()
				words := directionWords(t, d)
				var turned []int
				for _, w := range words {
					turned = append(turned, (w+2)%8)
				}
				slices.Sort(turned)
				next := directionWords(t, f.Ports.Rotate(r+1).Direction())
				if !slices.Equal(next, turned) {
					t.Errorf("%s %v: turned %s it is %q, turned %s %q: not 90° clockwise", tile.Name, f.Ports.Ports(), r, d, (r+1)&3, f.Ports.Rotate(r+1).Direction())
				}
				for _, w := range words {
					if !slices.ContainsFunc(ps.Ports(), func(p Port) bool { return p != C && apart(angle(p), float64(w)*45) <= 45 }) {
						t.Errorf("%s %v turned %s: %q names %s, where the feature has no port", tile.Name, f.Ports.Ports(), r, d, compass[w])
					}
				}
			}
		}
	}
}

// TestFollowerSpotNamesInGame checks the names a game gives the spots of a
// tile it places turned: tile L turned 90 north of the start tile's city is
// impossible, so east of it, where its city meets nothing.
func TestFollowerSpotNamesInGame(t *testing.T) {
	rec, err := ReadRecord(strings.NewReader("[Players \"A\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	l, _ := BaseTiles.Lookup("L")
	var names []string
	for _, s := range g.AppendFollowerSpots(nil, l, Placement{Cell: Cell{1, 0}, Rotation: Rotate90}) {
		names = append(names, s.Name())
	}
	if want := "farmer – field (north-east and south-east)"; !slices.Contains(names, want) {
		t.Errorf("tile L turned 90: spots %q, want one named %q", names, want)
	}
	if slices.Contains(names, "farmer – field (east)") {
		t.Errorf("tile L turned 90: a field is named east, where its city is: %q", names)
	}
}

func TestSpotLabel(t *testing.T) {
	for i, want := range map[int]string{-1: "?", 0: "1", 1: "2", 8: "9", 11: "12"} {
		if got := SpotLabel(i); got != want {
			t.Errorf("SpotLabel(%d) = %q, want %q", i, got, want)
		}
	}
}
