package ai

import (
	"os"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// replayTurns replays the first n turns of the engine's rule fixture file.
func replayTurns(tb testing.TB, file string, n int) *engine.Game {
	tb.Helper()
	data, err := os.ReadFile("../engine/testdata/rules/" + file)
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := engine.ReadRecord(strings.NewReader(string(data)))
	if err != nil {
		tb.Fatal(err)
	}
	rec.Turns, rec.End = rec.Turns[:n], false
	g, err := rec.Replay()
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// TestEvaluateMagic checks that the evaluation counts the mage and the
// witch on an unfinished road (001_…, Mage & Witch): Red's thief on a road
// of 2 tiles with the mage is worth 2 + 2 over Blue, and with the witch 1.
func TestEvaluateMagic(t *testing.T) {
	for _, tt := range []struct {
		file string
		want float64
	}{
		{"mw-example-road-mage.rec", 4},
		{"mw-example-road-witch.rec", 1},
	} {
		g := replayTurns(t, tt.file, 1)
		if got := evaluate(g, 0); got != tt.want {
			t.Errorf("%s after turn 1: evaluate %v, want %v", tt.file, got, tt.want)
		}
	}
}

// TestMagicCropAnswers lets each level answer the steps of Mage & Witch and
// The Crop Circles (the mage or witch, the crop circle's choice and each
// player's answer, other players' included) in positions of random games,
// and checks that every answer is legal where it comes.
func TestMagicCropAnswers(t *testing.T) {
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionMageAndWitch).With(engine.ExpansionCropCircles), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[engine.Step]int{}
	for i, p := range randomPositions(t, "magic-crop", r, 400, 7) {
		st := p.g.Pending().Step
		if st != engine.StepMagic && st != engine.StepCrop && st != engine.StepCropPick {
			continue
		}
		c := testConfigs[i%len(testConfigs)]
		as, err := c.Turn(p.g, uint64(i))
		if err != nil {
			t.Fatalf("%s %s: %v", p.name, c.Level, err)
		}
		if len(as) == 0 || as[0].Step != st {
			t.Fatalf("%s %s: answers %v to the %s step", p.name, c.Level, as, st)
		}
		playTurn(t, p.g, as)
		seen[st]++
	}
	for _, st := range []engine.Step{engine.StepMagic, engine.StepCrop, engine.StepCropPick} {
		if seen[st] == 0 {
			t.Errorf("no position waited for the %s step", st)
		}
	}
}
