package bot

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

// playTurn plays the turn of msg through the components: the cell menu, now
// and then ⟳ and the follower menu, and Confirm. It returns the summary the
// player was given.
func (h *harness) playTurn(users []discordtest.User, thread string, msg discordtest.Message, rng *rand.Rand) {
	h.t.Helper()
	checkPNG(h.t, msg)
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
	opt := cm.Options[rng.IntN(len(cm.Options))]
	r := h.pick(a, msg.ID, cm.CustomID, opt.Value)
	if r.Flags&64 == 0 || r.Original == nil {
		h.t.Fatalf("the preview is not ephemeral: %s", text(r))
	}
	preview := r.Original
	if len(r.Files) == 0 {
		h.t.Fatal("the preview has no picture")
	}
	if b, ok := button(preview.Message, actRotR); ok && !b.Disabled && rng.IntN(2) == 0 {
		r = h.click(a, preview.ID, b.CustomID)
		if r.Type != 7 {
			h.t.Fatalf("⟳ answered type %d: %s", r.Type, text(r))
		}
		m, _ := h.srv.Message(preview.ID)
		preview = &m
	}
	if sm, ok := menu(preview.Message, actSpot); ok && rng.IntN(2) == 0 {
		o := sm.Options[rng.IntN(len(sm.Options))]
		r = h.pick(a, preview.ID, sm.CustomID, o.Value)
		if r.Type != 7 {
			h.t.Fatalf("the follower menu answered type %d: %s", r.Type, text(r))
		}
		m, _ := h.srv.Message(preview.ID)
		preview = &m
	}
	ok, found := button(preview.Message, actOK)
	if !found {
		h.t.Fatal("the preview has no Confirm")
	}
	r = h.click(a, preview.ID, ok.CustomID)
	if r.Original == nil || strings.Contains(r.Original.Content, "turn is over") {
		h.t.Fatalf("confirm: %s", text(r))
	}
}

// listRow is a player's line of the final scoring as a list (finalEmbed,
// wider than a table): "**1. Ann** — 52 points".
var listRow = regexp.MustCompile(`^\*\*\d+\. (.+)\*\* — (-?\d+) points?$`)

// tableRows reads the rows of the final table: a name, then 5 numbers or
// more (roads, cities, cloisters, farms, perhaps King and Robber Baron,
// and the total last); or the same from its list, a player's line with
// the total, then their points by source ("roads 12 · cities 20 · …").
func tableRows(desc string) (names []string, cols [][]int) {
	if lines := strings.Split(desc, "\n"); !strings.HasPrefix(desc, "```") {
		for k := 0; k+1 < len(lines); k += 2 {
			m := listRow.FindStringSubmatch(lines[k])
			if m == nil {
				continue
			}
			var nums []int
			for _, part := range strings.Split(lines[k+1], " · ") {
				f := strings.Fields(part)
				n, _ := strconv.Atoi(f[len(f)-1])
				nums = append(nums, n)
			}
			total, _ := strconv.Atoi(m[2])
			names = append(names, m[1])
			cols = append(cols, append(nums, total))
		}
		return names, cols
	}
	for _, line := range strings.Split(desc, "\n") {
		f := strings.Fields(line)
		k := len(f)
		var nums []int
		for k > 0 {
			n, err := strconv.Atoi(f[k-1])
			if err != nil {
				break
			}
			nums = append([]int{n}, nums...)
			k--
		}
		if k == 0 || len(nums) < 5 {
			continue
		}
		names = append(names, strings.Join(f[:k], " "))
		cols = append(cols, nums)
	}
	return names, cols
}

// finalScores reads the final table the bot posted: name -> total.
func finalScores(tb testing.TB, m discordtest.Message) map[string]int {
	tb.Helper()
	if len(m.Embeds) == 0 {
		tb.Fatal("the end has no table")
	}
	out := map[string]int{}
	names, cols := tableRows(m.Embeds[0].Description)
	for k, n := range names {
		out[n] = cols[k][len(cols[k])-1]
	}
	return out
}

// recordText returns the record attached to the end message.
func recordText(tb testing.TB, m discordtest.Message) string {
	tb.Helper()
	for _, f := range m.Files {
		if strings.HasSuffix(f.Filename, ".rec") {
			return string(f.Data)
		}
	}
	tb.Fatal("the end has no record attached")
	return ""
}

// recordOf replays the record attached to the end message.
func recordOf(tb testing.TB, m discordtest.Message) *engine.Game {
	tb.Helper()
	for _, f := range m.Files {
		if strings.HasSuffix(f.Filename, ".rec") {
			rec, err := engine.ReadRecord(strings.NewReader(string(f.Data)))
			if err != nil {
				tb.Fatalf("the attached record does not read: %v", err)
			}
			g, err := rec.Replay()
			if err != nil {
				tb.Fatalf("the attached record does not replay: %v", err)
			}
			return g
		}
	}
	tb.Fatal("the end has no record attached")
	return nil
}

// checkNumbers checks that the turn message's menus number the cells as
// the picture does (render.Candidates of the stored game): option k is
// "k · (x,y)" for the k-th candidate cell.
func (h *harness) checkNumbers(msg discordtest.Message) {
	h.t.Helper()
	_, st, err := h.store.Load(h.ctx, 1)
	if err != nil {
		h.t.Fatal(err)
	}
	want := render.Candidates(st)
	var got []discordgo.SelectMenuOption
	menus, _ := components(msg.Message)
	for _, m := range menus {
		if strings.HasPrefix(m.CustomID, idPrefix+":"+actCell+":") {
			got = append(got, m.Options...)
		}
	}
	n := len(want)
	if n > 25*maxCellMenus {
		// Past 100 cells the last option shows the next ones.
		n = 25*maxCellMenus - 1
		if len(got) == 0 || got[len(got)-1].Value != pagePrefix+strconv.Itoa(n) {
			h.t.Fatalf("turn %d: %d cells, and the menus do not end with the next page", st.Turn(), len(want))
		}
		got = got[:len(got)-1]
	}
	if len(got) != n {
		h.t.Fatalf("turn %d: the menus offer %d cells, the picture numbers %d", st.Turn(), len(got), len(want))
	}
	for k, o := range got {
		c := want[k]
		if label := fmt.Sprintf("%d · (%d,%d)", k+1, c.X, c.Y); o.Label != label || o.Value != c.String() {
			h.t.Fatalf("turn %d: option %d is %q (%s), the picture's number %d is (%s)", st.Turn(), k, o.Label, o.Value, k+1, c)
		}
	}
}

// checkEnd checks the end message after `turns` turns: a final picture, the
// table equal to the replay of the attached record, the animated replay,
// and the finished game in the database.
func (h *harness) checkEnd(t *testing.T, end discordtest.Message, turns int) {
	t.Helper()
	h.checkEndAll(t, end, turns, -1)
}

// checkEndAll is checkEnd for a game with `people` people, whom alone the
// end mentions (-1: every player is a person).
func (h *harness) checkEndAll(t *testing.T, end discordtest.Message, turns, people int) {
	t.Helper()
	checkPNG(t, end)
	posted := finalScores(t, end)
	g := recordOf(t, end)
	if !g.Ended() {
		t.Fatal("the attached record is not of an ended game")
	}
	if n := len(g.Moves()); n < turns {
		t.Errorf("the record has %d moves, %d turns were played", n, turns)
	}
	for p, name := range g.Players() {
		if got, ok := posted[name]; !ok || got != g.Score(p) {
			t.Errorf("%s: posted %d (%v), replay %d", name, got, ok, g.Score(p))
		}
	}
	// The table lists the players in the order of the standings, as the
	// final picture does.
	order, _ := tableRows(end.Embeds[0].Description)
	for k, p := range g.Standings() {
		if k >= len(order) || order[k] != g.Players()[p] {
			t.Errorf("the final table's order %v, want the standings %v", order, g.Standings())
			break
		}
	}
	checkReplay(t, end)
	if rec := recordText(t, end); !strings.Contains(rec, "[Seed ") {
		t.Errorf("the finished game's record has no seed:\n%s", rec)
	}
	if people < 0 {
		people = g.NumPlayers()
	}
	if n := len(mention.FindAllString(end.Content, -1)); n != people {
		t.Errorf("the end mentions %d players, want %d: %q", n, people, end.Content)
	}
	if len(posted) != g.NumPlayers() {
		t.Errorf("the table has %d rows, the game %d players", len(posted), g.NumPlayers())
	}
	stored, err := h.store.Get(h.ctx, 1)
	if err != nil || stored.Status != storage.StatusFinished {
		t.Fatalf("stored game: %+v, %v", stored.Status, err)
	}
	th := h.srv.Channel(stored.ThreadID)
	if th == nil || th.ThreadMetadata == nil || !th.ThreadMetadata.Archived {
		t.Error("the thread was not archived")
	}
	for _, req := range h.srv.Requests() {
		if req.Route == "" {
			t.Errorf("the bot used an unknown route: %s %s", req.Method, req.Path)
		}
	}
}

// checkFinalTable checks the final table of desc (the end message's
// embed) against game g, the replay of the attached record: a row per
// player with their roads, cities, cloisters, farms, then the columns
// extras give of their engine.Breakdown, then their score.
func checkFinalTable(t *testing.T, g *engine.Game, desc string, extras ...func(engine.Breakdown) int) {
	t.Helper()
	names, cols := tableRows(desc)
	bd := g.Breakdowns()
	for k, name := range names {
		p := slices.Index(g.Players(), name)
		if p < 0 || len(cols[k]) != 5+len(extras) {
			t.Fatalf("row %q: %v", name, cols[k])
		}
		b := bd[p]
		w := []int{b.Roads, b.Cities, b.Cloisters, b.Farms}
		for _, f := range extras {
			w = append(w, f(b))
		}
		if w = append(w, g.Score(p)); !slices.Equal(cols[k], w) {
			t.Errorf("%s: the table says %v, the replay %v", name, cols[k], w)
		}
	}
}
