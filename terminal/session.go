package terminal

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// session is one sitting at a local game.
type session struct {
	ctx      context.Context
	store    *storage.Store
	game     storage.Game
	state    *engine.Game
	board    *boardWriter
	temps    *tempFiles // the files being written, removed on an interrupt
	out      io.Writer
	lines    <-chan inputLine // the lines read from the input
	echo     bool             // write each command read after its prompt (input is not a terminal)
	resume   string           // the command line that continues the game
	shown    int              // the number of moves when the position was last shown, -1 for none
	ended    bool             // the end of the game was shown
	over     bool             // the game was stopped or broke elsewhere: the sitting ends
	levels   []ai.Level       // by player index: the computer's level, ai.NoLevel for a person
	playouts int              // the computers' playouts, 0 for their level's default
	// pendingRansom is the ransom said (the ransom command) for the turn
	// under way, paid with its place; nil for none (The Tower).
	pendingRansom *pendingRansom
	// line is the move of the last place line while its turn is under
	// way, for the figure and the escape it names (lineAnswer); nil for
	// none.
	line *placeLine
	// voice says the turn's words in the sitting's language.
	voice turnview.Voice
	// lang is the sitting's language, for its own words (messages
	// terminal.… of package i18n).
	lang i18n.Lang
	// decisionShown is the moves and answers of the game when the
	// decision in the middle of a turn was last listed.
	decisionShown [2]int
	// passed is the moves and answers of the game when the loop last gave
	// a decision's only answer, the pass (turnview.OnlyPass): once each.
	passed [2]int
}

// maxLine is the longest command line read, in bytes; longer lines are
// refused.
const maxLine = 4096

// intro says which game is played.
func (s *session) intro(resumed bool) {
	var seats []string
	for i, n := range s.state.Players() {
		seats = append(seats, fmt.Sprintf("%s (%s)", n, s.colour(i)))
	}
	id := "terminal.new_game"
	if resumed {
		id = "terminal.game"
	}
	s.say(id, "Game", s.game.ID, "Seats", strings.Join(seats, ", "), "Expansions", expansionTitles(s.voice, s.state),
		"Options", strings.Join(s.voice.RuleWords(s.state.Options(), s.state.Rules().Expansions), ", "), "Seed", s.state.Seed())
	if resumed && !s.state.Ended() {
		fmt.Fprintln(s.out, s.lang.N("terminal.resumed", len(s.state.Moves()), nil))
	}
	if !s.state.Ended() {
		s.say("terminal.stored", "Resume", s.resume)
		s.say("terminal.type_help")
		if hasLarge(s.state) {
			s.say("terminal.intro.large")
		}
		if hasTraders(s.state) {
			s.say("terminal.intro.traders")
		}
		if hasTower(s.state) {
			s.say("terminal.intro.tower")
		}
		if tokens := s.expansionTokens(); len(tokens) > 0 {
			// The first token of the game's first expansion that has some.
			s.say("terminal.intro.tokens", "Example", strings.TrimSuffix(strings.Fields(tokens[0])[0], ","))
		}
	}
	s.shown = -1
}

// expansionTitles returns " · The River, Inns & Cathedrals" for a game with
// expansions, "" for the base game, the titles in vo's language.
func expansionTitles(vo turnview.Voice, g *engine.Game) string {
	titles := vo.ExpansionTitles(g.Rules().Expansions)
	if len(titles) == 0 {
		return ""
	}
	return " · " + strings.Join(titles, ", ")
}

// hasLarge reports whether the players of g have the large follower of Inns
// & Cathedrals.
func hasLarge(g *engine.Game) bool {
	return slices.Contains(g.Rules().Figures(), engine.FigureLarge)
}

// hasTraders reports whether g is played with Traders & Builders: goods,
// the builder and the pig.
func hasTraders(g *engine.Game) bool {
	return g.Rules().Expansions.Has(engine.ExpansionTradersAndBuilders)
}

// loop plays commands until the input ends or quit.
func (s *session) loop() error {
	for {
		if !s.midTurn() {
			if err := s.discardUnplaceable(); err != nil {
				return err
			}
		}
		if s.computerDecides() && !s.over {
			if err := s.computerAnswers(); err != nil {
				return err
			}
			if werr := s.board.takeErr(); werr != nil {
				s.say("terminal.board_failed", "Path", s.board.path, "Error", werr)
			}
			if s.over {
				s.stop()
				return nil
			}
			if s.ctx.Err() != nil {
				return nil // Run says that the sitting stopped
			}
			continue
		}
		if a, ok := s.lineAnswer(); ok {
			// The figure or escape the place line named, after a
			// decision it did not answer; refused, it is asked.
			if ok, err := s.answer([]engine.Answer{a}); err != nil {
				return err
			} else if !ok {
				s.line = nil
			}
			continue
		}
		if a, ok := turnview.OnlyPass(s.state); ok && s.passed != [2]int{s.game.Moves, s.game.Answered} {
			// Nothing to choose (no knight may escape, …): no question.
			s.passed = [2]int{s.game.Moves, s.game.Answered}
			if _, err := s.answer([]engine.Answer{a}); err != nil {
				return err
			}
			continue
		}
		s.show()
		prompt := "> "
		switch {
		case s.midTurn():
			s.showDecision()
			prompt = s.stepPrompt()
		case !s.state.Ended():
			prompt = s.state.Players()[s.state.Current()] + "> "
		}
		fmt.Fprint(s.out, prompt)
		var in inputLine
		select {
		case <-s.ctx.Done():
			return nil // Run says that the sitting stopped
		case in = <-s.lines:
		}
		line, long := in.text, in.long
		if !in.ok {
			fmt.Fprintln(s.out)
			s.stop()
			return nil
		}
		if s.echo {
			fmt.Fprintln(s.out, line)
		}
		if long {
			s.say("terminal.line_long", "Max", maxLine)
			continue
		}
		changed, err := s.refresh()
		if err != nil {
			return err
		}
		if s.over {
			s.stop()
			return nil
		}
		if changed && playsOn(line) {
			// The command was meant for a position that is gone.
			continue
		}
		quit, err := s.command(line)
		if werr := s.board.takeErr(); werr != nil {
			s.say("terminal.board_failed", "Path", s.board.path, "Error", werr)
		}
		if err != nil {
			return err
		}
		if quit || s.over {
			s.stop()
			return nil
		}
	}
}

// playsOn reports whether command line plays on the position shown (a
// placement or an answer), so that it is dropped when the game went on
// elsewhere meanwhile.
func playsOn(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	w := strings.ToLower(f[0])
	switch w {
	case "place", "p", "spots", "s", "choose", "ransom":
		return true
	}
	_, err := strconv.Atoi(w)
	return stepNames[w] || w == "ferry" || err == nil
}

// stop says how to go on, after the last picture is written.
func (s *session) stop() {
	if err := s.board.flush(); err != nil {
		s.say("terminal.board_failed", "Path", s.board.path, "Error", err)
	}
	if !s.state.Ended() && !s.over {
		s.say("terminal.stopped", "Game", s.game.ID, "Resume", s.resume)
	}
}

// interrupted ends a sitting stopped by its context: it removes the
// pictures being written, says how to go on and returns an error wrapping
// the context's cause.
func (s *session) interrupted() error {
	s.temps.removeAll()
	fmt.Fprintln(s.out)
	s.say("terminal.stopped", "Game", s.game.ID, "Resume", s.resume)
	return fmt.Errorf("game %d stopped: %w", s.game.ID, context.Cause(s.ctx))
}

// inputLine is one line of input, as readLine returns it.
type inputLine struct {
	text     string
	ok, long bool
}

// readLines reads the lines of in, one by one, in a goroutine of its own
// until in ends or done is closed, so that the sitting can stop while it
// waits for a line.
func readLines(in *bufio.Reader, done <-chan struct{}) <-chan inputLine {
	lines := make(chan inputLine)
	go func() {
		for {
			text, ok, long := readLine(in)
			select {
			case lines <- inputLine{text: text, ok: ok, long: long}:
			case <-done:
				return
			}
			if !ok {
				return
			}
		}
	}()
	return lines
}

// readLine reads one line of in without its line ending and surrounding
// spaces. It returns false at the end of the input, and long for a line
// over maxLine bytes (read and dropped).
func readLine(in *bufio.Reader) (line string, ok, long bool) {
	var b []byte
	for {
		chunk, err := in.ReadSlice('\n')
		if len(b)+len(chunk) <= maxLine+1 {
			b = append(b, chunk...)
		} else {
			long = true
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && len(b) == 0 && !long {
			return "", false, false
		}
		break
	}
	line = strings.ToValidUTF8(strings.TrimSpace(string(b)), "?")
	return line, true, long
}

// discardUnplaceable puts away, and says so, every drawn tile the rules
// put away without a choice (turnview.PutAway): one that fits nowhere is
// discarded, a dragon tile before any volcano set aside.
func (s *session) discardUnplaceable() error {
	for {
		m, away := turnview.PutAway(s.state)
		if !away {
			return nil
		}
		before, said := s.state, s.voice.DrawWords(s.state, m, s.names())
		ok, err := s.play(m)
		if err != nil || s.over {
			return err
		}
		if !ok {
			if s.state == before {
				return nil // refused, said why
			}
			continue // the game was loaded again: look at its drawn tile
		}
		fmt.Fprintln(s.out, said)
		s.board.update(s.state)
	}
}

// play stores move m and plays it on the state. It returns false, having
// said why, when the store refused the move but the game can go on (another
// process played first: the game is then loaded again), and an error when
// the game cannot go on.
func (s *session) play(m engine.Move) (bool, error) {
	// A request id makes a retry after a busy database safe: a move stored
	// by an attempt that reported busy is not stored twice.
	reqID := fmt.Sprintf("local:%d:%d:%x", s.game.ID, len(s.state.Moves()), rand.Uint64())
	var res storage.AppendResult
	err := s.waitBusy(func() (err error) {
		res, err = s.store.AppendMove(s.ctx, s.game.ID, len(s.state.Moves()), m, storage.Request{ID: reqID})
		return err
	})
	if ok, err := s.stored(err); !ok {
		return false, err
	}
	// The store returns the game and the state after the move, except for
	// a request it had already taken (an attempt that reported a busy
	// database but stored the move): then the move is played here.
	if res.State != nil {
		s.state = res.State
	} else if err := s.state.Apply(m); err != nil {
		// The store checked the move against the same position.
		return false, fmt.Errorf("the stored move %s does not play here: %w", engine.MoveString(s.state.TileSet(), m), err)
	}
	s.game = res.Game
	return true, nil
}

// refresh loads the game again when the stored game has moved on since it
// was loaded here (another window played, finished or stopped it), says
// so, and returns true; it returns false when nothing changed.
func (s *session) refresh() (bool, error) {
	var g storage.Game
	err := s.waitBusy(func() (err error) {
		g, err = s.store.Get(s.ctx, s.game.ID)
		return err
	})
	if err != nil {
		return false, err
	}
	if g.Moves == len(s.state.Moves()) && g.Answered == s.game.Answered && g.Status == s.game.Status {
		return false, nil
	}
	return s.reload()
}

// reload loads the stored game again and says that it went on elsewhere.
// A game stopped or broken elsewhere is said too, and ends the sitting
// (s.over). It returns true when the position shown must be shown again.
func (s *session) reload() (bool, error) {
	var (
		g     storage.Game
		state *engine.Game
	)
	err := s.waitBusy(func() (err error) {
		g, state, err = s.store.Load(s.ctx, s.game.ID)
		return err
	})
	switch {
	case errors.Is(err, storage.ErrBroken):
		if g.Reason == "" {
			s.say("terminal.broken_no_reason", "Game", s.game.ID)
		} else {
			s.say("terminal.broken", "Game", s.game.ID, "Reason", g.Reason)
		}
		s.over = true
		return true, nil
	case err != nil:
		return false, err
	}
	s.game, s.state, s.shown = g, state, -1
	s.say("terminal.gone_on")
	if g.Status == storage.StatusStopped {
		if g.Reason == "" {
			s.say("terminal.stopped_elsewhere_no_reason", "Game", g.ID)
		} else {
			s.say("terminal.stopped_elsewhere", "Game", g.ID, "Reason", g.Reason)
		}
		s.over = true
	}
	return true, nil
}

// names are the players' names as the terminal shows them.
func (s *session) names() turnview.Names { return turnview.Names(s.state.Players()) }

// narrate says what move m did, just played and stored, in the words of
// Discord's turn summary (turnview.Voice.Narrate), from start, a copy of the
// game before it, which it changes; then it writes the picture.
func (s *session) narrate(start *engine.Game, m engine.Move) {
	if text, err := s.voice.Narrate(start, m, s.names()); err == nil && text != "" {
		fmt.Fprintln(s.out, text)
	}
	s.board.update(s.state)
}

// show lists the turn (or the final scoring) when the position has changed
// since it was last shown.
func (s *session) show() {
	n := len(s.state.Moves())
	if n == s.shown {
		return
	}
	s.shown = n
	if s.state.Ended() {
		if !s.ended {
			s.ended = true
			s.showFinal()
		}
		return
	}
	t, _ := s.state.Drawn()
	cur := s.state.Current()
	fmt.Fprintln(s.out)
	s.say("terminal.turn", "Turn", s.state.Turn(), "Player", s.state.Players()[cur], "Colour", s.colour(cur),
		"Tile", s.tileName(t), "Left", s.state.TilesLeft(), "Path", s.board.path)
	if s.computerToPlay() {
		return // the computer says where it played
	}
	if offer := s.ransomOffer(); offer != "" {
		fmt.Fprintln(s.out, offer)
	}
	s.say("terminal.where_fits")
	// Numbered as the board picture numbers them: cell i is number i+1.
	cells := s.state.CandidateCells()
	const perLine = 3
	var b strings.Builder
	for i, c := range cells {
		var rots []string
		for _, r := range s.state.RotationsAt(c) {
			rots = append(rots, r.String())
		}
		item := fmt.Sprintf("%3d  %-7s %s", i+1, c, strings.Join(rots, " "))
		if i%perLine == perLine-1 || i == len(cells)-1 {
			b.WriteString(strings.TrimRight(item, " "))
			b.WriteByte('\n')
		} else {
			fmt.Fprintf(&b, "%-26s", item)
		}
	}
	io.WriteString(s.out, b.String())
}

// showFinal prints the final scoring by player and feature, the winners and
// the final picture.
func (s *session) showFinal() {
	fmt.Fprintln(s.out)
	fmt.Fprintln(s.out, s.lang.N("terminal.over", s.state.Turn()-1, nil))
	// The final scores the table's columns do not tell apart: the pigs'
	// farms, the goods majorities and the gold ingots.
	names := s.state.Players()
	for _, ev := range s.state.Events() {
		if ev.Final && (ev.Pig || ev.Source == engine.SourceGoods || ev.Source == engine.SourceGold) {
			fmt.Fprintf(s.out, "  %+d %s: %s\n", ev.Points, names[ev.Player], s.voice.ScoredWords(ev))
		}
	}
	writeFinalTable(s.out, s.lang, s.state)
	s.board.updateFinal(s.state)
	if err := s.board.flush(); err != nil {
		s.say("terminal.board_failed", "Path", s.board.path, "Error", err)
	} else {
		s.say("terminal.final_board", "Path", s.board.path)
	}
	s.say("terminal.record_or_quit")
}

// writeFinalTable writes the final scoring of game g in language l: a
// heading, turnview's final table (every player's points by source and
// total, best first), indented, and the winners.
func writeFinalTable(w io.Writer, l i18n.Lang, g *engine.Game) {
	vo := turnview.In(l)
	fmt.Fprintln(w, l.T("terminal.final_scoring", nil))
	for _, line := range vo.FinalTable(g, nil) {
		fmt.Fprintln(w, "  "+line)
	}
	fmt.Fprintln(w, vo.Winners(g, nil))
}

// say writes message id of package i18n in the sitting's language, its
// data given as pairs of a name and a value ("Player", name), and a new
// line.
func (s *session) say(id string, kv ...any) {
	fmt.Fprintln(s.out, s.lang.T(id, i18n.Data(kv...)))
}

// pad pads s with spaces to width characters.
func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-utf8.RuneCountInString(s)))
}

// sentence returns a reason as a sentence: a capital first letter and a
// full stop.
func sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

// tileName returns the name of tile t ("V").
func (s *session) tileName(t engine.TileID) string { return s.state.TileSet().Name(t) }

// colour names player p's colour in the sitting's language ("red",
// "rot"), as the pictures draw it (render.PlayerColourName).
func (s *session) colour(p int) string {
	return s.tr("terminal3.colour." + render.PlayerColourName(p))
}
