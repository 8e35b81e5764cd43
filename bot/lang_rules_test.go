package bot

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// TestLanguagesRuleRefusal: a Confirm whose placement the engine refuses
// (a client sending a preview's Confirm for a cell where the tile's edges
// do not match) is answered with the rule it breaks in the member's
// language, the engine's rule error as a German sentence, instead of a
// general "this move is not allowed"; in English with the engine's own
// reason, as before. The game is unchanged.
func TestLanguagesRuleRefusal(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	de, fr, _, thread := germanGame(t, h)
	g, st, err := h.store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	a := fr
	if g.Seats[st.Current()].UserID == de.User.ID {
		a = de
	}
	a.ChannelID = thread
	ctx, cancel := h.wctx()
	defer cancel()
	turn, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil })
	if err != nil {
		t.Fatal(err)
	}
	// The player opens a preview, and goes back from it: a real click on
	// the preview, whose payload the client's Confirm below copies.
	r := h.pick(a, turn.ID, cellMenu(turn).CustomID, st.CandidateCells()[0].String())
	if r.Original == nil {
		t.Fatalf("no preview: %s", text(r))
	}
	okb, _ := button(r.Original.Message, actOK)
	back, ok := button(r.Original.Message, actBack)
	p, err := parseID(okb.CustomID)
	if !ok || err != nil {
		t.Fatalf("the preview's buttons: Confirm %q (%v), Back %q", okb.CustomID, err, back.CustomID)
	}
	i, err := h.srv.Click(ctx, a, r.Original.ID, back.CustomID)
	if err != nil {
		t.Fatal(err)
	}
	h.answer(ctx, i)

	// A cell next to the start tile where the tile drawn does not match in
	// some rotation, and the engine's refusal of it.
	var bad choice
	var refused error
	for _, c := range st.CandidateCells() {
		for rot := engine.Rotate0; rot <= engine.Rotate270 && refused == nil; rot++ {
			_, err := st.Clone().Act(engine.Answer{Step: engine.StepTile, Cell: c, Rotation: rot})
			if errors.Is(err, engine.ErrEdgesMismatch) {
				bad, refused = choice{game: p.choice.game, moves: p.choice.moves, cell: c, rot: rot}, err
			}
		}
	}
	if refused == nil {
		t.Fatal("the tile drawn fits next to the start tile in every rotation")
	}
	var payload map[string]any
	if err := jsonUnmarshal(i.Payload, &payload); err != nil {
		t.Fatal(err)
	}
	payload["data"].(map[string]any)["custom_id"] = bad.id(actOK, -1)
	for k, c := range []struct {
		locale string
		want   string
	}{
		{"de", "Die Kanten der Karte passen nicht zu ihren Nachbarn."},
		{"en-US", turnview.Capitalize(refused.Error()) + "."},
	} {
		id := []string{"770000000000000001", "770000000000000002"}[k]
		payload["id"], payload["token"], payload["locale"] = id, "rule-token-"+id, c.locale
		raw, _ := jsonMarshal(payload)
		if err := h.srv.Dispatch(ctx, "INTERACTION_CREATE", raw); err != nil {
			t.Fatal(err)
		}
		got := editedContent(t, h, "rule-token-"+id)
		if got != c.want {
			t.Errorf("Confirm of (%s) turned %d° in %s says %q, want %q", bad.cell, bad.rot.Degrees(), c.locale, got, c.want)
		}
	}
	if got := editedContent(t, h, "rule-token-770000000000000001"); got == i18n.German.T("lobby2.error.move", nil) {
		t.Errorf("the German refusal is the general %q", got)
	}
	if g, _ := h.store.Get(h.ctx, 1); g.Moves != 0 || g.Status != storage.StatusRunning {
		t.Errorf("the refused Confirm changed the game: %d moves, %s", g.Moves, g.Status)
	}
}

// editedContent waits for the bot's edit of the answer to the interaction
// with token, and returns the content it sets.
func editedContent(t *testing.T, h *harness, token string) string {
	t.Helper()
	ctx, cancel := h.wctx()
	defer cancel()
	var content string
	err := h.srv.Wait(ctx, func() bool {
		for _, req := range h.srv.Requests() {
			if req.Method != "PATCH" || !strings.Contains(req.Path, "/webhooks/") || !strings.Contains(req.Path, token) || req.Status >= 300 {
				continue
			}
			var body struct {
				Content *string `json:"content"`
			}
			if jsonUnmarshal(req.JSON, &body) == nil && body.Content != nil {
				content = *body.Content
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatalf("no edit of the answer to %s: %v", token, err)
	}
	return content
}

// TestPlayerErrorRuleOptions: a game's players or rule options that the
// engine refuses are said as the rule in every language (the rule error's
// sentence, turnview.Voice.RuleError), in English with the engine's own
// reason; never as "something went wrong".
func TestPlayerErrorRuleOptions(t *testing.T) {
	for _, err := range []error{
		fmt.Errorf("%w, not 7", engine.ErrPlayers),
		fmt.Errorf("%w: pig=twice", engine.ErrBadOption),
	} {
		for _, l := range i18n.Supported() {
			got := (&Bot{}).playerErrorIn(l, err)
			want, _ := turnview.In(l).RuleError(err)
			if l == i18n.English {
				want = turnview.Capitalize(err.Error()) + "."
			}
			if got != want || got == tr(l, "lobby2.error.unknown") {
				t.Errorf("%s: %v is said %q, want %q", l, err, got, want)
			}
		}
	}
}
