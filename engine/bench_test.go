package engine

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRandomGame plays complete 2-player base games with uniformly
// random legal moves (a follower about half the time) and reports games/s.
func BenchmarkRandomGame(b *testing.B) {
	benchRandomGames(b, nil)
}

// benchRandomGames plays complete 2-player games with rules r (nil: the
// base game) with randomPlayer's moves, one after the other in one Game
// whose memory NewInto reuses, as a search's playouts reuse theirs
// (CopyTo). It reports games/s of wall-clock time, and games/cpu-s of the
// processor time the process used (which a busy machine does not lower).
func benchRandomGames(b *testing.B, r *Rules) {
	b.ReportAllocs()
	cpu0 := cpuTime()
	p := newRandomPlayer(r, rand.New(rand.NewPCG(1, 2)))
	cfg := Config{Players: []string{"A", "B"}, Rules: r}
	var g Game
	for b.Loop() {
		cfg.Seed++
		if err := NewInto(&g, cfg); err != nil {
			b.Fatal(err)
		}
		p.play(&g)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "games/cpu-s")
	}
}

// randomPlayer plays whole games with uniformly random legal moves through
// the unchecked Play, as a random playout does: a placement drawn by
// RandomPlacement; a figure about half the time, the large follower a
// third of those times when the supply holds it (always when it is the
// only figure left); with Traders & Builders, a builder or pig a quarter
// of the time where one may stand; with The Tower, a tower piece a fifth
// of the time where one may go, with a capture half the time something is
// in reach; with The Princess & the Dragon, the dragon tiles set aside
// before the first volcano, nothing deployed with a volcano, the dragon's
// steps at random; with The Gold Mines, The Ferries, Mage & Witch and The
// Crop Circles, their choices at random (withGold, withFerries,
// withMagicCropInto); with The Robbers, the current player's robber half
// the time after a tile with a bag; with The Messengers, the defaults of
// Play (the marker, a message's 2 points). Its buffers are reused from
// move to move.
type randomPlayer struct {
	rng                                                    *rand.Rand
	traders, tower, dragons, gold, ferries, minis, robbers bool
	spots                                                  []Spot
	cells, steps                                           []Cell
	caps                                                   []Target
	scratch                                                miniScratch
}

// newRandomPlayer returns a randomPlayer for games with rules r (nil: the
// base game) drawing its choices from rng.
func newRandomPlayer(r *Rules, rng *rand.Rand) *randomPlayer {
	has := func(e Expansion) bool { return r != nil && r.Expansions.Has(e) }
	return &randomPlayer{
		rng:     rng,
		traders: has(ExpansionTradersAndBuilders),
		tower:   has(ExpansionTower),
		dragons: has(ExpansionPrincessAndDragon),
		gold:    has(ExpansionGoldMines),
		ferries: has(ExpansionFerries),
		minis:   has(ExpansionMageAndWitch) || has(ExpansionCropCircles),
		robbers: has(ExpansionRobbers),
	}
}

// play plays g to its end.
func (p *randomPlayer) play(g *Game) {
	rng := p.rng
	for !g.Ended() {
		t, _ := g.Drawn()
		m := Move{Tile: t, Discard: true}
		if p.dragons && g.SetsAside() {
			g.Play(Move{Tile: t, Aside: true})
			continue
		}
		if pl, ok := g.RandomPlacement(t, rng.Uint64()); ok {
			m = Move{Tile: t, Cell: pl.Cell, Rotation: pl.Rotation}
			if p.robbers && g.robbersAsked(t) && rng.IntN(2) == 0 {
				// The current player's robber next to another player's
				// marker (The Robbers); the others pass.
				if q := rng.IntN(g.NumPlayers()); q != g.Current() {
					m.Robbers = m.Robbers.Add(q+1, false)
				}
			}
			if p.gold {
				withGold(g, rng, &m)
			}
			if p.ferries {
				withFerries(g, rng, &m)
			}
			if p.dragons && g.isVolcano(t) {
				// No figure with a volcano: the dragon flies there.
			} else if p.tower && rng.IntN(5) == 0 {
				// A tower piece, and a capture half the time when
				// something is in reach (The Tower).
				if p.cells = g.AppendTowerCells(p.cells[:0], t, pl); len(p.cells) > 0 {
					m.Tower, m.TowerCell = TowerPiece, p.cells[rng.IntN(len(p.cells))]
					if p.caps = g.AppendCaptures(p.caps[:0], m); len(p.caps) > 0 && rng.IntN(2) == 0 {
						m.Capture = p.caps[rng.IntN(len(p.caps))]
					}
				}
			} else if p.traders && rng.IntN(4) == 0 {
				// The builder or the pig, where the player has a
				// follower already (Traders & Builders).
				fig := FigureBuilder + Figure(rng.IntN(2))
				if p.spots = g.AppendFigureSpots(p.spots[:0], t, pl, fig); len(p.spots) > 0 {
					m.Follower, m.Figure = p.spots[rng.IntN(len(p.spots))].Port, fig
				}
			} else if rng.IntN(2) == 0 {
				p.spots = g.AppendFollowerSpots(p.spots[:0], t, pl)
				if len(p.spots) > 0 {
					m.Follower = p.spots[rng.IntN(len(p.spots))].Port
					if cur := g.Current(); g.SupplyOf(cur, FigureLarge) > 0 && (g.Supply(cur) == 0 || rng.IntN(3) == 0) {
						m.Figure = FigureLarge
					}
				}
			}
			if p.dragons {
				p.steps = randomDragon(g, &m, rng, p.steps)
			}
			if p.minis {
				m = withMagicCropInto(g, m, rng, &p.scratch)
			}
		}
		g.Play(m)
	}
}

// randomDragon sets the dragon's steps of move m, each at random among
// DragonSteps, using steps as a buffer, which it returns.
func randomDragon(g *Game, m *Move, rng *rand.Rand, steps []Cell) []Cell {
	for {
		if steps = g.AppendDragonSteps(steps[:0], *m); len(steps) == 0 {
			return steps
		}
		m.Dragon = m.Dragon.Add(steps[rng.IntN(len(steps))])
	}
}

// midGame returns a 2-player game after 35 random moves.
func midGame(tb testing.TB) *Game {
	tb.Helper()
	g, err := New(Config{Players: []string{"A", "B"}, Seed: 7})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for g.Turn() <= 35 {
		t, _ := g.Drawn()
		ps := g.AppendPlacements(nil, t)
		m := Move{Tile: t, Discard: true}
		if len(ps) > 0 {
			p := ps[rng.IntN(len(ps))]
			m = Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
			if spots := g.AppendFollowerSpots(nil, t, p); len(spots) > 0 && rng.IntN(2) == 0 {
				m.Follower = spots[rng.IntN(len(spots))].Port
			}
		}
		if err := g.Apply(m); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// BenchmarkLegalPlacements lists the legal placements of the drawn tile on a
// mid-game board (35 tiles placed), sorted as the UI shows them.
func BenchmarkLegalPlacements(b *testing.B) {
	g := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if len(g.Placements()) == 0 {
			b.Fatal("no placement")
		}
	}
}

// BenchmarkCopy copies a mid-game state (35 tiles placed) into a state
// that is reused, as a search does.
func BenchmarkCopy(b *testing.B) {
	g := midGame(b)
	var dst Game
	b.ReportAllocs()
	for b.Loop() {
		g.CopyTo(&dst)
	}
}

// BenchmarkClone copies a mid-game state (35 tiles placed) into new memory.
func BenchmarkClone(b *testing.B) {
	g := midGame(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = g.Clone()
	}
}

// BenchmarkRandomGameRiver plays complete 2-player games with The River and
// The River II (the river tiles first, with their placement rules) with
// uniformly random legal moves, and reports games/s.
func BenchmarkRandomGameRiver(b *testing.B) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionRiver).With(ExpansionRiver2), Options{})
	if err != nil {
		b.Fatal(err)
	}
	benchRandomGames(b, r)
}

// BenchmarkRandomGameExpansions plays complete 2-player games with every
// playable expansion (PlayableExpansions) with uniformly random legal
// moves: a follower about half the time and the large follower a third of
// those times when the supply holds it; with Traders & Builders, a builder
// or pig a quarter of the time where one may stand; with The Tower, a tower
// piece a fifth of the time, capturing half the time; with The Princess &
// the Dragon, the dragon tiles set aside before the first volcano, nothing
// deployed with a volcano, the dragon's steps at random; with Mage & Witch
// and The Crop Circles, their choices at random (withMagicCrop). It
// reports games/s.
func BenchmarkRandomGameExpansions(b *testing.B) {
	var set ExpansionSet
	for _, e := range PlayableExpansions() {
		set = set.With(e)
	}
	r, err := NewRules(set, Options{})
	if err != nil {
		b.Fatal(err)
	}
	benchRandomGames(b, r)
}

// BenchmarkRandomGameExpansionsI is BenchmarkRandomGameExpansions with the
// expansions of issue "Expansions I" alone (The River I and II, Inns &
// Cathedrals, King & Robber Baron, the Cathars, the pig herd), the set its
// target was set for, named one by one so that the expansions added later
// stay out of it.
func BenchmarkRandomGameExpansionsI(b *testing.B) {
	var set ExpansionSet
	for _, e := range []Expansion{ExpansionRiver, ExpansionRiver2, ExpansionInnsAndCathedrals,
		ExpansionKingAndRobber, ExpansionCathars, ExpansionGQ11} {
		set = set.With(e)
	}
	r, err := NewRules(set, Options{})
	if err != nil {
		b.Fatal(err)
	}
	benchRandomGames(b, r)
}

// BenchmarkRandomGameTower plays complete 2-player games with The Tower
// alone (see benchRandomGames) and reports games/s.
func BenchmarkRandomGameTower(b *testing.B) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionTower), Options{})
	if err != nil {
		b.Fatal(err)
	}
	benchRandomGames(b, r)
}

// BenchmarkAppendPlacements lists, into a reused slice, the placements of
// every tile kind on a mid-game board (35 tiles placed): the inner loop of a
// search or a random playout. It reports ns per tile kind.
func BenchmarkAppendPlacements(b *testing.B) {
	g := midGame(b)
	var ps []Placement
	kinds := g.TileSet().Len()
	for b.Loop() {
		for t := TileID(1); int(t) <= kinds; t++ {
			ps = g.AppendPlacements(ps[:0], t)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*kinds), "ns/tile")
}

// BenchmarkRandomPlacement draws a placement of every tile kind on a
// mid-game board (35 tiles placed), as a random playout does, and reports
// ns per tile kind.
func BenchmarkRandomPlacement(b *testing.B) {
	g := midGame(b)
	rng := rand.New(rand.NewPCG(3, 4))
	kinds := g.TileSet().Len()
	for b.Loop() {
		for t := TileID(1); int(t) <= kinds; t++ {
			g.RandomPlacement(t, rng.Uint64())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*kinds), "ns/tile")
}

// BenchmarkRandomGameDragon plays complete 2-player games with The Princess
// & the Dragon alone (see benchRandomGames) and reports games/s.
func BenchmarkRandomGameDragon(b *testing.B) {
	r, err := NewRules(ExpansionSet(0).With(ExpansionPrincessAndDragon), Options{})
	if err != nil {
		b.Fatal(err)
	}
	benchRandomGames(b, r)
}

// BenchmarkNew sets up a 2-player base game in new memory.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	cfg := Config{Players: []string{"A", "B"}}
	for b.Loop() {
		cfg.Seed++
		if _, err := New(cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewInto sets up a 2-player base game in the memory of the game
// before it (NewInto): the part of a random game spent before the first
// move.
func BenchmarkNewInto(b *testing.B) {
	b.ReportAllocs()
	cfg := Config{Players: []string{"A", "B"}}
	var g Game
	for b.Loop() {
		cfg.Seed++
		if err := NewInto(&g, cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomGameExpansionsAsBuilt is BenchmarkRandomGameExpansions
// with the expansions built when each expansion issue set its target, one
// sub-benchmark each: "I" (The River I and II, Inns & Cathedrals, King &
// Robber Baron, the Cathars, the pig herd), "II" (and Traders & Builders),
// "III" (and The Princess & the Dragon), "IV" (and The Tower), and "V"
// (and the five mini expansions: every playable expansion). Each reports
// games/s.
func BenchmarkRandomGameExpansionsAsBuilt(b *testing.B) {
	set := ExpansionSet(0)
	for _, step := range []struct {
		name string
		adds []Expansion
	}{
		{"I", []Expansion{ExpansionRiver, ExpansionRiver2, ExpansionInnsAndCathedrals,
			ExpansionKingAndRobber, ExpansionCathars, ExpansionGQ11}},
		{"II", []Expansion{ExpansionTradersAndBuilders}},
		{"III", []Expansion{ExpansionPrincessAndDragon}},
		{"IV", []Expansion{ExpansionTower}},
		{"V", PlayableExpansions()},
	} {
		for _, e := range step.adds {
			set = set.With(e)
		}
		r, err := NewRules(set, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(step.name, func(b *testing.B) { benchRandomGames(b, r) })
	}
}
