package render

import (
	"io"
	"math/rand/v2"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// TestPreviewBeforeLaterSteps draws the previews of every figure step of
// turns whose other steps are not all known when the player chooses: a
// tower piece or a follower on top of a tower on a dragon tile (the
// dragon's steps come after, decided by the other players) or on a crop
// circle (the players' crop circle answers come after), and a figure on a
// tile with a bag (each player's robber comes first). Each must draw:
// the preview checks the turn's steps up to the figure, not a whole move
// it cannot know.
func TestPreviewBeforeLaterSteps(t *testing.T) {
	r := testRenderer()
	rules := rulesOf(t, engine.ExpansionPrincessAndDragon, engine.ExpansionTower, engine.ExpansionRobbers, engine.ExpansionCropCircles)
	towerOnDragon, figureAfterBag, towerOnCrop := 0, 0, 0
	enough := func() bool { return towerOnDragon >= 3 && figureAfterBag >= 3 && towerOnCrop >= 3 }
	for seed := uint64(1); seed <= 40 && !enough(); seed++ {
		g, err := engine.New(engine.Config{Rules: rules, Players: []string{"Ann", "Ben", "Cal"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		for !g.Ended() && !enough() {
			if t0, ok := g.Drawn(); ok && g.Pending().Step == engine.StepTile {
				marks := g.TileSet().Tile(t0).Markers
				if marks&(engine.Dragon|engine.Bag|engine.CropCircle) != 0 {
					for _, p := range g.Placements() {
						for _, as := range figureSteps(t, g, p) {
							m := engine.MoveOfAnswers(t0, as)
							fig := as[len(as)-1]
							var err error
							switch {
							case fig.Tower != engine.TowerNone && marks&engine.Dragon != 0:
								err = r.PreviewTowerPNG(io.Discard, g, m)
								towerOnDragon++
							case fig.Tower == engine.TowerNone && marks&engine.Bag != 0 && len(as) > 2:
								err = r.PreviewMovePNG(io.Discard, g, m)
								figureAfterBag++
							case fig.Tower != engine.TowerNone && marks&engine.CropCircle != 0:
								err = r.PreviewTowerPNG(io.Discard, g, m)
								towerOnCrop++
							}
							if err != nil {
								t.Fatalf("seed %d, %s at %v, then %v: %v\n%s", seed, g.TileSet().Name(t0), p, as[1:], err, g.Record())
							}
						}
					}
				}
			}
			as := g.Answers()
			if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d tower actions on dragon tiles, %d on crop circles, %d figures after robbers drawn", towerOnDragon, towerOnCrop, figureAfterBag)
	if !enough() {
		t.Errorf("%d tower actions on dragon tiles, %d on crop circles, %d figures after robbers: the games asked too few", towerOnDragon, towerOnCrop, figureAfterBag)
	}
}

// figureSteps returns, for the drawn tile of g placed as p, the answers of
// the turn up to each answer of its figure step: the tile, the steps
// between (the robbers, by their first answers), and the figure step's
// answer; none when the tile ends the turn.
func figureSteps(tb testing.TB, g *engine.Game, p engine.Placement) [][]engine.Answer {
	tb.Helper()
	c := g.Clone()
	as := []engine.Answer{{Step: engine.StepTile, Cell: p.Cell, Rotation: p.Rotation}}
	if done, err := c.Act(as[0]); err != nil || done {
		return nil
	}
	for n := 0; n < 64 && c.Pending().Step != engine.StepFigure && c.Pending().Step != engine.StepNone; n++ {
		a := c.Answers()[0]
		if _, err := c.Act(a); err != nil {
			tb.Fatal(err)
		}
		as = append(as, a)
	}
	if c.Pending().Step != engine.StepFigure {
		return nil
	}
	var out [][]engine.Answer
	for _, a := range c.Answers() {
		if a.Port != engine.NoPort || a.Tower != engine.TowerNone {
			out = append(out, append(as[:len(as):len(as)], a))
		}
	}
	return out
}
