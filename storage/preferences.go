package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// SetPawnPreference stores which pawn member userID moves when they score
// during another player's turn, in every game with The Messengers: the
// messenger when messenger is set, else the marker (001_…, "The
// Messengers": each scoring player chooses; the bot answers for the
// players who are not at the table, so that nobody waits). It returns an
// error only when the database fails.
func (s *Store) SetPawnPreference(ctx context.Context, userID string, messenger bool) error {
	if userID == "" {
		return errors.New("storage: a preference needs a member")
	}
	pawn := "marker"
	if messenger {
		pawn = "messenger"
	}
	return s.writeTx(ctx, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO preferences (user_id, pawn, updated_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET pawn = excluded.pawn, updated_at = excluded.updated_at`, userID, pawn, s.nowMillis())
		if err != nil {
			return fmt.Errorf("storage: preference of %s: %w", userID, err)
		}
		return nil
	})
}

// PawnPreference reports whether member userID moves the messenger
// (SetPawnPreference); false, the marker, for a member who never chose. A
// row the database holds with another value reads as the marker.
func (s *Store) PawnPreference(ctx context.Context, userID string) (messenger bool, err error) {
	err = s.readTx(ctx, func(tx *txn) error {
		var pawn string
		err := tx.QueryRowContext(ctx, `SELECT pawn FROM preferences WHERE user_id = ?`, userID).Scan(&pawn)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return nil
		case err != nil:
			return fmt.Errorf("storage: preference of %s: %w", userID, err)
		}
		messenger = pawn == "messenger"
		return nil
	})
	return messenger, err
}
