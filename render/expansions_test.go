package render

import (
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// expansionTiles returns the tile set of expansion e's land tiles alone,
// every kind of its table (spec/expansions/tiles-NAME.md).
func expansionTiles(tb testing.TB, e engine.Expansion) *engine.TileSet {
	tb.Helper()
	ts, err := engine.NewTileSet(e.Tiles())
	if err != nil {
		tb.Fatalf("%s: %v", e, err)
	}
	return ts
}

// allExpansions are the expansions with land tiles.
func allExpansions() []engine.Expansion {
	var out []engine.Expansion
	for e := engine.ExpansionRiver; e <= engine.ExpansionRobbers; e++ {
		if len(e.Tiles()) > 0 {
			out = append(out, e)
		}
	}
	return out
}

func TestExpansionSheets(t *testing.T) {
	r := testRenderer()
	for _, e := range allExpansions() {
		img := tileSheet(r, expansionTiles(t, e), 96)
		dump(t, e.String(), img)
	}
}
