package engine

import "errors"

// The rule errors. Apply returns a *MoveError that wraps one of them, so
// callers test with errors.Is(err, engine.ErrCellTaken). Their text is written
// for a player.
var (
	ErrGameOver  = errors.New("the game is over")
	ErrNotInPile = errors.New("that tile is not in the draw pile")
	// ErrNotDrawn: a game set up with Config.DrawnOnly takes only the tile
	// on top of the draw pile, the tile drawn.
	ErrNotDrawn        = errors.New("that is not the tile drawn")
	ErrUnknownTile     = errors.New("there is no such tile")
	ErrCellTaken       = errors.New("that cell already holds a tile")
	ErrNoNeighbour     = errors.New("that cell has no neighbour")
	ErrEdgesMismatch   = errors.New("the tile's edges do not match its neighbours")
	ErrBadRotation     = errors.New("a tile turns by 0, 90, 180 or 270 degrees")
	ErrNoSuchSpot      = errors.New("that spot is not on the tile")
	ErrOccupied        = errors.New("that feature already has a follower")
	ErrNoFollowers     = errors.New("no follower is left in the supply")
	ErrFarmsOff        = errors.New("farmers are not played in this game")
	ErrCannotDiscard   = errors.New("the tile fits on the board, so it cannot be discarded")
	ErrBadOption       = errors.New("unknown rule option")
	ErrPlayers         = errors.New("a game has 1 to 6 players")
	ErrNotAPlayer      = errors.New("no such player in this game")
	ErrResigned        = errors.New("that player has already resigned")
	ErrUnknownExpander = errors.New("that expansion is not available")
	// ErrOutOfTurn: the draw pile is drawn group by group (Rules.Groups),
	// the river tiles first; a tile of a later group is not drawn yet.
	ErrOutOfTurn = errors.New("that tile is not drawn yet")
	// ErrRiver: a river tile must continue the open end of the river (The
	// River).
	ErrRiver = errors.New("a river tile must continue the river")
	// ErrUTurn: a river curve may not turn the same way as the river tile
	// before it (The River: no U-turn).
	ErrUTurn = errors.New("the river may not make a U-turn")
	// ErrNoSuchFigure: the move deploys a kind of figure that is not
	// played in this game (the large follower without Inns & Cathedrals).
	ErrNoSuchFigure = errors.New("that figure is not played in this game")
	// ErrNoEscape: the Cathars' escape names no knight of the player in a
	// besieged city next to a cloister, or is not played in this game.
	ErrNoEscape = errors.New("no knight can escape from there")
	// ErrWrongStep: Act was given the answer to a step the game does not
	// wait for (Pending says which), or Apply a whole move while a turn is
	// being answered step by step.
	ErrWrongStep = errors.New("the game does not wait for that answer now")
	// ErrCannotSetAside: Move.Aside names a tile no rule of the game sets
	// aside now.
	ErrCannotSetAside = errors.New("that tile cannot be set aside")
	// ErrMustSetAside: the rules set the tile drawn aside (a dragon tile
	// before any volcano, The Princess & the Dragon); it cannot be placed.
	ErrMustSetAside = errors.New("that tile must be set aside")
	// ErrNotYours: a builder or pig (Traders & Builders) goes only on a
	// feature that joins one where its player has a thief, knight or
	// farmer.
	ErrNotYours = errors.New("a builder or pig needs a follower of its player there")
	// ErrNoTower: a tower piece or a follower on a tower (The Tower) names
	// a tile without a tower foundation, or no tower yet.
	ErrNoTower = errors.New("there is no tower there")
	// ErrTowerClosed: a follower stands on top of that tower (The Tower).
	ErrTowerClosed = errors.New("that tower is closed")
	// ErrNoTowerPieces: the player has no tower piece left (The Tower).
	ErrNoTowerPieces = errors.New("no tower piece is left in the supply")
	// ErrNoCapture: the capture names no follower in the tower's reach (The
	// Tower).
	ErrNoCapture = errors.New("no follower can be taken prisoner there")
	// ErrNoRansom: the ransom names no prisoner of the player, or the
	// player cannot pay it (The Tower).
	ErrNoRansom = errors.New("that ransom cannot be paid")
	// ErrDragon: a step of the dragon is not among DragonSteps, the
	// dragon stops while it can move on, or moves without a dragon tile
	// (The Princess & the Dragon).
	ErrDragon = errors.New("the dragon cannot move there")
	// ErrVolcano: a figure, tower piece, princess or fairy in a turn that
	// places a volcano (The Princess & the Dragon, 002_…, step 3).
	ErrVolcano = errors.New("nothing is deployed in a turn that places a volcano")
	// ErrPrincess: the princess names no knight of her city, the tile has
	// no princess, or under princess=must she was not used (The Princess &
	// the Dragon).
	ErrPrincess = errors.New("the princess cannot send that knight home")
	// ErrFairy: the fairy goes only on a tile where the player has a
	// follower (The Princess & the Dragon).
	ErrFairy = errors.New("the fairy cannot go there")
	// ErrPortal: the magic portal names no tile, a completed feature, the
	// dragon's tile, or the tile has no portal (The Princess & the
	// Dragon).
	ErrPortal = errors.New("the magic portal cannot lead there")
	// ErrDragonTile: a follower deployed on the dragon's tile (through
	// the magic portal, or on top of a tower there): "No follower may
	// share a tile with the dragon" (004_…, The Princess & the Dragon).
	ErrDragonTile = errors.New("no follower may share a tile with the dragon")
	// ErrOneAction: a move takes more than one of a figure, a tower piece,
	// the princess and the fairy (002_…, step 3: "You may only do one of
	// these").
	ErrOneAction = errors.New("a turn takes one action after its tile")
)

// MoveError is the error Apply returns for an illegal move. Err is one of the
// rule errors above; Reason says in a player's words what is wrong with this
// move ("the north side of V is a field, but the tile to its north shows a
// city there"). The game is unchanged.
type MoveError struct {
	Err    error
	Reason string
}

// Error returns the reason, or the rule error's text when there is none.
func (e *MoveError) Error() string {
	if e.Reason != "" {
		return e.Reason
	}
	return e.Err.Error()
}

// Unwrap returns the rule error, for errors.Is.
func (e *MoveError) Unwrap() error { return e.Err }

func moveErr(err error, reason string) error { return &MoveError{Err: err, Reason: reason} }
