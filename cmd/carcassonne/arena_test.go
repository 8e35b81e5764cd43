package main

import (
	"bytes"
	"context"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/i18n"
)

// arenaRun runs the arena with args and returns its output, failing
// unless it exits with status 0.
func arenaRun(tb testing.TB, args ...string) string {
	tb.Helper()
	var out, errs bytes.Buffer
	if code := runWith(append([]string{"arena"}, args...), strings.NewReader(""), &out, &errs); code != 0 {
		tb.Fatalf("arena %v: exit %d\nstderr: %s", args, code, errs.String())
	}
	if errs.Len() != 0 {
		tb.Errorf("stderr not a terminal, yet: %q", errs.String())
	}
	return out.String()
}

var winsLine = regexp.MustCompile(`(?m)^([AB]) (\w+) +wins +(\d+) .*average +([\d.]+) points`)

// TestArena: a short arena counts every game once, as a win of A, of B or
// a draw, with A's rate inside its interval; the same seed plays the same
// games whatever the number of jobs.
func TestArena(t *testing.T) {
	t.Parallel()
	out := arenaRun(t, "--a", "easy", "--b", "random", "--games", "6", "--seed", "3")
	m := winsLine.FindAllStringSubmatch(out, -1)
	if len(m) != 2 || m[0][2] != "easy" || m[1][2] != "random" {
		t.Fatalf("no wins lines:\n%s", out)
	}
	a, _ := strconv.Atoi(m[0][3])
	b, _ := strconv.Atoi(m[1][3])
	d := regexp.MustCompile(`draws (\d+)`).FindStringSubmatch(out)
	if d == nil {
		t.Fatalf("no draws line:\n%s", out)
	}
	draws, _ := strconv.Atoi(d[1])
	if a+b+draws != 6 {
		t.Errorf("%d + %d + %d games, want 6:\n%s", a, b, draws, out)
	}
	r := regexp.MustCompile(`win rate \(a draw counts half\): ([\d.]+)%, 95% confidence interval ([\d.]+)% to ([\d.]+)% \(Wilson\)`).FindStringSubmatch(out)
	if r == nil {
		t.Fatalf("no win rate:\n%s", out)
	}
	rate, _ := strconv.ParseFloat(r[1], 64)
	lo, _ := strconv.ParseFloat(r[2], 64)
	hi, _ := strconv.ParseFloat(r[3], 64)
	if want := 100 * (float64(a) + float64(draws)/2) / 6; math.Abs(rate-want) > 0.05 || lo > rate || hi < rate {
		t.Errorf("rate %g%% in [%g, %g], want %g%%", rate, lo, hi, want)
	}
	if again := arenaRun(t, "--a", "easy", "--b", "random", "--games", "6", "--seed", "3", "--jobs", "2"); again != out {
		t.Errorf("with 2 jobs:\n%s\nwith 1:\n%s", again, out)
	}
}

// TestArenaSearchExpansions: the searching levels play with expansions and
// more players, their playouts scaled by --think-scale.
func TestArenaSearchExpansions(t *testing.T) {
	t.Parallel()
	out := arenaRun(t, "--a", "hard", "--b", "normal", "--games", "1", "--players", "3", "--expansions", "river,cathars", "--think-scale", "0.0012")
	for _, want := range []string{"A hard against B normal: 1 games of 3 players, base game with", "(24 playouts a decision)", "(3 playouts a decision)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestArenaRefused: bad flags are refused in plain words.
func TestArenaRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--a", "expert", "--b", "easy"}, `--a: "expert" is not a computer level`},
		{[]string{"--a", "easy", "--b", "easy", "--games", "0"}, "--games is how many games to play, at least 1"},
		{[]string{"--a", "easy", "--b", "easy", "--players", "7"}, "--players is 2 to 6"},
		{[]string{"--a", "easy", "--b", "easy", "--think-scale", "0"}, "--think-scale is a number above 0"},
		{[]string{"--a", "easy", "--b", "easy", "--expansions", "dragons"}, "--expansions: there is no expansion"},
	} {
		var out, errs bytes.Buffer
		code := runWith(append([]string{"arena"}, tc.args...), strings.NewReader(""), &out, &errs)
		if code != exitFailed || !strings.Contains(errs.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", tc.args, code, errs.String(), tc.want)
		}
	}
}

// TestArenaInterrupted: an arena stopped after two of five games prints
// the results of those two and says so; stopped before any game is
// finished, it fails and says why.
func TestArenaInterrupted(t *testing.T) {
	t.Parallel()
	c := &arenaCmd{A: "easy", B: "random", Games: 5, Players: 2, Seed: 3, ThinkScale: 1, Jobs: 1}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer close(release)
	c.afterGame = func(done int) {
		if done == 2 {
			cancel()
			<-release // no game is finished after the interruption
		}
	}
	var out, errs bytes.Buffer
	if err := c.run(ctx, &env{stdout: &out, stderr: &errs}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), ": 2 games of 2 players") || !strings.Contains(errs.String(), "interrupted: 2 of 5 games finished") {
		t.Errorf("stdout:\n%s\nstderr: %q", out.String(), errs.String())
	}
	m := winsLine.FindAllStringSubmatch(out.String(), -1)
	if len(m) != 2 {
		t.Fatalf("no wins lines:\n%s", out.String())
	}
	a, _ := strconv.Atoi(m[0][3])
	b, _ := strconv.Atoi(m[1][3])
	if a+b > 2 {
		t.Errorf("%d and %d wins in 2 games", a, b)
	}

	stopped, cancel2 := context.WithCancel(context.Background())
	cancel2()
	c.afterGame = nil
	out.Reset()
	err := c.run(stopped, &env{stdout: &out, stderr: &errs})
	if err == nil || !strings.Contains(err.Error(), "interrupted before any of the 5 games was finished") || out.Len() != 0 {
		t.Errorf("interrupted at once: %v, stdout %q", err, out.String())
	}
}

// TestWilson checks the interval against published values (Newcombe 1998,
// table I: 81 of 263 gives 0.2553 to 0.3662) and its edges.
func TestWilson(t *testing.T) {
	for _, tc := range []struct{ p, n, lo, hi float64 }{
		{81.0 / 263, 263, 0.2553, 0.3662},
		{0, 10, 0, 0.2775},
		{1, 10, 0.7225, 1},
		{0.5, 100, 0.4038, 0.5962},
	} {
		lo, hi := wilson(tc.p, tc.n, 1.959964)
		if math.Abs(lo-tc.lo) > 5e-4 || math.Abs(hi-tc.hi) > 5e-4 {
			t.Errorf("wilson(%g, %g) = %.4f, %.4f; want %.4f, %.4f", tc.p, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// TestParsePlayersComputers: @level names a computer player "Computer
// (level)" in the sitting's language, numbered when there are two;
// unknown levels and @random are refused in words.
func TestParsePlayersComputers(t *testing.T) {
	names, levels, err := parsePlayers("Ann, @hard,@easy,@HARD", i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Ann", "Computer (hard)", "Computer (easy)", "Computer (hard) 2"}; !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	if want := []ai.Level{ai.NoLevel, ai.Hard, ai.Easy, ai.Hard}; !slices.Equal(levels, want) {
		t.Errorf("levels %v, want %v", levels, want)
	}
	if names, _, _ := parsePlayers("Anna,@easy,@hard", i18n.German); !slices.Equal(names, []string{"Anna", "Computer (leicht)", "Computer (schwer)"}) {
		t.Errorf("German names %q", names)
	}
	for s, want := range map[string]string{
		"Ann,@expert": `"expert" is not a level: write @easy, @normal or @hard`,
		"Ann,@random": "@random plays random moves and is for carcassonne arena only",
		"Ann,@":       `"" is not a level`,
	} {
		if _, _, err := parsePlayers(s, i18n.English); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parsePlayers(%q): %v, want %q", s, err, want)
		}
	}
}

// TestArenaPointsBySource: the arena prints each side's average points by
// source, the sources of the expansions in play only, and with --per-game
// a line per game and seat whose sources add up to its points (issue 30:
// a weakness, say fairy points against feature points, shows).
func TestArenaPointsBySource(t *testing.T) {
	t.Parallel()
	out := arenaRun(t, "--a", "easy", "--b", "random", "--games", "3", "--expansions", "princess-and-dragon", "--per-game")
	header := regexp.MustCompile(`(?m)^points by source +roads +cities +cloisters +farms +fairy$`)
	if !header.MatchString(out) || strings.Contains(out, "King") || strings.Contains(out, "gold") {
		t.Fatalf("no header of the sources of the base game and The Princess & the Dragon:\n%s", out)
	}
	for _, side := range []string{"A easy", "B random"} {
		if !regexp.MustCompile(`(?m)^` + side + ` \(average\)( +[\d.]+){5}$`).MatchString(out) {
			t.Errorf("no average line of %s:\n%s", side, out)
		}
	}
	checkSeatLines(t, out, 3, 5)
	if plain := arenaRun(t, "--a", "easy", "--b", "random", "--games", "3", "--expansions", "princess-and-dragon"); strings.Contains(plain, "game seat") || !header.MatchString(plain) {
		t.Errorf("without --per-game:\n%s", plain)
	}
	// The Messengers' and The Robbers' points have columns too: before,
	// their rows did not add up.
	out = arenaRun(t, "--a", "easy", "--b", "random", "--games", "2", "--expansions", "messengers,robbers", "--per-game")
	if !regexp.MustCompile(`(?m)^points by source +roads +cities +cloisters +farms +messages +robbers$`).MatchString(out) {
		t.Fatalf("no columns of the messages and the robbers:\n%s", out)
	}
	checkSeatLines(t, out, 2, 6)
}

// checkSeatLines checks the arena's --per-game lines in out: one per game
// and seat of the given number of 2-player games, each with that many
// sources, which add up to the seat's points.
func checkSeatLines(t *testing.T, out string, games, sources int) {
	t.Helper()
	lines := regexp.MustCompile(`(?m)^ +(\d+) P(\d) +([AB] \w+) +(\d+)((?: +-?\d+){`+strconv.Itoa(sources)+`})$`).FindAllStringSubmatch(out, -1)
	if len(lines) != games*2 {
		t.Fatalf("%d lines per game and seat, want %d:\n%s", len(lines), games*2, out)
	}
	for _, l := range lines {
		total, _ := strconv.Atoi(l[4])
		sum := 0
		for _, f := range strings.Fields(l[5]) {
			n, _ := strconv.Atoi(f)
			sum += n
		}
		if sum != total || total == 0 {
			t.Errorf("game %s seat %s: sources add up to %d, points %d", l[1], l[2], sum, total)
		}
	}
}
