package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

// TestMain runs the program itself when CARCASSONNE_TEST_MAIN is set, so
// that a test can start it as a process of its own (and kill it).
func TestMain(m *testing.M) {
	if os.Getenv("CARCASSONNE_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// scripted is a game played by the test on its own engine, alongside the
// program: the command lines that play it and the game they lead to.
type scripted struct {
	names    []string
	seed     uint64
	opts     engine.Options
	lines    []string // one place command per turn
	game     *engine.Game
	discards int
}

// testCell is a cell where the drawn tile fits and its rotations, numbered
// as the board picture numbers cells: in the order of first appearance in
// Game.Placements.
type testCell struct {
	cell engine.Cell
	rots []engine.Rotation
}

func testCells(g *engine.Game) []testCell {
	var cells []testCell
	for _, p := range g.Placements() {
		if n := len(cells); n > 0 && cells[n-1].cell == p.Cell {
			cells[n-1].rots = append(cells[n-1].rots, p.Rotation)
			continue
		}
		for _, c := range cells {
			if c.cell == p.Cell {
				panic("Placements are not grouped by cell")
			}
		}
		cells = append(cells, testCell{cell: p.Cell, rots: []engine.Rotation{p.Rotation}})
	}
	return cells
}

// scriptGame plays a whole game of names shuffled by seed with random
// moves, written in every form place takes: numbered cells with and
// without a rotation and a spot label, record notation with follower@PORT
// (any port of the feature), with and without the tile letter. Tiles that
// fit nowhere are discarded, as the program does by itself.
func scriptGame(tb testing.TB, names []string, seed uint64, opts engine.Options) *scripted {
	tb.Helper()
	g, err := engine.New(engine.Config{Players: names, Seed: seed, Options: opts})
	if err != nil {
		tb.Fatal(err)
	}
	sc := &scripted{names: names, seed: seed, opts: opts, game: g}
	rng := rand.New(rand.NewPCG(seed, 99))
	ts := g.TileSet()
	for !g.Ended() {
		t, _ := g.Drawn()
		if !g.CanPlace(t) {
			if err := g.Apply(engine.Move{Tile: t, Discard: true}); err != nil {
				tb.Fatal(err)
			}
			sc.discards++
			continue
		}
		cells := testCells(g)
		var want []engine.Cell
		for _, c := range cells {
			want = append(want, c.cell)
		}
		if got := render.Candidates(g); !slices.Equal(got, want) {
			tb.Fatalf("turn %d: the board numbers the cells %v, the test %v", g.Turn(), got, want)
		}
		n := rng.IntN(len(cells))
		c := cells[n]
		m := engine.Move{Tile: t, Cell: c.cell, Rotation: c.rots[rng.IntN(len(c.rots))]}
		spots := g.FollowerSpots(engine.Placement{Cell: m.Cell, Rotation: m.Rotation})
		spot := -1
		if len(spots) > 0 && rng.IntN(3) > 0 {
			spot = rng.IntN(len(spots))
		}
		var line string
		switch rng.IntN(4) {
		case 0: // place N: the first rotation, no follower
			m.Rotation = c.rots[0]
			line = fmt.Sprintf("place %d", n+1)
		case 1: // place N ROTATION [SPOT]
			line = fmt.Sprintf("place %d %d", n+1, m.Rotation.Degrees())
			if spot >= 0 {
				m.Follower = spots[spot].Port
				line += " " + strings.ToLower(engine.SpotLabel(spot))
			}
		case 2: // place N [SPOT], the first rotation
			m.Rotation = c.rots[0]
			line = fmt.Sprintf("place %d", n+1)
			spots = g.FollowerSpots(engine.Placement{Cell: m.Cell, Rotation: m.Rotation})
			if len(spots) > 0 && rng.IntN(2) == 0 {
				i := rng.IntN(len(spots))
				m.Follower = spots[i].Port
				line += " " + engine.SpotLabel(i)
			}
		case 3: // record notation, perhaps with the tile letter
			if spot >= 0 {
				ports := spots[spot].Ports.Ports()
				m.Follower = ports[rng.IntN(len(ports))]
			}
			line = "place " + strings.TrimPrefix(engine.MoveString(ts, m), ts.Name(t)+" ")
			if rng.IntN(2) == 0 {
				line = "place " + engine.MoveString(ts, m)
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatalf("%s: %v", line, err)
		}
		sc.lines = append(sc.lines, line)
	}
	return sc
}

// args returns the play command line of the scripted game.
func (sc *scripted) args(db, out string) []string {
	return []string{"play", "--players", strings.Join(sc.names, ","), "--seed", strconv.FormatUint(sc.seed, 10),
		"--farms", sc.opts.Farms.String(), "--tiny-city", strings.TrimPrefix(sc.opts.String(), "farms="+sc.opts.Farms.String()+", tiny-city="),
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

// finalTable reads the final scoring the program printed: by player, the
// points for roads, cities, cloisters, farms and the total.
func finalTable(tb testing.TB, out string, names []string) map[string][5]int {
	tb.Helper()
	_, table, ok := strings.Cut(out, "Final scoring")
	if !ok {
		tb.Fatalf("no final scoring in:\n%s", out)
	}
	lines := strings.Split(table, "\n")[1:]
	got := map[string][5]int{}
	for i, name := range names {
		f := strings.Fields(lines[i])
		if len(f) != 6 || f[0] != name {
			tb.Fatalf("final scoring line %q, want %s and 5 numbers", lines[i], name)
		}
		var row [5]int
		for j := range row {
			row[j], _ = strconv.Atoi(f[j+1])
		}
		got[name] = row
	}
	return got
}

// replayScores runs carcassonne replay --json on a record and returns the
// score of every player, checking that the game ended.
func replayScores(tb testing.TB, path string) map[string]int {
	tb.Helper()
	var out, errs bytes.Buffer
	if code := run([]string{"replay", "--json", path}, &out, &errs); code != 0 {
		tb.Fatalf("replay: exit %d: %s", code, errs.String())
	}
	var r replayJSON
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		tb.Fatal(err)
	}
	if !r.Ended {
		tb.Errorf("replay: the recorded game has not ended")
	}
	scores := map[string]int{}
	for _, p := range r.Players {
		scores[p.Name] = p.Score
	}
	return scores
}

// checkFinal checks the final scoring printed in out against the scripted
// game and against the replay of the record the program wrote to rec.
func checkFinal(tb testing.TB, sc *scripted, out, rec string) {
	tb.Helper()
	table := finalTable(tb, out, sc.names)
	replayed := replayScores(tb, rec)
	var want [engine.MaxPlayers][5]int
	for _, ev := range sc.game.Events() {
		want[ev.Player][int(ev.Feature)-1] += ev.Points // road, city, cloister, field
		want[ev.Player][4] += ev.Points
	}
	best := 0
	for i, n := range sc.names {
		if got := table[n]; got != want[i] {
			tb.Errorf("%s: printed roads, cities, cloisters, farms, total %v, want %v", n, got, want[i])
		}
		if got, w := table[n][4], replayed[n]; got != w {
			tb.Errorf("%s: printed total %d, replay --json of the record %d", n, got, w)
		}
		if got, w := table[n][4], sc.game.Score(i); got != w {
			tb.Errorf("%s: printed total %d, the engine %d", n, got, w)
		}
		best = max(best, sc.game.Score(i))
	}
	if !strings.Contains(out, fmt.Sprintf("with %d points", best)) {
		tb.Errorf("no winner with %d points in:\n%s", best, out[strings.Index(out, "Final scoring"):])
	}
}

// findSeed returns a seed from start whose scripted game of names has a
// discard, so that the automatic discard is played too.
func findSeed(tb testing.TB, names []string, start uint64, opts engine.Options) *scripted {
	tb.Helper()
	for seed := start; seed < start+3000; seed++ {
		if sc := scriptGame(tb, names, seed, opts); sc.discards > 0 {
			return sc
		}
	}
	tb.Log("no seed with a discard; playing without one")
	return scriptGame(tb, names, start, opts)
}

func TestPlayWholeGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	sc := findSeed(t, []string{"Ann", "Ben", "Cy"}, 1, engine.Options{Farms: engine.FarmsPerCity})
	t.Logf("seed %d: %d turns, %d discards", sc.seed, len(sc.lines), sc.discards)
	input := strings.Join(sc.lines, "\n") + "\nscore\nplace 1\nrecord " + rec + "\n"
	out := playRun(t, sc.args(db, board), input)

	for _, want := range []string{
		"New game 1: Ann (red), Ben (green), Cy (blue) · farms=per-city, tiny-city=4 · seed " + fmt.Sprint(sc.seed),
		"Turn 1 · Ann (red) · tile ",
		"The game is over after ",
		"Final board: " + board,
		"Record written to " + rec,
		"The game is over.", // place after the end
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if got := strings.Count(out, "it is put out of the game"); got != sc.discards {
		t.Errorf("%d discards said, want %d", got, sc.discards)
	}
	if got, want := strings.Count(out, " places "), len(sc.lines); got != want {
		t.Errorf("%d tiles placed, want %d", got, want)
	}
	checkFinal(t, sc, out, rec)
	checkPNG(t, board)

	g := loadStored(t, db, 1)
	if g.Status != storage.StatusFinished || g.Moves != len(sc.game.Moves()) {
		t.Errorf("stored game: status %s, %d moves; want finished, %d", g.Status, g.Moves, len(sc.game.Moves()))
	}
	if t.Failed() {
		t.Logf("output:\n%s", out)
	}

	// The finished game can be opened again, and games lists it.
	again := playRun(t, []string{"play", "--resume", "1", "--db", db, "--out", board}, "score\n")
	if !strings.Contains(again, "Game 1: Ann (red)") || !strings.Contains(again, "Final scoring") {
		t.Errorf("resuming a finished game:\n%s", again)
	}
	list := playRun(t, []string{"games", "--db", db}, "")
	if !regexp.MustCompile(`(?m)^\s+1  finished\s+\d+  \S+ \S+  Ann, Ben, Cy$`).MatchString(list) {
		t.Errorf("games:\n%s", list)
	}
}

// checkPNG fails unless path holds a PNG picture.
func checkPNG(tb testing.TB, path string) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	if _, err := png.DecodeConfig(f); err != nil {
		tb.Errorf("%s: %v", path, err)
	}
}

// loadStored returns stored game id of the database at path.
func loadStored(tb testing.TB, path string, id int64) storage.Game {
	tb.Helper()
	st, err := storage.Open(context.Background(), path)
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	g, err := st.Get(context.Background(), id)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

func TestPlayBadCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png")
	sc := scriptGame(t, []string{"Ann", "Ben"}, 7, engine.Options{})
	g, _ := engine.New(engine.Config{Players: sc.names, Seed: sc.seed})
	t1, _ := g.Drawn()
	cells := testCells(g)
	// A cell where some rotation does not fit, and that rotation.
	badCell, badRot := 0, engine.Rotation(0)
	for i, c := range cells {
		for r := engine.Rotate0; r <= engine.Rotate270; r++ {
			if g.Check(engine.Move{Tile: t1, Cell: c.cell, Rotation: r}) != nil {
				badCell, badRot = i+1, r
			}
		}
	}
	if badCell == 0 {
		t.Fatal("the first tile fits every way on every cell; pick another seed")
	}
	spots := g.FollowerSpots(engine.Placement{Cell: cells[0].cell, Rotation: cells[0].rots[0]})
	other := "A"
	if g.TileSet().Name(t1) == "A" {
		other = "B"
	}
	tests := []struct{ line, want string }{
		{"dance", `There is no command "dance"; type help for the list.`},
		{"place", "Which cell? write place N [ROTATION] [SPOT] with N from the list, or x,y."},
		{"place 999", fmt.Sprintf("There is no cell 999: the cells are numbered 1 to %d.", len(cells))},
		{"place 0", "There is no cell 0"},
		{"place -3", "There is no cell -3"},
		{"place 1 45", "45 is neither a rotation (0, 90, 180 or 270) nor a spot's number (1, 2, …; see spots)."},
		{"place 1 45 1", "A tile turns by 0, 90, 180 or 270 degrees, not 45."},
		{"place 1 0 0", "0 is neither a rotation"},
		{"place 1 14", "14 is neither a rotation"},
		{"place 1 A", `"A" is not a spot: give its number (see spots) or follower@PORT.`},
		{"place 1 ninety", `"ninety" is not a spot`},
		{fmt.Sprintf("place %d %d", badCell, badRot.Degrees()), "it fits at "},
		{fmt.Sprintf("place 1 %d %s", cells[0].rots[0].Degrees(), engine.SpotLabel(len(spots))), "There is no spot " + engine.SpotLabel(len(spots)) + " here"},
		{fmt.Sprintf("place 1 %s", engine.SpotLabel(len(spots))), "There is no spot " + engine.SpotLabel(len(spots)) + " here: the spots are 1"},
		{"place 1 AB", `"AB" is not a spot`},
		{"place 1 0 A B", "Too many words"},
		{"place 2;-1", `"2;-1" is neither a cell number from the list nor x,y`},
		{"place 2,x 90", `"2,x" is not a cell: write x,y with no space, like 2,-1.`},
		{"place 5,5 0", "has no neighbour"},
		{"place 0,0 0", "already holds a tile"},
		{fmt.Sprintf("place %s %s 0", other, cells[0].cell), fmt.Sprintf("The tile drawn is %s, not %s.", g.TileSet().Name(t1), other)},
		{fmt.Sprintf("place %s %d follower@Q", cells[0].cell, cells[0].rots[0].Degrees()), `There is no port "q"`},
		{"spots", "Which cell? write spots N [ROTATION]"},
		{"spots 99", "There is no cell 99"},
		{"spots 1 1", "A tile turns by 0, 90, 180 or 270 degrees, not 1."},
		{"spots 1 90 A", "Too many words: write spots N [ROTATION]."},
		{"record", "Write the record where?"},
		{"record " + filepath.Join(dir, "no", "such", "dir.rec"), "Could not write the record"},
	}
	var input strings.Builder
	for _, tt := range tests {
		input.WriteString(tt.line + "\n")
	}
	input.WriteString(strings.Repeat("x", 5000) + "\nscore\n")
	out := playRun(t, sc.args(db, board), input.String())
	if !strings.Contains(out, "\nThat line is too long (over 4096 characters).\nAnn> score\n") {
		t.Errorf("a long line is not refused:\n%s", out)
	}
	for _, tt := range tests {
		t.Run(tt.line[:min(len(tt.line), 40)], func(t *testing.T) {
			_, after, ok := strings.Cut(out, "Ann> "+tt.line+"\n")
			if !ok {
				t.Fatalf("the command is not echoed in:\n%s", out)
			}
			reply, _, _ := strings.Cut(after, "\n")
			if !strings.Contains(reply, tt.want) {
				t.Errorf("reply %q, want %q", reply, tt.want)
			}
			if !strings.HasPrefix(after[len(reply)+1:], "Ann> ") {
				t.Errorf("the reply is not one line followed by the same prompt: %q", after[:min(len(after), 200)])
			}
		})
	}
	if strings.Contains(out, " places ") || strings.Count(out, "Turn 1 ·") != 1 || strings.Contains(out, "Turn 2") {
		t.Errorf("a bad command changed the game:\n%s", out)
	}
	if !strings.Contains(out, "Turn 1, 71 tiles left:") {
		t.Errorf("score after the bad commands:\n%s", out)
	}
	if g := loadStored(t, db, 1); g.Moves != 0 || g.Status != storage.StatusRunning {
		t.Errorf("stored game: status %s, %d moves; want running, 0", g.Status, g.Moves)
	}
	// The game goes on after them.
	out = playRun(t, []string{"play", "--resume", "1", "--db", db, "--out", board}, sc.lines[0]+"\n")
	if !strings.Contains(out, "Ann places ") || !strings.Contains(out, "Turn 2 · Ben (green)") {
		t.Errorf("resumed:\n%s", out)
	}
}

func TestPlaySpots(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sc := scriptGame(t, []string{"Ann"}, 3, engine.Options{Farms: engine.FarmsOff})
	g, _ := engine.New(engine.Config{Players: sc.names, Seed: sc.seed, Options: sc.opts})
	cells := testCells(g)
	c := cells[len(cells)-1]
	r := c.rots[len(c.rots)-1]
	out := playRun(t, sc.args(filepath.Join(dir, "g.db"), filepath.Join(dir, "b.png")),
		fmt.Sprintf("spots %d %d\n", len(cells), r.Degrees()))
	spots := g.FollowerSpots(engine.Placement{Cell: c.cell, Rotation: r})
	var want strings.Builder
	t1, _ := g.Drawn()
	fmt.Fprintf(&want, "%s on %s at %d° (north ", g.TileSet().Name(t1), c.cell, r.Degrees())
	if !strings.Contains(out, want.String()) {
		t.Errorf("output lacks %q:\n%s", want.String(), out)
	}
	for i, s := range spots {
		if line := fmt.Sprintf("\n  %s  %s\n", engine.SpotLabel(i), s.Name()); !strings.Contains(out, line) {
			t.Errorf("output lacks %q", line)
		}
		if s.Kind == engine.Field {
			t.Errorf("a farmer's spot under farms=off: %q", s.Name())
		}
	}
	if len(spots) == 0 && !strings.Contains(out, "no follower can stand") {
		t.Errorf("no spots, and not said:\n%s", out)
	}
	if !strings.Contains(out, "New game 1: Ann (red) · farms=off") {
		t.Errorf("output:\n%s", out)
	}
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
		{[]string{"--seed=-1"}, 1, `--seed is a whole number from 0 to 18446744073709551615, not "-1"`},
		{[]string{"--seed", "x"}, 1, "--seed is a whole number"},
		{[]string{"--players", "A,B,C,D,E,F,G"}, 1, "a game has 1 to 6 players, not 7"},
		{[]string{"--players", "Ann,Ann"}, 1, `"Ann" is given twice`},
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
	if !regexp.MustCompile(`New game 1: Alice \(red\), Bob \(green\) · farms=per-farm, tiny-city=4 · seed \d+\n`).MatchString(out) {
		t.Errorf("output:\n%s", out)
	}
	if !strings.Contains(out, "board carcassonne-board.png") || !strings.Contains(out, "Continue it with carcassonne play --resume 1\n") {
		t.Errorf("output:\n%s", out)
	}
	checkPNG(t, filepath.Join(dir, "carcassonne-board.png"))
	if _, err := os.Stat(filepath.Join(dir, storage.DefaultPath)); err != nil {
		t.Error(err)
	}
	// CARCASSONNE_DB names the database, as for the bot.
	t.Setenv("CARCASSONNE_DB", filepath.Join(dir, "env.db"))
	playRun(t, []string{"play"}, "")
	if g := loadStored(t, filepath.Join(dir, "env.db"), 1); g.Seats[0].UserID != "local:Alice" || g.Seats[1].UserID != "local:Bob" {
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
	sc := scriptGame(t, []string{"Ann", "Ben"}, 11, engine.Options{Farms: engine.FarmsPerFarm, TinyCity: 2})
	const played = 6

	cmd := exec.Command(exe, sc.args(db, board)...)
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
	io.WriteString(stdin, strings.Join(sc.lines[:played], "\n")+"\n")
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
		strings.Join(sc.lines[played:], "\n")+"\nrecord "+rec+"\n")
	if !strings.Contains(out, fmt.Sprintf("Game %s: Ann (red), Ben (green) · farms=per-farm, tiny-city=2 · seed %d", id, sc.seed)) ||
		!regexp.MustCompile(fmt.Sprintf(`Resumed after \d+ moves.\n[^\n]*\n[^\n]*\n\nTurn %d · `, played+1)).MatchString(out) {
		t.Fatalf("resumed:\n%s", out)
	}
	checkFinal(t, sc, out, rec)
	if got := replayRecord(t, rec); got != sc.game.Record().String() {
		t.Errorf("the record's moves:\n%s\nwant\n%s", got, sc.game.Record().String())
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
