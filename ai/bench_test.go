package ai

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

// benchPositions returns n positions at the start of a turn from random
// 2-player base games, spread over the whole game.
func benchPositions(tb testing.TB, n int) []*engine.Game {
	tb.Helper()
	var out []*engine.Game
	for _, p := range randomPositions(tb, "base", nil, 4*n, 42) {
		if p.g.Pending().Step == engine.StepTile && p.g.NumPlayers() == 2 && len(out) < n {
			out = append(out, p.g)
		}
	}
	return out
}

// BenchmarkThink measures a decision of each level at its default budget
// on one core: the processor time of the thread that searches, per move,
// at the 50th and 99th percentiles over positions of 2-player base games
// (ms-p50, ms-p99), and the playouts per second of processor time inside
// the search. On a system without thread times it reports wall time.
func BenchmarkThink(b *testing.B) {
	positions := benchPositions(b, 24)
	for _, l := range []Level{Easy, Normal, Hard} {
		b.Run(l.String(), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var times []time.Duration
			i := 0
			for b.Loop() {
				g := positions[i%len(positions)]
				c0, w0 := threadTime(), time.Now()
				if _, err := Turn(g, l, uint64(i)); err != nil {
					b.Fatal(err)
				}
				d := threadTime() - c0
				if c0 == 0 {
					d = time.Since(w0)
				}
				times = append(times, d)
				i++
			}
			slices.Sort(times)
			pct := func(q float64) float64 {
				return float64(times[min(len(times)-1, int(q*float64(len(times))))].Microseconds()) / 1000
			}
			b.ReportMetric(pct(0.5), "ms-p50")
			b.ReportMetric(pct(0.99), "ms-p99")
			var sum time.Duration
			for _, d := range times {
				sum += d
			}
			if n := l.Playouts(); n > 0 && sum > 0 {
				b.ReportMetric(float64(n*len(times))/sum.Seconds(), "playouts/s")
			}
		})
	}
}
