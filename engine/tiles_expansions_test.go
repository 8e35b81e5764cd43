package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// TestExpansionTilesMatchSpec checks every expansion's tile table against its
// spec file: the same tiles in the same order, with the same names, counts,
// edges, features (kinds, ports, pennants, goods, markers, the cities each
// field borders) and tile markers, and the totals of the file's Total line.
func TestExpansionTilesMatchSpec(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "expansions", "tiles-*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no spec files in testdata/expansions: %v", err)
	}
	checked := map[Expansion]bool{}
	for _, file := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(file), "tiles-"), ".md")
		t.Run(name, func(t *testing.T) {
			e, ok := ParseExpansion(name)
			if !ok {
				t.Fatalf("spec file %s names no expansion", file)
			}
			checked[e] = true
			spec := readSpecTable(t, filepath.Base(file))
			got := e.Tiles()
			if len(got) != len(spec.tiles) {
				t.Fatalf("%d tile kinds, the spec has %d", len(got), len(spec.tiles))
			}
			if n := shapes(got); len(got) != spec.kinds && n != spec.kinds {
				// tiles-robbers.md lists its twins (RB04 and RB05, RB06
				// and RB07) apart and counts the kinds by shape.
				t.Errorf("%d tile kinds (%d shapes), the Total line says %d", len(got), n, spec.kinds)
			}
			total := 0
			for i := range got {
				g, w := &got[i], &spec.tiles[i]
				total += g.Count
				if g.Expansion != name {
					t.Errorf("tile %s: expansion %q, want %q", g.Name, g.Expansion, name)
				}
				compareTiles(t, g, w)
			}
			if total != spec.total {
				t.Errorf("%d tiles, the Total line says %d", total, spec.total)
			}
			if _, err := NewTileSet(got); err != nil {
				t.Errorf("the tiles do not make a tile set: %v", err)
			}
		})
	}
	for e := ExpansionBase + 1; e < numExpansions; e++ {
		if len(e.Tiles()) > 0 && !checked[e] {
			t.Errorf("%s has tiles but no spec file in testdata/expansions", e)
		}
	}
}

// compareTiles reports every difference between tile g and the wanted w.
func compareTiles(t *testing.T, g, w *Tile) {
	t.Helper()
	if g.Name != w.Name || g.Count != w.Count || g.Edges != w.Edges {
		t.Errorf("tile %s ×%d %v: want %s ×%d %v", g.Name, g.Count, g.Edges, w.Name, w.Count, w.Edges)
	}
	if g.Markers != w.Markers || g.Flight != w.Flight {
		t.Errorf("tile %s: markers %q heading %s, want %q heading %s", g.Name, g.Markers, g.Flight, w.Markers, w.Flight)
	}
	if len(g.Features) != len(w.Features) {
		t.Errorf("tile %s: %d features, want %d", g.Name, len(g.Features), len(w.Features))
		return
	}
	for i := range g.Features {
		gf, wf := &g.Features[i], &w.Features[i]
		if gf.Kind != wf.Kind || gf.Ports != wf.Ports || gf.Pennants != wf.Pennants || gf.Goods != wf.Goods || gf.Markers != wf.Markers || !slices.Equal(gf.Borders, wf.Borders) {
			t.Errorf("tile %s feature %d: %s %v pennants %d goods %d markers %q borders %v; want %s %v pennants %d goods %d markers %q borders %v",
				g.Name, i, gf.Kind, gf.Ports.Ports(), gf.Pennants, gf.Goods, gf.Markers, gf.Borders,
				wf.Kind, wf.Ports.Ports(), wf.Pennants, wf.Goods, wf.Markers, wf.Borders)
		}
	}
}

// TestSpecCopiesAreWhole checks that testdata/expansions holds a spec file
// for every expansion with land tiles, and nothing else.
func TestSpecCopiesAreWhole(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("testdata", "expansions"))
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, en := range entries {
		got = append(got, en.Name())
	}
	for e := ExpansionBase + 1; e < numExpansions; e++ {
		if len(e.Tiles()) > 0 {
			want = append(want, "tiles-"+e.String()+".md")
		}
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("testdata/expansions holds %v, want %v", got, want)
	}
}

// expTile returns the tile named name of expansion e.
func expTile(tb testing.TB, e Expansion, name string) *Tile {
	tb.Helper()
	for i, t := range e.Tiles() {
		if t.Name == name {
			return &e.Tiles()[i]
		}
	}
	tb.Fatalf("%s has no tile %s", e, name)
	return nil
}

// TestExpansionTileExamples checks, written out by hand from the spec files
// and independent of their reader, the tiles that carry what the base game
// has not: a second inner port, markers on features and on tiles, goods, a
// flying machine's heading, the river.
func TestExpansionTileExamples(t *testing.T) {
	kr05 := expTile(t, ExpansionKingAndRobber, "KR05")
	var inner []Port
	for _, f := range kr05.Features {
		if f.Kind == Field {
			inner = append(inner, f.Ports.Main())
			if len(f.Borders) != 2 {
				t.Errorf("KR05: the field at %s borders %v, want both cities", f.Ports.Main(), f.Borders)
			}
		}
	}
	if !slices.Equal(inner, []Port{C, C2}) {
		t.Errorf("KR05: fields at %v, want C and C2", inner)
	}
	tests := []struct {
		e       Expansion
		tile    string
		feature int // -1: the tile
		markers Marker
	}{
		{ExpansionRiver, "RV01", 0, Spring},
		{ExpansionRiver, "RV02", 0, Lake},
		{ExpansionRiver2, "R203", 0, Lake},
		{ExpansionRiver2, "R203", -1, Volcano},
		{ExpansionRiver2, "R204", 0, Fork},
		{ExpansionRiver2, "R207", 0, Inn},
		{ExpansionRiver2, "R210", 0, Pennant},
		{ExpansionRiver2, "R211", 1, PigHerd},
		{ExpansionInnsAndCathedrals, "IC01", 0, Cathedral},
		{ExpansionInnsAndCathedrals, "IC14", 0, Inn},
		{ExpansionInnsAndCathedrals, "IC14", 1, 0},
		{ExpansionCathars, "CA01", 0, Besieged},
		{ExpansionGQ11, "GQ02", 0, PigHerd},
		{ExpansionGQ11, "GQ11", 1, Spring},
		{ExpansionTradersAndBuilders, "TB01", 0, Grain},
		{ExpansionTradersAndBuilders, "TB24", -1, Bridge},
		{ExpansionPrincessAndDragon, "PD10", 0, Princess},
		{ExpansionPrincessAndDragon, "PD10", 1, Pennant},
		{ExpansionPrincessAndDragon, "PD12", -1, MagicPortal},
		{ExpansionPrincessAndDragon, "PD25", 1, Tunnel},
		{ExpansionTower, "TW03", -1, TowerFoundation},
		{ExpansionFlyingMachines, "FM01", -1, FlyingMachine},
		{ExpansionFerries, "FE01", -1, Lake},
		{ExpansionGoldMines, "GM01", -1, GoldMine},
		{ExpansionMageAndWitch, "MW01", -1, Magic},
		{ExpansionCropCircles, "CC01", -1, CropCircle | CropShield},
		{ExpansionCropCircles, "CC03", -1, CropCircle | CropFork},
		{ExpansionCropCircles, "CC04", -1, CropCircle | CropClub},
	}
	for _, tt := range tests {
		tl := expTile(t, tt.e, tt.tile)
		got := tl.Markers
		if tt.feature >= 0 {
			got = tl.Features[tt.feature].Markers
		}
		if got != tt.markers {
			t.Errorf("%s feature %d: markers %q, want %q", tt.tile, tt.feature, got, tt.markers)
		}
	}
	if f := expTile(t, ExpansionTradersAndBuilders, "TB01").Features[0]; f.Goods != 1 {
		t.Errorf("TB01: %d goods, want 1", f.Goods)
	}
	if h := expTile(t, ExpansionFlyingMachines, "FM01").Flight; h != HeadingNW {
		t.Errorf("FM01 points %s, want NW", h)
	}
	if h := expTile(t, ExpansionFlyingMachines, "FM02").Flight; h != HeadingW {
		t.Errorf("FM02 points %s, want W", h)
	}
	rv06 := expTile(t, ExpansionRiver, "RV06")
	if rv06.Edges != [4]EdgeKind{RiverEdge, RoadEdge, RiverEdge, RoadEdge} || rv06.Features[1].Kind != River {
		t.Errorf("RV06: edges %v, feature 1 %s; want river north and south", rv06.Edges, rv06.Features[1].Kind)
	}
}

// TestExpansionDistinctRotations checks that markers and headings take part
// in telling rotations apart.
func TestExpansionDistinctRotations(t *testing.T) {
	tests := []struct {
		e    Expansion
		tile string
		want int
	}{
		{ExpansionInnsAndCathedrals, "IC01", 1}, // a city on four sides with a cathedral
		{ExpansionKingAndRobber, "KR05", 1},     // the crossed cities look alike turned by 90
		{ExpansionFlyingMachines, "FM01", 4},    // a field all round, but the machine turns
		{ExpansionFlyingMachines, "FM03", 4},    // a straight road, but the machine turns
		{ExpansionRiver, "RV07", 2},             // a straight river
		{ExpansionGQ11, "GQ02", 1},              // a field all round with a pig herd
		{ExpansionInnsAndCathedrals, "IC15", 2}, // a straight road with an inn
		{ExpansionInnsAndCathedrals, "IC03", 1}, // four cities round an inner field
	}
	for _, tt := range tests {
		ts, err := NewTileSet([]Tile{*expTile(t, tt.e, tt.tile)})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for r := Rotate0; r <= Rotate270; r++ {
			if ts.DistinctRotation(1, r) {
				n++
			}
		}
		if n != tt.want {
			t.Errorf("%s: %d distinct rotations, want %d", tt.tile, n, tt.want)
		}
	}
}

// TestStructSizes guards the speed of the base game: the structs copied or
// walked in every move must not grow when the tile model does.
func TestStructSizes(t *testing.T) {
	tests := []struct {
		name      string
		got, want uintptr
	}{
		{"node", unsafe.Sizeof(node{}), 24},
		{"orient", unsafe.Sizeof(orient{}), orientSize},
		{"TileFeature", unsafe.Sizeof(TileFeature{}), 48},
		{"meeple", unsafe.Sizeof(meeple{}), 8},
		{"placedTile", unsafe.Sizeof(placedTile{}), 12},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %d bytes, want %d", tt.name, tt.got, tt.want)
		}
	}
}

func TestSecondInnerPort(t *testing.T) {
	p, ok := ParsePort("C2")
	if !ok || p != C2 || p.String() != "C2" {
		t.Fatalf("ParsePort(C2) = %s, %v", p, ok)
	}
	for r := Rotate0; r <= Rotate270; r++ {
		if got := C2.Rotate(r); got != C2 {
			t.Errorf("C2 turned %s: got %s", r, got)
		}
	}
	if C2.Facing() != NoPort || C2.Side() != NoSide {
		t.Errorf("C2 faces %s on side %s, want none", C2.Facing(), C2.Side())
	}
	set := PortSet(0).With(C2)
	if !set.Has(C2) || set.Has(C) || set.Main() != C2 || !slices.Equal(set.Ports(), []Port{C2}) {
		t.Errorf("the set {C2}: Has(C2) %v, Has(C) %v, Main %s, Ports %v", set.Has(C2), set.Has(C), set.Main(), set.Ports())
	}
	if got := set.With(N).Rotate(Rotate90); got != PortSet(0).With(C2).With(E) {
		t.Errorf("{N, C2} turned 90: got %v", got.Ports())
	}
	if d := set.Direction(); d != "" {
		t.Errorf("{C2} has direction %q, want none", d)
	}
	ts, err := NewTileSet([]Tile{*expTile(t, ExpansionKingAndRobber, "KR05")})
	if err != nil {
		t.Fatal(err)
	}
	for r := Rotate0; r <= Rotate270; r++ {
		a, okA := ts.FeatureAt(1, r, C)
		b, okB := ts.FeatureAt(1, r, C2)
		if !okA || !okB || a == b {
			t.Errorf("KR05 turned %s: C is feature %d (%v), C2 feature %d (%v)", r, a, okA, b, okB)
		}
	}
}

func TestMarkerNames(t *testing.T) {
	for i := range markerNames {
		m := Marker(1) << i
		got, ok := ParseMarker(m.String())
		if !ok || got != m {
			t.Errorf("marker %d: %q reads back as %v, %v", i, m.String(), got, ok)
		}
	}
	if got, want := (Pennant | Inn | PigHerd).String(), "pennant+inn+pig-herd"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := Marker(1 << 31).String(); got != "Marker(80000000)" {
		t.Errorf("an unknown marker: %q", got)
	}
	if _, ok := ParseMarker("dragonfly"); ok {
		t.Error("dragonfly read as a marker")
	}
}

func TestHeading(t *testing.T) {
	tests := []struct {
		h      Heading
		r      Rotation
		want   Heading
		dx, dy int
	}{
		{HeadingNW, Rotate90, HeadingNE, -1, -1},
		{HeadingW, Rotate90, HeadingN, -1, 0},
		{HeadingW, Rotate180, HeadingE, -1, 0},
		{HeadingNW, Rotate270, HeadingSW, -1, -1},
		{HeadingS, Rotate0, HeadingS, 0, 1},
		{NoHeading, Rotate90, NoHeading, 0, 0},
	}
	for _, tt := range tests {
		if got := tt.h.Rotate(tt.r); got != tt.want {
			t.Errorf("%s turned %s: got %s, want %s", tt.h, tt.r, got, tt.want)
		}
		if dx, dy := tt.h.Step(); dx != tt.dx || dy != tt.dy {
			t.Errorf("%s steps %d,%d, want %d,%d", tt.h, dx, dy, tt.dx, tt.dy)
		}
		if tt.h != NoHeading {
			if got, ok := ParseHeading(tt.h.String()); !ok || got != tt.h {
				t.Errorf("%s reads back as %s", tt.h, got)
			}
		}
	}
}

func TestTileSpecSyntax(t *testing.T) {
	tl, err := parseTileSpec("test", tileSpec{"Z", "CFFF", 1, "city+*wine=2*besieged:NNW N NNE; field*pig-herd>0:ENE E ESE SSE S SSW WSW W WNW; *flying-machine=NE; *volcano"})
	if err != nil {
		t.Fatal(err)
	}
	city, field := tl.Features[0], tl.Features[1]
	if city.Pennants != 1 || city.Goods != 2 || city.Markers != Pennant|Wine|Besieged {
		t.Errorf("city: pennants %d goods %d markers %q", city.Pennants, city.Goods, city.Markers)
	}
	if field.Markers != PigHerd || !slices.Equal(field.Borders, []int{0}) {
		t.Errorf("field: markers %q borders %v", field.Markers, field.Borders)
	}
	if tl.Markers != FlyingMachine|Volcano || tl.Flight != HeadingNE {
		t.Errorf("tile: markers %q heading %s", tl.Markers, tl.Flight)
	}
	if _, err := NewTileSet([]Tile{tl}); err != nil {
		t.Errorf("good tile refused: %v", err)
	}
	bad := []tileSpec{
		{"Z1", "FFFF", 1, "field*dragonfly:" + allSides},                                  // unknown marker
		{"Z2", "FFFF", 1, "field:" + allSides + "; *flying-machine=UP"},                   // bad heading
		{"Z3", "FFFF", 1, "field*inn=2:" + allSides},                                      // a value on a marker without one
		{"Z4", "FFFF", 1, "field:" + allSides + "; *volcano=1"},                           // the same on the tile
		{"Z5", "CFFF", 1, "city*wine=x:NNW N NNE; field>0:ENE E ESE SSE S SSW WSW W WNW"}, // bad count
	}
	for _, s := range bad {
		if _, err := parseTileSpec("test", s); err == nil {
			t.Errorf("tile %s: bad spec read", s.name)
		}
	}
	refused := []tileSpec{
		{"Y1", "FFFF", 1, "field:" + allSides + "; field:C2"},                                // C2 without C
		{"Y3", "FRFR", 1, "road*wine:E W; field:NNW N NNE ENE WNW; field:ESE SSE S SSW WSW"}, // goods on a road
		{"Y4", "FFFF", 1, "field:NNW N NNE ENE E ESE SSE S SSW WSW W WNW C2"},                // C2 alone
	}
	heading, err := parseTileSpec("test", tileSpec{"Y2", "FFFF", 1, "field:" + allSides})
	if err != nil {
		t.Fatal(err)
	}
	heading.Flight = HeadingN // a heading without a flying machine
	if _, err := NewTileSet([]Tile{heading}); err == nil {
		t.Error("a heading without a flying machine accepted")
	}
	for _, s := range refused {
		tl, err := parseTileSpec("test", s)
		if err != nil {
			t.Errorf("tile %s: %v", s.name, err)
			continue
		}
		if _, err := NewTileSet([]Tile{tl}); err == nil {
			t.Errorf("tile %s: bad data accepted", s.name)
		}
	}
}

// shapes returns the number of different shapes (edges and features) of
// tiles ts.
func shapes(ts []Tile) int {
	seen := map[string]bool{}
	for _, t := range ts {
		seen[fmt.Sprint(t.Edges, t.Features, t.Markers)] = true
	}
	return len(seen)
}
