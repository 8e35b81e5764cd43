package turnview

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/racetest"

	"github.com/meeple-works/carcassonne/engine"
)

// newGame sets up a three-player game with expansions exps.
func newGame(t testing.TB, exps engine.ExpansionSet, seed uint64) *engine.Game {
	t.Helper()
	rules, err := engine.NewRules(exps, engine.Options{})
	if err != nil {
		t.Fatalf("rules %s: %v", exps, err)
	}
	g, err := engine.New(engine.Config{Rules: rules, Players: []string{"Alice", "Bob", "Carol"}, Seed: seed, DrawnOnly: true})
	if err != nil {
		t.Fatalf("new game %s: %v", exps, err)
	}
	return g
}

// expansionSets are every playable expansion alone, and all of them but
// The River (The River II brings its own river) together.
func expansionSets() map[string]engine.ExpansionSet {
	sets := map[string]engine.ExpansionSet{}
	var all engine.ExpansionSet
	for _, e := range engine.PlayableExpansions() {
		sets[e.String()] = engine.ExpansionSet(0).With(e)
		if e != engine.ExpansionRiver {
			all = all.With(e)
		}
	}
	sets["all"] = all
	return sets
}

// checkOptions checks the options of the step g waits for: every one is
// accepted by Act (on a copy), reads back through Lookup, has a label of
// at most 100 characters, and no two share a value; the label of a figure
// on a feature names that feature as the board holds it after the turn's
// answers so far. It returns the options.
func checkOptions(t *testing.T, g *engine.Game, where string) []Option {
	t.Helper()
	opts := Options(g, nil)
	if len(opts) == 0 {
		t.Fatalf("%s: step %s offers nothing", where, g.Pending().Step)
	}
	values := map[string]bool{}
	labels := map[string]string{}
	board := g.Preview()
	var spots []engine.Spot
	if board != nil && g.Pending().Step == engine.StepFigure {
		m := board.Moves()[len(board.Moves())-1]
		if m.Ransomed {
			after, err := g.AfterRansom(m.Ransom)
			if err != nil {
				t.Fatalf("%s: the ransom answered cannot be paid: %v", where, err)
			}
			spots = after.FollowerSpots(engine.Placement{Cell: m.Cell, Rotation: m.Rotation})
		} else {
			spots = g.FollowerSpots(engine.Placement{Cell: m.Cell, Rotation: m.Rotation})
		}
	}
	for k, o := range opts {
		if values[o.Value] {
			t.Fatalf("%s: two options of value %q", where, o.Value)
		}
		values[o.Value] = true
		if labels[o.Label] != "" {
			t.Errorf("%s: options %q and %q have one label %q", where, labels[o.Label], o.Value, o.Label)
		}
		labels[o.Label] = o.Value
		if o.Label == "" || utf8.RuneCountInString(o.Label) > 100 || strings.Contains(o.Label, "turn.") {
			t.Fatalf("%s: option %q has label %q", where, o.Value, o.Label)
		}
		if o.Player != g.Pending().Player {
			t.Fatalf("%s: option %q decided by %d, the game waits for %d", where, o.Value, o.Player, g.Pending().Player)
		}
		// Placements are many: every one of the first few, then a sample.
		if o.Kind != KindPlacement || k < 4 || k%17 == 0 {
			c := g.Clone()
			if _, err := c.Act(o.Answer); err != nil {
				t.Fatalf("%s: option %q (%s) refused: %v", where, o.Value, o.Label, err)
			}
			back, err := english.Lookup(g, nil, o.Value)
			if err != nil || back.Value != o.Value {
				t.Fatalf("%s: english.Lookup(%q) = %q, %v", where, o.Value, back.Value, err)
			}
		}
		if o.Feature != "" && board != nil && !o.Answer.Return {
			at := engine.Target{Cell: o.Cell, Port: o.Answer.Port}
			if o.Answer.Step != engine.StepFigure || o.Answer.Princess {
				at.Port = o.Answer.Target.Port
			}
			checkFeature(t, where, board, at, o)
		}
		if o.Kind == KindSpot {
			found := false
			for _, s := range spots {
				if s.Ports.Has(o.Answer.Port) {
					found = true
					want := english.SpotName(o.Answer.Figure, s.Kind, strings.SplitN(s.Name(), " – ", 2)[1])
					switch {
					case twinOnTile(board, engine.Target{Cell: o.Cell, Port: o.Answer.Port}):
						// Another feature of its kind on the tile has the
						// engine's words: the label names the ports.
						if o.Label == want || !strings.HasPrefix(o.Label, english.SpotName(o.Answer.Figure, s.Kind, s.Kind.String()+" (")) {
							t.Fatalf("%s: option %q labelled %q, beside a twin of the engine's spot %q", where, o.Value, o.Label, want)
						}
					case o.Label != want:
						t.Fatalf("%s: option %q labelled %q, the engine's spot is %q", where, o.Value, o.Label, want)
					}
				}
			}
			if !found && o.Answer.Figure.Weight() > 0 {
				t.Fatalf("%s: option %q on no spot of the tile", where, o.Value)
			}
		}
	}
	return opts
}

// twinOnTile reports whether another feature of the kind of the one at t,
// on its tile of board, meets the tile's edge in the same compass words.
func twinOnTile(board *engine.Game, t engine.Target) bool {
	pt, ok := board.TileAt(t.Cell)
	if !ok {
		return false
	}
	ts := board.TileSet()
	f, ok := ts.FeatureAt(pt.Tile, pt.Rotation, t.Port)
	if !ok {
		return false
	}
	fs := ts.Tile(pt.Tile).Features
	for j, o := range fs {
		if j != f && o.Kind == fs[f].Kind && o.Ports.Rotate(pt.Rotation).Direction() == fs[f].Ports.Rotate(pt.Rotation).Direction() {
			return true
		}
	}
	return false
}

// checkFeature checks that option o names the kind of the feature the
// board holds at target t.
func checkFeature(t *testing.T, where string, board *engine.Game, at engine.Target, o Option) {
	t.Helper()
	fi, ok := board.FeatureAt(at.Cell, at.Port)
	if !ok {
		// A figure that completes and scores the feature (or a crop
		// circle's return) may leave no feature to read: the tile says.
		return
	}
	if !strings.HasPrefix(o.Feature, fi.Kind.String()) {
		t.Fatalf("%s: option %q names %q, the board holds a %s at %s:%s", where, o.Value, o.Feature, fi.Kind, at.Cell, at.Port)
	}
}

// TestOptionsAcceptedEverywhere plays random games through Options with
// every expansion and each alone: at every step, every option is accepted
// by the engine, no two share a value, and each names the feature of the
// tile as it lies; OnlyPass finds the steps that offer the pass alone, the
// words of a step's answer never show its notation, and every step's
// question is said (Asks), never only "Alice decides.".
func TestOptionsAcceptedEverywhere(t *testing.T) {
	games := racetest.Scale(2, 2)
	if testing.Short() {
		games = 1
	}
	steps := map[engine.Step]int{}
	onlyPass, putAway := 0, 0
	for name, set := range expansionSets() {
		for seed := range uint64(games) {
			g := newGame(t, set, seed+1)
			r := rand.New(rand.NewPCG(seed, 7))
			for n := 0; !g.Ended() && n < 3000; n++ {
				where := fmt.Sprintf("%s seed %d turn %d step %s", name, seed+1, g.Turn(), g.Pending().Step)
				opts := checkOptions(t, g, where)
				steps[g.Pending().Step]++
				if a := english.Asks(g, nil); strings.HasSuffix(a, " decides.") {
					t.Fatalf("%s: the question is not said: %q", where, a)
				}
				if a, ok := OnlyPass(g); ok != (len(opts) == 1 && opts[0].Pass()) || ok && a != opts[0].Answer {
					t.Fatalf("%s: OnlyPass %v %v, the options %v", where, a, ok, opts)
				} else if ok {
					onlyPass++
				}
				// A tile is put away without a choice when the engine
				// offers that alone.
				away := g.Pending().Step == engine.StepTile && len(opts) == 1 && (opts[0].Answer.Discard || opts[0].Answer.Aside)
				if m, ok := PutAway(g); ok != away || ok && (m.Discard != opts[0].Answer.Discard || m.Aside != opts[0].Answer.Aside || m.Tile != drawn(g)) {
					t.Fatalf("%s: PutAway %+v %v, the options %v", where, m, ok, opts)
				} else if ok {
					putAway++
				}
				o := opts[r.IntN(len(opts))]
				if g.Pending().Step != engine.StepTile {
					// A step's words name the answer in words, never
					// in its notation ("follower@N").
					if w := english.StepWords(g, o.Answer, nil); strings.Contains(w, o.Value) {
						t.Fatalf("%s: the words of %q are %q", where, o.Value, w)
					}
					// Everyone reads them: the player who decided is
					// named, never "you" ("Eve puts the fairy on
					// (3,-8).", not "Eve: Fairy – next to your
					// farmer"), and a pass or a figure is a sentence
					// ("Alice deploys no follower.", not "Alice: No
					// follower."; "Alice deploys a thief on the road
					// (east) at (3,4).", not "Alice: thief – road
					// (east).").
					said := map[engine.Step]bool{engine.StepFigure: true, engine.StepCapture: true, engine.StepGold: true}
					for _, o := range opts {
						if !o.Answer.Fairy && !o.Pass() && o.Answer != opts[0].Answer && !said[o.Answer.Step] {
							continue
						}
						w := english.StepWords(g, o.Answer, nil)
						if strings.Contains(strings.ToLower(w), "your") {
							t.Fatalf("%s: the words of %q speak to the player: %q", where, o.Value, w)
						}
						if o.Pass() && strings.Contains(w, o.Label) || said[o.Answer.Step] && strings.Contains(w, ": "+o.Label) {
							t.Fatalf("%s: the words of %q are the menu's: %q", where, o.Value, w)
						}
					}
				}
				if _, err := g.Act(o.Answer); err != nil {
					t.Fatalf("%s: %q: %v", where, o.Value, err)
				}
			}
			if !g.Ended() {
				t.Fatalf("%s seed %d: the game did not end", name, seed+1)
			}
		}
	}
	for s := engine.StepTile; s <= engine.StepCropPick; s++ {
		if steps[s] == 0 {
			t.Errorf("no game asked step %s: the test reaches less than it should", s)
		}
	}
	if onlyPass == 0 {
		t.Error("no step offered the pass alone: OnlyPass is not checked")
	}
	if putAway == 0 {
		t.Error("no tile was put away: PutAway is not checked")
	}
}

// TestLookupRefusesInPlayersWords: a value that does not read, one of
// another step, and one of the step waited for that the rules do not offer
// are refused with an error a player can read, which says what the step
// waits for; an option's value is its own.
func TestLookupRefusesInPlayersWords(t *testing.T) {
	g := newGame(t, 0, 1)
	for _, v := range []string{"large@", "-", "tile 1,0 90", "40,40 90"} {
		_, err := english.Lookup(g, Names{"Ann"}, v)
		if !errors.Is(err, ErrNotOffered) || !strings.Contains(err.Error(), "Ann places tile") {
			t.Errorf("english.Lookup(%q): %v", v, err)
		}
	}
	for _, o := range Options(g, nil) {
		if got, err := english.Lookup(g, nil, " "+o.Value+" "); err != nil || got.Answer != o.Answer || got.Label != o.Label {
			t.Errorf("english.Lookup(%q) = %+v, %v, want %+v", o.Value, got, err, o)
		}
	}
}

// TestFairyLabelsNameTheFollower: with a knight and a farmer of Ann's on one
// tile (engine/testdata/rules/pd-fairy-names-follower.rec, in turn 5),
// the fairy's two options name each follower by its role and feature, so
// that they differ.
func TestFairyLabelsNameTheFollower(t *testing.T) {
	data, err := os.ReadFile("../engine/testdata/rules/pd-fairy-names-follower.rec")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.ReadRecord(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	rec.Turns, rec.End = rec.Turns[:4], false
	g, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	// The fairy's options do not depend on the tile drawn: any placement.
	ps := g.Placements()
	if len(ps) == 0 {
		t.Fatal("the tile drawn has no placement")
	}
	if _, err := g.Act(engine.Answer{Step: engine.StepTile, Cell: ps[0].Cell, Rotation: ps[0].Rotation}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range checkOptions(t, g, "turn 5") {
		if o.Answer.Fairy {
			got = append(got, o.Label)
		}
	}
	want := []string{"Fairy – next to your knight – city (north and south) at (0,-1)", "Fairy – next to your farmer – field (east) at (0,-1)"}
	if !slices.Equal(got, want) {
		t.Fatalf("the fairy's options %q, want %q", got, want)
	}
}

// TestSpotWords: a spot of the tile as placed is named as the engine names
// it in English ("knight – city (north)"), as the Follower… menu names it
// for the other figures ("large follower – city (north)"), and in words of
// its own in German.
func TestSpotWords(t *testing.T) {
	g := newGame(t, expansionSets()["inns-and-cathedrals"], 2)
	de := In(i18n.German)
	tile, _ := g.Drawn()
	ts := g.TileSet()
	seen := 0
	for _, p := range g.Placements() {
		for _, sp := range g.FollowerSpots(p) {
			seen++
			if got := english.SpotWords(ts, tile, p.Rotation, engine.FigureFollower, sp); got != sp.Name() {
				t.Errorf("%v: %q, the engine's %q", p, got, sp.Name())
			}
			_, feature, _ := strings.Cut(sp.Name(), " – ")
			if got, want := english.SpotWords(ts, tile, p.Rotation, engine.FigureLarge, sp), "large follower – "+feature; got != want {
				t.Errorf("%v: %q, want %q", p, got, want)
			}
			if got := de.SpotWords(ts, tile, p.Rotation, engine.FigureFollower, sp); got == sp.Name() || strings.Contains(got, "turn.") {
				t.Errorf("%v: in German %q", p, got)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no spots")
	}
}

// TestTwinFeaturesNamedApart: where two features of one kind on a tile
// meet its edge in the same compass words (the fields of KR04 and TB07 at
// SSE and ESE, both "south-east"; the enclosed fields C and C2 of KR05,
// no words), the Follower… menu and the terminal's spots list named them
// alike, and a player could not tell them apart. They are named by their
// ports, in every rotation, and so is every feature of every tile apart
// from the others of its kind.
func TestTwinFeaturesNamedApart(t *testing.T) {
	var set engine.ExpansionSet
	for _, e := range engine.PlayableExpansions() {
		set = set.With(e)
	}
	rules, err := engine.NewRules(set, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ts := rules.Tiles
	want := map[string][]string{
		"TB07": {"farmer – field (south-south-east)", "farmer – field (east-south-east)"},
		"KR04": {"farmer – field (south-south-east)", "farmer – field (east-south-east)"},
		"KR05": {"farmer – field (inner 1)", "farmer – field (inner 2)"},
	}
	for id := engine.TileID(1); int(id) <= ts.Len(); id++ {
		tl := ts.Tile(id)
		for r := engine.Rotation(0); r < 4; r++ {
			names := map[string]bool{}
			for f, tf := range tl.Features {
				sp := engine.Spot{Port: tf.Ports.Rotate(r).Main(), Ports: tf.Ports.Rotate(r), Kind: tf.Kind, Feature: f}
				name := english.SpotWords(ts, id, r, engine.FigureFollower, sp)
				if names[name] {
					t.Errorf("%s turned %d: two features named %q", tl.Name, r, name)
				}
				names[name] = true
				if strings.Contains(In(i18n.Polish).SpotWords(ts, id, r, engine.FigureFollower, sp), "turn.") {
					t.Errorf("%s turned %d: %q has no Polish words", tl.Name, r, name)
				}
			}
			for _, w := range want[tl.Name] {
				if r == 0 && !names[w] {
					t.Errorf("%s: no spot %q among %v", tl.Name, w, names)
				}
			}
		}
	}
}

// TestMagicStepWords: the step message of a mage or witch answer puts the
// figure on its road or city ("Alice puts the mage on the road (east and
// west) at (1,0)."), or off the board. It said "to the road" before.
func TestMagicStepWords(t *testing.T) {
	g := newGame(t, engine.ExpansionSet(0).With(engine.ExpansionMageAndWitch), 3)
	rng := rand.New(rand.NewPCG(3, 3))
	seen := 0
	for n := 0; n < 600 && !g.Ended(); n++ {
		opts := Options(g, nil)
		if g.Pending().Step == engine.StepMagic {
			for _, o := range opts {
				w := english.StepWords(g, o.Answer, nil)
				fig := o.Answer.Magic.String()
				if o.Answer.Target == (engine.Target{}) {
					continue
				}
				seen++
				if want := " puts the " + fig + " on the "; !strings.Contains(w, want) {
					t.Fatalf("%s: %q lacks %q", o.Answer, w, want)
				}
			}
		}
		if _, err := g.Act(opts[rng.IntN(len(opts))].Answer); err != nil {
			t.Fatal(err)
		}
	}
	if seen == 0 {
		t.Fatal("no answer put the mage or the witch on a feature: the test needs one")
	}
}

// TestCropNoneWords: a crop circle whose direction no player answered with
// a follower says so in words, in every language: "Crop circle: Alice
// chose to add; no follower added." (it said "0 followers added").
func TestCropNoneWords(t *testing.T) {
	g := newGame(t, engine.ExpansionSet(0).With(engine.ExpansionCropCircles), 1)
	for _, l := range i18n.Supported() {
		vo := In(l)
		for _, c := range []engine.CropChoice{engine.CropAdd, engine.CropRemove} {
			w := vo.cropWords(g, 0, engine.Move{Crop: c}, nil)
			if want := " " + vo.t("turn.crop_none."+c.String(), "Player", "Alice"); w != want || strings.Contains(w, "0") || strings.Contains(w, "turn.") {
				t.Errorf("%s, %s: %q, want %q", l.Name(), c, w, want)
			}
		}
	}
	if w := english.cropWords(g, 0, engine.Move{Crop: engine.CropAdd}, nil); w != " Crop circle: Alice chose to add; no follower added." {
		t.Errorf("English: %q", w)
	}
}

// TestPartWordsDragonSteps: the words of a part of a turn that ends with
// the dragon's steps to come say the steps its player took first: "The
// dragon moves! Alice moves the dragon ➡ (2,0)." Before, the current
// player's own first step was said only at the end of the turn.
func TestPartWordsDragonSteps(t *testing.T) {
	g := newGame(t, engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon), 2)
	rng := rand.New(rand.NewPCG(2, 2))
	var start *engine.Game
	var as []engine.Answer
	seen := 0
	for n := 0; n < 3000 && !g.Ended(); n++ {
		if g.Pending().Step == engine.StepTile {
			start, as = g.Clone(), as[:0]
		}
		opts := Options(g, nil)
		a := opts[rng.IntN(len(opts))].Answer
		first := a.Step == engine.StepDragon && !slices.ContainsFunc(as, func(b engine.Answer) bool { return b.Step == engine.StepDragon })
		as = append(as, a)
		if first && start != nil && g.Pending().Player == start.Current() {
			seen++
			tile, _ := start.Drawn()
			from, _ := start.Dragon()
			w := english.PartWords(start, start.Current(), engine.MoveOfAnswers(tile, as), nil)
			want := " The dragon moves! " + start.Players()[start.Current()] + " moves the dragon " + HeadingArrow(from, a.Cell) + "(" + a.Cell.String() + ")."
			if !strings.HasSuffix(w, want) {
				t.Errorf("%q does not end in %q", w, want)
			}
		}
		if _, err := g.Act(a); err != nil {
			t.Fatal(err)
		}
	}
	if seen == 0 {
		t.Fatal("no player took the dragon's first step: the test needs one")
	}
}

// TestPortalWords: a follower deployed through the magic portal is said
// with its feature on the tile it went to: "Alice goes through the magic
// portal: knight on the city (north) at (6,-1)." It said only "… to
// (6,-1)" before.
func TestPortalWords(t *testing.T) {
	seen := 0
	for seed := uint64(1); seed <= 20 && seen < 5; seed++ {
		g := newGame(t, engine.ExpansionSet(0).With(engine.ExpansionPrincessAndDragon), seed)
		rng := rand.New(rand.NewPCG(seed, 5))
		var as []engine.Answer
		for n := 0; n < 400 && !g.Ended(); n++ {
			if g.Pending().Step == engine.StepTile {
				as = as[:0]
			}
			opts := Options(g, nil)
			a := opts[rng.IntN(len(opts))].Answer
			for _, o := range opts {
				if o.Answer.Portal {
					a = o.Answer
				}
			}
			as = append(as, a)
			if a.Portal {
				seen++
				tile, _ := g.Drawn()
				m := engine.MoveOfAnswers(tile, as)
				at := engine.Target{Cell: a.Cell, Port: a.Port}
				k, _, ok := feature(g, at)
				if !ok {
					t.Fatalf("no feature at %+v", at)
				}
				fig := english.Role(k)
				if a.Figure != engine.FigureFollower {
					fig = english.t("turn.figure_role", "Figure", english.Figure(a.Figure), "Role", fig)
				}
				want := " " + g.Players()[g.Current()] + " goes through the magic portal: " + fig + " on the " + english.At(g, at) + "."
				if w := english.dragonMoveWords(g, m, nil); w != want {
					t.Errorf("%q, want %q", w, want)
				}
			}
			if _, err := g.Act(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no follower went through the magic portal: the test needs one")
	}
}

// TestCropReturnNamesTheLargeFollower: a crop circle that removes asks a
// player with a follower and a large follower on one feature of a tile
// which returns; the two options were both "Return: city (north) at
// (3,-5)", and the step message said "returns their follower" for either.
// Random games with every expansion, played as TestOptionsAcceptedEverywhere
// plays them, until such a step.
func TestCropReturnNamesTheLargeFollower(t *testing.T) {
	for seed := range uint64(40) {
		g := newGame(t, expansionSets()["all"], seed+1)
		r := rand.New(rand.NewPCG(seed, 7))
		for n := 0; !g.Ended() && n < 3000; n++ {
			opts := Options(g, nil)
			if g.Pending().Step == engine.StepCropPick {
				for _, large := range opts {
					if !large.Answer.Return || large.Answer.Figure != engine.FigureLarge {
						continue
					}
					for _, o := range opts {
						if o.Answer.Return && o.Answer.Figure == engine.FigureFollower && o.Answer.Target == large.Answer.Target {
							if o.Label == large.Label || !strings.Contains(large.Label, "large follower") {
								t.Fatalf("%q and %q are labelled %q and %q", o.Value, large.Value, o.Label, large.Label)
							}
							if w := english.StepWords(g, large.Answer, nil); !strings.Contains(w, "returns their large follower on the ") {
								t.Fatalf("%q says %q", large.Value, w)
							}
							return
						}
					}
				}
			}
			if _, err := g.Act(opts[r.IntN(len(opts))].Answer); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no crop circle asked to return a follower or a large follower from one feature: the test needs one")
}

// TestEscapeNamesTheCity: a player whose figures stand on two cities of
// one tile, one of them besieged, is offered the Cathars' escape of the
// knight there; "Escape: knight at (-3,1)" did not say which of the two
// leaves, so the option names the city as it lies ("Escape: knight – city
// (east) at (-3,1)"), and the figure is the one on that city. Random games
// with the Cathars, the portal, builders and large followers, until such a
// step.
func TestEscapeNamesTheCity(t *testing.T) {
	set := engine.ExpansionSet(0).With(engine.ExpansionCathars).With(engine.ExpansionPrincessAndDragon).
		With(engine.ExpansionTradersAndBuilders).With(engine.ExpansionInnsAndCathedrals)
	for seed := uint64(90); seed < 130; seed++ {
		g := newGame(t, set, seed+1)
		r := rand.New(rand.NewPCG(seed, 9))
		for n := 0; !g.Ended() && n < 3000; n++ {
			opts := Options(g, nil)
			if g.Pending().Step == engine.StepEscape {
				board := g.Preview()
				for _, o := range opts[1:] {
					at := o.Answer.Target
					if !ownCitiesOn(board, g.Current(), at.Cell) {
						continue
					}
					checkFeature(t, "escape", board, at, o)
					want := "Escape: knight – " + english.FeatureName(board, at) + " at (" + at.Cell.String() + ")"
					if f, _ := figureOn(board, at, func(f engine.Follower) bool { return f.Player == g.Current() }); f.Figure == engine.FigureBuilder {
						want = strings.Replace(want, "knight", "builder", 1)
					}
					if o.Label != want {
						t.Fatalf("seed %d: the escape %q is labelled %q, want %q", seed, o.Value, o.Label, want)
					}
					return
				}
			}
			if _, err := g.Act(opts[r.IntN(len(opts))].Answer); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no escape from a tile where the player has figures on two cities: the test needs one")
}

// drawn is the tile drawn in g.
func drawn(g *engine.Game) engine.TileID {
	t, _ := g.Drawn()
	return t
}
