package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/internal/discordtest"
)

// TestMarkdownNames plays a few turns between members whose names are
// Discord markdown ("*Kai*" would read Kai in italics, "_Bo_b`|" would
// open code; its second underscore, inside a word, is no markdown, "# Lee <@1>" would be a heading at the start of a summary's
// line and hold a mention): every text Discord reads as markdown (content, embed
// titles, descriptions and fields) shows the names escaped, and what it
// shows as typed (component labels, footers) shows them as they are.
func TestMarkdownNames(t *testing.T) {
	h := newHarness(t)
	kai := h.srv.NewUser("kai", "*Kai*")
	bob := h.srv.NewUser("bob", "_Bo_b`|")
	lee := h.srv.NewUser("lee", "# Lee <@1>")
	users := []discordtest.User{kai, bob, lee}
	thread, msg := h.lobby(kai, bob, lee)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 9 {
		h.playTurn(users, thread, msg, rng)
		msg, _ = h.nextTurn(thread, msg.ID)
	}
	turn, _ := h.srv.Message(msg.ID) // before the stop closes it
	in := discordtest.Actor{User: kai, ChannelID: thread}
	score := h.slash(in, "/carcassonne score")
	stop := h.slash(in, "/carcassonne stop")
	if score.Original == nil || stop.Original == nil {
		t.Fatalf("no scoreboard or no stop: %s; %s", text(score), text(stop))
	}

	raw := []string{"*Kai*", "_Bo_b`|", "# Lee <@1>"}
	escaped := []string{`\*Kai\*`, "\\_Bo_b\\`\\|", `\# Lee \<@1>`}
	var marked, asTyped int
	checkMarkdown := func(where, s string) {
		for k, name := range raw {
			if strings.Contains(s, name) {
				t.Errorf("%s shows %q unescaped: %q", where, name, s)
			}
			if strings.Contains(s, escaped[k]) {
				marked++
			}
		}
	}
	checkTyped := func(where, s string) {
		for k, name := range escaped {
			if strings.Contains(s, name) {
				t.Errorf("%s shows %q escaped (%q): %q", where, raw[k], name, s)
			}
			if strings.Contains(s, raw[k]) {
				asTyped++
			}
		}
	}
	checkEmbeds := func(where string, es []*discordgo.MessageEmbed) {
		for _, e := range es {
			checkMarkdown(where+" title", e.Title)
			checkMarkdown(where+" description", e.Description)
			for _, f := range e.Fields {
				checkMarkdown(where+" field", f.Name+"\n"+f.Value)
			}
			if e.Footer != nil {
				checkTyped(where+" footer", e.Footer.Text)
			}
		}
	}
	var msgs []discordtest.Message
	msgs = append(msgs, h.srv.Messages(h.srv.ChannelID)...)
	msgs = append(msgs, h.srv.Messages(thread)...)
	msgs = append(msgs, turn, *score.Original, *stop.Original)
	for _, m := range msgs {
		checkMarkdown("message "+m.ID, m.Content)
		checkEmbeds("message "+m.ID, m.Embeds)
		menus, buttons := components(m.Message)
		for _, sm := range menus {
			for _, o := range sm.Options {
				checkTyped("a menu option", o.Label+"\n"+o.Description)
			}
		}
		for _, b := range buttons {
			checkTyped("a button", b.Label)
		}
	}
	// The lobby, the turns' titles, the summaries, the scoreboard and the
	// stop each name a player; the last turn's footer gives the scores.
	if marked < 15 || asTyped < 3 {
		t.Errorf("the names were escaped %d times and shown as typed %d times", marked, asTyped)
	}
}

// TestEscapeMarkdown escapes what Discord would read as markdown in a name,
// and nothing it reads as text.
func TestEscapeMarkdown(t *testing.T) {
	for name, want := range map[string]string{
		"Alice":      "Alice",
		"Player_1":   "Player_1",
		"Jean-Luc":   "Jean-Luc",
		"Kai>Bob":    "Kai>Bob",
		"*Kai*":      `\*Kai\*`,
		"_Kai_":      `\_Kai\_`,
		"a__b__c":    `a\_\_b\_\_c`,
		"~~Luna~~":   `\~\~Luna\~\~`,
		"||x||":      `\|\|x\|\|`,
		"`x`":        "\\`x\\`",
		"# Lee":      `\# Lee`,
		"- Lee":      `\- Lee`,
		"> Lee":      `\> Lee`,
		"[a](b)":     `\[a\](b)`,
		"<@1>":       `\<@1>`,
		`back\slash`: `back\\slash`,
		"Zoë_Ünal":   "Zoë_Ünal",
	} {
		if got := escapeMarkdown(name); got != want {
			t.Errorf("escapeMarkdown(%q) = %q, want %q", name, got, want)
		}
	}
}
