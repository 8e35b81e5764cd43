package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
)

// The tests of the terminal game itself are in package terminal; these run
// it as the program does: its flags, its defaults, and as a process of its
// own that is killed or interrupted.

// TestMain runs the program itself when CARCASSONNE_TEST_MAIN is set, so
// that a test can start it as a process of its own (and kill it).
func TestMain(m *testing.M) {
	if os.Getenv("CARCASSONNE_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// goneOn is what the terminal game says when the stored game moved on
// without its window.
const goneOn = "The game went on elsewhere (another window?); here is where it stands now."

// playArgs returns the play command line of the scripted game sc, stored
// in db, its picture written to out.
func playArgs(sc *terminaltest.Script, db, out string) []string {
	return []string{"play", "--players", strings.Join(sc.Names, ","), "--seed", strconv.FormatUint(sc.Seed, 10),
		"--farms", sc.Options.Farms.String(), "--tiny-city", strings.TrimPrefix(sc.Options.String(), "farms="+sc.Options.Farms.String()+", tiny-city="),
		"--db", db, "--out", out}
}

// playRun runs the program with input and returns its output, failing
// unless it exits with status 0.
func playRun(tb testing.TB, args []string, input string) string {
	tb.Helper()
	var out, errs bytes.Buffer
	if code := runWith(args, strings.NewReader(input), &out, &errs); code != 0 {
		tb.Fatalf("%v: exit %d\nstderr: %s\nstdout:\n%s", args, code, errs.String(), out.String())
	}
	return out.String()
}

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

func TestPlayFlags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "g.db")
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--farms", "sometimes"}, 1, `--farms is per-farm, per-city or off, not "sometimes"`},
		{[]string{"--tiny-city", "3"}, 1, `--tiny-city is 4 or 2, not "3"`},
		{[]string{"--rules", "dragon=after-scoring"}, 1, "--rules: dragon is an option of The Princess & the Dragon, which --expansions does not name (add princess-and-dragon)"},
		{[]string{"--expansions", "robbers", "--rules", "robbers=first"}, 1, `--rules: robbers is each or next, not "first"`},
		{[]string{"--rules", "edition=1"}, 1, `--rules: there is no rule option "edition"`},
		{[]string{"--rules", "farms"}, 1, `--rules: "farms" is not key=value`},
		{[]string{"--farms", "off", "--rules", "farms=off"}, 1, "--rules: farms is given twice"},
		{[]string{"--resume", "1", "--rules", "farms=off"}, 1, "leave out --rules"},
		{[]string{"--seed=-1"}, 1, `--seed is a whole number from 0 to 18446744073709551615, not "-1"`},
		{[]string{"--seed", "x"}, 1, "--seed is a whole number"},
		{[]string{"--players", "A,B,C,D,E,F,G"}, 1, "a game has 1 to 6 players, not 7"},
		{[]string{"--players", "Ann,Ann"}, 1, `"Ann" is given twice`},
		{[]string{"--players", "A,B,C,D,E,F"}, 1, "a sixth player needs --expansions inns-and-cathedrals"},
		{[]string{"--players", "A,B,C,D,E,F", "--expansions", "river"}, 1, "a sixth player needs --expansions inns-and-cathedrals"},
		{[]string{"--expansions", "river,dragons"}, 1, `--expansions: there is no expansion "dragons" (the expansions available are river, river2, inns-and-cathedrals, traders-and-builders, princess-and-dragon, tower, flying-machines, ferries, gold-mines, mage-and-witch, crop-circles, king-and-robber, cathars, gq11, messengers, robbers)`},
		{[]string{"--expansions", "river,river"}, 1, "--expansions: river is named twice"},
		{[]string{"--expansions", "Der Fluss,river"}, 1, "--expansions: river is named twice"},
		{[]string{"--resume", "1", "--expansions", "river"}, 1, "leave out --expansions"},
		{[]string{"--players", "Ann,,Ben"}, 1, "a name is empty"},
		{[]string{"--players", `Ann,"Ben"`}, 1, "quote, bracket or #"},
		{[]string{"--players", strings.Repeat("x", 33)}, 1, "longer than 32 characters"},
		{[]string{"--resume", "1", "--players", "Ann"}, 1, "leave out --players"},
		{[]string{"--resume", "0"}, 1, "--resume takes a game id"},
		{[]string{"--resume", "41"}, 1, "there is no game 41 in " + db},
		{[]string{"--out", ""}, 1, "--out needs a file name"},
		{[]string{"--out", filepath.Join(dir, "no", "such", "b.png")}, 1, "does not exist"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errs bytes.Buffer
			args := append([]string{"play", "--db", db}, tt.args...)
			code := runWith(args, strings.NewReader(""), &out, &errs)
			if code != tt.code || !strings.Contains(errs.String(), tt.want) {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, errs.String(), tt.code, tt.want)
			}
			if n := strings.Count(strings.TrimSpace(errs.String()), "\n"); n > 0 {
				t.Errorf("the error takes %d lines:\n%s", n+1, errs.String())
			}
		})
	}
}

func TestPlayDefaults(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("CARCASSONNE_DB", "")
	out := playRun(t, []string{"play"}, "")
	if !regexp.MustCompile(`New game 1: Alice \(red\), Bob \(green\) · farms: per-farm, tiny city: 4 · seed \d+\n`).MatchString(out) {
		t.Errorf("output:\n%s", out)
	}
	if !strings.Contains(out, "board carcassonne-board.png") || !strings.Contains(out, "Continue it with carcassonne play --resume 1\n") {
		t.Errorf("output:\n%s", out)
	}
	terminaltest.CheckPNG(t, filepath.Join(dir, "carcassonne-board.png"))
	if _, err := os.Stat(filepath.Join(dir, storage.DefaultPath)); err != nil {
		t.Error(err)
	}
	// CARCASSONNE_DB names the database, as for the bot.
	t.Setenv("CARCASSONNE_DB", filepath.Join(dir, "env.db"))
	playRun(t, []string{"play"}, "")
	if g := terminaltest.Stored(t, filepath.Join(dir, "env.db"), 1); g.Seats[0].UserID != "local:Alice" || g.Seats[1].UserID != "local:Bob" {
		t.Errorf("seats %+v", g.Seats)
	}
	list := playRun(t, []string{"games"}, "")
	if !regexp.MustCompile(`(?m)^\s+1  running\s+1  \S+ \S+  Alice, Bob$`).MatchString(list) || !strings.Contains(list, "play --resume ID") {
		t.Errorf("games:\n%s", list)
	}
	none := playRun(t, []string{"games", "--db", filepath.Join(dir, "none.db")}, "")
	if !strings.Contains(none, "No games yet") {
		t.Errorf("games of a missing database: %s", none)
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
		t.Error("games created a database")
	}
}

// TestPlayRules: the rule options of --farms and --rules (the notation
// of a record's Rules header) are the stored game's, and the game's first
// lines say them.
func TestPlayRules(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "g.db")
	out := playRun(t, []string{"play", "--db", db, "--out", filepath.Join(dir, "b.png"), "--seed", "5", "--farms", "per-city",
		"--expansions", "princess-and-dragon,robbers,traders-and-builders", "--rules", "dragon=after-scoring, princess=must,robbers=next, pig=plus-one"}, "quit\n")
	if want := "farms: per-city, tiny city: 4, pig: plus-one, dragon: after-scoring, princess: must, robbers: next"; !strings.Contains(out, want) {
		t.Errorf("the game does not say %q:\n%s", want, out)
	}
	st, err := storage.Open(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, g, err := st.Load(t.Context(), 1)
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Options{Farms: engine.FarmsPerCity, TinyCity: 4, Dragon: engine.DragonAfterScoring, Princess: engine.PrincessMust, Robbers: engine.RobbersNext}
	if g.Options() != want {
		t.Errorf("the stored game plays %+v, want %+v", g.Options(), want)
	}
}

func TestPlayResumeAfterKill(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts the program as a process")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	sc := terminaltest.New(t, []string{"Ann", "Ben"}, 11, engine.Options{Farms: engine.FarmsPerFarm, TinyCity: 2})
	const played = 6

	cmd := exec.Command(exe, playArgs(sc, db, board)...)
	cmd.Env = append(os.Environ(), "CARCASSONNE_TEST_MAIN=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
	defer timer.Stop()
	// Send the first moves, and a few more once they are played; kill the
	// program once the turn after them is shown, while it waits for input.
	io.WriteString(stdin, strings.Join(sc.Lines[:played], "\n")+"\n")
	var seen strings.Builder
	lines := bufio.NewScanner(stdout)
	id := ""
	for lines.Scan() {
		seen.WriteString(lines.Text() + "\n")
		if m := regexp.MustCompile(`^New game (\d+):`).FindStringSubmatch(lines.Text()); m != nil {
			id = m[1]
		}
		if strings.HasPrefix(lines.Text(), fmt.Sprintf("Turn %d · ", played+1)) {
			break
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if id == "" || !strings.Contains(seen.String(), fmt.Sprintf("Turn %d · ", played+1)) {
		t.Fatalf("the program did not get to turn %d:\n%s\nstderr: %s", played+1, seen.String(), stderr.String())
	}
	if strings.Contains(seen.String(), "Stopped;") {
		t.Fatalf("the program stopped by itself:\n%s", seen.String())
	}

	// Resumed, it goes on from the last move stored.
	out := playRun(t, []string{"play", "--resume", id, "--db", db, "--out", board},
		strings.Join(sc.Lines[played:], "\n")+"\nrecord "+rec+"\n")
	if !strings.Contains(out, fmt.Sprintf("Game %s: Ann (red), Ben (green) · farms: per-farm, tiny city: 2 · seed %d", id, sc.Seed)) ||
		!regexp.MustCompile(fmt.Sprintf(`Resumed after \d+ moves.\n[^\n]*\n[^\n]*\n\nTurn %d · `, played+1)).MatchString(out) {
		t.Fatalf("resumed:\n%s", out)
	}
	terminaltest.CheckFinal(t, sc, out, rec)
	if got := replayRecord(t, rec); got != sc.Game.Record().String() {
		t.Errorf("the record's moves:\n%s\nwant\n%s", got, sc.Game.Record().String())
	}
	// games lists it as finished.
	list := playRun(t, []string{"games", "--db", db}, "")
	if !regexp.MustCompile(`(?m)^\s+` + id + `  finished\s+\d+  \S+ \S+  Ann, Ben$`).MatchString(list) {
		t.Errorf("games:\n%s", list)
	}
}

// replayRecord reads the record at path and returns the record of its
// replayed game, without the headers the store adds.
func replayRecord(tb testing.TB, path string) string {
	tb.Helper()
	g, err := loadRecord(path)
	if err != nil {
		tb.Fatal(err)
	}
	return g.Record().String()
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
			terminaltest.CheckPNG(t, filepath.Join(dir, "board.png"))
		})
	}
}
