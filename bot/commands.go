package bot

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
)

// commandName is the one top-level command.
const commandName = "carcassonne"

// gameOption is the option that picks one of a channel's games.
const gameOption = "game"

// Turn timeouts offered by /carcassonne new, by option value.
// The names are spec/discord.md's: "off, 5 min, 1 h, 24 h".
var timeoutChoices = []struct{ name, value string }{
	{"off", "off"}, {"5 min", "5m"}, {"1 h", "1h"}, {"24 h", "24h"},
}

// readTimeout reads the turn-timeout option of /carcassonne new: a
// choice's value ("off", "5m", "1h", "24h"), or its name as typed or
// spelled out ("5 min", "1 h", "24 hours"); "" is off. It returns false
// for any other duration.
func readTimeout(v string) (time.Duration, bool) {
	v = strings.ToLower(strings.Join(strings.Fields(v), ""))
	for _, long := range []struct{ from, to string }{{"minutes", "m"}, {"minute", "m"}, {"min", "m"}, {"hours", "h"}, {"hour", "h"}} {
		v = strings.Replace(v, long.from, long.to, 1)
	}
	switch v {
	case "", "off":
		return 0, true
	case "5m", "1h", "24h":
		d, err := time.ParseDuration(v)
		return d, err == nil
	}
	return 0, false
}

// commands returns the /carcassonne command with its subcommands
// (spec/discord.md, "Commands").
func commands() []*discordgo.ApplicationCommand {
	minSeats, maxSeats := float64(2), float64(engine.MaxPlayers)
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	str := func(name, desc string, auto bool, choices ...*discordgo.ApplicationCommandOptionChoice) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Autocomplete: auto, Choices: choices}
	}
	choice := func(name, value string) *discordgo.ApplicationCommandOptionChoice {
		return &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value}
	}
	var timeouts []*discordgo.ApplicationCommandOptionChoice
	for _, c := range timeoutChoices {
		timeouts = append(timeouts, choice(c.name, c.value))
	}
	game := func() *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: gameOption,
			Description: "Which game of this channel (when it has several)", Autocomplete: true}
	}
	perm := int64(discordgo.PermissionSendMessages)
	no := false
	cmds := []*discordgo.ApplicationCommand{{
		Name:                     commandName,
		Description:              "Play Carcassonne in this channel",
		DefaultMemberPermissions: &perm,
		// Servers only: a game needs a channel and players.
		DMPermission:     &no,
		Contexts:         &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild},
		IntegrationTypes: &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall},
		Options: []*discordgo.ApplicationCommandOption{
			sub("new", "Open a lobby for a new game in this channel",
				// In spec/discord.md's order; a choice's name starts with its value.
				str("expansions", "Expansions, comma-separated: river, inns-and-cathedrals, …", true),
				str("farms", "How farms score", false, choice("per-farm (current rules)", "per-farm"), choice("per-city (1st edition)", "per-city"), choice("off (no farmers)", "off")),
				str("tiny-city", "What a completed city of two tiles scores per tile and pennant", false, choice("4 (current rules: 2 per tile and pennant)", "4"), choice("2 (old rule: 1 per tile and pennant)", "2")),
				str("turn-timeout", "How long a player has for a turn", false, timeouts...),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "seats", Description: "Most players (2 to 5; 6 with Inns & Cathedrals)", MinValue: &minSeats, MaxValue: maxSeats},
			),
			sub("join", "Take a seat in the lobby", game()),
			sub("leave", "Give up your seat in the lobby", game()),
			sub("start", "Start the game (host)",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "solo", Description: "Start a solo game with one player"},
				game()),
			sub("place", "Place your tile by typing",
				str("position", "The cell, like (2,-1)", true),
				str("rotation", "Degrees clockwise", true),
				str("follower", "Where your follower stands, or none", true),
				str("escape", "The Cathars: a knight of yours that leaves a besieged city, or none", true),
				game()),
			sub("board", "Show the board", game()),
			sub("score", "Show the scoreboard", game()),
			sub("record", "Get the game record (.rec)", game()),
			sub("resign", "Leave the running game; your turns are skipped", game()),
			sub("stop", "End the game early, without a winner (host or Manage Messages)", game()),
			sub("stats", "A member's statistics on this server",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "member", Description: "Whose statistics (yours when not given)"}),
			sub("leaderboard", "The best players of this server, by rating"),
			sub("history", "The last finished games of this server, with their records and final boards"),
			sub("help", "How to play"),
			sub("pawn", "The Messengers: which pawn moves when you score in another player's turn",
				str(pawnOption, "Your marker (the default) or your messenger", false, choice("marker", "marker"), choice("messenger", "messenger"))),
		},
	}}
	localizeCommands(cmds)
	return cmds
}

// handle serves one interaction. It never panics: a panic is logged and
// answered with an apology.
func (b *Bot) handle(ic *discordgo.InteractionCreate) {
	if ic == nil || ic.Interaction == nil {
		return
	}
	i := ic.Interaction
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("panic serving an interaction", "panic", r, "stack", string(debug.Stack()))
			b.replyError(i, tr(memberLang(i), "bot.refuse.panic"))
		}
	}()
	if i.ID == "" || i.Token == "" {
		return
	}
	if !b.ownsGuild(i.GuildID) {
		// Discord sends a shard the events of its servers only; one of
		// another shard's is left to the process that serves it, which
		// answers it.
		b.log.Warn("an interaction from a server of another shard; ignored", "guild", i.GuildID,
			"its shard", ShardOf(i.GuildID, b.cfg.ShardCount), "shard", b.cfg.ShardID)
		return
	}
	if actor(i) == nil || i.Data == nil {
		b.replyError(i, tr(memberLang(i), "bot.refuse.unreadable"))
		return
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		b.onCommand(i)
	case discordgo.InteractionApplicationCommandAutocomplete:
		b.onAutocomplete(i)
	case discordgo.InteractionMessageComponent:
		b.onComponent(i)
	default:
		b.replyError(i, tr(memberLang(i), "bot.refuse.unknown_interaction"))
	}
}

// actor returns the user who sent the interaction, or nil.
func actor(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

// displayName is the name shown for u in this guild.
func displayName(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.Nick != "" {
		return i.Member.Nick
	}
	u := actor(i)
	if u == nil {
		return "someone"
	}
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// canModerate reports whether the member may stop any game: Manage Messages.
func canModerate(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&discordgo.PermissionManageMessages != 0
}

func (b *Bot) onCommand(i *discordgo.Interaction) {
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || data.Name != commandName || len(data.Options) != 1 || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		b.replyError(i, tr(memberLang(i), "bot.refuse.unknown_command"))
		return
	}
	sub := data.Options[0]
	opts := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range sub.Options {
		if o != nil {
			opts[o.Name] = o
		}
	}
	switch sub.Name {
	case "new":
		b.cmdNew(i, opts)
	case "join":
		b.cmdJoin(i)
	case "leave":
		b.cmdLeave(i)
	case "start":
		solo := false
		if o := opts["solo"]; o != nil {
			v, ok := o.Value.(bool)
			solo = ok && v
		}
		b.cmdStart(i, solo)
	case "place":
		b.cmdPlace(i, opts)
	case "board":
		b.cmdBoard(i)
	case "score":
		b.cmdScore(i)
	case "record":
		b.cmdRecord(i)
	case "resign":
		b.cmdResign(i)
	case "stop":
		b.cmdStop(i)
	case "stats":
		b.cmdStats(i, opts)
	case "leaderboard":
		b.cmdLeaderboard(i)
	case "history":
		b.cmdHistory(i)
	case "help":
		b.cmdHelp(i)
	case "pawn":
		b.cmdPawn(i, opts)
	default:
		b.replyError(i, tr(memberLang(i), "bot.refuse.unknown_command"))
	}
}

func (b *Bot) onComponent(i *discordgo.Interaction) {
	data, ok := i.Data.(discordgo.MessageComponentInteractionData)
	if !ok {
		b.replyError(i, tr(memberLang(i), "bot.refuse.unreadable_button"))
		return
	}
	if strings.HasPrefix(data.CustomID, statsIDPrefix+":") {
		b.onStatsComponent(i, data)
		return
	}
	id, err := parseID(data.CustomID)
	if err != nil {
		b.replyError(i, tr(memberLang(i), "bot.refuse.unknown_button"))
		return
	}
	ctx, cancel := b.context()
	defer cancel()
	g, err := b.store.Get(ctx, id.game)
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	if !inPlace(i, g) {
		b.log.Warn("a component of a game from another server or channel", "game", g.ID, "guild", i.GuildID, "channel", i.ChannelID)
		b.replyError(i, tr(memberLang(i), "bot.refuse.other_channel"))
		return
	}
	b.touch(g)
	switch id.action {
	case actBoard:
		b.wholeBoard(i, g.ID)
	case actJoin:
		b.lobbyJoin(i, id.game, true)
	case actLeave:
		b.lobbyLeave(i, id.game, true)
	case actStart:
		b.lobbyStart(i, id.game, false, true)
	case actCancel:
		b.lobbyCancel(i, id.game)
	case actExp:
		b.lobbyExpansions(i, id.game, data.Values)
	case actRules:
		b.lobbyRulesMessage(i, id.game)
	case actLang:
		b.lobbyLanguageMenu(i, id.game)
	case actLangSet:
		b.lobbyLanguageSet(i, id.game, data.Values)
	case actCPU:
		b.lobbyAddComputerMenu(i, id.game)
	case actCPUAdd:
		b.lobbyAddComputer(i, id.game, id.moves, data.Values)
	case actCPURm:
		b.lobbyRemoveComputer(i, id.game)
	case actCPUDel:
		b.lobbyRemoveChosen(i, id.game, data.Values)
	case actCell:
		if len(data.Values) != 1 {
			b.replyError(i, tr(memberLang(i), "bot.refuse.one_cell"))
			return
		}
		b.pickCell(i, id, data.Values[0])
	case actStep:
		b.stepAnswer(i, id.game, id.moves, id.answered, id.k, data.Values)
	case actRansom:
		b.ransomMenu(i, id)
	case actRanPay:
		b.ransomChosen(i, id, data.Values)
	default:
		if previewAction(id.action) {
			b.preview(i, id, data.Values)
		} else if strings.HasPrefix(id.action, actRuleOpt) {
			b.lobbyRuleOption(i, id.game, id.action, data.Values)
		}
	}
}

// inPlace reports whether interaction i comes from game g's server and
// from its channel or thread: a custom id copied elsewhere acts on nothing.
func inPlace(i *discordgo.Interaction, g storage.Game) bool {
	return i.GuildID == g.GuildID && i.ChannelID != "" && (i.ChannelID == g.ChannelID || i.ChannelID == g.ThreadID)
}

// reply answers the interaction with a new message.
func (b *Bot) reply(i *discordgo.Interaction, data *discordgo.InteractionResponseData) {
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}); err != nil {
		b.log.Warn("answering an interaction", "err", err)
	}
}

// replyError answers with an ephemeral message that says why.
func (b *Bot) replyError(i *discordgo.Interaction, text string) {
	b.reply(i, &discordgo.InteractionResponseData{Content: text, Flags: discordgo.MessageFlagsEphemeral})
}

// defer_ acknowledges the interaction so that the work may take longer than
// Discord's 3 seconds: for a command, a message to come (ephemeral or not);
// for a component, an update of its message.
func (b *Bot) deferReply(i *discordgo.Interaction, ephemeral bool) error {
	t := discordgo.InteractionResponseDeferredChannelMessageWithSource
	var data *discordgo.InteractionResponseData
	if ephemeral {
		data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	return b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: t, Data: data})
}

func (b *Bot) deferUpdate(i *discordgo.Interaction) error {
	return b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
}

// editReply replaces the deferred or original response's content.
func (b *Bot) editReply(i *discordgo.Interaction, text string) {
	empty := []discordgo.MessageComponent{}
	noFiles := []*discordgo.MessageAttachment{}
	noEmbeds := []*discordgo.MessageEmbed{}
	if _, err := b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &text, Components: &empty, Attachments: &noFiles, Embeds: &noEmbeds}); err != nil {
		b.log.Warn("editing a response", "err", err)
	}
}

func randomSeed() uint64 {
	var buf [8]byte
	if _, err := rand.Read(buf[:]); err != nil {
		panic(fmt.Sprintf("bot: no randomness: %v", err))
	}
	return binary.LittleEndian.Uint64(buf[:])
}
