package storage

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// lockWait bounds the waits of the lock tests, so that a lock never
// released fails the test instead of hanging it.
const lockWait = 2 * time.Minute

// waiters returns how many callers wait for game id's lock: on
// PostgreSQL the advisory locks not granted (seen in pg_locks from
// another connection), on SQLite the waiters of s's mutex.
func waiters(tb testing.TB, s *Store, id int64) int {
	tb.Helper()
	if s.dialect == sqliteDB {
		s.games.mu.Lock()
		defer s.games.mu.Unlock()
		if g := s.games.games[id]; g != nil {
			return g.refs - len(g.held)
		}
		return 0
	}
	var n int
	// The one-key form keeps the key's high half in classid, the low
	// half in objid, and objsubid 1.
	err := s.write.QueryRow(`SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'
		AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
		AND classid::bigint = $1 AND objid::bigint = $2 AND objsubid = 1 AND NOT granted`,
		id>>32, id&0xffffffff).Scan(&n)
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// waitFor polls cond until it holds, failing the test when ctx ends first.
func waitFor(tb testing.TB, ctx context.Context, what string, cond func() bool) {
	tb.Helper()
	for !cond() {
		select {
		case <-ctx.Done():
			tb.Fatalf("waiting for %s: %v", what, ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// TestLockGame checks that the holders of a game's lock take turns: many
// goroutines (on PostgreSQL through two Stores, as two processes) each
// read a counter, let others run, and write it back plus one while they
// hold the lock, and no increment is lost; that a waiter whose context
// ends gives up with an error; and that other games' locks are free
// meanwhile.
func TestLockGame(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		ctx, cancel := context.WithTimeout(context.Background(), lockWait)
		defer cancel()
		s1, dsn := kind.open(t)
		stores := []*Store{s1}
		if kind.dialect == postgresDB {
			s2, err := Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer s2.Close()
			stores = append(stores, s2)
		}

		const (
			holders = 8
			rounds  = 10
		)
		var (
			wg      sync.WaitGroup
			counter atomic.Int64 // read, then written, under game 1's lock only
			inside  int          // holders inside at once, guarded by mu
			most    int
			mu      sync.Mutex
		)
		for i := range holders {
			wg.Go(func() {
				s := stores[i%len(stores)]
				for range rounds {
					unlock, err := s.LockGame(ctx, 1)
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					inside++
					most = max(most, inside)
					mu.Unlock()
					c := counter.Load()
					time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
					counter.Store(c + 1)
					mu.Lock()
					inside--
					mu.Unlock()
					unlock()
					unlock() // a second call does nothing
				}
			})
		}
		wg.Wait()
		if n := counter.Load(); n != holders*rounds || most != 1 {
			t.Fatalf("counter %d, at most %d holders at once; want %d and 1", n, most, holders*rounds)
		}

		// A waiter gives up when its context ends.
		unlock, err := s1.LockGame(ctx, 2)
		if err != nil {
			t.Fatal(err)
		}
		other, err := stores[len(stores)-1].LockGame(ctx, 3) // another game: free
		if err != nil {
			t.Fatal(err)
		}
		other()
		waitCtx, stop := context.WithCancel(ctx)
		gave := make(chan error, 1)
		go func() {
			u, err := stores[len(stores)-1].LockGame(waitCtx, 2)
			if err == nil {
				u()
			}
			gave <- err
		}()
		waitFor(t, ctx, "the waiter", func() bool { return waiters(t, s1, 2) == 1 })
		stop()
		if err := <-gave; !errors.Is(err, context.Canceled) {
			t.Errorf("a waiter whose context ended: got %v, want context.Canceled", err)
		}
		unlock()
		again, err := s1.LockGame(ctx, 2)
		if err != nil {
			t.Fatalf("the lock after the waiter gave up: %v", err)
		}
		again()
		if n := waiters(t, s1, 2); n != 0 {
			t.Errorf("%d waiters left", n)
		}
	})
}

// TestLockGameSQLiteProcesses documents the limit of the SQLite lock: two
// Stores on one file (as two processes) do not keep each other out, and
// the conflict check lets only the first of two moves for a turn in.
func TestLockGameSQLiteProcesses(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), lockWait)
	defer cancel()
	s1, path := testDBs[0].open(t)
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	g := startGame(t, s1, 2, 3)
	u1, err := s1.LockGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer u1()
	u2, err := s2.LockGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer u2()
	_, state, err := s1.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	m := randomMove(state, rand.New(rand.NewPCG(3, 3)))
	if _, err := s1.AppendMove(ctx, g.ID, 0, m, Request{ID: "a"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s2.AppendMove(ctx, g.ID, 0, m, Request{ID: "b"}); !errors.Is(err, ErrConflict) {
		t.Fatalf("the second process's move for the same turn: got %v, want ErrConflict", err)
	}
}

// lockChildEnv names the PostgreSQL database (and lockGameEnv the game)
// whose lock a child process of TestLockGameKilled takes.
const (
	lockChildEnv = "CARCASSONNE_STORAGE_LOCK_DB"
	lockGameEnv  = "CARCASSONNE_STORAGE_LOCK_GAME"
)

// lockChild is a process of TestLockGameKilled: it takes the lock of the
// game, says "locked" and waits for its standard input to close (it is
// killed before). It returns the exit code.
func lockChild(dsn string) int {
	ctx, cancel := context.WithTimeout(context.Background(), lockWait)
	defer cancel()
	id, err := strconv.ParseInt(os.Getenv(lockGameEnv), 10, 64)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	s, err := Open(ctx, dsn)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer s.Close()
	unlock, err := s.LockGame(ctx, id)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer unlock()
	fmt.Println("locked")
	io.Copy(io.Discard, os.Stdin)
	return 0
}

// TestLockGameKilled has a child process take a game's lock and kills it
// with SIGKILL while the test waits for the lock: the server releases the
// lock when the child's connection drops, and the test gets it.
func TestLockGameKilled(t *testing.T) {
	t.Parallel()
	db := testDBs[1]
	db.need(t)
	ctx, cancel := context.WithTimeout(context.Background(), lockWait)
	defer cancel()
	s, dsn := db.open(t)
	const game = 42
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), lockChildEnv+"="+dsn, lockGameEnv+"="+strconv.Itoa(game))
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	if !sc.Scan() || sc.Text() != "locked" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the child said %q, not locked", sc.Text())
	}
	got := make(chan error, 1)
	go func() {
		unlock, err := s.LockGame(ctx, game)
		if err == nil {
			unlock()
		}
		got <- err
	}()
	waitFor(t, ctx, "the test to wait for the child's lock", func() bool { return waiters(t, s, game) == 1 })
	select {
	case err := <-got:
		t.Fatalf("the lock was taken while the child held it (%v)", err)
	default:
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	cmd.Wait()
	if err := <-got; err != nil {
		t.Fatalf("the lock after the child was killed: %v", err)
	}
}
