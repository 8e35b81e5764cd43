// Package terminaltest plays scripted games for the tests of the terminal
// game (package terminal) and of the program that runs it: the command
// lines of a whole game with random moves, the game they lead to, and
// checks of what the terminal game printed and stored.
//
// Start with [New], feed [Script.Lines] to the terminal game, then check
// its output with [CheckFinal].
package terminaltest

import (
	"context"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// Script is a game played by the test on its own engine, alongside the
// terminal game: the command lines that play it and the game they lead to.
type Script struct {
	Names   []string
	Seed    uint64
	Options engine.Options
	// Expansions are the expansions played, record names as the terminal
	// game takes them (nil: the base game).
	Expansions []string
	Lines      []string      // one place command per turn
	Moves      []engine.Move // the move each line plays, in order (discards left out)
	Game       *engine.Game  // the game the lines lead to
	Discards   int           // the tiles discarded because they fit nowhere
	Large      int           // the large followers deployed (Inns & Cathedrals)
	// Builders, Pigs and BuilderTurns count the builders and pigs
	// deployed and the second turns builders gave (Traders & Builders).
	Builders, Pigs, BuilderTurns int
}

// Cell is a cell where the drawn tile fits and its rotations there,
// numbered as the board picture numbers cells: in the order of first
// appearance in engine.Game.Placements.
type Cell struct {
	Cell      engine.Cell
	Rotations []engine.Rotation
}

// Cells returns the cells where the drawn tile of g fits, read from
// g.Placements by the test itself, in the picture's order (cell i is
// number i+1).
func Cells(g *engine.Game) []Cell {
	var cells []Cell
	for _, p := range g.Placements() {
		if n := len(cells); n > 0 && cells[n-1].Cell == p.Cell {
			cells[n-1].Rotations = append(cells[n-1].Rotations, p.Rotation)
			continue
		}
		for _, c := range cells {
			if c.Cell == p.Cell {
				panic("Placements are not grouped by cell")
			}
		}
		cells = append(cells, Cell{Cell: p.Cell, Rotations: []engine.Rotation{p.Rotation}})
	}
	return cells
}

// New plays a whole game of names shuffled by seed with random moves,
// written in every form place takes: numbered cells with and without a
// rotation and a spot label, record notation with follower@PORT (any port
// of the feature), with and without the tile letter. Tiles that fit
// nowhere are discarded, as the terminal game does by itself. It fails tb
// when the board picture (render.Candidates) numbers the cells otherwise
// than Cells.
func New(tb testing.TB, names []string, seed uint64, opts engine.Options) *Script {
	tb.Helper()
	return NewWith(tb, names, seed, opts, nil)
}

// NewWith is New with the expansions exps (record names, as the terminal
// game's Config.Expansions takes them). With Inns & Cathedrals the large
// follower is deployed about half the times a player who has it deploys a
// figure, written as the spot's label and L (2L), large before the label
// (large 2) or large@PORT.
func NewWith(tb testing.TB, names []string, seed uint64, opts engine.Options, exps []string) *Script {
	tb.Helper()
	set, err := engine.ParseExpansions(strings.Join(exps, ","))
	if err != nil {
		tb.Fatal(err)
	}
	rules, err := engine.NewRules(set, opts)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: rules, Players: names, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	sc := &Script{Names: names, Seed: seed, Options: opts, Expansions: exps, Game: g}
	traders := set.Has(engine.ExpansionTradersAndBuilders)
	rng := rand.New(rand.NewPCG(seed, 99))
	ts := g.TileSet()
	for !g.Ended() {
		t, _ := g.Drawn()
		if !g.CanPlace(t) {
			if err := g.Apply(engine.Move{Tile: t, Discard: true}); err != nil {
				tb.Fatal(err)
			}
			sc.Discards++
			continue
		}
		cells := Cells(g)
		var want []engine.Cell
		for _, c := range cells {
			want = append(want, c.Cell)
		}
		if got := render.Candidates(g); !slices.Equal(got, want) {
			tb.Fatalf("turn %d: the board numbers the cells %v, the test %v", g.Turn(), got, want)
		}
		if traders {
			if m, line, ok := tradersMove(g, rng, cells); ok {
				if err := g.Apply(m); err != nil {
					tb.Fatalf("%s: %v", line, err)
				}
				switch {
				case m.Figure == engine.FigureBuilder:
					sc.Builders++
				case m.Figure == engine.FigurePig:
					sc.Pigs++
				}
				if g.BuilderTurn() {
					sc.BuilderTurns++
				}
				sc.Lines = append(sc.Lines, line)
				sc.Moves = append(sc.Moves, m)
				continue
			}
		}
		n := rng.IntN(len(cells))
		c := cells[n]
		m := engine.Move{Tile: t, Cell: c.Cell, Rotation: c.Rotations[rng.IntN(len(c.Rotations))]}
		spots := g.FollowerSpots(engine.Placement{Cell: m.Cell, Rotation: m.Rotation})
		spot := -1
		if len(spots) > 0 && rng.IntN(3) > 0 {
			spot = rng.IntN(len(spots))
		}
		// The large follower, when the player has it, about half the time.
		large := g.SupplyOf(g.Current(), engine.FigureLarge) > 0 && rng.IntN(2) == 0
		label := func(i int) string {
			if !large {
				return engine.SpotLabel(i)
			}
			m.Figure = engine.FigureLarge
			if rng.IntN(2) == 0 {
				return "large " + engine.SpotLabel(i)
			}
			return engine.SpotLabel(i) + []string{"L", "l"}[rng.IntN(2)]
		}
		var line string
		switch rng.IntN(4) {
		case 0: // place N: the first rotation, no follower
			m.Rotation = c.Rotations[0]
			line = fmt.Sprintf("place %d", n+1)
		case 1: // place N ROTATION [SPOT]
			line = fmt.Sprintf("place %d %d", n+1, m.Rotation.Degrees())
			if spot >= 0 {
				m.Follower = spots[spot].Port
				line += " " + label(spot)
			}
		case 2: // place N [SPOT], the first rotation
			m.Rotation = c.Rotations[0]
			line = fmt.Sprintf("place %d", n+1)
			spots = g.FollowerSpots(engine.Placement{Cell: m.Cell, Rotation: m.Rotation})
			if len(spots) > 0 && rng.IntN(2) == 0 {
				i := rng.IntN(len(spots))
				m.Follower = spots[i].Port
				line += " " + label(i)
			}
		case 3: // record notation, perhaps with the tile letter
			if spot >= 0 {
				ports := spots[spot].Ports.Ports()
				m.Follower = ports[rng.IntN(len(ports))]
				if large {
					m.Figure = engine.FigureLarge
				}
			}
			line = "place " + strings.TrimPrefix(engine.MoveString(ts, m), ts.Name(t)+" ")
			if rng.IntN(2) == 0 {
				line = "place " + engine.MoveString(ts, m)
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("%s: %v", line, err)
		}
		if m.Figure == engine.FigureLarge {
			sc.Large++
		}
		if g.BuilderTurn() {
			sc.BuilderTurns++
		}
		sc.Lines = append(sc.Lines, line)
		sc.Moves = append(sc.Moves, m)
	}
	return sc
}

// tradersMove chooses, with Traders & Builders, a move of the builder or
// the pig: a placement that extends a road or city with the current
// player's builder (a second turn), whenever there is one and the turn is
// not already a builder's second turn; else, about half the times one is
// possible, the builder or the pig deployed, written as the spot's label
// and B or P (1B, 2p), the figure's name before the label (builder 1, pig
// 2) or the record notation (builder@PORT, pig@PORT). It returns false
// when it chose none, without drawing on rng when no such move exists.
func tradersMove(g *engine.Game, rng *rand.Rand, cells []Cell) (engine.Move, string, bool) {
	t, _ := g.Drawn()
	ts := g.TileSet()
	cur := g.Current()
	if g.SupplyOf(cur, engine.FigureBuilder) == 0 && !g.BuilderTurn() {
		for n, c := range cells {
			for _, r := range c.Rotations {
				m := engine.Move{Tile: t, Cell: c.Cell, Rotation: r}
				after := g.Clone()
				if err := after.Apply(m); err == nil && after.BuilderTurn() {
					return m, fmt.Sprintf("place %d %d", n+1, r.Degrees()), true
				}
			}
		}
	}
	for _, fig := range []engine.Figure{engine.FigureBuilder, engine.FigurePig} {
		if g.SupplyOf(cur, fig) == 0 {
			continue
		}
		type choice struct {
			n     int
			r     engine.Rotation
			spots []engine.Spot
		}
		var choices []choice
		for n, c := range cells {
			for _, r := range c.Rotations {
				if spots := g.FigureSpots(engine.Placement{Cell: c.Cell, Rotation: r}, fig); len(spots) > 0 {
					choices = append(choices, choice{n, r, spots})
				}
			}
		}
		if len(choices) == 0 || rng.IntN(2) == 0 {
			continue
		}
		ch := choices[rng.IntN(len(choices))]
		i := rng.IntN(len(ch.spots))
		m := engine.Move{Tile: t, Cell: cells[ch.n].Cell, Rotation: ch.r, Follower: ch.spots[i].Port, Figure: fig}
		suffix := map[engine.Figure]string{engine.FigureBuilder: "B", engine.FigurePig: "P"}[fig]
		line := fmt.Sprintf("place %d %d ", ch.n+1, ch.r.Degrees())
		switch rng.IntN(4) {
		case 0:
			line += engine.SpotLabel(i) + suffix
		case 1:
			line += engine.SpotLabel(i) + strings.ToLower(suffix)
		case 2:
			line += fig.String() + " " + engine.SpotLabel(i)
		case 3:
			ports := ch.spots[i].Ports.Ports()
			m.Follower = ports[rng.IntN(len(ports))]
			line = "place " + engine.MoveString(ts, m)
		}
		return m, line, true
	}
	return engine.Move{}, "", false
}

// WithDiscard returns the scripted game of names from the first seed from
// start whose game has a discard, so that the automatic discard is played
// too (the game of seed start when none of 3,000 seeds has one).
func WithDiscard(tb testing.TB, names []string, start uint64, opts engine.Options) *Script {
	tb.Helper()
	for seed := start; seed < start+3000; seed++ {
		if sc := New(tb, names, seed, opts); sc.Discards > 0 {
			return sc
		}
	}
	tb.Log("no seed with a discard; playing without one")
	return New(tb, names, start, opts)
}

// WithBuilderTurn returns the scripted game (NewWith) of names with
// expansions exps, which must include Traders & Builders, from the first
// seed from start that deploys a builder and a pig, gives a builder's
// second turn and ends with goods taken; it fails tb when none of 200
// seeds does.
func WithBuilderTurn(tb testing.TB, names []string, start uint64, opts engine.Options, exps []string) *Script {
	tb.Helper()
	for seed := start; seed < start+200; seed++ {
		sc := NewWith(tb, names, seed, opts, exps)
		goods := 0
		for p := range names {
			for _, n := range sc.Game.Goods(p) {
				goods += n
			}
		}
		if sc.Builders > 0 && sc.Pigs > 0 && sc.BuilderTurns > 0 && goods > 0 {
			return sc
		}
	}
	tb.Fatalf("no seed from %d deploys a builder and a pig, gives a builder's second turn and goods", start)
	return nil
}

// FinalTable reads the final scoring the terminal game printed in out: the
// players' names in the order printed, and by name the points for roads,
// cities, cloisters, farms, the King and the Robber Baron (0 when the
// table has no such columns, without King & Robber Baron), the goods
// majorities (0 without Traders & Builders) and the total.
func FinalTable(tb testing.TB, out string, names []string) (order []string, points map[string][Columns]int) {
	tb.Helper()
	_, table, ok := strings.Cut(out, "Final scoring")
	if !ok {
		tb.Fatalf("no final scoring in:\n%s", out)
	}
	// The heading's line, then the table's head and rows.
	lines := strings.Split(table, "\n")[1:]
	header := lines[0]
	lines = lines[1:]
	if len(lines) < len(names) {
		tb.Fatalf("the final scoring has fewer lines than players:\n%s", table)
	}
	// The columns printed, in the order of a row of points.
	cols := []int{0, 1, 2, 3}
	if strings.Contains(header, "King") {
		if !strings.Contains(header, " farms King Robber Baron ") {
			tb.Fatalf("final scoring header %q", header)
		}
		cols = append(cols, 4, 5)
	}
	if strings.Contains(header, "goods") {
		if !strings.HasSuffix(header, " goods total") {
			tb.Fatalf("final scoring header %q", header)
		}
		cols = append(cols, 6)
	}
	cols = append(cols, 7)
	points = map[string][Columns]int{}
	for _, line := range lines[:len(names)] {
		f := strings.Fields(line)
		k := len(cols)
		if len(f) < k+1 {
			tb.Fatalf("final scoring line %q, want a name and %d numbers", line, k)
		}
		name := strings.Join(f[:len(f)-k], " ")
		if !slices.Contains(names, name) {
			tb.Fatalf("final scoring line %q: no player %q", line, name)
		}
		var row [Columns]int
		for j, c := range cols {
			n, err := strconv.Atoi(f[len(f)-k+j])
			if err != nil {
				tb.Fatalf("final scoring line %q: %v", line, err)
			}
			row[c] = n
		}
		order = append(order, name)
		points[name] = row
	}
	return order, points
}

// CheckFinal checks the final scoring printed in out against the scripted
// game and against the replay of the game record the terminal game wrote
// to the file rec: every player's points by feature and in total, the
// order of the standings and the winner's sentence.
func CheckFinal(tb testing.TB, sc *Script, out, rec string) {
	tb.Helper()
	order, table := FinalTable(tb, out, sc.Names)
	replayed := Replay(tb, rec)
	if !replayed.Ended() {
		tb.Errorf("%s: the recorded game has not ended", rec)
	}
	var want [engine.MaxPlayers][Columns]int
	for _, ev := range sc.Game.Events() {
		switch ev.Source {
		case engine.SourceFeature:
			want[ev.Player][int(ev.Feature)-1] += ev.Points // road, city, cloister, field
		case engine.SourceKing:
			want[ev.Player][4] += ev.Points
		case engine.SourceRobberBaron:
			want[ev.Player][5] += ev.Points
		case engine.SourceGoods:
			want[ev.Player][6] += ev.Points
		default:
			tb.Fatalf("a score of %s, which the final table has no column for", ev.Source)
		}
		want[ev.Player][7] += ev.Points
	}
	for i, n := range sc.Names {
		if got := table[n]; got != want[i] {
			tb.Errorf("%s: printed roads, cities, cloisters, farms, King, Robber Baron, goods, total %v, want %v", n, got, want[i])
		}
		if got, w := table[n][7], replayed.Score(i); got != w {
			tb.Errorf("%s: printed total %d, the replayed record %d", n, got, w)
		}
		if got, w := table[n][7], sc.Game.Score(i); got != w {
			tb.Errorf("%s: printed total %d, the engine %d", n, got, w)
		}
	}
	for k, p := range sc.Game.Standings() {
		if order[k] != sc.Names[p] {
			tb.Errorf("the final scoring lists %v, want the standings %v", order, sc.Game.Standings())
			break
		}
	}
	_, best := sc.Game.Winners()
	if !strings.Contains(out, fmt.Sprintf("with %d points", best)) && !strings.Contains(out, fmt.Sprintf("scores %d points", best)) {
		tb.Errorf("no winner with %d points in:\n%s", best, out[strings.Index(out, "Final scoring"):])
	}
}

// Columns is the number of columns of a row of FinalTable: roads, cities,
// cloisters, farms, the King, the Robber Baron, the goods and the total.
const Columns = 8

// Replay reads the game record in the file path and replays it.
func Replay(tb testing.TB, path string) *engine.Game {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rec, err := engine.ReadRecord(f)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	g, err := rec.Replay()
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return g
}

// CheckPNG fails tb unless the file path holds a PNG picture.
func CheckPNG(tb testing.TB, path string) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		tb.Errorf("%s: %v", path, err)
	}
}

// Stored returns stored game id of the database file path.
func Stored(tb testing.TB, path string, id int64) storage.Game {
	tb.Helper()
	st, err := storage.Open(context.Background(), path)
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	g, err := st.Get(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// SummariesOf returns the summaries of the moves of game played, as
// Summaries does, replayed from its start.
func SummariesOf(tb testing.TB, played *engine.Game) []string {
	tb.Helper()
	g, err := engine.New(engine.Config{Rules: played.Rules(), Players: played.Players(), Options: played.Options(), Seed: played.Seed(),
		Tiles: played.TileSet(), Start: played.Start()})
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for k, m := range played.Moves() {
		text, err := turnview.In(i18n.English).Narrate(g, m, nil)
		if err != nil {
			tb.Fatalf("move %d: %v", k, err)
		}
		if text != "" {
			out = append(out, text)
		}
	}
	return out
}

// CheckSummaries checks that the terminal game's output out says the
// summary of every move of the script, each on a line of its own, in
// order, and returns them.
func CheckSummaries(tb testing.TB, sc *Script, out string) []string {
	tb.Helper()
	return CheckSummariesOf(tb, sc.Game, out)
}

// CheckSummariesOf checks that out says the summary of every move of game
// played, as CheckSummaries does, and returns them.
func CheckSummariesOf(tb testing.TB, played *engine.Game, out string) []string {
	tb.Helper()
	want := SummariesOf(tb, played)
	rest := out
	for k, w := range want {
		i := strings.Index(rest, "\n"+w+"\n")
		if i < 0 {
			tb.Fatalf("summary %d of %d, %q, is not said (in order, on a line of its own)", k+1, len(want), w)
		}
		rest = rest[i+len(w)+1:]
	}
	return want
}
