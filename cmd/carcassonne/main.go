// Command carcassonne plays Carcassonne: the Discord bot, a local game in the
// terminal, and tools to replay and render game records.
//
//	carcassonne play [--players Alice,@hard] [--seed N] [--resume ID]
//	carcassonne arena --a hard --b easy [--games 200] [--think-scale F]
//	carcassonne games
//	carcassonne stats [--db PATH] [--guild ID]
//	carcassonne backup [--db PATH] FILE
//	carcassonne replay [--json] FILE.rec
//	carcassonne loadtest --db DSN [--games 1000] [--interval 15s] [--duration 60s] [--procs 2] [--json]
//
// loadtest is hidden from --help: a load benchmark of simulated games
// (engine, storage and pictures, no Discord) for developers; see the
// README, "Load".
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/alecthomas/kong"
)

// cli is the command line: one field per subcommand.
type cli struct {
	Bot    botCmd    `cmd:"" default:"1" help:"Run the Discord bot (the default command)."`
	Replay replayCmd `cmd:"" help:"Replay a game record and print where the game stands."`
	Render renderCmd `cmd:"" help:"Render a game record as a picture of the board (PNG)."`
	Play   playCmd   `cmd:"" help:"Play a game on this terminal, hot-seat, stored in the bot's database."`
	Games  gamesCmd  `cmd:"" help:"List the games stored in the database."`
	Arena  arenaCmd  `cmd:"" help:"Play computer against computer, many games, and print how often each wins."`
	Stats  statsCmd  `cmd:"" help:"Print the leaderboard and the players' statistics of the finished games, per server."`
	Backup backupCmd `cmd:"" help:"Copy the SQLite database into a new file, also while the bot plays in it."`
	// Loadtest is hidden from --help: a benchmark for developers (README, "Load").
	Loadtest loadtestCmd `cmd:"" hidden:"" help:"Play simulated games against the database (engine, storage, pictures; no Discord) and print the turns per second, the turn latency and the memory per idle game."`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit statuses: 0 when the command did what was asked, 1 when it failed
// (a bad flag or argument, a bad record, a database or network failure).
// Every failure prints exactly one line to standard error, "carcassonne:
// why".
const (
	exitOK     = 0
	exitFailed = 1
)

// run parses args, runs the subcommand with standard input and returns the
// exit status.
func run(args []string, stdout, stderr io.Writer) int {
	return runWith(args, os.Stdin, stdout, stderr)
}

// runWith is run reading the subcommand's input from stdin.
func runWith(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var c cli
	parser, err := kong.New(&c,
		kong.Name("carcassonne"),
		kong.Description("Carcassonne for Discord: the bot, a local game and record tools."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { panic(exitCode(code)) }),
		kong.Vars{"expansions": playableNames(), "rules": ruleOptionNames()},
	)
	if err != nil {
		printError(stderr, err)
		return exitFailed
	}
	code := exitOK
	func() {
		defer func() {
			if r := recover(); r != nil {
				if c, ok := r.(exitCode); ok {
					code = int(c)
					return
				}
				panic(r)
			}
		}()
		ctx, err := parser.Parse(args)
		if err != nil {
			printError(stderr, fmt.Errorf("%w (carcassonne --help lists the commands and flags)", err))
			code = exitFailed
			return
		}
		if err := ctx.Run(&env{stdin: stdin, stdout: stdout, stderr: stderr}); err != nil {
			printError(stderr, err)
			code = exitFailed
		}
	}()
	return code
}

// printError prints err as the one line that says why the program failed:
// "carcassonne: " and the error, its line breaks turned into spaces.
func printError(w io.Writer, err error) {
	msg := strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", " ")), " ")
	fmt.Fprintln(w, "carcassonne: "+msg)
}

// exitCode carries kong's requested exit status (after --help) out of Parse.
type exitCode int

// env is what every subcommand's Run receives.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}
