package terminal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
)

// leftovers returns the names of the temporary files (*.tmp) in dir.
func leftovers(tb testing.TB, dir string) []string {
	tb.Helper()
	m, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if err != nil {
		tb.Fatal(err)
	}
	m2, _ := filepath.Glob(filepath.Join(dir, "*.tmp"))
	return append(m, m2...)
}

func TestWriteFileAtomicCleansUp(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "a-folder.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a-folder.png", "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		write      func(io.Writer) error
		fails      bool
	}{
		{"written", "ok.png", func(w io.Writer) error { _, err := io.WriteString(w, "picture"); return err }, false},
		{"write fails", "fails.png", func(w io.Writer) error { io.WriteString(w, "half"); return errors.New("the renderer failed") }, true},
		{"rename fails", "a-folder.png", func(w io.Writer) error { _, err := io.WriteString(w, "picture"); return err }, true},
		{"write panics", "panics.png", func(w io.Writer) error { io.WriteString(w, "half"); panic("the renderer broke") }, true},
	}
	temps := &tempFiles{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = errors.New("panicked")
					}
				}()
				return writeFileAtomic(temps, filepath.Join(dir, tt.path), tt.write)
			}()
			if (err != nil) != tt.fails {
				t.Errorf("error %v, want failure %v", err, tt.fails)
			}
			if l := leftovers(t, dir); len(l) > 0 {
				t.Errorf("temporary files left: %v", l)
			}
		})
	}
	if b, err := os.ReadFile(filepath.Join(dir, "ok.png")); err != nil || string(b) != "picture" {
		t.Errorf("ok.png: %q, %v", b, err)
	}
	if len(temps.paths) != 0 {
		t.Errorf("still registered: %v", temps.paths)
	}
}

func TestTempFilesRemoveAll(t *testing.T) {
	dir := t.TempDir()
	temps := &tempFiles{}
	f, err := temps.create(dir, ".b.png.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	temps.removeAll()
	if l := leftovers(t, dir); len(l) > 0 {
		t.Errorf("removeAll left %v", l)
	}
	if _, err := temps.create(dir, ".b.png.*.tmp"); err == nil {
		t.Error("a temporary file was made after removeAll")
	}
	if l := leftovers(t, dir); len(l) > 0 {
		t.Errorf("left %v", l)
	}
}

// TestBoardErrorLeavesNoTemp plays with the board's file naming a folder:
// the picture cannot be renamed into place, Run says so and leaves no
// temporary file.
func TestBoardErrorLeavesNoTemp(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "board.png")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := Config{DB: filepath.Join(dir, "g.db"), Board: out, Players: []string{"Ann", "Ben"}}
	err := Run(t.Context(), cfg, strings.NewReader("board\n"), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "writing the board") {
		t.Errorf("Run: %v, want an error writing the board", err)
	}
	if l := leftovers(t, dir); len(l) > 0 {
		t.Errorf("temporary files left: %v", l)
	}
}

// TestInterrupted ends Run's context while it waits for a command, as
// Ctrl-C does, and after asking for pictures as fast as it can: Run stops
// with the resume hint, returns the context's cause, leaves no temporary
// file and a whole picture, and the game goes on from where it stood.
func TestInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	board := filepath.Join(dir, "board.png")
	cfg := Config{DB: filepath.Join(dir, "g.db"), Board: board, Players: []string{"Ann", "Ben"}, Seed: 5,
		ResumeHint: func(id int64) string { return fmt.Sprintf("resume %d", id) }}
	stop := errors.New("Ctrl-C")
	ctx, cancel := context.WithCancelCause(t.Context())
	in, typed := io.Pipe()
	defer typed.Close()
	out := &lockedBuffer{}
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, in, out) }()
	io.WriteString(typed, "place 1\n"+strings.Repeat("board\n", 20))
	cancel(stop)
	var err error
	select {
	case err = <-done:
	case <-t.Context().Done():
		t.Fatal("Run did not stop")
	}
	if !errors.Is(err, stop) {
		t.Errorf("Run: %v, want the cause %v", err, stop)
	}
	if got := out.String(); !strings.Contains(got, "\nStopped; game 1 is stored. Continue it with resume 1\n") {
		t.Errorf("no resume hint in:\n%s", got)
	}
	if l := leftovers(t, dir); len(l) > 0 {
		t.Errorf("temporary files left: %v", l)
	}
	terminaltest.CheckPNG(t, board)
	if g := terminaltest.Stored(t, cfg.DB, 1); g.Status != storage.StatusRunning {
		t.Errorf("stored game: %s, want running", g.Status)
	}
	cfg.Resume = 1
	again := run(t, cfg, "")
	if !strings.Contains(again, "Game 1: Ann (red), Ben (green)") || !strings.Contains(again, "Where it fits") {
		t.Errorf("resumed after the interrupt:\n%s", again)
	}
}

// lockedBuffer is a bytes.Buffer that Run and a test may use at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
