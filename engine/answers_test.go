package engine

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestParseAnswer reads back the notation of every answer the engine lists
// (Answers) in random games of the base game, of each expansion alone and
// of all of them, and checks that it is the same answer; and refuses
// answers that do not read.
func TestParseAnswer(t *testing.T) {
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
			for g.Pending().Step != StepNone {
				if s := g.Pending().Step; !set.Has(s.Expansion()) {
					t.Fatalf("%v: the game asks the %s step of %s", set, s, s.Expansion())
				}
				as := g.Answers()
				for _, a := range as {
					b, err := ParseAnswer(a.String())
					a.Points, a.From = 0, 0 // for the eyes, not the notation
					if err != nil || b != a {
						t.Fatalf("%v: ParseAnswer(%q) = %+v, %v; want %+v", set, a.String(), b, err, a)
					}
					seen[a.Step]++
				}
				if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
					t.Fatal(err)
				}
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
	for _, s := range []string{"", "tile", "tile 1,0", "tile 1,0 45", "tile x 90", "tile 1,0 90 ransom pig from 1",
		"tile 1,0 90 ransom large from 0", "tile 1,0 90 ransom large to 2", "tile 1,0 90 ransom/0", "tile 1,0 90 ransom/2=pig",
		"tile 1,0 90 tower@1,0", "tile 1,0 90 ransom/2 ransom/3", "figure", "figure N", "figure large@Q",
		"figure tower@N", "figure pig@1,0:tower", "figure none more", "capture 1,0", "capture 1,0:Q", "escape 1,0:tower",
		"dragon N", "dragon", "figure  large@N", "figure princess@1,0", "figure fairy@N", "figure large@1,0:Q", "figure pig@fly", "roll 4", "roll x", "land", "land 1,0", "gold", "gold x"} {
		if a, err := ParseAnswer(s); !errors.Is(err, ErrBadAnswer) {
			t.Errorf("ParseAnswer(%q) = %+v, %v", s, a, err)
		}
	}
}

// TestParseAnswerRansom: a tile answer writes its ransom as a record does
// (ransom/SEAT, =large), and the form of the turns under way stored before
// ("ransom FIGURE from SEAT") still reads, as the same answer.
func TestParseAnswerRansom(t *testing.T) {
	for _, c := range []struct {
		text, old string
		want      Ransom
	}{
		{"tile 1,0 90 ransom/2", "tile 1,0 90 ransom follower from 2", Ransom{Jailer: 1, Figure: FigureFollower}},
		{"tile -3,2 270 ransom/1=large", "tile -3,2 270 ransom large from 1", Ransom{Jailer: 0, Figure: FigureLarge}},
	} {
		for _, s := range []string{c.text, c.old} {
			a, err := ParseAnswer(s)
			if err != nil || a.Step != StepTile || !a.Ransomed || a.Ransom != c.want {
				t.Errorf("ParseAnswer(%q) = %+v, %v; want the ransom %+v", s, a, err, c.want)
				continue
			}
			if got := a.String(); got != c.text {
				t.Errorf("ParseAnswer(%q) writes %q, want %q", s, got, c.text)
			}
		}
	}
}

// FuzzParseAnswer reads any text as an answer, as a turn under way is read
// back from a database row: it never panics, and what reads writes a
// notation that reads back as the same answer.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"tile 1,0 90", "tile 1,0 90 ransom/2=large", "tile 1,0 90 ransom large from 2", "tile aside",
		"figure large@N", "figure follower@1,0:tower", "figure princess@0,1:N", "capture 0,-1:S", "escape none", "dragon 1,0",
		"roll 2", "land off", "gold 1,1", "ferry E+W", "ferry-move 1,0:N+S", "magic witch@off", "crop add",
		"pick return large@1,0:N", "robber 2 messenger", "pawn 1 marker", "rob 3", "message 8 use 1,0:N", "message 2 points"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAnswer(s)
		if err != nil {
			if !errors.Is(err, ErrBadAnswer) {
				t.Fatalf("ParseAnswer(%q): %v, not ErrBadAnswer", s, err)
			}
			return
		}
		b, err := ParseAnswer(a.String())
		if err != nil || b != a {
			t.Fatalf("ParseAnswer(%q) = %+v, written %q, read back %+v, %v", s, a, a.String(), b, err)
		}
	})
}
