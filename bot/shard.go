package bot

import (
	"context"
	"fmt"
	"strconv"

	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
)

// Several bot processes share the games when a bot serves many servers:
// each process connects to the gateway as one shard (Config.ShardID of
// Config.ShardCount) and Discord sends it the events of the servers of
// that shard only. The process serves the games of those servers, and
// nothing else: the interactions, and what it does from its own clock or
// at start (turn deadlines, reminders, lobbies that expire, announcements
// it owes). Games without a server (direct messages, games of the terminal)
// belong to shard 0, as Discord sends direct messages to shard 0. Every
// process must use the same database.

// ShardOf is the gateway shard, among count shards, that serves the server
// (guild) guildID, by Discord's rule: shard_id = (guild_id >> 22) %
// num_shards. Direct messages and games without a server (guildID "", or
// an id that is not a number) belong to shard 0, as do all servers when
// count is 1 or less.
func ShardOf(guildID string, count int) int {
	if count <= 1 {
		return 0
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// checkShard refuses a shard that does not exist, in plain words: the
// count is at least 1 and the id runs from 0 to count-1.
func checkShard(id, count int) error {
	if count < 1 {
		return fmt.Errorf("bot: the shard count is %d; it must be 1 or more (1 for a single process)", count)
	}
	if id < 0 || id >= count {
		return fmt.Errorf("bot: shard %d of %d does not exist: the shard id runs from 0 to %d (one less than the shard count)", id, count, count-1)
	}
	return nil
}

// ownsGuild reports whether this process serves server guildID: whether
// it belongs to the process's shard.
func (b *Bot) ownsGuild(guildID string) bool {
	return ShardOf(guildID, b.cfg.ShardCount) == b.cfg.ShardID
}

// owned keeps, of games listed from the store, those of this process's
// shard; the others are the work of other processes.
func (b *Bot) owned(games []storage.Game) []storage.Game {
	if b.cfg.ShardCount <= 1 {
		return games
	}
	out := games[:0:0]
	for _, g := range games {
		if b.ownsGuild(g.GuildID) {
			out = append(out, g)
		}
	}
	return out
}

// GameLocker is what a store that several bot processes share may offer to
// serialize the work on one game across them. LockGame waits until it
// holds game id's lock, or ctx is done (then it returns ctx's error), or
// the store fails; it returns the function that releases the lock, which
// the bot calls once. When Config.Store implements GameLocker, the bot
// holds that lock while it works on a game (lockGame), besides its own.
type GameLocker interface {
	LockGame(ctx context.Context, id int64) (unlock func(), err error)
}

// gameLock serializes the work on one game in this process; users counts
// the goroutines holding or waiting for it, so that the map of locks only
// keeps the games being worked on. The channel holds a token while the lock
// is held, so that a wait can end with its context.
type gameLock struct {
	held  chan struct{}
	users int
}

// lockGame takes the lock of game id, which serializes the work on it:
// applying a move (a player's, a timed-out turn, a discard, a resignation)
// and announcing it, starting and changing a lobby, catching up with what
// is owed. Every such path goes through lockGame, and holds the lock from
// reading the game to storing its announcement, so that a move is applied
// and announced once (the store's check of the expected move number
// refuses a second write; storage.Game.Announced, read under the lock,
// tells what was announced). It takes this process's lock for the game,
// then, when the store is a GameLocker, the store's lock, which other
// processes take too. It returns the function that releases both, or an
// error when ctx ends first or the store's lock fails.
func (b *Bot) lockGame(ctx context.Context, id int64) (unlock func(), err error) {
	b.mu.Lock()
	m, ok := b.locks[id]
	if !ok {
		m = &gameLock{held: make(chan struct{}, 1)}
		b.locks[id] = m
	}
	m.users++
	b.mu.Unlock()
	release := func() {
		b.mu.Lock()
		m.users--
		if m.users == 0 {
			delete(b.locks, id)
		}
		b.mu.Unlock()
	}
	select {
	case m.held <- struct{}{}:
	case <-ctx.Done():
		release()
		return nil, fmt.Errorf("bot: waiting for game %d: %w", id, ctx.Err())
	}
	local := func() {
		<-m.held
		release()
	}
	locker, ok := b.store.(GameLocker)
	if !ok {
		return local, nil
	}
	storeUnlock, err := locker.LockGame(ctx, id)
	if err != nil {
		local()
		return nil, fmt.Errorf("bot: locking game %d in the store: %w", id, err)
	}
	return func() {
		storeUnlock()
		local()
	}, nil
}

// busyText tells a member, in their language l, that the game could not
// be worked on now.
func busyText(l i18n.Lang, id int64) string {
	return tr(l, "bot.refuse.busy", "Game", id)
}
