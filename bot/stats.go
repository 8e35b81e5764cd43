package bot

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
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

// fairnessWords are the rules of the statistics in language l, for the
// help and the footers.
func fairnessWords(l i18n.Lang) string { return tr(l, "stats.fairness") }

// statsStore returns the store's statistics, or answers that there are
// none.
func (b *Bot) statsStore(i *discordgo.Interaction) (StatsStore, bool) {
	st, ok := b.store.(StatsStore)
	if !ok {
		b.replyError(i, tr(memberLang(i), "stats.refuse.none_kept"))
		return nil, false
	}
	if i.GuildID == "" {
		b.replyError(i, tr(memberLang(i), "stats.refuse.not_in_server"))
		return nil, false
	}
	return st, true
}

// cmdStats answers /carcassonne stats [member]: the member's statistics on
// this server (the asker's when no member is given), public, in the
// asker's language.
func (b *Bot) cmdStats(i *discordgo.Interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) {
	store, ok := b.statsStore(i)
	if !ok {
		return
	}
	l := memberLang(i)
	userID, name := actor(i).ID, displayName(i)
	if o := opts["member"]; o != nil {
		id, _ := o.Value.(string)
		if id == "" {
			b.replyError(i, tr(l, "stats.refuse.member"))
			return
		}
		userID, name = id, resolvedName(i, id)
	}
	ctx, cancel := b.context()
	defer cancel()
	st, err := store.Stats(ctx, i.GuildID, userID)
	if err != nil {
		b.log.Error("statistics", "guild", i.GuildID, "err", err)
		b.replyError(i, tr(l, "stats.refuse.stats_failed"))
		return
	}
	if name == "" {
		name = st.Name
	}
	if name == "" {
		name = tr(l, "stats.that_member")
	}
	if st.Games == 0 {
		b.reply(i, &discordgo.InteractionResponseData{Content: tr(l, "stats.no_games", "Name", escapeMarkdown(name)),
			AllowedMentions: &discordgo.MessageAllowedMentions{}})
		return
	}
	b.reply(i, &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{statsEmbed(l, name, st)},
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

// statsEmbed shows a player's statistics in language l.
func statsEmbed(l i18n.Lang, name string, st storage.PlayerStats) *discordgo.MessageEmbed {
	per := func(n int) string { return strconv.FormatFloat(float64(n)/float64(st.Games), 'f', 1, 64) }
	p := st.Points
	feature := tr(l, "stats.features", "Roads", per(p.Roads), "Cities", per(p.Cities), "Cloisters", per(p.Cloisters), "Farms", per(p.Farms))
	for _, x := range []struct {
		id string
		n  int
	}{{"king", p.King}, {"robber_baron", p.RobberBaron}, {"goods", p.Goods}} {
		if x.n != 0 {
			feature += " · " + tr(l, "stats."+x.id, "Points", per(x.n))
		}
	}
	favourite := tr(l, "stats.base_only")
	if e, ok := engine.ParseExpansion(st.FavouriteExpansion); ok && st.FavouriteExpansion != "" {
		favourite = trN(l, "stats.favourite_games", st.FavouriteGames, "Expansion", expansionTitle(l, e))
	}
	games := strconv.Itoa(st.Games)
	if st.Resigned > 0 {
		games = trN(l, "stats.resigned_games", st.Resigned, "Games", games)
	}
	title := tr(l, "stats.title", "Name", escapeMarkdown(computerLabel(l, name, st.ComputerLevel)))
	return &discordgo.MessageEmbed{
		Title: turnview.Truncate(title, 256),
		Color: statsColour,
		Fields: []*discordgo.MessageEmbedField{
			{Name: tr(l, "stats.games"), Value: games, Inline: true},
			{Name: tr(l, "stats.wins"), Value: fmt.Sprintf("%d (%.0f%%)", st.Wins, 100*st.WinRate), Inline: true},
			{Name: tr(l, "stats.rating"), Value: tr(l, "stats.rating_value", "Rating", fmt.Sprintf("%.0f", st.Rating.Conservative()), "Rank", st.Rank), Inline: true},
			{Name: tr(l, "stats.average"), Value: fmt.Sprintf("%.1f", st.AverageScore), Inline: true},
			{Name: tr(l, "stats.best"), Value: strconv.Itoa(st.BestScore), Inline: true},
			{Name: tr(l, "stats.favourite"), Value: favourite, Inline: true},
			{Name: tr(l, "stats.by_feature"), Value: feature},
		},
		Footer: &discordgo.MessageEmbedFooter{Text: fairnessWords(l)},
	}
}

// cmdLeaderboard answers /carcassonne leaderboard: the server's top players,
// public, in the asker's language.
func (b *Bot) cmdLeaderboard(i *discordgo.Interaction) {
	store, ok := b.statsStore(i)
	if !ok {
		return
	}
	ctx, cancel := b.context()
	defer cancel()
	l := memberLang(i)
	board, err := store.Leaderboard(ctx, i.GuildID, leaderboardSize)
	if err != nil {
		b.log.Error("leaderboard", "guild", i.GuildID, "err", err)
		b.replyError(i, tr(l, "stats.refuse.leaderboard_failed"))
		return
	}
	if len(board) == 0 {
		b.reply(i, &discordgo.InteractionResponseData{Content: tr(l, "stats.leaderboard_empty")})
		return
	}
	b.reply(i, &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{leaderboardEmbed(l, board)},
		AllowedMentions: &discordgo.MessageAllowedMentions{}})
}

// computerLabel names a player in the statistics, in language l: a
// computer player of level (not "") as "Ann (computer, hard)", or its
// seat's name alone when that says it already, in any language
// ("Computer (hard) 2", "Computer (schwer)"; turnview.ComputerSeat); a
// person by name.
func computerLabel(l i18n.Lang, name, level string) string {
	if level == "" || turnview.ComputerSeat(name, level) {
		return name
	}
	words := level
	if lv, err := ai.ParseLevel(level); err == nil && lv.Seat() {
		words = tr(l, "stats.level."+lv.String())
	}
	return tr(l, "stats.computer", "Name", name, "Level", words)
}

// leaderboardEmbed shows the top of a leaderboard in language l.
func leaderboardEmbed(l i18n.Lang, board []storage.LeaderboardEntry) *discordgo.MessageEmbed {
	var lines []string
	for _, e := range board {
		name := computerLabel(l, e.Name, e.ComputerLevel)
		lines = append(lines, trN(l, "stats.leaderboard_line", e.Wins, "Rank", e.Rank, "Name", escapeMarkdown(turnview.Truncate(name, 64)),
			"Rating", fmt.Sprintf("%.0f", e.Rating.Conservative()), "Games", e.Games))
	}
	return &discordgo.MessageEmbed{
		Title:       tr(l, "stats.leaderboard"),
		Color:       statsColour,
		Description: strings.Join(lines, "\n"),
		Footer:      &discordgo.MessageEmbedFooter{Text: tr(l, "stats.leaderboard_footer", "Fairness", fairnessWords(l))},
	}
}

// cmdHistory answers /carcassonne history: the first page of the server's
// finished games, for the asker only, in their language.
func (b *Bot) cmdHistory(i *discordgo.Interaction) {
	store, ok := b.statsStore(i)
	if !ok {
		return
	}
	ctx, cancel := b.context()
	defer cancel()
	data, err := historyMessage(ctx, memberLang(i), store, i.GuildID, 0)
	if err != nil {
		b.log.Error("history", "guild", i.GuildID, "err", err)
		b.replyError(i, tr(memberLang(i), "stats.refuse.history_failed"))
		return
	}
	data.Flags = discordgo.MessageFlagsEphemeral
	b.reply(i, data)
}

// historyMessage returns the history's page of the games after skipping
// offset, in language l: an embed listing them, a select menu to fetch
// one, and the Previous and Next buttons.
func historyMessage(ctx context.Context, l i18n.Lang, store StatsStore, guildID string, offset int) (*discordgo.InteractionResponseData, error) {
	page, err := store.History(ctx, guildID, offset, historyPage)
	if err != nil {
		return nil, err
	}
	if page.Total == 0 {
		empty := []discordgo.MessageComponent{}
		return &discordgo.InteractionResponseData{Content: tr(l, "stats.history_empty"), Components: empty,
			Embeds: []*discordgo.MessageEmbed{}}, nil
	}
	if len(page.Games) == 0 && offset > 0 { // games removed since: back to the last page
		return historyMessage(ctx, l, store, guildID, (page.Total-1)/historyPage*historyPage)
	}
	var (
		parts   []string
		options []discordgo.SelectMenuOption
	)
	for _, g := range page.Games {
		parts = append(parts, historyEntry(l, g))
		options = append(options, discordgo.SelectMenuOption{
			Label: turnview.Truncate(fmt.Sprintf("#%d · %s · %s", g.GameID, g.EndedAt.Format("2006-01-02"), playersLine(l, g, false)), 100),
			Value: strconv.FormatInt(g.GameID, 10),
		})
	}
	pages := (page.Total + historyPage - 1) / historyPage
	embed := &discordgo.MessageEmbed{
		Title:       tr(l, "stats.history_title"),
		Color:       statsColour,
		Description: turnview.Truncate(strings.Join(parts, "\n\n"), 4096),
		Footer: &discordgo.MessageEmbedFooter{Text: trN(l, "stats.history_footer", page.Total,
			"Page", offset/historyPage+1, "Pages", pages)},
	}
	return &discordgo.InteractionResponseData{
		Embeds: []*discordgo.MessageEmbed{embed},
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				CustomID: statsIDPrefix + ":" + statsGame, Placeholder: tr(l, "stats.history_menu"), Options: options,
			}}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: tr(l, "stats.previous"), Style: discordgo.SecondaryButton, Disabled: offset == 0,
					CustomID: fmt.Sprintf("%s:%s:%d", statsIDPrefix, statsPage, max(offset-historyPage, 0))},
				discordgo.Button{Label: tr(l, "stats.next"), Style: discordgo.SecondaryButton, Disabled: offset+historyPage >= page.Total,
					CustomID: fmt.Sprintf("%s:%s:%d", statsIDPrefix, statsPage, offset+historyPage)},
			}},
		},
		AllowedMentions: &discordgo.MessageAllowedMentions{},
	}, nil
}

// historyEntry is a game of the history: its number, when it ended (a
// Discord timestamp, shown in each reader's time zone), a link to its
// thread, its expansions, and the players by place with their scores, in
// language l.
func historyEntry(l i18n.Lang, g storage.PlayedGame) string {
	head := fmt.Sprintf("**#%d** · <t:%d:f>", g.GameID, g.EndedAt.Unix())
	if g.ThreadID != "" {
		head += fmt.Sprintf(" · <#%s>", g.ThreadID)
	}
	if len(g.Expansions) > 1 {
		var titles []string
		for _, name := range g.Expansions[1:] {
			if e, ok := engine.ParseExpansion(name); ok {
				titles = append(titles, expansionTitle(l, e))
			}
		}
		head += " · " + strings.Join(titles, ", ")
	}
	return head + "\n" + playersLine(l, g, true)
}

// playersLine lists a game's players by place: "🏆 Alice 87 · Bob 65 ·
// Cid 40 (resigned)" in language l; without markdown for a menu's label.
func playersLine(l i18n.Lang, g storage.PlayedGame, markdown bool) string {
	players := append([]storage.PlayerResult(nil), g.Players...)
	sortByPlace(players)
	var parts []string
	for _, p := range players {
		name := turnview.Truncate(p.Name, 32)
		if markdown {
			name = escapeMarkdown(name)
		}
		s := fmt.Sprintf("%s %d", name, p.Score)
		if p.Winner {
			s = "🏆 " + s
		}
		if p.Resigned {
			s += " " + tr(l, "stats.resigned")
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
	l := memberLang(i)
	parts := strings.Split(data.CustomID, ":")
	switch {
	case len(parts) == 3 && parts[1] == statsPage:
		offset, err := strconv.Atoi(parts[2])
		if err != nil || offset < 0 {
			b.replyError(i, tr(l, "bot.refuse.unknown_button"))
			return
		}
		ctx, cancel := b.context()
		defer cancel()
		msg, err := historyMessage(ctx, l, store, i.GuildID, offset)
		if err != nil {
			b.log.Error("history", "guild", i.GuildID, "err", err)
			b.replyError(i, tr(memberLang(i), "stats.refuse.history_failed"))
			return
		}
		if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: msg}); err != nil {
			b.log.Warn("answering an interaction", "err", err)
		}
	case len(parts) == 2 && parts[1] == statsGame:
		if len(data.Values) != 1 {
			b.replyError(i, tr(l, "stats.refuse.one_game"))
			return
		}
		id, err := strconv.ParseInt(data.Values[0], 10, 64)
		if err != nil {
			b.replyError(i, tr(l, "stats.refuse.unknown_game"))
			return
		}
		b.sendPlayedGame(i, id)
	default:
		b.replyError(i, tr(l, "bot.refuse.unknown_button"))
	}
}

// sendPlayedGame answers, to the asker only and in their language, with
// finished game id's record (a .txt file, which Discord shows inline) and
// its final board.
func (b *Bot) sendPlayedGame(i *discordgo.Interaction, id int64) {
	l := memberLang(i)
	ctx, cancel := b.context()
	defer cancel()
	g, err := b.store.Get(ctx, id)
	if err != nil || g.GuildID != i.GuildID || g.Status != storage.StatusFinished {
		// A game of another server is none of this one's business.
		b.replyError(i, tr(l, "stats.refuse.no_such_game"))
		return
	}
	if err := b.deferReply(i, true); err != nil {
		b.log.Warn("deferring", "err", err)
	}
	rec, err := b.store.Record(ctx, id)
	if err != nil {
		b.editReply(i, b.playerErrorIn(l, err))
		return
	}
	_, st, err := b.store.Load(ctx, id)
	if err != nil {
		b.editReply(i, b.playerErrorIn(l, err))
		return
	}
	png, err := pngOf(func(w io.Writer) error { return b.drawIn(l).FinalPNG(w, st) })
	if err != nil {
		b.log.Error("drawing the final board", "game", id, "err", err)
		b.editReply(i, tr(l, "stats.refuse.final_failed"))
		return
	}
	content := tr(l, "stats.finished_game", "Game", id, "Date", g.EndedAt.Format("2006-01-02"), "Scores", scoreLine(g, st))
	if _, err := b.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content,
		Files: []*discordgo.File{
			{Name: fmt.Sprintf("carcassonne-%d.txt", id), ContentType: "text/plain; charset=utf-8", Reader: strings.NewReader(rec.String())},
			pngFile(fmt.Sprintf("final-board-%d.png", id), png),
		}}); err != nil {
		b.log.Warn("sending a finished game", "game", id, "err", err)
	}
}

// escapeMarkdown keeps a name from being read as Discord markdown: a
// backslash before each character that could start it (emphasis, code,
// spoilers, masked links, mentions), before an underscore that is not
// inside a word (Player_1 stays as it is: Discord reads none there), and
// before a "#", "-" or ">" that begins the name (a heading, a list or a
// quote at the start of a line). Discord shows an escaped character as
// itself.
func escapeMarkdown(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for k, r := range rs {
		inWord := k > 0 && k+1 < len(rs) && isWordRune(rs[k-1]) && isWordRune(rs[k+1])
		if strings.ContainsRune("\\*~`|[]<", r) || r == '_' && !inWord || k == 0 && strings.ContainsRune("#->", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isWordRune reports whether r is a letter or a digit.
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
