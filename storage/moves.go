package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

// The kinds of the rows of the move log: a move of the drawn tile (placed,
// perhaps with a follower, or discarded), or a player resigning.
const (
	kindMove   = "move"
	kindResign = "resign"
)

// Cause is why a move was stored: a player played it, or the program
// played it for them. It is stored with the move, in the column cause.
type Cause string

// The causes of a move.
const (
	// CausePlayer: the player chose the move (or resigned). The zero
	// Cause means CausePlayer.
	CausePlayer Cause = "player"
	// CauseTimeout: the player's time for the turn ran out and the
	// program played the turn for them, or removed them after too many
	// such turns (TurnTimeouts counts them).
	CauseTimeout Cause = "timeout"
	// CauseDiscard: the tile drawn fits nowhere and the program discarded
	// it (000_…, "Placing land tiles": such a tile is removed from the
	// game and the player draws another).
	CauseDiscard Cause = "discard"
)

// Request is who asks for a move to be stored, and how to tell a request
// delivered twice.
type Request struct {
	// ID is the request id: a Discord interaction id, or any id that is
	// the same when the request is delivered again; empty for none. It
	// only tells a request seen before (see AppendMove).
	ID string
	// Cause is why the move is played; empty means CausePlayer.
	Cause Cause
}

// cause returns r's cause, CausePlayer for none, or an error for an
// unknown one.
func (r Request) cause() (Cause, error) {
	switch r.Cause {
	case "":
		return CausePlayer, nil
	case CausePlayer, CauseTimeout, CauseDiscard:
		return r.Cause, nil
	}
	return "", fmt.Errorf("storage: unknown cause of a move %q", r.Cause)
}

// AppendResult is what AppendMove or Resign stored.
type AppendResult struct {
	// Number is the move's number in the log, from 0, discards and
	// resignations included.
	Number int
	// Turn is the turn it was played in, from 1, and Seat the index of the
	// seat that played it (or resigned).
	Turn, Seat int
	// Duplicate tells that the request id had been seen: the move stored
	// then is returned, and nothing was written now.
	Duplicate bool
	// Finished tells that the game is over.
	Finished bool
	// Game is the game's row after the move, as Get and Load return it
	// (Moves, Status, Deadline, the seats' Resigned, …). With Duplicate
	// it is the game as stored now, which may be moves further.
	Game Game
	// State is the engine state after the move, a copy the caller owns
	// and may change; nil with Duplicate.
	State *engine.Game
}

// AppendMove plays move m on running game id and stores it as move number
// expected (the number of moves the caller saw, Game.Moves). In one
// transaction it checks the move against the engine state rebuilt from the
// stored moves (a tile move must play the tile drawn, for the player whose
// turn it is; a resignation, engine.Move{Resign: true, Player: seat}, marks
// that seat resigned), stores it with the request's id and cause, sets
// the next deadline from the turn timeout (unless another seat than the
// current one resigned), and sets the status finished when the move ends
// the game. It returns the game and its engine state after the move.
//
// A request id already stored for the game returns that first result with
// Duplicate set, whatever the move and the expected number. Otherwise it
// returns ErrConflict when the log does not hold exactly expected moves
// (another move got there first), a *engine.MoveError for an illegal move
// (errors.Is works with the engine's rule errors, engine.ErrNotDrawn for
// a tile other than the one drawn), ErrNotRunning, ErrBroken or
// ErrNotFound; and nothing is written.
func (s *Store) AppendMove(ctx context.Context, id int64, expected int, m engine.Move, req Request) (AppendResult, error) {
	return s.appendMove(ctx, id, req, func(Game) (int, engine.Move, error) { return expected, m, nil })
}

// Resign takes the player with user id userID out of running game id: a
// resignation is appended to the move log after the moves stored, whatever
// their number; the player's turns are skipped from then on, their
// followers stay and score, and the game ends when every player has
// resigned. req works as for AppendMove, and so does the result. It
// returns ErrNotSeated, an error wrapping engine.ErrResigned when the
// player has already resigned, ErrNotRunning, ErrBroken or ErrNotFound.
func (s *Store) Resign(ctx context.Context, id int64, userID string, req Request) (AppendResult, error) {
	return s.appendMove(ctx, id, req, func(g Game) (int, engine.Move, error) {
		st, ok := g.SeatOf(userID)
		if !ok {
			return 0, engine.Move{}, ErrNotSeated
		}
		return g.Moves, engine.Move{Resign: true, Player: st.Index}, nil
	})
}

// The statements of appendMove, prepared when the Store opens.
const (
	requestQuery    = `SELECT number, turn, seat FROM moves WHERE game_id = ? AND request_id = ?`
	insertMoveQuery = `INSERT INTO moves (game_id, number, turn, seat, kind,
		notation, request_id, created_at, cause) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
)

// appendMove appends the move that choose returns, with the number it
// expects, to game id, in one transaction (see AppendMove).
func (s *Store) appendMove(ctx context.Context, id int64, req Request, choose func(Game) (int, engine.Move, error)) (AppendResult, error) {
	cause, err := req.cause()
	if err != nil {
		return AppendResult{}, err
	}
	var (
		res   AppendResult
		state *engine.Game
		count int
	)
	err = s.writeTx(ctx, func(tx *txn) error {
		res, state, count = AppendResult{}, nil, 0 // anew when run again
		if req.ID != "" {
			err := tx.stmt(ctx, tx.st.request).QueryRowContext(ctx, id, req.ID).Scan(&res.Number, &res.Turn, &res.Seat)
			if err == nil {
				res.Duplicate = true
				g, err := getGame(ctx, tx, id)
				res.Game, res.Finished = g, g.Status == StatusFinished
				return err
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("storage: game %d: %w", id, err)
			}
		}
		g, err := runningGame(ctx, tx, id)
		if err != nil {
			return err
		}
		expected, m, err := choose(g)
		if err != nil {
			return err
		}
		if expected != g.Moves {
			return fmt.Errorf("%w: move %d was expected, the game has %d", ErrConflict, expected, g.Moves)
		}
		count = g.Moves
		if state, err = s.stateOrBroken(ctx, tx, g); err != nil {
			return err
		}
		res.Turn, res.Seat = state.Turn(), state.Current()
		current := state.Current()
		kind := kindMove
		if m.Resign {
			kind, res.Seat = kindResign, m.Player
		}
		if err := state.Apply(m); err != nil {
			// A whole move is refused while a turn is under way answer by
			// answer (engine.ErrWrongStep); a resignation drops it.
			return err
		}
		if g.Answered > 0 {
			if err := dropAnswers(ctx, tx, id); err != nil {
				return err
			}
			g.Answered = 0
		}
		return s.storeMove(ctx, tx, &res, g, state, m, count, kind, current, req.ID, cause)
	})
	if err != nil {
		return AppendResult{}, err
	}
	if !res.Duplicate {
		res.State = state
		s.cache.put(id, count+1, state.Clone())
	}
	return res, nil
}

// storeMove stores move m, number count, of game g, already played on
// state (current was the player to move before it; kind is kindMove or
// kindResign; res.Turn and res.Seat are set), with the request's id and
// cause: the move row, a resignation's seat, the end of the game or the
// next deadline. It fills res.
func (s *Store) storeMove(ctx context.Context, tx *txn, res *AppendResult, g Game, state *engine.Game, m engine.Move, count int, kind string, current int, requestID string, cause Cause) error {
	id := g.ID
	now := s.nowMillis()
	var reqID sql.NullString
	if requestID != "" {
		reqID = sql.NullString{String: requestID, Valid: true}
	}
	if _, err := tx.stmt(ctx, tx.st.insert).ExecContext(ctx, id, count, res.Turn, res.Seat, kind,
		engine.MoveString(state.TileSet(), m), reqID, now, string(cause)); err != nil {
		return fmt.Errorf("storage: game %d: store move %d: %w", id, count, err)
	}
	res.Number = count
	g.Moves, g.UpdatedAt = count+1, fromMillis(sql.NullInt64{Int64: now, Valid: true})
	if m.Resign {
		if _, err := tx.ExecContext(ctx, `UPDATE seats SET resigned = 1 WHERE game_id = ? AND seat = ?`, id, m.Player); err != nil {
			return fmt.Errorf("storage: game %d: resign seat %d: %w", id, m.Player, err)
		}
		g.Seats[m.Player].Resigned = true // the seats are by index: the state set up
	}
	if state.Ended() {
		res.Finished = true
		g.Status, g.Reason, g.Deadline, g.EndedAt = StatusFinished, "", time.Time{}, g.UpdatedAt
		res.Game = g
		if err := setStatus(ctx, tx, id, StatusFinished, "", 0, now); err != nil {
			return err
		}
		return writeResults(ctx, tx, g, state, StatusFinished, now)
	}
	deadline := nextDeadline(now, g.TurnTimeout)
	if m.Resign && m.Player != current {
		deadline = toMillis(g.Deadline) // the turn goes on
	}
	if _, err := tx.stmt(ctx, tx.st.advance).ExecContext(ctx, deadline, now, id); err != nil {
		return fmt.Errorf("storage: game %d: %w", id, err)
	}
	g.Deadline = fromMillis(deadline)
	res.Game = g
	return nil
}

// runningGame returns game id, or ErrBroken (with the reason) or
// ErrNotRunning when it is not running, or ErrNotFound.
func runningGame(ctx context.Context, tx *txn, id int64) (Game, error) {
	g, err := getGame(ctx, tx, id)
	if err != nil {
		return g, err
	}
	switch g.Status {
	case StatusRunning:
		return g, nil
	case StatusBroken:
		return g, fmt.Errorf("%w: %s", ErrBroken, g.Reason)
	}
	return g, fmt.Errorf("%w (it is %s)", ErrNotRunning, g.Status)
}

// stateOrBroken returns the state of running game g as it stands
// (stateAt), in write transaction tx; a game whose moves no longer replay
// is marked broken in it, which commits, and the *brokenError returned.
func (s *Store) stateOrBroken(ctx context.Context, tx *txn, g Game) (*engine.Game, error) {
	state, err := s.stateAt(ctx, tx, g)
	var broken *brokenError
	if errors.As(err, &broken) {
		if err := setStatus(ctx, tx, g.ID, StatusBroken, broken.reason, 0, s.nowMillis()); err != nil {
			return nil, err
		}
		return nil, &commitThen{broken}
	}
	return state, err
}

// brokenError is a game whose stored moves do not replay, with the reason.
type brokenError struct{ reason string }

func (e *brokenError) Error() string { return ErrBroken.Error() + ": " + e.reason }
func (e *brokenError) Unwrap() error { return ErrBroken }

// Load returns game id with its seats and its engine state, rebuilt by
// replaying the stored moves through the engine (or taken from a cache of
// recent states, which holds for the same moves since the log is
// append-only). The state is the caller's to change.
//
// A game whose moves no longer replay is marked broken with the reason, in
// a transaction of its own: Load then returns the game (Status broken,
// Reason set) and an error wrapping ErrBroken with the reason; it does so
// for a game already marked broken, without replaying it. For a lobby, or
// a game stopped before it started, it returns the game and
// ErrNotStarted; ErrNotFound when there is no such game.
func (s *Store) Load(ctx context.Context, id int64) (Game, *engine.Game, error) {
	var (
		g     Game
		state *engine.Game
	)
	err := s.readTx(ctx, func(tx *txn) error {
		var err error
		if g, err = getGame(ctx, tx, id); err != nil {
			return err
		}
		switch {
		case g.Status == StatusLobby, g.StartedAt.IsZero():
			return ErrNotStarted // a lobby, or one stopped before it started
		case g.Status == StatusBroken:
			return fmt.Errorf("%w: %s", ErrBroken, g.Reason)
		}
		state, err = s.stateAt(ctx, tx, g)
		return err
	})
	var broken *brokenError
	if errors.As(err, &broken) {
		// Marked only if no move came in since: a new move could have
		// been stored by a fixed program, or by another process.
		err = s.writeTx(ctx, func(tx *txn) error {
			_, err := tx.ExecContext(ctx, `UPDATE games SET status = 'broken', reason = ?,
				deadline = NULL, updated_at = ?
				WHERE id = ? AND status = ? AND (SELECT count(*) FROM moves WHERE game_id = ?) = ?`,
				broken.reason, s.nowMillis(), id, string(g.Status), id, g.Moves)
			return err
		})
		if err != nil {
			return g, nil, fmt.Errorf("storage: mark game %d broken: %w", id, err)
		}
		g.Status, g.Reason, g.Deadline = StatusBroken, broken.reason, time.Time{}
		return g, nil, broken
	}
	if err != nil {
		return g, nil, err
	}
	return g, state, nil
}

// state returns the engine state of started game g after its g.Moves
// moves: a copy of the cached state when it has them, else the cached state
// (or a new game) with the moves stored after it replayed. A replay that
// fails returns a *brokenError with the reason.
func (s *Store) state(ctx context.Context, tx *txn, g Game) (*engine.Game, error) {
	if g.invalid != "" {
		return nil, &brokenError{g.invalid}
	}
	key := cacheKey{seed: g.Seed, options: g.Options, expansions: g.set}
	for _, st := range g.Seats {
		key.players += st.PlayerName + ","
	}
	state, from := s.cache.get(g.ID, key, g.Moves)
	if state == nil {
		var err error
		if state, err = newState(g); err != nil {
			return nil, err
		}
		from = 0
	}
	if from < g.Moves {
		rows, err := moveRows(ctx, tx, g.ID, from)
		if err != nil {
			return nil, err
		}
		if err := replay(state, from, rows); err != nil {
			return nil, err
		}
		s.cache.put(g.ID, g.Moves, state.Clone())
	}
	if state.Ended() != (g.Status == StatusFinished) {
		if state.Ended() {
			return nil, &brokenError{fmt.Sprintf("the moves end the game, but it is %s", g.Status)}
		}
		return nil, &brokenError{"the game is marked finished, but its moves do not end it"}
	}
	return state, nil
}

// newState returns the engine state of started game g before its first
// move, or a *brokenError.
func newState(g Game) (*engine.Game, error) {
	names := make([]string, len(g.Seats))
	for i, st := range g.Seats {
		if st.Index != i {
			return nil, &brokenError{fmt.Sprintf("seat %d is missing", i)}
		}
		names[i] = st.PlayerName
	}
	rules, err := rulesFor(g.set, g.Options)
	if err != nil {
		return nil, &brokenError{fmt.Sprintf("the rules do not set up: %v", err)}
	}
	// The game was made from its seed: every move plays the tile drawn.
	state, err := engine.New(engine.Config{Rules: rules, Players: names, Seed: g.Seed, DrawnOnly: true})
	if err != nil {
		return nil, &brokenError{fmt.Sprintf("the game does not set up: %v", err)}
	}
	return state, nil
}

// moveRow is a row of the move log.
type moveRow struct {
	number, turn, seat int
	kind, notation     string
}

// movesQuery reads the move rows of a game from a number on, in order.
const movesQuery = `SELECT number, turn, seat, kind, notation FROM moves
	WHERE game_id = ? AND number >= ? ORDER BY number`

// moveRows reads the moves of game id from number from on, in order.
func moveRows(ctx context.Context, tx *txn, id int64, from int) ([]moveRow, error) {
	rows, err := tx.stmt(ctx, tx.st.moves).QueryContext(ctx, id, from)
	if err != nil {
		return nil, fmt.Errorf("storage: moves of game %d: %w", id, err)
	}
	defer rows.Close()
	var out []moveRow
	for rows.Next() {
		var r moveRow
		if err := rows.Scan(&r.number, &r.turn, &r.seat, &r.kind, &r.notation); err != nil {
			return nil, &brokenError{fmt.Sprintf("move %d does not read: %v", from+len(out), err)}
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("storage: moves of game %d: %w", id, err)
	}
	return out, nil
}

// replay plays rows, the moves from number from on, on state. A row that
// does not hold the next legal move returns a *brokenError saying which and
// why; so does a panic of the engine, so that one bad game cannot bring
// down the others.
func replay(state *engine.Game, from int, rows []moveRow) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &brokenError{fmt.Sprintf("the engine failed on move %d: %v", from, r)}
		}
	}()
	ts := state.TileSet()
	for _, r := range rows {
		if r.number != from {
			return &brokenError{fmt.Sprintf("move %d is missing", from)}
		}
		m, err := rowMove(ts, r)
		if err != nil {
			return &brokenError{fmt.Sprintf("move %d %v", from, err)}
		}
		if r.turn != state.Turn() {
			return &brokenError{fmt.Sprintf("move %d is stored in turn %d, but the game is at turn %d", from, r.turn, state.Turn())}
		}
		if !m.Resign {
			if r.seat != state.Current() {
				return &brokenError{fmt.Sprintf("move %d is stored as seat %d's, but it is seat %d's turn", from, r.seat, state.Current())}
			}
		}
		if err := state.Apply(m); err != nil {
			return &brokenError{fmt.Sprintf("move %d (%q) is not legal: %v", from, r.notation, err)}
		}
		from++
	}
	return nil
}

// rowMove returns the move a row of the log holds, or an error that
// completes "move N …".
func rowMove(ts *engine.TileSet, r moveRow) (engine.Move, error) {
	m, err := engine.ParseMove(ts, r.notation)
	if err != nil {
		return m, fmt.Errorf("(%q) does not read: %v", r.notation, err)
	}
	switch r.kind {
	case kindMove:
		if m.Resign {
			return m, fmt.Errorf("(%q) is a resignation stored as a move", r.notation)
		}
	case kindResign:
		if !m.Resign || m.Player != r.seat {
			return m, fmt.Errorf("(%q) is not the resignation of seat %d", r.notation, r.seat)
		}
	default:
		return m, fmt.Errorf("is of unknown kind %q", r.kind)
	}
	return m, nil
}

// Record returns the game record of started game id (spec/record.md): the
// players' record names in turn order, the expansions (header Expansions,
// in record order, "base" first), rules, the moves stored
// and `end` for a finished game, with the extra headers Date (the start,
// UTC, YYYY-MM-DD), Guild, Channel and Thread (when set) and Game (the id).
// It does not replay the moves (Record.Replay does).
//
// The seed, which orders the draw pile, is in the record (Seed and HasSeed
// set, the header Seed written) only once the game is finished or stopped:
// the record of a running (or broken, which may run again) game tells the
// tiles drawn so far and nothing of the tiles to come. Record.Replay plays
// such a record all the same (a record names the tile of each move), to
// the same board, scores and followers, with the tiles left in another
// order.
//
// It returns ErrNotFound, ErrNotStarted for a lobby (or a game stopped
// before it started), or an error wrapping ErrBroken when a stored move or
// the game's settings (its expansions, rules, seed) do not read.
func (s *Store) Record(ctx context.Context, id int64) (*engine.Record, error) {
	var rec *engine.Record
	err := s.readTx(ctx, func(tx *txn) error {
		g, err := getGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if g.Status == StatusLobby || g.StartedAt.IsZero() {
			return ErrNotStarted
		}
		if g.invalid != "" {
			return &brokenError{g.invalid}
		}
		rules, err := rulesFor(g.set, g.Options)
		if err != nil {
			return &brokenError{fmt.Sprintf("the rules do not set up: %v", err)}
		}
		rec = &engine.Record{
			Expansions: g.Expansions,
			Options:    g.Options,
			End:        g.Status == StatusFinished,
		}
		if g.Status == StatusFinished || g.Status == StatusStopped {
			rec.Seed, rec.HasSeed = g.Seed, true
		}
		for _, st := range g.Seats {
			rec.Players = append(rec.Players, st.PlayerName)
		}
		rec.Extra = append(rec.Extra, engine.Header{Key: "Date", Value: g.StartedAt.Format("2006-01-02")})
		for _, h := range []engine.Header{{Key: "Guild", Value: g.GuildID}, {Key: "Channel", Value: g.ChannelID}, {Key: "Thread", Value: g.ThreadID}} {
			if h.Value != "" {
				rec.Extra = append(rec.Extra, h)
			}
		}
		rec.Extra = append(rec.Extra, engine.Header{Key: "Game", Value: fmt.Sprint(g.ID)})
		rows, err := moveRows(ctx, tx, id, 0)
		if err != nil {
			return err
		}
		turn := 1
		for i, r := range rows {
			m, err := rowMove(rules.Tiles, r)
			if err != nil {
				return &brokenError{fmt.Sprintf("move %d %v", i, err)}
			}
			rec.Turns = append(rec.Turns, engine.Turn{Number: turn, Move: m})
			// A discard, a tile set aside and a resignation keep the
			// turn's number (spec/record.md).
			if !m.Discard && !m.Aside && !m.Resign {
				turn++
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}
