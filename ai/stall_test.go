package ai

import (
	"math/rand/v2"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

// stallPosition replays testdata/easy-mw02-stall.rec: a 3-player game with
// every expansion where Computer (easy) has drawn MW02 (a magic tile: the
// mage or the witch goes onto any road or city) at turn 243, on which the
// easy level once tried every combination of the turn's choices for
// minutes.
func stallPosition(tb testing.TB) *engine.Game {
	tb.Helper()
	f, err := os.Open("testdata/easy-mw02-stall.rec")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rec, err := engine.ReadRecord(f)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := rec.Replay()
	if err != nil {
		tb.Fatal(err)
	}
	if t, _ := g.Drawn(); g.TileSet().Name(t) != "MW02" || g.Pending().Step != engine.StepTile {
		tb.Fatalf("the fixture waits for %v with %s drawn, not for MW02's tile step", g.Pending(), g.TileSet().Name(t))
	}
	return g
}

// TestEasyStallBounded plays the easy level's turn on the stall position:
// it plays no more than its budget of positions (and a first look at each
// answer to the first step), and its answers are a legal turn.
func TestEasyStallBounded(t *testing.T) {
	g := stallPosition(t)
	root, err := newNode(g.WhatIf(), g.Pending().Player, g.DieRoll()-1)
	if err != nil {
		t.Fatal(err)
	}
	gr := &greedy{me: g.Pending().Player, rng: rand.New(rand.NewPCG(1, rngStream)), left: greedyBudget}
	_, path, err := gr.value(root, true)
	if err != nil {
		t.Fatal(err)
	}
	played := greedyBudget - gr.left
	// The first look plays each answer to the first step and its first
	// completion; past the budget, the turn under way is completed by the
	// first answers: a few steps.
	if limit := greedyBudget + gr.firstLook + 16; played > limit || gr.firstLook == 0 {
		t.Errorf("the easy turn played %d positions: over its budget %d and its first look %d", played, greedyBudget, gr.firstLook)
	}
	t.Logf("%d answers to the tile step; %d positions played, %d of them the first look", len(root.answers), played, gr.firstLook)
	if len(path) == 0 {
		t.Fatal("no answers")
	}

	as, err := Turn(g, Easy, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Clone()
	for _, a := range as {
		if _, err := s.Act(a); err != nil {
			t.Fatalf("the engine refused the easy level's answer %s: %v", a, err)
		}
	}
	if d := s.Pending(); d.Player == g.Pending().Player && d.Step != engine.StepTile {
		t.Errorf("after the easy level's answers %v the game still waits for its %v", as, d.Step)
	}
}

// BenchmarkStall measures each level's turn on the stall position, in
// processor time of the thread that thinks (ms per turn).
func BenchmarkStall(b *testing.B) {
	g := stallPosition(b)
	for _, l := range []Level{Easy, Normal, Hard} {
		b.Run(l.String(), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var total time.Duration
			i := 0
			for b.Loop() {
				c0 := threadTime()
				if _, err := Turn(g, l, uint64(i)); err != nil {
					b.Fatal(err)
				}
				total += threadTime() - c0
				i++
			}
			b.ReportMetric(float64(total.Microseconds())/1000/float64(i), "ms/turn")
		})
	}
}
