package terminal

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// TestFinalTableAddsUp: the final table of a game with The Messengers and
// The Robbers has their columns, and each player's columns add up to the
// total. Before, the messages' points and the robbers' loot had none.
func TestFinalTableAddsUp(t *testing.T) {
	set := engine.ExpansionSet(0).With(engine.ExpansionMessengers).With(engine.ExpansionRobbers).With(engine.ExpansionTower)
	r, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: r, Players: []string{"Ann", "Bob"}, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for !g.Ended() {
		as := g.Answers()
		if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	writeFinalTable(&b, i18n.English, g)
	lines := strings.Split(b.String(), "\n")[1:] // after the heading
	if !strings.Contains(lines[0], "messages") || !strings.Contains(lines[0], "robbers") || !strings.Contains(lines[0], "ransoms") {
		t.Fatalf("the table's head: %q", lines[0])
	}
	for _, line := range lines[1:3] {
		f := strings.Fields(line)
		sum, total := 0, 0
		for k, w := range f[1:] {
			n, err := strconv.Atoi(w)
			if err != nil {
				t.Fatalf("row %q: %q", line, w)
			}
			if k == len(f)-2 {
				total = n
			} else {
				sum += n
			}
		}
		if sum != total {
			t.Errorf("row %q adds up to %d", line, sum)
		}
	}
}
