package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// playCmd is `carcassonne play`: a hot-seat game on one terminal, stored in
// the bot's database, read from standard input one command per line.
type playCmd struct {
	Players  string `name:"players" placeholder:"Alice,Bob" help:"The players in turn order, separated by commas: 1 to 6 different names (default Alice,Bob)."`
	Farms    string `name:"farms" placeholder:"per-farm" help:"How farms score: per-farm, per-city or off (no farmers) (default per-farm)."`
	TinyCity string `name:"tiny-city" placeholder:"4" help:"What a completed city of two tiles scores: 4 (like any city) or 2 (the old rule) (default 4)."`
	Seed     string `name:"seed" placeholder:"N" help:"Shuffle the draw pile with this seed, 0 to 18446744073709551615 (default: a random one, printed)."`
	Resume   *int64 `name:"resume" placeholder:"ID" help:"Continue stored game ID (see carcassonne games) instead of starting one."`
	DB       string `name:"db" env:"CARCASSONNE_DB" default:"carcassonne.db" help:"The SQLite database file, the bot's."`
	Out      string `name:"out" default:"carcassonne-board.png" help:"The picture of the board (PNG), written after every move."`

	// Set by Validate.
	names []string
	opts  engine.Options
	seed  uint64
}

// localPrefix starts the user ids of the players of a local game.
const localPrefix = "local:"

// maxNameLen is the longest player name, in characters; the record keeps
// names up to this length as they are.
const maxNameLen = 32

// Validate checks the flags and reads them into c.names, c.opts and c.seed;
// kong calls it after parsing.
func (c *playCmd) Validate() error {
	if c.Resume != nil {
		if *c.Resume <= 0 {
			return fmt.Errorf("--resume takes a game id (1, 2, …; see carcassonne games), not %d", *c.Resume)
		}
		var set []string
		for _, f := range []struct{ name, val string }{{"--players", c.Players}, {"--farms", c.Farms}, {"--tiny-city", c.TinyCity}, {"--seed", c.Seed}} {
			if f.val != "" {
				set = append(set, f.name)
			}
		}
		if len(set) > 0 {
			return fmt.Errorf("--resume continues a game as it was set up: leave out %s", strings.Join(set, ", "))
		}
	}
	var err error
	if c.names, err = parsePlayers(c.Players); err != nil {
		return err
	}
	switch farms := orDefault(c.Farms, "per-farm"); farms {
	case "per-farm", "per-city", "off":
		c.opts.Farms, _ = engine.ParseFarmScoring(farms)
	default:
		return fmt.Errorf("--farms is per-farm, per-city or off, not %q", c.Farms)
	}
	switch orDefault(c.TinyCity, "4") {
	case "4":
		c.opts.TinyCity = 4
	case "2":
		c.opts.TinyCity = 2
	default:
		return fmt.Errorf("--tiny-city is 4 or 2, not %q", c.TinyCity)
	}
	if c.Seed == "" {
		c.seed = rand.Uint64()
	} else if c.seed, err = strconv.ParseUint(c.Seed, 10, 64); err != nil {
		return fmt.Errorf("--seed is a whole number from 0 to 18446744073709551615, not %q", c.Seed)
	}
	if strings.TrimSpace(c.Out) == "" {
		return errors.New("--out needs a file name for the picture of the board")
	}
	if c.DB == "" {
		c.DB = storage.DefaultPath
	}
	return nil
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// parsePlayers reads --players: comma-separated names, spaces around them
// dropped; "Alice,Bob" when s is empty.
func parsePlayers(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return []string{"Alice", "Bob"}, nil
	}
	var names []string
	for _, n := range strings.Split(s, ",") {
		n = strings.TrimSpace(n)
		switch {
		case n == "":
			return nil, fmt.Errorf("--players: a name is empty in %q (write Alice,Bob)", s)
		case !utf8.ValidString(n) || strings.ContainsFunc(n, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }):
			return nil, fmt.Errorf("--players: the name %q has a character that cannot be printed", n)
		case strings.ContainsAny(n, "\"[]#"):
			return nil, fmt.Errorf("--players: the name %q has a quote, bracket or #, which a game record cannot hold", n)
		case utf8.RuneCountInString(n) > maxNameLen:
			return nil, fmt.Errorf("--players: the name %q is longer than %d characters", n, maxNameLen)
		case slices.Contains(names, n):
			return nil, fmt.Errorf("--players: %q is given twice; every player needs a different name", n)
		}
		names = append(names, n)
	}
	if len(names) > engine.MaxPlayers {
		return nil, fmt.Errorf("--players: a game has 1 to %d players, not %d", engine.MaxPlayers, len(names))
	}
	return names, nil
}

// Run starts a game (or continues the one --resume names) and plays the
// commands read from standard input until the input ends or a player types
// quit; every move is stored as it is played. It returns an error only when
// the game cannot be set up or the database fails.
func (c *playCmd) Run(e *env) error {
	if fi, err := os.Stat(filepath.Dir(c.Out)); err != nil || !fi.IsDir() {
		return fmt.Errorf("--out %s: the folder %s does not exist", c.Out, filepath.Dir(c.Out))
	}
	ctx := context.Background()
	var st *storage.Store
	err := waitBusy(ctx, e.stdout, func() (err error) {
		st, err = storage.Open(ctx, c.DB)
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
	wait := func(op func() error) error { return waitBusy(ctx, e.stdout, op) }
	if c.Resume != nil {
		err = wait(func() (err error) {
			g, state, err = resumeGame(ctx, st, *c.Resume, c.DB)
			return err
		})
	} else {
		g, state, err = newLocalGame(ctx, st, wait, c.names, c.opts, c.seed)
	}
	if err != nil {
		return err
	}
	temps := &tempFiles{}
	s := &session{
		ctx: ctx, store: st, game: g, state: state,
		out: e.stdout, in: bufio.NewReader(e.stdin), echo: !isTerminal(e.stdin),
		board: newBoardWriter(c.Out, temps), temps: temps, resume: resumeCommand(strconv.FormatInt(g.ID, 10), c.DB),
	}
	defer s.board.close()
	// Ctrl-C (or the terminal closing, or a kill) stops like quit: the
	// moves are stored already; remove the picture being written, if any,
	// and say how to go on.
	stop := onInterrupt(func(sig os.Signal) {
		temps.removeAll()
		fmt.Fprintf(e.stdout, "\nStopped; game %d is stored. Continue it with %s\n", g.ID, s.resume)
		code := 130 // 128 + SIGINT, as a shell reports Ctrl-C
		if n, ok := sig.(syscall.Signal); ok {
			code = 128 + int(n)
		}
		os.Exit(code)
	})
	defer stop()
	s.intro(c.Resume != nil)
	// The first picture is written before the first prompt, so that a bad
	// --out is said at once.
	s.board.update(s.state)
	if err := s.board.flush(); err != nil {
		return fmt.Errorf("writing the board: %w", err)
	}
	return s.loop()
}

// newLocalGame stores a new game of the named players (user ids
// "local:NAME"), starts it with seed and loads it. Each step runs through
// wait, which tries it again while the database is busy.
func newLocalGame(ctx context.Context, st *storage.Store, wait func(func() error) error, names []string, opts engine.Options, seed uint64) (storage.Game, *engine.Game, error) {
	var g storage.Game
	err := wait(func() (err error) {
		g, err = st.CreateGame(ctx, storage.NewGame{
			Host:     storage.Player{UserID: localPrefix + names[0], Name: names[0]},
			Options:  opts,
			MaxSeats: len(names),
		})
		return err
	})
	if err != nil {
		return g, nil, err
	}
	err = func() error {
		for _, n := range names[1:] {
			if err := wait(func() error {
				_, err := st.Join(ctx, g.ID, storage.Player{UserID: localPrefix + n, Name: n})
				return err
			}); err != nil {
				return err
			}
		}
		return wait(func() error {
			_, err := st.Start(ctx, g.ID, seed)
			return err
		})
	}()
	if err != nil {
		st.MarkStatus(ctx, g.ID, storage.StatusStopped, "the local game could not start")
		return g, nil, err
	}
	var state *engine.Game
	err = wait(func() (err error) {
		g, state, err = st.Load(ctx, g.ID)
		return err
	})
	return g, state, err
}

// resumeGame loads stored game id for local play: it must be a local game
// that has started and was not stopped or broken.
func resumeGame(ctx context.Context, st *storage.Store, id int64, db string) (storage.Game, *engine.Game, error) {
	g, state, err := st.Load(ctx, id)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return g, nil, fmt.Errorf("there is no game %d in %s (%s lists them)", id, db, gamesCommand(db))
	case errors.Is(err, storage.ErrNotStarted):
		return g, nil, fmt.Errorf("game %d is a lobby that has not started", id)
	case err != nil:
		return g, nil, fmt.Errorf("game %d: %w", id, err)
	}
	for _, seat := range g.Seats {
		if !strings.HasPrefix(seat.UserID, localPrefix) {
			return g, nil, fmt.Errorf("game %d is played in Discord; continue it there", id)
		}
	}
	if g.Status == storage.StatusStopped {
		return g, nil, fmt.Errorf("game %d was stopped (%s) and cannot go on", id, orDefault(g.Reason, "no reason given"))
	}
	return g, state, nil
}

// resumeCommand returns the command line that continues game id of
// database db, started the way this program was (see command).
func resumeCommand(id, db string) string {
	s := command("play") + " --resume " + id
	if db != storage.DefaultPath {
		s += " --db " + quoteArg(db)
	}
	return s
}

// command returns the command line that runs subcommand sub the way this
// program was started: "go run ./cmd/carcassonne sub" when `go run` built
// it, "carcassonne sub" otherwise.
func command(sub string) string {
	return invocation() + " " + sub
}

// invocation is how this program is run, from its executable's path.
var invocation = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return "carcassonne"
	}
	return invocationOf(exe)
})

// goRunCommand runs this program from the module's root folder.
const goRunCommand = "go run ./cmd/carcassonne"

// invocationOf returns how the program at path exe is run again:
// goRunCommand when exe is one that `go run` built, and "carcassonne"
// otherwise. `go run` links the program into Go's temporary build folder
// (GOTMPDIR or the system's, go-build…/b001/exe/carcassonne) and, since Go
// 1.24, keeps it in the build cache (GOCACHE, by default
// ~/.cache/go-build/cd/cd0943…a427-d/carcassonne), where the next go run
// finds it.
func invocationOf(exe string) string {
	dir := filepath.Dir(exe)
	if isCacheEntry(filepath.Base(dir)) && isHex(filepath.Base(filepath.Dir(dir)), 2) {
		return goRunCommand
	}
	if filepath.Base(dir) != "exe" {
		return "carcassonne"
	}
	for d := filepath.Dir(dir); d != filepath.Dir(d); d = filepath.Dir(d) {
		if strings.HasPrefix(filepath.Base(d), "go-build") {
			return goRunCommand
		}
	}
	return "carcassonne"
}

// isCacheEntry reports whether name is the folder of an executable in Go's
// build cache: a SHA-256 in hexadecimal, then "-d".
func isCacheEntry(name string) bool {
	h, ok := strings.CutSuffix(name, "-d")
	return ok && isHex(h, 64)
}

// isHex reports whether s is n lower-case hexadecimal digits.
func isHex(s string, n int) bool {
	return len(s) == n && strings.Trim(s, "0123456789abcdef") == ""
}

// gamesCommand returns the command line that lists the games of database
// db.
func gamesCommand(db string) string {
	s := command("games")
	if db != storage.DefaultPath {
		s += " --db " + quoteArg(db)
	}
	return s
}

// quoteArg quotes a shell argument that needs it.
func quoteArg(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-_./:@+=,", r))
	}) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// onInterrupt calls f on SIGINT (Ctrl-C), SIGTERM or SIGHUP (the terminal
// closed) until the returned stop is called; f gets the signal.
func onInterrupt(f func(os.Signal)) (stop func()) {
	sig := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		select {
		case got := <-sig:
			f(got)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sig)
		close(done)
	}
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

// session is one sitting at a local game.
type session struct {
	ctx    context.Context
	store  *storage.Store
	game   storage.Game
	state  *engine.Game
	board  *boardWriter
	temps  *tempFiles // the files being written, removed on an interrupt
	out    io.Writer
	in     *bufio.Reader
	echo   bool   // write each command read after its prompt (input is not a terminal)
	resume string // the command line that continues the game
	shown  int    // the number of moves when the position was last shown, -1 for none
	ended  bool   // the end of the game was shown
	over   bool   // the game was stopped or broke elsewhere: the sitting ends
}

// maxLine is the longest command line read, in bytes; longer lines are
// refused.
const maxLine = 4096

// intro says which game is played.
func (s *session) intro(resumed bool) {
	var seats []string
	for i, n := range s.state.Players() {
		seats = append(seats, fmt.Sprintf("%s (%s)", n, render.PlayerColourName(i)))
	}
	verb := "New game"
	if resumed {
		verb = "Game"
	}
	fmt.Fprintf(s.out, "%s %d: %s · %s · seed %d\n", verb, s.game.ID, strings.Join(seats, ", "), s.state.Options(), s.state.Seed())
	if resumed && !s.state.Ended() {
		fmt.Fprintf(s.out, "Resumed after %d moves.\n", len(s.state.Moves()))
	}
	if !s.state.Ended() {
		fmt.Fprintf(s.out, "Stored in the database: continue it any time with %s\n", s.resume)
		fmt.Fprintln(s.out, "Type help for the commands; place N plays the drawn tile on cell N.")
	}
	s.shown = -1
}

// loop plays commands until the input ends or quit.
func (s *session) loop() error {
	for {
		if err := s.discardUnplaceable(); err != nil {
			return err
		}
		s.show()
		prompt := "> "
		if !s.state.Ended() {
			prompt = s.state.Players()[s.state.Current()] + "> "
		}
		fmt.Fprint(s.out, prompt)
		line, ok, long := s.readLine()
		if !ok {
			fmt.Fprintln(s.out)
			s.stop()
			return nil
		}
		if s.echo {
			fmt.Fprintln(s.out, line)
		}
		if long {
			fmt.Fprintf(s.out, "That line is too long (over %d characters).\n", maxLine)
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
			fmt.Fprintf(s.out, "Could not write the board to %s: %v\n", s.board.path, werr)
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

// playsOn reports whether command line plays or looks at the drawn tile
// (place, spots), which makes no sense once the position changed.
func playsOn(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	switch strings.ToLower(f[0]) {
	case "place", "p", "spots", "s":
		return true
	}
	return false
}

// stop says how to go on, after the last picture is written.
func (s *session) stop() {
	if err := s.board.flush(); err != nil {
		fmt.Fprintf(s.out, "Could not write the board to %s: %v\n", s.board.path, err)
	}
	if !s.state.Ended() && !s.over {
		fmt.Fprintf(s.out, "Stopped; game %d is stored. Continue it with %s\n", s.game.ID, s.resume)
	}
}

// readLine reads one line of input without its line ending and surrounding
// spaces. It returns false at the end of the input, and long for a line
// over maxLine bytes (read and dropped).
func (s *session) readLine() (line string, ok, long bool) {
	var b []byte
	for {
		chunk, err := s.in.ReadSlice('\n')
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

// discardUnplaceable discards, and says so, every drawn tile that fits
// nowhere (000_…, "Placing land tiles": such a tile is put out of the game
// and the player draws another).
func (s *session) discardUnplaceable() error {
	for !s.state.Ended() {
		t, _ := s.state.Drawn()
		if s.state.CanPlace(t) {
			return nil
		}
		name := s.state.Players()[s.state.Current()]
		m := engine.Move{Tile: t, Discard: true}
		before := s.state
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
		fmt.Fprintf(s.out, "%s draws tile %s, which fits nowhere: it is put out of the game.\n", name, s.tileName(t))
		s.afterMove(nil)
	}
	return nil
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
	switch {
	case err == nil:
		if err := s.state.Apply(m); err != nil {
			// The store checked the move against the same position.
			return false, fmt.Errorf("the stored move %s does not play here: %w", engine.MoveString(s.state.TileSet(), m), err)
		}
		if res.Finished {
			s.game.Status = storage.StatusFinished
		}
		return true, nil
	case errors.Is(err, storage.ErrConflict), errors.Is(err, storage.ErrNotRunning), errors.Is(err, storage.ErrBroken):
		// Another window (or the bot) played, finished or stopped the
		// game: show where it stands.
		_, err := s.reload()
		return false, err
	default:
		var me *engine.MoveError
		if errors.As(err, &me) {
			fmt.Fprintln(s.out, sentence(me.Error()))
			return false, nil
		}
		return false, err
	}
}

// goneOn is said when the stored game moved on without this window.
const goneOn = "The game went on elsewhere (another window?); here is where it stands now."

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
	if g.Moves == len(s.state.Moves()) && g.Status == s.game.Status {
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
		fmt.Fprintf(s.out, "Game %d cannot go on: %s.\n", s.game.ID, orDefault(g.Reason, "its moves no longer replay"))
		s.over = true
		return true, nil
	case err != nil:
		return false, err
	}
	s.game, s.state, s.shown = g, state, -1
	fmt.Fprintln(s.out, goneOn)
	if g.Status == storage.StatusStopped {
		fmt.Fprintf(s.out, "Game %d was stopped (%s) and cannot go on.\n", g.ID, orDefault(g.Reason, "no reason given"))
		s.over = true
	}
	return true, nil
}

// busyWait is how long the terminal game waits before it tries a busy
// database again (each try itself waits up to the store's busy timeout).
const busyWait = 250 * time.Millisecond

// waitBusy runs op, again and again while the database is busy (another
// program holds its write lock past the store's busy timeout), saying once
// that it waits. It returns op's last error, or the context's.
func (s *session) waitBusy(op func() error) error {
	return waitBusy(s.ctx, s.out, op)
}

// waitBusy runs op, again and again while it fails because the database is
// busy or locked, saying once on out that it waits; it gives up when ctx
// ends.
func waitBusy(ctx context.Context, out io.Writer, op func() error) error {
	said := false
	for {
		err := op()
		if !isBusy(err) {
			if said && err == nil {
				fmt.Fprintln(out, "The database is free again.")
			}
			return err
		}
		if !said {
			fmt.Fprintln(out, "The database is busy (another program is writing); waiting… (Ctrl-C stops)")
			said = true
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the database stayed busy: %w", ctx.Err())
		case <-time.After(busyWait):
		}
	}
}

// isBusy reports whether err says that SQLite found the database busy or
// locked (SQLITE_BUSY, SQLITE_LOCKED and their extended codes).
func isBusy(err error) bool {
	if err == nil {
		return false
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		code := se.Code() & 0xff
		return code == sqlite3.SQLITE_BUSY || code == sqlite3.SQLITE_LOCKED
	}
	return false
}

// afterMove says what the last move scored and writes the picture.
func (s *session) afterMove(before []engine.ScoreEvent) {
	names := s.state.Players()
	for _, ev := range s.state.Events()[len(before):] {
		if !ev.Final {
			fmt.Fprintf(s.out, "  %+d %s: %s\n", ev.Points, names[ev.Player], describeScore(ev))
		}
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
	fmt.Fprintf(s.out, "\nTurn %d · %s (%s) · tile %s · %d left · board %s\n",
		s.state.Turn(), s.state.Players()[cur], render.PlayerColourName(cur), s.tileName(t), s.state.TilesLeft(), s.board.path)
	fmt.Fprintf(s.out, "Where it fits (number, x,y, rotations):\n")
	cells := cellsOf(s.state)
	const perLine = 3
	var b strings.Builder
	for i, c := range cells {
		var rots []string
		for _, r := range c.rots {
			rots = append(rots, r.String())
		}
		item := fmt.Sprintf("%3d  %-7s %s", i+1, c.cell, strings.Join(rots, " "))
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
	fmt.Fprintf(s.out, "\nThe game is over after %d turns.\n", s.state.Turn()-1)
	writeFinalTable(s.out, s.state)
	s.board.updateFinal(s.state)
	if err := s.board.flush(); err != nil {
		fmt.Fprintf(s.out, "Could not write the board to %s: %v\n", s.board.path, err)
	} else {
		fmt.Fprintf(s.out, "Final board: %s\n", s.board.path)
	}
	fmt.Fprintln(s.out, "Type record FILE to save the game record, or quit.")
}

// writeFinalTable writes the points of every player by feature, summed from
// the game's score events (roads, cities, cloisters, farms), the totals and
// the winners.
func writeFinalTable(w io.Writer, g *engine.Game) {
	names := g.Players()
	width := len("Final scoring")
	for _, n := range names {
		width = max(width, utf8.RuneCountInString(n)+2)
	}
	by := make([][4]int, len(names))
	for _, ev := range g.Events() {
		switch ev.Feature {
		case engine.Road:
			by[ev.Player][0] += ev.Points
		case engine.City:
			by[ev.Player][1] += ev.Points
		case engine.Cloister:
			by[ev.Player][2] += ev.Points
		case engine.Field:
			by[ev.Player][3] += ev.Points
		}
	}
	fmt.Fprintf(w, "%s  roads  cities  cloisters  farms  total\n", pad("Final scoring", width))
	best := -1
	for i, n := range names {
		p := by[i]
		fmt.Fprintf(w, "%s  %5d  %6d  %9d  %5d  %5d\n", pad("  "+n, width), p[0], p[1], p[2], p[3], g.Score(i))
		best = max(best, g.Score(i))
	}
	var winners []string
	for i, n := range names {
		if g.Score(i) == best {
			winners = append(winners, n)
		}
	}
	switch {
	case len(names) == 1:
		fmt.Fprintf(w, "%s scores %d points.\n", names[0], best)
	case len(winners) == 1:
		fmt.Fprintf(w, "%s wins with %d points.\n", winners[0], best)
	default:
		fmt.Fprintf(w, "%s share the victory with %d points each.\n", joinAnd(winners), best)
	}
}

// pad pads s with spaces to width characters.
func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-utf8.RuneCountInString(s)))
}

// joinAnd joins names as "A, B and C".
func joinAnd(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// describeScore says what a score was for: "road of 3 tiles", "city of 4
// tiles and 1 pennant", "cloister", "farm supplying 2 cities".
func describeScore(ev engine.ScoreEvent) string {
	var s string
	switch ev.Feature {
	case engine.Road:
		s = "road of " + plural(ev.Tiles, "tile")
	case engine.City:
		s = "city of " + plural(ev.Tiles, "tile")
		if ev.Pennants > 0 {
			s += " and " + plural(ev.Pennants, "pennant")
		}
	case engine.Cloister:
		s = "cloister"
	case engine.Field:
		return "farm supplying " + plural(ev.Cities, "completed city")
	default:
		s = ev.Feature.String()
	}
	if !ev.Complete {
		s = "unfinished " + s
	}
	return s
}

// plural returns "1 tile", "2 tiles", "3 cities".
func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	if many, ok := strings.CutSuffix(one, "city"); ok {
		return fmt.Sprintf("%d %scities", n, many)
	}
	return fmt.Sprintf("%d %ss", n, one)
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

// cellOption is a cell where the drawn tile fits and its rotations there.
type cellOption struct {
	cell engine.Cell
	rots []engine.Rotation
}

// cellsOf returns the cells where the drawn tile of g fits, numbered as the
// board picture numbers them (render.Candidates: cell i is number i+1),
// each with its legal rotations in increasing order.
func cellsOf(g *engine.Game) []cellOption {
	cands := render.Candidates(g)
	cells := make([]cellOption, len(cands))
	at := make(map[engine.Cell]int, len(cands))
	for i, c := range cands {
		cells[i].cell = c
		at[c] = i
	}
	for _, p := range g.Placements() {
		if i, ok := at[p.Cell]; ok {
			cells[i].rots = append(cells[i].rots, p.Rotation)
		}
	}
	return cells
}

// helpText is what help prints.
const helpText = `Commands, one per line:
  place N [ROTATION] [SPOT]  lay the tile on cell N of the list, turned by ROTATION
                             (0, 90, 180 or 270 clockwise; the first listed when left out),
                             with a follower on spot number SPOT (1, 2, … see spots and the
                             numbers on the board picture; none when left out)
  place x,y [ROTATION] [follower@PORT]   the same in record notation: place 2,-1 90 follower@N
  spots N [ROTATION]         the spots where a follower may stand on that placement
  board                      write the picture of the board again
  score                      the scores, followers in supply and tiles left
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
	switch strings.ToLower(f[0]) {
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
	m, err := s.parseMove(args, true)
	if err != nil {
		fmt.Fprintln(s.out, sentence(err.Error()))
		return nil
	}
	cur := s.state.Players()[s.state.Current()]
	what := "no follower"
	if m.Follower != engine.NoPort {
		for _, sp := range s.state.FollowerSpots(engine.Placement{Cell: m.Cell, Rotation: m.Rotation}) {
			if sp.Ports.Has(m.Follower) {
				what = "a " + sp.Name()
			}
		}
	}
	before := s.state.Events()
	ok, err := s.play(m)
	if err != nil || !ok {
		return err
	}
	fmt.Fprintf(s.out, "%s places %s on %s at %d° with %s.\n", cur, s.tileName(m.Tile), m.Cell, m.Rotation.Degrees(), what)
	s.afterMove(before)
	return nil
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
	spots := s.state.FollowerSpots(engine.Placement{Cell: m.Cell, Rotation: m.Rotation})
	if len(spots) == 0 {
		if s.state.Supply(s.state.Current()) == 0 {
			fmt.Fprintln(s.out, "  no follower is left in the supply")
		} else {
			fmt.Fprintln(s.out, "  no follower can stand on this tile here")
		}
		return
	}
	for i, sp := range spots {
		fmt.Fprintf(s.out, "  %s  %s\n", engine.SpotLabel(i), sp.Name())
	}
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
	cells := cellsOf(s.state)
	m := engine.Move{Tile: t}
	var at *cellOption
	if strings.Contains(args[0], ",") {
		c, err := parseCell(args[0])
		if err != nil {
			return m, err
		}
		m.Cell = c
		for i := range cells {
			if cells[i].cell == c {
				at = &cells[i]
			}
		}
	} else {
		n, err := strconv.Atoi(args[0])
		switch {
		case err != nil:
			return m, fmt.Errorf("%q is neither a cell number from the list nor x,y; write %s", args[0], usage)
		case n < 1 || n > len(cells):
			return m, fmt.Errorf("there is no cell %d: the cells are numbered 1 to %d", n, len(cells))
		}
		at = &cells[n-1]
		m.Cell = at.cell
	}
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
	if withSpot && len(rest) > 0 {
		spot, rest = rest[0], rest[1:]
		if n, err := strconv.Atoi(spot); err == nil && (n < 1 || n > maxSpots) {
			return m, fmt.Errorf("%s is neither a rotation (0, 90, 180 or 270) nor a spot's number (1, 2, …; see spots)", spot)
		}
	}
	if len(rest) > 0 {
		return m, fmt.Errorf("too many words: write %s", usage)
	}
	if at == nil {
		err := s.state.Check(m)
		if err == nil || errors.Is(err, engine.ErrEdgesMismatch) {
			return m, fmt.Errorf("tile %s fits on %s in no rotation", ts.Name(t), m.Cell)
		}
		return m, err
	}
	if !rotGiven {
		m.Rotation = at.rots[0]
	} else if err := s.state.Check(m); err != nil {
		return m, fmt.Errorf("%s; on %s it fits at %s", err.Error(), m.Cell, degreesList(at.rots))
	}
	if spot == "" {
		return m, nil
	}
	p := engine.Placement{Cell: m.Cell, Rotation: m.Rotation}
	if port, ok := strings.CutPrefix(strings.ToLower(spot), "follower@"); ok {
		pt, ok := engine.ParsePort(strings.ToUpper(port))
		if !ok {
			return m, fmt.Errorf("there is no port %q (NNW, N, NNE, ENE, E, ESE, SSE, S, SSW, WSW, W, WNW or C)", port)
		}
		m.Follower = pt
		return m, s.state.Check(m)
	}
	spots := s.state.FollowerSpots(p)
	n, err := strconv.Atoi(spot)
	switch {
	case err != nil || strings.HasPrefix(spot, "+"):
		return m, fmt.Errorf("%q is not a spot: give its number (see spots) or follower@PORT", spot)
	case len(spots) == 0 && s.state.Supply(s.state.Current()) == 0:
		return m, fmt.Errorf("%s has no follower left in the supply", s.state.Players()[s.state.Current()])
	case len(spots) == 0:
		return m, errors.New("no follower can stand on this tile here")
	case n > len(spots):
		return m, fmt.Errorf("there is no spot %d here: the spots are %s (see spots %s %d)", n, spotRange(len(spots)), args[0], m.Rotation.Degrees())
	}
	i := n - 1
	m.Follower = spots[i].Port
	return m, s.state.Check(m)
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

// spotRange returns "1", "1 and 2" or "1 to 4" for n spots.
func spotRange(n int) string {
	switch n {
	case 1:
		return engine.SpotLabel(0)
	case 2:
		return engine.SpotLabel(0) + " and " + engine.SpotLabel(1)
	}
	return engine.SpotLabel(0) + " to " + engine.SpotLabel(n-1)
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

// parseCell reads a cell written x,y.
func parseCell(s string) (engine.Cell, error) {
	xs, ys, _ := strings.Cut(s, ",")
	x, errx := strconv.Atoi(xs)
	y, erry := strconv.Atoi(ys)
	if errx != nil || erry != nil {
		return engine.Cell{}, fmt.Errorf("%q is not a cell: write x,y with no space, like 2,-1", s)
	}
	if x <= -30000 || x >= 30000 || y <= -30000 || y >= 30000 {
		return engine.Cell{}, fmt.Errorf("cell %s is too far out", s)
	}
	return engine.Cell{X: x, Y: y}, nil
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
	for i, n := range names {
		fmt.Fprintf(s.out, "  %s  %-6s  %3d points  %d followers in supply\n", pad(n, width), render.PlayerColourName(i), s.state.Score(i), s.state.Supply(i))
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

// writeFileAtomic writes a file through write: into a new file next to
// path (".NAME.*.tmp", registered in temps), renamed to path once complete,
// so that a reader never sees half a file. The temporary file is removed
// whatever happens: write failing or panicking, the rename failing.
func writeFileAtomic(temps *tempFiles, path string, write func(io.Writer) error) (err error) {
	f, err := temps.create(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	renamed := false
	defer func() {
		if !renamed {
			f.Close()
			os.Remove(f.Name())
		}
		temps.forget(f.Name())
	}()
	if err := write(f); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return err
	}
	renamed = true
	return nil
}

// tempFiles are the temporary files being written, so that an interrupt can
// remove them before the program exits.
type tempFiles struct {
	mu      sync.Mutex
	paths   map[string]bool
	stopped bool // removeAll was called: no new file may be made
}

// create makes a temporary file in dir, as os.CreateTemp, and registers it.
// It fails once removeAll has been called.
func (t *tempFiles) create(dir, pattern string) (*os.File, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return nil, errors.New("the program is stopping")
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	if t.paths == nil {
		t.paths = map[string]bool{}
	}
	t.paths[f.Name()] = true
	return f, nil
}

// forget unregisters a temporary file that was renamed or removed.
func (t *tempFiles) forget(path string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.paths, path)
}

// removeAll removes every registered file and refuses new ones.
func (t *tempFiles) removeAll() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	for p := range t.paths {
		os.Remove(p)
		delete(t.paths, p)
	}
}

// boardWriter writes the picture of the board to a file in the background,
// so that the prompt does not wait for it; when moves come faster than
// pictures (a script), only the latest position is drawn.
type boardWriter struct {
	r     *render.Renderer
	path  string
	temps *tempFiles
	next  chan boardJob // holds at most the latest job
	wg    sync.WaitGroup
	mu    sync.Mutex
	err   error // the last write's error, until taken
}

// boardJob is one picture to write: a copy of the game, and whether to draw
// the final scoring.
type boardJob struct {
	g     *engine.Game
	final bool
}

// newBoardWriter starts a writer of pictures to path, through temporary
// files registered in temps.
func newBoardWriter(path string, temps *tempFiles) *boardWriter {
	b := &boardWriter{r: render.New(), path: path, temps: temps, next: make(chan boardJob, 1)}
	go b.run()
	return b
}

func (b *boardWriter) run() {
	for j := range b.next {
		err := writeFileAtomic(b.temps, b.path, func(w io.Writer) error {
			if j.final {
				return b.r.FinalPNG(w, j.g)
			}
			return b.r.BoardPNG(w, j.g)
		})
		b.mu.Lock()
		b.err = err
		b.mu.Unlock()
		b.wg.Done()
	}
}

// update asks for the picture of g during a turn; updateFinal for the
// final one. Both copy g and replace a picture not yet started.
func (b *boardWriter) update(g *engine.Game)      { b.send(boardJob{g: g.Clone()}) }
func (b *boardWriter) updateFinal(g *engine.Game) { b.send(boardJob{g: g.Clone(), final: true}) }

func (b *boardWriter) send(j boardJob) {
	b.wg.Add(1)
	select {
	case <-b.next:
		b.wg.Done()
	default:
	}
	b.next <- j // only this goroutine sends, and the buffer is now empty
}

// flush waits for the pictures asked for and returns the last error.
func (b *boardWriter) flush() error {
	b.wg.Wait()
	return b.takeErr()
}

// takeErr returns the error of the last picture written, once.
func (b *boardWriter) takeErr() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	err := b.err
	b.err = nil
	return err
}

// close waits for the pictures asked for and stops the writer.
func (b *boardWriter) close() {
	b.wg.Wait()
	close(b.next)
}
