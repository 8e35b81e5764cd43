package engine

import (
	"errors"
	"fmt"
)

// This file holds The Crop Circles (001_…, "The Crop Circles"; spec/rules-
// options.md, "Mini expansions").
//
// A tile with a crop circle (Markers CropCircle, and CropFork, CropClub or
// CropShield for its type) is placed and its turn played as usual, scoring
// included. Then its player chooses (Move.Crop, the step StepCrop, even
// without a follower of their own):
//   - CropAdd: every player may deploy a follower or the large follower
//     from their supply on a feature segment where they already have a
//     follower or large follower of the circle's type — farmers for the
//     fork, thieves for the club, knights for the shield (CropKind) —, or
//     pass;
//   - CropRemove: every player must return one of their followers or large
//     followers of that type to their supply.
//
// The players answer in turn order from the player's left, the player last
// (the step StepCropPick, Pending names who; Move.CropPicks holds the
// answers in that order). A player who cannot (no follower of that type on
// the board, or, to add, none in the supply) is skipped and answers
// nothing. Nothing is scored; a builder or pig left without its player's
// follower on its feature goes back to the supply (Traders & Builders).

// ErrCrop: the move's crop circle choice or answers are not legal: missing
// after a crop circle tile or given without one, a player's answer where
// they have no follower of the circle's type, too many or too few answers.
var ErrCrop = errors.New("that is not a legal crop circle answer")

// CropChoice is the choice of the player who placed a crop circle tile. The
// zero value, CropNone, is no choice (no crop circle tile).
type CropChoice uint8

// The crop circle choices.
const (
	CropNone CropChoice = iota
	// CropAdd: each player may add a follower next to one of theirs of
	// the circle's type.
	CropAdd
	// CropRemove: each player must return one of their followers of the
	// circle's type.
	CropRemove
)

// String returns the choice as records write it: "add", "remove" ("none"
// for CropNone).
func (c CropChoice) String() string {
	switch c {
	case CropAdd:
		return "add"
	case CropRemove:
		return "remove"
	case CropNone:
		return "none"
	}
	return "crop?"
}

// ParseCropChoice returns the choice named s ("add", "remove"), and false
// for any other string.
func ParseCropChoice(s string) (CropChoice, bool) {
	switch s {
	case "add":
		return CropAdd, true
	case "remove":
		return CropRemove, true
	}
	return CropNone, false
}

// CropPick is one player's answer to a crop circle: under CropAdd, Figure
// (the follower or the large follower) deployed on the feature segment at
// Target, where the player has a follower of the circle's type, or the zero
// Target to pass; under CropRemove, Return set and the player's Figure at
// Target returned to the supply.
type CropPick struct {
	Figure Figure
	Return bool
	Target Target
}

// cropPick is a CropPick packed in a Move.
type cropPick struct {
	x, y int16
	port Port
	fig  Figure
	ret  bool
}

// CropPicks are the answers of the players to a crop circle, in the order
// they answer (from the left of the player who placed it, that player
// last, those who cannot skipped): at most MaxPlayers. The zero value
// holds none.
type CropPicks struct {
	p   [MaxPlayers]cropPick
	n   uint8
	bad bool // more than MaxPlayers were added: Check refuses them
}

// Add returns the answers with p added last; past MaxPlayers answers, the
// result is refused by Check.
func (c CropPicks) Add(p CropPick) CropPicks {
	if int(c.n) >= MaxPlayers || !inRange(p.Target.Cell) {
		c.bad = true
		return c
	}
	c.p[c.n] = cropPick{x: int16(p.Target.Cell.X), y: int16(p.Target.Cell.Y), port: p.Target.Port, fig: p.Figure, ret: p.Return}
	c.n++
	return c
}

// Len returns the number of answers.
func (c CropPicks) Len() int { return int(c.n) }

// At returns answer i, 0 <= i < Len.
func (c CropPicks) At(i int) CropPick {
	p := c.p[i]
	out := CropPick{Figure: p.fig, Return: p.ret}
	if p.port != NoPort {
		out.Target = Target{Cell: Cell{int(p.x), int(p.y)}, Port: p.port}
	}
	return out
}

// crops reports whether The Crop Circles is in play.
func (g *Game) crops() bool {
	return g.x != nil && g.rules.Expansions.Has(ExpansionCropCircles)
}

// CropKind returns the kind of feature whose followers the crop circle of
// tile t concerns (001_…): Field (farmers) for the fork, Road (thieves) for
// the club, City (knights) for the shield; NoFeature for a tile without a
// crop circle.
func (ts *TileSet) CropKind(t TileID) FeatureKind {
	if t == NoTile || int(t) > ts.Len() {
		return NoFeature
	}
	m := ts.marks[t]
	switch {
	case m&CropCircle == 0:
		return NoFeature
	case m&CropFork != 0:
		return Field
	case m&CropClub != 0:
		return Road
	case m&CropShield != 0:
		return City
	}
	return NoFeature
}

// cropAsked reports whether move m, a placement, asks the crop circle
// choice.
func (g *Game) cropAsked(m Move) bool {
	return g.crops() && !m.Discard && !m.Aside && !m.Resign && g.ts.CropKind(m.Tile) != NoFeature
}

// afterTurn returns a copy of g with move m played up to the crop circle:
// the ransom, the tile, its figure and scoring, the escape; the turn does
// not pass.
func (g *Game) afterTurn(m Move) *Game { return g.afterTurnInto(new(Game), m) }

// afterTurnInto is afterTurn into c, whose memory it reuses (see CopyTo).
func (g *Game) afterTurnInto(c *Game, m Move) *Game {
	g.CopyTo(c)
	return c.playAhead(m)
}

// playAhead plays move m on g, a copy of the game that is to play it, up
// to the crop circle, as afterTurn does, and returns g.
func (g *Game) playAhead(m Move) *Game {
	c := g
	c.part = partTurn{}
	m.Crop, m.CropPicks = CropNone, CropPicks{}
	if m.Ransomed {
		c.payRansom(m.Ransom)
	}
	c.draw(m.Tile)
	c.playTile(&m)
	if m.Escape.Port != NoPort {
		c.escape(m.Escape)
		c.dropOrphans(c.current)
	}
	return c
}

// cropSegment is a feature segment of the board: its tile's index and the
// feature's.
type cropSegment struct {
	tile int16
	feat uint8
}

// cropCan reports whether player p can answer a crop circle of kind k
// under choice c: they have a follower of that type on the board, and to
// add one, a follower or the large follower in the supply.
func (g *Game) cropCan(p int, k FeatureKind, c CropChoice) bool {
	if c == CropAdd && g.SupplyOf(p, FigureFollower) == 0 && g.SupplyOf(p, FigureLarge) == 0 {
		return false
	}
	for _, mp := range g.meeples {
		if int(mp.player) == p && mp.kind == k && mp.fig <= FigureLarge {
			return true
		}
	}
	return false
}

// cropPickErr says why pick is not a legal answer of player p to a crop
// circle of kind k under choice c, or returns nil; i is the meeple it
// returns (CropRemove), -1 otherwise, and ti, f the segment it adds to.
func (g *Game) cropPickErr(p int, k FeatureKind, c CropChoice, pick CropPick) (i int, seg cropSegment, err error) {
	i = -1
	role := roleWord(k)
	if pick.Target == (Target{}) {
		if c == CropRemove {
			return i, seg, moveErr(ErrCrop, fmt.Sprintf("%s must return a %s to the supply", g.players[p], role))
		}
		return i, seg, nil
	}
	if c == CropAdd && pick.Return || c == CropRemove && !pick.Return {
		return i, seg, moveErr(ErrCrop, fmt.Sprintf("the crop circle says %s: %s", c, map[CropChoice]string{CropAdd: "each player adds a " + role + " or passes", CropRemove: "each player returns a " + role}[c]))
	}
	if pick.Figure > FigureLarge {
		return i, seg, moveErr(ErrCrop, fmt.Sprintf("only a follower or the large follower answers a crop circle, not the %s", pick.Figure.Title()))
	}
	t := pick.Target
	ti := -1
	if inRange(t.Cell) {
		ti = g.placedAt(int16(t.Cell.X), int16(t.Cell.Y))
	}
	if ti < 0 || t.Tower {
		return i, seg, moveErr(ErrCrop, fmt.Sprintf("no tile lies at (%s)", t.Cell))
	}
	pt := &g.tiles[ti]
	f, ok := g.ts.FeatureAt(pt.tile, pt.rot, t.Port)
	if !ok {
		return i, seg, moveErr(ErrCrop, fmt.Sprintf("the tile at (%s) has nothing at port %s", t.Cell, t.Port))
	}
	seg = cropSegment{tile: int16(ti), feat: uint8(f)}
	node := pt.seg + int16(f)
	mine := -1
	for j, mp := range g.meeples {
		if int(mp.player) == p && mp.node == node && mp.kind == k && mp.fig <= FigureLarge {
			if mine < 0 || c == CropRemove && mp.fig == pick.Figure {
				mine = j
			}
		}
	}
	if mine < 0 {
		return i, seg, moveErr(ErrCrop, fmt.Sprintf("%s has no %s there: the crop circle concerns the %ss only, next to one's own", g.players[p], role, role))
	}
	if c == CropRemove {
		if g.meeples[mine].fig != pick.Figure {
			return i, seg, moveErr(ErrCrop, fmt.Sprintf("%s has no %s there", g.players[p], pick.Figure.Title()))
		}
		return mine, seg, nil
	}
	if g.SupplyOf(p, pick.Figure) == 0 {
		return i, seg, moveErr(ErrNoFollowers, fmt.Sprintf("%s has no %s left in the supply", g.players[p], pick.Figure.Title()))
	}
	return i, seg, nil
}

// roleWord names the followers on features of kind k.
func roleWord(k FeatureKind) string {
	switch k {
	case Road:
		return "thief"
	case City:
		return "knight"
	case Field:
		return "farmer"
	case Cloister:
		return "monk"
	}
	return "follower"
}

// applyPick plays player p's pick (checked): i the meeple returned, or seg
// the segment a figure joins.
func (g *Game) applyPick(p int, k FeatureKind, pick CropPick, i int, seg cropSegment) {
	switch {
	case pick.Target == (Target{}):
	case pick.Return:
		mp := g.meeples[i]
		g.nodes[g.find(mp.node)].followers--
		g.returnFigure(mp)
		g.meeples = append(g.meeples[:i], g.meeples[i+1:]...)
		g.dropOrphans(p)
	default:
		node := g.tiles[seg.tile].seg + int16(seg.feat)
		g.meeples = append(g.meeples, meeple{player: int8(p), fig: pick.Figure, kind: k, port: pick.Target.Port, node: node, tile: seg.tile})
		g.nodes[g.find(node)].followers++
		if pick.Figure == FigureFollower {
			g.supply[p]--
		} else {
			g.x.supply[p][pick.Figure]--
		}
	}
}

// cropRound plays the answers picks of a crop circle of tile t under
// choice c, each by the next player from the current player's left who
// can answer, the current player last. It returns the player who answers
// next, or -1 when every player who can has answered; with check, an error
// for an answer that is not legal (the game is then partly changed: check
// on a copy) or for answers left over.
func (g *Game) cropRound(t TileID, c CropChoice, picks CropPicks, check bool) (int, error) {
	k := g.ts.CropKind(t)
	used := 0
	p := g.current
	for range g.nplayers {
		p = g.next(p)
		if g.cropCan(p, k, c) {
			if used == picks.Len() {
				return p, nil
			}
			pick := picks.At(used)
			used++
			i, seg, err := g.cropPickErr(p, k, c, pick)
			if err != nil && check {
				return -1, err
			}
			if err == nil {
				g.applyPick(p, k, pick, i, seg)
			}
		}
		if p == g.current {
			break
		}
	}
	if check && (used < picks.Len() || picks.bad) {
		return -1, moveErr(ErrCrop, "more crop circle answers than players who can answer")
	}
	return -1, nil
}

// playCrop plays the crop circle of move m after its turn (unchecked).
func (g *Game) playCrop(m Move) {
	g.cropRound(m.Tile, m.Crop, m.CropPicks, false)
}

// cropErr says why the crop circle part of move m (otherwise legal) is not
// legal, or returns nil.
func (g *Game) cropErr(m Move) error {
	given := m.Crop != CropNone || m.CropPicks.Len() > 0 || m.CropPicks.bad
	switch {
	case !g.cropAsked(m) && given:
		if !g.crops() {
			return moveErr(ErrCrop, fmt.Sprintf("crop circles belong to %s, which this game does not play", ExpansionCropCircles.Title()))
		}
		return moveErr(ErrCrop, fmt.Sprintf("tile %s has no crop circle", g.ts.Name(m.Tile)))
	case !g.cropAsked(m):
		return nil
	case m.Crop != CropAdd && m.Crop != CropRemove:
		return moveErr(ErrCrop, fmt.Sprintf("tile %s has a crop circle: its player chooses crop=add or crop=remove", g.ts.Name(m.Tile)))
	}
	after := g.afterTurn(m)
	next, err := after.cropRound(m.Tile, m.Crop, m.CropPicks, true)
	if err != nil {
		return err
	}
	if next >= 0 {
		return moveErr(ErrCrop, fmt.Sprintf("%s's crop circle answer is missing", g.players[next]))
	}
	return nil
}

// cropAnswers appends to out the answers of player p to the crop circle
// of move m (the answers so far in m.CropPicks) on after, the game after
// the turn and those answers: under CropAdd, the pass first, then each
// follower, then large follower, of the supply on each segment holding one
// of p's followers of the circle's type; under CropRemove, each such
// follower.
func (after *Game) cropAnswers(out []Answer, p int, m Move) []Answer {
	k := after.ts.CropKind(m.Tile)
	if m.Crop == CropAdd {
		out = append(out, Answer{Step: StepCropPick})
	}
	// A player has at most FollowersPerPlayer followers and a large one.
	var segBuf [FollowersPerPlayer + 1]int16
	var figBuf [FollowersPerPlayer + 1]Figure
	segs, figs := segBuf[:0], figBuf[:0]
	for _, mp := range after.meeples {
		if int(mp.player) != p || mp.kind != k || mp.fig > FigureLarge {
			continue
		}
		seen := false
		for i, s := range segs {
			seen = seen || s == mp.node && (m.Crop == CropAdd || figs[i] == mp.fig)
		}
		if seen {
			continue
		}
		segs, figs = append(segs, mp.node), append(figs, mp.fig)
		if m.Crop == CropRemove {
			out = append(out, Answer{Step: StepCropPick, Return: true, Figure: mp.fig, Target: after.nodeTarget(mp.node)})
		}
	}
	for f := FigureFollower; f <= FigureLarge && m.Crop == CropAdd; f++ {
		if after.SupplyOf(p, f) == 0 {
			continue
		}
		for _, s := range segs {
			out = append(out, Answer{Step: StepCropPick, Figure: f, Target: after.nodeTarget(s)})
		}
	}
	return out
}

// cropResigned moves the crop circle under way on after a player other
// than the current one resigned: the players who resign are skipped, so
// the next to answer may change, or the round end (the turn is then
// played).
func (g *Game) cropResigned() {
	if _, err := g.nextPick(g.partMove()); err != nil {
		g.part = partTurn{}
	}
}

// actCrop takes an answer to StepCrop, a crop circle's add or remove (001_…,
// "The Crop Circles"); the step's other rules (stepRules) follow it here.
func (g *Game) actCrop(a Answer, t TileID) (bool, error) {
	if a.Crop != CropAdd && a.Crop != CropRemove {
		return false, moveErr(ErrCrop, "the crop circle's player chooses add or remove")
	}
	g.part.crop = a.Crop
	return g.nextPick(g.partMove())
}

func (g *Game) cropAnswersOf(t TileID) []Answer {
	return []Answer{{Step: StepCrop, Crop: CropAdd}, {Step: StepCrop, Crop: CropRemove}}
}

func cropText(a Answer) string { return "crop=" + a.Crop.String() }

func moveCrop(m *Move, a Answer) {
	m.Crop = a.Crop
}

// actPick takes an answer to StepCropPick, a player's answer to a crop
// circle; the step's other rules (stepRules) follow it here.
func (g *Game) actPick(a Answer, t TileID) (bool, error) {
	m := g.partMove()
	after := g.afterTurn(m)
	after.cropRound(m.Tile, m.Crop, m.CropPicks, false)
	pick := CropPick{Figure: a.Figure, Return: a.Return, Target: a.Target}
	if _, _, err := after.cropPickErr(int(g.part.cropNext), g.ts.CropKind(m.Tile), m.Crop, pick); err != nil {
		return false, err
	}
	g.part.picks = g.part.picks.Add(pick)
	return g.nextPick(g.partMove())
}

func (g *Game) pickAnswers(t TileID) []Answer {
	m := g.partMove()
	after := g.afterTurn(m)
	after.cropRound(m.Tile, m.Crop, m.CropPicks, false)
	return after.cropAnswers(nil, int(g.part.cropNext), m)
}

func pickText(a Answer) string {
	switch {
	case a.Target == (Target{}):
		return passToken
	case a.Return && a.Figure == FigureLarge:
		return "return@" + targetString(a.Target) + "=large"
	case a.Return:
		return "return@" + targetString(a.Target)
	}
	return a.Figure.String() + "@" + targetString(a.Target)
}

func movePick(m *Move, a Answer) {
	m.CropPicks = m.CropPicks.Add(CropPick{Figure: a.Figure, Return: a.Return, Target: a.Target})
}

// pickDecider is who answers the crop circle next: each player who can,
// from the current player's left, the current player last (001_…, "The
// Crop Circles").
func (g *Game) pickDecider() int { return int(g.part.cropNext) }
