package ai

import "testing"

// TestSeatLevel reads the level of a computer's seat from its user id, and
// NoLevel from anything else.
func TestSeatLevel(t *testing.T) {
	for id, want := range map[string]Level{
		SeatPrefix + "hard:Computer 2": Hard,
		SeatPrefix + "EASY:Ann":        Easy,
		SeatPrefix + "normal":          Normal,
		SeatPrefix + "wizard:Bob":      NoLevel,
		"local:Ann":                    NoLevel,
		"1234567890":                   NoLevel,
		"":                             NoLevel,
	} {
		if got := SeatLevel(id); got != want {
			t.Errorf("SeatLevel(%q) = %v, want %v", id, got, want)
		}
	}
}
