package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// lobbyLifetime is how long a lobby waits to be started (spec/discord.md,
// "The lobby").
const lobbyLifetime = 24 * time.Hour

var errNoGame = errors.New("there is no game here: open one with /carcassonne new")

// findGame returns the game a command in this channel acts on: the one its
// game option names (a game of this channel or thread), or the game of
// this thread, or the only game of the channel with one of the statuses,
// or among several the one the member plays in. The error says why in
// words a player understands (a refusal in the member's language, or an
// error playerErrorIn says).
func (b *Bot) findGame(ctx context.Context, i *discordgo.Interaction, statuses ...storage.Status) (storage.Game, error) {
	hasStatus := func(g storage.Game) (storage.Game, error) {
		if len(statuses) > 0 && !slices.Contains(statuses, g.Status) {
			return storage.Game{}, refusal(statusWords(memberLang(i), g))
		}
		return g, nil
	}
	if id, ok := gameOptionOf(i); ok {
		g, err := b.store.Get(ctx, id)
		if errors.Is(err, storage.ErrNotFound) || err == nil && !inPlace(i, g) {
			return storage.Game{}, refusal(tr(memberLang(i), "lobby2.no_game_here", "Game", id))
		}
		if err != nil {
			return storage.Game{}, err
		}
		return hasStatus(g)
	}
	g, err := b.store.GameByThread(ctx, i.ChannelID)
	if err == nil && g.ThreadID != g.ChannelID {
		return hasStatus(g)
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
	return storage.Game{}, errSeveralGames
}

// refusal is an error whose text is for the player already: a whole
// sentence in their language.
type refusal string

func (r refusal) Error() string { return string(r) }

// errSeveralGames: a command in a channel with several games, none chosen.
var errSeveralGames = errors.New("several games are open in this channel: pick one with the game option, or use the command in the game's thread")

// gameOptionOf returns the game option of a command, if it was given.
func gameOptionOf(i *discordgo.Interaction) (int64, bool) {
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || len(data.Options) != 1 || data.Options[0] == nil {
		return 0, false
	}
	for _, o := range data.Options[0].Options {
		if o == nil || o.Name != gameOption || o.Focused {
			continue
		}
		switch v := o.Value.(type) {
		case float64:
			if v >= 1 && v == float64(int64(v)) {
				return int64(v), true
			}
		case string:
			if n, err := strconv.ParseInt(strings.TrimPrefix(strings.TrimSpace(v), "#"), 10, 64); err == nil && n >= 1 {
				return n, true
			}
		}
		return -1, true // given, but no game's id: Get finds nothing
	}
	return 0, false
}

// statusWords says in language l where game g stands: "Game #3 is still
// in its lobby.", "Game #3 is over.", …
func statusWords(l i18n.Lang, g storage.Game) string {
	switch g.Status {
	case storage.StatusLobby, storage.StatusRunning, storage.StatusFinished, storage.StatusStopped:
		return tr(l, "lobby2.status."+string(g.Status), "Game", g.ID)
	}
	return tr(l, "lobby2.status.other", "Game", g.ID)
}

// gameChoices suggests the games of this channel (and this thread's) for
// the game option: "#12 · lobby · Alice, Bob (2/5)", the game's status in
// the member's language.
func (b *Bot) gameChoices(ctx context.Context, i *discordgo.Interaction, typed string) []*discordgo.ApplicationCommandOptionChoice {
	games, err := b.store.GamesByChannel(ctx, i.ChannelID, storage.StatusLobby, storage.StatusRunning, storage.StatusFinished)
	if err != nil {
		b.log.Warn("listing a channel's games", "err", err)
		return nil
	}
	if g, err := b.store.GameByThread(ctx, i.ChannelID); err == nil && g.ThreadID != g.ChannelID {
		games = append([]storage.Game{g}, games...)
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	seen := map[int64]bool{}
	for _, g := range games {
		if seen[g.ID] {
			continue
		}
		seen[g.ID] = true
		var names []string
		for _, s := range g.Seats {
			names = append(names, s.Name)
		}
		label := fmt.Sprintf("#%d · %s · %s", g.ID, tr(memberLang(i), "bot2.choice.status."+string(g.Status)), strings.Join(names, ", "))
		if g.Status == storage.StatusLobby {
			label += fmt.Sprintf(" (%d/%d)", len(g.Seats), g.MaxSeats)
		}
		label = turnview.Truncate(label, 100)
		if typed == "" || strings.Contains(strings.ToLower(label), strings.ToLower(typed)) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: label, Value: g.ID})
		}
	}
	return out
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
		b.replyError(i, tr(memberLang(i), "bot.refuse.new.in_thread"))
		return
	}
	o := engine.Options{TinyCity: 4}
	for _, name := range []string{"farms", "tiny-city"} {
		r, _ := engine.RuleOptionNamed(name)
		if v := optString(opts, name); v != "" && !r.Set(&o, v) {
			b.replyError(i, tr(memberLang(i), "bot.refuse.new."+strings.ReplaceAll(name, "-", "_")))
			return
		}
	}
	timeout, ok := readTimeout(optString(opts, "turn-timeout"))
	if !ok {
		b.replyError(i, tr(memberLang(i), "bot.refuse.new.timeout"))
		return
	}
	set, names, err := readExpansions(optString(opts, "expansions"))
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	seats := storage.DefaultMaxSeats
	if o := opts["seats"]; o != nil {
		n, ok := o.Value.(float64)
		if !ok || n < 2 || n > engine.MaxPlayers || n != float64(int(n)) {
			b.replyError(i, tr(memberLang(i), "bot.refuse.new.seats"))
			return
		}
		seats = int(n)
	}
	if seats == engine.MaxPlayers && !set.Has(engine.ExpansionInnsAndCathedrals) {
		b.replyError(i, tr(memberLang(i), "bot.refuse.new.six_seats"))
		return
	}
	u := actor(i)
	g, err := b.store.CreateGame(ctx, storage.NewGame{
		Host:    storage.Player{UserID: u.ID, Name: displayName(i)},
		GuildID: i.GuildID, ChannelID: i.ChannelID,
		Options: o, Expansions: names, MaxSeats: seats, TurnTimeout: timeout,
		Deadline: b.cfg.Now().Add(lobbyLifetime),
		Language: guildLang(i).String(), // the server's, until the host chooses
	})
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	// Buttons pressed before the lobby message's id is stored wait for it.
	unlock, err := b.lockGame(ctx, g.ID)
	if err != nil {
		b.log.Warn("opening a lobby", "game", g.ID, "err", err)
		b.replyError(i, busyText(memberLang(i), g.ID))
		return
	}
	defer unlock()
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

// readExpansions reads the expansions option of /carcassonne new: record
// names separated by commas ("river, inns-and-cathedrals"), in any case;
// a title in any language the bot speaks ("Inns & Cathedrals", "Der
// Fluss") is read as its record name too. It returns the set and the names
// as storage keeps them, or an error wrapping engine.ErrUnknownExpander
// that names the wrong one and lists those available.
func readExpansions(v string) (engine.ExpansionSet, []string, error) {
	var names []string
	for _, n := range strings.Split(v, ",") {
		if n = turnview.ExpansionName(n); n != "" {
			names = append(names, n)
		}
	}
	return storage.ParseExpansions(names)
}

// expansionChoices completes the expansions option of /carcassonne new:
// the names typed before the last comma are kept, and the last one is
// completed with the expansions available that are not named yet and
// contain what was typed of it (in their record name, or their title in
// English or in language l, the member's, in which the choices name them).
func expansionChoices(l i18n.Lang, typed string) []*discordgo.ApplicationCommandOptionChoice {
	parts := strings.Split(typed, ",")
	last := strings.ToLower(strings.TrimSpace(parts[len(parts)-1]))
	var kept []string
	named := map[string]bool{}
	for _, p := range parts[:len(parts)-1] {
		if p = strings.ToLower(strings.TrimSpace(p)); p != "" {
			kept = append(kept, p)
			named[p] = true
		}
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, e := range engine.PlayableExpansions() {
		if e == engine.ExpansionBase || named[e.String()] || len(out) == 25 {
			continue
		}
		title := expansionTitle(l, e)
		if last != "" && !strings.Contains(e.String(), last) && !strings.Contains(strings.ToLower(e.Title()), last) &&
			!strings.Contains(strings.ToLower(title), last) {
			continue
		}
		value := strings.Join(append(append([]string(nil), kept...), e.String()), ", ")
		if len(value) > 100 {
			continue
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: turnview.Truncate(value+" ("+title+")", 100), Value: value})
	}
	return out
}

// lobbyExpansions serves the lobby's Expansions… menu: the host chooses
// the expansions (none: the base game), and the lobby message shows them.
func (b *Bot) lobbyExpansions(i *discordgo.Interaction, id int64, values []string) {
	ctx, g, done, ok := b.lobbyGame(i, id)
	if !ok {
		return
	}
	defer done()
	switch {
	case g.HostID != actor(i).ID:
		b.replyError(i, tr(memberLang(i), "lobby2.expansions.host_only"))
		return
	case g.Status != storage.StatusLobby:
		b.replyError(i, tr(memberLang(i), "lobby2.expansions.started"))
		return
	}
	names := append([]string{}, values...) // none chosen: the base game alone
	seats := g.MaxSeats
	u := storage.LobbyUpdate{Expansions: names}
	if set, _, err := storage.ParseExpansions(names); err == nil {
		// A rule option goes with its expansion (the record names it only
		// when it is played): one left out takes its default again.
		o := g.Options
		for _, r := range engine.RuleOptions() {
			if !set.Has(r.Expansion) {
				r.Set(&o, r.Values[0])
			}
		}
		u.Options = &o
	}
	g, err := b.store.UpdateLobby(ctx, id, u)
	if errors.Is(err, storage.ErrSixSeats) {
		b.replyError(i, tr(memberLang(i), "lobby2.expansions.six_seated"))
		return
	}
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	b.lobbyChanged(i, g, true, "")
	if g.MaxSeats < seats {
		b.followupError(i, tr(memberLang(i), "lobby2.expansions.seats", "Seats", g.MaxSeats))
	}
}

// ruleOptionRefusal says why the member of interaction i may not choose a
// rule option of expansion e in lobby g (notPlayed when the lobby does not
// play e), or "" when they may: only the host, before the game starts.
func ruleOptionRefusal(i *discordgo.Interaction, g storage.Game, e engine.Expansion, notPlayed string) string {
	switch {
	case g.HostID != actor(i).ID:
		return tr(memberLang(i), "bot.refuse.lobby.options_host_only")
	case g.Status != storage.StatusLobby:
		return tr(memberLang(i), "bot.refuse.lobby.rules_set")
	case !gameExpansions(g).Has(e):
		return notPlayed
	}
	return ""
}

// lobbyRuleOptions are the rule options of the expansions chosen in lobby
// g (engine.RuleOptions; the base game's are options of /carcassonne
// new): each is a line of the lobby's settings and a menu of its values,
// for the host.
func lobbyRuleOptions(g storage.Game) []engine.RuleOption {
	var out []engine.RuleOption
	for _, o := range engine.RuleOptions() {
		if o.Expansion != engine.ExpansionBase && gameExpansions(g).Has(o.Expansion) {
			out = append(out, o)
		}
	}
	return out
}

// ruleOptionMenu is the menu of rule option o in lobby g, the lobby's
// value selected, its custom id's action "o" and the option's name: its
// words in the game's language, each value labelled as typed ("Drache:
// before-scoring", message turn.rule.NAME as turnview's RuleWords says
// it) and described (lobby2.option.NAME.VALUE), under placeholder
// lobby2.option.NAME.
func ruleOptionMenu(g storage.Game, o engine.RuleOption) discordgo.SelectMenu {
	l := gameLang(g)
	var opts []discordgo.SelectMenuOption
	for _, v := range o.Values {
		opts = append(opts, discordgo.SelectMenuOption{Label: tr(l, "turn.rule."+o.Name, "Value", v), Value: v,
			Description: tr(l, "lobby2.option."+o.Name+"."+v), Default: o.Value(g.Options) == v})
	}
	return discordgo.SelectMenu{CustomID: lobbyID(actRuleOpt+o.Name, g.ID), Placeholder: tr(l, "lobby2.option."+o.Name),
		MinValues: intPtr(1), MaxValues: 1, Options: opts}
}

// lobbyRuleOption answers the menu of a rule option of an expansion (its
// action actRuleOpt and the option's name): the host chooses one of its
// values, and the lobby shows it; anyone else, a lobby without its
// expansion (lobby2.option.not_played.EXPANSION), a game started or a
// value that is none of the option's (lobby2.option.NAME.wrong) is refused
// in the member's words.
func (b *Bot) lobbyRuleOption(i *discordgo.Interaction, id int64, action string, values []string) {
	o, ok := engine.RuleOptionNamed(strings.TrimPrefix(action, actRuleOpt))
	if !ok || o.Expansion == engine.ExpansionBase {
		b.replyError(i, tr(memberLang(i), "bot.refuse.unknown_button"))
		return
	}
	refuse := func(g storage.Game) string {
		return ruleOptionRefusal(i, g, o.Expansion, tr(memberLang(i), "lobby2.option.not_played."+o.Expansion.String()))
	}
	change := func(g storage.Game) (storage.LobbyUpdate, string) {
		opts := g.Options
		if len(values) != 1 || !o.Set(&opts, values[0]) {
			return storage.LobbyUpdate{}, tr(memberLang(i), "lobby2.option."+o.Name+".wrong")
		}
		return storage.LobbyUpdate{Options: &opts}, ""
	}
	g, ok := b.changeLobby(i, id, refuse, change)
	switch {
	case !ok:
	case i.Message != nil && g.LobbyMessageID != "" && i.Message.ID != g.LobbyMessageID:
		// From the More rules… message: the lobby message is edited
		// first, so that it shows the choice once the host sees it
		// taken, then the rules message shows it.
		b.editLobby(g, []*discordgo.MessageEmbed{lobbyEmbed(g)}, lobbyButtons(g))
		b.update(i, rulesMessage(memberLang(i), g))
	default:
		b.lobbyChanged(i, g, true, "")
	}
}

// rulesMessage is the ephemeral message of the lobby's More rules…
// button: every rule option's menu of lobby g (the lobby shows 5 rows,
// and these may need more), its words in language l, the menus' in the
// game's.
func rulesMessage(l i18n.Lang, g storage.Game) *discordgo.InteractionResponseData {
	var rows []discordgo.MessageComponent
	for _, m := range lobbyOptionMenus(g) {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{m}})
	}
	return &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral,
		Content: tr(l, "bot.lobby.rules.ask", "Game", g.ID), Components: rows}
}

// lobbyRulesMessage answers the lobby's More rules… button: to the host,
// before the game starts, an ephemeral message of every rule option's
// menu; anyone else is refused in their words.
func (b *Bot) lobbyRulesMessage(i *discordgo.Interaction, id int64) {
	// Every lobby plays the base game: only the host, before the start.
	if g, ok := b.lobbyMenu(i, id, func(g storage.Game) string { return ruleOptionRefusal(i, g, engine.ExpansionBase, "") }); ok {
		b.reply(i, rulesMessage(memberLang(i), g))
	}
}

// lobbyMenu begins the answer to a lobby button that opens an ephemeral
// menu (Add computer player, Language…, More rules…; it changes nothing,
// so it takes no lock): it loads lobby id, and refuse says why the member
// of interaction i may not use it (in their words; "" when they may). It
// returns false, the member told why, when the lobby does not load or they
// may not.
func (b *Bot) lobbyMenu(i *discordgo.Interaction, id int64, refuse func(storage.Game) string) (storage.Game, bool) {
	ctx, cancel := b.context()
	defer cancel()
	g, err := b.store.Get(ctx, id)
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return g, false
	}
	if why := refuse(g); why != "" {
		b.replyError(i, why)
		return g, false
	}
	return g, true
}

// lobbyGame begins a change of lobby id for interaction i: it takes the
// lobby's lock and loads the game. It returns the change's context, the
// game, and done, which ends the change (the lock released, the context
// cancelled); ok is false, the member told why, when the lobby is busy or
// cannot be loaded.
func (b *Bot) lobbyGame(i *discordgo.Interaction, id int64) (ctx context.Context, g storage.Game, done func(), ok bool) {
	ctx, cancel := b.context()
	unlock, ok := b.lockLobby(ctx, i, id)
	if !ok {
		cancel()
		return ctx, g, nil, false
	}
	g, err := b.store.Get(ctx, id)
	if err != nil {
		unlock()
		cancel()
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return ctx, g, nil, false
	}
	return ctx, g, func() { unlock(); cancel() }, true
}

// changeLobby serves a lobby menu that changes a setting of lobby id:
// under the lobby's lock it reads the lobby, refuse says why the member
// of interaction i may not change it (in their words; "" when they may),
// change returns the update their choice makes (or why it is not one),
// and the update is stored. It returns the lobby after it, or false when
// it answered i with a refusal; the lobby is then as it was.
func (b *Bot) changeLobby(i *discordgo.Interaction, id int64, refuse func(storage.Game) string,
	change func(storage.Game) (storage.LobbyUpdate, string)) (storage.Game, bool) {
	ctx, g, done, ok := b.lobbyGame(i, id)
	if !ok {
		return storage.Game{}, false
	}
	defer done()
	var err error
	if why := refuse(g); why != "" {
		b.replyError(i, why)
		return g, false
	}
	u, why := change(g)
	if why != "" {
		b.replyError(i, why)
		return g, false
	}
	if g, err = b.store.UpdateLobby(ctx, id, u); err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return g, false
	}
	return g, true
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
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return g, false
	}
	b.touch(g)
	return g, true
}

// lobbyJoin seats the member; from the button it updates the lobby message
// in place, from the command it edits it and answers ephemerally.
func (b *Bot) lobbyJoin(i *discordgo.Interaction, id int64, button bool) {
	ctx, cancel := b.context()
	defer cancel()
	unlock, ok := b.lockLobby(ctx, i, id)
	if !ok {
		return
	}
	defer unlock()
	g, err := b.store.Join(ctx, id, storage.Player{UserID: actor(i).ID, Name: displayName(i)})
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	b.lobbyChanged(i, g, button, tr(memberLang(i), "bot.lobby.joined"))
}

func (b *Bot) lobbyLeave(i *discordgo.Interaction, id int64, button bool) {
	ctx, cur, done, ok := b.lobbyGame(i, id)
	if !ok {
		return
	}
	defer done()
	if cur.HostID == actor(i).ID && cur.Status == storage.StatusLobby {
		b.replyError(i, tr(memberLang(i), "bot.refuse.lobby.host_leaves"))
		return
	}
	g, err := b.store.Leave(ctx, id, actor(i).ID)
	if err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	b.lobbyChanged(i, g, button, tr(memberLang(i), "bot.lobby.left"))
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
	ctx, g, done, ok := b.lobbyGame(i, id)
	if !ok {
		return
	}
	defer done()
	if g.HostID != actor(i).ID && !canModerate(i) {
		b.replyError(i, tr(memberLang(i), "bot.refuse.lobby.cancel_host_only"))
		return
	}
	if g.Status != storage.StatusLobby {
		b.replyError(i, tr(memberLang(i), "bot.refuse.lobby.started"))
		return
	}
	if err := b.store.MarkStatus(ctx, id, storage.StatusStopped, "cancelled by "+displayName(i)); err != nil {
		b.replyError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	g.Status = storage.StatusStopped
	e := lobbyEmbed(g)
	e.Description = tr(gameLang(g), "bot.lobby.cancelled", "Member", escapeMarkdown(displayName(i)))
	if err := b.s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{}}}); err != nil {
		b.log.Warn("updating the lobby", "game", id, "err", err)
	}
}

// lobbyStart starts the game: a thread on the lobby message (the channel
// when that fails), the lobby message edited, the first turn posted there.
func (b *Bot) lobbyStart(i *discordgo.Interaction, id int64, solo, button bool) {
	ctx, g, done, ok := b.lobbyGame(i, id)
	if !ok {
		return
	}
	defer done()
	var err error
	switch {
	case g.HostID != actor(i).ID && !canModerate(i):
		b.replyError(i, tr(memberLang(i), "bot.refuse.lobby.start_host_only"))
		return
	case g.Status != storage.StatusLobby:
		b.replyError(i, tr(memberLang(i), "bot.refuse.lobby.started"))
		return
	case len(g.Seats) < 2 && !(solo && len(g.Seats) == 1):
		b.replyError(i, tr(memberLang(i), "bot.refuse.lobby.two_players"))
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
		b.followupError(i, b.playerErrorIn(memberLang(i), err))
		return
	}
	thread := g.ChannelID
	if g.LobbyMessageID == "" && button && i.Message != nil {
		g.LobbyMessageID = i.Message.ID
		if err := b.store.SetLobbyMessage(ctx, g.ID, i.Message.ID); err != nil {
			b.log.Warn("storing the lobby message", "game", g.ID, "err", err)
		}
	}
	note := ""
	if g.LobbyMessageID != "" {
		ch, err := b.s.MessageThreadStartComplex(g.ChannelID, g.LobbyMessageID, &discordgo.ThreadStart{
			Name: fmt.Sprintf("Carcassonne #%d", g.ID), AutoArchiveDuration: 1440, Type: discordgo.ChannelTypeGuildPublicThread})
		if err != nil {
			b.log.Warn("opening a thread; playing in the channel", "game", id, "err", err)
			if isPermissionError(err) {
				note = tr(gameLang(g), "bot.lobby.no_thread_permission") + "\n"
			} else {
				note = tr(gameLang(g), "bot.lobby.no_thread") + "\n"
			}
		} else {
			thread = ch.ID
		}
	}
	if err := b.store.SetThread(ctx, id, thread); err != nil {
		b.logError(ctx, "storing the thread", "game", id, "err", err)
	}
	g.ThreadID = thread
	e := lobbyEmbed(g)
	e.Description = tr(gameLang(g), "bot.lobby.started")
	if thread != g.ChannelID {
		e.Description = tr(gameLang(g), "bot.lobby.started_in", "Thread", thread)
	}
	b.editLobby(g, []*discordgo.MessageEmbed{e}, []discordgo.MessageComponent{})
	if !button {
		b.editReply(i, tr(memberLang(i), "bot.lobby.started"))
	}
	b.announce(ctx, g.ID, announcement{note: note})
}

// followupError tells the member why, after a deferred response.
func (b *Bot) followupError(i *discordgo.Interaction, text string) {
	if _, err := b.s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: text, Flags: discordgo.MessageFlagsEphemeral}); err != nil {
		b.log.Warn("sending a followup", "err", err)
	}
}

// playerErrors are the errors a player may meet, with their messages in
// every language. In English a player reads the error's own text (with
// what it wraps: "Every seat is taken: 6 players are seated, more than 5
// seats."); in the other languages the message alone.
var playerErrors = []struct {
	err error
	id  string
}{
	{storage.ErrGameFull, "game_full"}, {storage.ErrAlreadySeated, "already_seated"}, {storage.ErrNotSeated, "not_seated"},
	{storage.ErrNotLobby, "not_lobby"}, {storage.ErrNoPlayers, "no_players"}, {storage.ErrNotStarted, "not_started"},
	{storage.ErrNotRunning, "not_running"}, {storage.ErrConflict, "conflict"}, {errNoGame, "no_game"},
	{errSeveralGames, "several_games"}, {storage.ErrTooManyLobbies, "too_many_lobbies"},
}

// playerErrorIn turns an error into words for a player in language l;
// errors that are not the players' concern are logged with their cause
// and given a general text. The engine's and storage's details (which
// expansion name does not read, why a move is not legal) are English
// texts of theirs: English says them, the other languages the rule they
// break (messages lobby2.error.…, and an engine rule error's own sentence,
// turnview.Voice.RuleError, also for the players and the rule options).
func (b *Bot) playerErrorIn(l i18n.Lang, err error) string {
	english := l == i18n.English
	var me *engine.MoveError
	var r refusal
	switch {
	case errors.Is(err, storage.ErrSixSeats):
		return tr(l, "bot.refuse.new.six_seats")
	case english && (errors.Is(err, engine.ErrUnknownExpander) || errors.Is(err, engine.ErrPlayers) || errors.Is(err, engine.ErrBadOption)):
		return turnview.Capitalize(err.Error()) + "."
	case errors.Is(err, engine.ErrUnknownExpander):
		return tr(l, "lobby2.error.unknown_expansion", "List", availableTitles(l))
	case errors.Is(err, engine.ErrPlayers), errors.Is(err, engine.ErrBadOption):
		s, _ := turnview.In(l).RuleError(err)
		return s
	case errors.As(err, &me):
		if english {
			return turnview.Capitalize(me.Error()) + "."
		}
		if s, ok := turnview.In(l).RuleError(me); ok {
			return s
		}
		return tr(l, "lobby2.error.move")
	case errors.Is(err, storage.ErrNotFound):
		return tr(l, "lobby2.error.no_such_game")
	case errors.Is(err, storage.ErrBroken):
		if english {
			return "This game's stored moves no longer replay, so it cannot go on: " + err.Error()
		}
		return tr(l, "lobby2.error.broken")
	case errors.As(err, &r):
		return string(r)
	}
	for _, pe := range playerErrors {
		if errors.Is(err, pe.err) {
			if english {
				return turnview.Capitalize(err.Error()) + "."
			}
			return tr(l, "lobby2.error."+pe.id)
		}
	}
	if !english {
		if s, ok := turnview.In(l).RuleError(err); ok {
			return s
		}
	}
	b.log.Error("an error a player sees as \"something went wrong\"", "err", err)
	return tr(l, "lobby2.error.unknown")
}

// lockLobby takes game id's lock (lockGame) for an interaction that has not
// been answered yet; when it cannot, it says so to the member and returns
// false.
func (b *Bot) lockLobby(ctx context.Context, i *discordgo.Interaction, id int64) (unlock func(), ok bool) {
	unlock, err := b.lockGame(ctx, id)
	if err != nil {
		b.log.Warn("waiting for a game", "game", id, "err", err)
		b.replyError(i, busyText(memberLang(i), id))
		return nil, false
	}
	return unlock, true
}
