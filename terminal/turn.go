package terminal

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file plays a turn step by step, as the engine lists its steps
// (engine.Game.Pending, Answers, Act) and as the bot plays it in Discord:
// every answer is stored when it is given (storage.Store.AppendAnswers),
// so that the turn under way survives a stop, and the decisions that
// players other than the one who placed the tile make in the middle of a
// turn (the dragon's steps, a crop circle's answers) wait in the store for
// them. place gives the answers a line names; every other decision is
// listed from the engine's list (turnview.Options), numbered, in the words
// of Discord's step messages, and answered with `choose N`, the number
// alone, or the answer's notation, the record's token ("dragon@0,-1",
// "ferry@E+W"). No
// expansion has code of its own here.

// midTurn reports whether the game waits for a decision in the middle of
// a turn (its tile placed, or being placed by answers already stored).
func (s *session) midTurn() bool {
	d := s.state.Pending()
	return d.Step != engine.StepNone && d.Step != engine.StepTile
}

// answer stores answers as, given in order to the decision the game waits
// for and those after it, and says what they did: the whole turn's
// summary when they end it, else what they did and what the turn waits
// for now. It returns false, having said why, when the store refused them
// but the game can go on, and an error when it cannot.
func (s *session) answer(as []engine.Answer) (bool, error) {
	if len(as) == 0 {
		return true, nil
	}
	before := s.state.Clone()
	reqID := fmt.Sprintf("local:%d:%d:%d:%x", s.game.ID, s.game.Moves, s.game.Answered, rand.Uint64())
	var res storage.AnswerResult
	err := s.waitBusy(func() (err error) {
		res, err = s.store.AppendAnswers(s.ctx, s.game.ID, s.game.Moves, s.game.Answered, as, storage.Request{ID: reqID})
		return err
	})
	if ok, err := s.stored(err); !ok {
		return false, err
	}
	if res.State == nil {
		// A retry of answers stored by an attempt that reported busy.
		_, err := s.reload()
		return false, err
	}
	s.game, s.state = res.Game, res.State
	if res.Done {
		ms := s.state.Moves()
		start := before.Clone()
		start.Reset()
		s.narrate(start, ms[len(ms)-1])
		return true, nil
	}
	if as[0].Step == engine.StepTile {
		start := before.Clone()
		start.Reset()
		t, _ := start.Drawn()
		fmt.Fprintln(s.out, s.voice.PartWords(start, start.Current(), engine.MoveOfAnswers(t, as), s.names()))
		return true, nil
	}
	g := before
	for _, a := range as {
		fmt.Fprintln(s.out, s.voice.StepWords(g, a, s.names()))
		if _, err := g.Act(a); err != nil {
			break
		}
	}
	return true, nil
}

// stored sorts out the error of a write to the store: nil is fine; a game
// that went on, finished or stopped elsewhere is loaded again (false); a
// move the rules refuse is said (false); anything else is returned.
func (s *session) stored(err error) (bool, error) {
	var me *engine.MoveError
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, storage.ErrConflict), errors.Is(err, storage.ErrNotRunning), errors.Is(err, storage.ErrBroken):
		// Another window (or the bot) played, finished or stopped the
		// game: show where it stands.
		_, err := s.reload()
		return false, err
	case errors.As(err, &me):
		fmt.Fprintln(s.out, sentence(s.ruleText(me)))
		return false, nil
	}
	return false, err
}

// showDecision lists, once per decision, what the turn under way waits
// for and its choices.
func (s *session) showDecision() {
	if s.decisionShown == [2]int{s.game.Moves, s.game.Answered} {
		return
	}
	s.decisionShown = [2]int{s.game.Moves, s.game.Answered}
	s.choicesCommand()
}

// stepPrompt is the prompt while a decision in the middle of a turn waits:
// "Bob (dragon)> ".
func (s *session) stepPrompt() string {
	d := s.state.Pending()
	return fmt.Sprintf("%s (%s)> ", s.state.Players()[d.Player], d.Step)
}

// choicesCommand plays `choices`: the question of the decision the turn
// waits for, as the bot's step message asks it (turnview.Voice.Question:
// its title, then the question with its rule), and its options, numbered,
// each with its label and its notation, the record's token ("  1  ⬆
// (0,-1)  [dragon@0,-1]").
func (s *session) choicesCommand() {
	if s.noChoice() {
		return
	}
	title, ask := s.voice.Question(s.state, s.names())
	if title != "" {
		fmt.Fprintln(s.out, title)
	}
	fmt.Fprintln(s.out, ask)
	for k, o := range s.voice.Options(s.state, s.names()) {
		fmt.Fprintf(s.out, "  %-3d %s  [%s]\n", k+1, o.Label, o.Value)
	}
}

// noChoice says, and reports, that no choice waits: the game is over, or
// the turn waits for its tile.
func (s *session) noChoice() bool {
	switch {
	case s.state.Ended():
		fmt.Fprintln(s.out, sentence(s.tr("terminal2.move.over")))
	case !s.midTurn():
		s.say("terminal3.choose.none")
	default:
		return false
	}
	return true
}

// chooseCommand plays `choose N` (the N-th of choices) or `choose
// NOTATION` ("choose dragon@0,-1", "choose -"): the answer to the
// decision the turn waits for; alone, it lists the choices.
func (s *session) chooseCommand(args []string) error {
	if s.noChoice() {
		return nil
	}
	if len(args) == 0 {
		s.choicesCommand()
		return nil
	}
	if s.computerDecides() {
		s.say("terminal3.choose.computer", "Player", s.state.Players()[s.state.Pending().Player])
		return nil
	}
	opts := s.voice.Options(s.state, s.names())
	text := strings.Join(args, " ")
	var o turnview.Option
	if n, err := strconv.Atoi(text); err == nil {
		if n < 1 || n > len(opts) {
			s.say("terminal3.choose.no_such", "N", n, "All", len(opts))
			return nil
		}
		o = opts[n-1]
	} else {
		var err error
		if o, err = s.voice.Lookup(s.state, s.names(), text); err != nil {
			s.say("terminal3.choose.refused", "Why", sentence(err.Error()))
			return nil
		}
	}
	_, err := s.answer([]engine.Answer{o.Answer})
	return err
}

// stepCommand answers the decision the turn waits for with a line that
// is an answer's notation, the record's token ("dragon@0,-1", "ferry@E+W",
// "crop=add", "-"), a number from choices alone, or the step's name and
// such a number ("land 1", "ferry 2"); with The Princess & the Dragon,
// "dragon N" (E, S, W) also names the next tile that way. A line that
// begins with a token not offered is refused as choose refuses it, and the
// step's name and the rest of a token ("dragon 0,-1" for dragon@0,-1) is
// answered with the token to write. It returns false when the line is not
// such an answer.
func (s *session) stepCommand(f []string) (bool, error) {
	if !s.midTurn() || len(f) == 0 {
		return false, nil
	}
	if _, err := s.voice.Lookup(s.state, s.names(), strings.Join(f, " ")); err == nil || isToken(f[0]) {
		return true, s.chooseCommand(f)
	}
	if _, err := strconv.Atoi(f[0]); err == nil && len(f) == 1 {
		return true, s.chooseCommand(f) // a number alone
	}
	st := s.state.Pending().Step
	word := strings.ToLower(f[0])
	if word != st.String() && !(word == "ferry" && st == engine.StepFerryMove) || len(f) != 2 {
		return false, nil
	}
	if c, ok := s.dragonHeading(f[1]); ok && st == engine.StepDragon {
		return true, s.chooseCommand([]string{engine.Answer{Step: st, Cell: c}.String()})
	}
	for _, tok := range []string{word + "@" + f[1], word + "=" + f[1]} {
		if _, err := s.voice.Lookup(s.state, s.names(), tok); err == nil {
			// The words of an answer, not its token ("dragon 0,-1" for
			// dragon@0,-1): the token is said, not guessed.
			s.say("terminal3.choose.token", "Token", tok)
			return true, nil
		}
	}
	return true, s.chooseCommand(f[1:])
}

// dragonHeading returns the tile next to the dragon's in direction w (N,
// E, S or W).
func (s *session) dragonHeading(w string) (engine.Cell, bool) {
	at, ok := s.state.Dragon()
	if pv := s.state.Preview(); pv != nil {
		if c, on := pv.Dragon(); on {
			at, ok = c, true
		}
	}
	if !ok {
		return engine.Cell{}, false
	}
	switch strings.ToUpper(w) {
	case "N":
		at.Y--
	case "E":
		at.X++
	case "S":
		at.Y++
	case "W":
		at.X--
	default:
		return engine.Cell{}, false
	}
	return at, true
}

// computerDecides reports whether a computer decides what the game waits
// for.
func (s *session) computerDecides() bool {
	d := s.state.Pending()
	return d.Step != engine.StepNone && d.Player < len(s.levels) && s.levels[d.Player] != ai.NoLevel
}

// computerAnswers lets the computer who decides what the game waits for
// answer it, and its steps after it (ai.Config.Turn, seeded by the game
// and the position, so that a game continued elsewhere plays the same).
func (s *session) computerAnswers() error {
	if s.state.Pending().Step == engine.StepTile {
		s.show()
	}
	p := s.state.Pending().Player
	cfg := ai.Config{Level: s.levels[p], Playouts: s.playouts}
	as, err := cfg.Turn(s.state, ai.DecisionSeed(s.game.ID, len(s.state.Moves()), s.game.Answered))
	if err == nil && len(as) == 0 {
		err = errors.New("no answer")
	}
	if err != nil {
		return fmt.Errorf("the computer %s could not choose: %w", s.state.Players()[p], err)
	}
	_, err = s.answer(as)
	return err
}
