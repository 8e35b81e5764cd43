package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/terminal"
	"github.com/meeple-works/carcassonne/turnview"
)

// playCmd is `carcassonne play`: a hot-seat game on one terminal, stored in
// the bot's database, read from standard input one command per line. The
// game itself is package terminal; this reads the flags and hands them to
// terminal.Run.
type playCmd struct {
	Players    string `name:"players" placeholder:"Alice,@hard" help:"The players in turn order, separated by commas: 1 to 5 different names, 6 with inns-and-cathedrals; @easy, @normal or @hard is a computer player of that level (default Alice,Bob)."`
	Expansions string `name:"expansions" placeholder:"river,inns-and-cathedrals" help:"The expansions played, separated by commas: ${expansions}, or their titles (default: the base game alone)."`
	Farms      string `name:"farms" placeholder:"per-farm" help:"How farms score: per-farm, per-city or off (no farmers) (default per-farm)."`
	TinyCity   string `name:"tiny-city" placeholder:"4" help:"What a completed city of two tiles scores: 4 (like any city) or 2 (the old rule) (default 4)."`
	Rules      string `name:"rules" placeholder:"dragon=after-scoring" help:"Rule options as a record's Rules header writes them, separated by commas: ${rules}; an expansion's options need it in --expansions (default: the first value of each)."`
	Seed       string `name:"seed" placeholder:"N" help:"Shuffle the draw pile with this seed, 0 to 18446744073709551615 (default: a random one, printed)."`
	Resume     *int64 `name:"resume" placeholder:"ID" help:"Continue stored game ID (see carcassonne games) instead of starting one."`
	DB         string `name:"db" env:"CARCASSONNE_DB" default:"carcassonne.db" help:"The database, the bot's: the path of a SQLite file, or the URL of a PostgreSQL database (postgres://…)."`
	Out        string `name:"out" default:"carcassonne-board.png" help:"The picture of the board (PNG), written after every move."`
	Lang       string `name:"lang" placeholder:"de" help:"The language of the turn's words and the picture: en, de, fr, es, it or pl (default: from LC_ALL, LC_MESSAGES or LANG, else English)."`

	// Set by Validate.
	names []string
	comps []ai.Level // by player: the computer's level, ai.NoLevel for a person
	exps  []string
	opts  engine.Options
	seed  uint64
	lang  i18n.Lang
}

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
		for _, f := range []struct{ name, val string }{{"--players", c.Players}, {"--expansions", c.Expansions}, {"--farms", c.Farms}, {"--tiny-city", c.TinyCity}, {"--rules", c.Rules}, {"--seed", c.Seed}} {
			if f.val != "" {
				set = append(set, f.name)
			}
		}
		if len(set) > 0 {
			return fmt.Errorf("--resume continues a game as it was set up: leave out %s", strings.Join(set, ", "))
		}
	}
	var err error
	if c.lang, err = parseLang(c.Lang); err != nil {
		return err
	}
	if c.names, c.comps, err = parsePlayers(c.Players, c.lang); err != nil {
		return err
	}
	if c.exps, err = parseExpansions(c.Expansions, len(c.names)); err != nil {
		return err
	}
	if c.opts, err = playOptions(c.Farms, c.TinyCity, c.Rules, c.exps); err != nil {
		return err
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

// parsePlayers reads --players: comma-separated names, spaces around them
// dropped; "Alice,Bob" when s is empty. A name starting with @ is a
// computer player of the level after it (@easy, @normal, @hard), named in
// language l as the bot names one in a lobby of that language: "Computer
// (hard)", "Computer (hard) 2" for a second one, "Computer (schwer)" in
// German; levels holds its level, ai.NoLevel for a person.
func parsePlayers(s string, l i18n.Lang) (names []string, levels []ai.Level, err error) {
	if strings.TrimSpace(s) == "" {
		return []string{"Alice", "Bob"}, []ai.Level{ai.NoLevel, ai.NoLevel}, nil
	}
	for _, n := range strings.Split(s, ",") {
		n = strings.TrimSpace(n)
		level := ai.NoLevel
		if name, ok := strings.CutPrefix(n, "@"); ok {
			if level, err = ai.ParseLevel(name); err != nil {
				return nil, nil, fmt.Errorf("--players: @%s asks for a computer player, but %q is not a level: write @easy, @normal or @hard", name, name)
			}
			if !level.Seat() {
				return nil, nil, fmt.Errorf("--players: @%s plays random moves and is for carcassonne arena only: write @easy, @normal or @hard", name)
			}
			n = turnview.In(l).ComputerName(level.String(), names)
		}
		switch {
		case n == "":
			return nil, nil, fmt.Errorf("--players: a name is empty in %q (write Alice,Bob)", s)
		case !utf8.ValidString(n) || strings.ContainsFunc(n, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }):
			return nil, nil, fmt.Errorf("--players: the name %q has a character that cannot be printed", n)
		case strings.ContainsAny(n, "\"[]#"):
			return nil, nil, fmt.Errorf("--players: the name %q has a quote, bracket or #, which a game record cannot hold", n)
		case utf8.RuneCountInString(n) > maxNameLen:
			return nil, nil, fmt.Errorf("--players: the name %q is longer than %d characters", n, maxNameLen)
		case slices.Contains(names, n):
			return nil, nil, fmt.Errorf("--players: %q is given twice; every player needs a different name", n)
		}
		names = append(names, n)
		levels = append(levels, level)
	}
	if len(names) > engine.MaxPlayers {
		return nil, nil, fmt.Errorf("--players: a game has 1 to %d players, not %d", engine.MaxPlayers, len(names))
	}
	return names, levels, nil
}

// parseExpansions reads --expansions: record names separated by commas, in
// any order, or titles in any language the game speaks ("Inns &
// Cathedrals", "Der Fluss"; turnview.ExpansionName), checked against the
// expansions the engine plays (storage.ParseExpansions, which says the ones
// available); players is the number of players, 6 only with
// inns-and-cathedrals. It returns the record names.
func parseExpansions(s string, players int) ([]string, error) {
	var given []string
	for _, n := range strings.Split(s, ",") {
		given = append(given, turnview.ExpansionName(n))
	}
	set, names, err := storage.ParseExpansions(given)
	if err != nil {
		return nil, fmt.Errorf("--expansions: %s", strings.TrimPrefix(err.Error(), engine.ErrUnknownExpander.Error()+": "))
	}
	if players > storage.DefaultMaxSeats && !set.Has(engine.ExpansionInnsAndCathedrals) {
		return nil, fmt.Errorf("--players: a game has 1 to %d players; a sixth player needs --expansions %s", storage.DefaultMaxSeats, engine.ExpansionInnsAndCathedrals)
	}
	return names, nil
}

// playOptions reads the rule options of --farms, --tiny-city and --rules
// (spec/rules-options.md, in the notation of a record's Rules header,
// engine.RuleOptions) for a game of the expansions exps: a value none of
// the option's, an option given twice, edition (no rule players choose)
// or an option of an expansion not played is refused.
func playOptions(farms, tiny, rules string, exps []string) (engine.Options, error) {
	o := engine.Options{TinyCity: 4}
	var items []string
	for _, f := range []struct{ flag, name, val string }{{"--farms", "farms", farms}, {"--tiny-city", "tiny-city", tiny}} {
		if f.val == "" {
			continue
		}
		if r, _ := engine.RuleOptionNamed(f.name); !r.Set(&o, f.val) {
			return o, fmt.Errorf("%s is %s, not %q", f.flag, turnview.In(i18n.English).JoinOr(r.Values), f.val)
		}
		items = append(items, f.name+"="+f.val)
	}
	set, _, _ := storage.ParseExpansions(exps)
	for _, item := range strings.Split(rules, ",") {
		if strings.TrimSpace(item) == "" {
			continue
		}
		name, _, _ := strings.Cut(item, "=")
		r, ok := engine.RuleOptionNamed(strings.TrimSpace(name))
		switch {
		case !ok:
			return o, fmt.Errorf("--rules: there is no rule option %q (the options are %s)", strings.TrimSpace(name), ruleOptionNames())
		case !set.Has(r.Expansion):
			return o, fmt.Errorf("--rules: %s is an option of %s, which --expansions does not name (add %s)", r.Name, r.Expansion.Title(), r.Expansion)
		}
		items = append(items, item)
	}
	ro, err := engine.ParseOptions(strings.Join(items, ","))
	if err != nil {
		return o, fmt.Errorf("--rules: %s", strings.TrimPrefix(err.Error(), engine.ErrBadOption.Error()+": "))
	}
	for _, r := range engine.RuleOptions() {
		r.Set(&o, r.Value(ro))
	}
	return o, nil
}

// ruleOptionNames lists the rule options and their values for --rules'
// help: "farms=per-farm|per-city|off, …, robbers=each|next".
func ruleOptionNames() string {
	var names []string
	for _, r := range engine.RuleOptions() {
		names = append(names, r.Name+"="+strings.Join(r.Values, "|"))
	}
	return strings.Join(names, ", ")
}

// Run plays the terminal game (terminal.Run) on standard input and output.
// Ctrl-C (or the terminal closing, or a kill) stops it like quit: the moves
// are stored already; the program then exits with status 128 + the
// signal's number, as a shell reports it (130 for Ctrl-C).
func (c *playCmd) Run(e *env) error {
	if fi, err := os.Stat(filepath.Dir(c.Out)); err != nil || !fi.IsDir() {
		return fmt.Errorf("--out %s: the folder %s does not exist", c.Out, filepath.Dir(c.Out))
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	go func() {
		select {
		case sig := <-sigs:
			cancel(interrupted{sig})
		case <-ctx.Done():
		}
	}()
	var resume int64
	if c.Resume != nil {
		resume = *c.Resume
	}
	err := terminal.Run(ctx, terminal.Config{
		DB: c.DB, Board: c.Out,
		Resume: resume, Players: c.names, Computers: c.comps, Expansions: c.exps, Options: c.opts, Seed: c.seed, Lang: c.lang,
		ResumeHint: func(id int64) string { return resumeCommand(strconv.FormatInt(id, 10), c.DB) },
		GamesHint:  gamesCommand(c.DB),
	}, e.stdin, e.stdout)
	// A signal stops the game wherever it was: waiting for a command,
	// storing a move, or opening the database.
	var sig interrupted
	if errors.As(context.Cause(ctx), &sig) {
		code := 130 // 128 + SIGINT, as a shell reports Ctrl-C
		if n, ok := sig.Signal.(syscall.Signal); ok {
			code = 128 + int(n)
		}
		os.Exit(code)
	}
	return err
}

// interrupted is the cause of a game stopped by a signal.
type interrupted struct{ os.Signal }

func (i interrupted) Error() string { return "stopped by " + i.Signal.String() }

// resumeCommand returns the command line that continues game id of
// database db, started the way this program was (see command).
func resumeCommand(id, db string) string {
	s := command("play") + " --resume " + id
	if db != storage.DefaultPath {
		s += " --db " + quoteArg(storage.RedactURL(db)) // a password is never shown
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
		s += " --db " + quoteArg(storage.RedactURL(db)) // a password is never shown
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

// playableNames lists the record names of the expansions the engine plays,
// separated by commas, for the help of --expansions.
func playableNames() string {
	var names []string
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase {
			names = append(names, e.String())
		}
	}
	return strings.Join(names, ", ")
}

// parseLang reads --lang: one of the languages the game speaks, by its tag
// ("de") or a locale ("de_DE.UTF-8", "fr-CA"); when it is empty, the
// locale of the environment (LC_ALL, then LC_MESSAGES, then LANG), English
// when none names a language spoken. A --lang naming another language is
// refused with the list.
func parseLang(v string) (i18n.Lang, error) {
	if v == "" {
		for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
			if env := os.Getenv(name); env != "" {
				return i18n.Parse(env), nil
			}
		}
		return i18n.English, nil
	}
	l := i18n.Parse(v)
	if l == i18n.English && !strings.HasPrefix(strings.ToLower(v), "en") {
		var tags []string
		for _, s := range i18n.Supported() {
			tags = append(tags, s.String()+" ("+s.Name()+")")
		}
		return l, fmt.Errorf("--lang %q is not a language the game speaks: %s", v, strings.Join(tags, ", "))
	}
	return l, nil
}
