package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/meeple-works/carcassonne/bot"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/terminal"
	"github.com/meeple-works/carcassonne/turnview"
)

// The Store gives the bot its statistics.
var _ bot.StatsStore = (*storage.Store)(nil)

// localGuild is the --guild value that names the games played on this
// terminal (carcassonne play), which belong to no Discord server.
const localGuild = "local"

// statsCmd is `carcassonne stats`: the leaderboard and each player's
// statistics, per server, as /carcassonne stats and leaderboard show them.
type statsCmd struct {
	DB    string `name:"db" env:"CARCASSONNE_DB" default:"carcassonne.db" help:"The database, the bot's: the path of a SQLite file, or the URL of a PostgreSQL database (postgres://…)."`
	Guild string `name:"guild" placeholder:"ID" help:"Only this Discord server (its id), or 'local' for the games played on this terminal; every server when not given."`
}

// Run prints, for each server with finished games (or the one asked for),
// the leaderboard and a table of every player's statistics. It does not
// create a database that does not exist, and waits while the database is
// busy.
func (c *statsCmd) Run(e *env) error {
	if c.DB == "" {
		c.DB = storage.DefaultPath
	}
	ctx := context.Background()
	st, err := openExisting(ctx, e, c.DB, "")
	if st == nil || err != nil {
		return err
	}
	defer st.Close()
	var guilds []string
	switch c.Guild {
	case "":
		err = terminal.WaitBusy(ctx, e.stdout, i18n.English, func() (err error) {
			guilds, err = st.Servers(ctx)
			return err
		})
		if err != nil {
			return err
		}
		if len(guilds) == 0 {
			fmt.Fprintf(e.stdout, "No finished games in %s yet.\n", storage.RedactURL(c.DB))
			return nil
		}
	case localGuild:
		guilds = []string{""}
	default:
		guilds = []string{c.Guild}
	}
	for k, g := range guilds {
		if k > 0 {
			fmt.Fprintln(e.stdout)
		}
		err := terminal.WaitBusy(ctx, e.stdout, i18n.English, func() error { return printStats(ctx, e.stdout, st, g) })
		if err != nil {
			return err
		}
	}
	return nil
}

// printStats prints the statistics of server guild ("" for the terminal's
// games): a heading, the leaderboard and the players' table.
func printStats(ctx context.Context, w io.Writer, st *storage.Store, guild string) error {
	page, err := st.History(ctx, guild, 0, 1)
	if err != nil {
		return err
	}
	where := "Discord server " + guild
	if guild == "" {
		where = "Games played on this terminal"
	}
	if page.Total == 0 {
		fmt.Fprintf(w, "%s: no finished games yet.\n", where)
		return nil
	}
	fmt.Fprintf(w, "%s: %d finished %s\n\n", where, page.Total, map[bool]string{true: "game", false: "games"}[page.Total == 1])
	board, err := st.Leaderboard(ctx, guild, 0)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tPLAYER\tRATING\tWINS\tGAMES")
	for _, e := range board {
		fmt.Fprintf(tw, "%d\t%s\t%.0f\t%d\t%d\n", e.Rank, playerName(e.Name, e.ComputerLevel), e.Rating.Conservative(), e.Wins, e.Games)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PLAYER\tGAMES\tWINS\tWIN %\tRESIGNED\tAVERAGE\tBEST\tROADS\tCITIES\tCLOISTERS\tFARMS\tBONUSES\tFAVOURITE EXPANSION")
	for _, e := range board {
		s, err := st.Stats(ctx, guild, e.UserID)
		if err != nil {
			return err
		}
		per := func(n int) string { return fmt.Sprintf("%.1f", float64(n)/float64(s.Games)) }
		p := s.Points
		favourite := "-"
		if x, ok := engine.ParseExpansion(s.FavouriteExpansion); ok && s.FavouriteExpansion != "" {
			favourite = fmt.Sprintf("%s (%d)", x.Title(), s.FavouriteGames)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.0f\t%d\t%.1f\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n",
			playerName(e.Name, e.ComputerLevel), s.Games, s.Wins, 100*s.WinRate, s.Resigned, s.AverageScore, s.BestScore,
			per(p.Roads), per(p.Cities), per(p.Cloisters), per(p.Farms), per(p.King+p.RobberBaron+p.Goods), favourite)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nRating: Glicko-2 over every pair of players of each game, shown as the rating less twice its uncertainty.")
	fmt.Fprintln(w, "Points by feature are per game; bonuses are King & Robber Baron's and the goods of Traders & Builders.")
	fmt.Fprintln(w, "Finished games count fully; a resignation counts as a loss; stopped games count for nobody; a solo game is not a win.")
	return nil
}

// playerName is a player's name in the tables, with a computer player's
// level unless its seat's name says it (turnview.ComputerSeat: "Computer
// (hard) 2").
func playerName(name, level string) string {
	if level != "" && !turnview.ComputerSeat(name, level) {
		return fmt.Sprintf("%s (computer, %s)", name, level)
	}
	return name
}
