package engine

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
)

// This file holds The Robbers (rule text 001_…, "The Robbers";
// spec/rules-options.md, "The Robbers"; the tiles in
// spec/expansions/tiles-robbers.md).
//
// After a tile with a bag (Marker Bag) is placed, before the figure, the
// current player may place their robber on the scoreboard, or move it,
// then each other player in turn order whose robber is in front of them
// (option robbers=next: only the next one) may place theirs (StepRobber;
// the record's robber/seat, robber/seat=messenger, or "-"). A robber
// stands on the space of another player's marker (or messenger) and robs
// the next points a pawn of that kind of another colour scores from that
// space: its owner scores half of them, rounded up, on their marker, and
// the robber goes home. Loot is never robbed: robbers on the space the
// looting marker leaves follow it. When several pawns on its space score
// at once, the robber's owner chooses whom to rob (StepRob; rob/seat).
// Before the final scoring the robbers go home.

// robberSpot is where a player's robber stands: on the scoreboard (on) at
// space, by the pawns of kind pawn.
type robberSpot struct {
	on    bool
	space uint8
	pawn  Pawn
}

// RobberSpot is a robber on the scoreboard: its Space, 0 to 49, and the
// kind of pawn it stands by and robs (PawnMarker, or with The Messengers
// PawnMessenger).
type RobberSpot struct {
	Space int
	Pawn  Pawn
}

// Robber returns where player p's robber stands on the scoreboard and
// true, or false when it is in front of its player (or the game does not
// play The Robbers).
func (g *Game) Robber(p int) (RobberSpot, bool) {
	if g.x == nil || p < 0 || p >= g.nplayers || !g.x.board.robber[p].on {
		return RobberSpot{}, false
	}
	r := g.x.board.robber[p]
	return RobberSpot{Space: int(r.space), Pawn: r.pawn}, true
}

// RobberPlaces are the answers to the robbers' step after a tile with a
// bag, in the order the players answer (the current player first, then
// the others in turn order): each a seat (1 to 6) whose marker, or
// messenger, the robber is placed next to, or a pass. Answers left out at
// the end are passes. The zero value holds none.
type RobberPlaces struct {
	p   [MaxPlayers]uint8 // 0 a pass, else seat | 8 for a messenger
	n   uint8
	bad bool
}

// Add returns the places with one more answer: next to seat's pawn
// (messenger: the messenger), or a pass when seat is 0. Past MaxPlayers
// answers, or with a seat outside 0 to 6, Check refuses them.
func (r RobberPlaces) Add(seat int, messenger bool) RobberPlaces {
	if int(r.n) >= MaxPlayers || seat < 0 || seat > MaxPlayers {
		r.bad = true
		return r
	}
	b := uint8(seat)
	if messenger && seat > 0 {
		b |= 8
	}
	r.p[r.n] = b
	r.n++
	return r
}

// Len returns the number of answers.
func (r RobberPlaces) Len() int { return int(r.n) }

// At returns answer i, 0 <= i < Len: the seat (0 for a pass) and whether
// the robber stands by that player's messenger.
func (r RobberPlaces) At(i int) (seat int, messenger bool) {
	return int(r.p[i] & 7), r.p[i]&8 != 0
}

// String writes the places as record tokens: "robber/2 - robber/3=messenger";
// passes at the end are left out (spec/record.md: "an optional choice
// passed is simply absent, except where a later token could be mistaken
// for its answer").
func (r RobberPlaces) String() string {
	last := r.Len()
	for last > 0 && r.p[last-1] == 0 {
		last--
	}
	s := ""
	for i := range last {
		if i > 0 {
			s += " "
		}
		seat, msg := r.At(i)
		switch {
		case seat == 0:
			s += "-"
		case msg:
			s += "robber/" + strconv.Itoa(seat) + "=messenger"
		default:
			s += "robber/" + strconv.Itoa(seat)
		}
	}
	return s
}

// robbersAsked reports whether tile t, placed, asks the robbers' step.
func (g *Game) robbersAsked(t TileID) bool {
	return g.x != nil && g.x.board.robbers && g.x.board.on && g.ts.marks[t]&Bag != 0 && g.nplayers > 1
}

// robberOrder returns, from the players who may still place a robber
// after the tile with a bag, the k-th (from 0): the current player, then
// each other player in turn order whose robber is in front of them, under
// robbers=next only the first of those (001_…, "Using robbers"); -1 past
// the last. Resigned players are skipped.
func (g *Game) robberOrder(k int) int {
	if k == 0 {
		return g.current
	}
	p := g.current
	for range g.nplayers - 1 {
		p = (p + 1) % g.nplayers
		if g.Resigned(p) || g.x.board.robber[p].on {
			continue
		}
		k--
		if k == 0 {
			return p
		}
		if g.opts.Robbers == RobbersNext {
			return -1
		}
	}
	return -1
}

// robberAnswers lists player d's answers to the robbers' step: the pass
// first, then next to each other player's marker, and with The Messengers
// messenger, in turn order.
func (g *Game) robberAnswers(d int) []Answer {
	out := []Answer{{Step: StepRobber}}
	for q := range g.nplayers {
		if q == d {
			continue
		}
		out = append(out, Answer{Step: StepRobber, Seat: q + 1})
		if g.messengers() {
			out = append(out, Answer{Step: StepRobber, Seat: q + 1, Messenger: true})
		}
	}
	return out
}

// placeRobbers places the robbers after the tile of move m, a tile with a
// bag, as m.Robbers says (a pass for each answer left out), before any
// figure (rules-options.md, "The Robbers").
func (g *Game) placeRobbers(m *Move) {
	b := &g.x.board
	// The order is fixed before anyone places: a robber placed now is not
	// "in front of" its player any more, but was when the tile came.
	var order [MaxPlayers]int8
	n := 0
	for k := 0; k < g.nplayers; k++ {
		d := g.robberOrder(k)
		if d < 0 {
			break
		}
		order[n] = int8(d)
		n++
	}
	for k := range n {
		d := int(order[k])
		if k >= m.Robbers.Len() {
			if r := g.run; r != nil && r.probe && r.need == StepNone {
				r.need, r.who, r.answers, r.halt = StepRobber, d, g.robberAnswers(d), true
			}
			return
		}
		seat, msg := m.Robbers.At(k)
		if seat == 0 {
			continue
		}
		q := seat - 1
		switch {
		case q >= g.nplayers:
			g.fail(moveErr(ErrScoreChoice, fmt.Sprintf("robber/%d names no player: this game has %d", seat, g.nplayers)))
			continue
		case q == d:
			g.fail(moveErr(ErrScoreChoice, fmt.Sprintf("%s's robber goes next to another player's marker, not their own", g.players[d])))
			continue
		case msg && !g.messengers():
			g.fail(moveErr(ErrScoreChoice, fmt.Sprintf("robber/%d=messenger stands by a messenger, and this game plays no %s", seat, ExpansionMessengers.Title())))
			continue
		}
		pw := pawnOf(msg)
		b.robber[d] = robberSpot{on: true, space: uint8(BoardSpace(g.pawnValue(q, pw))), pawn: pw}
	}
	if m.Robbers.Len() > n || m.Robbers.bad {
		g.fail(moveErr(ErrScoreChoice, fmt.Sprintf("more robbers than players who may place one: %d may, in turn order from %s", n, g.players[g.current])))
	}
}

// chooseRob returns whom the robber of player o robs among cands (a bit
// per player index), several pawns on its space scoring at once: the
// move's answer, or the first of them in turn order (001_…: "the robber
// chooses from which player he is robbing half the points").
func (g *Game) chooseRob(o int, cands uint8) int {
	first := bits.TrailingZeros8(cands)
	if c, ok := g.nextChoice(); ok {
		q := int(c & 7)
		if c&choiceKind != choiceRob || cands&(1<<q) == 0 {
			g.fail(moveErr(ErrScoreChoice, fmt.Sprintf("%s's robber chooses whom it robs here: rob/SEAT of a player scoring on its space comes next, not %s", g.players[o], g.choiceWords(c))))
			return first
		}
		return q
	}
	g.missing(choiceRob|uint8(first), StepRob, o, func() []Answer {
		var out []Answer
		for w := cands; w != 0; w &= w - 1 {
			out = append(out, Answer{Step: StepRob, Seat: bits.TrailingZeros8(w) + 1})
		}
		return out
	})
	return first
}

// rob lets the robbers rob one scoring of pts points (more than 0) by the
// players of scorers (a bit per index), each of whose pawn pawns[p] left
// space froms[p]: each robber, from the current player's in turn order,
// on such a space by such a pawn of another colour robs one of them (its
// owner's choice when several); its owner then scores half of pts, rounded
// up, on their marker, and it goes home; robbers on the space a looting
// marker leaves follow it (001_…, "Robbing points", "Additional rules").
func (g *Game) rob(scorers uint8, froms *[MaxPlayers]int8, pawns *[MaxPlayers]Pawn, pts int) {
	b := &g.x.board
	if pts <= 0 {
		return
	}
	var loot [MaxPlayers]int8
	any := false
	o := g.current
	for range g.nplayers {
		loot[o] = -1
		if r := b.robber[o]; r.on {
			var cands uint8
			for w := scorers; w != 0; w &= w - 1 {
				p := bits.TrailingZeros8(w)
				if p != o && pawns[p] == r.pawn && int(froms[p]) == int(r.space) {
					cands |= 1 << p
				}
			}
			if cands != 0 {
				v := bits.TrailingZeros8(cands)
				if bits.OnesCount8(cands) > 1 {
					v = g.chooseRob(o, cands)
				}
				loot[o] = int8(v)
				b.robber[o].on = false
				any = true
			}
		}
		o = (o + 1) % g.nplayers
	}
	if !any {
		return
	}
	o = g.current
	for range g.nplayers {
		if v := loot[o]; v >= 0 {
			from := BoardSpace(g.pawnValue(o, PawnMarker))
			g.credit(o, ScoreEvent{Turn: g.turn, Source: SourceRobbery, Tiles: int(v), Points: (pts + 1) / 2})
			to := BoardSpace(g.pawnValue(o, PawnMarker))
			for q := range g.nplayers {
				if r := &b.robber[q]; r.on && q != o && r.pawn == PawnMarker && int(r.space) == from {
					r.space = uint8(to)
				}
			}
		}
		o = (o + 1) % g.nplayers
	}
}

// robberDecider is who answers the robbers' step under way.
func (g *Game) robberDecider() int { return int(g.part.robNext) }

// robbersNext moves the turn on after the tile (and the robbers' answers
// so far): to the next player who may place a robber, or on to the steps
// after the tile (tail).
func (g *Game) robbersNext(m Move, tail func() (bool, error)) (bool, error) {
	run := g.runAhead(m, true)
	if run.err != nil {
		return false, run.err
	}
	if run.need == StepRobber {
		g.part.step, g.part.robNext = StepRobber, int8(run.who)
		return false, nil
	}
	return tail()
}

// actRobber takes an answer to StepRobber, a robber placed next to a
// player's pawn or a pass (001_…, "Using robbers"); the step's other rules
// (stepRules) follow it here.
func (g *Game) actRobber(a Answer, t TileID) (bool, error) {
	d := g.robberDecider()
	switch {
	case a.Seat < 0 || a.Seat > g.nplayers:
		return false, moveErr(ErrScoreChoice, fmt.Sprintf("there is no player %d", a.Seat))
	case a.Seat == d+1:
		return false, moveErr(ErrScoreChoice, fmt.Sprintf("%s's robber goes next to another player's marker, not their own", g.players[d]))
	case a.Messenger && !g.messengers():
		return false, moveErr(ErrScoreChoice, fmt.Sprintf("a robber stands by a messenger only with %s", ExpansionMessengers.Title()))
	}
	prev := g.part.robbers
	g.part.robbers = prev.Add(a.Seat, a.Messenger)
	ok, err := g.robbersNext(g.partMove(), func() (bool, error) { return g.afterTileStep(t) })
	if err != nil {
		g.part.robbers = prev
		g.part.step = StepRobber
	}
	return ok, err
}

func (g *Game) robberStepAnswers(t TileID) []Answer { return g.robberAnswers(g.robberDecider()) }

func robberText(a Answer) string {
	switch {
	case a.Seat == 0:
		return passToken
	case a.Messenger:
		return fmt.Sprintf("robber/%d=messenger", a.Seat)
	}
	return fmt.Sprintf("robber/%d", a.Seat)
}

func moveRobber(m *Move, a Answer) { m.Robbers = m.Robbers.Add(a.Seat, a.Messenger) }

func robText(a Answer) string { return fmt.Sprintf("rob/%d", a.Seat) }

// readRobberToken reads a robber placed after a tile with a bag,
// robber/seat or robber/seat=messenger, or a pass "-" before another
// robber: right after the tile (and its ransom), before anything else.
func (m *Move) readRobberToken(tok token) error {
	if m.Gold || m.Magic != MagicNone || m.Follower != NoPort || m.Tower != TowerNone || m.Fly || m.Fairy ||
		m.Princess != (Target{}) || m.Ferry != 0 || m.FerryMoves.Len() > 0 || m.Dragon.Len() > 0 || m.Capture != (Target{}) ||
		m.Escape.Port != NoPort || m.Scoring.Len() > 0 {
		if tok.verb == "-" {
			return errors.New("\"-\" passes a robber right after the tile; no other choice of this turn is passed so")
		}
		return errors.New("the robbers are written right after the tile, before the figure, in the order of the turn")
	}
	if m.Robbers.Len() >= MaxPlayers {
		return fmt.Errorf("at most %d robbers are placed after a tile", MaxPlayers)
	}
	if tok.verb == "-" {
		m.Robbers = m.Robbers.Add(0, false)
		return nil
	}
	seat, err := strconv.Atoi(tok.seat)
	if !tok.hasSeat || tok.hasWhere || err != nil || seat < 1 || seat > MaxPlayers || len(tok.seat) != 1 ||
		tok.hasValue && tok.value != "messenger" {
		return fmt.Errorf("a robber is written robber/SEAT, or robber/SEAT=messenger by a messenger, a seat from 1 to 6 (\"robber/2\"), not %q", tok.text)
	}
	m.Robbers = m.Robbers.Add(seat, tok.hasValue)
	return nil
}
