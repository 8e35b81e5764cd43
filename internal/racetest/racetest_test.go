package racetest

import "testing"

// TestScale: the count is kept without the race detector, divided (never
// below 1) under it.
func TestScale(t *testing.T) {
	want := 12
	if Enabled {
		want = 3
	}
	if got := Scale(12, 4); got != want {
		t.Errorf("Scale(12, 4) = %d, want %d (race detector on: %v)", got, want, Enabled)
	}
	if got := Scale(2, 4); Enabled && got != 1 || !Enabled && got != 2 {
		t.Errorf("Scale(2, 4) = %d (race detector on: %v)", got, Enabled)
	}
}
