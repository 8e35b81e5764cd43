package storage

import (
	"context"
)

// List returns the games of the database whose status is one of statuses
// (any status when none is given), newest first (by id), at most limit of
// them (every one when limit is 0 or less), each with its seats: the games
// of every guild, channel and front end, for a listing such as
// `carcassonne games`.
func (s *Store) List(ctx context.Context, limit int, statuses ...Status) ([]Game, error) {
	var games []Game
	err := s.readTx(ctx, func(tx *txn) (err error) {
		q, args := statusFilter(`SELECT `+gameColumns+` FROM games WHERE true`, nil, statuses)
		q += ` ORDER BY id DESC`
		if limit > 0 {
			q += ` LIMIT ?`
			args = append(args, limit)
		}
		games, err = findGames(ctx, tx, q, args...)
		return err
	})
	return games, err
}
