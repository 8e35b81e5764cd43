package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/internal/racetest"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// testPlayouts is the computers' budget in the tests: the levels' own
// (5,000 and 20,000 playouts) take seconds a move under -race; under it,
// 10 (a search eight times slower finds no more races in more playouts).
var testPlayouts = racetest.Scale(50, 5)

// openComputerMenu presses the lobby's Add computer player as a and
// returns the ephemeral menu of levels.
func (h *harness) openComputerMenu(a discordtest.Actor, lobbyMsg string, game int64) (msgID, menuID string) {
	h.t.Helper()
	r := h.click(a, lobbyMsg, lobbyID(actCPU, game))
	if r.Flags&64 == 0 || r.Original == nil {
		h.t.Fatalf("Add computer player: not an ephemeral menu: %s", text(r))
	}
	m, ok := menu(r.Original.Message, actCPUAdd)
	if !ok {
		h.t.Fatalf("Add computer player: no menu of levels: %s", text(r))
	}
	var levels []string
	for _, o := range m.Options {
		levels = append(levels, o.Value)
	}
	if strings.Join(levels, ",") != "easy,normal,hard" {
		h.t.Fatalf("the levels offered are %v, want easy, normal, hard", levels)
	}
	return r.Original.ID, m.CustomID
}

// addComputer seats a computer of level in lobby game as its host.
func (h *harness) addComputer(host discordtest.User, lobbyMsg string, game int64, level string) {
	h.t.Helper()
	a := discordtest.Actor{User: host}
	msg, id := h.openComputerMenu(a, lobbyMsg, game)
	r := h.pick(a, msg, id, level)
	if r.Type != 7 || !strings.Contains(text(r), "takes a seat") {
		h.t.Fatalf("choosing %s: answer type %d: %s", level, r.Type, text(r))
	}
}

// seatNames returns the names of the seats of game id, in seat order.
func (h *harness) seatNames(id int64) []string {
	h.t.Helper()
	g, err := h.store.Get(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	var out []string
	for _, s := range g.Seats {
		out = append(out, s.Name)
	}
	return out
}

// lobbySeats returns the Seats field of the lobby message.
func (h *harness) lobbySeats(lobbyMsg string) string {
	h.t.Helper()
	m, ok := h.srv.Message(lobbyMsg)
	if !ok || len(m.Embeds) == 0 {
		h.t.Fatal("the lobby message is gone")
	}
	for _, f := range m.Embeds[0].Fields {
		if strings.HasPrefix(f.Name, "Seats") {
			return f.Value
		}
	}
	h.t.Fatalf("the lobby has no seats: %+v", m.Embeds[0].Fields)
	return ""
}

// TestComputerLobby: the host adds computers of each level from the
// lobby's menu and removes them; every refusal (not the host, the lobby
// full, the game started, a menu out of date, a double click) is ephemeral,
// says why, and leaves the lobby as it was.
func TestComputerLobby(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) { c.ComputerPause, c.ComputerPlayouts = time.Hour, testPlayouts })
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	host := discordtest.Actor{User: alice}
	r := h.slash(host, "/carcassonne new")
	lobbyMsg := r.Original.ID
	same := func(t *testing.T, want ...string) {
		t.Helper()
		if got := h.seatNames(1); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("seats %q, want %q", got, want)
		}
	}

	t.Run("not the host", func(t *testing.T) {
		wantEphemeral(t, h.click(discordtest.Actor{User: bob}, lobbyMsg, lobbyID(actCPU, 1)), "Only the host can add computer players")
		wantEphemeral(t, h.click(discordtest.Actor{User: bob}, lobbyMsg, lobbyID(actCPURm, 1)), "Only the host can remove computer players")
		same(t, "Alice")
	})

	t.Run("a double click adds one", func(t *testing.T) {
		msg, id := h.openComputerMenu(host, lobbyMsg, 1)
		ctx, cancel := h.wctx()
		defer cancel()
		// The first choice's answer waits inside the local Discord, so the
		// second choice comes from the menu as it was, as a double click's.
		held := h.srv.Hold("POST /interactions/{interaction}/{token}/callback")
		defer held.Release()
		first, err := h.srv.Select(ctx, host, msg, id, "normal")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := held.Wait(ctx); err != nil {
			t.Fatal(err)
		}
		second, err := h.srv.Select(ctx, host, msg, id, "normal")
		if err != nil {
			t.Fatal(err)
		}
		held.Release()
		r1, r2 := h.answer(ctx, first), h.answer(ctx, second)
		if !strings.Contains(text(r1), "Computer (normal) takes a seat") {
			t.Errorf("the first choice: %s", text(r1))
		}
		wantEphemeral(t, r2, "out of date")
		same(t, "Alice", "Computer (normal)")
		if s := h.lobbySeats(lobbyMsg); !strings.Contains(s, "Computer (normal)") {
			t.Errorf("the lobby shows the seats %q", s)
		}
	})

	t.Run("the same level twice", func(t *testing.T) {
		h.addComputer(alice, lobbyMsg, 1, "normal")
		same(t, "Alice", "Computer (normal)", "Computer (normal) 2")
		if s := h.lobbySeats(lobbyMsg); !strings.Contains(s, "Computer (normal) 2") {
			t.Errorf("the lobby shows the seats %q", s)
		}
	})

	t.Run("a menu out of date", func(t *testing.T) {
		oldMsg, oldID := h.openComputerMenu(host, lobbyMsg, 1)
		h.addComputer(alice, lobbyMsg, 1, "hard")
		wantEphemeral(t, h.pick(host, oldMsg, oldID, "easy"), "out of date")
		same(t, "Alice", "Computer (normal)", "Computer (normal) 2", "Computer (hard)")
	})

	t.Run("the lobby full", func(t *testing.T) {
		msg, id := h.openComputerMenu(host, lobbyMsg, 1)
		h.click(discordtest.Actor{User: bob}, lobbyMsg, lobbyID(actJoin, 1))
		wantEphemeral(t, h.pick(host, msg, id, "easy"), "The lobby is full (5 of 5 seats)")
		wantEphemeral(t, h.click(host, lobbyMsg, lobbyID(actCPU, 1)), "The lobby is full")
		same(t, "Alice", "Computer (normal)", "Computer (normal) 2", "Computer (hard)", "Bob")
		h.click(discordtest.Actor{User: bob}, lobbyMsg, lobbyID(actLeave, 1))
	})

	t.Run("remove with several", func(t *testing.T) {
		r := h.click(host, lobbyMsg, lobbyID(actCPURm, 1))
		if r.Flags&64 == 0 || r.Original == nil {
			t.Fatalf("Remove computer: not an ephemeral menu: %s", text(r))
		}
		m, ok := menu(r.Original.Message, actCPUDel)
		if !ok || len(m.Options) != 3 {
			t.Fatalf("Remove computer: the menu %+v, want the 3 computers", m)
		}
		stale := h.click(host, lobbyMsg, lobbyID(actCPURm, 1)).Original
		r = h.pick(host, r.Original.ID, m.CustomID, "Computer (normal) 2")
		if r.Type != 7 || !strings.Contains(text(r), "Computer (normal) 2 left") {
			t.Fatalf("removing: %s", text(r))
		}
		same(t, "Alice", "Computer (normal)", "Computer (hard)")
		if s := h.lobbySeats(lobbyMsg); strings.Contains(s, "Computer (normal) 2") {
			t.Errorf("the lobby still shows %q", s)
		}
		wantEphemeral(t, h.pick(host, stale.ID, m.CustomID, "Computer (normal) 2"), "not in the lobby any more")
		h.pick(host, stale.ID, m.CustomID, "Computer (hard)")
		same(t, "Alice", "Computer (normal)")
	})

	t.Run("remove the only one", func(t *testing.T) {
		r := h.click(host, lobbyMsg, lobbyID(actCPURm, 1))
		if r.Type != 7 {
			t.Fatalf("Remove computer with one computer: answer type %d, want the lobby updated: %s", r.Type, text(r))
		}
		same(t, "Alice")
		wantEphemeral(t, h.click(host, lobbyMsg, lobbyID(actCPURm, 1)), "no computer player to remove")
		same(t, "Alice")
	})

	t.Run("the game started", func(t *testing.T) {
		h.addComputer(alice, lobbyMsg, 1, "easy")
		msg, id := h.openComputerMenu(host, lobbyMsg, 1)
		if r := h.click(host, lobbyMsg, lobbyID(actStart, 1)); r.Type != 6 {
			t.Fatalf("start with one person and a computer: %s", text(r))
		}
		ctx, cancel := h.wctx()
		defer cancel()
		if err := h.srv.Wait(ctx, func() bool { g, err := h.store.Get(h.ctx, 1); return err == nil && g.ThreadID != "" }); err != nil {
			t.Fatal(err)
		}
		wantEphemeral(t, h.pick(host, msg, id, "hard"), "already started")
		same(t, "Alice", "Computer (easy)")
	})
}

// TestComputerGameExpansions is TestComputerGame with the expansions whose
// turns have more steps (the large follower, the builder's extra turn and
// the pig, the Cathars' escapes), for 24 turns of the person, who then
// resigns: the game stops, as only computers are left.
func TestComputerGameExpansions(t *testing.T) {
	t.Parallel()
	playComputerGame(t, "/carcassonne new expansions:inns-and-cathedrals,traders-and-builders,cathars", 17, 24)
}

// playComputerGame plays the game that the command line opens, one person
// against an easy and a hard computer, to the end (see TestComputerGame),
// or for `resignAfter` turns of the person (0: to the end) after which they
// resign; seed drives the person's choices.
func playComputerGame(t *testing.T, line string, seed uint64, resignAfter int) {
	h := newHarnessWith(t, func(c *Config) { c.ComputerPause, c.ComputerPlayouts = time.Millisecond, testPlayouts })
	alice := h.srv.NewUser("alice", "Alice")
	users := []discordtest.User{alice}
	r := h.slash(discordtest.Actor{User: alice}, line)
	lobbyMsg := r.Original.ID
	h.addComputer(alice, lobbyMsg, 1, "easy")
	h.addComputer(alice, lobbyMsg, 1, "hard")
	if r := h.click(discordtest.Actor{User: alice}, lobbyMsg, lobbyID(actStart, 1)); r.Type != 6 {
		t.Fatalf("start: %s", text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatal(err)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	rng := rand.New(rand.NewPCG(seed, 2))
	turns := 0
	msg, more := h.nextTurn(thread, "")
	for ; more && (resignAfter == 0 || turns < resignAfter); turns++ {
		if ids := mention.FindAllStringSubmatch(msg.Content, -1); len(ids) != 1 || ids[0][1] != alice.ID {
			t.Fatalf("a turn message for the person mentions %v: %q", ids, msg.Content)
		}
		h.playTurn(users, thread, msg, rng)
		msg, more = h.nextTurn(thread, msg.ID)
	}
	if resignAfter > 0 {
		if !more {
			t.Fatalf("the game ended after %d turns of the person", turns)
		}
		wantEphemeral(t, h.slash(discordtest.Actor{User: alice, ChannelID: thread}, "/carcassonne resign"), "You resigned")
		if _, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool {
			return strings.Contains(m.Content, "Only computer players are left")
		}); err != nil {
			t.Fatalf("the game did not stop: %v", err)
		}
	} else {
		if turns < 15 {
			t.Errorf("the person played %d turns", turns)
		}
		h.checkEndWith(t, msg, turns, 1)
	}

	// Every computer's turn was posted with its picture and became its
	// summary.
	summaries := map[string]int{}
	for _, m := range h.srv.Messages(thread) {
		for _, name := range []string{"Computer (easy)", "Computer (hard)"} {
			if strings.HasPrefix(m.Content, name+" placed ") {
				summaries[name]++
			}
		}
	}
	pictures := 0
	for _, req := range h.srv.Requests() {
		if req.Route == "POST /channels/{channel}/messages" && strings.Contains(string(req.JSON), "is thinking") && len(req.Files) > 0 {
			pictures++
		}
	}
	if summaries["Computer (easy)"] < turns-1 || summaries["Computer (hard)"] < turns-1 {
		t.Errorf("the computers' summaries: %v, the person played %d turns", summaries, turns)
	}
	if pictures < summaries["Computer (easy)"]+summaries["Computer (hard)"] {
		t.Errorf("%d computer turns were posted with a picture, %v were played", pictures, summaries)
	}
	h.checkComputerMoves(t, 1, ai.Config{Playouts: testPlayouts}, -1)
	h.checkNoComputerMentioned(t)
	extra, escapes := 0, 0
	for _, m := range h.srv.Messages(thread) {
		if strings.HasPrefix(m.Content, "Computer (") {
			extra += strings.Count(m.Content, "Builder: Computer")
			escapes += strings.Count(m.Content, "escapes from the besieged city")
		}
	}
	t.Logf("%d turns of the person; the computers' extra turns: %d, escapes: %d", turns, extra, escapes)
	if resignAfter > 0 {
		return
	}

	// The leaderboard lists the computers by their seats' names, which
	// say their level.
	r = h.slash(discordtest.Actor{User: alice}, "/carcassonne leaderboard")
	board := text(r)
	if r.Original != nil && len(r.Original.Embeds) > 0 {
		board = r.Original.Embeds[0].Description
	}
	for _, name := range []string{"**Alice**", "**Computer (easy)**", "**Computer (hard)**"} {
		if strings.Count(board, name) != 1 {
			t.Errorf("the leaderboard lists %s %d times: %q", name, strings.Count(board, name), board)
		}
	}
	entries, err := h.store.Leaderboard(h.ctx, h.srv.GuildID, 10)
	if err != nil {
		t.Fatal(err)
	}
	levels := map[string]string{}
	for _, e := range entries {
		levels[e.Name] = e.ComputerLevel
	}
	if want := map[string]string{"Alice": "", "Computer (easy)": "easy", "Computer (hard)": "hard"}; fmt.Sprint(levels) != fmt.Sprint(want) {
		t.Errorf("the statistics know the players as %v, want %v", levels, want)
	}
}

// checkComputerMoves replays game id's stored moves and checks that each
// computer's move (the first `upTo`, -1 for all) is the one package ai
// chooses for that position and the game's seed of that turn.
func (h *harness) checkComputerMoves(t *testing.T, id int64, cfg ai.Config, upTo int) {
	t.Helper()
	g, st, err := h.store.Load(h.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := engine.New(engine.Config{Rules: st.Rules(), Players: st.Players(), Options: st.Options(), Seed: st.Seed(), Tiles: st.TileSet(), Start: st.Start()})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for k, m := range st.Moves() {
		if upTo >= 0 && k >= upTo {
			break
		}
		if l := playerLevel(g, cur.Current()); l != ai.NoLevel && !m.Discard && !m.Resign {
			c := cfg
			c.Level = l
			as, err := c.Turn(cur, ai.DecisionSeed(id, k, 0))
			if err != nil {
				t.Fatalf("move %d: %v", k, err)
			}
			played := cur.Clone()
			for _, a := range as {
				if _, err := played.Act(a); err != nil {
					t.Fatalf("move %d: %s: %v", k, a, err)
				}
			}
			want := played.Moves()[k]
			if want != m {
				t.Fatalf("move %d of %s: stored %+v, the computer chooses %+v", k, g.Seats[cur.Current()].Name, m, want)
			}
			checked++
		}
		if err := cur.Apply(m); err != nil {
			t.Fatalf("move %d: %v", k, err)
		}
	}
	if checked == 0 {
		t.Error("no computer's move was checked")
	}
}

// checkNoComputerMentioned fails if any request the bot made names a
// computer's user id (in a mention, the allowed mentions, anything).
func (h *harness) checkNoComputerMentioned(t *testing.T) {
	t.Helper()
	for _, req := range h.srv.Requests() {
		if strings.Contains(string(req.JSON), ai.SeatPrefix) {
			t.Errorf("%s %s names a computer's user id: %s", req.Method, req.Path, req.JSON)
		}
	}
}

// checkEndWith is checkEnd for a game with `people` people (the others
// computers): the end mentions the people alone.
func (h *harness) checkEndWith(t *testing.T, end discordtest.Message, turns, people int) {
	t.Helper()
	g := recordOf(t, end)
	h.checkEndAll(t, end, turns, people)
	if n := g.NumPlayers(); n <= people {
		t.Errorf("the game has %d players, %d of them people", n, people)
	}
}

// TestComputerTurnTimeoutAndRestart: a computer's turn in a game with a
// turn timeout is never timed out nor reminded, and a bot started again
// while it is pending plays it.
func TestComputerTurnTimeoutAndRestart(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) { c.ComputerPause, c.ComputerPlayouts = time.Hour, testPlayouts })
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	carol := h.srv.NewUser("carol", "Carol")
	ctx, cancel := h.wctx()
	defer cancel()

	// Game 1: Alice against a computer, 5 minutes a turn.
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new turn-timeout:5m")
	lobby1 := r.Original.ID
	h.addComputer(alice, lobby1, 1, "normal")
	h.click(discordtest.Actor{User: alice}, lobby1, lobbyID(actStart, 1))
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatal(err)
	}
	thread1 := h.srv.Threads(h.srv.ChannelID)[0].ID
	first, _ := h.nextTurn(thread1, "")
	h.playTurn([]discordtest.User{alice}, thread1, first, newRand())
	thinking, err := h.srv.WaitMessage(ctx, thread1, func(m discordtest.Message) bool {
		return len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Description, "Computer (normal)** is thinking")
	})
	if err != nil {
		t.Fatalf("no computer's turn: %v", err)
	}
	checkPNG(t, thinking)
	waiting := h.movesOf() // Alice's move, and perhaps discards
	if mention.MatchString(thinking.Content) {
		t.Errorf("the computer's turn mentions someone: %q", thinking.Content)
	}
	if _, ok := button(thinking.Message, actBoard); !ok || cellMenu(thinking) != nil {
		t.Errorf("the computer's turn has the components %+v, want Whole board alone", thinking.Components)
	}
	// A person pressing the computer's turn's button sees the board, and
	// playing out of turn is refused.
	if r := h.slash(discordtest.Actor{User: alice, ChannelID: thread1}, "/carcassonne place position:(0,1)"); !strings.Contains(text(r), "It's Computer (normal)'s turn") {
		t.Errorf("placing on the computer's turn: %s", text(r))
	}

	// Game 2: Bob and Carol, 5 minutes a turn; its timeout shows that the
	// ticks have served the deadlines past.
	r = h.slash(discordtest.Actor{User: bob}, "/carcassonne new turn-timeout:5m")
	lobby2 := r.Original.ID
	h.click(discordtest.Actor{User: carol}, lobby2, lobbyID(actJoin, 2))
	h.click(discordtest.Actor{User: bob}, lobby2, lobbyID(actStart, 2))
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 2 }); err != nil {
		t.Fatal(err)
	}
	thread2 := h.srv.Threads(h.srv.ChannelID)[1].ID
	turn2, _ := h.nextTurn(thread2, "")
	for k := 0; k < 2; k++ {
		h.offset.Add(int64(6 * time.Minute))
		next, _ := h.nextTurn(thread2, turn2.ID)
		old, _ := h.srv.Message(turn2.ID)
		if !strings.Contains(old.Content, "ran out of time") {
			t.Fatalf("game 2 did not time out: %q", old.Content)
		}
		turn2 = next
	}
	if n := h.movesOf(); n != waiting {
		t.Fatalf("game 1 has %d moves after the deadlines passed, want %d (the computer's turn waits)", n, waiting)
	}
	for _, m := range h.srv.Messages(thread1) {
		if strings.Contains(m.Content, "ran out of time") || strings.Contains(m.Content, "half of your time") {
			t.Errorf("game 1 says %q", m.Content)
		}
	}
	if m, _ := h.srv.Message(thinking.ID); len(m.Embeds) == 0 || !strings.Contains(m.Embeds[0].Description, "is thinking") {
		t.Errorf("the computer's turn message became %q", m.Content)
	}

	// A new bot on the same database plays the computer's turn.
	h.stop()
	h.configure = func(c *Config) { c.ComputerPause, c.ComputerPlayouts = time.Millisecond, testPlayouts }
	h.start()
	next, more := h.nextTurn(thread1, first.ID)
	if !more {
		t.Fatal("game 1 ended")
	}
	if ids := mention.FindAllStringSubmatch(next.Content, -1); len(ids) != 1 || ids[0][1] != alice.ID {
		t.Errorf("Alice's turn mentions %v", ids)
	}
	played, _ := h.srv.Message(thinking.ID)
	if !strings.HasPrefix(played.Content, "Computer (normal) placed ") {
		t.Errorf("the computer's turn message says %q, want its summary", played.Content)
	}
	posted := 0
	for _, m := range h.srv.Messages(thread1) {
		if strings.HasPrefix(m.Content, "Computer (normal)") {
			posted++
		}
	}
	if posted != 1 {
		t.Errorf("the computer's turn was posted %d times", posted)
	}
	g, err := h.store.Get(h.ctx, 1)
	if err != nil || g.Moves <= waiting {
		t.Fatalf("game 1: %d moves, %v", g.Moves, err)
	}
	h.checkComputerMoves(t, 1, ai.Config{Playouts: testPlayouts}, waiting+1)
	h.checkNoComputerMentioned(t)
}

// TestComputerIDs: computers' seats are told from people's by their user
// id and kind, and their names stay apart.
func TestComputerIDs(t *testing.T) {
	g := storage.Game{Seats: []storage.Seat{
		{UserID: "123", Name: "Alice", Kind: storage.PlayerDiscord},
		{UserID: "local:@normal:Computer (normal)", Name: "Computer (normal)", Kind: storage.PlayerLocal},
		{UserID: "local:@hard:Computer (hard)", Name: "Computer (hard)", Kind: storage.PlayerLocal},
		{UserID: "local:@random:X", Name: "X", Kind: storage.PlayerLocal},
		{UserID: "local:@hard:Y", Name: "Y", Kind: storage.PlayerDiscord},
	}}
	want := []ai.Level{ai.NoLevel, ai.Normal, ai.Hard, ai.NoLevel, ai.NoLevel}
	for p, w := range want {
		if got := playerLevel(g, p); got != w {
			t.Errorf("seat %d: level %v, want %v", p, got, w)
		}
	}
	if got := computerName(g, ai.Normal); got != "Computer (normal) 2" {
		t.Errorf("a second normal computer is %q", got)
	}
	if got := computerName(g, ai.Easy); got != "Computer (easy)" {
		t.Errorf("the first easy computer is %q", got)
	}
	if p := computerPlayer(ai.Hard, "Computer (hard) 2"); seatLevel(storage.Seat{UserID: p.UserID, Kind: p.Kind}) != ai.Hard {
		t.Errorf("the seat %+v is not a hard computer's", p)
	}
	for _, id := range []string{computerMenuID(actCPUAdd, 3, 2), lobbyID(actCPU, 3), lobbyID(actCPURm, 3), lobbyID(actCPUDel, 3)} {
		p, err := parseID(id)
		if err != nil || p.game != 3 {
			t.Errorf("%s: %+v, %v", id, p, err)
		}
	}
	if p, _ := parseID(computerMenuID(actCPUAdd, 3, 2)); p.moves != 2 {
		t.Errorf("the menu's count reads %d, want 2", p.moves)
	}
	for _, bad := range []string{"cc:cpuadd:3", "cc:cpuadd:3:-1", "cc:cpuadd:3:x", "cc:cpu:3:1"} {
		if _, err := parseID(bad); err == nil {
			t.Errorf("%s reads", bad)
		}
	}
}

// TestOnlyComputersLeft: when the one person of a game against two
// computers resigns, the game stops instead of going on among computers.
func TestOnlyComputersLeft(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) { c.ComputerPause, c.ComputerPlayouts = time.Hour, testPlayouts })
	alice := h.srv.NewUser("alice", "Alice")
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new")
	lobbyMsg := r.Original.ID
	h.addComputer(alice, lobbyMsg, 1, "easy")
	h.addComputer(alice, lobbyMsg, 1, "easy")
	h.click(discordtest.Actor{User: alice}, lobbyMsg, lobbyID(actStart, 1))
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatal(err)
	}
	if got := h.seatNames(1); strings.Join(got, ",") != "Alice,Computer (easy),Computer (easy) 2" {
		t.Errorf("the seats are %q", got)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	h.nextTurn(thread, "")
	wantEphemeral(t, h.slash(discordtest.Actor{User: alice, ChannelID: thread}, "/carcassonne resign"), "You resigned")
	if _, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool {
		return strings.Contains(m.Content, "Only computer players are left in game #1")
	}); err != nil {
		t.Fatalf("the stop was not said: %v", err)
	}
	g, err := h.store.Get(h.ctx, 1)
	if err != nil || g.Status != storage.StatusStopped {
		t.Fatalf("game 1 is %s (%v), want stopped", g.Status, err)
	}
	for _, m := range h.srv.Messages(thread) {
		if len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Description, "is thinking") {
			t.Errorf("a computer's turn was posted after the person resigned: %q", m.Embeds[0].Title)
		}
	}
}
