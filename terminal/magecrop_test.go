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

// magicCropScript is a game of Mage & Witch and The Crop Circles as
// command lines: each turn's answers drawn at random among the engine's
// (Answers), written as place with the mage or witch words, then crop add
// or crop remove and each player's crop answer by its number in the list
// or crop pass.
type magicCropScript struct {
	seed                  uint64
	lines                 []string
	game                  *engine.Game
	magic, offs, circles  int
	adds, returns, passes int
}

func newMagicCropScript(tb testing.TB, names []string, seed uint64) *magicCropScript {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionMageAndWitch).With(engine.ExpansionCropCircles), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: r, Players: names, Seed: seed, DrawnOnly: true})
	if err != nil {
		tb.Fatal(err)
	}
	sc := &magicCropScript{seed: seed, game: g}
	rng := rand.New(rand.NewPCG(seed, 17))
	var line string
	for !g.Ended() {
		d := g.Pending()
		as := g.Answers()
		a := as[rng.IntN(len(as))]
		switch d.Step {
		case engine.StepTile:
			if a.Discard {
				break // the terminal discards by itself
			}
			line = fmt.Sprintf("place %s %d", a.Cell, a.Rotation.Degrees())
		case engine.StepMagic:
			sc.magic++
			switch {
			case a.Target == (engine.Target{}):
				line += " " + a.Magic.String() + " off"
				sc.offs++
			case rng.IntN(2) == 0:
				line += fmt.Sprintf(" %s %s %s", a.Magic, a.Target.Cell, a.Target.Port)
			default:
				line += fmt.Sprintf(" %s@%s:%s", a.Magic, a.Target.Cell, a.Target.Port)
			}
		case engine.StepFigure:
			if rng.IntN(3) == 0 {
				a = as[0] // none
			}
			if a.Port != engine.NoPort {
				line += fmt.Sprintf(" %s@%s", a.Figure, a.Port)
			}
		case engine.StepCrop:
			sc.lines = append(sc.lines, line)
			line = ""
			sc.lines = append(sc.lines, "crop "+a.Crop.String())
			sc.circles++
		case engine.StepCropPick:
			i := slices.Index(as, a)
			switch {
			case a.Target == (engine.Target{}):
				sc.lines = append(sc.lines, "crop pass")
				sc.passes++
			case a.Return:
				sc.lines = append(sc.lines, fmt.Sprintf("crop %d", i+1))
				sc.returns++
			default:
				sc.lines = append(sc.lines, fmt.Sprintf("crop %d", i+1))
				sc.adds++
			}
		}
		done, err := g.Act(a)
		if err != nil {
			tb.Fatalf("%s: %v", a, err)
		}
		if done && line != "" {
			sc.lines = append(sc.lines, line)
			line = ""
		}
	}
	return sc
}

// TestWholeGameMagicCrop plays a whole game of Mage & Witch and The Crop
// Circles through Run, two people answering every step (the mage or witch
// words of place, crop add|remove, crop N|pass), with refused lines on the
// way; and checks what it says and that the record it saves replays to the
// same game.
func TestWholeGameMagicCrop(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Ben"}
	var sc *magicCropScript
	for seed := uint64(1); seed < 100; seed++ {
		sc = newMagicCropScript(t, names, seed)
		if sc.magic > 0 && sc.adds > 0 && sc.returns > 0 && sc.passes > 0 {
			break
		}
	}
	if sc.adds == 0 || sc.returns == 0 || sc.passes == 0 {
		t.Fatal("no seed gives a game with crop circle additions, returns and passes")
	}
	t.Logf("seed %d: %d lines, %d mage or witch steps, %d crop circles (%d added, %d returned, %d passed)", sc.seed, len(sc.lines), sc.magic, sc.circles, sc.adds, sc.returns, sc.passes)
	// Refused lines: a crop answer with no crop circle; the first crop
	// circle's choice asked again, a place before it is answered; the
	// first magic tile placed without the mage or witch.
	lines := append([]string{"crop add", "mage", "help"}, sc.lines...)
	if i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "crop ") && l != "crop add" }); i > 0 {
		lines = slices.Insert(lines, i, "crop", "place 1", "spots", "crop maybe")
	}
	if i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, " mage ") || strings.Contains(l, " witch ") }); i > 0 {
		f := strings.Fields(lines[i])
		lines = slices.Insert(lines, i, strings.Join(f[:3], " "), "spots "+f[1]+" "+f[2])
	}
	lines = append(lines, "score")
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.rec")
	cfg := Config{DB: filepath.Join(dir, "games.db"), Board: filepath.Join(dir, "board.png"), Players: names, Seed: sc.seed, Expansions: []string{"mage-and-witch", "crop-circles"}}
	out := run(t, cfg, strings.Join(append(lines, "record "+rec), "\n")+"\n")
	if testing.Verbose() {
		t.Log(out)
	}
	for _, want := range []string{
		"No crop circle waits for an answer",
		"the mage goes with the tile",
		"  place N ... mage x,y SPOT  With Mage & Witch",
		"place or move the mage or the witch onto an incomplete road or city; add mage x,y SPOT or witch x,y SPOT (spots lists them)",
		"  the mage or the witch must be placed or moved first",
		"A crop circle waits: ",
		"Write crop add or crop remove.",
		" (crop circle)> ",
		" for the crop circle.",
		"answers with crop N: ",
		"Record written to " + rec,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	terminaltest.CheckSummariesOf(t, sc.game, out)
	if got := strings.Count(out, " for the crop circle."); got != sc.circles {
		t.Errorf("%d crop circle choices said, want %d", got, sc.circles)
	}
	g := terminaltest.Replay(t, rec)
	if !slices.Equal(g.Scores(), sc.game.Scores()) || g.Record().String() != sc.game.Record().String() {
		t.Fatalf("the saved record scores %v, the script's game %v\n%s\n---\n%s", g.Scores(), sc.game.Scores(), g.Record(), sc.game.Record())
	}
}

// TestComputerMagicCrop lets three computers play a game of Mage & Witch
// and The Crop Circles through Run: each answers its own crop circle
// answers, those of the other players' circles included, the mage or
// witch is said, and the record replays.
func TestComputerMagicCrop(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.rec")
	for seed := uint64(1); seed < 20; seed++ {
		cfg := Config{DB: filepath.Join(dir, fmt.Sprint(seed, ".db")), Board: filepath.Join(dir, "board.png"), Players: []string{"Ann", "Ben", "Cy"}, Seed: seed,
			Expansions: []string{"mage-and-witch", "crop-circles"}, Computers: []ai.Level{ai.Easy, ai.Easy, ai.Easy}}
		out := run(t, cfg, "record "+rec+"\n")
		if !strings.Contains(out, "Crop circle: ") || !strings.Contains(out, " The mage ") && !strings.Contains(out, " The witch ") {
			continue
		}
		g := terminaltest.Replay(t, rec)
		if !g.Ended() {
			t.Fatal("the computers' game did not end")
		}
		terminaltest.CheckSummariesOf(t, g, out)
		return
	}
	t.Fatal("no computers' game had a crop circle and the mage or witch")
}
