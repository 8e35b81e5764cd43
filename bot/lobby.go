package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
)

// lobbyLifetime is how long a lobby waits to be started (spec/discord.md,
// "The lobby").
const lobbyLifetime = 24 * time.Hour

var errNoGame = errors.New("there is no game here: open one with /carcassonne new")

// findGame returns the game a command in this channel acts on: the game of
// this thread, or the only game of the channel with one of the statuses, or
// among several the one the member plays in. The error says why in words a
// player understands.
func (b *Bot) findGame(ctx context.Context, i *discordgo.Interaction, statuses ...storage.Status) (storage.Game, error) {
	g, err := b.store.GameByThread(ctx, i.ChannelID)
	if err == nil && g.ThreadID != g.ChannelID {
		return g, nil
	}
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return storage.Game{}, err
	}
	games, err := b.store.GamesByChannel(ctx, i.ChannelID, statuses...)
	if err != nil {
		return storage.Game{}, err
	}
	switch len(games) {
	case 0:
		return storage.Game{}, errNoGame
	case 1:
		return games[0], nil
	}
	var mine []storage.Game
	for _, g := range games {
		if _, ok := g.SeatOf(actor(i).ID); ok {
			mine = append(mine, g)
		}
	}
	if len(mine) == 1 {
		return mine[0], nil
	}
	return storage.Game{}, errors.New("several games are open in this channel: use the command in the game's thread")
}

func optString(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, name string) string {
	if o := opts[name]; o != nil {
		if s, ok := o.Value.(string); ok {
			return s
		}
	}
	return ""
}

func (b *Bot) cmdNew(i *discordgo.Interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) {
	ctx, cancel := b.context()
	defer cancel()
	if g, err := b.store.GameByThread(ctx, i.ChannelID); err == nil && g.ThreadID != g.ChannelID {
		b.replyError(i, "This thread belongs to a game: open a new one in the channel.")
		return
	}
	var o engine.Options
	if v := optString(opts, "farms"); v != "" {
		f, ok := engine.ParseFarmScoring(v)
		if !ok {
			b.replyError(i, "farms is per-farm, per-city or off.")
			return
		}
		o.Farms = f
	}
	switch v := optString(opts, "tiny-city"); v {
	case "", "4":
		o.TinyCity = 4
	case "2":
		o.TinyCity = 2
	default:
		b.replyError(i, "tiny-city is 4 or 2.")
		return
	}
	var timeout time.Duration
	switch v := optString(opts, "turn-timeout"); v {
	case "", "off":
	case "5m", "1h", "24h":
		timeout, _ = time.ParseDuration(v)
	default:
		b.replyError(i, "turn-timeout is off, 5m, 1h or 24h.")
		return
	}
	seats := storage.DefaultMaxSeats
	if o := opts["seats"]; o != nil {
		n, ok := o.Value.(float64)
		if !ok || n < 2 || n > 5 || n != float64(int(n)) {
			b.replyError(i, "seats is a number from 2 to 5.")
			return
		}
		seats = int(n)
	}
	u := actor(i)
	g, err := b.store.CreateGame(ctx, storage.NewGame{
		Host:    storage.Player{UserID: u.ID, Name: displayName(i)},
		GuildID: i.GuildID, ChannelID: i.ChannelID,
		Options: o, MaxSeats: seats, TurnTimeout: timeout,
		Deadline: b.cfg.Now().Add(lobbyLifetime),
	})
	if err != nil {
		b.log.Error("creating a game", "err", err)
		b.replyError(i, "I could not open the lobby: "+err.Error())
		return
	}
	// Buttons pressed before the lobby message's id is stored wait for it.
	l := b.lock(g.ID)
	l.Lock()
	defer l.Unlock()
	b.reply(i, &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{lobbyEmbed(g)}, Components: lobbyButtons(g)})
	m, err := b.s.InteractionResponse(i)
	if err != nil {
		b.log.Warn("reading the lobby message", "game", g.ID, "err", err)
		return
	}
	if err := b.store.SetLobbyMessage(ctx, g.ID, m.ID); err != nil {
		b.log.Warn("storing the lobby message", "game", g.ID, "err", err)
	}
}

func (b *Bot) cmdJoin(i *discordgo.Interaction) {
	if g, ok := b.gameFor(i, storage.StatusLobby); ok {
		b.lobbyJoin(i, g.ID, false)
	}
}

func (b *Bot) cmdLeave(i *discordgo.Interaction) {
	if g, ok := b.gameFor(i, storage.StatusLobby); ok {
		b.lobbyLeave(i, g.ID, false)
	}
}

func (b *Bot) cmdStart(i *discordgo.Interaction, solo bool) {
	if g, ok := b.gameFor(i, storage.StatusLobby); ok {
		b.lobbyStart(i, g.ID, solo, false)
	}
}

// gameFor is findGame for a command: when there is no game to act on, it
// answers the member with the reason and returns false.
func (b *Bot) gameFor(i *discordgo.Interaction, statuses ...storage.Status) (storage.Game, bool) {
	ctx, cancel := b.context()
	defer cancel()
	g, err := b.findGame(ctx, i, statuses...)
	if err != nil {
		b.replyError(i, playerError(err))
		return g, false
	}
	return g, true
}

// lobbyJoin seats the member; from the button it updates the lobby message
// in place, from the command it edits it and answers ephemerally.
func (b *Bot) lobbyJoin(i *discordgo.Interaction, id int64, button bool) {
	ctx, cancel := b.context()
	defer cancel()
	l := b.lock(id)
	l.Lock()
	defer l.Unlock()
	g, err := b.store.Join(ctx, id, storage.Player{UserID: actor(i).ID, Name: displayName(i)})
	if err != nil {
		b.replyError(i, playerError(err))
		return
	}
	b.lobbyChanged(i, g, button, "You joined the game.")
}

func (b *Bot) lobbyLeave(i *discordgo.Interaction, id int64, button bool) {
	ctx, cancel := b.context()
	defer cancel()
	l := b.lock(id)
	l.Lock()
	defer l.Unlock()
	cur, err := b.store.Get(ctx, id)
	if err != nil {
		b.replyError(i, playerError(err))
		return
	}
	if cur.HostID == actor(i).ID && cur.Status == storage.StatusLobby {
		b.replyError(i, "You are the host: cancel the lobby instead of leaving it.")
		return
	}
	g, err := b.store.Leave(ctx, id, actor(i).ID)
	if err != nil {
		b.replyError(i, playerError(err))
		return
	}
	b.lobbyChanged(i, g, button, "You left the game.")
}

func (b *Bot) lobbyChanged(i *discordgo.Interaction, g storage.Game, button bool, note string) {
	embeds := []*discordgo.MessageEmbed{lobbyEmbed(g)}
	comps := lobbyButtons(g)
	if button {
		if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Embeds: embeds, Components: comps}}); err != nil {
			b.log.Warn("updating the lobby", "game", g.ID, "err", err)
		}
		return
	}
	b.replyError(i, note)
	b.editLobby(g, embeds, comps)
}

func (b *Bot) editLobby(g storage.Game, embeds []*discordgo.MessageEmbed, comps []discordgo.MessageComponent) {
	if g.LobbyMessageID == "" {
		return
	}
	if _, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: g.LobbyMessageID, Channel: g.ChannelID, Embeds: &embeds, Components: &comps}); err != nil {
		b.log.Warn("editing the lobby", "game", g.ID, "err", err)
	}
}

func (b *Bot) lobbyCancel(i *discordgo.Interaction, id int64) {
	ctx, cancel := b.context()
	defer cancel()
	l := b.lock(id)
	l.Lock()
	defer l.Unlock()
	g, err := b.store.Get(ctx, id)
	if err != nil {
		b.replyError(i, playerError(err))
		return
	}
	if g.HostID != actor(i).ID && !canModerate(i) {
		b.replyError(i, "Only the host can cancel this lobby.")
		return
	}
	if g.Status != storage.StatusLobby {
		b.replyError(i, "This game has already started.")
		return
	}
	if err := b.store.MarkStatus(ctx, id, storage.StatusStopped, "cancelled by "+displayName(i)); err != nil {
		b.replyError(i, playerError(err))
		return
	}
	g.Status = storage.StatusStopped
	e := lobbyEmbed(g)
	e.Description = "The lobby was cancelled by " + displayName(i) + "."
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{}}}); err != nil {
		b.log.Warn("updating the lobby", "game", id, "err", err)
	}
}

// lobbyStart starts the game: a thread on the lobby message (the channel
// when that fails), the lobby message edited, the first turn posted there.
func (b *Bot) lobbyStart(i *discordgo.Interaction, id int64, solo, button bool) {
	ctx, cancel := b.context()
	defer cancel()
	l := b.lock(id)
	l.Lock()
	defer l.Unlock()
	g, err := b.store.Get(ctx, id)
	if err != nil {
		b.replyError(i, playerError(err))
		return
	}
	switch {
	case g.HostID != actor(i).ID && !canModerate(i):
		b.replyError(i, "Only the host can start the game.")
		return
	case g.Status != storage.StatusLobby:
		b.replyError(i, "This game has already started.")
		return
	case len(g.Seats) < 2 && !(solo && len(g.Seats) == 1):
		b.replyError(i, "A game needs 2 players or more (or /carcassonne start solo:true for a solo game).")
		return
	}
	if button {
		err = b.deferUpdate(i)
	} else {
		err = b.deferReply(i, true)
	}
	if err != nil {
		b.log.Warn("deferring", "err", err)
	}
	g, err = b.store.Start(ctx, id, b.cfg.Seed())
	if err != nil {
		b.followupError(i, playerError(err))
		return
	}
	thread := g.ChannelID
	if g.LobbyMessageID == "" && button && i.Message != nil {
		g.LobbyMessageID = i.Message.ID
		if err := b.store.SetLobbyMessage(ctx, g.ID, i.Message.ID); err != nil {
			b.log.Warn("storing the lobby message", "game", g.ID, "err", err)
		}
	}
	if g.LobbyMessageID != "" {
		ch, err := b.s.MessageThreadStartComplex(g.ChannelID, g.LobbyMessageID, &discordgo.ThreadStart{
			Name: fmt.Sprintf("Carcassonne #%d", g.ID), AutoArchiveDuration: 1440, Type: discordgo.ChannelTypeGuildPublicThread})
		if err != nil {
			b.log.Warn("opening a thread; playing in the channel", "game", id, "err", err)
		} else {
			thread = ch.ID
		}
	}
	if err := b.store.SetThread(ctx, id, thread); err != nil {
		b.log.Error("storing the thread", "game", id, "err", err)
	}
	g.ThreadID = thread
	e := lobbyEmbed(g)
	e.Description = "The game has started"
	if thread != g.ChannelID {
		e.Description += " in <#" + thread + ">"
	}
	e.Description += "."
	b.editLobby(g, []*discordgo.MessageEmbed{e}, []discordgo.MessageComponent{})
	if !button {
		b.editReply(i, "The game has started.")
	}
	b.advance(ctx, g.ID, "")
}

// followupError tells the member why, after a deferred response.
func (b *Bot) followupError(i *discordgo.Interaction, text string) {
	if _, err := b.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: text, Flags: discordgo.MessageFlagsEphemeral}); err != nil {
		b.log.Warn("sending a followup", "err", err)
	}
}

// playerError turns an error into words for a player; errors that are not
// the players' concern are logged and given a general text.
func playerError(err error) string {
	var me *engine.MoveError
	switch {
	case errors.As(err, &me):
		return capitalize(me.Error()) + "."
	case errors.Is(err, storage.ErrNotFound):
		return "There is no such game."
	case errors.Is(err, storage.ErrGameFull), errors.Is(err, storage.ErrAlreadySeated), errors.Is(err, storage.ErrNotSeated),
		errors.Is(err, storage.ErrNotLobby), errors.Is(err, storage.ErrNoPlayers), errors.Is(err, storage.ErrNotStarted),
		errors.Is(err, storage.ErrNotRunning), errors.Is(err, storage.ErrConflict), errors.Is(err, errNoGame):
		return capitalize(err.Error()) + "."
	case errors.Is(err, storage.ErrBroken):
		return "This game's stored moves no longer replay, so it cannot go on: " + err.Error()
	}
	msg := err.Error()
	if strings.HasPrefix(msg, "several games") {
		return capitalize(msg) + "."
	}
	return "Something went wrong on my side; nothing was changed."
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
