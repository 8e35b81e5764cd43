package engine

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// This file checks what the Traders & Builders fixtures (testdata/rules/
// tb-*.rec) show beyond their final scores, which TestRuleFixtures checks:
// the goods each player takes and their final majorities, who plays each
// turn around a builder's double turn, where the builders and pigs stand,
// and the reasons of the refused builders and pigs.

const tbDir = "testdata/rules/"

// turnWant is who is to play after the first n turns of a record: the
// player, and whether that turn is a second turn and one given by a
// builder.
type turnWant struct {
	n              int
	current        int
	extra, builder bool
}

// checkTurns replays the first n turns of the fixture for each want and
// checks who is to play.
func checkTurns(t *testing.T, file string, wants []turnWant) {
	t.Helper()
	for _, w := range wants {
		_, g := replayFile(t, tbDir+file, w.n)
		if g.Turn() != w.n+1 {
			t.Errorf("%s after %d turns: turn %d, want %d", file, w.n, g.Turn(), w.n+1)
		}
		if g.Current() != w.current || g.ExtraTurn() != w.extra || g.BuilderTurn() != w.builder {
			t.Errorf("%s after %d turns: %s to play (extra turn %v, builder's %v), want %s (extra turn %v, builder's %v)",
				file, w.n, g.Players()[g.Current()], g.ExtraTurn(), g.BuilderTurn(),
				g.Players()[w.current], w.extra, w.builder)
		}
	}
}

// TestTradersBuilderTurns checks the double turns of the builder fixtures:
// the tile that places the builder gives none, a tile that continues the
// builder's road gives one, the second tile never a third, and the builder
// gives a new double turn on a later turn (001_…, Traders & Builders, The
// builder).
func TestTradersBuilderTurns(t *testing.T) {
	const red, blue = 0, 1
	tests := []struct {
		file  string
		wants []turnWant
	}{
		{"tb-builder-double-turn.rec", []turnWant{
			{0, red, false, false},
			{1, blue, false, false},
			{2, red, false, false},
			{3, blue, false, false}, // the builder's own tile: no second turn
			{4, red, false, false},
			{5, red, true, true}, // the road continued: Red plays again
			{6, blue, false, false},
			{7, red, false, false},
		}},
		{"tb-builder-no-third-turn.rec", []turnWant{
			{5, red, true, true},
			{6, blue, false, false}, // the second tile continued the road too: no third turn
			{7, red, false, false},
			{8, red, true, true}, // a later turn: a new double turn
			{9, blue, false, false},
		}},
		{"tb-builder-completes-road.rec", []turnWant{
			{4, red, false, false},
			{5, red, true, true}, // the tile completing the road gives the second turn too
			{6, blue, false, false},
		}},
		{"tb-builder-on-completing-tile.rec", []turnWant{
			{2, red, false, false},
			{3, blue, false, false}, // the builder's own tile, completing the road: no second turn
		}},
		{"tb-builder-city.rec", []turnWant{
			{3, blue, false, false},
			{4, red, false, false}, // Blue continued Red's city: nobody plays twice
			{5, blue, false, false},
			{6, red, false, false},
			{7, red, true, true}, // Red continued her builder's city
			{8, blue, false, false},
		}},
		{"tb-builder-no-majority.rec", []turnWant{
			{4, red, false, false},
			{5, red, true, true}, // the tile joining both roads continues the builder's
			{6, blue, false, false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) { checkTurns(t, tt.file, tt.wants) })
	}
}

// figuresOf returns the figures of kind f on the board.
func figuresOf(g *Game, f Figure) []Follower {
	var out []Follower
	for _, fl := range g.Followers() {
		if fl.Figure == f {
			out = append(out, fl)
		}
	}
	return out
}

// TestTradersBuilderCompletesRoad follows tb-builder-completes-road.rec:
// the tile that completes the road returns the thief and the builder, and
// the second tile takes the builder again into the city of the knight
// (001_…: "the player can place his builder on the 2nd tile played").
func TestTradersBuilderCompletesRoad(t *testing.T) {
	const file = "tb-builder-completes-road.rec"
	const red = 0
	_, g := replayFile(t, tbDir+file, 4)
	if got := figuresOf(g, FigureBuilder); len(got) != 1 || got[0].Cell != (Cell{2, 0}) || got[0].Kind != Road {
		t.Fatalf("after turn 4 the builders are %v, want Red's on the road at 2,0", got)
	}
	_, g = replayFile(t, tbDir+file, 5)
	if n := g.SupplyOf(red, FigureBuilder); n != 1 {
		t.Errorf("after the road is completed Red has %d builders in supply, want 1", n)
	}
	if n := g.Supply(red); n != FollowersPerPlayer-1 {
		t.Errorf("after the road is completed Red has %d followers in supply, want %d (the knight out)", n, FollowersPerPlayer-1)
	}
	if got := figuresOf(g, FigureBuilder); len(got) != 0 {
		t.Errorf("after the road is completed builders stand at %v, want none", got)
	}
	// The second tile: N turned 180 north of L continues the knight's city;
	// the builder may go there, and nowhere else on it.
	n := mustLookup(t, g.TileSet(), "N")
	p := Placement{Cell: Cell{3, -1}, Rotation: Rotate180}
	spots := g.AppendFigureSpots(nil, n, p, FigureBuilder)
	if len(spots) != 1 || spots[0].Kind != City {
		t.Errorf("the builder's spots on N at 3,-1 are %v, want the city", spots)
	}
	if spots := g.AppendFigureSpots(nil, n, p, FigurePig); len(spots) != 0 {
		t.Errorf("the pig's spots on N at 3,-1 are %v, want none: Red has no farmer", spots)
	}
	_, g = replayFile(t, tbDir+file, 6)
	if got := figuresOf(g, FigureBuilder); len(got) != 1 || got[0].Cell != (Cell{3, -1}) || got[0].Kind != City || got[0].Player != red {
		t.Errorf("after the second tile the builders are %v, want Red's in the city at 3,-1", got)
	}
	if n := g.SupplyOf(red, FigureBuilder); n != 0 {
		t.Errorf("after the second tile Red has %d builders in supply, want 0", n)
	}
}

// TestTradersBuilderOnCompletingTile follows
// tb-builder-on-completing-tile.rec: a builder placed on the tile that
// completes its road goes home with the thief at that scoring
// (spec/rules-options.md, Traders & Builders, Reading).
func TestTradersBuilderOnCompletingTile(t *testing.T) {
	const red = 0
	_, g := replayFile(t, tbDir+"tb-builder-on-completing-tile.rec", 3)
	if got := figuresOf(g, FigureBuilder); len(got) != 0 {
		t.Errorf("builders on the board %v, want none", got)
	}
	if n := g.SupplyOf(red, FigureBuilder); n != 1 {
		t.Errorf("Red has %d builders in supply, want 1", n)
	}
	if n := g.Supply(red); n != FollowersPerPlayer {
		t.Errorf("Red has %d followers in supply, want %d", n, FollowersPerPlayer)
	}
}

// TestTradersBuilderAloneAfterEscape follows tb-builder-alone-after-escape.rec:
// when Red's knight escapes from the besieged city, her builder there is
// left without a follower of hers and goes back to her supply (001_…: "the
// builder is immediately returned to its owner's supply").
func TestTradersBuilderAloneAfterEscape(t *testing.T) {
	const file = "tb-builder-alone-after-escape.rec"
	const red = 0
	_, g := replayFile(t, tbDir+file, 4)
	if got := figuresOf(g, FigureBuilder); len(got) != 1 || got[0].Cell != (Cell{-1, -1}) || got[0].Kind != City || got[0].Player != red {
		t.Fatalf("before the escape the builders are %v, want Red's in the city at -1,-1", got)
	}
	if n := g.SupplyOf(red, FigureBuilder); n != 0 {
		t.Errorf("before the escape Red has %d builders in supply, want 0", n)
	}
	if n := g.Supply(red); n != FollowersPerPlayer-1 {
		t.Errorf("before the escape Red has %d followers in supply, want %d", n, FollowersPerPlayer-1)
	}
	_, g = replayFile(t, tbDir+file, -1)
	if got := g.Followers(); len(got) != 0 {
		t.Errorf("after the escape the board holds %v, want nothing", got)
	}
	if n := g.SupplyOf(red, FigureBuilder); n != 1 {
		t.Errorf("after the escape Red has %d builders in supply, want 1", n)
	}
	if n := g.Supply(red); n != FollowersPerPlayer {
		t.Errorf("after the escape Red has %d followers in supply, want %d", n, FollowersPerPlayer)
	}
}

// goods builds a goods count: wine, grain, cloth.
func goods(wine, grain, cloth int) [NumGoods]int {
	return [NumGoods]int{GoodWine: wine, GoodGrain: grain, GoodCloth: cloth}
}

// TestTradersGoodsExample follows tb-goods-example.rec, the rule text's
// example: "Red completes this city. Blue scores 10 points for his knight
// and Red acquires 2 Wheat tokens and 1 Wine token" (001_…).
func TestTradersGoodsExample(t *testing.T) {
	const file = "tb-goods-example.rec"
	const blue, red = 0, 1
	_, g := replayFile(t, tbDir+file, 3)
	if got := g.Goods(red); got != goods(0, 0, 0) {
		t.Errorf("before the city is completed Red holds %v, want none", got)
	}
	rec, g := replayFile(t, tbDir+file, -1)
	if got, want := g.Goods(red), goods(1, 2, 0); got != want {
		t.Errorf("Red holds %v (wine, grain, cloth), want %v", got, want)
	}
	if got := g.Goods(blue); got != goods(0, 0, 0) {
		t.Errorf("Blue, whose knight scored the city, holds %v, want none", got)
	}
	ev := g.Events()
	if len(ev) != 1 || ev[0].Player != blue || ev[0].Points != 10 || ev[0].Feature != City || ev[0].Turn != 4 {
		t.Errorf("events %+v, want Blue's 10 for the city at turn 4", ev)
	}
	// Ended here, Red holds the most wine and the most grain: 20.
	rec.End = true
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Scores(); got[blue] != 10 || got[red] != 20 {
		t.Errorf("ended after turn 4: scores %v, want Blue 10, Red 20", got)
	}
	checkGoodsEvents(t, g, map[Marker][]int{Wine: {red}, Grain: {red}}, map[Marker]int{Wine: 1, Grain: 2})

	// Ended before Red closes the city, nobody took its goods: the open
	// city scores for Blue's knight (4 tiles), and no goods at all.
	rec.Turns = rec.Turns[:3]
	g, err = rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Scores(); got[blue] != 4 || got[red] != 0 {
		t.Errorf("ended after turn 3: scores %v, want Blue 4, Red 0", got)
	}
	checkGoodsEvents(t, g, nil, nil)
	for p := range g.NumPlayers() {
		if got := g.Goods(p); got != goods(0, 0, 0) {
			t.Errorf("ended after turn 3: player %d holds %v, want none", p, got)
		}
	}
}

// checkGoodsEvents checks the final goods events of game g: for each
// good's marker, the players who score it, and the number of tokens of
// the winners (ScoreEvent.Tiles); then that Breakdown.Goods adds them up
// and that each breakdown totals the player's score.
func checkGoodsEvents(t *testing.T, g *Game, winners map[Marker][]int, tokens map[Marker]int) {
	t.Helper()
	got := map[Marker][]int{}
	points := make([]int, g.NumPlayers())
	for _, e := range g.Events() {
		if e.Source != SourceGoods {
			continue
		}
		if e.Source.String() != "goods" || e.Points != GoodsPoints || !e.Final || e.Feature != City {
			t.Errorf("goods event %+v: want %d final points for a city, source goods", e, GoodsPoints)
		}
		if e.Tiles != tokens[e.Markers] {
			t.Errorf("goods event %+v: %d tokens, want %d", e, e.Tiles, tokens[e.Markers])
		}
		got[e.Markers] = append(got[e.Markers], e.Player)
		points[e.Player] += e.Points
	}
	for _, m := range []Marker{Wine, Grain, Cloth} {
		if gw, w := got[m], winners[m]; len(gw) != len(w) || !sameInts(gw, w) {
			t.Errorf("the goods of marker %v go to players %v, want %v", m, gw, w)
		}
	}
	for p, b := range g.Breakdowns() {
		if b.Goods != points[p] {
			t.Errorf("player %d: Breakdown.Goods %d, want %d", p, b.Goods, points[p])
		}
		if b.Total() != g.Score(p) {
			t.Errorf("player %d: Breakdown %+v totals %d, score %d", p, b, b.Total(), g.Score(p))
		}
	}
}

// sameInts reports whether a and b hold the same ints in any order.
func sameInts(a, b []int) bool {
	count := map[int]int{}
	for _, x := range a {
		count[x]++
	}
	for _, x := range b {
		count[x]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

// TestTradersGoodsFinal follows tb-goods-final.rec, the rule text's final
// example: wine and cloth tied, grain Red's: "Blue scores 20 points and Red
// scores 30 points" (001_…, "Final scoring").
func TestTradersGoodsFinal(t *testing.T) {
	const file = "tb-goods-final.rec"
	const blue, red = 0, 1
	_, g := replayFile(t, tbDir+file, 5)
	if got, want := g.Goods(blue), goods(1, 0, 1); got != want {
		t.Errorf("after turn 5 Blue holds %v, want %v", got, want)
	}
	if got := g.Goods(red); got != goods(0, 0, 0) {
		t.Errorf("after turn 5 Red holds %v, want none", got)
	}
	_, g = replayFile(t, tbDir+file, -1)
	if got, want := g.Goods(red), goods(1, 1, 1); got != want {
		t.Errorf("Red holds %v, want %v", got, want)
	}
	if got, want := g.Goods(blue), goods(1, 0, 1); got != want {
		t.Errorf("at the end Blue holds %v, want %v", got, want)
	}
	checkGoodsEvents(t, g,
		map[Marker][]int{Wine: {blue, red}, Grain: {red}, Cloth: {blue, red}},
		map[Marker]int{Wine: 1, Grain: 1, Cloth: 1})
	b := g.Breakdowns()
	if b[blue].Goods != 20 || b[red].Goods != 30 || b[blue].Cities != 0 || b[red].Cities != 0 {
		t.Errorf("breakdowns %+v, want goods only: Blue 20, Red 30", b)
	}
	// A player out of the game holds nothing.
	if got := g.Goods(-1); got != goods(0, 0, 0) {
		t.Errorf("Goods(-1) = %v, want none", got)
	}
	if got := g.Goods(2); got != goods(0, 0, 0) {
		t.Errorf("Goods(2) in a two-player game = %v, want none", got)
	}
}

// farmEvent is a final farm score: who, how many points, with a pig or not.
type farmEvent struct {
	player, points int
	pig            bool
}

// TestTradersPigs checks the final farm scores of the pig fixtures: the
// pig adds to its owner's score only in a farm the owner wins (001_…: "The
// pig grants its bonus only if its owner has the majority in that field"),
// 1 per city and 2 per besieged city, under both farm rules; and pigs
// stand on the board with their figure until the end.
func TestTradersPigs(t *testing.T) {
	const blue, red = 0, 1
	tests := []struct {
		file string
		want []farmEvent
		pigs int // pigs on the board before the end
	}{
		{"tb-pig-per-farm.rec", []farmEvent{{blue, 8, true}}, 2},
		{"tb-pig-per-city.rec", []farmEvent{{blue, 5, true}, {blue, 5, true}}, 2},
		{"tb-pig-besieged-city.rec", []farmEvent{{blue, 8, true}, {red, 6, false}}, 1},
		{"tb-pig-besieged-city-per-city.rec", []farmEvent{{blue, 10, true}, {red, 8, false}}, 1},
		{"tb-pig-per-city-farm-elsewhere.rec", []farmEvent{{blue, 5, true}, {blue, 4, false}}, 1},
		{"tb-pig-per-farm-two-farms.rec", []farmEvent{{blue, 6, false}, {blue, 4, true}}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			rec, g := replayFile(t, tbDir+tt.file, -1)
			var got []farmEvent
			for _, e := range g.Events() {
				if e.Feature == Field {
					got = append(got, farmEvent{e.Player, e.Points, e.Pig})
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("farm events %+v, want %+v", got, tt.want)
			}
			for _, w := range tt.want {
				found := false
				for i, e := range got {
					if e == w {
						got = append(got[:i], got[i+1:]...)
						found = true
						break
					}
				}
				if !found {
					t.Errorf("no farm event %+v among %+v", w, got)
				}
			}
			// Before the end the pigs are on the board, out of their supplies.
			_, g = replayFile(t, tbDir+tt.file, len(rec.Turns))
			pigs := figuresOf(g, FigurePig)
			if len(pigs) != tt.pigs {
				t.Fatalf("pigs on the board %v, want %d", pigs, tt.pigs)
			}
			for _, p := range pigs {
				if p.Kind != Field || g.SupplyOf(p.Player, FigurePig) != 0 {
					t.Errorf("pig %+v: in a %v, %d in its owner's supply; want a field and none", p, p.Kind, g.SupplyOf(p.Player, FigurePig))
				}
			}
		})
	}
}

// TestTradersRefusedFixtures checks the reasons behind the refused builders
// and pigs, whose lines TestRuleFixtures checks: the rule error and the
// words a player reads.
func TestTradersRefusedFixtures(t *testing.T) {
	tests := []struct {
		file   string
		err    error
		phrase string
	}{
		{"tb-error-builder-no-thief.rec", ErrNotYours, "the builder goes only where Red already has a thief or knight"},
		{"tb-error-builder-other-players-thief.rec", ErrNotYours, "the builder goes only where Blue already has a thief or knight"},
		{"tb-error-builder-in-field.rec", ErrNoSuchSpot, "a builder stands on a road or in a city"},
		{"tb-error-builder-twice.rec", ErrNoFollowers, "Red has no builder left"},
		{"tb-error-pig-no-farmer.rec", ErrNotYours, "the pig goes only where Blue already has a farmer"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(tbDir + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := ReadRecord(strings.NewReader(string(data)))
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			_, err = rec.Replay()
			if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.phrase) {
				t.Fatalf("replay: %v, want %v saying %q", err, tt.err, tt.phrase)
			}
			var me *MoveError
			if !errors.As(err, &me) {
				t.Errorf("replay: %v, want a *MoveError inside", err)
			}
		})
	}
	// The menu agrees: on the first turn of a game, with no thief of hers
	// on the start tile's road, Red has no spot for her builder on U east
	// of it, and none for her pig.
	_, g := replayFile(t, tbDir+"tb-builder-double-turn.rec", 0)
	u := mustLookup(t, g.TileSet(), "U")
	p := Placement{Cell: Cell{1, 0}, Rotation: Rotate0}
	for _, f := range []Figure{FigureBuilder, FigurePig} {
		if spots := g.AppendFigureSpots(nil, u, p, f); len(spots) != 0 {
			t.Errorf("the %v's spots on U at 1,0 before any follower: %v, want none", f, spots)
		}
	}
	if spots := g.AppendFigureSpots(nil, u, p, FigureFollower); len(spots) == 0 {
		t.Error("the follower's spots on U at 1,0: none, want the road and fields")
	}
}

// TestTradersBuilderCityGoods follows tb-builder-city.rec: the tile of a
// builder's second turn that completes the city gives its goods to the
// player, and the builder goes home with the knight.
func TestTradersBuilderCityGoods(t *testing.T) {
	const red = 0
	_, g := replayFile(t, tbDir+"tb-builder-city.rec", 7)
	if got := g.Goods(red); got != goods(0, 0, 0) {
		t.Errorf("before the city is closed Red holds %v, want none", got)
	}
	if got := figuresOf(g, FigureBuilder); len(got) != 1 || got[0].Kind != City {
		t.Errorf("builders %v, want Red's in the city", got)
	}
	_, g = replayFile(t, tbDir+"tb-builder-city.rec", 8)
	if got, want := g.Goods(red), goods(1, 0, 0); got != want {
		t.Errorf("Red holds %v, want %v", got, want)
	}
	if n := g.SupplyOf(red, FigureBuilder); n != 1 || len(g.Followers()) != 0 {
		t.Errorf("after the city: %d builders in Red's supply, %v on the board; want 1 and nothing", n, g.Followers())
	}
}

// TestTradersGoodsTwoCities follows tb-goods-two-cities.rec: one tile
// that completes two cities gives the goods of both.
func TestTradersGoodsTwoCities(t *testing.T) {
	const blue, red = 0, 1
	_, g := replayFile(t, tbDir+"tb-goods-two-cities.rec", 7)
	if got := g.Goods(red); got != goods(0, 0, 0) {
		t.Errorf("before the closing tile Red holds %v, want none", got)
	}
	_, g = replayFile(t, tbDir+"tb-goods-two-cities.rec", -1)
	if got, want := g.Goods(red), goods(1, 1, 0); got != want {
		t.Errorf("Red holds %v, want %v", got, want)
	}
	checkGoodsEvents(t, g, map[Marker][]int{Wine: {red}, Grain: {red}}, map[Marker]int{Wine: 1, Grain: 1})
	if b := g.Breakdowns(); b[blue].Goods != 0 || b[red].Goods != 2*GoodsPoints {
		t.Errorf("breakdowns %+v, want goods Blue 0, Red %d", b, 2*GoodsPoints)
	}
}
