package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/render"
	"github.com/meeple-works/carcassonne/storage"
)

// This file holds the languages of the bot (issue 34): the slash command's
// names and descriptions in every language (Discord shows a member the
// command in theirs), and the language each member reads (their locale,
// for ephemeral replies) and each game speaks in its thread (the host's
// choice in the lobby, by default the server's).

// localizeCommands sets the name and description localizations of the
// commands, their subcommands, options and choices from the messages
// command.… of package i18n (i18n.CommandLocalizations), in place.
func localizeCommands(cmds []*discordgo.ApplicationCommand) {
	for _, c := range cmds {
		c.NameLocalizations = locales("command.name")
		c.DescriptionLocalizations = locales("command.description")
		for _, sub := range c.Options {
			id := "command." + sub.Name
			sub.NameLocalizations = *locales(id + ".name")
			sub.DescriptionLocalizations = *locales(id + ".description")
			for _, o := range sub.Options {
				oid := id + "." + o.Name
				if o.Name == gameOption {
					oid = "command.option.game"
				}
				o.NameLocalizations = *locales(oid + ".name")
				o.DescriptionLocalizations = *locales(oid + ".description")
				for _, ch := range o.Choices {
					if v, ok := ch.Value.(string); ok {
						ch.NameLocalizations = *locales(oid + ".choice." + v)
					}
				}
			}
		}
	}
}

// locales returns message id in every language but English, keyed by
// Discord locale, as discordgo takes localizations.
func locales(id string) *map[discordgo.Locale]string {
	m := map[discordgo.Locale]string{}
	for k, v := range i18n.CommandLocalizations(id) {
		m[discordgo.Locale(k)] = v
	}
	return &m
}

// memberLang is the language of the member of interaction i, for the
// replies only they see (its locale); English when Discord sends none.
func memberLang(i *discordgo.Interaction) i18n.Lang {
	if i == nil {
		return i18n.English
	}
	return i18n.Parse(string(i.Locale))
}

// guildLang is the server's language of interaction i (its guild_locale),
// the default language of a game opened there.
func guildLang(i *discordgo.Interaction) i18n.Lang {
	if i == nil || i.GuildLocale == nil {
		return i18n.English
	}
	return i18n.Parse(string(*i.GuildLocale))
}

// The lobby's Language… button and its menu of languages.
const (
	actLang    = "lang"
	actLangSet = "langset"
)

// gameLang is the language game g speaks in its thread (its lobby's
// choice; English for a game stored without one or with one that does
// not read).
func gameLang(g storage.Game) i18n.Lang { return i18n.Parse(g.Language) }

// languageRefusal says, in the member's language, why the member of
// interaction i may not choose lobby g's language, or "" when they may:
// only the host, before the game starts.
func languageRefusal(i *discordgo.Interaction, g storage.Game) string {
	switch {
	case g.HostID != actor(i).ID:
		return memberLang(i).T("bot.lobby.language.host_only", nil)
	case g.Status != storage.StatusLobby:
		return memberLang(i).T("bot.lobby.language.started", nil)
	}
	return ""
}

// lobbyLanguageMenu answers the lobby's Language… button with an ephemeral
// menu of the languages the bot speaks, each in its own name, the game's
// selected.
func (b *Bot) lobbyLanguageMenu(i *discordgo.Interaction, id int64) {
	g, ok := b.lobbyMenu(i, id, func(g storage.Game) string { return languageRefusal(i, g) })
	if !ok {
		return
	}
	var opts []discordgo.SelectMenuOption
	for _, l := range i18n.Supported() {
		opts = append(opts, discordgo.SelectMenuOption{Label: l.Name(), Value: l.String(), Default: l == gameLang(g)})
	}
	ml := memberLang(i)
	b.reply(i, &discordgo.InteractionResponseData{
		Content: ml.T("bot.lobby.language.ask", map[string]any{"Game": g.ID}),
		Flags:   discordgo.MessageFlagsEphemeral,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID: lobbyID(actLangSet, g.ID), Placeholder: ml.T("bot.lobby.language.placeholder", nil), Options: opts, MinValues: intPtr(1), MaxValues: 1,
		}}}},
	})
}

// lobbyLanguageSet answers the menu of languages: the game will speak the
// one chosen in its thread, and the lobby shows it.
func (b *Bot) lobbyLanguageSet(i *discordgo.Interaction, id int64, values []string) {
	var chosen i18n.Lang
	change := func(storage.Game) (storage.LobbyUpdate, string) {
		for _, l := range i18n.Supported() {
			if len(values) == 1 && values[0] == l.String() {
				chosen = l
				tag := l.String()
				return storage.LobbyUpdate{Language: &tag}, ""
			}
		}
		return storage.LobbyUpdate{}, memberLang(i).T("bot.lobby.language.unknown", nil)
	}
	g, ok := b.changeLobby(i, id, func(g storage.Game) string { return languageRefusal(i, g) }, change)
	if !ok {
		return
	}
	b.editLobby(g, []*discordgo.MessageEmbed{lobbyEmbed(g)}, lobbyButtons(g))
	b.update(i, &discordgo.InteractionResponseData{Content: memberLang(i).T("bot.lobby.language.chosen", map[string]any{"Language": chosen.Name()}),
		Components: []discordgo.MessageComponent{}})
}

// tr returns message id of package i18n in l, its data given as pairs of
// a name and a value ("Player", name, "Tile", tile).
func tr(l i18n.Lang, id string, kv ...any) string {
	return l.T(id, i18n.Data(kv...))
}

// trN is tr for a message that counts: the plural form of count.
func trN(l i18n.Lang, id string, count int, kv ...any) string {
	return l.N(id, count, i18n.Data(kv...))
}

// drawIn returns the renderer that draws pictures in language l: the
// bot's own (render.Renderer.In) when it speaks languages, else the bot's
// renderer as it is (a test's, say).
func (b *Bot) drawIn(l i18n.Lang) Renderer {
	if r, ok := b.draw.(speaker); ok {
		return r.In(l)
	}
	return b.draw
}

// speaker is a renderer that draws in a language, as render.Renderer does.
type speaker interface {
	In(l i18n.Lang) *render.Renderer
}
