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
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds the decisions of a turn made after the player's Confirm
// (spec/discord.md, "Expansions"), the same for every expansion: the
// dragon's steps (The Princess & the Dragon), a crop circle's answers, a
// landing after the die (The Flying Machines), the robbers and the
// messages (The Messengers, The Robbers), an escape after the dragon.
//
//   - in a game where such decisions come, Confirm stores the player's
//     answers (storage.AppendAnswers) instead of a whole move; when the
//     turn waits for another decision, the bot posts a step message that
//     mentions the player who decides, with one button per legal answer
//     (turnview.Options: ⬆ ➡ ⬇ ⬅ for the dragon), or menus past 25, each
//     under the turn timeout (the bot picks the first legal answer when it
//     runs out, and says so), answered at once by a computer; the last
//     answer stores the whole move and the turn is announced as any other;
//   - a dragon tile drawn before the first volcano is set aside
//     automatically, and announced.
//
// The answers wait in the database (storage.AppendAnswer), so that a
// restart finds the turn where it stood: the step message is looked for,
// and posted when missing.

// actStep is a step message's buttons.
const actStep = "step"

// stepID is the custom id of answer k (in engine.Game.Answers) of the
// decision of game id after `moves` moves and `answered` answers.
func stepID(game int64, moves, answered, k int) string {
	return fmt.Sprintf("%s:%s:%d:%d:%d:%d", idPrefix, actStep, game, moves, answered, k)
}

// stepPrefix starts the custom ids of the step message of that decision.
func stepPrefix(game int64, moves, answered int) string {
	return fmt.Sprintf("%s:%s:%d:%d:%d:", idPrefix, actStep, game, moves, answered)
}

// parseStepID reads a stepID: the moves, the answers and the answer's
// index.
func parseStepID(f []string) (moves, answered, k int, ok bool) {
	if len(f) != 6 {
		return 0, 0, 0, false
	}
	n := make([]int, 3)
	for i := range n {
		v, err := strconv.Atoi(f[3+i])
		if err != nil || v < 0 {
			return 0, 0, 0, false
		}
		n[i] = v
	}
	return n[0], n[1], n[2], true
}

// nextStep posts the message of the decision game g waits for in the
// middle of a turn (st, its state), or has a computer answer it at once.
// With search, it first looks for the message an earlier run posted.
func (b *Bot) nextStep(ctx context.Context, g storage.Game, st *engine.Game, note string, search bool) {
	d := st.Pending()
	if d.Step == engine.StepNone || d.Step == engine.StepTile {
		return
	}
	if b.autoPawn(ctx, g, st) {
		return // answered by the player's preference; nextStep came again
	}
	if a, ok := turnview.OnlyPass(st); ok {
		// Nothing to choose (no knight may escape, …): no question, to
		// a person or a computer.
		b.answerStep(ctx, g, st, a, storage.Request{ID: fmt.Sprintf("pass:%d:%d:%d", g.ID, g.Moves, g.Answered)}, "")
		return
	}
	if search {
		if id := b.findPosted(g.ThreadID, func(m *discordgo.Message) bool {
			return hasComponent(m, stepPrefix(g.ID, g.Moves, g.Answered))
		}); id != "" {
			return
		}
	}
	computer := playerLevel(g, d.Player) != ai.NoLevel
	if computer {
		if err := b.store.SetDeadline(ctx, g.ID, b.cfg.Now()); err != nil {
			b.logError(ctx, "marking a computer's decision due", "game", g.ID, "err", err)
		}
	}
	png, what := b.stepPicture(g, st)
	if _, err := b.send(ctx, &g, func() *discordgo.MessageSend {
		msg := stepMessage(g, st, note)
		if png != nil {
			file := fmt.Sprintf("%s-%d-%d-%d.png", what, g.ID, g.Moves, g.Answered)
			msg.Embeds[0].Image = &discordgo.MessageEmbedImage{URL: "attachment://" + file}
			msg.Files = []*discordgo.File{pngFile(file, png)}
		}
		return msg
	}); err != nil {
		b.failed(g.ID)
		return
	}
	if computer {
		b.scheduleComputer(g.ID, turnKey(g.Moves, g.Answered))
	}
}

// stepPicture draws the picture of the step message of the decision game
// g waits for (st), and names it: the dragon's surroundings for a step of
// the dragon ("dragon"); for a decision whose choices lie on tiles of the
// board (an escape, a landing, a second gold ingot, a crop circle's
// answers of each player …), at most maxMarks of them, the tile placed
// with the answers so far and each choice numbered where it lies, named
// under the board as its button is ("choices"); for another step of the
// current player's that a preview has a menu for (menuOf), asked after
// other players' decisions (the figure after the robbers of a tile with a
// bag, a prisoner after a tower piece), the tile placed with the answers so
// far as the preview draws it ("tile"). It returns nil for other
// decisions, and when drawing fails (logged): the message goes without.
func (b *Bot) stepPicture(g storage.Game, st *engine.Game) ([]byte, string) {
	var draw func(w io.Writer) error
	what := ""
	d := st.Pending()
	l := gameLang(g)
	_, menu := menuOf[d.Step]
	marks := stepMarks(turnview.In(l).Options(st, labelNames(g, st)))
	if d.Step == engine.StepDragon {
		draw, what = func(w io.Writer) error { return b.drawIn(l).DragonPNG(w, st) }, "dragon"
	} else if pv := st.Preview(); pv != nil && len(pv.Moves()) > 0 {
		// The answers so far (the tile, a ransom paid, a second ingot, the
		// mage or witch, a figure), drawn on the game before the tile,
		// after the ransom (its figure back in the supply), as the
		// preview draws them.
		m, view := pv.Moves()[len(pv.Moves())-1], st
		if m.Ransomed {
			if v, err := st.AfterRansom(m.Ransom); err == nil {
				view = v
			}
			m.Ransomed, m.Ransom = false, engine.Ransom{}
		}
		switch {
		case marks != nil && d.Step != engine.StepFigure && d.Step != engine.StepCapture:
			m.Fly, m.Crop = false, engine.CropNone
			draw, what = func(w io.Writer) error { return b.drawIn(l).PreviewMarksPNG(w, view, m, marks) }, "choices"
		case menu && d.Player == st.Current():
			draw, what = b.movePicture(l, view, m), "tile"
		}
	}
	if draw == nil {
		return nil, ""
	}
	png, err := pngOf(draw)
	if err != nil {
		b.log.Warn("drawing a step's picture", "game", g.ID, "picture", what, "err", err)
		return nil, ""
	}
	return png, what
}

// maxMarks is the most choices a step message's picture numbers on the
// board: past it (the mage or witch onto any road or city) the picture
// would list more than it shows.
const maxMarks = 12

// stepMarks returns the marks of a step message's picture for its options
// (turnview.Options): each option but the pass, numbered from 1 in their
// order, where it lies and named by its label; nil when an option lies on
// no tile (the ferry's road ends, a robber, a message) or there are none
// or more than maxMarks.
func stepMarks(opts []turnview.Option) []render.Mark {
	var marks []render.Mark
	for _, o := range opts {
		if o.Pass() {
			continue
		}
		if !o.HasCell {
			return nil
		}
		marks = append(marks, render.Mark{Target: engine.Target{Cell: o.Cell, Port: o.Port}, Label: strconv.Itoa(len(marks) + 1), Text: o.Label})
	}
	if len(marks) > maxMarks {
		return nil
	}
	return marks
}

// stepMessage builds the message of the decision game g waits for (st):
// it mentions the player who decides (not a computer) and has one button
// per legal answer.
func stepMessage(g storage.Game, st *engine.Game, note string) *discordgo.MessageSend {
	d := st.Pending()
	name, user := seatName(g, st, d.Player), seatUser(g, d.Player)
	computer := playerLevel(g, d.Player) != ai.NoLevel
	l := gameLang(g)
	opts := turnview.In(l).Options(st, labelNames(g, st))
	title, ask := turnview.In(l).Question(st, boldNames(g, st))
	if title == "" {
		// The player's own steps after the others' decisions (the figure
		// after a tile with a bag, a prisoner, a gold ingot …).
		title = tr(l, "bot.step.other.title")
		if computer {
			title = tr(l, "bot.step.other.title_computer") // not "Your choice"
		}
	}
	e := &discordgo.MessageEmbed{Title: title, Description: note + ask, Color: colourOf(d.Player),
		Footer: &discordgo.MessageEmbedFooter{Text: tr(l, "bot.step.footer", "Game", g.ID, "Scores", scoreLine(g, st))}}
	rows := stepComponents(g, opts, computer)
	msg := &discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{e}, Components: rows}
	if computer {
		msg.Content = tr(l, "bot.step.computer", "Player", name)
		msg.AllowedMentions = &discordgo.MessageAllowedMentions{}
	} else {
		msg.Content = tr(l, "bot.step.content", "User", user)
		msg.AllowedMentions = &discordgo.MessageAllowedMentions{Users: []string{user}}
	}
	return msg
}

// stepComponents are the components of a step message: one button per
// option (the engine's, turnview.Options), by its label, while they fit
// (25); past that, select menus (stepMenus), so that none is left out. A
// button's custom id names the option by its index (stepID); a menu's
// names its first option, and each value an index.
func stepComponents(g storage.Game, opts []turnview.Option, computer bool) []discordgo.MessageComponent {
	if len(opts) > maxMenuOptions {
		return stepMenus(g, opts, 0, computer)
	}
	var rows, row []discordgo.MessageComponent
	for k, o := range opts {
		row = append(row, discordgo.Button{Label: turnview.Truncate(o.Label, 80), Style: discordgo.PrimaryButton,
			CustomID: stepID(g.ID, g.Moves, g.Answered, k), Disabled: computer})
		if len(row) == 5 {
			rows = append(rows, discordgo.ActionsRow{Components: row})
			row = nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	return rows
}

// stepMenus are the select menus of a step message's options from the
// from-th: five menus of 25 at most; when more options follow, the last
// option of the fifth menu is "▶ More choices…", which opens the next ones
// in an ephemeral message (stepAnswer).
func stepMenus(g storage.Game, opts []turnview.Option, from int, disabled bool) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for first := from; first < len(opts) && len(rows) < 5; first += maxMenuOptions {
		end := min(first+maxMenuOptions, len(opts))
		more := len(rows) == 4 && end < len(opts)
		if more {
			end--
		}
		var mo []discordgo.SelectMenuOption
		for k := first; k < end; k++ {
			mo = append(mo, discordgo.SelectMenuOption{Label: turnview.Truncate(opts[k].Label, 100), Value: strconv.Itoa(k)})
		}
		if more {
			mo = append(mo, discordgo.SelectMenuOption{Label: tr(gameLang(g), "bot.page.more", "First", end+1, "Last", pageLast(end, len(opts)), "All", len(opts)),
				Value: pagePrefix + strconv.Itoa(end)})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: stepID(g.ID, g.Moves, g.Answered, first), Placeholder: tr(gameLang(g), "bot.page.range", "First", first+1, "Last", end),
			Options: mo, MinValues: intPtr(1), MaxValues: 1, Disabled: disabled,
		}}})
	}
	return rows
}

// stepAnswer answers a button of a step message: the option k
// (turnview.Options) of the decision after `moves` moves and `answered`
// answers, by the player who decides; or, from a menu of a step message
// with more than 25 options, the option its value names.
func (b *Bot) stepAnswer(i *discordgo.Interaction, game int64, moves, answered, k int, values []string) {
	ctx, cancel := b.context()
	defer cancel()
	unlock, err := b.lockGame(ctx, game)
	if err != nil {
		b.replyError(i, busyText(memberLang(i), game))
		return
	}
	defer unlock()
	g, st, err := b.store.Load(ctx, game)
	switch {
	case err != nil:
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	case g.Status != storage.StatusRunning:
		b.replyError(i, tr(memberLang(i), "bot.refuse.not_running"))
		return
	case g.Moves != moves || g.Answered != answered:
		b.replyError(i, tr(memberLang(i), "bot.step.refuse.made"))
		return
	}
	d := st.Pending()
	if seatUser(g, d.Player) != actor(i).ID || playerLevel(g, d.Player) != ai.NoLevel {
		b.replyError(i, tr(memberLang(i), "bot.step.refuse.whose", "Player", seatName(g, st, d.Player)))
		return
	}
	opts := turnview.Options(st, labelNames(g, st))
	if from, ok := pageValue(values); ok && from < len(opts) {
		// "More choices…": the next options, for this player's eyes.
		b.reply(i, &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral,
			Content:    tr(memberLang(i), "bot.step.more", "First", from+1, "Last", pageLast(from, len(opts)), "All", len(opts)),
			Components: stepMenus(g, opts, from, false)})
		return
	}
	if len(values) == 1 {
		n, err := strconv.Atoi(values[0])
		if err != nil {
			n = -1
		}
		k = n
	}
	if k < 0 || k >= len(opts) {
		b.replyError(i, tr(memberLang(i), "bot.step.refuse.not_offered"))
		return
	}
	if err := b.deferUpdate(i); err != nil {
		b.log.Warn("deferring a step", "err", err)
	}
	b.answerStep(ctx, g, st, opts[k].Answer, storage.Request{ID: i.ID}, "")
}

// answerStep stores answer a of the decision game g waits for (st, before
// it), turns the step message into what was decided (prefixed by why, for
// a timeout), and moves on: the next decision, or the turn's
// announcement. The caller holds the game's lock.
func (b *Bot) answerStep(ctx context.Context, g storage.Game, st *engine.Game, a engine.Answer, req storage.Request, why string) {
	said := why + turnview.In(gameLang(g)).StepWords(st, a, seatNames(g, st))
	res, err := b.store.AppendAnswer(ctx, g.ID, g.Moves, g.Answered, a, req)
	if err != nil || res.Duplicate {
		if err != nil && !errors.Is(err, storage.ErrConflict) {
			b.logError(ctx, "storing an answer", "game", g.ID, "err", err)
		}
		return
	}
	b.closeStepMessage(g, said)
	if res.Done {
		b.announceMoved(ctx, res.Move, nil, announcement{})
		return
	}
	b.nextStep(ctx, res.Game, res.State, said+"\n", false)
}

// closeStepMessage turns the step message of game g's decision into text.
func (b *Bot) closeStepMessage(g storage.Game, text string) {
	id := b.findPosted(g.ThreadID, func(m *discordgo.Message) bool {
		return hasComponent(m, stepPrefix(g.ID, g.Moves, g.Answered))
	})
	if id == "" {
		return
	}
	empty := []discordgo.MessageComponent{}
	if _, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: g.ThreadID, Content: &text,
		Components: &empty, Embeds: &[]*discordgo.MessageEmbed{}}); err != nil {
		b.log.Warn("closing a step message", "game", g.ID, "err", err)
	}
}

// stepTimeout answers, for the player whose time ran out, the decision
// game g waits for in the middle of a turn (st): a pass where it may
// pass, else the first legal answer, said in the step message. The caller holds the game's lock.
func (b *Bot) stepTimeout(ctx context.Context, g storage.Game, st *engine.Game) {
	opts := turnview.Options(st, labelNames(g, st))
	if len(opts) == 0 {
		return
	}
	a := opts[0].Answer
	for _, o := range opts {
		if o.Pass() {
			a = o.Answer // a timeout passes where it may (a robber, a prisoner …)
			break
		}
	}
	who := seatName(g, st, st.Pending().Player)
	b.answerStep(ctx, g, st, a, storage.Request{ID: fmt.Sprintf("timeout:%d:%d:%d", g.ID, g.Moves, g.Answered), Cause: storage.CauseTimeout},
		tr(gameLang(g), "bot.step.timeout", "Player", who))
}

// putAway stores move m, which puts the tile drawn in game g (st) away
// as the rules do without a choice (turnview.PutAway: a dragon tile set
// aside before the first volcano, a tile that fits nowhere discarded), and
// returns the game after it and the note for the next turn. Its request
// id (the move's token, the game and the moves) makes it once, whoever
// gets there first: a process that finds it stored loads what it stored.
func (b *Bot) putAway(ctx context.Context, g storage.Game, st *engine.Game, m engine.Move) (storage.Game, *engine.Game, string, error) {
	token := "discard"
	if m.Aside {
		token = "aside"
	}
	res, err := b.store.AppendMove(ctx, g.ID, g.Moves, m,
		storage.Request{ID: fmt.Sprintf("%s:%d:%d", token, g.ID, g.Moves), Cause: storage.CauseDiscard})
	note := turnview.In(gameLang(g)).DrawWords(st, m, seatNames(g, st)) + "\n"
	if err != nil && !errors.Is(err, storage.ErrConflict) {
		return g, st, "", err
	}
	if err == nil && res.State != nil {
		return res.Game, res.State, note, nil
	}
	g, st, err = b.store.Load(ctx, g.ID)
	return g, st, note, err
}

// previewStepsNote says in a preview what comes after Confirm when the
// tile moves the dragon or has the robbers' bag; "" otherwise.
func previewStepsNote(l i18n.Lang, st *engine.Game) string {
	switch {
	case dragonTile(st):
		return tr(l, "bot.preview.note.dragon")
	case bagTile(st):
		return tr(l, "bot.preview.note.bag")
	}
	return ""
}

// bagTile reports whether the tile drawn in st asks the robbers' step of
// other players before its figure (The Robbers).
func bagTile(st *engine.Game) bool {
	t, ok := st.Drawn()
	return ok && st.Rules().Expansions.Has(engine.ExpansionRobbers) && st.TileSet().Tile(t).Markers&engine.Bag != 0 && st.NumPlayers() > 1
}

// dragonTile reports whether the tile drawn in st moves the dragon: a
// dragon tile once the dragon is on the board.
func dragonTile(st *engine.Game) bool {
	t, ok := st.Drawn()
	if !ok {
		return false
	}
	_, on := st.Dragon()
	return on && st.TileSet().Tile(t).Markers&engine.Dragon != 0
}
