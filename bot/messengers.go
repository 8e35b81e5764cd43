package bot

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds what The Messengers and The Robbers (001_…) need of the
// bot beyond the turn's steps, which come from the engine's list like any
// other, and the lobby's Robbers… menu (lobbyRuleOptions): each member's
// pawn preference (/carcassonne pawn), by which the bot answers the pawn a
// player moves when they score during another player's turn, so that
// nobody waits for them. Their help is help.expansions.messengers and
// help.expansions.robbers (help.go).

// pawnOption is the option of /carcassonne pawn.
const pawnOption = "moves"

// cmdPawn serves /carcassonne pawn moves:marker|messenger: the pawn the
// member's scores move in the other players' turns, in all their games
// with The Messengers. It answers in the member's language.
func (b *Bot) cmdPawn(i *discordgo.Interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) {
	ctx, cancel := b.context()
	defer cancel()
	who := actor(i)
	l := memberLang(i)
	o := opts[pawnOption]
	if o == nil {
		messenger, err := b.store.PawnPreference(ctx, who.ID)
		if err != nil {
			b.logError(ctx, "reading a pawn preference", "err", err)
			b.replyError(i, tr(l, "bot2.pawn.read_failed"))
			return
		}
		b.reply(i, &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral, Content: pawnPreferenceWords(l, messenger)})
		return
	}
	v, _ := o.Value.(string)
	if v != "marker" && v != "messenger" {
		b.replyError(i, tr(l, "bot2.pawn.choose"))
		return
	}
	if err := b.store.SetPawnPreference(ctx, who.ID, v == "messenger"); err != nil {
		b.logError(ctx, "storing a pawn preference", "err", err)
		b.replyError(i, tr(l, "bot2.pawn.store_failed"))
		return
	}
	b.reply(i, &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral, Content: pawnPreferenceWords(l, v == "messenger")})
}

// pawnPreferenceWords says a member's pawn preference in language l.
func pawnPreferenceWords(l i18n.Lang, messenger bool) string {
	if messenger {
		return tr(l, "bot2.pawn.messenger")
	}
	return tr(l, "bot2.pawn.marker")
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
	for _, o := range turnview.Options(st, labelNames(g, st)) {
		if o.Answer.Messenger == messenger {
			b.answerStep(ctx, g, st, o.Answer, storage.Request{ID: fmt.Sprintf("pawn:%d:%d:%d", g.ID, g.Moves, g.Answered)},
				tr(gameLang(g), "bot.step.by_choice"))
			return true
		}
	}
	return false
}
