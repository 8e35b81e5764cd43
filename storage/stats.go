package storage

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

// The results of the games that ended are kept in the table results (one
// row per game and seat, see migrations/00008_results.sql), written in the
// transaction that finishes or stops the game. Statistics, the
// leaderboard and the history read them, never the moves.
//
// The fairness rules of the statistics:
//   - finished games count fully;
//   - a player who resigned counts as having lost the game (their score
//     still counts in their average and best score, and their points by
//     feature);
//   - stopped games (ended early by the host, a moderator, or the lobby's
//     expiry) count for nobody;
//   - a solo game counts as a game played but not as a win, and does not
//     change the rating.

// Points are points by what scored them (engine.Breakdown), in points.
type Points struct {
	Roads, Cities, Cloisters, Farms int
	// King and RobberBaron are the final bonuses of King & Robber Baron,
	// Goods the goods majorities of Traders & Builders.
	King, RobberBaron, Goods int
}

// Total returns the sum of the points.
func (p Points) Total() int {
	return p.Roads + p.Cities + p.Cloisters + p.Farms + p.King + p.RobberBaron + p.Goods
}

// pointsOf returns the points of breakdown b.
func pointsOf(b engine.Breakdown) Points {
	return Points{Roads: b.Roads, Cities: b.Cities, Cloisters: b.Cloisters, Farms: b.Farms,
		King: b.King, RobberBaron: b.RobberBaron, Goods: b.Goods}
}

// PlayerStats are a player's statistics on one server, over its finished
// games (see the fairness rules: resignations are losses, stopped games do
// not count).
type PlayerStats struct {
	UserID string
	// Name is the player's display name in their latest game.
	Name string
	// ComputerLevel is the level of a computer player, empty for a
	// person.
	ComputerLevel string
	// Games is the number of finished games played, Wins the games won
	// (a shared victory is a win; never a game resigned, nor a solo game),
	// Resigned the games the player resigned.
	Games, Wins, Resigned int
	// WinRate is Wins / Games, from 0 to 1; 0 with no game.
	WinRate float64
	// AverageScore is the mean final score, in points; BestScore the
	// highest.
	AverageScore float64
	BestScore    int
	// Points are the points scored over all the games, by what scored
	// them; Points.Total() / Games is AverageScore.
	Points Points
	// FavouriteExpansion is the record name of the expansion the player
	// played in the most games ("river", "inns-and-cathedrals", …; on a
	// tie, the first in record order), with FavouriteGames the number of
	// those games; empty when they played the base game only.
	FavouriteExpansion string
	FavouriteGames     int
	// Rating is the player's Glicko-2 rating, and Rank their place on the
	// server's leaderboard (1 for the top; 0 with no game).
	Rating Rating
	Rank   int
}

// LeaderboardEntry is a player's line on a server's leaderboard.
type LeaderboardEntry struct {
	// Rank is the place on the leaderboard, from 1.
	Rank int
	// UserID, Name (the latest display name) and ComputerLevel (empty for
	// a person) say who.
	UserID, Name, ComputerLevel string
	// Rating is the Glicko-2 rating; the board is ordered by
	// Rating.Conservative(), the highest first.
	Rating Rating
	// Games and Wins count the finished games, as in PlayerStats.
	Games, Wins int
}

// PlayedGame is a finished game as the history lists it.
type PlayedGame struct {
	// GameID is the game's id (for Record and Load).
	GameID int64
	// ChannelID and ThreadID are where it was played in Discord; empty
	// when not known.
	ChannelID, ThreadID string
	// EndedAt is when the game finished, in UTC.
	EndedAt time.Time
	// Expansions are the record names of the expansions played, "base"
	// first.
	Expansions []string
	// Players are the game's players, in turn order.
	Players []PlayerResult
}

// PlayerResult is how one player ended a game.
type PlayerResult struct {
	// Seat is the player's index in turn order, from 0.
	Seat int
	// UserID, Name (display name) and ComputerLevel (empty for a person)
	// say who.
	UserID, Name, ComputerLevel string
	// Score is the final score, in points, and Points its parts.
	Score  int
	Points Points
	// Place is 1 for the highest score, players with equal scores sharing
	// a place, players who resigned after all the others.
	Place int
	// Winner tells that the player won (engine.Game.Winners); Resigned
	// that they resigned.
	Winner, Resigned bool
}

// HistoryPage is a page of a server's finished games.
type HistoryPage struct {
	// Games are the games of the page, the latest finished first.
	Games []PlayedGame
	// Total is the number of finished games of the server.
	Total int
}

// resultColumns are the columns of a row of results, in the order
// insertResult gives them.
const resultColumns = `game_id, seat, guild_id, user_id, name, status, score, place,
	winner, resigned, computer_level, road_points, city_points, cloister_points,
	farm_points, king_points, robber_baron_points, goods_points, expansions,
	players, ended_at`

// writeResults replaces the results of game g (whose seats are as they
// ended) by those of its end with status (finished or stopped) at ended
// (Unix milliseconds), from state, its engine state at the end. A nil
// state (the moves no longer replay) writes every player with no points.
func writeResults(ctx context.Context, tx *txn, g Game, state *engine.Game, status Status, ended int64) error {
	if err := deleteResults(ctx, tx, g.ID); err != nil {
		return err
	}
	n := len(g.Seats)
	scores := make([]int, n)
	points := make([]Points, n)
	winner := make([]bool, n)
	if state != nil && state.NumPlayers() == n {
		scores = state.Scores()
		for p, b := range state.Breakdowns() {
			points[p] = pointsOf(b)
		}
		if status == StatusFinished {
			ws, _ := state.Winners()
			for _, p := range ws {
				winner[p] = true
			}
		}
	}
	for i, st := range g.Seats {
		place := 1
		for j, other := range g.Seats {
			if j != i && (!other.Resigned && st.Resigned || other.Resigned == st.Resigned && scores[j] > scores[i]) {
				place++
			}
		}
		p := points[i]
		_, err := tx.ExecContext(ctx, `INSERT INTO results (`+resultColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.ID, st.Index, g.GuildID, st.UserID, st.Name, string(status), scores[i], place,
			boolInt(winner[i]), boolInt(st.Resigned), computerLevelOf(st), p.Roads, p.Cities, p.Cloisters,
			p.Farms, p.King, p.RobberBaron, p.Goods, strings.Join(g.Expansions, ","),
			n, ended)
		if err != nil {
			return fmt.Errorf("storage: results of game %d: %w", g.ID, err)
		}
	}
	return nil
}

// computerLevelOf returns the level of the computer player that sits in
// seat st ("easy", "normal", "hard"), or nil (NULL) for a person. The
// terminal game keeps its computers as local seats whose user id is
// "local:@LEVEL:NAME".
func computerLevelOf(st Seat) any {
	rest, ok := strings.CutPrefix(st.UserID, "local:@")
	if !ok || st.Kind != PlayerLocal {
		return nil
	}
	level, _, ok := strings.Cut(rest, ":")
	if !ok || level == "" {
		return nil
	}
	return level
}

// deleteResults removes the results of game id.
func deleteResults(ctx context.Context, tx *txn, id int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM results WHERE game_id = ?`, id); err != nil {
		return fmt.Errorf("storage: results of game %d: %w", id, err)
	}
	return nil
}

// boolInt returns 1 for true, 0 for false: a boolean column.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// statusResults brings the results of game g, read before its status
// changed, in line with its new status: a game stopped after it started
// gets the results it has at that point (its scores so far, no winner);
// a game in any other status (running again, broken) has none.
func (s *Store) statusResults(ctx context.Context, tx *txn, g Game, status Status, now int64) error {
	// The ratings are brought up to date with games finishing; other
	// changes have them computed again.
	s.stats.forget(g.GuildID)
	if status != StatusStopped || g.StartedAt.IsZero() {
		return deleteResults(ctx, tx, g.ID)
	}
	state, err := s.state(ctx, tx, g)
	var broken *brokenError
	if errors.As(err, &broken) {
		state, err = nil, nil
	}
	if err != nil {
		return err
	}
	return writeResults(ctx, tx, g, state, StatusStopped, now)
}

// backfillResults writes the results of the games that finished or stopped
// (after they started) before the table results existed, replaying each
// one, in a transaction per game; Open runs it, and it finds nothing to do
// once done. A game whose moves no longer replay is written as stopped,
// with no points: it counts for nobody.
func (s *Store) backfillResults(ctx context.Context) error {
	var ids []int64
	err := s.readTx(ctx, func(tx *txn) error {
		rows, err := tx.QueryContext(ctx, `SELECT id FROM games
			WHERE status IN ('finished', 'stopped') AND started_at IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id)
			ORDER BY id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	if err != nil {
		return fmt.Errorf("storage: games without results: %w", err)
	}
	for _, id := range ids {
		err := s.writeTx(ctx, func(tx *txn) error {
			g, err := getGame(ctx, tx, id)
			if err != nil {
				return err
			}
			if g.Status != StatusFinished && g.Status != StatusStopped {
				return nil // changed since
			}
			ended := toMillis(g.EndedAt)
			if !ended.Valid {
				ended.Int64 = g.UpdatedAt.UnixMilli()
			}
			state, err := s.state(ctx, tx, g)
			var broken *brokenError
			if errors.As(err, &broken) {
				return writeResults(ctx, tx, g, nil, StatusStopped, ended.Int64)
			}
			if err != nil {
				return err
			}
			return writeResults(ctx, tx, g, state, g.Status, ended.Int64)
		})
		if err != nil {
			return fmt.Errorf("storage: results of game %d: %w", id, err)
		}
	}
	return nil
}

// Stats returns the statistics of the player with user id userID on the
// server guildID ("" for the games played outside Discord), over its
// finished games (see PlayerStats). A player with no finished game there
// gets PlayerStats with Games 0 and no error.
func (s *Store) Stats(ctx context.Context, guildID, userID string) (PlayerStats, error) {
	st := PlayerStats{UserID: userID, Rating: NewRating()}
	err := s.readTx(ctx, func(tx *txn) error {
		err := tx.QueryRowContext(ctx, `SELECT count(*),
			coalesce(sum(CASE WHEN winner = 1 AND resigned = 0 AND players > 1 THEN 1 ELSE 0 END), 0),
			coalesce(sum(resigned), 0), coalesce(max(score), 0),
			coalesce(sum(road_points), 0), coalesce(sum(city_points), 0),
			coalesce(sum(cloister_points), 0), coalesce(sum(farm_points), 0),
			coalesce(sum(king_points), 0), coalesce(sum(robber_baron_points), 0),
			coalesce(sum(goods_points), 0)
			FROM results WHERE guild_id = ? AND user_id = ? AND status = 'finished'`, guildID, userID).Scan(
			&st.Games, &st.Wins, &st.Resigned, &st.BestScore,
			&st.Points.Roads, &st.Points.Cities, &st.Points.Cloisters, &st.Points.Farms,
			&st.Points.King, &st.Points.RobberBaron, &st.Points.Goods)
		if err != nil {
			return fmt.Errorf("storage: statistics: %w", err)
		}
		if st.Games == 0 {
			return nil
		}
		st.WinRate = float64(st.Wins) / float64(st.Games)
		st.AverageScore = float64(st.Points.Total()) / float64(st.Games)
		if st.FavouriteExpansion, st.FavouriteGames, err = favouriteExpansion(ctx, tx, guildID, userID); err != nil {
			return err
		}
		board, err := s.ratings(ctx, tx, guildID)
		if err != nil {
			return err
		}
		if i, ok := board.rank[userID]; ok {
			e := board.board[i]
			st.Name, st.ComputerLevel, st.Rating, st.Rank = e.Name, e.ComputerLevel, e.Rating, e.Rank
		}
		return nil
	})
	return st, err
}

// favouriteExpansion returns the expansion (record name) of the most
// finished games of a player on a server, and their number; "" when the
// player played the base game only.
func favouriteExpansion(ctx context.Context, tx *txn, guildID, userID string) (string, int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT expansions, count(*) FROM results
		WHERE guild_id = ? AND user_id = ? AND status = 'finished' GROUP BY expansions`, guildID, userID)
	if err != nil {
		return "", 0, fmt.Errorf("storage: statistics: %w", err)
	}
	defer rows.Close()
	counts := map[string]int{}
	for rows.Next() {
		var list string
		var n int
		if err := rows.Scan(&list, &n); err != nil {
			return "", 0, fmt.Errorf("storage: statistics: %w", err)
		}
		for _, e := range splitList(list) {
			if e != "base" {
				counts[e] += n
			}
		}
	}
	if err := rows.Err(); err != nil {
		return "", 0, fmt.Errorf("storage: statistics: %w", err)
	}
	best, most, order := "", 0, engine.Expansion(0)
	for name, n := range counts {
		e, _ := engine.ParseExpansion(name)
		if n > most || n == most && e < order {
			best, most, order = name, n, e
		}
	}
	return best, most, nil
}

// Leaderboard returns the players of the server guildID ("" for the games
// played outside Discord) with finished games there, the strongest first
// by their Glicko-2 rating (Rating.Conservative(), which accounts for the
// strength of each game's opponents; see glicko2.go), at most limit of
// them (every one when limit <= 0). The ratings are computed once from
// the finished games in the order they ended, kept in memory, and brought
// up to date by rating only the games that finished since.
func (s *Store) Leaderboard(ctx context.Context, guildID string, limit int) ([]LeaderboardEntry, error) {
	var out []LeaderboardEntry
	err := s.readTx(ctx, func(tx *txn) error {
		board, err := s.ratings(ctx, tx, guildID)
		if err != nil {
			return err
		}
		out = board.board
		if limit > 0 && len(out) > limit {
			out = out[:limit]
		}
		out = slices.Clone(out)
		return nil
	})
	return out, err
}

// Servers returns the guild ids of the servers with finished games, in
// order ("" first for the games played outside Discord, when there are).
func (s *Store) Servers(ctx context.Context) ([]string, error) {
	var out []string
	err := s.readTx(ctx, func(tx *txn) error {
		rows, err := tx.QueryContext(ctx, `SELECT DISTINCT guild_id FROM results WHERE status = 'finished' ORDER BY guild_id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g string
			if err := rows.Scan(&g); err != nil {
				return err
			}
			out = append(out, g)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("storage: servers: %w", err)
	}
	return out, nil
}

// WarmRatings computes the ratings of every server with finished games
// that keep accepts (every one when keep is nil), so that the first
// Stats or Leaderboard of a server after the program starts finds them
// ready instead of rating all its games then (about 0.3 s for 10,000
// games). A bot calls it once in the background as it starts. It stops
// at the first error, or when ctx is done.
func (s *Store) WarmRatings(ctx context.Context, keep func(guildID string) bool) error {
	guilds, err := s.Servers(ctx)
	if err != nil {
		return err
	}
	for _, g := range guilds {
		if keep != nil && !keep(g) {
			continue
		}
		if err := s.readTx(ctx, func(tx *txn) error {
			_, err := s.ratings(ctx, tx, g)
			return err
		}); err != nil {
			return fmt.Errorf("storage: ratings of server %q: %w", g, err)
		}
	}
	return nil
}

// History returns the finished games of the server guildID ("" for the
// games played outside Discord), the latest finished first: limit of them
// (1 to 100; others are taken as 10) after skipping the offset latest
// ones, with the number of finished games there.
func (s *Store) History(ctx context.Context, guildID string, offset, limit int) (HistoryPage, error) {
	if limit < 1 || limit > 100 {
		limit = 10
	}
	offset = max(offset, 0)
	var page HistoryPage
	err := s.readTx(ctx, func(tx *txn) error {
		err := tx.QueryRowContext(ctx, `SELECT count(*) FROM results
			WHERE guild_id = ? AND status = 'finished' AND seat = 0`, guildID).Scan(&page.Total)
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT r.game_id, r.ended_at, r.expansions, g.channel_id, g.thread_id
			FROM results r JOIN games g ON g.id = r.game_id
			WHERE r.guild_id = ? AND r.status = 'finished' AND r.seat = 0
			ORDER BY r.ended_at DESC, r.game_id DESC LIMIT ? OFFSET ?`, guildID, limit, offset)
		if err != nil {
			return err
		}
		index := map[int64]int{}
		for rows.Next() {
			var (
				pg    PlayedGame
				ended int64
				exp   string
			)
			if err := rows.Scan(&pg.GameID, &ended, &exp, &pg.ChannelID, &pg.ThreadID); err != nil {
				rows.Close()
				return err
			}
			pg.EndedAt = fromMillis(sql.NullInt64{Int64: ended, Valid: true})
			pg.Expansions = splitList(exp)
			index[pg.GameID] = len(page.Games)
			page.Games = append(page.Games, pg)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(page.Games) == 0 {
			return nil
		}
		args := make([]any, len(page.Games))
		for i, pg := range page.Games {
			args[i] = pg.GameID
		}
		rows, err = tx.QueryContext(ctx, `SELECT game_id, seat, user_id, name, computer_level, score, place,
			winner, resigned, road_points, city_points, cloister_points, farm_points, king_points,
			robber_baron_points, goods_points
			FROM results WHERE game_id IN (?`+strings.Repeat(`, ?`, len(args)-1)+`) ORDER BY game_id, seat`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				id       int64
				pr       PlayerResult
				level    sql.NullString
				win, res int
				p        = &pr.Points
			)
			if err := rows.Scan(&id, &pr.Seat, &pr.UserID, &pr.Name, &level, &pr.Score, &pr.Place, &win, &res,
				&p.Roads, &p.Cities, &p.Cloisters, &p.Farms, &p.King, &p.RobberBaron, &p.Goods); err != nil {
				return err
			}
			pr.ComputerLevel, pr.Winner, pr.Resigned = level.String, win == 1, res == 1
			pg := &page.Games[index[id]]
			pg.Players = append(pg.Players, pr)
		}
		return rows.Err()
	})
	if err != nil {
		return HistoryPage{}, fmt.Errorf("storage: history: %w", err)
	}
	return page, nil
}

// statsCache keeps each server's ratings, computed from its finished games
// in the order they ended and brought up to date with the games finished
// since. The zero value is empty and ready.
type statsCache struct {
	mu     sync.Mutex
	guilds map[string]*guildRatings
}

// forget drops the ratings of server guildID, to be computed again from
// all its games: its results changed otherwise than by games finishing.
func (c *statsCache) forget(guildID string) {
	c.mu.Lock()
	delete(c.guilds, guildID)
	c.mu.Unlock()
}

// guildRatings are a server's players with their ratings, and the last
// game rated: the one that ended last (at lastEnded, Unix milliseconds;
// the highest id of those that ended then).
type guildRatings struct {
	players   []LeaderboardEntry // in the order first seen
	byUser    map[string]int     // index in players by user id
	board     []LeaderboardEntry // the leaderboard, every player, in order
	rank      map[string]int     // index in board by user id
	lastEnded int64
	lastGame  int64
}

// ratings returns the ratings of server guildID as of the transaction's
// snapshot: from the cache, after rating the games that finished since
// (found by their end: later than the last game rated). A server whose
// latest end went back (results removed by another process) is rated
// again from all its games. The caller must not change what it returns.
func (s *Store) ratings(ctx context.Context, tx *txn, guildID string) (*guildRatings, error) {
	var last sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT max(ended_at) FROM results
		WHERE guild_id = ? AND status = 'finished' AND seat = 0`, guildID).Scan(&last); err != nil {
		return nil, fmt.Errorf("storage: ratings: %w", err)
	}
	c := &s.stats
	c.mu.Lock()
	defer c.mu.Unlock()
	r := c.guilds[guildID]
	if r != nil && r.lastEnded == last.Int64 {
		return r, nil
	}
	if r == nil || r.lastEnded > last.Int64 {
		r = &guildRatings{byUser: map[string]int{}, lastEnded: -1, lastGame: -1}
	} else {
		r = r.clone() // the cached one may be in use by other readers
	}
	if err := r.rateSince(ctx, tx, guildID); err != nil {
		return nil, err
	}
	if c.guilds == nil {
		c.guilds = map[string]*guildRatings{}
	}
	c.guilds[guildID] = r
	return r, nil
}

// clone returns a copy of r that rateSince may change.
func (r *guildRatings) clone() *guildRatings {
	out := *r
	out.players = slices.Clone(r.players)
	out.byUser = make(map[string]int, len(r.byUser))
	for k, v := range r.byUser {
		out.byUser[k] = v
	}
	return &out
}

// rateSince rates the finished games of server guildID that ended after
// the last game rated, in the order they ended (glicko2.go), and orders
// the leaderboard again.
func (r *guildRatings) rateSince(ctx context.Context, tx *txn, guildID string) error {
	rows, err := tx.QueryContext(ctx, `SELECT game_id, ended_at, user_id, name, computer_level, score, winner, resigned, players
		FROM results WHERE guild_id = ? AND status = 'finished'
		AND ended_at >= ? AND (ended_at > ? OR game_id > ?)
		ORDER BY ended_at, game_id, seat`, guildID, r.lastEnded, r.lastEnded, r.lastGame)
	if err != nil {
		return fmt.Errorf("storage: ratings: %w", err)
	}
	defer rows.Close()
	var (
		game    int64 = -1
		players []glickoPlayer
		seats   []int // index in r.players of each player of the game
		before  []Rating
	)
	rate := func() {
		if len(seats) < 2 {
			return
		}
		before = before[:0]
		for _, e := range seats {
			before = append(before, r.players[e].Rating)
		}
		for i, after := range rateGame(before, players) {
			r.players[seats[i]].Rating = after
		}
	}
	for rows.Next() {
		var (
			id, ended               int64
			user, name              string
			level                   sql.NullString
			score, win, res, nplays int
		)
		if err := rows.Scan(&id, &ended, &user, &name, &level, &score, &win, &res, &nplays); err != nil {
			return fmt.Errorf("storage: ratings: %w", err)
		}
		if id != game {
			rate()
			game, players, seats = id, players[:0], seats[:0]
			r.lastEnded, r.lastGame = ended, id
		}
		i, ok := r.byUser[user]
		if !ok {
			i = len(r.players)
			r.byUser[user] = i
			r.players = append(r.players, LeaderboardEntry{UserID: user, Rating: NewRating()})
		}
		e := &r.players[i]
		e.Name, e.ComputerLevel = name, level.String
		e.Games++
		if win == 1 && res == 0 && nplays > 1 {
			e.Wins++
		}
		players = append(players, glickoPlayer{score: score, resigned: res == 1})
		seats = append(seats, i)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("storage: ratings: %w", err)
	}
	rate()
	r.board = slices.Clone(r.players)
	slices.SortStableFunc(r.board, func(a, b LeaderboardEntry) int {
		if c := cmp.Compare(b.Rating.Conservative(), a.Rating.Conservative()); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Games, a.Games); c != 0 {
			return c
		}
		return cmp.Compare(a.UserID, b.UserID)
	})
	r.rank = make(map[string]int, len(r.board))
	for i := range r.board {
		r.board[i].Rank = i + 1
		r.rank[r.board[i].UserID] = i
	}
	return nil
}
