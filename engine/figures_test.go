package engine

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// newGame sets up a game of players with expansions exps, failing the test
// on an error.
func newGame(tb testing.TB, players []string, exps ...Expansion) *Game {
	tb.Helper()
	var set ExpansionSet
	for _, e := range exps {
		set = set.With(e)
	}
	r, err := NewRules(set, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := New(Config{Rules: r, Players: players, Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// mustApply applies the move written in record notation, failing the test
// on an error.
func mustApply(tb testing.TB, g *Game, move string) {
	tb.Helper()
	m, err := ParseMove(g.TileSet(), move)
	if err != nil {
		tb.Fatalf("%s: %v", move, err)
	}
	if err := g.Apply(m); err != nil {
		tb.Fatalf("%s: %v", move, err)
	}
}

// TestLargeFollowerChecks checks the large follower of Inns & Cathedrals at
// the checked door: refused without the expansion, one per supply, back in
// the supply when its feature is scored; the spots are the same for both
// kinds, and a player whose followers are all out still has spots for the
// large follower.
func TestLargeFollowerChecks(t *testing.T) {
	base, err := New(Config{Players: []string{"Red", "Blue"}})
	if err != nil {
		t.Fatal(err)
	}
	u, _ := base.TileSet().Lookup("U")
	err = base.Check(Move{Tile: u, Cell: Cell{1, 0}, Follower: E, Figure: FigureLarge})
	if !errors.Is(err, ErrNoSuchFigure) || !strings.Contains(err.Error(), "large follower") {
		t.Errorf("a large follower in the base game: %v, want ErrNoSuchFigure naming the large follower", err)
	}
	if err := base.Check(Move{Tile: u, Cell: Cell{1, 0}, Follower: E, Figure: numFigures}); !errors.Is(err, ErrNoSuchFigure) {
		t.Errorf("an unknown figure: %v, want ErrNoSuchFigure", err)
	}
	if got := base.FiguresInSupply(0); !slices.Equal(got, []Figure{FigureFollower}) {
		t.Errorf("base game: figures in supply %v, want [follower]", got)
	}

	g := newGame(t, []string{"Red", "Blue"}, ExpansionInnsAndCathedrals)
	if got, want := g.FiguresInSupply(0), []Figure{FigureFollower, FigureLarge}; !slices.Equal(got, want) {
		t.Errorf("figures in supply %v, want %v", got, want)
	}
	if got := g.FiguresInSupply(2); got != nil {
		t.Errorf("figures of a player not in the game: %v", got)
	}
	// Red: a large thief on the road of the start tile.
	mustApply(t, g, "U 1,0 0 large@E")
	if got := g.SupplyOf(0, FigureLarge); got != 0 {
		t.Errorf("Red's large followers in supply: %d, want 0", got)
	}
	if got, want := g.FiguresInSupply(0), []Figure{FigureFollower}; !slices.Equal(got, want) {
		t.Errorf("figures in supply after deploying the large one: %v, want %v", got, want)
	}
	mustApply(t, g, "A -1,0 270") // Blue's cloister ends the road in the west
	a, _ := g.TileSet().Lookup("A")
	closing := Move{Tile: a, Cell: Cell{2, 0}, Rotation: Rotate90, Follower: C, Figure: FigureLarge}
	err = g.Check(closing)
	if !errors.Is(err, ErrNoFollowers) || !strings.Contains(err.Error(), "Red has no large follower") {
		t.Errorf("a second large follower: %v, want ErrNoFollowers saying Red has no large follower", err)
	}
	closing.Figure = FigureFollower
	if err := g.Check(closing); err != nil {
		t.Errorf("a monk instead: %v", err)
	}
	// Red's cloister ends the road in the east: 4 tiles for Red, and the
	// large follower goes home.
	closing.Follower = NoPort
	if err := g.Apply(closing); err != nil {
		t.Fatal(err)
	}
	if got := g.Score(0); got != 4 {
		t.Errorf("Red scored %d for the road, want 4", got)
	}
	if got := g.SupplyOf(0, FigureLarge); got != 1 {
		t.Errorf("Red's large followers in supply after the road scored: %d, want 1", got)
	}
	if fs := g.Followers(); len(fs) != 0 {
		t.Errorf("followers left on the board: %v", fs)
	}

	// A player whose followers are all out may still deploy the large one:
	// the spots are there, the same as with followers.
	drawn, _ := g.Drawn()
	ps := g.Placements()
	if len(ps) == 0 {
		t.Fatal("no placement")
	}
	with := g.AppendFollowerSpots(nil, drawn, ps[0])
	if len(with) == 0 {
		t.Fatalf("no spots on %s", g.TileSet().Name(drawn))
	}
	g.supply[g.current] = 0
	if got := g.AppendFollowerSpots(nil, drawn, ps[0]); !slices.Equal(got, with) {
		t.Errorf("spots with the large follower alone: %v, want %v", got, with)
	}
	if got, want := g.FiguresInSupply(g.current), []Figure{FigureLarge}; !slices.Equal(got, want) {
		t.Errorf("figures in supply: %v, want %v", got, want)
	}
	g.x.supply[g.current][FigureLarge] = 0
	if got := g.AppendFollowerSpots(nil, drawn, ps[0]); len(got) != 0 {
		t.Errorf("spots with an empty supply: %v", got)
	}
	if got := g.FiguresInSupply(g.current); len(got) != 0 {
		t.Errorf("figures in an empty supply: %v", got)
	}
}

// TestLargeFollowerFixtures checks the large followers in supply at the end
// of the fixtures that say so (# want-large: Red 1, Blue 0), beside the
// scores TestRuleFixtures checks.
func TestLargeFollowerFixtures(t *testing.T) {
	paths, _ := filepath.Glob("testdata/rules/*.rec")
	n := 0
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]int
		for line := range strings.Lines(string(data)) {
			rest, ok := strings.CutPrefix(strings.TrimSpace(line), "# want-large:")
			if !ok {
				continue
			}
			want = map[string]int{}
			for item := range strings.SplitSeq(rest, ",") {
				f := strings.Fields(item)
				v, err := strconv.Atoi(f[len(f)-1])
				if len(f) != 2 || err != nil {
					t.Fatalf("%s: bad want-large item %q", path, item)
				}
				want[f[0]] = v
			}
		}
		if want == nil {
			continue
		}
		n++
		rec, err := ReadRecord(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		g, err := rec.Replay()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for p, name := range g.Players() {
			if got := g.SupplyOf(p, FigureLarge); got != want[name] {
				t.Errorf("%s: %s has %d large followers in supply, want %d", filepath.Base(path), name, got, want[name])
			}
		}
	}
	if n < 4 {
		t.Errorf("%d fixtures say want-large, want at least 4", n)
	}
}
