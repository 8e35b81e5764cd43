package engine

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/meeple-works/carcassonne/internal/racetest"
)

// readQueries are the queries of a game that promise to leave it as it
// was, each named, called on a game in the middle of a turn or between
// turns: with the drawn tile's first placements where they need one.
func readQueries(g *Game) map[string]func() {
	q := map[string]func(){
		"Pending": func() { g.Pending() }, "Answers": func() { g.Answers() },
		"Features": func() { g.Features() }, "Followers": func() { g.Followers() },
		"OccupiedFeatures": func() { g.OccupiedFeatures(nil) },
		"Scores":           func() { g.Scores() }, "Standings": func() { g.Standings() },
		"Breakdowns": func() { g.Breakdowns() }, "Winners": func() { g.Winners() },
		"Record": func() { g.Record() }, "PlacedTiles": func() { g.PlacedTiles() },
		"CandidateCells": func() { g.CandidateCells() }, "Ferries": func() { g.Ferries() },
		"Ingots": func() { g.Ingots() }, "Towers": func() { g.Towers() },
		"Ransoms": func() { g.Ransoms() }, "Flyers": func() { g.Flyers() },
		"FairyCells": func() { g.FairyCells() }, "RiverEnds": func() { g.RiverEnds() },
		"Preview": func() { g.Preview() }, "WhatIf": func() { g.WhatIf() },
		"FinalFollowers": func() { g.FinalFollowers() },
		"Prisoners": func() {
			for p := range g.NumPlayers() {
				g.Prisoners(p)
			}
		},
		"TowerTops": func() {
			for _, f := range []Figure{FigureFollower, FigureLarge} {
				g.TowerTops(f)
			}
		},
		"FeatureAt": func() {
			for _, pt := range g.PlacedTiles() {
				for p := NoPort + 1; p <= C2; p++ {
					g.FeatureAt(pt.Cell, p)
				}
			}
		},
	}
	t, ok := g.Drawn()
	if !ok {
		return q
	}
	ps := g.Placements()
	if len(ps) > 3 {
		ps = ps[:3]
	}
	q["CanPlace"] = func() { g.CanPlace(t) }
	q["NumPlacements"] = func() { g.NumPlacements(t) }
	q["HasLake"] = func() { g.HasLake(t) }
	for _, p := range ps {
		key := fmt.Sprintf(" (%s) %d", p.Cell, p.Rotation)
		m := Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
		q["RotationsAt"+key] = func() { g.RotationsAt(p.Cell) }
		q["FollowerSpots "+key] = func() {
			for _, s := range g.FollowerSpots(p) {
				g.Check(Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation, Follower: s.Port})
			}
		}
		q["FigureSpots "+key] = func() {
			for _, f := range g.FiguresInSupply(g.Current()) {
				g.FigureSpots(p, f)
			}
		}
		q["GoldCells "+key] = func() { g.GoldCells(p) }
		q["TowerCells "+key] = func() { g.TowerCells(p) }
		q["MagicSpots "+key] = func() {
			g.MagicNeeded(p)
			g.MagicSpots(p, MagicMage)
			g.MagicSpots(p, MagicWitch)
		}
		q["PortalSpots "+key] = func() { g.PortalSpots(p) }
		q["Princesses "+key] = func() { g.Princesses(p) }
		q["FerryLinks "+key] = func() { g.FerryLinks(t, p.Rotation) }
		q["Check "+key] = func() { g.Check(m) }
		q["Captures "+key] = func() { g.Captures(m) }
		q["Escapes "+key] = func() { g.Escapes(m) }
		q["Landings "+key] = func() { g.Landings(m) }
		q["DragonSteps "+key] = func() { g.DragonSteps(m) }
		q["MovableFerries "+key] = func() { g.MovableFerries(m) }
	}
	return q
}

// TestQueriesOnlyRead plays random games of the base game, of each
// expansion alone and of all of them, step by step with Act, and calls
// every query of readQueries at every 19th decision: the game must be
// exactly as it was after each one (a query that writes, even a value it
// shortens a path with, races with the goroutines reading the same game:
// the renderer draws one game for several interactions at once). Clone
// copies the whole state, so two clones compare equal when the states do.
func TestQueriesOnlyRead(t *testing.T) {
	sets := append([]ExpansionSet{0}, expansionSets()...)
	// Every 19th step; under the race detector every 57th (racetest).
	every := 19
	if racetest.Enabled {
		every = 57
	}
	for _, set := range sets {
		r, err := NewRules(set, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(1) {
			g, err := New(Config{Players: []string{"A", "B", "C"}, Rules: r, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 77))
			for n := 0; g.Pending().Step != StepNone; n++ {
				if n%every == 0 {
					for name, query := range readQueries(g) {
						before := g.Clone()
						query()
						if !reflect.DeepEqual(g.Clone(), before) {
							t.Fatalf("%v, seed %d, turn %d (%s step): %s changed the game", set, seed, g.Turn(), g.Pending().Step, name)
						}
					}
				}
				as := g.Answers()
				if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
