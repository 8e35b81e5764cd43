package engine

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

const specExample = `# Two players, base game; Oscar farms north of the start tile.
[Players "Oscar, Carol"]
[Expansions "base"]
[Rules "farms=per-farm, tiny-city=4"]

1. E 0,-1 180 follower@N
2. H 0,-2 90
3. E 1,-2 270 follower@N
end
`

func TestRecordSpecExample(t *testing.T) {
	rec, err := ReadRecord(strings.NewReader(specExample))
	if err != nil {
		t.Fatal(err)
	}
	// The writer gives the example back, less its comment.
	want := strings.SplitN(specExample, "\n", 2)[1]
	if got := rec.String(); got != want {
		t.Errorf("written:\n%s\nwant:\n%s", got, want)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if !g.Ended() || g.TilesLeft() != 68 || g.Players()[g.Current()] != "Carol" {
		t.Errorf("ended %v, tiles left %d, next %s", g.Ended(), g.TilesLeft(), g.Players()[g.Current()])
	}
	// Oscar's two farms: the first borders the closed start city and the
	// closed city H(0,-2)+E(1,-2) (6), the second that city (3).
	if got := g.Scores(); got[0] != 9 || got[1] != 0 {
		t.Errorf("scores %v, want [9 0]", got)
	}
	if got := g.Supply(0); got != 5 {
		t.Errorf("Oscar's supply %d, want 5 (two farmers on the board)", got)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	for seed := range uint64(20) {
		g, err := New(Config{Players: []string{"Ann", "Ben", "Cal"}, Seed: seed, Options: Options{Farms: FarmScoring(seed % 3), TinyCity: 2}})
		if err != nil {
			t.Fatal(err)
		}
		playRandom(t, g, rand.New(rand.NewPCG(seed, 5)), nil)
		rec := g.Record()
		rec.Extra = []Header{{"Date", "2026-11-21"}, {"Guild", "123"}}
		text := rec.String()
		back, err := ReadRecord(strings.NewReader(text))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if got := back.String(); got != text {
			t.Fatalf("seed %d: round trip differs:\n%s\n---\n%s", seed, text, got)
		}
		g2, err := back.Replay()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if g2.Record().String() != g.Record().String() || !equalInts(g2.Scores(), g.Scores()) || len(g2.Events()) != len(g.Events()) {
			t.Fatalf("seed %d: the replayed game differs", seed)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestRecordErrors(t *testing.T) {
	head := "[Players \"A, B\"]\n"
	tests := []struct {
		name, text string
		line       int
		reason     string
	}{
		{"no players", "1. E 0,-1 180\n", 1, "Players"},
		{"no players at all", "[Rules \"farms=off\"]\n", 1, "Players"},
		{"no players, turn after comments", "# a game\n\n[Seed \"4\"]\n\n1. E 0,-1 180\n", 5, "Players"},
		{"empty record", "", 1, "Players"},
		{"bad start tile, no turns", head + "[Start \"Z 0,0 0\"]\n", 2, "no tile \"Z\""},
		{"bad start tile", head + "[Start \"D 0,0 45\"]\n# turns\n1. E 0,-1 180\n", 2, "rotation"},
		{"byte-order mark not at the start", head + "\uFEFF1. E 0,-1 180\n", 2, "number"},
		{"unknown expansion", head + "[Expansions \"base, dragons\"]\n", 2, "dragons"},
		{"unknown rule", head + "[Rules \"farms=sometimes\"]\n", 2, "farms"},
		{"unknown option", head + "[Rules \"pigs=on\"]\n", 2, "pigs"},
		{"bad header", head + "[Seed 12]\n", 2, "header"},
		{"repeated header", head + "[Players \"C\"]\n", 2, "twice"},
		{"header after turns", head + "1. E 0,-1 180\n[Date \"x\"]\n", 3, "before"},
		{"bad seed", head + "[Seed \"-1\"]\n", 2, "seed"},
		{"seven players", "[Players \"A,B,C,D,E,F,G\"]\n", 1, "1 to 6"},
		{"same name twice", "[Players \"A, A\"]\n", 1, "twice"},
		{"unknown tile", head + "1. Z 0,-1 180\n", 2, "no tile"},
		{"malformed cell", head + "1. E 0;-1 180\n", 2, "not a cell"},
		{"cell with space", head + "1. E 0, -1 180\n", 2, "not a cell"},
		{"rotation 45", head + "1. E 0,-1 45\n", 2, "rotation"},
		{"no rotation", head + "1. E 0,-1\n", 2, "rotation"},
		{"bad figure", head + "1. E 0,-1 180 meeple@N\n", 2, "no token \"meeple@N\""},
		{"token of an expansion not in the header", head + "1. E 0,-1 180 robber/2\n", 2, "the Expansions header does not name robbers"},
		{"ferry without its expansion", head + "1. E 0,-1 180 ferry@N+S\n", 2, "the Expansions header does not name ferries"},
		{"gold without its expansion", head + "1. E 0,-1 180 gold@0,1\n", 2, "the Expansions header does not name gold-mines"},
		{"flight without its expansion", head + "1. E 0,-1 180 follower@fly roll=2 land@off\n", 2, "the Expansions header does not name flying-machines"},
		{"flight without its die", "[Players \"A\"]\n[Expansions \"flying-machines\"]\n1. FM01 0,-1 0 follower@fly land@off\n", 3, "land@ follows follower@fly roll=N"},
		{"flight without its landing", "[Players \"A\"]\n[Expansions \"flying-machines\"]\n1. FM01 0,-1 0 follower@fly roll=1\n", 3, "landing is missing"},
		{"flight landing twice", "[Players \"A\"]\n[Expansions \"flying-machines\"]\n1. FM01 0,-1 0 follower@fly roll=1 land@off land@0,0:N\n", 3, "lands once"},
		{"die of 4", "[Players \"A\"]\n[Expansions \"flying-machines\"]\n1. FM01 0,-1 0 follower@fly roll=4 land@off\n", 3, "1, 2 or 3"},
		{"two gold ingots", "[Players \"A\"]\n[Expansions \"gold-mines\"]\n1. GM01 0,-1 0 gold@0,0 gold@0,0\n", 3, "only one gold ingot"},
		{"gold after the figure", "[Players \"A\"]\n[Expansions \"gold-mines\"]\n1. GM01 0,-1 0 follower@C gold@0,0\n", 3, "right after the tile"},
		{"pig option without its expansion", "[Players \"A\"]\n[Rules \"farms=per-city, pig=plus-one\"]\n1. E 0,-1 180\n", 2, "pig is an option of Traders & Builders"},
		{"pig option without its expansion, no turns", "[Players \"A\"]\n[Rules \"pig=plus-one\"]\n", 2, "pig is an option of Traders & Builders"},
		{"pig option value", "[Players \"A\"]\n[Expansions \"traders-and-builders\"]\n[Rules \"pig=plus-two\"]\n", 3, "pig is plus-one"},
		{"pig without its expansion", head + "1. E 0,-1 180 pig@N\n", 2, "the Expansions header does not name traders-and-builders"},
		{"dragon step", head + "1. E 0,-1 180 dragon@0,-1\n", 2, "The Princess & the Dragon"},
		{"die roll without a flight", head + "1. E 0,-1 180 roll=2\n", 2, "roll= follows follower@fly"},
		{"magic", head + "1. E 0,-1 180 mage@0,0:N\n", 2, "mage@ and witch@ belong to Mage & Witch"},
		{"ransom to a seat", head + "1. E 0,-1 180 ransom/2\n", 2, "The Tower"},
		{"portal", head + "1. E 0,-1 180 follower@0,0:N\n", 2, "magic portal"},
		{"pass with no choice", head + "1. E 0,-1 180 follower@S -\n", 2, "passes a robber right after the tile"},
		{"figure with a seat", head + "1. E 0,-1 180 follower@N/2\n", 2, "follower@PORT"},
		{"figure with no where", head + "1. E 0,-1 180 follower\n", 2, "follower@PORT"},
		{"token cut short", head + "1. E 0,-1 180 follower@\n", 2, "cut short"},
		{"token in capitals", head + "1. E 0,-1 180 Follower@N\n", 2, "a token is a word"},
		{"escape with a value", "[Players \"A\"]\n[Expansions \"cathars\"]\n1. E 0,-1 180 escape@0,0:N=1\n", 3, "escape@x,y:PORT"},
		{"aside in the base game", head + "1. E aside\n", 2, "set aside only in The Princess & the Dragon"},
		{"something after aside", head + "1. E aside follower@N\n", 2, "nothing may follow aside"},
		{"bad port", head + "1. E 0,-1 180 follower@NE\n", 2, "port"},
		{"two followers", head + "1. E 0,-1 180 follower@N follower@S\n", 2, "one follower"},
		{"no number", head + "E 0,-1 180\n", 2, "number"},
		{"turn skips", head + "1. E 0,-1 180\n3. E 0,-2 0\n", 3, "turn 2"},
		{"turn after end", head + "1. E 0,-1 180\nend\n2. E 0,-2 0\n", 4, "end"},
		{"edges", head + "1. E 0,-1 0\n", 2, "south side of E turned 0 is a field, but the tile to its south shows a city"},
		{"cell taken", head + "1. E 0,0 0\n", 2, "already"},
		{"no neighbour", head + "1. E 5,5 0\n", 2, "neighbour"},
		{"not in pile", head + "1. C 0,-1 0\n2. C 1,-1 0\n", 3, "no tile C"},
		{"occupied", head + "1. V 1,0 0 follower@W\n2. U 1,1 90 follower@N\n", 3, "already has a follower"},
		{"farms off", "[Players \"A\"]\n[Rules \"farms=off\"]\n1. E 0,-1 180 follower@N\n", 3, "farmers"},
		{"nothing at port", head + "1. U 1,0 0 follower@C\n", 2, "nothing at port C"},
		{"discard a fitting tile", head + "1. V discard\n", 2, "fits"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := ReadRecord(strings.NewReader(tt.text))
			if err == nil {
				_, err = rec.Replay()
			}
			var re *RecordError
			if !errors.As(err, &re) {
				t.Fatalf("got %v, want a record error", err)
			}
			if re.Line != tt.line || !strings.Contains(re.Error(), tt.reason) {
				t.Fatalf("got %q at line %d, want line %d mentioning %q", re.Error(), re.Line, tt.line, tt.reason)
			}
		})
	}
}

func TestRecordKeepsOtherHeadersAndComments(t *testing.T) {
	text := "# a comment\n[Players \"A\"] # trailing\n[Date \"2026-11-21 #1\"]\n[Seed \"7\"]\n\n1. V 1,0 0 # the first turn\n"
	rec, err := ReadRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := "[Players \"A\"]\n[Expansions \"base\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n[Seed \"7\"]\n[Date \"2026-11-21 #1\"]\n\n1. V 1,0 0\n"
	if got := rec.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func FuzzReadRecord(f *testing.F) {
	f.Add(specExample)
	f.Add("\uFEFF" + specExample)
	f.Add("1. E 0,-1 180\n")
	f.Add("# no headers\n")
	f.Add("")
	f.Add("[Players \"A\"]\r\n1. V 1,0 0\r\n" + strings.Repeat("#", MaxRecordLine+1) + "\n")
	f.Add("[Players \"A\"]\n[Start \"Z 0,0 0\"]\n")
	f.Add("[Players \"A\"]\n[Start \"D 0,0 90\"]\n1. C discard\n1. V 1,0 0 follower@S\nend\n")
	f.Add("[Players \"A, B\"]\n[Rules \"farms=per-city, tiny-city=2\"]\n[Seed \"18446744073709551615\"]\n")
	// The Expansions header (record.md, "Expansions").
	f.Add("[Players \"A, B\"]\n[Expansions \"river, base\"]\n\n1. RV07 1,0 0 follower@N\n2. RV02 2,0 180\nend\n")
	f.Add("[Players \"A\"]\n[Expansions \"river2\"]\n[Start \"R201 0,0 90\"]\n1. R204 0,1 90\n2. R209 1,1 0\n")
	f.Add("[Players \"A\"]\n[Expansions \"river, river2, gq11, inns-and-cathedrals\"]\n[Seed \"5\"]\n1. R201 1,0 0\n")
	f.Add("[Players \"A\"]\n[Expansions \"base, messengers\"]\n")
	f.Add("[Players \"A\"]\n[Expansions \"river\"]\n[Start \"D 0,0 0\"]\n1. RV10 1,0 0\n1. RV03 discard\n")
	f.Add("[Players \"A\"]\n1. RV03 1,0 0\n")
	// The tokens of Inns & Cathedrals and the Cathars (record.md, "A turn
	// with expansions").
	f.Add("[Players \"A, B\"]\n[Expansions \"inns-and-cathedrals, cathars\"]\n\n1. A 1,0 90\n2. CA01 0,-1 180 large@S escape@0,-1:W\nend\n")
	f.Add("[Players \"A, B\"]\n[Expansions \"cathars\"]\n1. CA01 0,-1 180 follower@S\n2. A 1,0 90\n3. U -1,0 0 escape@0,-1:S\n")
	f.Add("[Players \"A\"]\n1. U 1,0 0 large@E\n")
	f.Add("[Players \"Anna, Bob, Chris, David\"]\n[Expansions \"princess-and-dragon\"]\n1. PD16 aside\n1. PD01 1,3 0\n2. PD04 0,-1 180 dragon@1,2 dragon@0,2 dragon@0,3\nend\n")
	f.Add("[Players \"A, B\"]\n[Expansions \"princess-and-dragon\"]\n[Rules \"farms=per-farm, tiny-city=4, dragon=after-scoring, princess=must\"]\n1. G 0,-1 90 follower@N\n2. PD11 0,-2 180 princess@0,-1:N/2=large\n3. PD02 1,0 0 large@0,-1:N fairy@0,-1\n")
	f.Add("[Players \"A\"]\n1. U 1,0 0 fairy@0,0 dragon@9,9 follower@-1,0:W\n")
	f.Add("[Players \"A\"]\n[Expansions \"cathars\"]\n1. U 1,0 0 escape@0,-1:S large@E escape@1,1\n")
	f.Add("[Players \"A, B\"]\n[Expansions \"river2\"]\n1. R204 1,0 0\n2. R203 1,-1 90\n3. R202 2,0 0 follower@E\n")
	f.Add("[Players \"A, B\"]\n1. E aside\n1. E 0,-1 180 - roll=2 ransom/2 dragon@0,1 follower@0,0:N=large/x@\n2. V discard follower@N\n")
	// The tokens of The Tower.
	f.Add("[Players \"A, B\"]\n[Expansions \"tower\"]\n1. TW02 0,1 0\n2. B 0,2 0 follower@C\n3. B 1,1 0 tower@0,1 capture@0,2:C\n4. B -1,1 0 large@0,1:tower\n5. U 1,0 0 ransom/1=large tower@0,1 capture@0,1:tower\n")
	f.Add("[Players \"A, B\"]\n[Expansions \"tower\"]\n1. TW02 0,1 0 ransom/7 tower@0,1:tower capture@x,1:N follower@0,1:towe\n")
	// The tokens of The Flying Machines and The Gold Mines.
	f.Add("[Players \"A, B\"]\n[Expansions \"flying-machines, gold-mines\"]\n1. GM03 -1,0 0 gold@0,0 follower@C\n2. B 0,1 0\n3. FM01 1,1 0 follower@fly roll=1 land@0,0:E\n4. FM02 -1,2 90 large@fly roll=3 land@off\nend\n")
	f.Add("[Players \"A\"]\n[Expansions \"flying-machines, gold-mines\"]\n1. FM01 1,1 0 follower@fly land@0,0:E roll=9 gold@x,1 roll=1 land@off land@fly\n2. GM01 0,1 0 gold@0,0:N gold@0,0 follower@fly\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ReadRecord(strings.NewReader(text))
		if err != nil {
			var re *RecordError
			if !errors.As(err, &re) || re.Reason == "" {
				t.Fatalf("error without a reason: %v", err)
			}
			if re.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		out := rec.String()
		back, err := ReadRecord(strings.NewReader(out))
		if err != nil {
			t.Fatalf("reading what was written: %v\n%s", err, out)
		}
		if back.String() != out {
			t.Fatalf("writing twice differs")
		}
		if g, err := rec.Replay(); err == nil {
			_ = g.Record().String()
		}
	})
}

// TestRecordExpansionsHeader reads and writes the Expansions header
// (record.md, "Expansions"): names in any order, written in record order
// with "base" first; the river's spring is the default start and is not
// written; an unknown or unbuilt expansion is refused at its line.
func TestRecordExpansionsHeader(t *testing.T) {
	tests := []struct {
		in, header string
	}{
		{"", "base"},
		{"base", "base"},
		{"river", "base, river"},
		{"river2, river, base", "base, river, river2"},
		{"gq11,river", "base, river, gq11"},
	}
	for _, tt := range tests {
		text := "[Players \"A, B\"]\n"
		if tt.in != "" {
			text += "[Expansions \"" + tt.in + "\"]\n"
		}
		rec, err := ReadRecord(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		want := "[Players \"A, B\"]\n[Expansions \"" + tt.header + "\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n"
		if got := rec.String(); got != want {
			t.Errorf("%q: wrote\n%s\nwant\n%s", tt.in, got, want)
		}
		r, err := rec.Rules()
		if err != nil || r.Expansions.String() != tt.header {
			t.Errorf("%q: rules %v, %v", tt.in, r, err)
		}
		if cfg := rec.Config(); cfg.Rules != r {
			t.Errorf("%q: Config's rules are not the record's", tt.in)
		}
	}
	// A start other than the spring is written; the spring is not.
	rec, err := ReadRecord(strings.NewReader("[Players \"A\"]\n[Expansions \"river\"]\n[Start \"RV01 0,0 90\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rec.String(), "[Start \"RV01 0,0 90\"]\n") {
		t.Errorf("the turned spring is not written:\n%s", rec.String())
	}
	rec.Start.Rotation = Rotate0
	if strings.Contains(rec.String(), "[Start") {
		t.Errorf("the default spring is written:\n%s", rec.String())
	}
	for _, bad := range []string{"base, dragons", "river, river", "messenger"} {
		_, err := ReadRecord(strings.NewReader("[Players \"A\"]\n[Expansions \"" + bad + "\"]\n"))
		var re *RecordError
		if !errors.As(err, &re) || re.Line != 2 || !errors.Is(err, ErrUnknownExpander) && !strings.Contains(re.Reason, "expansion") {
			t.Errorf("%q: %v, want an error at line 2", bad, err)
		}
	}
	// Options other than the default keep the expansions' tile set.
	rec, _ = ReadRecord(strings.NewReader("[Players \"A\"]\n[Expansions \"river\"]\n[Rules \"farms=per-city\"]\n"))
	r, err := rec.Rules()
	if err != nil || r.Options.Farms != FarmsPerCity || r.Tiles != rec.rules.Tiles {
		t.Errorf("rules with options: %v, %v", r, err)
	}
}

func TestIllegalMovesChangeNothing(t *testing.T) {
	g, err := New(Config{Players: []string{"A", "B"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	playRandomMoves(t, g, 20)
	tile, _ := g.Drawn()
	ps := g.Placements()
	c, _ := BaseTiles.Lookup("C")
	bad := []struct {
		m    Move
		want error
	}{
		{Move{Tile: tile, Cell: Cell{0, 0}}, ErrCellTaken},
		{Move{Tile: tile, Cell: Cell{500, 500}}, ErrNoNeighbour},
		{Move{Tile: tile, Cell: Cell{1 << 40, 0}}, ErrNoNeighbour},
		{Move{Tile: tile, Cell: ps[0].Cell, Rotation: 7}, ErrBadRotation},
		{Move{Tile: tile, Cell: ps[0].Cell, Rotation: ps[0].Rotation, Follower: 99}, ErrNoSuchSpot},
		{Move{Tile: 0}, ErrUnknownTile},
		{Move{Tile: 200}, ErrUnknownTile},
		{Move{Tile: tile, Discard: true}, ErrCannotDiscard},
	}
	if !g.hasInPile(c) {
		bad = append(bad, struct {
			m    Move
			want error
		}{Move{Tile: c, Cell: ps[0].Cell}, ErrNotInPile})
	}
	before := snapshot(g)
	for _, b := range bad {
		err := g.Apply(b.m)
		if !errors.Is(err, b.want) {
			t.Errorf("%+v: got %v, want %v", b.m, err, b.want)
		}
		var me *MoveError
		if !errors.As(err, &me) || me.Error() == "" {
			t.Errorf("%+v: %v is not a MoveError with a reason", b.m, err)
		}
		if after := snapshot(g); after != before {
			t.Fatalf("%+v changed the game", b.m)
		}
	}
	// After the end, every move is refused.
	playRandomMoves(t, g, 1000)
	if err := g.Apply(Move{Tile: tile}); !errors.Is(err, ErrGameOver) {
		t.Errorf("after the end: got %v, want ErrGameOver", err)
	}
	if err := g.Finish(); !errors.Is(err, ErrGameOver) {
		t.Errorf("Finish after the end: got %v", err)
	}
}

func (g *Game) hasInPile(t TileID) bool {
	for _, p := range g.pile[g.top:] {
		if p == t {
			return true
		}
	}
	return false
}

// snapshot is a text that changes whenever anything in the game does.
func snapshot(g *Game) string {
	var b strings.Builder
	b.WriteString(g.Record().String())
	for _, p := range g.Placements() {
		b.WriteString(p.Cell.String() + p.Rotation.String() + ";")
	}
	for i := range g.NumPlayers() {
		b.WriteString(strings.Repeat("s", g.Score(i)) + strings.Repeat("f", g.Supply(i)) + "|")
	}
	return b.String()
}

func playRandomMoves(tb testing.TB, g *Game, n int) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(uint64(n), 3))
	for i := 0; i < n && !g.Ended(); i++ {
		t, _ := g.Drawn()
		ps := g.Placements()
		m := Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			p := ps[rng.IntN(len(ps))]
			m = Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
	}
}

func TestCopiesAreIndependent(t *testing.T) {
	g, _ := New(Config{Players: []string{"A", "B"}, Seed: 11})
	playRandomMoves(t, g, 30)
	before := snapshot(g)
	c := g.Clone()
	var d Game
	g.CopyTo(&d)
	playRandomMoves(t, c, 20)
	playRandomMoves(t, &d, 25)
	if snapshot(g) != before {
		t.Fatal("playing on a copy changed the original")
	}
	playRandomMoves(t, g, 10)
	if snapshot(c) == snapshot(g) {
		t.Fatal("copies followed each other")
	}
}

func TestSpotNames(t *testing.T) {
	tests := []struct {
		tile string
		port Port
		want string
	}{
		{"A", C, "monk – cloister"},
		{"D", N, "knight – city (north)"},
		{"D", E, "thief – road (east and west)"},
		{"D", ENE, "farmer – field (north-east and north-west)"},
		{"V", SSW, "farmer – field (south-west)"},
		{"E", E, "farmer – field (south)"},
	}
	for _, tt := range tests {
		id, _ := BaseTiles.Lookup(tt.tile)
		f, _ := BaseTiles.FeatureAt(id, 0, tt.port)
		tf := BaseTiles.Tile(id).Features[f]
		if got := (Spot{Port: tt.port, Ports: tf.Ports, Kind: tf.Kind}).Name(); got != tt.want {
			t.Errorf("%s %s: got %q, want %q", tt.tile, tt.port, got, tt.want)
		}
	}
}

func TestResign(t *testing.T) {
	text := "[Players \"A, B, C\"]\n\n1. V 1,0 0\nresign B\n2. U -1,0 0\n3. U -2,0 0\n"
	rec, err := ReadRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	wantText := "[Players \"A, B, C\"]\n[Expansions \"base\"]\n[Rules \"farms=per-farm, tiny-city=4\"]\n\n1. V 1,0 0\nresign B\n2. U -1,0 0\n3. U -2,0 0\n"
	if got := rec.String(); got != wantText {
		t.Fatalf("got\n%s", got)
	}
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	// A played turn 1, B resigned, C turn 2, A turn 3, and C is next.
	if g.Current() != 2 || !g.Resigned(1) || g.Resigned(0) {
		t.Fatalf("current %d, resigned %v %v", g.Current(), g.Resigned(0), g.Resigned(1))
	}
	if err := g.Apply(Move{Resign: true, Player: 1}); !errors.Is(err, ErrResigned) {
		t.Fatalf("resigning twice: %v", err)
	}
	if err := g.Apply(Move{Resign: true, Player: 5}); !errors.Is(err, ErrNotAPlayer) {
		t.Fatalf("resigning a stranger: %v", err)
	}
	gr := g.Record()
	gr.HasSeed = false // the game does not know the record gave none
	if gr.String() != rec.String() {
		t.Fatalf("the game's record differs:\n%s", gr.String())
	}
	if err := g.Apply(Move{Resign: true, Player: 0}); err != nil {
		t.Fatal(err)
	}
	if !g.Ended() {
		t.Fatal("the game goes on with one player left")
	}
	if w, _ := g.Winners(); len(w) != 1 || w[0] != 2 {
		t.Fatalf("winners %v, want the player left, C", w)
	}
	if err := g.Apply(Move{Resign: true, Player: 2}); !errors.Is(err, ErrGameOver) {
		t.Fatalf("resigning after the end: %v, want ErrGameOver", err)
	}
	if _, err := ReadRecord(strings.NewReader("[Players \"A\"]\nresign Zed\n")); err == nil {
		t.Fatal("a stranger resigned")
	}
}

func TestMoveNotation(t *testing.T) {
	v, _ := BaseTiles.Lookup("V")
	for _, m := range []Move{
		{Tile: v, Cell: Cell{2, -1}, Rotation: Rotate90, Follower: SSW},
		{Tile: v, Discard: true},
		{Resign: true, Player: 3},
	} {
		s := MoveString(BaseTiles, m)
		back, err := ParseMove(BaseTiles, s)
		if err != nil || back != m {
			t.Errorf("%q: got %+v, %v; want %+v", s, back, err, m)
		}
	}
	for _, bad := range []string{"", "resign x", "resign 9", "V", "V 1,1", "V 1,1 33", "Q9 1,1 0"} {
		if _, err := ParseMove(BaseTiles, bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestFeaturesAgreeWithFeatureAt(t *testing.T) {
	g, _ := New(Config{Players: []string{"A", "B"}, Seed: 5})
	playRandom(t, g, rand.New(rand.NewPCG(5, 5)), nil)
	segs := 0
	for _, f := range g.Features() {
		segs += len(f.Segments)
		s := f.Segments[0]
		pt, _ := g.TileAt(s.Cell)
		port := BaseTiles.Tile(pt.Tile).Features[s.Feature].Ports.Rotate(pt.Rotation).Main()
		one, ok := g.FeatureAt(s.Cell, port)
		if !ok || one.Kind != f.Kind || one.Tiles != f.Tiles || one.Complete != f.Complete || one.Followers != f.Followers || len(one.Segments) != len(f.Segments) {
			t.Fatalf("Features says %+v, FeatureAt %+v", f, one)
		}
	}
	if segs != len(g.nodes) {
		t.Fatalf("%d segments listed, %d on the board", segs, len(g.nodes))
	}
}

// TestRecordByteOrderMark reads a record saved with a UTF-8 byte-order
// mark, as some editors write them.
func TestRecordByteOrderMark(t *testing.T) {
	rec, err := ReadRecord(strings.NewReader("\uFEFF" + specExample))
	if err != nil {
		t.Fatal(err)
	}
	want, err := ReadRecord(strings.NewReader(specExample))
	if err != nil {
		t.Fatal(err)
	}
	if rec.String() != want.String() {
		t.Fatalf("with a byte-order mark:\n%s\nwithout:\n%s", rec, want)
	}
}

// countingReader yields head, then line again and again up to n bytes in
// all, then io.EOF, counting the bytes it gave.
type countingReader struct {
	head, line string
	n          int
	given      int
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.given >= c.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && c.given < c.n {
		if c.given < len(c.head) {
			p[k] = c.head[c.given]
		} else {
			p[k] = c.line[(c.given-len(c.head))%len(c.line)]
		}
		k++
		c.given++
	}
	return k, nil
}

// TestRecordSizeCap reads records around the size and line caps: a record
// over MaxRecordSize is refused with the line where it goes over, having
// read no more than MaxRecordSize+1 bytes of it, and a line over
// MaxRecordLine with its number.
func TestRecordSizeCap(t *testing.T) {
	head := "[Players \"A\"]\n"
	t.Run("huge", func(t *testing.T) {
		const line = "# just a comment, many times\n"
		r := &countingReader{head: head, line: line, n: 50 << 20}
		_, err := ReadRecord(r)
		var re *RecordError
		if !errors.As(err, &re) || !strings.Contains(re.Reason, "longer than 1048576 bytes") {
			t.Fatalf("got %v, want a record error saying it is too long", err)
		}
		if wantLine := MaxRecordSize/len(line) + 1; re.Line < wantLine-1 || re.Line > wantLine+1 {
			t.Errorf("error at line %d, want about %d", re.Line, wantLine)
		}
		if r.given > MaxRecordSize+1 {
			t.Errorf("read %d bytes of a huge record, want at most %d", r.given, MaxRecordSize+1)
		}
	})
	t.Run("just under", func(t *testing.T) {
		text := head + strings.Repeat("#", MaxRecordLine) + "\n"
		text += strings.Repeat("#\n", (MaxRecordSize-len(text))/2)
		if _, err := ReadRecord(strings.NewReader(text)); err != nil {
			t.Fatalf("a record of %d bytes with a line of %d: %v", len(text), MaxRecordLine, err)
		}
	})
	for _, end := range []string{"\n", "\r\n", ""} {
		t.Run(fmt.Sprintf("long line %q", end), func(t *testing.T) {
			text := head + "# one\n" + strings.Repeat("#", MaxRecordLine+1) + end + "1. V 1,0 0\n"
			_, err := ReadRecord(strings.NewReader(text))
			var re *RecordError
			if !errors.As(err, &re) || re.Line != 3 || !strings.Contains(re.Reason, "longer than 4096 bytes") {
				t.Fatalf("got %v, want line 3 longer than 4096 bytes", err)
			}
		})
	}
}

// failingReader gives a record's first line, then fails.
type failingReader struct{ done bool }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.done {
		return 0, errors.New("the disk is on fire")
	}
	f.done = true
	return copy(p, "[Players \"A\"]\n"), nil
}

func TestRecordReadError(t *testing.T) {
	_, err := ReadRecord(&failingReader{})
	var re *RecordError
	if !errors.As(err, &re) || re.Line != 2 || !strings.Contains(re.Error(), "the disk is on fire") {
		t.Fatalf("got %v, want line 2 with the reader's error", err)
	}
}

// TestOccupiedFeatures: OccupiedFeatures lists the features of Features
// that have figures, each once, named by their first segment, after every
// answer of random games: a base game, and games with every expansion,
// each step answered at random among the engine's answers.
func TestOccupiedFeatures(t *testing.T) {
	sets := expansionSets()
	all, err := NewRules(sets[len(sets)-1], Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		cfg := Config{Players: []string{"A", "B", "C"}, Seed: seed}
		if seed > 1 {
			cfg.Rules = all
		}
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		checks := 0
		for !g.Ended() {
			as := g.Answers()
			if len(as) == 0 {
				t.Fatalf("no answer to %+v", g.Pending())
			}
			if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
				t.Fatal(err)
			}
			want := map[Segment]FeatureInfo{}
			for _, f := range g.Features() {
				if f.Followers != [MaxPlayers]int{} {
					want[f.Segments[0]] = f
				}
			}
			got := g.OccupiedFeatures(nil)
			if len(got) != len(want) {
				t.Fatalf("%d occupied features, Features has %d", len(got), len(want))
			}
			for _, f := range got {
				w, ok := want[f.Segments[0]]
				if !ok || len(f.Segments) != 1 || f.Kind != w.Kind || f.Tiles != w.Tiles || f.Complete != w.Complete ||
					f.OpenSides != w.OpenSides || f.Pennants != w.Pennants || f.Followers != w.Followers {
					t.Fatalf("OccupiedFeatures says %+v, Features %+v", f, w)
				}
			}
			checks += len(got)
		}
		if checks == 0 {
			t.Fatal("no feature was ever occupied")
		}
	}
}

// TestForcedChoiceLeftOut: a record may leave out the second gold ingot of
// a tile with one neighbour (testdata/rules/gm-forced-second-ingot.rec);
// the game written back names it, and reads back to the same game
// (rules-options.md, "Reading, forced choices in records").
func TestForcedChoiceLeftOut(t *testing.T) {
	_, g := replayFile(t, "testdata/rules/gm-forced-second-ingot.rec", -1)
	text := g.Record().String()
	if !strings.Contains(text, "1. GM02 0,-1 270 gold@0,0\n") {
		t.Fatalf("the record written back leaves the ingot out:\n%s", text)
	}
	if got := g.Ingots(); len(got) != 2 {
		t.Fatalf("ingots on the board %+v, want two", got)
	}
	back, err := ReadRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := back.Replay(); err != nil {
		t.Fatal(err)
	}
}

// TestCopyToReusesHistory checks CopyTo into a game that held one: from
// the second copy on, a copy and a move played on it allocate nothing for
// the history (a search's playout), and the games stay independent: the
// original, and a Clone of the reused game, keep their history while the
// reused game is copied into again and plays on.
func TestCopyToReusesHistory(t *testing.T) {
	g, err := New(Config{Players: []string{"A", "B", "C"}, Seed: 5, Rules: mustRules(t, PlayableExpansions()...)})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	actRandomly(t, g, rng, 300)
	for g.Pending().Step != StepTile {
		actRandomly(t, g, rng, 1)
	}
	if len(g.fullMoves) == 0 || len(g.events) == 0 {
		t.Fatalf("after %d moves the history keeps %d whole moves and %d scores: the test needs both", len(g.moves), len(g.fullMoves), len(g.events))
	}
	want := historyOf(g)
	var d Game
	for range 2 {
		g.CopyTo(&d)
		actRandomly(t, &d, rng, 40)
	}
	c := d.Clone()
	cWant := historyOf(c)
	g.CopyTo(&d)
	if got := historyOf(&d); got != want {
		t.Fatalf("the copy's history differs from the original's:\n%s\nwant\n%s", got, want)
	}
	actRandomly(t, &d, rng, 40)
	if historyOf(c) != cWant {
		t.Error("a Clone of the reused game changed when the game was copied into and played on")
	}
	if historyOf(g) != want {
		t.Error("the original changed when its copy was played on")
	}
	tile, _ := g.Drawn()
	p, ok := g.RandomPlacement(tile, 1)
	if !ok {
		t.Fatal("no placement for the tile drawn")
	}
	m := Move{Tile: tile, Cell: p.Cell, Rotation: p.Rotation}
	if allocs := testing.AllocsPerRun(20, func() { g.CopyTo(&d); d.Play(m) }); allocs != 0 {
		t.Errorf("CopyTo into a reused game and a move: %v allocations, want 0", allocs)
	}
}

// actRandomly answers n steps of g, each with a random legal answer.
func actRandomly(tb testing.TB, g *Game, rng *rand.Rand, n int) {
	tb.Helper()
	for range n {
		if g.Ended() {
			return
		}
		as := g.Answers()
		if len(as) == 0 {
			tb.Fatalf("no answer to the %s step", g.Pending().Step)
		}
		if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
			tb.Fatal(err)
		}
	}
}

// historyOf returns g's record, its scores' events and its placed tiles
// as text, to compare histories.
func historyOf(g *Game) string {
	return fmt.Sprintf("%s\n%v\n%v", g.Record(), g.Events(), g.tiles)
}
