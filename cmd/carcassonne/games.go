package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/terminal"
)

// gamesCmd is `carcassonne games`: the games stored in the database, local
// and Discord ones, newest first.
type gamesCmd struct {
	DB    string `name:"db" env:"CARCASSONNE_DB" default:"carcassonne.db" help:"The database, the bot's: the path of a SQLite file, or the URL of a PostgreSQL database (postgres://…)."`
	Limit int    `name:"limit" default:"20" help:"Show at most this many games, newest first (0 for all)."`
}

// Run lists the games: id, status, turn (the turn being played; for a
// finished game, the number of turns played), when last updated (local
// time) and the players. It does not create a database that does not
// exist, and waits while the database is busy.
func (c *gamesCmd) Run(e *env) error {
	if c.DB == "" {
		c.DB = storage.DefaultPath
	}
	if c.Limit < 0 {
		return fmt.Errorf("--limit is 0 (every game) or more, not %d", c.Limit)
	}
	ctx := context.Background()
	st, err := openExisting(ctx, e, c.DB, "Start one with: "+startCommand(c.DB))
	if st == nil || err != nil {
		return err
	}
	defer st.Close()
	var games []storage.Game
	err = terminal.WaitBusy(ctx, e.stdout, i18n.English, func() (err error) {
		games, err = st.List(ctx, c.Limit)
		return err
	})
	if err != nil {
		return err
	}
	if len(games) == 0 {
		fmt.Fprintf(e.stdout, "No games in %s yet. Start one with: %s\n", storage.RedactURL(c.DB), startCommand(c.DB))
		return nil
	}
	fmt.Fprintf(e.stdout, "%4s  %-8s  %4s  %-16s  %s\n", "ID", "STATUS", "TURN", "UPDATED", "PLAYERS")
	running := false
	for _, g := range games {
		var names []string
		for _, s := range g.Seats {
			names = append(names, s.Name)
		}
		where := ""
		if g.GuildID != "" || g.ChannelID != "" {
			where = " (Discord)"
		}
		fmt.Fprintf(e.stdout, "%4d  %-8s  %4s  %-16s  %s%s\n", g.ID, g.Status, turnOf(ctx, st, g),
			g.UpdatedAt.Local().Format("2006-01-02 15:04"), strings.Join(names, ", "), where)
		running = running || g.Status == storage.StatusRunning && where == ""
	}
	if running {
		fmt.Fprintf(e.stdout, "Continue a running game with: %s\n", resumeCommand("ID", c.DB))
	}
	return nil
}

// startCommand returns the command line that starts a local game stored in
// database db.
func startCommand(db string) string {
	s := command("play")
	if db != storage.DefaultPath {
		s += " --db " + quoteArg(storage.RedactURL(db)) // a password is never shown
	}
	return s
}

// turnOf returns the turn of stored game g as games shows it: the turn
// being played, the number of turns played once finished, "-" for a lobby
// or a game whose moves do not read.
func turnOf(ctx context.Context, st *storage.Store, g storage.Game) string {
	if g.Status == storage.StatusLobby {
		return "-"
	}
	rec, err := st.Record(ctx, g.ID)
	if err != nil {
		return "-"
	}
	played := 0
	for _, t := range rec.Turns {
		if !t.Move.Discard && !t.Move.Resign {
			played++
		}
	}
	if g.Status == storage.StatusFinished {
		return fmt.Sprint(played)
	}
	return fmt.Sprint(played + 1)
}

// openExisting opens the database dsn (a SQLite path or a PostgreSQL URL)
// for a command that reads it, waiting while it is busy. A SQLite file that
// does not exist is not created: it says so on e.stdout, followed by hint,
// and returns a nil Store and no error.
func openExisting(ctx context.Context, e *env, dsn, hint string) (*storage.Store, error) {
	if _, err := os.Stat(dsn); errors.Is(err, fs.ErrNotExist) && !storage.IsPostgresURL(dsn) {
		fmt.Fprintf(e.stdout, "No games yet: %s does not exist.", dsn)
		if hint != "" {
			fmt.Fprintf(e.stdout, " %s", hint)
		}
		fmt.Fprintln(e.stdout)
		return nil, nil
	}
	var st *storage.Store
	err := terminal.WaitBusy(ctx, e.stdout, i18n.English, func() (err error) {
		st, err = storage.Open(ctx, dsn)
		return err
	})
	return st, err
}
