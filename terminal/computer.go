package terminal

import (
	"fmt"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
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

// computerTurn plays the turn of the computer whose turn it is: it shows
// the turn, asks package ai for the move (seeded by the game and the number
// of moves, so that a game continued elsewhere plays the same), stores it
// and says what the computer did and scored, as for a person's move.
func (s *session) computerTurn() error {
	s.show()
	mover := s.state.Current()
	cfg := ai.Config{Level: s.levels[mover], Playouts: s.playouts}
	seed := uint64(s.game.ID)*0x9e3779b97f4a7c15 ^ uint64(len(s.state.Moves()))
	as, err := cfg.Turn(s.state, seed)
	if err != nil {
		return fmt.Errorf("the computer %s could not choose a move: %w", s.state.Players()[mover], err)
	}
	t, _ := s.state.Drawn()
	m := ai.MoveOf(t, as)
	if hasDragon(s.state) || hasCrop(s.state) {
		// The computer's answers stop before a step of the dragon or a
		// crop circle answer that another player chooses: the turn goes
		// on from there.
		act := s.state.Clone()
		done, err := actMove(act, m)
		if err != nil {
			return fmt.Errorf("the computer %s chose a move the rules refuse: %w", s.state.Players()[mover], err)
		}
		if !done {
			s.dragon = &dragonTurn{act: act, m: m, mover: mover, start: s.state.Clone(), moves: len(s.state.Moves()), shown: -1}
			fmt.Fprintln(s.out, turnview.PartWords(s.state, mover, m, s.names()))
			for _, c := range m.Dragon.Cells() {
				fmt.Fprintf(s.out, "%s moves the dragon to %s.\n", s.state.Players()[mover], c)
			}
			return nil
		}
	}
	start := s.state.Clone()
	ok, err := s.play(m)
	if err != nil || !ok {
		return err
	}
	s.narrate(start, m)
	return nil
}
