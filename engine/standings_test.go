package engine

import (
	"slices"
	"testing"
)

func TestStandingsAndWinners(t *testing.T) {
	tests := []struct {
		name         string
		scores       []int
		resigned     uint8
		wantOrder    []int
		wantWinners  []int
		wantWinScore int
	}{
		{"one leader", []int{3, 9, 5}, 0, []int{1, 2, 0}, []int{1}, 9},
		{"tie keeps seat order", []int{7, 2, 7}, 0, []int{0, 2, 1}, []int{0, 2}, 7},
		{"all zero", []int{0, 0}, 0, []int{0, 1}, []int{0, 1}, 0},
		{"resigned leader does not win", []int{20, 4, 6}, 1 << 0, []int{0, 2, 1}, []int{2}, 6},
		{"last one left wins", []int{20, 4, 30}, 1<<0 | 1<<2, []int{2, 0, 1}, []int{1}, 4},
		{"everyone resigned", []int{5, 8}, 1<<0 | 1<<1, []int{1, 0}, []int{1}, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			names := []string{"A", "B", "C"}[:len(tt.scores)]
			g, err := New(Config{Players: names, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			copy(g.scores[:], tt.scores)
			g.resigned = tt.resigned
			if got := g.Standings(); !slices.Equal(got, tt.wantOrder) {
				t.Errorf("Standings() = %v, want %v", got, tt.wantOrder)
			}
			w, best := g.Winners()
			if !slices.Equal(w, tt.wantWinners) || best != tt.wantWinScore {
				t.Errorf("Winners() = %v, %d; want %v, %d", w, best, tt.wantWinners, tt.wantWinScore)
			}
		})
	}
}
