//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package storage

import "os"

// tryLock takes no lock on systems without flock(2) or LockFileEx: there,
// two processes must not set up a new database at the same time.
func tryLock(*os.File) (bool, error) { return true, nil }

// unlockFile does nothing, as tryLock took no lock.
func unlockFile(*os.File) error { return nil }
