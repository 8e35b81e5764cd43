package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runProcess runs the program as a process of its own with args, in dir,
// with the extra environment env, and returns its standard output, standard
// error and exit status. The test's context bounds it.
func runProcess(tb testing.TB, ctx context.Context, dir string, env []string, stdin string, args ...string) (stdout, stderr string, code int) {
	tb.Helper()
	exe, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "CARCASSONNE_TEST_MAIN=1"), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.ExitCode()
	default:
		tb.Fatalf("%v: %v", args, err)
	}
	if ctx.Err() != nil {
		tb.Fatalf("%v: did not end: %v", args, ctx.Err())
	}
	return out.String(), errs.String(), code
}

// TestFailuresPrintOneLine runs the program as users get it wrong: every
// failure prints one line to standard error saying why, starting
// "carcassonne: ", and exits with status 1 (it printed the reason and then
// "carcassonne: exit status 1").
func TestFailuresPrintOneLine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.rec")
	if err := os.WriteFile(bad, []byte("[Players \"A, B\"]\n\n1. Z 0,-1 180\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.rec")
	if err := os.WriteFile(huge, []byte("[Players \"A\"]\n"+strings.Repeat("# a comment line\n", 2<<20/17)), 0o644); err != nil {
		t.Fatal(err)
	}
	noToken := []string{"DISCORD_TOKEN=", "CARCASSONNE_DB="}
	tests := []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"replay a bad record", nil, []string{"replay", bad}, bad + `:3: there is no tile "Z"`},
		{"replay a huge record", nil, []string{"replay", huge}, huge + ":61682: the record is longer than 1048576 bytes"},
		{"replay a missing file", nil, []string{"replay", filepath.Join(dir, "none.rec")}, filepath.Join(dir, "none.rec") + ": no such file"},
		{"render a bad record", nil, []string{"render", bad, "-o", filepath.Join(dir, "b.png")}, bad + ":3:"},
		{"a bad flag", nil, []string{"replay", "--bogus", bad}, "unknown flag --bogus"},
		{"an unknown command", nil, []string{"frobnicate"}, "unexpected argument frobnicate"},
		{"a bad flag value", nil, []string{"play", "--seed", "x", "--db", filepath.Join(dir, "p.db")}, "--seed is a whole number"},
		{"the bot without a token", noToken, []string{"bot", "--db", filepath.Join(dir, "bot.db")}, "the Discord token is missing"},
		{"the bot by default without a token", noToken, nil, "the Discord token is missing"},
		{"the bot with a bad API address", []string{"DISCORD_TOKEN=abc"}, []string{"bot", "--db", filepath.Join(dir, "bot.db"), "--api-url", "localhost"}, "is not an http or https address"},
		{"the bot with a bad guild", []string{"DISCORD_TOKEN=abc"}, []string{"bot", "--db", filepath.Join(dir, "bot.db"), "--guild", "my server"}, "is a server's id"},
		{"the bot with a shard beyond the count", []string{"DISCORD_TOKEN=abc", "DISCORD_SHARD_ID=2", "DISCORD_SHARD_COUNT=2"}, []string{"bot", "--db", filepath.Join(dir, "bot.db")}, `DISCORD_SHARD_ID (--shard-id) is this process's shard, a whole number from 0 to 1 (the shard count, 2, minus 1), not "2"`},
		{"the bot with a negative shard", []string{"DISCORD_TOKEN=abc"}, []string{"bot", "--db", filepath.Join(dir, "bot.db"), "--shard-id=-1", "--shard-count", "3"}, `from 0 to 2 (the shard count, 3, minus 1), not "-1"`},
		{"the bot with a shard that is not a number", []string{"DISCORD_TOKEN=abc", "DISCORD_SHARD_ID=one"}, []string{"bot", "--db", filepath.Join(dir, "bot.db")}, `DISCORD_SHARD_ID (--shard-id) is this process's shard, a whole number from 0 to 0 (the shard count, 1, minus 1), not "one"`},
		{"the bot with no shards", []string{"DISCORD_TOKEN=abc", "DISCORD_SHARD_COUNT=0"}, []string{"bot", "--db", filepath.Join(dir, "bot.db")}, `DISCORD_SHARD_COUNT (--shard-count) is the number of bot processes, a whole number from 1 up, not "0"`},
		{"the bot with a shard count that is not a number", []string{"DISCORD_TOKEN=abc"}, []string{"bot", "--db", filepath.Join(dir, "bot.db"), "--shard-count", "two"}, `not "two"`},
		{"the bot with a negative computer pause", []string{"DISCORD_TOKEN=abc", "CARCASSONNE_COMPUTER_PAUSE=-2s"}, []string{"bot", "--db", filepath.Join(dir, "bot.db")}, "CARCASSONNE_COMPUTER_PAUSE (--computer-pause) is a wait such as 1.5s, or 0 for none, not -2s"},
		{"the bot with negative playouts", []string{"DISCORD_TOKEN=abc"}, []string{"bot", "--db", filepath.Join(dir, "bot.db"), "--computer-playouts=-5"}, "CARCASSONNE_COMPUTER_PLAYOUTS (--computer-playouts) is a number of playouts, 1 or more, or 0 for the levels' own, not -5"},
		{"the bot with a tiny memory limit", []string{"DISCORD_TOKEN=abc", "CARCASSONNE_MEMORY_LIMIT=1MB"}, []string{"bot", "--db", filepath.Join(dir, "bot.db")}, `CARCASSONNE_MEMORY_LIMIT (--memory-limit) is a size of at least 32MiB, such as 150MiB or 1GiB, or 0 for none, not "1MB"`},
		{"the bot with a memory limit that is not a size", []string{"DISCORD_TOKEN=abc"}, []string{"bot", "--db", filepath.Join(dir, "bot.db"), "--memory-limit", "lots"}, `not "lots"`},
		{"the bot in a missing folder", []string{"DISCORD_TOKEN=abc"}, []string{"bot", "--db", filepath.Join(dir, "no", "bot.db")}, "does not exist"},
		{"games with a bad limit", nil, []string{"games", "--limit=-1", "--db", filepath.Join(dir, "g.db")}, "--limit is 0"},
		{"resume a game that is not there", nil, []string{"play", "--resume", "9", "--db", filepath.Join(dir, "p.db")}, "there is no game 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out, errs, code := runProcess(t, t.Context(), dir, tt.env, "", tt.args...)
			if code != 1 {
				t.Errorf("exit status %d, want 1", code)
			}
			if !strings.HasPrefix(errs, "carcassonne: ") || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
				t.Errorf("stderr is not one line starting carcassonne: %q", errs)
			}
			if !strings.Contains(errs, tt.want) || strings.Contains(errs, "exit status") {
				t.Errorf("stderr %q, want %q and no exit status", errs, tt.want)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
		})
	}
}

// TestBotRefusesBeforeTheDatabase checks that a bot that cannot start
// creates no database: the token is checked before the file is opened.
func TestBotRefusesBeforeTheDatabase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, env := range [][]string{
		{"DISCORD_TOKEN=", "CARCASSONNE_DB="},
		{"DISCORD_TOKEN=  ", "CARCASSONNE_DB=" + filepath.Join(dir, "env.db")},
		{"DISCORD_TOKEN=abc", "DISCORD_API_URL=ftp://x", "CARCASSONNE_DB=" + filepath.Join(dir, "env.db")},
		{"DISCORD_TOKEN=abc", "DISCORD_SHARD_ID=1", "DISCORD_SHARD_COUNT=1", "CARCASSONNE_DB=" + filepath.Join(dir, "env.db")},
	} {
		_, errs, code := runProcess(t, t.Context(), dir, env, "")
		if code != 1 || !strings.HasPrefix(errs, "carcassonne: ") {
			t.Errorf("%v: exit %d, stderr %q", env, code, errs)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("the bot that could not start left %s", e.Name())
	}
}
