package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The expansions' tile tables are checked against copies of the spec files
// (../shared/spec/expansions/tiles-*.md) kept in testdata/expansions, read by
// a small reader of their table syntax that is independent of the compact
// tileSpec syntax the engine's data is written in.

// specTable is what a spec file says: its tiles in order and the numbers of
// its "Total: N tiles in K kinds" line.
type specTable struct {
	tiles        []Tile
	total, kinds int
}

var (
	reBold    = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	rePorts   = regexp.MustCompile("`([^`]*)`")
	reTotal   = regexp.MustCompile(`(?m)^Total: (\d+) tiles in (\d+) kinds`)
	reLabel   = regexp.MustCompile(`\(([a-d])\)`)
	reHeading = regexp.MustCompile(`pointing ([NSEW]+)`)
	reGoods   = regexp.MustCompile(`^(\d+) (wine|grain|cloth)$`)
)

// descriptive are the bold words of the spec files that describe a shape the
// features already give, not a marker.
var descriptive = map[string]bool{"cloister in the city": true}

// readSpecTable reads one spec file of testdata/expansions.
func readSpecTable(tb testing.TB, name string) specTable {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "expansions", name))
	if err != nil {
		tb.Fatal(err)
	}
	var st specTable
	for line := range strings.SplitSeq(string(data), "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| tile ") {
			continue
		}
		cols := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cols) != 4 {
			tb.Fatalf("%s: row %q has %d columns", name, line, len(cols))
		}
		t, err := specTile(cols)
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		st.tiles = append(st.tiles, t)
	}
	m := reTotal.FindStringSubmatch(string(data))
	if m == nil {
		tb.Fatalf("%s: no Total line", name)
	}
	st.total, _ = strconv.Atoi(m[1])
	st.kinds, _ = strconv.Atoi(m[2])
	return st
}

// specTile reads one table row: tile, count, edges, features.
func specTile(cols []string) (Tile, error) {
	t := Tile{Name: cols[0]}
	n, err := strconv.Atoi(cols[1])
	if err != nil {
		return t, fmt.Errorf("tile %s: count %q", t.Name, cols[1])
	}
	t.Count = n
	edges := strings.Fields(cols[2])
	if len(edges) != 4 {
		return t, fmt.Errorf("tile %s: edges %q", t.Name, cols[2])
	}
	for i, e := range edges {
		k, ok := map[string]EdgeKind{"C": CityEdge, "R": RoadEdge, "F": FieldEdge, "~": RiverEdge}[e]
		if !ok {
			return t, fmt.Errorf("tile %s: edge %q", t.Name, e)
		}
		t.Edges[i] = k
	}
	kinds := map[string]FeatureKind{"road": Road, "city": City, "cloister": Cloister, "field": Field, "river": River}
	labels := map[string]int{} // city label -> feature index
	var cities []int
	type pending struct {
		feature int
		text    string
	}
	var borders []pending
	// "road `E`, road `S`, road `W`" (tiles-robbers.md) are three roads.
	items := strings.NewReplacer("`, road `", "`; road `", "`, city `", "`; city `").Replace(cols[3])
	for item := range strings.SplitSeq(items, "; ") {
		if strings.HasPrefix(item, "note:") {
			continue
		}
		word, _, _ := strings.Cut(item, " ")
		kind, isFeature := kinds[word]
		if !isFeature {
			// A marker on the tile, or words that describe the tile.
			for _, b := range reBold.FindAllStringSubmatch(item, -1) {
				if err := specMarker(&t, nil, b[1], item); err != nil {
					return t, err
				}
			}
			continue
		}
		f := TileFeature{Kind: kind}
		pm := rePorts.FindStringSubmatch(item)
		if pm == nil {
			return t, fmt.Errorf("tile %s: no ports in %q", t.Name, item)
		}
		for _, name := range strings.Fields(pm[1]) {
			p, ok := ParsePort(name)
			if !ok {
				return t, fmt.Errorf("tile %s: port %q", t.Name, name)
			}
			f.Ports = f.Ports.With(p)
		}
		head, _, _ := strings.Cut(item, "`")
		if kind == City {
			if l := reLabel.FindStringSubmatch(head); l != nil {
				labels[l[1]] = len(t.Features)
			}
			cities = append(cities, len(t.Features))
		}
		for _, b := range reBold.FindAllStringSubmatch(item, -1) {
			if err := specMarker(&t, &f, b[1], item); err != nil {
				return t, err
			}
		}
		if _, after, ok := strings.Cut(item, " borders "); ok {
			borders = append(borders, pending{len(t.Features), after})
		}
		t.Features = append(t.Features, f)
	}
	for _, b := range borders {
		var to []int
		switch {
		case strings.HasPrefix(b.text, "the city"):
			if len(cities) != 1 {
				return t, fmt.Errorf("tile %s: %q with %d cities", t.Name, b.text, len(cities))
			}
			to = cities
		case strings.HasPrefix(b.text, "both cities"):
			if len(cities) != 2 {
				return t, fmt.Errorf("tile %s: %q with %d cities", t.Name, b.text, len(cities))
			}
			to = cities
		case strings.HasPrefix(b.text, "city ") || strings.HasPrefix(b.text, "cities "):
			for _, l := range reLabel.FindAllStringSubmatch(b.text, -1) {
				i, ok := labels[l[1]]
				if !ok {
					return t, fmt.Errorf("tile %s: no city (%s)", t.Name, l[1])
				}
				to = append(to, i)
			}
		default:
			return t, fmt.Errorf("tile %s: borders %q", t.Name, b.text)
		}
		t.Features[b.feature].Borders = append([]int(nil), to...)
	}
	return t, nil
}

// specMarker adds the marker a bold phrase names to feature f, or to the
// tile when f is nil.
func specMarker(t *Tile, f *TileFeature, bold, item string) error {
	if descriptive[bold] {
		return nil
	}
	var m Marker
	switch {
	case reGoods.MatchString(bold):
		g := reGoods.FindStringSubmatch(bold)
		n, _ := strconv.Atoi(g[1])
		if f == nil {
			return fmt.Errorf("tile %s: goods on no city", t.Name)
		}
		f.Goods += uint8(n)
		m, _ = ParseMarker(g[2])
	case strings.HasPrefix(bold, "crop circle: "):
		kind, ok := ParseMarker("crop-" + strings.TrimPrefix(bold, "crop circle: "))
		if !ok {
			return fmt.Errorf("tile %s: %q", t.Name, bold)
		}
		m = CropCircle | kind
	default:
		var ok bool
		m, ok = ParseMarker(strings.ReplaceAll(bold, " ", "-"))
		if !ok {
			return fmt.Errorf("tile %s: unknown marker %q", t.Name, bold)
		}
	}
	if m == Pennant && f != nil {
		f.Pennants++
	}
	if m == FlyingMachine {
		h := reHeading.FindStringSubmatch(item)
		if h == nil {
			return fmt.Errorf("tile %s: a flying machine pointing nowhere", t.Name)
		}
		var ok bool
		if t.Flight, ok = ParseHeading(h[1]); !ok {
			return fmt.Errorf("tile %s: heading %q", t.Name, h[1])
		}
	}
	if f != nil {
		f.Markers |= m
	} else {
		t.Markers |= m
	}
	return nil
}
