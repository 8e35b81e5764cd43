package bot

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// This file holds /carcassonne help (issue 34: in the member's language,
// messages help.… of package i18n) and the lists of expansions the help
// and the lobby show.

// expansionTitle is expansion e's title in language l, as its publisher
// in that language prints it ("Inns & Cathedrals", "Wirtshäuser und
// Kathedralen"; turnview.Voice.ExpansionTitle).
func expansionTitle(l i18n.Lang, e engine.Expansion) string {
	return turnview.In(l).ExpansionTitle(e)
}

// expansionTitles lists the expansions of set by their titles in language
// l, "The River, Inns & Cathedrals", or "base game" when there are none.
func expansionTitles(l i18n.Lang, set engine.ExpansionSet) string {
	ts := turnview.In(l).ExpansionTitles(set)
	if len(ts) == 0 {
		return tr(l, "help.expansions.base_game")
	}
	return strings.Join(ts, ", ")
}

// availableTitles lists the expansions the bot plays, by title in
// language l and record name: "The River (`river`), …".
func availableTitles(l i18n.Lang) string { return availableTitlesBut(l, 0) }

// availableTitlesBut lists the expansions the bot plays that set does not
// hold, as availableTitles does; "" when set holds them all.
func availableTitlesBut(l i18n.Lang, set engine.ExpansionSet) string {
	var ts []string
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase && !set.Has(e) {
			ts = append(ts, fmt.Sprintf("%s (`%s`)", expansionTitle(l, e), e))
		}
	}
	return strings.Join(ts, ", ")
}

// cmdHelp answers /carcassonne help in the member's language: how to
// play, and the expansions in play in the game here (a lobby or a running
// game), or those available.
func (b *Bot) cmdHelp(i *discordgo.Interaction) {
	ctx, cancel := b.context()
	defer cancel()
	g, err := b.findGame(ctx, i, storage.StatusLobby, storage.StatusRunning)
	l := memberLang(i)
	help := helpEmbeds(l, gameExpansions(g), err == nil, err == nil && g.Status == storage.StatusLobby)
	help[0].Fields = append(help[0].Fields, statsHelp(l))
	msgs := helpMessages(help)
	b.reply(i, &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral, Embeds: msgs[0]})
	for _, m := range msgs[1:] {
		if _, err := b.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Embeds: m, Flags: discordgo.MessageFlagsEphemeral}); err != nil {
			b.log.Warn("sending the rest of the help", "err", err)
		}
	}
}

// maxEmbedsText is the most characters Discord takes in the titles,
// descriptions, field names and values of a message's embeds.
const maxEmbedsText = 6000

// embedText counts the characters of e that count towards maxEmbedsText.
func embedText(e *discordgo.MessageEmbed) int {
	n := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
	for _, f := range e.Fields {
		n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
	}
	return n
}

// helpMessages groups the help's embeds, in order, into as few messages
// as Discord takes (maxEmbedsText each): one in English, and two in a
// language whose words run longer with every expansion in play.
func helpMessages(es []*discordgo.MessageEmbed) [][]*discordgo.MessageEmbed {
	var out [][]*discordgo.MessageEmbed
	size := 0
	for _, e := range es {
		n := embedText(e)
		if len(out) == 0 || size+n > maxEmbedsText {
			out = append(out, nil)
			size = 0
		}
		out[len(out)-1] = append(out[len(out)-1], e)
		size += n
	}
	return out
}

// helpEmbeds is /carcassonne help in language l: how to play, in short,
// and in a second embed the expansions in play in game set (inGame), or
// the expansions available; in a lobby (lobby, with inGame), the
// expansions chosen so far, then how the host chooses them and which are
// available. Two embeds, as Discord takes 4,096 characters in an embed's
// description (and 6,000 in a message's embeds): the expansions' words
// alone come near it when all are played, and pass it in German, whose
// expansions then take two embeds, the second without a title.
func helpEmbeds(l i18n.Lang, set engine.ExpansionSet, inGame, lobby bool) []*discordgo.MessageEmbed {
	exp := []string{tr(l, "help.expansions.available", "List", availableTitles(l))}
	if inGame {
		exp = []string{tr(l, "help.expansions.in_game", "List", expansionTitles(l, set))}
		if lobby {
			if more := availableTitlesBut(l, set); more != "" {
				exp = append(exp, tr(l, "help.expansions.lobby_more", "List", more))
			} else {
				exp = append(exp, tr(l, "help.expansions.lobby"))
			}
		}
		for _, h := range expansionHelp {
			if set.Has(h.e) {
				exp = append(exp, tr(l, h.id, "Points", engine.RansomPoints))
			}
		}
	}
	var how []string
	for _, id := range []string{"lobby", "turn", "scoring", "computers", "commands", "also"} {
		how = append(how, tr(l, "help."+id))
	}
	es := []*discordgo.MessageEmbed{{
		Title:       tr(l, "help.title"),
		Color:       0x3B7D3B,
		Description: strings.Join(how, "\n\n"),
	}}
	for k, d := range packParagraphs(exp, maxEmbedDescription) {
		e := &discordgo.MessageEmbed{Color: 0x3B7D3B, Description: d}
		if k == 0 {
			e.Title = tr(l, "help.expansions.title")
		}
		es = append(es, e)
	}
	return es
}

// expansionHelp are the help's paragraphs on the expansions, by message id
// (i18n/locales/help.<tag>.toml, help2.<tag>.toml), in the order the help
// gives them: the figures first, then each expansion's choices.
var expansionHelp = []struct {
	e  engine.Expansion
	id string
}{
	{engine.ExpansionInnsAndCathedrals, "help.expansions.large"},
	{engine.ExpansionTradersAndBuilders, "help.expansions.traders"},
	{engine.ExpansionPrincessAndDragon, "help2.dragon"},
	{engine.ExpansionFlyingMachines, "help2.flying"},
	{engine.ExpansionFerries, "help2.ferries"},
	{engine.ExpansionMageAndWitch, "help2.mage"},
	{engine.ExpansionCropCircles, "help2.crop"},
	{engine.ExpansionGoldMines, "help2.gold"},
	{engine.ExpansionTower, "help.expansions.tower"},
	{engine.ExpansionMessengers, "help.expansions.messengers"},
	{engine.ExpansionRobbers, "help.expansions.robbers"},
}

// maxEmbedDescription is the most characters Discord takes in an embed's
// description.
const maxEmbedDescription = 4096

// packParagraphs joins paragraphs ps with spaces into as few texts of at
// most limit characters as their order allows: one, unless the words of a
// language run longer than that (German with every expansion in play). A
// paragraph longer than limit alone is a text of its own.
func packParagraphs(ps []string, limit int) []string {
	var out []string
	cur, n := "", 0
	for _, p := range ps {
		m := utf8.RuneCountInString(p)
		switch {
		case cur == "":
			cur, n = p, m
		case n+1+m <= limit:
			cur, n = cur+" "+p, n+1+m
		default:
			out = append(out, cur)
			cur, n = p, m
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// statsHelp is the help's field on the statistics, in language l.
func statsHelp(l i18n.Lang) *discordgo.MessageEmbedField {
	return &discordgo.MessageEmbedField{
		Name:  tr(l, "help.stats.name"),
		Value: tr(l, "help.stats.value", "Top", leaderboardSize, "Fairness", fairnessWords(l)),
	}
}
