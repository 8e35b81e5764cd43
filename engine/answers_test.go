package engine

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAnswerOf plays random games of the base game, of each expansion
// alone and of all of them, and checks at every step that each answer
// Answers lists is read back by AnswerOf from its notation as the same
// answer (no two answers share a notation), that a notation that is not
// among them is refused, and that the notation is the record's: the
// answers of a turn, the tile's first, are the tokens of the turn's line
// in the record (MoveString), in the order written (a pass, "-", where
// the record writes one).
func TestAnswerOf(t *testing.T) {
	sets := []ExpansionSet{0}
	var all ExpansionSet
	for _, e := range PlayableExpansions() {
		sets = append(sets, ExpansionSet(0).With(e))
		all = all.With(e)
	}
	sets = append(sets, all)
	rng := rand.New(rand.NewPCG(8, 9))
	seen := map[Step]int{}
	for _, set := range sets {
		r, err := NewRules(set, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(3) {
			g, err := New(Config{Players: []string{"A", "B", "C"}, Rules: r, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			var turn []string
			for g.Pending().Step != StepNone {
				if s := g.Pending().Step; !set.Has(s.Expansion()) {
					t.Fatalf("%v: the game asks the %s step of %s", set, s, s.Expansion())
				}
				as := g.Answers()
				for _, a := range as {
					b, err := g.AnswerOf(a.String())
					a.Points, a.From = 0, 0 // for the eyes, not the notation
					b.Points, b.From = 0, 0
					if err != nil || b != a {
						t.Fatalf("%v: AnswerOf(%q) = %+v, %v; want %+v", set, a.String(), b, err, a)
					}
					seen[a.Step]++
				}
				for _, s := range []string{"", "tile 1,0 90", "figure none", "dragon 1,0", "follower@Q", "99,99 90"} {
					if a, err := g.AnswerOf(s); !errors.Is(err, ErrBadAnswer) {
						t.Fatalf("%v: AnswerOf(%q) = %+v, %v, want ErrBadAnswer", set, s, a, err)
					}
				}
				a := as[rng.IntN(len(as))]
				turn = append(turn, a.String())
				done, err := g.Act(a)
				if err != nil {
					t.Fatal(err)
				}
				if done {
					moves := g.Moves()
					checkTokens(t, MoveString(g.TileSet(), moves[len(moves)-1]), turn)
					turn = nil
				}
			}
			if _, err := g.AnswerOf("-"); !errors.Is(err, ErrGameOver) {
				t.Errorf("AnswerOf on a game over: %v, want ErrGameOver", err)
			}
		}
	}
	if StepNone.Expansion() != NoExpansion || numSteps.Expansion() != NoExpansion || StepFigure.Expansion() != ExpansionBase {
		t.Errorf("Expansion of steps none, %d and figure: %v, %v, %v", numSteps, StepNone.Expansion(), numSteps.Expansion(), StepFigure.Expansion())
	}
	for s := StepTile; s < numSteps; s++ {
		if seen[s] == 0 && s != StepRob && s != StepMessage {
			// A robbery of two at once and a message are rare in
			// random games: TestBoardAnswersReadBack reads them back.
			t.Errorf("no answer to the %s step was read back", s)
		}
	}
}

// checkTokens checks that the notations of a turn's answers, the tile's
// first, are the tokens of the record's line of the turn (line, as
// MoveString writes it): the tile's its cell, rotation and ransom, the
// others found in the line's tokens after them, in order; a pass ("-")
// the record may leave out.
func checkTokens(t *testing.T, line string, answers []string) {
	t.Helper()
	f := strings.Fields(line)
	if len(answers) == 0 || !strings.HasPrefix(strings.Join(f[1:], " ")+" ", answers[0]+" ") {
		t.Fatalf("the turn %q begins with the answer %q", line, answers)
	}
	rest := f[1+len(strings.Fields(answers[0])):]
	for _, a := range answers[1:] {
		for _, tok := range strings.Fields(a) {
			if tok == passToken {
				if len(rest) > 0 && rest[0] == passToken {
					rest = rest[1:]
				}
				continue
			}
			for len(rest) > 0 && rest[0] != tok {
				rest = rest[1:]
			}
			if len(rest) == 0 {
				t.Fatalf("the turn %q does not write the answer %q where it comes (answers %q)", line, a, answers)
			}
			rest = rest[1:]
		}
	}
}

// BenchmarkAnswerOf reads back, by its notation, one answer of every
// decision of random games of every expansion, as a turn under way is read
// from the database: AnswerOf looks it up among the legal answers
// (Answers). It reports the mean time of one reading and the mean number
// of answers a decision lists.
func BenchmarkAnswerOf(b *testing.B) {
	r := mustRules(b, PlayableExpansions()...)
	// The positions and answers, gathered first.
	type decision struct {
		g *Game
		s string
	}
	var ds []decision
	listed := 0
	rng := rand.New(rand.NewPCG(3, 4))
	for seed := uint64(1); seed <= 2; seed++ {
		g, err := New(Config{Players: []string{"A", "B", "C"}, Rules: r, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		for g.Pending().Step != StepNone {
			as := g.Answers()
			a := as[rng.IntN(len(as))]
			ds = append(ds, decision{g.Clone(), a.String()})
			listed += len(as)
			if _, err := g.Act(a); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ResetTimer()
	n := 0
	for b.Loop() {
		d := ds[n%len(ds)]
		if _, err := d.g.AnswerOf(d.s); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(listed)/float64(len(ds)), "answers/decision")
}
