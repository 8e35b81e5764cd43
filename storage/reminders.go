package storage

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// TimeoutRequestPrefix starts the request id of a move the bot played for a
// player whose time ran out ("timeout:<game>:<move>"); TurnTimeouts counts
// them.
const TimeoutRequestPrefix = "timeout:"

// TurnTimeouts returns how many of seat's last turns in a row in game id were
// played for them because their time ran out (moves whose request id starts
// with TimeoutRequestPrefix); discards and other players' moves do not break
// the run.
func (s *Store) TurnTimeouts(ctx context.Context, id int64, seat int) (int, error) {
	n := 0
	err := s.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT coalesce(request_id, '') FROM moves
			WHERE game_id = ? AND seat = ? AND kind = ? AND notation NOT LIKE '% discard'
			ORDER BY number DESC`, id, seat, kindMove)
		if err != nil {
			return fmt.Errorf("storage: timeouts of game %d: %w", id, err)
		}
		defer rows.Close()
		for rows.Next() {
			var req string
			if err := rows.Scan(&req); err != nil {
				return fmt.Errorf("storage: timeouts of game %d: %w", id, err)
			}
			if !strings.HasPrefix(req, TimeoutRequestPrefix) {
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
	err := s.readTx(ctx, func(tx *sql.Tx) (err error) {
		games, err = findGames(ctx, tx, `SELECT `+gameColumns+` FROM games
			WHERE status = 'running' AND turn_timeout_ms > 0 AND deadline IS NOT NULL
			AND deadline > ? AND deadline - turn_timeout_ms / 2 <= ?
			AND (reminded_moves IS NULL OR reminded_moves <> (SELECT count(*) FROM moves WHERE moves.game_id = games.id))
			ORDER BY deadline, id`, now, now)
		return err
	})
	return games, err
}

// SetReminded notes that the player of the turn after `moves` moves in game
// id was reminded. It returns false when that was already noted (another
// process reminded them), so that a reminder is sent once.
func (s *Store) SetReminded(ctx context.Context, id int64, moves int) (bool, error) {
	var done bool
	err := s.writeTx(ctx, func(tx *sql.Tx) error {
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
