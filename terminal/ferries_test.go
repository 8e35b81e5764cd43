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

// ferriesScript is a game of The Ferries as command lines, with the game
// they lead to and what happened in it.
type ferriesScript struct {
	seed                  uint64
	lines                 []string
	game                  *engine.Game
	lakes, asked, moved   int
	typedMoves, leftAlone int
}

// newFerriesScript plays a random game with seed: each lake's ferry on a
// random pair of its road ends, and each ferry a tile reaches moved about
// half the time, written in every form: with place (ferry E+W, ferry@E+W,
// ferry x,y:N+S) or answered after it (ferry N, ferry E+W, ferry x,y:N+S,
// ferry none). The first lake comes with spots and refused lines.
func newFerriesScript(tb testing.TB, names []string, seed uint64) *ferriesScript {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFerries), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: r, Players: names, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	sc := &ferriesScript{seed: seed, game: g}
	rng := rand.New(rand.NewPCG(seed, 3))
	refused := false
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
		if spots := g.FollowerSpots(p); len(spots) > 0 && g.Supply(g.Current()) > 0 && rng.IntN(3) > 0 {
			i := rng.IntN(len(spots))
			m.Follower = spots[i].Port
			line += " " + engine.SpotLabel(i)
		}
		typed := rng.IntN(2) == 0
		var after []string
		links := g.FerryLinks(t, p.Rotation)
		if len(links) > 0 {
			sc.lakes++
			i := rng.IntN(len(links))
			m.Ferry = links[i]
			switch {
			case !refused:
				refused = true
				sc.lines = append(sc.lines, "spots "+at, "place "+at+" ferry N+N")
				after = append(after, "place 1", "ferry none", "ferry 99", fmt.Sprintf("ferry %d", i+1))
				typed = false
			case typed && rng.IntN(2) == 0:
				line += " ferry " + m.Ferry.String()
			case typed:
				line += " ferry@" + m.Ferry.String()
			case rng.IntN(2) == 0:
				after = append(after, fmt.Sprintf("ferry %d", i+1))
			default:
				after = append(after, "ferry "+m.Ferry.String())
			}
		}
		for {
			moves := g.AppendFerryMoves(nil, m)
			if len(moves) == 0 {
				break
			}
			if rng.IntN(2) == 0 {
				if !typed || m.FerryMoves.Len() == 0 {
					// Asked after place: left alone.
					after = append(after, "ferry none")
					sc.leftAlone++
				}
				break
			}
			i := rng.IntN(len(moves))
			fm := moves[i]
			m.FerryMoves = m.FerryMoves.Add(fm)
			sc.moved++
			switch {
			case typed:
				line += " ferry " + fm.Cell.String() + ":" + fm.Link.String()
				sc.typedMoves++
			case rng.IntN(2) == 0:
				after = append(after, fmt.Sprintf("ferry %d", i+1))
				sc.asked++
			default:
				after = append(after, "ferry "+fm.Cell.String()+":"+fm.Link.String())
				sc.asked++
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("%s: %v", line, err)
		}
		sc.lines = append(sc.lines, line)
		sc.lines = append(sc.lines, after...)
	}
	return sc
}

// TestWholeGameFerries plays a whole game of The Ferries through Run: the
// lakes' ferries and the ferries moved in every form, left alone too,
// refused lines and spots on the way; and checks what it says and that the
// record it saves replays to the same game.
func TestWholeGameFerries(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Ben"}
	var sc *ferriesScript
	for seed := uint64(1); seed < 200; seed++ {
		sc = newFerriesScript(t, names, seed)
		if sc.asked > 0 && sc.typedMoves > 0 && sc.leftAlone > 0 {
			break
		}
	}
	if sc.asked == 0 || sc.typedMoves == 0 || sc.leftAlone == 0 {
		t.Fatal("no seed gives a game with ferries moved after place, with place, and left alone")
	}
	t.Logf("seed %d: %d lines, %d lakes, %d ferries moved (%d with place), %d left alone", sc.seed, len(sc.lines), sc.lakes, sc.moved, sc.typedMoves, sc.leftAlone)
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	cfg := Config{DB: db, Board: board, Players: names, Seed: sc.seed, Expansions: []string{"ferries"}}
	lines := append([]string{"ferry 1", "help"}, sc.lines...)
	lines = append(lines, "record "+rec)
	out := run(t, cfg, strings.Join(lines, "\n")+"\n")
	if testing.Verbose() {
		t.Log(out)
	}
	for _, want := range []string{
		"The Ferries",
		"No ferry waits: a lake tile's ferry and the ferries it moves go with place",
		"place N ... ferry E+W      With The Ferries",
		"  the lake's ferry joins two road ends (add to place, or choose after it): ferry ",
		"A ferry joins two road ends of its lake, like E+W (two of N, E, S, W), not \"N+N\".",
		"which two road ends does it join? ferry N:",
		"The tile is placed: first answer its ferries, ferry N (ferry none leaves them).",
		"A lake tile takes its ferry: choose ferry N from the list.",
		"There is no ferry 99: they are numbered 1 to ",
		"may move the first ferry on each road ",
		" joins the roads ",
		"Record written to " + rec,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	terminaltest.CheckSummariesOf(t, sc.game, out)
	if got := strings.Count(out, " joins the roads "); got != sc.lakes {
		t.Errorf("%d ferries set said, want %d", got, sc.lakes)
	}
	if got := strings.Count(out, " moves to join "); got != sc.moved {
		t.Errorf("%d ferry moves said, want %d", got, sc.moved)
	}
	g := terminaltest.Replay(t, rec)
	if !slices.Equal(g.Scores(), sc.game.Scores()) || g.Record().String() != sc.game.Record().String() {
		t.Fatalf("the saved record scores %v, the script's game %v\n%s\n---\n%s", g.Scores(), sc.game.Scores(), g.Record(), sc.game.Record())
	}
}

// TestComputerFerries lets two computers play a game of The Ferries
// through Run: their ferries are said as a person's, and the record
// replays.
func TestComputerFerries(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	board, rec := filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	cfg := Config{DB: filepath.Join(dir, "games.db"), Board: board, Players: []string{"Ann", "Ben"}, Seed: 3,
		Expansions: []string{"ferries"}, Computers: []ai.Level{ai.Easy, ai.Easy}}
	out := run(t, cfg, "record "+rec+"\n")
	if got := strings.Count(out, " joins the roads "); got != 8 {
		t.Errorf("%d ferries set said, want the 8 lakes'", got)
	}
	g := terminaltest.Replay(t, rec)
	if !g.Ended() || len(g.Ferries()) != 8 {
		t.Fatalf("the computers' game ended %v with ferries %v", g.Ended(), g.Ferries())
	}
}
