package bot

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file builds a turn's preview from the engine's list of legal
// answers (spec/discord.md, "A turn" and "Expansions"), the same for every
// expansion: the tile on a cell and a rotation (⟲ ⟳), then one select menu
// for each later step the player answers before anyone else decides
// (Follower…, Second gold ingot…, Ferry…, Move ferries…, Mage or witch…,
// Crop circle…, Robber…, Take prisoner…, Escape…). Each menu lists the
// options turnview.Options gives for its step on a copy of the game with
// the earlier answers given, so a menu offers only what the engine
// accepts, each answer once, in the engine's words; its values are the
// answers as the record writes them (engine.Answer.String), and the preview's
// custom ids carry the index chosen in each menu. Confirm gives the
// answers in order.

// The preview's actions: ⟲ ⟳, Confirm and Back, and the menus, one per
// step kind (menuOf).
const (
	actRotL   = "rotl"   // ⟲
	actRotR   = "rotr"   // ⟳
	actOK     = "ok"     // Confirm
	actBack   = "back"   // Back
	actSpot   = "spot"   // Follower… (the figure step)
	actGold   = "gold"   // Second gold ingot… (The Gold Mines)
	actFerry  = "ferry"  // Ferry… (The Ferries)
	actFMove  = "fmove"  // Move ferries… (The Ferries), one menu per ferry
	actMagic  = "magic"  // Mage or witch… (Mage & Witch)
	actCrop   = "crop"   // Crop circle… (The Crop Circles)
	actRobber = "robber" // Robber… (The Robbers)
	actCap    = "cap"    // Take prisoner… (The Tower)
	actEsc    = "esc"    // Escape… (The Cathars)
)

// menuOf are the preview's menus by the step they answer: the action of
// their custom ids and their placeholder's message. A step of the current
// player not listed here (a dragon's step, a landing, a message) has a
// message of its own after Confirm.
var menuOf = map[engine.Step]struct{ act, placeholder string }{
	engine.StepFigure:    {actSpot, "bot.preview.menu.follower"},
	engine.StepGold:      {actGold, "bot.preview.menu.gold"},
	engine.StepFerry:     {actFerry, "bot.preview.menu.ferry"},
	engine.StepFerryMove: {actFMove, "bot.preview.menu.ferry_move"},
	engine.StepMagic:     {actMagic, "bot.preview.menu.magic"},
	engine.StepCrop:      {actCrop, "bot.preview.menu.crop"},
	engine.StepRobber:    {actRobber, "bot.preview.menu.robber"},
	engine.StepCapture:   {actCap, "bot.preview.menu.capture"},
	engine.StepEscape:    {actEsc, "bot.preview.menu.escape"},
}

// previewAction reports whether act is one of the preview's actions.
func previewAction(act string) bool {
	switch act {
	case actRotL, actRotR, actOK, actBack:
		return true
	}
	for _, m := range menuOf {
		if m.act == act {
			return true
		}
	}
	return false
}

// choice is a turn being previewed: the tile on cell turned rot (after the
// ransom paid, with The Tower), and the option chosen in each menu of the
// steps after it, in the order the turn asks them (an index in the
// options of that step; a step past picks takes its default).
type choice struct {
	game     int64
	moves    int
	cell     engine.Cell
	rot      engine.Rotation
	ransomed bool
	ransom   engine.Ransom
	picks    []int
	// page is the page a player turned to in one menu (paged.go); it
	// chooses nothing.
	page pageAt
}

// stage is one step of a preview: the step, its options in the engine's
// order, and the index of the one chosen.
type stage struct {
	step engine.Step
	opts []turnview.Option
	pick int
}

// chosen is the option chosen at the stage.
func (s stage) chosen() turnview.Option { return s.opts[s.pick] }

// walked is a choice played on a copy of the game: the copy after its
// answers, the stages that have menus, every answer given (the tile's
// first), and whether they end the turn.
type walked struct {
	tile    engine.TileID
	game    *engine.Game
	stages  []stage
	answers []engine.Answer
	done    bool
}

// previewMenus is the most menus a preview shows: Discord shows 5 action
// rows, and the preview needs one for its buttons.
const previewMenus = 4

// walk gives the answers of choice c to a copy of st at the start of the
// turn: the tile, then each step of the current player that has a menu
// (its pick, or its default), the die of a flight (the game's own) and a
// landing where the figure can land nowhere; it stops at the end of the
// turn, another player's decision, a step with a message of its own, or a
// menu past the preview's previewMenus (the turn then asks it after
// Confirm, in a step message, rather than choose it unseen). vo and names
// word the options. It returns the engine's error for an answer the rules
// refuse (a tile that does not fit, a ransom that cannot be paid).
func (c choice) walk(st *engine.Game, vo turnview.Voice, names turnview.Names) (walked, error) {
	return c.walkUpTo(st, vo, names, previewMenus)
}

// walkUpTo is walk showing at most menus menus.
func (c choice) walkUpTo(st *engine.Game, vo turnview.Voice, names turnview.Names, menus int) (walked, error) {
	s := st.Clone()
	s.Reset()
	cur := s.Current()
	w := walked{tile: drawnTile(st), game: s}
	for {
		var a engine.Answer
		d := s.Pending()
		_, menu := menuOf[d.Step]
		switch {
		case d.Player != cur || d.Step == engine.StepNone:
			return w, nil
		case d.Step == engine.StepTile && len(w.answers) == 0:
			a = engine.Answer{Step: engine.StepTile, Cell: c.cell, Rotation: c.rot, Ransomed: c.ransomed, Ransom: c.ransom}
		case d.Step == engine.StepRoll:
			a = engine.Answer{Step: engine.StepRoll, Roll: s.DieRoll()}
		case d.Step == engine.StepLand:
			// Nowhere to land: back to the supply, nothing to ask.
			opts := s.Answers()
			if len(opts) != 1 || opts[0].Target != (engine.Target{}) {
				return w, nil
			}
			a = opts[0]
		case menu:
			opts := vo.Options(s, names)
			if len(opts) == 0 || shown(d.Step, opts) && w.shown() == menus {
				return w, nil
			}
			k := len(w.stages)
			pick := -1
			if k < len(c.picks) {
				pick = c.picks[k]
			}
			if pick < 0 || pick >= len(opts) {
				pick = defaultPick(opts, c.cell)
			}
			w.stages = append(w.stages, stage{step: d.Step, opts: opts, pick: pick})
			a = opts[pick].Answer
		default:
			return w, nil
		}
		done, err := s.Act(a)
		if err != nil {
			return w, err
		}
		w.answers = append(w.answers, a)
		if done {
			w.done = true
			return w, nil
		}
	}
}

// shown reports whether the preview shows a menu for a step with options
// opts: the Follower… menu always, another when it offers a choice.
func shown(step engine.Step, opts []turnview.Option) bool {
	return step == engine.StepFigure || len(opts) > 1
}

// shown is the number of menus the preview of w shows.
func (w walked) shown() int {
	n := 0
	for _, s := range w.stages {
		if shown(s.step, s.opts) {
			n++
		}
	}
	return n
}

// defaultPick is the option a step takes until the player picks one: the
// pass, else the nearest to cell at (the tile placed), else the first.
func defaultPick(opts []turnview.Option, at engine.Cell) int {
	if k := slices.IndexFunc(opts, turnview.Option.Pass); k >= 0 {
		return k
	}
	best, bestD := 0, -1
	for k, o := range opts {
		if d := distance(o, at); o.HasCell && (bestD < 0 || d < bestD) {
			best, bestD = k, d
		}
	}
	return best
}

// distance is the number of tiles from cell at to the option's cell,
// diagonals counting one (0 for an option without a cell).
func distance(o turnview.Option, at engine.Cell) int {
	if !o.HasCell {
		return 0
	}
	return max(abs(o.Cell.X-at.X), abs(o.Cell.Y-at.Y))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// values are the values (the record's tokens, engine.Answer.String) chosen at each
// stage of w; a stage whose option lies on the tile placed (a spot, a
// ferry's road ends) is "" when tileBound is false.
func (w walked) values(tileBound bool) []string {
	out := make([]string, len(w.stages))
	for k, s := range w.stages {
		o := s.chosen()
		if tileBound || (o.Kind != turnview.KindSpot && o.Kind != turnview.KindLink) {
			out[k] = o.Value
		}
	}
	return out
}

// keep returns c with the stages from `from` on choosing the options of
// values old where the turn still offers them (the default elsewhere): a
// new rotation, or a new answer to an earlier step, keeps what the player
// chose after it when it is still legal.
func (c choice) keep(st *engine.Game, vo turnview.Voice, names turnview.Names, old []string, from int) choice {
	c.picks = slices.Clone(c.picks[:min(from, len(c.picks))])
	for {
		w, err := c.walk(st, vo, names)
		k := len(c.picks)
		if err != nil || k >= len(w.stages) || k >= len(old) {
			return c
		}
		s := w.stages[k]
		j := slices.IndexFunc(s.opts, func(o turnview.Option) bool { return old[k] != "" && o.Value == old[k] })
		if j < 0 {
			j = s.pick
		}
		c.picks = append(c.picks, j)
	}
}

// seatNames are the players' names of game g as message text shows them
// (seatName), for turnview's sentences.
func seatNames(g storage.Game, st *engine.Game) turnview.Names {
	names := make(turnview.Names, st.NumPlayers())
	for p := range names {
		names[p] = seatName(g, st, p)
	}
	return names
}

// boldNames are the players' names of game g in bold, as a step
// message's question shows them.
func boldNames(g storage.Game, st *engine.Game) turnview.Names {
	names := seatNames(g, st)
	for p, n := range names {
		names[p] = "**" + n + "**"
	}
	return names
}

// labelNames are the players' names of game g as they are (seatLabel),
// for turnview's options, whose labels components show.
func labelNames(g storage.Game, st *engine.Game) turnview.Names {
	names := make(turnview.Names, st.NumPlayers())
	for p := range names {
		names[p] = seatLabel(g, st, p)
	}
	return names
}

// menuOptions lists stage s of a preview as a select menu's options: the
// value of each is its answer in the record's notation, the one chosen is
// the default; a spot of the tile placed says its number on the picture,
// a prisoner its mark (render.CaptureLabel). A menu longer than a page
// lists the pass, the tile's spots, then the rest nearest the tile at
// first.
func menuOptions(l i18n.Lang, s stage, at engine.Cell) []discordgo.SelectMenuOption {
	idx := make([]int, len(s.opts))
	for k := range idx {
		idx[k] = k
	}
	if len(s.opts) > maxMenuOptions {
		rank := func(o turnview.Option) int {
			switch o.Kind {
			case turnview.KindPass:
				return -2
			case turnview.KindSpot:
				return -1
			}
			return distance(o, at)
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(rank(s.opts[a]), rank(s.opts[b])) })
	}
	// A prisoner's mark is its number among the figures in reach, in the
	// engine's order, as the picture numbers them.
	marks := make([]int, len(s.opts))
	for k, n := 0, 0; k < len(s.opts); k++ {
		if !s.opts[k].Pass() {
			marks[k], n = n, n+1
		}
	}
	out := make([]discordgo.SelectMenuOption, 0, len(s.opts))
	for _, k := range idx {
		o := s.opts[k]
		e := discordgo.SelectMenuOption{Label: o.Label, Value: o.Value, Default: k == s.pick}
		switch {
		case o.Kind == turnview.KindSpot && o.Spot >= 0:
			e.Description = tr(l, "bot.preview.spot", "Spot", engine.SpotLabel(o.Spot))
		case s.step == engine.StepCapture && !o.Pass():
			e.Label = turnview.Truncate(render.CaptureLabel(marks[k])+" · "+o.Label, 100)
		}
		out = append(out, e)
	}
	return out
}

// move is the move the answers of w make up, to be drawn on the game
// before the tile (after the ransom): without the ransom.
func (w walked) move() engine.Move {
	m := engine.MoveOfAnswers(w.tile, w.answers)
	m.Ransomed, m.Ransom = false, engine.Ransom{}
	return m
}

// previewData builds the ephemeral preview of choice ch: the picture, ⟲
// ⟳, a menu per step, Confirm and Back.
func (b *Bot) previewData(l i18n.Lang, g storage.Game, st *engine.Game, ch choice) (*discordgo.InteractionResponseData, error) {
	view, why := turnViewIn(l, st, ch)
	if why != "" {
		return nil, errors.New(why)
	}
	vo := turnview.In(l)
	w, err := ch.walk(st, vo, labelNames(g, st))
	if err != nil {
		return nil, err
	}
	t := w.tile
	m := w.move()
	png, err := pngOf(b.movePicture(l, view, m))
	if err != nil {
		return nil, err
	}
	file := "preview.png"
	e := &discordgo.MessageEmbed{
		Title: tr(l, "bot.preview.title", "Tile", st.TileSet().Name(t), "Cell", ch.cell, "Rotation", ch.rot.Degrees()),
		Image: &discordgo.MessageEmbedImage{URL: "attachment://" + file},
	}
	var lines []string
	rows := []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "⟲", Style: discordgo.SecondaryButton, CustomID: ch.id(actRotL, -1), Disabled: len(st.RotationsAt(ch.cell)) < 2},
			discordgo.Button{Label: "⟳", Style: discordgo.SecondaryButton, CustomID: ch.id(actRotR, -1), Disabled: len(st.RotationsAt(ch.cell)) < 2},
		}},
	}
	figure := false
	for k, s := range w.stages {
		menu := menuOf[s.step]
		if s.step == engine.StepFigure {
			figure = true
			lines = append(lines, tr(l, "bot.preview.follower", "Follower", s.chosen().Label))
		} else if !shown(s.step, s.opts) {
			continue // nothing to choose
		} else {
			lines = append(lines, tr(l, "bot.preview.chosen", "Step", strings.TrimRight(strings.TrimSuffix(tr(l, menu.placeholder), "…"), " "), "Choice", s.chosen().Label))
		}
		want := -1
		if ch.page.menu == k+1 {
			want = ch.page.n
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: ch.id(menu.act, k), Placeholder: tr(l, menu.placeholder),
			Options: menuPage(l, menuOptions(l, s, ch.cell), want), MinValues: intPtr(1), MaxValues: 1,
		}}})
	}
	switch {
	case !figure && !w.done:
		// The figure comes after other players' decisions (the robbers
		// after a tile with a bag).
		lines = append([]string{tr(l, "bot.preview.figure_later")}, lines...)
	case !figure:
		// The tile ends the turn (a volcano): no figure, as the menu
		// shows.
		lines = append([]string{tr(l, "bot.preview.turn")}, lines...)
		none := []discordgo.SelectMenuOption{{Label: tr(l, "turn.opt.no_follower"), Value: engine.Answer{Step: engine.StepFigure}.String(), Default: true}}
		rows = append(rows[:1], append([]discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: ch.id(actSpot, len(w.stages)), Placeholder: tr(l, menuOf[engine.StepFigure].placeholder), Options: none, Disabled: true,
		}}}}, rows[1:]...)...)
	}
	if view.Supply(view.Current()) == 0 && view.SupplyOf(view.Current(), engine.FigureLarge) == 0 {
		lines = append(lines, tr(l, "bot.preview.no_follower"))
	}
	if ch.ransomed {
		lines = append(lines, tr(l, "bot.preview.ransom", "Jailer", seatName(g, st, ch.ransom.Jailer), "Points", engine.RansomPoints, "Figure", vo.Figure(ch.ransom.Figure)))
	}
	if m := w.move(); m.Fly {
		lines = append(lines, tr(l, "bot.preview.fly", "Figure", vo.Figure(m.Figure), "Flight", vo.FlightWords(view, t, engine.Placement{Cell: ch.cell, Rotation: ch.rot})))
	}
	if !w.done {
		if note := previewStepsNote(l, st); note != "" {
			lines = append(lines, note)
		} else if d := w.game.Pending(); d.Step != engine.StepNone && d.Step != engine.StepTile {
			lines = append(lines, tr(l, "bot.preview.then", "Asks", vo.Asks(w.game, seatNames(g, st))))
		}
	}
	e.Description = strings.Join(lines, "\n")
	last := []discordgo.MessageComponent{
		discordgo.Button{Label: tr(l, "bot.preview.confirm"), Style: discordgo.SuccessButton, CustomID: ch.id(actOK, -1)},
		discordgo.Button{Label: tr(l, "bot.preview.back"), Style: discordgo.SecondaryButton, CustomID: ch.id(actBack, -1)},
	}
	if len(rows) > 4 {
		// Discord shows 5 action rows at most: with previewMenus menus,
		// ⟲ ⟳ join Confirm and Back.
		last = append(rows[0].(discordgo.ActionsRow).Components, last...)
		rows = rows[1:min(len(rows), 5)]
	}
	rows = append(rows, discordgo.ActionsRow{Components: last})
	none := []*discordgo.MessageAttachment{}
	return &discordgo.InteractionResponseData{
		Embeds:      []*discordgo.MessageEmbed{e},
		Components:  rows,
		Files:       []*discordgo.File{{Name: file, ContentType: "image/png", Reader: bytes.NewReader(png)}},
		Attachments: &none,
	}, nil
}

// movePicture draws move m, the answers of a turn so far, on view (the
// game before its tile, after its ransom) as a preview shows them, in
// language l: a tower piece with the figures in its reach marked
// (PreviewTowerPNG); else the tile with the figure where the answers put
// it (on the tile, through the magic portal, the fairy, the princess's
// knight gone) and the ingots, ferries and mage or witch they move
// (PreviewMovePNG).
func (b *Bot) movePicture(l i18n.Lang, view *engine.Game, m engine.Move) func(io.Writer) error {
	return func(w io.Writer) error {
		if m.Tower != engine.TowerNone {
			m.Capture = engine.Target{}
			return b.drawIn(l).PreviewTowerPNG(w, view, m)
		}
		m.Fly, m.Crop = false, engine.CropNone
		return b.drawIn(l).PreviewMovePNG(w, view, m)
	}
}

// preview serves the preview's components: ⟲ ⟳, the menus, Back and
// Confirm.
func (b *Bot) preview(i *discordgo.Interaction, id parsedID, values []string) {
	ctx, cancel := b.context()
	defer cancel()
	l := memberLang(i)
	if id.action == actOK {
		b.confirm(i, id.choice)
		return
	}
	if id.action == actBack {
		b.update(i, &discordgo.InteractionResponseData{Content: tr(l, "bot.preview.back_text"),
			Embeds: []*discordgo.MessageEmbed{}, Components: []discordgo.MessageComponent{}, Attachments: &[]*discordgo.MessageAttachment{}})
		return
	}
	g, st, why := b.turnCheck(ctx, i, id.game, id.moves)
	if why != "" {
		b.replyError(i, why)
		return
	}
	ch := id.choice
	rots := st.RotationsAt(ch.cell)
	k := slices.Index(rots, ch.rot)
	if k < 0 {
		b.replyError(i, tr(l, "bot.refuse.placement_gone"))
		return
	}
	if _, why := turnViewIn(l, st, ch); why != "" {
		b.replyError(i, why)
		return
	}
	vo, names := turnview.In(l), seatNames(g, st)
	if n, ok := pageValue(values); ok {
		// A menu's page turned: the same choice, another page of it.
		ch.page = pageAt{menu: id.stage + 1, n: n}
		b.updatePreview(i, g, st, ch)
		return
	}
	ch.page = pageAt{}
	w, err := ch.walk(st, vo, names)
	if err != nil {
		b.replyError(i, b.playerErrorIn(l, err))
		return
	}
	switch id.action {
	case actRotL, actRotR:
		step := 1
		if id.action == actRotL {
			step = len(rots) - 1
		}
		ch.rot = rots[(k+step)%len(rots)]
		ch = ch.keep(st, vo, names, w.values(false), 0)
	default:
		if id.stage < 0 || id.stage >= len(w.stages) || menuOf[w.stages[id.stage].step].act != id.action {
			b.replyError(i, tr(l, "bot.preview.not_offered"))
			return
		}
		s := w.stages[id.stage]
		j := -1
		if len(values) == 1 {
			j = slices.IndexFunc(s.opts, func(o turnview.Option) bool { return o.Value == values[0] })
		}
		if j < 0 {
			b.replyError(i, tr(l, "bot.preview.not_offered"))
			return
		}
		old := w.values(true)
		ch.picks = append(slices.Clone(ch.picks[:min(id.stage, len(ch.picks))]), make([]int, max(0, id.stage-len(ch.picks)))...)
		for n := len(id.choice.picks); n < id.stage; n++ {
			ch.picks[n] = w.stages[n].pick // the defaults shown
		}
		ch.picks = append(ch.picks, j)
		ch = ch.keep(st, vo, names, old, id.stage+1)
	}
	b.updatePreview(i, g, st, ch)
}

// updatePreview redraws the preview of choice ch in the message of
// interaction i.
func (b *Bot) updatePreview(i *discordgo.Interaction, g storage.Game, st *engine.Game, ch choice) {
	data, err := b.previewData(memberLang(i), g, st, ch)
	if err != nil {
		b.log.Error("drawing a preview", "game", ch.game, "err", err)
		b.replyError(i, tr(memberLang(i), "bot.preview.failed"))
		return
	}
	b.update(i, data)
}

// choose returns choice c with the option of stage step (the first stage
// of that step) whose label (in any case) or value (the record's token:
// "large@N", "escape@0,-1:S") is typed, as /carcassonne place reads its
// follower and escape options: "" takes the default, a port alone names
// the follower ("N" for "follower@N"), and "none" or "-" is the pass. It
// returns false when the turn offers no such option.
func (c choice) choose(st *engine.Game, vo turnview.Voice, names turnview.Names, step engine.Step, typed string) (choice, bool) {
	typed = strings.TrimSpace(typed)
	if typed == "" {
		return c, true
	}
	w, err := c.walk(st, vo, names)
	if err != nil {
		return c, false
	}
	k := slices.IndexFunc(w.stages, func(s stage) bool { return s.step == step })
	if k < 0 {
		return c, false
	}
	j := slices.IndexFunc(w.stages[k].opts, func(o turnview.Option) bool {
		return strings.EqualFold(o.Label, typed) || o.Value == typed || o.Value == "follower@"+typed ||
			strings.EqualFold(typed, "none") && o.Pass()
	})
	if j < 0 {
		return c, false
	}
	old := w.values(true)
	c.picks = make([]int, k+1)
	for n := range k {
		c.picks[n] = w.stages[n].pick
	}
	c.picks[k] = j
	return c.keep(st, vo, names, old, k+1), true
}

// stageOptions are the options of the first stage of step in the preview
// of choice c (nil when the turn does not ask it before others decide).
func (c choice) stageOptions(st *engine.Game, vo turnview.Voice, names turnview.Names, step engine.Step) []turnview.Option {
	w, err := c.walk(st, vo, names)
	if err != nil {
		return nil
	}
	for _, s := range w.stages {
		if s.step == step {
			return s.opts
		}
	}
	return nil
}

// id is the custom id of the preview's component of action act for choice
// c (menu: the stage its menu answers, -1 for a button):
// "cc:ACT:GAME:MOVES:X:Y:DEGREES:PICKS", PICKS the index chosen at each
// stage joined by "." ("-" for none), then the ransom's record token
// (":ransom/2", engine.Ransom.String) and tagged fields: ":s=K" for the
// stage of a menu, ":p=K/N" for the page turned to in the menu of stage
// K-1.
func (c choice) id(act string, menu int) string {
	picks := "-"
	if len(c.picks) > 0 {
		ps := make([]string, len(c.picks))
		for k, p := range c.picks {
			ps[k] = strconv.Itoa(p)
		}
		picks = strings.Join(ps, ".")
	}
	s := fmt.Sprintf("%s:%s:%d:%d:%d:%d:%d:%s", idPrefix, act, c.game, c.moves, c.cell.X, c.cell.Y, c.rot.Degrees(), picks)
	if c.ransomed {
		s += ":" + c.ransom.String()
	}
	if menu >= 0 {
		s += ":s=" + strconv.Itoa(menu)
	}
	if c.page != (pageAt{}) {
		s += ":p=" + c.page.value()
	}
	return s
}

// maxPicks bounds the stages a preview's custom id carries.
const maxPicks = 16

// parsePreviewID reads the fields of a preview's custom id after the
// action and the game (choice.id): the choice, and the stage of a menu
// (-1 for a button).
func parsePreviewID(game int64, f []string) (choice, int, bool) {
	if len(f) < 5 || len(f) > 8 {
		return choice{}, 0, false
	}
	n := make([]int, 4)
	for k := range n {
		v, err := strconv.Atoi(f[k])
		if err != nil {
			return choice{}, 0, false
		}
		n[k] = v
	}
	rot, ok := engine.RotationFromDegrees(n[3])
	if n[0] < 0 || !ok {
		return choice{}, 0, false
	}
	c := choice{game: game, moves: n[0], cell: engine.Cell{X: n[1], Y: n[2]}, rot: rot}
	if f[4] != "-" {
		ps := strings.Split(f[4], ".")
		if len(ps) > maxPicks {
			return choice{}, 0, false
		}
		for _, p := range ps {
			v, err := strconv.Atoi(p)
			if err != nil || v < 0 || v > 9999 {
				return choice{}, 0, false
			}
			c.picks = append(c.picks, v)
		}
	}
	menu := -1
	for _, t := range f[5:] {
		tag, v, _ := strings.Cut(t, "=")
		if strings.HasPrefix(t, "ransom/") {
			tag = "r"
		}
		switch tag {
		case "r":
			r, ok := parseRansom(t)
			if !ok || c.ransomed {
				return choice{}, 0, false
			}
			c.ransomed, c.ransom = true, r
		case "s":
			k, err := strconv.Atoi(v)
			if err != nil || k < 0 || k >= maxPicks || menu >= 0 {
				return choice{}, 0, false
			}
			menu = k
		case "p":
			pg, ok := parsePageAt(v)
			if !ok || c.page != (pageAt{}) {
				return choice{}, 0, false
			}
			c.page = pg
		default:
			return choice{}, 0, false
		}
	}
	return c, menu, true
}
