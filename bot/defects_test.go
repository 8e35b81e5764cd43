package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/internal/discordtest"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds the defects of issue "One turn model" as games through
// the local Discord: a position is reached by moves stored as the bot
// would store them, the bot is started on it, and the player clicks
// through the turn message and the preview. The local Discord refuses a
// menu with two options of one value as Discord does (50035), so a menu
// built beside the engine's list fails here as it failed for players.

// defectGame starts a two-player game of expansions exps with seed through
// the lobby, stops the bot, plays random moves on the stored game until
// found says the position is reached (at the start of a turn), stores
// them, and starts the bot again. It returns the thread, the turn message
// of that position, the game and the players (Alice, Bob).
func defectGame(t *testing.T, exps []engine.Expansion, seed uint64, found func(st *engine.Game) bool) (*harness, string, discordtest.Message, *engine.Game, []discordtest.User) {
	t.Helper()
	return defectGameWith(t, "/carcassonne new", exps, seed, found)
}

// defectGameWith is defectGame with the lobby opened by command line.
func defectGameWith(t *testing.T, line string, exps []engine.Expansion, seed uint64, found func(st *engine.Game) bool) (*harness, string, discordtest.Message, *engine.Game, []discordtest.User) {
	t.Helper()
	h := newHarnessWith(t, func(c *Config) { c.Seed = func() uint64 { return seed } })
	users := []discordtest.User{h.srv.NewUser("alice", "Alice"), h.srv.NewUser("bob", "Bob")}
	r := h.slash(discordtest.Actor{User: users[0]}, line)
	if r.Original == nil {
		t.Fatalf("no lobby: %s", text(r))
	}
	lobby := r.Original.ID
	if r := h.click(discordtest.Actor{User: users[1]}, lobby, lobbyID(actJoin, 1)); r.Type != 7 {
		t.Fatalf("join: %s", text(r))
	}
	var values []string
	for _, e := range exps {
		values = append(values, e.String())
	}
	if r := h.pick(discordtest.Actor{User: users[0]}, lobby, lobbyID(actExp, 1), values...); r.Type != 7 {
		t.Fatalf("the Expansions… menu: %s", text(r))
	}
	if r := h.click(discordtest.Actor{User: users[0]}, lobby, lobbyID(actStart, 1)); r.Type != 6 {
		t.Fatalf("start: %s", text(r))
	}
	ctx, cancel := h.wctx()
	defer cancel()
	if err := h.srv.Wait(ctx, func() bool { return len(h.srv.Threads(h.srv.ChannelID)) == 1 }); err != nil {
		t.Fatalf("no thread: %v", err)
	}
	thread := h.srv.Threads(h.srv.ChannelID)[0].ID
	if _, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return cellMenu(m) != nil }); err != nil {
		t.Fatalf("no first turn: %v", err)
	}
	h.stop()

	store, err := storage.Open(h.ctx, h.path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	_, st, err := store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	var at *engine.Game
	for stream := uint64(1); stream < 60 && at == nil; stream++ {
		g := st.Clone()
		rng := rand.New(rand.NewPCG(seed, stream))
		for !g.Ended() {
			if g.Pending().Step == engine.StepTile && g.Current() == 0 && found(g) {
				at = g
				break
			}
			opts := turnview.Options(g, nil)
			if _, err := g.Act(opts[rng.IntN(len(opts))].Answer); err != nil {
				t.Fatal(err)
			}
		}
	}
	if at == nil {
		t.Fatal("no random game reaches the position")
	}
	for k, m := range at.Moves() {
		if _, err := store.AppendMove(h.ctx, 1, k, m, storage.Request{ID: fmt.Sprint("defect-", k)}); err != nil {
			t.Fatalf("move %d: %v", k, err)
		}
	}
	h.start()
	moves := len(at.Moves())
	turn, err := h.srv.WaitMessage(ctx, thread, func(m discordtest.Message) bool { return hasComponent(m.Message, cellMenuPrefix(1, moves)) })
	if err != nil {
		t.Fatalf("the position's turn is not posted: %v", err)
	}
	// The bot notes the turn announced right after posting it.
	waitStored(t, h, func(g storage.Game) bool { return g.Announced >= g.Moves })

	return h, thread, turn, at, users
}

// waitStored waits until the stored game 1 satisfies cond: the store
// changes without the local Discord seeing it, so it is read again every
// few milliseconds, until the harness's wait gives up.
func waitStored(t *testing.T, h *harness, cond func(storage.Game) bool) {
	t.Helper()
	waitState(t, h, func(g storage.Game, _ *engine.Game) bool { return cond(g) })
}

// passedAlone reports whether the decision game g waits for (st) offers
// the pass alone (turnview.OnlyPass), which the bot gives without a step
// message; it then waits until the bot has given it, and fails the test
// when thread shows a step message for it.
func passedAlone(t *testing.T, h *harness, thread string, g storage.Game, st *engine.Game) bool {
	t.Helper()
	if _, ok := turnview.OnlyPass(st); !ok {
		return false
	}
	waitStored(t, h, func(now storage.Game) bool { return now.Moves != g.Moves || now.Answered != g.Answered })
	for _, m := range h.srv.Messages(thread) {
		if hasComponent(m.Message, stepPrefix(g.ID, g.Moves, g.Answered)) {
			t.Fatalf("a step message asks the pass alone: %q", m.Content)
		}
	}
	return true
}

// waitState is waitStored with the game's state too.
func waitState(t *testing.T, h *harness, cond func(storage.Game, *engine.Game) bool) {
	t.Helper()
	ctx, cancel := h.wctx()
	defer cancel()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		if g, st, err := h.store.Load(h.ctx, 1); err == nil && cond(g, st) {
			return
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("the stored game never got there: %v", context.Cause(ctx))
		}
	}
}

// openPreview picks the cell of placement p in turn message turn and turns
// the tile to p's rotation; it returns the preview.
func openPreview(t *testing.T, h *harness, a discordtest.Actor, turn discordtest.Message, st *engine.Game, p engine.Placement) discordtest.Message {
	t.Helper()
	menus, _ := components(turn.Message)
	i := slices.IndexFunc(menus, func(s discordgo.SelectMenu) bool {
		return slices.ContainsFunc(s.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == p.Cell.String() })
	})
	if i < 0 {
		t.Fatalf("no menu of the turn message lists (%s)", p.Cell)
	}
	r := h.pick(a, turn.ID, menus[i].CustomID, p.Cell.String())
	if r.Original == nil {
		t.Fatalf("no preview of (%s): %s", p.Cell, text(r))
	}
	preview := *r.Original
	for range slices.Index(st.RotationsAt(p.Cell), p.Rotation) {
		b, ok := button(preview.Message, actRotR)
		if !ok {
			t.Fatal("no ⟳")
		}
		if r := h.click(a, preview.ID, b.CustomID); r.Type != 7 {
			t.Fatalf("⟳: %s", text(r))
		}
		preview, _ = h.srv.Message(preview.ID)
	}
	return preview
}

// TestDefectTakePrisonerOnce: a tower piece in reach of a spot holding two
// of a player's figures (a crop circle added one) offers that spot once
// in Take prisoner…, named by the figure the capture takes. Before, the
// menu had two options of one value: Discord refused the preview.
func TestDefectTakePrisonerOnce(t *testing.T) {
	var place, tower, double engine.Answer
	found := func(st *engine.Game) bool {
		doubles := doubleSpots(st)
		if len(doubles) == 0 {
			return false
		}
		for _, o := range turnview.Options(st, nil) {
			c := st.Clone()
			if _, err := c.Act(o.Answer); err != nil || o.Answer.Ransomed || c.Pending().Step != engine.StepFigure {
				continue
			}
			for _, f := range turnview.Options(c, nil) {
				c2 := c.Clone()
				if _, err := c2.Act(f.Answer); err != nil || f.Answer.Tower != engine.TowerPiece || c2.Pending().Step != engine.StepCapture {
					continue
				}
				for _, x := range turnview.Options(c2, nil) {
					if doubles[x.Answer.Target] {
						place, tower, double = o.Answer, f.Answer, x.Answer
						return true
					}
				}
			}
		}
		return false
	}
	exps := []engine.Expansion{engine.ExpansionInnsAndCathedrals, engine.ExpansionTower, engine.ExpansionCropCircles}
	h, thread, turn, st, users := defectGame(t, exps, 7, found)
	a := discordtest.Actor{User: users[st.Current()], ChannelID: thread}
	preview := openPreview(t, h, a, turn, st, engine.Placement{Cell: place.Cell, Rotation: place.Rotation})
	fm, ok := menu(preview.Message, actSpot)
	v := tower.String()
	if !ok || !menuHas(fm.Options, v) {
		t.Fatalf("the Follower… menu does not offer the tower piece at (%s): %+v", tower.Cell, fm.Options)
	}
	if r := h.pick(a, preview.ID, fm.CustomID, v); r.Type != 7 {
		t.Fatalf("the tower piece: the preview is refused: %s", text(r))
	}
	preview, _ = h.srv.Message(preview.ID)
	capt, ok := menu(preview.Message, actCap)
	if !ok {
		t.Fatal("no Take prisoner… menu")
	}
	want := en.FigureAt(st, turnview.Names{"Alice", "Bob"}, double.Target)
	if o := pickOnce(t, h, a, preview.ID, capt, double.String()); !strings.HasSuffix(o.Label, " · "+want) {
		t.Errorf("the spot of two figures is labelled %q, want it to name %q", o.Label, want)
	}
}

// pickOnce checks that menu m of message msgID offers value v exactly once,
// picks it, checks that the preview takes it, and returns the option.
func pickOnce(t *testing.T, h *harness, a discordtest.Actor, msgID string, m discordgo.SelectMenu, v string) discordgo.SelectMenuOption {
	t.Helper()
	var found []discordgo.SelectMenuOption
	for _, o := range m.Options {
		if o.Value == v {
			found = append(found, o)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s offers the spot of two figures %d times: %+v", m.Placeholder, len(found), m.Options)
	}
	if r := h.pick(a, msgID, m.CustomID, v); r.Type != 7 {
		t.Fatalf("%s %s: %s", m.Placeholder, v, text(r))
	}
	return found[0]
}

// TestDefectVolcanoAsksNoFigure: on a volcano tile (The Princess & the
// Dragon: the turn ends with the tile, no figure is deployed) the
// Follower… menu offers nothing but "No follower". Before, it listed the
// tile's spots; choosing one failed to draw the preview, and Confirm
// played the tile without the figure, silently.
func TestDefectVolcanoAsksNoFigure(t *testing.T) {
	found := func(st *engine.Game) bool {
		d, ok := st.Drawn()
		return ok && st.TileSet().Tile(d).Markers&engine.Volcano != 0 && len(st.Placements()) > 0 && !st.SetsAside()
	}
	exps := []engine.Expansion{engine.ExpansionPrincessAndDragon, engine.ExpansionTower}
	h, thread, turn, st, users := defectGame(t, exps, 5, found)
	a := discordtest.Actor{User: users[st.Current()], ChannelID: thread}
	p := st.Placements()[0]
	preview := openPreview(t, h, a, turn, st, p)
	fm, ok := menu(preview.Message, actSpot)
	if !ok || len(fm.Options) != 1 || fm.Options[0].Value != "-" {
		t.Fatalf("the Follower… menu of a volcano tile: %+v", fm.Options)
	}
}

// doubleSpots returns the spots (a tile and the port that names a feature
// on it) where two followers or large followers stand.
func doubleSpots(st *engine.Game) map[engine.Target]bool {
	type key struct {
		c engine.Cell
		f int
	}
	n := map[key]int{}
	out := map[engine.Target]bool{}
	for _, f := range st.Followers() {
		if f.Figure > engine.FigureLarge {
			continue
		}
		k := key{f.Cell, f.Feature}
		if n[k]++; n[k] == 2 {
			pt, _ := st.TileAt(f.Cell)
			out[engine.Target{Cell: f.Cell, Port: st.TileSet().Tile(pt.Tile).Features[f.Feature].Ports.Rotate(pt.Rotation).Main()}] = true
		}
	}
	return out
}

// TestDefectEscapeOnce: two of the player's figures on one spot of a
// besieged city next to a cloister (a crop circle added one) are offered
// once in Escape…. Before, the menu listed the same knight twice and
// Discord refused the whole preview: that cell could not be played.
func TestDefectEscapeOnce(t *testing.T) {
	var place, escape engine.Answer
	found := func(st *engine.Game) bool {
		doubles := doubleSpots(st)
		if len(doubles) == 0 {
			return false
		}
		for _, o := range turnview.Options(st, nil) {
			if o.Answer.Ransomed || o.Answer.Discard || o.Answer.Aside {
				continue
			}
			ch := choice{game: 1, moves: len(st.Moves()), cell: o.Answer.Cell, rot: o.Answer.Rotation}
			for _, x := range ch.stageOptions(st, en, nil, engine.StepEscape) {
				if doubles[x.Answer.Target] {
					place, escape = o.Answer, x.Answer
					return true
				}
			}
		}
		return false
	}
	exps := []engine.Expansion{engine.ExpansionInnsAndCathedrals, engine.ExpansionCathars, engine.ExpansionCropCircles}
	h, thread, turn, st, users := defectGame(t, exps, 1, found)
	a := discordtest.Actor{User: users[st.Current()], ChannelID: thread}
	preview := openPreview(t, h, a, turn, st, engine.Placement{Cell: place.Cell, Rotation: place.Rotation})
	esc, ok := menu(preview.Message, actEsc)
	if !ok {
		t.Fatal("no Escape… menu")
	}
	pickOnce(t, h, a, preview.ID, esc, escape.String())
}

// TestDefectCropCircleNamesTheTilePlaced: a crop circle's answer on the
// tile just placed names that tile's feature as it lies ("Follower: city
// (north) at (3,0)"). Before, it was read off the board without the tile
// and named "road (east)" on a tile of cities only.
func TestDefectCropCircleNamesTheTilePlaced(t *testing.T) {
	var place, figure engine.Answer
	found := func(st *engine.Game) bool {
		d, _ := st.Drawn()
		if st.TileSet().CropKind(d) == engine.NoFeature {
			return false
		}
		for _, o := range turnview.Options(st, nil) {
			c := st.Clone()
			if _, err := c.Act(o.Answer); err != nil || o.Answer.Ransomed || c.Pending().Step != engine.StepFigure {
				continue
			}
			for _, f := range turnview.Options(c, nil) {
				if f.Kind != turnview.KindSpot || f.Answer.Figure != engine.FigureFollower {
					continue
				}
				c2 := c.Clone()
				if _, err := c2.Act(f.Answer); err != nil || c2.Pending().Step != engine.StepCrop {
					continue
				}
				c2.Act(engine.Answer{Step: engine.StepCrop, Crop: engine.CropAdd})
				for c2.Pending().Step == engine.StepCropPick && c2.Pending().Player != st.Current() {
					c2.Act(engine.Answer{Step: engine.StepCropPick}) // the others pass
				}
				if c2.Pending().Step != engine.StepCropPick {
					continue
				}
				for _, x := range turnview.Options(c2, nil) {
					if x.Answer.Target.Cell == o.Answer.Cell && x.Answer.Target != (engine.Target{}) {
						place, figure = o.Answer, f.Answer
						return true
					}
				}
			}
		}
		return false
	}
	exps := []engine.Expansion{engine.ExpansionInnsAndCathedrals, engine.ExpansionCropCircles}
	h, thread, turn, st, users := defectGame(t, exps, 2, found)
	a := discordtest.Actor{User: users[st.Current()], ChannelID: thread}
	preview := openPreview(t, h, a, turn, st, engine.Placement{Cell: place.Cell, Rotation: place.Rotation})
	fm, _ := menu(preview.Message, actSpot)
	v := figure.String()
	if !menuHas(fm.Options, v) {
		t.Fatalf("the Follower… menu does not offer %s: %+v", v, fm.Options)
	}
	if r := h.pick(a, preview.ID, fm.CustomID, v); r.Type != 7 {
		t.Fatalf("the follower: %s", text(r))
	}
	preview, _ = h.srv.Message(preview.ID)
	ok, _ := button(preview.Message, actOK)
	if r := h.click(a, preview.ID, ok.CustomID); r.Type != 6 {
		t.Fatalf("Confirm: %s", text(r))
	}
	waitState(t, h, func(_ storage.Game, now *engine.Game) bool { return now.Pending().Step == engine.StepCropPick })
	tile, _ := st.Drawn()
	for range 3 {
		g, now, err := h.store.Load(h.ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		d := now.Pending()
		if d.Step != engine.StepCropPick {
			t.Fatalf("the turn waits for %s, not the crop circle's answers", d.Step)
		}
		sm := h.stepMsg(thread, g.Moves, g.Answered)
		_, bs := components(sm.Message)
		if d.Player != st.Current() {
			i := slices.IndexFunc(bs, func(b discordgo.Button) bool { return b.Label == "Pass" })
			if i < 0 {
				t.Fatalf("no Pass for the other player: %+v", bs)
			}
			h.click(discordtest.Actor{User: users[d.Player], ChannelID: thread}, sm.ID, bs[i].CustomID)
			// The answer is stored after the click is answered: the next
			// load must not find the step just answered.
			waitStored(t, h, func(now storage.Game) bool { return now.Moves != g.Moves || now.Answered > g.Answered })
			continue
		}
		seen := 0
		for _, b := range bs {
			if !strings.Contains(b.Label, fmt.Sprintf(" at (%s)", place.Cell)) {
				continue
			}
			seen++
			_, rest, _ := strings.Cut(b.Label, ": ")
			var port engine.Port
			for _, o := range turnview.Options(now, nil) {
				if o.Label == b.Label {
					port = o.Answer.Target.Port
				}
			}
			f, okf := st.TileSet().FeatureAt(tile, place.Rotation, port)
			if kind := st.TileSet().Tile(tile).Features[f].Kind; !okf || !strings.HasPrefix(rest, kind.String()) {
				t.Errorf("the answer %q names another feature than the tile's %s", b.Label, kind)
			}
		}
		if seen == 0 {
			t.Fatalf("no answer on the tile placed: %+v", bs)
		}
		return
	}
	t.Fatal("the crop circle's answers never came to the player")
}

// TestDefectStalePreviewSaysWhatTheTurnWaitsFor: the player has two
// previews open, confirms a dragon tile in one (the dragon's steps follow,
// each player in turn), then chooses the fairy in the other. The bot says
// in a player's words that the tile is placed and what the turn waits for.
// Before, it answered with the engine's words ("the game waits for the
// dragon step, not the figure step") or "I could not draw the preview".
func TestDefectStalePreviewSaysWhatTheTurnWaitsFor(t *testing.T) {
	found := func(st *engine.Game) bool {
		var cells []engine.Cell
		for _, p := range st.Placements() {
			if !slices.Contains(cells, p.Cell) {
				cells = append(cells, p.Cell)
			}
		}
		return dragonTile(st) && len(cells) > 1 && len(st.FairyCells()) > 0
	}
	exps := []engine.Expansion{engine.ExpansionPrincessAndDragon}
	h, thread, turn, st, users := defectGame(t, exps, 4, found)
	a := discordtest.Actor{User: users[st.Current()], ChannelID: thread}
	ps := st.Placements()
	first := ps[0]
	second := ps[slices.IndexFunc(ps, func(p engine.Placement) bool { return p.Cell != first.Cell })]
	stale := openPreview(t, h, a, turn, st, first)
	confirmed := openPreview(t, h, a, turn, st, second)
	ok, _ := button(confirmed.Message, actOK)
	h.click(a, confirmed.ID, ok.CustomID)
	waitState(t, h, func(_ storage.Game, now *engine.Game) bool { return now.Pending().Step == engine.StepDragon })
	fm, _ := menu(stale.Message, actSpot)
	i := slices.IndexFunc(fm.Options, func(o discordgo.SelectMenuOption) bool { return strings.HasPrefix(o.Label, "Fairy – ") })
	if i < 0 {
		t.Fatalf("the preview offers no fairy: %+v", fm.Options)
	}
	r := h.pick(a, stale.ID, fm.CustomID, fm.Options[i].Value)
	if got := text(r); !strings.Contains(got, "Your tile is placed already: ") || !strings.Contains(got, "chooses where the dragon goes") || strings.Contains(got, "step, not") {
		t.Fatalf("the fairy chosen in a stale preview is answered %q", got)
	}
	if _, now, err := h.store.Load(h.ctx, 1); err != nil || now.Pending().Step != engine.StepDragon {
		t.Fatalf("the stale preview changed the turn: %v", err)
	}
}

// TestDefectFollowerMenuPagesEveryChoice: a magic portal with more tiles
// than a menu holds. The Follower… menu shows them a page at a time; the
// player turns to the last page, takes a spot of the farthest tile there,
// and Confirm plays the figure through the portal onto that tile. Before, the tiles past the 25th option were left out of the menu
// and could not be chosen.
func TestDefectFollowerMenuPagesEveryChoice(t *testing.T) {
	var place engine.Placement
	found := func(st *engine.Game) bool {
		d, ok := st.Drawn()
		if !ok || st.TileSet().Tile(d).Markers&engine.MagicPortal == 0 {
			return false
		}
		for _, p := range st.Placements() {
			ch := choice{game: 1, moves: len(st.Moves()), cell: p.Cell, rot: p.Rotation}
			if all := ch.stageOptions(st, en, nil, engine.StepFigure); len(all) > maxMenuOptions+pageSize && all[0].Pass() {
				place = p
				return true
			}
		}
		return false
	}
	exps := []engine.Expansion{engine.ExpansionPrincessAndDragon, engine.ExpansionInnsAndCathedrals}
	h, thread, turn, st, users := defectGame(t, exps, 3, found)
	a := discordtest.Actor{User: users[st.Current()], ChannelID: thread}
	preview := openPreview(t, h, a, turn, st, place)
	var last discordgo.SelectMenuOption
	for pages := 1; ; pages++ {
		fm, ok := menu(preview.Message, actSpot)
		if !ok || len(fm.Options) > maxMenuOptions {
			t.Fatalf("page %d of the Follower… menu: %+v", pages, fm.Options)
		}
		more := slices.IndexFunc(fm.Options, func(o discordgo.SelectMenuOption) bool { return strings.HasPrefix(o.Label, "▶ More choices") })
		if more < 0 {
			if pages < 3 {
				t.Fatalf("%d pages, want 3 or more", pages)
			}
			last = fm.Options[len(fm.Options)-1]
			break
		}
		if r := h.pick(a, preview.ID, fm.CustomID, fm.Options[more].Value); r.Type != 7 {
			t.Fatalf("%s: %s", fm.Options[more].Label, text(r))
		}
		preview, _ = h.srv.Message(preview.ID)
	}
	f := valueMove(t, st.TileSet(), last.Value)
	if !f.Portal {
		t.Fatalf("the last choice of the last page is %q, not a spot through the magic portal", last.Label)
	}
	fm, _ := menu(preview.Message, actSpot)
	if r := h.pick(a, preview.ID, fm.CustomID, last.Value); r.Type != 7 {
		t.Fatalf("%s: %s", last.Label, text(r))
	}
	preview, _ = h.srv.Message(preview.ID)
	okb, _ := button(preview.Message, actOK)
	if r := h.click(a, preview.ID, okb.CustomID); r.Type != 6 {
		t.Fatalf("Confirm: %s", text(r))
	}
	moves := len(st.Moves())
	waitStored(t, h, func(g storage.Game) bool { return g.Moves > moves })
	_, now, err := h.store.Load(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m := now.Moves()[moves]; !m.Portal || m.PortalCell != f.PortalCell || m.Follower != f.Follower {
		t.Errorf("the move stored is %+v, want a figure through the portal onto (%s)", m, f.PortalCell)
	}
}
