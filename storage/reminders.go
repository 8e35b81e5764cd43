package storage

import (
	"context"
	"fmt"
	"time"
)

// TurnTimeouts returns how many of seat's last turns in a row in game id were
// played for them because their time ran out (moves stored with
// CauseTimeout); discards and other players' moves do not break the run.
func (s *Store) TurnTimeouts(ctx context.Context, id int64, seat int) (int, error) {
	n := 0
	err := s.readTx(ctx, func(tx *txn) error {
		rows, err := tx.QueryContext(ctx, `SELECT cause FROM moves
			WHERE game_id = ? AND seat = ? AND kind = ? AND cause <> ? AND notation NOT LIKE '% discard'
			ORDER BY number DESC`, id, seat, kindMove, string(CauseDiscard))
		if err != nil {
			return fmt.Errorf("storage: timeouts of game %d: %w", id, err)
		}
		defer rows.Close()
		for rows.Next() {
			var cause string
			if err := rows.Scan(&cause); err != nil {
				return fmt.Errorf("storage: timeouts of game %d: %w", id, err)
			}
			if Cause(cause) != CauseTimeout {
				break
			}
			n++
		}
		return rows.Err()
	})
	return n, err
}

// RemindersDue returns the running games with a turn timeout whose current
// turn has used half of its time by t (and not all of it), and whose player
// has not been reminded yet this turn (see SetReminded).
func (s *Store) RemindersDue(ctx context.Context, t time.Time) ([]Game, error) {
	var games []Game
	now := t.UnixMilli()
	err := s.readTx(ctx, func(tx *txn) (err error) {
		games, err = findGamesPrepared(ctx, tx, tx.st.reminders, now, now)
		return err
	})
	return games, err
}

// SetReminded notes that the player of the turn after `moves` moves in game
// id was reminded. It returns false when that was already noted (another
// process reminded them), so that a reminder is sent once.
func (s *Store) SetReminded(ctx context.Context, id int64, moves int) (bool, error) {
	var done bool
	err := s.writeTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET reminded_moves = ?
			WHERE id = ? AND (reminded_moves IS NULL OR reminded_moves <> ?)`, moves, id, moves)
		if err != nil {
			return fmt.Errorf("storage: reminder of game %d: %w", id, err)
		}
		n, err := res.RowsAffected()
		done = n == 1
		return err
	})
	return done, err
}

// remindersQuery selects the running games past half their turn time (the
// time twice, Unix milliseconds) whose player was not reminded this turn.
const remindersQuery = `SELECT ` + gameColumns + ` FROM games
	WHERE status = 'running' AND turn_timeout_ms > 0 AND deadline IS NOT NULL
	AND deadline > ? AND deadline - turn_timeout_ms / 2 <= ?
	AND (reminded_moves IS NULL OR reminded_moves <> (SELECT count(*) FROM moves WHERE moves.game_id = games.id))
	ORDER BY deadline, id`
