package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// withGold sets the second gold ingot of move m, a legal placement of the
// tile drawn, on a tile of GoldCells picked by rng (the first one when rng
// is nil), when its tile has a gold mine (The Gold Mines): the ingot is
// part of every such move.
func withGold(g *Game, rng *rand.Rand, m *Move) {
	if m.Discard || m.Aside || m.Resign {
		return
	}
	var buf [8]Cell
	cs := g.AppendGoldCells(buf[:0], m.Tile, Placement{Cell: m.Cell, Rotation: m.Rotation})
	if len(cs) == 0 {
		return
	}
	i := 0
	if rng != nil {
		i = rng.IntN(len(cs))
	}
	m.Gold, m.GoldCell = true, cs[i]
}

// flightChecked sets the die and the landing of move m, a legal placement
// of the tile drawn with a figure onto its flying machine (m.Fly, m.Figure),
// after checking Landings against a reference computed the slow way: the
// tile the machine's heading, turned with the tile, reaches in m.Roll
// steps, and its roads, cities and cloisters left incomplete once m's tile
// is placed. It returns the followers before the move with the landed
// figure added.
func flightChecked(tb testing.TB, g *Game, rng *rand.Rand, m *Move, before []Follower, seed uint64) []Follower {
	tb.Helper()
	m.Roll = int8(1 + rng.IntN(3))
	refFlights++
	var want []Target
	h := g.TileSet().Tile(m.Tile).Flight.Rotate(m.Rotation)
	ddx, ddy := h.Step()
	at := Cell{m.Cell.X + int(m.Roll)*ddx, m.Cell.Y + int(m.Roll)*ddy}
	var wantFeats []int
	if pt, ok := g.TileAt(at); ok {
		c := g.Clone()
		placed := Move{Tile: m.Tile, Cell: m.Cell, Rotation: m.Rotation, Gold: m.Gold, GoldCell: m.GoldCell}
		if err := c.Apply(placed); err != nil {
			tb.Fatalf("seed %d: placing %s: %v", seed, MoveString(g.TileSet(), placed), err)
		}
		rb := newRefBoard(c)
		for i, f := range g.TileSet().Tile(pt.Tile).Features {
			rf := rb.feats[rb.comp[segKey{at, i}]]
			if (f.Kind == Road || f.Kind == City || f.Kind == Cloister) && !rf.complete {
				want = append(want, Target{Cell: at, Port: f.Ports.Rotate(pt.Rotation).Main()})
				wantFeats = append(wantFeats, i)
			}
		}
	}
	got := g.Landings(*m)
	if !slices.Equal(got, want) {
		tb.Fatalf("seed %d: %s flies %d to %v: landings %v, reference %v", seed, MoveString(g.TileSet(), *m), m.Roll, at, got, want)
	}
	if len(got) == 0 {
		refFlightsOff++
		return before
	}
	i := rng.IntN(len(got))
	m.Land = got[i]
	pt, _ := g.TileAt(at)
	f := g.TileSet().Tile(pt.Tile).Features[wantFeats[i]]
	return append(before, Follower{Player: g.Current(), Cell: at, Port: m.Land.Port, Kind: f.Kind, Feature: wantFeats[i], Figure: m.Figure})
}

// refFlights and refFlightsOff count the flights of the random games, and
// those that went back to the supply; refGoldShared the ingots shared
// between several players in one turn.
var refFlights, refFlightsOff, refGoldShared int

// refGold follows The Gold Mines the slow way: the ingots on each tile and
// those each player holds.
type refGold struct {
	ingots map[Cell]int
	held   [MaxPlayers]int
}

// follow plays the ingots of move m (just played by mover; rb is the board
// after it, before the followers on the board before it with the one it
// deployed) and checks the game's: the placed tile's ingot and the second
// one; then every road, city and cloister the move completed gives the
// ingots of its tiles to the players with the most followers on it; the
// ingots of all of them are shared one at a time from the mover on in turn
// order, each taking from the earliest-placed tile they may take from.
func (rg *refGold) follow(tb testing.TB, g *Game, rb *refBoard, m Move, before []Follower, mover int, seed uint64) {
	tb.Helper()
	if m.Discard || m.Aside || m.Resign {
		return
	}
	if m.Gold {
		rg.ingots[m.Cell]++
		rg.ingots[m.GoldCell]++
	}
	counts := map[int]map[int]int{}
	for _, f := range before {
		id := rb.comp[segKey{f.Cell, f.Feature}]
		if counts[id] == nil {
			counts[id] = map[int]int{}
		}
		counts[id][f.Player] += f.Figure.Weight()
	}
	claims := map[Cell]map[int]bool{}
	for id, rf := range rb.feats {
		if !rf.complete || rf.kind == Field || rf.kind == River {
			continue
		}
		var cells []Cell
		switch rf.kind {
		case Cloister:
			c := rf.segs[0].cell
			if abs(c.X-m.Cell.X) > 1 || abs(c.Y-m.Cell.Y) > 1 {
				continue
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					cells = append(cells, Cell{c.X + dx, c.Y + dy})
				}
			}
		default:
			if !rb.touched(rf, m) {
				continue
			}
			for c := range rf.tiles {
				cells = append(cells, c)
			}
		}
		best := 0
		for _, n := range counts[id] {
			best = max(best, n)
		}
		if best == 0 {
			continue
		}
		for _, c := range cells {
			if rg.ingots[c] == 0 {
				continue
			}
			for p, n := range counts[id] {
				if n == best {
					if claims[c] == nil {
						claims[c] = map[int]bool{}
					}
					claims[c][p] = true
				}
			}
		}
	}
	order := map[Cell]int{}
	for i, pt := range g.PlacedTiles() {
		order[pt.Cell] = i
	}
	var cells []Cell
	for c := range claims {
		cells = append(cells, c)
	}
	slices.SortFunc(cells, func(a, b Cell) int { return order[a] - order[b] })
	takers := map[int]bool{}
	for {
		taken := false
		for k := range g.NumPlayers() {
			p := (mover + k) % g.NumPlayers()
			for _, c := range cells {
				if rg.ingots[c] > 0 && claims[c][p] {
					rg.ingots[c]--
					rg.held[p]++
					takers[p] = true
					taken = true
					break
				}
			}
		}
		if !taken {
			break
		}
	}
	if len(takers) > 1 {
		refGoldShared++
	}
	var want []Ingots
	for _, pt := range g.PlacedTiles() {
		if n := rg.ingots[pt.Cell]; n > 0 {
			want = append(want, Ingots{Cell: pt.Cell, N: n})
		}
	}
	if got := g.Ingots(); !slices.Equal(got, want) {
		tb.Fatalf("seed %d turn %d (%s): ingots on the board %v, reference %v", seed, g.Turn()-1, MoveString(g.TileSet(), m), got, want)
	}
	for p := range g.NumPlayers() {
		if g.Gold(p) != rg.held[p] {
			tb.Fatalf("seed %d turn %d (%s): player %d holds %d ingots, reference %d", seed, g.Turn()-1, MoveString(g.TileSet(), m), p, g.Gold(p), rg.held[p])
		}
	}
}

// drawNext puts a copy of tile t on top of the draw pile of g, a game
// replayed from a record without its seed, so that the tile the record
// plays next is the tile drawn.
func drawNext(tb testing.TB, g *Game, t TileID) {
	tb.Helper()
	i := slices.Index(g.pile[g.top:], t)
	if i < 0 {
		tb.Fatalf("tile %s is not in the draw pile", g.TileSet().Name(t))
	}
	g.pile[g.top], g.pile[g.top+i] = g.pile[g.top+i], g.pile[g.top]
}
