package turnview

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/i18n"
)

// TestStandingEveryLanguage: in a game with every expansion, what the
// scoreboards say of each player and of the mage and the witch is worded
// in every language (no message id left), names the King's holder, and
// counts the tower pieces and gold ingots the engine counts.
func TestStandingEveryLanguage(t *testing.T) {
	g := newGame(t, expansionSets()["all"], 4)
	rng := rand.New(rand.NewPCG(4, 4))
	for n := 0; n < 400 && !g.Ended(); n++ {
		opts := Options(g, nil)
		if _, err := g.Act(opts[rng.IntN(len(opts))].Answer); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range i18n.Supported() {
		vo := In(l)
		for p := range g.NumPlayers() {
			ws := vo.Standing(g, nil, p)
			if len(ws) < 6 || slices.ContainsFunc(ws, func(w string) bool { return w == "" || strings.Contains(w, "turn.") }) {
				t.Errorf("%s: player %d: %q", l.Name(), p, ws)
			}
			if !slices.Contains(ws, vo.n("turn.standing.tower_pieces", g.TowerPieces(p))) || !slices.Contains(ws, vo.n("turn.standing.gold", g.Gold(p))) {
				t.Errorf("%s: player %d: %q lacks the tower pieces or the gold", l.Name(), p, ws)
			}
		}
		if w := vo.MagicStanding(g); w == "" || strings.Contains(w, "turn.") {
			t.Errorf("%s: the mage and witch: %q", l.Name(), w)
		}
	}
	if k, ok := g.King(); ok && !slices.Contains(english.Standing(g, nil, k), "the King") {
		t.Errorf("the King's holder: %q", english.Standing(g, nil, k))
	}
}
