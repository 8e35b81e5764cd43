package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"
)

// lockSuffix names the file beside a database that Open locks while it
// sets the database up.
const lockSuffix = "-lock"

// lockPoll is how often Open tries again to take the set-up lock that
// another process holds.
const lockPoll = 10 * time.Millisecond

// lockSetUp takes the exclusive set-up lock of the database at path: a lock
// on the file path+lockSuffix, created with mode 0600 if need be, which the
// system releases when the process ends, however it ends. It waits while
// another process holds it, until ctx is done. The function it returns
// releases the lock.
func lockSetUp(ctx context.Context, path string) (unlock func() error, err error) {
	f, err := os.OpenFile(path+lockSuffix, os.O_RDWR|os.O_CREATE, fileMode)
	if err != nil {
		return nil, fmt.Errorf("cannot create the lock file beside the database: %w", err)
	}
	tick := time.NewTicker(lockPoll)
	defer tick.Stop()
	for {
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("cannot lock %s: %w", f.Name(), err)
		}
		if ok {
			return func() error { return errors.Join(unlockFile(f), f.Close()) }, nil
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("waiting for another program to finish setting up the database: %w", ctx.Err())
		case <-tick.C:
		}
	}
}
