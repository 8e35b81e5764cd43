package bot

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
)

// TestFinalTableAddsUp: the final table of a game with The Messengers,
// The Robbers and the other expansions that bring points of their own has
// a column for each source of points, and each row's columns add up to
// the player's total. Before, the messages' points and the robbers' loot
// had no column.
func TestFinalTableAddsUp(t *testing.T) {
	set := engine.ExpansionSet(0).With(engine.ExpansionMessengers).With(engine.ExpansionRobbers).
		With(engine.ExpansionKingAndRobber).With(engine.ExpansionTower).With(engine.ExpansionGoldMines)
	r, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.New(engine.Config{Rules: r, Players: []string{"Ann", "Bob", "Cleo"}, Seed: 4})
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
	table := finalEmbed(storage.Game{ID: 1}, st).Description
	lines := strings.Split(strings.Trim(table, "`\n"), "\n")
	for _, want := range []string{"messages", "robbers", "King", "ransoms", "gold", "total"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("the table's head %q has no column %q", lines[0], want)
		}
	}
	rows := 0
	for _, line := range lines[1:] {
		f := strings.Fields(line)
		var nums []int
		for _, w := range f[1:] {
			n, err := strconv.Atoi(w)
			if err != nil {
				t.Fatalf("row %q: %q is not a number", line, w)
			}
			nums = append(nums, n)
		}
		sum := 0
		for _, n := range nums[:len(nums)-1] {
			sum += n
		}
		if sum != nums[len(nums)-1] || len(nums) != len(engine.PointSources(set))+1 {
			t.Errorf("row %q: the columns add up to %d", line, sum)
		}
		rows++
	}
	if rows != 3 {
		t.Errorf("%d rows, want 3: %q", rows, table)
	}
}
