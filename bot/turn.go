package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// maxCellMenus is the number of select menus of cells under a turn message:
// 4 action rows of one menu each, 25 options a menu (the fifth row holds
// the Whole board button). Past 100 cells, the last option of the fourth
// menu shows the next ones (cellMenus).
const maxCellMenus = 4

// seatName returns the display name of player p of game g as message
// text and embeds show it, its markdown characters escaped (a name
// "*Kai*" reads *Kai*, not in italics; escapeMarkdown).
func seatName(g storage.Game, st *engine.Game, p int) string {
	return escapeMarkdown(seatLabel(g, st, p))
}

// seatLabel returns the display name of player p of game g as it is, for
// where Discord shows text as typed: the labels of components and
// autocomplete choices, footers, code blocks.
func seatLabel(g storage.Game, st *engine.Game, p int) string {
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
	rows := cellMenus(l, game, moves, cells, "", 0, maxCellMenus)
	buttons := []discordgo.MessageComponent{
		discordgo.Button{Label: tr(l, "bot.turn.board_button"), Style: discordgo.SecondaryButton, CustomID: boardButtonID(game, moves)},
	}
	if ransom {
		buttons = append(buttons, discordgo.Button{Label: tr(l, "bot.turn.ransom_button"), Style: discordgo.PrimaryButton, CustomID: ransomButtonID(game, moves)})
	}
	return append(rows, discordgo.ActionsRow{Components: buttons})
}

// cellMenus builds the select menus "Place the tile…", one option per cell
// from the from-th (numbered as the picture numbers them, from 1), at most
// menus menus of 25; when more cells follow, the last option of the last
// menu is "▶ More choices: 100–124 of 180", which shows the next ones to
// the member (pickCell), so that no cell is left out. suffix ends their
// custom ids (the ransom chosen with the Ransom button, ":ransom/2", or "").
func cellMenus(l i18n.Lang, game int64, moves int, cells []engine.Cell, suffix string, from, menus int) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for first := from; first < len(cells) && len(rows) < menus; first += maxMenuOptions {
		end := min(first+maxMenuOptions, len(cells))
		more := len(rows) == menus-1 && end < len(cells)
		if more {
			end--
		}
		var opts []discordgo.SelectMenuOption
		for k := first; k < end; k++ {
			c := cells[k]
			opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("%d · (%d,%d)", k+1, c.X, c.Y), Value: c.String()})
		}
		if more {
			opts = append(opts, discordgo.SelectMenuOption{Label: tr(l, "bot.page.more", "First", end+1, "Last", pageLast(end, len(cells)), "All", len(cells)),
				Value: pagePrefix + strconv.Itoa(end)})
		}
		placeholder := tr(l, "bot.turn.place")
		if first > 0 {
			placeholder = tr(l, "bot.turn.place_range", "First", first+1, "Last", end)
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: cellMenuID(game, moves, first/maxMenuOptions) + suffix, Placeholder: placeholder, Options: opts, MinValues: intPtr(1), MaxValues: 1,
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
	l := memberLang(i)
	g, st, err := b.store.Load(ctx, game)
	if err != nil {
		return g, nil, b.playerErrorIn(l, err)
	}
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
	if from, ok := pageValue([]string{value}); ok && from < len(st.CandidateCells()) {
		// "▶ More choices…": the next cells, for this member's eyes.
		suffix, all := "", len(st.CandidateCells())
		if id.choice.ransomed {
			suffix = ":" + id.choice.ransom.String()
		}
		b.reply(i, &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral,
			Content:    tr(memberLang(i), "bot.step.more", "First", from+1, "Last", pageLast(from, all), "All", all),
			Components: cellMenus(memberLang(i), g.ID, g.Moves, st.CandidateCells(), suffix, from, 5)})
		return
	}
	c, err := engine.ParseCell(value)
	if err != nil {
		b.replyError(i, tr(memberLang(i), "bot.refuse.not_cell"))
		return
	}
	rots := st.RotationsAt(c)
	if len(rots) == 0 {
		b.replyError(i, tr(memberLang(i), "bot.refuse.no_fit", "Cell", c))
		return
	}
	ch := choice{game: g.ID, moves: g.Moves, cell: c, rot: rots[0], ransomed: id.choice.ransomed, ransom: id.choice.ransom}
	if _, why := turnViewIn(memberLang(i), st, ch); why != "" {
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
	w, err := ch.walk(st, turnview.In(memberLang(i)), labelNames(g, st))
	if err != nil {
		return b.playerErrorIn(memberLang(i), err)
	}
	return b.playAnswers(ctx, i, g, st, w.answers)
}

// playAnswers stores answers as of the current player, from the start of
// the turn of game g (st, the game before them), and announces what
// follows: the turn when it is over, else its next decision (a step
// message). It returns what to tell the member, in their language. The
// caller holds the game's lock.
func (b *Bot) playAnswers(ctx context.Context, i *discordgo.Interaction, g storage.Game, st *engine.Game, as []engine.Answer) string {
	res, err := b.store.AppendAnswers(ctx, g.ID, g.Moves, 0, as, storage.Request{ID: i.ID})
	switch {
	case errors.Is(err, storage.ErrConflict):
		return tr(memberLang(i), "bot.refuse.turn_over")
	case err != nil:
		b.log.Error("storing answers", "game", g.ID, "err", err)
		return b.playerErrorIn(memberLang(i), err)
	case res.Duplicate:
		return tr(memberLang(i), "bot.done")
	}
	if res.Done {
		return b.announceMoved(ctx, res.Move, st, announcement{})
	}
	// The turn goes on with other players' decisions: the turn message
	// says what the player did, and the next decision gets its message.
	text := goesOnWords(g, st, st.Current(), engine.MoveOfAnswers(drawnTile(st), as))
	b.editTurnMessage(g, text)
	b.nextStep(ctx, res.Game, res.State, "", false)
	return text
}

// goesOnWords says what player p's answers so far did (their move m, on
// game st at the start of the turn) while the turn goes on with other
// players' decisions (turnview.Voice.PartWords).
func goesOnWords(g storage.Game, st *engine.Game, p int, m engine.Move) string {
	return turnview.In(gameLang(g)).PartWords(st, p, m, seatNames(g, st))
}
