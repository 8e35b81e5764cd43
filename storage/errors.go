package storage

import (
	"errors"
	"fmt"

	"github.com/meeple-works/carcassonne/engine"
)

// The errors the Store's methods return, tested with errors.Is. Their text is
// written for a player; wrap them for logs.
var (
	// ErrNotFound: there is no game with that id (or in that thread).
	ErrNotFound = errors.New("there is no such game")
	// ErrConflict: another move was stored first; nothing was written.
	// Load the game again and retry.
	ErrConflict = errors.New("another move was played first")
	// ErrGameFull: every seat of the lobby is taken.
	ErrGameFull = errors.New("every seat is taken")
	// ErrAlreadySeated: the player already has a seat in the game.
	ErrAlreadySeated = errors.New("you already have a seat in this game")
	// ErrNotSeated: the player has no seat in the game.
	ErrNotSeated = errors.New("you have no seat in this game")
	// ErrNotLobby: the game has left the lobby (started or stopped), so
	// seats can no longer change.
	ErrNotLobby = errors.New("the game is no longer open to join")
	// ErrNoPlayers: a game cannot start with no seat taken.
	ErrNoPlayers = errors.New("nobody has joined the game")
	// ErrNotStarted: the game is still a lobby and has no moves or record.
	ErrNotStarted = errors.New("the game has not started")
	// ErrNotRunning: moves are only played in a running game.
	ErrNotRunning = errors.New("the game is not running")
	// ErrBroken: the stored moves no longer replay (the error wraps it with
	// the reason, also in Game.Reason). Other games are unaffected.
	ErrBroken = errors.New("the game's moves no longer replay")
	// ErrNotDrawn: a move must play the tile drawn, the top of the draw
	// pile. It is engine.ErrNotDrawn: the engine enforces it for the
	// games the Store sets up (engine.Config.DrawnOnly).
	ErrNotDrawn = engine.ErrNotDrawn
	// ErrBadStatus: MarkStatus does not allow that change of status.
	ErrBadStatus = errors.New("that change of status is not allowed")
)

// The caps on open lobbies (games of status lobby), which CreateGame
// enforces so that nobody fills a server with lobbies. A lobby leaves the
// count when it starts or is stopped (cancelled, or expired).
const (
	// MaxLobbiesPerHost is how many open lobbies one player may host.
	MaxLobbiesPerHost = 3
	// MaxLobbiesPerChannel is how many open lobbies one Discord channel
	// may hold.
	MaxLobbiesPerChannel = 5
)

var (
	// ErrTooManyLobbies: CreateGame refused a new lobby because a cap on
	// open lobbies is reached; the error is ErrHostLobbies or
	// ErrChannelLobbies, which say which one.
	ErrTooManyLobbies = errors.New("there are too many open lobbies")
	// ErrHostLobbies: the host already has MaxLobbiesPerHost open
	// lobbies. errors.Is(ErrHostLobbies, ErrTooManyLobbies) holds.
	ErrHostLobbies error = &lobbyCapError{fmt.Sprintf("you already have %d open lobbies: start or cancel one first", MaxLobbiesPerHost)}
	// ErrChannelLobbies: the channel already has MaxLobbiesPerChannel
	// open lobbies. errors.Is(ErrChannelLobbies, ErrTooManyLobbies)
	// holds.
	ErrChannelLobbies error = &lobbyCapError{fmt.Sprintf("this channel has %d open lobbies already: join one of them", MaxLobbiesPerChannel)}
)

// lobbyCapError is a cap on open lobbies reached: its text is for the
// player, and it is ErrTooManyLobbies for errors.Is.
type lobbyCapError struct{ msg string }

func (e *lobbyCapError) Error() string        { return e.msg }
func (e *lobbyCapError) Is(target error) bool { return target == ErrTooManyLobbies }
