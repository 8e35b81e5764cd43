package bot

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestTradersGame plays a whole game of Traders & Builders for two
// players, chosen with the lobby's Expansions… menu, through the
// components: the Follower… menu offers the builder and the pig where
// legal and the test takes them whenever it can; a builder's second turn
// is announced ("Builder: Alice plays again") and the next turn message
// pings the same player; goods taken appear in the summaries; the final
// table breaks the goods down as the replay of the attached record does.
func TestTradersGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	users := []discordtest.User{alice, bob}
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new")
	lobby := r.Original.ID
	if r := h.click(discordtest.Actor{User: bob}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
		t.Fatalf("Bob joins: answer type %d: %s", r.Type, text(r))
	}
	if r := h.pick(discordtest.Actor{User: alice}, lobby, lobbyID(actExp, 1), "traders-and-builders"); r.Type != 7 {
		t.Fatalf("the Expansions… menu answered type %d: %s", r.Type, text(r))
	}
	m, _ := h.srv.Message(lobby)
	if got := field(m, "Expansions"); got != "Traders & Builders" {
		t.Errorf("the lobby lists the expansions %q", got)
	}
	if got := field(m, "Settings"); !strings.Contains(got, "pig: plus-one") {
		t.Errorf("the lobby's settings do not show the pig option: %q", got)
	}
	pm, ok := menu(m.Message, actPig)
	if !ok || pm.Placeholder != "Pig…" || len(pm.Options) != 1 || pm.Options[0].Value != "plus-one" || !pm.Options[0].Default {
		t.Fatalf("the lobby's Pig… menu: %v %+v", ok, pm)
	}
	if r := h.pick(discordtest.Actor{User: bob}, lobby, pm.CustomID, "plus-one"); !strings.Contains(text(r), "Only the host") {
		t.Errorf("Bob chose the pig option: %s", text(r))
	}
	if r := h.pick(discordtest.Actor{User: alice}, lobby, pm.CustomID, "plus-one"); r.Type != 7 {
		t.Errorf("the Pig… menu answered type %d: %s", r.Type, text(r))
	}
	if r := h.click(discordtest.Actor{User: alice}, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		t.Fatalf("start: answer type %d: %s", r.Type, text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatalf("no thread: %v", err)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	msg, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil })
	if err != nil {
		t.Fatalf("no first turn: %v", err)
	}
	if got := text(h.slash(discordtest.Actor{User: bob, ChannelID: thread}, "/carcassonne help")); !strings.Contains(got, "builder – road (east)") {
		t.Errorf("help in a Traders & Builders game does not explain the builder: %q", got)
	}

	rng := rand.New(rand.NewPCG(5, 6))
	turns, secondTurns := 0, 0
	deployed := map[string]int{}
	for more := true; more; turns++ {
		fig := h.playTurnPreferring(users, thread, msg, rng, 2, "builder", "pig")
		deployed[fig]++
		summary, _ := h.srv.Message(msg.ID)
		prev := mention.FindStringSubmatch(msg.Content)[1]
		msg, more = h.nextTurn(thread, msg.ID)
		if strings.Contains(summary.Content, "Builder: ") {
			secondTurns++
			who, _ := userByID(users, prev)
			if !strings.Contains(summary.Content, "Builder: "+who.GlobalName+" plays again.") {
				t.Errorf("the second turn's announcement: %q", summary.Content)
			}
			if more && mention.FindStringSubmatch(msg.Content)[1] != prev {
				t.Errorf("after %q the next turn pings another player: %q", summary.Content, msg.Content)
			}
		}
	}
	t.Logf("%d turns, %d second turns, figures %v", turns, secondTurns, deployed)
	if secondTurns == 0 || deployed["builder"] == 0 || deployed["pig"] == 0 {
		t.Errorf("%d second turns, %d builders, %d pigs: the game did not exercise Traders & Builders", secondTurns, deployed["builder"], deployed["pig"])
	}
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	rec := recordText(t, msg)
	if strings.Count(rec, "builder@") != deployed["builder"] || strings.Count(rec, "pig@") != deployed["pig"] {
		t.Errorf("deployed %v, the record has %d builders and %d pigs", deployed, strings.Count(rec, "builder@"), strings.Count(rec, "pig@"))
	}
	// The final table has the goods column, as the replay breaks the
	// scores down.
	desc := msg.Embeds[0].Description
	if !strings.Contains(desc, " goods ") {
		t.Errorf("the final table has no goods column:\n%s", desc)
	}
	names, cols := tableRows(desc)
	bd := g.Breakdowns()
	goods := 0
	for k, name := range names {
		p := slices.Index(g.Players(), name)
		if p < 0 || len(cols[k]) != 6 {
			t.Fatalf("row %q: %v", name, cols[k])
		}
		b := bd[p]
		goods += b.Goods
		if w := []int{b.Roads, b.Cities, b.Cloisters, b.Farms, b.Goods, g.Score(p)}; !slices.Equal(cols[k], w) {
			t.Errorf("%s: the table says %v, the replay %v", name, cols[k], w)
		}
	}
	if goods == 0 {
		t.Error("nobody scored goods")
	}
	// Each summary that says goods were taken matches the replay's goods.
	var taken [engine.MaxPlayers][engine.NumGoods]int
	for _, m := range h.srv.Messages(thread) {
		for _, line := range strings.Split(m.Content, "\n") {
			for p, name := range g.Players() {
				_, after, ok := strings.Cut(line, " "+name+" takes ")
				if !ok || strings.HasPrefix(after, "the ") {
					continue
				}
				after, _, _ = strings.Cut(after, ".")
				for _, part := range strings.Split(strings.ReplaceAll(after, " and ", ", "), ", ") {
					var n int
					var good string
					if _, err := fmt.Sscan(part, &n, &good); err != nil {
						t.Fatalf("goods taken %q: %v", part, err)
					}
					d := slices.IndexFunc([]engine.Good{engine.GoodWine, engine.GoodGrain, engine.GoodCloth}, func(d engine.Good) bool { return d.String() == good })
					if d < 0 {
						t.Fatalf("no good %q in %q", good, line)
					}
					taken[p][d] += n
				}
			}
		}
	}
	for p := range g.NumPlayers() {
		if got := g.Goods(p); got != taken[p] {
			t.Errorf("%s: the summaries say %v goods taken, the replay %v", g.Players()[p], taken[p], got)
		}
	}
}

// playTurnPreferring plays the turn of msg through the components: a
// random cell and rotation, then in the Follower… menu the first entry of
// one of the figures prefer names ("large", "builder", "pig") when
// offered, else a plain follower one time in plainOdds. It checks that the
// entry, the preview and the summary name the figure, and returns the
// figure deployed ("large", "builder", "pig", "follower", or "" for none).
func (h *harness) playTurnPreferring(users []discordtest.User, thread string, msg discordtest.Message, rng *rand.Rand, plainOdds int, prefer ...string) string {
	h.t.Helper()
	ids := mention.FindStringSubmatch(msg.Content)
	if ids == nil {
		h.t.Fatalf("the turn message mentions nobody: %q", msg.Content)
	}
	u, err := userByID(users, ids[1])
	if err != nil {
		h.t.Fatal(err)
	}
	a := discordtest.Actor{User: u, ChannelID: thread}
	cm := cellMenu(msg)
	r := h.pick(a, msg.ID, cm.CustomID, cm.Options[rng.IntN(len(cm.Options))].Value)
	preview := r.Original
	if preview == nil {
		h.t.Fatalf("no preview: %s", text(r))
	}
	preferred := func(v string) string {
		for _, f := range prefer {
			if strings.HasPrefix(v, f+"@") {
				return f
			}
		}
		return ""
	}
	fig := ""
	if sm, ok := menu(preview.Message, actSpot); ok {
		var pick *discordgo.SelectMenuOption
		var plain []int
		for k, o := range sm.Options {
			switch {
			case preferred(o.Value) != "":
				if pick == nil {
					pick = &sm.Options[k]
				}
			case o.Value != "-":
				plain = append(plain, k)
			}
		}
		if pick == nil && len(plain) > 0 && rng.IntN(plainOdds) == 0 {
			pick = &sm.Options[plain[rng.IntN(len(plain))]]
		}
		if pick != nil {
			r = h.pick(a, preview.ID, sm.CustomID, pick.Value)
			if r.Type != 7 {
				h.t.Fatalf("the follower menu answered type %d: %s", r.Type, text(r))
			}
			m, _ := h.srv.Message(preview.ID)
			preview = &m
			fig = "follower"
			if f := preferred(pick.Value); f != "" {
				fig = f
				title, _ := engine.ParseFigure(f)
				if !strings.Contains(pick.Label, title.Title()+" – ") {
					h.t.Errorf("the %s's entry is %q", title.Title(), pick.Label)
				}
				if d := preview.Embeds[0].Description; !strings.Contains(d, "Follower: **"+title.Title()+" – ") {
					h.t.Errorf("the preview after choosing the %s says %q", title.Title(), d)
				}
				checkPNG(h.t, *preview)
			}
		}
	}
	ok, found := button(preview.Message, actOK)
	if !found {
		h.t.Fatal("the preview has no Confirm")
	}
	r = h.click(a, preview.ID, ok.CustomID)
	if r.Original == nil || strings.Contains(r.Original.Content, "turn is over") {
		h.t.Fatalf("confirm: %s", text(r))
	}
	if f, _ := engine.ParseFigure(fig); fig != "" && fig != "follower" {
		if m, _ := h.srv.Message(msg.ID); !strings.Contains(m.Content, ", "+f.Title()+" ") {
			h.t.Errorf("the summary does not name the %s: %q", f.Title(), m.Content)
		}
	}
	return fig
}

// TestEscapeWho: the Cathars' escape may take a builder home too
// (record.md: "a knight or builder leaves a besieged city"); the Escape…
// menu and the summary name the figure that leaves.
func TestEscapeWho(t *testing.T) {
	text := "[Players \"Red, Blue\"]\n[Expansions \"base, traders-and-builders, cathars\"]\n\n" +
		"1. CA01 0,-1 180 follower@S\n2. A 1,0 90\n3. E -1,-1 90 builder@E\n4. U -1,0 0\n"
	rec, err := engine.ReadRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	st, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	u, _ := st.TileSet().Lookup("U")
	for _, tt := range []struct {
		escape engine.Target
		want   string
	}{
		{engine.Target{Cell: engine.Cell{X: 0, Y: -1}, Port: engine.S}, "knight"},
		{engine.Target{Cell: engine.Cell{X: -1, Y: -1}, Port: engine.E}, "builder"},
	} {
		m := engine.Move{Tile: u, Cell: engine.Cell{X: -2, Y: 0}, Escape: tt.escape}
		if err := st.Check(m); err != nil {
			t.Fatalf("escape from %v: %v", tt.escape, err)
		}
		if got := turnview.EscapeWho(st, m); got != tt.want {
			t.Errorf("escape from %v: %q, want %q", tt.escape, got, tt.want)
		}
		if got := turnview.MoveWords(st, 0, m, turnview.EscapeWho(st, m), nil); !strings.Contains(got, "the "+tt.want+" at ("+tt.escape.Cell.String()+") escapes") {
			t.Errorf("the summary of the escape from %v: %q", tt.escape, got)
		}
	}
}
