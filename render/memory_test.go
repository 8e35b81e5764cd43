package render

import (
	"io"
	"runtime"
	"testing"

	"github.com/meeple-works/carcassonne/internal/racetest"

	"github.com/meeple-works/carcassonne/engine"
)

// memoryBudget is the heap that 100 games in one bot process may take
// with their pictures: the engine states, the renderer's caches and the
// pooled drawing kits (spec: a bot process within 150 MB for 100 active
// games, whatever the expansions).
const memoryBudget = 150 << 20

// TestMemoryHundredGames draws the turn picture of 100 games with every
// expansion, three players each at every stage of the game, and the final
// picture of every tenth (under the race detector, boards of 10 to 30
// tiles), in one process with one Renderer, as a bot serving them does;
// with the games kept, the live heap after a collection (the pools' kits
// and canvases still held) stays within memoryBudget.
func TestMemoryHundredGames(t *testing.T) {
	r := New()
	var games []*engine.Game
	for i := range 100 {
		seed := uint64(i + 1)
		g := playGame(t, expansionConfig(t, allExpansions(), 3, seed), seed, 10+i%racetest.Scale(80, 4))
		games = append(games, g)
		if err := r.TurnPNG(io.Discard, g); err != nil {
			t.Fatal(err)
		}
		if i%10 == 9 {
			if err := r.FinalPNG(io.Discard, g); err != nil {
				t.Fatal(err)
			}
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("after 100 games: live heap %.1f MB (tile pictures %.1f MB), %d collections",
		float64(ms.HeapAlloc)/(1<<20), float64(r.cache.artBytes)/(1<<20), ms.NumGC)
	if ms.HeapAlloc > memoryBudget {
		t.Errorf("100 games take %.1f MB of heap, over the %d MB budget", float64(ms.HeapAlloc)/(1<<20), memoryBudget>>20)
	}
	runtime.KeepAlive(games)
}
