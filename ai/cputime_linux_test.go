//go:build linux

package ai

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadTime returns the processor time the calling thread has used (lock
// it with runtime.LockOSThread), so that a benchmark on a busy machine
// measures one core's work.
func threadTime() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
