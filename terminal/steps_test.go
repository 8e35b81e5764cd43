package terminal

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/racetest"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
	"github.com/meeple-works/carcassonne/turnview"
)

// stepsScript is a game played at random by the test on its own engine,
// as command lines for the terminal: each turn's place with the record's
// tokens of some of the player's choices (all of them, or the tile and its
// figure), the choices it leaves answered from the numbered list (but for
// the figure and the escape it names after one it leaves, which the
// terminal gives when the turn comes to them), and the
// other players' decisions (the dragon's steps, crop circles) the same way,
// in every form an answer takes (choose N, the number alone, the step's
// name and number, the notation).
type stepsScript struct {
	game  *engine.Game
	lines []string
	asked map[engine.Step]int    // the answers given from the list, by step
	first map[engine.Step]int    // the line of the first such answer, by step
	value map[engine.Step]string // the value (the record's token) of that answer
	forms map[string]int         // the answer lines by form
	// passed counts the decisions that offered the pass alone, which the
	// terminal gives without asking (turnview.OnlyPass).
	passed int
	// questions are the questions of the decisions asked, as the bot's
	// step message asks them (turnview.Voice.Question): a title line, if
	// any, and the question.
	questions []string
}

// newStepsScript plays turns turns of a game of expansions set with
// seed and players names.
func newStepsScript(tb testing.TB, set engine.ExpansionSet, names []string, seed uint64, turns int) *stepsScript {
	tb.Helper()
	r, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Rules: r, Players: names, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	sc := &stepsScript{game: g, asked: map[engine.Step]int{}, first: map[engine.Step]int{}, value: map[engine.Step]string{}, forms: map[string]int{}}
	rng := rand.New(rand.NewPCG(seed, 29))
	ts := g.TileSet()
	pick := func(c *engine.Game) engine.Answer {
		if c.Pending().Step == engine.StepRoll {
			return engine.Answer{Step: engine.StepRoll, Roll: c.DieRoll()}
		}
		opts := turnview.Options(c, nil)
		if fly := slices.IndexFunc(opts, func(o turnview.Option) bool { return o.Answer.Fly }); fly >= 0 && rng.IntN(2) == 0 {
			return opts[fly].Answer // a flight now and then, for the landings
		}
		return opts[rng.IntN(len(opts))].Answer
	}
	act := func(a engine.Answer) {
		if _, err := g.Act(a); err != nil {
			tb.Fatalf("turn %d: %s: %v", g.Turn(), a, err)
		}
	}
	for played := 0; !g.Ended(); {
		d := g.Pending()
		if d.Step != engine.StepTile {
			sc.choose(g, pick(g), rng)
			continue
		}
		t, _ := g.Drawn()
		switch {
		case g.SetsAside():
			act(engine.Answer{Step: engine.StepTile, Aside: true})
			continue
		case !g.CanPlace(t):
			act(engine.Answer{Step: engine.StepTile, Discard: true})
			continue
		case played == turns:
			return sc
		}
		played++
		// The player's answers, at random, up to another's decision or
		// the end of the turn.
		var as []engine.Answer
		c := g.Clone()
		for c.Pending().Player == d.Player && c.Pending().Step != engine.StepNone {
			a := pick(c)
			as = append(as, a)
			if done, err := c.Act(a); err != nil {
				tb.Fatalf("turn %d: %s: %v", g.Turn(), a, err)
			} else if done {
				break
			}
		}
		// place names all of them, or the first few; the
		// terminal takes what the line leaves out as turnview.AnswersOfMove does, so
		// the line names more where that differs from the answers chosen.
		k := len(as)
		switch rng.IntN(3) {
		case 0:
			k = 1
		case 1:
			k = 1 + rng.IntN(k)
		}
		var derived []engine.Answer
		for {
			m := engine.MoveOfAnswers(t, as[:k])
			derived, _, err = turnview.AnswersOfMove(g, m)
			if err != nil {
				tb.Fatalf("turn %d: %v: %v", g.Turn(), as[:k], err)
			}
			i := 0
			for i < len(derived) && i < len(as) && derived[i] == as[i] {
				i++
			}
			if i == len(derived) {
				break
			}
			k = i + 1
		}
		m := engine.MoveOfAnswers(t, as[:k])
		line := strings.TrimPrefix(engine.MoveString(ts, m), ts.Name(t)+" ")
		if m.Fly && k < len(as) && as[k-1].Step != engine.StepLand {
			line = strings.Replace(line, " roll=0 land@off", "", 1)
		}
		sc.lines = append(sc.lines, "place "+line)
		for _, a := range derived {
			act(a)
		}
		for i := len(derived); i < len(as); i++ {
			if a := as[i]; i < k && (a.Step == engine.StepFigure || a.Step == engine.StepEscape) && a != (engine.Answer{Step: a.Step}) {
				// The figure or escape the line names, after a
				// decision it leaves out: the terminal gives it.
				act(a)
				continue
			}
			sc.choose(g, as[i], rng)
		}
	}
	return sc
}

// choose writes the line that answers a, the answer the game g waits for,
// from the numbered list (turnview.Options), and plays it on g.
func (sc *stepsScript) choose(g *engine.Game, a engine.Answer, rng *rand.Rand) {
	if pass, ok := turnview.OnlyPass(g); ok {
		// Nothing to choose: the terminal passes without asking.
		if _, err := g.Act(pass); err != nil {
			panic(fmt.Sprintf("%s: %v", pass, err))
		}
		sc.passed++
		return
	}
	opts := turnview.Options(g, nil)
	n := slices.IndexFunc(opts, func(o turnview.Option) bool { return o.Answer == a })
	if n < 0 {
		panic(fmt.Sprintf("answer %s is not among the options", a))
	}
	st := g.Pending().Step
	forms := []string{"choose " + strconv.Itoa(n+1), strconv.Itoa(n + 1), st.String() + " " + strconv.Itoa(n+1), "choose " + opts[n].Value, opts[n].Value}
	form := rng.IntN(len(forms))
	title, ask := turnview.In(i18n.English).Question(g, nil)
	sc.questions = append(sc.questions, strings.TrimPrefix(title+"\n"+ask, "\n"))
	if sc.asked[st] == 0 {
		sc.first[st] = len(sc.lines)
		sc.value[st] = opts[n].Value
	}
	sc.lines = append(sc.lines, forms[form])
	sc.forms[[]string{"choose N", "N", "step N", "choose notation", "notation"}[form]]++
	sc.asked[st]++
	if _, err := g.Act(a); err != nil {
		panic(fmt.Sprintf("%s: %v", a, err))
	}
}

// TestStepsEveryExpansion plays, through Run, random games of every
// expansion alone and all together, each turn written as place with the
// record's tokens and the choices it leaves answered from the numbered
// list: what the terminal stores is the test's game, move for move, and it
// says every move's summary. No expansion has words of its own: the
// choices are the engine's. A decision that offers the pass alone is not
// asked: the script writes no line for it.
func TestStepsEveryExpansion(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Ben", "Cy"}
	var sets []engine.ExpansionSet
	var all engine.ExpansionSet
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase {
			sets = append(sets, engine.ExpansionSet(0).With(e))
		}
		all = all.With(e)
	}
	sets = append(sets, all)
	turns := racetest.Scale(150, 10)
	asked := map[engine.Step]int{}
	forms := map[string]int{}
	passed := 0
	for k, set := range sets {
		seed := uint64(k + 1)
		sc := newStepsScript(t, set, names, seed, turns)
		for set.Has(engine.ExpansionFlyingMachines) && sc.asked[engine.StepLand] == 0 && seed < uint64(k+30) {
			// A flight with several landings, asked after place.
			seed++
			sc = newStepsScript(t, set, names, seed, turns)
		}
		for st, n := range sc.asked {
			asked[st] += n
		}
		for f, n := range sc.forms {
			forms[f] += n
		}
		passed += sc.passed
		dir := t.TempDir()
		rec := filepath.Join(dir, "game.rec")
		var exps []string
		for _, e := range set.List() {
			exps = append(exps, e.String())
		}
		cfg := Config{DB: filepath.Join(dir, "games.db"), Board: filepath.Join(dir, "board.png"), Players: names, Seed: seed, Expansions: exps}
		out := run(t, cfg, strings.Join(append(sc.lines, "record "+rec), "\n")+"\n")
		for _, bad := range []string{"There is no", "is not offered", "The turn waits:", "Write choose", "is written as the record"} {
			if i := strings.Index(out, bad); i >= 0 {
				t.Fatalf("%v: the terminal said %q", set.List(), out[max(0, i-300):min(len(out), i+200)])
			}
		}
		// Each decision is asked in the words of the bot's step message.
		for _, q := range sc.questions {
			if !strings.Contains(out, "\n"+q+"\n") {
				t.Fatalf("%v: the terminal does not ask %q", set.List(), q)
			}
		}
		got := terminaltest.Replay(t, rec)
		if g, w := movesText(got), movesText(sc.game); g != w {
			t.Fatalf("%v: the terminal stored\n%s\nthe test played\n%s", set.List(), g, w)
		}
		terminaltest.CheckSummariesOf(t, sc.game, out)
	}
	t.Logf("answers from the list by step: %v; by form: %v; passes without asking: %d", asked, forms, passed)
	if passed == 0 {
		t.Error("no decision offered the pass alone: the terminal's pass without asking is not checked")
	}
	if racetest.Enabled {
		return // a tenth of the turns: which steps they reach is the sweep's to check
	}
	for _, st := range []engine.Step{engine.StepDragon, engine.StepCropPick, engine.StepLand, engine.StepGold, engine.StepFerry, engine.StepMagic, engine.StepCrop, engine.StepCapture} {
		if asked[st] == 0 {
			t.Errorf("no %s step was answered from the list: the test reaches less than it should", st)
		}
	}
	if len(forms) < 5 {
		t.Errorf("answers were written in %d forms, want 5: %v", len(forms), forms)
	}
}

// movesText writes the moves of g, one a line, in record notation.
func movesText(g *engine.Game) string {
	var b strings.Builder
	for _, m := range g.Moves() {
		b.WriteString(engine.MoveString(g.TileSet(), m) + "\n")
	}
	return b.String()
}

// TestStepsRefused: what the terminal says to lines that cannot be played
// in the middle of a turn, or that name a choice as place took it before
// the record's tokens; each leaves the game as it was, so that the
// script's game is played all the same.
func TestStepsRefused(t *testing.T) {
	t.Parallel()
	names := []string{"Ann", "Ben"}
	set := engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon)
	// A game whose dragon's steps are answered from the list.
	var sc *stepsScript
	for seed := uint64(1); sc == nil; seed++ {
		if s := newStepsScript(t, set, names, seed, 40); s.asked[engine.StepDragon] > 0 {
			sc = s
		}
	}
	j := sc.first[engine.StepDragon]
	lines := slices.Concat(sc.lines[:1],
		[]string{"place 1 tower 1,0", "place 1 fly", "gold 1,1", "choose 1"},
		sc.lines[1:j],
		[]string{"place 1", "ransom Ben", "choose 99", "choose dragon@99,99", "dragon Q", "spots",
			"dragon " + strings.TrimPrefix(sc.value[engine.StepDragon], "dragon@")},
		sc.lines[j:])
	dir := t.TempDir()
	cfg := Config{DB: filepath.Join(dir, "games.db"), Board: filepath.Join(dir, "board.png"), Players: names, Seed: sc.game.Seed(), Expansions: []string{"princess-and-dragon"}}
	out := run(t, cfg, strings.Join(lines, "\n")+"\n")
	for _, want := range []string{
		"Tower is written as the record writes it, tower@x,y, after the cell and rotation (spots lists the choices).",
		"Fly is written as the record writes it, follower@fly, after the cell and rotation",
		"gold goes with the tile, as the record writes it: place N [ROTATION] gold@x,y (spots lists the choices).",
		"No choice waits in the middle of a turn: place the tile",
		" chooses where the dragon goes. Answer with choose N (choices lists them).",
		"There is no choice 99: they are numbered 1 to ",
		" is not offered",
		"A choice is written as the game record writes it: " + sc.value[engine.StepDragon] + " (choices lists them).",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if n := strings.Count(out, "The turn waits: "); n != 2 {
		t.Errorf("place and ransom in the middle of a turn: %d times \"The turn waits\", want 2", n)
	}
	terminaltest.CheckSummariesOf(t, sc.game, out)
}

// TestStepsComputers lets computers play games of The Princess & the
// Dragon with The Crop Circles, and of every expansion, through Run, their steps and the others' decisions
// answered by package ai: each game ends, its record replays and every
// move's summary is said.
func TestStepsComputers(t *testing.T) {
	t.Parallel()
	var all engine.ExpansionSet
	for _, e := range engine.PlayableExpansions() {
		all = all.With(e)
	}
	sets := []engine.ExpansionSet{engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon).With(engine.ExpansionCropCircles)}
	if !racetest.Enabled {
		sets = append(sets, all) // half a minute under -race
	}
	for k, set := range sets {
		var exps []string
		for _, e := range set.List() {
			exps = append(exps, e.String())
		}
		dir := t.TempDir()
		rec := filepath.Join(dir, "game.rec")
		cfg := Config{DB: filepath.Join(dir, "games.db"), Board: filepath.Join(dir, "board.png"), Players: []string{"Ann", "Ben", "Cy"},
			Seed: uint64(k + 7), Expansions: exps, Computers: []ai.Level{ai.Easy, ai.Easy, ai.Easy}}
		out := run(t, cfg, "record "+rec+"\n")
		g := terminaltest.Replay(t, rec)
		if !g.Ended() {
			t.Fatalf("%v: the computers' game did not end", exps)
		}
		terminaltest.CheckSummariesOf(t, g, out)
	}
}
