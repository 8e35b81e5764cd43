package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// maxCellMenus is the number of select menus of cells under a turn message:
// 4 action rows of one menu each, 25 options a menu (the fifth row holds
// the Whole board button; cells past 100 are played with /carcassonne
// place).
const maxCellMenus = 4

// seatName returns the display name of player p of game g.
func seatName(g storage.Game, st *engine.Game, p int) string {
	if p >= 0 && p < len(g.Seats) && g.Seats[p].Name != "" {
		return g.Seats[p].Name
	}
	if p >= 0 && p < st.NumPlayers() {
		return st.Players()[p]
	}
	return "?"
}

func seatUser(g storage.Game, p int) string {
	if p >= 0 && p < len(g.Seats) {
		return g.Seats[p].UserID
	}
	return ""
}

// postTurn posts the message of the current turn of g in its thread and
// returns its id. With search, it first looks for the message an earlier
// run may have posted for this turn, and returns that one.
func (b *Bot) postTurn(ctx context.Context, g storage.Game, st *engine.Game, note string, search bool) (string, bool) {
	if search {
		board := boardButtonID(g.ID, g.Moves)
		if id := b.findPosted(g.ThreadID, func(m *discordgo.Message) bool {
			return hasComponent(m, cellMenuPrefix(g.ID, g.Moves)) || hasComponentID(m, board)
		}); id != "" {
			return id, true
		}
	}
	png, err := pngOf(func(w io.Writer) error { return b.drawIn(gameLang(g)).TurnPNG(w, st) })
	if err != nil {
		b.log.Error("drawing the board", "game", g.ID, "err", err)
		b.failed(g.ID)
		return "", false
	}
	cur := st.Current()
	t, _ := st.Drawn()
	tile := st.TileSet().Name(t)
	name := seatName(g, st, cur)
	user := seatUser(g, cur)
	file := fmt.Sprintf("board-%d-%d.png", g.ID, g.Moves)
	l := gameLang(g)
	title := tr(l, "bot.turn.title", "Turn", st.Turn(), "Player", name, "Tile", tile)
	footer := tr(l, "bot.turn.footer", "Game", g.ID, "TilesLeft", trN(l, "bot.tiles_left", st.TilesLeft()), "Scores", scoreLine(g, st))
	build := func() *discordgo.MessageSend {
		e := &discordgo.MessageEmbed{
			Title:       title,
			Description: note + tr(l, "bot.turn.description", "Tile", tile) + ransomHint(g, st),
			Color:       colourOf(cur),
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + file},
			Footer:      &discordgo.MessageEmbedFooter{Text: footer},
		}
		return &discordgo.MessageSend{
			Content:         tr(l, "bot.turn.content", "User", user, "Tile", tile),
			Embeds:          []*discordgo.MessageEmbed{e},
			Components:      turnComponents(l, g.ID, g.Moves, st.CandidateCells(), len(st.Ransoms()) > 0),
			Files:           []*discordgo.File{pngFile(file, png)},
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{user}},
		}
	}
	if level := playerLevel(g, cur); level != ai.NoLevel {
		// A computer's turn: the same picture, no menus (nobody picks a
		// cell), and nobody mentioned.
		build = func() *discordgo.MessageSend {
			e := &discordgo.MessageEmbed{
				Title:       title,
				Description: note + tr(l, "bot.turn.thinking", "Player", name),
				Color:       colourOf(cur),
				Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + file},
				Footer:      &discordgo.MessageEmbedFooter{Text: footer},
			}
			return &discordgo.MessageSend{
				Content:         tr(l, "bot.turn.computer", "Player", name, "Tile", tile),
				Embeds:          []*discordgo.MessageEmbed{e},
				Components:      turnComponents(l, g.ID, g.Moves, nil, false),
				Files:           []*discordgo.File{pngFile(file, png)},
				AllowedMentions: &discordgo.MessageAllowedMentions{},
			}
		}
	}
	m, err := b.send(ctx, &g, build)
	if err != nil {
		b.failed(g.ID)
		return "", false
	}
	return m.ID, true
}

// turnComponents are the turn message's components: the menus of cells
// (numbered as the picture numbers them: engine.Game.CandidateCells) and
// the Whole board button; with ransom, the Ransom button beside it (The
// Tower: the player may buy back a prisoner).
func turnComponents(l i18n.Lang, game int64, moves int, cells []engine.Cell, ransom bool) []discordgo.MessageComponent {
	rows := cellMenus(l, game, moves, cells, "")
	buttons := []discordgo.MessageComponent{
		discordgo.Button{Label: tr(l, "bot.turn.board_button"), Style: discordgo.SecondaryButton, CustomID: boardButtonID(game, moves)},
	}
	if ransom {
		buttons = append(buttons, discordgo.Button{Label: tr(l, "bot.turn.ransom_button"), Style: discordgo.PrimaryButton, CustomID: ransomButtonID(game, moves)})
	}
	return append(rows, discordgo.ActionsRow{Components: buttons})
}

// cellMenus builds the select menus "Place the tile…", one option per cell;
// suffix ends their custom ids (the ransom chosen with the Ransom button,
// ":r=…", or "").
func cellMenus(l i18n.Lang, game int64, moves int, cells []engine.Cell, suffix string) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for menu := 0; menu < maxCellMenus && menu*25 < len(cells); menu++ {
		var opts []discordgo.SelectMenuOption
		for k := menu * 25; k < len(cells) && k < (menu+1)*25; k++ {
			c := cells[k]
			opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("%d · (%d,%d)", k+1, c.X, c.Y), Value: c.String()})
		}
		placeholder := tr(l, "bot.turn.place")
		if menu > 0 {
			placeholder = tr(l, "bot.turn.place_range", "First", menu*25+1, "Last", menu*25+len(opts))
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: cellMenuID(game, moves, menu) + suffix, Placeholder: placeholder, Options: opts, MinValues: intPtr(1), MaxValues: 1,
		}}})
	}
	return rows
}

func intPtr(n int) *int { return &n }

// anyTurn asks turnCheck for the turn being played, whatever its number.
const anyTurn = -1

// turnCheck loads the game of a turn component and checks that it is still
// that turn (after `moves` moves, or anyTurn) and the member's; it returns a
// refusal for the member otherwise.
func (b *Bot) turnCheck(ctx context.Context, i *discordgo.Interaction, game int64, moves int) (storage.Game, *engine.Game, string) {
	g, st, err := b.store.Load(ctx, game)
	if err != nil {
		return g, nil, b.playerError(err)
	}
	l := memberLang(i)
	switch {
	case g.Status == storage.StatusFinished:
		return g, nil, tr(l, "bot.refuse.game_over")
	case g.Status != storage.StatusRunning:
		return g, nil, tr(l, "bot.refuse.not_running")
	case moves != anyTurn && g.Moves != moves:
		return g, nil, tr(l, "bot.refuse.turn_over")
	}
	cur := st.Current()
	if seatUser(g, cur) != actor(i).ID {
		return g, nil, tr(l, "bot.refuse.not_your_turn", "Player", seatName(g, st, cur))
	}
	if st.Pending().Step != engine.StepTile {
		// The tile is placed and the turn goes on with its steps, each
		// with a message of its own.
		return g, nil, tr(l, "bot.refuse.placed_already", "Asks", turnview.In(l).Asks(st, seatNames(g, st)))
	}
	return g, st, ""
}

// pickCell answers a cell picked in the turn message with the ephemeral
// preview of the tile there.
func (b *Bot) pickCell(i *discordgo.Interaction, id parsedID, value string) {
	ctx, cancel := b.context()
	defer cancel()
	g, st, why := b.turnCheck(ctx, i, id.game, id.moves)
	if why != "" {
		b.replyError(i, why)
		return
	}
	c, err := engine.ParseCell(value)
	if err != nil {
		b.replyError(i, "That is not a cell.")
		return
	}
	rots := st.RotationsAt(c)
	if len(rots) == 0 {
		b.replyError(i, fmt.Sprintf("The tile does not fit on (%s).", c))
		return
	}
	ch := choice{game: g.ID, moves: g.Moves, cell: c, rot: rots[0], ransomed: id.choice.ransomed, ransom: id.choice.ransom}
	if _, why := turnView(st, ch); why != "" {
		b.replyError(i, why)
		return
	}
	data, err := b.previewData(memberLang(i), g, st, ch)
	if err != nil {
		b.log.Error("drawing a preview", "game", g.ID, "err", err)
		b.replyError(i, tr(memberLang(i), "bot.preview.failed"))
		return
	}
	data.Flags = discordgo.MessageFlagsEphemeral
	b.reply(i, data)
}

// previewData builds the ephemeral preview: the picture, ⟲ ⟳, the follower
// menu, Confirm and Back.
func (b *Bot) previewData(l i18n.Lang, g storage.Game, st *engine.Game, ch choice) (*discordgo.InteractionResponseData, error) {
	p := engine.Placement{Cell: ch.cell, Rotation: ch.rot}
	// view is the game after the ransom chosen, if any: the figure freed
	// is in the supply.
	view, why := turnView(st, ch)
	if why != "" {
		return nil, errors.New(why)
	}
	ch = withCrop(view, withMagic(view, withFerries(view, withGold(view, ch))))
	// The figure step as the engine offers it: under princess=must the
	// princess's first knight until the player takes another.
	opts, follower, ch, why := figureMenu(g, st, ch)
	if why != "" {
		return nil, errors.New(why)
	}
	png, err := pngOf(func(w io.Writer) error {
		if ch.tower != engine.TowerNone {
			return b.drawIn(l).PreviewTowerPNG(w, view, ch.viewMove(st))
		}
		m := ch.viewMove(st)
		m.Fly, m.Crop = false, engine.CropNone
		if !ch.plain() {
			m.Follower, m.Figure = engine.NoPort, engine.FigureFollower
		}
		if m.Gold || m.Ferry != 0 || m.FerryMoves.Len() > 0 || m.Magic != engine.MagicNone {
			// The ingots, ferries and mage or witch the choice puts.
			return b.drawIn(l).PreviewMovePNG(w, view, m)
		}
		return b.drawIn(l).PreviewFigurePNG(w, view, p, m.Follower, m.Figure)
	})
	if err != nil {
		return nil, err
	}
	t, _ := st.Drawn()
	tile := st.TileSet().Name(t)
	rots := st.RotationsAt(ch.cell)
	file := "preview.png"
	e := &discordgo.MessageEmbed{
		Title:       tr(l, "bot.preview.title", "Tile", tile, "Cell", ch.cell, "Rotation", ch.rot.Degrees()),
		Description: tr(l, "bot.preview.follower", "Follower", follower),
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + file},
	}
	later := figureLater(st, ch)
	if later {
		e.Description = tr(l, "bot.preview.figure_later")
	}
	if view.Supply(view.Current()) == 0 && view.SupplyOf(view.Current(), engine.FigureLarge) == 0 {
		e.Description += "\n" + tr(l, "bot.preview.no_follower")
	}
	e.Description += ransomLine(st, ch)
	if stepwise(st) {
		e.Description += previewStepsNote(l, st)
	}
	one := len(rots) < 2
	rows := []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "⟲", Style: discordgo.SecondaryButton, CustomID: ch.id(actRotL), Disabled: one},
			discordgo.Button{Label: "⟳", Style: discordgo.SecondaryButton, CustomID: ch.id(actRotR), Disabled: one},
		}},
	}
	if !later {
		rows = append(rows, selectRow(l, ch, actSpot, tr(l, "bot.preview.menu.follower"), opts))
	}
	if gold := goldOptions(view, ch); len(gold) > 0 {
		rows = append(rows, selectRow(l, ch, actGold, tr(l, "bot.preview.menu.gold"), gold))
		e.Description += fmt.Sprintf("\nGold mine: an ingot goes on this tile and the second on (%s); choose another tile with **Second gold ingot…**.", ch.gcell)
	}
	if fo := ferryOptions(view, ch); len(fo) > 0 {
		rows = append(rows, selectRow(l, ch, actFerry, tr(l, "bot.preview.menu.ferry"), fo))
	}
	if fm, n := ferryMoveOptions(view, ch); len(fm) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: ch.id(actFMove), Placeholder: tr(l, "bot.preview.menu.ferry_move"), Options: fm, MinValues: intPtr(0), MaxValues: min(n, len(fm)),
		}}})
		if ch.fmoves.Len() == 0 {
			e.Description += "\nYour tile continues a road to a ferry: you may move it with **Move ferries…**."
		}
	}
	e.Description += ferryLine(ch)
	if mo := magicOptions(view, ch); len(mo) > 0 {
		rows = append(rows, selectRow(l, ch, actMagic, tr(l, "bot.preview.menu.magic"), mo))
		e.Description += magicLine(view, ch)
	}
	if ro := robberOptions(view, ch); len(ro) > 0 {
		rows = append(rows, selectRow(l, ch, actRobber, tr(l, "bot.preview.menu.robber"), ro))
		for _, o := range ro {
			if o.Default && o.Value != "-" {
				e.Description += "\n" + tr(l, "bot.preview.robber", "Robber", o.Label)
			}
		}
	}
	if co := cropOptions(view, ch); len(co) > 0 {
		rows = append(rows, selectRow(l, ch, actCrop, tr(l, "bot.preview.menu.crop"), co))
		e.Description += cropLine(view, ch)
	}
	if ch.fly {
		e.Description += fmt.Sprintf("\nFlying machine: your %s %s. After Confirm the die says how far, and you choose where it lands.",
			turnview.FlyerWord(ch.fig), turnview.FlightWords(view, drawnTile(st), p))
	}
	if capt := captureMenu(g, st, ch); len(capt) > 1 {
		rows = append(rows, selectRow(l, ch, actCap, tr(l, "bot.preview.menu.capture"), capt))
		e.Description += "\n" + captureLine(capt)
	}
	if ch.portal {
		po := portalMenu(g, st, ch)
		rows = append(rows, selectRow(l, ch, actPortal, tr(l, "bot.preview.menu.portal", "Cell", ch.pcell), po))
		if ch.port == engine.NoPort {
			e.Description += fmt.Sprintf("\nMagic portal: choose the spot on (%s) in the menu below.", ch.pcell)
		} else {
			for _, o := range po {
				if o.Default {
					e.Description += fmt.Sprintf("\nMagic portal: your %s at (%s).", o.Label, ch.pcell)
				}
			}
		}
	}
	// With the dragon moving, the escape comes after it: a message asks
	// (escapeMenu offers nothing then).
	if esc := escapeMenu(g, st, ch); len(esc) > 1 {
		rows = append(rows, selectRow(l, ch, actEsc, tr(l, "bot.preview.menu.escape"), esc))
		if ch.escape.Port != engine.NoPort {
			e.Description += fmt.Sprintf("\nEscape: your %s at (%s) goes back to your supply.", turnview.EscapeWho(st, ch.move(st)), ch.escape.Cell)
		}
	}
	last := []discordgo.MessageComponent{
		discordgo.Button{Label: tr(l, "bot.preview.confirm"), Style: discordgo.SuccessButton, CustomID: ch.id(actOK)},
		discordgo.Button{Label: tr(l, "bot.preview.back"), Style: discordgo.SecondaryButton, CustomID: ch.id(actBack)},
	}
	if len(rows) > 4 {
		// Discord shows 5 action rows at most: ⟲ ⟳ join Confirm and
		// Back, and the menus past the fourth keep what the ids carry
		// (the first choice of each).
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

// figureLater reports whether the figure step of choice ch comes after
// another player's decision (the robbers after a tile with a bag): the
// preview then offers no Follower… menu, and a message asks for the figure.
func figureLater(st *engine.Game, ch choice) bool {
	s, reached, err := ch.stage(st, engine.StepFigure)
	if err != nil || reached || s == nil {
		return false
	}
	d := s.Pending()
	return d.Step != engine.StepNone && d.Step != engine.StepTile && d.Player != st.Current()
}

// preview serves the preview's components: ⟲ ⟳, the follower menu, Back and
// Confirm.
func (b *Bot) preview(i *discordgo.Interaction, id parsedID, values []string) {
	ctx, cancel := b.context()
	defer cancel()
	if id.action == actOK {
		b.confirm(i, id.choice)
		return
	}
	if id.action == actBack {
		b.update(i, &discordgo.InteractionResponseData{Content: "Pick another cell in the turn message.",
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
	k := -1
	for j, r := range rots {
		if r == ch.rot {
			k = j
		}
	}
	if k < 0 {
		b.replyError(i, "That placement is not legal any more.")
		return
	}
	view, why := turnView(st, ch)
	if why != "" {
		b.replyError(i, why)
		return
	}
	if n, ok := pageValue(values); ok {
		// A menu's page turned: the same choice, another page of it.
		ch.page = pageAt{act: id.action, n: n}
		b.updatePreview(i, g, st, ch)
		return
	}
	ch.page = pageAt{}
	switch id.action {
	case actRotL:
		ch.rot = rots[(k+len(rots)-1)%len(rots)]
		ch.clearFigure()
	case actRotR:
		ch.rot = rots[(k+1)%len(rots)]
		ch.clearFigure()
	case actSpot, actPortal:
		if len(values) != 1 {
			b.replyError(i, "Pick one spot.")
			return
		}
		ch.clearFigure()
		if id.action == actPortal {
			ch.figChoice = id.choice.figChoice
		}
		f, why := pickFigure(g, st, ch, values[0])
		switch {
		case why != "":
			b.replyError(i, why+".")
			return
		case id.action == actPortal && (!f.portal || f.port == engine.NoPort || f.pcell != id.choice.pcell):
			b.replyError(i, "Pick a spot of the tile the magic portal leads to.")
			return
		}
		ch.figChoice = f
	case actGold:
		c, ok := engine.Cell{}, len(values) == 1 && menuHas(goldOptions(view, ch), values[0])
		if ok {
			c, ok = parseCellValue(values[0])
		}
		if !ok {
			b.replyError(i, "The second gold ingot goes on a tile next to the one you place, diagonals included.")
			return
		}
		ch.gold, ch.gcell = true, c
	case actFerry:
		l, ok := engine.FerryLink(0), len(values) == 1
		if ok {
			l, ok = engine.ParseFerryLink(values[0])
		}
		if !ok || !slices.Contains(view.FerryLinks(drawnTile(st), ch.rot), l) {
			b.replyError(i, "The ferry joins two road ends of the lake on your tile.")
			return
		}
		ch.ferry = l
	case actFMove:
		ch = withFerries(view, ch)
		fm, why := checkFerryMoves(view, ch, values)
		if why != "" {
			b.replyError(i, why+".")
			return
		}
		ch.fmoves = fm
	case actMagic:
		f, t, ok := engine.MagicNone, engine.Target{}, len(values) == 1
		if ok {
			f, t, ok = parseMagicValue(values[0])
		}
		if !ok || !slices.ContainsFunc(magicAnswers(view, ch), func(o turnview.Option) bool { return o.Answer.Magic == f && o.Answer.Target == t }) {
			b.replyError(i, "The mage or the witch cannot go there: a road or city not completed, not the one of the other figure, nor the one it stands on.")
			return
		}
		ch.magic, ch.mat = f, t
	case actCrop:
		c, ok := engine.CropNone, len(values) == 1
		if ok {
			c, ok = parseCropValue(values[0])
		}
		if !ok || view.TileSet().CropKind(drawnTile(st)) == engine.NoFeature {
			b.replyError(i, "Only a tile with a crop circle asks to add or remove.")
			return
		}
		ch.crop = c
	case actRobber:
		seat, msg, ok := 0, false, len(values) == 1 && menuHas(robberOptions(view, ch), values[0])
		if ok {
			seat, msg, ok = parseRobberValue(values[0])
		}
		if !ok {
			b.replyError(i, "Your robber goes by another player's marker or messenger, after a tile with a bag.")
			return
		}
		ch.robber, ch.robberMsg = seat, msg
	case actCap:
		if len(values) != 1 || !menuHas(captureMenu(g, st, ch), values[0]) {
			b.replyError(i, "That figure is not within reach of your tower.")
			return
		}
		ch.capture, _ = parseTargetValue(values[0])
	case actEsc:
		if len(values) != 1 || !menuHas(escapeMenu(g, st, ch), values[0]) {
			b.replyError(i, "No knight of yours can escape from there.")
			return
		}
		ch.escape, _ = parseTargetValue(values[0])
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

// move is the move of the choice, with the tile drawn in st.
func (c choice) move(st *engine.Game) engine.Move {
	t, _ := st.Drawn()
	m := engine.Move{Tile: t, Cell: c.cell, Rotation: c.rot, Follower: c.port, Figure: c.fig, Escape: c.escape,
		Tower: c.tower, TowerCell: c.tcell, Capture: c.capture, Ransomed: c.ransomed, Ransom: c.ransom,
		Princess: c.princess, Fairy: c.fairy, FairyCell: c.fcell, Portal: c.portal, PortalCell: c.pcell,
		Fly: c.fly, Gold: c.gold, GoldCell: c.gcell, Ferry: c.ferry, FerryMoves: c.fmoves,
		Magic: c.magic, MagicAt: c.mat, Crop: c.crop}
	if !c.plain() && !c.portal {
		m.Follower = engine.NoPort
	}
	if c.fairy {
		m.FairyPort = c.port
	}
	return m
}

// clearFigure drops the figure, tower and capture chosen, and the escape:
// a new placement or figure starts them again.
func (c *choice) clearFigure() {
	c.figChoice = figChoice{port: engine.NoPort, fig: engine.FigureFollower}
	c.escape, c.capture = engine.Target{}, engine.Target{}
}

// update answers a component by editing the message it is on.
func (b *Bot) update(i *discordgo.Interaction, data *discordgo.InteractionResponseData) {
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}); err != nil {
		b.log.Warn("updating a message", "err", err)
	}
}

// confirm plays the previewed placement.
func (b *Bot) confirm(i *discordgo.Interaction, ch choice) {
	if err := b.deferUpdate(i); err != nil {
		b.log.Warn("deferring a confirm", "err", err)
	}
	ctx, cancel := b.context()
	defer cancel()
	unlock, err := b.lockGame(ctx, ch.game)
	if err != nil {
		b.log.Warn("playing a turn", "game", ch.game, "err", err)
		b.editReply(i, busyText(memberLang(i), ch.game))
		return
	}
	defer unlock()
	text := b.play(ctx, i, ch, ch.moves)
	b.editReply(i, text)
}

// play checks and stores a placement by the member for the turn after
// `moves` moves, announces it and moves the game on. It returns what to tell
// the member. The caller holds the game's lock.
func (b *Bot) play(ctx context.Context, i *discordgo.Interaction, ch choice, moves int) string {
	game := ch.game
	g, st, why := b.turnCheck(ctx, i, game, moves)
	if why != "" {
		// A retried confirm whose move was stored: nothing more to say.
		return why
	}
	if stepwise(st) {
		return b.playAnswers(ctx, i, g, st, ch)
	}
	// AppendMove checks the move against the rules (a *engine.MoveError
	// says why) in the transaction that stores it.
	m := ch.move(st)
	res, err := b.store.AppendMove(ctx, game, moves, m, storage.Request{ID: i.ID})
	switch {
	case errors.Is(err, storage.ErrConflict):
		return "This turn is over."
	case err != nil:
		b.log.Error("storing a move", "game", game, "err", err)
		return b.playerError(err)
	case res.Duplicate:
		return "Done."
	}
	// The result holds the game after the move; st, before it, is given
	// away to describe the move from.
	return b.announceMoved(ctx, res, st, announcement{})
}
