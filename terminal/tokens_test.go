package terminal

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestSpotsTokens checks spots' "Other choices" at the start of turns of
// random games with every expansion: each line ends with a record token
// that place takes after the same cell and rotation, and every choice of
// the figure step that is not a spot on the tile (a tower piece, the
// princess, the fairy, a flight …) is listed.
func TestSpotsTokens(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	st, err := storage.Open(context.Background(), filepath.Join(dir, "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	listed := 0
	for _, pos := range fuzzPositions(t) {
		g := pos.game
		if g.Pending().Step != engine.StepTile || g.Ended() {
			continue
		}
		for _, c := range g.CandidateCells()[:min(3, len(g.CandidateCells()))] {
			r := g.RotationsAt(c)[0]
			var out bytes.Buffer
			s := testSession(st, dir, g, 0, &out)
			args := []string{c.String(), r.String()}
			s.spots(args)
			s.board.close()
			text := out.String()
			var tokens []string
			if _, other, ok := strings.Cut(text, "Other choices (add the token to place):\n"); ok {
				for l := range strings.SplitSeq(strings.TrimSpace(other), "\n") {
					f := strings.Fields(l)
					tokens = append(tokens, f[len(f)-1])
				}
			}
			want := expectedTokens(t, g, c, r)
			if fmt.Sprint(tokens) != fmt.Sprint(want) {
				t.Fatalf("turn %d, spots %s %s lists %v, want %v:\n%s", g.Turn(), c, r, tokens, want, text)
			}
			for _, tok := range tokens {
				listed++
				if _, err := s.parseMove(append(args, tok), true); err != nil {
					t.Errorf("turn %d: place %s %s %s, listed by spots, refused: %v", g.Turn(), c, r, tok, err)
				}
			}
		}
	}
	if listed < 20 {
		t.Errorf("only %d tokens listed: too few to check", listed)
	}
}

// expectedTokens returns the tokens of the figure step's and the escape's
// choices of placing g's tile on c turned r that are neither a pass nor a
// spot on the tile, the other steps before them answered with their first
// answer, as spots lists them.
func expectedTokens(t *testing.T, g *engine.Game, c engine.Cell, r engine.Rotation) []string {
	t.Helper()
	g = g.Clone()
	if _, err := g.Act(engine.Answer{Step: engine.StepTile, Cell: c, Rotation: r}); err != nil {
		t.Fatal(err)
	}
	cur := g.Current()
	var out []string
	for g.Pending().Player == cur && g.Pending().Step != engine.StepNone {
		as := g.Answers()
		if len(as) == 0 {
			break
		}
		next := as[0]
		if st := g.Pending().Step; st == engine.StepFigure || st == engine.StepEscape {
			for _, o := range turnview.Options(g, nil) {
				if o.Pass() {
					next = o.Answer
				} else if o.Kind != turnview.KindSpot {
					out = append(out, o.Answer.String())
				}
			}
		}
		if done, err := g.Act(next); err != nil || done {
			break
		}
	}
	return out
}
