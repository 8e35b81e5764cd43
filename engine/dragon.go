package engine

import (
	"fmt"
	"slices"
	"strings"
)

// This file holds The Princess & the Dragon (004_…, "The Princess & the
// Dragon"; 002_…, "Sequence of Play", steps 1, 3 and 5; spec/rules-options.md,
// "The Princess & the Dragon").
//
// The dragon stays off the board until the first volcano is placed; a dragon
// tile drawn before that is set aside (Move.Aside, aside.go) and the tiles
// set aside are shuffled back into the pile when the first volcano is
// placed. A volcano takes the dragon at once, and no figure is deployed in
// that turn (002_…, step 3: "this ends this step"). After a dragon tile the
// dragon moves up to MaxDragonSteps tiles (Move.Dragon), each step chosen by
// the next player in turn order beginning with the player who placed the
// tile (004_…: "Beginning with the player, who just placed the dragon tile,
// and continuing clockwise"); it steps north, east, south or west onto a
// tile, never onto a tile it entered in this move (the one it started on
// included) nor onto the fairy's tile, and stops early at a dead end. It
// eats every figure on each tile it enters (followers, large followers,
// builders, pigs, the follower on top of a tower): they go back to their
// supplies, and a builder or pig left without its player's follower on its
// road, city or farm goes back too. Under dragon=before-scoring (the
// default) the dragon moves before the tile's scoring (002_…, step 5), under
// dragon=after-scoring after it.
//
// Instead of a figure on the tile just placed, the current player may
// (step 3): after a magic portal tile, deploy a follower or the large
// follower on an incomplete, unoccupied feature of any other tile of the
// board (Move.Portal); after a princess tile joined to a city with knights,
// send one of those knights home (Move.Princess; under princess=must it is
// the only choice); put the fairy on a tile where they have a follower
// (Move.Fairy). The fairy's owner (the player who put it there) scores
// FairyTurnPoints at the start of each of their turns while a follower of
// theirs stands on its tile (not in an extra turn), and FairyScorePoints
// when a feature holding such a follower is scored; the dragon never enters
// its tile. No figure may be deployed on the dragon's tile.

// MaxDragonSteps is the most tiles the dragon enters in one move (004_…:
// "The dragon always moves 6 times, across 6 tiles").
const MaxDragonSteps = 6

// FairyTurnPoints and FairyScorePoints are the fairy's points (004_…, "The
// fairy"; 002_…, "Scoring Summary"): at the start of its owner's turn, and
// when the feature of its owner's follower on its tile is scored.
const (
	FairyTurnPoints  = 1
	FairyScorePoints = 3
)

// DragonPath is the tiles the dragon enters in one move, in order: at most
// MaxDragonSteps, each next to the one before. The zero value is no step.
// It is a small value (8 bytes: a Move holds one): Add returns a longer
// copy.
type DragonPath struct {
	x0, y0 int16  // the first step
	dirs   uint16 // the direction of each later step, 2 bits each: 0 north, 1 east, 2 south, 3 west
	n      uint8
	// bad is set when a step could not be kept (a seventh step, a cell off
	// the board, or one not next to the step before): Check refuses such a
	// path.
	bad bool
}

// MakeDragonPath returns the path of the cells given, in order.
func MakeDragonPath(cells ...Cell) DragonPath {
	var p DragonPath
	for _, c := range cells {
		p = p.Add(c)
	}
	return p
}

// Add returns the path with cell c entered after its last step. A seventh
// step, a cell off the board or a cell that is not north, east, south or
// west of the last step gives a path that Check refuses (Valid).
func (p DragonPath) Add(c Cell) DragonPath {
	if p.bad || int(p.n) >= MaxDragonSteps || !inRange(c) {
		p.bad = true
		return p
	}
	if p.n == 0 {
		p.x0, p.y0, p.n = int16(c.X), int16(c.Y), 1
		return p
	}
	last := p.At(int(p.n) - 1)
	dir := -1
	for s := range 4 {
		if last.X+int(dx[s]) == c.X && last.Y+int(dy[s]) == c.Y {
			dir = s
		}
	}
	if dir < 0 {
		p.bad = true
		return p
	}
	p.dirs |= uint16(dir) << (2 * (p.n - 1))
	p.n++
	return p
}

// Valid reports whether every step Add was given was kept: at most
// MaxDragonSteps, on the board, each next to the step before.
func (p DragonPath) Valid() bool { return !p.bad }

// Len returns the number of steps.
func (p DragonPath) Len() int { return int(p.n) }

// At returns step i, from 0; the zero Cell for i out of range.
func (p DragonPath) At(i int) Cell {
	if i < 0 || i >= int(p.n) {
		return Cell{}
	}
	x, y := p.x0, p.y0
	for k := range i {
		d := p.dirs >> (2 * k) & 3
		x, y = x+dx[d], y+dy[d]
	}
	return Cell{int(x), int(y)}
}

// Cells returns the steps in order; nil for none.
func (p DragonPath) Cells() []Cell {
	var out []Cell
	for i := range int(p.n) {
		out = append(out, p.At(i))
	}
	return out
}

// String returns the steps as records write them, "dragon@1,0 dragon@1,-1".
func (p DragonPath) String() string {
	var parts []string
	for _, c := range p.Cells() {
		parts = append(parts, "dragon@"+c.String())
	}
	return strings.Join(parts, " ")
}

// eatenFig is a figure the dragon ate, in Game.meals.
type eatenFig struct {
	turn   int32
	player int8
	fig    Figure
	kind   FeatureKind
	port   Port
	feat   uint8
	x, y   int16
	tower  bool // the follower on top of a tower
}

// dragonState is the state of The Princess & the Dragon, in expansionState.
type dragonState struct {
	on     bool // the dragon is on the board, on (x, y)
	x, y   int16
	fairy  bool // the fairy is on the board, on (fx, fy), put there by fowner
	fx, fy int16
	fowner int8
	// fport is the port of the feature of the follower the fairy stands by
	// on (fx, fy), NoPort when the record does not name it (one figure of
	// fowner on the tile).
	fport Port
	// fpoint: the current turn began with a follower of fowner on the
	// fairy's tile; its FairyTurnPoints are scored when that turn is played
	// (rules-options.md, "the fairy's point").
	fpoint bool
	// The dragon's last move: its turn, whether it flew to a volcano, the
	// tile it started from, the tiles it entered; what it ate is in
	// Game.meals.
	lastTurn     int32
	lastVolcano  bool
	lastX, lastY int16
	last         DragonPath
}

// dragons reports whether The Princess & the Dragon is in play.
func (g *Game) dragons() bool {
	return g.x != nil && g.rules.Expansions.Has(ExpansionPrincessAndDragon)
}

// DragonTiming is when the dragon moves in a turn that places a dragon tile
// (option "dragon"). The zero value is DragonBeforeScoring.
type DragonTiming uint8

// The dragon timings.
const (
	// DragonBeforeScoring: the dragon moves before the tile's scoring
	// (002_…, step 5; 004_…'s turn order), so a follower it eats does not
	// score.
	DragonBeforeScoring DragonTiming = iota
	// DragonAfterScoring: the dragon moves once the tile's scoring is done.
	DragonAfterScoring
)

var dragonNames = [...]string{"before-scoring", "after-scoring"}

// String returns "before-scoring" or "after-scoring".
func (d DragonTiming) String() string { return valueName(dragonNames[:], d, "DragonTiming") }

// PrincessRule is whether the princess must be used (option "princess").
// The zero value is PrincessMay.
type PrincessRule uint8

// The princess rules.
const (
	// PrincessMay: a player whose princess tile joins a city with knights
	// may send one home, or deploy normally (002_…, step 3: one of the
	// actions).
	PrincessMay PrincessRule = iota
	// PrincessMust: they must send one home, and deploy nothing (004_…).
	PrincessMust
)

var princessNames = [...]string{"may", "must"}

// String returns "may" or "must".
func (p PrincessRule) String() string { return valueName(princessNames[:], p, "PrincessRule") }

// dragonAside is the rule of the tiles set aside with The Princess & the
// Dragon: a dragon tile drawn while the dragon is off the board, back into
// the pile when a volcano is placed (004_…, "Note").
func dragonAside(ts *TileSet) asideRule {
	return asideRule{
		sets: func(g *Game, t TileID) bool {
			return g.ts.marks[t]&Dragon != 0 && !g.x.dragon.on
		},
		returns: func(t TileID) bool {
			return int(t) <= ts.Len() && ts.marks[t]&Volcano != 0
		},
	}
}

// Dragon returns the tile the dragon stands on, and false while it is off
// the board (no volcano placed yet) or without The Princess & the Dragon.
func (g *Game) Dragon() (Cell, bool) {
	if !g.dragons() || !g.x.dragon.on {
		return Cell{}, false
	}
	return Cell{int(g.x.dragon.x), int(g.x.dragon.y)}, true
}

// Fairy returns the tile the fairy stands on and the player (index in turn
// order) who put it there, its owner; false while it is off the board or
// without The Princess & the Dragon.
func (g *Game) Fairy() (Cell, int, bool) {
	if !g.dragons() || !g.x.dragon.fairy {
		return Cell{}, 0, false
	}
	d := &g.x.dragon
	return Cell{int(d.fx), int(d.fy)}, int(d.fowner), true
}

// DragonMove is what the dragon did in one turn.
type DragonMove struct {
	// Turn is the turn the dragon moved in (0: it never moved).
	Turn int
	// Volcano tells that it flew to the volcano placed on Path's only
	// cell; otherwise Path are the tiles it entered, in order, from the
	// tile From it stood on before the move.
	Volcano bool
	From    Cell
	Path    []Cell
	// Eaten are the figures it ate, in the order it ate them, with the
	// builders and pigs that went home with the last follower of their
	// player; a follower eaten on top of a tower has Kind NoFeature and
	// Port NoPort.
	Eaten []Follower
}

// LastDragon returns the dragon's last move: its turn, and the tiles it
// entered and the figures it ate then; the zero DragonMove when it never
// moved or without The Princess & the Dragon. A summary of turn n reads it
// when LastDragon().Turn == n.
func (g *Game) LastDragon() DragonMove {
	if !g.dragons() || g.x.dragon.lastTurn == 0 {
		return DragonMove{}
	}
	d := &g.x.dragon
	out := DragonMove{Turn: int(d.lastTurn), Volcano: d.lastVolcano, Path: d.last.Cells()}
	if !d.lastVolcano {
		out.From = Cell{int(d.lastX), int(d.lastY)}
	}
	start := len(g.meals)
	for start > 0 && g.meals[start-1].turn == d.lastTurn {
		start--
	}
	for _, e := range g.meals[start:] {
		kind, port := e.kind, e.port
		if e.tower {
			kind, port = NoFeature, NoPort
		}
		out.Eaten = append(out.Eaten, Follower{Player: int(e.player), Cell: Cell{int(e.x), int(e.y)}, Port: port, Kind: kind, Feature: int(e.feat), Figure: e.fig})
	}
	return out
}

// isDragonTile reports whether placing tile t moves the dragon now.
func (g *Game) isDragonTile(t TileID) bool {
	return g.dragons() && g.x.dragon.on && g.ts.marks[t]&Dragon != 0
}

// isVolcano reports whether tile t is a volcano of this game.
func (g *Game) isVolcano(t TileID) bool {
	return g.dragons() && g.ts.marks[t]&Volcano != 0
}

// DragonSteps returns the tiles the dragon may enter next in move m, whose
// tile is a dragon tile legally placed and whose Dragon path so far is
// legal: the tiles north, east, south and west of where it stands (in that
// order; the tile of m counts as placed), not entered in this move nor
// the tile it started it on, not the fairy's tile (where m's fairy puts
// it). It returns nil when the dragon does not move after m, or stands at
// a dead end, or has taken MaxDragonSteps steps.
func (g *Game) DragonSteps(m Move) []Cell {
	return g.AppendDragonSteps(nil, m)
}

// AppendDragonSteps appends the cells of DragonSteps(m) to dst and
// returns the extended slice.
func (g *Game) AppendDragonSteps(dst []Cell, m Move) []Cell {
	if m.Discard || m.Aside || m.Resign || m.Tile == NoTile || int(m.Tile) > g.ts.Len() || !g.isDragonTile(m.Tile) || m.Dragon.Len() >= MaxDragonSteps || m.Dragon.bad {
		return dst
	}
	d := &g.x.dragon
	x, y := d.x, d.y
	var path [MaxDragonSteps]Cell
	for i := range m.Dragon.Len() {
		path[i] = m.Dragon.At(i)
	}
	if n := m.Dragon.Len(); n > 0 {
		x, y = int16(path[n-1].X), int16(path[n-1].Y)
	}
	fx, fy, fairy := d.fx, d.fy, d.fairy
	if m.Fairy {
		fx, fy, fairy = int16(m.FairyCell.X), int16(m.FairyCell.Y), true
	}
	mx, my := int16(m.Cell.X), int16(m.Cell.Y)
	for s := range 4 {
		nx, ny := x+dx[s], y+dy[s]
		if !(nx == mx && ny == my) && g.placedAt(nx, ny) < 0 {
			continue
		}
		if fairy && nx == fx && ny == fy || nx == d.x && ny == d.y {
			continue
		}
		seen := false
		for _, c := range path[:m.Dragon.Len()] {
			if c.X == int(nx) && c.Y == int(ny) {
				seen = true
				break
			}
		}
		if !seen {
			dst = append(dst, Cell{int(nx), int(ny)})
		}
	}
	return dst
}

// checkDragonPath checks the dragon's path of move m (its tile legally
// placed, its fairy checked): every step among DragonSteps, and as many as
// the dragon can take, up to MaxDragonSteps.
func (g *Game) checkDragonPath(m Move) error {
	path := m.Dragon
	if path.bad {
		return moveErr(ErrDragon, fmt.Sprintf("the dragon moves at most %d tiles in a move, each next to the one before (north, east, south or west)", MaxDragonSteps))
	}
	if !g.isDragonTile(m.Tile) {
		if path.Len() > 0 {
			return moveErr(ErrDragon, "the dragon moves only after a dragon tile is placed, once a volcano has brought it onto the board")
		}
		return nil
	}
	var buf [4]Cell
	m.Dragon = DragonPath{}
	for i := range path.Len() {
		next := g.AppendDragonSteps(buf[:0], m)
		c := path.At(i)
		ok := false
		for _, n := range next {
			ok = ok || n == c
		}
		if !ok {
			return moveErr(ErrDragon, fmt.Sprintf("the dragon cannot enter (%s) in its step %d: it goes to a tile next to it (north, east, south or west), never one it entered in this move nor the fairy's; %s", c, i+1, cellList(next)))
		}
		m.Dragon = m.Dragon.Add(c)
	}
	if next := g.AppendDragonSteps(buf[:0], m); len(next) > 0 {
		return moveErr(ErrDragon, fmt.Sprintf("the dragon must move on: it has taken %d of its %d steps, and %s", path.Len(), MaxDragonSteps, cellList(next)))
	}
	return nil
}

// cellList says where the dragon may go: "it may enter 1,0 or 0,-1", "it
// can go nowhere".
func cellList(cs []Cell) string {
	if len(cs) == 0 {
		return "it can go nowhere"
	}
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.String())
	}
	return "it may enter " + strings.Join(parts, " or ")
}

// hasPrincess reports whether tile t has a princess in a city.
func (g *Game) hasPrincess(t TileID) bool {
	return g.ts.featMarks[t]&Princess != 0
}

// afterPlacing returns a copy of the game with the tile of move m drawn and
// placed, nothing else played, for the checks that need the board as the
// tile makes it (the princess's city, the portal's features).
func (g *Game) afterPlacing(m Move) *Game {
	c := g.Clone()
	c.part = partTurn{}
	c.draw(m.Tile)
	c.place(m.Tile, int16(m.Cell.X), int16(m.Cell.Y), m.Rotation)
	return c
}

// princessKnights appends to dst the knights (followers and large
// followers) in the city of the princess of the tile last placed on g, as
// targets, in the order they were deployed; knights that share a spot (a
// flight's landing, a crop circle's) make one target, which sends home
// the first of them placed.
func (g *Game) princessKnights(dst []Target) []Target {
	start := len(dst)
	pt := &g.tiles[len(g.tiles)-1]
	var roots [4]int16
	nr := 0
	for i, f := range g.ts.tiles[pt.tile].Features {
		if f.Markers&Princess != 0 && nr < len(roots) {
			roots[nr] = g.find(pt.seg + int16(i))
			nr++
		}
	}
	for _, mp := range g.meeples {
		if mp.fig > FigureLarge || mp.kind != City {
			continue
		}
		r := g.find(mp.node)
		for _, root := range roots[:nr] {
			if r == root {
				if t := g.meepleTarget(mp); !slices.Contains(dst[start:], t) {
					dst = append(dst, t)
				}
				break
			}
		}
	}
	return dst
}

// meepleTarget names the spot of figure mp: its tile and the port that
// names its feature there (board orientation).
func (g *Game) meepleTarget(mp meeple) Target {
	pt := &g.tiles[mp.tile]
	return Target{Cell: Cell{int(pt.x), int(pt.y)}, Port: g.ts.orients[pt.tile][pt.rot].main[g.nodes[mp.node].feat]}
}

// mainTarget returns target t named by the port that names its feature on
// its tile (PortSet.Main, as meepleTarget names it), or t itself when no
// tile lies there or the port names no feature of it.
func (g *Game) mainTarget(t Target) Target {
	if t.Tower {
		return t
	}
	ti := g.placedAt(int16(t.Cell.X), int16(t.Cell.Y))
	if ti < 0 {
		return t
	}
	pt := &g.tiles[ti]
	if f, ok := g.ts.FeatureAt(pt.tile, pt.rot, t.Port); ok {
		t.Port = g.ts.orients[pt.tile][pt.rot].main[f]
	}
	return t
}

// princessKnight returns the index in g.meeples of the knight the princess
// sends home from the spot t names: the first follower or large follower
// deployed there; with seat (1 to 6) the first of that player's, and with
// seat or large the first of that kind (large: the large follower, else
// the follower). It returns -1 when no such knight stands there.
func (g *Game) princessKnight(t Target, seat int8, large bool) int {
	if t.Port == NoPort || t.Port > C2 {
		return -1
	}
	ti := g.placedAt(int16(t.Cell.X), int16(t.Cell.Y))
	if ti < 0 {
		return -1
	}
	pt := &g.tiles[ti]
	f, ok := g.ts.FeatureAt(pt.tile, pt.rot, t.Port)
	if !ok {
		return -1
	}
	nd := pt.seg + int16(f)
	for i, mp := range g.meeples {
		switch {
		case mp.node != nd || mp.fig > FigureLarge:
		case seat != 0 && int(mp.player) != int(seat)-1:
		case (seat != 0 || large) && (mp.fig == FigureLarge) != large:
		default:
			return i
		}
	}
	return -1
}

// namePrincessKnight sets the seat and kind of the knight the princess of
// move m (checked, no seat named) sends home when several knights stand on
// its spot, so that the record names it (spec/record.md).
func (g *Game) namePrincessKnight(m *Move) {
	k := g.princessKnight(m.Princess, 0, m.PrincessLarge)
	if k < 0 {
		return
	}
	n := 0
	for _, mp := range g.meeples {
		if mp.node == g.meeples[k].node && mp.fig <= FigureLarge {
			n++
		}
	}
	if n > 1 {
		m.PrincessSeat, m.PrincessLarge = g.meeples[k].player+1, g.meeples[k].fig == FigureLarge
	}
}

// Princesses returns the knights the current player may send home with the
// princess of the tile drawn placed as p (a legal placement): every
// follower and large follower in the city the princess joins, in the order
// they were deployed, each named by its tile and the port of its feature
// there, each spot once (the first knight placed there goes home; a
// record's princess@x,y:PORT/seat names another). It returns nil when the
// tile has no princess, no knight stands in
// that city, or without The Princess & the Dragon.
func (g *Game) Princesses(p Placement) []Target {
	t, ok := g.Drawn()
	if !ok || !g.dragons() || !g.hasPrincess(t) || g.checkPlacement(t, p.Cell, p.Rotation) != nil {
		return nil
	}
	return g.afterPlacing(Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}).princessKnights(nil)
}

// FairyCells returns the tiles where the current player may put the fairy:
// each tile where a follower or large follower of theirs stands, in the
// order they were deployed, each once. It returns nil without The Princess
// & the Dragon.
func (g *Game) FairyCells() []Cell {
	return g.AppendFairyCells(nil)
}

// AppendFairyCells appends the cells of FairyCells to dst and returns the
// extended slice, for search code that keeps its buffers.
func (g *Game) AppendFairyCells(dst []Cell) []Cell {
	if !g.dragons() {
		return dst
	}
	out := dst
	start := len(dst)
	for _, mp := range g.meeples {
		if int(mp.player) != g.current || mp.fig > FigureLarge {
			continue
		}
		pt := &g.tiles[mp.tile]
		c := Cell{int(pt.x), int(pt.y)}
		if !slices.Contains(out[start:], c) {
			out = append(out, c)
		}
	}
	return out
}

// FairySpots returns where the current player may put the fairy: next to
// each follower or large follower of theirs (FairyCells), in the order
// deployed. On a tile where they have one, the Target's Port is NoPort;
// where they have several, one Target per follower, its Port naming the
// follower's feature (the port meepleTarget names; rules-options.md,
// "Reading, which follower"). It returns nil without The Princess & the
// Dragon.
func (g *Game) FairySpots() []Target {
	cells := g.FairyCells()
	if len(cells) == 0 {
		return nil
	}
	var out []Target
	for _, c := range cells {
		n := len(out)
		for _, mp := range g.meeples {
			if int(mp.player) != g.current || mp.fig > FigureLarge {
				continue
			}
			if pt := &g.tiles[mp.tile]; int(pt.x) == c.X && int(pt.y) == c.Y {
				if t := g.meepleTarget(mp); !slices.Contains(out[n:], t) {
					out = append(out, t)
				}
			}
		}
		if len(out) == n+1 {
			out[n].Port = NoPort
		}
	}
	return out
}

// fairyFollower returns the index in g.meeples of the follower of player p
// the fairy stands by when put on the tile at c with port (Move.FairyPort):
// the follower or large follower of p on that tile whose feature holds
// port, or with NoPort the first one deployed; -1 when there is none.
func (g *Game) fairyFollower(p int, c Cell, port Port) int {
	for i, mp := range g.meeples {
		if int(mp.player) != p || mp.fig > FigureLarge {
			continue
		}
		pt := &g.tiles[mp.tile]
		if int(pt.x) != c.X || int(pt.y) != c.Y {
			continue
		}
		if port == NoPort {
			return i
		}
		if f, ok := g.ts.FeatureAt(pt.tile, pt.rot, port); ok && pt.seg+int16(f) == mp.node {
			return i
		}
	}
	return -1
}

// hasFollowerAt reports whether player p has a follower or large follower
// on the tile at (x, y).
func (g *Game) hasFollowerAt(p int, x, y int16) bool {
	for _, mp := range g.meeples {
		if int(mp.player) == p && mp.fig <= FigureLarge {
			if pt := &g.tiles[mp.tile]; pt.x == x && pt.y == y {
				return true
			}
		}
	}
	return false
}

// PortalSpots returns the spots where the current player may deploy a
// follower through the magic portal of the tile drawn placed as p (a legal
// placement): every incomplete feature no figure occupies, on every other
// tile of the board but the dragon's, in the order the tiles were placed,
// each named by its tile and the port of its feature there (004_…, "The
// magic portal"). The spots of the tile placed are its FollowerSpots. It
// returns nil when the tile has no magic portal, the player's supply holds
// no follower or large follower, or without The Princess & the Dragon.
func (g *Game) PortalSpots(p Placement) []Target {
	t, ok := g.Drawn()
	if !ok || !g.dragons() || g.ts.marks[t]&MagicPortal == 0 || g.checkPlacement(t, p.Cell, p.Rotation) != nil {
		return nil
	}
	if g.supply[g.current] == 0 && !g.hasOtherFigures(g.current) {
		return nil
	}
	return g.afterPlacing(Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}).portalSpots(nil)
}

// portalSpots appends the portal's spots on g, the tile just placed (the
// last) left out.
func (g *Game) portalSpots(dst []Target) []Target {
	d := &g.x.dragon
	for ti := range g.tiles[:len(g.tiles)-1] {
		pt := &g.tiles[ti]
		if d.on && pt.x == d.x && pt.y == d.y {
			continue
		}
		o := &g.ts.orients[pt.tile][pt.rot]
		for i, f := range g.ts.tiles[pt.tile].Features {
			if !g.holds(f.Kind) {
				continue
			}
			if n := &g.nodes[g.find(pt.seg+int16(i))]; n.followers > 0 || n.open == 0 && f.Kind != Field {
				continue
			}
			dst = append(dst, Target{Cell: Cell{int(pt.x), int(pt.y)}, Port: o.main[i]})
		}
	}
	return dst
}

// checkPD checks the step-3 action of move m with The Princess & the
// Dragon, its tile legally placed (and, with The Tower, its tower action
// checked): one action at most; none after a volcano; the princess under
// princess=must; the portal, the princess and the fairy; a figure on the
// tile placed as checkFigure does. With path, the dragon's path too.
func (g *Game) checkPD(m Move, path bool) error {
	actions := 0
	for _, b := range []bool{m.Follower != NoPort, m.Tower != TowerNone, m.Princess != (Target{}), m.Fairy} {
		if b {
			actions++
		}
	}
	if actions > 1 {
		return moveErr(ErrOneAction, "a turn takes one action after its tile: a figure, a tower piece, the princess or the fairy")
	}
	if m.Portal && m.Follower == NoPort {
		return moveErr(ErrPortal, "the magic portal deploys a follower: name its spot")
	}
	name := g.ts.Name(m.Tile)
	if actions > 0 && g.isVolcano(m.Tile) {
		return moveErr(ErrVolcano, fmt.Sprintf("%s is a volcano: the dragon flies there, and no figure is deployed in this turn", name))
	}
	if d := &g.x.dragon; m.Tower == TowerTop && d.on && m.TowerCell == (Cell{int(d.x), int(d.y)}) {
		return moveErr(ErrDragonTile, fmt.Sprintf("the dragon stands on (%s): no follower may share its tile, on top of its tower either", m.TowerCell))
	}
	var after *Game
	if g.hasPrincess(m.Tile) && (m.Princess != (Target{}) || g.opts.Princess == PrincessMust) {
		after = g.afterPlacing(m)
		knights := after.princessKnights(nil)
		if m.Princess == (Target{}) {
			if len(knights) > 0 {
				return moveErr(ErrPrincess, fmt.Sprintf("the princess of %s joins a city with knights: one of them must go home (princess=must), and nothing else is deployed", name))
			}
		} else {
			// Any port of the knight's feature on its tile names it
			// (spec/record.md, "Grammar"); knights names it by its main
			// port.
			want := after.mainTarget(m.Princess)
			ok := false
			for _, k := range knights {
				ok = ok || k == want
			}
			if !ok {
				return moveErr(ErrPrincess, fmt.Sprintf("no knight stands at (%s) %s in the city of the princess of %s", m.Princess.Cell, m.Princess.Port, name))
			}
			if m.PrincessSeat < 0 || int(m.PrincessSeat) > g.nplayers {
				return moveErr(ErrPrincess, fmt.Sprintf("seat %d does not play in this game", m.PrincessSeat))
			}
			if after.princessKnight(m.Princess, m.PrincessSeat, m.PrincessLarge) < 0 {
				fig, who := FigureFollower.Title(), "any player"
				if m.PrincessLarge {
					fig = FigureLarge.Title()
				}
				if m.PrincessSeat > 0 {
					who = g.players[m.PrincessSeat-1]
				}
				return moveErr(ErrPrincess, fmt.Sprintf("no %s of %s stands at (%s) %s", fig, who, m.Princess.Cell, m.Princess.Port))
			}
		}
	} else if m.Princess != (Target{}) {
		return moveErr(ErrPrincess, fmt.Sprintf("tile %s has no princess", name))
	} else if m.PrincessSeat != 0 || m.PrincessLarge {
		return moveErr(ErrPrincess, "a seat or =large names the knight the princess sends home: princess@x,y:PORT comes first")
	}
	switch {
	case m.Fairy:
		fc := m.FairyCell
		if !inRange(fc) || !g.hasFollowerAt(g.current, int16(fc.X), int16(fc.Y)) {
			return moveErr(ErrFairy, fmt.Sprintf("the fairy goes next to a follower of %s, and none stands on (%s)", g.players[g.current], fc))
		}
		if m.FairyPort != NoPort && g.fairyFollower(g.current, fc, m.FairyPort) < 0 {
			return moveErr(ErrFairy, fmt.Sprintf("the fairy goes next to a follower of %s, and none stands on (%s) %s", g.players[g.current], fc, m.FairyPort))
		}
	case m.Portal:
		if err := g.checkPortal(m, after); err != nil {
			return err
		}
	case m.Follower != NoPort:
		if err := g.checkFigure(m); err != nil {
			return err
		}
	case m.Fly:
		// The Flying Machines: the figure, the die and the landing.
		if err := g.checkFly(m); err != nil {
			return err
		}
	}
	if path {
		return g.checkDragonPath(m)
	}
	return nil
}

// checkPortal checks the follower move m deploys through the magic portal
// of its tile; after is the game with m's tile placed, or nil.
func (g *Game) checkPortal(m Move, after *Game) error {
	name := g.ts.Name(m.Tile)
	c := m.PortalCell
	switch {
	case g.ts.marks[m.Tile]&MagicPortal == 0:
		return moveErr(ErrPortal, fmt.Sprintf("tile %s has no magic portal: a figure goes on the tile just placed", name))
	case c == m.Cell:
		return moveErr(ErrPortal, "on the tile just placed a figure is deployed as usual, follower@PORT")
	case m.Figure != FigureFollower && m.Figure != FigureLarge:
		return moveErr(ErrPortal, fmt.Sprintf("the magic portal takes a follower, not a %s", m.Figure.Title()))
	case m.Figure == FigureLarge && g.rules.figureSupply(FigureLarge) == 0:
		return moveErr(ErrNoSuchFigure, fmt.Sprintf("the %s is not played in this game", m.Figure.Title()))
	case g.SupplyOf(g.current, m.Figure) == 0:
		return moveErr(ErrNoFollowers, fmt.Sprintf("%s has no %s left in the supply", g.players[g.current], m.Figure.Title()))
	case m.Follower > C2 || !inRange(c):
		return moveErr(ErrNoSuchSpot, "")
	}
	ti := g.placedAt(int16(c.X), int16(c.Y))
	if ti < 0 {
		return moveErr(ErrPortal, fmt.Sprintf("no tile lies on (%s)", c))
	}
	pt := &g.tiles[ti]
	f, ok := g.ts.FeatureAt(pt.tile, pt.rot, m.Follower)
	if !ok {
		return moveErr(ErrNoSuchSpot, fmt.Sprintf("the tile at (%s) has nothing at port %s", c, m.Follower))
	}
	kind := g.ts.tiles[pt.tile].Features[f].Kind
	switch {
	case kind == Field && g.opts.Farms == FarmsOff:
		return moveErr(ErrFarmsOff, "farmers are not played in this game (farms=off)")
	case !g.holds(kind):
		return moveErr(ErrNoSuchSpot, fmt.Sprintf("a follower cannot stand on the %s", kind))
	case g.x.dragon.on && pt.x == g.x.dragon.x && pt.y == g.x.dragon.y:
		return moveErr(ErrDragonTile, fmt.Sprintf("the dragon stands on (%s): no follower may share its tile", c))
	}
	if after == nil {
		after = g.afterPlacing(m)
	}
	n := &after.nodes[after.find(pt.seg+int16(f))]
	switch {
	case n.followers > 0:
		return moveErr(ErrOccupied, fmt.Sprintf("that %s already has a follower", kindWord(kind)))
	case n.open == 0 && kind != Field:
		return moveErr(ErrPortal, fmt.Sprintf("that %s is completed: the magic portal leads only to features still being built", kindWord(kind)))
	}
	return nil
}

// playPD plays the step-3 action of move m that The Princess & the Dragon
// brings (checked), its tile placed: the princess, the fairy, or the
// dragon's flight to a volcano.
func (g *Game) playPD(m Move) {
	d := &g.x.dragon
	switch {
	case m.Princess != (Target{}):
		if k := g.princessKnight(m.Princess, m.PrincessSeat, m.PrincessLarge); k >= 0 {
			mp := g.meeples[k]
			g.meeples = append(g.meeples[:k], g.meeples[k+1:]...)
			g.nodes[g.find(mp.node)].followers--
			g.returnFigure(mp)
			g.dropOrphans(int(mp.player))
		}
	case m.Fairy:
		d.fairy, d.fx, d.fy, d.fowner, d.fport = true, int16(m.FairyCell.X), int16(m.FairyCell.Y), int8(g.current), NoPort
		if i := g.fairyFollower(g.current, m.FairyCell, m.FairyPort); i >= 0 {
			d.fport = g.meepleTarget(g.meeples[i]).Port
		}
	}
	if g.isVolcano(m.Tile) {
		d.on, d.x, d.y = true, int16(m.Cell.X), int16(m.Cell.Y)
		d.lastTurn, d.lastVolcano, d.last = int32(g.turn), true, MakeDragonPath(m.Cell)
	}
}

// moveDragon moves the dragon along path (checked), eating every figure on
// each tile it enters (004_…, "The dragon").
func (g *Game) moveDragon(path DragonPath) {
	d := &g.x.dragon
	d.lastTurn, d.lastVolcano, d.last = int32(g.turn), false, path
	d.lastX, d.lastY = d.x, d.y
	for i := range path.Len() {
		c := path.At(i)
		d.x, d.y = int16(c.X), int16(c.Y)
		g.eatAt(d.x, d.y)
	}
}

// eatAt returns every figure on the tile at (x, y) to its supply, and the
// builders and pigs left without a follower of their player.
func (g *Game) eatAt(x, y int16) {
	var players uint8
	kept := g.meeples[:0]
	for _, mp := range g.meeples {
		if pt := &g.tiles[mp.tile]; pt.x != x || pt.y != y {
			kept = append(kept, mp)
			continue
		}
		g.nodes[g.find(mp.node)].followers--
		g.returnFigure(mp)
		players |= 1 << mp.player
		g.noteEaten(eatenFig{player: mp.player, fig: mp.fig, kind: mp.kind, port: mp.port, feat: g.nodes[mp.node].feat, x: x, y: y})
	}
	g.meeples = kept
	if g.towers() {
		ts := &g.x.tower
		if i := ts.index(x, y); i >= 0 && ts.towers[i].guard != 0 {
			tw := &ts.towers[i]
			p := tw.guard - 1
			g.returnFigure(meeple{player: p, fig: tw.gfig})
			g.noteEaten(eatenFig{player: p, fig: tw.gfig, x: x, y: y, tower: true})
			tw.guard, tw.gfig = 0, 0
		}
	}
	for p := range g.nplayers {
		if players&(1<<p) == 0 {
			continue
		}
		// The builders and pigs that go home with their player's last
		// follower on their feature go with the meal.
		before := len(g.meeples)
		var gone [MaxPlayers * 2]meeple
		ng := 0
		for _, mp := range g.meeples {
			if int(mp.player) == p && figureWeight[mp.fig] == 0 && !g.hasFollowerOn(p, g.find(mp.node)) && ng < len(gone) {
				gone[ng] = mp
				ng++
			}
		}
		g.dropOrphans(p)
		if len(g.meeples) < before {
			for _, mp := range gone[:ng] {
				pt := &g.tiles[mp.tile]
				g.noteEaten(eatenFig{player: mp.player, fig: mp.fig, kind: mp.kind, port: mp.port, feat: g.nodes[mp.node].feat, x: pt.x, y: pt.y})
			}
		}
	}
}

// noteEaten keeps e among the figures the dragon ate, with this turn.
func (g *Game) noteEaten(e eatenFig) {
	e.turn = int32(g.turn)
	g.meals = append(g.meals, e)
}

// fairyTurn notes, as a turn passes to the current player, whether that
// turn begins with a follower of theirs on the fairy's tile (004_…: "If a
// player starts his turn with a follower on the tile where the fairy is,
// he scores 1 point immediately"); not in an extra turn. The point belongs
// to the turn: fairyPoint scores it when the turn is played, so a game that
// ends first gives none (rules-options.md, "Reading, the fairy's point").
func (g *Game) fairyTurn() {
	d := &g.x.dragon
	d.fpoint = d.fairy && int(d.fowner) == g.current && g.x.extra == 0 && !g.ended && g.dragons() &&
		g.hasFollowerAt(g.current, d.fx, d.fy)
}

// fairyPoint scores the fairy's point noted by fairyTurn, as the current
// player plays the turn it belongs to (its first move that is not a
// resignation).
func (g *Game) fairyPoint() {
	if d := &g.x.dragon; d.fpoint {
		d.fpoint = false
		g.addPoints(g.current, ScoreEvent{Turn: g.turn, Source: SourceFairy, Points: FairyTurnPoints})
	}
}

// fairyScores scores FairyScorePoints when the feature of root r, which
// is scored (for points or not), holds the follower of the fairy's owner
// she stands by: on the fairy's tile, on the feature of port fport there
// (004_…: "When a feature ... with the fairy is scored, the player whose
// follower stands on the tile with the fairy scores 3 points";
// rules-options.md, "Reading, which follower").
func (g *Game) fairyScores(r int16, ev ScoreEvent) {
	d := &g.x.dragon
	if !d.fairy {
		return
	}
	for _, mp := range g.meeples {
		if int(mp.player) != int(d.fowner) || mp.fig > FigureLarge {
			continue
		}
		pt := &g.tiles[mp.tile]
		if pt.x != d.fx || pt.y != d.fy || g.find(mp.node) != r {
			continue
		}
		if f, ok := g.ts.FeatureAt(pt.tile, pt.rot, d.fport); d.fport == NoPort || ok && pt.seg+int16(f) == mp.node {
			ev.Source, ev.Points, ev.Markers, ev.Pig, ev.Cities = SourceFairy, FairyScorePoints, 0, false, 0
			g.addPoints(int(d.fowner), ev)
			return
		}
	}
}

// Preview returns a copy of the game in which the answers given so far
// through Act to the turn under way are played as a whole move, as if the
// turn ended there: the tile placed, the figure deployed, the dragon's
// steps taken so far (and no more), the tile scored, the turn passed. It
// shows the board while the dragon moves (each step decided by another
// player), and lets a computer player judge a position in the middle of a
// turn. It returns nil when no turn is under way past its tile step
// (Pending waits for StepTile, or the game is over).
func (g *Game) Preview() *Game {
	if g.part.step == StepNone || g.ended {
		return nil
	}
	c := g.Clone()
	m := c.partMove()
	c.part = partTurn{}
	c.Play(m)
	return c
}

// actDragon takes an answer to StepDragon, a step of the dragon (004_…, "The
// dragon"); the step's other rules (stepRules) follow it here.
func (g *Game) actDragon(a Answer, t TileID) (bool, error) {
	m := g.partMove()
	ok := false
	var buf [4]Cell
	next := g.AppendDragonSteps(buf[:0], m)
	for _, c := range next {
		ok = ok || c == a.Cell
	}
	if !ok {
		return false, moveErr(ErrDragon, fmt.Sprintf("the dragon cannot enter (%s): %s", a.Cell, cellList(next)))
	}
	g.part.path = g.part.path.Add(a.Cell)
	m.Dragon = g.part.path
	return g.moveOn(m, StepDragon)
}

func (g *Game) dragonAnswers(t TileID) []Answer {
	var out []Answer
	for _, c := range g.AppendDragonSteps(nil, g.partMove()) {
		out = append(out, Answer{Step: StepDragon, Cell: c})
	}
	return out
}

func dragonText(a Answer) string { return "dragon@" + a.Cell.String() }

func moveDragon(m *Move, a Answer) {
	m.Dragon = m.Dragon.Add(a.Cell)
}

// dragonDecider is who decides the next step of the dragon: the k-th step
// (from 0) the k-th player after the current one in turn order, the
// current player first (004_…: "Beginning with the player, who just
// placed the dragon tile, and continuing clockwise"), resigned players
// skipped.
func (g *Game) dragonDecider() int {
	p := g.current
	for range g.part.path.Len() {
		p = g.next(p)
	}
	return p
}
