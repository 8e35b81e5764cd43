// Package storage keeps games in a SQLite database (modernc.org/sqlite, pure
// Go) or a PostgreSQL one (github.com/jackc/pgx/v5 through database/sql),
// so that every lobby, seat and move survives a restart of the bot.
//
// Start with [Open] on a file path ([DefaultPath] by default) or on a
// postgres:// URL ([IsPostgresURL]); for a file it creates the
// database (mode 0600, readable by its owner only) or brings an older one
// up to date with the migrations embedded in the package (goose, one
// transaction each, recorded in goose_db_version). It refuses, before
// writing anything into it, a file that is empty (0 bytes), not a SQLite
// database, another program's database ([ErrNotCarcassonne]) or damaged
// according to PRAGMA quick_check ([ErrDamaged]). Several processes may
// open one file at once: the set-up holds a lock on the file PATH-lock
// beside the database, so that one process at a time creates, checks and
// migrates it. Then:
//
//   - [Store.CreateGame] opens a lobby (each [Player] of a [PlayerKind]:
//     Discord, or local to the terminal game), at most [MaxLobbiesPerHost] open
//     ones per host and [MaxLobbiesPerChannel] per channel (else
//     [ErrTooManyLobbies]), with its expansions (record names, checked
//     by [ParseExpansions] against the ones the engine plays, stored in
//     record order) and rule options; [Store.UpdateLobby] changes them
//     and the number of seats (6 only with Inns & Cathedrals),
//     [Store.Join] and [Store.Leave] change its seats, and [Store.Start]
//     fixes the turn order and seed;
//   - [Store.AppendMove] checks a move against the engine and appends it to
//     the game's move log. It names the move number it expects to be next,
//     so that of two clicks on the same turn only the first is played
//     (the other gets [ErrConflict]), and it takes a [Request]: an id (the
//     Discord interaction id) so that a request delivered twice is played
//     once, and the move's [Cause] (a player, a timeout, a discard). It
//     returns the game's row and engine state after the move, so that the
//     caller need not load them again; [Store.Resign] appends a player's
//     resignation the same way;
//   - [Store.AppendAnswer] stores a turn answer by answer
//     (engine.Game.Act), for turns in which other players decide too (the
//     dragon's steps): the answers wait, as the record's tokens
//     (engine.Answer.String: "1,0 90", "large@N", "dragon@1,0", "-" for a
//     pass), until the turn's last one appends the whole move, so that a
//     restart finds the turn where it stood; meanwhile a whole move is refused and a
//     resignation drops them ([Game].Answered counts them);
//   - [Store.Load] rebuilds the engine state by replaying the stored moves
//     and answers (from a cache of recent states when it can); a game whose moves no
//     longer replay is marked broken and returns [ErrBroken] with the
//     reason, while every other game keeps working;
//   - [Store.Record] gives the game record (../shared/spec/record.md),
//     with the seed, which orders the draw pile, only once the game is
//     finished or stopped;
//   - [Store.MarkStatus] stops a game (a lobby cancelled or expired, a
//     game stopped) or marks it broken;
//   - [Store.GameByThread], [Store.GamesByChannel], [Store.GamesByPlayer],
//     [Store.List] and [Store.Due] find games, the last one those whose
//     turn deadline has passed; [Store.RemindersDue] finds the decisions
//     (a turn, or a step of it answered apart) due their half-time
//     reminder and [Store.SetReminded] notes it sent, so that it is sent
//     once per decision; [Store.TurnTimeouts] counts a player's turns
//     in a row played for them when their time ran out;
//   - [Store.LockGame] takes a lock of one game, for the process that
//     applies and announces its turn: across processes on PostgreSQL (an
//     advisory lock), within the process on SQLite;
//   - [Store.Stats], [Store.Leaderboard] (Glicko-2 ratings) and
//     [Store.History] read the results of finished games, one row per game
//     and seat written in the transaction that ends the game (stats.go
//     says the fairness rules).
//
// The errors the methods return are values to test with errors.Is
// ([ErrNotFound], [ErrConflict], [ErrNotLobby], …); their text is written
// for a player.
//
// Each method is one transaction. On SQLite, writes go through a single
// connection that begins with BEGIN IMMEDIATE; reads use a separate pool of
// query-only connections. On PostgreSQL, writes are SERIALIZABLE
// transactions, run again when the server aborts one for another's sake,
// which gives the same outcome as SQLite's writes one at a time across
// processes; reads are REPEATABLE READ READ ONLY, one snapshot each. The two
// dialects share every Go method: the SQL is written once with ?
// placeholders, rebound to $1, $2, … for PostgreSQL, and only the
// migrations (migrations/ and migrations_postgres/, the same versions
// reaching the same schema) differ. The statements of the hot path (append a move, load a game)
// are prepared once when the Store opens. Recent engine states are cached,
// up to [Options].CacheBytes ([DefaultCacheBytes]; see [OpenWith]). A
// SQLite database runs in WAL mode with synchronous=NORMAL: a move whose
// append returned survives the process being killed.
//
// Moves are stored in record notation (engine.MoveString), numbered from 0
// in the order played, discards and resignations included; triggers keep
// the log append-only and without gaps. Times are stored as Unix milliseconds and
// returned in UTC.
package storage
