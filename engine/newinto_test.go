package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestNewIntoPlaysAsNew plays the same random games in a Game that NewInto
// sets up again and again, going from the base game to every expansion
// and back, and in games New makes: the records must be the same, and
// a clone of the game that NewInto replaced must keep its own record.
func TestNewIntoPlaysAsNew(t *testing.T) {
	rules := []*Rules{nil}
	for _, set := range expansionSets() {
		r, err := NewRules(set, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rules = append(rules, r, nil)
	}
	var reused Game
	var before *Game
	var beforeRec string
	for i, r := range rules {
		seed := uint64(100 + i)
		cfg := Config{Players: []string{"Ann", "Ben", "Cal"}[:2+i%2], Seed: seed, Rules: r}
		fresh, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		newRandomPlayer(r, rand.New(rand.NewPCG(seed, 9))).play(fresh)
		want := fingerprint(fresh)

		if err := NewInto(&reused, cfg); err != nil {
			t.Fatal(err)
		}
		if reused.Turn() != 1 || reused.Ended() || len(reused.Moves()) != 0 {
			t.Fatalf("game %d: NewInto left turn %d, ended %v, %d moves", i, reused.Turn(), reused.Ended(), len(reused.Moves()))
		}
		newRandomPlayer(r, rand.New(rand.NewPCG(seed, 9))).play(&reused)
		if got := fingerprint(&reused); got != want {
			t.Fatalf("game %d (%v): the reused game differs from New's:\n%s\nwant:\n%s", i, r != nil, got, want)
		}
		if before != nil {
			if got := fingerprint(before); got != beforeRec {
				t.Fatalf("game %d: a clone of the game before lost its history", i)
			}
		}
		before, beforeRec = reused.Clone(), want
	}
}

// TestNewIntoRefusalKeepsGame checks that NewInto refuses a bad Config
// with New's error and leaves the game it was given as it was.
func TestNewIntoRefusalKeepsGame(t *testing.T) {
	g, err := New(Config{Players: []string{"Ann", "Ben"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	newRandomPlayer(nil, rand.New(rand.NewPCG(3, 3))).play(g)
	want := fingerprint(g)
	for _, cfg := range []Config{
		{Players: nil},
		{Players: []string{"Ann", "Ann"}},
		{Players: []string{"Ann"}, Start: StartTile{Tile: 200}},
	} {
		_, newErr := New(cfg)
		err := NewInto(g, cfg)
		if err == nil || newErr == nil || err.Error() != newErr.Error() {
			t.Fatalf("NewInto(%+v) = %v, New gives %v", cfg, err, newErr)
		}
		if !errors.Is(err, ErrPlayers) && !errors.Is(err, ErrUnknownTile) {
			t.Fatalf("NewInto(%+v) = %v", cfg, err)
		}
		if got := fingerprint(g); got != want {
			t.Fatalf("NewInto(%+v) refused but changed the game", cfg)
		}
	}
}

// fingerprint returns a game's record, placed tiles, score events and
// moves as text, to compare two games.
func fingerprint(g *Game) string {
	return fmt.Sprint(g.Record().String(), g.PlacedTiles(), g.Events(), g.Moves(), g.Followers(), g.Scores())
}
