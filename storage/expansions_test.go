package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// startExpansionGame creates and starts a game of n players with the
// expansions exps (record names, any order) shuffled by seed.
func startExpansionGame(tb testing.TB, s *Store, n int, seed uint64, exps ...string) Game {
	tb.Helper()
	ctx := context.Background()
	g, err := s.CreateGame(ctx, NewGame{
		Host:       Player{UserID: "user0", Name: "Player 0"},
		ChannelID:  fmt.Sprint("channel-", seed),
		Expansions: exps,
		MaxSeats:   n,
	})
	if err != nil {
		tb.Fatal(err)
	}
	for i := 1; i < n; i++ {
		if _, err := s.Join(ctx, g.ID, Player{UserID: fmt.Sprint("user", i), Name: fmt.Sprint("Player ", i)}); err != nil {
			tb.Fatal(err)
		}
	}
	if g, err = s.Start(ctx, g.ID, seed); err != nil {
		tb.Fatal(err)
	}
	return g
}

// expansionMirror returns a new engine game set up like stored game g, with
// its expansions.
func expansionMirror(tb testing.TB, g Game) *engine.Game {
	tb.Helper()
	set, err := engine.ParseExpansions(strings.Join(g.Expansions, ","))
	if err != nil {
		tb.Fatal(err)
	}
	rules, err := engine.NewRules(set, g.Options)
	if err != nil {
		tb.Fatal(err)
	}
	var names []string
	for _, st := range g.Seats {
		names = append(names, st.PlayerName)
	}
	e, err := engine.New(engine.Config{Rules: rules, Players: names, Seed: g.Seed, DrawnOnly: true})
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// playFigures appends n random legal moves (fewer if the game ends) to game
// id, mirroring them on mirror, as playMoves does; the figure deployed is
// the large follower whenever the player still has it and large is set,
// and a follower otherwise. It returns the number of large followers
// deployed.
func playFigures(tb testing.TB, s *Store, id int64, mirror *engine.Game, rng *rand.Rand, n int, large bool) int {
	tb.Helper()
	deployed := 0
	for i := 0; i < n && !mirror.Ended(); i++ {
		m := randomMove(mirror, rng)
		if !m.Discard && m.Follower == engine.NoPort && rng.IntN(2) == 0 {
			if spots := mirror.FollowerSpots(engine.Placement{Cell: m.Cell, Rotation: m.Rotation}); len(spots) > 0 {
				m.Follower = spots[rng.IntN(len(spots))].Port
			}
		}
		if m.Follower != engine.NoPort && large && mirror.SupplyOf(mirror.Current(), engine.FigureLarge) > 0 {
			m.Figure = engine.FigureLarge
			deployed++
		}
		number := len(mirror.Moves())
		res, err := s.AppendMove(context.Background(), id, number, m, Request{ID: fmt.Sprint("req-", number)})
		if err != nil {
			tb.Fatalf("move %d (%s): %v", number, engine.MoveString(mirror.TileSet(), m), err)
		}
		if err := mirror.Apply(m); err != nil {
			tb.Fatal(err)
		}
		if res.Finished != mirror.Ended() {
			tb.Fatalf("move %d: Finished %v, the game ended %v", number, res.Finished, mirror.Ended())
		}
		sameState(tb, res.State, mirror)
	}
	return deployed
}

// TestExpansionsGame stores a game of The River, Inns & Cathedrals and King
// & Robber Baron in a database file, plays moves with large followers,
// reopens the file and checks the game loads and its record replays to the
// same game.
func TestExpansionsGame(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, path := kind.open(t)
		g := startExpansionGame(t, s, 3, 11, "king-and-robber", " river", "inns-and-cathedrals", "base")
		want := []string{"base", "river", "inns-and-cathedrals", "king-and-robber"}
		if !slices.Equal(g.Expansions, want) {
			t.Fatalf("Expansions %q, want %q", g.Expansions, want)
		}
		var column string
		if err := rawDB(t, path).QueryRow(`SELECT expansions FROM games WHERE id = ?`, g.ID).Scan(&column); err != nil {
			t.Fatal(err)
		}
		if column != "base, river, inns-and-cathedrals, king-and-robber" {
			t.Errorf("stored %q, want the record's order", column)
		}
		mirror := expansionMirror(t, g)
		if first, _ := mirror.Drawn(); !mirror.Rules().RiverTile(first) {
			t.Fatalf("the first tile drawn, %s, is not a river tile", mirror.TileSet().Name(first))
		}
		rng := rand.New(rand.NewPCG(11, 12))
		if n := playFigures(t, s, g.ID, mirror, rng, 30, true); n == 0 {
			t.Fatal("no large follower was deployed")
		}

		s = reopen(t, s, path) // no cached state
		loaded, state, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(loaded.Expansions, want) || loaded.Status != StatusRunning {
			t.Fatalf("loaded %q, %s", loaded.Expansions, loaded.Status)
		}
		sameState(t, state, mirror)

		rec, err := s.Record(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		text := rec.String()
		if !strings.Contains(text, `[Expansions "base, river, inns-and-cathedrals, king-and-robber"]`) || !strings.Contains(text, " large@") {
			t.Fatalf("the record lacks its expansions or its large follower:\n%s", text)
		}
		read, err := engine.ReadRecord(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := read.Replay()
		if err != nil {
			t.Fatalf("the record does not replay: %v\n%s", err, text)
		}
		samePlay(t, replayed, mirror)

		playFigures(t, s, g.ID, mirror, rng, 1000, true)
		if !mirror.Ended() {
			t.Fatal("the game did not end")
		}
		s = reopen(t, s, path)
		if loaded, state, err = s.Load(ctx, g.ID); err != nil || loaded.Status != StatusFinished {
			t.Fatalf("Load: %s, %v", loaded.Status, err)
		}
		sameState(t, state, mirror)
		if rec, err = s.Record(ctx, g.ID); err != nil {
			t.Fatal(err)
		}
		read, err = engine.ReadRecord(strings.NewReader(rec.String()))
		if err != nil {
			t.Fatal(err)
		}
		if replayed, err = read.Replay(); err != nil {
			t.Fatal(err)
		}
		sameState(t, replayed, mirror)
		if got, want := read.String(), mirror.Record().String(); !strings.HasSuffix(got, want[strings.Index(want, "\n\n"):]) {
			t.Errorf("the stored record's moves differ from the game's:\n%s\nwant\n%s", got, want)
		}
	})
}

// TestExpansionsRefused checks the expansions and seats CreateGame refuses,
// and that nothing is stored then.
func TestExpansionsRefused(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		tests := []struct {
			name  string
			exps  []string
			seats int
			is    error
			text  string
		}{
			{"unknown", []string{"river", "dragons"}, 2, engine.ErrUnknownExpander, `there is no expansion "dragons" (the expansions available are river, river2, inns-and-cathedrals, traders-and-builders, princess-and-dragon, tower, flying-machines, ferries, gold-mines, mage-and-witch, crop-circles, king-and-robber, cathars, gq11, messengers, robbers)`},
			{"twice", []string{"river", "river"}, 2, engine.ErrUnknownExpander, "river is named twice"},
			{"title", []string{"The River"}, 2, engine.ErrUnknownExpander, `"The River"`},
			{"six seats", []string{"river"}, 6, ErrSixSeats, "a sixth seat needs Inns & Cathedrals"},
			{"six seats, base", nil, 6, ErrSixSeats, "Inns & Cathedrals"},
			{"seven seats", []string{"inns-and-cathedrals"}, 7, engine.ErrPlayers, "7 seats"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "ann", Name: "Ann"}, Expansions: tt.exps, MaxSeats: tt.seats})
				if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.text) {
					t.Errorf("got %v, want %v with %q", err, tt.is, tt.text)
				}
			})
		}
		if games, err := s.List(ctx, 10); err != nil || len(games) != 0 {
			t.Fatalf("stored %d games, %v", len(games), err)
		}
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "ann", Name: "Ann"}, Expansions: []string{"inns-and-cathedrals"}, MaxSeats: 6})
		if err != nil || g.MaxSeats != 6 || !slices.Equal(g.Expansions, []string{"base", "inns-and-cathedrals"}) {
			t.Fatalf("six seats with Inns & Cathedrals: %+v, %v", g, err)
		}
		if g, err = s.CreateGame(ctx, NewGame{Host: Player{UserID: "bob", Name: "Bob"}}); err != nil || !slices.Equal(g.Expansions, []string{"base"}) {
			t.Fatalf("the base game: %q, %v", g.Expansions, err)
		}
	})
}

// TestUpdateLobby changes a lobby's expansions, options and seats, and
// checks what UpdateLobby refuses.
func TestUpdateLobby(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, path := kind.open(t)
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "u0", Name: "P0"}})
		if err != nil {
			t.Fatal(err)
		}
		id := g.ID
		perCity := engine.Options{Farms: engine.FarmsPerCity, TinyCity: 2}
		g, err = s.UpdateLobby(ctx, id, LobbyUpdate{Expansions: []string{"king-and-robber", "inns-and-cathedrals"}, Options: &perCity, MaxSeats: 6})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(g.Expansions, []string{"base", "inns-and-cathedrals", "king-and-robber"}) || g.Options != perCity || g.MaxSeats != 6 {
			t.Fatalf("after the update: %q, %+v, %d seats", g.Expansions, g.Options, g.MaxSeats)
		}
		// The settings survive a reopening.
		s = reopen(t, s, path)
		if got, err := s.Get(ctx, id); err != nil || !slices.Equal(got.Expansions, g.Expansions) || got.Options != perCity || got.MaxSeats != 6 {
			t.Fatalf("stored: %q, %+v, %d seats, %v", got.Expansions, got.Options, got.MaxSeats, err)
		}
		// Only the expansions: the options stay; without Inns & Cathedrals the
		// sixth seat goes.
		if g, err = s.UpdateLobby(ctx, id, LobbyUpdate{Expansions: []string{"river"}}); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(g.Expansions, []string{"base", "river"}) || g.Options != perCity || g.MaxSeats != 5 {
			t.Fatalf("after the river: %q, %+v, %d seats", g.Expansions, g.Options, g.MaxSeats)
		}
		if _, err := s.UpdateLobby(ctx, id, LobbyUpdate{MaxSeats: 6}); !errors.Is(err, ErrSixSeats) {
			t.Errorf("6 seats without Inns & Cathedrals: got %v, want ErrSixSeats", err)
		}
		if _, err := s.UpdateLobby(ctx, id, LobbyUpdate{Expansions: []string{"messenger"}}); !errors.Is(err, engine.ErrUnknownExpander) {
			t.Errorf("an expansion misspelt: got %v, want ErrUnknownExpander", err)
		}
		if _, err := s.UpdateLobby(ctx, id, LobbyUpdate{Options: &engine.Options{TinyCity: 3}}); !errors.Is(err, engine.ErrBadOption) {
			t.Errorf("tiny-city 3: got %v, want ErrBadOption", err)
		}
		if got, _ := s.Get(ctx, id); !slices.Equal(got.Expansions, []string{"base", "river"}) || got.Options != perCity || got.MaxSeats != 5 {
			t.Fatalf("a refused update changed the lobby: %q, %+v, %d", got.Expansions, got.Options, got.MaxSeats)
		}

		// Six players with Inns & Cathedrals; then it stays.
		if _, err = s.UpdateLobby(ctx, id, LobbyUpdate{Expansions: []string{"inns-and-cathedrals"}, MaxSeats: 6}); err != nil {
			t.Fatal(err)
		}
		for i := 1; i < 6; i++ {
			if _, err := s.Join(ctx, id, Player{UserID: fmt.Sprint("u", i), Name: fmt.Sprint("P", i)}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.UpdateLobby(ctx, id, LobbyUpdate{Expansions: []string{}}); !errors.Is(err, ErrSixSeats) {
			t.Errorf("leaving out Inns & Cathedrals with 6 seated: got %v, want ErrSixSeats", err)
		}
		if _, err := s.UpdateLobby(ctx, id, LobbyUpdate{MaxSeats: 4}); !errors.Is(err, ErrGameFull) {
			t.Errorf("4 seats for 6 players: got %v, want ErrGameFull", err)
		}
		g, err = s.Start(ctx, id, 3)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateLobby(ctx, id, LobbyUpdate{Expansions: []string{"river"}}); !errors.Is(err, ErrNotLobby) {
			t.Errorf("a running game: got %v, want ErrNotLobby", err)
		}
		if _, err := s.UpdateLobby(ctx, id+100, LobbyUpdate{}); !errors.Is(err, ErrNotFound) {
			t.Errorf("no game: got %v, want ErrNotFound", err)
		}
		// The six players play with the large follower.
		mirror := expansionMirror(t, g)
		if n := playFigures(t, s, id, mirror, rand.New(rand.NewPCG(3, 3)), 24, true); n == 0 {
			t.Error("no large follower was deployed")
		}
		_, state, err := s.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		sameState(t, state, mirror)
	})
}

// TestExpansionsTampered checks that a stored game whose expansions were
// changed past the Store loads as broken with the reason, and that its
// record is refused the same way.
func TestExpansionsTampered(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		tests := []struct {
			name, exps, reason string
		}{
			{"unknown", "base, river, dragons", `there is no expansion "dragons"`},
			{"twice", "base, river, river", "river is named twice"},
			{"river gone", "base, inns-and-cathedrals", "move 0"},
			{"garbage", ",,;", `there is no expansion ";"`},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				ctx := context.Background()
				s, path := kind.open(t)
				g := startExpansionGame(t, s, 2, 5, "river", "inns-and-cathedrals")
				playFigures(t, s, g.ID, expansionMirror(t, g), rand.New(rand.NewPCG(5, 5)), 6, true)
				other := startExpansionGame(t, s, 2, 6, "river", "inns-and-cathedrals")
				if _, err := rawDB(t, path).Exec(`UPDATE games SET expansions = ? WHERE id = ?`, tt.exps, g.ID); err != nil {
					t.Fatal(err)
				}
				s = reopen(t, s, path)
				loaded, state, err := s.Load(ctx, g.ID)
				if !errors.Is(err, ErrBroken) || state != nil {
					t.Fatalf("Load: got %v, want ErrBroken", err)
				}
				if loaded.Status != StatusBroken || !strings.Contains(loaded.Reason, tt.reason) {
					t.Errorf("got %s, reason %q; want broken with %q", loaded.Status, loaded.Reason, tt.reason)
				}
				if _, err := s.Record(ctx, g.ID); !errors.Is(err, ErrBroken) {
					t.Errorf("Record: got %v, want ErrBroken", err)
				}
				if got, _, err := s.Load(ctx, other.ID); err != nil || got.Status != StatusRunning {
					t.Errorf("the other game: %s, %v", got.Status, err)
				}
			})
		}
	})
}

// TestUpdateLobbyTampered checks that a lobby whose stored expansions do not
// read is refused until an update replaces its expansions and options.
func TestUpdateLobbyTampered(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, path := kind.open(t)
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "u0", Name: "P0"}, Expansions: []string{"river"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rawDB(t, path).Exec(`UPDATE games SET expansions = 'base, dragons' WHERE id = ?`, g.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Start(ctx, g.ID, 1); !errors.Is(err, ErrBroken) || !strings.Contains(err.Error(), "dragons") {
			t.Errorf("Start: got %v, want ErrBroken naming dragons", err)
		}
		if _, err := s.UpdateLobby(ctx, g.ID, LobbyUpdate{MaxSeats: 3}); !errors.Is(err, ErrBroken) {
			t.Errorf("UpdateLobby of the seats: got %v, want ErrBroken", err)
		}
		g, err = s.UpdateLobby(ctx, g.ID, LobbyUpdate{Expansions: []string{"river"}, Options: &engine.Options{}})
		if err != nil || !slices.Equal(g.Expansions, []string{"base", "river"}) {
			t.Fatalf("UpdateLobby of both: %q, %v", g.Expansions, err)
		}
		if _, err := s.Start(ctx, g.ID, 1); err != nil {
			t.Errorf("Start after the update: %v", err)
		}
	})
}
