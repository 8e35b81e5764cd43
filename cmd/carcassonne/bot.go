package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/meeple-works/carcassonne/bot"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

// The bot's parts, checked at compile time.
var (
	_ bot.GameStore = (*storage.Store)(nil)
	_ bot.Renderer  = (*render.Renderer)(nil)
)

// botCmd is `carcassonne bot` (and `carcassonne` alone): the Discord bot.
// Every setting comes from the environment or the same-named flag.
type botCmd struct {
	Token   string `name:"token" env:"DISCORD_TOKEN" help:"The bot's token from the Discord developer portal (required; never logged)."`
	DB      string `name:"db" env:"CARCASSONNE_DB" default:"carcassonne.db" help:"The SQLite database file."`
	GuildID string `name:"guild" env:"DISCORD_GUILD_ID" help:"Register the command in this guild only, for quick iteration."`
	APIURL  string `name:"api-url" env:"DISCORD_API_URL" help:"Send Discord API requests to this server instead of discord.com."`
	Debug   bool   `name:"debug" env:"CARCASSONNE_DEBUG" help:"Log debug messages."`
}

// Run serves Discord until SIGINT or SIGTERM.
func (c *botCmd) Run(e *env) error {
	level := slog.LevelInfo
	if c.Debug {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	store, err := storage.Open(ctx, c.DB)
	if err != nil {
		return err
	}
	defer store.Close()
	b, err := bot.New(bot.Config{Token: c.Token, GuildID: c.GuildID, APIURL: c.APIURL, Store: store, Renderer: render.New(), Log: log})
	if err != nil {
		return err
	}
	log.Info("starting the bot", "db", c.DB, "guild", c.GuildID, "api", c.APIURL)
	return b.Run(ctx)
}
