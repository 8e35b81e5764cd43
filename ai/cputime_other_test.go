//go:build !linux

package ai

import "time"

// threadTime is not measured here: the benchmarks fall back to wall time.
func threadTime() time.Duration { return 0 }
