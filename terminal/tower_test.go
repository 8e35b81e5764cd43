package terminal

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
)

// towerScript is a game of The Tower as command lines: place with tower
// pieces, captures and followers on towers in every form place takes, and
// ransom lines; with the game they lead to and what happened in it.
type towerScript struct {
	names                              []string
	seed                               uint64
	lines                              []string
	game                               *engine.Game
	captures, exchanges, ransoms, tops int
}

// newTowerScript plays a random game of The Tower with seed, as aggressive
// with towers as it can be: a tower piece whenever one may go (taking
// another player's follower when one is in reach), a follower on a tower
// now and then, a follower on the tile otherwise, and a ransom whenever
// one may be paid.
func newTowerScript(tb testing.TB, names []string, seed uint64) *towerScript {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionTower), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: r, Players: names, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	sc := &towerScript{names: names, seed: seed, game: g}
	rng := rand.New(rand.NewPCG(seed, 14))
	for !g.Ended() {
		t, _ := g.Drawn()
		ps := g.Placements()
		if len(ps) == 0 {
			if err := g.Apply(engine.Move{Tile: t, Discard: true}); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		cur := g.Current()
		p := ps[rng.IntN(len(ps))]
		m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
		line := fmt.Sprintf("place %s %d", p.Cell, p.Rotation.Degrees())
		if rs := g.Ransoms(); len(rs) > 0 && rng.IntN(2) == 0 {
			m.Ransomed, m.Ransom = true, rs[rng.IntN(len(rs))]
			ransom := "ransom " + names[m.Ransom.Jailer]
			if m.Ransom.Figure == engine.FigureLarge {
				ransom += " large"
			}
			sc.lines = append(sc.lines, ransom)
			sc.ransoms++
		}
		var held []int
		for j := range names {
			held = append(held, len(g.Prisoners(j)))
		}
		cells := g.TowerCells(p)
		tops := g.TowerTops(engine.FigureFollower)
		switch {
		case len(tops) > 0 && rng.IntN(8) == 0:
			m.Tower, m.TowerCell = engine.TowerTop, tops[rng.IntN(len(tops))]
			line += " follower@" + m.TowerCell.String() + ":tower"
			sc.tops++
		case len(cells) > 0 && rng.IntN(3) > 0:
			m.Tower, m.TowerCell = engine.TowerPiece, cells[rng.IntN(len(cells))]
			var others []engine.Target
			for _, c := range g.Captures(m) {
				if owner(g, c) != cur {
					others = append(others, c)
				}
			}
			if len(others) > 0 {
				m.Capture = others[rng.IntN(len(others))]
				sc.captures++
			}
			if rng.IntN(2) == 0 {
				line += " tower " + m.TowerCell.String()
				if m.Capture != (engine.Target{}) {
					line += " " + captureWords(m.Capture)
				}
			} else {
				line += " tower@" + m.TowerCell.String()
				if m.Capture != (engine.Target{}) {
					line += " capture@" + strings.Replace(strings.TrimPrefix(captureWords(m.Capture), "capture "), " ", ":", 1)
				}
			}
		default:
			if spots := g.FollowerSpots(p); len(spots) > 0 && rng.IntN(3) > 0 {
				i := rng.IntN(len(spots))
				m.Follower = spots[i].Port
				line += " " + engine.SpotLabel(i)
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("%s: %v", line, err)
		}
		if m.Capture != (engine.Target{}) && len(g.Prisoners(cur)) <= held[cur] {
			sc.exchanges++
		}
		sc.lines = append(sc.lines, line)
	}
	return sc
}

// owner returns the player of the figure target t names on the board.
func owner(g *engine.Game, t engine.Target) int {
	if t.Tower {
		for _, tw := range g.Towers() {
			if tw.Cell == t.Cell {
				return tw.Guard
			}
		}
		return -1
	}
	pt, _ := g.TileAt(t.Cell)
	fi, _ := g.TileSet().FeatureAt(pt.Tile, pt.Rotation, t.Port)
	for _, f := range g.Followers() {
		if f.Cell == t.Cell && f.Feature == fi && f.Figure.Weight() > 0 {
			return f.Player
		}
	}
	return -1
}

// TestWholeGameTower plays a whole game of The Tower through Run, with
// tower pieces, prisoners taken, exchanged and ransomed, followers on
// towers, and refused tower commands on the way, and checks what it says
// and that the record it saves replays to the same game.
func TestWholeGameTower(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Ben"}
	var sc *towerScript
	for seed := uint64(1); seed < 200; seed++ {
		sc = newTowerScript(t, names, seed)
		if sc.captures > 0 && sc.exchanges > 0 && sc.ransoms > 0 && sc.tops > 0 {
			break
		}
	}
	if sc.exchanges == 0 || sc.ransoms == 0 || sc.tops == 0 {
		t.Fatalf("no seed gives a game with an exchange, a ransom and a follower on a tower")
	}
	t.Logf("seed %d: %d lines, %d captures, %d exchanges, %d ransoms, %d followers on towers", sc.seed, len(sc.lines), sc.captures, sc.exchanges, sc.ransoms, sc.tops)
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	cfg := Config{DB: db, Board: board, Players: names, Seed: sc.seed, Expansions: []string{"tower"}}

	// Refusals before the first line: nobody holds a prisoner yet.
	lines := []string{
		"ransom Ben",
		"ransom Zed",
		"ransom Ann",
		"tower 0,0",
		"capture 0,0 N",
		"place 1 tower 99,99",
		"place 1 tower",
		"place 1 capture 0,0 N",
		"place 1 tower@0,0 capture@0,0",
		"place 1 pig@0,0:tower",
		"spots 1",
	}
	half := len(sc.lines) / 2
	lines = append(lines, sc.lines[:half]...)
	lines = append(lines, "score")
	lines = append(lines, sc.lines[half:]...)
	lines = append(lines, "record "+rec)
	out := run(t, cfg, strings.Join(lines, "\n")+"\n")

	for _, want := range []string{
		"New game 1: Ann (red), Ben (green) · The Tower · ",
		"The Tower: place N tower x,y [capture x,y SPOT] puts a tower piece",
		"Ann has 0 points, and a ransom costs 3.",
		"Nobody called \"Zed\" plays in this game.",
		"Ann cannot pay a ransom to themselves.",
		"tower goes with the tile: place N [ROTATION] tower x,y [capture x,y SPOT] (see spots).",
		"capture goes with the tile: place N [ROTATION] tower x,y [capture x,y SPOT] (see spots).",
		"The tile at (99,99) has no tower foundation.",
		"A tower piece on which tile? write tower x,y (see spots).",
		"A prisoner is taken only after a tower piece: place N [ROTATION] tower x,y capture x,y SPOT.",
		"A prisoner is written capture@x,y:PORT (capture@0,2:C) or capture@x,y:tower, not capture@0,0.",
		"Only a follower (follower@x,y:tower) or the large follower (large@x,y:tower) closes a tower, not \"pig\".",
		" builds a tower at (",
		" prisoner.",
		" on top of the tower at (",
		" exchange prisoners: each gets a follower back.",
		" points to free their ",
		" tower pieces",
		"Final scoring  roads  cities  cloisters  farms  ransoms  total\n",
		"Record written to " + rec,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	terminaltest.CheckSummariesOf(t, sc.game, out)
	if got := strings.Count(out, " prisoner.") + strings.Count(out, " takes back their own "); got != sc.captures {
		t.Errorf("%d captures said, want %d", got, sc.captures)
	}
	if got := strings.Count(out, " exchange prisoners"); got != sc.exchanges {
		t.Errorf("%d exchanges said, want %d", got, sc.exchanges)
	}
	if got := strings.Count(out, " points to free their "); got != sc.ransoms {
		t.Errorf("%d ransoms said, want %d", got, sc.ransoms)
	}
	g := terminaltest.Replay(t, rec)
	if !slices.Equal(g.Scores(), sc.game.Scores()) || g.Record().String() != sc.game.Record().String() {
		t.Fatalf("the saved record scores %v, the script's game %v", g.Scores(), sc.game.Scores())
	}
}

// TestTowerWords checks what place reads after the cell and rotation in
// the position of the rule text's example before Red's second story
// (engine/testdata/rules/tower-capture-exchange-ransom.rec, 12 turns): the
// tower piece and the capture in words and in record notation, the spot
// left out when one figure stands on the tile, and the refusals; and what
// spots lists.
func TestTowerWords(t *testing.T) {
	g := replayRecordFile(t, "../engine/testdata/rules/tower-capture-exchange-ransom.rec", 12)
	var out bytes.Buffer
	s := &session{state: g, out: &out}
	ps := g.Placements()
	if len(ps) == 0 {
		t.Fatal("the tile drawn fits nowhere")
	}
	cell, rot := ps[0].Cell.String(), fmt.Sprint(ps[0].Rotation.Degrees())
	d, _ := g.Drawn()
	want := engine.Move{Tile: d, Cell: ps[0].Cell, Rotation: ps[0].Rotation,
		Tower: engine.TowerPiece, TowerCell: engine.Cell{X: 0, Y: 1}, Capture: engine.Target{Cell: engine.Cell{X: -2, Y: 1}, Port: engine.C}}
	for _, words := range [][]string{
		{cell, rot, "tower", "0,1", "capture", "-2,1", "C"},
		{cell, rot, "tower", "0,1", "capture", "-2,1", "c"},
		{cell, rot, "tower", "0,1", "capture", "-2,1"},
		{cell, rot, "tower@0,1", "capture@-2,1:C"},
	} {
		m, err := s.parseMove(words, true)
		if err != nil {
			t.Errorf("%v: %v", words, err)
			continue
		}
		if m != want {
			t.Errorf("%v: %+v, want %+v", words, m, want)
		}
	}
	for _, bad := range []struct {
		words  []string
		phrase string
	}{
		{[]string{cell, rot, "tower", "0,1", "capture", "1,2", "C"}, "(1,2) is out of reach of the tower at (0,1): 2 tiles"},
		{[]string{cell, rot, "tower", "0,1", "capture", "1,2"}, "no follower in reach of the tower at 0,1 stands on 1,2"},
		{[]string{cell, rot, "tower", "0,1", "capture", "0,3", "Q"}, "names no spot of a tile"},
		{[]string{cell, rot, "tower", "0,1", "2"}, "cannot follow the tower piece"},
		{[]string{cell, rot, "1", "tower", "0,1"}, "instead of a figure on the tile"},
		{[]string{cell, rot, "follower@0,1:tower", "capture", "0,3"}, "nothing else follows a follower on a tower"},
		{[]string{cell, rot, "tower", "0,1", "capture", "0,3", "C", "more"}, "too many words after the tower"},
		{[]string{cell, rot, "tower", "x"}, "tower takes the cell"},
	} {
		if _, err := s.parseMove(bad.words, true); err == nil || !strings.Contains(err.Error(), bad.phrase) {
			t.Errorf("%v: %v, want an error saying %q", bad.words, err, bad.phrase)
		}
	}
	s.spots([]string{cell, rot})
	for _, w := range []string{
		"instead, a tower piece (6 pieces left; add to place):",
		"tower 0,1 (2 stories), then perhaps capture 1,1 C (Green's large follower (monk)), capture -2,1 C (Blue's follower (monk)) or capture 0,3 C (Yellow's follower (monk))",
		"tower 0,3 (1 story)",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("spots lacks %q:\n%s", w, out.String())
		}
	}
	out.Reset()
	s.score()
	if !strings.Contains(out.String(), "6 tower pieces · holds Blue's follower") {
		t.Errorf("score does not say Red's pieces and prisoner:\n%s", out.String())
	}
}

// replayRecordFile replays the first n turns of the record at path.
func replayRecordFile(tb testing.TB, path string, n int) *engine.Game {
	tb.Helper()
	g := terminaltest.Replay(tb, path)
	rec := g.Record()
	rec.Turns = rec.Turns[:n]
	rec.End = false
	rec.HasSeed = false
	again, err := rec.Replay()
	if err != nil {
		tb.Fatal(err)
	}
	return again
}
