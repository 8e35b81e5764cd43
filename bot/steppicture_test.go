package bot

import (
	"bytes"
	"image/png"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestStepPictures plays random games of The Princess & the Dragon with The
// Cathars, The Tower, The Robbers, The Crop Circles, The Flying Machines
// and The Gold Mines, and checks the picture of every step message: a step
// of the dragon has the dragon's; a decision whose choices lie on tiles
// (an escape, a landing, a crop circle's answers, also another player's)
// has the tile placed with its choices numbered where they lie
// ("choices"); another step of the current player's that a preview has a
// menu for, asked after other players' decisions (the figure after the
// robbers, a prisoner after the dragon's steps), the tile placed as the
// preview draws it ("tile"); a decision without a place on the board (a
// robber) has none.
func TestStepPictures(t *testing.T) {
	set := engine.ExpansionSet(0)
	for _, e := range []engine.Expansion{engine.ExpansionPrincessAndDragon, engine.ExpansionCathars, engine.ExpansionTower,
		engine.ExpansionRobbers, engine.ExpansionCropCircles, engine.ExpansionFlyingMachines, engine.ExpansionGoldMines} {
		set = set.With(e)
	}
	r, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := &Bot{draw: render.New()}
	g := storage.Game{ID: 1}
	pictured := map[string]int{}
	rng := rand.New(rand.NewPCG(4, 5))
	for seed := uint64(1); seed <= 8; seed++ {
		st, err := engine.New(engine.Config{Players: []string{"Ann", "Ben", "Cy"}, Rules: r, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		others := false // another player decided in this turn
		for !st.Ended() {
			d := st.Pending()
			_, menu := menuOf[d.Step]
			if _, only := turnview.OnlyPass(st); only {
				// Not asked: the bot passes at once.
			} else if d.Step != engine.StepTile && (others || !menu || d.Player != st.Current()) {
				data, what := b.stepPicture(g, st)
				marks := stepMarks(turnview.In(i18n.English).Options(st, labelNames(g, st)))
				want := ""
				switch {
				case d.Step == engine.StepDragon:
					want = "dragon"
				case marks != nil && d.Step != engine.StepFigure && d.Step != engine.StepCapture:
					want = "choices"
				case menu && d.Player == st.Current():
					want = "tile"
				}
				if what != want || (data == nil) != (want == "") {
					t.Fatalf("seed %d: the %s step of %s has the picture %q (%d bytes), want %q", seed, d.Step, st.Players()[d.Player], what, len(data), want)
				}
				if want == "choices" || want == "tile" {
					img, err := png.Decode(bytes.NewReader(data))
					if err != nil || img.Bounds().Dx() < 400 {
						t.Fatalf("seed %d: the %s step's picture does not decode as a preview's: %v", seed, d.Step, err)
					}
				}
				if want != "" {
					pictured[want+" "+d.Step.String()]++
				}
			}
			others = others || d.Player != st.Current()
			as := st.Answers()
			a := as[rng.IntN(len(as))]
			if k := slices.IndexFunc(as, func(a engine.Answer) bool { return a.Fly }); k >= 0 && rng.IntN(2) == 0 {
				a = as[k] // a flight now and then, for its landing
			}
			done, err := st.Act(a)
			if err != nil {
				t.Fatal(err)
			}
			if done {
				others = false
			}
		}
	}
	t.Logf("the step messages' pictures: %v", pictured)
	for _, want := range []string{"tile figure", "choices escape", "choices land", "choices pick", "dragon dragon"} {
		if pictured[want] == 0 {
			t.Errorf("no step message had the picture %q: %v", want, pictured)
		}
	}
}
