package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, path := kind.open(t)
		opts := engine.Options{Farms: engine.FarmsPerCity, TinyCity: 2}
		g, err := s.CreateGame(ctx, NewGame{
			Host:    Player{UserID: "u-oscar", Name: "Oscar"},
			GuildID: "g1", ChannelID: "c1", LobbyMessageID: "m1",
			Options: opts, MaxSeats: 4, TurnTimeout: 90 * time.Second,
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []Player{{UserID: "u-carol", Name: "Carol, the Great"}, {UserID: "u-bob", Name: "Bob"}, {UserID: "u-dave", Name: "Oscar"}} {
			if g, err = s.Join(ctx, g.ID, p); err != nil {
				t.Fatal(err)
			}
		}
		if g, err = s.Leave(ctx, g.ID, "u-carol"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetThread(ctx, g.ID, "t1"); err != nil {
			t.Fatal(err)
		}
		if g, err = s.Start(ctx, g.ID, 12345); err != nil {
			t.Fatal(err)
		}
		if g.Status != StatusRunning || g.Seed != 12345 || g.ThreadID != "t1" || g.Options != opts {
			t.Fatalf("started game: %+v", g)
		}
		var seats []string
		for _, st := range g.Seats {
			seats = append(seats, fmt.Sprintf("%d %s %s", st.Index, st.UserID, st.PlayerName))
		}
		if got, want := strings.Join(seats, "; "), "0 u-oscar Oscar; 1 u-bob Bob; 2 u-dave Oscar 2"; got != want {
			t.Fatalf("seats: got %q, want %q", got, want)
		}
		if g.Deadline.IsZero() || g.Deadline.Sub(g.StartedAt) != 90*time.Second {
			t.Errorf("deadline %v, started %v", g.Deadline, g.StartedAt)
		}

		mirror := mirrorOf(t, g)
		rng := rand.New(rand.NewPCG(1, 2))
		playMoves(t, s, g.ID, mirror, rng, 30)

		// Halfway: a restart, then the same state.
		s = reopen(t, s, path)
		got, state, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Moves != 30 || got.Status != StatusRunning {
			t.Fatalf("after 30 moves: %d moves, status %s", got.Moves, got.Status)
		}
		sameState(t, state, mirror)

		playMoves(t, s, g.ID, mirror, rng, 1000)
		if !mirror.Ended() {
			t.Fatal("the game did not end")
		}
		s = reopen(t, s, path)
		got, state, err = s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != StatusFinished || got.Moves != len(mirror.Moves()) || got.EndedAt.IsZero() || !got.Deadline.IsZero() {
			t.Fatalf("finished game: %+v", got)
		}
		sameState(t, state, mirror)

		// The cached state is the same, and the caller's copy is its own.
		state.Finish()
		_, again, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		sameState(t, again, mirror)

		rec, err := s.Record(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := mirror.Record()
		if !slices.Equal(rec.Players, want.Players) || rec.Seed != want.Seed || rec.Options != want.Options || !rec.End ||
			!slices.Equal(rec.Turns, want.Turns) {
			t.Fatalf("record:\ngot\n%s\nwant\n%s", rec, want)
		}
		text := rec.String()
		for _, h := range []string{`[Guild "g1"]`, `[Channel "c1"]`, `[Thread "t1"]`, fmt.Sprintf(`[Game "%d"]`, g.ID), `[Date "` + got.StartedAt.Format("2006-01-02") + `"]`} {
			if !strings.Contains(text, h+"\n") {
				t.Errorf("the record has no %s:\n%s", h, text)
			}
		}
		read, err := engine.ReadRecord(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if read.String() != text {
			t.Errorf("the record does not round-trip:\n%s\n%s", read, text)
		}
		replayed, err := read.Replay()
		if err != nil {
			t.Fatal(err)
		}
		sameState(t, replayed, mirror)

		if _, err := s.AppendMove(ctx, g.ID, got.Moves, engine.Move{}, Request{}); !errors.Is(err, ErrNotRunning) {
			t.Errorf("a move after the end: got %v, want ErrNotRunning", err)
		}
	})
}

func TestRace(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		g := startGame(t, s, 2, 7)
		mirror := mirrorOf(t, g)
		rng := rand.New(rand.NewPCG(3, 4))
		playMoves(t, s, g.ID, mirror, rng, 5)

		const n = 50
		race := func(m engine.Move, requestID func(i int) string) (results []AppendResult, errs []error) {
			var wg sync.WaitGroup
			results, errs = make([]AppendResult, n), make([]error, n)
			start := make(chan struct{})
			for i := range n {
				wg.Go(func() {
					<-start
					results[i], errs[i] = s.AppendMove(ctx, g.ID, len(mirror.Moves()), m, Request{ID: requestID(i)})
				})
			}
			close(start)
			wg.Wait()
			return results, errs
		}

		t.Run("conflict", func(t *testing.T) {
			m := randomMove(mirror, rng)
			results, errs := race(m, func(i int) string { return fmt.Sprint("click-", i) })
			won := 0
			for i, err := range errs {
				switch {
				case err == nil:
					won++
					if results[i].Number != len(mirror.Moves()) || results[i].Duplicate {
						t.Errorf("the winner got %+v", results[i])
					}
				case !errors.Is(err, ErrConflict):
					t.Errorf("goroutine %d: got %v, want ErrConflict", i, err)
				}
			}
			if won != 1 {
				t.Fatalf("%d appends succeeded, want 1", won)
			}
			mirror.Apply(m)
		})

		t.Run("same request", func(t *testing.T) {
			m := randomMove(mirror, rng)
			results, errs := race(m, func(int) string { return "interaction-1" })
			first := 0
			for i, err := range errs {
				if err != nil {
					t.Fatalf("goroutine %d: %v", i, err)
				}
				if results[i].Number != len(mirror.Moves()) {
					t.Errorf("goroutine %d: got %+v", i, results[i])
				}
				if !results[i].Duplicate {
					first++
				}
			}
			if first != 1 {
				t.Fatalf("%d appends were not duplicates, want 1", first)
			}
			number := len(mirror.Moves())
			mirror.Apply(m)
			playMoves(t, s, g.ID, mirror, rng, 3)

			// The same id, much later and with another move: the first result.
			res, err := s.AppendMove(ctx, g.ID, number, randomMove(mirror, rng), Request{ID: "interaction-1"})
			if err != nil || !res.Duplicate || res.Number != number || res.State != nil || res.Game.Moves != number+4 {
				t.Fatalf("the request again: got %+v, %v", res, err)
			}
		})

		// The log: no gap, no duplicate, and the same game.
		rows, err := storeSQL(s).QueryContext(ctx, `SELECT number FROM moves WHERE game_id = ? ORDER BY number`, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		next := 0
		for rows.Next() {
			var number int
			if err := rows.Scan(&number); err != nil {
				t.Fatal(err)
			}
			if number != next {
				t.Fatalf("move %d follows move %d", number, next-1)
			}
			next++
		}
		if next != len(mirror.Moves()) {
			t.Fatalf("%d moves stored, want %d", next, len(mirror.Moves()))
		}
		_, state, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		sameState(t, state, mirror)
	})
}

func TestAppendMoveChecks(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		g := startGame(t, s, 2, 11)
		mirror := mirrorOf(t, g)
		tile, _ := mirror.Drawn()

		_, err := s.AppendMove(ctx, g.ID, 0, engine.Move{Tile: tile, Cell: engine.Cell{X: 5, Y: 5}}, Request{ID: "bad"})
		if !errors.Is(err, engine.ErrNoNeighbour) {
			t.Errorf("a move far from the board: got %v, want ErrNoNeighbour", err)
		}
		if _, err := s.AppendMove(ctx, g.ID, 1, randomMove(mirror, rand.New(rand.NewPCG(1, 1))), Request{}); !errors.Is(err, ErrConflict) {
			t.Errorf("a move numbered past the end: got %v, want ErrConflict", err)
		}
		if _, err := s.AppendMove(ctx, 999, 0, engine.Move{}, Request{}); !errors.Is(err, ErrNotFound) {
			t.Errorf("no such game: got %v, want ErrNotFound", err)
		}
		lobby, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "h", Name: "H"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.AppendMove(ctx, lobby.ID, 0, engine.Move{}, Request{}); !errors.Is(err, ErrNotRunning) {
			t.Errorf("a move in a lobby: got %v, want ErrNotRunning", err)
		}
		if _, _, err := s.Load(ctx, lobby.ID); !errors.Is(err, ErrNotStarted) {
			t.Errorf("loading a lobby: got %v, want ErrNotStarted", err)
		}
		if _, err := s.Record(ctx, lobby.ID); !errors.Is(err, ErrNotStarted) {
			t.Errorf("the record of a lobby: got %v, want ErrNotStarted", err)
		}
		got, _, err := s.Load(ctx, g.ID)
		if err != nil || got.Moves != 0 {
			t.Fatalf("after rejected moves: %d moves, %v", got.Moves, err)
		}
		// The rejected request id was not stored: it may be used again.
		if _, err := s.AppendMove(ctx, g.ID, 0, randomMove(mirror, rand.New(rand.NewPCG(1, 1))), Request{ID: "bad"}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestResign(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, path := kind.open(t)
		clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
		s.now = func() time.Time { return clock }
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "user0", Name: "Ann"}, TurnTimeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []Player{{UserID: "user1", Name: "Bob"}, {UserID: "user2", Name: "Cid"}, {UserID: "user3", Name: "Dee"}} {
			if _, err := s.Join(ctx, g.ID, p); err != nil {
				t.Fatal(err)
			}
		}
		if g, err = s.Start(ctx, g.ID, 99); err != nil {
			t.Fatal(err)
		}
		mirror := mirrorOf(t, g)
		rng := rand.New(rand.NewPCG(9, 9))
		playMoves(t, s, g.ID, mirror, rng, 5) // seat 1 to play

		// Seat 2 resigns out of turn: the turn and its deadline go on.
		clock = clock.Add(10 * time.Second)
		res, err := s.Resign(ctx, g.ID, "user2", Request{ID: "resign-1"})
		if err != nil {
			t.Fatal(err)
		}
		if res.Number != 5 || res.Turn != mirror.Turn() || res.Seat != 2 || res.Duplicate || res.Finished {
			t.Errorf("resignation: got %+v", res)
		}
		if res, err := s.Resign(ctx, g.ID, "user2", Request{ID: "resign-1"}); err != nil || !res.Duplicate || res.Number != 5 {
			t.Errorf("the resignation again: got %+v, %v", res, err)
		}
		mirror.Apply(engine.Move{Resign: true, Player: 2})
		g, err = s.Get(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Seats[2].Resigned || g.Seats[1].Resigned || !g.Deadline.Equal(clock.Add(-10*time.Second+time.Minute)) {
			t.Errorf("after the resignation: seats %+v, deadline %v", g.Seats, g.Deadline)
		}
		// Seat 1 resigns in turn, through AppendMove: the turn passes.
		if _, err := s.AppendMove(ctx, g.ID, 6, engine.Move{Resign: true, Player: 1}, Request{}); err != nil {
			t.Fatal(err)
		}
		mirror.Apply(engine.Move{Resign: true, Player: 1})
		if g, _ := s.Get(ctx, g.ID); !g.Deadline.Equal(clock.Add(time.Minute)) {
			t.Errorf("deadline after an in-turn resignation: %v", g.Deadline)
		}
		playMoves(t, s, g.ID, mirror, rng, 5)

		s = reopen(t, s, path)
		_, state, err := s.Load(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		sameState(t, state, mirror)
		rec, err := s.Record(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(rec.String(), "\nresign Cid\n") {
			t.Errorf("the record has no resignation:\n%s", rec)
		}
		replayed, err := rec.Replay()
		if err != nil {
			t.Fatal(err)
		}
		samePlay(t, replayed, mirror) // a running game's record has no seed

		// The last player but one resigns: the game is over.
		res, err = s.Resign(ctx, g.ID, "user0", Request{})
		if err != nil || !res.Finished {
			t.Fatalf("the last resignation: got %+v, %v", res, err)
		}
		if g, _, err := s.Load(ctx, g.ID); err != nil || g.Status != StatusFinished {
			t.Fatalf("after every player but one resigned: %s, %v", g.Status, err)
		}
	})
}

func TestNotDrawn(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		g := startGame(t, s, 2, 1)
		mirror := mirrorOf(t, g)
		drawn, _ := mirror.Drawn()
		// Another tile still in the pile, placed legally.
		for other := engine.TileID(1); int(other) <= mirror.TileSet().Len(); other++ {
			if other == drawn {
				continue
			}
			ps := mirror.AppendPlacements(nil, other)
			if len(ps) == 0 {
				continue
			}
			m := engine.Move{Tile: other, Cell: ps[0].Cell, Rotation: ps[0].Rotation}
			if mirror.Check(m) != nil {
				continue
			}
			if _, err := s.AppendMove(ctx, g.ID, 0, m, Request{}); !errors.Is(err, ErrNotDrawn) {
				t.Fatalf("playing %s instead of %s: got %v, want ErrNotDrawn", engine.MoveString(mirror.TileSet(), m), mirror.TileSet().Name(drawn), err)
			}
			return
		}
		t.Fatal("no other tile fits")
	})
}

func TestLobby(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "a", Name: "A"}, MaxSeats: 3})
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != StatusLobby || g.HostID != "a" || len(g.Seats) != 1 || g.MaxSeats != 3 {
			t.Fatalf("new lobby: %+v", g)
		}
		steps := []struct {
			name string
			do   func() error
			want error
		}{
			{"join", func() error { _, err := s.Join(ctx, g.ID, Player{UserID: "b", Name: "B"}); return err }, nil},
			{"join twice", func() error { _, err := s.Join(ctx, g.ID, Player{UserID: "b", Name: "B"}); return err }, ErrAlreadySeated},
			{"join the last seat", func() error { _, err := s.Join(ctx, g.ID, Player{UserID: "c", Name: "C"}); return err }, nil},
			{"join a full game", func() error { _, err := s.Join(ctx, g.ID, Player{UserID: "d", Name: "D"}); return err }, ErrGameFull},
			{"leave", func() error { _, err := s.Leave(ctx, g.ID, "a"); return err }, nil},
			{"leave twice", func() error { _, err := s.Leave(ctx, g.ID, "a"); return err }, ErrNotSeated},
			{"join a missing game", func() error { _, err := s.Join(ctx, 99, Player{UserID: "d", Name: "D"}); return err }, ErrNotFound},
			{"join the free seat", func() error { _, err := s.Join(ctx, g.ID, Player{UserID: "d", Name: "D"}); return err }, nil},
			{"resign in a lobby", func() error { _, err := s.Resign(ctx, g.ID, "d", Request{}); return err }, ErrNotRunning},
			{"start", func() error { _, err := s.Start(ctx, g.ID, 1); return err }, nil},
			{"start twice", func() error { _, err := s.Start(ctx, g.ID, 1); return err }, ErrNotLobby},
			{"join a running game", func() error { _, err := s.Join(ctx, g.ID, Player{UserID: "e", Name: "E"}); return err }, ErrNotLobby},
			{"leave a running game", func() error { _, err := s.Leave(ctx, g.ID, "b"); return err }, ErrNotLobby},
			{"resign", func() error { _, err := s.Resign(ctx, g.ID, "c", Request{}); return err }, nil},
			{"resign twice", func() error { _, err := s.Resign(ctx, g.ID, "c", Request{}); return err }, engine.ErrResigned},
			{"resign without a seat", func() error { _, err := s.Resign(ctx, g.ID, "a", Request{}); return err }, ErrNotSeated},
		}
		for _, st := range steps {
			if err := st.do(); !errors.Is(err, st.want) || (st.want == nil && err != nil) {
				t.Fatalf("%s: got %v, want %v", st.name, err, st.want)
			}
		}
		g, err = s.Get(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		var seats []string
		for _, st := range g.Seats {
			seats = append(seats, fmt.Sprintf("%d %s %v", st.Index, st.UserID, st.Resigned))
		}
		// d took seat 0, freed by a, so it plays first.
		if got, want := strings.Join(seats, "; "), "0 d false; 1 b false; 2 c true"; got != want {
			t.Errorf("seats: got %q, want %q", got, want)
		}

		empty, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "a", Name: "A"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Leave(ctx, empty.ID, "a"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Start(ctx, empty.ID, 1); !errors.Is(err, ErrNoPlayers) {
			t.Errorf("starting an empty lobby: got %v, want ErrNoPlayers", err)
		}
		if _, err := s.Get(ctx, 1234); !errors.Is(err, ErrNotFound) {
			t.Errorf("a missing game: got %v, want ErrNotFound", err)
		}
		for _, ng := range []NewGame{
			{Host: Player{UserID: "a"}, MaxSeats: 7},
			{Host: Player{UserID: "a"}, Expansions: []string{"inns"}},
			{Host: Player{UserID: "a"}, Options: engine.Options{TinyCity: 3}},
			{Host: Player{}},
		} {
			if _, err := s.CreateGame(ctx, ng); err == nil {
				t.Errorf("CreateGame(%+v) succeeded", ng)
			}
		}
	})
}

func TestRecordNames(t *testing.T) {
	t.Parallel()
	var seats []Seat
	for _, n := range []string{"Oscar", "Oscar", "Car,ol [the \"best\"] #1", "  ", "\x00\n", strings.Repeat("x", 40), "Oscar 2"} {
		seats = append(seats, Seat{Name: n})
	}
	got := recordNames(seats)
	want := []string{"Oscar", "Oscar 2", "Car ol the best 1", "Player", "Player 2", strings.Repeat("x", 32), "Oscar 2 2"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	if _, err := engine.New(engine.Config{Players: got[:6]}); err != nil {
		t.Fatal(err)
	}
}

func TestMarkStatus(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		lobby, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "a", Name: "A"}})
		if err != nil {
			t.Fatal(err)
		}
		running := startGame(t, s, 2, 3)
		tests := []struct {
			id     int64
			status Status
			ok     bool
		}{
			{lobby.ID, StatusRunning, false},
			{lobby.ID, StatusFinished, false},
			{lobby.ID, StatusBroken, false},
			{lobby.ID, StatusStopped, true},
			{lobby.ID, StatusRunning, false}, // never started
			{running.ID, StatusLobby, false},
			{running.ID, StatusFinished, false},
			{running.ID, StatusStopped, true},
			{running.ID, StatusRunning, true},
			{running.ID, StatusBroken, true},
			{running.ID, StatusRunning, true},
			{running.ID, Status("paused"), false},
		}
		for _, tt := range tests {
			err := s.MarkStatus(ctx, tt.id, tt.status, "because")
			if tt.ok && err != nil || !tt.ok && !errors.Is(err, ErrBadStatus) {
				t.Fatalf("game %d to %s: got %v, want ok %v", tt.id, tt.status, err, tt.ok)
			}
			if g, _ := s.Get(ctx, tt.id); tt.ok && g.Status != tt.status {
				t.Fatalf("game %d: status %s, want %s", tt.id, g.Status, tt.status)
			}
		}
		if err := s.MarkStatus(ctx, 99, StatusStopped, ""); !errors.Is(err, ErrNotFound) {
			t.Errorf("a missing game: got %v", err)
		}
		if _, _, err := s.Load(ctx, running.ID); err != nil {
			t.Errorf("a game running again: %v", err)
		}
		if g, _ := s.Get(ctx, lobby.ID); g.Reason != "because" || g.EndedAt.IsZero() {
			t.Errorf("a stopped lobby: %+v", g)
		}
	})
}

func TestFinders(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
		s.now = func() time.Time { return clock }

		create := func(host, channel string, timeout time.Duration) Game {
			t.Helper()
			g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: host, Name: host}, ChannelID: channel, TurnTimeout: timeout})
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
		ids := func(games []Game, err error) string {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, g := range games {
				out = append(out, fmt.Sprint(g.ID))
			}
			return strings.Join(out, " ")
		}
		g1 := create("ann", "c1", time.Minute) // running, deadline 12:01
		g2 := create("bob", "c1", 0)           // lobby
		g3 := create("ann", "c2", time.Hour)   // finished
		g4 := create("cid", "c2", 0)           // lobby, deadline 12:00:30
		for _, id := range []int64{g1.ID, g3.ID} {
			if _, err := s.Join(ctx, id, Player{UserID: "bob", Name: "Bob"}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Start(ctx, id, uint64(id)); err != nil {
				t.Fatal(err)
			}
		}
		g, _, err := s.Load(ctx, g3.ID)
		if err != nil {
			t.Fatal(err)
		}
		mirror := mirrorOf(t, g)
		playMoves(t, s, g3.ID, mirror, rand.New(rand.NewPCG(5, 5)), 1000)
		if err := s.SetDeadline(ctx, g4.ID, clock.Add(30*time.Second)); err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{g1.ID, g3.ID} {
			if err := s.SetThread(ctx, id, fmt.Sprint("thread-", id)); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.SetLobbyMessage(ctx, g2.ID, "lm"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetTurnMessage(ctx, g2.ID, "tm"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetThread(ctx, 99, "x"); !errors.Is(err, ErrNotFound) {
			t.Errorf("SetThread of a missing game: got %v", err)
		}

		tests := []struct {
			name string
			got  string
			want string
		}{
			{"channel c1", ids(s.GamesByChannel(ctx, "c1")), fmt.Sprint(g2.ID, " ", g1.ID)},
			{"channel c2 lobbies", ids(s.GamesByChannel(ctx, "c2", StatusLobby)), fmt.Sprint(g4.ID)},
			{"channel c2 finished or running", ids(s.GamesByChannel(ctx, "c2", StatusFinished, StatusRunning)), fmt.Sprint(g3.ID)},
			{"player bob", ids(s.GamesByPlayer(ctx, "bob")), fmt.Sprint(g3.ID, " ", g2.ID, " ", g1.ID)},
			{"player ann finished", ids(s.GamesByPlayer(ctx, "ann", StatusFinished)), fmt.Sprint(g3.ID)},
			{"player nobody", ids(s.GamesByPlayer(ctx, "nobody")), ""},
			{"due now", ids(s.Due(ctx, clock)), ""},
			{"due in 30s", ids(s.Due(ctx, clock.Add(30*time.Second))), fmt.Sprint(g4.ID)},
			{"due in 2m", ids(s.Due(ctx, clock.Add(2*time.Minute))), fmt.Sprint(g4.ID, " ", g1.ID)},
			{"due in a day", ids(s.Due(ctx, clock.Add(24*time.Hour))), fmt.Sprint(g4.ID, " ", g1.ID)},
		}
		for _, tt := range tests {
			if tt.got != tt.want {
				t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
			}
		}

		byThread, err := s.GameByThread(ctx, fmt.Sprint("thread-", g1.ID))
		if err != nil || byThread.ID != g1.ID || len(byThread.Seats) != 2 {
			t.Errorf("by thread: got %+v, %v", byThread, err)
		}
		if _, err := s.GameByThread(ctx, "nothing"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a thread without a game: got %v", err)
		}
		if _, err := s.GameByThread(ctx, ""); !errors.Is(err, ErrNotFound) {
			t.Errorf("the empty thread: got %v", err)
		}
		lobby, err := s.Get(ctx, g2.ID)
		if err != nil || lobby.LobbyMessageID != "lm" || lobby.TurnMessageID != "tm" {
			t.Errorf("messages: %+v, %v", lobby, err)
		}

		// A move sets the next deadline from the turn timeout; the end clears it.
		clock = clock.Add(10 * time.Second)
		g, state, err := s.Load(ctx, g1.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.AppendMove(ctx, g1.ID, g.Moves, randomMove(state, rand.New(rand.NewPCG(1, 1))), Request{}); err != nil {
			t.Fatal(err)
		}
		if g, _ := s.Get(ctx, g1.ID); !g.Deadline.Equal(clock.Add(time.Minute)) {
			t.Errorf("deadline after a move: got %v, want %v", g.Deadline, clock.Add(time.Minute))
		}
		if g, _ := s.Get(ctx, g3.ID); !g.Deadline.IsZero() {
			t.Errorf("a finished game has deadline %v", g.Deadline)
		}
		if err := s.SetDeadline(ctx, g4.ID, time.Time{}); err != nil {
			t.Fatal(err)
		}
		if got := ids(s.Due(ctx, clock.Add(24*time.Hour))); got != fmt.Sprint(g1.ID) {
			t.Errorf("due after clearing a deadline: got %q", got)
		}
	})
}

func TestDSN(t *testing.T) {
	t.Parallel()
	tests := []struct{ path, want string }{
		{"carcassonne.db", "file:carcassonne.db?x"},
		{"/var/lib/a?b#c%d.db", "file:/var/lib/a%3fb%23c%25d.db?x"},
	}
	for _, tt := range tests {
		if got := dsn(tt.path, "x"); got != tt.want {
			t.Errorf("dsn(%q): got %q, want %q", tt.path, got, tt.want)
		}
	}
}

func TestOpenPragmas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	path := dir + "/odd?name#.db"
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	check := func(pool string, query, want string) {
		t.Helper()
		db := s.write
		if pool == "read" {
			db = s.read
		}
		var got string
		if err := db.QueryRowContext(ctx, query).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s %s: got %s, want %s", pool, query, got, want)
		}
	}
	check("write", "PRAGMA journal_mode", "wal")
	check("write", "PRAGMA busy_timeout", "5000")
	check("write", "PRAGMA foreign_keys", "1")
	check("write", "PRAGMA synchronous", "1")
	check("read", "PRAGMA journal_mode", "wal")
	check("read", "PRAGMA busy_timeout", "5000")
	check("read", "PRAGMA query_only", "1")
	if _, err := s.read.ExecContext(ctx, "DELETE FROM games"); err == nil {
		t.Error("the read pool can write")
	}
}
