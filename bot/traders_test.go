package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
)

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
		if got := en.EscapeWho(st, m); got != tt.want {
			t.Errorf("escape from %v: %q, want %q", tt.escape, got, tt.want)
		}
		if got := en.MoveWords(st, 0, m, en.EscapeWho(st, m), nil); !strings.Contains(got, "the "+tt.want+" at ("+tt.escape.Cell.String()+") escapes") {
			t.Errorf("the summary of the escape from %v: %q", tt.escape, got)
		}
	}
}
