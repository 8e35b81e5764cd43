package terminal

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
	"github.com/meeple-works/carcassonne/turnview"
)

// tradersSays returns what the terminal game must say of the scripted
// game, in order, within the turns' summaries: each goods taken (" Ann
// takes 1 wine.") and each builder's second turn (" Builder: Ann plays
// again."), replayed here on the engine.
func tradersSays(tb testing.TB, sc *terminaltest.Script) (says []string, goods, turns int) {
	tb.Helper()
	g, err := engine.New(engine.Config{Rules: sc.Game.Rules(), Players: sc.Names, Seed: sc.Seed})
	if err != nil {
		tb.Fatal(err)
	}
	for _, m := range sc.Game.Moves() {
		var before [engine.MaxPlayers][engine.NumGoods]int
		for p := range sc.Names {
			before[p] = g.Goods(p)
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
		for p, n := range sc.Names {
			var parts []string
			for d, k := range g.Goods(p) {
				if k > before[p][d] {
					parts = append(parts, fmt.Sprintf("%d %s", k-before[p][d], engine.Good(d)))
				}
			}
			if len(parts) > 0 {
				says = append(says, fmt.Sprintf(" %s takes %s.", n, turnview.In(i18n.English).JoinAnd(parts)))
				goods++
			}
		}
		if g.BuilderTurn() {
			says = append(says, fmt.Sprintf(" Builder: %s plays again.", sc.Names[g.Current()]))
			turns++
		}
	}
	return says, goods, turns
}

// TestWholeGameTraders plays a whole game of Traders & Builders through
// Run, with builders and pigs deployed in every form place takes and a
// builder's second turn, refused builder and pig commands on the way, and
// checks what it says (spots, goods taken, second turns, the pigs and the
// goods majorities at the end, the final table with its goods column) and
// that the record it saves replays to the same game.
func TestWholeGameTraders(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	exps := []string{"traders-and-builders"}
	sc := terminaltest.WithBuilderTurn(t, []string{"Ann", "Ben", "Cy"}, 1, engine.Options{}, exps)
	t.Logf("seed %d: %d turns, %d builders, %d pigs, %d second turns", sc.Seed, len(sc.Lines), sc.Builders, sc.Pigs, sc.BuilderTurns)
	cfg := newGame(sc, db, board)
	cfg.Expansions = exps

	// Before the first builder and the first pig, a spot past their last
	// and the spots of that placement; halfway, the scores.
	var lines []string
	var wantSpots []string
	bad := map[engine.Figure]bool{}
	for i, line := range sc.Lines {
		m := sc.Moves[i]
		if (m.Figure == engine.FigureBuilder || m.Figure == engine.FigurePig) && !bad[m.Figure] {
			bad[m.Figure] = true
			g := replayTo(t, sc, i)
			p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
			spots := g.FigureSpots(p, m.Figure)
			suffix := figureSuffix(m.Figure)
			lines = append(lines,
				fmt.Sprintf("spots %s %d", m.Cell, m.Rotation.Degrees()),
				fmt.Sprintf("place %s %d %d%s", m.Cell, m.Rotation.Degrees(), len(spots)+1, suffix))
			wantSpots = append(wantSpots,
				fmt.Sprintf("  %-*s  %s – ", 2, "1"+suffix, m.Figure.Title()),
				fmt.Sprintf("There is no spot %d%s here: the %s's spots are %s (see spots %s %d).", len(spots)+1, suffix, m.Figure.Title(), spotRange(i18n.English, len(spots), suffix), m.Cell, m.Rotation.Degrees()))
		}
		lines = append(lines, line)
		if i == len(sc.Lines)/2 {
			lines = append(lines, "score")
		}
	}
	if len(bad) != 2 {
		t.Fatal("no builder or no pig to refuse")
	}
	input := strings.Join(lines, "\n") + "\nrecord " + rec + "\n"
	out := run(t, cfg, input)

	for _, want := range append([]string{
		"New game 1: Ann (red), Ben (green), Cy (blue) · Traders & Builders · farms: per-farm, tiny city: 4, pig: plus-one · seed " + fmt.Sprint(sc.Seed),
		"Traders & Builders: add B to a spot's number (place N 1B) to deploy your builder, P (place N 1P) your pig",
		" · goods: ",
		"Final scoring\n  player           roads cities cloisters farms goods total\n",
		"Record written to " + rec,
	}, wantSpots...) {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if got := terminaltest.CheckSummaries(t, sc, out); len(got) != len(sc.Lines) {
		t.Errorf("%d tiles placed, want %d", len(got), len(sc.Lines))
	}
	for _, c := range []struct {
		re   string
		want int
	}{
		{`(?m)^\S+ placed \S+ at \S+, builder on the `, sc.Builders},
		{`(?m)^\S+ placed \S+ at \S+, pig in the farm`, sc.Pigs},
		{` \S+ takes \d+ (wine|grain|cloth)`, -1},
	} {
		got := len(regexp.MustCompile(c.re).FindAllString(out, -1))
		if c.want >= 0 && got != c.want {
			t.Errorf("%d lines match %s, want %d", got, c.re, c.want)
		}
	}
	// The goods taken and the second turns, in order.
	says, goods, turns := tradersSays(t, sc)
	if goods == 0 || turns != sc.BuilderTurns {
		t.Fatalf("%d goods taken, %d second turns (script %d)", goods, turns, sc.BuilderTurns)
	}
	rest := out
	for _, want := range says {
		i := strings.Index(rest, want)
		if i < 0 {
			t.Errorf("output lacks %q after the previous summaries", want)
			continue
		}
		rest = rest[i+len(want):]
	}
	if got := strings.Count(out, " takes ") - strings.Count(out, "takes the "); got != goods {
		t.Errorf("%d goods summaries, want %d", got, goods)
	}
	if got := strings.Count(out, "Builder: "); got != sc.BuilderTurns {
		t.Errorf("%d second turns said, want %d", got, sc.BuilderTurns)
	}
	if strings.Count(out, " plays again.") != strings.Count(out, "Builder: ") {
		t.Error("a builder's second turn said as the volcano-lake's extra turn")
	}
	// The pigs' farms and the goods majorities at the end.
	final := 0
	for _, ev := range sc.Game.Events() {
		if ev.Final && (ev.Pig || ev.Source == engine.SourceGoods) {
			final++
			want := fmt.Sprintf("  %+d %s: %s\n", ev.Points, sc.Names[ev.Player], turnview.In(i18n.English).ScoredWords(ev))
			if !strings.Contains(out, want) {
				t.Errorf("output lacks %q", want)
			}
			if ev.Source == engine.SourceGoods && !regexp.MustCompile(`^  \+10 \S+: most (wine|grain|cloth)\n$`).MatchString(want) {
				t.Errorf("goods majority said as %q", want)
			}
		}
	}
	if final == 0 {
		t.Error("no goods majority at the end")
	}
	terminaltest.CheckFinal(t, sc, out, rec)
	terminaltest.CheckPNG(t, board)

	replayed := terminaltest.Replay(t, rec)
	if got, want := replayed.Record().String(), sc.Game.Record().String(); got != want {
		t.Errorf("the saved record replays to\n%s\nwant\n%s", got, want)
	}
	for _, w := range []string{" builder@", " pig@", "pig=plus-one"} {
		if !strings.Contains(replayed.Record().String(), w) {
			t.Errorf("the record has no %q", w)
		}
	}
	if t.Failed() {
		t.Logf("output:\n%s", out)
	}
}

// replayTo returns the scripted game after its first n moves.
func replayTo(tb testing.TB, sc *terminaltest.Script, n int) *engine.Game {
	tb.Helper()
	g, err := engine.New(engine.Config{Rules: sc.Game.Rules(), Players: sc.Names, Seed: sc.Seed})
	if err != nil {
		tb.Fatal(err)
	}
	moves := 0
	for _, m := range sc.Game.Moves() {
		if moves == n && !m.Discard {
			break
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
		if !m.Discard {
			moves++
		}
	}
	return g
}

// TestTradersRefused checks that bad builder and pig commands are refused
// with a reason and leave the game unchanged, with Traders & Builders and
// without.
func TestTradersRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	names := []string{"Ann", "Ben"}
	exps := []string{"traders-and-builders"}
	sc := terminaltest.NewWith(t, names, 4, engine.Options{}, exps)
	g, err := engine.New(engine.Config{Rules: sc.Game.Rules(), Players: names, Seed: sc.Seed})
	if err != nil {
		t.Fatal(err)
	}
	// A port of the first placement on a road or city, for builder@PORT.
	c := terminaltest.Cells(g)[0]
	port := engine.NoPort
	for _, sp := range g.FollowerSpots(engine.Placement{Cell: c.Cell, Rotation: c.Rotations[0]}) {
		if sp.Kind == engine.Road || sp.Kind == engine.City {
			port = sp.Port
		}
	}
	if port == engine.NoPort {
		t.Fatal("the first placement has no road or city")
	}
	tile, _ := g.Drawn()
	builderAt := fmt.Sprintf("place %s %d builder@%s", c.Cell, c.Rotations[0].Degrees(), port)
	if err := g.Check(engine.Move{Tile: tile, Cell: c.Cell, Rotation: c.Rotations[0], Follower: port, Figure: engine.FigureBuilder}); err == nil {
		t.Fatalf("%s: the engine takes it", builderAt)
	}
	cases := []struct{ line, want string }{
		{"place 1 1B", "The builder goes only on a road or in a city where Ann already has a thief or knight, and no road or city of this tile joins one here."},
		{"place 1 builder 1", "The builder goes only on a road or in a city where Ann already has a thief or knight"},
		{"place 1 1p", "The pig goes only in a field where Ann already has a farmer, and no field of this tile joins one here."},
		{"place 1 pig 2", "The pig goes only in a field where Ann already has a farmer"},
		{"place 1 builder", "Builder on which spot? write builder 2 (see spots), or 2B."},
		{"place 1 pig", "Pig on which spot? write pig 2 (see spots), or 2P."},
		{"place 1 builder 1L", "Builder 1L names two figures: write builder 1 or 1B."},
		{"place 1 large 1", "The large follower is not played in this game: it comes with Inns & Cathedrals."},
		{"place 1 1Q", `"1Q" is not a spot: give its number (see spots), its number and B for the builder (2B) or P for the pig (2P), or follower@PORT, builder@PORT or pig@PORT.`},
		{"place 1 builder pig@N", "Builder on which spot? write builder 2 (see spots), or 2B."},
		{"place 1 dragon@N", `"N" is not a cell: write x,y, like 2,-1.`},
		{builderAt, "The builder goes only where Ann already has a thief or knight"},
		{"spots 1", "  no follower can stand"},
	}
	var input []string
	for _, c := range cases {
		input = append(input, c.line)
	}
	cfg := newGame(sc, filepath.Join(dir, "g.db"), filepath.Join(dir, "b.png"))
	cfg.Expansions = exps
	out := run(t, cfg, strings.Join(input, "\n")+"\nscore\nhelp\n")
	for _, want := range []string{"(1B) or the", "word builder before it (builder 1) deploys your builder", "P (1P, pig 1) your pig", "builder@N for the", "pig@N for the pig", "gives you a second turn"} {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	// The help speaks of the expansions played only.
	for _, id := range []string{"terminal.help.inns", "terminal.help.choices", "terminal.help.ransom"} {
		if strings.Contains(out, i18n.English.T(id, nil)) {
			t.Errorf("the help of a game of Traders & Builders has %s", id)
		}
	}
	for _, c := range cases[:len(cases)-1] {
		_, after, ok := strings.Cut(out, "> "+c.line+"\n")
		if !ok {
			t.Errorf("%q not read", c.line)
			continue
		}
		reply, _, _ := strings.Cut(after, "\n")
		if !strings.HasPrefix(reply, c.want) {
			t.Errorf("%q: %q, want %q", c.line, reply, c.want)
		}
	}
	if strings.Contains(out, "1B  builder") || strings.Contains(out, "1P  pig") {
		t.Error("spots lists a builder or pig spot on the first turn")
	}
	if strings.Contains(out, " places ") || !strings.Contains(out, "Turn 1, ") {
		t.Errorf("a refused command played:\n%s", out)
	}
	if got := terminaltest.Stored(t, cfg.DB, 1).Moves; got != 0 {
		t.Errorf("%d moves stored, want 0", got)
	}
	if !strings.Contains(out, "  Ann  red     0 points  7 followers in supply · builder in supply · pig in supply · goods: 0 wine, 0 grain, 0 cloth\n") {
		t.Errorf("score:\n%s", out[strings.LastIndex(out, "Turn 1, "):])
	}

	// Without Traders & Builders.
	base := terminaltest.New(t, names, 4, engine.Options{})
	out = run(t, newGame(base, filepath.Join(dir, "base.db"), filepath.Join(dir, "base.png")), "place 1 1B\nplace 1 pig 1\nplace 1 builder@N\n")
	for _, want := range []string{
		"The builder is not played in this game: it comes with Traders & Builders.",
		"The pig is not played in this game: it comes with Traders & Builders.",
		"> place 1 builder@N\nThe builder is not played in this game: it comes with Traders & Builders.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " places ") {
		t.Errorf("a refused command played:\n%s", out)
	}
}
