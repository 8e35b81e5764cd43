package storage

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// LockGame takes the lock of game id and returns the function that
// releases it (calling it again does nothing). A holder keeps every other
// holder of the same game's lock waiting, so that one process at a time
// applies and announces a turn of the game: take it before loading the
// game for a move and release it once the move is stored and announced.
// LockGame waits while another holds the lock, until ctx is done, and then
// returns an error wrapping ctx's.
//
// The lock only orders the holders: the Store's methods do not take it,
// and AppendMove's check of the expected move number (ErrConflict) keeps
// the move log right with or without it.
//
// On PostgreSQL it is a session-level advisory lock, pg_advisory_lock(id)
// (the one-key form, keyed by the game id), held on a connection of its
// own, so that every process using the database is kept apart; unlock
// releases it, and the server releases it when the connection ends, so a
// process that dies, however it dies, leaves no game locked. On SQLite it
// is a mutex of this Store, which keeps the goroutines of one process
// apart; several processes on one SQLite file are not kept apart by it, but
// still by the conflict check, which lets only the first of two moves for
// the same turn in.
func (s *Store) LockGame(ctx context.Context, id int64) (unlock func(), err error) {
	if s.dialect == postgresDB {
		return s.lockPostgres(ctx, id)
	}
	return s.games.lock(ctx, id)
}

// unlockTimeout bounds the release of a PostgreSQL game lock; past it the
// connection is closed, which releases the lock too.
const unlockTimeout = 10 * time.Second

// lockPostgres takes game id's advisory lock on a connection of the lock
// pool (see LockGame).
func (s *Store) lockPostgres(ctx context.Context, id int64) (func(), error) {
	return s.advisoryLock(ctx, fmt.Sprintf("the lock of game %d", id), id)
}

// advisoryLock takes the PostgreSQL session-level advisory lock of keys
// (one int64, or two int32, pg_advisory_lock's two forms, whose key spaces
// do not overlap) on a connection of the lock pool of its own, and returns
// the function that releases it. It waits until ctx is done; what names the
// lock in its errors.
func (s *Store) advisoryLock(ctx context.Context, what string, keys ...any) (func(), error) {
	params := "$1"
	if len(keys) == 2 {
		params = "$1, $2"
	}
	conn, err := s.locks.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("storage: %s: %w", what, err)
	}
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(`+params+`)`, keys...); err != nil {
		// The lock may have been granted as the wait was cancelled:
		// closing the connection releases it in any case.
		discard(conn)
		conn.Close()
		return nil, fmt.Errorf("storage: waiting for %s: %w", what, err)
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), unlockTimeout)
			defer cancel()
			var released bool
			if err := conn.QueryRowContext(ctx, `SELECT pg_advisory_unlock(`+params+`)`, keys...).Scan(&released); err != nil || !released {
				discard(conn)
			}
			conn.Close()
		})
	}, nil
}

// gameMutexes are the per-game locks of a SQLite Store: a game's entry
// lives while someone holds or waits for its lock.
type gameMutexes struct {
	mu    sync.Mutex
	games map[int64]*gameMutex
}

// gameMutex is one game's lock: holding it is having put a value into
// held, whose capacity is 1.
type gameMutex struct {
	held chan struct{}
	refs int // holders and waiters
}

// lock takes game id's mutex (see LockGame).
func (m *gameMutexes) lock(ctx context.Context, id int64) (func(), error) {
	m.mu.Lock()
	if m.games == nil {
		m.games = map[int64]*gameMutex{}
	}
	g := m.games[id]
	if g == nil {
		g = &gameMutex{held: make(chan struct{}, 1)}
		m.games[id] = g
	}
	g.refs++
	m.mu.Unlock()
	leave := func() {
		m.mu.Lock()
		if g.refs--; g.refs == 0 {
			delete(m.games, id)
		}
		m.mu.Unlock()
	}
	select {
	case g.held <- struct{}{}:
	case <-ctx.Done():
		leave()
		return nil, fmt.Errorf("storage: waiting for the lock of game %d: %w", id, ctx.Err())
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			<-g.held
			leave()
		})
	}, nil
}
