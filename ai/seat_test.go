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

// TestSeatID writes the user id the store keeps for a computer's seat, and
// SeatLevel reads every seated level back from it, whatever the name.
func TestSeatID(t *testing.T) {
	if got, want := SeatID(Hard, "Computer 2"), "local:@hard:Computer 2"; got != want {
		t.Errorf("SeatID(Hard, %q) = %q, want %q", "Computer 2", got, want)
	}
	for _, l := range Levels() {
		for _, name := range []string{"Ann", "Computer (hard): 2", ""} {
			if got := SeatLevel(SeatID(l, name)); got != l {
				t.Errorf("SeatLevel(SeatID(%v, %q)) = %v", l, name, got)
			}
		}
	}
}
