package bot

import (
	"errors"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds The Tower in Discord (004_…, "The Tower"; issue
// "Expansions IV"; spec/discord.md, "Expansions"): the Follower… menu
// offers "tower piece at (x,y)" for every foundation or open tower and
// "follower on top of the tower at (x,y)"; after a tower piece, the
// preview's Take prisoner… menu lists the figures in reach, numbered as
// the preview's picture marks them (render.PreviewTower); the turn message
// of a player whose figures are held, with the points to pay, has a
// Ransom button, whose menu of prisoners leads to the cell menus again
// with the ransom carried in their custom ids (the bot keeps no state
// between clicks); the summaries say who took whom, the exchanges and the
// ransoms, and the scoreboard and final table show tower pieces,
// prisoners and ransoms.

// ransomButtonID is the custom id of the Ransom button of the turn after
// `moves` moves of a game; ransomMenuID that of its menu.
func ransomButtonID(game int64, moves int) string {
	return fmt.Sprintf("%s:%s:%d:%d", idPrefix, actRansom, game, moves)
}

func ransomMenuID(game int64, moves int) string {
	return fmt.Sprintf("%s:%s:%d:%d", idPrefix, actRanPay, game, moves)
}

// turnViewIn returns the game a turn's choices are read from: st, or after
// the ransom of choice ch the game engine.Game.AfterRansom returns, where
// the figure freed is back in the supply. why says, for the player in
// language l, when the ransom cannot be paid: in English with the engine's
// reason, in the other languages the reasons it may have.
func turnViewIn(l i18n.Lang, st *engine.Game, ch choice) (*engine.Game, string) {
	if !ch.ransomed {
		return st, ""
	}
	v, err := st.AfterRansom(ch.ransom)
	switch {
	case err != nil && l == i18n.English:
		return nil, "That ransom cannot be paid now: " + moveReason(err) + "."
	case err != nil:
		return nil, trN(l, "bot2.ransom.cannot_pay", engine.RansomPoints)
	}
	return v, ""
}

// moveReason is the reason of a rule error, for a player.
func moveReason(err error) string {
	var me *engine.MoveError
	if errors.As(err, &me) && me.Reason != "" {
		return me.Reason
	}
	return err.Error()
}

// drawnTile is the tile drawn in st (engine.NoTile once the game is over).
func drawnTile(st *engine.Game) engine.TileID {
	t, _ := st.Drawn()
	return t
}

// ransomHint is the line of a turn message that points to the Ransom
// button, when the current player may pay one (turnview's RansomOffer),
// in the game's language.
func ransomHint(g storage.Game, st *engine.Game) string {
	l := gameLang(g)
	if offer := turnview.In(l).RansomOffer(st, seatNames(g, st), tr(l, "bot2.ransom.how")); offer != "" {
		return "\n" + offer
	}
	return ""
}

// ransomOptions lists the Ransom button's menu in language l: one entry
// per prisoner the current player may buy back (engine.Game.Ransoms: at
// most a follower and a large follower held by each other player, 10, well
// within a menu's 25).
func ransomOptions(l i18n.Lang, g storage.Game, st *engine.Game) []discordgo.SelectMenuOption {
	vo := turnview.In(l)
	var opts []discordgo.SelectMenuOption
	for _, r := range st.Ransoms() {
		opts = append(opts, discordgo.SelectMenuOption{
			Label: trN(l, "bot2.ransom.option", engine.RansomPoints, "Jailer", seatLabel(g, st, r.Jailer), "Figure", vo.Figure(r.Figure)),
			Value: r.String(),
		})
	}
	return opts
}

// ransomMenu answers the Ransom button with an ephemeral menu of the
// prisoners the player may buy back, in the member's language.
func (b *Bot) ransomMenu(i *discordgo.Interaction, id parsedID) {
	ctx, cancel := b.context()
	defer cancel()
	g, st, why := b.turnCheck(ctx, i, id.game, id.moves)
	if why != "" {
		b.replyError(i, why)
		return
	}
	l := memberLang(i)
	opts := ransomOptions(l, g, st)
	if len(opts) == 0 {
		b.replyError(i, trN(l, "bot2.ransom.none", engine.RansomPoints))
		return
	}
	b.reply(i, &discordgo.InteractionResponseData{
		Flags:   discordgo.MessageFlagsEphemeral,
		Content: trN(l, "bot2.ransom.ask", engine.RansomPoints),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: ransomMenuID(g.ID, g.Moves), Placeholder: tr(l, "bot2.ransom.placeholder"), Options: opts, MinValues: intPtr(1), MaxValues: 1,
		}}}},
	})
}

// ransomChosen answers the Ransom menu: the ephemeral message becomes the
// cell menus of the turn, whose custom ids carry the ransom, so that the
// preview and the move pay it. Its words are in the member's language.
func (b *Bot) ransomChosen(i *discordgo.Interaction, id parsedID, values []string) {
	ctx, cancel := b.context()
	defer cancel()
	g, st, why := b.turnCheck(ctx, i, id.game, id.moves)
	if why != "" {
		b.replyError(i, why)
		return
	}
	r, ok := engine.Ransom{}, len(values) == 1
	if ok {
		r, ok = parseRansom(values[0])
	}
	l := memberLang(i)
	if !ok || !slices.Contains(st.Ransoms(), r) {
		b.replyError(i, tr(l, "bot2.ransom.gone"))
		return
	}
	b.update(i, &discordgo.InteractionResponseData{
		Content: trN(l, "bot2.ransom.chosen", engine.RansomPoints, "Jailer", seatName(g, st, r.Jailer),
			"Figure", turnview.In(l).Figure(r.Figure)),
		Components: cellMenus(l, g.ID, g.Moves, st.CandidateCells(), ":"+r.String(), 0, 5),
	})
}
