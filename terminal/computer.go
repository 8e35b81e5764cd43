package terminal

import (
	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/storage"
)

// computerPrefix starts the user id of a computer's seat in a local game:
// "local:@hard:" then the seat's name. The store keeps it like any local
// seat; a sitting that continues the game knows the computers by it.
const computerPrefix = localPrefix + "@"

// computerSeat returns the seat of a computer player of level l called
// name in a local game.
func computerSeat(name string, l ai.Level) storage.Player {
	return storage.Player{UserID: computerPrefix + l.String() + ":" + name, Name: name, Kind: storage.PlayerLocal}
}

// seatOf returns the seat of player i of cfg's new game.
func (c *Config) seatOf(i int) storage.Player {
	if i < len(c.Computers) && c.Computers[i] != ai.NoLevel {
		return computerSeat(c.Players[i], c.Computers[i])
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
