package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds what The Messengers and The Robbers (001_…) need of the
// bot beyond the turn's steps, which come from the engine's list like any
// other: the lobby's Robbers… menu (the option robbers), each member's
// pawn preference (/carcassonne pawn), by which the bot answers the pawn a
// player moves when they score during another player's turn, so that
// nobody waits for them, and the help.

// actRobbersOpt is the lobby's Robbers… menu (The Robbers' option
// robbers); actRobber the preview's Robber… menu, where the current
// player's robber goes after a tile with a bag.
const (
	actRobbersOpt = "orobbers"
	actRobber     = "robber"
)

// robberValue names a robber's place for a custom id or a menu's value:
// the seat, from 1, and "m" by the messenger ("2", "2m"); "-" for none.
func robberValue(seat int, messenger bool) string {
	switch {
	case seat == 0:
		return "-"
	case messenger:
		return fmt.Sprintf("%dm", seat)
	}
	return fmt.Sprint(seat)
}

// parseRobberValue reads a robberValue.
func parseRobberValue(v string) (seat int, messenger bool, ok bool) {
	if v == "-" {
		return 0, false, true
	}
	v, messenger = strings.CutSuffix(v, "m")
	n, err := strconv.Atoi(v)
	return n, messenger, err == nil && n >= 1 && n <= engine.MaxPlayers
}

// robberOptions lists the preview's Robber… menu of choice ch on game view
// (a turnView): "No robber", then each pawn the current player's robber
// may go by, as the engine lists them; nil when the turn asks no robber of
// the player.
func robberOptions(view *engine.Game, ch choice) []discordgo.SelectMenuOption {
	var opts []discordgo.SelectMenuOption
	for _, o := range stepOptions(view, ch, engine.StepRobber) {
		a := o.Answer
		opts = append(opts, discordgo.SelectMenuOption{Label: o.Label, Value: robberValue(a.Seat, a.Messenger),
			Default: a.Seat == ch.robber && a.Messenger == ch.robberMsg})
	}
	return opts
}

// robbersMenu is the lobby's menu of The Robbers' option robbers
// (spec/rules-options.md): after a bag tile, every other player may place
// their robber, or only the next one.
func robbersMenu(g storage.Game) discordgo.SelectMenu {
	r := g.Options.Robbers
	return discordgo.SelectMenu{CustomID: lobbyID(actRobbersOpt, g.ID), Placeholder: "Robbers…", MinValues: intPtr(1), MaxValues: 1,
		Options: []discordgo.SelectMenuOption{
			{Label: "robbers: each", Value: engine.RobbersEach.String(),
				Description: "after a bag tile, each player in turn may place their robber (001_)", Default: r == engine.RobbersEach},
			{Label: "robbers: next", Value: engine.RobbersNext.String(),
				Description: "after a bag tile, the player, then only the next one", Default: r == engine.RobbersNext},
		}}
}

// lobbyRobbersOption answers the lobby's Robbers… menu: the host chooses,
// and the lobby shows it.
func (b *Bot) lobbyRobbersOption(i *discordgo.Interaction, id int64, values []string) {
	refuse := func(g storage.Game) string {
		return ruleOptionRefusal(i, g, engine.ExpansionRobbers, tr(memberLang(i), "bot.refuse.lobby.no_robbers"))
	}
	change := func(g storage.Game) (storage.LobbyUpdate, string) {
		o := g.Options
		switch {
		case len(values) == 1 && values[0] == engine.RobbersEach.String():
			o.Robbers = engine.RobbersEach
		case len(values) == 1 && values[0] == engine.RobbersNext.String():
			o.Robbers = engine.RobbersNext
		default:
			return storage.LobbyUpdate{}, tr(memberLang(i), "bot.refuse.lobby.robbers_rule")
		}
		return storage.LobbyUpdate{Options: &o}, ""
	}
	if g, ok := b.changeLobby(i, id, refuse, change); ok {
		b.lobbyChanged(i, g, true, "")
	}
}

// pawnOption is the option of /carcassonne pawn.
const pawnOption = "moves"

// cmdPawn serves /carcassonne pawn moves:marker|messenger: the pawn the
// member's scores move in the other players' turns, in all their games
// with The Messengers.
func (b *Bot) cmdPawn(i *discordgo.Interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) {
	ctx, cancel := b.context()
	defer cancel()
	who := actor(i)
	o := opts[pawnOption]
	if o == nil {
		messenger, err := b.store.PawnPreference(ctx, who.ID)
		if err != nil {
			b.log.Error("reading a pawn preference", "err", err)
			b.replyError(i, "I could not read your choice just now; try again in a moment.")
			return
		}
		b.reply(i, &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral, Content: pawnPreferenceWords(messenger)})
		return
	}
	v, _ := o.Value.(string)
	if v != "marker" && v != "messenger" {
		b.replyError(i, "Choose marker or messenger.")
		return
	}
	if err := b.store.SetPawnPreference(ctx, who.ID, v == "messenger"); err != nil {
		b.log.Error("storing a pawn preference", "err", err)
		b.replyError(i, "I could not store your choice just now; try again in a moment.")
		return
	}
	b.reply(i, &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral, Content: pawnPreferenceWords(v == "messenger")})
}

// pawnPreferenceWords says a member's pawn preference.
func pawnPreferenceWords(messenger bool) string {
	pawn := "marker"
	if messenger {
		pawn = "messenger"
	}
	return fmt.Sprintf("With The Messengers, when you score during another player's turn, your **%s** moves. "+
		"On your own turn you choose each time. Change it with **/carcassonne pawn moves:**.", pawn)
}

// autoPawn answers for a person the pawn they move when they score during
// another player's turn (StepPawn decided by someone other than the
// current player), by their preference, and reports whether it did; the
// caller holds the game's lock.
func (b *Bot) autoPawn(ctx context.Context, g storage.Game, st *engine.Game) bool {
	d := st.Pending()
	if d.Step != engine.StepPawn || d.Player == st.Current() || playerLevel(g, d.Player) != ai.NoLevel {
		return false
	}
	messenger, err := b.store.PawnPreference(ctx, seatUser(g, d.Player))
	if err != nil {
		b.log.Warn("reading a pawn preference", "game", g.ID, "err", err)
	}
	for _, o := range turnview.Options(st, seatNames(g, st)) {
		if o.Answer.Messenger == messenger {
			b.answerStep(ctx, g, st, o.Answer, storage.Request{ID: fmt.Sprintf("pawn:%d:%d:%d", g.ID, g.Moves, g.Answered)},
				tr(gameLang(g), "bot.step.by_choice"))
			return true
		}
	}
	return false
}
