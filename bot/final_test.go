package bot

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
)

// TestFinalEmbedFits: the end message shows the final scoring as a table
// while it is at most tableWidth characters wide (the base game), and as
// a line per player with their points by source when the game's sources
// would make it wider (The Messengers, The Robbers, King & Robber Baron,
// The Tower, The Gold Mines) or when a name holds a backtick (it would
// break the table's code block): every player in the standings' order,
// the sources adding up to the total.
func TestFinalEmbedFits(t *testing.T) {
	wide := engine.ExpansionSet(0).With(engine.ExpansionMessengers).With(engine.ExpansionRobbers).
		With(engine.ExpansionKingAndRobber).With(engine.ExpansionTower).With(engine.ExpansionGoldMines)
	names := []string{"Ann", "Bob", "Cleo_x"}
	backtick := []string{"Ann", "B```ob", "Cleo_x"}
	for _, c := range []struct {
		set   engine.ExpansionSet
		names []string
		table bool
	}{{0, names, true}, {wide, names, false}, {0, backtick, false}} {
		set := c.set
		r, err := engine.NewRules(set, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := engine.New(engine.Config{Rules: r, Players: c.names, Seed: 4})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(4, 4))
		for !st.Ended() {
			as := st.Answers()
			if _, err := st.Act(as[rng.IntN(len(as))]); err != nil {
				t.Fatal(err)
			}
		}
		desc := finalEmbed(storage.Game{ID: 1}, st).Description
		table := strings.HasPrefix(desc, "```")
		if table != c.table {
			t.Errorf("%s: a table %v: %q", set, table, desc)
		}
		for _, line := range strings.Split(strings.Trim(desc, "`\n"), "\n") {
			if n := utf8.RuneCountInString(line); table && n > tableWidth {
				t.Errorf("%s: a line of %d characters: %q", set, n, line)
			}
		}
		names, cols := tableRows(desc)
		if len(names) != 3 {
			t.Fatalf("%s: %d rows: %q", set, len(names), desc)
		}
		for k, p := range st.Standings() {
			want := st.Players()[p]
			if !table {
				want = escapeMarkdown(want)
			}
			sum := 0
			for _, n := range cols[k][:len(cols[k])-1] {
				sum += n
			}
			if names[k] != want || len(cols[k]) != len(engine.PointSources(set))+1 || sum != st.Score(p) || cols[k][len(cols[k])-1] != sum {
				t.Errorf("%s: row %d %q %v, want %s with %d points", set, k, names[k], cols[k], want, st.Score(p))
			}
		}
	}
}
