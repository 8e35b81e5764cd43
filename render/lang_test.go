package render

import (
	"bytes"
	"image"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// polishNames are the players of the Polish fixture: the scoreboard's game
// (boardGame) with Polish names, letters of Polish's alphabet in them
// (Ł, Ż, ę, ó, ź …) and one name too long for any panel.
var polishNames = []string{"Łucja", "Żaneta", "Grzegorz Brzęczyszczykiewicz", "Józef Ćwikła"}

// renamedGame replays record name of testdata with the players named
// names (nil: the record's), the first turns turns (all of them when
// turns < 0).
func renamedGame(tb testing.TB, name string, names []string, turns int) *engine.Game {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	rec, err := engine.ReadRecord(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	if names != nil {
		rec.Players = names
	}
	if turns >= 0 && turns < len(rec.Turns) {
		rec.Turns, rec.End = rec.Turns[:turns], false
	}
	g, err := rec.Replay()
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// TestPolishGolden compares the pictures of the scoreboard's fixture in
// Polish, its players named polishNames, with their goldens (issue 34: "a
// golden picture with Polish names and words"), each checked by eye at 520
// pixels wide before it was committed: the turn picture at boardTurn (the
// panel, the scoreboard, its legend and the last Message tile) and the
// final picture (the table, the winner line, the charts' words), in true
// colour and as TurnPNG and FinalPNG write them, decoded back.
func TestPolishGolden(t *testing.T) {
	t.Parallel()
	r := testRenderer().In(i18n.Polish)
	mid := renamedGame(t, boardGameRecord, polishNames, boardTurn)
	full := renamedGame(t, boardGameRecord, polishNames, -1)
	for _, pic := range []struct {
		name  string
		img   *image.RGBA
		write func(io.Writer, *engine.Game) error
		g     *engine.Game
	}{
		{"turn-pl.png", r.Turn(mid), r.TurnPNG, mid},
		{"final-pl.png", r.Final(full), r.FinalPNG, full},
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

// TestInEnglish checks that a renderer of New and one made In English
// write the same bytes: English pictures are as they were.
func TestInEnglish(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	en := r.In(i18n.English)
	if en.Lang() != i18n.English || r.Lang() != i18n.English {
		t.Fatalf("Lang() = %v and %v, want English", r.Lang(), en.Lang())
	}
	mid := boardGame(t, boardTurn)
	full := boardGame(t, -1)
	for _, pic := range []struct {
		name     string
		got, was func(io.Writer, *engine.Game) error
		g        *engine.Game
	}{
		{"turn", en.TurnPNG, r.TurnPNG, mid},
		{"final", en.FinalPNG, r.FinalPNG, full},
	} {
		var got, was bytes.Buffer
		if err := pic.got(&got, pic.g); err != nil {
			t.Fatal(err)
		}
		if err := pic.was(&was, pic.g); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), was.Bytes()) {
			t.Errorf("%s: In(English) draws another picture than New", pic.name)
		}
	}
}

// TestInShares checks that a renderer In another language shares the
// caches of the one it was made from, and draws other words: the pictures
// differ, and have the same size.
func TestInShares(t *testing.T) {
	t.Parallel()
	r := testRenderer()
	de := r.In(i18n.German)
	if de.shared != r.shared || de.Lang() != i18n.German {
		t.Fatal("In(German) does not share r's caches or is not German")
	}
	g := boardGame(t, boardTurn)
	en, got := r.Turn(g), de.Turn(g)
	if en.Bounds() != got.Bounds() {
		t.Errorf("German turn picture is %v, English %v: the words change the layout", got.Bounds(), en.Bounds())
	}
	if bytes.Equal(en.Pix, got.Pix) {
		t.Error("the German turn picture is the English one")
	}
}

// TestWordsFound checks that every word the pictures draw is a message of
// every language (not its id, which is what a missing message reads).
func TestWordsFound(t *testing.T) {
	var ids []string
	ids = append(ids, keyIDs[:]...)
	for _, id := range messageIDs {
		if id != "" {
			ids = append(ids, id)
		}
	}
	sc := newScene(boardGame(t, -1), false)
	sc.kingAndRobber, sc.traders, sc.tower, sc.gold, sc.pd.on = true, true, true, true, true
	for _, s := range finalSources(sc) {
		ids = append(ids, sourceID(s))
	}
	// The English tables of the package (the keys' labels, the columns'
	// titles) are render.en.toml's texts.
	for e := range numKeyEntries {
		if got := keyLabel(i18n.English, e); got != keyLabels[e] {
			t.Errorf("key %d: render.en.toml has %q, keyLabels %q", e, got, keyLabels[e])
		}
	}
	for _, s := range finalSources(sc) {
		if got := i18n.English.T(sourceID(s), nil); got != s.title {
			t.Errorf("column %q: render.en.toml has %q", s.title, got)
		}
	}
	for _, l := range i18n.Supported() {
		for _, id := range ids {
			if got := l.T(id, nil); got == id || got == "" {
				t.Errorf("%s: %s has no text", l, id)
			}
		}
	}
}

// TestWordsFit checks, in every language, that the words with a room of
// fixed size in the side panel and the final table fit it at the sizes
// the pictures draw them (display pixels at scale 2): the cells under the
// drawn tile, "fits nowhere", "out" by a resigned player's points, the
// head of the totals' column, the titles of the scoreboard and the
// charts, and each entry of the key in two columns of the side panel.
func TestWordsFit(t *testing.T) {
	k := testRenderer().kits.get()
	defer testRenderer().kits.put(k)
	const u = 2.0
	d := func(v float64) int { return dpx(v, u) }
	panelIn := float64(scorePanelD - 2*scorePadD - 2) // x0 to x1 of the side panel
	tileText := panelIn - scoreTileD - 9              // right of the drawn tile
	keyCol := (panelIn+keyColGap)/2 - keyColGap - keyTextD
	for _, l := range i18n.Supported() {
		for _, w := range []struct {
			what string
			text string
			bold bool
			size float64 // display pixels
			room float64 // display pixels
		}{
			{"cells", l.N("render.panel.cells", 188, nil), false, 12, tileText},
			{"cells", l.N("render.panel.cells", 22, nil), false, 12, tileText},
			{"fits nowhere", l.T("render.panel.fits_nowhere", nil), false, 12, tileText},
			{"resigned", l.T("render.panel.resigned", nil), false, 8, 21},
			{"total", l.T("render.final.total", nil), false, 8, finalTotalD},
			{"scoreboard", l.T("render.track.title", nil), true, 10, panelIn},
			{"message tiles", l.T("render.message.tiles", nil), true, 12, panelIn - trackMsgTileD - 6},
			{"gold", l.T("render.panel.gold_bonus", map[string]any{"Points": 12}), false, 11, panelIn - 19 - 40},
			{"left", l.N("render.panel.left", 71, nil), false, 12, panelIn - 75},
		} {
			if got := textWidth(k.face(w.bold, d(w.size)), w.text); got > d(w.room) {
				t.Errorf("%s %s: %q is %d pixels wide, room for %d", l, w.what, w.text, got, d(w.room))
			}
		}
		f := k.face(false, d(keyFontD))
		for e := range numKeyEntries {
			// An entry too long for a column takes two: at most the
			// panel's width.
			s := keyLabel(l, e)
			if got := textWidth(f, s); got > d(2*keyCol+keyColGap+keyTextD) {
				t.Errorf("%s key %q is %d pixels wide, more than two columns (%d)", l, s, got, d(2*keyCol+keyColGap+keyTextD))
			}
		}
	}
}

// TestMessageTextIn checks the Message tiles' texts in two languages.
func TestMessageTextIn(t *testing.T) {
	for _, tt := range []struct {
		l    i18n.Lang
		n    engine.Message
		want string
	}{
		{i18n.English, engine.MessagePennants, "Message 4: 2 points per pennant in your cities"},
		{i18n.German, engine.MessageKnights, "Botschaft 5: 2 Punkte je Ritter"},
		{i18n.Polish, engine.MessageTile, "Wiadomość 7: jeszcze jedna płytka"},
	} {
		if got := MessageTextIn(tt.l, tt.n); got != tt.want {
			t.Errorf("MessageTextIn(%s, %d) = %q, want %q", tt.l, tt.n, got, tt.want)
		}
	}
}

// TestLangPictures writes under -dump the pictures whose words change with
// the language, in German, Polish and French, to look at them at 520
// pixels wide: the scoreboard's game (turn and final) and a game with
// every expansion (the key's entries, the goods, tower and gold lines).
func TestLangPictures(t *testing.T) {
	if *dumpDir == "" {
		t.Skip("only under -dump")
	}
	mid := renamedGame(t, boardGameRecord, polishNames, boardTurn)
	full := renamedGame(t, boardGameRecord, polishNames, -1)
	every := renamedGame(t, "every-expansion.rec", nil, -1)
	everyMid := renamedGame(t, "every-expansion.rec", nil, 40)
	base := loadGame(t, "mid-game.rec")
	for _, l := range []i18n.Lang{i18n.German, i18n.Polish, i18n.French, i18n.Spanish, i18n.Italian} {
		r := testRenderer().In(l)
		name := strings.ToLower(l.String())
		dump(t, name+"-turn", r.Turn(mid))
		dump(t, name+"-final", r.Final(full))
		dump(t, name+"-every-turn", r.Turn(everyMid))
		dump(t, name+"-every-final", r.Final(every))
		// A preview of the placement with the most spots, with the
		// large follower (Inns & Cathedrals) on the first.
		var best engine.Placement
		n := -1
		for _, p := range everyMid.Placements() {
			if s := len(everyMid.FollowerSpots(p)); s > n {
				best, n = p, s
			}
		}
		port := engine.NoPort
		if spots := everyMid.FollowerSpots(best); len(spots) > 0 {
			port = spots[0].Port
		}
		if img, err := r.PreviewFigure(everyMid, best, port, engine.FigureLarge); err == nil {
			dump(t, name+"-preview-large", img)
		} else {
			t.Error(err)
		}
		var bp engine.Placement
		n = -1
		for _, p := range base.Placements() {
			if s := len(base.FollowerSpots(p)); s > n {
				bp, n = p, s
			}
		}
		if img, err := r.Preview(base, bp, base.FollowerSpots(bp)[0].Port); err == nil {
			dump(t, name+"-preview", img)
		} else {
			t.Error(err)
		}
		if img, err := r.PreviewFigure(everyMid, best, engine.NoPort, engine.FigureBuilder); err == nil {
			dump(t, name+"-preview-builder", img)
		} else {
			t.Error(err)
		}
	}
}

// TestSpotNameIn checks that the spots' names in English are the engine's
// (engine.Spot.Name, with "large " and the builder's and the pig's titles
// as the previews wrote them), and one in Polish.
func TestSpotNameIn(t *testing.T) {
	g := loadGame(t, "mid-game.rec")
	n := 0
	for _, p := range g.Placements() {
		for _, s := range g.FollowerSpots(p) {
			n++
			for _, tt := range []struct {
				fig  engine.Figure
				want string
			}{
				{engine.FigureFollower, s.Name()},
				{engine.FigureLarge, "large " + s.Name()},
				{engine.FigureBuilder, "builder" + strings.TrimPrefix(s.Name(), s.Kind.Role())},
				{engine.FigurePig, "pig" + strings.TrimPrefix(s.Name(), s.Kind.Role())},
			} {
				if got := spotNameIn(i18n.English, s, tt.fig); got != tt.want {
					t.Errorf("spotNameIn(English, %v, %v) = %q, want %q", s, tt.fig, got, tt.want)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no spot to name")
	}
	s := engine.Spot{Kind: engine.Field, Ports: engine.PortSet(1<<(engine.NNE-1) | 1<<(engine.NNW-1) | 1<<(engine.WNW-1) | 1<<(engine.ENE-1))}
	want := "chłop – pole (" + directionIn(i18n.Polish, s.Ports) + ")"
	if got := spotNameIn(i18n.Polish, s, engine.FigureFollower); got != want || strings.Contains(got, "north") {
		t.Errorf("spotNameIn(Polish, %v) = %q, want %q in Polish", s, got, want)
	}
}
