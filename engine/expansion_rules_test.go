package engine

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// issueExpansions are the expansions of the issue "Expansions I".
var issueExpansions = []Expansion{ExpansionRiver, ExpansionRiver2, ExpansionInnsAndCathedrals, ExpansionKingAndRobber, ExpansionCathars, ExpansionGQ11}

func mustRules(tb testing.TB, exps ...Expansion) *Rules {
	tb.Helper()
	var set ExpansionSet
	for _, e := range exps {
		set = set.With(e)
	}
	r, err := NewRules(set, Options{})
	if err != nil {
		tb.Fatalf("NewRules(%s): %v", set, err)
	}
	return r
}

// names returns the names of the tiles ids of r, in order.
func names(r *Rules, ids []TileID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = r.Tiles.Name(id)
	}
	return out
}

// groupNames returns the names of the rules' tile groups, in order.
func groupNames(r *Rules) []string {
	var out []string
	for _, g := range r.Groups {
		out = append(out, g.Name)
	}
	return out
}

func TestExpansionNames(t *testing.T) {
	want := []string{"base", "river", "river2", "inns-and-cathedrals", "traders-and-builders", "princess-and-dragon",
		"tower", "flying-machines", "ferries", "gold-mines", "mage-and-witch", "crop-circles", "king-and-robber",
		"cathars", "gq11", "messengers", "robbers"}
	var got []string
	for e := ExpansionBase; e < numExpansions; e++ {
		got = append(got, e.String())
		if back, ok := ParseExpansion(e.String()); !ok || back != e {
			t.Errorf("%s reads back as %v, %v", e, back, ok)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("names %v, want record.md's %v", got, want)
	}
	if _, ok := ParseExpansion("none"); ok {
		t.Error(`"none" read as an expansion`)
	}
}

func TestParseExpansions(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", "base"},
		{"base", "base"},
		{"base, river", "base, river"},
		{"inns-and-cathedrals,river , base", "base, river, inns-and-cathedrals"},
		{"gq11, cathars, king-and-robber, river2", "base, river2, king-and-robber, cathars, gq11"},
	}
	for _, tt := range tests {
		set, err := ParseExpansions(tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if got := set.String(); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
		again, err := ParseExpansions(set.String())
		if err != nil || again != set {
			t.Errorf("%q does not read back: %v, %v", set, again, err)
		}
	}
	for _, bad := range []string{"base, rivers", "river, river", "base, base", "River"} {
		if _, err := ParseExpansions(bad); !errors.Is(err, ErrUnknownExpander) {
			t.Errorf("%q: err %v, want ErrUnknownExpander", bad, err)
		}
	}
	var set ExpansionSet
	if !set.Has(ExpansionBase) || set.Has(ExpansionRiver) || set.With(ExpansionBase) != set {
		t.Error("the empty set is not the base game alone")
	}
}

func TestRulesBaseGame(t *testing.T) {
	r := mustRules(t)
	if r.Tiles.Len() != BaseTiles.Len() || r.Total() != 72 {
		t.Fatalf("%d kinds, %d tiles; want 24, 72", r.Tiles.Len(), r.Total())
	}
	for id := TileID(1); int(id) <= BaseTiles.Len(); id++ {
		if r.Tiles.Name(id) != BaseTiles.Name(id) || r.Tiles.Tile(id).Count != BaseTiles.Tile(id).Count {
			t.Errorf("tile %d: %s, want %s", id, r.Tiles.Name(id), BaseTiles.Name(id))
		}
	}
	d, _ := BaseTiles.Lookup("D")
	if r.Start != (StartTile{Tile: d}) {
		t.Errorf("start %+v, want D at 0,0", r.Start)
	}
	if got := groupNames(r); !slices.Equal(got, []string{"land"}) {
		t.Errorf("groups %v, want [land]", got)
	}
	// The pile is the base game's, seed for seed: records depend on it.
	for seed := uint64(0); seed < 50; seed++ {
		if !slices.Equal(r.NewPile(seed), NewPile(BaseTiles, d, seed)) {
			t.Fatalf("seed %d: the pile differs from NewPile's", seed)
		}
	}
}

func TestRulesRiver(t *testing.T) {
	tests := []struct {
		exps   []Expansion
		start  string
		groups map[string][]string // group -> tile names, every copy, id order
		total  int
		out    []string // tiles not in the set
	}{
		{
			exps:  []Expansion{ExpansionRiver},
			start: "RV01",
			groups: map[string][]string{
				"river":     {"RV03", "RV04", "RV05", "RV06", "RV07", "RV07", "RV08", "RV09", "RV10", "RV10"},
				"river end": {"RV02"},
			},
			total: 71 + 12,
		},
		{
			exps:  []Expansion{ExpansionRiver2},
			start: "R201",
			groups: map[string][]string{
				"fork":      {"R204"},
				"river":     {"R202", "R205", "R206", "R207", "R208", "R209", "R210", "R211", "R212"},
				"river end": {"R203"},
			},
			total: 71 + 12,
		},
		{
			exps:  []Expansion{ExpansionRiver, ExpansionRiver2},
			start: "RV01",
			groups: map[string][]string{
				"fork": {"R204"},
				"river": {"RV03", "RV04", "RV05", "RV06", "RV07", "RV07", "RV08", "RV09", "RV10", "RV10",
					"R202", "R205", "R206", "R207", "R208", "R209", "R210", "R211", "R212"},
				"river end": {"R203"},
			},
			total: 71 + 22,
			out:   []string{"R201", "RV02"},
		},
		{
			exps:  []Expansion{ExpansionRiver, ExpansionGQ11},
			start: "RV01",
			groups: map[string][]string{
				"river":     {"RV03", "RV04", "RV05", "RV06", "RV07", "RV07", "RV08", "RV09", "RV10", "RV10", "GQ12"},
				"river end": {"RV02"},
			},
			total: 71 + 12 + 11,
			out:   []string{"GQ11"},
		},
	}
	for _, tt := range tests {
		r := mustRules(t, tt.exps...)
		t.Run(r.Expansions.String(), func(t *testing.T) {
			if got := r.Tiles.Name(r.Start.Tile); got != tt.start || r.Start.Cell != (Cell{}) || r.Start.Rotation != Rotate0 {
				t.Errorf("start %s at %s turned %s, want %s at 0,0 turned 0", got, r.Start.Cell, r.Start.Rotation, tt.start)
			}
			if got := r.Total(); got != tt.total {
				t.Errorf("%d tiles, want %d", got, tt.total)
			}
			for _, name := range tt.out {
				if _, ok := r.Tiles.Lookup(name); ok {
					t.Errorf("%s is in the game", name)
				}
			}
			d, _ := r.Tiles.Lookup("D")
			if got := r.Tiles.Tile(d).Count; got != 3 {
				t.Errorf("%d D tiles in the game, want 3 (the base start tile is out)", got)
			}
			order := []string{"fork", "river", "river end", "land"}
			var want []string
			for _, g := range order {
				if _, ok := tt.groups[g]; ok || g == "land" {
					want = append(want, g)
				}
			}
			if got := groupNames(r); !slices.Equal(got, want) {
				t.Fatalf("groups %v, want %v", got, want)
			}
			for _, g := range r.Groups {
				if g.Name == "land" {
					if len(g.Tiles) != tt.total-1-len(slices.Concat(tt.groups["fork"], tt.groups["river"], tt.groups["river end"])) {
						t.Errorf("land: %d tiles", len(g.Tiles))
					}
					for _, id := range g.Tiles {
						if riverSides(r.Tiles.Tile(id)) > 0 {
							t.Errorf("land holds river tile %s", r.Tiles.Name(id))
						}
					}
					continue
				}
				if got := names(r, g.Tiles); !slices.Equal(got, tt.groups[g.Name]) {
					t.Errorf("group %s: %v, want %v", g.Name, got, tt.groups[g.Name])
				}
			}
			// Each group is drawn whole, in order, before the next.
			for seed := uint64(1); seed < 20; seed++ {
				pile := r.NewPile(seed)
				if len(pile) != r.Total()-1 {
					t.Fatalf("seed %d: pile of %d, want %d", seed, len(pile), r.Total()-1)
				}
				at := 0
				for _, g := range r.Groups {
					part := slices.Clone(pile[at : at+len(g.Tiles)])
					slices.Sort(part)
					if !slices.Equal(part, g.Tiles) {
						t.Fatalf("seed %d: pile[%d:%d] is not group %s", seed, at, at+len(g.Tiles), g.Name)
					}
					at += len(g.Tiles)
				}
			}
			if slices.Equal(r.NewPile(1), r.NewPile(2)) {
				t.Error("two seeds gave the same pile")
			}
		})
	}
}

// TestRulesEveryExpansion composes every expansion with land tiles alone and
// this issue's all together: the base 72 tiles (71 with a river) and the
// expansion's, base ids unchanged.
func TestRulesEveryExpansion(t *testing.T) {
	for e := ExpansionBase + 1; e < numExpansions; e++ {
		if len(e.Tiles()) == 0 {
			// The Messengers: no land tiles, the base game's pile.
			r, err := NewRules(ExpansionSet(0).With(e), Options{})
			if err != nil || r.Tiles.Total() != BaseTiles.Total() {
				t.Errorf("%s: NewRules %v, want the base tiles", e, err)
			}
			continue
		}
		r := mustRules(t, e)
		n := 0
		for _, tl := range e.Tiles() {
			n += tl.Count
		}
		want := 72 + n
		switch e {
		case ExpansionRiver, ExpansionRiver2:
			want = 71 + n
		case ExpansionGQ11:
			want = 72 + n - 2 // its river tiles need a river
		case ExpansionCropCircles:
			want = 72 + n - 6 // rule text 001's six tiles, CC07–CC12
		}
		if got := r.Total(); got != want {
			t.Errorf("%s: %d tiles, want %d", e, got, want)
		}
		for id := TileID(1); int(id) <= BaseTiles.Len(); id++ {
			if r.Tiles.Name(id) != BaseTiles.Name(id) {
				t.Errorf("%s: tile %d is %s, want %s", e, id, r.Tiles.Name(id), BaseTiles.Name(id))
			}
		}
	}
	r := mustRules(t, issueExpansions...)
	if got, want := r.Total(), 71+22+18+5+10+10+1; got != want { // GQ12 joins the river
		t.Errorf("this issue's expansions: %d tiles, want %d", got, want)
	}
	if got := r.Expansions.String(); got != "base, river, river2, inns-and-cathedrals, king-and-robber, cathars, gq11" {
		t.Errorf("expansions %q", got)
	}
	for _, name := range []string{"RV01", "R204", "IC01", "KR05", "CA10", "GQ02", "GQ12"} {
		if _, ok := r.Tiles.Lookup(name); !ok {
			t.Errorf("%s is missing", name)
		}
	}
	if g, ok := r.GroupOf(mustLookup(t, r.Tiles, "GQ12")); !ok || r.Groups[g].Name != "river" {
		t.Errorf("GQ12 is in group %d (%v), want the river", g, ok)
	}
	if _, ok := r.GroupOf(r.Start.Tile); ok {
		t.Error("the spring's only copy is in a pile group")
	}
}

func mustLookup(tb testing.TB, ts *TileSet, name string) TileID {
	tb.Helper()
	id, ok := ts.Lookup(name)
	if !ok {
		tb.Fatalf("no tile %s", name)
	}
	return id
}

func TestNewRulesRefuses(t *testing.T) {
	if _, err := NewRules(0, Options{Farms: 9}); !errors.Is(err, ErrBadOption) {
		t.Errorf("farms=9: err %v, want ErrBadOption", err)
	}
	if _, err := NewRules(0, Options{TinyCity: 3}); !errors.Is(err, ErrBadOption) {
		t.Errorf("tiny-city=3: err %v, want ErrBadOption", err)
	}
	if _, err := NewRules(1<<31, Options{}); !errors.Is(err, ErrUnknownExpander) {
		t.Errorf("an unknown bit: err %v, want ErrUnknownExpander", err)
	}
}

// TestComposedTilesPlay plays random games of the base rules (Config.Tiles,
// no Config.Rules) on the tile sets of every expansion alone and of this
// issue's together, checking after every move the features and the scores
// against the slow reference of reference_test.go. It checks that the
// composed sets, with inner fields, a second inner port, several cities or
// roads on a tile, crossed cities and river edges, keep the board and the
// features consistent to the end of the game. The river's placement rules
// are checked with Config.Rules in river_test.go.
func TestComposedTilesPlay(t *testing.T) {
	sets := [][]Expansion{issueExpansions}
	for e := ExpansionBase + 1; e < numExpansions; e++ {
		if len(e.Tiles()) > 0 {
			sets = append(sets, []Expansion{e})
		}
	}
	for _, exps := range sets {
		r := mustRules(t, exps...)
		t.Run(r.Expansions.String(), func(t *testing.T) {
			for seed := uint64(1); seed <= 4; seed++ {
				playComposed(t, r, seed, Options{Farms: FarmScoring(seed % 2)})
			}
		})
	}
}

// playComposed plays one random game on the tiles of r with the base rules
// and checks it against the reference after every move.
func playComposed(t *testing.T, r *Rules, seed uint64, opts Options) {
	t.Helper()
	g, err := New(Config{Players: []string{"Ann", "Ben", "Cal"}, Seed: seed, Options: opts, Tiles: r.Tiles, Start: r.Start})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 5))
	placed := 1
	for !g.Ended() {
		before := g.Followers()
		nevents := len(g.events)
		tl, _ := g.Drawn()
		ps := g.AppendPlacements(nil, tl)
		m := Move{Tile: tl, Discard: true}
		if len(ps) > 0 {
			p := ps[rng.IntN(len(ps))]
			m = Move{Tile: tl, Cell: p.Cell, Rotation: p.Rotation}
			if spots := g.AppendFollowerSpots(nil, tl, p); len(spots) > 0 && rng.IntN(2) == 0 {
				sp := spots[rng.IntN(len(spots))]
				m.Follower = sp.Port
				before = append(before, Follower{Player: g.Current(), Cell: p.Cell, Feature: sp.Feature, Kind: sp.Kind})
			}
			placed++
		}
		g.Play(m)
		rb := newRefBoard(g)
		// The engine does not join rivers (no figure stands on them).
		land := &refBoard{g: g, comp: rb.comp}
		for _, rf := range rb.feats {
			if rf.kind != River {
				land.feats = append(land.feats, rf)
			}
		}
		checkAgainstReference(t, g, land)
		turn := g.events[nevents:]
		if i := slices.IndexFunc(turn, func(e ScoreEvent) bool { return e.Final }); i >= 0 {
			if got, want := eventKeys(turn[i:]), rb.expectFinal(); !slices.Equal(got, want) {
				t.Fatalf("seed %d: final scoring %v, reference %v", seed, got, want)
			}
			turn = turn[:i]
		}
		if !m.Discard {
			want := rb.expectTurn(before, m.Cell, func(s segKey) bool { return s.cell == m.Cell })
			if got := eventKeys(turn); !slices.Equal(got, want) {
				t.Fatalf("seed %d (%s): scores %v, reference %v", seed, MoveString(g.TileSet(), m), got, want)
			}
		}
	}
	if got := len(g.PlacedTiles()); got != placed {
		t.Errorf("seed %d: %d tiles on the board, %d placed", seed, got, placed)
	}
}

// TestSecondInnerPortInPlay lays KR05 north of the start tile with a farmer
// on its second enclosed field (C2): the two fields stay apart, the farmer
// stands on the one at C2, and the crossed cities stay two cities.
func TestSecondInnerPortInPlay(t *testing.T) {
	r := mustRules(t, ExpansionKingAndRobber)
	g, err := New(Config{Players: []string{"Ann", "Ben"}, Seed: 1, Tiles: r.Tiles, Start: r.Start})
	if err != nil {
		t.Fatal(err)
	}
	kr05 := mustLookup(t, r.Tiles, "KR05")
	at := Cell{0, -1}
	var ports []Port
	for _, sp := range g.AppendFollowerSpots(nil, kr05, Placement{Cell: at, Rotation: Rotate0}) {
		ports = append(ports, sp.Port)
	}
	if !slices.Equal(ports, []Port{E, N, C, C2}) {
		t.Fatalf("KR05's spots: %v, want the two cities, C and C2", ports)
	}
	g.Play(Move{Tile: kr05, Cell: at, Rotation: Rotate0, Follower: C2})
	c2, ok := g.FeatureAt(at, C2)
	if !ok || c2.Kind != Field || c2.Followers[0] != 1 || len(c2.Segments) != 1 {
		t.Fatalf("the field at C2: %+v, %v; want a field of one segment with Ann's farmer", c2, ok)
	}
	c, _ := g.FeatureAt(at, C)
	if c.Followers[0] != 0 || c.Segments[0].Feature == c2.Segments[0].Feature {
		t.Errorf("the field at C %+v is the field at C2 or holds the farmer", c)
	}
	north, _ := g.FeatureAt(at, S)
	east, _ := g.FeatureAt(at, E)
	if north.Kind != City || east.Kind != City || north.Tiles != 2 || east.Tiles != 1 {
		t.Errorf("the cities: north–south %d tiles, east–west %d; want 2 (joined to the start tile) and 1", north.Tiles, east.Tiles)
	}
	if fs := g.Followers(); len(fs) != 1 || fs[0].Port != C2 || fs[0].Kind != Field {
		t.Errorf("followers %+v, want one farmer at C2", fs)
	}
}

// TestEditionBefore32 checks the draw piles of games stored before the
// readings of issue 32 (Options.Edition 1): River II's R202 drawn last with
// the volcano-lake, all twelve crop circle tiles; and that the current
// edition differs there and only there, the option read and written back
// as the Rules header writes it.
func TestEditionBefore32(t *testing.T) {
	old := Options{Edition: EditionBefore32}
	r2, err := NewRules(ExpansionSet(0).With(ExpansionRiver2), old)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range r2.Groups {
		var names []string
		for _, id := range g.Tiles {
			names = append(names, r2.Tiles.Name(id))
		}
		if g.Name == "river end" && strings.Join(names, " ") != "R202 R203" {
			t.Errorf("edition 1: river end %v, want R202 R203", names)
		}
	}
	cc, err := NewRules(ExpansionSet(0).With(ExpansionCropCircles), old)
	if err != nil {
		t.Fatal(err)
	}
	now := mustRules(t, ExpansionCropCircles)
	if cc.Total() != now.Total()+6 {
		t.Errorf("edition 1: %d tiles with The Crop Circles, want %d", cc.Total(), now.Total()+6)
	}
	if _, ok := cc.Tiles.Lookup("CC01"); !ok {
		t.Error("edition 1 has no CC01")
	}
	if _, ok := now.Tiles.Lookup("CC01"); ok {
		t.Error("the current edition has CC01")
	}
	o, err := ParseOptions(old.String())
	if err != nil || o.Edition != EditionBefore32 || !strings.HasSuffix(old.String(), ", edition=1") {
		t.Errorf("edition 1 written %q reads back as %+v, %v", old.String(), o, err)
	}
	if strings.Contains(Options{}.String(), "edition") {
		t.Errorf("the current edition is written: %q", Options{}.String())
	}
	if _, err := ParseOptions("edition=3"); !errors.Is(err, ErrBadOption) {
		t.Errorf("edition=3: %v, want ErrBadOption", err)
	}
}
