package terminal

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// fuzzPositions are positions of random games with every expansion, at
// the start of turns and in the middle of them (every step), for
// FuzzCommand.
func fuzzPositions(tb testing.TB) []fuzzPosition {
	tb.Helper()
	var set engine.ExpansionSet
	for _, e := range engine.PlayableExpansions() {
		set = set.With(e)
	}
	r, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	var out []fuzzPosition
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := engine.New(engine.Config{Rules: r, Players: []string{"Ann", "Ben", "Cy"}, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 31))
		answered := 0
		for n := 0; !g.Ended() && n < 400; n++ {
			if rng.IntN(8) == 0 || g.Pending().Step != engine.StepTile {
				out = append(out, fuzzPosition{g.Clone(), answered})
			}
			var a engine.Answer
			switch d := g.Pending(); {
			case d.Step == engine.StepRoll:
				a = engine.Answer{Step: engine.StepRoll, Roll: g.DieRoll()}
			default:
				opts := turnview.Options(g, nil)
				if len(opts) == 0 {
					tb.Fatalf("seed %d: no option at %s", seed, d.Step)
				}
				a = opts[rng.IntN(len(opts))].Answer
			}
			done, err := g.Act(a)
			if err != nil {
				tb.Fatalf("seed %d: %s: %v", seed, a, err)
			}
			if answered++; done {
				answered = 0
			}
		}
	}
	return out
}

// fuzzPosition is a game and the answers given in its turn under way.
type fuzzPosition struct {
	game     *engine.Game
	answered int
}

// fuzzState is what FuzzCommand checks a refused line left as it was.
func fuzzState(g *engine.Game) string {
	return fmt.Sprint(g.Pending(), g.Answers(), g.Scores(), g.Record().String())
}

// FuzzCommand types any line at positions of games with every expansion:
// the terminal never panics, and a line that does not play leaves the
// game as it was. The store is closed, so a line that plays fails there
// (a database error) and changes nothing either; what is checked is
// everything before it: the reading of the line and the refusals.
func FuzzCommand(f *testing.F) {
	for _, seed := range []string{
		"place 1", "place 2 90 3", "place 1 0 1B", "p 3 builder 1", "place V 0,1 90",
		"place 1 follower@0,1:N fairy@0,1", "place 1 tower@1,1 capture@1,1:E",
		"spots 1", "spots 2 270", "s 0,1", "choose 1", "choose 99", "choose",
		"choices", "ransom", "ransom 1/follower", "ransom 0/large 2", "score", "help",
		"dragon north", "fairy", "pass", "place 1 msg=3 use", "place 1 -", "tower",
		"place 1 roll=3 land@off", "place 1 follower@fly", "place ∞ -0 +1", "place 1 0 14",
	} {
		f.Add(seed, uint16(0))
		f.Add(seed, uint16(7))
		f.Add(seed, uint16(len(seed)*37))
	}
	positions := fuzzPositions(f)
	steps := map[engine.Step]bool{}
	for _, p := range positions {
		steps[p.game.Pending().Step] = true
	}
	if len(steps) < 8 {
		f.Fatalf("the positions wait for %d kinds of steps, too few to fuzz the commands of the steps", len(steps))
	}
	dir := f.TempDir()
	st, err := storage.Open(context.Background(), filepath.Join(dir, "games.db"))
	if err != nil {
		f.Fatal(err)
	}
	st.Close()
	f.Fuzz(func(t *testing.T, line string, at uint16) {
		if fs := strings.Fields(line); len(fs) > 0 && strings.EqualFold(fs[0], "record") {
			return // record writes the file the line names
		}
		pos := positions[int(at)%len(positions)]
		g := pos.game
		want := fuzzState(g)
		var out bytes.Buffer
		s := testSession(st, dir, g, pos.answered, &out)
		defer s.board.close()
		s.command(line)
		if got := fuzzState(s.state); got != want {
			t.Errorf("%q changed the game:\n%s", line, out.String())
		}
	})
}

// testSession is an English sitting at a copy of game g, with answered
// answers of its turn under way, stored as game 1 of st (the tests close
// st or give it a game of their own), its picture written in dir and its
// words to out. The caller closes its board writer.
func testSession(st *storage.Store, dir string, g *engine.Game, answered int, out io.Writer) *session {
	temps := &tempFiles{}
	return &session{
		ctx: context.Background(), store: st, out: out, state: g.Clone(),
		game:  storage.Game{ID: 1, Moves: len(g.Moves()), Answered: answered, Status: storage.StatusRunning},
		board: newBoardWriter(filepath.Join(dir, "board.png"), temps, i18n.English), temps: temps,
		voice: turnview.In(i18n.English), lang: i18n.English, levels: make([]ai.Level, g.NumPlayers()),
	}
}
