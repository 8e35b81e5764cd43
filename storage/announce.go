package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// SetAnnounced records that the players of game id were told where the game
// stands after `moves` moves: the turn message messageID was posted (for a
// running game), or the end of the game (messageID may then be empty, and
// the stored turn message is kept). A count below the one stored changes
// nothing: the late announcement of a slower process never takes the game
// back. It returns ErrNotFound when there is no such game.
func (s *Store) SetAnnounced(ctx context.Context, id int64, messageID string, moves int) error {
	return s.writeTx(ctx, func(tx *txn) error {
		q := `UPDATE games SET announced_moves = ?, turn_message_id = ?, updated_at = ? WHERE id = ? AND coalesce(announced_moves, -1) <= ?`
		args := []any{moves, messageID, s.nowMillis(), id, moves}
		if messageID == "" {
			q = `UPDATE games SET announced_moves = ?, updated_at = ? WHERE id = ? AND coalesce(announced_moves, -1) <= ?`
			args = []any{moves, s.nowMillis(), id, moves}
		}
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return fmt.Errorf("storage: game %d: %w", id, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("storage: game %d: %w", id, err)
		}
		if n == 0 {
			var one int
			if err := tx.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ?`, id).Scan(&one); err != nil {
				if errors.Is(err, sql.ErrNoRows) {
					return ErrNotFound
				}
				return fmt.Errorf("storage: game %d: %w", id, err)
			}
		}
		return nil
	})
}

// Unannounced returns the running and finished games of Discord channels
// whose players have not been told of every stored move (Announced <
// Moves), oldest first: the bot catches up with them when it starts. Local
// games (no channel: the terminal game's) are left out.
func (s *Store) Unannounced(ctx context.Context) ([]Game, error) {
	var out []Game
	err := s.readTx(ctx, func(tx *txn) error {
		var err error
		out, err = findGamesPrepared(ctx, tx, tx.st.unannounced)
		return err
	})
	return out, err
}

// unannouncedQuery selects the running and finished games of a Discord
// channel with moves not yet announced (a local game, played in a
// terminal, has no channel and nobody to announce to).
const unannouncedQuery = `SELECT ` + gameColumns + ` FROM games
	WHERE status IN ('running', 'finished') AND channel_id <> ''
	AND coalesce(announced_moves, -1) < (SELECT count(*) FROM moves WHERE moves.game_id = games.id)
	ORDER BY id`
