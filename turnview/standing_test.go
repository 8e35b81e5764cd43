package turnview

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// TestStandingEveryLanguage: in a game with every expansion, what the
// scoreboards say of each player and of the mage and the witch is worded
// in every language (no message id left), names the King's holder,
// counts the tower pieces and gold ingots the engine counts, and gives
// the spaces of the marker, the messenger and the robber the engine
// gives.
func TestStandingEveryLanguage(t *testing.T) {
	g := newGame(t, expansionSets()["all"], 4)
	rng := rand.New(rand.NewPCG(4, 4))
	robbers := 0 // the times a robber stood on the scoreboard
	for n := 0; n < 400 && !g.Ended(); n++ {
		opts := Options(g, nil)
		if _, err := g.Act(opts[rng.IntN(len(opts))].Answer); err != nil {
			t.Fatal(err)
		}
		for p := range g.NumPlayers() {
			r, ok := g.Robber(p)
			if !ok {
				continue
			}
			robbers++
			want := english.t("turn.standing.robber_marker", "Space", r.Space)
			if r.Pawn == engine.PawnMessenger {
				want = english.t("turn.standing.robber_messenger", "Space", r.Space)
			}
			if ws := english.Standing(g, nil, p); !slices.Contains(ws, want) {
				t.Fatalf("step %d: player %d's robber %+v: %q lacks %q", n, p, r, ws, want)
			}
		}
	}
	if robbers == 0 {
		t.Fatal("no robber stood on the scoreboard in the game: the test needs one")
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
			if v, ok := g.Messenger(p); !ok || !slices.Contains(ws, vo.t("turn.standing.pawns", "Marker", engine.BoardSpace(g.Marker(p)), "Messenger", engine.BoardSpace(v))) {
				t.Errorf("%s: player %d: %q lacks the spaces of the marker and the messenger (messenger %d, %v)", l.Name(), p, ws, v, ok)
			}
			if r, ok := g.Robber(p); ok != slices.ContainsFunc(ws, func(w string) bool {
				return w == vo.t("turn.standing.robber_marker", "Space", r.Space) || w == vo.t("turn.standing.robber_messenger", "Space", r.Space)
			}) {
				t.Errorf("%s: player %d: %q says the robber wrong (on the scoreboard: %v, %+v)", l.Name(), p, ws, ok, r)
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
