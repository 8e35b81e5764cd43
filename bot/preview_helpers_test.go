package bot

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/turnview"
)

// menuHas reports whether a menu offers value v.
func menuHas(opts []discordgo.SelectMenuOption, v string) bool {
	return slices.ContainsFunc(opts, func(o discordgo.SelectMenuOption) bool { return o.Value == v })
}

// walkOf plays choice ch's preview on st, in English.
func walkOf(t testing.TB, st *engine.Game, ch choice) walked {
	t.Helper()
	w, err := ch.walk(st, turnview.In(i18n.English), nil)
	if err != nil {
		t.Fatalf("the preview of %+v: %v", ch, err)
	}
	return w
}

// answersOf returns the answers choice ch gives on st, its defaults
// included.
func answersOf(t testing.TB, st *engine.Game, ch choice) []engine.Answer {
	t.Helper()
	return walkOf(t, st, ch).answers
}

// en is the English voice of the tests.
var en = turnview.In(i18n.English)

// choiceOfMove is the preview's choice that plays move mv in st, its
// answers picked in the menus as a player picks them: every step mv
// answers (turnview.AnswersOfMove) that has a menu, the others left at
// their defaults.
func choiceOfMove(tb testing.TB, st *engine.Game, mv engine.Move) choice {
	tb.Helper()
	as, _, err := turnview.AnswersOfMove(st, mv)
	if err != nil || len(as) == 0 {
		tb.Fatalf("the answers of %+v: %v", mv, err)
	}
	ch := choice{game: 1, moves: len(st.Moves()), cell: mv.Cell, rot: mv.Rotation, ransomed: mv.Ransomed, ransom: mv.Ransom}
	for _, a := range as[1:] {
		w := walkOf(tb, st, ch)
		k := len(ch.picks)
		if k >= len(w.stages) {
			break
		}
		if w.stages[k].step != a.Step {
			continue // the die of a flight: no menu
		}
		j := slices.IndexFunc(w.stages[k].opts, func(o turnview.Option) bool { return sameAnswer(st, mv, o.Answer, a) })
		if j < 0 {
			tb.Fatalf("the preview does not offer %s: %+v", a, w.stages[k].opts)
		}
		ch.picks = append(ch.picks, j)
	}
	return ch
}

// TestCaptureMarksFollowTheEngine: in a Take prisoner… menu long enough to
// be ordered nearest first, each prisoner keeps the mark of its place in
// the engine's order, which the picture draws.
func TestCaptureMarksFollowTheEngine(t *testing.T) {
	s := stage{step: engine.StepCapture, opts: []turnview.Option{{Kind: turnview.KindPass, Value: "-", Label: "No prisoner"}}}
	for k := range 30 {
		s.opts = append(s.opts, turnview.Option{Kind: turnview.KindFeature, Value: fmt.Sprint("capture ", k), Label: fmt.Sprint("figure ", k),
			Cell: engine.Cell{X: 30 - k}, HasCell: true})
	}
	for _, o := range menuOptions(i18n.English, s, engine.Cell{}) {
		var k int
		if _, err := fmt.Sscanf(o.Value, "capture %d", &k); err != nil {
			continue
		}
		if want := render.CaptureLabel(k) + " · figure " + fmt.Sprint(k); o.Label != want {
			t.Errorf("%q: label %q, want %q", o.Value, o.Label, want)
		}
	}
}

// valueMove reads a component's value, the record's token of an answer
// (engine.Answer.String), as the part of a move it writes (engine.ParseMove
// of a turn of tile 1 of ts at 0,0 with that token), for the tests that
// look into the answer a menu offers.
func valueMove(t testing.TB, ts *engine.TileSet, value string) engine.Move {
	t.Helper()
	m, err := engine.ParseMove(ts, ts.Name(1)+" 0,0 0 "+value)
	if err != nil {
		t.Fatalf("the value %q does not read as a record's token: %v", value, err)
	}
	return m
}
