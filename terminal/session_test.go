package terminal

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"path/filepath"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/terminal/terminaltest"
)

// newGame returns the Config of a new game of the scripted game's players,
// options and seed, stored in db, its picture written to board.
func newGame(sc *terminaltest.Script, db, board string) Config {
	return Config{DB: db, Board: board, Players: sc.Names, Options: sc.Options, Seed: sc.Seed}
}

// run plays cfg with input and returns the output, failing unless Run
// returns nil.
func run(tb testing.TB, cfg Config, input string) string {
	tb.Helper()
	var out bytes.Buffer
	if err := Run(context.Background(), cfg, strings.NewReader(input), &out); err != nil {
		tb.Fatalf("Run: %v\noutput:\n%s", err, out.String())
	}
	return out.String()
}

func TestWholeGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board, rec := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png"), filepath.Join(dir, "game.rec")
	sc := terminaltest.WithDiscard(t, []string{"Ann", "Ben", "Cy"}, 1, engine.Options{Farms: engine.FarmsPerCity})
	t.Logf("seed %d: %d turns, %d discards", sc.Seed, len(sc.Lines), sc.Discards)
	input := strings.Join(sc.Lines, "\n") + "\nscore\nplace 1\nchoose 1\nrecord " + rec + "\n"
	out := run(t, newGame(sc, db, board), input)

	for _, want := range []string{
		"New game 1: Ann (red), Ben (green), Cy (blue) · farms: per-city, tiny city: 4 · seed " + fmt.Sprint(sc.Seed),
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
	// place and choose after the end say it is over, choose not that the
	// turn waits for its tile.
	if got := strings.Count(out, "\nThe game is over.\n"); got != 2 || strings.Contains(out, "No choice waits") {
		t.Errorf("after the end, %d of place and choose say the game is over:\n%s", got, out[strings.LastIndex(out, "Final board"):])
	}
	if got := strings.Count(out, "it is put out of the game"); got != sc.Discards {
		t.Errorf("%d discards said, want %d", got, sc.Discards)
	}
	if got := terminaltest.CheckSummaries(t, sc, out); len(got) != len(sc.Lines) {
		t.Errorf("%d tiles placed, want %d", len(got), len(sc.Lines))
	}
	terminaltest.CheckFinal(t, sc, out, rec)
	terminaltest.CheckPNG(t, board)

	g := terminaltest.Stored(t, db, 1)
	if g.Status != storage.StatusFinished || g.Moves != len(sc.Game.Moves()) {
		t.Errorf("stored game: status %s, %d moves; want finished, %d", g.Status, g.Moves, len(sc.Game.Moves()))
	}
	if t.Failed() {
		t.Logf("output:\n%s", out)
	}

	// The finished game can be opened again.
	again := run(t, Config{DB: db, Board: board, Resume: 1}, "score\n")
	if !strings.Contains(again, "Game 1: Ann (red)") || !strings.Contains(again, "Final scoring") {
		t.Errorf("resuming a finished game:\n%s", again)
	}
}

// turnHeader starts the list of a turn: "Turn 3 · Ann (red) · tile V · …".
var turnHeader = regexp.MustCompile(`(?m)^Turn (\d+) · `)

// placed is what the terminal game says of a tile placed, the turn's
// summary: "Ann placed V at (2,-1), …".
var placed = regexp.MustCompile(`(?m)^\S+ placed \S+ at \((-?\d+),(-?\d+)\)`)

// shownCell is one entry of a turn's list: its number, cell and rotations.
type shownCell struct {
	n    int
	cell engine.Cell
	rots []engine.Rotation
}

// parseList reads the list of cells of one turn's output: "  1  0,-1    0
// 90" entries, three to a line, up to the prompt.
func parseList(tb testing.TB, block string) []shownCell {
	tb.Helper()
	_, list, ok := strings.Cut(block, "Where it fits (number, x,y, rotations):\n")
	if !ok {
		tb.Fatalf("no list of cells in:\n%s", block)
	}
	var cells []shownCell
	for _, line := range strings.Split(list, "\n") {
		if strings.Contains(line, "> ") {
			break // the prompt
		}
		f := strings.Fields(line)
		for i := 0; i < len(f); {
			if i+1 >= len(f) {
				tb.Fatalf("list line %q: a number without a cell", line)
			}
			n, err := strconv.Atoi(f[i])
			if err != nil {
				tb.Fatalf("list line %q: %v", line, err)
			}
			c, err := engine.ParseCell(f[i+1])
			if err != nil {
				tb.Fatalf("list line %q: %v", line, err)
			}
			sc := shownCell{n: n, cell: c}
			// Rotations run until the next entry: a number and a cell.
			for i += 2; i < len(f) && !(i+1 < len(f) && strings.Contains(f[i+1], ",")); i++ {
				deg, err := strconv.Atoi(f[i])
				r, ok := engine.RotationFromDegrees(deg)
				if err != nil || !ok {
					tb.Fatalf("list line %q: %q is not a rotation", line, f[i])
				}
				sc.rots = append(sc.rots, r)
			}
			cells = append(cells, sc)
		}
	}
	return cells
}

// TestNumbersMatchPicture plays a whole game through Run's input and
// output and checks, at every turn, that the list of cells the player is
// shown numbers the cells as the board picture does (render.Candidates,
// the numbers drawn on the board), with the rotations that fit there, and
// that "place N" lays the tile on the picture's cell N.
func TestNumbersMatchPicture(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sc := terminaltest.WithDiscard(t, []string{"Ann", "Ben"}, 40, engine.Options{})
	db := filepath.Join(dir, "g.db")
	out := run(t, newGame(sc, db, filepath.Join(dir, "b.png")), strings.Join(sc.Lines, "\n")+"\n")
	// Each line laid the tile turned as it said.
	store, err := storage.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	_, played, err := store.Load(context.Background(), 1)
	store.Close()
	if err != nil {
		t.Fatal(err)
	}
	var laid []engine.Move
	for _, m := range played.Moves() {
		if !m.Discard {
			laid = append(laid, m)
		}
	}
	if len(laid) != len(sc.Moves) {
		t.Fatalf("%d moves stored, %d played", len(laid), len(sc.Moves))
	}
	for k, m := range sc.Moves {
		if laid[k].Cell != m.Cell || laid[k].Rotation != m.Rotation {
			t.Fatalf("move %d: %q laid the tile on %s at %s°, want %s at %s°", k, sc.Lines[k], laid[k].Cell, laid[k].Rotation, m.Cell, m.Rotation)
		}
	}

	starts := turnHeader.FindAllStringIndex(out, -1)
	places := placed.FindAllStringSubmatch(out, -1)
	g, err := engine.New(engine.Config{Players: sc.Names, Seed: sc.Seed, Options: sc.Options})
	if err != nil {
		t.Fatal(err)
	}
	byNumber := 0
	for k, m := range sc.Moves {
		for t1, _ := g.Drawn(); !g.CanPlace(t1); t1, _ = g.Drawn() {
			if err := g.Apply(engine.Move{Tile: t1, Discard: true}); err != nil {
				t.Fatal(err)
			}
		}
		if k >= len(starts) || k >= len(places) {
			t.Fatalf("turn %d: %d turns shown and %d tiles placed, %d played:\n%s", g.Turn(), len(starts), len(places), len(sc.Moves), out)
		}
		end := len(out)
		if k+1 < len(starts) {
			end = starts[k+1][0]
		}
		shown := parseList(t, out[starts[k][0]:end])
		picture := render.Candidates(g)
		own := terminaltest.Cells(g)
		if len(shown) != len(picture) || len(picture) == 0 {
			t.Fatalf("turn %d: %d cells listed, the picture numbers %d", g.Turn(), len(shown), len(picture))
		}
		for i, c := range shown {
			if c.n != i+1 || c.cell != picture[i] {
				t.Fatalf("turn %d: entry %d of the list is number %d at %s; the picture's number %d is %s", g.Turn(), i, c.n, c.cell, i+1, picture[i])
			}
			if !slices.Equal(c.rots, own[i].Rotations) {
				t.Fatalf("turn %d: cell %d (%s) is listed with rotations %v, the tile fits at %v", g.Turn(), c.n, c.cell, c.rots, own[i].Rotations)
			}
		}
		// The tile went where the line said: for "place N", the picture's
		// cell N (the rotation: the stored moves, below).
		x, _ := strconv.Atoi(places[k][1])
		y, _ := strconv.Atoi(places[k][2])
		if got := (engine.Cell{X: x, Y: y}); got != m.Cell {
			t.Fatalf("turn %d: %q placed the tile on %s, want %s", g.Turn(), sc.Lines[k], got, m.Cell)
		}
		if f := strings.Fields(sc.Lines[k]); !strings.Contains(sc.Lines[k], ",") {
			n, _ := strconv.Atoi(f[1])
			if picture[n-1] != m.Cell {
				t.Fatalf("turn %d: %q, the picture's cell %d is %s, the tile went on %s", g.Turn(), sc.Lines[k], n, picture[n-1], m.Cell)
			}
			byNumber++
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if len(starts) != len(sc.Moves) || len(places) != len(sc.Moves) {
		t.Errorf("%d turns shown and %d tiles placed, %d played", len(starts), len(places), len(sc.Moves))
	}
	if byNumber < len(sc.Moves)/3 {
		t.Errorf("only %d of %d turns placed by number", byNumber, len(sc.Moves))
	}
}

func TestBadCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board := filepath.Join(dir, "games.db"), filepath.Join(dir, "board.png")
	sc := terminaltest.New(t, []string{"Ann", "Ben"}, 7, engine.Options{})
	g, _ := engine.New(engine.Config{Players: sc.Names, Seed: sc.Seed})
	t1, _ := g.Drawn()
	cells := terminaltest.Cells(g)
	// A cell where some rotation does not fit, and that rotation.
	badCell, badRot := 0, engine.Rotation(0)
	for i, c := range cells {
		for r := engine.Rotate0; r <= engine.Rotate270; r++ {
			if g.Check(engine.Move{Tile: t1, Cell: c.Cell, Rotation: r}) != nil {
				badCell, badRot = i+1, r
			}
		}
	}
	if badCell == 0 {
		t.Fatal("the first tile fits every way on every cell; pick another seed")
	}
	spots := g.FollowerSpots(engine.Placement{Cell: cells[0].Cell, Rotation: cells[0].Rotations[0]})
	other := "A"
	if g.TileSet().Name(t1) == "A" {
		other = "B"
	}
	tests := []struct{ line, want string }{
		{"dance", `There is no command "dance"; type help for the list.`},
		{"1", `There is no command "1"; place 1 plays the drawn tile on cell 1.`},
		{"999", `There is no command "999"; type help for the list.`},
		{"place", "Which cell? write place N [ROTATION] [SPOT] [TOKENS] with N from the list, or x,y."},
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
		{fmt.Sprintf("place 1 %d %s", cells[0].Rotations[0].Degrees(), engine.SpotLabel(len(spots))), "There is no spot " + engine.SpotLabel(len(spots)) + " here"},
		{fmt.Sprintf("place 1 %s", engine.SpotLabel(len(spots))), "There is no spot " + engine.SpotLabel(len(spots)) + " here: the spots are 1"},
		{"place 1 AB", `"AB" is not a spot`},
		{"place 1 0 A B", "Too many words"},
		{"place 2;-1", `"2;-1" is neither a cell number from the list nor x,y`},
		{"place 2,x 90", `"2,x" is not a cell: write x,y, like 2,-1.`},
		{"place 5,5 0", "has no neighbour"},
		{"place 0,0 0", "already holds a tile"},
		{fmt.Sprintf("place %s %s 0", other, cells[0].Cell), fmt.Sprintf("The tile drawn is %s, not %s.", g.TileSet().Name(t1), other)},
		{fmt.Sprintf("place %s %d follower@Q", cells[0].Cell, cells[0].Rotations[0].Degrees()), `There is no port "Q"`},
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
	out := run(t, newGame(sc, db, board), input.String())
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
	if strings.Contains(out, " placed ") || strings.Count(out, "Turn 1 ·") != 1 || strings.Contains(out, "Turn 2") {
		t.Errorf("a bad command changed the game:\n%s", out)
	}
	if !strings.Contains(out, "Turn 1, 71 tiles left:") {
		t.Errorf("score after the bad commands:\n%s", out)
	}
	if g := terminaltest.Stored(t, db, 1); g.Moves != 0 || g.Status != storage.StatusRunning {
		t.Errorf("stored game: status %s, %d moves; want running, 0", g.Status, g.Moves)
	}
	// The game goes on after them.
	out = run(t, Config{DB: db, Board: board, Resume: 1}, sc.Lines[0]+"\n")
	if !strings.Contains(out, "Ann placed ") || !strings.Contains(out, "Turn 2 · Ben (green)") {
		t.Errorf("resumed:\n%s", out)
	}
}

func TestSpots(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sc := terminaltest.New(t, []string{"Ann"}, 3, engine.Options{Farms: engine.FarmsOff})
	g, _ := engine.New(engine.Config{Players: sc.Names, Seed: sc.Seed, Options: sc.Options})
	cells := terminaltest.Cells(g)
	c := cells[len(cells)-1]
	r := c.Rotations[len(c.Rotations)-1]
	out := run(t, newGame(sc, filepath.Join(dir, "g.db"), filepath.Join(dir, "b.png")),
		fmt.Sprintf("spots %d %d\n", len(cells), r.Degrees()))
	spots := g.FollowerSpots(engine.Placement{Cell: c.Cell, Rotation: r})
	var want strings.Builder
	t1, _ := g.Drawn()
	fmt.Fprintf(&want, "%s on %s at %d° (north ", g.TileSet().Name(t1), c.Cell, r.Degrees())
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
	if !strings.Contains(out, "New game 1: Ann (red) · farms: off, tiny city: ") {
		t.Errorf("output:\n%s", out)
	}
}

// TestRefused checks that Run refuses, in words for the player, what it
// cannot play: a bad Config, a stored game that is not there, a lobby, a
// game played in Discord.
func TestRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, board := filepath.Join(dir, "g.db"), filepath.Join(dir, "b.png")
	st, err := storage.Open(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	discord, err := st.CreateGame(t.Context(), storage.NewGame{Host: storage.Player{UserID: "1234", Name: "Ann"}, ChannelID: "99", MaxSeats: 1})
	if err != nil {
		t.Fatal(err)
	}
	lobby, err := st.CreateGame(t.Context(), storage.NewGame{Host: localSeat("Ben"), MaxSeats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Start(t.Context(), discord.ID, 1); err != nil {
		t.Fatal(err)
	}
	st.Close()
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no players", Config{DB: db, Board: board}, "a game has 1 to 6 players, not 0"},
		{"seven players", Config{DB: db, Board: board, Players: []string{"A", "B", "C", "D", "E", "F", "G"}}, "not 7"},
		{"six players, base", Config{DB: db, Board: board, Players: []string{"A", "B", "C", "D", "E", "F"}}, "a sixth player needs Inns & Cathedrals (inns-and-cathedrals)"},
		{"six players, river", Config{DB: db, Board: board, Players: []string{"A", "B", "C", "D", "E", "F"}, Expansions: []string{"river"}}, "a sixth player needs Inns & Cathedrals"},
		{"unknown expansion", Config{DB: db, Board: board, Players: []string{"Ann"}, Expansions: []string{"river", "dragons"}}, `there is no expansion "dragons" (the expansions available are river, river2, inns-and-cathedrals, traders-and-builders, princess-and-dragon, tower, flying-machines, ferries, gold-mines, mage-and-witch, crop-circles, king-and-robber, cathars, gq11, messengers, robbers)`},
		{"no board", Config{DB: db, Players: []string{"Ann"}}, "the picture of the board needs a file name"},
		{"no folder", Config{DB: db, Board: filepath.Join(dir, "no", "b.png"), Players: []string{"Ann"}}, "does not exist"},
		{"a negative id", Config{DB: db, Board: board, Resume: -2}, "there is no game -2"},
		{"no such game", Config{DB: db, Board: board, Resume: 41, GamesHint: "list-them"}, "there is no game 41 in " + db + " (list-them lists them)"},
		{"a lobby", Config{DB: db, Board: board, Resume: lobby.ID}, "is a lobby that has not started"},
		{"a Discord game", Config{DB: db, Board: board, Resume: discord.ID}, "is played in Discord; continue it there"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := Run(t.Context(), tt.cfg, strings.NewReader("place 1\n"), &out)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run: %v, want %q", err, tt.want)
			}
			if strings.Contains(out.String(), " placed ") {
				t.Errorf("a tile was placed:\n%s", out.String())
			}
		})
	}
}
