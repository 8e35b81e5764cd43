package terminal

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// Config sets up a sitting at a local game: the database, the picture, and
// either a new game or a stored one to continue.
type Config struct {
	// DB is the SQLite database file, the bot's (storage.DefaultPath when
	// empty); it is created when it does not exist.
	DB string
	// Board is the PNG file the picture of the board is written to before
	// the first prompt and after every move; its folder must exist.
	Board string

	// Resume, when not 0, is the id of the stored game to continue (a
	// local game that started and was not stopped); Players, Options,
	// Expansions and Seed are then not used.
	Resume int64
	// Players are the names of a new game's players in turn order: 1 to 5
	// different names, or 6 with Inns & Cathedrals (engine.MaxPlayers).
	Players []string
	// Options are the rule options of a new game.
	Options engine.Options
	// Expansions are the expansions of a new game, record names in any
	// order ("river", "inns-and-cathedrals"; storage.ParseExpansions): a
	// name that is no expansion is refused. nil means the base game.
	Expansions []string
	// Seed shuffles a new game's draw pile.
	Seed uint64
	// Computers, when not empty, has one entry per player of a new game:
	// ai.NoLevel for a person at the keyboard, a level (ai.Level.Seat) for
	// a computer player, whose turns the sitting plays itself and says
	// what it did. The name of a computer is Players' entry ("Computer
	// (hard)", "Computer (schwer)": carcassonne play names it as the bot
	// does in a lobby of the sitting's language). A continued game knows its
	// computers from the store.
	Computers []ai.Level
	// Lang is the language of the turn's words (the choices, what a move
	// did, the summaries), of the picture's words, and of the sitting's
	// own words: the help, the turn's heading, the refusals of its
	// commands, the end (issue 34); the zero value is English. The
	// commands' names and the record's tokens are the same in every
	// language; the refusals of a place or spots line that does not read
	// stay English.
	Lang i18n.Lang
	// Playouts, when above 0, is the number of playouts of the computers
	// that search (ai.Config.Playouts) instead of their level's default.
	Playouts int

	// ResumeHint returns the command line that continues stored game id,
	// said at the start and when the sitting stops before the end
	// ("carcassonne play --resume 3"); "carcassonne play --resume ID" when
	// nil.
	ResumeHint func(id int64) string
	// GamesHint is the command line that lists the stored games, said when
	// Resume names no stored game ("carcassonne games" when empty).
	GamesHint string
}

// Run plays a hot-seat game on one terminal: it starts a new game (or
// continues cfg.Resume), stores it in cfg.DB and reads commands from in,
// one per line, writing what happens to out, until in ends or a player
// types quit. Every move is stored before it is shown, so that the game can
// be continued after any stop. When in is not a terminal (a script), each
// command read is written after its prompt.
//
// When ctx ends (the program is interrupted), Run stops as quit does,
// removes any picture half written, says how to continue and returns an
// error wrapping context.Cause(ctx). Lines are read from in by a goroutine
// of Run's, which ends when a read of in returns after Run did.
//
// Run returns an error when the game cannot be set up (a bad Config, no
// such stored game, a game played in Discord), when the first picture
// cannot be written, or when the database fails; a bad command is answered
// on out and the game goes on.
func Run(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	if err := cfg.check(); err != nil {
		return err
	}
	var st *storage.Store
	err := WaitBusy(ctx, out, cfg.Lang, func() (err error) {
		st, err = storage.Open(ctx, cfg.DB)
		return err
	})
	if err != nil {
		return err
	}
	defer st.Close()
	var (
		g     storage.Game
		state *engine.Game
	)
	wait := func(op func() error) error { return WaitBusy(ctx, out, cfg.Lang, op) }
	if cfg.Resume != 0 {
		err = wait(func() (err error) {
			g, state, err = resumeGame(ctx, st, cfg)
			return err
		})
	} else {
		g, state, err = newLocalGame(ctx, st, wait, cfg)
	}
	if err != nil {
		return err
	}
	temps := &tempFiles{}
	s := &session{
		ctx: ctx, store: st, game: g, state: state, out: out, echo: !isTerminal(in),
		board: newBoardWriter(cfg.Board, temps, cfg.Lang), temps: temps, resume: cfg.resumeHint(g.ID), voice: turnview.In(cfg.Lang),
		levels: seatLevels(g, state.NumPlayers()), playouts: cfg.Playouts, lang: cfg.Lang,
	}
	defer s.board.close()
	s.intro(cfg.Resume != 0)
	// The first picture is written before the first prompt, so that a bad
	// Board is said at once.
	s.board.update(s.state)
	if err := s.board.flush(); err != nil {
		return fmt.Errorf("writing the board: %w", err)
	}
	done := make(chan struct{})
	defer close(done)
	s.lines = readLines(bufio.NewReader(in), done)
	err = s.loop()
	if ctx.Err() != nil {
		return s.interrupted()
	}
	return err
}

// check refuses a Config Run cannot play, in words for the player in
// c.Lang, and fills in the defaults.
func (c *Config) check() error {
	c.DB = cmp.Or(c.DB, storage.DefaultPath)
	if strings.TrimSpace(c.Board) == "" {
		return c.refusal("terminal2.config.board_name")
	}
	if fi, err := os.Stat(filepath.Dir(c.Board)); err != nil || !fi.IsDir() {
		return c.refusal("terminal2.config.board_folder", "Path", c.Board, "Folder", filepath.Dir(c.Board))
	}
	switch {
	case c.Resume < 0:
		return c.refusal("terminal2.config.no_game", "Game", c.Resume)
	case c.Resume != 0:
		return nil
	case len(c.Players) < 1 || len(c.Players) > engine.MaxPlayers:
		return c.refusal("terminal2.config.players", "Max", engine.MaxPlayers, "Count", len(c.Players))
	case len(c.Computers) != 0 && len(c.Computers) != len(c.Players):
		return c.refusal("terminal2.config.computers", "Players", len(c.Players), "Entries", len(c.Computers))
	}
	for i, l := range c.Computers {
		if l != ai.NoLevel && !l.Seat() {
			return c.refusal("terminal2.config.level", "Level", l)
		}
		if l == ai.NoLevel && strings.HasPrefix(c.Players[i], "@") {
			return c.refusal("terminal2.config.at_name", "Name", strconv.Quote(c.Players[i]))
		}
	}
	set, _, err := storage.ParseExpansions(c.Expansions)
	if err != nil {
		return err
	}
	if len(c.Players) > storage.DefaultMaxSeats && !set.Has(engine.ExpansionInnsAndCathedrals) {
		return c.refusal("terminal2.config.sixth", "Max", storage.DefaultMaxSeats,
			"Expansion", turnview.In(c.Lang).ExpansionTitle(engine.ExpansionInnsAndCathedrals), "Name", engine.ExpansionInnsAndCathedrals)
	}
	return nil
}

// refusal is an error whose text is message id of package i18n in c.Lang,
// its data given as pairs of a name and a value.
func (c *Config) refusal(id string, kv ...any) error { return said(c.Lang.T(id, i18n.Data(kv...))) }

// resumeHint returns the command line that continues game id.
func (c *Config) resumeHint(id int64) string {
	if c.ResumeHint != nil {
		return c.ResumeHint(id)
	}
	return fmt.Sprintf("carcassonne play --resume %d", id)
}

// localPrefix starts the user ids of the players of a local game, so that
// they never clash with a Discord user's id (storage looks players up by
// id); what a seat is, is its Kind.
const localPrefix = "local:"

// localSeat returns the seat of the player called name in a local game.
func localSeat(name string) storage.Player {
	return storage.Player{UserID: localPrefix + name, Name: name, Kind: storage.PlayerLocal}
}

// isLocal reports whether stored game g is a local game: every seat is
// taken by a player of this terminal, none by a Discord user.
func isLocal(g storage.Game) bool {
	for _, seat := range g.Seats {
		if seat.Kind != storage.PlayerLocal {
			return false
		}
	}
	return true
}

// newLocalGame stores a new game of cfg's players (seats from localSeat),
// starts it with cfg's seed and loads it. Each step runs through wait,
// which tries it again while the database is busy.
func newLocalGame(ctx context.Context, st *storage.Store, wait func(func() error) error, cfg Config) (storage.Game, *engine.Game, error) {
	var g storage.Game
	err := wait(func() (err error) {
		g, err = st.CreateGame(ctx, storage.NewGame{
			Host:       cfg.seatOf(0),
			Options:    cfg.Options,
			Expansions: cfg.Expansions,
			MaxSeats:   len(cfg.Players),
		})
		return err
	})
	if err != nil {
		return g, nil, err
	}
	err = func() error {
		for i := 1; i < len(cfg.Players); i++ {
			if err := wait(func() error {
				_, err := st.Join(ctx, g.ID, cfg.seatOf(i))
				return err
			}); err != nil {
				return err
			}
		}
		return wait(func() error {
			_, err := st.Start(ctx, g.ID, cfg.Seed)
			return err
		})
	}()
	if err != nil {
		st.MarkStatus(context.WithoutCancel(ctx), g.ID, storage.StatusStopped, "the local game could not start")
		return g, nil, err
	}
	var state *engine.Game
	err = wait(func() (err error) {
		g, state, err = st.Load(ctx, g.ID)
		return err
	})
	return g, state, err
}

// resumeGame loads stored game cfg.Resume for local play: it must be a
// local game that has started and was not stopped or broken. Its errors
// are in cfg.Lang, but for storage's own, which it wraps.
func resumeGame(ctx context.Context, st *storage.Store, cfg Config) (storage.Game, *engine.Game, error) {
	id := cfg.Resume
	g, state, err := st.Load(ctx, id)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return g, nil, cfg.refusal("terminal2.resume.no_game", "Game", id, "DB", storage.RedactURL(cfg.DB), "Games", cmp.Or(cfg.GamesHint, "carcassonne games"))
	case errors.Is(err, storage.ErrNotStarted):
		return g, nil, cfg.refusal("terminal2.resume.lobby", "Game", id)
	case err != nil:
		return g, nil, fmt.Errorf("game %d: %w", id, err)
	}
	if !isLocal(g) {
		return g, nil, cfg.refusal("terminal2.resume.discord", "Game", id)
	}
	if g.Status == storage.StatusStopped {
		return g, nil, cfg.refusal("terminal2.resume.stopped", "Game", id, "Reason", cmp.Or(g.Reason, cfg.Lang.T("terminal2.resume.no_reason", nil)))
	}
	return g, state, nil
}

// isTerminal reports whether r is a terminal (a character device), whose
// input the terminal itself echoes.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
