package engine

import (
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/internal/racetest"
)

// TestMagicForcedApart replays testdata/rules/mw-forced-apart.rec up to
// the tile that joins the roads of the mage and the witch (001_…, Mage &
// Witch, "Special case"), and checks that the placement asks for one of
// them to move, refuses a move that leaves them together or nothing moved,
// and scores the road with the figure left on it before it leaves.
func TestMagicForcedApart(t *testing.T) {
	_, g := replayFile(t, "testdata/rules/mw-forced-apart.rec", 4)
	v, _ := g.TileSet().Lookup("V")
	m := Move{Tile: v, Cell: Cell{1, 0}, Rotation: Rotate0}
	if !g.magicAsked(m) {
		t.Fatal("the tile joining the mage's and the witch's roads asks no magic step")
	}
	mage, _ := g.MagicAt(MagicMage)
	witch, _ := g.MagicAt(MagicWitch)
	if mage != (Target{Cell: Cell{0, 0}, Port: E}) || witch != (Target{Cell: Cell{1, 1}, Port: N}) {
		t.Fatalf("the mage at %v, the witch at %v; want 0,0:E and 1,1:N", mage, witch)
	}
	for _, tt := range []struct {
		name string
		f    MagicFigure
		at   Target
		why  string
	}{
		{"nothing moved", MagicNone, Target{}, "must be placed or moved"},
		{"witch along the joined road", MagicWitch, Target{Cell: Cell{1, 0}, Port: W}, "completed"},
		{"taken off with spots left", MagicMage, Target{}, "neither leaves the board"},
		{"onto a field", MagicMage, Target{Cell: Cell{0, 0}, Port: S}, "not on a farm"},
		{"no tile", MagicMage, Target{Cell: Cell{5, 5}, Port: N}, "no tile"},
	} {
		bad := m
		bad.Magic, bad.MagicAt = tt.f, tt.at
		err := g.Check(bad)
		if !errors.Is(err, ErrMagic) || !strings.Contains(err.Error(), tt.why) {
			t.Errorf("%s: %v, want ErrMagic saying %q", tt.name, err, tt.why)
		}
	}
	// The mage moves off instead: the witch halves the road of 6 tiles.
	m.Magic, m.MagicAt = MagicMage, Target{Cell: Cell{0, 0}, Port: N}
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	evs := g.Events()
	last := evs[len(evs)-1]
	if last.Points != 3 || last.Tiles != 6 || last.Magic != MagicWitch || last.Player != 0 {
		t.Fatalf("the road scored %+v, want 3 points of 6 tiles with the witch for Red", last)
	}
	if _, on := g.MagicAt(MagicWitch); on {
		t.Error("the witch stayed on the road scored")
	}
	if at, on := g.MagicAt(MagicMage); !on || at != (Target{Cell: Cell{0, 0}, Port: N}) {
		t.Errorf("the mage at %v (%v), want on the city of D", at, on)
	}
}

// TestMagicPoints checks the points of a feature with the mage or the
// witch (001_…, Mage & Witch, the examples: a city of 20 points and 8
// tiles scores 28 with the mage; a road of 5 tiles 3 with the witch).
func TestMagicPoints(t *testing.T) {
	for _, tt := range []struct {
		f                   MagicFigure
		points, tiles, want int
	}{
		{MagicMage, 20, 8, 28}, {MagicWitch, 5, 5, 3}, {MagicMage, 3, 3, 6},
		{MagicWitch, 4, 2, 2}, {MagicMage, 0, 4, 4}, {MagicWitch, 0, 4, 0}, {MagicNone, 7, 3, 7},
	} {
		if got := MagicPoints(tt.f, tt.points, tt.tiles); got != tt.want {
			t.Errorf("MagicPoints(%s, %d, %d) = %d, want %d", tt.f, tt.points, tt.tiles, got, tt.want)
		}
	}
}

// TestCropFixtureSupplies replays the crop circle examples to their crop
// circle turns and checks the figures they leave: the figures added next
// to their players' own, those returned, the players skipped.
func TestCropFixtureSupplies(t *testing.T) {
	_, g := replayFile(t, "testdata/rules/cc-example-add.rec", 4)
	if got := []int{g.Supply(0), g.Supply(1), g.Supply(2)}; got[0] != 5 || got[1] != 5 || got[2] != 7 {
		t.Errorf("after crop=add the supplies are %v, want [5 5 7]", got)
	}
	if fi, _ := g.FeatureAt(Cell{0, -1}, S); fi.Followers[1] != 2 {
		t.Errorf("Green has %d knights in the city of D, want 2", fi.Followers[1])
	}
	_, g = replayFile(t, "testdata/rules/cc-example-remove.rec", 4)
	if n := len(g.Followers()); n != 0 || g.Score(0) != 4 {
		t.Errorf("after crop=remove %d figures stand, Green has %d points; want 0 and 4", n, g.Score(0))
	}
}

// TestRefusedMageCropFixtures checks the reasons of the refused fixtures of
// Mage & Witch and The Crop Circles.
func TestRefusedMageCropFixtures(t *testing.T) {
	for _, tt := range []struct {
		file string
		err  error
		why  string
	}{
		{"mw-error-same-road.rec", ErrMagic, "never share"},
		{"mw-error-completed-city.rec", ErrMagic, "completed"},
		{"mw-error-missing.rec", ErrMagic, "must be placed"},
		{"mw-error-no-magic.rec", ErrMagic, "no magic symbol"},
		{"mw-error-forced-apart-missing.rec", ErrMagic, "must be placed"},
		{"cc-error-add-not-next.rec", ErrCrop, "Green has no knight there"},
		{"cc-error-missing-choice.rec", ErrCrop, "crop=add or crop=remove"},
		{"cc-error-remove-pass.rec", ErrCrop, "Blue must return a farmer"},
		{"cc-error-extra-answer.rec", ErrCrop, "more crop circle answers"},
	} {
		data, err := os.ReadFile("testdata/rules/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := ReadRecord(strings.NewReader(string(data)))
		if err == nil {
			_, err = rec.Replay()
		}
		if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.why) {
			t.Errorf("%s: %v, want %v saying %q", tt.file, err, tt.err, tt.why)
		}
	}
}

// TestCropPending plays games with The Crop Circles through Act and checks
// who answers a crop circle: the players from the left of the one who
// placed it, that player last, each at most once, only those who have a
// figure of the circle's type; and that each answer listed names one of
// that player's own figures' segments.
func TestCropPending(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionCropCircles), Options{})
	if err != nil {
		t.Fatal(err)
	}
	rounds := 0
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := New(Config{Players: []string{"Ann", "Ben", "Cal", "Dee"}, Seed: seed, Rules: r, DrawnOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 5))
		last := -1
		for g.Pending().Step != StepNone {
			d := g.Pending()
			as := g.Answers()
			if d.Step == StepCropPick {
				cur := g.Current()
				order := (d.Player - cur - 1 + g.NumPlayers()) % g.NumPlayers() // 0 for the left, 3 for the player
				if order <= last {
					t.Fatalf("seed %d: player %d answers after a later one (order %d after %d)", seed, d.Player, order, last)
				}
				last = order
				tile, _ := g.Drawn()
				k := g.TileSet().CropKind(tile)
				for _, a := range as {
					if a.Target == (Target{}) {
						continue
					}
					fi, ok := g.afterTurn(g.partMove()).FeatureAt(a.Target.Cell, a.Target.Port)
					if !ok || fi.Kind != k {
						t.Fatalf("seed %d: answer %s for player %d on a %v, want a %v", seed, a, d.Player, fi.Kind, k)
					}
				}
			}
			if d.Step == StepCrop {
				last = -1
				rounds++
			}
			if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if rounds == 0 {
		t.Fatal("no crop circle was played")
	}
}

// TestCropResign checks that a player who resigns while a crop circle
// waits for their answer is skipped: the next player answers, or the turn
// is played when none is left; and the record replays the same game.
func TestCropResign(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionCropCircles), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 40; seed++ {
		g, err := New(Config{Players: []string{"Ann", "Ben", "Cal", "Dee"}, Seed: seed, Rules: r, DrawnOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for g.Pending().Step != StepNone {
			d := g.Pending()
			if d.Step == StepCropPick && d.Player != g.Current() {
				turn := g.Turn()
				if err := g.Apply(Move{Resign: true, Player: d.Player}); err != nil {
					t.Fatal(err)
				}
				e := g.Pending()
				if e.Step == StepCropPick && e.Player == d.Player {
					t.Fatalf("seed %d: %s resigned and still answers the crop circle", seed, g.Players()[d.Player])
				}
				if e.Step != StepCropPick && g.Turn() != turn+1 {
					t.Fatalf("seed %d: the crop circle's round ended, but the turn is %d (was %d)", seed, g.Turn(), turn)
				}
				for g.Pending().Step != StepNone {
					as := g.Answers()
					if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
						t.Fatal(err)
					}
				}
				again, err := ReadRecord(strings.NewReader(g.Record().String()))
				if err != nil {
					t.Fatal(err)
				}
				rg, err := again.Replay()
				if err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, g.Record())
				}
				if rg.Record().String() != g.Record().String() || !slices.Equal(rg.Scores(), g.Scores()) {
					t.Fatalf("seed %d: the replay differs", seed)
				}
				return
			}
			as := g.Answers()
			if _, err := g.Act(as[rng.IntN(len(as))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no crop circle waited for another player's answer")
}

// TestMagicSpotsAfterEveryPlacement plays random games with Mage & Witch
// and checks, at every turn and for every legal placement of the tile
// drawn, the spots of the mage and the witch and whether the placement
// joins their features, worked out without placing the tile, against a
// copy of the game with the tile placed (checkMagicSpotsAfter); the games
// must join the two figures' features some times.
func TestMagicSpotsAfterEveryPlacement(t *testing.T) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionMageAndWitch), Options{})
	if err != nil {
		t.Fatal(err)
	}
	joins, checked := 0, 0
	for seed := uint64(1); seed <= uint64(racetest.Scale(40, 4)); seed++ {
		g, err := New(Config{Players: []string{"A", "B", "C"}, Rules: r, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 5))
		for !g.Ended() {
			tile, _ := g.Drawn()
			ps := g.AppendPlacements(nil, tile)
			for _, p := range ps {
				if checkMagicSpotsAfter(t, g, Move{Tile: tile, Cell: p.Cell, Rotation: p.Rotation}, seed) {
					joins++
				}
				checked++
			}
			m := Move{Tile: tile, Discard: true}
			if len(ps) > 0 {
				p := ps[rng.IntN(len(ps))]
				m = Move{Tile: tile, Cell: p.Cell, Rotation: p.Rotation}
				if spots := g.AppendFollowerSpots(nil, tile, p); len(spots) > 0 && g.Supply(g.Current()) > 0 && rng.IntN(2) == 0 {
					m.Follower = spots[rng.IntN(len(spots))].Port
				}
				m = withMagicCrop(g, m, rng)
			}
			if err := g.Apply(m); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, MoveString(g.TileSet(), m), err)
			}
		}
	}
	if joins == 0 {
		t.Errorf("no placement of %d joined the features of the mage and the witch", checked)
	}
	t.Logf("%d placements, %d joining the mage's and the witch's features", checked, joins)
}
