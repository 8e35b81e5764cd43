package terminal

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
)

// minisScript is a game of The Flying Machines and The Gold Mines (with
// Inns & Cathedrals, for the large follower) as command lines, with
// refused lines and spots on the way; with the game they lead to and what
// happened in it.
type minisScript struct {
	names                              []string
	seed                               uint64
	lines                              []string
	game                               *engine.Game
	flights, offs, choices, golds, ask int
	refusals                           bool
}

// newMinisScript plays a random game with seed: a figure onto every
// flying machine it can (the large follower now and then), the second
// gold ingot on a random neighbour, written in every form place takes; a
// landing chosen with land when the die leaves several. The first gold
// mine with several neighbours and the first flight with several
// landings come with refused lines and spots before them.
func newMinisScript(tb testing.TB, names []string, seed uint64) *minisScript {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFlyingMachines).With(engine.ExpansionGoldMines).With(engine.ExpansionInnsAndCathedrals), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: r, Players: names, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	sc := &minisScript{names: names, seed: seed, game: g}
	rng := rand.New(rand.NewPCG(seed, 15))
	goldAsked, flightAsked := false, false
	for !g.Ended() {
		t, _ := g.Drawn()
		ps := g.Placements()
		if len(ps) == 0 {
			if err := g.Apply(engine.Move{Tile: t, Discard: true}); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		p := ps[rng.IntN(len(ps))]
		m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
		at := fmt.Sprintf("%s %d", p.Cell, p.Rotation.Degrees())
		line := "place " + at
		var after []string
		if cells := g.GoldCells(p); len(cells) > 0 {
			m.Gold, m.GoldCell = true, cells[rng.IntN(len(cells))]
			if len(cells) > 1 {
				if !goldAsked {
					goldAsked = true
					sc.lines = append(sc.lines, "place "+at, "place "+at+" gold 99,99", "spots "+at)
					sc.ask++
				}
				if rng.IntN(2) == 0 {
					line += " gold " + m.GoldCell.String()
				} else {
					line += " gold@" + m.GoldCell.String()
				}
			}
			sc.golds++
		}
		if fl := g.Flyers(); len(fl) > 0 {
			m.Fly, m.Figure, m.Roll = true, fl[rng.IntN(len(fl))], int8(g.DieRoll())
			switch {
			case m.Figure == engine.FigureLarge && rng.IntN(2) == 0:
				line += " large fly"
			case m.Figure == engine.FigureLarge:
				line += " large@fly"
			case rng.IntN(2) == 0:
				line += " fly"
			default:
				line += " follower@fly"
			}
			lands := g.Landings(m)
			switch len(lands) {
			case 0:
				sc.offs++
			case 1:
				m.Land = lands[0]
			default:
				i := rng.IntN(len(lands))
				m.Land = lands[i]
				if !flightAsked {
					flightAsked = true
					sc.lines = append(sc.lines, line+" 1", "spots "+at)
					after = append(after, "place 1", "land 99", "land 0,0:Q")
				}
				if rng.IntN(3) == 0 {
					after = append(after, "land "+m.Land.Cell.String()+":"+m.Land.Port.String())
				} else {
					after = append(after, fmt.Sprintf("land %d", i+1))
				}
				sc.choices++
			}
			sc.flights++
		} else if spots := g.FollowerSpots(p); len(spots) > 0 && g.Supply(g.Current()) > 0 && rng.IntN(3) > 0 {
			i := rng.IntN(len(spots))
			m.Follower = spots[i].Port
			line += " " + engine.SpotLabel(i)
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("%s: %v", line, err)
		}
		sc.lines = append(sc.lines, line)
		sc.lines = append(sc.lines, after...)
	}
	return sc
}

// TestWholeGameMinis plays a whole game of The Flying Machines and The
// Gold Mines through Run: flights in every form place takes, with and
// without a landing, landings chosen with land, gold ingots placed and
// shared, refused lines and spots on the way; and checks what it says and
// that the record it saves replays to the same game.
func TestWholeGameMinis(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Ben"}
	var sc *minisScript
	gold := 0
	for seed := uint64(1); seed < 200; seed++ {
		sc = newMinisScript(t, names, seed)
		gold = sc.game.Gold(0) + sc.game.Gold(1)
		if sc.offs > 0 && sc.choices > 0 && sc.ask > 0 && gold > 0 && sc.flights > sc.offs {
			break
		}
	}
	if sc.offs == 0 || sc.choices == 0 || sc.ask == 0 || gold == 0 {
		t.Fatalf("no seed gives a game with a flight back to supply, a landing to choose and gold taken")
	}
	t.Logf("seed %d: %d lines, %d flights (%d back to supply, %d chosen), %d gold mines, %d ingots taken", sc.seed, len(sc.lines), sc.flights, sc.offs, sc.choices, sc.golds, gold)
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	cfg := Config{DB: db, Board: board, Players: names, Seed: sc.seed, Expansions: []string{"inns-and-cathedrals", "flying-machines", "gold-mines"}}
	lines := append([]string{"land 1", "gold 0,0", "fly", "help"}, sc.lines...)
	half := len(lines) / 2
	lines = slices.Insert(lines, half, "score")
	lines = append(lines, "record "+rec)
	out := run(t, cfg, strings.Join(lines, "\n")+"\n")
	if testing.Verbose() {
		t.Log(out)
	}

	for _, want := range []string{
		"The Flying Machines",
		"The Gold Mines",
		"No figure is flying: put one onto a flying machine with place N [ROTATION] fly.",
		"gold goes with the tile: place N [ROTATION] [SPOT] gold x,y, or place N [ROTATION] fly (see spots).",
		"place N [ROTATION] fly     With The Flying Machines",
		"has a gold mine: one ingot goes on it, and the second on a tile next to it; add gold ",
		"(99,99) is not next to the tile placed",
		"  the second gold ingot (add to place): gold ",
		"A figure goes onto the flying machine instead of onto a spot of the tile: leave the spot out.",
		"  instead, onto the flying machine (add fly",
		" as many tiles as the die shows (1: ",
		"Where does it land? land N:",
		"The die is rolled: first say where the figure lands, land N",
		"There is no landing 99",
		"\"0,0:Q\" is neither a landing's number nor x,y:PORT.",
		" flies: the die shows ",
		", and it lands on the ",
		", and it finds nowhere to land",
		" Gold ingots on (",
		" gold ingot",
		"Final scoring  roads  cities  cloisters  farms  gold  total\n",
		"Record written to " + rec,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	terminaltest.CheckSummariesOf(t, sc.game, out)
	if got := strings.Count(out, " flies: the die shows "); got != sc.flights {
		t.Errorf("%d dice said, want %d", got, sc.flights)
	}
	if got := strings.Count(out, ", and it finds nowhere to land"); got != sc.offs {
		t.Errorf("%d flights back to supply said, want %d", got, sc.offs)
	}
	if got := strings.Count(out, " Gold ingots on ("); got != sc.golds {
		t.Errorf("%d gold mines said, want %d", got, sc.golds)
	}
	g := terminaltest.Replay(t, rec)
	if !slices.Equal(g.Scores(), sc.game.Scores()) || g.Record().String() != sc.game.Record().String() {
		t.Fatalf("the saved record scores %v, the script's game %v\n%s\n---\n%s", g.Scores(), sc.game.Scores(), g.Record(), sc.game.Record())
	}
	if n := sc.game.Gold(0); n > 0 && !strings.Contains(out, fmt.Sprintf("gold ingot")) {
		t.Errorf("the final scoring does not say Ann's %d ingots", n)
	}
}

// TestComputerMinis lets two computers play a game of the minis through
// Run: their flights and gold are said as a person's, and the record
// replays.
func TestComputerMinis(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	board, rec := filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	for seed := uint64(1); seed < 20; seed++ {
		cfg := Config{DB: filepath.Join(dir, fmt.Sprint(seed, ".db")), Board: board, Players: []string{"Ann", "Ben"}, Seed: seed,
			Expansions: []string{"flying-machines", "gold-mines"}, Computers: []ai.Level{ai.Easy, ai.Easy}}
		out := run(t, cfg, "record "+rec+"\n")
		if !strings.Contains(out, " flies: the die shows ") || !strings.Contains(out, " Gold ingots on (") {
			continue
		}
		g := terminaltest.Replay(t, rec)
		if !g.Ended() {
			t.Fatal("the computers' game did not end")
		}
		terminaltest.CheckSummariesOf(t, g, out)
		return
	}
	t.Fatal("no computers' game flew and placed gold")
}
