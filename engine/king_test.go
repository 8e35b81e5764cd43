package engine

import (
	"os"
	"slices"
	"testing"
)

// replayFixture reads a fixture of testdata/rules and returns a new game set
// up from it and its turns, to be played one by one.
func replayFixture(tb testing.TB, name string) (*Game, []Turn) {
	tb.Helper()
	f, err := os.Open("testdata/rules/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rec, err := ReadRecord(f)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := New(rec.Config())
	if err != nil {
		tb.Fatal(err)
	}
	return g, rec.Turns
}

// TestKingAndRobberBaron follows the titles of king-and-robber-baron.rec
// turn by turn (002_…, "Sequence of Play", step 2) and checks the final
// bonuses' events and breakdowns.
func TestKingAndRobberBaron(t *testing.T) {
	g, turns := replayFixture(t, "king-and-robber-baron.rec")
	const none = -1
	// After each turn: the King's and the Robber Baron's holders.
	want := [][2]int{
		{0, none}, // Blue closes a city of 2
		{0, none},
		{0, 0}, // Blue closes a road of 3
		{0, 0},
		{0, 0},
		{0, 0}, // Red closes a city of 2: a tie keeps the King with Blue
		{0, 0},
		{0, 1}, // Red closes a road of 4
	}
	if _, ok := g.King(); ok {
		t.Fatal("the King is held before any city is completed")
	}
	for i, tn := range turns {
		if err := g.Apply(tn.Move); err != nil {
			t.Fatalf("turn %d: %v", tn.Number, err)
		}
		king, ok := g.King()
		if !ok {
			king = none
		}
		baron, ok := g.RobberBaron()
		if !ok {
			baron = none
		}
		if got := [2]int{king, baron}; got != want[i] {
			t.Fatalf("after turn %d: King, Robber Baron %v, want %v", tn.Number, got, want[i])
		}
	}
	if err := g.Finish(); err != nil {
		t.Fatal(err)
	}
	var bonus []ScoreEvent
	for _, e := range g.Events() {
		if e.Source != SourceFeature {
			bonus = append(bonus, e)
		}
	}
	wantBonus := []ScoreEvent{
		{Turn: 8, Player: 0, Feature: City, Cities: 2, Points: 2, Complete: true, Final: true, Source: SourceKing},
		{Turn: 8, Player: 1, Feature: Road, Tiles: 2, Points: 2, Complete: true, Final: true, Source: SourceRobberBaron},
	}
	if !slices.Equal(bonus, wantBonus) {
		t.Fatalf("bonus events %+v, want %+v", bonus, wantBonus)
	}
	bd := g.Breakdowns()
	if bd[0] != (Breakdown{Roads: 4, King: 2}) || bd[1] != (Breakdown{RobberBaron: 2}) {
		t.Errorf("breakdowns %+v", bd)
	}
}

// TestTitlesNeedTheExpansion plays the moves of king-and-robber-baron.rec
// that use base tiles only in a game with other expansions: nobody takes a
// title and nobody scores a bonus.
func TestTitlesNeedTheExpansion(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionInnsAndCathedrals), Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Config{Players: []string{"Blue", "Red"}, Rules: r})
	if err != nil {
		t.Fatal(err)
	}
	_, turns := replayFixture(t, "king-and-robber-baron.rec")
	for _, tn := range turns {
		if err := g.Apply(tn.Move); err != nil {
			t.Fatalf("turn %d: %v", tn.Number, err)
		}
	}
	g.Finish()
	if _, ok := g.King(); ok {
		t.Error("a King without King & Robber Baron")
	}
	for _, e := range g.Events() {
		if e.Source != SourceFeature {
			t.Errorf("a bonus without King & Robber Baron: %+v", e)
		}
	}
}

// TestScoreEventMarkers checks the markers and points of the events of
// the inn, cathedral, siege and pig herd fixtures.
func TestScoreEventMarkers(t *testing.T) {
	tests := []struct {
		fixture string
		want    []ScoreEvent // the events, without Turn
	}{
		{"inn-road-completed.rec", []ScoreEvent{
			{Player: 0, Feature: Road, Tiles: 3, Points: 6, Complete: true, Markers: Inn},
		}},
		{"cathedral-city-completed.rec", []ScoreEvent{
			{Player: 0, Feature: City, Tiles: 5, Points: 15, Complete: true, Markers: Cathedral},
		}},
		{"siege-city-in-farm.rec", []ScoreEvent{
			{Player: 0, Feature: City, Tiles: 2, Points: 2, Complete: true, Markers: Besieged},
			{Player: 1, Feature: Field, Cities: 1, Points: 6, Final: true, Markers: Besieged},
		}},
		{"pigherd-besieged-city-per-city.rec", []ScoreEvent{
			{Player: 0, Feature: Field, Cities: 1, Points: 10, Final: true, Markers: Besieged | PigHerd},
			{Player: 1, Feature: Field, Cities: 1, Points: 10, Final: true, Markers: Besieged | PigHerd},
		}},
		{"pigherd-farm-per-farm.rec", []ScoreEvent{
			{Player: 0, Feature: Field, Cities: 1, Points: 4, Final: true, Markers: PigHerd},
			{Player: 1, Feature: Field, Cities: 1, Points: 4, Final: true, Markers: PigHerd},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			g, turns := replayFixture(t, tt.fixture)
			for _, tn := range turns {
				if err := g.Apply(tn.Move); err != nil {
					t.Fatalf("turn %d: %v", tn.Number, err)
				}
			}
			g.Finish()
			var got []ScoreEvent
			for _, e := range g.Events() {
				e.Turn = 0
				got = append(got, e)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("events\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}
