package terminal

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
)

// busyWait is how long the terminal game waits before it tries a busy
// database again (each try itself waits up to the store's busy timeout).
const busyWait = 250 * time.Millisecond

// waitBusy runs op, again and again while the database is busy (another
// program holds its write lock past the store's busy timeout), saying once
// that it waits. It returns op's last error, or the context's.
func (s *session) waitBusy(op func() error) error {
	return WaitBusy(s.ctx, s.out, s.lang, op)
}

// WaitBusy runs op, again and again while it fails because the SQLite
// database is busy or locked (another program holds its write lock past
// the store's busy timeout), saying once on out that it waits and, when op
// then succeeds, that the database is free again, both in language l. It
// tries again every quarter of a second. It returns op's first error that is not "busy", nil
// when op succeeds, or an error wrapping context.Cause(ctx) when ctx ends
// first.
func WaitBusy(ctx context.Context, out io.Writer, l i18n.Lang, op func() error) error {
	said := false
	for {
		err := op()
		if !storage.IsBusy(err) {
			if said && err == nil {
				fmt.Fprintln(out, l.T("terminal3.busy.free", nil))
			}
			return err
		}
		if !said {
			fmt.Fprintln(out, l.T("terminal3.busy.waiting", nil))
			said = true
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the database stayed busy: %w", context.Cause(ctx))
		case <-time.After(busyWait):
		}
	}
}
