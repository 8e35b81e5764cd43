package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// MaxPlayers is the largest number of players in a game; 1 is a solo game.
const MaxPlayers = 6

// FollowersPerPlayer is the number of followers in each player's supply at
// the start: 8 per colour, one of them the scoring marker (000_…, "Setup").
const FollowersPerPlayer = 7

// pileStream is the PCG stream (increment) used to shuffle the draw pile.
const pileStream = 0x6361726361737365 // "carcasse"

// StartTile says which tile lies on the board before the first turn, where
// and how turned. The zero value is the base game's: tile D at (0,0),
// rotation 0.
type StartTile struct {
	Tile     TileID
	Cell     Cell
	Rotation Rotation
}

// Config sets up a game.
type Config struct {
	// Rules are the rules of the game (NewRules): the expansions in play,
	// the options, the tile set, the start tile and the groups of the draw
	// pile. nil means the base game with Options, Tiles and Start, exactly as
	// before expansions existed. With Rules, Options must be the zero value
	// or Rules.Options, Tiles nil or Rules.Tiles, and Start the zero value
	// (the rules' start tile) or a start on a tile of Rules.Tiles; the draw
	// pile is Rules.NewPile(Seed).
	Rules *Rules
	// Players are the names in turn order: 1 to 6 of them, each non-empty,
	// different, and without commas, quotes or line breaks (they are written
	// into game records).
	Players []string
	// Options are the rule options.
	Options Options
	// Seed shuffles the draw pile (see NewPile).
	Seed uint64
	// Tiles is the tile set; nil means BaseTiles.
	Tiles *TileSet
	// Start is the start tile; the zero value is D at (0,0), rotation 0.
	Start StartTile
	// DrawnOnly makes Apply (and Check) refuse any tile but the one on top
	// of the draw pile, with an error wrapping ErrNotDrawn: a game made
	// from a seed knows its pile, and every move must play or discard the
	// tile drawn (000_…, "Placing land tiles": the player draws a tile and
	// places it). Without it, Apply takes any tile still in the pile, as a
	// game record names the tile of each move and a record without its
	// seed is replayed with the tiles in another order. Play never checks
	// it.
	DrawnOnly bool
}

// Move is one action of a player: placing the drawn tile (and perhaps a
// follower on it), or discarding a tile that fits nowhere.
type Move struct {
	// The fields are ordered so that the small ones share words: a game
	// keeps every move, and a random playout copies each.

	// Tile is the tile drawn. It must be in the draw pile.
	Tile TileID
	// Discard puts the tile out of the game; legal only when it fits nowhere.
	Discard bool
	// Aside sets the tile drawn aside, as the rules of some expansions
	// require (The Princess & the Dragon: a dragon tile drawn before any
	// volcano); it comes back into the draw pile later, and the same player
	// draws again without the turn number moving (spec/record.md, "n. TILE
	// aside"). Legal only when the rules set that tile aside (SetsAside).
	Aside bool
	// Rotation says how the tile is turned, Cell (below) where it goes.
	Rotation Rotation
	// Follower is the port, in board orientation, of the feature of the
	// placed tile on which a follower from the supply is deployed; NoPort
	// deploys none. The follower's role (knight, thief, monk, farmer)
	// follows from the feature.
	Follower Port
	// Figure is the kind of figure deployed at Follower: the follower (the
	// zero value) or, with Inns & Cathedrals, the large follower.
	Figure Figure
	// Fly, with The Flying Machines, puts a figure of kind Figure (the
	// follower or the large follower) onto the flying machine of the tile
	// placed instead of on one of its features (Follower must be NoPort):
	// it flies Roll tiles (the die, 1 to 3) in the direction the machine
	// points and lands on Land (001_…, "The Flying Machines"; see Flyers,
	// FlightCell, Landings, DieRoll).
	Fly  bool
	Roll int8
	// Gold, with The Gold Mines, says that the tile placed has a gold mine:
	// one ingot goes on it and the second on the tile at GoldCell, next to
	// it, diagonals included (001_…, "The Gold Mines"; see GoldCells).
	// Legal, and required, only for a tile with a gold mine.
	Gold bool
	// Ferry, with The Ferries, is the ferry of the lake tile placed: the
	// two road ends of its lake it joins (board orientation). Legal, and
	// required, only for a lake tile (001_…, "The Ferries"; see
	// FerryLinks).
	Ferry FerryLink
	// Tower, with The Tower, uses a tower instead of deploying a figure on
	// the tile (Follower must then be NoPort): TowerPiece puts one of the
	// player's tower pieces on the foundation or open tower on TowerCell
	// (the tile just placed included); TowerTop puts a follower of kind
	// Figure on top of the tower on TowerCell, closing it (004_…, "Placing
	// followers"; see TowerCells, TowerTops).
	Tower TowerAction
	// Ransomed, with The Tower, pays RansomPoints at the start of the turn
	// to Ransom.Jailer for the player's prisoner Ransom.Figure, which goes
	// back to the supply and may be deployed in this move (004_…, "The
	// prisoners"; see Ransoms). A discard or a tile set aside carries no
	// ransom.
	Ransomed bool
	// Portal, with The Princess & the Dragon, after a magic portal tile:
	// Follower and Figure (the follower or the large follower) deploy on
	// the feature at port Follower of the tile on PortalCell, another tile
	// of the board, incomplete and unoccupied (004_…, "The magic portal";
	// see PortalSpots).
	Portal bool
	// Fairy, with The Princess & the Dragon, puts the fairy on the tile at
	// FairyCell, next to a follower of the player, instead of a figure
	// (004_…, "The fairy"; see FairyCells).
	Fairy bool
	// Resign, instead of a tile, takes Player (an index in turn order) out
	// of the game: their turns are skipped from now on, their followers stay
	// and still score. When every player but one has resigned (or the only
	// player of a solo game), the game ends with the final scoring and the
	// player left wins.
	Resign bool
	// Dragon, with The Princess & the Dragon, after a dragon tile: the
	// tiles the dragon enters, each chosen by the next player in turn
	// order from the current one (004_…, "The dragon"; see DragonSteps).
	// It holds every step the dragon can take, up to MaxDragonSteps.
	Dragon DragonPath
	// Cell is where the tile goes.
	Cell Cell
	// TowerCell is the tile of the tower that Tower uses.
	TowerCell Cell
	// PortalCell is the tile the magic portal leads to (Portal).
	PortalCell Cell
	// FairyCell is the tile the fairy goes to (Fairy).
	FairyCell Cell
	// FairyPort names the follower the fairy stands by on FairyCell: a
	// port of its feature there (board orientation), when the player has
	// several followers on that tile (FairySpots); NoPort when they have
	// one, or for the first of them in the order deployed
	// (rules-options.md, "Reading, which follower"; record.md,
	// fairy@x,y:PORT).
	FairyPort Port
	// GoldCell, with Gold, is the tile that takes the second gold ingot.
	GoldCell Cell
	// Escape, with the Cathars, takes one of the player's knights back from
	// a besieged city next to a cloister after the scoring of this turn
	// (002_…, "Sequence of Play", step 7; spec/rules-options.md,
	// "Cathars"); Escape.Port NoPort (the zero value) takes none.
	Escape Target
	// Capture, after a tower piece, takes prisoner the follower or large
	// follower named (a feature segment, or the top of another tower with
	// Target.Tower) within the tower's reach, before the scoring (004_…,
	// "Place a tower piece and take a prisoner"; see Captures); the zero
	// Target takes none.
	Capture Target
	// Princess, with The Princess & the Dragon, sends the knight named
	// home from the city the princess of the tile joins, instead of a
	// figure (004_…, "The princess"; see Princesses); the zero Target
	// sends none.
	Princess Target
	// PrincessSeat and PrincessLarge name, among several knights on the
	// spot Princess names (a flying figure can land on an occupied spot, a
	// crop circle adds a knight next to one), the one sent home: its
	// player's seat, 1 to 6, and whether it is the large follower
	// (spec/record.md: "princess@x,y:PORT ... /seat and =large when several
	// figures stand there"). With PrincessSeat 0 the knight deployed there
	// first (the first large follower with PrincessLarge) goes home. Play
	// fills both in the move it keeps when several knights stand on the
	// spot, so that the game's record names the knight.
	PrincessSeat  int8
	PrincessLarge bool
	// Land, after a figure onto the flying machine (Fly), is the feature
	// it lands on: an incomplete road, city or cloister of the tile Roll
	// tiles away in the machine's direction, occupied or not; the zero
	// Target sends it back to the supply, legal only when it cannot land.
	Land Target
	// FerryMoves, with The Ferries, are the ferries the tile placed moves:
	// at most the first ferry on each road it continues, each once (001_…,
	// "Continuing a road with a ferry"; see MovableFerries,
	// AppendFerryMoves). Moved after Ferry is set, before the scoring.
	FerryMoves FerryMoves
	// Ransom is the prisoner a ransom frees (Ransomed).
	Ransom Ransom
	// Magic, with Mage & Witch, after a tile with the magic symbol or one
	// that joins the roads or cities of the mage and the witch, is the
	// figure placed or moved onto the road or city at MagicAt, before the
	// figure step; the zero MagicAt takes it off the board, legal only when
	// neither can go anywhere (001_…, "Mage & Witch"; see MagicSpots).
	Magic   MagicFigure
	MagicAt Target
	// Crop, with The Crop Circles, after a tile with a crop circle, is its
	// player's choice, and CropPicks the players' answers in the order
	// they answer, after the scoring and the escape (001_…, "The Crop
	// Circles"; see crop.go).
	Crop      CropChoice
	CropPicks CropPicks
	// Robbers, with The Robbers, after a tile with a bag, are the robbers
	// placed on the scoreboard, right after the tile, by the current
	// player and then the others in turn order (001_…, "Using robbers";
	// robbers.go); answers left out are passes.
	Robbers RobberPlaces
	// Scoring, with The Messengers or The Robbers, are the choices of the
	// turn's scoring in the order it asks them: which pawn each scoring
	// player moves, whom a robber robs, each Message tile turned up and
	// what was done with it (messengers.go). A choice left out takes its
	// default (the marker, the first player, the 2 points); Play writes
	// the defaults into the move it keeps.
	Scoring ScoreChoices
	// Player is the player who resigns (Resign).
	Player int
}

// moveRec is a move of the history in 16 bytes instead of the 184 of a
// Move: the tile, where and how it went, the figure deployed on it, a
// discard or a tile set aside, which is all most moves are. A move with
// anything more (a resignation, a tower, the dragon, an escape...) is kept
// whole in Game.fullMoves, and its moveRec holds only its index there (see
// Game.record). A game allocates its history once, and at 184 bytes a move
// it was the largest part of what a random playout allocates.
type moveRec struct {
	tile     TileID
	x, y     int16
	rot      Rotation
	follower Port
	figure   Figure
	flags    uint8 // recDiscard, recAside
	full     int32 // 1 + the index of the move in Game.fullMoves, or 0
}

// The flags of a moveRec.
const (
	recDiscard uint8 = 1 << iota
	recAside
)

// packMove returns the moveRec of m's tile, cell, rotation, follower,
// figure, discard and aside, whatever else m holds.
func packMove(m *Move) moveRec {
	r := moveRec{tile: m.Tile, x: int16(m.Cell.X), y: int16(m.Cell.Y), rot: m.Rotation, follower: m.Follower, figure: m.Figure}
	if m.Discard {
		r.flags |= recDiscard
	}
	if m.Aside {
		r.flags |= recAside
	}
	return r
}

// move returns the move r holds, the fields it has no room for zero.
func (r moveRec) move() Move {
	return Move{Tile: r.tile, Cell: Cell{int(r.x), int(r.y)}, Rotation: r.rot, Follower: r.follower, Figure: r.figure,
		Discard: r.flags&recDiscard != 0, Aside: r.flags&recAside != 0}
}

// moveWords is the size of a Move in 64-bit words.
const moveWords = unsafe.Sizeof(Move{}) / 8

// recRest has the bits of a Move outside the fields that a moveRec holds:
// a Move has nothing more when those bits are 0 (see Game.record).
var recRest = func() (mask [moveWords]uint64) {
	b := (*[moveWords * 8]byte)(unsafe.Pointer(&mask))
	for i := range b {
		b[i] = 0xff
	}
	var m Move
	for _, f := range [...]struct{ off, size uintptr }{
		{unsafe.Offsetof(m.Tile), unsafe.Sizeof(m.Tile)},
		{unsafe.Offsetof(m.Discard), unsafe.Sizeof(m.Discard)},
		{unsafe.Offsetof(m.Aside), unsafe.Sizeof(m.Aside)},
		{unsafe.Offsetof(m.Rotation), unsafe.Sizeof(m.Rotation)},
		{unsafe.Offsetof(m.Follower), unsafe.Sizeof(m.Follower)},
		{unsafe.Offsetof(m.Figure), unsafe.Sizeof(m.Figure)},
		{unsafe.Offsetof(m.Cell), unsafe.Sizeof(m.Cell)},
	} {
		for i := f.off; i < f.off+f.size; i++ {
			b[i] = 0
		}
	}
	return mask
}()

// record appends m to the history of moves: as a moveRec when it holds
// nothing more than one can, else whole in g.fullMoves. It tests the
// Move's memory word by word against recRest, which costs a third of
// comparing its fields one by one, and keeps a field added to Move later
// without knowing of it (TestMoveHistoryKeepsEveryField sets each field
// of Move in turn). Padding bytes that are not zero can only send a move
// to fullMoves, which keeps it whole as well.
func (g *Game) record(m *Move) {
	w := (*[moveWords]uint64)(unsafe.Pointer(m))[:]
	mask := recRest[:]
	var rest uint64
	for len(w) >= 4 && len(mask) >= 4 {
		rest |= w[0]&mask[0] | w[1]&mask[1] | w[2]&mask[2] | w[3]&mask[3]
		w, mask = w[4:], mask[4:]
	}
	for i := range min(len(w), len(mask)) {
		rest |= w[i] & mask[i]
	}
	if rest != 0 || m.Cell.X != int(int16(m.Cell.X)) || m.Cell.Y != int(int16(m.Cell.Y)) {
		if len(g.fullMoves) == cap(g.fullMoves) {
			g.growFullMoves()
		}
		g.fullMoves = append(g.fullMoves, *m)
		g.moves = append(g.moves, moveRec{full: int32(len(g.fullMoves))})
		return
	}
	g.moves = append(g.moves, packMove(m))
}

// growFullMoves gives g.fullMoves, full, room for the moves kept whole
// that the rest of the game should bring at the rate seen so far, when that
// is more than the append that follows would make: a game with
// expansions keeps about a move in four whole, at 336 bytes each, and
// growing the list by doubling copied and allocated three times what the
// game needs. Below 8 moves kept whole, the rate says little (a search
// that copies a game early and plays a move on it must not pay for a whole
// game): the list gets room for 8 (2.7 KB), then for twice as many.
func (g *Game) growFullMoves() {
	n := len(g.fullMoves)
	want := 8
	if n >= 8 {
		left := len(g.pile) - g.top
		want = max(n+n*left/(len(g.moves)+1)+4, 2*n)
	}
	full := make([]Move, n, want)
	copy(full, g.fullMoves)
	g.fullMoves = full
}

// moveAt returns move i of the history, from 0.
func (g *Game) moveAt(i int) Move {
	if r := g.moves[i]; r.full != 0 {
		return g.fullMoves[r.full-1]
	}
	return g.moves[i].move()
}

// Target names a feature on a tile of the board: the tile on Cell and the
// feature holding Port (board orientation). The zero Port (NoPort) names
// nothing, unless Tower is set.
type Target struct {
	Cell Cell
	Port Port
	// Tower, for a capture (The Tower), names instead the follower on top
	// of the tower on Cell; Port is then NoPort.
	Tower bool
}

// Placement is one legal way to lay a tile: a cell and a rotation.
type Placement struct {
	Cell     Cell
	Rotation Rotation
}

// Spot is a place on a tile where a follower may be deployed: one feature
// segment of the tile.
type Spot struct {
	// Port names the feature in board orientation (PortSet.Main of its ports).
	Port Port
	// Ports are all the ports of the feature, in board orientation.
	Ports PortSet
	// Kind is the feature's kind; the follower's role follows from it.
	Kind FeatureKind
	// Feature is the index of the segment in Tile.Features.
	Feature int
}

// ScoreEvent is one score: who scored how many points for which feature, and
// when. A score shared by tied players is one event per player.
type ScoreEvent struct {
	// Turn is the turn during which the feature was scored; for the final
	// scoring, the last turn played.
	Turn int
	// Player is the index of the player in turn order.
	Player int
	// Feature is road, city, cloister or field (farm). The King's bonus
	// (Source SourceKing) says City, the Robber Baron's (SourceRobberBaron)
	// Road.
	Feature FeatureKind
	// Tiles is the number of tiles of the road or city, or of the cloister
	// and its neighbours; for the Robber Baron's bonus, the number of
	// completed roads (the King's counts its cities in Cities).
	Tiles int
	// Pennants is the number of pennants of a city.
	Pennants int
	// Cities is the number of completed cities a farm supplied.
	Cities int
	// Points are the points scored.
	Points int
	// Complete tells whether the feature was completed.
	Complete bool
	// Final tells whether the score is part of the final scoring.
	Final bool
	// Source is what scored: a feature (Feature says which), or a bonus
	// such as the King or the Robber Baron.
	Source Source
	// Markers are the markers of the feature that changed its points: an
	// inn on a road, a cathedral or a siege in a city, a pig herd in a farm;
	// for a goods majority (SourceGoods), the good.
	Markers Marker
	// Pig tells that the player's pig in the farm added to its points
	// (Traders & Builders: 1 more per city, 2 more for a besieged one).
	Pig bool
	// Magic is the mage or the witch on the road or city scored (Mage &
	// Witch): Points include its effect (MagicPoints).
	Magic MagicFigure
	// Messenger tells that the points moved the player's messenger rather
	// than the marker (The Messengers; 001_…: "he chooses whether he will
	// move his messenger or his marker").
	Messenger bool
	// Message is the Message tile of a SourceMessage event (The
	// Messengers), and Carried whether it was carried out rather than
	// traded for its 2 points.
	Message Message
	Carried bool
}

// PlacedTile is a tile on the board.
type PlacedTile struct {
	Tile     TileID
	Cell     Cell
	Rotation Rotation
}

// Follower is a follower on the board.
type Follower struct {
	// Player is the owner's index in turn order.
	Player int
	// Cell is the tile it stands on.
	Cell Cell
	// Port is the port it was deployed on, in board orientation.
	Port Port
	// Kind is the kind of the feature it occupies: road (thief), city
	// (knight), cloister (monk), field (farmer).
	Kind FeatureKind
	// Feature is the index of its segment in the tile's features.
	Feature int
	// Figure is the kind of figure: the follower, the large follower, the
	// builder or the pig.
	Figure Figure
}

// FeatureInfo describes a whole feature on the board: all the segments joined
// into one road, city, cloister or farm.
type FeatureInfo struct {
	Kind FeatureKind
	// Tiles is the number of tiles it covers (a cloister: itself and its
	// neighbours).
	Tiles int
	// Pennants is the number of pennants in a city.
	Pennants int
	// OpenSides is the number of sides by which a road or city still goes on
	// to an empty cell, or the number of empty cells around a cloister.
	OpenSides int
	// Complete tells whether the road, city or cloister is completed; a farm
	// never is.
	Complete bool
	// Followers counts the figures on it by player index: followers, large
	// followers (one each), builders and pigs; majorities weigh them
	// otherwise (Figure.Weight).
	Followers [MaxPlayers]int
	// Segments are the tile segments it is made of.
	Segments []Segment
}

// Segment is one feature segment of a placed tile.
type Segment struct {
	Cell Cell
	// Feature is the index in the tile's features.
	Feature int
}

// gridEntry is a slot of the board's hash table.
type gridEntry struct {
	key   uint32
	idx   int16 // index in tiles (placed) or open (open)
	state uint8 // 0 empty slot, 1 open cell, 2 placed tile
}

const (
	slotEmpty uint8 = iota
	slotOpen
	slotPlaced
)

type openCell struct {
	x, y int16
	code uint16 // edge constraints, see TileSet.fits
	// prev and next link the open cells of the same code (Game.codes),
	// -1 at the ends.
	prev, next int16
}

// codeList is the list of the open cells with one constraint code: the
// index in Game.open of the first, how many there are, and the index of
// the code in Game.active. It is valid only while the code's bit is set in
// Game.codeBits.
type codeList struct {
	first, n, pos int16
}

// activeCode is an entry of Game.active: a constraint code and the number
// of open cells that have it.
type activeCode struct {
	code uint16
	n    int16
}

// codeWords is the number of 64-bit words of a set of constraint codes.
const codeWords = (numCodes + 63) / 64

type placedTile struct {
	x, y     int16
	tile     TileID
	rot      Rotation
	seg      int16 // the node of feature 0
	cloister int16 // the node of its cloister, or -1
}

// cloisterAt is a cloister not yet completed: its node and its tile's cell,
// kept together so that placing a tile finds the cloisters around it
// without looking up their tiles.
type cloisterAt struct {
	node int16
	x, y int16
}

type node struct {
	parent    int16
	tile      int16 // index in Game.tiles
	kind      FeatureKind
	feat      uint8
	rank      uint8
	pennants  uint8
	followers uint8
	done      bool  // a road, city or cloister completed (and scored)
	marks     uint8 // the markers that change the feature's points, see packMarks
	open      uint16
	tiles     uint16
	multi     uint64 // tiles with several segments of one kind, by ordinal mod 64
}

type meeple struct {
	player int8
	fig    Figure
	kind   FeatureKind
	port   Port
	node   int16
	tile   int16
}

// Game is the state of one game: the board, the features, the draw pile,
// the players' scores and supplies, and the history of moves and scores.
// Copy it with Clone; the zero value is not a game, use New.
type Game struct {
	rules   *Rules          // shared, never changed
	x       *expansionState // nil in the base game
	ts      *TileSet
	opts    Options
	seed    uint64
	start   StartTile
	players []string // shared, never changed

	drawnOnly bool // Check refuses any tile but pile[top]
	nplayers  int
	current   int
	turn      int // the number of the turn being played, from 1
	ended     bool
	resigned  uint8    // bit p: player p resigned
	part      partTurn // the answers of the turn under way through Act
	scores    [MaxPlayers]int
	supply    [MaxPlayers]int8

	pile []TileID // pile[top:] is still to be drawn, pile[top] next
	top  int

	grid  []gridEntry
	shift uint // the table is laid out in rows of 1<<shift cells (see slot)
	open  []openCell
	// codes[c] lists the open cells of constraint code c, for the codes
	// in codeBits (bit c%64 of word c/64): the codes some open cell has.
	codes    []codeList
	codeBits [codeWords]uint64
	tiles    []placedTile // append-only
	nodes    []node
	multi    []int16 // append-only: tile index of each tile with several segments of a kind
	meeples  []meeple
	final    []meeple     // the followers on the board when the game ended
	events   []ScoreEvent // append-only
	meals    []eatenFig   // append-only: what the dragon ate (dragon.go)

	// moves is the history of moves, append-only, each in the few bytes
	// of a moveRec; the moves a moveRec cannot hold are in fullMoves.
	moves     []moveRec
	fullMoves []Move // append-only

	cloisters []cloisterAt // the cloisters not yet completed
	done      [9]int16     // cloisters completed by the tile being placed
	nd        int

	// ownHistory: the history's tables (tiles, multi, events, meals,
	// moves, fullMoves) are this game's alone, shared with no other game,
	// so that CopyTo into it copies the history into their memory and
	// CopyTo from it copies the history rather than share it (see CopyTo).
	ownHistory bool

	// run, nil but in a copy that checks or looks ahead at a move with
	// The Messengers or The Robbers, says how (messengers.go).
	run *scoreRun

	// active lists the codes in codeBits, in no order, each with its
	// number of open cells (as codes[c].n): RandomPlacement counts the
	// placements of a tile over it in a loop the processor predicts,
	// where walking the bits of codeBits took a wrong guess at each word.
	// A code's place in it is codes[c].pos.
	active []activeCode
}

// New sets up a game: the start tile on the board, the other tiles shuffled
// into the draw pile by cfg.Seed, 7 followers in each supply, scores at 0,
// the first player to play. It returns an error wrapping ErrPlayers for a
// bad list of players, and ErrUnknownTile for a start tile not in the set.
//
// With cfg.Rules set, the tile set, the options, the start tile and the
// draw pile come from the rules (see Config.Rules); a Config whose Tiles or
// Options disagree with them returns an error wrapping ErrBadOption.
func New(cfg Config) (*Game, error) {
	g := new(Game)
	if err := NewInto(g, cfg); err != nil {
		return nil, err
	}
	return g, nil
}

// NewInto sets up a game in dst exactly as New(cfg) does, reusing the
// memory of dst's board, feature and expansion tables, so that a program
// playing many games in a row (random playouts, an arena) allocates little
// more than each game's history. The history (placed tiles, scores, moves)
// is always new memory, since a Clone or CopyTo of the game dst held may
// still share it. dst may be a zero Game; whatever game it held is gone.
// It returns New's errors, and leaves dst as it was on an error.
func NewInto(dst *Game, cfg Config) error {
	rules := cfg.Rules
	ts := cfg.Tiles
	if rules != nil {
		if ts != nil && ts != rules.Tiles {
			return fmt.Errorf("%w: Config.Tiles is not the tile set of Config.Rules", ErrBadOption)
		}
		if cfg.Options != (Options{}) && cfg.Options != rules.Options {
			return fmt.Errorf("%w: Config.Options %s differ from the rules' %s", ErrBadOption, cfg.Options, rules.Options)
		}
		ts, cfg.Options = rules.Tiles, rules.Options
		if cfg.Start == (StartTile{}) {
			cfg.Start = rules.Start
		}
	}
	if ts == nil {
		ts = BaseTiles
	}
	if err := checkPlayers(cfg.Players); err != nil {
		return err
	}
	if !cfg.Options.valid() {
		return fmt.Errorf("%w: %+v", ErrBadOption, cfg.Options)
	}
	start := cfg.Start
	if start.Tile == NoTile {
		d, ok := ts.Lookup("D")
		if !ok {
			return fmt.Errorf("%w: the tile set has no start tile D", ErrUnknownTile)
		}
		start = StartTile{Tile: d}
	}
	if int(start.Tile) > ts.Len() || ts.tiles[start.Tile].Count < 1 {
		return ErrUnknownTile
	}
	if start.Rotation > Rotate270 {
		return ErrBadRotation
	}
	if !inRange(start.Cell) {
		return moveErr(ErrNoNeighbour, "the start tile lies too far out")
	}
	total := ts.Total()
	// The tables dst owns (CopyTo copies them, never shares them), kept
	// for their memory.
	grid, open, codes, active := dst.grid, dst.open[:0], dst.codes, dst.active[:0]
	nodes, meeples, cloisters, x := dst.nodes[:0], dst.meeples[:0], dst.cloisters[:0], dst.x
	g := dst
	*g = Game{
		rules:     rules,
		ts:        ts,
		opts:      cfg.Options,
		seed:      cfg.Seed,
		start:     start,
		players:   append([]string(nil), cfg.Players...),
		drawnOnly: cfg.DrawnOnly,
		nplayers:  len(cfg.Players),
		turn:      1,
	}
	for i := range g.nplayers {
		g.supply[i] = FollowersPerPlayer
	}
	if rules == nil {
		g.rules = rulesOf(ts, cfg.Options)
		g.pile = NewPile(ts, start.Tile, cfg.Seed)
	} else {
		g.pile = rules.pileFor(start.Tile, cfg.Seed)
		if rules.Expansions != 0 || rules.aside.sets != nil {
			if x == nil {
				x = new(expansionState)
			}
			*x = expansionState{}
			g.x = x
			for f := FigureFollower + 1; f < numFigures; f++ {
				for p := range g.nplayers {
					g.x.supply[p][f] = int8(rules.figureSupply(f))
				}
			}
			if rules.Expansions.Has(ExpansionTower) {
				for p := range g.nplayers {
					g.x.tower.pieces[p] = int8(TowerPiecesPerPlayer(g.nplayers))
				}
			}
			g.x.board.setUp(rules.Expansions, cfg.Seed)
		}
	}
	size := 16
	for size < 6*total+8 {
		size <<= 1
	}
	g.grid = zeroed(grid, size)
	g.shift = uint(bits.TrailingZeros(uint(size))+1) / 2
	g.open = reserve(open, 2*total+4)
	g.codes = zeroed(codes, numCodes)
	g.active = reserve(active, 64)
	g.nodes = reserve(nodes, 4*total)
	g.meeples = reserve(meeples, MaxPlayers*FollowersPerPlayer)
	g.cloisters = reserve(cloisters, 16)
	g.tiles = make([]placedTile, 0, total)
	g.multi = make([]int16, 0, total)
	// Random games score about one event per 2 tiles with expansions,
	// fewer in the base game: room for them all, most of the time.
	g.events = make([]ScoreEvent, 0, total/3+8)
	g.moves = make([]moveRec, 0, total)
	g.place(start.Tile, int16(start.Cell.X), int16(start.Cell.Y), start.Rotation)
	if g.x != nil {
		g.x.placed(g, start.Tile, int16(start.Cell.X), int16(start.Cell.Y), start.Rotation)
	}
	return nil
}

// zeroed returns s with length n and every element zero, reusing its
// memory when it holds n.
func zeroed[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// reserve returns s emptied, with room for n elements, reusing its memory
// when it has that room.
func reserve[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

func checkPlayers(names []string) error {
	if len(names) < 1 || len(names) > MaxPlayers {
		return fmt.Errorf("%w, not %d", ErrPlayers, len(names))
	}
	for i, n := range names {
		if strings.TrimSpace(n) == "" || n != strings.TrimSpace(n) {
			return fmt.Errorf("%w: a player's name is empty or starts or ends with a space", ErrPlayers)
		}
		if strings.ContainsAny(n, ",\"[]#") || strings.ContainsFunc(n, unicode.IsControl) || !utf8.ValidString(n) {
			return fmt.Errorf("%w: the name %q has a comma, quote, bracket, # or control character", ErrPlayers, n)
		}
		// At most MaxPlayers names: comparing each with those before it
		// costs less than a map.
		if slices.Contains(names[:i], n) {
			return fmt.Errorf("%w: %q plays twice", ErrPlayers, n)
		}
	}
	return nil
}

// NewPile returns the draw pile of tile set ts shuffled by seed: every tile
// kind in id order, as many times as its count, less one copy of the start
// tile, then shuffled by Fisher–Yates from the last position down, drawing
// each index j in [0, i] from a PCG generator (math/rand/v2's NewPCG(seed,
// 0x6361726361737365)) with Lemire's unbiased multiply-and-reject method.
// Both are fully specified, so the same seed gives the same pile in every
// version. The first tile to draw is at index 0.
func NewPile(ts *TileSet, startTile TileID, seed uint64) []TileID {
	pile := make([]TileID, 0, ts.Total())
	for id := TileID(1); int(id) <= ts.Len(); id++ {
		n := ts.tiles[id].Count
		if id == startTile {
			n--
		}
		for range n {
			pile = append(pile, id)
		}
	}
	src := rand.NewPCG(seed, pileStream)
	for i := len(pile) - 1; i > 0; i-- {
		j := bounded(src, uint64(i+1))
		pile[i], pile[j] = pile[j], pile[i]
	}
	return pile
}

// bounded returns a uniform number in [0, n) (Lemire, "Fast Random Integer
// Generation in an Interval", 2019).
func bounded(src *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		t := -n % n
		for lo < t {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}

// Clone returns an independent copy of the game. It copies the board and
// feature tables (a few kilobytes) and shares the append-only history
// (copies it when the game is one CopyTo reuses, see CopyTo). A search
// that copies many states should reuse them with CopyTo.
func (g *Game) Clone() *Game {
	c := new(Game)
	g.CopyTo(c)
	return c
}

// CopyTo makes dst an independent copy of g, reusing dst's memory, so that a
// search can keep a stack of states and copy without allocating. dst may be
// a zero Game or any game; it must not be g.
//
// Into a zero Game, the history (placed tiles, scores, moves) is shared,
// capped so that an append to either game does not show in the other. Into
// a game, the history is copied into memory dst keeps for it from then
// on, shared with no other game (a Clone or CopyTo of dst copies it in
// turn): a search's playouts each append a game's worth of history, and
// sharing made each of them allocate it anew, about a GB a hard turn with
// every expansion. dst's history's memory is reused from the second CopyTo
// into it.
func (g *Game) CopyTo(dst *Game) {
	pile, grid, open, codes, nodes, meeples, cloisters := dst.pile[:0], dst.grid[:0], dst.open[:0], dst.codes[:0], dst.nodes[:0], dst.meeples[:0], dst.cloisters[:0]
	active := dst.active[:0]
	x := dst.x
	var h history
	own := dst.grid != nil || g.ownHistory
	if dst.ownHistory {
		h = history{dst.tiles[:0], dst.multi[:0], dst.events[:0], dst.moves[:0], dst.fullMoves[:0], dst.meals[:0]}
	}
	*dst = *g
	if g.x != nil {
		// The expansion state is a value without pointers: copy it into
		// dst's own, allocating only the first time dst gets one.
		if x == nil {
			x = new(expansionState)
		}
		*x = *g.x
		dst.x = x
	}
	dst.pile = append(pile, g.pile...)
	dst.grid = append(grid, g.grid...)
	dst.open = append(open, g.open...)
	dst.codes = append(codes, g.codes...)
	dst.active = append(active, g.active...)
	dst.nodes = append(nodes, g.nodes...)
	dst.meeples = append(meeples, g.meeples...)
	dst.cloisters = append(cloisters, g.cloisters...)
	dst.ownHistory = own
	if own {
		dst.tiles = append(h.tiles, g.tiles...)
		dst.multi = append(h.multi, g.multi...)
		dst.events = append(h.events, g.events...)
		dst.moves = append(h.moves, g.moves...)
		dst.fullMoves = append(h.fullMoves, g.fullMoves...)
		dst.meals = append(h.meals, g.meals...)
		return
	}
	// The history is only ever appended to: share it, capped so that an
	// append to either game does not show in the other.
	dst.tiles = g.tiles[:len(g.tiles):len(g.tiles)]
	dst.multi = g.multi[:len(g.multi):len(g.multi)]
	dst.events = g.events[:len(g.events):len(g.events)]
	dst.moves = g.moves[:len(g.moves):len(g.moves)]
	dst.fullMoves = g.fullMoves[:len(g.fullMoves):len(g.fullMoves)]
	dst.meals = g.meals[:len(g.meals):len(g.meals)]
}

// scratchGames keeps the games a look-ahead plays a move on and drops
// (runAhead, afterTile), for their memory: CopyTo into one reuses it. A
// search looks ahead at the end of every turn of its tree with The
// Messengers, The Robbers and the Cathars, and a Clone each time was a
// tenth of a hard turn with every expansion.
var scratchGames = sync.Pool{New: func() any { return new(Game) }}

// scratchCopy returns a copy of g in a game of scratchGames, for
// dropScratch once done with: nothing may keep it.
func (g *Game) scratchCopy() *Game {
	c := scratchGames.Get().(*Game)
	g.CopyTo(c)
	return c
}

// dropScratch gives c, from scratchCopy, back to scratchGames.
func dropScratch(c *Game) {
	c.run = nil
	scratchGames.Put(c)
}

// history holds the tables of a game's history, emptied, for CopyTo to
// reuse.
type history struct {
	tiles     []placedTile
	multi     []int16
	events    []ScoreEvent
	moves     []moveRec
	fullMoves []Move
	meals     []eatenFig
}

// MemSize returns about how many bytes the game holds in memory: the Game
// value and the capacity of its board, feature and pile tables, its history
// (placed tiles, scores, moves) and its players' names. The tile set, shared
// by every game, is not counted; the history, shared by a Clone with its
// original, is counted in each. It takes constant time, for a cache to bound
// the memory it keeps.
func (g *Game) MemSize() int {
	n := int(unsafe.Sizeof(*g)) +
		cap(g.pile)*int(unsafe.Sizeof(TileID(0))) +
		cap(g.grid)*int(unsafe.Sizeof(gridEntry{})) +
		cap(g.open)*int(unsafe.Sizeof(openCell{})) +
		cap(g.codes)*int(unsafe.Sizeof(codeList{})) +
		cap(g.active)*int(unsafe.Sizeof(activeCode{})) +
		cap(g.tiles)*int(unsafe.Sizeof(placedTile{})) +
		cap(g.nodes)*int(unsafe.Sizeof(node{})) +
		cap(g.multi)*int(unsafe.Sizeof(int16(0))) +
		(cap(g.meeples)+cap(g.final))*int(unsafe.Sizeof(meeple{})) +
		cap(g.events)*int(unsafe.Sizeof(ScoreEvent{})) +
		cap(g.moves)*int(unsafe.Sizeof(moveRec{})) +
		cap(g.fullMoves)*int(unsafe.Sizeof(Move{})) +
		cap(g.meals)*int(unsafe.Sizeof(eatenFig{})) +
		cap(g.cloisters)*int(unsafe.Sizeof(cloisterAt{}))
	if g.x != nil {
		n += int(unsafe.Sizeof(*g.x))
	}
	for _, p := range g.players {
		n += int(unsafe.Sizeof(p)) + len(p)
	}
	return n
}

func inRange(c Cell) bool {
	return c.X > -30000 && c.X < 30000 && c.Y > -30000 && c.Y < 30000
}

func cellKey(x, y int16) uint32 { return uint32(uint16(x))<<16 | uint32(uint16(y)) }

// slot returns the table slot of cell (x, y): its entry, or the empty slot
// where it would go.
func (g *Game) slot(x, y int16) *gridEntry {
	// The board wraps onto the table row by row, so that a cell's
	// neighbours left and right are in the same cache line and those
	// above and below one row away: placing a tile looks up all four.
	// The board is compact, so cells rarely share a slot, and the first
	// probe almost always ends the search. A probe tests "empty or the
	// cell's" with one branch: the product is 0 when the state is
	// slotEmpty or the keys are equal, and cannot overflow to 0. (With
	// ||, whether the slot is empty was a second branch, which the
	// processor guessed wrong about a fifth of the time.)
	k := cellKey(x, y)
	mask := uint32(len(g.grid) - 1)
	i := (uint32(uint16(y))<<g.shift + uint32(uint16(x))) & mask
	for {
		e := &g.grid[i]
		if uint64(e.state)*uint64(e.key^k) == 0 {
			return e
		}
		i = (i + 1) & mask
	}
}

// bit returns 1 for true and 0 for false, without a branch.
func bit(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

func (g *Game) placedAt(x, y int16) int {
	e := g.slot(x, y)
	if e.state == slotPlaced {
		return int(e.idx)
	}
	return -1
}

var dx = [4]int16{0, 1, 0, -1}
var dy = [4]int16{-1, 0, 1, 0}

const middlePorts PortSet = 1<<(N-1) | 1<<(E-1) | 1<<(S-1) | 1<<(W-1)

// place lays tile t at (x, y) turned by r, without checks, and joins its
// features to its neighbours'. Cloisters it completes are left in g.done.
func (g *Game) place(t TileID, x, y int16, r Rotation) {
	ti := int16(len(g.tiles))
	base := int16(len(g.nodes))
	o := &g.ts.orients[t][r]
	pt := placedTile{x: x, y: y, tile: t, rot: r, seg: base, cloister: -1}
	// The tile's nodes are copied from its template, then moved to their
	// place in g.nodes (copying whole nodes is faster than writing fields).
	g.nodes = append(g.nodes, g.ts.nodes[t]...)
	ns := g.nodes[base:]
	for i := range ns {
		ns[i].parent += base
		ns[i].tile = ti
	}
	if g.ts.multi[t] {
		multi := uint64(1) << (uint(len(g.multi)) & 63)
		g.multi = append(g.multi, ti)
		for i := range ns {
			if k := ns[i].kind; k == Road || k == City {
				ns[i].multi = multi
			}
		}
	}
	if c := g.ts.cloister[t]; c >= 0 {
		pt.cloister = base + c
	}
	g.tiles = append(g.tiles, pt)

	// The cell leaves the open list.
	e := g.slot(x, y)
	if e.state == slotOpen {
		oi := e.idx
		g.unlinkOpen(oi)
		last := int16(len(g.open) - 1)
		if oi != last {
			moved := g.open[last]
			g.open[oi] = moved
			g.slot(moved.x, moved.y).idx = oi
			if moved.prev >= 0 {
				g.open[moved.prev].next = oi
			} else {
				g.codes[moved.code].first = oi
			}
			if moved.next >= 0 {
				g.open[moved.next].prev = oi
			}
		}
		g.open = g.open[:last]
	}
	// Slots never move (the table is not resized), so e is still the cell's.
	e.key, e.state, e.idx = cellKey(x, y), slotPlaced, ti

	for s := 0; s < 4; s++ {
		nx, ny := x+dx[s], y+dy[s]
		ne := g.slot(nx, ny)
		want := (o.sig >> (4 * s) & 0xf) * sidePow[(s+2)&3]
		switch ne.state {
		case slotPlaced:
			g.join(o, g.ts.joins[t][r], base, int(ne.idx), s)
		case slotOpen:
			g.unlinkOpen(ne.idx)
			g.open[ne.idx].code += want
			g.linkOpen(ne.idx)
		default:
			i := int16(len(g.open))
			ne.key, ne.state, ne.idx = cellKey(nx, ny), slotOpen, i
			g.open = append(g.open, openCell{x: nx, y: ny, code: want})
			g.linkOpen(i)
		}
	}

	// Cloisters around, and this tile's own.
	// Whether a cloister is around the tile is counted, not tested: a
	// branch per cloister that the processor guessed wrong a third of the
	// time. Only the cloisters around can get to 0.
	g.nd = 0
	for _, c := range g.cloisters {
		n := &g.nodes[c.node]
		n.open -= uint16(bit(uint32(int32(c.x)-int32(x)+1) <= 2) & bit(uint32(int32(c.y)-int32(y)+1) <= 2))
		if n.open == 0 {
			g.done[g.nd] = c.node
			g.nd++
		}
	}
	if g.nd > 0 {
		kept := g.cloisters[:0]
		for _, c := range g.cloisters {
			if g.nodes[c.node].open != 0 {
				kept = append(kept, c)
			}
		}
		g.cloisters = kept
	}
	if c := pt.cloister; c >= 0 {
		around := 0
		for ddy := int16(-1); ddy <= 1; ddy++ {
			for ddx := int16(-1); ddx <= 1; ddx++ {
				if (ddx != 0 || ddy != 0) && g.placedAt(x+ddx, y+ddy) >= 0 {
					around++
				}
			}
		}
		g.nodes[c].open = uint16(8 - around)
		if around == 8 {
			g.done[g.nd] = c
			g.nd++
		} else {
			g.cloisters = append(g.cloisters, cloisterAt{node: c, x: x, y: y})
		}
	}
}

// linkOpen puts the open cell i at the head of the list of its code.
func (g *Game) linkOpen(i int16) {
	oc := &g.open[i]
	c := oc.code
	l := &g.codes[c]
	w, b := c>>6, uint64(1)<<(c&63)
	oc.prev = -1
	if g.codeBits[w]&b == 0 {
		g.codeBits[w] |= b
		oc.next = -1
		*l = codeList{first: i, n: 1, pos: int16(len(g.active))}
		g.active = append(g.active, activeCode{code: c, n: 1})
		return
	}
	oc.next = l.first
	g.open[l.first].prev = i
	l.first = i
	l.n++
	g.active[l.pos].n++
}

// unlinkOpen takes the open cell i out of the list of its code.
func (g *Game) unlinkOpen(i int16) {
	oc := &g.open[i]
	l := &g.codes[oc.code]
	if oc.prev >= 0 {
		g.open[oc.prev].next = oc.next
	} else {
		l.first = oc.next
	}
	if oc.next >= 0 {
		g.open[oc.next].prev = oc.prev
	}
	g.active[l.pos].n--
	if l.n--; l.n == 0 {
		g.dropCode(oc.code)
	}
}

// dropCode takes code c, which no open cell has any more, out of codeBits
// and active.
func (g *Game) dropCode(c uint16) {
	g.codeBits[c>>6] &^= 1 << (c & 63)
	pos := g.codes[c].pos
	last := g.active[len(g.active)-1]
	g.active[pos] = last
	g.codes[last.code].pos = pos
	g.active = g.active[:len(g.active)-1]
}

// join connects the features of a new tile (orientation o, port kinds
// kinds from TileSet.joins, first node base) across its side s to the
// placed tile at index nb.
func (g *Game) join(o *orient, kinds uint32, base int16, nb, s int) {
	nt := &g.tiles[nb]
	no := &g.ts.orients[nt.tile][nt.rot]
	// The road or city at the middle port of the side. Joining it before
	// the fields changes nothing: features of different kinds never join,
	// so which node ends up the root of each does not depend on the order.
	if kinds>>(16+3*s+1)&1 != 0 {
		a := base + int16(o.portFeat[3*s+1])
		b := nt.seg + int16(no.portFeat[3*((s+2)&3)+1])
		r := g.union(a, b)
		g.nodes[r].open -= 2
	}
	// The fields, in port order.
	lastA, lastB := int16(-1), int16(-1)
	for fs := kinds >> (3 * s) & 7; fs != 0; fs &= fs - 1 {
		k := bits.TrailingZeros32(fs)
		a := base + int16(o.portFeat[3*s+k])
		b := nt.seg + int16(no.portFeat[3*((s+2)&3)+2-k])
		// A side that is all field joins the same two segments at its
		// three ports: once is enough.
		if a != lastA || b != lastB {
			g.union(a, b)
			lastA, lastB = a, b
		}
	}
}

// find returns the root of node a's feature. It only reads the nodes, so
// the queries built on it leave the game as it was, and many goroutines
// may query one game at once; union shortens the paths it walks (see
// compress). Nodes are at most two steps from their root almost always
// (union by rank and compress), so it looks two steps up and tests that it
// got to the root: one branch that the processor guesses right, where
// testing each step for the root was a branch it guessed wrong a third of
// the time.
func (g *Game) find(a int16) int16 {
	p := g.nodes[a].parent
	r := g.nodes[p].parent
	if g.nodes[r].parent == r {
		return r
	}
	return g.findFar(r)
}

// findFar is find for a node more than two steps from its root.
func (g *Game) findFar(a int16) int16 {
	for {
		p := g.nodes[a].parent
		if p == a {
			return a
		}
		a = p
	}
}

// compress returns the root of node a's feature and points a and its
// parent straight at it. Which node is the root depends on union alone,
// not on how paths are shortened.
func (g *Game) compress(a int16) int16 {
	r := g.find(a)
	p := g.nodes[a].parent
	g.nodes[a].parent = r
	g.nodes[p].parent = r
	return r
}

func (g *Game) union(a, b int16) int16 {
	ra, rb := g.compress(a), g.compress(b)
	if ra == rb {
		return ra
	}
	A, B := &g.nodes[ra], &g.nodes[rb]
	shared := 0
	if both := A.multi & B.multi; both != 0 {
		shared = g.sharedTiles(ra, rb, both)
	}
	if A.rank < B.rank {
		ra, rb = rb, ra
		A, B = B, A
	}
	B.parent = ra
	if A.rank == B.rank {
		A.rank++
	}
	A.tiles = A.tiles + B.tiles - uint16(shared)
	A.open += B.open
	A.pennants += B.pennants
	A.followers += B.followers
	A.marks |= B.marks
	A.multi |= B.multi
	A.done = A.done || B.done
	return ra
}

// sharedTiles counts the tiles that have segments in both features ra and rb
// (roots of the same kind), among the tiles with several segments of a kind
// whose ordinals mod 64 are in the bit set both.
func (g *Game) sharedTiles(ra, rb int16, both uint64) int {
	kind := g.nodes[ra].kind
	shared := 0
	for both != 0 {
		b := bits.TrailingZeros64(both)
		both &= both - 1
		for ord := b; ord < len(g.multi); ord += 64 {
			pt := &g.tiles[g.multi[ord]]
			n := int16(len(g.ts.tiles[pt.tile].Features))
			inA, inB := false, false
			for i := pt.seg; i < pt.seg+n; i++ {
				if g.nodes[i].kind != kind {
					continue
				}
				switch g.find(i) {
				case ra:
					inA = true
				case rb:
					inB = true
				}
			}
			if inA && inB {
				shared++
			}
		}
	}
	return shared
}
