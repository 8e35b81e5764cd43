package bot

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

// BenchmarkGameMemory plays whole games of one person against an easy and
// a normal computer with every expansion the engine plays, through the
// local Discord and the real bot, and reports the peak resident memory of
// the process (Linux's VmHWM, so the local Discord and the test's own
// memory are in it too), in MB. Run it alone, once, so that the peak is
// this game's:
//
//	go test ./bot -run '^$' -bench GameMemory -benchtime 1x
func BenchmarkGameMemory(b *testing.B) {
	var exps []string
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase {
			exps = append(exps, e.String())
		}
	}
	for range b.N {
		h := newHarnessWith(b, func(c *Config) {
			c.ComputerPause, c.ComputerPlayouts = time.Millisecond, testPlayouts
			c.Seed = func() uint64 { return 5 }
		})
		alice := h.srv.NewUser("alice", "Alice")
		thread := h.computerGame(alice, "/carcassonne new expansions:"+strings.Join(exps, ","), "easy", "normal")
		h.playWithComputers(alice, thread, firstMove, func(*engine.Game, engine.Decision) bool { return true })
	}
	if peak := peakRSS(b); peak > 0 {
		b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MB")
	}
}

// firstMove places the drawn tile on the first cell and rotation the menus
// list, with no figure.
func firstMove(st *engine.Game) engine.Move {
	t, _ := st.Drawn()
	p := menuPlacements(st)[0]
	return engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
}

// peakRSS returns the process's peak resident memory in bytes (VmHWM of
// /proc/self/status), 0 where there is no such file.
func peakRSS(tb testing.TB) int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				tb.Fatalf("VmHWM: %v", err)
			}
			return kb << 10
		}
	}
	return 0
}
