package storage

import "errors"

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
	// pile (the engine also takes a tile further down, as a record names
	// each tile drawn).
	ErrNotDrawn = errors.New("that is not the tile drawn")
	// ErrBadStatus: MarkStatus does not allow that change of status.
	ErrBadStatus = errors.New("that change of status is not allowed")
)
