package terminal

import (
	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/storage"
)

// seatOf returns the seat of player i of cfg's new game. A computer's is
// a local seat whose user id (ai.SeatID) names its level: a sitting that
// continues the game knows the computers by it.
func (c *Config) seatOf(i int) storage.Player {
	if i < len(c.Computers) && c.Computers[i] != ai.NoLevel {
		return storage.Player{UserID: ai.SeatID(c.Computers[i], c.Players[i]), Name: c.Players[i], Kind: storage.PlayerLocal}
	}
	return localSeat(c.Players[i])
}

// computerLevel returns the level of the computer that plays seat, and
// ai.NoLevel for a person.
func computerLevel(seat storage.Seat) ai.Level { return ai.SeatLevel(seat.UserID) }

// seatLevels returns the level of each player of stored game g, by index in
// turn order (ai.NoLevel for a person).
func seatLevels(g storage.Game, players int) []ai.Level {
	out := make([]ai.Level, players)
	for _, seat := range g.Seats {
		if seat.Index >= 0 && seat.Index < players {
			out[seat.Index] = computerLevel(seat)
		}
	}
	return out
}

// computerToPlay reports whether the game waits for a computer's turn.
func (s *session) computerToPlay() bool {
	if s.state.Ended() {
		return false
	}
	cur := s.state.Current()
	return cur < len(s.levels) && s.levels[cur] != ai.NoLevel
}
