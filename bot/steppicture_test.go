package bot

import (
	"bytes"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

// TestStepPictureOfTheTile plays random games of The Princess & the Dragon
// with The Cathars, The Tower and The Robbers: a step message of the current
// player's own step that a preview has a menu for, asked after other
// players' decisions (an escape or a prisoner after the dragon's steps, the
// figure after the robbers), has the picture of the tile placed; a step of
// the dragon has the dragon's; a step another player decides (a robber of
// theirs) has none.
func TestStepPictureOfTheTile(t *testing.T) {
	set := engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon).With(engine.ExpansionCathars).
		With(engine.ExpansionTower).With(engine.ExpansionRobbers)
	r, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := &Bot{draw: render.New()}
	g := storage.Game{ID: 1}
	pictured := map[engine.Step]int{}
	rng := rand.New(rand.NewPCG(4, 5))
	for seed := uint64(1); seed <= 6 && pictured[engine.StepEscape]+pictured[engine.StepCapture] == 0; seed++ {
		st, err := engine.New(engine.Config{Players: []string{"Ann", "Ben", "Cy"}, Rules: r, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		others := false // another player decided in this turn
		for !st.Ended() {
			d := st.Pending()
			_, menu := menuOf[d.Step]
			if d.Step != engine.StepTile && (others || d.Step == engine.StepDragon || d.Player != st.Current()) {
				data, what := b.stepPicture(g, st)
				switch {
				case d.Step == engine.StepDragon:
					if what != "dragon" {
						t.Fatalf("seed %d: a step of the dragon has the picture %q", seed, what)
					}
				case menu && d.Player == st.Current():
					img, err := png.Decode(bytes.NewReader(data))
					if what != "tile" || err != nil || img.Bounds().Dx() < 400 {
						t.Fatalf("seed %d: the %s step's picture %q does not decode as a preview's: %v", seed, d.Step, what, err)
					}
					pictured[d.Step]++
				case data != nil:
					t.Fatalf("seed %d: the %s step of %s has the picture %q", seed, d.Step, st.Players()[d.Player], what)
				}
			}
			others = others || d.Player != st.Current()
			as := st.Answers()
			done, err := st.Act(as[rng.IntN(len(as))])
			if err != nil {
				t.Fatal(err)
			}
			if done {
				others = false
			}
		}
	}
	t.Logf("the tile's picture in the step messages of %v", pictured)
	if pictured[engine.StepFigure] == 0 || pictured[engine.StepEscape]+pictured[engine.StepCapture] == 0 {
		t.Errorf("the random games pictured %v: no figure, or no escape nor prisoner after others' decisions", pictured)
	}
}
