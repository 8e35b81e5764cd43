package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/racetest"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestPreviewMenusCapped: a preview shows at most previewMenus menus, and
// a turn that would need more stops its walk before the first menu past
// them, so that the turn asks it after Confirm (a step message of the
// player's) instead of choosing it unseen. Checked with a cap of one menu
// on the placements of random games with every expansion whose previews
// show two or more: the walk stops at the second menu's step, undone,
// which the current player decides and the engine still asks.
func TestPreviewMenusCapped(t *testing.T) {
	var all engine.ExpansionSet
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionRiver {
			all = all.With(e)
		}
	}
	r, err := engine.NewRules(all, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.New(engine.Config{Rules: r, Players: []string{"Ann", "Bob"}, Seed: 9, DrawnOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	vo := en
	rng := rand.New(rand.NewPCG(9, 9))
	capped := 0
	for n := 0; !st.Ended() && n < 3000; n++ {
		if st.Pending().Step == engine.StepTile && !st.SetsAside() {
			ps := st.Placements()
			for k := 0; k < racetest.Scale(4, 1) && len(ps) > 0; k++ {
				p := ps[rng.IntN(len(ps))]
				ch := choice{game: 1, moves: len(st.Moves()), cell: p.Cell, rot: p.Rotation}
				full, err := ch.walk(st, vo, nil)
				if err != nil {
					t.Fatal(err)
				}
				if full.shown() > previewMenus {
					t.Fatalf("turn %d at %v: the preview shows %d menus", st.Turn(), p, full.shown())
				}
				if full.shown() < 2 {
					continue
				}
				one, err := ch.walkUpTo(st, vo, nil, 1)
				if err != nil {
					t.Fatal(err)
				}
				d := one.game.Pending()
				_, menu := menuOf[d.Step]
				if one.shown() != 1 || one.done || d.Player != st.Current() || !menu || !shown(d.Step, vo.Options(one.game, nil)) {
					t.Fatalf("turn %d at %v: capped at one menu, the walk shows %d, done %v, and the game waits for %+v", st.Turn(), p, one.shown(), one.done, d)
				}
				capped++
			}
		}
		opts := turnview.Options(st, nil)
		if _, err := st.Act(opts[rng.IntN(len(opts))].Answer); err != nil {
			t.Fatal(err)
		}
	}
	if capped == 0 {
		t.Fatal("no preview showed two menus: the cap is not checked")
	}
	t.Logf("%d placements whose previews show two menus or more", capped)
}
