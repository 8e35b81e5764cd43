package storage

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

// TestGlicko2Example checks the rating update against the worked example of
// Glickman's "Example of the Glicko-2 system": a player rated 1500 ± 200
// (volatility 0.06) beats a 1400 ± 30 player and loses to 1550 ± 100 and
// 1700 ± 300 players, and ends at 1464.06 ± 151.52, volatility 0.05999.
func TestGlicko2Example(t *testing.T) {
	t.Parallel()
	r := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got := r.update([]glickoResult{
		{opponent: Rating{Rating: 1400, Deviation: 30}, score: 1},
		{opponent: Rating{Rating: 1550, Deviation: 100}, score: 0},
		{opponent: Rating{Rating: 1700, Deviation: 300}, score: 0},
	})
	for _, c := range []struct {
		name      string
		got, want float64
		tolerance float64
	}{
		{"rating", got.Rating, 1464.06, 0.01},
		{"deviation", got.Deviation, 151.52, 0.01},
		{"volatility", got.Volatility, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.tolerance {
			t.Errorf("%s: got %.5f, want %.5f", c.name, c.got, c.want)
		}
	}
	if same := r.update(nil); same != r {
		t.Errorf("no game: got %+v, want %+v", same, r)
	}
}

// TestRateGame checks the pairwise results of one game of several players.
func TestRateGame(t *testing.T) {
	t.Parallel()
	before := []Rating{NewRating(), NewRating(), NewRating(), NewRating()}
	after := rateGame(before, []glickoPlayer{
		{score: 80},                  // first
		{score: 50},                  // second, tied
		{score: 50},                  // second, tied
		{score: 120, resigned: true}, // resigned: last, whatever the score
	})
	if !(after[0].Rating > after[1].Rating && after[1].Rating > after[3].Rating) {
		t.Errorf("ratings after the game %v: want the winner first and the resigned player last", after)
	}
	if after[1] != after[2] {
		t.Errorf("tied players: %+v and %+v, want the same", after[1], after[2])
	}
	if after[0].Rating <= 1500 || after[3].Rating >= 1500 {
		t.Errorf("winner %.1f, resigned player %.1f: want above and below 1500", after[0].Rating, after[3].Rating)
	}
	for i, r := range after {
		if r.Deviation >= before[i].Deviation {
			t.Errorf("player %d: deviation %.1f, want less than %.1f after a game", i, r.Deviation, before[i].Deviation)
		}
	}
	if solo := rateGame(before[:1], []glickoPlayer{{score: 40}}); solo[0] != before[0] {
		t.Errorf("solo game: got %+v, want no change", solo[0])
	}
}

// statsPlayers are the pool of players of the generated games.
var statsPlayers = []Player{
	{UserID: "100", Name: "Ann"}, {UserID: "101", Name: "Bob"}, {UserID: "102", Name: "Cid"},
	{UserID: "103", Name: "Dee"}, {UserID: "104", Name: "Eve"},
}

// statsExpansions are the expansions of the generated games, in turn.
var statsExpansions = [][]string{nil, {"river"}, {"inns-and-cathedrals"}, {"king-and-robber"},
	{"river", "traders-and-builders"}, {"inns-and-cathedrals"}}

// playGame creates a game on server guild with players, plays it with
// random legal moves, resigning player resign (when >= 0) after a few
// turns, and finishes it; or stops it part way when stop is set. It
// returns the game's id.
func playGame(tb testing.TB, s *Store, guild string, players []Player, expansions []string, rng *rand.Rand, resign int, stop bool) int64 {
	tb.Helper()
	ctx := context.Background()
	g, err := s.CreateGame(ctx, NewGame{Host: players[0], GuildID: guild, ChannelID: "channel-" + guild,
		Expansions: expansions, MaxSeats: len(players)})
	if err != nil {
		tb.Fatal(err)
	}
	for _, p := range players[1:] {
		if _, err := s.Join(ctx, g.ID, p); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := s.Start(ctx, g.ID, rng.Uint64()); err != nil {
		tb.Fatal(err)
	}
	if err := s.SetThread(ctx, g.ID, fmt.Sprint("thread-", g.ID)); err != nil {
		tb.Fatal(err)
	}
	for n := 0; ; n++ {
		g, st, err := s.Load(ctx, g.ID)
		if err != nil {
			tb.Fatal(err)
		}
		if st.Ended() {
			return g.ID
		}
		if stop && n == 20 {
			if err := s.MarkStatus(ctx, g.ID, StatusStopped, "stopped by the host"); err != nil {
				tb.Fatal(err)
			}
			return g.ID
		}
		if resign >= 0 && n == 10 {
			if _, err := s.Resign(ctx, g.ID, g.Seats[resign].UserID, Request{}); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		if _, err := s.AppendMove(ctx, g.ID, g.Moves, statsMove(st, rng), Request{}); err != nil {
			tb.Fatal(err)
		}
	}
}

// statsMove is randomMove with the figure the player has: the follower, or
// the large follower of Inns & Cathedrals when no follower is left, or
// none.
func statsMove(st *engine.Game, rng *rand.Rand) engine.Move {
	m := randomMove(st, rng)
	if m.Follower != engine.NoPort && st.SupplyOf(st.Current(), engine.FigureFollower) == 0 {
		if st.SupplyOf(st.Current(), engine.FigureLarge) > 0 {
			m.Figure = engine.FigureLarge
		} else {
			m.Follower = engine.NoPort
		}
	}
	return m
}

// generateGames plays n games on server "guild" among statsPlayers (2 to 4
// players, some resigning, all with the expansions of statsExpansions in
// turn), a stopped game, a solo game and a game on another server, and
// returns the ids of the finished games of "guild".
func generateGames(tb testing.TB, s *Store, n int, seed uint64) []int64 {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 18))
	var ids []int64
	for i := range n {
		k := 2 + rng.IntN(3)
		perm := rng.Perm(len(statsPlayers))
		var players []Player
		for _, p := range perm[:k] {
			players = append(players, statsPlayers[p])
		}
		resign := -1
		if i%4 == 1 {
			resign = rng.IntN(k)
		}
		ids = append(ids, playGame(tb, s, "guild", players, statsExpansions[i%len(statsExpansions)], rng, resign, false))
	}
	ids = append(ids, playGame(tb, s, "guild", statsPlayers[:1], nil, rng, -1, false))
	playGame(tb, s, "guild", statsPlayers[:3], nil, rng, -1, true)
	playGame(tb, s, "other", statsPlayers[:2], nil, rng, -1, false)
	return ids
}

// replayedStats computes the statistics of the finished games ids
// independently of the table results: each game's record is replayed with
// the engine and its scores summed.
func replayedStats(tb testing.TB, s *Store, ids []int64) map[string]*PlayerStats {
	tb.Helper()
	ctx := context.Background()
	out := map[string]*PlayerStats{}
	expansions := map[string]map[string]int{}
	for _, id := range ids {
		rec, err := s.Record(ctx, id)
		if err != nil {
			tb.Fatal(err)
		}
		st, err := rec.Replay()
		if err != nil {
			tb.Fatal(err)
		}
		if !st.Ended() {
			tb.Fatalf("game %d: the record does not end the game", id)
		}
		g, err := s.Get(ctx, id)
		if err != nil {
			tb.Fatal(err)
		}
		winners, _ := st.Winners()
		for p, b := range st.Breakdowns() {
			user := g.Seats[p].UserID
			ps := out[user]
			if ps == nil {
				ps = &PlayerStats{UserID: user}
				out[user] = ps
				expansions[user] = map[string]int{}
			}
			ps.Name = g.Seats[p].Name
			ps.Games++
			if slices.Contains(winners, p) && !st.Resigned(p) && st.NumPlayers() > 1 {
				ps.Wins++
			}
			if st.Resigned(p) {
				ps.Resigned++
			}
			ps.BestScore = max(ps.BestScore, st.Score(p))
			if b.Total() != st.Score(p) {
				tb.Fatalf("game %d, player %d: breakdown %d points, score %d", id, p, b.Total(), st.Score(p))
			}
			ps.Points.Roads += b.Roads
			ps.Points.Cities += b.Cities
			ps.Points.Cloisters += b.Cloisters
			ps.Points.Farms += b.Farms
			ps.Points.King += b.King
			ps.Points.RobberBaron += b.RobberBaron
			ps.Points.Goods += b.Goods
			for _, e := range rec.Expansions[1:] {
				expansions[user][e]++
			}
		}
	}
	for user, ps := range out {
		ps.WinRate = float64(ps.Wins) / float64(ps.Games)
		ps.AverageScore = float64(ps.Points.Total()) / float64(ps.Games)
		for _, e := range engine.PlayableExpansions() { // record order
			if n := expansions[user][e.String()]; n > ps.FavouriteGames {
				ps.FavouriteExpansion, ps.FavouriteGames = e.String(), n
			}
		}
	}
	return out
}

// checkStats compares the Store's statistics of server "guild" with want.
func checkStats(t *testing.T, s *Store, want map[string]*PlayerStats) {
	t.Helper()
	ctx := context.Background()
	board, err := s.Leaderboard(ctx, "guild", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(board) != len(want) {
		t.Errorf("leaderboard of %d players, want %d", len(board), len(want))
	}
	for i, e := range board {
		w := want[e.UserID]
		if w == nil {
			t.Errorf("leaderboard: %+v played no finished game", e)
			continue
		}
		if e.Rank != i+1 || e.Games != w.Games || e.Wins != w.Wins || e.Name != w.Name {
			t.Errorf("leaderboard line %d: got %+v, want rank %d, %d games, %d wins, name %s", i, e, i+1, w.Games, w.Wins, w.Name)
		}
		if i > 0 && board[i-1].Rating.Conservative() < e.Rating.Conservative() {
			t.Errorf("leaderboard line %d (%.1f) is above line %d (%.1f)", i-1, board[i-1].Rating.Conservative(), i, e.Rating.Conservative())
		}
	}
	for user, w := range want {
		got, err := s.Stats(ctx, "guild", user)
		if err != nil {
			t.Fatal(err)
		}
		if got.Rank < 1 || board[got.Rank-1].UserID != user || got.Rating != board[got.Rank-1].Rating {
			t.Errorf("%s: rank %d, rating %+v: not the leaderboard's", user, got.Rank, got.Rating)
		}
		got.Rank, got.Rating = 0, Rating{}
		if math.Abs(got.WinRate-w.WinRate) > 1e-9 || math.Abs(got.AverageScore-w.AverageScore) > 1e-9 {
			t.Errorf("%s: win rate %v, average %v; want %v, %v", user, got.WinRate, got.AverageScore, w.WinRate, w.AverageScore)
		}
		got.WinRate, got.AverageScore = w.WinRate, w.AverageScore
		if got != *w {
			t.Errorf("%s:\ngot  %+v\nwant %+v", user, got, *w)
		}
	}
}

// TestStatsFromRecords checks the statistics of a server's finished games
// against the same figures computed from the games' records, replayed by
// the engine: before and after the results are written again from the
// moves when the database opens.
func TestStatsFromRecords(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		s, path := kind.open(t)
		ids := generateGames(t, s, 12, 1)
		want := replayedStats(t, s, ids)
		checkStats(t, s, want)

		// A player with no game, and a server with none.
		ctx := context.Background()
		if st, err := s.Stats(ctx, "guild", "999"); err != nil || st.Games != 0 || st.Rank != 0 {
			t.Errorf("a player with no game: got %+v, %v", st, err)
		}
		if board, err := s.Leaderboard(ctx, "nowhere", 10); err != nil || len(board) != 0 {
			t.Errorf("a server with no game: got %v, %v", board, err)
		}
		if board, err := s.Leaderboard(ctx, "guild", 2); err != nil || len(board) != 2 {
			t.Errorf("leaderboard limited to 2: got %d lines, %v", len(board), err)
		}
		if servers, err := s.Servers(ctx); err != nil || fmt.Sprint(servers) != "[guild other]" {
			t.Errorf("servers: got %q, %v", servers, err)
		}

		// The games that ended before the table results existed get their
		// results when the database opens.
		db := rawDB(t, path)
		var stopped int
		if err := db.QueryRow(`SELECT count(DISTINCT game_id) FROM results WHERE status = 'stopped'`).Scan(&stopped); err != nil || stopped != 1 {
			t.Fatalf("stopped games with results: got %d, %v; want 1", stopped, err)
		}
		if _, err := db.Exec(`DELETE FROM results`); err != nil {
			t.Fatal(err)
		}
		s = reopen(t, s, path)
		checkStats(t, s, want)
		if err := db.QueryRow(`SELECT count(DISTINCT game_id) FROM results WHERE status = 'stopped'`).Scan(&stopped); err != nil || stopped != 1 {
			t.Fatalf("stopped games with results after the backfill: got %d, %v; want 1", stopped, err)
		}
	})
}

// TestHistory checks the pages of a server's finished games against the
// games' records.
func TestHistory(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		s, _ := kind.open(t)
		ctx := context.Background()
		ids := generateGames(t, s, 5, 2)
		type ended struct {
			id int64
			g  Game
		}
		var games []ended
		for _, id := range ids {
			g, err := s.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			games = append(games, ended{id, g})
		}
		slices.SortFunc(games, func(a, b ended) int {
			if c := b.g.EndedAt.Compare(a.g.EndedAt); c != 0 {
				return c
			}
			return cmp.Compare(b.id, a.id)
		})
		var got []PlayedGame
		for offset := 0; ; offset += 4 {
			page, err := s.History(ctx, "guild", offset, 4)
			if err != nil {
				t.Fatal(err)
			}
			if page.Total != len(ids) {
				t.Errorf("total %d, want %d", page.Total, len(ids))
			}
			if len(page.Games) == 0 {
				break
			}
			got = append(got, page.Games...)
		}
		if len(got) != len(games) {
			t.Fatalf("%d games listed, want %d", len(got), len(games))
		}
		for i, pg := range got {
			w := games[i]
			if pg.GameID != w.id || !pg.EndedAt.Equal(w.g.EndedAt) || pg.ThreadID != w.g.ThreadID || pg.ChannelID != w.g.ChannelID ||
				fmt.Sprint(pg.Expansions) != fmt.Sprint(w.g.Expansions) {
				t.Errorf("game %d: got %+v, want game %d ended %v in %s", i, pg, w.id, w.g.EndedAt, w.g.ThreadID)
				continue
			}
			rec, err := s.Record(ctx, w.id)
			if err != nil {
				t.Fatal(err)
			}
			st, err := rec.Replay()
			if err != nil {
				t.Fatal(err)
			}
			winners, _ := st.Winners()
			if len(pg.Players) != len(w.g.Seats) {
				t.Fatalf("game %d: %d players, want %d", w.id, len(pg.Players), len(w.g.Seats))
			}
			for p, pr := range pg.Players {
				place := 1
				for q := range st.NumPlayers() {
					if st.Resigned(p) && !st.Resigned(q) || st.Resigned(p) == st.Resigned(q) && st.Score(q) > st.Score(p) {
						place++
					}
				}
				want := PlayerResult{Seat: p, UserID: w.g.Seats[p].UserID, Name: w.g.Seats[p].Name, Score: st.Score(p),
					Points: pointsOf(st.Breakdowns()[p]), Place: place, Winner: slices.Contains(winners, p), Resigned: st.Resigned(p)}
				if pr != want {
					t.Errorf("game %d, seat %d:\ngot  %+v\nwant %+v", w.id, p, pr, want)
				}
			}
		}
		if page, err := s.History(ctx, "nowhere", 0, 10); err != nil || page.Total != 0 || len(page.Games) != 0 {
			t.Errorf("a server with no game: got %+v, %v", page, err)
		}
	})
}

// TestResultsFollowStatus checks that a stopped game's results, which
// count for nobody, go when it runs again, and come back as finished.
func TestResultsFollowStatus(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		s, path := kind.open(t)
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(3, 3))
		id := playGame(t, s, "guild", statsPlayers[:2], nil, rng, -1, true)
		db := rawDB(t, path)
		count := func(status string) int {
			t.Helper()
			var n int
			if err := db.QueryRow(`SELECT count(*) FROM results WHERE game_id = ? AND status = ?`, id, status).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if got := count("stopped"); got != 2 {
			t.Fatalf("stopped game: %d rows, want 2", got)
		}
		if st, err := s.Stats(ctx, "guild", "100"); err != nil || st.Games != 0 {
			t.Errorf("a stopped game counts for nobody: got %+v, %v", st, err)
		}
		if err := s.MarkStatus(ctx, id, StatusRunning, ""); err != nil {
			t.Fatal(err)
		}
		if got := count("stopped"); got != 0 {
			t.Errorf("running again: %d rows, want none", got)
		}
		for {
			g, st, err := s.Load(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if st.Ended() {
				break
			}
			if _, err := s.AppendMove(ctx, id, g.Moves, statsMove(st, rng), Request{}); err != nil {
				t.Fatal(err)
			}
		}
		if got := count("finished"); got != 2 {
			t.Errorf("finished: %d rows, want 2", got)
		}
		if st, err := s.Stats(ctx, "guild", "100"); err != nil || st.Games != 1 {
			t.Errorf("after the game finished: got %+v, %v", st, err)
		}
	})
}

// insertGeneratedResults writes n finished games of 2 to 5 players drawn
// from a pool of 40 on server guild straight into the tables games and
// results (random scores and points by feature), in one transaction.
func insertGeneratedResults(tb testing.TB, s *Store, guild string, n int) {
	tb.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(uint64(n), 10000))
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer tx.Rollback()
	var first int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) + 1 FROM games`).Scan(&first); err != nil {
		tb.Fatal(err)
	}
	var last sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT max(ended_at) FROM results`).Scan(&last); err != nil {
		tb.Fatal(err)
	}
	start := max(last.Int64+60_000, 1_700_000_000_000)
	insertGame, err := tx.PrepareContext(ctx, `INSERT INTO games (id, status, expansions, seed, max_seats, host_user_id,
			guild_id, channel_id, thread_id, created_at, started_at, ended_at, updated_at)
			VALUES (?, 'finished', ?, ?, ?, 'u0', ?, 'channel', ?, ?, ?, ?, ?)`)
	if err != nil {
		tb.Fatal(err)
	}
	insertResult, err := tx.PrepareContext(ctx, `INSERT INTO results (`+resultColumns+`)
				VALUES (?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?, NULL, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?)`)
	if err != nil {
		tb.Fatal(err)
	}
	for i := range int64(n) {
		id, ended := first+i, start+i*60_000
		k := 2 + rng.IntN(4)
		exp := statsExpansions[rng.IntN(len(statsExpansions))]
		expansions := "base"
		for _, e := range exp {
			expansions += "," + e
		}
		if _, err := insertGame.ExecContext(ctx, id, expansions, int64(i), k, guild, fmt.Sprint("thread-", id), ended-3_600_000, ended-3_500_000, ended, ended); err != nil {
			tb.Fatal(err)
		}
		perm := rng.Perm(40)[:k]
		scores := make([]int, k)
		resigned := make([]bool, k)
		for p := range k {
			scores[p] = rng.IntN(150)
			resigned[p] = rng.IntN(30) == 0
		}
		best := -1
		for p := range k {
			if !resigned[p] {
				best = max(best, scores[p])
			}
		}
		for p := range k {
			place := 1
			for q := range k {
				if resigned[p] && !resigned[q] || resigned[p] == resigned[q] && scores[q] > scores[p] {
					place++
				}
			}
			pts := Points{Roads: scores[p] / 5, Cities: scores[p] / 3, Cloisters: scores[p] / 9}
			pts.Farms = scores[p] - pts.Roads - pts.Cities - pts.Cloisters
			if _, err := insertResult.ExecContext(ctx, id, p, guild, fmt.Sprint(1000+perm[p]), fmt.Sprint("Player ", perm[p]), scores[p], place,
				boolInt(!resigned[p] && scores[p] == best), boolInt(resigned[p]),
				pts.Roads, pts.Cities, pts.Cloisters, pts.Farms, expansions, k, ended); err != nil {
				tb.Fatal(err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkStats measures a player's statistics (with their rating and
// rank) and the leaderboard of a server with 10,000 finished games, in a
// SQLite file: "cached" with the server's ratings computed already (as
// between two games), "cold" computing them again from the 10,000 games
// each time (as after the program starts), "after-a-game" with one more
// game finished since they were computed.
func BenchmarkStats(b *testing.B) {
	s, _ := testDBs[0].open(b) // SQLite, the default
	insertGeneratedResults(b, s, "guild", 10_000)
	ctx := context.Background()
	for _, cold := range []bool{false, true} {
		name := "cached"
		if cold {
			name = "cold"
		}
		b.Run("Stats/"+name, func(b *testing.B) {
			if _, err := s.Leaderboard(ctx, "guild", 1); err != nil { // the ratings, computed once
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if cold {
					s.stats.mu.Lock()
					s.stats.guilds = nil
					s.stats.mu.Unlock()
				}
				st, err := s.Stats(ctx, "guild", fmt.Sprint(1000+i%40))
				if err != nil || st.Games == 0 || st.Rank == 0 {
					b.Fatalf("got %+v, %v", st, err)
				}
			}
		})
		b.Run("Leaderboard/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if cold {
					s.stats.mu.Lock()
					s.stats.guilds = nil
					s.stats.mu.Unlock()
				}
				board, err := s.Leaderboard(ctx, "guild", 10)
				if err != nil || len(board) != 10 {
					b.Fatalf("got %d lines, %v", len(board), err)
				}
			}
		})
	}
	b.Run("Stats/after-a-game", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			insertGeneratedResults(b, s, "guild", 1)
			b.StartTimer()
			st, err := s.Stats(ctx, "guild", fmt.Sprint(1000+i%40))
			if err != nil || st.Rank == 0 {
				b.Fatalf("got %+v, %v", st, err)
			}
		}
	})
	b.Run("History", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			page, err := s.History(ctx, "guild", (i%100)*10, 10)
			if err != nil || len(page.Games) != 10 || page.Total < 10_000 {
				b.Fatalf("got %d games of %d, %v", len(page.Games), page.Total, err)
			}
		}
	})
}

// TestWarmRatings checks that WarmRatings leaves the ratings of the
// servers it keeps ready in the cache, and those of no other server, and
// that Leaderboard then answers from them as it would have computed them.
func TestWarmRatings(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		s, path := kind.open(t)
		generateGames(t, s, 6, 1)
		ctx := context.Background()
		want, err := s.Leaderboard(ctx, "guild", 0)
		if err != nil || len(want) == 0 {
			t.Fatalf("leaderboard: %v, %v", want, err)
		}
		s = reopen(t, s, path)
		if err := s.WarmRatings(ctx, func(g string) bool { return g == "guild" }); err != nil {
			t.Fatal(err)
		}
		if s.stats.guilds["guild"] == nil || s.stats.guilds["other"] != nil {
			t.Fatalf("after WarmRatings kept guild only, the cache holds %v", slices.Collect(maps.Keys(s.stats.guilds)))
		}
		got, err := s.Leaderboard(ctx, "guild", 0)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("leaderboard from the warmed ratings: %v, %v; want %v", got, err, want)
		}
		if err := s.WarmRatings(ctx, nil); err != nil || s.stats.guilds["other"] == nil {
			t.Fatalf("WarmRatings(nil) left other out: %v", err)
		}
	})
}

// TestComputerLevelInResults checks that a computer player of the
// terminal game (a local seat "local:@LEVEL:NAME") has its level in the
// results, the leaderboard and the history, and a person none.
func TestComputerLevelInResults(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, kind testDB) {
		s, _ := kind.open(t)
		ctx := context.Background()
		players := []Player{
			{UserID: "local:Ann", Name: "Ann", Kind: PlayerLocal},
			{UserID: "local:@hard:Computer (hard)", Name: "Computer (hard)", Kind: PlayerLocal},
		}
		playGame(t, s, "", players, nil, rand.New(rand.NewPCG(5, 5)), -1, false)
		board, err := s.Leaderboard(ctx, "", 0)
		if err != nil || len(board) != 2 {
			t.Fatalf("leaderboard: %v, %v", board, err)
		}
		levels := map[string]string{}
		for _, e := range board {
			levels[e.UserID] = e.ComputerLevel
		}
		if levels["local:Ann"] != "" || levels["local:@hard:Computer (hard)"] != "hard" {
			t.Fatalf("computer levels on the leaderboard: %v", levels)
		}
		page, err := s.History(ctx, "", 0, 10)
		if err != nil || len(page.Games) != 1 {
			t.Fatalf("history: %+v, %v", page, err)
		}
		for _, p := range page.Games[0].Players {
			if want := levels[p.UserID]; p.ComputerLevel != want {
				t.Errorf("history: %s has level %q, want %q", p.Name, p.ComputerLevel, want)
			}
		}
	})
}
