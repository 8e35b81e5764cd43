package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

// GameStore is what the bot needs of the games' storage; storage.Store
// implements it.
type GameStore interface {
	CreateGame(ctx context.Context, ng storage.NewGame) (storage.Game, error)
	Get(ctx context.Context, id int64) (storage.Game, error)
	Join(ctx context.Context, id int64, p storage.Player) (storage.Game, error)
	Leave(ctx context.Context, id int64, userID string) (storage.Game, error)
	Start(ctx context.Context, id int64, seed uint64) (storage.Game, error)
	Resign(ctx context.Context, id int64, userID string, req storage.Request) (storage.AppendResult, error)
	SetThread(ctx context.Context, id int64, threadID string) error
	SetLobbyMessage(ctx context.Context, id int64, messageID string) error
	SetTurnMessage(ctx context.Context, id int64, messageID string) error
	SetAnnounced(ctx context.Context, id int64, messageID string, moves int) error
	Unannounced(ctx context.Context) ([]storage.Game, error)
	List(ctx context.Context, limit int, statuses ...storage.Status) ([]storage.Game, error)
	SetDeadline(ctx context.Context, id int64, t time.Time) error
	MarkStatus(ctx context.Context, id int64, status storage.Status, reason string) error
	GameByThread(ctx context.Context, threadID string) (storage.Game, error)
	GamesByChannel(ctx context.Context, channelID string, statuses ...storage.Status) ([]storage.Game, error)
	Due(ctx context.Context, t time.Time) ([]storage.Game, error)
	AppendMove(ctx context.Context, id int64, expected int, m engine.Move, req storage.Request) (storage.AppendResult, error)
	AppendAnswer(ctx context.Context, id int64, moves, answered int, a engine.Answer, req storage.Request) (storage.AnswerResult, error)
	AppendAnswers(ctx context.Context, id int64, moves, answered int, as []engine.Answer, req storage.Request) (storage.AnswerResult, error)
	Load(ctx context.Context, id int64) (storage.Game, *engine.Game, error)
	Record(ctx context.Context, id int64) (*engine.Record, error)
	TurnTimeouts(ctx context.Context, id int64, seat int) (int, error)
	SetReminded(ctx context.Context, id int64, moves, answered int) (bool, error)
	RemindersDue(ctx context.Context, t time.Time) ([]storage.Game, error)
	UpdateLobby(ctx context.Context, id int64, u storage.LobbyUpdate) (storage.Game, error)
	PawnPreference(ctx context.Context, userID string) (bool, error)
	SetPawnPreference(ctx context.Context, userID string, messenger bool) error
}

// Renderer draws the pictures the bot posts, as PNG files; render.Renderer
// implements it.
type Renderer interface {
	// BoardPNG draws the whole board with the drawn tile's legal cells
	// numbered.
	BoardPNG(w io.Writer, g *engine.Game) error
	// TurnPNG draws the turn's picture: the board around the numbered
	// cells and the last tiles, readable at the width Discord shows.
	TurnPNG(w io.Writer, g *engine.Game) error
	// PreviewFigurePNG draws the neighbourhood of placement p of the drawn
	// tile with its follower spots labelled and the current player's figure
	// fig (the follower, or the large follower of Inns & Cathedrals)
	// standing on port follower (engine.NoPort: none).
	PreviewFigurePNG(w io.Writer, g *engine.Game, p engine.Placement, follower engine.Port, fig engine.Figure) error
	// PreviewTowerPNG draws the preview of a move m that uses a tower (The
	// Tower): the tower as it will stand and, after a tower piece, the
	// figures in reach marked and numbered (render.CaptureLabel).
	PreviewTowerPNG(w io.Writer, g *engine.Game, m engine.Move) error
	// PreviewMovePNG draws the preview of move m with what it chooses of
	// the mini expansions: the ferry set and the ferries moved, the two
	// gold ingots, the mage or the witch.
	PreviewMovePNG(w io.Writer, g *engine.Game, m engine.Move) error
	// PreviewMarksPNG draws move m, a turn's answers so far, as
	// PreviewMovePNG does, with the choices of the decision asked marked
	// and numbered where they lie on the board instead of the tile's
	// spots.
	PreviewMarksPNG(w io.Writer, g *engine.Game, m engine.Move, marks []render.Mark) error
	// DragonPNG draws the dragon's surroundings while it moves (The
	// Princess & the Dragon): the steps taken so far and the tiles it may
	// enter next.
	DragonPNG(w io.Writer, g *engine.Game) error
	// FinalPNG draws the final board and scoring table.
	FinalPNG(w io.Writer, g *engine.Game) error
}

// pngOf runs one of the Renderer's methods into a byte slice.
func pngOf(draw func(w io.Writer) error) ([]byte, error) {
	var buf bytes.Buffer
	if err := draw(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Config sets up a Bot.
type Config struct {
	// Token is the bot token (without "Bot "). Never logged.
	Token string
	// GuildID, when set, registers the command in that guild only, which
	// Discord applies at once (for development); otherwise globally.
	GuildID string
	// APIURL, when set, sends every request meant for https://discord.com
	// to this address instead (a local server that speaks Discord's API);
	// the gateway address then comes from its GET /gateway.
	APIURL string
	// Store keeps the games; Renderer draws them.
	Store    GameStore
	Renderer Renderer
	// Log receives the bot's logs; nil means slog.Default().
	Log *slog.Logger
	// Now returns the time; nil means time.Now.
	Now func() time.Time
	// Tick is how often turn deadlines are checked; 0 means 10 seconds.
	Tick time.Duration
	// Seed returns the seed of a new game's draw pile; nil means random.
	Seed func() uint64
	// RetryBase is the first wait before a message that Discord failed to
	// take is sent again (the waits then double); 0 means 1 second.
	RetryBase time.Duration
	// ShardID is the gateway shard this process serves, from 0 to
	// ShardCount-1: the servers whose (guild_id >> 22) % ShardCount is
	// ShardID (ShardOf), with their games, turn deadlines, reminders and
	// announcements. Only shard 0 registers the command.
	ShardID int
	// ShardCount is the number of gateway shards, one process each, that
	// share the games through one database; 0 means 1 (one process
	// serves every server).
	ShardCount int
	// ComputerPause is how long the bot waits before it plays a computer
	// player's turn, so that people can follow the game; 0 means 1.5
	// seconds, and a negative value no wait at all.
	ComputerPause time.Duration
	// ComputerPlayouts, when above 0, is the number of playouts of each
	// decision of the computer players that search (normal and hard),
	// instead of their level's own (ai.Level.Playouts: 2,500 and 20,000).
	// Easy ignores it.
	ComputerPlayouts int
}

// Bot is a running Carcassonne bot.
type Bot struct {
	cfg     Config
	s       *discordgo.Session
	store   GameStore
	draw    Renderer
	log     *slog.Logger
	appID   string
	botUser string // the bot's user id, once connected

	mu    sync.Mutex
	locks map[int64]*gameLock  // games being worked on; removed when free
	retry map[int64]retryState // games whose announcement failed, by game
	// computing holds the games whose computer's turn is scheduled, with
	// the number of moves stored when it was (scheduleComputer).
	computing map[int64]int
	// thinking holds a token per computer player searching, one per
	// processor at most.
	thinking chan struct{}
	wg       sync.WaitGroup
	ctx      context.Context
}

// New makes a bot from cfg. It returns an error when the token, the store or
// the renderer is missing, the API URL does not parse, or the shard does
// not exist (ShardID not in [0, ShardCount)).
func New(cfg Config) (*Bot, error) {
	if cfg.Token == "" {
		return nil, errors.New("bot: the Discord token is missing (set DISCORD_TOKEN)")
	}
	if cfg.Store == nil || cfg.Renderer == nil {
		return nil, errors.New("bot: a store and a renderer are needed")
	}
	if cfg.ShardCount == 0 {
		cfg.ShardCount = 1
	}
	if err := checkShard(cfg.ShardID, cfg.ShardCount); err != nil {
		return nil, err
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Tick <= 0 {
		cfg.Tick = 10 * time.Second
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	if cfg.RetryBase <= 0 {
		cfg.RetryBase = time.Second
	}
	if cfg.ComputerPause == 0 {
		cfg.ComputerPause = defaultComputerPause
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	if cfg.APIURL != "" {
		base, err := apiBase(cfg.APIURL)
		if err != nil {
			return nil, err
		}
		s.Client = &http.Client{Transport: rewrite{base: base, next: http.DefaultTransport}, Timeout: 20 * time.Second}
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	s.ShouldRetryOnRateLimit = true
	s.MaxRestRetries = 2
	log := slog.New(redacting{cfg.Log.Handler()})
	b := &Bot{cfg: cfg, s: s, store: cfg.Store, draw: cfg.Renderer, log: log, locks: map[int64]*gameLock{}, retry: map[int64]retryState{},
		computing: map[int64]int{}, thinking: make(chan struct{}, runtime.GOMAXPROCS(0))}
	return b, nil
}

// apiVersionSuffix matches the end of an API address that names the
// version, "/api/v10"; discordgo adds "/api/v9" to every path itself.
var apiVersionSuffix = regexp.MustCompile(`/api(/v[0-9]+)?$`)

// apiBase reads DISCORD_API_URL: a root URL ("http://127.0.0.1:8080") or
// one that ends in the API's path ("…/api/v10"), which is dropped.
func apiBase(raw string) (*url.URL, error) {
	base, err := url.Parse(strings.TrimRight(strings.TrimSpace(raw), "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("bot: DISCORD_API_URL %q is not an http(s) URL", raw)
	}
	base.Path = apiVersionSuffix.ReplaceAllString(strings.TrimRight(base.Path, "/"), "")
	base.RawPath = ""
	return base, nil
}

// rewrite sends requests for https://discord.com to base, keeping the path.
type rewrite struct {
	base *url.URL
	next http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (rw rewrite) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Host == "discord.com" || strings.HasSuffix(r.URL.Host, ".discord.com") {
		r = r.Clone(r.Context())
		r.URL.Scheme = rw.base.Scheme
		r.URL.Host = rw.base.Host
		r.URL.Path = strings.TrimRight(rw.base.Path, "/") + r.URL.Path
		r.Host = rw.base.Host
	}
	return rw.next.RoundTrip(r)
}

// Run connects to the gateway, registers the /carcassonne command, serves
// interactions and turn deadlines, and returns when ctx is cancelled (after
// the interactions under way have finished) or the connection fails.
func (b *Bot) Run(ctx context.Context) error {
	b.ctx = ctx
	remove := b.s.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		b.wg.Add(1)
		defer b.wg.Done()
		b.handle(i)
	})
	defer remove()
	if err := b.s.Open(); err != nil {
		return fmt.Errorf("bot: connecting to Discord: %w", err)
	}
	defer b.s.Close()
	if b.s.State != nil && b.s.State.User != nil {
		b.appID = b.s.State.User.ID
		b.botUser = b.s.State.User.ID
	}
	if b.s.State != nil && b.s.State.Application != nil && b.s.State.Application.ID != "" {
		b.appID = b.s.State.Application.ID
	}
	// The command is registered by shard 0 alone: one process does it
	// when several share the bot. The bulk overwrite is idempotent anyway
	// (Discord keeps the ids of commands that did not change), so a
	// restart registers nothing new.
	if b.cfg.ShardID == 0 {
		if _, err := b.s.ApplicationCommandBulkOverwrite(b.appID, b.cfg.GuildID, commands()); err != nil {
			return fmt.Errorf("bot: registering the command: %w", err)
		}
	}
	b.log.Info("bot ready", "app", b.appID, "guild", b.cfg.GuildID, "shard", b.cfg.ShardID, "shards", b.cfg.ShardCount)
	b.warmRatings(ctx)
	b.catchUpAll(ctx, true)
	b.catchUpSteps(ctx)
	b.tick(ctx)
	t := time.NewTicker(b.cfg.Tick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			b.log.Info("bot stopping")
			b.wg.Wait()
			return nil
		case <-t.C:
			b.tick(ctx)
		}
	}
}

// context returns a context for work on one interaction.
func (b *Bot) context() (context.Context, context.CancelFunc) {
	parent := b.ctx
	if parent == nil {
		parent = context.Background()
	}
	return context.WithTimeout(context.WithoutCancel(parent), 60*time.Second)
}

// logError logs msg and args (the error among them) of work done under
// ctx at level Error, or at level Info when ctx was cancelled: the bot is
// stopping, and what the work was about is stored and taken up again when
// it starts (a restart is no error).
func (b *Bot) logError(ctx context.Context, msg string, args ...any) {
	b.logAt(ctx, slog.LevelError, msg, args...)
}

// logWarn is logError at level Warn.
func (b *Bot) logWarn(ctx context.Context, msg string, args ...any) {
	b.logAt(ctx, slog.LevelWarn, msg, args...)
}

// logAt logs msg and args of work done under ctx at level, or at level
// Info when ctx was cancelled (logError).
func (b *Bot) logAt(ctx context.Context, level slog.Level, msg string, args ...any) {
	if errors.Is(ctx.Err(), context.Canceled) {
		level, msg = slog.LevelInfo, msg+", cut short: the bot is stopping"
	}
	b.log.Log(context.WithoutCancel(ctx), level, msg, args...)
}

// ratingsWarmer is a store that can compute the servers' ratings ahead of
// the first /carcassonne stats or leaderboard (storage.Store.WarmRatings).
type ratingsWarmer interface {
	WarmRatings(ctx context.Context, keep func(guildID string) bool) error
}

// warmRatings has the store compute, in the background, the ratings of the
// servers of this process's shards, so that the first stats or leaderboard
// after a start answers at once. A failure is logged: the ratings are then
// computed by the first request, as they would be without this.
func (b *Bot) warmRatings(ctx context.Context) {
	w, ok := b.store.(ratingsWarmer)
	if !ok {
		return
	}
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		if err := w.WarmRatings(ctx, func(guildID string) bool { return b.ownsGuild(guildID) }); err != nil && ctx.Err() == nil {
			b.log.Warn("computing the ratings ahead", "err", err)
		}
	}()
}
