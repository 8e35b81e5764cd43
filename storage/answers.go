package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/meeple-works/carcassonne/engine"
)

// This file stores a turn answer by answer (engine.Game.Act), for the
// turns in which players other than the current one decide (the dragon's
// steps, crop circles) and a restart must find the turn where it stood:
// the answers so far wait in the table answers until the turn's last one,
// which appends the whole move to the log and deletes them (migration
// 00009). Each answer is stored as the record's token (engine.Answer.String:
// "1,0 90", "large@N", "dragon@1,0", "-" for a pass; migration 13 rewrote
// the older notation, answer_tokens.go) and read back by
// engine.Game.AnswerOf. Load and AppendMove see the game with those
// answers given.

// AnswerResult is what AppendAnswer or AppendAnswers stored.
type AnswerResult struct {
	// Seat is the seat that gave the (last) answer.
	Seat int
	// Done tells that the answer ended the turn: its whole move is in
	// the log as move Move.Number (the rest of Move is AppendMove's
	// result), and the answers of the turn are gone.
	Done bool
	Move AppendResult
	// Number is the (last) answer's number within the turn, from 0, when
	// not Done.
	Number int
	// Duplicate tells that the request id had been seen: nothing was
	// written now, and Game is the game as stored now.
	Duplicate bool
	// Game is the game's row after the answer (Moves, Answered, Deadline,
	// Status).
	Game Game
	// State is the engine state after the answer, a copy the caller owns:
	// mid-turn (Pending names who decides next) or after the whole move;
	// nil with Duplicate.
	State *engine.Game
}

// The statements of the answers.
const (
	answersQuery = `SELECT number, moves, seat, notation FROM answers WHERE game_id = ? ORDER BY number`
	insertAnswer = `INSERT INTO answers (game_id, number, moves, seat, notation, request_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`
)

// AppendAnswer gives answer a to the step running game id waits for
// (engine.Game.Pending), after `moves` moves and `answered` answers of the
// turn under way (Game.Moves and Game.Answered as the caller saw them), and
// stores it: in one transaction it plays the answer on the engine state
// rebuilt from the stored moves and answers (engine.Game.Act checks it),
// then stores the answer, or, when it ends the turn, appends the whole
// move as AppendMove does (its request id and cause, the next deadline,
// the end of the game) and deletes the turn's answers. An answer that
// does not end the turn sets the next deadline from the turn timeout: the
// next player who decides has the whole time.
//
// A request id already stored for the game, with an answer or a move,
// returns Duplicate and writes nothing. Otherwise it returns ErrConflict
// when the game does not stand at moves and answered (another answer got
// there first), the engine's *engine.MoveError for an answer the rules
// refuse (engine.ErrWrongStep when it answers another step),
// ErrNotRunning, ErrBroken or ErrNotFound; and nothing is written.
func (s *Store) AppendAnswer(ctx context.Context, id int64, moves, answered int, a engine.Answer, req Request) (AnswerResult, error) {
	return s.AppendAnswers(ctx, id, moves, answered, []engine.Answer{a}, req)
}

// AppendAnswers is AppendAnswer for several answers in a row, given in one
// transaction: all of them are stored, or none (a player's answers to the
// steps that are theirs, from one preview). Only the last may end the
// turn: an answer after the end of the turn returns an error wrapping
// engine.ErrWrongStep. It returns the result of the last answer.
func (s *Store) AppendAnswers(ctx context.Context, id int64, moves, answered int, as []engine.Answer, req Request) (AnswerResult, error) {
	if len(as) == 0 {
		return AnswerResult{}, errors.New("storage: no answer to store")
	}
	cause, err := req.cause()
	if err != nil {
		return AnswerResult{}, err
	}
	var (
		res   AnswerResult
		state *engine.Game
	)
	err = s.writeTx(ctx, func(tx *txn) error {
		res, state = AnswerResult{}, nil // anew when run again
		if req.ID != "" {
			dup, err := requestSeen(ctx, tx, id, req.ID)
			if err != nil {
				return err
			}
			if dup {
				g, err := getGame(ctx, tx, id)
				res.Duplicate, res.Game = true, g
				return err
			}
		}
		g, err := runningGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if g.Moves != moves || g.Answered != answered {
			return fmt.Errorf("%w: the answer after %d moves and %d answers was expected, the game has %d and %d",
				ErrConflict, moves, answered, g.Moves, g.Answered)
		}
		if state, err = s.stateOrBroken(ctx, tx, g); err != nil {
			return err
		}
		turn, current := state.Turn(), state.Current()
		now := s.nowMillis()
		var reqID sql.NullString
		if req.ID != "" {
			reqID = sql.NullString{String: req.ID, Valid: true}
		}
		done, n := false, answered // n counts anew when the transaction runs again
		for k, a := range as {
			if done {
				return fmt.Errorf("%w: the turn is over before the answer %s", engine.ErrWrongStep, a)
			}
			d := state.Pending()
			if done, err = state.Act(a); err != nil {
				return err
			}
			res.Seat = d.Player
			if done {
				continue
			}
			// The request id goes with the last answer, or the move.
			rid := sql.NullString{}
			if k == len(as)-1 {
				rid = reqID
			}
			if _, err := tx.ExecContext(ctx, insertAnswer, id, n, moves, d.Player, a.String(), rid, now); err != nil {
				return fmt.Errorf("storage: game %d: store answer %d: %w", id, n, err)
			}
			n++
		}
		if done {
			if err := dropAnswers(ctx, tx, id); err != nil {
				return err
			}
			g.Answered = 0
			ms := state.Moves()
			res.Done = true
			res.Move.Turn, res.Move.Seat = turn, current
			if err := s.storeMove(ctx, tx, &res.Move, g, state, ms[len(ms)-1], g.Moves, kindMove, current, req.ID, cause); err != nil {
				return err
			}
			res.Game = res.Move.Game
			return nil
		}
		deadline := nextDeadline(now, g.TurnTimeout)
		if _, err := tx.stmt(ctx, tx.st.advance).ExecContext(ctx, deadline, now, id); err != nil {
			return fmt.Errorf("storage: game %d: %w", id, err)
		}
		res.Number = n - 1
		g.Answered, g.Deadline, g.UpdatedAt = n, fromMillis(deadline), fromMillis(sql.NullInt64{Int64: now, Valid: true})
		res.Game = g
		return nil
	})
	if err != nil {
		return AnswerResult{}, err
	}
	if !res.Duplicate {
		res.State = state
		if res.Done {
			res.Move.State = state
			s.cache.put(id, res.Move.Number+1, state.Clone())
		}
	}
	return res, nil
}

// requestSeen reports whether request id reqID is stored for game id,
// with an answer or a move.
func requestSeen(ctx context.Context, tx *txn, id int64, reqID string) (bool, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM answers WHERE game_id = ? AND request_id = ?`, id, reqID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("storage: game %d: %w", id, err)
	}
	if n > 0 {
		return true, nil
	}
	var number, turn, seat int
	err = tx.stmt(ctx, tx.st.request).QueryRowContext(ctx, id, reqID).Scan(&number, &turn, &seat)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	}
	return false, fmt.Errorf("storage: game %d: %w", id, err)
}

// dropAnswers deletes the answers of game id's turn under way.
func dropAnswers(ctx context.Context, tx *txn, id int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM answers WHERE game_id = ?`, id); err != nil {
		return fmt.Errorf("storage: game %d: drop the answers: %w", id, err)
	}
	return nil
}

// stateAt returns the engine state of started game g as it stands: after
// its moves (state), with the answers of the turn under way given. An
// answer that does not read, belongs to another turn or is refused returns
// a *brokenError saying which and why.
func (s *Store) stateAt(ctx context.Context, tx *txn, g Game) (*engine.Game, error) {
	state, err := s.state(ctx, tx, g)
	if err != nil || g.Answered == 0 {
		return state, err
	}
	rows, err := tx.QueryContext(ctx, answersQuery, g.ID)
	if err != nil {
		return nil, fmt.Errorf("storage: answers of game %d: %w", g.ID, err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var number, moves, seat int
		var notation string
		if err := rows.Scan(&number, &moves, &seat, &notation); err != nil {
			return nil, &brokenError{fmt.Sprintf("answer %d does not read: %v", n, err)}
		}
		if number != n || moves != g.Moves {
			return nil, &brokenError{fmt.Sprintf("answer %d is stored as answer %d of the turn after %d moves, but the game has %d moves", n, number, moves, g.Moves)}
		}
		a, err := state.AnswerOf(notation)
		if err != nil {
			return nil, &brokenError{fmt.Sprintf("answer %d: %v", n, err)}
		}
		if d := state.Pending(); d.Player != seat {
			return nil, &brokenError{fmt.Sprintf("answer %d (%q) is stored as seat %d's, but seat %d decides", n, notation, seat, d.Player)}
		}
		done, err := state.Act(a)
		if err != nil || done {
			return nil, &brokenError{fmt.Sprintf("answer %d (%q) is not legal there: %v", n, notation, err)}
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("storage: answers of game %d: %w", g.ID, err)
	}
	if n != g.Answered {
		return nil, &brokenError{fmt.Sprintf("%d answers are counted but %d read", g.Answered, n)}
	}
	return state, nil
}
