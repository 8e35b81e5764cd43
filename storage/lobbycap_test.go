package storage

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
)

// TestLobbyCaps creates lobbies up to the caps per host and per channel:
// one more is refused with the error that says which cap, and a lobby that
// starts or stops makes room again.
func TestLobbyCaps(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		create := func(host, channel string) (Game, error) {
			return s.CreateGame(ctx, NewGame{Host: Player{UserID: host, Name: host}, GuildID: "guild", ChannelID: channel})
		}

		var ann []Game
		for i := range MaxLobbiesPerHost {
			g, err := create("ann", fmt.Sprint("channel ", i)) // a channel each
			if err != nil {
				t.Fatal(err)
			}
			ann = append(ann, g)
		}
		_, err := create("ann", "channel x")
		if !errors.Is(err, ErrHostLobbies) || !errors.Is(err, ErrTooManyLobbies) || errors.Is(err, ErrChannelLobbies) {
			t.Fatalf("lobby %d of one host: got %v, want ErrHostLobbies", MaxLobbiesPerHost+1, err)
		}
		if got, want := err.Error(), "you already have 3 open lobbies: start or cancel one first"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
		if games, _ := s.GamesByPlayer(ctx, "ann"); len(games) != MaxLobbiesPerHost {
			t.Errorf("ann has %d games, want %d: the refused one was stored", len(games), MaxLobbiesPerHost)
		}
		if err := s.MarkStatus(ctx, ann[0].ID, StatusStopped, "the lobby expired"); err != nil {
			t.Fatal(err)
		}
		if _, err := create("ann", "channel x"); err != nil {
			t.Fatalf("after a lobby stopped: %v", err)
		}
		if _, err := s.Start(ctx, ann[1].ID, 1); err != nil {
			t.Fatal(err)
		}
		if _, err := create("ann", "channel y"); err != nil {
			t.Fatalf("after a lobby started: %v", err)
		}
		if _, err := create("ann", "channel z"); !errors.Is(err, ErrHostLobbies) {
			t.Fatalf("got %v, want ErrHostLobbies again", err)
		}

		var busy []Game
		for i := range MaxLobbiesPerChannel {
			g, err := create(fmt.Sprint("host ", i), "busy")
			if err != nil {
				t.Fatal(err)
			}
			busy = append(busy, g)
		}
		_, err = create("bob", "busy")
		if !errors.Is(err, ErrChannelLobbies) || !errors.Is(err, ErrTooManyLobbies) || errors.Is(err, ErrHostLobbies) {
			t.Fatalf("lobby %d of one channel: got %v, want ErrChannelLobbies", MaxLobbiesPerChannel+1, err)
		}
		if got, want := err.Error(), "this channel has 5 open lobbies already: join one of them"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
		if _, err := create("bob", "quiet"); err != nil {
			t.Fatalf("bob in another channel: %v", err)
		}
		if err := s.MarkStatus(ctx, busy[2].ID, StatusStopped, "cancelled"); err != nil {
			t.Fatal(err)
		}
		if _, err := create("bob", "busy"); err != nil {
			t.Fatalf("after a lobby of the channel stopped: %v", err)
		}
		// Games without a channel (the terminal game) count for the host only.
		for i := range MaxLobbiesPerChannel + 1 {
			if _, err := create(fmt.Sprint("local ", i), ""); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestLobbyCapsAtOnce has one host ask for many lobbies at once through
// two Stores on one file (as two processes would): the cap holds.
func TestLobbyCapsAtOnce(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s1, path := kind.open(t)
		s2, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		var (
			wg      sync.WaitGroup
			mu      sync.Mutex
			created int
		)
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := []*Store{s1, s2}[i%2]
				_, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "ann", Name: "Ann"}, ChannelID: fmt.Sprint("channel ", i)})
				switch {
				case err == nil:
					mu.Lock()
					created++
					mu.Unlock()
				case !errors.Is(err, ErrHostLobbies):
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if created != MaxLobbiesPerHost {
			t.Errorf("%d lobbies created, want %d", created, MaxLobbiesPerHost)
		}
	})
}
