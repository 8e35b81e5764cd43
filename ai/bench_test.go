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

// thinkSets are the expansion sets of issue 30's measures, by name: the
// base game, the rivers, the big box's trio, The Princess & the Dragon, The
// Tower, the five minis, the Cathars with the pig herd, and every
// expansion at once.
func thinkSets(tb testing.TB) []struct {
	name string
	r    *engine.Rules
} {
	tb.Helper()
	e := engine.ExpansionSet(0)
	sets := []struct {
		name string
		set  engine.ExpansionSet
	}{
		{"base", 0},
		{"rivers", e.With(engine.ExpansionRiver).With(engine.ExpansionRiver2)},
		{"ic-tb-kr", e.With(engine.ExpansionInnsAndCathedrals).With(engine.ExpansionTradersAndBuilders).With(engine.ExpansionKingAndRobber)},
		{"dragon", e.With(engine.ExpansionPrincessAndDragon)},
		{"tower", e.With(engine.ExpansionTower)},
		{"minis", e.With(engine.ExpansionFlyingMachines).With(engine.ExpansionFerries).With(engine.ExpansionGoldMines).
			With(engine.ExpansionMageAndWitch).With(engine.ExpansionCropCircles)},
		{"cathars-gq11", e.With(engine.ExpansionCathars).With(engine.ExpansionGQ11)},
		{"every", 0},
	}
	for _, x := range engine.PlayableExpansions() {
		sets[len(sets)-1].set = sets[len(sets)-1].set.With(x)
	}
	out := make([]struct {
		name string
		r    *engine.Rules
	}, len(sets))
	for i, s := range sets {
		r, err := engine.NewRules(s.set, engine.Options{})
		if err != nil {
			tb.Fatal(err)
		}
		out[i].name, out[i].r = s.name, r
	}
	return out
}

// BenchmarkThinkSets measures a computer's whole turn (Turn at the start
// of a turn: every step it decides) at each level and its default budget,
// on one core, over 12 positions at the start of a turn of 2-player games
// of each expansion set of thinkSets: processor time of the searching
// thread at the 50th and 99th percentiles (ms-p50, ms-p99; issue 30's
// budgets: easy 200, normal 700, hard 2,500 at the 99th).
func BenchmarkThinkSets(b *testing.B) {
	for _, ts := range thinkSets(b) {
		var positions []*engine.Game
		// More random positions until 12 are 2-player turns that begin:
		// with every expansion most are mid-turn or have more players.
		for n := 48; len(positions) < 12 && n <= 48*32; n *= 2 {
			positions = positions[:0]
			for _, p := range randomPositions(b, ts.name, ts.r, n, 42) {
				if p.g.Pending().Step == engine.StepTile && p.g.NumPlayers() == 2 && len(positions) < 12 {
					positions = append(positions, p.g)
				}
			}
		}
		if len(positions) == 0 {
			b.Fatalf("%s: no 2-player position at the start of a turn", ts.name)
		}
		for _, l := range []Level{Easy, Normal, Hard} {
			b.Run(ts.name+"/"+l.String(), func(b *testing.B) { thinkTimes(b, positions, l) })
		}
	}
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
			times := thinkTimes(b, positions, l)
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

// thinkTimes runs Turn at level l on the positions in turn, one a loop of
// b, and reports the 50th and 99th percentiles of the processor time of
// the thread that thinks (ms-p50, ms-p99; wall time on a system without
// thread times). It returns the times, sorted.
func thinkTimes(b *testing.B, positions []*engine.Game, l Level) []time.Duration {
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
	return times
}
