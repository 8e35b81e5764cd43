package render

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
)

// lateGameNames are the players of the every-expansion fixture: a person
// and two computers whose names differ only at their ends, as the bot
// names them.
var lateGameNames = []string{"Alice", "Computer (normal)", "Computer (normal) 2"}

// lateGameRecord is the fixture of a whole game of three players with
// every expansion the engine plays (testdata/every-expansion.rec), played
// by computers of level Easy from seed lateGameSeed: a board of 200 and
// more tiles as people build it.
const (
	lateGameRecord = "every-expansion.rec"
	lateGameSeed   = 21
)

// lateTurn is the turn of the fixture the late-game golden shows: 244
// tiles on a board of 25 × 23 cells, the drawn tile fitting 73 cells.
const lateTurn = 243

// playAI plays game cfg with computers of level Easy, every seat, from
// seed, to the end; it returns the game.
func playAI(tb testing.TB, cfg engine.Config, seed uint64) *engine.Game {
	tb.Helper()
	g, err := engine.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	for k := seed * 1000; g.Pending().Step != engine.StepNone; k++ {
		as, err := ai.Turn(g, ai.Easy, k)
		if err != nil {
			tb.Fatal(err)
		}
		for _, a := range as {
			if _, err := g.Act(a); err != nil {
				tb.Fatalf("answer %s: %v", a, err)
			}
		}
	}
	return g
}

// lateGame replays the fixture's first turns turns (all of them when turns
// < 0).
func lateGame(tb testing.TB, turns int) *engine.Game {
	tb.Helper()
	return renamedGame(tb, lateGameRecord, nil, turns)
}

// TestLateGameRecord writes the fixture under -update (the game of
// playAI), and checks that it replays to a game over with 200 tiles and
// more.
func TestLateGameRecord(t *testing.T) {
	path := filepath.Join("testdata", lateGameRecord)
	if *update {
		cfg := engine.Config{Rules: rulesOf(t, engine.PlayableExpansions()...), Players: lateGameNames, Seed: lateGameSeed}
		g := playAI(t, cfg, lateGameSeed)
		var b strings.Builder
		b.WriteString("# A game of three computers of level Easy with every expansion, for the\n")
		b.WriteString("# render tests (render/late_game_test.go playAI, seed 21).\n")
		g.Record().WriteTo(&b)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g := lateGame(t, -1)
	if !g.Ended() {
		t.Error("the fixture's game is not over")
	}
	if n := len(g.PlacedTiles()); n < 200 {
		t.Errorf("%d tiles placed, want 200 or more", n)
	}
}

// TestLateGameGolden compares the pictures of the every-expansion fixture
// with their goldens, each checked by eye at 520 pixels wide before it
// was committed: the turn picture late in the game (lateTurn: 244 tiles,
// 73 cells where the tile fits), the final picture, and the first frames
// of the animation (the view around the first tiles, titled Turn 1 and
// Turn 2). The PNGs fit the bot's 1 MB.
func TestLateGameGolden(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	late := lateGame(t, lateTurn)
	full := lateGame(t, -1)
	for _, pic := range []struct {
		name  string
		img   *image.RGBA
		write func(io.Writer, *engine.Game) error
		g     *engine.Game
	}{
		{"turn-late.png", r.Turn(late), r.TurnPNG, late},
		{"final-late.png", r.Final(full), r.FinalPNG, full},
	} {
		t.Run(pic.name, func(t *testing.T) {
			dump(t, "", pic.img)
			checkGolden(t, pic.name, pic.img)
			var buf bytes.Buffer
			if err := pic.write(&buf, pic.g); err != nil {
				t.Fatal(err)
			}
			if buf.Len() > 1<<20 {
				t.Errorf("%d bytes, over 1 MiB", buf.Len())
			}
		})
	}
	t.Run("animation", func(t *testing.T) {
		// The first turns only: the frames do not depend on the later ones
		// but for the final extent, which the whole record sets.
		rec := full.Record()
		frames := expectedFrames(t, r, rec, AnimateMaxSide, func(i int) bool { return i < 2 })
		for i := range 2 {
			img := image.NewRGBA(frames[i].Rect)
			draw.Draw(img, img.Rect, frames[i], image.Point{}, draw.Src)
			dump(t, fmt.Sprint("frame", i), img)
			checkGolden(t, fmt.Sprintf("animate-late-%d.png", i), img)
		}
	})
}
