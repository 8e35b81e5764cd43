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

// decisionKey numbers the decision a game waits for after `moves` moves
// and `answered` answers of the turn under way (a turn has far fewer than
// 1024 answers): what games.reminded_moves holds, so that each decision of
// a turn answered step by step (the dragon's steps, a crop circle's
// answers) gets its own reminder.
func decisionKey(moves, answered int) int64 { return int64(moves)*1024 + int64(answered) }

// SetReminded notes that the player who decides in game id after `moves`
// moves and `answered` answers of the turn under way (Game.Moves,
// Game.Answered) was reminded. It returns false when that was already
// noted (another process reminded them), so that a reminder is sent once
// per decision.
func (s *Store) SetReminded(ctx context.Context, id int64, moves, answered int) (bool, error) {
	var done bool
	key := decisionKey(moves, answered)
	err := s.writeTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET reminded_moves = ?
			WHERE id = ? AND (reminded_moves IS NULL OR reminded_moves <> ?)`, key, id, key)
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
// time twice, Unix milliseconds) whose player was not reminded of the
// decision the game waits for (decisionKey).
const remindersQuery = `SELECT ` + gameColumns + ` FROM games
	WHERE status = 'running' AND turn_timeout_ms > 0 AND deadline IS NOT NULL
	AND deadline > ? AND deadline - turn_timeout_ms / 2 <= ?
	AND (reminded_moves IS NULL OR reminded_moves <> (SELECT count(*) FROM moves WHERE moves.game_id = games.id) * 1024
		+ (SELECT count(*) FROM answers WHERE answers.game_id = games.id))
	ORDER BY deadline, id`
