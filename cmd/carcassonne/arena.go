package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"

	"github.com/mattn/go-isatty"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/turnview"
)

// arenaCmd is `carcassonne arena`: computer against computer, many games,
// the seats swapped every game, and how often A beats B.
type arenaCmd struct {
	A          string  `name:"a" required:"" placeholder:"hard" help:"Level of computer A: random, easy, normal or hard."`
	B          string  `name:"b" required:"" placeholder:"easy" help:"Level of computer B: random, easy, normal or hard."`
	Games      int     `name:"games" default:"200" help:"How many games to play (A and B swap seats every game)."`
	Players    int     `name:"players" default:"2" help:"Players in each game, 2 to 6: A and B take every other seat."`
	Expansions string  `name:"expansions" placeholder:"river,inns-and-cathedrals" help:"The expansions played, separated by commas (default: the base game alone)."`
	Seed       uint64  `name:"seed" default:"1" help:"Seed of the first game's draw pile and of the computers' choices; the same seed plays the same games."`
	ThinkScale float64 `name:"think-scale" default:"1" placeholder:"F" help:"Multiply the playouts of normal and hard by F (0.1 thinks ten times less)."`
	Jobs       int     `name:"jobs" default:"1" help:"Games played at once, one core each; the results do not depend on it."`
	PerGame    bool    `name:"per-game" help:"Also print each game's points of every player by source (roads, cities, … the fairy, gold)."`

	a, b  ai.Config
	rules *engine.Rules
	// afterGame, when set (by tests), is called after each game with the
	// number of games finished.
	afterGame func(done int)
}

// Validate reads the flags; kong calls it after parsing.
func (c *arenaCmd) Validate() error {
	var err error
	switch {
	case c.Games < 1:
		return fmt.Errorf("--games is how many games to play, at least 1, not %d", c.Games)
	case c.Players < 2 || c.Players > engine.MaxPlayers:
		return fmt.Errorf("--players is 2 to %d, not %d", engine.MaxPlayers, c.Players)
	case !(c.ThinkScale > 0) || c.ThinkScale > 100:
		return fmt.Errorf("--think-scale is a number above 0 and at most 100, not %g", c.ThinkScale)
	case c.Jobs < 1:
		return fmt.Errorf("--jobs is at least 1, not %d", c.Jobs)
	}
	set, err := engine.ParseExpansions(c.Expansions)
	if err != nil {
		return fmt.Errorf("--expansions: %s", strings.TrimPrefix(err.Error(), engine.ErrUnknownExpander.Error()+": "))
	}
	if c.rules, err = engine.NewRules(set, engine.Options{}); err != nil {
		return fmt.Errorf("--expansions: %w", err)
	}
	if _, err := engine.New(engine.Config{Players: arenaNames(c.Players), Rules: c.rules}); err != nil {
		return fmt.Errorf("--players %d with these expansions: %w", c.Players, err)
	}
	if c.a, err = arenaLevel("--a", c.A, c.rules, c.ThinkScale); err != nil {
		return err
	}
	if c.b, err = arenaLevel("--b", c.B, c.rules, c.ThinkScale); err != nil {
		return err
	}
	return nil
}

// arenaLevel reads the level of flag name, its playouts for rules r
// (ai.Level.PlayoutsFor) scaled by scale.
func arenaLevel(name, s string, r *engine.Rules, scale float64) (ai.Config, error) {
	l, err := ai.ParseLevel(s)
	if err != nil {
		return ai.Config{}, fmt.Errorf("%s: %w", name, err)
	}
	c := ai.Config{Level: l}
	if n := l.PlayoutsFor(r); n > 0 {
		c.Playouts = max(1, int(math.Round(float64(n)*scale)))
	}
	return c, nil
}

// arenaNames are the players' names of an arena game: P1, P2, …
func arenaNames(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("P%d", i+1)
	}
	return out
}

// arenaGame is the result of one game: A's and B's outcome and points.
type arenaGame struct {
	result         int // 1 A won, 0 a draw, -1 B won
	aScore, bScore float64
	err            error
	// by are each player's points by source (engine.Game.Breakdowns), isA
	// whether A played that seat.
	by  []engine.Breakdown
	isA []bool
}

// Run plays the games, Jobs at a time, with a progress line on standard
// error when it is a terminal, and prints the results. Interrupted (SIGINT,
// SIGTERM), it stops and prints the results of the games finished, saying
// so on standard error, and fails when none is.
func (c *arenaCmd) Run(e *env) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return c.run(ctx, e)
}

// run is Run until ctx is done.
func (c *arenaCmd) run(ctx context.Context, e *env) error {
	results := make([]arenaGame, c.Games)
	finished := make([]bool, c.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done, aWins, bWins := 0, 0, 0
	progress := progressWriter(e.stderr)
	for range c.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := c.play(i)
				mu.Lock()
				results[i], finished[i] = r, true
				done++
				switch r.result {
				case 1:
					aWins++
				case -1:
					bWins++
				}
				if progress != nil {
					fmt.Fprintf(progress, "\r%s %d/%d games  %s %d, %s %d ", bar(done, c.Games, 30), done, c.Games, c.a.Level, aWins, c.b.Level, bWins)
				}
				n := done
				mu.Unlock()
				if c.afterGame != nil {
					c.afterGame(n)
				}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range c.Games {
			if ctx.Err() != nil {
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	all := make(chan struct{})
	go func() {
		wg.Wait()
		close(all)
	}()
	select {
	case <-all:
	case <-ctx.Done():
		// The games under way are not waited for: a hard game takes
		// minutes.
	}
	mu.Lock()
	defer mu.Unlock()
	if progress != nil {
		fmt.Fprintln(progress)
	}
	var played []arenaGame
	for i, r := range results {
		if !finished[i] {
			continue
		}
		if r.err != nil {
			return fmt.Errorf("game %d: %w", i+1, r.err)
		}
		played = append(played, r)
	}
	if len(played) < c.Games {
		if len(played) == 0 {
			return fmt.Errorf("interrupted before any of the %d games was finished", c.Games)
		}
		fmt.Fprintf(e.stderr, "interrupted: %d of %d games finished; the results are theirs\n", len(played), c.Games)
	}
	return c.report(e.stdout, played)
}

// play plays game i: A in the even seats of even games, B in the others.
func (c *arenaCmd) play(i int) arenaGame {
	seed := c.Seed + uint64(i)
	g, err := engine.New(engine.Config{Players: arenaNames(c.Players), Rules: c.rules, Seed: seed, DrawnOnly: true})
	if err != nil {
		return arenaGame{err: err}
	}
	seats := make([]ai.Config, c.Players)
	isA := make([]bool, c.Players)
	for p := range seats {
		isA[p] = (p+i)%2 == 0
		seats[p] = c.b
		if isA[p] {
			seats[p] = c.a
		}
	}
	if err := ai.PlayGame(g, seats, seed*0x2545f4914f6cdd1d); err != nil {
		return arenaGame{err: err}
	}
	r := arenaGame{by: g.Breakdowns(), isA: isA}
	top := math.MinInt
	var na, nb int
	for p, s := range g.Scores() {
		top = max(top, s)
		if isA[p] {
			r.aScore += float64(s)
			na++
		} else {
			r.bScore += float64(s)
			nb++
		}
	}
	r.aScore /= float64(na)
	r.bScore /= float64(nb)
	aTop, bTop := false, false
	for p, s := range g.Scores() {
		if s == top {
			aTop = aTop || isA[p]
			bTop = bTop || !isA[p]
		}
	}
	switch {
	case aTop && !bTop:
		r.result = 1
	case bTop && !aTop:
		r.result = -1
	}
	return r
}

// report prints wins, draws, average points and the confidence interval.
func (c *arenaCmd) report(w io.Writer, results []arenaGame) error {
	var aw, bw, dr int
	var as, bs float64
	for _, r := range results {
		switch r.result {
		case 1:
			aw++
		case -1:
			bw++
		default:
			dr++
		}
		as += r.aScore
		bs += r.bScore
	}
	n := float64(len(results))
	exps := "base game"
	if c.rules.Expansions != 0 {
		exps = "base game with " + c.rules.Expansions.String()
	}
	aName, bName := "A "+c.a.Level.String(), "B "+c.b.Level.String()
	fmt.Fprintf(w, "%s against %s: %d games of %d players, %s, seed %d\n", aName, bName, len(results), c.Players, exps, c.Seed)
	fmt.Fprintf(w, "%-10s wins %4d (%5.1f%%)  average %6.1f points  (%s)\n", aName, aw, 100*float64(aw)/n, as/n, playoutsNote(c.a))
	fmt.Fprintf(w, "%-10s wins %4d (%5.1f%%)  average %6.1f points  (%s)\n", bName, bw, 100*float64(bw)/n, bs/n, playoutsNote(c.b))
	fmt.Fprintf(w, "draws %d\n", dr)
	rate := (float64(aw) + float64(dr)/2) / n
	lo, hi := wilson(rate, n, 1.959964)
	fmt.Fprintf(w, "A's win rate (a draw counts half): %.1f%%, 95%% confidence interval %.1f%% to %.1f%% (Wilson)\n", 100*rate, 100*lo, 100*hi)
	c.reportSources(w, results)
	return nil
}

// reportSources prints A's and B's average points per player by source
// (issue 30: "points by source, so that a weakness is visible"): the
// sources of the expansions in play (engine.PointSources, which add up to
// a player's points, titled as the final scoring titles them), and with
// --per-game every player's of every game: a line per seat.
func (c *arenaCmd) reportSources(w io.Writer, results []arenaGame) {
	sources := engine.PointSources(c.rules.Expansions)
	vo := turnview.In(i18n.English)
	widths := make([]int, len(sources))
	header := func(first string) {
		fmt.Fprintf(w, "%-26s", first)
		for j, s := range sources {
			title := vo.SourceTitle(s.Name)
			widths[j] = max(9, len(title))
			fmt.Fprintf(w, " %*s", widths[j], title)
		}
		fmt.Fprintln(w)
	}
	var sum [2][]float64
	var seats [2]int
	for k := range sum {
		sum[k] = make([]float64, len(sources))
	}
	for _, r := range results {
		for p, b := range r.by {
			k := 1
			if r.isA[p] {
				k = 0
			}
			seats[k]++
			for j, s := range sources {
				sum[k][j] += float64(s.Of(b))
			}
		}
	}
	fmt.Fprintln(w)
	header("points by source")
	for k, name := range []string{"A " + c.a.Level.String(), "B " + c.b.Level.String()} {
		fmt.Fprintf(w, "%-26s", name+" (average)")
		for j := range sources {
			fmt.Fprintf(w, " %*.1f", widths[j], sum[k][j]/float64(max(1, seats[k])))
		}
		fmt.Fprintln(w)
	}
	if !c.PerGame {
		return
	}
	fmt.Fprintln(w)
	header("game seat  who     points")
	for g, r := range results {
		for p, b := range r.by {
			who := "B " + c.b.Level.String()
			if r.isA[p] {
				who = "A " + c.a.Level.String()
			}
			fmt.Fprintf(w, "%4d P%-2d  %-8s %6d", g+1, p+1, who, b.Total())
			for j, s := range sources {
				fmt.Fprintf(w, " %*d", widths[j], s.Of(b))
			}
			fmt.Fprintln(w)
		}
	}
}

// playoutsNote says how much a computer thinks.
func playoutsNote(c ai.Config) string {
	if c.Playouts > 0 {
		return fmt.Sprintf("%d playouts a decision", c.Playouts)
	}
	return "no search"
}

// wilson returns the Wilson score interval of a proportion p observed over
// n trials, z standard errors wide (1.96 for 95%): (p + z²/2n ± z·√(p(1−p)/n
// + z²/4n²)) / (1 + z²/n).
func wilson(p, n, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	z2 := z * z
	mid := p + z2/(2*n)
	half := z * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	d := 1 + z2/n
	return max(0, (mid-half)/d), min(1, (mid+half)/d)
}

// bar draws a progress bar of width characters, done of total filled.
func bar(done, total, width int) string {
	k := done * width / max(1, total)
	return "[" + strings.Repeat("#", k) + strings.Repeat(".", width-k) + "]"
}

// progressWriter returns w when it is a terminal (the progress line is
// redrawn in place with a carriage return), nil otherwise: a file or a
// pipe gets the results alone.
func progressWriter(w io.Writer) io.Writer {
	if f, ok := w.(*os.File); ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
		return w
	}
	return nil
}
