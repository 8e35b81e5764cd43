package bot

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestMessengersRobbersGame plays a whole game of The Messengers and The
// Robbers, three people, through the local Discord: the host picks
// robbers=next in the lobby's Robbers… menu; Bob chooses the messenger
// with /carcassonne pawn, so that his scores in the others' turns move it
// without asking him; every other choice (a robber after a bag tile, the
// pawn a player moves in their own turn, a Message tile, a robbery) comes
// as a step message that mentions the player who decides, with the
// engine's choices as buttons. The final table is the replay of the
// attached record, whose tokens hold robbers, pawns and messages.
func TestMessengersRobbersGame(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return 3 } })
	defer func() {
		if t.Failed() {
			t.Logf("the bot's logs:\n%s", h.logs.String())
		}
	}()
	users := []discordtest.User{h.srv.NewUser("alice", "Alice"), h.srv.NewUser("bob", "Bob"), h.srv.NewUser("cleo", "Cleo")}
	if r := text(h.slash(discordtest.Actor{User: users[1]}, "/carcassonne pawn moves:messenger")); !strings.Contains(r, "your **messenger** moves") {
		t.Fatalf("/carcassonne pawn: %q", r)
	}
	if r := text(h.slash(discordtest.Actor{User: users[1]}, "/carcassonne pawn")); !strings.Contains(r, "your **messenger** moves") {
		t.Fatalf("/carcassonne pawn without a choice: %q", r)
	}
	host := discordtest.Actor{User: users[0]}
	r := h.slash(host, "/carcassonne new")
	lobby := r.Original.ID
	for _, u := range users[1:] {
		h.click(discordtest.Actor{User: u}, lobby, lobbyID(actJoin, 1))
	}
	if r := h.pick(host, lobby, lobbyID(actExp, 1), "messengers", "robbers"); r.Type != 7 {
		t.Fatalf("the Expansions… menu: %s", text(r))
	}
	m, _ := h.srv.Message(lobby)
	rm, ok := menu(m.Message, actRobbersOpt)
	if !ok || len(rm.Options) != 2 {
		t.Fatalf("the lobby has no Robbers… menu: %+v", rm)
	}
	if r := h.pick(discordtest.Actor{User: users[1]}, lobby, rm.CustomID, "next"); r.Type == 7 {
		t.Error("a player who is not the host chose the robbers' rule")
	}
	if r := h.pick(host, lobby, rm.CustomID, "next"); r.Type != 7 {
		t.Fatalf("the Robbers… menu: %s", text(r))
	}
	if r := h.click(host, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		t.Fatalf("start: %s", text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatal(err)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	msg, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil })
	if err != nil {
		t.Fatal(err)
	}
	help := text(h.slash(discordtest.Actor{User: users[2], ChannelID: thread}, "/carcassonne help"))
	for _, w := range []string{"**Messengers**", "**Robbers**", "/carcassonne pawn"} {
		if !strings.Contains(help, w) {
			t.Errorf("help does not say %q", w)
		}
	}
	seen := map[engine.Step]int{}
	bobAsked := 0
	turns := 0
	for more := true; more; turns++ {
		_, st, err := h.store.Load(h.ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		if st.Options().Robbers != engine.RobbersNext {
			t.Fatalf("the game plays robbers=%s", st.Options().Robbers)
		}
		moves := len(st.Moves())
		t0, _ := st.Drawn()
		// The easy computer's placement and figure, so that features
		// score often (and pawns land on dark spaces).
		as, err := ai.Turn(st, ai.Easy, uint64(moves))
		if err != nil {
			t.Fatal(err)
		}
		em := ai.MoveOf(t0, as)
		mv := engine.Move{Tile: t0, Cell: em.Cell, Rotation: em.Rotation}
		if !bagTile(st) && em.Follower != engine.NoPort {
			// After a bag tile, the figure comes after the others'
			// robbers, in a message.
			mv.Follower, mv.Figure = em.Follower, em.Figure
		}
		h.playMove(users[st.Current()], thread, msg, st, mv)
		for {
			g, st, err := h.store.Load(h.ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			d := st.Pending()
			if g.Moves != moves || d.Step == engine.StepTile || d.Step == engine.StepNone {
				break
			}
			if d.Step == engine.StepPawn && d.Player == 1 && st.Current() != 1 {
				t.Fatalf("move %d: Bob is asked his pawn in another's turn", moves)
			}
			if d.Player == 1 {
				bobAsked++
			}
			sm := h.stepMsg(thread, moves, g.Answered)
			if ids := mention.FindStringSubmatch(sm.Content); ids == nil || ids[1] != users[d.Player].ID {
				t.Fatalf("move %d: the step message mentions %q, %s decides %v", moves, sm.Content, users[d.Player].Username, d.Step)
			}
			opts := turnview.Options(st, seatNames(g, st))
			_, bs := components(sm.Message)
			// The first choice that is not a pass: robbers placed,
			// messages carried out, markers moved.
			k := max(0, slices.IndexFunc(opts, func(o turnview.Option) bool { return !o.Pass() }))
			if d.Step == engine.StepPawn && moves%3 == 0 {
				k = len(opts) - 1 // the messenger now and then
			}
			if len(bs) != len(opts) || bs[k].Label != truncate(opts[k].Label, 80) {
				t.Fatalf("move %d: the step message's buttons %+v, the engine's choices %v", moves, bs, opts)
			}
			if d.Step == engine.StepMessage && !strings.HasPrefix(opts[len(opts)-1].Label, "Take 2 points") {
				t.Errorf("move %d: the message's last choice is %q", moves, opts[len(opts)-1].Label)
			}
			if r := h.click(discordtest.Actor{User: users[d.Player], ChannelID: thread}, sm.ID, bs[k].CustomID); r.Type != 6 {
				t.Fatalf("move %d: the step's button answered type %d: %s", moves, r.Type, text(r))
			}
			wctx, wcancel := h.wctx()
			err = h.srv.Wait(wctx, func() bool { m, _ := h.srv.Message(sm.ID); return len(m.Components) == 0 })
			wcancel()
			if err != nil {
				t.Fatalf("move %d: the step message keeps its buttons: %v", moves, err)
			}
			seen[d.Step]++
		}
		msg, more = h.nextTurn(thread, msg.ID)
	}
	t.Logf("%d turns, steps answered through messages: %v; Bob asked %d times", turns, seen, bobAsked)
	for _, st := range []engine.Step{engine.StepRobber, engine.StepPawn, engine.StepMessage} {
		if seen[st] == 0 {
			t.Errorf("no %s step went through a message: %v", st, seen)
		}
	}
	h.checkEnd(t, msg, turns)
	g := recordOf(t, msg)
	rec := recordText(t, msg)
	for _, tok := range []string{"robber/", "pawn/", "msg="} {
		if !strings.Contains(rec, tok) {
			t.Errorf("the record has no %s:\n%s", tok, rec)
		}
	}
	robbed, messages := 0, 0
	for _, e := range g.Events() {
		switch e.Source {
		case engine.SourceRobbery:
			robbed++
		case engine.SourceMessage:
			messages++
		}
	}
	if robbed == 0 || messages == 0 {
		t.Errorf("the game has %d robberies and %d messages, want some of each", robbed, messages)
	}
	// In the others' turns Bob's scores moved his messenger, Alice's and
	// Cleo's their marker, by their choices; nobody was asked.
	replay, err := engine.New(engine.Config{Rules: g.Rules(), Players: g.Players(), Options: g.Options(), Seed: g.Seed(), Tiles: g.TileSet(), Start: g.Start()})
	if err != nil {
		t.Fatal(err)
	}
	others := 0
	for k, m := range g.Moves() {
		cur := replay.Current()
		for i := range m.Scoring.Len() {
			c := m.Scoring.At(i)
			if c.Step == engine.StepPawn && c.Seat-1 != cur {
				others++
				if c.Messenger != (c.Seat == 2) {
					t.Errorf("move %d: %s in another's turn moved the messenger: %v", k, g.Players()[c.Seat-1], c.Messenger)
				}
			}
		}
		if err := replay.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if others == 0 {
		t.Error("nobody scored in another player's turn")
	}
	checkFinalTable(t, g, msg.Embeds[0].Description)
}

// TestRobberTimeoutPasses: after a tile with a bag, the other player's
// robber is asked in a message under the turn timeout; when the time runs
// out, no robber is placed (a timeout passes where it may), the message
// says so, and the turn goes on.
func TestRobberTimeoutPasses(t *testing.T) {
	found := func(st *engine.Game) bool {
		_, placed := st.Robber(1) // Bob's robber is in front of him: he is asked
		return bagTile(st) && len(st.Placements()) > 0 && !placed
	}
	h, thread, turn, st, users := defectGameWith(t, "/carcassonne new turn-timeout:5m", []engine.Expansion{engine.ExpansionRobbers}, 4, found)
	a := discordtest.Actor{User: users[st.Current()], ChannelID: thread}
	p := st.Placements()[0]
	preview := openPreview(t, h, a, turn, st, p)
	if _, ok := menu(preview.Message, actSpot); ok {
		t.Error("the preview of a bag tile offers a Follower… menu: the figure comes after the robbers")
	}
	rm, ok := menu(preview.Message, actRobber)
	if !ok || rm.Options[0].Value != "-" || len(rm.Options) < 2 {
		t.Fatalf("the preview's Robber… menu: %+v", rm.Options)
	}
	okb, _ := button(preview.Message, actOK)
	if r := h.click(a, preview.ID, okb.CustomID); r.Type != 6 {
		t.Fatalf("Confirm: %s", text(r))
	}
	moves := len(st.Moves())
	waitState(t, h, func(_ storage.Game, now *engine.Game) bool {
		return now.Pending().Step == engine.StepRobber && now.Pending().Player != st.Current()
	})
	g, _, err := h.store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	sm := h.stepMsg(thread, moves, g.Answered)
	h.offset.Add(int64(6 * time.Minute))
	waitStored(t, h, func(now storage.Game) bool { return now.Moves > moves || now.Answered > g.Answered })
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { m, _ := h.srv.Message(sm.ID); return len(m.Components) == 0 }); err != nil {
		t.Fatalf("the robber's message keeps its buttons: %v", err)
	}
	m, _ := h.srv.Message(sm.ID)
	if want := "Bob ran out of time, so I chose: Bob places no robber."; m.Content != want {
		t.Errorf("the robber's message says %q, want %q", m.Content, want)
	}
}
