package bot

import (
	"slices"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
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
