// Package bot plays Carcassonne in Discord (../shared/spec/discord.md): the
// /carcassonne command and its subcommands, the lobby with its buttons, a
// thread per game, a message per turn with the board image and a select menu
// of the cells where the drawn tile fits, the ephemeral placement preview with
// rotation buttons, the follower menu, Confirm and Back, turn summaries, turn
// timeouts, and the end with the final scoring and the game record.
//
// Create a Bot with New from a Config (a discordgo session, a GameStore such
// as storage.Store, and a Renderer), then call Run until its context is
// cancelled. Every move is stored before it is announced; the interaction id
// is the move's request id, so a retried or double-clicked Confirm plays once.
//
// The host may seat computer players (package ai) in the lobby; the bot
// plays their turns itself after Config.ComputerPause, announces them like
// any turn, never mentions them, and applies no turn timeout to them.
//
// Several processes may share one bot and one database, each serving a
// gateway shard (Config.ShardID of Config.ShardCount): the games of the
// servers of its shard, by Discord's rule (ShardOf). The work on one game
// is serialized by a lock per game, which a store that is a GameLocker
// extends across processes.
package bot
