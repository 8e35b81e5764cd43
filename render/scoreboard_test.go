package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// The fixture of the scoreboard's pictures: a whole game of four players
// with The Messengers and The Robbers (testdata/messengers-robbers.rec),
// played by computers of level Easy from seed boardGameSeed (playAI).
const (
	boardGameRecord = "messengers-robbers.rec"
	boardGameSeed   = 3
	// boardTurn is the turn of the fixture the golden shows: four robbers
	// on the scoreboard, the pawns on eight spaces, a message turned up.
	boardTurn = 63
)

// boardGameNames are the fixture's players.
var boardGameNames = []string{"Alice", "Bob", "Carol", "Dave"}

// boardGame replays the first turns turns of the scoreboard's fixture
// (all of them when turns < 0).
func boardGame(tb testing.TB, turns int) *engine.Game {
	tb.Helper()
	return renamedGame(tb, boardGameRecord, nil, turns)
}

// TestScoreboardRecord writes the scoreboard's fixture under -update (the
// game of playAI), and checks that it replays to a game over.
func TestScoreboardRecord(t *testing.T) {
	path := filepath.Join("testdata", boardGameRecord)
	if *update {
		cfg := engine.Config{Rules: rulesOf(t, engine.ExpansionMessengers, engine.ExpansionRobbers), Players: boardGameNames, Seed: boardGameSeed}
		g := playAI(t, cfg, boardGameSeed)
		var b strings.Builder
		b.WriteString("# A game of four computers of level Easy with The Messengers and The\n")
		b.WriteString("# Robbers, for the render tests (render/scoreboard_test.go, seed 3).\n")
		g.Record().WriteTo(&b)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g := boardGame(t, -1)
	if !g.Ended() {
		t.Error("the fixture's game is not over")
	}
}

// TestScoreboardGolden compares the pictures of the scoreboard's fixture
// with their goldens, each checked by eye at 520 pixels wide before it was
// committed: the turn picture at boardTurn (the track with four robbers,
// the last Message tile and its effect) in true colour and as TurnPNG
// writes it, and the final picture (the columns of the messages and the
// robbers' loot).
func TestScoreboardGolden(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	mid := boardGame(t, boardTurn)
	full := boardGame(t, -1)
	for _, pic := range []struct {
		name  string
		img   *image.RGBA
		write func(io.Writer, *engine.Game) error
		g     *engine.Game
	}{
		{"turn-scoreboard.png", r.Turn(mid), r.TurnPNG, mid},
		{"final-scoreboard.png", r.Final(full), r.FinalPNG, full},
	} {
		t.Run(pic.name, func(t *testing.T) {
			dump(t, "", pic.img)
			checkGolden(t, pic.name, pic.img)
			if !*update {
				checkGolden(t, pic.name, decodePNG(t, func(w io.Writer) error { return pic.write(w, pic.g) }))
			}
		})
	}
}

// trackPlace returns where the turn picture of sc draws the scoreboard's
// cells (trackCells), as drawScorePanel places the scoreboard: under the
// players' rows of the side panel.
func trackPlace(sc *scene) [engine.ScoreboardSpaces]image.Rectangle {
	l := layoutTurn(sc)
	u := l.u
	x0, x1 := l.panel.Min.X+dpx(scorePadD+2, u), l.panel.Max.X-dpx(scorePadD, u)
	y := scoreRowsTop(sc, l.panel, u) + len(sc.names)*dpx(scoreRowH(sc), u)
	return trackCells(sc, x0, x1, y, u)
}

// countColour returns the pixels of img inside r exactly of colour c.
func countColour(img *image.RGBA, r image.Rectangle, c color.RGBA) int {
	n := 0
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			o := img.PixOffset(x, y)
			if img.Pix[o] == c.R && img.Pix[o+1] == c.G && img.Pix[o+2] == c.B {
				n++
			}
		}
	}
	return n
}

// TestScoreboardPieces decodes the turn pictures of games with The
// Messengers and The Robbers, as TurnPNG writes them, and checks each
// space of the track: the players with a marker, messenger or robber on
// it show their colours there, the others not; a dark space (0, 5, 10,
// …) is framed and darker than the others.
func TestScoreboardPieces(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	six, err := engine.New(engine.Config{Rules: rulesOf(t, engine.ExpansionMessengers, engine.ExpansionRobbers),
		Players: []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay"}, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	robbers := playAI(t, engine.Config{Rules: rulesOf(t, engine.ExpansionRobbers), Players: []string{"Ann", "Ben", "Cat"}, Seed: 4}, 4)
	robbersMid := robbers.Record()
	robbersMid.Turns, robbersMid.End = robbersMid.Turns[:40], false
	rg, err := robbersMid.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		g    *engine.Game
	}{
		{"six players at the start", six},
		{"robbers alone", rg},
		{"fixture early", boardGame(t, 10)},
		{"fixture", boardGame(t, boardTurn)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.g
			sc := newScene(g, true)
			if !sc.board.track || trackD(sc) == 0 {
				t.Fatal("no scoreboard in the turn picture")
			}
			img := decodePNG(t, func(w io.Writer) error { return r.TurnPNG(w, g) })
			cells := trackPlace(sc)
			// Every pawn on its space: the markers, the messengers, the
			// robbers placed.
			want := make([]map[int]bool, engine.ScoreboardSpaces)
			for s := range want {
				want[s] = map[int]bool{}
			}
			pieces := 0
			for p := range g.Players() {
				want[engine.BoardSpace(g.Marker(p))][p] = true
				pieces++
				if v, ok := g.Messenger(p); ok {
					want[engine.BoardSpace(v)][p] = true
					pieces++
				}
				if rb, ok := g.Robber(p); ok {
					want[rb.Space][p] = true
					pieces++
				}
			}
			drawn := 0
			for s, ps := range sc.board.spaces {
				drawn += len(ps)
				cell := cells[s]
				for p := range g.Players() {
					n := countColour(img, cell, PlayerColour(p))
					if want[s][p] && n < 12 {
						t.Errorf("space %d: %d pixels of player %d's colour, want a figure", s, n, p)
					}
					if !want[s][p] && n > 3 {
						t.Errorf("space %d: %d pixels of player %d's colour, want none", s, n, p)
					}
				}
				// The dark spaces: framed in the dim text's colour, filled
				// with the table's.
				frameN := countColour(img, image.Rect(cell.Min.X, cell.Min.Y, cell.Max.X, cell.Min.Y+1), colTextDim)
				fillN := countColour(img, cell.Inset(2), colTable)
				if dark := engine.DarkSpace(s); dark != (frameN == cell.Dx() && fillN > 0) {
					t.Errorf("space %d: frame %d of %d pixels, %d of the table's colour; dark %v", s, frameN, cell.Dx(), fillN, dark)
				}
			}
			if drawn != pieces {
				t.Errorf("%d figures on the track, want %d", drawn, pieces)
			}
			// The track stays inside the panel, above its bottom.
			l := layoutTurn(sc)
			if last := cells[engine.ScoreboardSpaces-1]; !last.In(l.panel) {
				t.Errorf("the track's last space %v is outside the panel %v", last, l.panel)
			}
		})
	}
}

// TestScoreboardNone checks that a game without The Messengers and The
// Robbers has no scoreboard in its pictures and the final table no
// column of theirs, and that with them the final table's columns add up
// to each player's score.
func TestScoreboardNone(t *testing.T) {
	t.Parallel()
	base := loadGame(t, "mid-game.rec")
	sc := newScene(base, true)
	if sc.board.track || sc.board.messengers || sc.board.robbers || trackD(sc) != 0 {
		t.Errorf("a base game has a scoreboard: %+v, %v display pixels", sc.board, trackD(sc))
	}
	if got := len(finalSources(sc)); got != len(featureSources) {
		t.Errorf("a base game's final table has %d columns, want %d", got, len(featureSources))
	}
	full := boardGame(t, -1)
	fs := newScene(full, false)
	if fs.board.track || trackD(fs) != 0 {
		t.Error("the scoreboard is drawn after the game's end (the messengers have joined the markers)")
	}
	srcs := finalSources(fs)
	scores := full.Scores()
	for p, b := range full.Breakdowns() {
		sum := 0
		for _, s := range srcs {
			sum += s.value(b)
		}
		if sum != scores[p] {
			t.Errorf("player %d: the final table's columns add up to %d, want the score %d", p, sum, scores[p])
		}
	}
	// In an animation's frames, whose panel is laid out once for the
	// whole game, the scoreboard is not drawn.
	mid := newScene(boardGame(t, boardTurn), true)
	mid.played = boardTurn
	if trackD(mid) != 0 {
		t.Error("the scoreboard is drawn in an animation's frame")
	}
	if err := testRenderer().Animate(io.Discard, full.Record(), AnimateOptions{}); err != nil {
		t.Errorf("the fixture's animation: %v", err)
	}
}

func TestMessageText(t *testing.T) {
	for _, tt := range []struct {
		n    engine.Message
		want string
	}{
		{engine.MessageShortestRoad, "Message 1: score your shortest road"},
		{engine.MessageSmallestCity, "Message 2: score your smallest city"},
		{engine.MessageSmallestCloister, "Message 3: score your smallest cloister"},
		{engine.MessagePennants, "Message 4: 2 points per pennant in your cities"},
		{engine.MessageKnights, "Message 5: 2 points per knight"},
		{engine.MessageFarmers, "Message 6: 2 points per farmer"},
		{engine.MessageTile, "Message 7: one more tile"},
		{engine.MessageFollower, "Message 8: score a follower and take it back"},
		{engine.Message(9), "Message 9: message?"},
	} {
		if got := MessageText(tt.n); got != tt.want {
			t.Errorf("MessageText(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// TestWrapText checks the lines of the message's effect: words kept
// whole, at most n lines, each within the width.
func TestWrapText(t *testing.T) {
	k := testRenderer().kits.get()
	defer testRenderer().kits.put(k)
	f := k.face(false, 22)
	for n := engine.Message(1); int(n) < len(messageIDs); n++ {
		s := messageEffectIn(i18n.English, n)
		for _, w := range []int{120, 234, 400} {
			lines := wrapText(f, s, w, 2)
			if len(lines) == 0 || len(lines) > 2 {
				t.Errorf("%q in %d px: %d lines", s, w, len(lines))
			}
			for _, l := range lines {
				if textWidth(f, l) > w {
					t.Errorf("%q in %d px: line %q is %d px wide", s, w, l, textWidth(f, l))
				}
			}
			if j := strings.Join(lines, " "); !strings.Contains(j, "…") && j != s {
				t.Errorf("%q in %d px: lines %q", s, w, fmt.Sprint(lines))
			}
		}
	}
}
