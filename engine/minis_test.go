package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// This file checks The Flying Machines (flying.go) and The Gold Mines
// (gold.go) beyond the final scores of their fixtures (testdata/rules/fm-*
// and gm-*.rec), which TestRuleFixtures checks: where a flying figure may
// land for each roll, the direction turning with the tile, the die of a
// live game, the ingots turn by turn and their sharing, the end bonus, the
// step view and the record tokens.

const flightFixture = "testdata/rules/fm-example-city.rec"

// TestFlightLandings replays the rule text's example (001_…, The Flying
// Machines) to the flight and checks, for each roll, the tile the figure
// flies to and where it may land: 1 tile north, the cloister of A (its
// road is completed); 2 tiles, GM03's cloister (Blue's monk) and city
// (Yellow's knight), never its completed road nor a field; 3 tiles, no
// tile at all.
func TestFlightLandings(t *testing.T) {
	rec, _ := replayFile(t, flightFixture, -1)
	_, g := replayFile(t, flightFixture, 5)
	drawNext(t, g, rec.Turns[5].Move.Tile)
	m := rec.Turns[5].Move
	ts := g.TileSet()
	city := ts.Tile(mustTileAt(g, Cell{-1, 0}).Tile).Features[1].Ports.Main()
	for _, tc := range []struct {
		roll int
		at   Cell
		want []Target
	}{
		{1, Cell{-1, 1}, []Target{{Cell: Cell{-1, 1}, Port: C}}},
		{2, Cell{-1, 0}, []Target{{Cell: Cell{-1, 0}, Port: C}, {Cell: Cell{-1, 0}, Port: city}}},
		{3, Cell{-1, -1}, nil},
	} {
		m.Roll, m.Land = int8(tc.roll), Target{}
		if c, ok := g.FlightCell(m.Tile, m.Cell, m.Rotation, tc.roll); !ok || c != tc.at {
			t.Errorf("roll %d: flies to %v, %v; want %v", tc.roll, c, ok, tc.at)
		}
		got := g.Landings(m)
		if !slices.Equal(got, tc.want) {
			t.Errorf("roll %d: landings %v, want %v", tc.roll, got, tc.want)
		}
		for _, l := range got {
			m.Land = l
			if err := g.Check(m); err != nil {
				t.Errorf("roll %d: landing %v listed but refused: %v", tc.roll, l, err)
			}
		}
		m.Land = Target{}
		if err := g.Check(m); (err == nil) != (len(got) == 0) {
			t.Errorf("roll %d: land@off gives %v with %d landings", tc.roll, err, len(got))
		}
	}
	if got := g.Flyers(); !slices.Equal(got, []Figure{FigureFollower}) {
		t.Errorf("Red may fly %v, want the follower", got)
	}

	// The landed follower is Red's knight in GM03's city.
	_, g = replayFile(t, flightFixture, 6)
	red := 2
	i := slices.IndexFunc(g.Followers(), func(f Follower) bool { return f.Player == red })
	if i < 0 {
		t.Fatalf("Red's follower is not on the board: %v", g.Followers())
	}
	if f := g.Followers()[i]; f.Cell != (Cell{-1, 0}) || f.Kind != City || f.Port != N {
		t.Errorf("Red's follower %+v, want the knight at -1,0 N", f)
	}
	if g.Supply(red) != FollowersPerPlayer-1 {
		t.Errorf("Red's supply %d after the landing", g.Supply(red))
	}
	_, g = replayFile(t, "testdata/rules/fm-example-no-tile.rec", 6)
	if g.Supply(red) != FollowersPerPlayer || len(g.Followers()) != 2 {
		t.Errorf("after land@off: Red's supply %d, followers %v", g.Supply(red), g.Followers())
	}
}

// TestFlightTurnsWithTile checks that the machine's direction turns with
// its tile, so that its four rotations are four placements: FM01 points
// north-west unturned, north-east turned 90°, and so on; FM02 west, north,
// east, south.
func TestFlightTurnsWithTile(t *testing.T) {
	rec, _ := replayFile(t, "testdata/rules/fm-diagonal.rec", -1)
	_, g := replayFile(t, "testdata/rules/fm-diagonal.rec", 1)
	drawNext(t, g, rec.Turns[1].Move.Tile)
	fm01 := rec.Turns[1].Move.Tile
	fm02, _ := g.TileSet().Lookup("FM02")
	at := Cell{5, 5}
	for _, tc := range []struct {
		tile TileID
		r    Rotation
		want Cell
	}{
		{fm01, Rotate0, Cell{3, 3}}, {fm01, Rotate90, Cell{7, 3}}, {fm01, Rotate180, Cell{7, 7}}, {fm01, Rotate270, Cell{3, 7}},
		{fm02, Rotate0, Cell{3, 5}}, {fm02, Rotate90, Cell{5, 3}}, {fm02, Rotate180, Cell{7, 5}}, {fm02, Rotate270, Cell{5, 7}},
	} {
		if got, ok := g.FlightCell(tc.tile, at, tc.r, 2); !ok || got != tc.want {
			t.Errorf("%s turned %s flies 2 from %v to %v, want %v", g.TileSet().Name(tc.tile), tc.r, at, got, tc.want)
		}
	}
	// FM01 at 1,1: unturned it reaches the start tile; turned 90° it
	// points north-east, to the empty 2,0.
	m := rec.Turns[1].Move
	m.Land = Target{}
	if got := g.Landings(m); len(got) != 2 {
		t.Errorf("unturned: landings %v, want the road and the city of D", got)
	}
	m.Rotation = Rotate90
	if got := g.Landings(m); got != nil {
		t.Errorf("turned 90°: landings %v, want none", got)
	}
	if n := len(slices.DeleteFunc(g.Placements(), func(p Placement) bool { return p.Cell != (Cell{1, 1}) })); n != 4 {
		t.Errorf("FM01 has %d placements at 1,1, want 4 (the machine turns)", n)
	}
	if b, _ := g.TileSet().Lookup("B"); func() bool { _, ok := g.FlightCell(b, at, Rotate0, 1); return ok }() {
		t.Error("a tile without a flying machine flies")
	}
}

// TestDieRoll checks the die of a live game: 1 to 3, the same until the
// move is played, each face on some turn, and only it accepted by a game
// set up with DrawnOnly; a replay takes the record's roll.
func TestDieRoll(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionFlyingMachines), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var faces [4]int
	flights := 0
	for seed := uint64(1); seed <= 40 && flights < 6; seed++ {
		g, err := New(Config{Players: []string{"Ann", "Ben"}, Rules: r, Seed: seed, DrawnOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Ended() {
			n := g.DieRoll()
			if n < 1 || n > 3 || g.DieRoll() != n {
				t.Fatalf("seed %d: die %d, then %d", seed, n, g.DieRoll())
			}
			faces[n]++
			tl, _ := g.Drawn()
			ps := g.Placements()
			m := Move{Tile: tl, Discard: true}
			if len(ps) > 0 {
				m = Move{Tile: tl, Cell: ps[0].Cell, Rotation: ps[0].Rotation}
				if len(g.Flyers()) > 0 {
					m.Fly, m.Roll = true, int8(n%3+1)
					if ls := g.Landings(m); len(ls) > 0 {
						m.Land = ls[0]
					}
					if err := g.Check(m); !errors.Is(err, ErrNoFlight) || !strings.Contains(err.Error(), "the die rolled") {
						t.Fatalf("seed %d: another roll than the seed's: %v", seed, err)
					}
					m.Roll, m.Land = int8(n), Target{}
					if ls := g.Landings(m); len(ls) > 0 {
						m.Land = ls[0]
					}
					flights++
				}
			}
			if err := g.Apply(m); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, MoveString(g.TileSet(), m), err)
			}
		}
		// The replay takes the rolls from the record, whatever its seed.
		rec := g.Record()
		rec.Seed++
		again, err := rec.Replay()
		if err != nil {
			t.Fatalf("seed %d: replay with another seed: %v", seed, err)
		}
		if !slices.Equal(again.Scores(), g.Scores()) {
			t.Fatalf("seed %d: replay scores %v, game %v", seed, again.Scores(), g.Scores())
		}
	}
	if flights == 0 || faces[1] == 0 || faces[2] == 0 || faces[3] == 0 {
		t.Errorf("%d flights; die faces %v", flights, faces[1:])
	}
}

// TestFlightSteps plays the flight of the rule text's example one step at
// a time: the figure onto the machine, the die (the seed's alone listed,
// the record's accepted in a game without DrawnOnly), the landing among
// Landings; the move Act makes is the record's.
func TestFlightSteps(t *testing.T) {
	for _, file := range []string{flightFixture, "testdata/rules/fm-example-no-tile.rec"} {
		rec, _ := replayFile(t, file, -1)
		_, g := replayFile(t, file, 5)
		drawNext(t, g, rec.Turns[5].Move.Tile)
		want := rec.Turns[5].Move
		steps := []Answer{
			{Step: StepTile, Cell: want.Cell, Rotation: want.Rotation},
			{Step: StepFigure, Fly: true, Figure: FigureFollower},
			{Step: StepRoll, Roll: int(want.Roll)},
			{Step: StepLand, Target: want.Land},
		}
		for i, a := range steps {
			if d := g.Pending(); d.Step != a.Step || d.Player != 2 {
				t.Fatalf("%s: pending %+v, want Red's %s step", file, d, a.Step)
			}
			as := g.Answers()
			switch a.Step {
			case StepFigure:
				if !slices.Contains(as, a) {
					t.Errorf("%s: %s not among the answers %v", file, a, as)
				}
			case StepRoll:
				if !slices.Equal(as, []Answer{{Step: StepRoll, Roll: g.DieRoll()}}) {
					t.Errorf("%s: roll answers %v, want the seed's %d", file, as, g.DieRoll())
				}
			case StepLand:
				var lands []Answer
				for _, l := range g.Landings(MoveOfAnswers(want.Tile, steps[:i])) {
					lands = append(lands, Answer{Step: StepLand, Target: l})
				}
				if len(lands) == 0 {
					lands = []Answer{{Step: StepLand}}
				}
				if !slices.Equal(as, lands) || !slices.Contains(as, a) {
					t.Errorf("%s: land answers %v, want %v with %s", file, as, lands, a)
				}
			}
			done, err := g.Act(a)
			if err != nil || done != (i == len(steps)-1) {
				t.Fatalf("%s: %s: done %v, %v", file, a, done, err)
			}
		}
		moves := g.Moves()
		if got := moves[len(moves)-1]; got != want {
			t.Errorf("%s: Act made %s, want %s", file, MoveString(g.TileSet(), got), MoveString(g.TileSet(), want))
		}
		if got := MoveOfAnswers(want.Tile, steps); got != want {
			t.Errorf("%s: MoveOfAnswers %+v, want %+v", file, got, want)
		}
	}
	if got := (Answer{Step: StepLand}).String(); got != "land@off" {
		t.Errorf("land off answer reads %q", got)
	}
	if got := (Answer{Step: StepFigure, Fly: true, Figure: FigureLarge}).String(); got != "large@fly" {
		t.Errorf("fly answer reads %q", got)
	}
}

// TestFlightRefused checks the reasons of refused flights.
func TestFlightRefused(t *testing.T) {
	rec, _ := replayFile(t, flightFixture, -1)
	_, g := replayFile(t, flightFixture, 5)
	drawNext(t, g, rec.Turns[5].Move.Tile)
	fly := rec.Turns[5].Move
	base := fly
	base.Fly, base.Roll, base.Land = false, 0, Target{}
	b, _ := g.TileSet().Lookup("B")
	tests := []struct {
		name string
		m    Move
		err  error
		says string
	}{
		{"pig", func() Move { m := fly; m.Figure = FigurePig; return m }(), ErrNoSuchFigure, "only a follower or the large follower flies"},
		{"large without Inns & Cathedrals", func() Move { m := fly; m.Figure = FigureLarge; return m }(), ErrNoSuchFigure, "not played"},
		{"and a follower", func() Move { m := fly; m.Follower = N; return m }(), ErrNoFlight, "instead of"},
		{"roll 0", func() Move { m := fly; m.Roll = 0; return m }(), ErrNoFlight, "1, 2 or 3"},
		{"roll without flight", func() Move { m := base; m.Roll = 2; return m }(), ErrNoFlight, "only after a figure on a flying machine"},
		{"no machine", Move{Tile: b, Cell: Cell{-2, 1}, Fly: true, Roll: 1}, ErrNoFlight, "has no flying machine"},
		{"landing on a tower", func() Move { m := fly; m.Land.Tower = true; return m }(), ErrNoLanding, "x,y:PORT"},
	}
	for _, tc := range tests {
		err := g.Check(tc.m)
		if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v, want %v saying %q", tc.name, err, tc.err, tc.says)
		}
	}
	// Without the expansion.
	plain, err := New(Config{Players: []string{"A"}, Rules: mustRules(t, ExpansionGoldMines)})
	if err != nil {
		t.Fatal(err)
	}
	tl, _ := plain.Drawn()
	p := plain.Placements()[0]
	if err := plain.Check(Move{Tile: tl, Cell: p.Cell, Rotation: p.Rotation, Fly: true, Roll: 1}); !errors.Is(err, ErrNoFlight) && !errors.Is(err, ErrNoGold) {
		t.Errorf("a flight without The Flying Machines: %v", err)
	}
}

const goldFixture = "testdata/rules/gm-shared-road.rec"

// TestGoldShared replays the rule text's example of gold shared on a road
// (001_…, The Gold Mines) turn by turn: the ingots on the board, each
// player's, the tiles that may take the second ingot, the end bonus and
// the breakdown.
func TestGoldShared(t *testing.T) {
	const red, blue = 0, 1
	rec, _ := replayFile(t, goldFixture, -1)
	_, g := replayFile(t, goldFixture, 1)
	drawNext(t, g, rec.Turns[1].Move.Tile)
	m := rec.Turns[1].Move
	want := []Cell{{-1, 0}, {0, 0}}
	if got := g.GoldCells(Placement{Cell: m.Cell, Rotation: m.Rotation}); !slices.Equal(got, want) {
		t.Errorf("turn 2: the second ingot may go on %v, want %v", got, want)
	}
	for _, tc := range []struct {
		after  int
		ingots []Ingots
		held   [2]int
	}{
		{1, nil, [2]int{}},
		{2, []Ingots{{Cell{-1, 0}, 1}, {Cell{0, -1}, 1}}, [2]int{}},
		{4, []Ingots{{Cell{-1, 0}, 1}, {Cell{0, -1}, 1}}, [2]int{}},
		// Red, Blue, Red: D's ingot, A's at -1,0, GM05's.
		{5, []Ingots{{Cell{0, -1}, 1}}, [2]int{2, 1}},
	} {
		_, g := replayFile(t, goldFixture, tc.after)
		if got := g.Ingots(); !slices.Equal(got, tc.ingots) {
			t.Errorf("after turn %d: ingots %v, want %v", tc.after, got, tc.ingots)
		}
		for p, n := range tc.held {
			if g.Gold(p) != n {
				t.Errorf("after turn %d: %s holds %d ingots, want %d", tc.after, g.Players()[p], g.Gold(p), n)
			}
		}
	}
	_, g = replayFile(t, goldFixture, -1)
	bd := g.Breakdowns()
	if bd[red].Gold != 2 || bd[blue].Gold != 1 || bd[red].Roads != 4 || bd[blue].Roads != 4 {
		t.Errorf("breakdowns %+v", bd)
	}
	var golds []ScoreEvent
	for _, e := range g.Events() {
		if e.Source == SourceGold {
			golds = append(golds, e)
		}
	}
	if len(golds) != 2 || golds[0].Player != red || golds[0].Tiles != 2 || golds[0].Points != 2 || !golds[0].Final || golds[1].Player != blue || golds[1].Points != 1 {
		t.Errorf("gold events %+v", golds)
	}
	if g.Ingots() == nil || g.Gold(red) != 2 {
		t.Errorf("at the end: ingots %v, Red's gold %d", g.Ingots(), g.Gold(red))
	}
	for n, want := range map[int]int{0: 0, 1: 1, 3: 3, 4: 8, 6: 12, 7: 21, 9: 27, 10: 40, 16: 64} {
		if got := GoldPoints(n); got != want {
			t.Errorf("GoldPoints(%d) = %d, want %d", n, got, want)
		}
	}
}
