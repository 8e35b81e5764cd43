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
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/turnview"
	"github.com/mitchellh/go-wordwrap"
)

// command runs one command line. It returns quit for quit, and an error
// only when the game cannot go on.
func (s *session) command(line string) (quit bool, err error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false, nil
	}
	args := f[1:]
	lower := strings.ToLower(f[0])
	if ok, err := s.stepCommand(f); ok {
		return false, err
	}
	switch lower {
	case "choices", "options":
		s.choicesCommand()
	case "choose":
		return false, s.chooseCommand(args)
	case "place", "p":
		return false, s.place(args)
	case "spots", "s":
		if s.midTurn() {
			s.choicesCommand()
			return false, nil
		}
		s.spots(args)
	case "board", "b":
		if s.state.Ended() {
			s.board.updateFinal(s.state)
		} else {
			s.board.update(s.state)
		}
		if err := s.board.flush(); err != nil {
			s.say("terminal.board_failed", "Path", s.board.path, "Error", err)
		} else {
			s.say("terminal.board", "Path", s.board.path)
		}
	case "score", "scores":
		s.score()
	case "ransom":
		if s.midTurn() {
			s.waitsFor()
			return false, nil
		}
		s.ransomCommand(args)
	case "record":
		s.record(strings.TrimSpace(line[len(f[0]):]))
	case "help", "h", "?":
		s.help()
	case "quit", "q", "exit":
		return true, nil
	default:
		if _, step := stepNames[lower]; step && s.midTurn() {
			s.waitsFor()
			return false, nil
		}
		if tok, old := oldWords[lower]; old {
			s.say("terminal.old_word", "Word", lower, "Token", tok)
			return false, nil
		}
		if n, err := strconv.Atoi(f[0]); err == nil && n >= 1 && n <= len(s.state.CandidateCells()) && !s.midTurn() {
			// A cell's number alone, as the list of where the tile fits
			// shows it: place N plays it.
			s.say("terminal.no_command_cell", "Command", strconv.Quote(f[0]), "N", n)
			return false, nil
		}
		s.say("terminal.no_command", "Command", strconv.Quote(f[0]))
	}
	return false, nil
}

// stepNames are the names of the steps (engine.Step.String), the words
// that answer them in the middle of a turn.
var stepNames = func() map[string]bool {
	m := map[string]bool{}
	for st := engine.StepTile; st.String() != "step?"; st++ {
		m[st.String()] = true
	}
	return m
}()

// help writes the commands, with the paragraphs of an expansion only when
// the game plays it: the large follower (Inns & Cathedrals), the builder
// and the pig (Traders & Builders), the ransom (The Tower), choices and
// choose when an expansion played asks a step in the middle of a turn
// (engine.Step.Expansion), and the dragon's headings (The Princess & the
// Dragon); place's tokens are those of the game's figures
// and expansions (tokensHelp). Each part of the help (messages
// terminal.help…) ends with its own new line.
func (s *session) help() {
	exps := s.state.Rules().Expansions
	steps := false
	for st := engine.StepFigure + 1; st.Expansion() != engine.NoExpansion; st++ {
		steps = steps || exps.Has(st.Expansion())
	}
	for _, part := range []struct {
		text  string
		shown bool
	}{
		{s.lang.T("terminal.help", nil), true},
		{s.lang.T("terminal.help.inns", nil), exps.Has(engine.ExpansionInnsAndCathedrals)},
		{s.lang.T("terminal.help.traders", nil), exps.Has(engine.ExpansionTradersAndBuilders)},
		{s.tokensHelp(), true},
		{s.lang.T("terminal.help.choices", nil), steps},
		{s.lang.T("terminal.help.choices.dragon", nil), exps.Has(engine.ExpansionPrincessAndDragon)},
		{s.lang.T("terminal.help.ransom", nil), exps.Has(engine.ExpansionTower)},
		{s.lang.T("terminal.help.rest", nil), true},
	} {
		if part.shown {
			io.WriteString(s.out, part.text)
		}
	}
}

// expansionTokens returns examples of the record's tokens of the choices
// of the game's expansions that place takes, an expansion's in one string
// (message terminal.help.token.<record name of the expansion>, for the
// expansions that have some: "tower@1,0 capture@0,0:N, follower@1,0:tower,
// ransom/2"), in the order of the expansions.
func (s *session) expansionTokens() []string {
	var tokens []string
	for _, e := range s.state.Rules().Expansions.List() {
		if id := "terminal.help.token." + e.String(); s.tr(id) != id {
			tokens = append(tokens, s.tr(id))
		}
	}
	return tokens
}

// helpIndent is the column where the help's descriptions start, and
// helpWidth the most characters of a description's line.
const (
	helpIndent = 29
	helpWidth  = 59
)

// tokensHelp returns the help of place with the record's tokens: the
// tokens of the figures of the game (large@N, builder@N, pig@N), then
// those of its expansions' choices (messages terminal.help.token.<record
// name of the expansion>, for the expansions that have some), each
// paragraph wrapped to the help's column.
func (s *session) tokensHelp() string {
	var figures []string
	for _, fig := range s.state.Rules().Figures() {
		if fig != engine.FigureFollower {
			figures = append(figures, s.tr("terminal.help.token."+fig.String()))
		}
	}
	list := ""
	if len(figures) > 0 {
		list = " (" + strings.Join(figures, ", ") + ")"
	}
	text := s.tr("terminal.help.tokens", "Figures", list)
	if tokens := s.expansionTokens(); len(tokens) > 0 {
		text += " " + s.tr("terminal.help.tokens.choices", "Tokens", strings.Join(tokens, ", "))
	}
	var b strings.Builder
	b.WriteString("  place x,y [ROTATION] [TOKENS]\n")
	for _, para := range []string{text, s.tr("terminal.help.tokens.rest")} {
		for line := range strings.SplitSeq(wordwrap.WrapString(para, helpWidth), "\n") {
			b.WriteString(strings.Repeat(" ", helpIndent) + line + "\n")
		}
	}
	return b.String()
}

// waitsFor says what the turn under way waits for, to a command that
// cannot be played until it is answered.
func (s *session) waitsFor() {
	s.say("terminal.waits", "Asks", s.voice.Asks(s.state, s.names()))
}

// place plays `place N [ROTATION] [SPOT] [TOKENS]`: it stores the answers
// the line gives, and the turn goes on with the decisions it leaves. The
// figure and the escape the line names, when a decision comes before them
// that the line does not answer (a second gold ingot, the mage or witch,
// the robbers), are kept for when the turn comes to them (lineAnswer).
func (s *session) place(args []string) error {
	if s.midTurn() {
		s.waitsFor()
		return nil
	}
	m, err := s.parseMove(args, true)
	if err != nil {
		fmt.Fprintln(s.out, sentence(s.ruleText(err)))
		return nil
	}
	as, done, err := turnview.AnswersOfMove(s.state, m)
	if err != nil {
		fmt.Fprintln(s.out, sentence(s.ruleText(err)))
		return nil
	}
	moves := s.game.Moves
	if ok, err := s.answer(as); err != nil || !ok {
		return err
	}
	s.pendingRansom, s.line = nil, nil
	if !done {
		s.line = &placeLine{move: m, moves: moves}
	}
	return nil
}

// placeLine is the move a place line names, kept while its turn is under
// way: after `moves` moves.
type placeLine struct {
	move  engine.Move
	moves int
}

// lineAnswer returns the answer the last place line of the turn under way
// gives to the decision the game waits for now: the figure or the escape
// the line named, when a decision the line did not answer came before it
// (the second gold ingot, the mage or witch, the robbers). It returns false
// for another decision, one the line named nothing for (it is asked), and
// once the turn is over. An answer the rules refuse now is said, and the
// decision is asked.
func (s *session) lineAnswer() (engine.Answer, bool) {
	d := s.state.Pending()
	if s.line == nil || s.line.moves != s.game.Moves {
		s.line = nil
		return engine.Answer{}, false
	}
	if d.Player != s.state.Current() || d.Step != engine.StepFigure && d.Step != engine.StepEscape {
		return engine.Answer{}, false
	}
	as, _, err := turnview.AnswersOfMove(s.state, s.line.move)
	switch {
	case err != nil:
		s.line = nil
		fmt.Fprintln(s.out, sentence(s.ruleText(err)))
		return engine.Answer{}, false
	case len(as) == 0 || as[0].Step != d.Step || as[0] == (engine.Answer{Step: d.Step}):
		return engine.Answer{}, false
	}
	return as[0], true
}

// spots plays `spots N [ROTATION]`: the tile's edges on that placement,
// the spots a figure may take there, numbered as place takes them, and
// the other choices of its figure step and of the escape, as the turn's
// record tokens that place takes after the cell and rotation.
func (s *session) spots(args []string) {
	m, err := s.parseMove(args, false)
	if err != nil {
		fmt.Fprintln(s.out, sentence(s.ruleText(err)))
		return
	}
	ts := s.state.TileSet()
	var edges []string
	for side := engine.North; side <= engine.West; side++ {
		edges = append(edges, s.tr("terminal2.spots.edge", "Side", s.tr("terminal2.side."+side.String()),
			"Edge", s.tr("terminal2.edge."+ts.Edge(m.Tile, m.Rotation, side).String())))
	}
	s.say("terminal2.spots.header", "Tile", s.tileName(m.Tile), "Cell", m.Cell, "Degrees", m.Rotation.Degrees(), "Edges", strings.Join(edges, ", "))
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	defer s.listTokens(m)
	spots := s.state.FollowerSpots(p)
	cur := s.state.Current()
	followers, large := s.state.Supply(cur) > 0, s.state.SupplyOf(cur, engine.FigureLarge) > 0
	// The rows: the follower's spots, then the large follower's (1L), the
	// builder's (1B) and the pig's (1P), each figure's numbered from 1.
	type row struct{ label, name string }
	var rows []row
	suffixed := false
	if followers {
		for i, sp := range spots {
			rows = append(rows, row{engine.SpotLabel(i), s.voice.SpotWords(ts, m.Tile, m.Rotation, engine.FigureFollower, sp)})
		}
	}
	for _, fig := range []engine.Figure{engine.FigureLarge, engine.FigureBuilder, engine.FigurePig} {
		if s.state.SupplyOf(cur, fig) == 0 {
			continue
		}
		for i, sp := range s.state.FigureSpots(p, fig) {
			rows = append(rows, row{engine.SpotLabel(i) + figureSuffix(fig), s.voice.SpotWords(ts, m.Tile, m.Rotation, fig, sp)})
			suffixed = true
		}
	}
	if len(rows) == 0 {
		if !followers && !large {
			s.say("terminal.spots.none_left")
		} else {
			s.say("terminal.spots.none_here")
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

// listTokens lists, for spots, the choices of placement m's figure step
// that are not a figure on the tile (a tower piece, the princess, the
// fairy, the magic portal, a flight …) and its escapes, each with its
// label and the record token place takes ("tower piece at (1,0)
// tower@1,0"); the other steps of the turn are asked after place.
func (s *session) listTokens(m engine.Move) {
	g := s.state.Clone()
	if _, err := g.Act(engine.Answer{Step: engine.StepTile, Cell: m.Cell, Rotation: m.Rotation, Ransomed: m.Ransomed, Ransom: m.Ransom}); err != nil {
		return
	}
	var lines []string
	for g.Pending().Player == s.state.Current() {
		st := g.Pending().Step
		if st != engine.StepFigure && st != engine.StepEscape {
			// Not named in place: take the first answer to look further.
			if st == engine.StepNone || len(g.Answers()) == 0 {
				break
			}
			if done, err := g.Act(g.Answers()[0]); err != nil || done {
				break
			}
			continue
		}
		var pass engine.Answer
		for _, o := range s.voice.Options(g, s.names()) {
			if o.Pass() {
				pass = o.Answer
				continue
			}
			if o.Kind == turnview.KindSpot {
				continue // numbered above
			}
			lines = append(lines, fmt.Sprintf("  %s  %s", o.Label, o.Value))
		}
		if done, err := g.Act(pass); err != nil || done {
			break
		}
	}
	if len(lines) > 0 {
		s.say("terminal.spots.other")
		for _, l := range lines {
			fmt.Fprintln(s.out, l)
		}
	}
}

// The suffixes after a spot's label that deploy the large follower of Inns
// & Cathedrals (place N 2L), and the builder (place N 1B) and the pig
// (place N 1P) of Traders & Builders.
const (
	largeSuffix   = "L"
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
// number from the list or x,y, perhaps a rotation, perhaps a spot, then
// perhaps the record's tokens of the turn (follower@N, tower@1,0,
// escape@1,-1:N, gold@2,1 …; spec/record.md), and returns the move; place's
// is checked as far as its answers go (turnview.AnswersOfMove), spots' placement alone.
func (s *session) parseMove(args []string, withSpot bool) (engine.Move, error) {
	if s.state.Ended() {
		return engine.Move{}, s.refusal("terminal2.move.over")
	}
	t, _ := s.state.Drawn()
	ts := s.state.TileSet()
	usage := "spots N [ROTATION]"
	if withSpot {
		usage = "place N [ROTATION] [SPOT] [TOKENS]"
	}
	// The record's tile letter may come first: place V 2,-1 90.
	if len(args) > 1 && strings.Contains(args[1], ",") {
		if id, ok := ts.Lookup(args[0]); ok {
			if id != t {
				return engine.Move{}, s.refusal("terminal2.move.not_drawn", "Tile", ts.Name(t), "Typed", args[0])
			}
			args = args[1:]
		}
	}
	if len(args) == 0 {
		return engine.Move{}, s.refusal("terminal2.move.which_cell", "Usage", usage)
	}
	// The record's tokens come last: the words with @, = or /, or -.
	var tokens []string
	if withSpot {
		for len(args) > 1 && isToken(args[len(args)-1]) {
			tokens = append([]string{args[len(args)-1]}, tokens...)
			args = args[:len(args)-1]
		}
	}
	// The cells as the board picture numbers them: cell i is number i+1.
	cells := s.state.CandidateCells()
	m := engine.Move{Tile: t}
	if strings.Contains(args[0], ",") {
		c, err := engine.ParseCell(args[0])
		if err != nil && s.lang != i18n.English {
			return m, s.refusal("terminal3.not_cell", "Value", args[0])
		} else if err != nil {
			return m, err
		}
		m.Cell = c
	} else {
		n, err := strconv.Atoi(args[0])
		switch {
		case err != nil:
			return m, s.refusal("terminal2.move.not_cell", "Typed", strconv.Quote(args[0]), "Usage", usage)
		case n < 1 || n > len(cells):
			return m, s.refusal("terminal2.move.no_cell", "N", n, "Last", len(cells))
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
			return m, s.refusal("terminal2.move.rotation", "Typed", rest[0])
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
				return m, s.refusal("terminal2.move.which_spot", "Word", w, "Suffix", figureSuffix(fig))
			}
		}
	}
	if withSpot && len(rest) > 0 {
		spot, rest = rest[0], rest[1:]
		if tok, old := oldWords[strings.ToLower(spot)]; old {
			return m, s.refusal("terminal2.move.old_word", "Word", strings.ToLower(spot), "Token", tok)
		}
		for _, fig := range []engine.Figure{engine.FigureLarge, engine.FigureBuilder, engine.FigurePig} {
			n, ok := strings.CutSuffix(strings.ToUpper(spot), figureSuffix(fig))
			if !ok || n == "" || !startsWithDigit(n) {
				continue
			}
			if figure != engine.FigureFollower && figure != fig {
				return m, s.refusal("terminal2.move.two_figures", "Figure", s.voice.Figure(figure), "Spot", spot, "N", n, "Suffix", figureSuffix(figure))
			}
			figure, spot = fig, n
		}
		if n, err := strconv.Atoi(spot); err == nil && (n < 1 || n > maxSpots) {
			return m, s.refusal("terminal2.move.not_spot_number", "Spot", spot)
		}
	}
	if len(rest) > 0 {
		return m, s.refusal("terminal2.move.too_many", "Usage", usage)
	}
	if len(rots) == 0 {
		err := s.checkPlacement(m)
		if err == nil || errors.Is(err, engine.ErrEdgesMismatch) {
			return m, s.refusal("terminal2.move.no_rotation", "Tile", ts.Name(t), "Cell", m.Cell)
		}
		return m, err
	}
	if !rotGiven {
		m.Rotation = rots[0]
	} else if err := s.checkPlacement(m); err != nil {
		return m, wrapped{s.tr("terminal2.move.fits_at", "Error", s.ruleText(err), "Cell", m.Cell, "Degrees", s.degreesList(rots)), err}
	}
	if !withSpot {
		return m, nil
	}
	if len(tokens) > 0 {
		// A figure onto the flying machine before the die is rolled: the
		// die and the landing come after place (a record writes them).
		fly, rolled := false, false
		for _, w := range tokens {
			fly = fly || strings.HasSuffix(w, "@fly")
			rolled = rolled || strings.HasPrefix(w, "roll=") || strings.HasPrefix(w, "land@")
		}
		line := ts.Name(t) + " " + m.Cell.String() + " " + m.Rotation.String() + " " + strings.Join(tokens, " ")
		if fly && !rolled {
			line += " roll=1 land@off"
		}
		tm, err := engine.ParseMove(ts, line)
		if err != nil {
			return m, err
		}
		if fly && !rolled {
			tm.Roll, tm.Land = 0, engine.Target{}
		}
		if err := s.figureInPlay(tm.Figure); err != nil {
			return m, err
		}
		if spot != "" && (tm.Follower != engine.NoPort || !sameFigureStep(tm)) {
			return m, s.refusal("terminal2.move.spot_and_token")
		}
		m = tm
	}
	if r, ok := s.ransomFor(); ok && !m.Ransomed {
		m.Ransomed, m.Ransom = true, r
	}
	if spot != "" {
		if err := s.spotPort(&m, spot, figure, args[0]); err != nil {
			return m, err
		}
	}
	if _, _, err := turnview.AnswersOfMove(s.state, m); err != nil {
		return m, err
	}
	return m, nil
}

// isToken reports whether word w of place is one of the record's tokens:
// verb@where, verb=value, verb/seat, or - (spec/record.md, "A turn with
// expansions"), and the use or points after a message (msg=3 use).
func isToken(w string) bool {
	return w == "-" || w == "use" || w == "points" || strings.ContainsAny(w, "@=/")
}

// sameFigureStep reports whether move m deploys nothing in its figure step
// (no tower piece, princess, fairy or flight either), so that a spot's
// number may name its figure.
func sameFigureStep(m engine.Move) bool {
	return m.Tower == engine.TowerNone && m.Princess == (engine.Target{}) && !m.Fairy && !m.Fly
}

// checkPlacement checks the placement of move m (its cell and rotation,
// with its ransom) without the rest of the turn.
func (s *session) checkPlacement(m engine.Move) error {
	_, err := s.state.Clone().Act(engine.Answer{Step: engine.StepTile, Cell: m.Cell, Rotation: m.Rotation, Ransomed: m.Ransomed, Ransom: m.Ransom})
	return err
}

// spotPort sets the figure of move m to figure fig on spot number spot of
// its placement (as spots numbers them; cell is how the line named the
// cell), or says why it cannot.
func (s *session) spotPort(m *engine.Move, spot string, figure engine.Figure, cell string) error {
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
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
			return s.refusal("terminal2.spot.not_spot_suffixes", "Spot", strconv.Quote(spot), "Suffixes", hint, "Figures", s.recordFigures())
		}
		return s.refusal("terminal2.spot.not_spot", "Spot", strconv.Quote(spot))
	case figure != engine.FigureFollower && s.figureInPlay(figure) != nil:
		return s.figureInPlay(figure)
	case figure != engine.FigureFollower && s.state.SupplyOf(cur, figure) == 0:
		return s.refusal("terminal2.spot.none_left_figure", "Player", who, "Figure", s.voice.Figure(figure))
	case len(spots) == 0 && s.state.Supply(cur) == 0 && figure == engine.FigureFollower && m.Ransomed:
		return s.refusal("terminal2.spot.ransom_unpaid", "Player", who)
	case len(spots) == 0 && s.state.Supply(cur) == 0 && figure == engine.FigureFollower:
		return s.refusal("terminal2.spot.none_left", "Player", who)
	case len(spots) == 0 && figure == engine.FigureBuilder:
		return s.refusal("terminal2.spot.builder", "Player", who)
	case len(spots) == 0 && figure == engine.FigurePig:
		return s.refusal("terminal2.spot.pig", "Player", who)
	case len(spots) == 0:
		return s.refusal("terminal2.spot.none_here")
	case n > len(spots):
		if figure == engine.FigureBuilder || figure == engine.FigurePig {
			suffix := figureSuffix(figure)
			return s.refusal("terminal2.spot.no_spot_figure", "N", n, "Suffix", suffix, "Figure", s.voice.Figure(figure),
				"Range", spotRange(s.lang, len(spots), suffix), "Cell", cell, "Degrees", m.Rotation.Degrees())
		}
		return s.refusal("terminal2.spot.no_spot", "N", n, "Range", spotRange(s.lang, len(spots), ""), "Cell", cell, "Degrees", m.Rotation.Degrees())
	}
	m.Follower, m.Figure = spots[n-1].Port, figure
	return nil
}

// oldWords are the words place took for the expansions' choices before it
// took the record's tokens, with the token to write instead.
var oldWords = map[string]string{
	"tower": "tower@x,y", "capture": "capture@x,y:PORT", "portal": "follower@x,y:PORT", "princess": "princess@x,y:PORT",
	"fairy": "fairy@x,y", "fly": "follower@fly", "gold": "gold@x,y", "ferry": "ferry@E+W", "mage": "mage@x,y:PORT",
	"witch": "witch@x,y:PORT", "escape": "escape@x,y:PORT", "crop": "crop=add",
}

// figureInPlay returns nil when the players of this game have figures of
// kind fig, and else an error naming the expansion that brings them.
func (s *session) figureInPlay(fig engine.Figure) error {
	if fig == engine.FigureFollower || slices.Contains(s.state.Rules().Figures(), fig) {
		return nil
	}
	return s.refusal("terminal2.figure.not_played", "Figure", s.voice.Figure(fig), "Expansion", s.voice.ExpansionTitle(figureExpansion(fig)))
}

// suffixHint returns the suffixes after a spot's number this game takes,
// as words for a refusal in the sitting's language: "L for the large
// follower (2L)"; "" when the game has none.
func (s *session) suffixHint() string {
	var hints []string
	for _, fig := range []engine.Figure{engine.FigureLarge, engine.FigureBuilder, engine.FigurePig} {
		if s.figureInPlay(fig) == nil {
			hints = append(hints, s.tr("terminal2.spot.suffix", "Suffix", figureSuffix(fig), "Figure", s.voice.Figure(fig)))
		}
	}
	return s.voice.JoinOr(hints)
}

// recordFigures returns the record notations of the figures of this game:
// "follower@PORT or large@PORT".
func (s *session) recordFigures() string {
	var words []string
	for _, fig := range s.state.Rules().Figures() {
		words = append(words, fig.String()+"@PORT")
	}
	return s.voice.JoinOr(words)
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
func spotRange(l i18n.Lang, n int, suffix string) string {
	first, last := engine.SpotLabel(0)+suffix, engine.SpotLabel(n-1)+suffix
	switch n {
	case 1:
		return first
	case 2:
		return l.T("terminal2.spot.range_two", map[string]any{"First": first, "Last": last})
	}
	return l.T("terminal2.spot.range", map[string]any{"First": first, "Last": last})
}

// degreesList returns rotations as "0, 90 or 180", in the sitting's
// language.
func (s *session) degreesList(rs []engine.Rotation) string {
	var ds []string
	for _, r := range rs {
		ds = append(ds, r.String())
	}
	return s.voice.JoinOr(ds)
}

// score prints where the players stand.
func (s *session) score() {
	if s.state.Ended() {
		writeFinalTable(s.out, s.lang, s.state)
		return
	}
	vo, names := turnview.In(s.lang), s.names()
	width := 0
	for _, n := range names {
		width = max(width, utf8.RuneCountInString(n))
	}
	fmt.Fprintln(s.out, s.lang.N("terminal.score.head", s.state.TilesLeft(), map[string]any{"Turn": s.state.Turn()}))
	for i, n := range names {
		fmt.Fprintf(s.out, "  %s  %-6s  %s  %s\n", pad(n, width), s.colour(i),
			vo.Plural(s.state.Score(i), "point"), strings.Join(vo.Standing(s.state, names, i), " · "))
	}
	if w := vo.MagicStanding(s.state); w != "" {
		fmt.Fprintf(s.out, "  %s\n", w)
	}
}

// record writes the stored game's record to path.
func (s *session) record(path string) {
	if path == "" {
		s.say("terminal.record.where")
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
		s.say("terminal.record.failed", "Error", err)
		return
	}
	s.say("terminal.record.written", "Path", path)
}
