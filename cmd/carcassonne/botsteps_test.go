//go:build !race

package main

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// openGame opens a lobby with the command line as Alice, seats Bob, or a
// computer of each of levels instead when there are any, starts the game
// and waits for its thread, which becomes the game's.
func (g *crashGame) openGame(line string, levels ...string) {
	g.t.Helper()
	alice := g.users[0]
	threads := len(g.srv.Threads(g.srv.ChannelID))
	_, r := g.answer(line, func(ctx context.Context) (*discordtest.Interaction, error) {
		return g.srv.Slash(ctx, discordtest.Actor{User: alice}, line)
	})
	if r.Original == nil {
		g.t.Fatalf("no lobby message: %s", r.Data)
	}
	lobby := r.Original.Message
	join, _ := crashComponent(lobby, "cc:join:")
	start, _ := crashComponent(lobby, "cc:start:")
	id, err := strconv.ParseInt(strings.TrimPrefix(join, "cc:join:"), 10, 64)
	if join == "" || start == "" || err != nil {
		g.t.Fatalf("the lobby has no Join or Start button: %s", r.Original.Raw)
	}
	g.gameID = id
	for _, level := range levels {
		cpu, _ := crashComponent(lobby, "cc:cpu:")
		_, r := g.answer("add a computer", func(ctx context.Context) (*discordtest.Interaction, error) {
			return g.srv.Click(ctx, discordtest.Actor{User: alice}, lobby.ID, cpu)
		})
		if r.Original == nil {
			g.t.Fatalf("Add computer player: %s", r.Data)
		}
		add, menu := crashComponent(r.Original.Message, "cc:cpuadd:")
		if menu == nil {
			g.t.Fatalf("Add computer player has no menu of levels: %s", r.Original.Raw)
		}
		g.answer("choose "+level, func(ctx context.Context) (*discordtest.Interaction, error) {
			return g.srv.Select(ctx, discordtest.Actor{User: alice}, r.Original.ID, add, level)
		})
	}
	if len(levels) == 0 {
		g.answer("join", func(ctx context.Context) (*discordtest.Interaction, error) {
			return g.srv.Click(ctx, discordtest.Actor{User: g.users[1]}, lobby.ID, join)
		})
	}
	g.answer("start", func(ctx context.Context) (*discordtest.Interaction, error) {
		return g.srv.Click(ctx, discordtest.Actor{User: alice}, lobby.ID, start)
	})
	ctx, cancel := g.wctx()
	defer cancel()
	if err := g.srv.Wait(ctx, func() bool { return len(g.srv.Threads(g.srv.ChannelID)) > threads }); err != nil {
		g.t.Fatalf("the game's thread was not opened: %v", err)
	}
	all := g.srv.Threads(g.srv.ChannelID)
	g.thread = all[len(all)-1].ID
}

// asked is a message of the game's thread that asks a person something:
// a turn message (its cell menu) or a step message (its buttons or menu).
type asked struct {
	msg  discordtest.Message
	user discordtest.User
	step bool
}

// key names what the message asks: its id and its components, so that a
// message edited into a new question is asked again.
func (a asked) key() string {
	id, _ := crashComponent(a.msg.Message, "cc:")
	return a.msg.ID + " " + id
}

// waitAsked waits until a message of the thread asks one of the game's
// people something not in done, or the game is over (over true).
func (g *crashGame) waitAsked(done map[string]bool) (a asked, over bool) {
	g.t.Helper()
	ctx, cancel := g.wctx()
	defer cancel()
	err := g.srv.Wait(ctx, func() bool {
		if g.gameOver() {
			over = true
			return true
		}
		for _, m := range g.srv.Messages(g.thread) {
			turn, _ := crashComponent(m.Message, g.cellPfx)
			step, _ := crashComponent(m.Message, "cc:step:")
			sm := crashMentionRE.FindStringSubmatch(m.Content)
			if turn == "" && step == "" || sm == nil {
				continue
			}
			for _, u := range g.users {
				if u.ID == sm[1] {
					if x := (asked{msg: m, user: u, step: step != ""}); !done[x.key()] {
						a = x
						return true
					}
				}
			}
		}
		return false
	})
	if err != nil {
		g.t.Fatalf("nobody is asked anything and the game is not over: %v", err)
	}
	return a, over
}

// respond answers what a asks and returns the interaction without waiting
// for what the bot does with it: a step with its first button (or the
// first option of its menu); a turn, with rng nil, with the first cell of
// its menu, no figure and the first option of every menu Confirm waits
// for, then Confirm. With rng, the cell is drawn at random, the flying
// machine taken whenever the Follower… menu offers it, and otherwise a
// figure deployed two times in three, on a spot drawn at random.
func (g *crashGame) respond(a asked, rng *rand.Rand) *discordtest.Interaction {
	g.t.Helper()
	actor := discordtest.Actor{User: a.user, ChannelID: g.thread}
	ctx, cancel := g.wctx()
	defer cancel()
	if a.step {
		id, menu := crashComponent(a.msg.Message, "cc:step:")
		var in *discordtest.Interaction
		var err error
		if menu != nil {
			in, err = g.srv.Select(ctx, actor, a.msg.ID, id, menu.Options[0].Value)
		} else {
			in, err = g.srv.Click(ctx, actor, a.msg.ID, id)
		}
		if err != nil {
			g.t.Fatalf("answering step message %s: %v", a.msg.ID, err)
		}
		return in
	}
	cellID, cells := crashComponent(a.msg.Message, g.cellPfx)
	if cells == nil || len(cells.Options) == 0 {
		g.t.Fatalf("turn message %s has no cell to pick", a.msg.ID)
	}
	cell := cells.Options[0].Value
	if rng != nil {
		cell = cells.Options[rng.IntN(len(cells.Options))].Value
	}
	_, r := g.answer("pick a cell", func(ctx context.Context) (*discordtest.Interaction, error) {
		return g.srv.Select(ctx, actor, a.msg.ID, cellID, cell)
	})
	if r.Original == nil {
		g.t.Fatalf("no preview for %s: %s", a.user.Username, r.Data)
	}
	p := *r.Original
	// A disabled Follower… menu (a volcano: no figure) chooses nothing.
	if id, menu := crashComponent(p.Message, "cc:spot:"); rng != nil && menu != nil && !menu.Disabled {
		var pick string
		for _, o := range menu.Options {
			if strings.Contains(o.Label, "onto the flying machine") {
				pick = o.Value
			}
		}
		if o := menu.Options[rng.IntN(len(menu.Options))]; pick == "" && rng.IntN(3) > 0 {
			pick = o.Value
		}
		if pick != "" {
			_, r := g.answer("a figure", func(ctx context.Context) (*discordtest.Interaction, error) {
				return g.srv.Select(ctx, actor, p.ID, id, pick)
			})
			p = g.updated(p, r)
		}
	}
	// The menus Confirm waits for (the mage or witch, a crop circle, the
	// second gold ingot …): their first options.
	for range 8 {
		if ok := confirmButton(p.Message); ok != nil && !ok.Disabled {
			break
		}
		id, menu := pendingMenu(p.Message)
		if menu == nil {
			g.t.Fatalf("the preview has no Confirm to press and no menu to answer: %s", p.Raw)
		}
		_, r := g.answer("a menu of the preview", func(ctx context.Context) (*discordtest.Interaction, error) {
			return g.srv.Select(ctx, actor, p.ID, id, menu.Options[0].Value)
		})
		p = g.updated(p, r)
	}
	return g.confirm(a.user, p)
}

// updated returns the preview p after the bot's answer r to a choice in it.
func (g *crashGame) updated(p discordtest.Message, r *discordtest.Response) discordtest.Message {
	g.t.Helper()
	if r.Original != nil {
		return *r.Original
	}
	m, ok := g.srv.Message(p.ID)
	if !ok {
		g.t.Fatalf("the preview %s is gone", p.ID)
	}
	return m
}

// confirmButton returns the preview's Confirm button, nil when it has none.
func confirmButton(m *discordgo.Message) *discordgo.Button {
	for _, row := range m.Components {
		if ar, ok := row.(*discordgo.ActionsRow); ok {
			for _, c := range ar.Components {
				if b, ok := c.(*discordgo.Button); ok && strings.HasPrefix(b.CustomID, "cc:ok:") {
					return b
				}
			}
		}
	}
	return nil
}

// pendingMenu returns the first menu of a preview that is not the
// Follower… menu and has nothing chosen yet.
func pendingMenu(m *discordgo.Message) (string, *discordgo.SelectMenu) {
	for _, row := range m.Components {
		ar, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range ar.Components {
			sm, ok := c.(*discordgo.SelectMenu)
			if !ok || strings.HasPrefix(sm.CustomID, "cc:spot:") || len(sm.Options) == 0 {
				continue
			}
			chosen := false
			for _, o := range sm.Options {
				chosen = chosen || o.Default
			}
			if !chosen {
				return sm.CustomID, sm
			}
		}
	}
	return "", nil
}

// pending returns the game as stored: its row and where it stands.
func (g *crashGame) pending() (storage.Game, *engine.Game) {
	g.t.Helper()
	st, err := storage.Open(g.ctx, g.db)
	if err != nil {
		g.t.Fatal(err)
	}
	defer st.Close()
	row, state, err := st.Load(g.ctx, g.gameID)
	if err != nil {
		g.t.Fatal(err)
	}
	return row, state
}

// postsOf counts the messages the bot posted in the thread (successful
// POSTs) with a component whose custom id starts with prefix.
func (g *crashGame) postsOf(prefix string) int {
	n := 0
	for _, r := range g.srv.Requests() {
		if r.Route == "POST /channels/{channel}/messages" && r.Status == 200 && strings.Contains(string(r.JSON), prefix) {
			n++
		}
	}
	return n
}

// decisionPrefix starts the custom ids of the message that asks the
// decision the game waits for after moves moves and answered answers: the
// turn message's cell menu for a tile, the step message's components for
// a step.
func (g *crashGame) decisionPrefix(d engine.Decision, moves, answered int) string {
	if d.Step == engine.StepTile {
		return fmt.Sprintf("cc:cell:%d:%d:", g.gameID, moves)
	}
	return fmt.Sprintf("cc:step:%d:%d:%d:", g.gameID, moves, answered)
}

// TestBotKilledMidSteps plays a game of Alice and Bob with The Princess &
// the Dragon, The Flying Machines and The Crop Circles through real bot
// processes, and kills the bot (SIGKILL) right after an answer to a step
// that other messages follow is stored, before the next message is posted:
// a step of the dragon, a landing of the flying machine and a crop circle's
// answer (in a second game when the first ends before all three: the bot
// draws the seeds). Each time a new process must post what the game waits
// for (the next step's message, or the next turn) exactly once, and the
// game goes on; once the three are done, Bob resigns between two turns
// and the game ends with every turn announced once. It plays up to five
// random games through real processes, a minute or more under -race, so
// this file is left to the sweep (go test ./...; README, "Development"):
// under -race TestBotKilledMidTurn kills a real process mid-turn.
func TestBotKilledMidSteps(t *testing.T) {
	t.Parallel()
	g := newCrashGame(t)
	g.start()
	const line = "/carcassonne new expansions:princess-and-dragon,flying-machines,crop-circles"
	g.openGame(line)
	games := 1
	rng := rand.New(rand.NewPCG(7, 7))
	want := map[engine.Step]bool{engine.StepDragon: true, engine.StepLand: true, engine.StepCropPick: true}
	done := map[string]bool{}
	var asks []string // what each new process asked first
	for len(want) > 0 {
		a, over := g.waitAsked(done)
		if over {
			// The bot draws each game's seed: a game may end without a
			// landing, say. The next game plays on.
			if games++; games > 5 {
				t.Fatalf("%d games ended before a kill after each of %v", games-1, want)
			}
			g.openGame(line)
			continue
		}
		done[a.key()] = true
		row, state := g.pending()
		d := state.Pending()
		if !a.step || !want[d.Step] {
			g.respond(a, rng)
			continue
		}
		// Kill the bot once this step's answer is stored, when it posts
		// the next message.
		held := g.srv.Hold("POST /channels/" + g.thread + "/messages")
		g.respond(a, rng)
		ctx, cancel := g.wctx()
		if _, err := held.Wait(ctx); err != nil {
			t.Fatalf("after the %v step the bot posted nothing: %v", d.Step, err)
		}
		after, next := g.pending()
		if after.Moves == row.Moves && after.Answered <= row.Answered {
			t.Fatalf("the %v step's answer is not stored when the bot posts the next message", d.Step)
		}
		g.kill()
		if err := g.srv.Wait(ctx, held.Dropped); err != nil {
			t.Fatalf("the held request outlived the killed process: %v", err)
		}
		held.Release()
		g.start()
		// What the game waits for is posted once: the next step's message,
		// or the next turn.
		nd := next.Pending()
		prefix := g.decisionPrefix(nd, after.Moves, after.Answered)
		if err := g.srv.Wait(ctx, func() bool { return g.postsOf(prefix) > 0 || g.gameOver() }); err != nil {
			t.Fatalf("after a kill following the %v step, the new process never posted the %v decision it waits for: %v", d.Step, nd.Step, err)
		}
		cancel()
		asks = append(asks, prefix)
		t.Logf("killed after the %v step of %s; the new process asked the %v decision", d.Step, a.user.Username, nd.Step)
		delete(want, d.Step)
	}
	// The game goes on, and Bob resigns between two turns (a resignation
	// waits while another player's turn is under way), which ends it.
	for played := 0; ; played++ {
		a, over := g.waitAsked(done)
		if over {
			t.Fatal("the game ended before Bob resigned")
		}
		if row, _ := g.pending(); played >= 4 && !a.step && row.Answered == 0 {
			break
		}
		done[a.key()] = true
		g.respond(a, nil)
	}
	for _, prefix := range asks {
		if n := g.postsOf(prefix); n != 1 {
			t.Errorf("the message %s… was posted %d times, want once", prefix, n)
		}
	}
	for m, n := range g.stepPostCounts() {
		if n != 1 {
			t.Errorf("the step message of decision %s was posted %d times", m, n)
		}
	}
	g.resign()
	g.checkAnnounced()
}

// checkAnnounced asserts that the game finished in the database, that every
// turn was announced exactly once, turns 1 to the last without a gap, and
// that no turn message still offers its menu (checkEnd without its count
// of one placed tile a turn, which the expansions' turns do not keep).
func (g *crashGame) checkAnnounced() {
	g.t.Helper()
	row, _ := g.pending()
	if row.Status != storage.StatusFinished {
		g.t.Errorf("the game is %q in the database, want finished", row.Status)
	}
	posts := g.posted()
	last := 0
	for n := range posts {
		last = max(last, n)
	}
	for n := 1; n <= last; n++ {
		if posts[n] != 1 {
			g.t.Errorf("turn %d was announced %d times, want once", n, posts[n])
		}
	}
	for _, m := range g.srv.Messages(g.thread) {
		if id, _ := crashComponent(m.Message, g.cellPfx); id != "" {
			g.t.Errorf("message %s (%q) still offers its menu after the game", m.ID, m.Content)
		}
	}
}

// stepPostCounts counts the posts of each step message of the game, by
// the decision it asks (moves and answers).
func (g *crashGame) stepPostCounts() map[string]int {
	out := map[string]int{}
	prefix := fmt.Sprintf("cc:step:%d:", g.gameID)
	for _, r := range g.srv.Requests() {
		if r.Route != "POST /channels/{channel}/messages" || r.Status != 200 {
			continue
		}
		s := string(r.JSON)
		if i := strings.Index(s, prefix); i >= 0 {
			f := strings.SplitN(s[i+len(prefix):], ":", 3)
			if len(f) == 3 {
				out[f[0]+":"+f[1]]++
			}
		}
	}
	return out
}

// BenchmarkBotMemory plays whole games of Alice against an easy and a
// normal computer with every expansion through a real bot process and the
// local Discord, Alice placing each tile on the first cell with no figure
// and answering every step with its first choice, and reports the bot
// process's peak resident memory (Linux's VmHWM) in MB. With
// CARCASSONNE_MEMORY_LIMIT in the environment, the process gets it.
//
//	go test ./cmd/carcassonne -run '^$' -bench BotMemory -benchtime 1x
func BenchmarkBotMemory(b *testing.B) {
	var exps []string
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase {
			exps = append(exps, e.String())
		}
	}
	peak := 0.0
	for range b.N {
		g := newCrashGame(b)
		g.start()
		g.openGame("/carcassonne new expansions:"+strings.Join(exps, ","), "easy", "normal")
		done := map[string]bool{}
		for {
			a, over := g.waitAsked(done)
			if over {
				break
			}
			done[a.key()] = true
			g.respond(a, nil)
		}
		peak = max(peak, float64(processPeakRSS(b, g.bot.cmd.Process.Pid))/(1<<20))
	}
	b.ReportMetric(peak, "peak-RSS-MB")
}

// processPeakRSS returns the peak resident memory of process pid in bytes
// (VmHWM in /proc/PID/status).
func processPeakRSS(tb testing.TB, pid int) int64 {
	tb.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				tb.Fatal(err)
			}
			return kb << 10
		}
	}
	tb.Fatalf("no VmHWM in /proc/%d/status", pid)
	return 0
}
