package terminal

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
	"github.com/meeple-works/carcassonne/turnview"
)

// dragonScript is a game of The Princess & the Dragon as command lines:
// place with the portal, the princess and the fairy in both forms place
// takes, and the dragon's steps as each player enters them; with the game
// they lead to and what happened in it.
type dragonScript struct {
	lines                                         []string
	game                                          *engine.Game
	asides, volcanoes, moves, portals, princesses int
	fairies, steps                                int
}

// newDragonScript plays a random game of The Princess & the Dragon with
// seed, using the princess, the portal and the fairy whenever it can
// (now and then), and writes the dragon's steps as directions or cells.
func newDragonScript(tb testing.TB, names []string, seed uint64) *dragonScript {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: r, Players: names, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	sc := &dragonScript{game: g}
	rng := rand.New(rand.NewPCG(seed, 15))
	for !g.Ended() {
		t, _ := g.Drawn()
		if g.SetsAside() {
			if err := g.Apply(engine.Move{Tile: t, Aside: true}); err != nil {
				tb.Fatal(err)
			}
			sc.asides++
			continue
		}
		ps := g.Placements()
		if len(ps) == 0 {
			if err := g.Apply(engine.Move{Tile: t, Discard: true}); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		p := ps[rng.IntN(len(ps))]
		m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
		line := fmt.Sprintf("place %s %d", p.Cell, p.Rotation.Degrees())
		if g.TileSet().Tile(t).Markers&engine.Volcano != 0 {
			sc.volcanoes++
		} else {
			ks, fs, sps := g.Princesses(p), g.FairyCells(), g.PortalSpots(p)
			switch {
			case len(ks) > 0 && rng.IntN(2) == 0:
				m.Princess = ks[rng.IntN(len(ks))]
				if rng.IntN(2) == 0 {
					line += fmt.Sprintf(" princess %s %s", m.Princess.Cell, m.Princess.Port)
				} else {
					line += fmt.Sprintf(" princess@%s:%s", m.Princess.Cell, m.Princess.Port)
				}
				sc.princesses++
			case len(sps) > 0 && rng.IntN(3) > 0:
				sp := sps[rng.IntN(len(sps))]
				m.Portal, m.PortalCell, m.Follower = true, sp.Cell, sp.Port
				if rng.IntN(2) == 0 {
					line += fmt.Sprintf(" portal %s %s", sp.Cell, sp.Port)
				} else {
					line += fmt.Sprintf(" follower@%s:%s", sp.Cell, sp.Port)
				}
				sc.portals++
			case len(fs) > 0 && rng.IntN(6) == 0:
				m.Fairy, m.FairyCell = true, fs[rng.IntN(len(fs))]
				if rng.IntN(2) == 0 {
					line += " fairy " + m.FairyCell.String()
				} else {
					line += " fairy@" + m.FairyCell.String()
				}
				sc.fairies++
			default:
				if spots := g.FollowerSpots(p); len(spots) > 0 && rng.IntN(3) > 0 {
					i := rng.IntN(len(spots))
					m.Follower = spots[i].Port
					line += " " + engine.SpotLabel(i)
				}
			}
		}
		sc.lines = append(sc.lines, line)
		at, _ := g.Dragon()
		for {
			cs := g.DragonSteps(m)
			if len(cs) == 0 {
				break
			}
			c := cs[rng.IntN(len(cs))]
			if rng.IntN(3) == 0 {
				sc.lines = append(sc.lines, "dragon "+c.String())
			} else {
				sc.lines = append(sc.lines, "dragon "+turnview.Heading(at, c)[:1])
			}
			m.Dragon = m.Dragon.Add(c)
			at = c
			sc.steps++
		}
		if m.Dragon.Len() > 0 {
			sc.moves++
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("%s: %v", line, err)
		}
	}
	return sc
}

// TestWholeGameDragon plays a whole game of The Princess & the Dragon
// through Run, three players at one keyboard entering the dragon's steps
// in turn, with the portal, the princess and the fairy and refused
// commands on the way, and checks what it says and that the record it
// saves replays to the same game.
func TestWholeGameDragon(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Ben", "Cal"}
	var sc *dragonScript
	var seed uint64
	for seed = 1; seed < 200; seed++ {
		sc = newDragonScript(t, names, seed)
		if sc.moves > 1 && sc.portals > 0 && sc.princesses > 0 && sc.fairies > 0 && sc.asides > 0 {
			break
		}
	}
	if sc.princesses == 0 || sc.asides == 0 || sc.fairies == 0 {
		t.Fatal("no seed gives a game with a princess, a fairy and a tile set aside")
	}
	t.Logf("seed %d: %d lines, %d dragon moves (%d steps), %d portals, %d princesses, %d fairies, %d set aside", seed, len(sc.lines), sc.moves, sc.steps, sc.portals, sc.princesses, sc.fairies, sc.asides)
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	cfg := Config{DB: db, Board: board, Players: names, Seed: seed, Expansions: []string{"princess-and-dragon"}}
	lines := []string{"dragon N", "place 1 fairy 99,99", "place 1 portal 0,0", "place 1 princess 0,0 Q"}
	first := slices.IndexFunc(sc.lines, func(l string) bool { return strings.HasPrefix(l, "dragon ") })
	lines = append(lines, sc.lines[:first]...)
	// While the dragon moves: refused commands, then its steps.
	lines = append(lines, "place 1", "dragon 99,99", "dragon Q", "spots")
	lines = append(lines, sc.lines[first:]...)
	lines = append(lines, "score", "help", "record "+rec)
	out := run(t, cfg, strings.Join(lines, "\n")+"\n")
	for _, want := range []string{
		"The dragon is not on its way",
		"The fairy goes next to a follower of Ann, and none stands on (99,99).",
		"Portal takes a tile and a spot: portal x,y SPOT (see spots).",
		"\"Q\" names no spot of a tile",
		"a dragon tile, while the dragon is not on the board yet: it is set aside",
		"The dragon flies to the volcano at (",
		". The dragon moves!",
		"The dragon is on its way: ",
		"The dragon cannot enter (99,99)",
		"\"Q\" is no direction (N, E, S, W) nor a cell x,y.",
		" (dragon)> ",
		"The dragon goes to (",
		" goes through the magic portal to (",
		"The princess sends ",
		" puts the fairy on (",
		"dragon N|E|S|W",
		"Final scoring  roads  cities  cloisters  farms  fairy  total\n",
		"Record written to " + rec,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	said := strings.Join(terminaltest.CheckSummariesOf(t, sc.game, out), "\n")
	if got, want := strings.Count(out, "The dragon goes to "), strings.Count(said, "The dragon goes to "); got != want || want == 0 || want > sc.moves {
		t.Errorf("%d dragon moves said, want %d of %d", got, want, sc.moves)
	}
	if got := strings.Count(out, "moves the dragon "); got != sc.steps {
		t.Errorf("%d dragon steps said, want %d", got, sc.steps)
	}
	g := terminaltest.Replay(t, rec)
	if !slices.Equal(g.Scores(), sc.game.Scores()) || g.Record().String() != sc.game.Record().String() {
		t.Fatalf("the saved record scores %v, the script's game %v", g.Scores(), sc.game.Scores())
	}
}

// TestDragonComputers plays a game of The Princess & the Dragon between a
// person and two computers: the person places every tile as the first
// placement listed, with no figure, and takes the first step listed when
// the dragon's step is theirs; the computers choose their own moves and
// steps. The game must end, and its record replay.
func TestDragonComputers(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Bot1", "Bot2"}
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.rec")
	cfg := Config{DB: filepath.Join(dir, "games.db"), Board: filepath.Join(dir, "board.png"), Players: names, Seed: 3,
		Expansions: []string{"princess-and-dragon"}, Computers: []ai.Level{ai.NoLevel, ai.Easy, ai.Easy}}
	// Enough lines for Ann's turns and steps: "place 1" places the first
	// cell listed; a dragon step she is asked for takes the first listed
	// via spots (the lines that do not apply are refused and ignored).
	var lines []string
	for range 120 {
		lines = append(lines, "place 1", "dragon N", "dragon E", "dragon S", "dragon W")
	}
	lines = append(lines, "record "+rec)
	out := run(t, cfg, strings.Join(lines, "\n")+"\n")
	if !strings.Contains(out, "The game is over") {
		t.Fatalf("the game did not end:\n%s", out[max(0, len(out)-3000):])
	}
	if !strings.Contains(out, "Bot1 moves the dragon") && !strings.Contains(out, "Bot2 moves the dragon") {
		t.Errorf("no computer moved the dragon")
	}
	g := terminaltest.Replay(t, rec)
	if !g.Ended() {
		t.Fatal("the saved record is not a finished game")
	}
}

// TestDragonWords checks what place reads for the portal, the princess and
// the fairy on the positions of the engine's fixtures, and what spots
// lists there.
func TestDragonWords(t *testing.T) {
	g := replayRecordFile(t, "../engine/testdata/rules/pd-portal.rec", 1)
	var out bytes.Buffer
	s := &session{state: g, out: &out}
	pd, _ := g.TileSet().Lookup("PD02")
	putOnTop(t, g, pd)
	for _, words := range [][]string{
		{"1,0", "0", "portal", "0,-1", "N"},
		{"1,0", "0", "portal", "0,-1", "n"},
		{"1,0", "0", "follower@0,-1:N"},
	} {
		m, err := s.parseMove(words, true)
		want := engine.Move{Tile: pd, Cell: engine.Cell{X: 1}, Portal: true, PortalCell: engine.Cell{X: 0, Y: -1}, Follower: engine.N}
		if err != nil || m != want {
			t.Errorf("%v: %+v, %v; want %+v", words, m, err, want)
		}
	}
	for _, bad := range []struct {
		words  []string
		phrase string
	}{
		{[]string{"1,0", "0", "portal", "0,-1"}, "portal takes a tile and a spot"},
		{[]string{"1,0", "0", "portal", "0,0", "N", "more"}, "too many words after portal"},
		{[]string{"1,0", "0", "2", "portal", "0,-1", "N"}, "instead of a figure on the tile"},
		{[]string{"1,0", "0", "fairy", "0,-1"}, "the fairy goes next to a follower of Bob"},
		{[]string{"1,0", "0", "princess", "0,-1", "N"}, "has no princess"},
	} {
		if _, err := s.parseMove(bad.words, true); err == nil || !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(bad.phrase)) {
			t.Errorf("%v: %v, want an error saying %q", bad.words, err, bad.phrase)
		}
	}
	s.spots([]string{"1,0", "0"})
	for _, w := range []string{"through the magic portal, a follower on another tile (add large for the large follower): portal 0,0 N, ", "portal 0,-1 N"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("spots does not list %q:\n%s", w, out.String())
		}
	}
}

// putOnTop makes tile t the tile drawn in g.
func putOnTop(tb testing.TB, g *engine.Game, t engine.TileID) {
	tb.Helper()
	rec := g.Record()
	rec.HasSeed = false
	for seed := uint64(0); seed < 10000; seed++ {
		rec.Seed, rec.HasSeed = seed, true
		again, err := rec.Replay()
		if err != nil {
			tb.Fatal(err)
		}
		if d, _ := again.Drawn(); d == t {
			*g = *again
			return
		}
	}
	tb.Fatalf("no seed draws tile %d", t)
}
