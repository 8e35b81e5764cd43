package terminal

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/internal/racetest"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
	"github.com/meeple-works/carcassonne/turnview"
)

// choiceLine is one line of choices: its number, label and notation.
var choiceLine = regexp.MustCompile(`(?m)^  (\d+) +(.+)  \[(.+)\]$`)

// TestChoicesAcceptedByTheEngine plays random games with every expansion
// and, at every decision in the middle of a turn, lists the choices as the
// terminal does: every line names an answer the engine accepts, no two
// share a notation, their labels are the step messages' (turnview), and
// choose N and choose NOTATION read back the same answer.
func TestChoicesAcceptedByTheEngine(t *testing.T) {
	t.Parallel()
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
	listed := 0
	for seed := uint64(1); seed <= uint64(racetest.Scale(2, 2)); seed++ {
		g, err := engine.New(engine.Config{Rules: r, Players: []string{"Ann", "Ben", "Cy"}, Seed: seed, DrawnOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for !g.Ended() {
			if g.Pending().Step != engine.StepTile {
				var out bytes.Buffer
				s := &session{state: g, out: &out, dragon: &dragonTurn{act: g}}
				s.choicesCommand()
				lines := choiceLine.FindAllStringSubmatch(out.String(), -1)
				opts := turnview.Options(g, nil)
				if len(lines) != len(opts) {
					t.Fatalf("seed %d turn %d: %d choices listed, the engine has %d:\n%s", seed, g.Turn(), len(lines), len(opts), out.String())
				}
				seen := map[string]bool{}
				for k, l := range lines {
					listed++
					if l[1] != fmt.Sprint(k+1) || l[2] != opts[k].Label || seen[l[3]] {
						t.Fatalf("seed %d turn %d: line %q", seed, g.Turn(), l[0])
					}
					seen[l[3]] = true
					o, err := turnview.Lookup(g, nil, l[3])
					if err != nil || o.Answer != opts[k].Answer {
						t.Fatalf("seed %d turn %d: %q reads as %+v, %v", seed, g.Turn(), l[3], o.Answer, err)
					}
					if _, err := g.Clone().Act(o.Answer); err != nil {
						t.Fatalf("seed %d turn %d: %q listed and refused: %v", seed, g.Turn(), l[0], err)
					}
				}
			}
			opts := turnview.Options(g, nil)
			if _, err := g.Act(opts[rng.IntN(len(opts))].Answer); err != nil {
				t.Fatal(err)
			}
		}
	}
	if listed == 0 {
		t.Fatal("no game had a decision in the middle of a turn")
	}
}

// TestChooseThroughRun plays games of The Princess & the Dragon and The
// Crop Circles between a person and two computers: the person places the
// first placement listed and answers every step of the dragon or crop
// circle with choose 1. The game must end, the person's answers be said
// as the step messages say them, and its record replay.
func TestChooseThroughRun(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Bot1", "Bot2"}
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.rec")
	cfg := Config{DB: filepath.Join(dir, "games.db"), Board: filepath.Join(dir, "board.png"), Players: names, Seed: 3,
		Expansions: []string{"princess-and-dragon", "crop-circles"}, Computers: []ai.Level{ai.NoLevel, ai.Easy, ai.Easy}}
	var lines []string
	for range 150 {
		lines = append(lines, "place 1", "choices", "choose 99", "choose dragon 99,99", "choose 1", "choose 1", "choose 1")
	}
	lines = append(lines, "record "+rec)
	out := run(t, cfg, strings.Join(lines, "\n")+"\n")
	if !strings.Contains(out, "The game is over") {
		t.Fatalf("the game did not end:\n%s", out[max(0, len(out)-3000):])
	}
	if !strings.Contains(out, "Ann moves the dragon ") {
		t.Error("Ann never moved the dragon with choose")
	}
	if !choiceLine.MatchString(out) {
		t.Error("choices listed nothing")
	}
	for _, want := range []string{"There is no choice 99: they are numbered 1 to ", "That choice is not offered now: ", "Write choose N from choices."} {
		if !strings.Contains(out, want) {
			t.Errorf("a bad choose is not answered %q", want)
		}
	}
	g := terminaltest.Replay(t, rec)
	if !g.Ended() {
		t.Fatal("the saved record is not a finished game")
	}
	terminaltest.CheckSummariesOf(t, g, out)
}
