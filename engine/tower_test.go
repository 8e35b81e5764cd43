package engine

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// This file checks The Tower (tower.go) beyond the final scores of its
// fixtures (testdata/rules/tower-*.rec), which TestRuleFixtures checks:
// the figures in reach of each tower piece of the rule text's example,
// the prisoners, exchanges and ransoms turn by turn, the towers, the
// reasons of the refused moves, the record tokens and the step view.

const towerFixture = "testdata/rules/tower-capture-exchange-ransom.rec"

// towerMove returns the move of turn n (from 1) of the record in file,
// without its capture.
func towerMove(tb testing.TB, file string, n int) Move {
	tb.Helper()
	rec, _ := replayFile(tb, file, -1)
	m := rec.Turns[n-1].Move
	m.Capture = Target{}
	return m
}

// TestTowerCaptureExample replays the rule text's example (004_…, "Place a
// tower piece and take a prisoner") and checks, turn by turn, what is in
// reach, who holds whom, the exchange, the ransom and the towers.
func TestTowerCaptureExample(t *testing.T) {
	const red, blue, green, yellow = 0, 1, 2, 3
	at := func(x, y int, p Port) Target { return Target{Cell: Cell{x, y}, Port: p} }
	reach := []struct {
		turn int // the turn of the tower piece
		want []Target
	}{
		// First story: the tower's tile and its four neighbours.
		{9, []Target{at(0, 2, C), at(1, 1, C)}},
		// Second story: over the empty cell -1,1, onto the other tower's
		// tile; never the diagonal 1,2.
		{13, []Target{at(1, 1, C), at(-2, 1, C), at(0, 3, C)}},
		// Blue's first piece on TW03: Yellow's monk on the tower's own tile.
		{14, []Target{at(0, 3, C)}},
		// Blue's second story at 0,3: Red's farmer at 1,3 (Green's large
		// follower on the road at -3,0 is out of line).
		{18, []Target{at(1, 3, N)}},
		// Red's third story at 0,3: the follower on top of the tower at
		// 0,1, two tiles north.
		{21, []Target{{Cell: Cell{0, 1}, Tower: true}}},
	}
	for _, r := range reach {
		_, g := replayFile(t, towerFixture, r.turn-1)
		m := towerMove(t, towerFixture, r.turn)
		got := g.Captures(m)
		if !slices.Equal(got, r.want) {
			t.Errorf("turn %d: in reach %v, want %v", r.turn, got, r.want)
		}
		for _, target := range got {
			m.Capture = target
			if err := g.Check(m); err != nil {
				t.Errorf("turn %d: capture of %v listed but refused: %v", r.turn, target, err)
			}
		}
	}

	prisoners := []struct {
		after int
		held  [4][]Prisoner
	}{
		{9, [4][]Prisoner{red: {{blue, FigureFollower}}}},
		{13, [4][]Prisoner{red: {{blue, FigureFollower}, {green, FigureLarge}}}},
		{14, [4][]Prisoner{red: {{blue, FigureFollower}, {green, FigureLarge}}, blue: {{yellow, FigureFollower}}}},
		{15, [4][]Prisoner{red: {{blue, FigureFollower}}, blue: {{yellow, FigureFollower}}}},
		// The exchange: Blue took Red's farmer while Red held Blue's monk.
		{18, [4][]Prisoner{blue: {{yellow, FigureFollower}}}},
		{21, [4][]Prisoner{red: {{green, FigureFollower}}, blue: {{yellow, FigureFollower}}}},
	}
	for _, p := range prisoners {
		_, g := replayFile(t, towerFixture, p.after)
		for j := range 4 {
			if got := g.Prisoners(j); !slices.Equal(got, p.held[j]) {
				t.Errorf("after turn %d: %s holds %v, want %v", p.after, g.Players()[j], got, p.held[j])
			}
		}
	}

	// The ransom: at turn 15 Green may buy back the large follower from
	// Red, and deploys it in the same turn.
	_, g := replayFile(t, towerFixture, 14)
	if got, want := g.Ransoms(), []Ransom{{Jailer: red, Figure: FigureLarge}}; !slices.Equal(got, want) {
		t.Errorf("Green's ransoms %v, want %v", got, want)
	}
	if g.SupplyOf(green, FigureLarge) != 0 {
		t.Fatalf("Green's large follower is in the supply before the ransom")
	}
	_, g = replayFile(t, towerFixture, 15)
	if g.Score(green) != 1 || g.Score(red) != 3 {
		t.Errorf("after the ransom: Green %d, Red %d points; want 1 and 3", g.Score(green), g.Score(red))
	}
	bd := g.Breakdowns()
	if bd[green].Ransoms != -RansomPoints || bd[red].Ransoms != RansomPoints || bd[green].Total() != 1 {
		t.Errorf("breakdowns: Green %+v, Red %+v", bd[green], bd[red])
	}
	large := slices.IndexFunc(g.Followers(), func(f Follower) bool { return f.Figure == FigureLarge && f.Player == green })
	if large < 0 {
		t.Errorf("Green's ransomed large follower is not on the board: %v", g.Followers())
	}

	// Followers back through the exchange.
	_, g = replayFile(t, towerFixture, 17)
	redBefore, blueBefore := g.Supply(red), g.Supply(blue)
	_, g = replayFile(t, towerFixture, 18)
	if g.Supply(red) != redBefore+1 || g.Supply(blue) != blueBefore+1 {
		t.Errorf("exchange: supplies Red %d→%d, Blue %d→%d; want one more each", redBefore, g.Supply(red), blueBefore, g.Supply(blue))
	}

	// The towers, and the pieces left (7 each for 4 players).
	_, g = replayFile(t, towerFixture, 19)
	want := []Tower{
		{Cell: Cell{0, 1}, Height: 2, Closed: true, Guarded: true, Guard: green, GuardFigure: FigureFollower},
		{Cell: Cell{0, 3}, Height: 2},
	}
	if got := g.Towers(); !slices.Equal(got, want) {
		t.Errorf("towers after turn 19: %+v, want %+v", got, want)
	}
	_, g = replayFile(t, towerFixture, -1)
	want = []Tower{{Cell: Cell{0, 1}, Height: 2, Closed: true}, {Cell: Cell{0, 3}, Height: 3}}
	if got := g.Towers(); !slices.Equal(got, want) {
		t.Errorf("towers at the end: %+v, want %+v", got, want)
	}
	for p, n := range []int{4, 5, 7, 7} {
		if got := g.TowerPieces(p); got != n {
			t.Errorf("%s has %d tower pieces, want %d", g.Players()[p], got, n)
		}
	}
}

// TestTowerReachOverTowers checks the fixture tower-reach-closed.rec: no
// capture when nothing is in reach, reach over another tower, and a tower
// closed by a follower.
func TestTowerReachOverTowers(t *testing.T) {
	const file = "testdata/rules/tower-reach-closed.rec"
	_, g := replayFile(t, file, 4)
	if got := g.Captures(towerMove(t, file, 5)); got != nil {
		t.Errorf("turn 5: in reach %v, want nothing", got)
	}
	_, g = replayFile(t, file, 6)
	if got, want := g.Captures(towerMove(t, file, 7)), []Target{{Cell: Cell{0, 3}, Port: C}}; !slices.Equal(got, want) {
		t.Errorf("turn 7: in reach %v, want %v (over the tower at 0,2)", got, want)
	}
	_, g = replayFile(t, file, 8)
	u, _ := g.TileSet().Lookup("U")
	if got, want := g.AppendTowerCells(nil, u, Placement{Cell: Cell{2, 0}}), []Cell{{0, 2}}; !slices.Equal(got, want) {
		t.Errorf("tower cells after the tower at 0,1 was closed: %v, want %v", got, want)
	}
	if got := g.TowerTops(FigureFollower); !slices.Equal(got, []Cell{{0, 2}}) {
		t.Errorf("towers a follower may close: %v, want [0,2]", got)
	}
	if got := g.Ransoms(); got != nil {
		t.Errorf("Red has 0 points but may pay ransoms %v", got)
	}
}

// TestTowerPiecesPerPlayer checks the supply of tower pieces by the number
// of players (004_…, "Preparation").
func TestTowerPiecesPerPlayer(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionTower), Options{})
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"A", "B", "C", "D", "E", "F"}
	for n, want := range map[int]int{1: 10, 2: 10, 3: 9, 4: 7, 5: 6, 6: 5} {
		g, err := New(Config{Players: names[:n], Rules: r})
		if err != nil {
			t.Fatal(err)
		}
		for p := range n {
			if got := g.TowerPieces(p); got != want {
				t.Errorf("%d players: player %d has %d tower pieces, want %d", n, p, got, want)
			}
		}
		if TowerPiecesPerPlayer(n) != want {
			t.Errorf("TowerPiecesPerPlayer(%d) = %d, want %d", n, TowerPiecesPerPlayer(n), want)
		}
	}
	base, _ := New(Config{Players: names[:2]})
	if base.TowerPieces(0) != 0 || base.Towers() != nil || base.Prisoners(0) != nil || base.Ransoms() != nil {
		t.Error("a base game has tower pieces, towers, prisoners or ransoms")
	}
}

// TestTowerRefused checks the rule errors and the words of the refused
// tower fixtures.
func TestTowerRefused(t *testing.T) {
	tests := []struct {
		file   string
		err    error // nil: refused by the reader
		phrase string
	}{
		{"tower-error-closed.rec", ErrTowerClosed, "the tower at (0,1) is closed for good"},
		{"tower-error-diagonal.rec", ErrNoCapture, "(1,2) is out of reach of the tower at (0,1): 1 tile in a straight line"},
		{"tower-error-no-foundation.rec", ErrNoTower, "the tile at (0,2) has no tower foundation"},
		{"tower-error-empty-foundation.rec", ErrNoTower, "no tower stands at (0,1) yet"},
		{"tower-error-ransom-points.rec", ErrNoRansom, "Blue has 0 points, and a ransom costs 3"},
		{"tower-error-without-header.rec", nil, "the Expansions header does not name tower"},
		{"tower-error-figure-and-piece.rec", nil, "only one figure or tower piece"},
		{"tower-error-capture-without-piece.rec", nil, "a prisoner is taken only after a tower piece"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/rules/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := ReadRecord(strings.NewReader(string(data)))
			if tt.err == nil {
				if err == nil || !strings.Contains(err.Error(), tt.phrase) {
					t.Fatalf("read: %v, want an error saying %q", err, tt.phrase)
				}
				return
			}
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			_, err = rec.Replay()
			if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.phrase) {
				t.Fatalf("replay: %v, want %v saying %q", err, tt.err, tt.phrase)
			}
		})
	}
}

// TestTowerMoveErrors checks moves refused by Check in the example's
// positions, and that a refused move leaves the game as it was.
func TestTowerMoveErrors(t *testing.T) {
	_, g := replayFile(t, towerFixture, 8)
	m9 := towerMove(t, towerFixture, 9)
	tests := []struct {
		name string
		m    Move
		err  error
	}{
		{"capture of nobody", withCapture(m9, Target{Cell: Cell{-1, 0}, Port: N}), ErrNoCapture},
		{"capture off the board", withCapture(m9, Target{Cell: Cell{99999, 0}, Port: N}), ErrNoCapture},
		{"capture of an empty tower top", withCapture(m9, Target{Cell: Cell{0, 1}, Tower: true}), ErrNoCapture},
		{"capture of a tower top with a port", withCapture(m9, Target{Cell: Cell{0, 1}, Port: N, Tower: true}), ErrNoCapture},
		{"piece with a follower", func() Move { m := m9; m.Follower = W; return m }(), ErrNoTower},
		{"piece off the board", func() Move { m := m9; m.TowerCell = Cell{-40000, 0}; return m }(), ErrNoTower},
		{"ransom nobody holds", func() Move { m := m9; m.Ransomed, m.Ransom = true, Ransom{Jailer: 1}; return m }(), ErrNoRansom},
		{"ransom to oneself", func() Move { m := m9; m.Ransomed = true; return m }(), ErrNoRansom},
		{"ransom to nobody", func() Move { m := m9; m.Ransomed, m.Ransom = true, Ransom{Jailer: 7}; return m }(), ErrNotAPlayer},
		{"a pig on a tower", func() Move { m := m9; m.Tower, m.Figure = TowerTop, FigurePig; return m }(), ErrNoSuchFigure},
		{"discard with a tower piece", func() Move { m := m9; m.Discard = true; return m }(), ErrCannotDiscard},
		{"bad tower action", func() Move { m := m9; m.Tower = numTowerActions; return m }(), ErrNoTower},
	}
	before := g.Record().String()
	for _, tt := range tests {
		if err := g.Apply(tt.m); !errors.Is(err, tt.err) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.err)
		}
	}
	if g.Record().String() != before {
		t.Fatal("a refused move changed the game")
	}
	// Without The Tower, every tower part of a move is refused.
	base, _ := New(Config{Players: []string{"A", "B"}, Seed: 1})
	tile, _ := base.Drawn()
	ps := base.Placements()
	m := Move{Tile: tile, Cell: ps[0].Cell, Rotation: ps[0].Rotation, Tower: TowerPiece, TowerCell: ps[0].Cell}
	if err := base.Apply(m); !errors.Is(err, ErrNoTower) {
		t.Errorf("a tower piece in a base game: %v, want ErrNoTower", err)
	}
	m = Move{Tile: tile, Cell: ps[0].Cell, Rotation: ps[0].Rotation, Ransomed: true, Ransom: Ransom{Jailer: 1}}
	if err := base.Apply(m); !errors.Is(err, ErrNoRansom) {
		t.Errorf("a ransom in a base game: %v, want ErrNoRansom", err)
	}
}

func withCapture(m Move, t Target) Move {
	m.Capture = t
	return m
}

// TestTowerTokens reads and writes the tokens of The Tower.
func TestTowerTokens(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionTower).With(ExpansionInnsAndCathedrals), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := r.Tiles
	tw, _ := ts.Lookup("TW02")
	tests := []struct {
		text string
		want Move
	}{
		{"TW02 0,1 0 tower@0,1", Move{Tile: tw, Cell: Cell{0, 1}, Tower: TowerPiece, TowerCell: Cell{0, 1}}},
		{"TW02 0,1 0 tower@-3,2 capture@1,-1:NNE", Move{Tile: tw, Cell: Cell{0, 1}, Tower: TowerPiece, TowerCell: Cell{-3, 2}, Capture: Target{Cell: Cell{1, -1}, Port: NNE}}},
		{"TW02 0,1 0 tower@0,1 capture@2,0:tower", Move{Tile: tw, Cell: Cell{0, 1}, Tower: TowerPiece, TowerCell: Cell{0, 1}, Capture: Target{Cell: Cell{2, 0}, Tower: true}}},
		{"TW02 0,1 0 follower@4,4:tower", Move{Tile: tw, Cell: Cell{0, 1}, Tower: TowerTop, TowerCell: Cell{4, 4}}},
		{"TW02 0,1 0 large@4,4:tower", Move{Tile: tw, Cell: Cell{0, 1}, Tower: TowerTop, TowerCell: Cell{4, 4}, Figure: FigureLarge}},
		{"TW02 0,1 0 ransom/2 follower@N", Move{Tile: tw, Cell: Cell{0, 1}, Ransomed: true, Ransom: Ransom{Jailer: 1}, Follower: N}},
		{"TW02 0,1 0 ransom/6=large tower@0,1", Move{Tile: tw, Cell: Cell{0, 1}, Ransomed: true, Ransom: Ransom{Jailer: 5, Figure: FigureLarge}, Tower: TowerPiece, TowerCell: Cell{0, 1}}},
	}
	for _, tt := range tests {
		m, err := ParseMove(ts, tt.text)
		if err != nil {
			t.Errorf("%s: %v", tt.text, err)
			continue
		}
		if m != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.text, m, tt.want)
		}
		if got := MoveString(ts, m); got != tt.text {
			t.Errorf("%s written %q", tt.text, got)
		}
		// A ransom alone reads and writes as its token (Discord's
		// custom ids carry it).
		if m.Ransomed {
			tok := strings.Fields(tt.text)[3]
			if got := m.Ransom.String(); got != tok {
				t.Errorf("%s: the ransom is written %q", tt.text, got)
			}
			if r, err := ParseRansom(tok); err != nil || r != m.Ransom {
				t.Errorf("ParseRansom(%q) = %+v, %v; want %+v", tok, r, err, m.Ransom)
			}
		}
	}
	for _, tok := range []string{"", "ransom", "ransom/", "ransom/0", "ransom/7", "ransom/2=pig", "tower/2", "ransom@1", "2/follower"} {
		if r, err := ParseRansom(tok); err == nil {
			t.Errorf("ParseRansom(%q) = %+v, want an error", tok, r)
		}
	}
	bad := []struct{ text, phrase string }{
		{"TW02 0,1 0 tower@0,1 ransom/2", "the ransom is the first token"},
		{"TW02 0,1 0 ransom/2 ransom/3", "only one ransom"},
		{"TW02 0,1 0 ransom/0", "is not a seat"},
		{"TW02 0,1 0 ransom/7", "is not a seat"},
		{"TW02 0,1 0 ransom/+1", "is not a seat"},
		{"TW02 0,1 0 ransom/1=small", "not \"small\""},
		{"TW02 0,1 0 ransom@1", "ransom/SEAT"},
		{"TW02 0,1 0 tower@0,1 tower@0,1", "only one figure or tower piece"},
		{"TW02 0,1 0 tower@0,1 follower@N", "only one figure or tower piece"},
		{"TW02 0,1 0 tower@0,1 follower@0,1:tower", "only one figure or tower piece"},
		{"TW02 0,1 0 tower@0,1:N", "is not a cell"},
		{"TW02 0,1 0 tower", "tower@x,y"},
		{"TW02 0,1 0 tower@0,1 capture@0,1", "x,y:PORT"},
		{"TW02 0,1 0 tower@0,1 capture@0,1:Q", "there is no port"},
		{"TW02 0,1 0 tower@0,1 capture@0,1:N capture@0,1:S", "only one prisoner"},
		{"TW02 0,1 0 tower@0,1 capture", "capture@x,y:PORT"},
		{"TW02 0,1 0 follower@N capture@0,1:N", "only after a tower piece"},
		{"TW02 0,1 0 tower@0,1 escape@0,0:N capture@0,1:N", "before the escape"},
		{"TW02 0,1 0 escape@0,0:N tower@0,1", "before the capture and the escape"},
		{"TW02 0,1 0 escape@0,0:N follower@0,1:tower", "before the escape"},
		{"TW02 0,1 0 follower@x,1:tower", "is not a cell"},
	}
	for _, b := range bad {
		if _, err := ParseMove(ts, b.text); err == nil || !strings.Contains(err.Error(), b.phrase) {
			t.Errorf("%s: %v, want an error saying %q", b.text, err, b.phrase)
		}
	}
}

// TestTowerActPlaysAsApply answers the example's turns through the step
// view (Act), each answer taken from Answers, and checks that every turn
// makes the move of the record, and the same game.
func TestTowerActPlaysAsApply(t *testing.T) {
	rec, want := replayFile(t, towerFixture, -1)
	g, err := New(rec.Config())
	if err != nil {
		t.Fatal(err)
	}
	captures, ransoms, tops := 0, 0, 0
	for i, turn := range rec.Turns {
		m := turn.Move
		putOnTop(g, m.Tile)
		var as []Answer
		for done := false; !done; {
			var pick Answer
			found := false
			for _, a := range g.Answers() {
				if answers(a, m) {
					pick, found = a, true
					break
				}
			}
			if !found {
				t.Fatalf("turn %d (%s): no answer to the %s step among %v", i+1, MoveString(g.TileSet(), m), g.Pending().Step, g.Answers())
			}
			switch {
			case pick.Step == StepCapture && pick.Target != (Target{}):
				captures++
			case pick.Step == StepTile && pick.Ransomed:
				ransoms++
			case pick.Step == StepFigure && pick.Tower == TowerTop:
				tops++
			}
			as = append(as, pick)
			done, err = g.Act(pick)
			if err != nil {
				t.Fatalf("turn %d: %s: %v", i+1, pick, err)
			}
		}
		if got := MoveOfAnswers(m.Tile, as); got != m {
			t.Errorf("turn %d: the answers make %+v, want %+v", i+1, got, m)
		}
	}
	g.Finish()
	if g.Record().String() != want.Record().String() || !slices.Equal(g.Scores(), want.Scores()) {
		t.Fatalf("through Act:\n%s\nthrough Apply:\n%s", g.Record(), want.Record())
	}
	if captures != 5 || ransoms != 1 || tops != 1 {
		t.Errorf("%d captures, %d ransoms, %d followers on towers answered; want 5, 1, 1", captures, ransoms, tops)
	}
}

// putOnTop makes tile t the tile drawn, trading places in the draw pile.
func putOnTop(g *Game, t TileID) {
	if i := slices.Index(g.pile[g.top:], t); i >= 0 {
		g.pile[g.top], g.pile[g.top+i] = g.pile[g.top+i], g.pile[g.top]
	}
}

// answers reports whether answer a is the part of move m for its step.
func answers(a Answer, m Move) bool {
	switch a.Step {
	case StepTile:
		return a.Discard == m.Discard && a.Cell == m.Cell && a.Rotation == m.Rotation &&
			a.Ransomed == m.Ransomed && (!m.Ransomed || a.Ransom == m.Ransom)
	case StepFigure:
		switch m.Tower {
		case TowerPiece:
			return a.Tower == TowerPiece && a.Cell == m.TowerCell
		case TowerTop:
			return a.Tower == TowerTop && a.Cell == m.TowerCell && a.Figure == m.Figure
		}
		return a.Tower == TowerNone && a.Port == m.Follower && (m.Follower == NoPort || a.Figure == m.Figure)
	case StepCapture:
		return a.Target == m.Capture
	case StepEscape:
		return a.Target == m.Escape
	}
	return false
}

// TestTowerRansomAfterTile checks that the copy the Cathars' escape is
// checked on (afterTile) pays the ransom of the move first: in the
// example's turn 15 Green ransoms the large follower and deploys it, and
// the copy has it on the board, none in the supply, and the points paid.
func TestTowerRansomAfterTile(t *testing.T) {
	_, g := replayFile(t, towerFixture, 14)
	m := towerMove(t, towerFixture, 15)
	if !m.Ransomed || m.Figure != FigureLarge {
		t.Fatalf("turn 15 is %+v, not the ransom of the large follower", m)
	}
	c := g.afterTile(m)
	const green, red = 2, 0
	if got := c.SupplyOf(green, FigureLarge); got != 0 {
		t.Errorf("after the tile, Green has %d large followers in the supply, want 0", got)
	}
	if c.Score(green) != 1 || c.Score(red) != 3 {
		t.Errorf("after the tile: Green %d, Red %d points; want 1 and 3", c.Score(green), c.Score(red))
	}
	if g.Score(green) != 4 || g.SupplyOf(green, FigureLarge) != 0 || len(g.Prisoners(red)) != 2 {
		t.Error("afterTile changed the game")
	}
}

// TestAfterRansom checks the view of a turn after a ransom: in the rule
// text's example, Green at turn 15 pays Red for the large follower, which
// is then in the supply and may stand on the tile; the game itself is
// unchanged, and a ransom nobody can pay is refused.
func TestAfterRansom(t *testing.T) {
	const green, red, blue = 2, 0, 1
	_, g := replayFile(t, towerFixture, 14)
	m := towerMove(t, towerFixture, 15)
	v, err := g.AfterRansom(m.Ransom)
	if err != nil {
		t.Fatal(err)
	}
	if v.SupplyOf(green, FigureLarge) != 1 || v.Score(green) != 1 || v.Score(red) != 3 || len(v.Prisoners(red)) != 1 {
		t.Errorf("after the ransom: large followers %d, Green %d, Red %d points, Red holds %v",
			v.SupplyOf(green, FigureLarge), v.Score(green), v.Score(red), v.Prisoners(red))
	}
	if slices.Contains(v.Ransoms(), m.Ransom) {
		t.Errorf("the view still offers the ransom paid: %v", v.Ransoms())
	}
	spots := v.AppendFollowerSpots(nil, m.Tile, Placement{Cell: m.Cell, Rotation: m.Rotation})
	if !slices.ContainsFunc(spots, func(s Spot) bool { return s.Ports.Has(m.Follower) }) {
		t.Errorf("the freed large follower may not stand on %s: spots %+v", m.Follower, spots)
	}
	if g.Score(green) != 4 || g.SupplyOf(green, FigureLarge) != 0 || len(g.Prisoners(red)) != 2 {
		t.Error("AfterRansom changed the game")
	}
	for _, r := range []Ransom{{Jailer: blue, Figure: FigureLarge}, {Jailer: green, Figure: FigureFollower}, {Jailer: 9}} {
		if _, err := g.AfterRansom(r); err == nil {
			t.Errorf("ransom %+v accepted", r)
		}
	}
}

// TestRivalCaptures: at every turn of the tower example, for every tower
// piece the tile drawn allows, AppendRivalCaptures lists the targets of
// AppendCaptures, in their order, but those whose capture would take a
// figure of the current player (a spot where one of theirs was deployed
// first, the top of their own tower); and the example's captures, all of
// another player's figure, are among them.
func TestRivalCaptures(t *testing.T) {
	rec, _ := replayFile(t, towerFixture, -1)
	g, err := New(rec.Config())
	if err != nil {
		t.Fatal(err)
	}
	checked, left := 0, 0
	for i, turn := range rec.Turns {
		m := turn.Move
		putOnTop(g, m.Tile)
		if !m.Discard && !m.Resign {
			cur := g.Current()
			for _, c := range g.TowerCells(Placement{Cell: m.Cell, Rotation: m.Rotation}) {
				pm := Move{Tile: m.Tile, Cell: m.Cell, Rotation: m.Rotation, Tower: TowerPiece, TowerCell: c}
				all, rivals := g.AppendCaptures(nil, pm), g.AppendRivalCaptures(nil, pm)
				var want []Target
				for _, tg := range all {
					if !ownFirst(g, cur, tg) {
						want = append(want, tg)
					}
				}
				if !slices.Equal(rivals, want) {
					t.Fatalf("turn %d, tower at %v: rival captures %v, want %v of %v", i+1, c, rivals, want, all)
				}
				checked += len(all)
				left += len(all) - len(rivals)
			}
			if m.Capture != (Target{}) {
				pm := m
				pm.Capture = Target{}
				if !slices.Contains(g.AppendRivalCaptures(nil, pm), m.Capture) {
					t.Errorf("turn %d: the example's capture %v is not among the rival captures", i+1, m.Capture)
				}
			}
		}
		if err := g.Apply(m); err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
	}
	if checked == 0 || left == 0 {
		t.Errorf("%d capture targets checked, %d of the current player's left out: the example should have both", checked, left)
	}
}

// ownFirst reports whether capturing target tg on g takes player p's own
// figure: the first figure deployed on that spot is p's, or tg is the top
// of p's tower.
func ownFirst(g *Game, p int, tg Target) bool {
	if tg.Tower {
		for _, tw := range g.Towers() {
			if tw.Cell == tg.Cell {
				return tw.Guard == p
			}
		}
		return false
	}
	ft, ok := g.FeatureAt(tg.Cell, tg.Port)
	if !ok {
		return false
	}
	for _, f := range g.Followers() {
		if f.Figure <= FigureLarge && slices.Contains(ft.Segments, Segment{Cell: f.Cell, Feature: f.Feature}) && f.Cell == tg.Cell {
			return f.Player == p
		}
	}
	return false
}
