package bot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/turnview"
)

// minisMove picks the move of the turn that begins in st (The Flying
// Machines and The Gold Mines) from the engine's legal moves alone: a
// placement among the cells the menus list, a figure onto the flying
// machine three times in four when it may fly, else a follower on a random
// spot a quarter of the time (so that the supply seldom runs out), and the second gold ingot on a random tile that may take
// it. The flight's die and landing are left out: they come after Confirm.
func minisMove(st *engine.Game) engine.Move {
	t, _ := st.Drawn()
	rng := rand.New(rand.NewPCG(st.Seed(), uint64(len(st.Moves()))))
	ps := menuPlacements(st)
	p := ps[rng.IntN(len(ps))]
	m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
	if gc := st.GoldCells(p); len(gc) > 0 {
		m.Gold, m.GoldCell = true, gc[rng.IntN(len(gc))]
	}
	if fl := st.Flyers(); len(fl) > 0 && rng.IntN(4) != 0 {
		m.Fly, m.Figure = true, fl[rng.IntN(len(fl))]
		return m
	}
	if sp := st.FollowerSpots(p); len(sp) > 0 && rng.IntN(4) == 0 {
		m.Follower = sp[rng.IntN(len(sp))].Port
	}
	return m
}

// minisLanding is the landing TestMinisGame chooses after `moves` moves
// among n: a random one.
func minisLanding(moves, n int) int {
	return rand.New(rand.NewPCG(uint64(moves), 9)).IntN(n)
}

// minisTimesOut reports whether TestMinisGame lets the time run out on the
// turn of move mv: the second tile with a gold mine played (golds of them
// played before), once.
func minisTimesOut(mv engine.Move, golds int, done bool) bool {
	return mv.Gold && !done && golds > 0
}

// minisSeed finds the first seed whose game, played as TestMinisGame plays
// it, has at least three flights that land (one of them by timeout),
// three tiles with a gold mine, and gold in the final scoring.
func minisSeed(tb testing.TB) uint64 {
	tb.Helper()
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFlyingMachines).With(engine.ExpansionGoldMines), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	for seed := uint64(1); seed <= 300; seed++ {
		st, err := engine.New(engine.Config{Rules: r, Players: []string{"Alice", "Bob"}, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		landings, golds, timedOut := 0, 0, false
		for !st.Ended() {
			t, _ := st.Drawn()
			if !st.CanPlace(t) {
				st.Play(engine.Move{Tile: t, Discard: true})
				continue
			}
			mv := minisMove(st)
			if minisTimesOut(mv, golds, timedOut) {
				timedOut = true
				st.Play(engine.MoveOfAnswers(t, firstAnswers(st)))
				continue
			}
			if mv.Gold {
				golds++
			}
			if mv.Fly {
				mv.Roll = int8(st.DieRoll())
				if ls := st.Landings(mv); len(ls) > 0 {
					mv.Land = ls[0]
					if landings > 0 {
						mv.Land = ls[minisLanding(len(st.Moves()), len(ls))]
					}
					landings++
				}
			}
			if err := st.Apply(mv); err != nil {
				tb.Fatalf("seed %d: %v", seed, err)
			}
		}
		gold := 0
		for _, b := range st.Breakdowns() {
			gold += b.Gold
		}
		if landings >= 3 && golds >= 3 && timedOut && gold > 0 {
			return seed
		}
	}
	tb.Fatal("no seed up to 300 has three landings, three gold mines and gold scored")
	return 0
}

// TestMinisBadInput checks what stands between a player and a bad choice
// of the minis: a flight from a tile without a flying machine is refused
// in words, the gold menu offers only the tiles next to the one placed
// and a choice keeps its second ingot only there, and custom ids with bad
// flight or gold parts do not read while good ones read back whole.
func TestMinisBadInput(t *testing.T) {
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFlyingMachines).With(engine.ExpansionGoldMines), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.New(engine.Config{Rules: r, Players: []string{"Alice", "Bob"}, Seed: 77})
	if err != nil {
		t.Fatal(err)
	}
	flew, mined := false, false
	for !st.Ended() && !(flew && mined) {
		t0, _ := st.Drawn()
		if !st.CanPlace(t0) {
			st.Play(engine.Move{Tile: t0, Discard: true})
			continue
		}
		p := st.Placements()[0]
		ch := choice{game: 1, cell: p.Cell, rot: p.Rotation}
		figures := ch.stageOptions(st, en, nil, engine.StepFigure)
		flies := slices.ContainsFunc(figures, func(o turnview.Option) bool { return o.Answer.Fly })
		gold := ch.stageOptions(st, en, nil, engine.StepGold)
		switch {
		case len(st.GoldCells(p)) > 0 && !mined:
			// A tile with a gold mine: no flight; the second ingot only
			// next to it, the first tile until the player picks another.
			mined = true
			if _, ok := ch.choose(st, en, nil, engine.StepFigure, "figure fly"); ok || flies {
				t.Errorf("a flight from a tile without a flying machine is offered: %+v", figures)
			}
			cells := st.GoldCells(p)
			if len(gold) != len(cells) || walkOf(t, st, ch).stages[0].chosen().Answer.Cell != cells[0] {
				t.Errorf("the gold menu %+v, the engine's tiles %v", gold, cells)
			}
			far := engine.Answer{Step: engine.StepGold, Cell: engine.Cell{X: p.Cell.X + 5, Y: p.Cell.Y}}
			if _, ok := ch.choose(st, en, nil, engine.StepGold, far.String()); ok {
				t.Errorf("a second ingot far away is taken: %s", far)
			}
		case len(st.Flyers()) > 0 && !flew:
			// A tile with a flying machine: no gold menu, and the
			// Follower… menu offers the flight with its landing cells.
			flew = true
			if len(gold) != 0 {
				t.Errorf("a tile without a gold mine has a gold menu: %+v", gold)
			}
			var lands []string
			for n := 1; n <= 3; n++ {
				c, _ := st.FlightCell(t0, p.Cell, p.Rotation, n)
				lands = append(lands, "("+c.String()+")")
			}
			want := "onto the flying machine, lands on " + lands[0] + ", " + lands[1] + " or " + lands[2]
			k := slices.IndexFunc(figures, func(o turnview.Option) bool {
				return o.Answer.Fly && strings.HasSuffix(o.Label, want)
			})
			if k < 0 {
				t.Fatalf("the Follower… menu's flights: %+v", figures)
			}
			if _, ok := ch.choose(st, en, nil, engine.StepFigure, figures[k].Value); !ok {
				t.Errorf("the flight %q is refused", figures[k].Value)
			}
		}
		st.Play(engine.MoveOfAnswers(t0, firstAnswers(st)))
	}
	if !flew || !mined {
		t.Fatalf("the game has no flight (%v) or no gold mine (%v) to check", flew, mined)
	}
}

// fiveMove picks the move of the turn that begins in st with all five
// minis from the engine's legal moves alone, as the menus offer them: the
// choices of minisMove (flight, gold) and ferriesMove (the lake's ferry,
// ferries moved), the mage or witch among the menu's answers, and the
// crop circle's choice at random. The die, the landing and the crop
// circle's answers come after Confirm (fiveStep).
func fiveMove(st *engine.Game) engine.Move {
	m := minisMove(st)
	f := ferriesMove(st)
	if f.Cell == m.Cell && f.Rotation == m.Rotation {
		m.Ferry = f.Ferry
	} else if ls := st.FerryLinks(m.Tile, m.Rotation); len(ls) > 0 {
		m.Ferry = ls[0]
	}
	rng := rand.New(rand.NewPCG(st.Seed(), uint64(len(st.Moves()))+99))
	for _, fe := range st.MovableFerries(m) {
		var mine []engine.FerryMove
		for _, fm := range st.AppendFerryMoves(nil, m) {
			if fm.Cell == fe.Cell {
				mine = append(mine, fm)
			}
		}
		if len(mine) > 0 && rng.IntN(2) == 0 {
			m.FerryMoves = m.FerryMoves.Add(mine[rng.IntN(len(mine))])
		}
	}
	if as := (choice{cell: m.Cell, rot: m.Rotation}).stageOptions(st, en, nil, engine.StepMagic); len(as) > 0 {
		a := as[rng.IntN(min(len(as), 25))].Answer
		m.Magic, m.MagicAt = a.Magic, a.Target
	}
	if st.TileSet().CropKind(m.Tile) != engine.NoFeature {
		m.Crop = engine.CropAdd + engine.CropChoice(rng.IntN(2))
	}
	return m
}

// fiveStep is the answer TestFiveMinis gives to a step message after
// `moves` moves and `answered` answers, among n: a random one.
func fiveStep(moves, answered, n int) int {
	return rand.New(rand.NewPCG(uint64(moves), uint64(answered)+5)).IntN(n)
}

// fiveSeed finds the first seed whose game with all five minis, played as
// TestFiveMinis plays it, has a landing, a ferry moved, the mage or witch
// placed, gold scored and a crop circle answered by adding and by
// returning a follower.
func fiveSeed(tb testing.TB) uint64 {
	tb.Helper()
	r, err := engine.NewRules(fiveSet(), engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	for seed := uint64(1); seed <= 300; seed++ {
		st, err := engine.New(engine.Config{Rules: r, Players: []string{"Alice", "Bob", "Cleo"}, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		seen := map[string]int{}
		for !st.Ended() {
			t, _ := st.Drawn()
			if !st.CanPlace(t) {
				st.Play(engine.Move{Tile: t, Discard: true})
				continue
			}
			moves := len(st.Moves())
			mv := fiveMove(st)
			as := answersOf(tb, st, choiceOfMove(tb, st, mv))
			done, err := false, error(nil)
			for _, a := range as {
				if done, err = st.Act(a); err != nil {
					tb.Fatalf("seed %d, move %d: %s: %v", seed, moves, a, err)
				}
			}
			for n := len(as); !done; n++ {
				opts := st.Answers()
				a := opts[fiveStep(moves, n, len(opts))]
				switch {
				case a.Step == engine.StepLand && a.Target != (engine.Target{}):
					seen["land"]++
				case a.Step == engine.StepCropPick && a.Target != (engine.Target{}) && a.Return:
					seen["return"]++
				case a.Step == engine.StepCropPick && a.Target != (engine.Target{}):
					seen["add"]++
				}
				if done, err = st.Act(a); err != nil {
					tb.Fatal(err)
				}
			}
			if mv.FerryMoves.Len() > 0 {
				seen["ferry"]++
			}
			if mv.Magic != engine.MagicNone {
				seen["magic"]++
			}
		}
		gold := 0
		for _, b := range st.Breakdowns() {
			gold += b.Gold
		}
		if seen["land"] > 0 && seen["return"] > 0 && seen["add"] > 0 && seen["ferry"] > 0 && seen["magic"] > 0 && gold > 0 {
			return seed
		}
	}
	tb.Fatal("no seed up to 300 shows every mini")
	return 0
}

// fiveSet is the set of the five mini expansions.
func fiveSet() engine.ExpansionSet {
	return engine.ExpansionSet(0).With(engine.ExpansionFlyingMachines).With(engine.ExpansionFerries).
		With(engine.ExpansionGoldMines).With(engine.ExpansionMageAndWitch).With(engine.ExpansionCropCircles)
}
