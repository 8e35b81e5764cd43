package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPending checks who decides what: the current player places the tile
// while the game runs, the same player again on an extra turn, nobody once
// it is over; and the steps of a turn with and without the Cathars.
func TestPending(t *testing.T) {
	_, g := replayFile(t, "testdata/rules/river2-volcano-lake-extra-turn.rec", 11)
	if got, want := g.Pending(), (Decision{Player: 0, Step: StepTile}); got != want {
		t.Errorf("after the volcano-lake: Pending %+v, want %+v (Ann again)", got, want)
	}
	_, g = replayFile(t, "testdata/rules/river2-volcano-lake-extra-turn.rec", 12)
	if got, want := g.Pending(), (Decision{Player: 1, Step: StepTile}); got != want {
		t.Errorf("after the extra turn: Pending %+v, want %+v (Ben)", got, want)
	}
	if err := g.Finish(); err != nil {
		t.Fatal(err)
	}
	if got := g.Pending(); got.Step != StepNone {
		t.Errorf("after the end: Pending %+v, want StepNone", got)
	}
	if got, want := mustRules(t).TurnSteps(), []Step{StepTile, StepFigure}; !slices.Equal(got, want) {
		t.Errorf("base game steps %v, want %v", got, want)
	}
	if got, want := mustRules(t, ExpansionCathars).TurnSteps(), []Step{StepTile, StepFigure, StepEscape}; !slices.Equal(got, want) {
		t.Errorf("Cathars steps %v, want %v", got, want)
	}
	for s, want := range map[Step]string{StepNone: "none", StepTile: "tile", StepFigure: "figure", StepEscape: "escape", numSteps: "step?"} {
		if s.String() != want {
			t.Errorf("Step(%d) is %q, want %q", s, s.String(), want)
		}
	}
}

// TestActPlaysAsApply plays random games one answer at a time through Act,
// with each expansion alone and all together, choosing among Answers, and
// checks that: every answer listed is accepted (on a copy, every few
// turns); answers to the wrong step or against the rules are refused and
// leave the game as it was; each turn Act completes is the Move that Apply
// plays to the same game on a twin, so both games end with the same record
// and scores.
func TestActPlaysAsApply(t *testing.T) {
	escapes := 0
	for i, set := range append([]ExpansionSet{0}, expansionSets()...) {
		for seed := uint64(1); seed <= 3; seed++ {
			// The other values of The Princess & the Dragon's options in
			// one game in three.
			var opts Options
			if set.Has(ExpansionPrincessAndDragon) && seed == 2 {
				opts = Options{Dragon: DragonAfterScoring, Princess: PrincessMust}
			}
			r, err := NewRules(set, opts)
			if err != nil {
				t.Fatal(err)
			}
			cfg := Config{Players: []string{"Ann", "Ben", "Cal"}, Seed: seed*7 + uint64(i), Rules: r}
			g, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			twin, _ := New(cfg)
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			for steps := 0; !g.Ended(); steps++ {
				d := g.Pending()
				if d.Player != g.Current() && d.Step != StepDragon && d.Step != StepCropPick && !boardStep(d.Step) || d.Step == StepNone {
					t.Fatalf("%s: Pending %+v with player %d to play", set, d, g.Current())
				}
				as := g.Answers()
				if len(as) == 0 {
					t.Fatalf("%s turn %d: no answer to the %s step", set, g.Turn(), d.Step)
				}
				if steps%7 == 0 {
					for _, a := range as {
						if _, err := g.Clone().Act(a); err != nil {
							t.Fatalf("%s turn %d: listed answer %s refused: %v", set, g.Turn(), a, err)
						}
					}
				}
				refuseBadAnswers(t, g, d.Step)
				a := as[rng.IntN(len(as))]
				if d.Step == StepEscape && len(as) > 1 {
					a = as[1+rng.IntN(len(as)-1)]
					escapes++
				}
				done, err := g.Act(a)
				if err != nil {
					t.Fatalf("%s turn %d: %s: %v", set, g.Turn(), a, err)
				}
				if !done {
					if g.Pending().Step == d.Step && d.Step != StepDragon && d.Step != StepFerryMove && d.Step != StepCropPick && !boardStep(d.Step) {
						t.Fatalf("%s: the %s step answered but still pending", set, d.Step)
					}
					continue
				}
				moves := g.Moves()
				m := moves[len(moves)-1]
				if err := twin.Apply(m); err != nil {
					t.Fatalf("%s turn %d: Apply of the move Act made (%s): %v", set, g.Turn(), MoveString(g.TileSet(), m), err)
				}
			}
			if got, want := g.Record().String(), twin.Record().String(); got != want {
				t.Fatalf("%s seed %d: Act's game\n%s\nApply's game\n%s", set, seed, got, want)
			}
			if !slices.Equal(g.Scores(), twin.Scores()) {
				t.Fatalf("%s: scores %v through Act, %v through Apply", set, g.Scores(), twin.Scores())
			}
			if _, err := g.Act(Answer{Step: StepTile}); !errors.Is(err, ErrGameOver) {
				t.Errorf("%s: Act after the end: %v, want ErrGameOver", set, err)
			}
			if g.Answers() != nil {
				t.Errorf("%s: answers after the end", set)
			}
		}
	}
	if escapes == 0 {
		t.Error("no knight escaped through Act: the escape step was never really answered")
	}
}

// refuseBadAnswers gives Act answers that must be refused at step s and
// checks that the game did not change.
func refuseBadAnswers(t *testing.T, g *Game, s Step) {
	t.Helper()
	before := g.Record().String()
	pending := g.Pending()
	bad := []Answer{{Step: s + 1}, {Step: StepNone}}
	switch s {
	case StepTile:
		bad = append(bad, Answer{Step: StepTile, Cell: Cell{X: 0, Y: 0}}, Answer{Step: StepTile, Cell: Cell{X: 40, Y: 40}}, Answer{Step: StepTile, Discard: true}, Answer{Step: StepTile, Cell: Cell{X: 1, Y: 0}, Rotation: 4})
		if as := g.Answers(); len(as) > 0 && !as[0].Discard && !as[0].Aside {
			// A ransom nobody can be paid with a legal placement.
			p := as[0]
			p.Ransomed, p.Ransom = true, Ransom{Jailer: g.Current()}
			bad = append(bad, p)
			p.Ransom = Ransom{Jailer: 9}
			bad = append(bad, p)
			p.Ransom = Ransom{Jailer: (g.Current() + 1) % g.NumPlayers(), Figure: FigurePig}
			bad = append(bad, p)
		}
	case StepFigure:
		bad = append(bad, Answer{Step: StepFigure, Port: C2 + 1}, Answer{Step: StepFigure, Port: N, Figure: numFigures},
			Answer{Step: StepFigure, Fly: true, Figure: FigurePig}, Answer{Step: StepFigure, Fly: true, Port: N})
		if len(g.Flyers()) == 0 && !g.partMove().Ransomed {
			bad = append(bad, Answer{Step: StepFigure, Fly: true})
		}
	case StepGold:
		bad = append(bad, Answer{Step: StepGold, Cell: Cell{X: 99, Y: 0}}, Answer{Step: StepGold, Cell: g.partMove().Cell})
	case StepRoll:
		bad = append(bad, Answer{Step: StepRoll}, Answer{Step: StepRoll, Roll: 4})
	case StepLand:
		bad = append(bad, Answer{Step: StepLand, Target: Target{Cell: Cell{X: 99, Y: 0}, Port: N}}, Answer{Step: StepLand, Target: Target{Cell: g.partMove().Cell, Port: C}})
		if as := g.Answers(); as[0].Target != (Target{}) {
			bad = append(bad, Answer{Step: StepLand}) // it can land, so it must
		}
	case StepEscape:
		bad = append(bad, Answer{Step: StepEscape, Target: Target{Cell: Cell{X: 99, Y: 0}, Port: N}})
	case StepFerry:
		// No link, three road ends, and every pair that is not two road
		// ends of the lake.
		bad = append(bad, Answer{Step: StepFerry}, Answer{Step: StepFerry, Link: 7}, Answer{Step: StepFerry, Link: 16 | 3})
		for l := FerryLink(1); l < 16; l++ {
			if l.Valid() && !slices.Contains(g.Answers(), Answer{Step: StepFerry, Link: l}) {
				bad = append(bad, Answer{Step: StepFerry, Link: l})
			}
		}
	case StepFerryMove:
		bad = append(bad, Answer{Step: StepFerryMove, Cell: Cell{X: 99, Y: 0}, Link: MakeFerryLink(N, S)})
		for _, f := range g.MovableFerries(g.partMove()) {
			// Not a move: the ferry's own link; nor a pair of a side
			// without a road end.
			bad = append(bad, Answer{Step: StepFerryMove, Cell: f.Cell, Link: f.Link}, Answer{Step: StepFerryMove, Cell: f.Cell, Link: 5 << 4})
		}
		for _, f := range g.Ferries() {
			if !slices.Contains(g.MovableFerries(g.partMove()), f) {
				// A ferry the tile does not reach.
				pt, _ := g.TileAt(f.Cell)
				for _, l := range g.FerryLinks(pt.Tile, pt.Rotation) {
					if l != f.Link {
						bad = append(bad, Answer{Step: StepFerryMove, Cell: f.Cell, Link: l})
					}
				}
			}
		}
	case StepCapture:
		bad = append(bad, Answer{Step: StepCapture, Target: Target{Cell: Cell{X: 99, Y: 0}, Port: N}},
			Answer{Step: StepCapture, Target: Target{Cell: Cell{X: 99, Y: 0}, Tower: true}})
	}
	for _, a := range bad {
		if s == StepTile && a.Discard && len(g.Answers()) == 1 && g.Answers()[0].Discard {
			continue // the discard is legal here
		}
		done, err := g.Act(a)
		if err == nil || done {
			t.Fatalf("turn %d: %s accepted at the %s step", g.Turn(), a, s)
		}
		var me *MoveError
		if !errors.As(err, &me) {
			t.Fatalf("%s: %v is not a *MoveError", a, err)
		}
		if g.Record().String() != before || g.Pending() != pending {
			t.Fatalf("turn %d: refused answer %s changed the game", g.Turn(), a)
		}
	}
	if s != StepTile {
		tile, _ := g.Drawn()
		if err := g.Apply(Move{Tile: tile, Discard: true}); !errors.Is(err, ErrWrongStep) {
			t.Fatalf("Apply during a turn under way: %v, want ErrWrongStep", err)
		}
	}
}

// TestActResetAndResign checks that Reset and a resignation give up a turn
// begun through Act, and that the board does not show its answers before
// the last one.
func TestActResetAndResign(t *testing.T) {
	g, err := New(Config{Players: []string{"Ann", "Ben", "Cal"}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	first := g.Answers()[0]
	if done, err := g.Act(first); done || err != nil {
		t.Fatalf("tile step: done %v, %v", done, err)
	}
	if n := len(g.PlacedTiles()); n != 1 {
		t.Errorf("%d tiles on the board before the figure step, want the start tile alone", n)
	}
	if got := g.Pending(); got != (Decision{Player: 0, Step: StepFigure}) {
		t.Errorf("Pending %+v after the tile step", got)
	}
	g.Reset()
	if got := g.Pending(); got != (Decision{Player: 0, Step: StepTile}) {
		t.Errorf("Pending %+v after Reset", got)
	}
	if _, err := g.Act(first); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(Move{Resign: true, Player: 0}); err != nil {
		t.Fatalf("resigning during a turn under way: %v", err)
	}
	if got := g.Pending(); got != (Decision{Player: 1, Step: StepTile}) {
		t.Errorf("Pending %+v after Ann resigned mid-turn, want Ben's tile step", got)
	}
	if done, err := g.Act(g.Answers()[0]); done || err != nil {
		t.Fatalf("Ben's tile step: %v, %v", done, err)
	}
	if done, err := g.Act(Answer{Step: StepFigure}); !done || err != nil {
		t.Fatalf("Ben's figure step: done %v, %v", done, err)
	}
	if n := len(g.PlacedTiles()); n != 2 {
		t.Errorf("%d tiles on the board after Ben's turn, want 2", n)
	}
}

// boardStep reports whether s is a step of The Robbers or The Messengers,
// which other players than the current one answer, several times a turn.
func boardStep(s Step) bool { return s >= StepRobber && s <= StepMessage }
