package storage

import "testing"

// TestPawnPreference: a member who never chose moves the marker; a choice
// is kept, changed, and survives reopening the database.
func TestPawnPreference(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, db testDB) {
		s, dsn := db.open(t)
		if m, err := s.PawnPreference(t.Context(), "u1"); err != nil || m {
			t.Fatalf("a member who never chose: messenger %v, %v", m, err)
		}
		if err := s.SetPawnPreference(t.Context(), "u1", true); err != nil {
			t.Fatal(err)
		}
		if err := s.SetPawnPreference(t.Context(), "u2", false); err != nil {
			t.Fatal(err)
		}
		s = reopen(t, s, dsn)
		if m, err := s.PawnPreference(t.Context(), "u1"); err != nil || !m {
			t.Fatalf("u1 chose the messenger: messenger %v, %v", m, err)
		}
		if err := s.SetPawnPreference(t.Context(), "u1", false); err != nil {
			t.Fatal(err)
		}
		if m, err := s.PawnPreference(t.Context(), "u1"); err != nil || m {
			t.Fatalf("u1 chose the marker again: messenger %v, %v", m, err)
		}
		if m, err := s.PawnPreference(t.Context(), "u2"); err != nil || m {
			t.Fatalf("u2 chose the marker: messenger %v, %v", m, err)
		}
		if err := s.SetPawnPreference(t.Context(), "", true); err == nil {
			t.Error("a preference without a member is stored")
		}
	})
}
