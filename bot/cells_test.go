package bot

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
)

// TestCellsPastHundred: a turn whose tile fits on more than 100 cells (a
// game of every expansion, its moves stored while the bot is stopped)
// lists the first 99 in the turn message's four menus and ends the fourth
// with "▶ More choices…"; the player to move gets the rest in an
// ephemeral message, where any cell opens its preview; anyone else is
// refused. No cell is left out (issue 29.4).
func TestCellsPastHundred(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return 5 } })
	alice := h.srv.NewUser("alice", "Alice")
	bob := h.srv.NewUser("bob", "Bob")
	var every []string
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase {
			every = append(every, e.String())
		}
	}
	r := h.slash(discordtest.Actor{User: alice}, "/carcassonne new expansions:"+strings.Join(every, ","))
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	if r := h.click(discordtest.Actor{User: bob}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
		t.Fatalf("join: %s", text(r))
	}
	thread, first := h.startLobby(discordtest.Actor{User: alice}, lobby)

	// The last answer the engine lists each time (placements far out),
	// stored while the bot is stopped, up to a turn whose tile fits on
	// more than 100 cells.
	var g storage.Game
	var st *engine.Game
	h.storeStopped(func(store *storage.Store) {
		var err error
		for k := 0; ; k++ {
			if g, st, err = store.Load(h.ctx, 1); err != nil {
				t.Fatal(err)
			}
			if st.Ended() {
				t.Fatal("the game ended before a tile fitted on more than 100 cells")
			}
			if st.Pending().Step == engine.StepTile && len(st.CandidateCells()) > 100 {
				return
			}
			as := st.Answers()
			if _, err := store.AppendAnswers(h.ctx, 1, g.Moves, g.Answered, []engine.Answer{as[len(as)-1]}, storage.Request{ID: fmt.Sprintf("test-%d", k)}); err != nil {
				t.Fatalf("answer %d: %v", k, err)
			}
		}
	})
	msg, more := h.nextTurn(thread, first.ID)
	if !more {
		t.Fatal("no turn message after the restart")
	}
	cells := st.CandidateCells()
	menus, _ := components(msg.Message)
	var opts []string
	var last discordtest.Message
	for _, m := range menus {
		if strings.HasPrefix(m.CustomID, idPrefix+":"+actCell+":") {
			for _, o := range m.Options {
				opts = append(opts, o.Value)
			}
		}
	}
	if len(opts) != 100 || opts[99] != pagePrefix+"99" || opts[98] != cells[98].String() {
		t.Fatalf("the turn message's menus offer %d options, the last %q, for %d cells", len(opts), opts[len(opts)-1], len(cells))
	}
	users := map[string]discordtest.User{alice.ID: alice, bob.ID: bob}
	cur, other := users[g.Seats[st.Current()].UserID], alice
	if cur.ID == alice.ID {
		other = bob
	}
	fourth, _ := nthMenu(msg.Message, actCell, 3)
	wantEphemeral(t, h.pick(discordtest.Actor{User: other, ChannelID: thread}, msg.ID, fourth.CustomID, pagePrefix+"99"), "turn")
	r = h.pick(discordtest.Actor{User: cur, ChannelID: thread}, msg.ID, fourth.CustomID, pagePrefix+"99")
	if r.Flags&64 == 0 || r.Original == nil {
		t.Fatalf("More choices… answered %q, not in an ephemeral message", text(r))
	}
	last = *r.Original
	var rest []string
	menus, _ = components(last.Message)
	for _, m := range menus {
		for _, o := range m.Options {
			rest = append(rest, o.Value)
		}
	}
	want := len(cells) - 99
	if want > 125 {
		want = 125 // 124 cells and the next page
	}
	if len(rest) != want || rest[0] != cells[99].String() || !strings.Contains(last.Content, "Choices 100 to") {
		t.Fatalf("the rest of the cells: %d options from %q (%q), want %d from %s", len(rest), rest[0], last.Content, want, cells[99])
	}
	if head := fmt.Sprintf("Choices 100 to %d of %d:", 99+len(rest)-(len(rest)/125), len(cells)); last.Content != head {
		t.Errorf("the rest of the cells are headed %q, want %q", last.Content, head)
	}
	// A cell past 100 opens its preview.
	c := cells[len(cells)-1]
	if len(cells) > 99+125 {
		c = cells[99+123]
	}
	pm, _ := nthMenu(last.Message, actCell, (len(rest)-1)/maxMenuOptions)
	r = h.pick(discordtest.Actor{User: cur, ChannelID: thread}, last.ID, pm.CustomID, c.String())
	if r.Flags&64 == 0 || r.Original == nil || len(r.Original.Embeds) == 0 || !strings.Contains(r.Original.Embeds[0].Title, c.String()) {
		t.Fatalf("the cell %s past 100 answered %q, not its preview", c, text(r))
	}
	if n, _ := strconv.Atoi(strings.TrimPrefix(opts[99], pagePrefix)); n != 99 {
		t.Errorf("the page option names cell %d", n)
	}
}
