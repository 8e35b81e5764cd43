package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// Computer players (spec/discord.md, "Computer players"): the host adds
// them in the lobby with a level and removes them; the bot plays their
// turns itself with package ai, after Config.ComputerPause, announces them
// like any turn, never mentions them, and never applies the turn timeout
// to them.
//
// A computer's seat is a local seat (storage.PlayerLocal) whose user id is
// "local:@LEVEL:NAME", as the terminal game keeps its computers, so that
// the statistics list them under their level.
//
// While a computer's turn is pending, the game's deadline is the time its
// turn message was posted: the ticks see the turn as due (Store.Due), so
// that a bot started again on the same database plays it, and the turn
// timeout never applies to it (timeout hands a computer's turn to
// scheduleComputer instead of playing the first placement).

// defaultComputerPause is how long the bot waits before it plays a
// computer's turn when Config.ComputerPause is 0.
const defaultComputerPause = 1500 * time.Millisecond

// computerPlayer returns the seat of a computer player of level l called
// name.
func computerPlayer(l ai.Level, name string) storage.Player {
	return storage.Player{UserID: ai.SeatID(l, name), Name: name, Kind: storage.PlayerLocal}
}

// seatLevel returns the level of the computer that plays seat s, and
// ai.NoLevel for a person.
func seatLevel(s storage.Seat) ai.Level {
	if s.Kind != storage.PlayerLocal {
		return ai.NoLevel
	}
	return ai.SeatLevel(s.UserID)
}

// playerLevel returns the level of the computer that plays player p
// (an index in turn order) of game g, ai.NoLevel for a person.
func playerLevel(g storage.Game, p int) ai.Level {
	if p < 0 || p >= len(g.Seats) {
		return ai.NoLevel
	}
	return seatLevel(g.Seats[p])
}

// computerSeats returns the computers' seats of g, in seat order.
func computerSeats(g storage.Game) []storage.Seat {
	var out []storage.Seat
	for _, s := range g.Seats {
		if seatLevel(s) != ai.NoLevel {
			out = append(out, s)
		}
	}
	return out
}

// computerName returns the name of a new computer seat of level l in
// lobby g, in the lobby's language (turnview.Voice.ComputerName).
func computerName(g storage.Game, l ai.Level) string {
	var taken []string
	for _, s := range g.Seats {
		taken = append(taken, s.Name)
	}
	return turnview.In(gameLang(g)).ComputerName(l.String(), taken)
}

// levelWords describes a level for its option in the levels menu, in
// language l.
func levelWords(l i18n.Lang, lv ai.Level) string {
	if !lv.Seat() {
		return ""
	}
	return tr(l, "lobby2.cpu.level_words."+lv.String())
}

// lobbyComputerRefusal says, in the member's language, why the member may
// not change the computer seats of lobby g, or "".
func lobbyComputerRefusal(i *discordgo.Interaction, g storage.Game, adding bool) string {
	l := memberLang(i)
	switch {
	case g.HostID != actor(i).ID:
		if adding {
			return tr(l, "lobby2.cpu.add_host_only")
		}
		return tr(l, "lobby2.cpu.remove_host_only")
	case g.Status == storage.StatusLobby:
	case g.Status == storage.StatusRunning || g.Status == storage.StatusFinished:
		return tr(l, "lobby2.cpu.seats_set")
	default:
		return tr(l, "lobby2.cpu.closed")
	}
	if adding && len(g.Seats) >= g.MaxSeats {
		return tr(l, "lobby2.cpu.full", "Taken", len(g.Seats), "Max", g.MaxSeats)
	}
	return ""
}

// lobbyAddComputerMenu answers the lobby's Add computer player button: to
// the host, an ephemeral menu of the levels. The menu's custom id carries
// the number of computers seated when it opened, so that a second choice
// from it (a double click) or a choice after the seats changed is refused.
func (b *Bot) lobbyAddComputerMenu(i *discordgo.Interaction, id int64) {
	g, ok := b.lobbyMenu(i, id, func(g storage.Game) string { return lobbyComputerRefusal(i, g, true) })
	if !ok {
		return
	}
	ml := memberLang(i)
	var opts []discordgo.SelectMenuOption
	for _, l := range ai.Levels() {
		opts = append(opts, discordgo.SelectMenuOption{Label: tr(ml, "lobby2.cpu.level."+l.String()), Value: l.String(), Description: levelWords(ml, l)})
	}
	b.reply(i, &discordgo.InteractionResponseData{
		Content: tr(ml, "lobby2.cpu.ask_level", "Game", g.ID),
		Flags:   discordgo.MessageFlagsEphemeral,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: computerMenuID(actCPUAdd, g.ID, len(computerSeats(g))), Placeholder: tr(ml, "lobby2.cpu.level_placeholder"), Options: opts, MinValues: intPtr(1), MaxValues: 1,
		}}}},
	})
}

// lobbyAddComputer seats a computer of the level chosen in the levels
// menu, which was opened when `seated` computers were seated; it answers by
// closing the menu and updates the lobby message.
func (b *Bot) lobbyAddComputer(i *discordgo.Interaction, id int64, seated int, values []string) {
	ctx, g, done, ok := b.lobbyGame(i, id)
	if !ok {
		return
	}
	defer done()
	if why := lobbyComputerRefusal(i, g, true); why != "" {
		b.replyError(i, why)
		return
	}
	if len(computerSeats(g)) != seated {
		b.replyError(i, tr(memberLang(i), "lobby2.cpu.out_of_date"))
		return
	}
	l := ai.NoLevel
	if len(values) == 1 {
		l, _ = ai.ParseLevel(values[0])
	}
	if !l.Seat() {
		b.replyError(i, tr(memberLang(i), "lobby2.cpu.choose_level"))
		return
	}
	name := computerName(g, l)
	g, err := b.store.Join(ctx, id, computerPlayer(l, name))
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	// The lobby message first: once the host sees the answer, the lobby
	// shows the seat.
	b.editLobby(g, []*discordgo.MessageEmbed{lobbyEmbed(g)}, lobbyButtons(g))
	b.update(i, &discordgo.InteractionResponseData{Content: tr(memberLang(i), "lobby2.cpu.seated", "Name", name), Components: []discordgo.MessageComponent{}})
}

// lobbyRemoveComputer answers the lobby's Remove button: with one
// computer seated, it leaves and the lobby message is updated in place;
// with several, the host gets an ephemeral menu to choose which.
func (b *Bot) lobbyRemoveComputer(i *discordgo.Interaction, id int64) {
	ctx, g, done, ok := b.lobbyGame(i, id)
	if !ok {
		return
	}
	defer done()
	if why := lobbyComputerRefusal(i, g, false); why != "" {
		b.replyError(i, why)
		return
	}
	cs := computerSeats(g)
	switch len(cs) {
	case 0:
		b.replyError(i, tr(memberLang(i), "lobby2.cpu.none"))
		return
	case 1:
		g, err := b.store.Leave(ctx, id, cs[0].UserID)
		if err != nil {
			b.replyError(i, b.playerErrorIn(memberLang(i), err))
			return
		}
		b.lobbyChanged(i, g, true, "")
		return
	}
	var opts []discordgo.SelectMenuOption
	for _, s := range cs {
		opts = append(opts, discordgo.SelectMenuOption{Label: turnview.Truncate(s.Name, 100), Value: turnview.Truncate(s.Name, 100)})
	}
	b.reply(i, &discordgo.InteractionResponseData{
		Content: tr(memberLang(i), "lobby2.cpu.ask_remove", "Game", g.ID),
		Flags:   discordgo.MessageFlagsEphemeral,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: lobbyID(actCPUDel, g.ID), Placeholder: tr(memberLang(i), "lobby2.cpu.remove_placeholder"), Options: opts, MinValues: intPtr(1), MaxValues: 1,
		}}}},
	})
}

// lobbyRemoveChosen removes the computer chosen in the menu of
// lobbyRemoveComputer (by its name); it answers by closing the menu and
// updates the lobby message.
func (b *Bot) lobbyRemoveChosen(i *discordgo.Interaction, id int64, values []string) {
	ctx, g, done, ok := b.lobbyGame(i, id)
	if !ok {
		return
	}
	defer done()
	if why := lobbyComputerRefusal(i, g, false); why != "" {
		b.replyError(i, why)
		return
	}
	if len(values) != 1 {
		b.replyError(i, tr(memberLang(i), "lobby2.cpu.choose_one"))
		return
	}
	var seat *storage.Seat
	for _, s := range computerSeats(g) {
		if turnview.Truncate(s.Name, 100) == values[0] {
			seat = &s
			break
		}
	}
	if seat == nil {
		b.replyError(i, tr(memberLang(i), "lobby2.cpu.gone", "Name", turnview.Truncate(values[0], 100)))
		return
	}
	g, err := b.store.Leave(ctx, id, seat.UserID)
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	b.editLobby(g, []*discordgo.MessageEmbed{lobbyEmbed(g)}, lobbyButtons(g))
	b.update(i, &discordgo.InteractionResponseData{Content: tr(memberLang(i), "lobby2.cpu.left", "Name", escapeMarkdown(seat.Name)), Components: []discordgo.MessageComponent{}})
}

// turnKey names a decision of a game: after `moves` moves and `answered`
// answers of the turn under way.
func turnKey(moves, answered int) int { return moves<<8 | answered }

// scheduleComputer has the computer whose decision it is in game id, at
// the decision key (turnKey: a turn, or a decision in the middle of one,
// such as a step of the dragon), make it in the background: a turn after
// Config.ComputerPause, a decision in the middle of a turn at once (once:
// a decision already scheduled is not scheduled again). The caller is
// counted in b.wg (an interaction, a goroutine of the bot) or is Run's own
// goroutine.
func (b *Bot) scheduleComputer(id int64, moves int) {
	b.mu.Lock()
	if n, ok := b.computing[id]; ok && n == moves {
		b.mu.Unlock()
		return
	}
	b.computing[id] = moves
	b.mu.Unlock()
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		defer func() {
			b.mu.Lock()
			if b.computing[id] == moves {
				delete(b.computing, id)
			}
			b.mu.Unlock()
		}()
		parent := b.ctx
		if parent == nil {
			parent = context.Background()
		}
		// A turn waits the pause, so that players see it come; a step in
		// the middle of a turn (the dragon's, a crop circle's, the
		// computer's landing) is answered at once.
		if pause := b.cfg.ComputerPause; pause > 0 && moves&0xff == 0 {
			t := time.NewTimer(pause)
			defer t.Stop()
			select {
			case <-parent.Done():
				return // the next start plays it (the turn is due)
			case <-t.C:
			}
		}
		if parent.Err() != nil {
			return // stopping: the next start plays it
		}
		ctx, cancel := b.context()
		defer cancel()
		b.playComputer(ctx, id, moves)
	}()
}

// playComputer plays the computer's decision of game id at decision key
// (turnKey), if the game still waits for it (playComputerAnswers).
func (b *Bot) playComputer(ctx context.Context, id int64, key int) {
	g, st, err := b.store.Load(ctx, id)
	if err != nil {
		b.log.Warn("loading a computer's turn", "game", id, "err", err)
		return
	}
	if g.Status != storage.StatusRunning || turnKey(g.Moves, g.Answered) != key || st.Ended() || g.Announced < g.Moves {
		return // played, stopped, or not announced yet (announcing schedules it again)
	}
	level := playerLevel(g, st.Pending().Player)
	if level == ai.NoLevel {
		return
	}
	b.playComputerAnswers(ctx, g, st, level)
}

// playComputerAnswers gives the answers of the computer of level l that
// decides in game g (st): its turn, or the rest of it, or its step of the
// dragon, up to the end of the turn or another player's decision
// (ai.Config.Turn), thought without the game's lock (one search per
// processor at a time), stored under it if the game still waits for them
// (storage.AppendAnswers; the request id makes them once, whoever gets
// there first), and announced as any turn.
func (b *Bot) playComputerAnswers(ctx context.Context, g storage.Game, st *engine.Game, l ai.Level) {
	as, err := b.thinkAnswers(ctx, st, g.ID, turnKey(g.Moves, g.Answered), l)
	if err != nil {
		if b.ctx != nil && b.ctx.Err() != nil {
			return
		}
		b.logError(ctx, "a computer player could not choose", "game", g.ID, "level", l, "err", err)
		return
	}
	unlock, err := b.lockGame(ctx, g.ID)
	if err != nil {
		b.log.Warn("playing a computer's decision", "game", g.ID, "err", err)
		return
	}
	defer unlock()
	now, before, err := b.store.Load(ctx, g.ID)
	if err != nil || now.Status != storage.StatusRunning || now.Moves != g.Moves || now.Answered != g.Answered {
		return // played or stopped meanwhile
	}
	d := before.Pending()
	said := ""
	if len(as) > 0 && d.Step != engine.StepTile {
		said = turnview.In(gameLang(now)).StepWords(before, as[0], seatNames(now, before))
	}
	res, err := b.store.AppendAnswers(ctx, g.ID, now.Moves, now.Answered, as,
		storage.Request{ID: fmt.Sprintf("computer:%d:%d:%d", g.ID, now.Moves, now.Answered)})
	if err != nil || res.Duplicate {
		if err != nil && !errors.Is(err, storage.ErrConflict) {
			b.logError(ctx, "storing a computer's answers", "game", g.ID, "err", err)
		}
		return
	}
	if d.Step != engine.StepTile {
		b.closeStepMessage(now, said)
	}
	if res.Done {
		b.announceMoved(ctx, res.Move, nil, announcement{})
		return
	}
	if d.Step == engine.StepTile {
		// The computer's turn goes on with the others' decisions.
		b.editTurnMessage(now, goesOnWords(now, before, d.Player, ai.MoveOf(drawnTile(before), as)))
	}
	note := said // what the computer answered, before the next question
	if note != "" {
		note += "\n"
	}
	b.nextStep(ctx, res.Game, res.State, note, false)
}

// thinkAnswers returns the answers of the computer of level l that decides
// in game id (st) at decision key (turnKey), when a processor is free for
// it (one search per processor at a time). A panic of the search is an
// error: the bot goes on, and the next tick tries again.
func (b *Bot) thinkAnswers(ctx context.Context, st *engine.Game, id int64, key int, l ai.Level) (as []engine.Answer, err error) {
	var stopping <-chan struct{}
	if b.ctx != nil {
		stopping = b.ctx.Done()
	}
	select {
	case b.thinking <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-stopping:
		return nil, errors.New("the bot is stopping")
	}
	defer func() { <-b.thinking }()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the search failed: %v", p)
		}
	}()
	return ai.Config{Level: l, Playouts: b.cfg.ComputerPlayouts}.Turn(st, ai.DecisionSeed(id, key>>8, key&0xff))
}

// humansLeft reports whether a person still plays in game g (st): a seat
// that is no computer's and has not resigned.
func humansLeft(g storage.Game, st *engine.Game) bool {
	for p := range st.NumPlayers() {
		if playerLevel(g, p) == ai.NoLevel && !st.Resigned(p) {
			return true
		}
	}
	return false
}

// stopComputersOnly stops running game g when only computers are left in
// it (every person resigned or timed out), and says so in its thread: no
// one would watch them play. The caller holds the game's lock.
func (b *Bot) stopComputersOnly(ctx context.Context, g storage.Game, note string) {
	if err := b.store.MarkStatus(ctx, g.ID, storage.StatusStopped, "only computer players were left"); err != nil {
		b.logError(ctx, "stopping a game of computers only", "game", g.ID, "err", err)
		return
	}
	text := strings.TrimSpace(note + tr(gameLang(g), "lobby2.cpu.only_computers", "Game", g.ID))
	if _, err := b.send(ctx, &g, func() *discordgo.MessageSend {
		return &discordgo.MessageSend{Content: text, AllowedMentions: &discordgo.MessageAllowedMentions{}}
	}); err != nil {
		b.log.Warn("saying a game of computers only stopped", "game", g.ID, "err", err)
	}
	b.announced(ctx, g, "")
	b.archive(g)
}
