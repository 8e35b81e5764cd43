package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode"

	"github.com/dustin/go-humanize"

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
	DB      string `name:"db" env:"CARCASSONNE_DB" default:"carcassonne.db" help:"The database: the path of a SQLite file, or the URL of a PostgreSQL database (postgres://USER:PASSWORD@HOST:PORT/DATABASE)."`
	GuildID string `name:"guild" env:"DISCORD_GUILD_ID" help:"Register the command in this guild only, for quick iteration."`
	APIURL  string `name:"api-url" env:"DISCORD_API_URL" help:"Send Discord API requests to this server instead of discord.com."`
	Debug   bool   `name:"debug" env:"CARCASSONNE_DEBUG" help:"Log debug messages."`
	// Shard and Shards split the bot among several processes, each
	// serving the servers of one gateway shard: those whose (guild_id >>
	// 22) % count is the shard's id. Every process uses the same
	// database. They are read as text so that a mistake is told in plain
	// words; check sets shardID and shardCount.
	Shard  string `name:"shard-id" env:"DISCORD_SHARD_ID" default:"0" help:"The gateway shard this process serves, from 0 to the shard count minus 1."`
	Shards string `name:"shard-count" env:"DISCORD_SHARD_COUNT" default:"1" help:"How many bot processes (gateway shards) share the bot and its database; every one needs the same database."`

	// ComputerPause and ComputerPlayouts set how computer players play
	// (bot.Config.ComputerPause, ComputerPlayouts).
	ComputerPause    time.Duration `name:"computer-pause" env:"CARCASSONNE_COMPUTER_PAUSE" default:"1.5s" help:"How long the bot waits before it plays a computer player's turn, so that people can follow (0 for none)."`
	ComputerPlayouts int           `name:"computer-playouts" env:"CARCASSONNE_COMPUTER_PLAYOUTS" default:"0" help:"Playouts per decision of the normal and hard computer players, instead of their level's own (2500 and 20000 in games of up to 120 tiles, fewer in larger ones: at most about 0.4 s and 2.5 s on one core); lower it on a slow machine. 0 keeps the levels' own."`

	// MemoryLimit is the soft limit of the process's memory (Go's
	// GOMEMLIMIT, which wins when set).
	MemoryLimit string `name:"memory-limit" env:"CARCASSONNE_MEMORY_LIMIT" default:"150MiB" help:"The memory the bot process keeps within, as a soft limit: the Go runtime collects garbage more often as it comes near (e.g. 150MiB, 1GiB; 0 for none). GOMEMLIMIT, when set, takes its place."`

	shardID, shardCount int
	memoryLimit         int64 // bytes; 0: none
}

// check refuses a set-up the bot cannot start with, in plain words: no
// token, an API address that is not a URL, a shard that does not exist. Run calls it before it opens
// (and perhaps creates) the database, so that a bot that cannot start
// leaves no file behind.
func (c *botCmd) check() error {
	c.Token = strings.TrimSpace(c.Token)
	if c.Token == "" {
		return errors.New("the Discord token is missing: set DISCORD_TOKEN (or pass --token) to the bot's token from the Discord developer portal")
	}
	if strings.ContainsFunc(c.Token, unicode.IsSpace) {
		return errors.New("the Discord token has a space in it; copy it again from the Discord developer portal")
	}
	if c.APIURL != "" {
		u, err := url.Parse(c.APIURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("DISCORD_API_URL (--api-url) %q is not an http or https address", c.APIURL)
		}
	}
	if c.GuildID != "" && strings.TrimLeft(c.GuildID, "0123456789") != "" {
		return fmt.Errorf("DISCORD_GUILD_ID (--guild) is a server's id, a number, not %q", c.GuildID)
	}
	if err := c.checkShard(); err != nil {
		return err
	}
	if c.ComputerPause < 0 {
		return fmt.Errorf("CARCASSONNE_COMPUTER_PAUSE (--computer-pause) is a wait such as 1.5s, or 0 for none, not %s", c.ComputerPause)
	}
	if c.ComputerPlayouts < 0 {
		return fmt.Errorf("CARCASSONNE_COMPUTER_PLAYOUTS (--computer-playouts) is a number of playouts, 1 or more, or 0 for the levels' own, not %d", c.ComputerPlayouts)
	}
	if err := c.checkMemoryLimit(); err != nil {
		return err
	}
	if c.DB == "" {
		c.DB = storage.DefaultPath
	}
	if storage.IsPostgresURL(c.DB) {
		return nil // Open says what is wrong with the URL or the server
	}
	if fi, err := os.Stat(filepath.Dir(c.DB)); err != nil || !fi.IsDir() {
		return fmt.Errorf("CARCASSONNE_DB (--db) %s: the folder %s does not exist", c.DB, filepath.Dir(c.DB))
	}
	return nil
}

// checkShard reads the shard settings: the count is a whole number, 1 or
// more, and the id one from 0 to the count minus 1.
func (c *botCmd) checkShard() error {
	count, err := strconv.Atoi(strings.TrimSpace(c.Shards))
	if err != nil || count < 1 {
		return fmt.Errorf("DISCORD_SHARD_COUNT (--shard-count) is the number of bot processes, a whole number from 1 up, not %q", c.Shards)
	}
	id, err := strconv.Atoi(strings.TrimSpace(c.Shard))
	if err != nil || id < 0 || id >= count {
		return fmt.Errorf("DISCORD_SHARD_ID (--shard-id) is this process's shard, a whole number from 0 to %d (the shard count, %d, minus 1), not %q", count-1, count, c.Shard)
	}
	c.shardID, c.shardCount = id, count
	return nil
}

// minMemoryLimit is the smallest memory limit the bot takes: below it the
// collector would run all the time.
const minMemoryLimit = 32 << 20

// checkMemoryLimit reads the memory limit: a size such as 150MiB or 1GB
// (github.com/dustin/go-humanize), at least minMemoryLimit, or 0 (or
// "off") for none.
func (c *botCmd) checkMemoryLimit() error {
	s := strings.TrimSpace(c.MemoryLimit)
	if s == "" || s == "0" || strings.EqualFold(s, "off") {
		c.memoryLimit = 0
		return nil
	}
	n, err := humanize.ParseBytes(s)
	if err != nil || n < minMemoryLimit || n > math.MaxInt64 {
		return fmt.Errorf("CARCASSONNE_MEMORY_LIMIT (--memory-limit) is a size of at least 32MiB, such as 150MiB or 1GiB, or 0 for none, not %q", c.MemoryLimit)
	}
	c.memoryLimit = int64(n)
	return nil
}

// Run checks the set-up, opens the database and serves Discord until
// SIGINT or SIGTERM.
func (c *botCmd) Run(e *env) error {
	if err := c.check(); err != nil {
		return err
	}
	level := slog.LevelInfo
	if c.Debug {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))
	if c.memoryLimit > 0 && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(c.memoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	store, err := storage.Open(ctx, c.DB)
	if err != nil {
		return err
	}
	defer store.Close()
	b, err := bot.New(bot.Config{Token: c.Token, GuildID: c.GuildID, APIURL: c.APIURL, Store: store, Renderer: render.New(), Log: log,
		ShardID: c.shardID, ShardCount: c.shardCount, ComputerPause: computerPause(c.ComputerPause), ComputerPlayouts: c.ComputerPlayouts})
	if err != nil {
		return err
	}
	log.Info("starting the bot", "db", storage.RedactURL(c.DB), "guild", c.GuildID, "api", c.APIURL, "shard", c.shardID, "shards", c.shardCount,
		"memory_limit", memoryLimitWords(debug.SetMemoryLimit(-1)))
	return b.Run(ctx)
}

// memoryLimitWords says the runtime's memory limit of n bytes for the log:
// "150 MiB", or "none".
func memoryLimitWords(n int64) string {
	if n <= 0 || n == math.MaxInt64 {
		return "none"
	}
	return humanize.IBytes(uint64(n))
}

// computerPause is bot.Config.ComputerPause for the flag's wait: 0 (no
// wait) is a negative pause there, where 0 means the default.
func computerPause(d time.Duration) time.Duration {
	if d == 0 {
		return -1
	}
	return d
}

// The store takes a game's lock across processes while the bot plays and
// announces a turn (bot.GameLocker).
var _ bot.GameLocker = (*storage.Store)(nil)
