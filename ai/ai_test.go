package ai

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// ruleSets returns the rules of the base game and of each playable
// expansion alone (engine.PlayableExpansions), named.
func ruleSets(tb testing.TB) map[string]*engine.Rules {
	tb.Helper()
	out := map[string]*engine.Rules{"base": nil}
	for _, e := range engine.PlayableExpansions() {
		r, err := engine.NewRules(engine.ExpansionSet(0).With(e), engine.Options{})
		if err != nil {
			tb.Fatalf("NewRules(%s): %v", e, err)
		}
		out[e.String()] = r
	}
	// The other values of The Princess & the Dragon's options.
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon), engine.Options{Dragon: engine.DragonAfterScoring, Princess: engine.PrincessMust})
	if err != nil {
		tb.Fatal(err)
	}
	out["princess-and-dragon-after-must"] = r
	return out
}

// position is a game at some point of a random game, and how it was made.
type position struct {
	name string
	g    *engine.Game
}

// randomPositions returns n positions of random games with rules r: games
// of 2 to 4 players, seeded from seed, played with random legal answers
// (engine.Game.Answers) to a random turn, sometimes stopped in the middle
// of a turn (a step after the tile answered).
func randomPositions(tb testing.TB, name string, r *engine.Rules, n int, seed uint64) []position {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	var out []position
	for len(out) < n {
		players := []string{"A", "B", "C", "D"}[:2+rng.IntN(3)]
		g, err := engine.New(engine.Config{Players: players, Rules: r, Seed: rng.Uint64(), DrawnOnly: true})
		if err != nil {
			tb.Fatal(err)
		}
		// Several positions from each game.
		stops := map[int]bool{}
		for range 8 {
			stops[rng.IntN(g.TilesLeft()+1)] = true
		}
		act := 0
		for g.Pending().Step != engine.StepNone && len(out) < n {
			if stops[act] {
				out = append(out, position{fmt.Sprintf("%s/%d/%d", name, len(out), act), g.Clone()})
			}
			as := g.Answers()
			if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
				tb.Fatalf("Act: %v", err)
			}
			act++
		}
	}
	return out
}

// playTurn plays the answers as on g's copy through the checked Act and
// fails when one is refused, or the turn does not end with the last nor
// hand the next step to another player (the dragon's steps), or an answer
// is given for another player than the one g waits for.
func playTurn(tb testing.TB, g *engine.Game, as []engine.Answer) *engine.Game {
	tb.Helper()
	c := g.Clone()
	who := g.Pending().Player
	for i, a := range as {
		if p := c.Pending().Player; p != who {
			tb.Fatalf("answer %d (%s) for player %d, who does not decide: %d does", i, a, p, who)
		}
		done, err := c.Act(a)
		if err != nil {
			tb.Fatalf("answer %d (%s) refused: %v", i, a, err)
		}
		last := i == len(as)-1
		if done && !last {
			tb.Fatalf("answer %d (%s): turn over after %d answers", i, a, len(as))
		}
		if last && !done && c.Pending().Player == who {
			tb.Fatalf("answer %d (%s): the turn is not over, and player %d still decides its %s step", i, a, who, c.Pending().Step)
		}
	}
	if len(as) == 0 {
		tb.Fatal("no answer")
	}
	return c
}

// testConfigs are the levels at small budgets, so that the tests stay light.
var testConfigs = []Config{{Level: Random}, {Level: Easy}, {Level: Normal, Playouts: 6}, {Level: Hard, Playouts: 10}}

// TestLegalAndDeterministic: on 1,000 positions of random games (the base
// game and each playable expansion), every level answers the rest of the
// turn legally (checked by Act, and by Apply for a whole move), and the
// same seed gives the same answers, and Choose's whole move is the one
// they play.
func TestLegalAndDeterministic(t *testing.T) {
	sets := ruleSets(t)
	names := make([]string, 0, len(sets))
	for name := range sets {
		names = append(names, name)
	}
	slices.Sort(names)
	per := (1000 + len(names) - 1) / len(names)
	dragonSteps := 0 // positions where another player than the current one decides
	cropAnswers := 0 // the same for crop circles
	defer func() {
		if dragonSteps == 0 {
			t.Error("no position waited for a dragon step of another player: the computers never answered one")
		}
		if cropAnswers == 0 {
			t.Error("no position waited for a crop circle answer of another player: the computers never answered one")
		}
	}()
	for k, name := range names {
		t.Run(name, func(t *testing.T) {
			for i, p := range randomPositions(t, name, sets[name], per, uint64(k)+1) {
				if d := p.g.Pending(); d.Step == engine.StepDragon && d.Player != p.g.Current() {
					dragonSteps++
				}
				if d := p.g.Pending(); d.Step == engine.StepCropPick && d.Player != p.g.Current() {
					cropAnswers++
				}
				c := testConfigs[i%len(testConfigs)]
				seed := uint64(i)
				as, err := c.Turn(p.g, seed)
				if err != nil {
					t.Fatalf("%s %s: Turn: %v", p.name, c.Level, err)
				}
				after := playTurn(t, p.g, as)
				again, err := c.Turn(p.g, seed)
				if err != nil {
					t.Fatalf("%s %s: Turn again: %v", p.name, c.Level, err)
				}
				if !slices.Equal(as, again) {
					t.Fatalf("%s %s seed %d: %v, then %v", p.name, c.Level, seed, as, again)
				}
				if p.g.Pending().Step == engine.StepTile {
					m, err := c.Choose(p.g, seed)
					if err != nil {
						t.Fatalf("%s %s: Choose: %v", p.name, c.Level, err)
					}
					if err := p.g.Clone().Apply(m); err != nil {
						t.Fatalf("%s %s: Apply(%+v): %v", p.name, c.Level, m, err)
					}
					// The whole move is the turn Turn's answers play: the
					// ransom, tower piece and capture of The Tower too; when
					// other players decide steps of the dragon, it begins
					// with the answers of the player to move.
					want := MoveOf(m.Tile, as)
					if ms := after.Moves(); len(ms) == len(p.g.Moves())+1 {
						want = ms[len(ms)-1]
					} else {
						own, all := want.Dragon.Cells(), m.Dragon.Cells()
						if len(own) > len(all) || !slices.Equal(own, all[:len(own)]) {
							t.Fatalf("%s %s: Choose's dragon %v does not begin with the player's steps %v", p.name, c.Level, all, own)
						}
						// The Crop Circles: the same for the answers of
						// the crop circle.
						for i := range want.CropPicks.Len() {
							if i >= m.CropPicks.Len() || m.CropPicks.At(i) != want.CropPicks.At(i) {
								t.Fatalf("%s %s: Choose's crop circle answers %+v do not begin with the player's %+v", p.name, c.Level, m.CropPicks, want.CropPicks)
							}
						}
						// The Robbers and The Messengers: the robbers
						// placed and the scoring's choices, the others'
						// after the player's.
						for i := range want.Robbers.Len() {
							if i >= m.Robbers.Len() {
								t.Fatalf("%s %s: Choose's robbers %v do not begin with the player's %v", p.name, c.Level, m.Robbers, want.Robbers)
							}
							ws, wm := want.Robbers.At(i)
							ms, mm := m.Robbers.At(i)
							if ws != ms || wm != mm {
								t.Fatalf("%s %s: Choose's robbers %v do not begin with the player's %v", p.name, c.Level, m.Robbers, want.Robbers)
							}
						}
						for i := range want.Scoring.Len() {
							if i >= m.Scoring.Len() || m.Scoring.At(i) != want.Scoring.At(i) {
								t.Fatalf("%s %s: Choose's scoring %v does not begin with the player's %v", p.name, c.Level, m.Scoring, want.Scoring)
							}
						}
						m.Dragon, m.Escape, m.CropPicks, m.Robbers, m.Scoring = want.Dragon, want.Escape, want.CropPicks, want.Robbers, want.Scoring
					}
					m.Player = want.Player
					if m != want {
						t.Fatalf("%s %s: Choose gives %+v, Turn's answers play %+v", p.name, c.Level, m, want)
					}
				} else if _, err := c.Choose(p.g, seed); !errors.Is(err, ErrTurnBegun) {
					t.Fatalf("%s: Choose mid-turn: got %v, want ErrTurnBegun", p.name, err)
				}
			}
		})
	}
}

// TestMinisAnswers: with The Flying Machines and The Gold Mines, every
// level answers the steps they add legally on positions where they come
// up: the second gold ingot on a tile next to the one placed (StepGold),
// a figure onto the flying machine, the game's own die (StepRoll, never
// another roll, which a game set up with DrawnOnly refuses) and a landing
// among Landings (StepLand); and over the positions some computer flies
// and some places gold.
func TestMinisAnswers(t *testing.T) {
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFlyingMachines).With(engine.ExpansionGoldMines), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[engine.Step]int{}
	flights := 0
	for i, p := range randomPositions(t, "minis", r, 400, 77) {
		if p.g.Pending().Step != engine.StepTile {
			continue
		}
		tl, _ := p.g.Drawn()
		m := p.g.TileSet().Tile(tl).Markers
		if m&(engine.FlyingMachine|engine.GoldMine) == 0 {
			continue
		}
		c := testConfigs[i%len(testConfigs)]
		as, err := c.Turn(p.g, uint64(i))
		if err != nil {
			t.Fatalf("%s %s: %v", p.name, c.Level, err)
		}
		after := playTurn(t, p.g, as)
		for _, a := range as {
			seen[a.Step]++
			if a.Step == engine.StepRoll && a.Roll != p.g.DieRoll() {
				t.Fatalf("%s %s: rolled %d, the game's die is %d", p.name, c.Level, a.Roll, p.g.DieRoll())
			}
			if a.Step == engine.StepFigure && a.Fly {
				flights++
			}
		}
		// The whole move is legal too, and plays the same game.
		mv := MoveOf(tl, as)
		twin := p.g.Clone()
		if err := twin.Apply(mv); err != nil {
			t.Fatalf("%s %s: Apply(%s): %v", p.name, c.Level, engine.MoveString(p.g.TileSet(), mv), err)
		}
		if !slices.Equal(twin.Scores(), after.Scores()) || !slices.Equal(twin.Followers(), after.Followers()) {
			t.Fatalf("%s %s: the move and the answers play different games", p.name, c.Level)
		}
	}
	if seen[engine.StepGold] == 0 || seen[engine.StepRoll] == 0 || seen[engine.StepLand] == 0 || flights == 0 {
		t.Errorf("steps answered %v, %d flights: want gold ingots, dice and landings", seen, flights)
	}
}

// TestFerriesAnswers: with The Ferries, every level answers the steps it
// adds legally on positions where they come up: the lake's ferry on two
// of its road ends (StepFerry) and the ferries the tile reaches moved or
// left (StepFerryMove); the whole move (MoveOf) plays the same game, the
// ferries where the answers put them; and over the positions some
// computer moves a ferry and some leaves one.
func TestFerriesAnswers(t *testing.T) {
	r, err := engine.NewRules(engine.ExpansionSet(0).With(engine.ExpansionFerries), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lakes, moved, left := 0, 0, 0
	for i, p := range randomPositions(t, "ferries", r, 600, 15) {
		if p.g.Pending().Step != engine.StepTile {
			continue
		}
		tl, _ := p.g.Drawn()
		if !p.g.HasLake(tl) && len(p.g.Ferries()) == 0 {
			continue
		}
		c := testConfigs[i%len(testConfigs)]
		as, err := c.Turn(p.g, uint64(i))
		if err != nil {
			t.Fatalf("%s %s: %v", p.name, c.Level, err)
		}
		after := playTurn(t, p.g, as)
		for _, a := range as {
			switch {
			case a.Step == engine.StepFerry:
				lakes++
			case a.Step == engine.StepFerryMove && a.Link != 0:
				moved++
			case a.Step == engine.StepFerryMove:
				left++
			}
		}
		mv := MoveOf(tl, as)
		if p.g.HasLake(tl) && !mv.Discard && !mv.Ferry.Valid() {
			t.Fatalf("%s %s: a lake placed without its ferry: %s", p.name, c.Level, engine.MoveString(p.g.TileSet(), mv))
		}
		twin := p.g.Clone()
		if err := twin.Apply(mv); err != nil {
			t.Fatalf("%s %s: Apply(%s): %v", p.name, c.Level, engine.MoveString(p.g.TileSet(), mv), err)
		}
		if !slices.Equal(twin.Scores(), after.Scores()) || !slices.Equal(twin.Ferries(), after.Ferries()) {
			t.Fatalf("%s %s: the move and the answers play different games", p.name, c.Level)
		}
	}
	if lakes == 0 || moved == 0 || left == 0 {
		t.Errorf("%d lakes' ferries, %d ferries moved, %d left: want some of each", lakes, moved, left)
	}
}

// TestPlayoutsFor: the searches keep their playouts in games of up to
// playoutTiles tiles and run fewer, never none, in larger ones, fewer the
// larger; Easy and Random run none.
func TestPlayoutsFor(t *testing.T) {
	for _, l := range []Level{Normal, Hard} {
		if got := l.PlayoutsFor(nil); got != l.Playouts() {
			t.Errorf("%s in the base game: %d playouts, want %d", l, got, l.Playouts())
		}
		prev, prevTiles := l.Playouts(), 0
		for _, set := range thinkSets(t) {
			got := l.PlayoutsFor(set.r)
			switch {
			case set.r.Total() <= playoutTiles && got != l.Playouts():
				t.Errorf("%s, %s (%d tiles): %d playouts, want %d", l, set.name, set.r.Total(), got, l.Playouts())
			case got < 1 || got > l.Playouts():
				t.Errorf("%s, %s: %d playouts", l, set.name, got)
			case set.r.Total() > prevTiles && prevTiles > playoutTiles && got > prev:
				t.Errorf("%s: %d playouts with %d tiles, more than %d with %d", l, got, set.r.Total(), prev, prevTiles)
			}
			if set.r.Total() > prevTiles {
				prev, prevTiles = got, set.r.Total()
			}
			if set.name == "every" && (got*100 < l.Playouts()*40 || got*100 > l.Playouts()*55) {
				t.Errorf("%s with every expansion (%d tiles): %d playouts, want 40-55%% of %d", l, set.r.Total(), got, l.Playouts())
			}
		}
	}
	for _, l := range []Level{Random, Easy} {
		if n := l.PlayoutsFor(thinkSets(t)[len(thinkSets(t))-1].r); n != 0 {
			t.Errorf("%s: %d playouts", l, n)
		}
	}
}

// TestPlayoutMovesLegal: every move the playouts play (placements, figures,
// the fairy, tower pieces and captures, gold, ferries, the dragon's steps)
// is one the engine accepts, in every expansion set. Play does not check
// them: an illegal one would corrupt the playout's game unseen.
func TestPlayoutMovesLegal(t *testing.T) {
	for _, ts := range thinkSets(t) {
		for _, p := range randomPositions(t, ts.name, ts.r, 16, 7) {
			g := p.g
			if g.Pending().Step == engine.StepNone {
				continue
			}
			root, err := newNode(g.WhatIf(), g.Pending().Player, g.DieRoll()-1)
			if err != nil {
				t.Fatal(err)
			}
			s, err := newSearch(g, rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				t.Fatal(err)
			}
			s.checked = true
			if _, err := s.run(root, 24); err != nil {
				t.Fatalf("%s: %v", p.name, err)
			}
			if s.refused != nil {
				t.Errorf("%s: %v", p.name, s.refused)
			}
		}
	}
}
