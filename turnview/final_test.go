package turnview

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// endedGame plays a random game of players to its end.
func endedGame(t *testing.T, players []string, seed uint64) *engine.Game {
	t.Helper()
	r, err := engine.NewRules(0, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: r, Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	for !g.Ended() {
		as := g.Answers()
		if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestWinners: the winner, the winners of a tie and the one player of a
// solo game, each as the final scores say, in English and German.
func TestWinners(t *testing.T) {
	ties := 0 // seeds 1 to 40 have 3 ties
	for seed := uint64(1); seed <= 40; seed++ {
		g := endedGame(t, []string{"Ann", "Bob"}, seed)
		won, best := g.Winners()
		want := "Ann"
		if won[0] == 1 {
			want = "Bob"
		}
		want += " wins with " + strconv.Itoa(best) + " points!"
		if len(won) == 2 {
			ties++
			want = "Ann and Bob share the victory with " + strconv.Itoa(best) + " points!"
		}
		if got := english.Winners(g, nil); got != want {
			t.Errorf("seed %d: %q, want %q", seed, got, want)
		}
		if got := In(i18n.German).Winners(g, Names{"Anna", "Bruno"}); !strings.Contains(got, strconv.Itoa(best)+" Punkten") {
			t.Errorf("seed %d: German %q", seed, got)
		}
	}
	if ties == 0 {
		t.Error("no tie in 40 games: the shared victory is not checked")
	}
	g := endedGame(t, []string{"Solo"}, 3)
	if got, want := english.Winners(g, nil), "Solo scores "+strconv.Itoa(g.Score(0))+" points."; got != want {
		t.Errorf("a solo game: %q, want %q", got, want)
	}
}

// TestFinalTable: the head names each source of points, a long name is
// cut to the players' column, and each row's sources add up to its total
// and to the player's score, best first.
func TestFinalTable(t *testing.T) {
	g := endedGame(t, []string{"Ann", "Bartholomew Longname"}, 5)
	lines := english.FinalTable(g, nil)
	if got := strings.Fields(lines[0]); strings.Join(got, " ") != "player roads cities cloisters farms total" {
		t.Errorf("the head %q", lines[0])
	}
	if len(lines) != 3 {
		t.Fatalf("%d lines, want a head and 2 rows: %q", len(lines), lines)
	}
	for k, p := range g.Standings() {
		line := lines[k+1]
		if name := []rune(line)[:nameColumn]; !strings.HasPrefix(g.Players()[p], strings.TrimRight(strings.TrimSuffix(string(name), "…"), " ")) {
			t.Errorf("row %d %q does not name %s", k, line, g.Players()[p])
		}
		f := strings.Fields(string([]rune(line)[nameColumn:]))
		sum := 0
		for _, w := range f[:len(f)-1] {
			n, err := strconv.Atoi(w)
			if err != nil {
				t.Fatalf("row %q: %v", line, err)
			}
			sum += n
		}
		if total, _ := strconv.Atoi(f[len(f)-1]); total != sum || total != g.Score(p) {
			t.Errorf("row %q: sources %d, total %d, score %d", line, sum, total, g.Score(p))
		}
	}
	if !strings.Contains(strings.Join(lines, "\n"), "Bartholomew Lon…") {
		t.Errorf("the long name is not cut: %q", lines)
	}
}
