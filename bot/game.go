package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// cmdPlace plays a whole turn typed as /carcassonne place.
func (b *Bot) cmdPlace(i *discordgo.Interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) {
	ctx, cancel := b.context()
	defer cancel()
	g, ok := b.gameFor(i, storage.StatusRunning)
	if !ok {
		return
	}
	c, err := engine.ParseCell(typedCell(optString(opts, "position")))
	if err != nil {
		b.replyError(i, tr(memberLang(i), "bot.refuse.position"))
		return
	}
	if err := b.deferReply(i, true); err != nil {
		b.log.Warn("deferring", "err", err)
	}
	unlock, err := b.lockGame(ctx, g.ID)
	if err != nil {
		b.log.Warn("playing a turn", "game", g.ID, "err", err)
		b.editReply(i, busyText(memberLang(i), g.ID))
		return
	}
	defer unlock()
	g, st, why := b.turnCheck(ctx, i, g.ID, anyTurn)
	if why != "" {
		b.editReply(i, why)
		return
	}
	rots := st.RotationsAt(c)
	if len(rots) == 0 {
		t, _ := st.Drawn()
		b.editReply(i, tr(memberLang(i), "bot2.place.no_fit", "Tile", st.TileSet().Name(t), "Cell", c))
		return
	}
	r := rots[0]
	if v := strings.TrimSuffix(strings.TrimSpace(optString(opts, "rotation")), "°"); v != "" {
		deg := 0
		if _, err := fmt.Sscanf(v, "%d", &deg); err != nil {
			b.editReply(i, tr(memberLang(i), "bot.refuse.rotation"))
			return
		}
		rr, ok := engine.RotationFromDegrees(deg)
		if !ok {
			b.editReply(i, tr(memberLang(i), "bot.refuse.rotation"))
			return
		}
		if !slices.Contains(rots, rr) {
			b.editReply(i, tr(memberLang(i), "bot2.place.no_fit_turned", "Cell", c, "Degrees", deg))
			return
		}
		r = rr
	}
	// The other steps take their defaults, as the preview shows them
	// first (no prisoner, the nearest tile for the second gold ingot, …).
	l := memberLang(i)
	vo, names := turnview.In(l), labelNames(g, st)
	ch := choice{game: g.ID, moves: g.Moves, cell: c, rot: r}
	for _, o := range []struct {
		step                  engine.Step
		option, refuse, later string
	}{
		{engine.StepFigure, "follower", "bot.refuse.typed_follower", "bot.refuse.typed_follower_later"},
		{engine.StepEscape, "escape", "bot.refuse.typed_escape", "bot.refuse.typed_escape_later"},
	} {
		next, ok := ch.choose(st, vo, names, o.step, optString(opts, o.option))
		if !ok {
			why := o.refuse
			if w, err := ch.walk(st, vo, names); err == nil && !w.done && ch.stageOptions(st, vo, names, o.step) == nil {
				// The step comes after decisions asked in messages (the
				// robbers after a tile with a bag, the dragon's steps):
				// it cannot be typed now.
				why = o.later
			}
			b.editReply(i, tr(l, why))
			return
		}
		ch = next
	}
	b.editReply(i, b.play(ctx, i, ch, g.Moves))
}

// typedCell reads the position option as its autocomplete names a cell,
// "3 · (2,-1)", or as typed, "(2,-1)" or "2,-1": it returns the cell part.
func typedCell(v string) string {
	if _, c, ok := strings.Cut(v, "·"); ok {
		return strings.TrimSpace(c)
	}
	return v
}

// onAutocomplete suggests the legal cells, rotations and follower spots for
// /carcassonne place.
func (b *Bot) onAutocomplete(i *discordgo.Interaction) {
	ctx, cancel := b.context()
	defer cancel()
	var choices []*discordgo.ApplicationCommandOptionChoice
	respond := func() {
		if len(choices) > 25 {
			choices = choices[:25]
		}
		if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices}}); err != nil {
			b.log.Warn("answering autocomplete", "err", err)
		}
	}
	defer respond()
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || len(data.Options) != 1 || data.Options[0] == nil {
		return
	}
	var focused *discordgo.ApplicationCommandInteractionDataOption
	for _, o := range data.Options[0].Options {
		if o != nil && o.Focused && o.Name == gameOption {
			typed, _ := o.Value.(string)
			choices = b.gameChoices(ctx, i, strings.TrimSpace(typed))
			return
		}
	}
	if data.Options[0].Name == "new" {
		for _, o := range data.Options[0].Options {
			if o != nil && o.Focused && o.Name == "expansions" {
				typed, _ := o.Value.(string)
				choices = expansionChoices(memberLang(i), typed)
			}
		}
		return
	}
	if data.Options[0].Name != "place" {
		return
	}
	vals := map[string]string{}
	for _, o := range data.Options[0].Options {
		if o == nil {
			continue
		}
		if s, ok := o.Value.(string); ok {
			vals[o.Name] = s
		}
		if o.Focused {
			focused = o
		}
	}
	if focused == nil {
		return
	}
	g, err := b.findGame(ctx, i, storage.StatusRunning)
	if err != nil {
		return
	}
	_, st, err := b.store.Load(ctx, g.ID)
	if err != nil || st.Ended() {
		return
	}
	typed := strings.ToLower(strings.TrimSpace(vals[focused.Name]))
	add := func(name, value string) {
		if typed == "" || strings.Contains(strings.ToLower(name), typed) {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value})
		}
	}
	switch focused.Name {
	case "position":
		for k, c := range st.CandidateCells() {
			add(fmt.Sprintf("%d · (%d,%d)", k+1, c.X, c.Y), c.String())
		}
	case "rotation":
		c, err := engine.ParseCell(vals["position"])
		if err != nil {
			return
		}
		for _, r := range st.RotationsAt(c) {
			add(r.String()+"°", r.String())
		}
	case "follower", "escape":
		p, ok := typedPlacement(st, vals)
		if !ok {
			return
		}
		vo, names := turnview.In(memberLang(i)), labelNames(g, st)
		ch := choice{cell: p.Cell, rot: p.Rotation}
		step := engine.StepFigure
		if focused.Name == "escape" {
			step = engine.StepEscape
			ch, _ = ch.choose(st, vo, names, engine.StepFigure, vals["follower"])
		}
		opts := ch.stageOptions(st, vo, names, step)
		if step == engine.StepEscape && len(opts) < 2 {
			return // no knight of the player's may escape
		}
		for _, o := range opts {
			if o.Pass() {
				add(tr(memberLang(i), "bot2.choice.none"), "none")
				continue
			}
			add(o.Label, o.Value)
		}
	}
}

// typedPlacement returns the placement typed so far in /carcassonne place
// (its position and rotation options, vals by name): the cell, and the
// rotation typed when the tile fits that way, else the first that fits. It
// returns false when the position does not read or the tile fits there in
// no rotation.
func typedPlacement(st *engine.Game, vals map[string]string) (engine.Placement, bool) {
	c, err := engine.ParseCell(vals["position"])
	if err != nil {
		return engine.Placement{}, false
	}
	rots := st.RotationsAt(c)
	if len(rots) == 0 {
		return engine.Placement{}, false
	}
	p := engine.Placement{Cell: c, Rotation: rots[0]}
	var deg int
	if _, err := fmt.Sscanf(vals["rotation"], "%d", &deg); err == nil {
		if r, ok := engine.RotationFromDegrees(deg); ok && slices.Contains(rots, r) {
			p.Rotation = r
		}
	}
	return p, true
}

// isPlayer reports whether the member has a seat in g.
func isPlayer(i *discordgo.Interaction, g storage.Game) bool {
	_, ok := g.SeatOf(actor(i).ID)
	return ok
}

func (b *Bot) cmdBoard(i *discordgo.Interaction) {
	g, ok := b.gameFor(i, storage.StatusRunning, storage.StatusFinished)
	if !ok {
		return
	}
	b.showBoard(i, g.ID, !isPlayer(i, g))
}

// wholeBoard answers the Whole board button with the whole board, to the
// member only.
func (b *Bot) wholeBoard(i *discordgo.Interaction, game int64) {
	b.showBoard(i, game, true)
}

// showBoard answers with the whole board of a game (the final board once
// it is over).
func (b *Bot) showBoard(i *discordgo.Interaction, game int64, ephemeral bool) {
	ctx, cancel := b.context()
	defer cancel()
	if err := b.deferReply(i, ephemeral); err != nil {
		b.log.Warn("deferring", "err", err)
	}
	g, st, err := b.store.Load(ctx, game)
	if err != nil {
		b.editReply(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	if g.Status == storage.StatusLobby {
		b.editReply(i, tr(memberLang(i), "bot.refuse.not_started"))
		return
	}
	var png []byte
	if st.Ended() {
		png, err = pngOf(func(w io.Writer) error { return b.drawIn(gameLang(g)).FinalPNG(w, st) })
	} else {
		png, err = pngOf(func(w io.Writer) error { return b.drawIn(gameLang(g)).BoardPNG(w, st) })
	}
	if err != nil {
		b.log.Error("drawing the board", "game", g.ID, "err", err)
		b.editReply(i, tr(memberLang(i), "bot.refuse.board_failed"))
		return
	}
	content := tr(gameLang(g), "lobby2.board", "Game", g.ID, "Turn", st.Turn(), "Scores", scoreLine(g, st))
	if _, err := b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content,
		Files: []*discordgo.File{pngFile(fmt.Sprintf("board-%d.png", g.ID), png)}}); err != nil {
		b.log.Warn("sending the board", "err", err)
	}
}

func (b *Bot) cmdScore(i *discordgo.Interaction) {
	ctx, cancel := b.context()
	defer cancel()
	g, ok := b.gameFor(i, storage.StatusRunning, storage.StatusFinished, storage.StatusStopped)
	if !ok {
		return
	}
	_, st, err := b.store.Load(ctx, g.ID)
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	// A player's scoreboard is posted for everyone, in the game's
	// language; anyone else's is theirs alone, in their own.
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{scoreEmbed(gameLang(g), g, st)}}
	if !isPlayer(i, g) {
		data.Embeds[0] = scoreEmbed(memberLang(i), g, st)
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	b.reply(i, data)
}

func (b *Bot) cmdRecord(i *discordgo.Interaction) {
	ctx, cancel := b.context()
	defer cancel()
	g, ok := b.gameFor(i, storage.StatusRunning, storage.StatusFinished, storage.StatusStopped)
	if !ok {
		return
	}
	rec, err := b.store.Record(ctx, g.ID)
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	b.reply(i, &discordgo.InteractionResponseData{
		Content: tr(memberLang(i), "bot.end.record", "Game", g.ID),
		Flags:   discordgo.MessageFlagsEphemeral,
		Files:   []*discordgo.File{{Name: fmt.Sprintf("carcassonne-%d.rec", g.ID), ContentType: "text/plain", Reader: strings.NewReader(rec.String())}},
	})
}

func (b *Bot) cmdResign(i *discordgo.Interaction) {
	ctx, cancel := b.context()
	defer cancel()
	g, ok := b.gameFor(i, storage.StatusRunning)
	if !ok {
		return
	}
	seat, ok := g.SeatOf(actor(i).ID)
	if !ok {
		b.replyError(i, tr(memberLang(i), "bot.refuse.resign_no_seat"))
		return
	}
	if err := b.deferReply(i, true); err != nil {
		b.log.Warn("deferring", "err", err)
	}
	unlock, err := b.lockGame(ctx, g.ID)
	if err != nil {
		b.log.Warn("resigning", "game", g.ID, "err", err)
		b.editReply(i, busyText(memberLang(i), g.ID))
		return
	}
	defer unlock()
	text := b.resign(ctx, memberLang(i), g.ID, seat.Index, i.ID)
	b.editReply(i, text)
}

// resign takes seat out of a running game and announces it; the caller
// holds the game's lock. The turn message becomes the announcement, and
// the turn is posted again (the next player's when it was the resigning
// player's), or the end when one player is left. While another player's
// turn is half played (answered step by step: the dragon's steps, a
// landing, the crop circles' answers), it refuses and changes nothing;
// the resigning player's own turn under way is dropped, and its open step
// message closed. It returns what to tell the player.
func (b *Bot) resign(ctx context.Context, l i18n.Lang, id int64, seat int, requestID string) string {
	g, st, err := b.store.Load(ctx, id)
	if err != nil {
		return b.playerErrorIn(l, err)
	}
	if g.Status != storage.StatusRunning {
		return tr(l, "bot.refuse.not_running")
	}
	if st.Resigned(seat) {
		return tr(l, "bot.refuse.resigned_already")
	}
	if cur := st.Current(); g.Answered > 0 && seat != cur {
		// The record writes a resignation between turns only
		// (spec/record.md), and the store drops a turn under way when one
		// comes: someone else's half-played turn would be lost.
		return tr(l, "lobby2.resign.under_way", "Player", seatName(g, st, cur), "Asks", turnview.In(l).Asks(st, seatNames(g, st)))
	}
	res, err := b.store.Resign(ctx, id, seatUser(g, seat), storage.Request{ID: requestID})
	if err != nil {
		return b.playerErrorIn(l, err)
	}
	if res.Duplicate {
		return tr(l, "bot.done")
	}
	if g.Answered > 0 {
		// The resigning player's own turn was under way: the step
		// message that asks someone for it answers nothing any more.
		b.closeStepMessage(g, tr(gameLang(g), "bot.step.resigned", "Player", seatName(g, st, seat)))
	}
	b.announceMoved(ctx, res, st, announcement{})
	return tr(l, "bot.resigned")
}

func (b *Bot) cmdStop(i *discordgo.Interaction) {
	ctx, cancel := b.context()
	defer cancel()
	g, ok := b.gameFor(i, storage.StatusRunning, storage.StatusLobby)
	if !ok {
		return
	}
	if g.HostID != actor(i).ID && !canModerate(i) {
		b.replyError(i, tr(memberLang(i), "bot.refuse.stop_host_only"))
		return
	}
	unlock, err := b.lockGame(ctx, g.ID)
	if err != nil {
		b.log.Warn("stopping a game", "game", g.ID, "err", err)
		b.replyError(i, busyText(memberLang(i), g.ID))
		return
	}
	defer unlock()
	if err := b.store.MarkStatus(ctx, g.ID, storage.StatusStopped, "stopped by "+displayName(i)); err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	text := tr(gameLang(g), "lobby2.stopped_by", "Game", g.ID, "Member", escapeMarkdown(displayName(i)))
	b.reply(i, &discordgo.InteractionResponseData{Content: text, AllowedMentions: &discordgo.MessageAllowedMentions{}})
	b.closeGame(g)
}

// closeGame takes the board and the components off a stopped game's turn
// message and the step message of a turn under way (or its lobby message)
// and archives its thread. The stop itself is announced once, by the
// caller.
func (b *Bot) closeGame(g storage.Game) {
	if g.TurnMessageID != "" {
		b.editTurnMessage(g, tr(gameLang(g), "lobby2.turn_not_played"))
		if g.Answered > 0 {
			// The turn was under way: the step message that asks for it.
			b.closeStepMessage(g, tr(gameLang(g), "lobby2.turn_not_played"))
		}
	} else if g.Status == storage.StatusLobby {
		g.Status = storage.StatusStopped
		e := lobbyEmbed(g)
		e.Description = tr(gameLang(g), "bot.lobby.stopped")
		b.editLobby(g, []*discordgo.MessageEmbed{e}, []discordgo.MessageComponent{})
	}
	b.archive(g)
}

func (b *Bot) archive(g storage.Game) {
	if g.ThreadID == "" || g.ThreadID == g.ChannelID {
		return
	}
	yes := true
	if _, err := b.s.ChannelEdit(g.ThreadID, &discordgo.ChannelEdit{Archived: &yes}); err != nil {
		b.log.Warn("archiving the thread", "game", g.ID, "err", err)
	}
}

// postEnd posts the final board, the final scoring by player and feature,
// the winners and the record, mentioning the players, and archives the
// thread. With search, it first looks for the end an earlier run posted.
// It reports whether the end was posted.
func (b *Bot) postEnd(ctx context.Context, g storage.Game, st *engine.Game, note string, search bool) bool {
	recName := fmt.Sprintf("carcassonne-%d.rec", g.ID)
	if search && b.findPosted(g.ThreadID, func(m *discordgo.Message) bool { return hasAttachment(m, recName) }) != "" {
		b.archive(g)
		return true
	}
	png, err := pngOf(func(w io.Writer) error { return b.drawIn(gameLang(g)).FinalPNG(w, st) })
	if err != nil {
		b.log.Error("drawing the final board", "game", g.ID, "err", err)
	}
	rec, err := b.store.Record(ctx, g.ID)
	if err != nil {
		b.log.Error("writing the record", "game", g.ID, "err", err)
	}
	replay, replayNote := b.replayGIF(gameLang(g), g.ID, rec)
	var users, mentions []string
	for _, s := range g.Seats {
		if s.UserID != "" && seatLevel(s) == ai.NoLevel {
			users = append(users, s.UserID)
			mentions = append(mentions, "<@"+s.UserID+">")
		}
	}
	build := func() *discordgo.MessageSend {
		e := finalEmbed(g, st)
		over := tr(gameLang(g), "bot.end.over", "Winners", turnview.In(gameLang(g)).Winners(st, seatNames(g, st)))
		msg := &discordgo.MessageSend{
			Content: strings.TrimSpace(note + over + "\n" + strings.Join(mentions, " ")),
			Embeds:  []*discordgo.MessageEmbed{e}, AllowedMentions: &discordgo.MessageAllowedMentions{Users: users}}
		if png != nil {
			name := fmt.Sprintf("final-%d.png", g.ID)
			e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + name}
			msg.Files = append(msg.Files, pngFile(name, png))
		}
		if rec != nil {
			msg.Files = append(msg.Files, &discordgo.File{Name: recName, ContentType: "text/plain", Reader: strings.NewReader(rec.String())})
		}
		if replay != nil {
			msg.Files = append(msg.Files, &discordgo.File{Name: "replay.gif", ContentType: "image/gif", Reader: bytes.NewReader(replay)})
		}
		if replayNote != "" {
			msg.Content += "\n" + replayNote
		}
		return msg
	}
	if _, err := b.send(ctx, &g, build); err != nil {
		b.failed(g.ID)
		return false
	}
	b.archive(g)
	return true
}

// animator draws the animated replay of a game; render.Renderer does.
type animator interface {
	Animate(w io.Writer, rec *engine.Record, opts render.AnimateOptions) error
}

// replayGIF draws the animated replay of game id's record for the end
// message: the GIF (at most render.AnimateMaxBytes), or nil and, when it
// would be too large, a line saying so. A failure is logged and never
// stops the end message.
func (b *Bot) replayGIF(l i18n.Lang, id int64, rec *engine.Record) (data []byte, note string) {
	a, ok := b.drawIn(l).(animator)
	if !ok || rec == nil {
		return nil, ""
	}
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("drawing the replay", "game", id, "panic", p)
			data, note = nil, ""
		}
	}()
	var buf bytes.Buffer
	err := a.Animate(&buf, rec, render.AnimateOptions{})
	var tl *render.TooLargeError
	switch {
	case errors.As(err, &tl):
		return nil, tr(l, "bot.end.replay_too_large", "MiB", tl.Limit>>20)
	case err != nil:
		b.log.Error("drawing the replay", "game", id, "err", err)
		return nil, ""
	}
	return buf.Bytes(), ""
}

// tableWidth is the widest final table, in characters, that the end
// message shows as a table: wider, Discord would wrap its lines (an
// embed is about 520 px wide).
const tableWidth = 56

// finalEmbed is the end message's final scoring of game g in the game's
// language: turnview's final table in a code block, for its columns; when
// the game's sources of points make it wider than tableWidth, or a name
// holds a backtick (which could close the code block), a line per
// player ("**1. Ann** — 52 points") and their points by source ("roads 12
// · cities 20 · …"), which wrap as text does.
func finalEmbed(g storage.Game, st *engine.Game) *discordgo.MessageEmbed {
	l := gameLang(g)
	vo, names := turnview.In(l), seatNames(g, st)
	e := &discordgo.MessageEmbed{Title: tr(l, "bot.end.title", "Game", g.ID), Color: 0xC9A227}
	typed := labelNames(g, st)
	table := vo.FinalTable(st, typed)
	if utf8.RuneCountInString(table[0]) <= tableWidth && !slices.ContainsFunc(typed, func(n string) bool { return strings.Contains(n, "`") }) {
		e.Description = "```\n" + strings.Join(table, "\n") + "\n```"
		return e
	}
	sources, scores := turnview.FinalScores(st)
	var rows []string
	for k, s := range scores {
		var parts []string
		for j, src := range sources {
			parts = append(parts, fmt.Sprintf("%s %d", vo.SourceTitle(src.Name), s.Points[j]))
		}
		rows = append(rows, fmt.Sprintf("**%d. %s** — %s\n%s", k+1, names[s.Player],
			vo.Plural(s.Total, "point"), strings.Join(parts, " · ")))
	}
	e.Description = strings.Join(rows, "\n")
	return e
}

// scoreLine is the short scoreboard: "Alice 12 · Bob 9".
func scoreLine(g storage.Game, st *engine.Game) string {
	var parts []string
	for p := range st.NumPlayers() {
		parts = append(parts, fmt.Sprintf("%s %d", seatLabel(g, st, p), st.Score(p)))
	}
	return strings.Join(parts, " · ")
}

// scoreEmbed is /carcassonne score's scoreboard of game g in language l:
// each player's points, supply and pieces, where the mage and the witch
// stand, the tiles left.
func scoreEmbed(l i18n.Lang, g storage.Game, st *engine.Game) *discordgo.MessageEmbed {
	vo, names := turnview.In(l), seatNames(g, st)
	var b strings.Builder
	for p := range st.NumPlayers() {
		mark := ""
		if !st.Ended() && st.Current() == p {
			mark = " " + tr(l, "bot.score.to_play")
		}
		if st.Resigned(p) {
			mark = " " + tr(l, "bot.score.resigned")
		}
		fmt.Fprintf(&b, "%s **%s** — %s, %s%s\n", colourDot(p), names[p], vo.Plural(st.Score(p), "point"), vo.Parts(vo.Standing(st, names, p)), mark)
	}
	if w := vo.MagicStanding(st); w != "" {
		b.WriteString("\n" + w)
	}
	b.WriteString("\n" + trN(l, "bot.score.tiles_left", st.TilesLeft()))
	return &discordgo.MessageEmbed{Title: tr(l, "bot.score.title", "Game", g.ID), Description: b.String(), Color: 0x3B7D3B}
}

// dots are the emoji of the player colours, by render.PlayerColourName.
var dots = map[string]string{"red": "🔴", "green": "🟢", "blue": "🔵", "yellow": "🟡", "black": "⚫", "grey": "⚪"}

// colourDot is player p's colour as an emoji, for messages.
func colourDot(p int) string {
	if p < 0 || p >= engine.MaxPlayers {
		return ""
	}
	return dots[render.PlayerColourName(p)]
}

// colourOf is player p's colour as an embed's colour number: the colour of
// the player's followers in the pictures (render.PlayerColour).
func colourOf(p int) int {
	c := render.PlayerColour(p)
	return int(c.R)<<16 | int(c.G)<<8 | int(c.B)
}

// lobbyEmbed shows a lobby: host, settings, seats taken and free; once the
// game has started, its players only.
func lobbyEmbed(g storage.Game) *discordgo.MessageEmbed {
	l := gameLang(g)
	var seats strings.Builder
	for _, s := range g.Seats {
		host := ""
		if s.UserID == g.HostID {
			host = " " + tr(l, "bot.lobby.host_mark")
		}
		fmt.Fprintf(&seats, "%s %s%s\n", colourDot(s.Index), escapeMarkdown(s.Name), host)
	}
	seatsTitle := tr(l, "bot.lobby.players")
	if g.Status == storage.StatusLobby {
		for k := len(g.Seats); k < g.MaxSeats; k++ {
			seats.WriteString("▫️ " + tr(l, "bot.lobby.free") + "\n")
		}
		seatsTitle = tr(l, "bot.lobby.seats", "Taken", len(g.Seats), "Max", g.MaxSeats)
	}
	timeout := tr(l, "bot.lobby.setting.timeout_off")
	if g.TurnTimeout > 0 {
		timeout = tr(l, "bot.lobby.setting.timeout", "Timeout", durationWords(l, g.TurnTimeout))
	}
	// The rule options in the game's language, the turn timeout and the
	// language after the base game's.
	lines := turnview.In(l).RuleWords(g.Options, gameExpansions(g))
	lines = slices.Insert(lines, 2, timeout, tr(l, "bot.lobby.language", "Language", l.Name()))
	settings := strings.Join(lines, "\n")
	return &discordgo.MessageEmbed{
		Title:       tr(l, "bot.lobby.title", "Game", g.ID),
		Description: tr(l, "bot.lobby.description"),
		Color:       0x3B7D3B,
		Fields: []*discordgo.MessageEmbedField{
			{Name: tr(l, "bot.lobby.host"), Value: "<@" + g.HostID + ">", Inline: true},
			{Name: tr(l, "bot.lobby.settings"), Value: settings, Inline: true},
			{Name: seatsTitle, Value: seats.String()},
			{Name: tr(l, "bot.lobby.expansions"), Value: expansionTitles(l, gameExpansions(g))},
		},
	}
}

// durationWords says a duration as players read it in language l: "5
// minutes", "1 hour", "24 hours", "1 hour 30 minutes", "45 seconds".
func durationWords(l i18n.Lang, d time.Duration) string {
	if d < time.Minute {
		return trN(l, "bot.duration.seconds", int(d.Round(time.Second)/time.Second))
	}
	d = d.Round(time.Minute)
	h, m := int(d/time.Hour), int(d%time.Hour/time.Minute)
	switch {
	case h == 0:
		return trN(l, "bot.duration.minutes", m)
	case m == 0:
		return trN(l, "bot.duration.hours", h)
	}
	return tr(l, "bot.duration.hours_minutes", "Hours", trN(l, "bot.duration.hours", h), "Minutes", trN(l, "bot.duration.minutes", m))
}

// lobbyButtons are the lobby's components: Join, Leave, Start and Cancel;
// Add computer player and Remove (spec/discord.md, "Computer
// players"), Language… (the language the game speaks); then the menu
// Expansions… and, for each chosen expansion with options, a menu per
// option (lobbyOptionMenus) while there is room, and past 5 rows the
// button More rules…, which shows them all (lobbyRulesMessage).
func lobbyButtons(g storage.Game) []discordgo.MessageComponent {
	l := gameLang(g)
	button := func(id string, style discordgo.ButtonStyle, action string) discordgo.Button {
		return discordgo.Button{Label: tr(l, "bot.lobby.button."+id), Style: style, CustomID: lobbyID(action, g.ID)}
	}
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		button("join", discordgo.PrimaryButton, actJoin),
		button("leave", discordgo.SecondaryButton, actLeave),
		button("start", discordgo.SuccessButton, actStart),
		button("cancel", discordgo.DangerButton, actCancel),
	}}, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		button("cpu", discordgo.SecondaryButton, actCPU),
		button("remove", discordgo.SecondaryButton, actCPURm),
		button("language", discordgo.SecondaryButton, actLang),
	}}}
	if m, ok := expansionsMenu(g); ok {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{m}})
	}
	menus := lobbyOptionMenus(g)
	if room := 5 - len(rows); len(menus) > room {
		// Discord shows 5 rows: the menus with a choice past them are a
		// button away (lobbyRulesMessage), beside the computers' and the
		// language's; the pig's, of one value, the settings show.
		if len(menus[room].Options) > 1 {
			cpu := rows[1].(discordgo.ActionsRow)
			cpu.Components = append(cpu.Components, button("rules", discordgo.SecondaryButton, actRules))
			rows[1] = cpu
		}
		menus = menus[:room]
	}
	for _, m := range menus {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{m}})
	}
	return rows
}

// expansionsMenu is the lobby's multi-select menu Expansions…: the
// expansions the bot plays (engine.PlayableExpansions) by their names in
// the rule texts, the lobby's own selected (spec/discord.md, "Expansions"),
// its placeholder in the game's language. Choosing none plays the base
// game.
func expansionsMenu(g storage.Game) (discordgo.SelectMenu, bool) {
	chosen := gameExpansions(g)
	var opts []discordgo.SelectMenuOption
	for _, e := range engine.PlayableExpansions() {
		if e == engine.ExpansionBase || len(opts) == 25 {
			continue
		}
		opts = append(opts, discordgo.SelectMenuOption{Label: expansionTitle(gameLang(g), e), Value: e.String(), Default: chosen.Has(e)})
	}
	if len(opts) == 0 {
		return discordgo.SelectMenu{}, false
	}
	return discordgo.SelectMenu{CustomID: lobbyID(actExp, g.ID), Placeholder: tr(gameLang(g), "lobby2.menu.expansions"),
		Options: opts, MinValues: intPtr(0), MaxValues: len(opts)}, true
}

// lobbyOptionMenus returns the menus of the options of the expansions
// chosen in lobby g, in record order, those with a choice to make before
// those of one value (the pig's): the lobby shows 5 rows at most.
func lobbyOptionMenus(g storage.Game) []discordgo.SelectMenu {
	var out, single []discordgo.SelectMenu
	for _, o := range lobbyRuleOptions(g) {
		if len(o.Values) > 1 {
			out = append(out, ruleOptionMenu(g, o))
		} else {
			single = append(single, ruleOptionMenu(g, o))
		}
	}
	return append(out, single...)
}

// gameExpansions reads the expansions stored with g; names that do not
// read are left out.
func gameExpansions(g storage.Game) engine.ExpansionSet {
	var set engine.ExpansionSet
	for _, n := range g.Expansions {
		if e, ok := engine.ParseExpansion(n); ok {
			set = set.With(e)
		}
	}
	return set
}
