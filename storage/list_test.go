package storage

import (
	"context"
	"fmt"
	"testing"
)

func TestList(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx := context.Background()
		s, _ := kind.open(t)
		if games, err := s.List(ctx, 0); err != nil || len(games) != 0 {
			t.Fatalf("an empty database: got %d games, %v", len(games), err)
		}
		var ids []int64
		for i := range 4 {
			g, err := s.CreateGame(ctx, NewGame{Host: Player{UserID: fmt.Sprint("local:P", i), Name: fmt.Sprint("P", i)}, MaxSeats: 2})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Join(ctx, g.ID, Player{UserID: "local:Q", Name: "Q"}); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, g.ID)
		}
		for _, id := range ids[1:3] {
			if _, err := s.Start(ctx, id, 7); err != nil {
				t.Fatal(err)
			}
		}
		tests := []struct {
			name     string
			limit    int
			statuses []Status
			want     []int64
		}{
			{"all", 0, nil, []int64{ids[3], ids[2], ids[1], ids[0]}},
			{"limit", 3, nil, []int64{ids[3], ids[2], ids[1]}},
			{"negative limit", -1, nil, []int64{ids[3], ids[2], ids[1], ids[0]}},
			{"running", 0, []Status{StatusRunning}, []int64{ids[2], ids[1]}},
			{"running, limit", 1, []Status{StatusRunning}, []int64{ids[2]}},
			{"lobby or finished", 0, []Status{StatusLobby, StatusFinished}, []int64{ids[3], ids[0]}},
			{"stopped", 0, []Status{StatusStopped}, nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				games, err := s.List(ctx, tt.limit, tt.statuses...)
				if err != nil {
					t.Fatal(err)
				}
				var got []int64
				for _, g := range games {
					got = append(got, g.ID)
					if len(g.Seats) != 2 || g.Seats[1].UserID != "local:Q" {
						t.Errorf("game %d: seats %+v", g.ID, g.Seats)
					}
				}
				if fmt.Sprint(got) != fmt.Sprint(tt.want) {
					t.Errorf("got ids %v, want %v", got, tt.want)
				}
			})
		}
	})
}
