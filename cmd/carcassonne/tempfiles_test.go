package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
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

// TestPlayBoardErrorLeavesNoTemp plays with --out naming a folder: the
// picture cannot be renamed into place, the program says so and leaves no
// temporary file.
func TestPlayBoardErrorLeavesNoTemp(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "board.png")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := runWith([]string{"play", "--db", filepath.Join(dir, "g.db"), "--out", out}, strings.NewReader("board\n"), &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "writing the board") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if l := leftovers(t, dir); len(l) > 0 {
		t.Errorf("temporary files left: %v", l)
	}
}

// TestPlayInterruptLeavesNoTemp interrupts the program (SIGINT, as Ctrl-C,
// and SIGTERM) while it writes pictures of the board as fast as it is asked,
// and checks that it stops with the resume hint and leaves no temporary
// file.
func TestPlayInterruptLeavesNoTemp(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.CommandContext(t.Context(), exe, "play", "--db", filepath.Join(dir, "g.db"), "--out", filepath.Join(dir, "board.png"))
			cmd.Env = append(os.Environ(), "CARCASSONNE_TEST_MAIN=1")
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Ask for many pictures, and interrupt once the program has
			// answered a few, while it is still drawing the others.
			go func() {
				io.WriteString(stdin, strings.Repeat("board\n", 200))
			}()
			var seen strings.Builder
			lines := bufio.NewScanner(stdout)
			boards := 0
			for lines.Scan() {
				seen.WriteString(lines.Text() + "\n")
				if strings.Contains(lines.Text(), "Board: ") {
					if boards++; boards == 5 {
						if err := cmd.Process.Signal(sig); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			err = cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
				t.Errorf("exit: %v, want status %d", err, 128+int(sig))
			}
			if !strings.Contains(seen.String(), "Stopped; game 1 is stored. Continue it with carcassonne play --resume 1 --db ") {
				t.Errorf("no resume hint in:\n%s", seen.String())
			}
			if l := leftovers(t, dir); len(l) > 0 {
				t.Errorf("temporary files left: %v", l)
			}
			checkPNG(t, filepath.Join(dir, "board.png"))
		})
	}
}
