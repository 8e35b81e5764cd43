package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestInvocationOf(t *testing.T) {
	tests := []struct{ exe, want string }{
		{"/tmp/go-build3141592/b001/exe/carcassonne", goRunCommand},
		{"/home/ann/.cache/gotmp/go-build27/b001/exe/carcassonne", goRunCommand},
		{"/root/.cache/go-build/cd/cd094313a335351be71b984a8cbb421a61ac71d7f49e008c74d225c5a692a427-d/carcassonne", goRunCommand},
		{"/srv/cache/0a/0a094313a335351be71b984a8cbb421a61ac71d7f49e008c74d225c5a692a427-d/carcassonne", goRunCommand},
		{"/srv/cache/0a/0a094313a335351be71b984a8cbb421a61ac71d7f49e008c74d225c5a692a427/carcassonne", "carcassonne"},
		{"/srv/cache/xyz/0a094313a335351be71b984a8cbb421a61ac71d7f49e008c74d225c5a692a427-d/carcassonne", "carcassonne"},
		{`C:\Users\ann\AppData\Local\Temp\go-build99\b001\exe\carcassonne.exe`, "carcassonne"}, // not a path on this system
		{"/usr/local/bin/carcassonne", "carcassonne"},
		{"/home/ann/go/bin/carcassonne", "carcassonne"},
		{"/tmp/go-build3141592/b001/carcassonne.test", "carcassonne"}, // go test
		{"/opt/exe/carcassonne", "carcassonne"},
		{"carcassonne", "carcassonne"},
	}
	if runtime.GOOS == "windows" {
		tests[2].want = goRunCommand
	}
	for _, tt := range tests {
		if got := invocationOf(tt.exe); got != tt.want {
			t.Errorf("invocationOf(%q) = %q, want %q", tt.exe, got, tt.want)
		}
	}
}

// goTool returns the go command that runs this test.
func goTool(tb testing.TB) string {
	tb.Helper()
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err != nil {
		tb.Fatalf("no go command to run the program with: %v", err)
	}
	return p
}

// TestResumeHintAfterGoRun starts the program with go run, as a developer
// does (twice: the second run takes the program from the build cache), and
// checks that the hints it prints can be pasted back: go run
// ./cmd/carcassonne play --resume ID, from the module's root.
func TestResumeHintAfterGoRun(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "games.db")
	goRun := func(args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(t.Context(), goTool(t), append([]string{"run", "./cmd/carcassonne"}, args...)...)
		cmd.Dir = root
		cmd.Stdin = strings.NewReader("")
		var out, errs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errs
		if err := cmd.Run(); err != nil {
			t.Fatalf("go run %v: %v\nstderr: %s\nstdout: %s", args, err, errs.String(), out.String())
		}
		return out.String()
	}
	out := goRun("play", "--db", db, "--out", filepath.Join(filepath.Dir(db), "b.png"))
	want := "Continue it with go run ./cmd/carcassonne play --resume 1 --db " + db + "\n"
	if !strings.Contains(out, want) {
		t.Errorf("play under go run: output lacks %q:\n%s", want, out)
	}
	out = goRun("games", "--db", db)
	if want := "Continue a running game with: go run ./cmd/carcassonne play --resume ID --db " + db + "\n"; !strings.Contains(out, want) {
		t.Errorf("games under go run: output lacks %q:\n%s", want, out)
	}
	// The program built by go build keeps the short form.
	bin := filepath.Join(t.TempDir(), "carcassonne")
	build := exec.CommandContext(t.Context(), goTool(t), "build", "-o", bin, "./cmd/carcassonne")
	build.Dir = root
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	built, err := exec.CommandContext(t.Context(), bin, "games", "--db", db).Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "Continue a running game with: carcassonne play --resume ID --db " + db + "\n"; !strings.Contains(string(built), want) {
		t.Errorf("games built: output lacks %q:\n%s", want, built)
	}
}
