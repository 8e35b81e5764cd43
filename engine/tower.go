package engine

import (
	"fmt"
	"slices"
	"strconv"
)

// This file holds The Tower (004_…, "The Tower"; 002_…, "Sequence of
// Play", steps 1, 3 and 4; spec/rules-options.md, "The Tower").
//
// Each player has tower pieces in a supply of their own (TowerPieces),
// 10/9/7/6/5 for 2/3/4/5/6 players (10 alone). In the figure step, instead
// of a figure on the tile just placed, the current player may put a tower
// piece on any tower foundation or open tower of the board, the tile just
// placed included (Move.Tower TowerPiece; TowerCells), which raises it by
// one story; or close a tower of at least one story for good by putting a
// follower (or the large follower) on top of it (TowerTop; TowerTops).
//
// After a tower piece the player may take prisoner one follower or large
// follower within the tower's reach (Move.Capture; Captures): on the tower's
// own tile, or on a tile at most as many tiles away as the tower's height,
// in a straight line north, east, south or west, over empty cells and other
// towers alike; the follower on top of another tower in reach too. Builders
// and pigs are never taken. A follower of one's own colour goes back to the
// supply; another's is held by the player (Prisoners). When the owner's
// last follower leaves a feature where their builder or pig stands, those
// go back too. Whenever two players each hold a prisoner of the other, they
// are exchanged at once, one for one; a player gets a follower back before
// a large follower (spec/rules-options.md). The capture comes before the
// scoring of the tile (002_…: step 4 before step 6).
//
// At the start of their turn (002_…, step 1), before the tile, a player with
// at least RansomPoints points may pay them to a player who holds one of
// their figures (Move.Ransomed; Ransoms; in the step view, part of the
// StepTile answer): the figure returns to the supply and may be deployed in
// that turn. One ransom a turn.
//
// Readings of this engine beyond the rule texts: a follower closes only a
// tower of at least one story (an empty foundation is no tower yet), and it
// stays closed when that follower is taken prisoner (spec: "closes it for
// good"); a
// follower on top of a tower stands on no feature and never scores; the
// large follower may close a tower too ("one of his followers"); prisoners
// left at the end score nothing. A ransom goes with the move that places
// the turn's tile: after a discard the same player ransoms with the next
// tile.

// RansomPoints is what a ransom costs the payer and gives the jailer, in
// points (004_…, "The prisoners": "moves his scoring marker 3 spaces
// backward").
const RansomPoints = 3

// maxTowers bounds the tower foundations on the board (The Tower has 18).
const maxTowers = 24

// TowerPiecesPerPlayer returns how many tower pieces each player has at the
// start of a game of n players with The Tower (004_…, "Preparation"): 10,
// 9, 7, 6, 5 for 2 to 6 players, and 10 in a solo game; 0 for a number of
// players no game has.
func TowerPiecesPerPlayer(n int) int {
	switch n {
	case 1, 2:
		return 10
	case 3:
		return 9
	case 4:
		return 7
	case 5:
		return 6
	case 6:
		return 5
	}
	return 0
}

// TowerAction is what a move does with a tower in its figure step. The zero
// value, TowerNone, does nothing with towers.
type TowerAction uint8

// The tower actions.
const (
	// TowerNone: the move uses no tower.
	TowerNone TowerAction = iota
	// TowerPiece: a tower piece from the player's supply on the foundation
	// or open tower on Move.TowerCell, raising it by one story.
	TowerPiece
	// TowerTop: a follower of kind Move.Figure (the follower or the large
	// follower) on top of the tower on Move.TowerCell: the tower is closed
	// for good.
	TowerTop
	numTowerActions
)

// String returns "none", "piece" or "top".
func (a TowerAction) String() string {
	switch a {
	case TowerNone:
		return "none"
	case TowerPiece:
		return "piece"
	case TowerTop:
		return "top"
	}
	return "tower?"
}

// Tower is a tower on the board: a tower foundation with at least one tower
// piece on it.
type Tower struct {
	// Cell is the tile of the foundation.
	Cell Cell
	// Height is the number of tower pieces stacked, from 1: the reach of
	// its captures in tiles.
	Height int
	// Closed tells that a follower was put on top: no piece may be added,
	// for good, even once that follower is taken prisoner.
	Closed bool
	// Guarded tells that the follower is still on top: Guard is its player
	// (index in turn order) and GuardFigure its kind (the follower or the
	// large follower).
	Guarded     bool
	Guard       int
	GuardFigure Figure
}

// Prisoner is a figure held by another player (The Tower).
type Prisoner struct {
	// Player is the figure's owner (index in turn order).
	Player int
	// Figure is its kind: the follower or the large follower.
	Figure Figure
}

// Ransom names a prisoner a player buys back (The Tower).
type Ransom struct {
	// Jailer is the player (index in turn order) who holds the prisoner and
	// is paid RansomPoints.
	Jailer int
	// Figure is the prisoner freed: the follower or the large follower.
	Figure Figure
}

// String is ransom r as a record's token (spec/record.md, The Tower):
// "ransom/SEAT", SEAT the jailer's place in Players from 1, and "=large"
// when it frees the large follower ("ransom/2", "ransom/1=large").
func (r Ransom) String() string {
	s := "ransom/" + strconv.Itoa(r.Jailer+1)
	if r.Figure == FigureLarge {
		s += "=large"
	}
	return s
}

// ParseRansom reads a ransom written as Ransom.String writes it. Its
// errors say what is wrong with the token, in English; whether the ransom
// may be paid is the game's to say (Game.AfterRansom).
func ParseRansom(s string) (Ransom, error) {
	tok, err := lexToken(s)
	if err != nil {
		return Ransom{}, err
	}
	if tok.verb != "ransom" {
		return Ransom{}, fmt.Errorf("a ransom is written ransom/SEAT (\"ransom/2\"), not %q", s)
	}
	var m Move
	if err := m.readTowerToken(tok); err != nil {
		return Ransom{}, err
	}
	return m.Ransom, nil
}

// towerAt is a tower foundation on the board.
type towerAt struct {
	x, y   int16
	height uint8
	guard  int8 // the guard's player + 1, 0 for none
	gfig   Figure
	closed bool // a follower was put on top (it may have been taken since)
}

// towerState is the state of The Tower, in expansionState.
type towerState struct {
	pieces [MaxPlayers]int8
	towers [maxTowers]towerAt
	n      uint8
	// held[j][p][f] is how many figures of kind f (FigureFollower or
	// FigureLarge) of player p player j holds.
	held [MaxPlayers][MaxPlayers][2]int8
}

// towers reports whether The Tower is in play.
func (g *Game) towers() bool {
	return g.x != nil && g.rules.Expansions.Has(ExpansionTower)
}

// towerPlaced notes the foundation of tile t, just placed at (x, y).
func (x *expansionState) towerPlaced(g *Game, t TileID, cx, cy int16) {
	ts := &x.tower
	if g.ts.marks[t]&TowerFoundation != 0 && int(ts.n) < maxTowers {
		ts.towers[ts.n] = towerAt{x: cx, y: cy}
		ts.n++
	}
}

// index returns the index in the tower state of the foundation on
// cell (x, y), or -1.
func (ts *towerState) index(x, y int16) int {
	for i := range ts.towers[:ts.n] {
		if ts.towers[i].x == x && ts.towers[i].y == y {
			return i
		}
	}
	return -1
}

// Towers returns the towers on the board (foundations with at least one
// piece), in the order their tiles were placed; nil without The Tower.
func (g *Game) Towers() []Tower {
	if !g.towers() {
		return nil
	}
	var out []Tower
	for _, t := range g.x.tower.towers[:g.x.tower.n] {
		if t.height == 0 {
			continue
		}
		tw := Tower{Cell: Cell{int(t.x), int(t.y)}, Height: int(t.height), Closed: t.closed, Guarded: t.guard != 0}
		if t.guard != 0 {
			tw.Guard, tw.GuardFigure = int(t.guard)-1, t.gfig
		}
		out = append(out, tw)
	}
	return out
}

// TowerPieces returns how many tower pieces player p has in their supply;
// 0 for a player not in the game or without The Tower.
func (g *Game) TowerPieces(p int) int {
	if !g.towers() || p < 0 || p >= g.nplayers {
		return 0
	}
	return int(g.x.tower.pieces[p])
}

// Prisoners returns the figures player jailer holds, by owner in turn
// order, the followers of each owner before their large follower; nil for
// none, a player not in the game, or without The Tower.
func (g *Game) Prisoners(jailer int) []Prisoner {
	if !g.towers() || jailer < 0 || jailer >= g.nplayers {
		return nil
	}
	var out []Prisoner
	for p := range g.nplayers {
		for f := FigureFollower; f <= FigureLarge; f++ {
			for range g.x.tower.held[jailer][p][f] {
				out = append(out, Prisoner{Player: p, Figure: f})
			}
		}
	}
	return out
}

// Ransoms returns the ransoms the current player may pay at the start of
// their turn, with the placement of the tile drawn (Move.Ransomed; the
// StepTile answer): for each player in turn order who holds some of
// theirs, the follower, then the large follower, when held. It returns nil
// when their score is below RansomPoints (004_…: "If a player does not have
// enough points to pay a ransom, he may not ransom a follower"), once the
// game is over, or without The Tower.
func (g *Game) Ransoms() []Ransom {
	if g.ended || !g.ransomOffered() {
		return nil
	}
	return g.appendRansoms(nil)
}

// appendRansoms appends the ransoms the current player may pay, the step
// aside.
func (g *Game) appendRansoms(dst []Ransom) []Ransom {
	if !g.towers() || g.scores[g.current] < RansomPoints {
		return dst
	}
	for j := range g.nplayers {
		for f := FigureFollower; f <= FigureLarge; f++ {
			if g.x.tower.held[j][g.current][f] > 0 {
				dst = append(dst, Ransom{Jailer: j, Figure: f})
			}
		}
	}
	return dst
}

// ransomOffered reports whether the current player may pay a ransom at the
// start of the turn.
func (g *Game) ransomOffered() bool {
	if g.x == nil || g.scores[g.current] < RansomPoints || !g.rules.Expansions.Has(ExpansionTower) {
		return false
	}
	for j := range g.nplayers {
		if h := g.x.tower.held[j][g.current]; h[0]+h[1] > 0 {
			return true
		}
	}
	return false
}

// ransomNamed returns ransom r as a record's ransom/SEAT names it: the
// follower, or the large follower when r.Jailer holds the current player's
// large follower and no follower of theirs, the only prisoner it can be
// (rules-options.md, The Tower: "ransom/seat frees the payer's only
// prisoner held by that player, or the small one when that player holds
// both"). Any other ransom is returned as it is.
func (g *Game) ransomNamed(r Ransom) Ransom {
	if g.x == nil || r.Figure != FigureFollower || r.Jailer < 0 || r.Jailer >= g.nplayers || g.current < 0 {
		return r
	}
	if h := g.x.tower.held[r.Jailer][g.current]; h[FigureFollower] == 0 && h[FigureLarge] > 0 {
		r.Figure = FigureLarge
	}
	return r
}

// ransomErr says why the current player may not pay ransom r now.
func (g *Game) ransomErr(r Ransom) error {
	who := g.players[g.current]
	switch {
	case !g.towers():
		return moveErr(ErrNoRansom, "The Tower is not played in this game, so nobody holds prisoners")
	case r.Jailer < 0 || r.Jailer >= g.nplayers:
		return moveErr(ErrNotAPlayer, "")
	case r.Jailer == g.current:
		return moveErr(ErrNoRansom, fmt.Sprintf("%s cannot pay a ransom to themselves", who))
	case r.Figure != FigureFollower && r.Figure != FigureLarge:
		return moveErr(ErrNoRansom, fmt.Sprintf("only followers are taken prisoner, not a %s", r.Figure.Title()))
	case g.x.tower.held[r.Jailer][g.current][r.Figure] == 0:
		return moveErr(ErrNoRansom, fmt.Sprintf("%s holds no %s of %s", g.players[r.Jailer], r.Figure.Title(), who))
	case g.scores[g.current] < RansomPoints:
		return moveErr(ErrNoRansom, fmt.Sprintf("%s has %d points, and a ransom costs %d", who, g.scores[g.current], RansomPoints))
	}
	return nil
}

// AfterRansom returns a copy of g in which the current player has paid
// ransom r at the start of their turn (004_…, "The prisoners"): RansomPoints
// moved to r.Jailer and the figure back in the supply, the tile not placed
// yet. It is a view of what the turn may do after the ransom (its follower
// spots, tower pieces and captures), for a preview; the turn itself is
// played on g with Move.Ransomed and Move.Ransom set. It returns a
// *MoveError wrapping ErrNoRansom (or ErrNotAPlayer) when r is not one of
// Ransoms, and ErrGameOver once the game is over.
func (g *Game) AfterRansom(r Ransom) (*Game, error) {
	if g.ended {
		return nil, moveErr(ErrGameOver, "")
	}
	if err := g.ransomErr(r); err != nil {
		return nil, err
	}
	c := g.Clone()
	c.part = partTurn{}
	c.payRansom(r)
	return c, nil
}

// payRansom plays ransom r (checked): RansomPoints from the current player
// to the jailer, and the figure back to the supply.
func (g *Game) payRansom(r Ransom) {
	g.x.tower.held[r.Jailer][g.current][r.Figure]--
	g.returnFigure(meeple{player: int8(g.current), fig: r.Figure})
	ev := ScoreEvent{Turn: g.turn, Source: SourceRansom, Tiles: r.Jailer}
	ev.Points = -RansomPoints
	g.addPoints(g.current, ev)
	ev.Points, ev.Tiles = RansomPoints, g.current
	g.addPoints(r.Jailer, ev)
}

// open reports whether the foundation i may take a tower piece.
func (ts *towerState) open(i int) bool { return !ts.towers[i].closed }

// TowerCells returns the cells where the current player may put a tower
// piece if the tile drawn is placed as p (a legal placement): every tower
// foundation and open tower on the board, the tile placed included when it
// has a foundation, in the order the tiles were placed. It returns nil when
// the placement is illegal, the player has no tower piece left, or without
// The Tower.
func (g *Game) TowerCells(p Placement) []Cell {
	t, ok := g.Drawn()
	if !ok || !g.towers() || g.checkPlacement(t, p.Cell, p.Rotation) != nil {
		return nil
	}
	return g.AppendTowerCells(nil, t, p)
}

// AppendTowerCells appends to dst the cells of TowerCells for tile t placed
// as p, which must be a legal placement, and returns the extended slice.
func (g *Game) AppendTowerCells(dst []Cell, t TileID, p Placement) []Cell {
	if !g.towers() || g.x.tower.pieces[g.current] == 0 {
		return dst
	}
	ts := &g.x.tower
	for i := range ts.towers[:ts.n] {
		if ts.open(i) {
			dst = append(dst, Cell{int(ts.towers[i].x), int(ts.towers[i].y)})
		}
	}
	if g.ts.marks[t]&TowerFoundation != 0 {
		dst = append(dst, p.Cell)
	}
	return dst
}

// TowerTops returns the towers the current player may close with a
// follower of kind f (the follower or the large follower) from their
// supply: every open tower of at least one story, in the order their tiles
// were placed, but the one on the dragon's tile (The Princess & the Dragon:
// "No follower may share a tile with the dragon"). It returns nil when the supply holds no such figure, or
// without The Tower.
func (g *Game) TowerTops(f Figure) []Cell {
	return g.AppendTowerTops(nil, f)
}

// AppendTowerTops appends the cells of TowerTops(f) to dst and returns the
// extended slice.
func (g *Game) AppendTowerTops(dst []Cell, f Figure) []Cell {
	if !g.towers() || f > FigureLarge || g.SupplyOf(g.current, f) == 0 {
		return dst
	}
	ts := &g.x.tower
	d := &g.x.dragon
	for i, tw := range ts.towers[:ts.n] {
		if ts.open(i) && tw.height > 0 && !(d.on && tw.x == d.x && tw.y == d.y) {
			dst = append(dst, Cell{int(tw.x), int(tw.y)})
		}
	}
	return dst
}

// checkTower checks the tower action of move m, whose tile is legally
// placed: a tower piece on a foundation or open tower, or a follower on top
// of an open tower; and the capture after a piece.
func (g *Game) checkTower(m Move) error {
	who := g.players[g.current]
	if !g.towers() {
		return moveErr(ErrNoTower, "The Tower is not played in this game")
	}
	if m.Tower >= numTowerActions {
		return moveErr(ErrNoTower, "")
	}
	if m.Follower != NoPort {
		return moveErr(ErrNoTower, "a tower piece or a follower on a tower comes instead of a figure on the tile, not with one")
	}
	c := m.TowerCell
	if !inRange(c) {
		return moveErr(ErrNoTower, fmt.Sprintf("(%s) is off the board", c))
	}
	ts := &g.x.tower
	i := ts.index(int16(c.X), int16(c.Y))
	onNew := c == m.Cell && g.ts.marks[m.Tile]&TowerFoundation != 0
	if i < 0 && !onNew {
		return moveErr(ErrNoTower, fmt.Sprintf("the tile at (%s) has no tower foundation", c))
	}
	if i >= 0 && !ts.open(i) {
		return moveErr(ErrTowerClosed, fmt.Sprintf("the tower at (%s) is closed for good: a follower was put on top of it", c))
	}
	if m.Tower == TowerTop {
		if m.Figure != FigureFollower && m.Figure != FigureLarge {
			return moveErr(ErrNoSuchFigure, fmt.Sprintf("only a follower closes a tower, not a %s", m.Figure.Title()))
		}
		if m.Figure == FigureLarge && g.rules.figureSupply(FigureLarge) == 0 {
			return moveErr(ErrNoSuchFigure, fmt.Sprintf("the %s is not played in this game", m.Figure.Title()))
		}
		if g.SupplyOf(g.current, m.Figure) == 0 {
			return moveErr(ErrNoFollowers, fmt.Sprintf("%s has no %s left in the supply", who, m.Figure.Title()))
		}
		if i < 0 || ts.towers[i].height == 0 {
			return moveErr(ErrNoTower, fmt.Sprintf("no tower stands at (%s) yet: a follower goes on top of a tower of at least one piece", c))
		}
		if m.Capture != (Target{}) {
			return moveErr(ErrNoCapture, "only a tower piece takes a prisoner, not a follower on a tower")
		}
		return nil
	}
	if ts.pieces[g.current] == 0 {
		return moveErr(ErrNoTowerPieces, fmt.Sprintf("%s has no tower piece left", who))
	}
	if m.Capture == (Target{}) {
		return nil
	}
	height := 1
	if i >= 0 {
		height = int(ts.towers[i].height) + 1
	}
	return g.captureErr(c, height, m.Capture)
}

// inReach reports whether cell (x, y) is in the reach of a tower of height
// h on cell (tx, ty): the tower's tile, or up to h tiles away in a straight
// line north, east, south or west (004_…: "With each higher tower story,
// the player adds 4 possible tiles to his reach").
func inReach(tx, ty int16, h int, x, y int16) bool {
	ddx, ddy := int(x)-int(tx), int(y)-int(ty)
	switch {
	case ddx == 0:
		return ddy >= -h && ddy <= h
	case ddy == 0:
		return ddx >= -h && ddx <= h
	}
	return false
}

// captureErr says why target may not be taken prisoner by a tower piece
// making the tower on cell c height h, or returns nil.
func (g *Game) captureErr(c Cell, h int, target Target) error {
	if !inRange(target.Cell) {
		return moveErr(ErrNoCapture, fmt.Sprintf("(%s) is off the board", target.Cell))
	}
	tx, ty := int16(target.Cell.X), int16(target.Cell.Y)
	if !inReach(int16(c.X), int16(c.Y), h, tx, ty) {
		return moveErr(ErrNoCapture, fmt.Sprintf("(%s) is out of reach of the tower at (%s): %s in a straight line north, east, south or west", target.Cell, c, plural(h, "tile")))
	}
	if target.Tower {
		if target.Port != NoPort {
			return moveErr(ErrNoCapture, "a follower on a tower is named by its tile alone")
		}
		ts := &g.x.tower
		if i := ts.index(tx, ty); i < 0 || ts.towers[i].guard == 0 {
			return moveErr(ErrNoCapture, fmt.Sprintf("no follower stands on a tower at (%s)", target.Cell))
		}
		return nil
	}
	if g.capturedMeeple(target) < 0 {
		return moveErr(ErrNoCapture, fmt.Sprintf("no follower stands at (%s) %s to take prisoner (builders and pigs are never taken)", target.Cell, target.Port))
	}
	return nil
}

// plural returns "1 tile", "2 tiles".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprint(n, " ", word, "s")
}

// capturedMeeple returns the index in g.meeples of the follower or large
// follower named by target (a feature segment of a placed tile), or -1.
func (g *Game) capturedMeeple(target Target) int {
	if target.Port == NoPort || target.Port > C2 {
		return -1
	}
	ti := g.placedAt(int16(target.Cell.X), int16(target.Cell.Y))
	if ti < 0 {
		return -1
	}
	pt := &g.tiles[ti]
	f, ok := g.ts.FeatureAt(pt.tile, pt.rot, target.Port)
	if !ok {
		return -1
	}
	nd := pt.seg + int16(f)
	for i, m := range g.meeples {
		if m.node == nd && m.fig <= FigureLarge {
			return i
		}
	}
	return -1
}

// Captures returns the figures the current player may take prisoner after
// the tower piece of move m (m.Tower TowerPiece; its Capture aside): the
// followers and large followers within the reach of the tower once raised,
// in the order they were deployed (each named by its tile and the port
// that names its feature there, board orientation; a spot that holds two
// of them, a crop circle's or a landing, once: the capture takes the first
// deployed), then the followers on top of other towers in reach
// (Target.Tower), in the order their tiles were placed. It returns nil when m is not legal, uses no tower piece, or
// nothing is in reach. A Move with Capture set to one of them is legal.
func (g *Game) Captures(m Move) []Target {
	m.Capture = Target{}
	if m.Tower != TowerPiece || g.checkBeforeDragon(m, false) != nil {
		return nil
	}
	return g.AppendCaptures(nil, m)
}

// AppendCaptures appends the targets of Captures(m) to dst for move m, whose
// tile and tower piece must be legal, and returns the extended slice.
func (g *Game) AppendCaptures(dst []Target, m Move) []Target {
	return g.appendCaptures(dst, m, -1)
}

// AppendRivalCaptures appends the targets of AppendCaptures whose capture
// takes another player's figure, not the current player's, and returns the
// extended slice, for search code that takes none of its own: a spot whose
// follower or large follower deployed first is another player's (the one
// a capture takes), or the top of a tower guarded by another player
// (004_…, "Place a tower piece and take a prisoner").
func (g *Game) AppendRivalCaptures(dst []Target, m Move) []Target {
	return g.appendCaptures(dst, m, g.current)
}

// appendCaptures is AppendCaptures without the figures of player skip on
// the board (-1: none left out).
func (g *Game) appendCaptures(dst []Target, m Move, skip int) []Target {
	if !g.towers() || m.Tower != TowerPiece {
		return dst
	}
	ts := &g.x.tower
	cx, cy := int16(m.TowerCell.X), int16(m.TowerCell.Y)
	h := 1
	if i := ts.index(cx, cy); i >= 0 {
		h = int(ts.towers[i].height) + 1
	}
	start := len(dst)
	// A spot's capture takes its figure deployed first: a spot whose
	// first is skip's is left out (mine).
	var buf [8]Target
	mine := buf[:0]
	for _, mp := range g.meeples {
		if mp.fig > FigureLarge {
			continue
		}
		pt := &g.tiles[mp.tile]
		if !inReach(cx, cy, h, pt.x, pt.y) {
			continue
		}
		t := Target{Cell: Cell{int(pt.x), int(pt.y)}, Port: g.ts.orients[pt.tile][pt.rot].main[g.nodes[mp.node].feat]}
		switch {
		case slices.Contains(dst[start:], t) || slices.Contains(mine, t):
		case int(mp.player) == skip:
			mine = append(mine, t)
		default:
			dst = append(dst, t)
		}
	}
	for _, tw := range ts.towers[:ts.n] {
		if tw.guard != 0 && int(tw.guard)-1 != skip && inReach(cx, cy, h, tw.x, tw.y) {
			dst = append(dst, Target{Cell: Cell{int(tw.x), int(tw.y)}, Tower: true})
		}
	}
	return dst
}

// playTower plays the tower action of move m (checked), after its tile is
// placed and before the scoring: the piece or the follower on top, then the
// capture and any exchange of prisoners.
func (g *Game) playTower(m Move) {
	ts := &g.x.tower
	cx, cy := int16(m.TowerCell.X), int16(m.TowerCell.Y)
	i := ts.index(cx, cy)
	if i < 0 {
		return
	}
	tw := &ts.towers[i]
	if m.Tower == TowerTop {
		tw.guard, tw.gfig, tw.closed = int8(g.current)+1, m.Figure, true
		if m.Figure == FigureFollower {
			g.supply[g.current]--
		} else {
			g.x.supply[g.current][m.Figure]--
		}
		return
	}
	tw.height++
	ts.pieces[g.current]--
	if m.Capture == (Target{}) {
		return
	}
	owner, fig := -1, FigureFollower
	if m.Capture.Tower {
		j := ts.index(int16(m.Capture.Cell.X), int16(m.Capture.Cell.Y))
		if j < 0 || ts.towers[j].guard == 0 {
			return
		}
		owner, fig = int(ts.towers[j].guard)-1, ts.towers[j].gfig
		ts.towers[j].guard, ts.towers[j].gfig = 0, 0
	} else {
		k := g.capturedMeeple(m.Capture)
		if k < 0 {
			return
		}
		mp := g.meeples[k]
		g.meeples = append(g.meeples[:k], g.meeples[k+1:]...)
		g.nodes[g.find(mp.node)].followers--
		owner, fig = int(mp.player), mp.fig
		defer g.dropOrphans(owner)
	}
	if owner == g.current {
		g.returnFigure(meeple{player: int8(owner), fig: fig})
		return
	}
	ts.held[g.current][owner][fig]++
	g.exchange(g.current, owner)
}

// exchange swaps prisoners while players a and b each hold one of the
// other's (004_…, "The prisoners": "the prisoners are immediately
// exchanged"), a follower before a large follower.
func (g *Game) exchange(a, b int) {
	ts := &g.x.tower
	for {
		fa, fb := heldFirst(ts.held[a][b]), heldFirst(ts.held[b][a])
		if fa < 0 || fb < 0 {
			return
		}
		ts.held[a][b][fa]--
		g.returnFigure(meeple{player: int8(b), fig: Figure(fa)})
		ts.held[b][a][fb]--
		g.returnFigure(meeple{player: int8(a), fig: Figure(fb)})
	}
}

// heldFirst returns the kind of prisoner to give back first from counts h
// (the follower before the large follower), or -1 for none.
func heldFirst(h [2]int8) int {
	switch {
	case h[FigureFollower] > 0:
		return int(FigureFollower)
	case h[FigureLarge] > 0:
		return int(FigureLarge)
	}
	return -1
}

// MoveOfAnswers returns the Move that the answers of a whole turn make up,
// for tile t (the tile drawn): the inverse of answering a Move step by
// step (Act), the dragon's steps (decided by several players) included.
func MoveOfAnswers(t TileID, as []Answer) Move {
	m := Move{Tile: t}
	for _, a := range as {
		if a.Step > StepNone && a.Step < numSteps {
			stepRules[a.Step].move(&m, a)
		}
	}
	return m
}

// targetString writes a target as records do: "x,y:PORT", or "x,y:tower"
// for the top of a tower.
func targetString(t Target) string {
	if t.Tower {
		return t.Cell.String() + ":tower"
	}
	return t.Cell.String() + ":" + t.Port.String()
}

// actCapture takes an answer to StepCapture, the prisoner a tower piece
// takes (004_…, "The Tower"); the step's other rules (stepRules) follow it
// here.
func (g *Game) actCapture(a Answer, t TileID) (bool, error) {
	m := g.partMove()
	m.Capture = a.Target
	if a.Target != (Target{}) {
		if err := g.checkTower(m); err != nil {
			return false, err
		}
	}
	g.part.capture = a.Target
	return g.moveOn(m, StepCapture)
}

func (g *Game) captureAnswers(t TileID) []Answer {
	out := []Answer{{Step: StepCapture}}
	for _, c := range g.AppendCaptures(nil, g.partMove()) {
		out = append(out, Answer{Step: StepCapture, Target: c})
	}
	return out
}

func captureText(a Answer) string {
	if a.Target == (Target{}) {
		return passToken
	}
	return "capture@" + targetString(a.Target)
}

func moveCapture(m *Move, a Answer) {
	m.Capture = a.Target
}
