package terminal

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestLangRuleRefusals: a place line the engine refuses says the rule it
// breaks in the sitting's language (turnview.Voice.RuleError): a rotation
// whose edges do not match, inside the German "…; auf x,y passt sie mit
// …", and a follower typed onto a feature that already has one, alone;
// in English the engine's own reasons, as before.
func TestLangRuleRefusals(t *testing.T) {
	t.Parallel()
	sc := terminaltest.New(t, []string{"Anna", "Bruno"}, 5, engine.Options{})
	g, err := engine.New(engine.Config{Rules: sc.Game.Rules(), Players: sc.Names, Seed: sc.Seed})
	if err != nil {
		t.Fatal(err)
	}
	mismatch, mismatchErr := mismatchLine(t, g)
	first, second, occupiedErr := occupiedLines(t, g)
	input := mismatch + "\n" + first + "\n" + second + "\nquit\n"
	de := func(err error) string {
		s, _ := turnview.In(i18n.German).RuleError(err)
		return s
	}
	for _, c := range []struct {
		l    i18n.Lang
		want []string
	}{
		{i18n.German, []string{
			"\n" + strings.TrimSuffix(de(mismatchErr), ".") + "; auf ",
			"\n" + de(occupiedErr) + "\n",
		}},
		{i18n.English, []string{
			"\n" + sentence(mismatchErr.Error()+"; on "),
			"\n" + sentence(occupiedErr.Error()) + "\n",
		}},
	} {
		dir := t.TempDir()
		cfg := newGame(sc, filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"))
		cfg.Lang = c.l
		out := run(t, cfg, input)
		for _, want := range c.want {
			if !strings.Contains(out, strings.TrimSuffix(want, ".")) {
				t.Errorf("the %s sitting does not say %q after %q:\n%s", c.l.Name(), want, input, out)
			}
		}
		if c.l != i18n.English && (strings.Contains(out, mismatchErr.Error()) || strings.Contains(out, occupiedErr.Error())) {
			t.Errorf("the %s sitting says the engine's English reasons:\n%s", c.l.Name(), out)
		}
	}
	if got := de(mismatchErr); got != "Die Kanten der Karte passen nicht zu ihren Nachbarn." {
		t.Errorf("the German rule of a mismatch: %q", got)
	}
	if got := de(occupiedErr); got != "Auf diesem Gebiet steht schon ein Gefolgsmann." {
		t.Errorf("the German rule of an occupied feature: %q", got)
	}
}

// mismatchLine returns a place line for the tile drawn in g on a cell
// where it fits, turned so that its edges do not match, and the engine's
// refusal of that placement.
func mismatchLine(t *testing.T, g *engine.Game) (string, error) {
	t.Helper()
	for _, c := range g.CandidateCells() {
		rots := g.RotationsAt(c)
		for r := engine.Rotate0; r <= engine.Rotate270 && len(rots) > 0; r++ {
			if slices.Contains(rots, r) {
				continue
			}
			_, err := g.Clone().Act(engine.Answer{Step: engine.StepTile, Cell: c, Rotation: r})
			if errors.Is(err, engine.ErrEdgesMismatch) {
				return fmt.Sprintf("place %s %d", c, r.Degrees()), err
			}
		}
	}
	t.Fatal("the tile drawn fits every way on every cell where it fits")
	return "", nil
}

// occupiedLines returns two place lines from game g: the first puts a
// follower on a feature, the second puts the next player's follower on a
// tile that continues it, which the engine refuses (the error returned,
// as the terminal reads the line).
func occupiedLines(t *testing.T, g *engine.Game) (first, second string, err error) {
	t.Helper()
	t0, _ := g.Drawn()
	for _, p1 := range g.Placements() {
		for _, s1 := range g.FollowerSpots(p1) {
			g1 := g.Clone()
			if g1.Apply(engine.Move{Tile: t0, Cell: p1.Cell, Rotation: p1.Rotation, Follower: s1.Port}) != nil {
				continue
			}
			t1, ok := g1.Drawn()
			if !ok {
				continue
			}
			for _, p2 := range g1.Placements() {
				for port := engine.NNW; port <= engine.C2; port++ {
					m := engine.Move{Tile: t1, Cell: p2.Cell, Rotation: p2.Rotation, Follower: port}
					if _, _, err := turnview.AnswersOfMove(g1, m); errors.Is(err, engine.ErrOccupied) {
						return fmt.Sprintf("place %s %d follower@%s", p1.Cell, p1.Rotation.Degrees(), s1.Port),
							fmt.Sprintf("place %s %d follower@%s", p2.Cell, p2.Rotation.Degrees(), port), err
					}
				}
			}
		}
	}
	t.Fatal("no second tile continues a feature with a follower")
	return "", "", nil
}

// TestLangChooseOutsideATurn: choose and choices when no choice waits,
// and a cell that does not read, say so in the sitting's language.
func TestLangChooseOutsideATurn(t *testing.T) {
	t.Parallel()
	sc := terminaltest.New(t, []string{"Anna", "Bruno"}, 5, engine.Options{})
	for _, l := range []i18n.Lang{i18n.German, i18n.English} {
		dir := t.TempDir()
		cfg := newGame(sc, filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"))
		cfg.Lang = l
		out := run(t, cfg, "choose 1\nchoices\nplace 1,1,1\nquit\n")
		if want := l.T("terminal3.choose.none", nil); strings.Count(out, want) != 2 {
			t.Errorf("the %s sitting does not say %q twice:\n%s", l.Name(), want, out)
		}
		if want := l.T("terminal3.not_cell", i18n.Data("Value", "1,1,1")); !strings.Contains(out, want) {
			t.Errorf("the %s sitting does not say %q:\n%s", l.Name(), want, out)
		}
	}
}
