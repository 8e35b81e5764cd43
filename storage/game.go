package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/meeple-works/carcassonne/engine"
)

// Status is where a game stands.
type Status string

// The statuses of a game. A game starts as a lobby, runs once started, and
// finishes when its last move ends it; it may be stopped before, and is
// broken when its stored moves no longer replay.
const (
	StatusLobby    Status = "lobby"
	StatusRunning  Status = "running"
	StatusFinished Status = "finished"
	StatusStopped  Status = "stopped"
	StatusBroken   Status = "broken"
)

// DefaultMaxSeats is the number of seats of a game created with MaxSeats 0:
// the base game is for 2 to 5 players.
const DefaultMaxSeats = 5

// PlayerKind tells where a player plays from, which gives their user id its
// meaning.
type PlayerKind string

// The kinds of players.
const (
	// PlayerDiscord is a Discord user; the user id is theirs. The zero
	// PlayerKind means PlayerDiscord.
	PlayerDiscord PlayerKind = "discord"
	// PlayerLocal is a player at the terminal game (carcassonne play);
	// the user id is any id the front end keeps stable for them.
	PlayerLocal PlayerKind = "local"
)

// Player is a person taking a seat.
type Player struct {
	// UserID identifies the player: a Discord user id, or any stable id
	// for other front ends. Keep ids of different kinds apart (a Discord
	// id is a number): GamesByPlayer and SeatOf look a player up by user
	// id alone.
	UserID string
	// Name is the display name, as shown to the other players.
	Name string
	// Kind is where the player plays from; empty means PlayerDiscord.
	Kind PlayerKind
}

// kind returns p's kind, PlayerDiscord for none, or an error for an
// unknown one.
func (p Player) kind() (PlayerKind, error) {
	switch p.Kind {
	case "":
		return PlayerDiscord, nil
	case PlayerDiscord, PlayerLocal:
		return p.Kind, nil
	}
	return "", fmt.Errorf("storage: unknown kind of player %q", p.Kind)
}

// Seat is a player's seat in a game.
type Seat struct {
	// Index is the seat's place, from 0. Once the game has started it is
	// the player's index in the engine (turn order).
	Index int
	// UserID, Name and Kind are the player's, as given to CreateGame or
	// Join (Kind PlayerDiscord when none was given).
	UserID string
	Name   string
	Kind   PlayerKind
	// PlayerName is the player's name in the game record, made from Name
	// when the game starts (without the characters a record cannot hold,
	// different from the others'); empty in the lobby.
	PlayerName string
	// Resigned tells whether the player has resigned.
	Resigned bool
	// JoinedAt is when the player took the seat, in UTC.
	JoinedAt time.Time
}

// Game is a stored game: its settings, where it stands, its Discord ids and
// its seats. The engine state comes from Load.
type Game struct {
	ID     int64
	Status Status
	// Reason says why the game was stopped or is broken.
	Reason string
	// Options are the rule options; Expansions the expansions played,
	// record names in record order with "base" first (["base", "river",
	// "inns-and-cathedrals"]; spec/record.md, "Expansions").
	Options    engine.Options
	Expansions []string
	// Seed shuffles the draw pile; set by Start.
	Seed uint64
	// MaxSeats is the number of seats, 1 to 6.
	MaxSeats int
	// TurnTimeout is how long a player has for a turn; 0 means no limit.
	TurnTimeout time.Duration
	// HostID is the user id of the player who created the game.
	HostID string
	// The Discord ids: guild (server), channel, the game's thread, the
	// lobby message and the current turn message. Empty when not set.
	GuildID, ChannelID, ThreadID  string
	LobbyMessageID, TurnMessageID string
	// Moves is the number of moves stored, discards included.
	Moves int
	// Answered is the number of answers stored of the turn under way, in
	// a turn where several players decide one after the other
	// (AppendAnswer); 0 at the start of a turn.
	Answered int
	// Announced is the number of moves stored when the players were last
	// told where the game stands: the current turn message was posted, or
	// the end of the game; -1 when nothing was posted yet. Announced <
	// Moves means a stored move still waits for its announcement.
	Announced int
	// Deadline is when the current turn (or the lobby) times out, in UTC;
	// zero when there is none.
	Deadline time.Time
	// CreatedAt, StartedAt, EndedAt (finished or stopped) and UpdatedAt
	// are in UTC, zero when not reached.
	CreatedAt, StartedAt, EndedAt, UpdatedAt time.Time
	// Seats are the seats taken, by Index.
	Seats []Seat
	// Language is the language the game speaks in its thread (issue 34),
	// a BCP 47 tag as package i18n writes it ("de"); "" for English.
	Language string

	invalid string              // why the settings stored cannot be read, if they cannot
	set     engine.ExpansionSet // the expansions, when they read
}

// SeatOf returns the seat of the player with user id userID.
func (g Game) SeatOf(userID string) (Seat, bool) {
	for _, s := range g.Seats {
		if s.UserID == userID {
			return s, true
		}
	}
	return Seat{}, false
}

// NewGame is what CreateGame needs to open a lobby.
type NewGame struct {
	// Host creates the game and takes seat 0.
	Host Player
	// GuildID, ChannelID and LobbyMessageID are the Discord ids, if known
	// (SetThread, SetLobbyMessage and SetTurnMessage set them later).
	GuildID, ChannelID, LobbyMessageID string
	// Options are the rule options.
	Options engine.Options
	// Expansions are the expansions played, record names in any order
	// ("river", "inns-and-cathedrals"; see ParseExpansions); nil means the
	// base game, which is always in. They are stored in record order.
	Expansions []string
	// MaxSeats is the number of seats, 1 to 6 (6 only with
	// inns-and-cathedrals); 0 means DefaultMaxSeats.
	MaxSeats int
	// TurnTimeout is how long a player has for a turn; 0 means no limit.
	// It is stored to the millisecond.
	TurnTimeout time.Duration
	// Deadline is when the lobby times out; zero for never.
	Deadline time.Time
	// Language is the language the game speaks (Game.Language).
	Language string
}

// gameColumns are the columns scanGame reads, from the table games.
const gameColumns = `id, status, reason, expansions, rules, seed, max_seats,
	turn_timeout_ms, host_user_id, guild_id, channel_id, thread_id,
	lobby_message_id, turn_message_id, deadline, created_at, started_at,
	ended_at, updated_at, announced_moves, language,
	(SELECT count(*) FROM moves WHERE moves.game_id = games.id),
	(SELECT count(*) FROM answers WHERE answers.game_id = games.id)`

type scanner interface{ Scan(dest ...any) error }

// scanGame reads a row of gameColumns. Settings that do not parse are kept
// in g.invalid, for Load to report the game broken.
func scanGame(row scanner) (Game, error) {
	var (
		g                              Game
		status, expansions, rules      string
		seed, deadline, started, ended sql.NullInt64
		announced                      sql.NullInt64
		timeout, created, updated      int64
	)
	err := row.Scan(&g.ID, &status, &g.Reason, &expansions, &rules, &seed, &g.MaxSeats,
		&timeout, &g.HostID, &g.GuildID, &g.ChannelID, &g.ThreadID,
		&g.LobbyMessageID, &g.TurnMessageID, &deadline, &created, &started,
		&ended, &updated, &announced, &g.Language, &g.Moves, &g.Answered)
	if err != nil {
		return g, err
	}
	g.Status = Status(status)
	g.Seed = uint64(seed.Int64)
	g.Announced = -1
	if announced.Valid {
		g.Announced = int(announced.Int64)
	}
	g.TurnTimeout = time.Duration(timeout) * time.Millisecond
	g.Deadline = fromMillis(deadline)
	g.CreatedAt = fromMillis(sql.NullInt64{Int64: created, Valid: true})
	g.StartedAt = fromMillis(started)
	g.EndedAt = fromMillis(ended)
	g.UpdatedAt = fromMillis(sql.NullInt64{Int64: updated, Valid: true})
	g.Expansions = splitList(expansions)
	if opts, err := engine.ParseOptions(rules); err != nil {
		g.invalid = fmt.Sprintf("the rules %q do not read: %v", rules, err)
	} else {
		g.Options = opts
	}
	if started.Valid && !seed.Valid {
		g.invalid = "the game has started but has no seed"
	}
	if set, names, err := ParseExpansions(g.Expansions); err != nil {
		g.invalid = fmt.Sprintf("the expansions %q cannot be played: %v", expansions, err)
	} else {
		g.set, g.Expansions = set, names
	}
	return g, nil
}

func splitList(s string) []string {
	var out []string
	for _, e := range strings.Split(s, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// getGame reads game id and its seats.
func getGame(ctx context.Context, tx *txn, id int64) (Game, error) {
	g, err := scanGame(tx.stmt(ctx, tx.st.game).QueryRowContext(ctx, id))
	if errors.Is(err, sql.ErrNoRows) {
		return g, ErrNotFound
	}
	if err != nil {
		return g, fmt.Errorf("storage: game %d: %w", id, err)
	}
	if g.Seats, err = getSeats(ctx, tx, id); err != nil {
		return g, err
	}
	return g, nil
}

// seatsQuery reads the seats of a game, by index.
const seatsQuery = `SELECT seat, user_id, name, player, resigned, joined_at, kind
	FROM seats WHERE game_id = ? ORDER BY seat`

// getSeats reads the seats of game id, by index.
func getSeats(ctx context.Context, tx *txn, id int64) ([]Seat, error) {
	rows, err := tx.stmt(ctx, tx.st.seats).QueryContext(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("storage: seats of game %d: %w", id, err)
	}
	defer rows.Close()
	var seats []Seat
	for rows.Next() {
		var s Seat
		var kind string
		var joined int64
		if err := rows.Scan(&s.Index, &s.UserID, &s.Name, &s.PlayerName, &s.Resigned, &joined, &kind); err != nil {
			return nil, fmt.Errorf("storage: seats of game %d: %w", id, err)
		}
		s.Kind = PlayerKind(kind)
		s.JoinedAt = fromMillis(sql.NullInt64{Int64: joined, Valid: true})
		seats = append(seats, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("storage: seats of game %d: %w", id, err)
	}
	return seats, nil
}

// findGames reads the games a query selects (by their ids, in the order
// given), with their seats.
func findGames(ctx context.Context, tx *txn, query string, args ...any) ([]Game, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	return scanGames(ctx, tx, rows)
}

// findGamesPrepared is findGames with a statement prepared at Open (for the
// queries the bot's ticker runs every few seconds).
func findGamesPrepared(ctx context.Context, tx *txn, p *sql.Stmt, args ...any) ([]Game, error) {
	rows, err := tx.stmt(ctx, p).QueryContext(ctx, args...)
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	return scanGames(ctx, tx, rows)
}

// scanGames reads the games of rows, which it closes, and their seats.
func scanGames(ctx context.Context, tx *txn, rows *sql.Rows) ([]Game, error) {
	var (
		games []Game
		err   error
	)
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("storage: %w", err)
		}
		games = append(games, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	for i := range games {
		if games[i].Seats, err = getSeats(ctx, tx, games[i].ID); err != nil {
			return nil, err
		}
	}
	return games, nil
}

// CreateGame opens a lobby with the host in seat 0 and returns it. It
// checks the options and expansions with the engine (errors wrapping
// engine.ErrPlayers for MaxSeats outside 0 to 6, ErrSixSeats for 6 seats
// without Inns & Cathedrals, engine.ErrUnknownExpander for an expansion
// that is unknown (see ParseExpansions), or the engine's error for the
// options). It returns ErrHostLobbies when
// the host already has MaxLobbiesPerHost open lobbies, and
// ErrChannelLobbies when the channel (if given) already has
// MaxLobbiesPerChannel; both are ErrTooManyLobbies for errors.Is. The caps
// are counted in the transaction that creates the lobby, so that two
// requests at once cannot both pass them.
func (s *Store) CreateGame(ctx context.Context, ng NewGame) (Game, error) {
	if ng.MaxSeats == 0 {
		ng.MaxSeats = DefaultMaxSeats
	}
	set, _, err := ParseExpansions(ng.Expansions)
	if err != nil {
		return Game{}, err
	}
	if err := checkSeats(ng.MaxSeats, set); err != nil {
		return Game{}, err
	}
	if ng.Host.UserID == "" {
		return Game{}, errors.New("storage: the host has no user id")
	}
	if ng.TurnTimeout < 0 {
		return Game{}, errors.New("storage: the turn timeout is negative")
	}
	if _, err := rulesFor(set, ng.Options); err != nil {
		return Game{}, err
	}
	if s.dialect == postgresDB {
		// Games are created one at a time across processes: every
		// creation reads the open lobbies (the caps), so that
		// serializable creations at once abort one another, many times
		// over under load. The lock is taken before the transaction
		// begins, so that its snapshot sees the creation before it.
		unlock, err := s.advisoryLock(ctx, "the lock of game creation", pgSetUpLock, pgCreateLock)
		if err != nil {
			return Game{}, err
		}
		defer unlock()
	}
	var g Game
	err = s.writeTx(ctx, func(tx *txn) error {
		if err := checkLobbyCaps(ctx, tx, ng.Host.UserID, ng.ChannelID); err != nil {
			return err
		}
		now := s.nowMillis()
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO games (expansions, rules, max_seats,
			turn_timeout_ms, host_user_id, guild_id, channel_id, lobby_message_id,
			deadline, created_at, updated_at, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			RETURNING id`,
			set.String(), ng.Options.String(), ng.MaxSeats,
			ng.TurnTimeout.Milliseconds(), ng.Host.UserID, ng.GuildID, ng.ChannelID,
			ng.LobbyMessageID, toMillis(ng.Deadline), now, now, ng.Language).Scan(&id)
		if err != nil {
			return fmt.Errorf("storage: create game: %w", err)
		}
		if err := insertSeat(ctx, tx, id, 0, ng.Host, now); err != nil {
			return err
		}
		g, err = getGame(ctx, tx, id)
		return err
	})
	return g, err
}

// checkLobbyCaps returns ErrHostLobbies or ErrChannelLobbies when host or
// channel (unless empty) has as many open lobbies as allowed.
func checkLobbyCaps(ctx context.Context, tx *txn, host, channel string) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE status = 'lobby' AND host_user_id = ?`, host).Scan(&n); err != nil {
		return fmt.Errorf("storage: count lobbies: %w", err)
	}
	if n >= MaxLobbiesPerHost {
		return ErrHostLobbies
	}
	if channel == "" {
		return nil
	}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE status = 'lobby' AND channel_id = ?`, channel).Scan(&n); err != nil {
		return fmt.Errorf("storage: count lobbies: %w", err)
	}
	if n >= MaxLobbiesPerChannel {
		return ErrChannelLobbies
	}
	return nil
}

func insertSeat(ctx context.Context, tx *txn, id int64, seat int, p Player, now int64) error {
	kind, err := p.kind()
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, name, joined_at, kind)
		VALUES (?, ?, ?, ?, ?, ?)`, id, seat, p.UserID, p.Name, now, string(kind))
	if err != nil {
		return fmt.Errorf("storage: seat in game %d: %w", id, err)
	}
	return nil
}

// Get returns game id with its seats, without its engine state (see Load).
// It returns ErrNotFound when there is no such game.
func (s *Store) Get(ctx context.Context, id int64) (Game, error) {
	var g Game
	err := s.readTx(ctx, func(tx *txn) (err error) {
		g, err = getGame(ctx, tx, id)
		return err
	})
	return g, err
}

// Join seats player p in lobby id, in the lowest free seat, and returns the
// game. It returns ErrNotFound, ErrNotLobby when the game has started or
// stopped, ErrAlreadySeated, or ErrGameFull.
func (s *Store) Join(ctx context.Context, id int64, p Player) (Game, error) {
	if p.UserID == "" {
		return Game{}, errors.New("storage: the player has no user id")
	}
	var g Game
	err := s.writeTx(ctx, func(tx *txn) error {
		var err error
		if g, err = getGame(ctx, tx, id); err != nil {
			return err
		}
		if g.Status != StatusLobby {
			return ErrNotLobby
		}
		if _, ok := g.SeatOf(p.UserID); ok {
			return ErrAlreadySeated
		}
		if len(g.Seats) >= g.MaxSeats {
			return ErrGameFull
		}
		free := 0
		for _, st := range g.Seats { // by index
			if st.Index != free {
				break
			}
			free++
		}
		now := s.nowMillis()
		if err := insertSeat(ctx, tx, id, free, p, now); err != nil {
			return err
		}
		if err := touch(ctx, tx, id, now); err != nil {
			return err
		}
		g, err = getGame(ctx, tx, id)
		return err
	})
	return g, err
}

// Leave frees the seat of the player with user id userID in lobby id and
// returns the game. A lobby may be left empty, the host's seat included. It
// returns ErrNotFound, ErrNotLobby, or ErrNotSeated.
func (s *Store) Leave(ctx context.Context, id int64, userID string) (Game, error) {
	var g Game
	err := s.writeTx(ctx, func(tx *txn) error {
		var err error
		if g, err = getGame(ctx, tx, id); err != nil {
			return err
		}
		if g.Status != StatusLobby {
			return ErrNotLobby
		}
		if _, ok := g.SeatOf(userID); !ok {
			return ErrNotSeated
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ? AND user_id = ?`, id, userID); err != nil {
			return fmt.Errorf("storage: leave game %d: %w", id, err)
		}
		if err := touch(ctx, tx, id, s.nowMillis()); err != nil {
			return err
		}
		g, err = getGame(ctx, tx, id)
		return err
	})
	return g, err
}

// Start starts lobby id with the draw pile shuffled by seed: the seats keep
// their order, renumbered from 0 without gaps (the turn order; seat 0
// plays first), take the colours of their new index and get their record
// names; the status becomes running and, with a turn timeout, the first
// deadline is set. It returns the game, or ErrNotFound, ErrNotLobby, or
// ErrNoPlayers.
func (s *Store) Start(ctx context.Context, id int64, seed uint64) (Game, error) {
	var g Game
	err := s.writeTx(ctx, func(tx *txn) error {
		var err error
		if g, err = getGame(ctx, tx, id); err != nil {
			return err
		}
		if g.Status != StatusLobby {
			return ErrNotLobby
		}
		if len(g.Seats) == 0 {
			return ErrNoPlayers
		}
		if g.invalid != "" {
			return fmt.Errorf("%w: %s", ErrBroken, g.invalid)
		}
		names := recordNames(g.Seats)
		rules, err := rulesFor(g.set, g.Options)
		if err != nil {
			return err
		}
		if _, err := engine.New(engine.Config{Rules: rules, Players: names, Seed: seed}); err != nil {
			return err
		}
		// In increasing order of the old index, a seat moves to a free one.
		for i, st := range g.Seats {
			if _, err := tx.ExecContext(ctx, `UPDATE seats SET seat = ?, player = ?
				WHERE game_id = ? AND user_id = ?`, i, names[i], id, st.UserID); err != nil {
				return fmt.Errorf("storage: start game %d: %w", id, err)
			}
		}
		now := s.nowMillis()
		if _, err := tx.ExecContext(ctx, `UPDATE games SET status = 'running', seed = ?,
			started_at = ?, updated_at = ?, deadline = ? WHERE id = ?`,
			int64(seed), now, now, nextDeadline(now, g.TurnTimeout), id); err != nil {
			return fmt.Errorf("storage: start game %d: %w", id, err)
		}
		g, err = getGame(ctx, tx, id)
		return err
	})
	return g, err
}

// nextDeadline returns the deadline of a turn starting at now (Unix ms), or
// NULL without a turn timeout.
func nextDeadline(now int64, timeout time.Duration) sql.NullInt64 {
	if timeout <= 0 {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: now + timeout.Milliseconds(), Valid: true}
}

// recordNames returns the players' names in the game record, in seat order:
// each seat's display name without the characters a record cannot hold
// (commas, quotes, brackets, #, control characters), spaces collapsed, at
// most 32 characters, "Player" when nothing is left, and " 2", " 3", … added
// to tell equal names apart.
func recordNames(seats []Seat) []string {
	names := make([]string, len(seats))
	taken := map[string]bool{}
	for i, st := range seats {
		clean := strings.Map(func(r rune) rune {
			if !unicode.IsPrint(r) || strings.ContainsRune(",\"[]#", r) {
				return ' '
			}
			return r
		}, st.Name)
		clean = strings.Join(strings.Fields(clean), " ")
		if r := []rune(clean); len(r) > 32 {
			clean = strings.TrimSpace(string(r[:32]))
		}
		if clean == "" {
			clean = "Player"
		}
		name := clean
		for n := 2; taken[name]; n++ {
			name = clean + " " + strconv.Itoa(n)
		}
		taken[name] = true
		names[i] = name
	}
	return names
}

// touch sets the time game id was last updated.
func touch(ctx context.Context, tx *txn, id int64, now int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE games SET updated_at = ? WHERE id = ?`, now, id); err != nil {
		return fmt.Errorf("storage: game %d: %w", id, err)
	}
	return nil
}

// setColumn sets one column of game id; it returns ErrNotFound when there
// is no such game.
func (s *Store) setColumn(ctx context.Context, id int64, column string, value any) error {
	return s.writeTx(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET `+column+` = ?, updated_at = ? WHERE id = ?`, value, s.nowMillis(), id)
		if err != nil {
			return fmt.Errorf("storage: game %d: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("storage: game %d: %w", id, err)
		} else if n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// SetThread sets the Discord thread id of game id. It returns ErrNotFound
// when there is no such game.
func (s *Store) SetThread(ctx context.Context, id int64, threadID string) error {
	return s.setColumn(ctx, id, "thread_id", threadID)
}

// SetLobbyMessage sets the Discord id of the lobby message of game id. It
// returns ErrNotFound when there is no such game.
func (s *Store) SetLobbyMessage(ctx context.Context, id int64, messageID string) error {
	return s.setColumn(ctx, id, "lobby_message_id", messageID)
}

// SetTurnMessage sets the Discord id of the current turn message of game id
// (the one whose buttons the bot edits). It returns ErrNotFound when there
// is no such game.
func (s *Store) SetTurnMessage(ctx context.Context, id int64, messageID string) error {
	return s.setColumn(ctx, id, "turn_message_id", messageID)
}

// SetDeadline sets when the current turn (or the lobby) of game id times
// out; the zero time clears it. Starting a game and each move set it from
// the turn timeout already, and a game that ends, stops or breaks loses it.
// It returns ErrNotFound when there is no such game.
func (s *Store) SetDeadline(ctx context.Context, id int64, t time.Time) error {
	return s.setColumn(ctx, id, "deadline", toMillis(t))
}

// MarkStatus changes the status of game id, with the reason shown for a
// stopped or broken game. Allowed: stopped from lobby, running or broken;
// broken from any status but lobby; running again from stopped or broken
// for a game that had started (Load checks its moves anew). A game becomes
// running through Start and finished through its last move. It returns
// ErrNotFound, or ErrBadStatus for another change.
func (s *Store) MarkStatus(ctx context.Context, id int64, status Status, reason string) error {
	return s.writeTx(ctx, func(tx *txn) error {
		g, err := getGame(ctx, tx, id)
		if err != nil {
			return err
		}
		ok := false
		switch status {
		case StatusStopped:
			ok = slices.Contains([]Status{StatusLobby, StatusRunning, StatusBroken}, g.Status)
		case StatusBroken:
			ok = g.Status != StatusLobby
		case StatusRunning:
			ok = (g.Status == StatusStopped || g.Status == StatusBroken) && !g.StartedAt.IsZero()
		}
		if !ok {
			return fmt.Errorf("%w: from %s to %s", ErrBadStatus, g.Status, status)
		}
		now := s.nowMillis()
		if err := setStatus(ctx, tx, id, status, reason, g.TurnTimeout, now); err != nil {
			return err
		}
		return s.statusResults(ctx, tx, g, status, now)
	})
}

// setStatus sets the status of game id and its reason. A running game gets
// a new deadline from its turn timeout; others lose their deadline, and a
// finished or stopped game gets its end time.
func setStatus(ctx context.Context, tx *txn, id int64, status Status, reason string, timeout time.Duration, now int64) error {
	var (
		deadline sql.NullInt64
		ended    sql.NullInt64
	)
	switch status {
	case StatusRunning:
		deadline = nextDeadline(now, timeout)
	case StatusFinished, StatusStopped:
		ended = sql.NullInt64{Int64: now, Valid: true}
	}
	if status == StatusRunning || status == StatusFinished {
		reason = ""
	}
	_, err := tx.ExecContext(ctx, `UPDATE games SET status = ?, reason = ?, deadline = ?,
		ended_at = coalesce(?, ended_at), updated_at = ? WHERE id = ?`,
		string(status), reason, deadline, ended, now, id)
	if err != nil {
		return fmt.Errorf("storage: status of game %d: %w", id, err)
	}
	return nil
}

// GameByThread returns the game played in the Discord thread threadID (the
// latest one, if the thread saw several), or ErrNotFound.
func (s *Store) GameByThread(ctx context.Context, threadID string) (Game, error) {
	if threadID == "" {
		return Game{}, ErrNotFound
	}
	var games []Game
	err := s.readTx(ctx, func(tx *txn) (err error) {
		games, err = findGames(ctx, tx, `SELECT `+gameColumns+` FROM games
			WHERE thread_id = ? AND thread_id <> '' ORDER BY id DESC LIMIT 1`, threadID)
		return err
	})
	if err != nil {
		return Game{}, err
	}
	if len(games) == 0 {
		return Game{}, ErrNotFound
	}
	return games[0], nil
}

// GamesByChannel returns the games created in the Discord channel
// channelID whose status is one of statuses (any status when none is
// given), newest first.
func (s *Store) GamesByChannel(ctx context.Context, channelID string, statuses ...Status) ([]Game, error) {
	var games []Game
	err := s.readTx(ctx, func(tx *txn) (err error) {
		q, args := statusFilter(`SELECT `+gameColumns+` FROM games WHERE channel_id = ?`, []any{channelID}, statuses)
		games, err = findGames(ctx, tx, q+` ORDER BY id DESC`, args...)
		return err
	})
	return games, err
}

// GamesByPlayer returns the games in which the player with user id userID
// has a seat and whose status is one of statuses (any status when none is
// given), newest first. GamesByPlayer(ctx, user, StatusFinished) gives a
// player's finished games, for statistics.
func (s *Store) GamesByPlayer(ctx context.Context, userID string, statuses ...Status) ([]Game, error) {
	var games []Game
	err := s.readTx(ctx, func(tx *txn) (err error) {
		q, args := statusFilter(`SELECT `+gameColumns+` FROM games
			WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?)`, []any{userID}, statuses)
		games, err = findGames(ctx, tx, q+` ORDER BY id DESC`, args...)
		return err
	})
	return games, err
}

// Due returns the lobbies and running games whose deadline is at or before
// t, earliest deadline first: Due(ctx, time.Now()) gives the turns (and
// lobbies) that have timed out, for instance while the bot was down; a
// later t also gives those to schedule.
func (s *Store) Due(ctx context.Context, t time.Time) ([]Game, error) {
	var games []Game
	err := s.readTx(ctx, func(tx *txn) (err error) {
		games, err = findGamesPrepared(ctx, tx, tx.st.due, t.UnixMilli())
		return err
	})
	return games, err
}

// statusFilter adds "AND status IN (…)" to query for a non-empty statuses.
func statusFilter(query string, args []any, statuses []Status) (string, []any) {
	if len(statuses) == 0 {
		return query, args
	}
	query += ` AND status IN (?` + strings.Repeat(`, ?`, len(statuses)-1) + `)`
	for _, st := range statuses {
		args = append(args, string(st))
	}
	return query, args
}

// dueQuery selects the games whose deadline is at or before a time (Unix
// milliseconds).
const dueQuery = `SELECT ` + gameColumns + ` FROM games
	WHERE deadline <= ? AND status IN ('lobby', 'running') ORDER BY deadline, id`
