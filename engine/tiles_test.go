package engine

import (
	"slices"
	"testing"
)

func TestTileCounts(t *testing.T) {
	ts := BaseTiles
	if got, want := ts.Len(), 24; got != want {
		t.Errorf("tile kinds: got %d, want %d", got, want)
	}
	if got, want := ts.Total(), 72; got != want {
		t.Errorf("tiles: got %d, want %d", got, want)
	}
	d, _ := ts.Lookup("D")
	if got, want := len(NewPile(ts, d, 1)), 71; got != want {
		t.Errorf("draw pile: got %d, want %d", got, want)
	}
	want := map[string]int{"A": 2, "B": 4, "C": 1, "D": 4, "E": 5, "F": 2, "G": 1, "H": 3, "I": 2, "J": 3, "K": 3, "L": 3,
		"M": 2, "N": 3, "O": 2, "P": 3, "Q": 1, "R": 3, "S": 2, "T": 1, "U": 8, "V": 9, "W": 4, "X": 1}
	for name, n := range want {
		id, ok := ts.Lookup(name)
		if !ok {
			t.Errorf("tile %s missing", name)
			continue
		}
		if got := ts.Tile(id).Count; got != n {
			t.Errorf("tile %s count: got %d, want %d", name, got, n)
		}
	}
}

func TestTilePorts(t *testing.T) {
	for id := TileID(1); int(id) <= BaseTiles.Len(); id++ {
		tl := BaseTiles.Tile(id)
		var seen PortSet
		for _, f := range tl.Features {
			if seen&f.Ports != 0 {
				t.Errorf("tile %s: a port is covered twice", tl.Name)
			}
			seen |= f.Ports
			if f.Kind == Road {
				for _, p := range f.Ports.Ports() {
					if p != N && p != E && p != S && p != W {
						t.Errorf("tile %s: road on half port %s", tl.Name, p)
					}
				}
			}
		}
		for p := NNW; p <= WNW; p++ {
			if !seen.Has(p) {
				t.Errorf("tile %s: port %s not covered", tl.Name, p)
			}
		}
		// Turning four times by 90 gives the same tile, and each turn
		// moves north to east.
		for r := Rotate0; r <= Rotate270; r++ {
			for s := North; s <= West; s++ {
				got := BaseTiles.Edge(id, r, Side((int(s)-1+int(r))%4+1))
				if want := tl.Edges[s-1]; got != want {
					t.Errorf("tile %s turned %s: edge %s moved to %s: got %s, want %s", tl.Name, r, s, Side((int(s)-1+int(r))%4+1), got, want)
				}
			}
			for i, f := range tl.Features {
				if got := f.Ports.Rotate(r).Rotate((4 - r) & 3); got != f.Ports {
					t.Errorf("tile %s feature %d: rotating by %s and back changed the ports", tl.Name, i, r)
				}
			}
		}
	}
}

func TestTileBorders(t *testing.T) {
	// Every "borders the city" link of spec/tiles.md, and no other: tile ->
	// the main port of each field that borders a city, with the main ports of
	// the cities it borders.
	want := map[string]map[Port][]Port{
		"D": {ENE: {N}}, "E": {E: {N}}, "F": {N: {E}, S: {E}}, "G": {N: {E}, S: {E}},
		"H": {E: {N, S}}, "I": {E: {N, W}}, "J": {W: {N}}, "K": {E: {N}}, "L": {ENE: {N}},
		"M": {E: {N}}, "N": {E: {N}}, "O": {ENE: {N}}, "P": {ENE: {N}}, "Q": {S: {N}}, "R": {S: {N}},
		"S": {SSE: {N}, SSW: {N}}, "T": {SSE: {N}, SSW: {N}},
	}
	for id := TileID(1); int(id) <= BaseTiles.Len(); id++ {
		tl := BaseTiles.Tile(id)
		got := map[Port][]Port{}
		for _, f := range tl.Features {
			for _, b := range f.Borders {
				got[f.Ports.Main()] = append(got[f.Ports.Main()], tl.Features[b].Ports.Main())
			}
		}
		w := want[tl.Name]
		if len(got) != len(w) {
			t.Errorf("tile %s: borders %v, want %v", tl.Name, got, w)
			continue
		}
		for p, cities := range w {
			if !slices.Equal(got[p], cities) {
				t.Errorf("tile %s: field %s borders %v, want %v", tl.Name, p, got[p], cities)
			}
		}
	}
}

func TestDistinctRotations(t *testing.T) {
	want := map[string]int{"B": 1, "C": 1, "X": 1, "U": 2, "H": 2, "F": 2, "G": 2}
	for id := TileID(1); int(id) <= BaseTiles.Len(); id++ {
		name := BaseTiles.Name(id)
		n := 0
		for r := Rotate0; r <= Rotate270; r++ {
			if BaseTiles.DistinctRotation(id, r) {
				n++
			}
		}
		w, ok := want[name]
		if !ok {
			w = 4
		}
		if n != w {
			t.Errorf("tile %s: %d distinct rotations, want %d", name, n, w)
		}
	}
}

func TestPortGeometry(t *testing.T) {
	tests := []struct {
		p      Port
		r      Rotation
		rot    Port
		facing Port
	}{
		{N, Rotate90, E, S},
		{NNW, Rotate90, ENE, SSW},
		{NNE, Rotate180, SSW, SSE},
		{WNW, Rotate90, NNE, ENE},
		{ESE, Rotate270, NNE, WSW},
		{C, Rotate90, C, NoPort},
	}
	for _, tt := range tests {
		if got := tt.p.Rotate(tt.r); got != tt.rot {
			t.Errorf("%s turned %s: got %s, want %s", tt.p, tt.r, got, tt.rot)
		}
		if got := tt.p.Facing(); got != tt.facing {
			t.Errorf("%s faces %s, want %s", tt.p, got, tt.facing)
		}
	}
	if got := (Cell{1, -2}).Neighbour(North); got != (Cell{1, -3}) {
		t.Errorf("north of (1,-2): got %v", got)
	}
}

func TestNewTileSetRejectsBadData(t *testing.T) {
	bad := []tileSpec{
		{"Z1", "FFFF", 1, "field:NNW N NNE ENE E ESE SSE S SSW WSW W"},              // WNW uncovered
		{"Z2", "FRFF", 1, "road:ENE; field:NNW N NNE E ESE SSE S SSW WSW W WNW"},    // road on a half port
		{"Z3", "CFFF", 1, "field:NNW N NNE ENE E ESE SSE S SSW WSW W WNW"},          // edge says city
		{"Z4", "FFFF", 1, "field>0:NNW N NNE ENE E ESE SSE S SSW WSW W WNW"},        // borders itself
		{"Z5", "FFFF", 1, "field:NNW N NNE ENE E ESE SSE S SSW WSW W WNW; field:N"}, // N twice
	}
	for _, s := range bad {
		tl, err := parseTileSpec("test", s)
		if err != nil {
			continue
		}
		if _, err := NewTileSet([]Tile{tl}); err == nil {
			t.Errorf("tile %s: bad data accepted", s.name)
		}
	}
}

func TestPileIsStable(t *testing.T) {
	d, _ := BaseTiles.Lookup("D")
	a, b := NewPile(BaseTiles, d, 42), NewPile(BaseTiles, d, 42)
	if !slices.Equal(a, b) {
		t.Fatal("the same seed gave two piles")
	}
	if slices.Equal(a, NewPile(BaseTiles, d, 43)) {
		t.Fatal("two seeds gave the same pile")
	}
	// The pile of seed 42 is fixed forever: records and stored games depend on it.
	var names string
	for _, id := range a[:12] {
		names += BaseTiles.Name(id)
	}
	if want := "MTHDUJNVAUNW"; names != want {
		t.Errorf("pile of seed 42 starts %s, want %s", names, want)
	}
}
