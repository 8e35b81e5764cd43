package engine

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
)

// This file holds The Messengers (rule text 001_…, "The Messengers";
// spec/rules-options.md, "The Messengers") and the scoreboard it shares
// with The Robbers (robbers.go).
//
// Each player has two pawns on the scoreboard, the marker and the
// messenger; Game.Score is their sum. Each time a player scores points
// for a feature or a message during the game, they choose which pawn moves
// (StepPawn; the record's pawn/seat=marker|messenger). After the turn's
// scoring, when a move of the current player's pawns ended on a dark space
// (0, 5, 10, …), they turn up the next Message tile of the stack and carry
// it out or take 2 points (StepMessage; msg=N use|points); the points of a
// message are a scoring of their own, so messages may follow one another.
// Before the final scoring each marker takes the sum of both pawns.
//
// The choices made while a turn scores are kept in order in
// Move.Scoring (ScoreChoices), as a tape: Play reads them as the scoring
// asks for them, takes the default for a choice the move leaves out (the
// marker, the first player a robber may rob, the 2 points of a message)
// and writes that default into the move it keeps, so that the game's
// record names every choice. Act asks them one by one: it plays the turn
// ahead on a copy (runAhead) and stops at the first choice missing.

// ErrScoreChoice: a choice of a turn's scoring (the messengers' pawns, a
// Message tile, a robber's loot) or a robber's placement is not legal, or
// missing, or left over.
var ErrScoreChoice = errors.New("that is not a legal choice of the scoring")

// The scoreboard's numbers (001_…, "The Messengers", "The Robbers").
const (
	// NumMessages is the number of Message tiles in the stack.
	NumMessages = 8
	// MessageBonus is the points a player may take instead of carrying a
	// message out (shown in the tile's corner).
	MessageBonus = 2
	// ScoreboardSpaces is the number of spaces of the scoreboard: a pawn
	// stands on its value modulo ScoreboardSpaces.
	ScoreboardSpaces = 50
	// maxScoreChoices bounds the choices a move keeps for its scoring;
	// past it, the defaults are taken and not written.
	maxScoreChoices = 24
)

// Pawn is a player's pawn on the scoreboard: the marker, or with The
// Messengers the messenger. The zero value is PawnNone.
type Pawn uint8

// The pawns.
const (
	PawnNone Pawn = iota
	// PawnMarker is the score marker (000_…, "the scoring marker").
	PawnMarker
	// PawnMessenger is the messenger (001_…, "The Messengers").
	PawnMessenger
)

// String returns the pawn's name as records write it: "marker",
// "messenger" ("none" for PawnNone).
func (p Pawn) String() string {
	switch p {
	case PawnMarker:
		return "marker"
	case PawnMessenger:
		return "messenger"
	case PawnNone:
		return "none"
	}
	return "pawn?"
}

// Message is one of the 8 Message tiles, by rule text 001's number (1 to
// 8). The zero value, MessageNone, is no message.
type Message uint8

// The messages (001_…, "The Message tiles").
const (
	MessageNone Message = iota
	// MessageShortestRoad scores the road of the player's thieves that
	// would score fewest at the end, as at the end; the figures stay.
	MessageShortestRoad
	// MessageSmallestCity is the same for a city of the player's knights.
	MessageSmallestCity
	// MessageSmallestCloister is the same for a cloister of the player's
	// monks.
	MessageSmallestCloister
	// MessagePennants scores 2 per pennant in the cities where the player
	// has a knight.
	MessagePennants
	// MessageKnights scores 2 per knight of the player.
	MessageKnights
	// MessageFarmers scores 2 per farmer of the player.
	MessageFarmers
	// MessageTile gives one more tile: the player plays another turn.
	MessageTile
	// MessageFollower scores a feature where the player has the most
	// followers, as at the end, for them alone, and returns the follower
	// they chose there.
	MessageFollower
)

var messageTitles = [...]string{"no message", "the shortest road", "the smallest city", "the smallest cloister",
	"2 points per pennant", "2 points per knight", "2 points per farmer", "one more tile", "score a follower"}

// String returns the message's number as records write it ("3").
func (n Message) String() string { return strconv.Itoa(int(n)) }

// Title returns the message's effect in a player's words ("the shortest
// road", "2 points per knight", "one more tile"; 001_…, "The Message
// tiles").
func (n Message) Title() string {
	if int(n) < len(messageTitles) {
		return messageTitles[n]
	}
	return "message?"
}

// ScoreChoice is one choice of a turn's scoring, as Move.Scoring keeps it
// and the record writes it: Step StepPawn (Seat's pawn that moves:
// Messenger, or the marker), StepRob (the robber's owner robs Seat), or
// StepMessage (Message turned up, Use carried out or its 2 points taken;
// message 8 names its follower by Target). Seat is a player's index in
// turn order plus 1, as records write it.
type ScoreChoice struct {
	Step      Step
	Seat      int
	Messenger bool
	Message   Message
	Use       bool
	Target    Target
}

// ScoreChoices are the choices of a turn's scoring in the order the
// scoring asks them (spec/record.md: "in the order the engine scores
// them"): at most 24, message 8's follower at most once. The zero value
// holds none.
type ScoreChoices struct {
	c      [maxScoreChoices]uint8 // pawn: seat<<1|messenger; rob: 0x40|seat; message: 0x80|(n-1)<<1|use
	n      uint8
	bad    bool // more than fit, or a second message 8: Check refuses them
	x8, y8 int16
	p8     Port
}

// The kinds of a ScoreChoices entry, in its top two bits.
const (
	choicePawn uint8 = 0x00
	choiceRob  uint8 = 0x40
	choiceMsg  uint8 = 0x80
	choiceKind uint8 = 0xc0
)

// Len returns the number of choices.
func (s ScoreChoices) Len() int { return int(s.n) }

// At returns choice i, 0 <= i < Len.
func (s ScoreChoices) At(i int) ScoreChoice {
	c := s.c[i]
	switch c & choiceKind {
	case choiceRob:
		return ScoreChoice{Step: StepRob, Seat: int(c&7) + 1}
	case choiceMsg:
		out := ScoreChoice{Step: StepMessage, Message: Message((c>>1)&7) + 1, Use: c&1 != 0}
		if out.Message == MessageFollower && out.Use {
			out.Target = Target{Cell: Cell{int(s.x8), int(s.y8)}, Port: s.p8}
		}
		return out
	}
	return ScoreChoice{Step: StepPawn, Seat: int(c>>1) + 1, Messenger: c&1 != 0}
}

// Add returns the choices with c added last. A choice that does not fit
// (more than 24, a seat outside 1 to 6, a message outside 1 to 8, a second
// message 8 carried out) makes choices that Check refuses.
func (s ScoreChoices) Add(c ScoreChoice) ScoreChoices {
	if int(s.n) >= maxScoreChoices || c.Step != StepMessage && (c.Seat < 1 || c.Seat > MaxPlayers) {
		s.bad = true
		return s
	}
	var b uint8
	switch c.Step {
	case StepPawn:
		b = uint8(c.Seat-1)<<1 | bit(c.Messenger)
	case StepRob:
		b = choiceRob | uint8(c.Seat-1)
	case StepMessage:
		if c.Message < MessageShortestRoad || c.Message > MessageFollower {
			s.bad = true
			return s
		}
		b = choiceMsg | uint8(c.Message-1)<<1 | bit(c.Use)
		if c.Message == MessageFollower && c.Use {
			if s.p8 != NoPort || !inRange(c.Target.Cell) {
				s.bad = true
				return s
			}
			s.x8, s.y8, s.p8 = int16(c.Target.Cell.X), int16(c.Target.Cell.Y), c.Target.Port
		}
	default:
		s.bad = true
		return s
	}
	s.c[s.n] = b
	s.n++
	return s
}

// push appends the raw entry b, when there is room.
func (s *ScoreChoices) push(b uint8) {
	if int(s.n) < maxScoreChoices {
		s.c[s.n] = b
		s.n++
	}
}

// String writes the choices as record tokens, separated by spaces:
// "pawn/1=marker rob/2 msg=3 use pawn/1=messenger".
func (s ScoreChoices) String() string {
	var b strings.Builder
	for i := range s.Len() {
		if i > 0 {
			b.WriteByte(' ')
		}
		c := s.At(i)
		switch c.Step {
		case StepPawn:
			fmt.Fprintf(&b, "pawn/%d=%s", c.Seat, pawnOf(c.Messenger))
		case StepRob:
			fmt.Fprintf(&b, "rob/%d", c.Seat)
		case StepMessage:
			fmt.Fprintf(&b, "msg=%d ", c.Message)
			switch {
			case !c.Use:
				b.WriteString("points")
			case c.Message == MessageFollower:
				b.WriteString("use@" + targetString(c.Target))
			default:
				b.WriteString("use")
			}
		}
	}
	return b.String()
}

// pawnOf returns the messenger when messenger is set, else the marker.
func pawnOf(messenger bool) Pawn {
	if messenger {
		return PawnMessenger
	}
	return PawnMarker
}

// boardState is the scoreboard of The Messengers and The Robbers, in
// expansionState: a value without pointers.
type boardState struct {
	on      bool // either expansion is in play and the game runs
	msgs    bool // The Messengers
	robbers bool // The Robbers
	merged  bool // the messengers have joined the markers (the end)
	dark    bool // a move of the current player's pawns ended on a dark space in this scoring
	owe     uint8
	taping  bool // playTile runs: tape holds the move's scoring choices
	tapeAt  uint8
	// tape is the move's Scoring while its tile is played: read as the
	// scoring asks, the defaults written, and given back to the move.
	tape ScoreChoices
	// messenger is each player's messenger's value; the marker's is the
	// score less it.
	messenger [MaxPlayers]int16
	// stack holds the Message tiles, the next to be turned up first.
	stack [NumMessages]Message
	// last is the last message turned up: by whom, in which turn,
	// carried out or not.
	last       Message
	lastUse    bool
	lastPlayer int8
	lastTurn   int32
	// robber is each player's robber (robbers.go).
	robber [MaxPlayers]robberSpot
}

// msgStream is the PCG stream that shuffles the Message tiles.
const msgStream = 0x6d65737361676573 // "messages"

// setUp readies the scoreboard of a new game with expansions set and seed:
// the Message tiles shuffled from the seed (rules-options.md, "The
// Messengers").
func (b *boardState) setUp(set ExpansionSet, seed uint64) {
	b.msgs, b.robbers = set.Has(ExpansionMessengers), set.Has(ExpansionRobbers)
	b.on = b.msgs || b.robbers
	if !b.msgs {
		return
	}
	for i := range b.stack {
		b.stack[i] = Message(i + 1)
	}
	src := rand.NewPCG(seed, msgStream)
	for i := NumMessages - 1; i > 0; i-- {
		j := int(bounded(src, uint64(i+1)))
		b.stack[i], b.stack[j] = b.stack[j], b.stack[i]
	}
}

// endGame merges each messenger into its marker and sends the robbers
// home, before the final scoring (001_…: "each player adds the score of
// his marker and messenger"; "The Robbers": the robber returns).
func (b *boardState) endGame() {
	b.on, b.merged, b.dark, b.owe = false, b.msgs, false, 0
	b.messenger = [MaxPlayers]int16{}
	b.robber = [MaxPlayers]robberSpot{}
}

// messengers reports whether the messengers are on the scoreboard.
func (g *Game) messengers() bool { return g.x != nil && g.x.board.msgs && !g.x.board.merged }

// Messenger returns the value of player p's messenger (The Messengers), in
// points, and true; false when the game does not play The Messengers or the
// messengers have joined the markers (before the final scoring, 001_…).
func (g *Game) Messenger(p int) (int, bool) {
	if !g.messengers() || p < 0 || p >= g.nplayers {
		return 0, false
	}
	return int(g.x.board.messenger[p]), true
}

// Marker returns the value of player p's score marker, in points: the
// score less the messenger's value with The Messengers (Messenger), the
// score otherwise. Its space on the scoreboard is the value modulo
// ScoreboardSpaces (BoardSpace).
func (g *Game) Marker(p int) int {
	if p < 0 || p >= g.nplayers {
		return 0
	}
	v, _ := g.Messenger(p)
	return g.scores[p] - v
}

// BoardSpace returns the space of the scoreboard, 0 to 49, of a pawn worth
// v points (001_…: the scoreboard's 50 spaces; a negative value, after a
// ransom, counts back from 0).
func BoardSpace(v int) int { return ((v % ScoreboardSpaces) + ScoreboardSpaces) % ScoreboardSpaces }

// DarkSpace reports whether a pawn that moved to value v ends on a dark
// space: 0, 5, 10, … (001_…, "The Messengers").
func DarkSpace(v int) bool { return v%5 == 0 }

// MessageDraw is a Message tile turned up: by Player (an index in turn
// order) in Turn, and whether it was carried out (Used) or traded for its
// 2 points.
type MessageDraw struct {
	Turn    int
	Player  int
	Message Message
	Used    bool
}

// LastMessage returns the last Message tile turned up in the game and
// true, or false when none was (The Messengers).
func (g *Game) LastMessage() (MessageDraw, bool) {
	if g.x == nil || g.x.board.last == MessageNone {
		return MessageDraw{}, false
	}
	b := &g.x.board
	return MessageDraw{Turn: int(b.lastTurn), Player: int(b.lastPlayer), Message: b.last, Used: b.lastUse}, true
}

// pawnValue returns the value of player p's pawn pw.
func (g *Game) pawnValue(p int, pw Pawn) int {
	if pw == PawnMessenger {
		return int(g.x.board.messenger[p])
	}
	return g.scores[p] - int(g.x.board.messenger[p])
}

// scoreRun says how a copy of the game plays a move ahead (runAhead): it
// checks the scoring answers the move gives, and with probe it notes the
// first choice the move leaves out (need, asked of who, with its legal
// answers), and the choices before it, the defaults of those nobody is
// asked included (filled).
type scoreRun struct {
	probe   bool
	halt    bool // stop playing: the robbers' step is missing
	err     error
	need    Step
	who     int
	answers []Answer
	filled  ScoreChoices
}

// fail notes err as the first fault of the move checked.
func (g *Game) fail(err error) {
	if g.run != nil && g.run.err == nil {
		g.run.err = err
	}
}

// nextChoice returns the next scoring answer of the move being played, or
// false when it has no more.
func (g *Game) nextChoice() (uint8, bool) {
	b := &g.x.board
	if !b.taping || b.tapeAt >= b.tape.n {
		return 0, false
	}
	c := b.tape.c[b.tapeAt]
	b.tapeAt++
	return c, true
}

// missing takes the default d of a choice the move leaves out: written
// into the move, and with a probe noted as the step asked of player who,
// with answers as, unless that player has resigned or as holds one answer.
func (g *Game) missing(d uint8, step Step, who int, as func() []Answer) {
	b := &g.x.board
	if r := g.run; r != nil && r.probe && r.need == StepNone && !g.Resigned(who) {
		if list := as(); len(list) > 1 {
			r.need, r.who, r.answers, r.filled = step, who, list, b.tape
		}
	}
	if b.taping {
		b.tape.push(d)
		b.tapeAt = b.tape.n
	}
}

// choosePawn returns the pawn player p moves for a scoring of a feature or
// a message worth pts points: the move's answer, or the marker (001_…:
// "he chooses whether he will move his messenger or his marker"). The
// answers a probe lists carry pts and each pawn's value.
func (g *Game) choosePawn(p, pts int) Pawn {
	if !g.messengers() {
		return PawnMarker
	}
	if c, ok := g.nextChoice(); ok {
		if c&choiceKind != choicePawn || int(c>>1) != p {
			g.fail(moveErr(ErrScoreChoice, fmt.Sprintf("%s scores here and moves a pawn: pawn/%d=marker or pawn/%d=messenger comes next, not %s",
				g.players[p], p+1, p+1, g.choiceWords(c))))
			return PawnMarker
		}
		return pawnOf(c&1 != 0)
	}
	g.missing(uint8(p)<<1, StepPawn, p, func() []Answer {
		return []Answer{{Step: StepPawn, Seat: p + 1, Points: pts, From: g.pawnValue(p, PawnMarker)},
			{Step: StepPawn, Seat: p + 1, Messenger: true, Points: pts, From: g.pawnValue(p, PawnMessenger)}}
	})
	return PawnMarker
}

// choiceWords names the scoring answer c as the record writes it.
func (g *Game) choiceWords(c uint8) string {
	s := ScoreChoices{n: 1}
	s.c[0] = c
	t := &g.x.board.tape
	s.x8, s.y8, s.p8 = t.x8, t.y8, t.p8
	return s.String()
}

// boardPoints scores points that no pawn choice goes with (the fairy's,
// a ransom): they move the marker, which the robbers watch
// (rules-options.md, "The Messengers": "All other points ... move the
// marker").
func (g *Game) boardPoints(p int, ev ScoreEvent) {
	from := BoardSpace(g.pawnValue(p, PawnMarker))
	g.credit(p, ev)
	if g.x.board.robbers && ev.Points > 0 && ev.Source != SourceRobbery {
		var froms [MaxPlayers]int8
		var pawns [MaxPlayers]Pawn
		froms[p], pawns[p] = int8(from), PawnMarker
		g.rob(1<<p, &froms, &pawns, ev.Points)
	}
}

// awardBoard scores ev.Points (more than 0) for each player of winners (a
// bit per index), one scoring of a feature or a message during the game:
// each winner in turn order chooses the pawn that moves (The Messengers),
// then the robbers on the spaces those pawns left rob them (The Robbers).
// A move of the current player's pawn onto a dark space marks the turn for
// a message.
func (g *Game) awardBoard(winners uint8, ev ScoreEvent) {
	b := &g.x.board
	var froms [MaxPlayers]int8
	var pawns [MaxPlayers]Pawn
	for w := winners; w != 0; w &= w - 1 {
		p := bits.TrailingZeros8(w)
		pw := g.choosePawn(p, ev.Points)
		froms[p], pawns[p] = int8(BoardSpace(g.pawnValue(p, pw))), pw
		ev.Messenger = pw == PawnMessenger
		if ev.Messenger {
			b.messenger[p] += int16(ev.Points)
		}
		g.credit(p, ev)
		if p == g.current && b.msgs && DarkSpace(g.pawnValue(p, pw)) {
			b.dark = true
		}
	}
	if b.robbers {
		g.rob(winners, &froms, &pawns, ev.Points)
	}
}

// deliverMessages turns up Message tiles after the turn's scoring while a
// move of the current player's pawns ended on a dark space, at most one
// for each scoring and each tile once in a turn (001_…, "The Messengers";
// rules-options.md, "Reading, the chain").
func (g *Game) deliverMessages() {
	b := &g.x.board
	for k := 0; b.dark && k < NumMessages && !g.ended; k++ {
		b.dark = false
		g.deliverMessage()
	}
	b.dark = false
}

// deliverMessage turns up the next Message tile for the current player and
// carries it out or scores its 2 points, as the move says (or 2 points);
// the tile goes under the stack.
func (g *Game) deliverMessage() {
	b := &g.x.board
	p := g.current
	n, use := b.stack[0], false
	var at Target
	c, given := g.nextChoice()
	if given && c&choiceKind != choiceMsg {
		g.fail(moveErr(ErrScoreChoice, fmt.Sprintf("%s turns up a Message tile here: msg=N use or msg=N points comes next, not %s", g.players[p], g.choiceWords(c))))
		given = false
	}
	if given {
		n, use = Message((c>>1)&7)+1, c&1 != 0
		if g.drawnOnly && n != b.stack[0] {
			g.fail(moveErr(ErrScoreChoice, fmt.Sprintf("the Message tile turned up is %d (%s), not %d", b.stack[0], b.stack[0].Title(), n)))
			n, use = b.stack[0], false
		}
		if t := &b.tape; n == MessageFollower && use {
			at = Target{Cell: Cell{int(t.x8), int(t.y8)}, Port: t.p8}
		}
		if use {
			if err := g.messageErr(p, n, at); err != nil {
				g.fail(err)
				use = false
			}
		}
	} else {
		g.missing(choiceMsg|uint8(n-1)<<1, StepMessage, p, func() []Answer { return g.messageAnswers(p, n) })
	}
	// The tile goes under the stack (001_…: "placed face-down under the
	// stack"); a replay may turn up another than the seed's.
	i := 0
	for i < NumMessages-1 && b.stack[i] != n {
		i++
	}
	copy(b.stack[i:], b.stack[i+1:])
	b.stack[NumMessages-1] = n
	b.last, b.lastUse, b.lastPlayer, b.lastTurn = n, use, int8(p), int32(g.turn)
	ev := ScoreEvent{Turn: g.turn, Source: SourceMessage, Message: n, Carried: use}
	if !use {
		ev.Points = MessageBonus
		g.awardBoard(1<<p, ev)
		return
	}
	switch n {
	case MessageTile:
		b.owe++
	case MessageFollower:
		g.scoreFollower(p, at, ev)
	default:
		pts, kind, _ := g.messagePoints(p, n)
		ev.Points, ev.Feature = pts, kind
		if pts > 0 {
			g.awardBoard(1<<p, ev)
		}
	}
}

// messageAnswers lists player p's answers to message n: carried out (for
// message 8, once per follower it may name, MessageTargets), when it can
// be, then its 2 points.
func (g *Game) messageAnswers(p int, n Message) []Answer {
	var out []Answer
	from := g.pawnValue(p, PawnMarker)
	switch {
	case n == MessageFollower:
		for _, t := range g.messageTargets(nil, p) {
			out = append(out, Answer{Step: StepMessage, Message: n, Use: true, Target: t, Points: g.followerPoints(p, t), From: from})
		}
	case n == MessageTile && g.canCarry(p, n):
		out = append(out, Answer{Step: StepMessage, Message: n, Use: true, From: from})
	case g.canCarry(p, n):
		pts, _, _ := g.messagePoints(p, n)
		out = append(out, Answer{Step: StepMessage, Message: n, Use: true, Points: pts, From: from})
	}
	return append(out, Answer{Step: StepMessage, Message: n, Points: MessageBonus, From: from})
}

// followerPoints returns what message 8 scores for player p naming the
// follower at t: its feature as at the end (scoreFollower).
func (g *Game) followerPoints(p int, t Target) int {
	ti := g.placedAt(int16(t.Cell.X), int16(t.Cell.Y))
	if ti < 0 {
		return 0
	}
	pt := &g.tiles[ti]
	f, ok := g.ts.FeatureAt(pt.tile, pt.rot, t.Port)
	if !ok {
		return 0
	}
	r := g.find(pt.seg + int16(f))
	if g.nodes[r].kind == Field {
		pts, _ := g.farmEndPoints(p, r)
		return pts
	}
	return g.endPoints(r)
}

// canCarry reports whether player p can carry out message n (rules-
// options.md: "A message that cannot be carried out gives only the choice
// of 2 points").
func (g *Game) canCarry(p int, n Message) bool {
	switch n {
	case MessageTile:
		return g.top < len(g.pile)
	case MessageFollower:
		return len(g.messageTargets(nil, p)) > 0
	}
	_, _, ok := g.messagePoints(p, n)
	return ok
}

// messageErr says why player p cannot carry out message n (naming at for
// message 8), or returns nil.
func (g *Game) messageErr(p int, n Message, at Target) error {
	if n == MessageFollower {
		for _, t := range g.messageTargets(nil, p) {
			if t == at {
				return nil
			}
		}
		return moveErr(ErrScoreChoice, fmt.Sprintf("message 8 scores a follower of %s in a feature where they have the most followers, and %s names none", g.players[p], targetString(at)))
	}
	if !g.canCarry(p, n) {
		why := map[Message]string{
			MessageShortestRoad: "no road holds a thief of theirs", MessageSmallestCity: "no city holds a knight of theirs",
			MessageSmallestCloister: "no cloister holds a monk of theirs", MessagePennants: "they have no knight",
			MessageKnights: "they have no knight", MessageFarmers: "they have no farmer", MessageTile: "the draw pile is empty",
		}[n]
		return moveErr(ErrScoreChoice, fmt.Sprintf("%s cannot carry out message %d (%s): %s; msg=%d points takes its 2 points", g.players[p], n, n.Title(), why, n))
	}
	return nil
}

// endPoints returns what the road, city or cloister of root r would score
// at the end of the game, incomplete (000_…, "Final Scoring"), with the
// mage or witch on it (001_…: their effect "still applies during the final
// scoring").
func (g *Game) endPoints(r int16) int {
	n := &g.nodes[r]
	pts, _ := g.featurePoints(n, n.open == 0)
	if n.kind != Cloister && (g.x.magic.at[MagicMage] != 0 || g.x.magic.at[MagicWitch] != 0) {
		for f := MagicMage; f <= MagicWitch; f++ {
			if g.x.magic.at[f] != 0 && g.find(g.x.magic.at[f]-1) == r {
				pts = MagicPoints(f, pts, int(n.tiles))
			}
		}
	}
	return pts
}

// messagePoints returns what messages 1 to 6 score for player p, the kind
// of feature they score (NoFeature for 4 to 6), and whether p can carry
// them out: 1 to 3 the road, city or cloister of theirs worth fewest at the
// end (001_…: "the road that would be worth the fewest points at the end
// of the game"), 4 two per pennant of the cities of their knights, 5 two
// per knight, 6 two per farmer (a large follower is one).
func (g *Game) messagePoints(p int, n Message) (int, FeatureKind, bool) {
	var kind FeatureKind
	switch n {
	case MessageShortestRoad:
		kind = Road
	case MessageSmallestCity, MessagePennants, MessageKnights:
		kind = City
	case MessageSmallestCloister:
		kind = Cloister
	case MessageFarmers:
		kind = Field
	default:
		return 0, NoFeature, false
	}
	best, count, ok := 0, 0, false
	var seen [FollowersPerPlayer + 2]int16
	ns := 0
	for _, mp := range g.meeples {
		if int(mp.player) != p || mp.kind != kind || mp.fig > FigureLarge {
			continue
		}
		count++
		r := g.find(mp.node)
		dup := false
		for _, s := range seen[:ns] {
			dup = dup || s == r
		}
		if dup {
			continue
		}
		if ns < len(seen) {
			seen[ns] = r
			ns++
		}
		switch n {
		case MessagePennants:
			best += 2 * int(g.nodes[r].pennants)
		case MessageShortestRoad, MessageSmallestCity, MessageSmallestCloister:
			if pts := g.endPoints(r); !ok || pts < best {
				best = pts
			}
		}
		ok = true
	}
	switch n {
	case MessageKnights, MessageFarmers:
		return 2 * count, NoFeature, ok
	case MessagePennants:
		return best, NoFeature, ok
	}
	return best, kind, ok
}

// messageTargets appends to dst the followers player p may name for
// message 8: each of their followers or large followers (not builders or
// pigs, 001_…) in a road, city, cloister or farm where they have the most
// followers, a tie counting, by the spot it stands on, each spot once.
func (g *Game) messageTargets(dst []Target, p int) []Target {
	for i, mp := range g.meeples {
		if int(mp.player) != p || mp.fig > FigureLarge || mp.kind == NoFeature || mp.tile < 0 {
			continue
		}
		r := g.find(mp.node)
		var count [MaxPlayers]int
		for _, o := range g.meeples {
			if g.find(o.node) == r {
				count[o.player] += figureWeight[o.fig]
			}
		}
		most := true
		for q := range g.nplayers {
			most = most && count[q] <= count[p]
		}
		dup := false
		for _, o := range g.meeples[:i] {
			dup = dup || o.node == mp.node && int(o.player) == p && o.fig <= FigureLarge
		}
		if most && !dup {
			dst = append(dst, g.nodeTarget(mp.node))
		}
	}
	return dst
}

// scoreFollower carries out message 8 for player p: the feature of their
// follower at at scores as at the end, for p alone, and that follower
// returns to the supply (001_…, "Score a follower and return it to your
// supply"). The mage or witch stays; the fairy, the King and the Robber
// Baron and the gold ingots are not concerned (rules-options.md,
// "Reading, message 8").
func (g *Game) scoreFollower(p int, at Target, ev ScoreEvent) {
	ti := g.placedAt(int16(at.Cell.X), int16(at.Cell.Y))
	if ti < 0 {
		return
	}
	pt := &g.tiles[ti]
	f, ok := g.ts.FeatureAt(pt.tile, pt.rot, at.Port)
	if !ok {
		return
	}
	node := pt.seg + int16(f)
	mi := -1
	for i, mp := range g.meeples {
		if int(mp.player) == p && mp.node == node && mp.fig <= FigureLarge {
			mi = i
			break
		}
	}
	if mi < 0 {
		return
	}
	r := g.find(node)
	n := &g.nodes[r]
	ev.Feature = n.kind
	if n.kind == Field {
		ev.Points, ev.Cities = g.farmEndPoints(p, r)
	} else {
		ev.Points = g.endPoints(r)
		if n.kind == Cloister {
			ev.Tiles = ev.Points
		} else {
			ev.Tiles, ev.Pennants = int(n.tiles), int(n.pennants)
		}
	}
	if ev.Points > 0 {
		g.awardBoard(1<<p, ev)
	}
	mp := g.meeples[mi]
	g.meeples = append(g.meeples[:mi], g.meeples[mi+1:]...)
	g.nodes[g.find(mp.node)].followers--
	g.returnFigure(mp)
	g.dropOrphans(p)
}

// farmEndPoints returns what the farm of root fr would score for player p
// at the end, alone in it: under farms=per-farm 3 per completed city it
// borders (4 under per-city, as if no other farm bordered it), one more
// with a pig herd, twice that for a besieged city, and the pig's points
// when p's pig is there; and the number of those cities.
func (g *Game) farmEndPoints(p int, fr int16) (int, int) {
	base := 3
	if g.opts.Farms == FarmsPerCity {
		base = 4
	}
	herd := g.nodes[fr].marks&packedPigHerd != 0
	pig := g.traders() && g.pigIn(p, fr)
	var cities []int16
	pts := 0
	for ti := range g.tiles {
		t := &g.tiles[ti]
		for fs := g.ts.bordering[t.tile]; fs != 0; fs &= fs - 1 {
			f := bits.TrailingZeros32(fs)
			if g.find(t.seg+int16(f)) != fr {
				continue
			}
			for _, bd := range g.ts.tiles[t.tile].Features[f].Borders {
				cr := g.find(t.seg + int16(bd))
				if g.nodes[cr].open != 0 {
					continue
				}
				dup := false
				for _, c := range cities {
					dup = dup || c == cr
				}
				if dup {
					continue
				}
				cities = append(cities, cr)
				b := base
				if pig {
					b++
				}
				v, _ := g.farmCityPoints(b, herd, cr)
				pts += v
			}
		}
	}
	return pts, len(cities)
}

// runAhead plays move m, whose answers may stop short, on a copy of the
// game up to the end of its scoring (the fairy's point, the ransom, the
// tile, the robbers, the figure, the scoring and its messages), checking
// the robbers' and the scoring's answers it gives; with probe it notes the
// first choice m leaves out. It returns how the run went.
func (g *Game) runAhead(m Move, probe bool) *scoreRun {
	c := g.scratchCopy()
	defer dropScratch(c)
	run := &scoreRun{probe: probe}
	c.run = run
	c.part = partTurn{}
	if c.x.dragon.fpoint {
		c.fairyPoint()
	}
	if m.Ransomed {
		c.payRansom(m.Ransom)
	}
	c.draw(m.Tile)
	given := m.Scoring
	c.playTile(&m)
	if run.err == nil && int(c.x.board.tapeAt) < given.Len() && !run.halt {
		run.err = moveErr(ErrScoreChoice, fmt.Sprintf("the scoring of this turn asks fewer choices than the move gives: %s is left over",
			c.choiceWords(m.Scoring.c[c.x.board.tapeAt])))
	}
	if run.err == nil && m.Scoring.bad {
		run.err = moveErr(ErrScoreChoice, "a turn's scoring keeps at most 24 choices and one follower for message 8")
	}
	return run
}

// boardErr says why the scoreboard's part of move m (otherwise legal) is
// not legal: robbers placed or scoring answers where the game does not play
// them, or answers the scoring refuses; it returns nil when it is legal.
func (g *Game) boardErr(m Move) error {
	given := m.Robbers.Len() > 0 || m.Robbers.bad || m.Scoring.Len() > 0 || m.Scoring.bad
	if !given && (g.x == nil || !g.x.board.on) {
		return nil
	}
	if g.x == nil || !g.x.board.on {
		return moveErr(ErrScoreChoice, fmt.Sprintf("robbers, pawns and messages belong to %s and %s, which this game does not play", ExpansionMessengers.Title(), ExpansionRobbers.Title()))
	}
	if m.Discard || m.Aside || m.Resign {
		if given {
			return moveErr(ErrScoreChoice, "a tile discarded or set aside scores nothing and places no robber")
		}
		return nil
	}
	if (m.Robbers.Len() > 0 || m.Robbers.bad) && !g.robbersAsked(m.Tile) {
		if g.nplayers == 1 {
			return moveErr(ErrScoreChoice, "a robber goes next to another player's marker, and this game has one player")
		}
		return moveErr(ErrScoreChoice, fmt.Sprintf("tile %s has no bag: robbers are placed only after a tile with a bag", g.ts.Name(m.Tile)))
	}
	return g.runAhead(m, false).err
}

// The steps of the scoreboard's choices during the scoring (stepRules):
// StepPawn, StepRob and StepMessage, asked in the order the scoring asks
// them, each of the player Pending names.

// scoreDecider is who answers the scoring's choice under way.
func (g *Game) scoreDecider() int { return int(g.part.scoreNext) }

// scoringAsked looks ahead at the scoring of move m, all of whose steps
// before the scoring are answered: it moves the turn on to the first
// choice m leaves out and reports true, or reports false when there is
// none.
func (g *Game) scoringAsked(m Move) (bool, error) {
	if g.x == nil || !g.x.board.on {
		return false, nil
	}
	run := g.runAhead(m, true)
	if run.err != nil {
		return false, run.err
	}
	switch run.need {
	case StepPawn, StepRob, StepMessage:
		g.part.scoring, g.part.step, g.part.scoreNext = run.filled, run.need, int8(run.who)
		return true, nil
	}
	return false, nil
}

// afterScoring moves the turn of move m on once its scoring is answered:
// to the escape with the Cathars, or it plays the turn.
func (g *Game) afterScoring(m Move) (bool, error) {
	if asked, err := g.scoringAsked(m); asked || err != nil {
		return false, err
	}
	if g.rules.Expansions.Has(ExpansionCathars) {
		g.part.step = StepEscape
		return false, nil
	}
	return g.endTurn(m)
}

// actScoring takes an answer to StepPawn, StepRob or StepMessage; the
// steps' other rules (stepRules) follow it here.
func (g *Game) actScoring(a Answer, t TileID) (bool, error) {
	who := g.scoreDecider()
	c := ScoreChoice{Step: a.Step, Seat: a.Seat, Messenger: a.Messenger, Message: a.Message, Use: a.Use, Target: a.Target}
	if a.Step == StepPawn && c.Seat == 0 {
		c.Seat = who + 1
	}
	prev := g.part.scoring
	g.part.scoring = prev.Add(c)
	run := g.runAhead(g.partMove(), true)
	if run.err == nil && g.part.scoring.bad {
		run.err = moveErr(ErrScoreChoice, "that answer does not read as a choice of the scoring")
	}
	if run.err != nil {
		g.part.scoring = prev
		return false, run.err
	}
	return g.afterScoring(g.partMove())
}

// scoreAnswers lists the legal answers of the scoring's choice under way.
func (g *Game) scoreAnswers(t TileID) []Answer {
	run := g.runAhead(g.partMove(), true)
	if run.need != g.part.step {
		return nil
	}
	return run.answers
}

func pawnText(a Answer) string { return fmt.Sprintf("pawn/%d=%s", a.Seat, pawnOf(a.Messenger)) }

func moveScoring(m *Move, a Answer) {
	m.Scoring = m.Scoring.Add(ScoreChoice{Step: a.Step, Seat: a.Seat, Messenger: a.Messenger, Message: a.Message, Use: a.Use, Target: a.Target})
}

func messageText(a Answer) string {
	switch {
	case !a.Use:
		return fmt.Sprintf("msg=%d points", a.Message)
	case a.Message == MessageFollower:
		return fmt.Sprintf("msg=%d use@%s", a.Message, targetString(a.Target))
	}
	return fmt.Sprintf("msg=%d use", a.Message)
}

// readScoreToken reads the tokens of a turn's scoring: pawn/seat=marker,
// pawn/seat=messenger, rob/seat (spec/record.md); msg=N and its answer are
// read by readMessage.
func (m *Move) readScoreToken(tok token) error {
	if m.Escape.Port != NoPort {
		return fmt.Errorf("%s is written before the escape, in the order of the turn", tok.text)
	}
	seat, err := strconv.Atoi(tok.seat)
	if !tok.hasSeat || err != nil || seat < 1 || seat > MaxPlayers || len(tok.seat) != 1 {
		if tok.verb == "pawn" {
			return fmt.Errorf("a pawn is written pawn/SEAT=marker or pawn/SEAT=messenger, a seat from 1 to 6 (\"pawn/2=marker\"), not %q", tok.text)
		}
		return fmt.Errorf("a robbery is written rob/SEAT, a seat from 1 to 6 (\"rob/2\"), not %q", tok.text)
	}
	c := ScoreChoice{Step: StepRob, Seat: seat}
	if tok.verb == "pawn" {
		if tok.hasWhere || !tok.hasValue || tok.value != "marker" && tok.value != "messenger" {
			return fmt.Errorf("a pawn is written pawn/SEAT=marker or pawn/SEAT=messenger (\"pawn/2=messenger\"), not %q", tok.text)
		}
		c = ScoreChoice{Step: StepPawn, Seat: seat, Messenger: tok.value == "messenger"}
	} else if tok.hasWhere || tok.hasValue {
		return fmt.Errorf("a robbery is written rob/SEAT (\"rob/2\"), not %q", tok.text)
	}
	if m.Scoring.Len() >= maxScoreChoices {
		return fmt.Errorf("a turn's scoring keeps at most %d choices", maxScoreChoices)
	}
	m.Scoring = m.Scoring.Add(c)
	return nil
}

// readMessage reads msg=N (a Message tile turned up, 1 to 8) and the token
// after it, ans: use, use@x,y:PORT for message 8, or points.
func (m *Move) readMessage(msg, ans token) error {
	n, err := strconv.Atoi(msg.value)
	if !msg.hasValue || msg.hasWhere || msg.hasSeat || err != nil || n < 1 || n > NumMessages || len(msg.value) != 1 {
		return fmt.Errorf("a Message tile is written msg=N, N from 1 to 8, then use or points (\"msg=3 use\"), not %q", msg.text)
	}
	if m.Escape.Port != NoPort {
		return errors.New("a message is written before the escape, in the order of the turn")
	}
	c := ScoreChoice{Step: StepMessage, Message: Message(n)}
	switch {
	case ans.verb == "points" && !ans.hasWhere && !ans.hasSeat && !ans.hasValue:
	case ans.verb == "use" && !ans.hasSeat && !ans.hasValue && ans.hasWhere == (c.Message == MessageFollower):
		c.Use = true
		if ans.hasWhere {
			t, err := parseTarget(ans.where)
			if err != nil {
				return err
			}
			if m.Scoring.p8 != NoPort {
				return errors.New("message 8 is carried out once in a turn")
			}
			c.Target = t
		}
	case ans.verb == "use" && c.Message == MessageFollower:
		return fmt.Errorf("message 8 names the follower it scores: msg=8 use@x,y:PORT, not %q", ans.text)
	default:
		return fmt.Errorf("msg=%d is followed by use (the message carried out) or points (its 2 points taken), not %q", n, ans.text)
	}
	if m.Scoring.Len() >= maxScoreChoices {
		return fmt.Errorf("a turn's scoring keeps at most %d choices", maxScoreChoices)
	}
	m.Scoring = m.Scoring.Add(c)
	return nil
}

// scoringComplete says which choice of the scoring the record's move given
// leaves out, the move just played: a record writes every one
// (spec/record.md: "every such scoring has its token"); Apply takes the
// defaults, Replay refuses.
func (g *Game) scoringComplete(given Move) error {
	if g.x == nil || len(g.moves) == 0 || given.Resign || given.Discard || given.Aside {
		return nil
	}
	kept := g.moveAt(len(g.moves) - 1)
	if kept.Scoring.Len() <= given.Scoring.Len() {
		return nil
	}
	c := kept.Scoring.At(given.Scoring.Len())
	what := "the Message tile turned up and what is done with it (msg=N use or msg=N points)"
	switch c.Step {
	case StepPawn:
		what = fmt.Sprintf("which pawn of %s moves (pawn/%d=marker or pawn/%d=messenger)", g.players[c.Seat-1], c.Seat, c.Seat)
	case StepRob:
		what = "whom the robber robs (rob/SEAT)"
	}
	return moveErr(ErrScoreChoice, fmt.Sprintf("the turn does not say %s: a record writes every choice of the scoring", what))
}

// boardResigned moves the robbers' step or the scoring's choice under way
// on after a player other than the current one resigned: a resigned
// player is asked nothing (their pawn moves as the marker, their robber
// robs the first player), so the next to answer may change, or the turn
// be played.
func (g *Game) boardResigned() {
	m := g.partMove()
	var err error
	if g.part.step == StepRobber {
		_, err = g.robbersNext(m, func() (bool, error) { return g.afterTileStep(m.Tile) })
	} else {
		_, err = g.afterScoring(m)
	}
	if err != nil {
		g.part = partTurn{}
	}
}
