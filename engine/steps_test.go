package engine

import (
	"slices"
	"testing"
)

// TestPending checks who decides what: the current player places the tile
// while the game runs, the same player again on an extra turn, nobody once
// it is over; and the steps of a turn with and without the Cathars.
func TestPending(t *testing.T) {
	_, g := replayFile(t, "testdata/rules/river2-volcano-lake-extra-turn.rec", 10)
	if got, want := g.Pending(), (Decision{Player: 1, Step: StepTile}); got != want {
		t.Errorf("after the volcano-lake: Pending %+v, want %+v (Ben again)", got, want)
	}
	_, g = replayFile(t, "testdata/rules/river2-volcano-lake-extra-turn.rec", 11)
	if got, want := g.Pending(), (Decision{Player: 0, Step: StepTile}); got != want {
		t.Errorf("after the extra turn: Pending %+v, want %+v (Ann)", got, want)
	}
	if err := g.Finish(); err != nil {
		t.Fatal(err)
	}
	if got := g.Pending(); got.Step != StepNone {
		t.Errorf("after the end: Pending %+v, want StepNone", got)
	}
	if got, want := mustRules(t).TurnSteps(), []Step{StepTile, StepFigure}; !slices.Equal(got, want) {
		t.Errorf("base game steps %v, want %v", got, want)
	}
	if got, want := mustRules(t, ExpansionCathars).TurnSteps(), []Step{StepTile, StepFigure, StepEscape}; !slices.Equal(got, want) {
		t.Errorf("Cathars steps %v, want %v", got, want)
	}
	for s, want := range map[Step]string{StepNone: "none", StepTile: "tile", StepFigure: "figure", StepEscape: "escape", numSteps: "step?"} {
		if s.String() != want {
			t.Errorf("Step(%d) is %q, want %q", s, s.String(), want)
		}
	}
}
