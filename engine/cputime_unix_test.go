//go:build unix

package engine

import (
	"syscall"
	"time"
)

// cpuTime returns the processor time this process has used, user and
// system, so that benchmarks on a busy machine can report their own cost.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
