package storage

import "testing"

// TestGameLanguage: a game keeps the language it was opened with, the
// lobby may change it, it survives reopening the database, and a game
// opened without one speaks "" (English).
func TestGameLanguage(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db testDB) {
		s, dsn := db.open(t)
		ctx := t.Context()
		g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "u", Name: "U"}, Language: "de"})
		if err != nil {
			t.Fatal(err)
		}
		if g.Language != "de" {
			t.Fatalf("created with German: %q", g.Language)
		}
		pl := "pl"
		if g, err = s.UpdateLobby(ctx, g.ID, LobbyUpdate{Language: &pl}); err != nil || g.Language != "pl" {
			t.Fatalf("the lobby chose Polish: %q, %v", g.Language, err)
		}
		if g, err = s.UpdateLobby(ctx, g.ID, LobbyUpdate{MaxSeats: 3}); err != nil || g.Language != "pl" {
			t.Fatalf("another setting changed the language: %q, %v", g.Language, err)
		}
		other, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: "v", Name: "V"}})
		if err != nil {
			t.Fatal(err)
		}
		s = reopen(t, s, dsn)
		if g, err = s.Get(ctx, g.ID); err != nil || g.Language != "pl" {
			t.Fatalf("after reopening: %q, %v", g.Language, err)
		}
		if other, err = s.Get(ctx, other.ID); err != nil || other.Language != "" {
			t.Fatalf("a game opened without a language: %q, %v", other.Language, err)
		}
	})
}
