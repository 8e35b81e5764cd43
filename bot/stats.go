package bot

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/storage"
)

// StatsStore is what the bot needs of the storage for /carcassonne stats,
// leaderboard and history; storage.Store implements it. A GameStore that
// does not implement it answers those commands that statistics are not
// kept.
type StatsStore interface {
	// Stats returns a player's statistics on a server.
	Stats(ctx context.Context, guildID, userID string) (storage.PlayerStats, error)
	// Leaderboard returns a server's best players, at most limit.
	Leaderboard(ctx context.Context, guildID string, limit int) ([]storage.LeaderboardEntry, error)
	// History returns a page of a server's finished games, the latest
	// first, after skipping offset of them.
	History(ctx context.Context, guildID string, offset, limit int) (storage.HistoryPage, error)
}

// Statistics are shared (public answers): players like to show their
// figures and the leaderboard to the server, as with the ranks of other
// game bots. The history is a browsing tool with paging buttons and files
// on demand, so it answers only the member who asked (ephemeral): their
// clicks change nobody else's view and post nothing in the channel.

// leaderboardSize is the number of players /carcassonne leaderboard lists.
const leaderboardSize = 10

// historyPage is the number of games per page of /carcassonne history: five
// games of a few lines each keep the embed readable on a phone, and one
// select menu fetches any of them.
const historyPage = 5

// The custom ids of the history's components: "st:page:OFFSET" for the
// Previous and Next buttons, "st:game" for the select menu whose values
// are game ids. They carry no game of the usual "cc:" ids.
const (
	statsIDPrefix = "st"
	statsPage     = "page"
	statsGame     = "game"
)

// statsColour is the colour of the statistics' embeds.
const statsColour = 0x3B7D3B

// fairnessWords are the rules of the statistics, for the help and the
// footers.
const fairnessWords = "Finished games count fully; a resignation counts as a loss; stopped games count for nobody; a solo game is a game but not a win."

// statsHelp is the help's field on the statistics.
func statsHelp() *discordgo.MessageEmbedField {
	return &discordgo.MessageEmbedField{
		Name: "Statistics",
		Value: "**/carcassonne stats** [member]: games, wins, scores, points by feature and favourite expansion on this server. " +
			"**/carcassonne leaderboard**: the top " + strconv.Itoa(leaderboardSize) + " by a Glicko-2 rating, which counts each " +
			"game against every opponent in it, so beating strong players counts more (shown as the rating less twice its " +
			"uncertainty, so that a few lucky games do not top the board). **/carcassonne history**: the last finished games, " +
			"with each game's record and final board. " + fairnessWords,
	}
}

// statsStore returns the store's statistics, or answers that there are
// none.
func (b *Bot) statsStore(i *discordgo.Interaction) (StatsStore, bool) {
	st, ok := b.store.(StatsStore)
	if !ok {
		b.replyError(i, "This bot keeps no statistics.")
		return nil, false
	}
	if i.GuildID == "" {
		b.replyError(i, "Statistics are kept per server: use this command in a server.")
		return nil, false
	}
	return st, true
}

// cmdStats answers /carcassonne stats [member]: the member's statistics on
// this server (the asker's when no member is given), public.
func (b *Bot) cmdStats(i *discordgo.Interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) {
	store, ok := b.statsStore(i)
	if !ok {
		return
	}
	userID, name := actor(i).ID, displayName(i)
	if o := opts["member"]; o != nil {
		id, _ := o.Value.(string)
		if id == "" {
			b.replyError(i, "I could not read that member.")
			return
		}
		userID, name = id, resolvedName(i, id)
	}
	ctx, cancel := b.context()
	defer cancel()
	st, err := store.Stats(ctx, i.GuildID, userID)
	if err != nil {
		b.log.Error("statistics", "guild", i.GuildID, "err", err)
		b.replyError(i, "I could not read the statistics just now; try again in a moment.")
		return
	}
	if name == "" {
		name = st.Name
	}
	if name == "" {
		name = "That member"
	}
	if st.Games == 0 {
		b.reply(i, &discordgo.InteractionResponseData{Content: fmt.Sprintf("%s has no finished game on this server yet.", name),
			AllowedMentions: &discordgo.MessageAllowedMentions{}})
		return
	}
	b.reply(i, &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{statsEmbed(name, st)},
		AllowedMentions: &discordgo.MessageAllowedMentions{}})
}

// resolvedName returns the name of user id from the interaction's resolved
// data (the member's nickname, else the user's display name or username),
// or "" when it has none.
func resolvedName(i *discordgo.Interaction, id string) string {
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || data.Resolved == nil {
		return ""
	}
	if m := data.Resolved.Members[id]; m != nil && m.Nick != "" {
		return m.Nick
	}
	if u := data.Resolved.Users[id]; u != nil {
		if u.GlobalName != "" {
			return u.GlobalName
		}
		return u.Username
	}
	return ""
}

// statsEmbed shows a player's statistics.
func statsEmbed(name string, st storage.PlayerStats) *discordgo.MessageEmbed {
	per := func(n int) string { return strconv.FormatFloat(float64(n)/float64(st.Games), 'f', 1, 64) }
	p := st.Points
	feature := fmt.Sprintf("Roads %s · Cities %s · Cloisters %s · Farms %s", per(p.Roads), per(p.Cities), per(p.Cloisters), per(p.Farms))
	for _, x := range []struct {
		name string
		n    int
	}{{"King", p.King}, {"Robber Baron", p.RobberBaron}, {"Goods", p.Goods}} {
		if x.n != 0 {
			feature += fmt.Sprintf(" · %s %s", x.name, per(x.n))
		}
	}
	favourite := "the base game only"
	if e, ok := engine.ParseExpansion(st.FavouriteExpansion); ok && st.FavouriteExpansion != "" {
		favourite = fmt.Sprintf("%s (%s)", e.Title(), plural(st.FavouriteGames, "game"))
	}
	games := fmt.Sprintf("%d", st.Games)
	if st.Resigned > 0 {
		games += fmt.Sprintf(" (%d resigned)", st.Resigned)
	}
	title := computerLabel(name, st.ComputerLevel) + "'s statistics"
	return &discordgo.MessageEmbed{
		Title: truncate(title, 256),
		Color: statsColour,
		Fields: []*discordgo.MessageEmbedField{
			{Name: "Games", Value: games, Inline: true},
			{Name: "Wins", Value: fmt.Sprintf("%d (%.0f%%)", st.Wins, 100*st.WinRate), Inline: true},
			{Name: "Rating", Value: fmt.Sprintf("%.0f (#%d on this server)", st.Rating.Conservative(), st.Rank), Inline: true},
			{Name: "Average score", Value: fmt.Sprintf("%.1f", st.AverageScore), Inline: true},
			{Name: "Best score", Value: strconv.Itoa(st.BestScore), Inline: true},
			{Name: "Favourite expansion", Value: favourite, Inline: true},
			{Name: "Points per game by feature", Value: feature},
		},
		Footer: &discordgo.MessageEmbedFooter{Text: fairnessWords},
	}
}

// cmdLeaderboard answers /carcassonne leaderboard: the server's top players,
// public.
func (b *Bot) cmdLeaderboard(i *discordgo.Interaction) {
	store, ok := b.statsStore(i)
	if !ok {
		return
	}
	ctx, cancel := b.context()
	defer cancel()
	board, err := store.Leaderboard(ctx, i.GuildID, leaderboardSize)
	if err != nil {
		b.log.Error("leaderboard", "guild", i.GuildID, "err", err)
		b.replyError(i, "I could not read the leaderboard just now; try again in a moment.")
		return
	}
	if len(board) == 0 {
		b.reply(i, &discordgo.InteractionResponseData{Content: "No game has finished on this server yet: the leaderboard is empty."})
		return
	}
	b.reply(i, &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{leaderboardEmbed(board)},
		AllowedMentions: &discordgo.MessageAllowedMentions{}})
}

// computerLabel names a player in the statistics: a computer player of
// level (not "") as "Ann (computer, hard)", or its seat's name alone when
// that says it already ("Computer (hard) 2"); a person by name.
func computerLabel(name, level string) string {
	if level == "" || strings.HasPrefix(name, "Computer ("+level+")") {
		return name
	}
	return fmt.Sprintf("%s (computer, %s)", name, level)
}

// leaderboardEmbed shows the top of a leaderboard.
func leaderboardEmbed(board []storage.LeaderboardEntry) *discordgo.MessageEmbed {
	var lines []string
	for _, e := range board {
		name := computerLabel(e.Name, e.ComputerLevel)
		lines = append(lines, fmt.Sprintf("%d. **%s** — %.0f · %s of %d", e.Rank, escapeMarkdown(truncate(name, 64)),
			e.Rating.Conservative(), plural(e.Wins, "win"), e.Games))
	}
	return &discordgo.MessageEmbed{
		Title:       "Leaderboard",
		Color:       statsColour,
		Description: strings.Join(lines, "\n"),
		Footer:      &discordgo.MessageEmbedFooter{Text: "Glicko-2 rating (rating less twice its uncertainty) · wins of games. " + fairnessWords},
	}
}

// cmdHistory answers /carcassonne history: the first page of the server's
// finished games, for the asker only.
func (b *Bot) cmdHistory(i *discordgo.Interaction) {
	store, ok := b.statsStore(i)
	if !ok {
		return
	}
	ctx, cancel := b.context()
	defer cancel()
	data, err := historyMessage(ctx, store, i.GuildID, 0)
	if err != nil {
		b.log.Error("history", "guild", i.GuildID, "err", err)
		b.replyError(i, "I could not read the history just now; try again in a moment.")
		return
	}
	data.Flags = discordgo.MessageFlagsEphemeral
	b.reply(i, data)
}

// historyMessage returns the history's page of the games after skipping
// offset: an embed listing them, a select menu to fetch one, and the
// Previous and Next buttons.
func historyMessage(ctx context.Context, store StatsStore, guildID string, offset int) (*discordgo.InteractionResponseData, error) {
	page, err := store.History(ctx, guildID, offset, historyPage)
	if err != nil {
		return nil, err
	}
	if page.Total == 0 {
		empty := []discordgo.MessageComponent{}
		return &discordgo.InteractionResponseData{Content: "No game has finished on this server yet.", Components: empty,
			Embeds: []*discordgo.MessageEmbed{}}, nil
	}
	if len(page.Games) == 0 && offset > 0 { // games removed since: back to the last page
		return historyMessage(ctx, store, guildID, (page.Total-1)/historyPage*historyPage)
	}
	var (
		parts   []string
		options []discordgo.SelectMenuOption
	)
	for _, g := range page.Games {
		parts = append(parts, historyEntry(g))
		options = append(options, discordgo.SelectMenuOption{
			Label: truncate(fmt.Sprintf("#%d · %s · %s", g.GameID, g.EndedAt.Format("2006-01-02"), playersLine(g, false)), 100),
			Value: strconv.FormatInt(g.GameID, 10),
		})
	}
	pages := (page.Total + historyPage - 1) / historyPage
	embed := &discordgo.MessageEmbed{
		Title:       "Finished games on this server",
		Color:       statsColour,
		Description: truncate(strings.Join(parts, "\n\n"), 4096),
		Footer: &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Page %d of %d · %s · pick a game below for its record and final board",
			offset/historyPage+1, pages, plural(page.Total, "game"))},
	}
	return &discordgo.InteractionResponseData{
		Embeds: []*discordgo.MessageEmbed{embed},
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				CustomID: statsIDPrefix + ":" + statsGame, Placeholder: "Get a game's record and final board…", Options: options,
			}}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: "Previous", Style: discordgo.SecondaryButton, Disabled: offset == 0,
					CustomID: fmt.Sprintf("%s:%s:%d", statsIDPrefix, statsPage, max(offset-historyPage, 0))},
				discordgo.Button{Label: "Next", Style: discordgo.SecondaryButton, Disabled: offset+historyPage >= page.Total,
					CustomID: fmt.Sprintf("%s:%s:%d", statsIDPrefix, statsPage, offset+historyPage)},
			}},
		},
		AllowedMentions: &discordgo.MessageAllowedMentions{},
	}, nil
}

// historyEntry is a game of the history: its number, when it ended (a
// Discord timestamp, shown in each reader's time zone), a link to its
// thread, its expansions, and the players by place with their scores.
func historyEntry(g storage.PlayedGame) string {
	head := fmt.Sprintf("**#%d** · <t:%d:f>", g.GameID, g.EndedAt.Unix())
	if g.ThreadID != "" {
		head += fmt.Sprintf(" · <#%s>", g.ThreadID)
	}
	if len(g.Expansions) > 1 {
		var titles []string
		for _, name := range g.Expansions[1:] {
			if e, ok := engine.ParseExpansion(name); ok {
				titles = append(titles, e.Title())
			}
		}
		head += " · " + strings.Join(titles, ", ")
	}
	return head + "\n" + playersLine(g, true)
}

// playersLine lists a game's players by place: "🏆 Alice 87 · Bob 65 ·
// Cid 40 (resigned)"; without markdown for a menu's label.
func playersLine(g storage.PlayedGame, markdown bool) string {
	players := append([]storage.PlayerResult(nil), g.Players...)
	sortByPlace(players)
	var parts []string
	for _, p := range players {
		name := truncate(p.Name, 32)
		if markdown {
			name = escapeMarkdown(name)
		}
		s := fmt.Sprintf("%s %d", name, p.Score)
		if p.Winner {
			s = "🏆 " + s
		}
		if p.Resigned {
			s += " (resigned)"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " · ")
}

// sortByPlace orders players by place, then seat.
func sortByPlace(players []storage.PlayerResult) {
	for k := 1; k < len(players); k++ {
		for j := k; j > 0 && (players[j].Place < players[j-1].Place ||
			players[j].Place == players[j-1].Place && players[j].Seat < players[j-1].Seat); j-- {
			players[j], players[j-1] = players[j-1], players[j]
		}
	}
}

// onStatsComponent serves the history's components: a page button updates
// the message; the menu answers with the game's record and final board.
func (b *Bot) onStatsComponent(i *discordgo.Interaction, data discordgo.MessageComponentInteractionData) {
	store, ok := b.statsStore(i)
	if !ok {
		return
	}
	parts := strings.Split(data.CustomID, ":")
	switch {
	case len(parts) == 3 && parts[1] == statsPage:
		offset, err := strconv.Atoi(parts[2])
		if err != nil || offset < 0 {
			b.replyError(i, "I do not know that button.")
			return
		}
		ctx, cancel := b.context()
		defer cancel()
		msg, err := historyMessage(ctx, store, i.GuildID, offset)
		if err != nil {
			b.log.Error("history", "guild", i.GuildID, "err", err)
			b.replyError(i, "I could not read the history just now; try again in a moment.")
			return
		}
		if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: msg}); err != nil {
			b.log.Warn("answering an interaction", "err", err)
		}
	case len(parts) == 2 && parts[1] == statsGame:
		if len(data.Values) != 1 {
			b.replyError(i, "Pick one game.")
			return
		}
		id, err := strconv.ParseInt(data.Values[0], 10, 64)
		if err != nil {
			b.replyError(i, "I do not know that game.")
			return
		}
		b.sendPlayedGame(i, id)
	default:
		b.replyError(i, "I do not know that button.")
	}
}

// sendPlayedGame answers, to the asker only, with finished game id's record
// (a .txt file, which Discord shows inline) and its final board.
func (b *Bot) sendPlayedGame(i *discordgo.Interaction, id int64) {
	ctx, cancel := b.context()
	defer cancel()
	g, err := b.store.Get(ctx, id)
	if err != nil || g.GuildID != i.GuildID || g.Status != storage.StatusFinished {
		// A game of another server is none of this one's business.
		b.replyError(i, "There is no such finished game on this server.")
		return
	}
	if err := b.deferReply(i, true); err != nil {
		b.log.Warn("deferring", "err", err)
	}
	rec, err := b.store.Record(ctx, id)
	if err != nil {
		b.editReply(i, b.playerError(err))
		return
	}
	_, st, err := b.store.Load(ctx, id)
	if err != nil {
		b.editReply(i, b.playerError(err))
		return
	}
	png, err := pngOf(func(w io.Writer) error { return b.draw.FinalPNG(w, st) })
	if err != nil {
		b.log.Error("drawing the final board", "game", id, "err", err)
		b.editReply(i, "I could not draw the final board.")
		return
	}
	content := fmt.Sprintf("Game #%d, finished %s · %s", id, g.EndedAt.Format("2006-01-02"), scoreLine(g, st))
	if _, err := b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content,
		Files: []*discordgo.File{
			{Name: fmt.Sprintf("carcassonne-%d.txt", id), ContentType: "text/plain; charset=utf-8", Reader: strings.NewReader(rec.String())},
			pngFile(fmt.Sprintf("final-board-%d.png", id), png),
		}}); err != nil {
		b.log.Warn("sending a finished game", "game", id, "err", err)
	}
}

// escapeMarkdown keeps a name from being read as Discord markdown.
func escapeMarkdown(s string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "~", `\~`, "`", "\\`", "|", `\|`, ">", `\>`).Replace(s)
}
