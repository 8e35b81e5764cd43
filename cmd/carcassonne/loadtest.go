package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

// loadtestCmd is `carcassonne loadtest`, hidden from --help: a load
// benchmark of simulated games (engine, storage and the turn's picture, no
// Discord). Each game takes a turn every Interval on average; a turn loads
// the game from the database, picks a random legal move (a random
// placement of the drawn tile, a follower on a random free spot half of the
// time, or the discard of a tile that fits nowhere), stores it with
// AppendMove at the expected move number and draws the next turn's picture
// as the bot does (TurnPNG, FinalPNG at the end of a game; a finished game
// is replaced by a new one). It prints the turns per second sustained, the
// turn latency (from the moment the turn was due to the picture drawn) at
// the 50th and 99th percentiles, and the heap per idle game.
//
// With --procs N it runs itself as N processes on the same database, each
// with its share of the games, and merges their results.
type loadtestCmd struct {
	DB       string        `name:"db" env:"CARCASSONNE_DB" required:"" help:"The database: the path of a SQLite file, or the URL of a PostgreSQL database (postgres://…). The games are added to it."`
	Games    int           `name:"games" default:"1000" help:"Concurrent games, in all processes together."`
	Interval time.Duration `name:"interval" default:"15s" help:"The average time between two turns of one game."`
	Duration time.Duration `name:"duration" default:"60s" help:"How long turns are played after the games are set up."`
	Jitter   string        `name:"jitter" enum:"exponential,uniform" default:"exponential" help:"How the time between turns varies: exponential (a Poisson process) or uniform (0 to twice the interval)."`
	Procs    int           `name:"procs" default:"1" help:"Processes sharing the database, each with its share of the games."`
	Seed     uint64        `name:"seed" help:"Seeds the games and the moves (0: a random seed)."`
	JSON     bool          `name:"json" help:"Print the result as JSON."`
	Part     string        `name:"part" hidden:"" help:"Internal: run as part i of n of a --procs run (i/n)."`
	// Expansions are the expansions every game plays (record names,
	// separated by commas); then each turn's move is a random legal move
	// of every step (the computer player's Random level).
	Expansions string `name:"expansions" placeholder:"river,tower" help:"The expansions every game plays, separated by commas (\"all\": every one the engine plays); each turn is then a random legal move of all its steps."`

	exps []string // the expansions, read from Expansions
}

// loadResult is what a load test measured.
type loadResult struct {
	Database string `json:"database"` // "sqlite" or "postgres"
	// Expansions are the expansions every game played (record names); none
	// for the base game.
	Expansions      []string `json:"expansions,omitempty"`
	Procs           int      `json:"procs"`
	Games           int      `json:"games"`
	IntervalSeconds float64  `json:"interval_seconds"`
	DurationSeconds float64  `json:"duration_seconds"`
	// OfferedPerSecond is the load asked for: Games / Interval.
	OfferedPerSecond float64 `json:"offered_turns_per_second"`
	// Turns were played in ElapsedSeconds (the duration, and the turns
	// still running at its end).
	Turns          int     `json:"turns"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	TurnsPerSecond float64 `json:"turns_per_second"`
	// Turn latency, from when the turn was due to its picture drawn, in ms.
	P50Ms float64 `json:"p50_ms"`
	P99Ms float64 `json:"p99_ms"`
	MaxMs float64 `json:"max_ms"`
	// Errors are turns that failed; Finished the games that ended (and
	// were replaced by new ones).
	Errors   int `json:"errors"`
	Finished int `json:"finished"`
	// IdleBytesPerGame is the heap after setting up the games (each
	// created, started and one move played, so that the store caches its
	// state as for a game under way) and forcing a collection, less the
	// heap before, divided by the games (the store's cache of engine
	// states counts).
	IdleBytesPerGame float64 `json:"idle_bytes_per_game"`
	SetupSeconds     float64 `json:"setup_seconds"`
	// Sustained: at least 95 % of the offered turns per second were
	// played, with the 99th percentile under a second.
	Sustained bool `json:"sustained"`
	// LatenciesMs are every turn's latency: from a part to its parent.
	LatenciesMs []float64 `json:"latencies_ms,omitempty"`
	FirstError  string    `json:"first_error,omitempty"`
}

// Run runs the load test and prints its result.
func (c *loadtestCmd) Run(e *env) error {
	switch {
	case c.Games < 1:
		return fmt.Errorf("--games is 1 or more, not %d", c.Games)
	case c.Interval <= 0:
		return fmt.Errorf("--interval is more than 0, not %s", c.Interval)
	case c.Duration <= 0:
		return fmt.Errorf("--duration is more than 0, not %s", c.Duration)
	case c.Procs < 1 || c.Procs > c.Games:
		return fmt.Errorf("--procs is 1 to the number of games (%d), not %d", c.Games, c.Procs)
	}
	if c.Seed == 0 {
		c.Seed = rand.Uint64()
	}
	exps, xerr := loadExpansions(c.Expansions)
	if xerr != nil {
		return xerr
	}
	c.exps = exps
	ctx := context.Background()
	var (
		res loadResult
		err error
	)
	switch {
	case c.Part != "":
		var i, n int
		if _, err := fmt.Sscanf(c.Part, "%d/%d", &i, &n); err != nil || i < 0 || i >= n {
			return fmt.Errorf("--part is i/n with 0 ≤ i < n, not %q", c.Part)
		}
		res, err = c.runPart(ctx, i, bufio.NewReader(e.stdin), e.stdout)
		if err != nil {
			return err
		}
		return json.NewEncoder(e.stdout).Encode(res)
	case c.Procs > 1:
		res, err = c.runProcs(ctx, e.stderr)
	default:
		res, err = c.runPart(ctx, 0, nil, nil)
	}
	if err != nil {
		return err
	}
	res.LatenciesMs = nil
	if c.JSON {
		return json.NewEncoder(e.stdout).Encode(res)
	}
	printLoad(e.stdout, res)
	return nil
}

// printLoad prints res for people.
func printLoad(w io.Writer, r loadResult) {
	game := "base game"
	if len(r.Expansions) > 0 {
		game = fmt.Sprintf("%d expansions", len(r.Expansions))
	}
	fmt.Fprintf(w, "%d games (%s) on %s, %d process(es), a turn every %gs per game: %.1f turns/s asked\n",
		r.Games, game, r.Database, r.Procs, r.IntervalSeconds, r.OfferedPerSecond)
	fmt.Fprintf(w, "played %d turns in %.1fs: %.1f turns/s; latency p50 %.1f ms, p99 %.1f ms, max %.1f ms; %d errors, %d games finished\n",
		r.Turns, r.ElapsedSeconds, r.TurnsPerSecond, r.P50Ms, r.P99Ms, r.MaxMs, r.Errors, r.Finished)
	fmt.Fprintf(w, "memory per idle game: %.1f KB (set up in %.1fs)\n", r.IdleBytesPerGame/1024, r.SetupSeconds)
	if r.FirstError != "" {
		fmt.Fprintf(w, "first error: %s\n", r.FirstError)
	}
	if r.Sustained {
		fmt.Fprintln(w, "sustained: yes")
	} else {
		fmt.Fprintln(w, "sustained: no (under 95% of the turns asked, or p99 at 1 s or more)")
	}
}

// share returns the number of games of part i of n.
func share(games, i, n int) int {
	return games/n + btoi(i < games%n)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// runProcs runs the load test as c.Procs processes of this program, each
// with its part of the games; it starts their turns together once all
// have set up their games, and merges their results.
func (c *loadtestCmd) runProcs(ctx context.Context, stderr io.Writer) (loadResult, error) {
	exe, err := os.Executable()
	if err != nil {
		return loadResult{}, fmt.Errorf("finding this program to run it again: %w", err)
	}
	type child struct {
		cmd   *exec.Cmd
		stdin io.WriteCloser
		out   *bufio.Reader
	}
	children := make([]child, c.Procs)
	defer func() {
		for _, ch := range children {
			if ch.cmd != nil && ch.cmd.Process != nil && ch.cmd.ProcessState == nil {
				ch.cmd.Process.Kill()
				ch.cmd.Wait()
			}
		}
	}()
	for i := range children {
		cmd := exec.CommandContext(ctx, exe, "loadtest", "--db", c.DB,
			"--games", strconv.Itoa(c.Games), "--interval", c.Interval.String(),
			"--duration", c.Duration.String(), "--jitter", c.Jitter,
			"--seed", strconv.FormatUint(c.Seed+uint64(i)*0x9e3779b97f4a7c15, 10),
			"--procs", strconv.Itoa(c.Procs), "--part", fmt.Sprintf("%d/%d", i, c.Procs),
			"--expansions", c.Expansions)
		cmd.Stderr = stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			return loadResult{}, err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return loadResult{}, err
		}
		if err := cmd.Start(); err != nil {
			return loadResult{}, fmt.Errorf("starting process %d of %d: %w", i+1, c.Procs, err)
		}
		children[i] = child{cmd: cmd, stdin: in, out: bufio.NewReader(out)}
	}
	for i, ch := range children {
		line, err := ch.out.ReadString('\n')
		if line != "ready\n" {
			return loadResult{}, fmt.Errorf("process %d of %d did not set up its games (%q, %v)", i+1, c.Procs, line, err)
		}
	}
	for _, ch := range children {
		io.WriteString(ch.stdin, "go\n")
		ch.stdin.Close()
	}
	parts := make([]loadResult, len(children))
	for i, ch := range children {
		data, err := io.ReadAll(ch.out)
		if werr := ch.cmd.Wait(); werr != nil {
			return loadResult{}, fmt.Errorf("process %d of %d failed: %w", i+1, c.Procs, werr)
		}
		if err != nil {
			return loadResult{}, err
		}
		if err := json.Unmarshal(data, &parts[i]); err != nil {
			return loadResult{}, fmt.Errorf("reading the result of process %d of %d: %w", i+1, c.Procs, err)
		}
	}
	return merge(parts, c.Procs, c.Games, c.Interval), nil
}

// merge sums the parts' results into one.
func merge(parts []loadResult, procs, games int, interval time.Duration) loadResult {
	r := loadResult{Database: parts[0].Database, Expansions: parts[0].Expansions, Procs: procs, Games: games,
		IntervalSeconds: interval.Seconds(), DurationSeconds: parts[0].DurationSeconds,
		OfferedPerSecond: float64(games) / interval.Seconds()}
	var lat []float64
	var idle float64
	for _, p := range parts {
		r.Turns += p.Turns
		r.Errors += p.Errors
		r.Finished += p.Finished
		r.ElapsedSeconds = max(r.ElapsedSeconds, p.ElapsedSeconds)
		r.SetupSeconds = max(r.SetupSeconds, p.SetupSeconds)
		idle += p.IdleBytesPerGame * float64(p.Games)
		lat = append(lat, p.LatenciesMs...)
		if r.FirstError == "" {
			r.FirstError = p.FirstError
		}
	}
	r.IdleBytesPerGame = idle / float64(games)
	r.finish(lat)
	return r
}

// finish sets r's rates, percentiles and verdict from the turns' latencies.
func (r *loadResult) finish(lat []float64) {
	slices.Sort(lat)
	r.P50Ms, r.P99Ms = percentile(lat, 0.50), percentile(lat, 0.99)
	if len(lat) > 0 {
		r.MaxMs = lat[len(lat)-1]
	}
	if r.ElapsedSeconds > 0 {
		r.TurnsPerSecond = float64(r.Turns) / r.ElapsedSeconds
	}
	r.Sustained = r.Turns > 0 && r.TurnsPerSecond >= 0.95*r.OfferedPerSecond && r.P99Ms < 1000
}

// percentile returns the q-quantile of sorted (nearest rank), 0 for none.
func percentile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	k := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[min(max(k, 0), len(sorted)-1)]
}

// loadGame is one simulated game: its id in the store.
type loadGame struct {
	id atomic.Int64
}

// runPart sets up part i's games, then (after "ready" on ready and a line
// from start, when given) plays their turns for c.Duration.
func (c *loadtestCmd) runPart(ctx context.Context, part int, start *bufio.Reader, ready io.Writer) (loadResult, error) {
	n := c.Games
	if c.Procs > 1 {
		n = share(c.Games, part, c.Procs)
	}
	r := loadResult{Database: "sqlite", Expansions: c.exps, Procs: 1, Games: n, IntervalSeconds: c.Interval.Seconds(),
		DurationSeconds: c.Duration.Seconds(), OfferedPerSecond: float64(n) / c.Interval.Seconds()}
	if storage.IsPostgresURL(c.DB) {
		r.Database = "postgres"
	}
	draw := render.New()
	store, err := storage.Open(ctx, c.DB)
	if err != nil {
		return r, err
	}
	defer store.Close()
	sim := &loadSim{store: store, draw: draw, part: part, seed: c.Seed, exps: c.exps}

	setup := time.Now()
	runtime.GC()
	runtime.GC() // twice: the first only moves sync.Pools' contents aside
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	games := make([]loadGame, n)
	var (
		wg     sync.WaitGroup
		next   atomic.Int64
		setErr error
		once   sync.Once
	)
	for range 8 {
		wg.Go(func() {
			for {
				k := int(next.Add(1)) - 1
				if k >= n {
					return
				}
				id, err := sim.newGame(ctx, k)
				if err == nil {
					// A first move, so that the store caches the
					// game's state as it does for a game under way.
					games[k].id.Store(id)
					err = sim.turn(ctx, &games[k], k, rand.New(rand.NewPCG(c.Seed, uint64(id))), false)
				}
				if err != nil {
					once.Do(func() { setErr = err })
					return
				}
			}
		})
	}
	wg.Wait()
	if setErr != nil {
		return r, fmt.Errorf("setting up the games: %w", setErr)
	}
	runtime.GC()
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	r.IdleBytesPerGame = (float64(after.HeapAlloc) - float64(before.HeapAlloc)) / float64(n)
	r.SetupSeconds = time.Since(setup).Seconds()

	if ready != nil {
		io.WriteString(ready, "ready\n")
		if _, err := start.ReadString('\n'); err != nil {
			return r, errors.New("the parent process did not say when to start")
		}
	}

	rng := rand.New(rand.NewPCG(c.Seed, uint64(part)))
	gap := func() time.Duration {
		if c.Jitter == "uniform" {
			return time.Duration(rng.Float64() * 2 * float64(c.Interval))
		}
		return time.Duration(rng.ExpFloat64() * float64(c.Interval))
	}
	// The turns due, in order: a heap would do, but one goroutine per
	// game sleeping until its next turn is simpler and as cheap.
	t0 := time.Now()
	end := t0.Add(c.Duration)
	var (
		mu      sync.Mutex
		lat     []float64
		running sync.WaitGroup
	)
	for k := range games {
		first := time.Duration(rng.Float64() * float64(c.Interval))
		if c.Jitter == "exponential" {
			first = gap()
		}
		seed := rng.Uint64()
		running.Go(func() {
			rng := rand.New(rand.NewPCG(seed, uint64(k)))
			due := t0.Add(first)
			for due.Before(end) {
				time.Sleep(time.Until(due))
				err := sim.turn(ctx, &games[k], k, rng, true)
				ms := float64(time.Since(due).Microseconds()) / 1000
				mu.Lock()
				if err != nil {
					r.Errors++
					if r.FirstError == "" {
						r.FirstError = err.Error()
					}
				} else {
					lat = append(lat, ms)
				}
				mu.Unlock()
				if c.Jitter == "uniform" {
					due = due.Add(time.Duration(rng.Float64() * 2 * float64(c.Interval)))
				} else {
					due = due.Add(time.Duration(rng.ExpFloat64() * float64(c.Interval)))
				}
			}
		})
	}
	running.Wait()
	r.ElapsedSeconds = max(time.Since(t0), c.Duration).Seconds()
	r.Turns = len(lat)
	r.Finished = int(sim.finished.Load())
	r.finish(lat)
	if start != nil {
		r.LatenciesMs = lat
	}
	return r, nil
}

// loadSim plays the simulated games.
type loadSim struct {
	store    *storage.Store
	draw     *render.Renderer
	part     int
	seed     uint64
	created  atomic.Int64
	finished atomic.Int64
	exps     []string // the expansions of every game; none: the base game
}

// loadExpansions reads --expansions: record names separated by commas, or
// "all" for every expansion the engine plays; none for the base game.
func loadExpansions(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var names []string
	if strings.EqualFold(s, "all") {
		for _, e := range engine.PlayableExpansions() {
			if e != engine.ExpansionBase {
				names = append(names, e.String())
			}
		}
	} else {
		for _, n := range strings.Split(s, ",") {
			names = append(names, strings.TrimSpace(n))
		}
	}
	if _, _, err := storage.ParseExpansions(names); err != nil {
		return nil, fmt.Errorf("--expansions: %w", err)
	}
	return names, nil
}

// newGame creates and starts a game of two players and returns its id.
func (s *loadSim) newGame(ctx context.Context, k int) (int64, error) {
	c := s.created.Add(1)
	host := fmt.Sprintf("load-%d-%d-%d-a", s.part, k, c)
	g, err := s.store.CreateGame(ctx, storage.NewGame{MaxSeats: 2, Expansions: s.exps,
		Host: storage.Player{UserID: host, Name: "Ada", Kind: storage.PlayerLocal}})
	if err != nil {
		return 0, err
	}
	if _, err := s.store.Join(ctx, g.ID, storage.Player{UserID: fmt.Sprintf("load-%d-%d-%d-b", s.part, k, c), Name: "Bea", Kind: storage.PlayerLocal}); err != nil {
		return 0, err
	}
	if _, err := s.store.Start(ctx, g.ID, s.seed^uint64(g.ID)*0x9e3779b97f4a7c15); err != nil {
		return 0, err
	}
	return g.ID, nil
}

// turn plays one turn of game lg: load, a random legal move, AppendMove,
// and, with picture, the picture the bot would post. A finished game is
// replaced by a new one.
func (s *loadSim) turn(ctx context.Context, lg *loadGame, k int, rng *rand.Rand, picture bool) error {
	id := lg.id.Load()
	g, st, err := s.store.Load(ctx, id)
	if err != nil {
		return fmt.Errorf("load game %d: %w", id, err)
	}
	t, ok := st.Drawn()
	if !ok {
		return fmt.Errorf("game %d: no tile drawn in a running game", id)
	}
	m := engine.Move{Tile: t, Discard: true}
	if len(s.exps) > 0 {
		// Every step of every expansion: the Random level's move, the
		// other players' steps (the dragon's, the crop circles') too.
		if m, err = (ai.Config{Level: ai.Random}).Choose(st, rng.Uint64()); err != nil {
			return fmt.Errorf("game %d: a random move: %w", id, err)
		}
	} else if p, ok := st.RandomPlacement(t, rng.Uint64()); ok {
		m = engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation}
		var buf [8]engine.Spot
		if spots := st.AppendFollowerSpots(buf[:0], t, p); len(spots) > 0 && rng.IntN(2) == 0 {
			m.Follower = spots[rng.IntN(len(spots))].Port
		}
	}
	res, err := s.store.AppendMove(ctx, id, g.Moves, m,
		storage.Request{ID: fmt.Sprintf("load-%d-%d-%d", s.part, id, g.Moves)})
	if err != nil {
		return fmt.Errorf("append move %d of game %d: %w", g.Moves, id, err)
	}
	var png bytes.Buffer
	switch {
	case !picture:
		png.WriteByte(0)
	case res.Finished:
		err = s.draw.FinalPNG(&png, res.State)
	default:
		err = s.draw.TurnPNG(&png, res.State)
	}
	if err != nil {
		return fmt.Errorf("draw game %d: %w", id, err)
	}
	if png.Len() == 0 {
		return fmt.Errorf("draw game %d: an empty picture", id)
	}
	if res.Finished {
		s.finished.Add(1)
		nid, err := s.newGame(ctx, k)
		if err != nil {
			return fmt.Errorf("replace finished game %d: %w", id, err)
		}
		lg.id.Store(nid)
	}
	return nil
}
