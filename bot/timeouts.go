package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
)

// timeoutsToResign is the number of turns in a row a player may run out of
// time before being removed as if they had resigned (spec/discord.md, "Time").
const timeoutsToResign = 3

// tick serves what is due in the games of this process's shard: lobbies
// that expired, players to remind at half time, and turns whose time ran
// out. The deadlines live in the database, so they survive a restart. A
// tick cut short by the bot stopping logs no error (logError).
func (b *Bot) tick(ctx context.Context) {
	now := b.cfg.Now()
	due, err := b.store.Due(ctx, now)
	if err != nil {
		b.logError(ctx, "reading deadlines", "err", err)
		return
	}
	for _, g := range b.owned(due) {
		switch g.Status {
		case storage.StatusLobby:
			b.expireLobby(ctx, g)
		case storage.StatusRunning:
			b.timeout(ctx, g.ID, now)
		}
	}
	b.catchUpAll(ctx, false)
	reminders, err := b.store.RemindersDue(ctx, now)
	if err != nil {
		b.logError(ctx, "reading reminders", "err", err)
		return
	}
	for _, g := range b.owned(reminders) {
		b.remind(ctx, g)
	}
}

func (b *Bot) expireLobby(ctx context.Context, g storage.Game) {
	unlock, err := b.lockGame(ctx, g.ID)
	if err != nil {
		b.log.Warn("expiring a lobby", "game", g.ID, "err", err)
		return
	}
	defer unlock()
	if err := b.store.MarkStatus(ctx, g.ID, storage.StatusStopped, "the lobby expired"); err != nil {
		b.log.Warn("expiring a lobby", "game", g.ID, "err", err)
		return
	}
	e := lobbyEmbed(g)
	e.Description = tr(gameLang(g), "lobby2.expired")
	b.editLobby(g, []*discordgo.MessageEmbed{e}, []discordgo.MessageComponent{})
}

// remind pings the player who decides once at half time of each decision:
// the turn, and each step of it answered apart (the dragon's steps, a
// landing, a crop circle's answers).
func (b *Bot) remind(ctx context.Context, g storage.Game) {
	ok, err := b.store.SetReminded(ctx, g.ID, g.Moves, g.Answered)
	if err != nil || !ok {
		return
	}
	_, st, err := b.store.Load(ctx, g.ID)
	if err != nil || st.Ended() {
		return
	}
	d := st.Pending() // the current player, or who decides a step of the turn
	if playerLevel(g, d.Player) != ai.NoLevel {
		return // a computer is never reminded (nor mentioned)
	}
	user := seatUser(g, d.Player)
	l := gameLang(g)
	left := durationWords(l, g.Deadline.Sub(b.cfg.Now()))
	text := tr(l, "bot.remind.tile", "User", user, "Left", left)
	if d.Step != engine.StepTile {
		text = tr(l, "bot.remind.step", "User", user, "Left", left)
	}
	if _, err := b.s.ChannelMessageSendComplex(g.ThreadID, &discordgo.MessageSend{Content: text,
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{user}}}); err != nil {
		b.log.Warn("sending a reminder", "game", g.ID, "err", err)
	}
}

// timeout plays the turn of a player whose time ran out: the first legal
// placement, no follower; the third time in a row removes the player. A
// computer's turn, due as soon as it is posted, is handed to the computer
// instead (scheduleComputer): the turn timeout does not apply to it.
func (b *Bot) timeout(ctx context.Context, id int64, now time.Time) {
	unlock, err := b.lockGame(ctx, id)
	if err != nil {
		b.log.Warn("playing a timed-out turn", "game", id, "err", err)
		return
	}
	defer unlock()
	g, st, err := b.store.Load(ctx, id)
	if err != nil || g.Status != storage.StatusRunning || st.Ended() {
		return
	}
	if playerLevel(g, st.Pending().Player) != ai.NoLevel {
		// A computer's turn (or decision) is due from the time it is
		// posted and has no timeout: it is played by the computer (again,
		// after a restart).
		b.scheduleComputer(id, turnKey(g.Moves, g.Answered))
		return
	}
	if g.Deadline.IsZero() || g.Deadline.After(now) {
		return // played in the meantime
	}
	if st.Pending().Step != engine.StepTile {
		b.stepTimeout(ctx, g, st)
		return
	}
	seat := st.Current()
	if len(st.Placements()) == 0 {
		b.announce(ctx, id, announcement{})
		return
	}
	// The first legal placement, no figure, and the first choice of the
	// player's other steps (the second gold ingot …), up to the end of the
	// turn or another player's decision; the request id makes them once,
	// whoever gets there first.
	as := firstAnswers(st)
	res, err := b.store.AppendAnswers(ctx, id, g.Moves, 0, as,
		storage.Request{ID: fmt.Sprintf("timeout:%d:%d", id, g.Moves), Cause: storage.CauseTimeout})
	if err != nil || res.Duplicate {
		if err != nil {
			b.log.Warn("playing a timed-out turn", "game", id, "err", err)
		}
		return
	}
	a := announcement{prefix: tr(gameLang(g), "lobby2.timeout.played", "Player", seatName(g, st, seat))}
	if !res.Done {
		// Other players decide next (the dragon's steps …).
		b.editTurnMessage(g, a.prefix+goesOnWords(g, st, seat, engine.MoveOfAnswers(drawnTile(st), as)))
		b.nextStep(ctx, res.Game, res.State, "", false)
		return
	}
	moved := res.Move
	if n, err := b.store.TurnTimeouts(ctx, id, seat); err == nil && n >= timeoutsToResign && !moved.Finished {
		out, err := b.store.Resign(ctx, id, seatUser(g, seat),
			storage.Request{ID: fmt.Sprintf("timeout-resign:%d:%d", id, g.Moves+1), Cause: storage.CauseTimeout})
		if err != nil {
			b.log.Warn("removing a player after timeouts", "game", id, "err", err)
			b.announce(ctx, id, a) // what is stored now
			return
		}
		moved = out
	}
	// st, the state before the move, is given away to describe it from.
	b.announceMoved(ctx, moved, st, a)
}

// firstAnswers returns the answers of the timeout for the player to play
// in st: from the start of the turn, the first legal placement, no figure,
// the first choice of every later step of that player (the first tile
// for the second gold ingot, the die of the game, the first landing), up
// to the end of the turn, the dragon's move or another player's decision.
func firstAnswers(st *engine.Game) []engine.Answer {
	s := st.Clone()
	cur := s.Current()
	var as []engine.Answer
	for {
		d := s.Pending()
		if d.Player != cur || d.Step == engine.StepNone || d.Step == engine.StepDragon || (len(as) > 0 && d.Step == engine.StepTile) {
			return as // the dragon's steps have messages of their own
		}
		opts := s.Answers()
		if len(opts) == 0 {
			return as
		}
		a := opts[0]
		switch d.Step {
		case engine.StepFigure:
			a = engine.Answer{Step: engine.StepFigure}
		case engine.StepTile:
			// The first placement in the order the players see them.
			if ps := s.Placements(); len(ps) > 0 && !a.Aside {
				a = engine.Answer{Step: engine.StepTile, Cell: ps[0].Cell, Rotation: ps[0].Rotation}
			}
		}
		done, err := s.Act(a)
		if err != nil {
			return as
		}
		as = append(as, a)
		if done {
			return as
		}
	}
}
