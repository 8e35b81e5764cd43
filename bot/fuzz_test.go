package bot

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// fuzzExpansions are the expansions of FuzzPlace's games: those whose
// figures and escapes /carcassonne place types.
const fuzzExpansions = "inns-and-cathedrals,traders-and-builders,tower,cathars,gq11"

// FuzzPlace types /carcassonne place with any position, rotation, follower
// and escape, and any of them focused for autocomplete, as the current
// player of a running game with Inns & Cathedrals, Traders & Builders, The
// Tower and the Cathars, through the local Discord: every interaction is
// answered (the local Discord checks the answer as Discord does: at most 25
// choices of at most 100 characters), a place either plays the turn or
// leaves the game as it was, and the bot logs no error. After each input
// the turn is played (its first cell, when the input did not play), so
// that the inputs meet other positions.
func FuzzPlace(f *testing.F) {
	for _, seed := range [][4]string{
		{"1", "", "", ""},
		{"(0,1)", "90", "knight – city (north)", ""},
		{"0,1", "90°", "none", "none"},
		{"1 · (0,1)", "270", "large follower – city (north)", "knight"},
		{"(-1,0)", "-90", "builder – road (east)", ""},
		{"(2147483647,-2147483648)", "360", "pig – field (south)", ""},
		{"·", "·", "·", "·"},
		{"(0,1) ", "abc", "tower piece at (0,0)", "x"},
		{"1e9", "9999999999999999999", "F:3", "-"},
		{"(0,1", "0 ", "follower@0,1:N", "escape@0,0:N"},
		{"( 0 , 1 )", "180", "\u200b", "🏰"},
	} {
		f.Add(seed[0], seed[1], seed[2], seed[3], uint8(0))
		f.Add(seed[0], seed[1], seed[2], seed[3], uint8(3))
	}
	h := newHarnessWith(f, nil)
	users := []discordtest.User{h.srv.NewUser("alice", "Alice"), h.srv.NewUser("bob", "Bob")}
	game, thread := int64(0), ""
	newGame := func() {
		r := h.slash(discordtest.Actor{User: users[0]}, "/carcassonne new expansions:"+fuzzExpansions)
		if r.Original == nil {
			h.t.Fatalf("no lobby: %s", text(r))
		}
		game++
		if r := h.click(discordtest.Actor{User: users[1]}, r.Original.ID, lobbyID(actJoin, game)); r.Type != 7 {
			h.t.Fatalf("join: %s", text(r))
		}
		if r := h.click(discordtest.Actor{User: users[0]}, r.Original.ID, lobbyID(actStart, game)); r.Type != 6 {
			h.t.Fatalf("start: %s", text(r))
		}
		ctx, cancel := h.wctx()
		defer cancel()
		if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == int(game) }); err != nil {
			h.t.Fatalf("game %d did not start: %v", game, err)
		}
		thread = h.srv.Threads(h.srv.ChannelID)[game-1].ID
		if _, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil }); err != nil {
			h.t.Fatalf("no first turn: %v", err)
		}
	}
	newGame()
	// current returns the game's row and position, and the current
	// player acting in the game's thread.
	current := func() (storage.Game, *engine.Game, discordtest.Actor) {
		g, st, err := h.store.Load(h.ctx, game)
		if err != nil {
			h.t.Fatal(err)
		}
		u, err := userByID(users, seatUser(g, st.Current()))
		if err != nil && !st.Ended() {
			h.t.Fatal(err)
		}
		return g, st, discordtest.Actor{User: u, ChannelID: thread}
	}
	names := [4]string{"position", "rotation", "follower", "escape"}
	f.Fuzz(func(t *testing.T, position, rotation, follower, escape string, focus uint8) {
		h.t = t
		defer func() { h.t = f }()
		vals := [4]string{position, rotation, follower, escape}
		line := "/carcassonne place"
		for k, v := range vals {
			// What a member can type: one line of text without the
			// quotes the local Discord's command line groups with.
			v = strings.TrimSpace(strings.ReplaceAll(v, `"`, "'"))
			if !utf8.ValidString(v) || strings.ContainsAny(v, "\n\r") || utf8.RuneCountInString(v) > 100 {
				return
			}
			if v != "" || k == 0 {
				line += fmt.Sprintf(` %s:"%s"`, names[k], v)
			}
		}
		logged := len(h.logs.String())
		g, _, a := current()
		ctx, cancel := h.wctx()
		defer cancel()
		// Autocomplete of the focused option, as typed so far.
		if i, err := h.srv.Autocomplete(ctx, a, line, names[int(focus)%len(names)]); err == nil {
			if r := h.answer(ctx, i); r.Type != 8 {
				t.Errorf("%s: autocomplete answered with type %d", line, r.Type)
			}
		}
		i, err := h.srv.Slash(ctx, a, line)
		if err != nil {
			return // the local Discord refuses it, as Discord would
		}
		if r := h.answer(ctx, i); text(r) == "" {
			t.Errorf("%s: answered with nothing", line)
		}
		after, st, a := current()
		switch {
		case after.Moves != g.Moves && after.Moves != g.Moves+1:
			t.Errorf("%s: %d moves stored, then %d", line, g.Moves, after.Moves)
		case after.Moves == g.Moves && after.Answered != g.Answered:
			t.Errorf("%s: the turn under way changed from %d answers to %d", line, g.Answered, after.Answered)
		}
		if cells := st.CandidateCells(); after.Moves == g.Moves && !st.Ended() && len(cells) > 0 {
			// The turn is played, on its first cell (a tile that fits
			// nowhere is the bot's to discard).
			c := cells[0]
			if r := h.slash(a, "/carcassonne place position:"+c.String()); !strings.Contains(text(r), "placed") {
				t.Fatalf("place %s: %s", c, text(r))
			}
		}
		if log := h.logs.String()[logged:]; strings.Contains(log, "level=ERROR") || strings.Contains(log, "50035") {
			t.Errorf("%s: the bot logged:\n%s", line, log)
		}
		if _, st, _ := current(); st.Ended() {
			newGame()
		}
	})
}

// FuzzNew types /carcassonne new with any expansions (also focused for
// autocomplete) and any number of seats, through the local Discord: every
// interaction is answered, a lobby opens with the expansions named
// (readExpansions) or the answer says why not and no lobby opens, and the
// bot logs no error. Each lobby is cancelled after, so that the member's
// and the channel's limits of open lobbies are never reached.
func FuzzNew(f *testing.F) {
	for _, seed := range []struct {
		exps  string
		seats int64
	}{
		{"", 0}, {"river", 2}, {"inns-and-cathedrals", 6}, {"river,river", 5}, {"River , TOWER", 3},
		{"robbers,messengers,gq11", 4}, {"base", 2}, {",,,", 2}, {"nope", 7}, {"tower,", -1},
		{"Inns & Cathedrals", 6}, {"inns-and-cathedrals (Inns & Cathedrals)", 9999999999},
	} {
		f.Add(seed.exps, seed.seats)
	}
	h := newHarnessWith(f, nil)
	alice := discordtest.Actor{User: h.srv.NewUser("alice", "Alice")}
	game := int64(0)
	f.Fuzz(func(t *testing.T, exps string, seats int64) {
		h.t = t
		defer func() { h.t = f }()
		exps = strings.TrimSpace(strings.ReplaceAll(exps, `"`, "'"))
		if !utf8.ValidString(exps) || strings.ContainsAny(exps, "\n\r") || utf8.RuneCountInString(exps) > 200 {
			return
		}
		line := "/carcassonne new"
		if exps != "" {
			line += fmt.Sprintf(` expansions:"%s"`, exps)
		}
		if seats != 0 {
			line += fmt.Sprintf(" seats:%d", seats)
		}
		logged := len(h.logs.String())
		ctx, cancel := h.wctx()
		defer cancel()
		if exps != "" {
			if i, err := h.srv.Autocomplete(ctx, alice, line, "expansions"); err == nil {
				if r := h.answer(ctx, i); r.Type != 8 {
					t.Errorf("%s: autocomplete answered with type %d", line, r.Type)
				}
			}
		}
		i, err := h.srv.Slash(ctx, alice, line)
		if err != nil {
			return // the local Discord refuses it, as Discord would
		}
		r := h.answer(ctx, i)
		set, _, readErr := readExpansions(exps)
		lobby := r.Original != nil && r.Original.Flags&discordgo.MessageFlagsEphemeral == 0
		switch {
		case !lobby && text(r) == "":
			t.Errorf("%s: answered with nothing", line)
		case !lobby:
			if g, err := h.store.Get(h.ctx, game+1); err == nil {
				t.Errorf("%s: refused (%s), but game %d opened (%s)", line, text(r), g.ID, g.Status)
			}
		default:
			game++
			g, err := h.store.Get(h.ctx, game)
			if err != nil {
				t.Fatalf("%s: the lobby is not stored: %v", line, err)
			}
			if stored, _, err := storage.ParseExpansions(g.Expansions); readErr != nil || err != nil || stored != set {
				t.Errorf("%s: a lobby of %s, though the option reads as %s (%v)", line, g.Expansions, set, readErr)
			}
			if r := h.click(alice, r.Original.ID, lobbyID(actCancel, game)); r.Type != 7 {
				t.Fatalf("cancel: %s", text(r))
			}
		}
		if log := h.logs.String()[logged:]; strings.Contains(log, "level=ERROR") || strings.Contains(log, "50035") {
			t.Errorf("%s: the bot logged:\n%s", line, log)
		}
	})
}

// FuzzParseID reads any text as a component's custom id, as Discord sends
// it back: parseID never panics, and a preview's id that reads is written
// again (choice.id) as an id that reads as the same choice and stage, the
// ransom of ids posted before it was a record token included.
func FuzzParseID(f *testing.F) {
	for _, s := range []string{"cc:join:1", "cc:cell:3:7:0", "cc:cell:3:7:1:ransom/2=large", "cc:cell:3:7:1:r=1/follower",
		"cc:spot:9:70:5:-12:270:0.3:ransom/2=large:s=1:p=1/3", "cc:ok:1:4:0:1:90:-:r=0/large", "cc:step:2:5:1:3",
		"cc:ranpay:2:5", "cc:odragon:4", "cc:pig:4", "cc:cpuadd:3:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parseID(s)
		if err != nil || !previewAction(p.action) {
			return
		}
		again := p.choice.id(p.action, p.stage)
		q, err := parseID(again)
		if err != nil || q.action != p.action || q.stage != p.stage || fmt.Sprint(q.choice) != fmt.Sprint(p.choice) {
			t.Fatalf("parseID(%q) = %+v, written %q, read back %+v, %v", s, p, again, q, err)
		}
	})
}
