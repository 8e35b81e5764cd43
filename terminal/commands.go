package terminal

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/turnview"
)

// helpText is what help prints.
const helpText = `Commands, one per line:
  place N [ROTATION] [SPOT]  lay the tile on cell N of the list, turned by ROTATION
                             (0, 90, 180 or 270 clockwise; the first listed when left out),
                             with a follower on spot number SPOT (1, 2, … see spots and the
                             numbers on the board picture; none when left out)
                             With Inns & Cathedrals, SPOT with an L after it (2L), or
                             the word large before it (large 2), deploys your large
                             follower, which counts as two followers for majorities
                             With Traders & Builders, B after the number (1B) or the
                             word builder before it (builder 1) deploys your builder
                             on a road or city where you already have a thief or
                             knight, P (1P, pig 1) your pig in a field where you
                             already have a farmer; builder and pig spots are
                             numbered on their own (see spots). A tile that extends
                             the road or city of your builder gives you a second turn
  place x,y [ROTATION] [follower@PORT]   the same in record notation: place 2,-1 90 follower@N
                             (large@N for the large follower, builder@N for the
                             builder, pig@N for the pig)
                             With the Cathars, a last word escape@x,y:PORT takes your
                             knight home from that besieged city (spots lists them)
  place N [ROTATION] tower x,y [capture x,y SPOT]
                             With The Tower, instead of a follower: a tower piece on
                             the foundation or open tower on tile x,y (the tile just
                             placed too), then perhaps take prisoner the follower on
                             spot SPOT (its port, like C or N, or tower for one on top
                             of a tower) of tile x,y within the tower's reach: as many
                             tiles north, east, south or west as the tower is high.
                             Record notation: tower@x,y capture@x,y:PORT.
                             follower@x,y:tower (or large@x,y:tower) instead puts a
                             follower on top of that tower, closing it for good
  place N [ROTATION] portal x,y SPOT [large]
                             With The Princess & the Dragon, after a magic portal
                             tile: a follower (large: the large follower) on spot SPOT
                             (its port, like N or C) of another tile x,y, on a
                             feature not completed nor occupied (record notation:
                             follower@x,y:PORT)
  place N [ROTATION] princess x,y SPOT
                             after a princess tile joining a city with knights: send
                             the knight on spot SPOT of tile x,y home instead of a
                             figure (princess@x,y:PORT)
  place N [ROTATION] fairy x,y
                             instead of a figure: the fairy next to your follower on
                             tile x,y; 1 point at the start of your turns while it
                             stands there, 3 when that follower's feature scores, and
                             the dragon never enters its tile (fairy@x,y)
  dragon N|E|S|W             after a dragon tile the dragon moves up to 6 tiles, each
                             player in turn (the one who placed it first) choosing a
                             step to the next tile north, east, south or west (or
                             dragon x,y); never a tile it entered in this move nor
                             the fairy's; it eats every figure where it goes
  place N [ROTATION] fly     With The Flying Machines, instead of a follower on the
                             tile: your follower (large fly: your large follower)
                             onto its flying machine. The die (1 to 3) says how many
                             tiles it flies the way the machine points; it lands on a
                             road, city or cloister not completed there, or goes back
                             to your supply. Record notation: follower@fly
  land N                     after the die, where the flying figure lands when it
                             has several choices (land x,y:PORT in record notation)
  place N ... gold x,y       With The Gold Mines, after a tile with a gold mine: the
                             second gold ingot on the tile next to it at x,y
                             (diagonals too; gold@x,y). One ingot goes on the tile
                             itself; the players who score a completed road, city or
                             cloister share the ingots on its tiles
  place N ... ferry E+W      With The Ferries, after a lake tile: its ferry joins
                             those two road ends of the lake (the others end at the
                             lake); ferry x,y:N+S moves the ferry at x,y, the first
                             one on a road the tile continues, to join N and S (one
                             move per road continued, each ferry once; record
                             notation ferry@E+W, ferry@x,y:N+S). Left out, they are
                             asked after place
  ferry N                    the ferry choice asked after place: the lake's two
                             road ends, or a ferry to move (ferry E+W, ferry
                             x,y:N+S); ferry none leaves the ferries where they are
  place N ... mage x,y SPOT  With Mage & Witch, after a tile with the magic symbol, or
  place N ... witch x,y SPOT one joining the roads or cities of the mage and the
                             witch: place or move the mage (+1 point per tile when its
                             road or city scores) or the witch (half the points,
                             rounded up) onto a road or city not completed, never
                             both on one (mage@x,y:PORT; mage off when neither can go
                             anywhere). It leaves the board when its feature scores
  crop add | crop remove     With The Crop Circles, after a tile with a crop circle
                             (fork: farmers, club: thieves, shield: knights), its
                             player chooses: each player from the left, the player
                             last, may add a follower next to one of theirs of that
                             type, or must return one
  crop N | crop pass         each player's answer in turn, from the list (or crop x,y
                             SPOT [large]); a player with no such follower is skipped
  choices                    while the dragon moves or a crop circle asks: the
                             choices, numbered, in the words of Discord's buttons
  choose N                   answer with choice N of that list (or choose and its
                             notation: choose dragon 0,-1, choose pick none)
  ransom NAME [large]        with The Tower, at the start of your turn: pay NAME 3
                             points for your follower (large: your large follower)
                             that NAME holds; it comes back with this turn's place and
                             may be deployed at once (ransom none takes it back)
  spots N [ROTATION]         the spots where a follower (and the large follower,
                             labelled 1L, 2L, …, the builder, 1B, 2B, …, and the
                             pig, 1P, 2P, …) may stand on that placement; with The
                             Tower, the tower pieces and prisoners possible too; with
                             The Princess & the Dragon, the princess, fairy and portal
                             choices, and while the dragon moves, its steps; with the
                             minis, the flight, the gold ingot and the ferries
  board                      write the picture of the board again
  score                      the scores, followers in supply (the large follower,
                             the builder, the pig), goods, tower pieces, prisoners,
                             gold ingots and tiles left
  record FILE                write the game record (.rec) to FILE
  help                       this help
  quit                       stop; the game stays stored for play --resume
`

// command runs one command line. It returns quit for quit, and an error
// only when the game cannot go on.
func (s *session) command(line string) (quit bool, err error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false, nil
	}
	args := f[1:]
	lower := strings.ToLower(f[0])
	if s.cropping() {
		switch lower {
		case "place", "p", "ransom", "dragon", "d":
			fmt.Fprintf(s.out, "A crop circle waits: %s answers it first (crop …; spots lists the answers).\n", s.state.Players()[s.dragonDecider()])
			return false, nil
		case "spots", "s":
			s.dragon.shown = -1
			s.showCrop()
			return false, nil
		}
	} else if s.dragon != nil {
		switch lower {
		case "place", "p", "ransom":
			fmt.Fprintf(s.out, "The dragon is on its way: %s chooses its next step first (dragon N, E, S or W; spots lists them).\n", s.state.Players()[s.dragonDecider()])
			return false, nil
		case "spots", "s":
			s.dragon.shown = -1
			s.showDragon()
			return false, nil
		}
	}
	switch lower {
	case "choices", "options":
		s.choicesCommand()
	case "choose":
		return false, s.chooseCommand(args)
	case "crop", "c":
		return false, s.cropCommand(args)
	case "mage", "witch":
		fmt.Fprintf(s.out, "the %s goes with the tile: place N [ROTATION] [SPOT] %s x,y SPOT (see spots).\n", lower, lower)
	case "dragon", "d":
		return false, s.dragonCommand(args)
	case "place", "p":
		return false, s.place(args)
	case "spots", "s":
		s.spots(args)
	case "board", "b":
		if s.state.Ended() {
			s.board.updateFinal(s.state)
		} else {
			s.board.update(s.state)
		}
		if err := s.board.flush(); err != nil {
			fmt.Fprintf(s.out, "Could not write the board to %s: %v\n", s.board.path, err)
		} else {
			fmt.Fprintf(s.out, "Board: %s\n", s.board.path)
		}
	case "score", "scores":
		s.score()
	case "ransom":
		s.ransomCommand(args)
	case "tower", "capture":
		fmt.Fprintf(s.out, "%s goes with the tile: place N [ROTATION] tower x,y [capture x,y SPOT] (see spots).\n", strings.ToLower(f[0]))
	case "land":
		return false, s.landCommand(args)
	case "ferry", "f":
		return false, s.ferryCommand(args)
	case "gold", "fly":
		fmt.Fprintf(s.out, "%s goes with the tile: place N [ROTATION] [SPOT] gold x,y, or place N [ROTATION] fly (see spots).\n", strings.ToLower(f[0]))
	case "record":
		s.record(strings.TrimSpace(line[len(f[0]):]))
	case "help", "h", "?":
		io.WriteString(s.out, helpText)
	case "quit", "q", "exit":
		return true, nil
	default:
		fmt.Fprintf(s.out, "There is no command %q; type help for the list.\n", f[0])
	}
	return false, nil
}

// place plays `place N [ROTATION] [SPOT]`.
func (s *session) place(args []string) error {
	if pf := s.flight(); pf != nil {
		fmt.Fprintf(s.out, "The die is rolled: first say where the figure lands, land N (1 to %d).\n", len(pf.lands))
		return nil
	}
	if s.ferry() != nil {
		fmt.Fprintln(s.out, "The tile is placed: first answer its ferries, ferry N (ferry none leaves them).")
		s.showFerry()
		return nil
	}
	m, err := s.parseMove(args, true)
	if err == nil && !m.Discard {
		err = s.completeMagic(&m)
	}
	if err != nil {
		fmt.Fprintln(s.out, sentence(err.Error()))
		return nil
	}
	if m.Fly {
		return s.fly(m)
	}
	return s.playPlace(m)
}

// playPlace stores move m, a placement whose every choice is made, and says
// what it did and scored.
func (s *session) playPlace(m engine.Move) error {
	if s.askFerries(m) {
		return nil // The Ferries: the ferry command answers first
	}
	mover := s.state.Current()
	if s.needsDragon(m) || s.needsCrop(m) {
		// The dragon's steps come first, each player in turn choosing
		// one, or the crop circle after the turn: its player chooses,
		// then each player answers; the move is stored when all have.
		if err := s.beginSteps(m, mover); err != nil {
			return err
		}
		s.pendingRansom = nil
		fmt.Fprintln(s.out, turnview.PartWords(s.state, mover, m, s.names()))
		return nil
	}
	start := s.state.Clone()
	ok, err := s.play(m)
	if err != nil || !ok {
		return err
	}
	s.pendingRansom = nil
	s.narrate(start, m)
	return nil
}

// largeSpotName names spot sp for the large follower: "large follower –
// city (north)", "large follower – cloister".
func largeSpotName(sp engine.Spot) string { return figureSpotName(engine.FigureLarge, sp) }

// figureSpotName names spot sp for a figure other than the follower: "large
// follower – city (north)", "builder – road (east)", "pig – field (south)".
func figureSpotName(fig engine.Figure, sp engine.Spot) string {
	_, feature, _ := strings.Cut(sp.Name(), " – ")
	return fig.Title() + " – " + feature
}

// spots plays `spots N [ROTATION]`.
func (s *session) spots(args []string) {
	m, err := s.parseMove(args, false)
	if err != nil {
		fmt.Fprintln(s.out, sentence(err.Error()))
		return
	}
	ts := s.state.TileSet()
	var edges []string
	for side := engine.North; side <= engine.West; side++ {
		edges = append(edges, side.String()+" "+ts.Edge(m.Tile, m.Rotation, side).String())
	}
	fmt.Fprintf(s.out, "%s on %s at %d° (%s):\n", s.tileName(m.Tile), m.Cell, m.Rotation.Degrees(), strings.Join(edges, ", "))
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	spots := s.state.FollowerSpots(p)
	defer s.listEscapes(m)
	defer s.listPD(m)
	defer s.listTowers(m)
	defer s.listMagic(m)
	defer s.listMinis(m)
	defer s.listFerries(m)
	cur := s.state.Current()
	followers, large := s.state.Supply(cur) > 0, s.state.SupplyOf(cur, engine.FigureLarge) > 0
	// The rows: the follower's spots, then the large follower's (1L), the
	// builder's (1B) and the pig's (1P), each figure's numbered from 1.
	type row struct{ label, name string }
	var rows []row
	suffixed := false
	if followers {
		for i, sp := range spots {
			rows = append(rows, row{engine.SpotLabel(i), sp.Name()})
		}
	}
	for _, fig := range []engine.Figure{engine.FigureLarge, engine.FigureBuilder, engine.FigurePig} {
		if s.state.SupplyOf(cur, fig) == 0 {
			continue
		}
		for i, sp := range s.state.FigureSpots(p, fig) {
			rows = append(rows, row{engine.SpotLabel(i) + figureSuffix(fig), figureSpotName(fig, sp)})
			suffixed = true
		}
	}
	if len(rows) == 0 {
		if !followers && !large {
			fmt.Fprintln(s.out, "  no follower is left in the supply")
		} else {
			fmt.Fprintln(s.out, "  no follower can stand on this tile here")
		}
		return
	}
	// The labels padded to one width: "1" alone in the base game, "1 "
	// beside "1L" with the large follower.
	width := 0
	if suffixed {
		for _, r := range rows {
			width = max(width, len(r.label))
		}
	}
	for _, r := range rows {
		fmt.Fprintf(s.out, "  %-*s  %s\n", width, r.label, r.name)
	}
}

// listEscapes lists the Cathars' escapes open after move m (a placement
// without a figure): the knights of the current player that may leave a
// besieged city next to a cloister (002_…, step 7), written as the last
// word of place.
func (s *session) listEscapes(m engine.Move) {
	escapes := s.state.Escapes(m)
	if len(escapes) == 0 {
		return
	}
	words := make([]string, len(escapes))
	for i, e := range escapes {
		words[i] = escapeWord(e)
	}
	fmt.Fprintf(s.out, "  a knight may escape (add it to place): %s\n", strings.Join(words, ", "))
}

// escapePrefix starts the last word of place that takes a knight home
// from a besieged city (the Cathars): escape@x,y:PORT, as records write it.
const escapePrefix = "escape@"

// escapeWord returns escape target e as place and records write it.
func escapeWord(e engine.Target) string {
	return escapePrefix + e.Cell.String() + ":" + e.Port.String()
}

// parseEscape reads the x,y:PORT of an escape@x,y:PORT word.
func parseEscape(s string) (engine.Target, error) {
	cell, port, ok := strings.Cut(s, ":")
	if !ok {
		return engine.Target{}, fmt.Errorf("an escape is written escape@x,y:PORT (escape@2,-1:N), not %s%s", escapePrefix, s)
	}
	c, err := engine.ParseCell(cell)
	if err != nil {
		return engine.Target{}, err
	}
	p, ok := engine.ParsePort(strings.ToUpper(port))
	if !ok {
		return engine.Target{}, fmt.Errorf("there is no port %q (NNW, N, NNE, ENE, E, ESE, SSE, S, SSW, WSW, W, WNW or C)", port)
	}
	return engine.Target{Cell: c, Port: p}, nil
}

// largeSuffix after a spot's label deploys the large follower there
// (place N 2L).
const largeSuffix = "L"

// The suffixes after a spot's label that deploy the builder (place N 1B)
// and the pig (place N 1P) of Traders & Builders.
const (
	builderSuffix = "B"
	pigSuffix     = "P"
)

// figureSuffix returns the suffix of a spot's label for figure fig: "" for
// the follower, "L" for the large follower, "B" for the builder, "P" for the
// pig.
func figureSuffix(fig engine.Figure) string {
	switch fig {
	case engine.FigureLarge:
		return largeSuffix
	case engine.FigureBuilder:
		return builderSuffix
	case engine.FigurePig:
		return pigSuffix
	}
	return ""
}

// figureWord returns the figure a word of place names: large, builder or
// pig (place N large 2, place N builder 1).
func figureWord(w string) (engine.Figure, bool) {
	switch strings.ToLower(w) {
	case "large":
		return engine.FigureLarge, true
	case "builder":
		return engine.FigureBuilder, true
	case "pig":
		return engine.FigurePig, true
	}
	return engine.FigureFollower, false
}

// figureExpansion returns the expansion that brings figure fig.
func figureExpansion(fig engine.Figure) engine.Expansion {
	if fig == engine.FigureBuilder || fig == engine.FigurePig {
		return engine.ExpansionTradersAndBuilders
	}
	return engine.ExpansionInnsAndCathedrals
}

// parseMove reads the arguments of place (withSpot) or spots: a cell
// number from the list or x,y, perhaps a rotation, perhaps a spot, and
// returns the move, checked against the rules.
func (s *session) parseMove(args []string, withSpot bool) (engine.Move, error) {
	if s.state.Ended() {
		return engine.Move{}, errors.New("the game is over")
	}
	t, _ := s.state.Drawn()
	ts := s.state.TileSet()
	usage := "spots N [ROTATION]"
	if withSpot {
		usage = "place N [ROTATION] [SPOT]"
	}
	// The record's tile letter may come first: place V 2,-1 90.
	if len(args) > 1 && strings.Contains(args[1], ",") {
		if id, ok := ts.Lookup(args[0]); ok {
			if id != t {
				return engine.Move{}, fmt.Errorf("the tile drawn is %s, not %s", ts.Name(t), args[0])
			}
			args = args[1:]
		}
	}
	if len(args) == 0 {
		return engine.Move{}, fmt.Errorf("which cell? write %s with N from the list, or x,y", usage)
	}
	// The cells as the board picture numbers them: cell i is number i+1.
	cells := s.state.CandidateCells()
	m := engine.Move{Tile: t}
	if r, ok := s.ransomFor(); ok && withSpot {
		m.Ransomed, m.Ransom = true, r
	}
	// The Cathars' escape comes last: place N 90 2 escape@1,-1:N.
	if last := len(args) - 1; withSpot && last > 0 && len(args[last]) > len(escapePrefix) && strings.EqualFold(args[last][:len(escapePrefix)], escapePrefix) {
		e, err := parseEscape(args[last][len(escapePrefix):])
		if err != nil {
			return m, err
		}
		m.Escape, args = e, args[:last]
	}
	towered, spotless, pd := false, false, false
	if withSpot {
		var err error
		if args, err = minisWords(args, &m); err != nil {
			return m, err
		}
		if args, err = magicWords(args, &m); err != nil {
			return m, err
		}
		if args, pd, err = pdWords(args, &m); err != nil {
			return m, err
		}
		if args, towered, spotless, err = towerWords(args, &m); err != nil {
			return m, err
		}
		if pd && towered {
			return m, errors.New("a tower piece, the princess, the fairy and the portal are each a turn's one action: choose one")
		}
		if len(args) == 0 {
			return m, fmt.Errorf("which cell? write %s with N from the list, or x,y", usage)
		}
	}
	if strings.Contains(args[0], ",") {
		c, err := engine.ParseCell(args[0])
		if err != nil {
			return m, err
		}
		m.Cell = c
	} else {
		n, err := strconv.Atoi(args[0])
		switch {
		case err != nil:
			return m, fmt.Errorf("%q is neither a cell number from the list nor x,y; write %s", args[0], usage)
		case n < 1 || n > len(cells):
			return m, fmt.Errorf("there is no cell %d: the cells are numbered 1 to %d", n, len(cells))
		}
		m.Cell = cells[n-1]
	}
	rots := s.state.RotationsAt(m.Cell)
	rest := args[1:]
	rotGiven := false
	// A rotation is 0, 90, 180 or 270 and a spot's number 1 to at most 13
	// (the ports of a tile), so a lone number after the cell is read
	// unambiguously: a rotation if it is one, else a spot.
	if len(rest) > 0 && startsWithDigit(rest[0]) && (!withSpot || len(rest) > 1 || isRotation(rest[0])) {
		deg, err := strconv.Atoi(strings.TrimSuffix(rest[0], "°"))
		r, ok := engine.RotationFromDegrees(deg)
		if err != nil || !ok {
			return m, fmt.Errorf("a tile turns by 0, 90, 180 or 270 degrees, not %s", rest[0])
		}
		m.Rotation, rotGiven = r, true
		rest = rest[1:]
	}
	spot := ""
	figure := engine.FigureFollower
	if withSpot && len(rest) > 0 {
		if fig, ok := figureWord(rest[0]); ok {
			w := strings.ToLower(rest[0])
			figure, rest = fig, rest[1:]
			if len(rest) == 0 {
				return m, fmt.Errorf("%s on which spot? write %s 2 (see spots), or 2%s", w, w, figureSuffix(fig))
			}
		}
	}
	if withSpot && len(rest) > 0 {
		spot, rest = rest[0], rest[1:]
		for _, fig := range []engine.Figure{engine.FigureLarge, engine.FigureBuilder, engine.FigurePig} {
			n, ok := strings.CutSuffix(strings.ToUpper(spot), figureSuffix(fig))
			if !ok || n == "" || !startsWithDigit(n) {
				continue
			}
			if figure != engine.FigureFollower && figure != fig {
				return m, fmt.Errorf("%s %s names two figures: write %s %s or %s%s", figure.Title(), spot, figure.Title(), n, n, figureSuffix(figure))
			}
			figure, spot = fig, n
		}
		if n, err := strconv.Atoi(spot); err == nil && (n < 1 || n > maxSpots) {
			return m, fmt.Errorf("%s is neither a rotation (0, 90, 180 or 270) nor a spot's number (1, 2, …; see spots)", spot)
		}
	}
	if len(rest) > 0 {
		return m, fmt.Errorf("too many words: write %s", usage)
	}
	if len(rots) == 0 {
		err := s.check(m)
		if err == nil || errors.Is(err, engine.ErrEdgesMismatch) {
			return m, fmt.Errorf("tile %s fits on %s in no rotation", ts.Name(t), m.Cell)
		}
		return m, err
	}
	// The Gold Mines: the second ingot, by hand or on the only tile next
	// to this one; spots checks the placement with any.
	if cells := s.state.GoldCells(engine.Placement{Cell: m.Cell, Rotation: rots[0]}); !withSpot && len(cells) > 0 {
		m.Gold, m.GoldCell = true, cells[0]
	} else if withSpot {
		r := m.Rotation
		m.Rotation = rots[0]
		err := s.completeGold(&m)
		m.Rotation = r
		if err != nil {
			return m, err
		}
	}
	if towered {
		if spot != "" {
			return m, errors.New("a tower piece or a follower on a tower comes instead of a figure on the tile: leave the spot out")
		}
		if !rotGiven {
			m.Rotation = rots[0]
		}
		if spotless {
			if err := s.completeCapture(&m); err != nil {
				return m, err
			}
		}
		return m, s.check(m)
	}
	if pd {
		if spot != "" {
			return m, errors.New("the portal, the princess and the fairy come instead of a figure on the tile: leave the spot out")
		}
		if !rotGiven {
			m.Rotation = rots[0]
		}
		return m, s.check(m)
	}
	if m.Fly {
		if spot != "" {
			return m, errors.New("a figure goes onto the flying machine instead of onto a spot of the tile: leave the spot out")
		}
		if !rotGiven {
			m.Rotation = rots[0]
		}
		return m, s.checkFlight(m)
	}
	if !rotGiven {
		m.Rotation = rots[0]
	} else if err := s.check(m); err != nil {
		if errors.Is(err, engine.ErrNoEscape) {
			return m, err
		}
		return m, fmt.Errorf("%w; on %s it fits at %s", err, m.Cell, degreesList(rots))
	}
	if spot == "" {
		return m, nil
	}
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	m.Figure = figure
	if name, port, ok := strings.Cut(strings.ToLower(spot), "@"); ok {
		if figure != engine.FigureFollower {
			return m, fmt.Errorf("write %s 2 or %s@PORT, not both", figure, figure)
		}
		fig, known := engine.ParseFigure(name)
		if !known {
			return m, fmt.Errorf("%q is not a figure: write %s", name, s.recordFigures())
		}
		pt, ok := engine.ParsePort(strings.ToUpper(port))
		if !ok {
			return m, fmt.Errorf("there is no port %q (NNW, N, NNE, ENE, E, ESE, SSE, S, SSW, WSW, W, WNW or C)", port)
		}
		m.Follower, m.Figure = pt, fig
		if err := s.figureInPlay(fig); err != nil {
			return m, err
		}
		return m, s.check(m)
	}
	var spots []engine.Spot
	if figure == engine.FigureBuilder || figure == engine.FigurePig {
		spots = s.state.FigureSpots(p, figure)
	} else {
		spots = s.state.FollowerSpots(p)
	}
	cur := s.state.Current()
	who := s.state.Players()[cur]
	n, err := strconv.Atoi(spot)
	switch {
	case err != nil || strings.HasPrefix(spot, "+"):
		if hint := s.suffixHint(); hint != "" {
			return m, fmt.Errorf("%q is not a spot: give its number (see spots)%s, or %s", spot, hint, s.recordFigures())
		}
		return m, fmt.Errorf("%q is not a spot: give its number (see spots) or follower@PORT", spot)
	case figure != engine.FigureFollower && s.figureInPlay(figure) != nil:
		return m, s.figureInPlay(figure)
	case figure != engine.FigureFollower && s.state.SupplyOf(cur, figure) == 0:
		return m, fmt.Errorf("%s has no %s left in the supply", who, figure.Title())
	case len(spots) == 0 && s.state.Supply(cur) == 0 && figure == engine.FigureFollower && m.Ransomed:
		return m, fmt.Errorf("%s has no follower in the supply until the ransom is paid: name the spot as follower@PORT", who)
	case len(spots) == 0 && s.state.Supply(cur) == 0 && figure == engine.FigureFollower:
		return m, fmt.Errorf("%s has no follower left in the supply", who)
	case len(spots) == 0 && figure == engine.FigureBuilder:
		return m, fmt.Errorf("the builder goes only on a road or in a city where %s already has a thief or knight, and no road or city of this tile joins one here", who)
	case len(spots) == 0 && figure == engine.FigurePig:
		return m, fmt.Errorf("the pig goes only in a field where %s already has a farmer, and no field of this tile joins one here", who)
	case len(spots) == 0:
		return m, errors.New("no follower can stand on this tile here")
	case n > len(spots):
		if figure == engine.FigureBuilder || figure == engine.FigurePig {
			suffix := figureSuffix(figure)
			return m, fmt.Errorf("there is no spot %d%s here: the %s's spots are %s (see spots %s %d)", n, suffix, figure.Title(), spotRange(len(spots), suffix), args[0], m.Rotation.Degrees())
		}
		return m, fmt.Errorf("there is no spot %d here: the spots are %s (see spots %s %d)", n, spotRange(len(spots), ""), args[0], m.Rotation.Degrees())
	}
	i := n - 1
	m.Follower = spots[i].Port
	return m, s.check(m)
}

// figureInPlay returns nil when the players of this game have figures of
// kind fig, and else an error naming the expansion that brings them.
func (s *session) figureInPlay(fig engine.Figure) error {
	if fig == engine.FigureFollower || slices.Contains(s.state.Rules().Figures(), fig) {
		return nil
	}
	return fmt.Errorf("the %s is not played in this game: it comes with %s", fig.Title(), figureExpansion(fig).Title())
}

// suffixHint returns the suffixes after a spot's number this game takes,
// as words for a refusal: ", its number and L for the large follower
// (2L)".
func (s *session) suffixHint() string {
	var hints []string
	for _, fig := range []engine.Figure{engine.FigureLarge, engine.FigureBuilder, engine.FigurePig} {
		if s.figureInPlay(fig) == nil {
			hints = append(hints, fmt.Sprintf("%s for the %s (2%s)", figureSuffix(fig), fig.Title(), figureSuffix(fig)))
		}
	}
	if len(hints) == 0 {
		return ""
	}
	return ", its number and " + turnview.JoinOr(hints)
}

// recordFigures returns the record notations of the figures of this game:
// "follower@PORT or large@PORT".
func (s *session) recordFigures() string {
	var words []string
	for _, fig := range s.state.Rules().Figures() {
		words = append(words, fig.String()+"@PORT")
	}
	return turnview.JoinOr(words)
}

// maxSpots is the most spots a tile can have: one per port.
const maxSpots = 13

// isRotation reports whether s is a rotation in degrees: 0, 90, 180 or 270,
// perhaps followed by °.
func isRotation(s string) bool {
	switch strings.TrimSuffix(s, "°") {
	case "0", "90", "180", "270":
		return true
	}
	return false
}

// startsWithDigit reports whether s starts with an ASCII digit or a sign.
func startsWithDigit(s string) bool {
	return s != "" && (s[0] >= '0' && s[0] <= '9' || s[0] == '-' || s[0] == '+')
}

// spotRange returns "1", "1 and 2" or "1 to 4" for n spots, each label
// followed by suffix ("1B to 3B").
func spotRange(n int, suffix string) string {
	switch n {
	case 1:
		return engine.SpotLabel(0) + suffix
	case 2:
		return engine.SpotLabel(0) + suffix + " and " + engine.SpotLabel(1) + suffix
	}
	return engine.SpotLabel(0) + suffix + " to " + engine.SpotLabel(n-1) + suffix
}

// degreesList returns rotations as "0, 90 or 180".
func degreesList(rs []engine.Rotation) string {
	var s []string
	for _, r := range rs {
		s = append(s, r.String())
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// score prints where the players stand.
func (s *session) score() {
	if s.state.Ended() {
		writeFinalTable(s.out, s.state)
		return
	}
	names := s.state.Players()
	width := 0
	for _, n := range names {
		width = max(width, utf8.RuneCountInString(n))
	}
	fmt.Fprintf(s.out, "Turn %d, %d tiles left:\n", s.state.Turn(), s.state.TilesLeft())
	king, hasK := s.state.King()
	baron, hasB := s.state.RobberBaron()
	for i, n := range names {
		line := fmt.Sprintf("  %s  %-6s  %3d points  %s in supply", pad(n, width), render.PlayerColourName(i), s.state.Score(i), turnview.Plural(s.state.Supply(i), "follower"))
		var figures []string
		for _, fig := range []engine.Figure{engine.FigureLarge, engine.FigureBuilder, engine.FigurePig} {
			if s.state.SupplyOf(i, fig) > 0 {
				figures = append(figures, "the "+fig.Title())
			}
		}
		if len(figures) > 0 {
			line += " and " + turnview.JoinAnd(figures)
		}
		if hasTraders(s.state) {
			line += " · goods: " + goodsList(s.state.Goods(i), true)
		}
		if hasK && king == i {
			line += " · the King"
		}
		if hasB && baron == i {
			line += " · the Robber Baron"
		}
		line += s.towerScoreWords(i)
		line += s.fairyScoreWords(i)
		line += s.goldScoreWords(i)
		fmt.Fprintln(s.out, line)
	}
	if w := s.magicScoreWords(); w != "" {
		fmt.Fprintf(s.out, "  Mage & Witch: %s\n", w)
	}
}

// record writes the stored game's record to path.
func (s *session) record(path string) {
	if path == "" {
		fmt.Fprintln(s.out, "Write the record where? record FILE, like record game.rec")
		return
	}
	var rec *engine.Record
	err := s.waitBusy(func() (err error) {
		rec, err = s.store.Record(s.ctx, s.game.ID)
		return err
	})
	if err == nil {
		err = writeFileAtomic(s.temps, path, func(w io.Writer) error {
			_, err := rec.WriteTo(w)
			return err
		})
	}
	if err != nil {
		fmt.Fprintf(s.out, "Could not write the record: %v\n", err)
		return
	}
	fmt.Fprintf(s.out, "Record written to %s.\n", path)
}
