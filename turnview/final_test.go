package turnview

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// endedGame plays a random game of players with expansions set to its
// end.
func endedGame(t *testing.T, set engine.ExpansionSet, players []string, seed uint64) *engine.Game {
	t.Helper()
	r, err := engine.NewRules(set, engine.Options{})
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
		g := endedGame(t, 0, []string{"Ann", "Bob"}, seed)
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
	g := endedGame(t, 0, []string{"Solo"}, 3)
	if got, want := english.Winners(g, nil), "Solo scores "+strconv.Itoa(g.Score(0))+" points."; got != want {
		t.Errorf("a solo game: %q, want %q", got, want)
	}
}

// TestFinalTable: the head names each source of points of the game's
// expansions, the players' column is as wide as the longest name (from
// 16 to 24 characters: two computers of one level are told apart, a
// longer name is cut), and each row's sources add up to its total and to
// the player's score, best first. Before, the messages' points and the
// robbers' loot had no column, and the rows of such games did not add up.
func TestFinalTable(t *testing.T) {
	set := engine.ExpansionSet(0).With(engine.ExpansionMessengers).With(engine.ExpansionRobbers).
		With(engine.ExpansionKingAndRobber).With(engine.ExpansionTower).With(engine.ExpansionGoldMines)
	for _, tc := range []struct {
		set   engine.ExpansionSet
		head  string
		names []string
		width int // of the players' column
		shown []string
	}{
		{0, "player roads cities cloisters farms total", []string{"Ann", "Bartholomew", "Cleo"}, 16, nil},
		{set, "player roads cities cloisters farms King Robber Baron ransoms gold messages robbers total",
			[]string{"Ann", "Computer (normal)", "Computer (normal) 2"}, 19, []string{"Ann", "Computer (normal)", "Computer (normal) 2"}},
		{0, "player roads cities cloisters farms total", []string{"Ann", "Bartholomew Longname of Wessex", "Cleo"}, 24,
			[]string{"Ann", "Bartholomew Longname of…", "Cleo"}},
	} {
		g := endedGame(t, tc.set, tc.names, 5)
		lines := english.FinalTable(g, nil)
		nameColumn := tc.width
		var shown []string
		for _, line := range lines[1:] {
			shown = append(shown, strings.TrimRight(string([]rune(line)[:nameColumn]), " "))
		}
		if slices.Sort(shown); tc.shown != nil && !slices.Equal(shown, tc.shown) {
			t.Errorf("the names shown %q, want %q", shown, tc.shown)
		}
		if got := strings.Join(strings.Fields(lines[0]), " "); got != tc.head {
			t.Errorf("the head %q, want %q", lines[0], tc.head)
		}
		if len(lines) != 4 {
			t.Fatalf("%d lines, want a head and 3 rows: %q", len(lines), lines)
		}
		for k, p := range g.Standings() {
			line := lines[k+1]
			if name := []rune(line)[:nameColumn]; !strings.HasPrefix(g.Players()[p], strings.TrimRight(strings.TrimSuffix(string(name), "…"), " ")) {
				t.Errorf("row %d %q does not name %s", k, line, g.Players()[p])
			}
			f := strings.Fields(string([]rune(line)[nameColumn:]))
			if want := len(engine.PointSources(tc.set)) + 1; len(f) != want {
				t.Errorf("row %q has %d columns, want %d", line, len(f), want)
			}
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
		if head := []rune(lines[0]); !strings.HasPrefix(lines[0], "player"+strings.Repeat(" ", tc.width-len("player")+1)) || head[tc.width+1] == ' ' {
			t.Errorf("the players' column of %q is not %d characters wide", lines[0], tc.width)
		}
	}
}
