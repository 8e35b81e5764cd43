package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/sethvargo/go-retry"

	"github.com/meeple-works/carcassonne/ai"
	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/storage"
	"github.com/meeple-works/carcassonne/turnview"
)

// How the players learn of a move: the move is stored first (once: the
// interaction id is its request id), then announced: the turn message
// becomes the move's summary and the next turn's message is posted (or the
// end), and the game's row remembers up to which move it was announced
// (storage.Game.Announced). A bot that stops in between finds the games
// that owe an announcement when it starts, when one of them is touched
// again, and at each tick after a failure, and makes it then: at least
// once, and never twice for the same turn, since before posting again it
// looks in the thread for the message an earlier run may have posted.

// announcement is what a caller adds to the summary of a move.
type announcement struct {
	// prefix opens the summary ("Alice ran out of time, so I played the
	// turn. ").
	prefix string
	// note opens the next turn's message ("I could not open a thread…").
	note string
	// search tells announce that an earlier run may have posted the
	// messages already (catching up): it looks for them before posting.
	search bool
}

// retryState is when a game whose announcement failed is tried again.
type retryState struct {
	next     time.Time
	failures int
}

// maxRetryWait caps the wait between two tries of an announcement.
const maxRetryWait = 10 * time.Minute

// catchUpAll announces what the running and finished games of this
// process's shard owe. On start (force) it tries every such game; at a
// tick only those whose wait after a failure is over.
func (b *Bot) catchUpAll(ctx context.Context, force bool) {
	games, err := b.store.Unannounced(ctx)
	if err != nil {
		b.logError(ctx, "reading the games to announce", "err", err)
		return
	}
	now := b.cfg.Now()
	for _, g := range b.owned(games) {
		b.mu.Lock()
		r, failed := b.retry[g.ID]
		b.mu.Unlock()
		if !force && failed && now.Before(r.next) {
			continue
		}
		b.catchUp(ctx, g.ID)
	}
}

// catchUp announces what game id owes, if anything; it takes the game's
// lock.
func (b *Bot) catchUp(ctx context.Context, id int64) {
	unlock, err := b.lockGame(ctx, id)
	if err != nil {
		b.logWarn(ctx, "catching up with a game", "game", id, "err", err)
		return
	}
	defer unlock()
	b.announce(ctx, id, announcement{search: true})
}

// touch catches up with game g, in the background, when an interaction
// acts on it and it owes an announcement, or waits in the middle of a turn
// for a decision whose message may never have been posted (the interaction
// is answered meanwhile: Discord waits 3 seconds only). The caller is an
// interaction handler, counted in b.wg.
func (b *Bot) touch(g storage.Game) {
	owes := (g.Status == storage.StatusRunning || g.Status == storage.StatusFinished) && g.Announced < g.Moves
	midTurn := g.Status == storage.StatusRunning && g.Answered > 0
	if !owes && !midTurn {
		return
	}
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		ctx, cancel := b.context()
		defer cancel()
		if owes {
			b.catchUp(ctx, g.ID)
		}
		b.catchUpStep(ctx, g.ID)
	}()
}

// catchUpSteps posts, for every running game of this shard waiting in the
// middle of a turn, the message of the decision it waits for, unless it is
// posted already: a bot stopped after an answer was stored and before the
// next decision was posted prompts its player when it starts again.
func (b *Bot) catchUpSteps(ctx context.Context) {
	games, err := b.store.List(ctx, 0, storage.StatusRunning)
	if err != nil {
		b.logError(ctx, "reading the running games", "err", err)
		return
	}
	for _, g := range b.owned(games) {
		if g.Answered > 0 {
			b.catchUpStep(ctx, g.ID)
		}
	}
}

// catchUpStep posts the message of the decision game id waits for in the
// middle of a turn, once (nextStep finds one an earlier run posted); it
// takes the game's lock.
func (b *Bot) catchUpStep(ctx context.Context, id int64) {
	unlock, err := b.lockGame(ctx, id)
	if err != nil {
		b.logWarn(ctx, "catching up with a game's step", "game", id, "err", err)
		return
	}
	defer unlock()
	g, st, err := b.store.Load(ctx, id)
	if err != nil {
		b.logError(ctx, "loading a game to catch up", "game", id, "err", err)
		return
	}
	if g.Status != storage.StatusRunning || g.Answered == 0 || g.Announced < g.Moves {
		return // nothing in the middle of a turn, or the announcement first
	}
	b.nextStep(ctx, g, st, "", true)
}

// announce tells the players of the moves of game id stored since the last
// announcement and moves the game on: the turn message becomes the summary
// of the moves played in it, tiles that fit nowhere are discarded, and the
// next turn's message is posted, or the end. The caller holds the game's
// lock. It returns the summary, for the player who moved.
func (b *Bot) announce(ctx context.Context, id int64, a announcement) string {
	g, st, err := b.store.Load(ctx, id)
	if err != nil {
		b.logError(ctx, "loading a game to announce", "game", id, "err", err)
		return ""
	}
	return b.announceState(ctx, g, st, nil, a)
}

// announceMoved is announce after a move the caller stored: res is what
// AppendMove or Resign returned (the game and its state after the move),
// and before the state before it, the caller's to give away (or nil), so
// that nothing is loaded again.
func (b *Bot) announceMoved(ctx context.Context, res storage.AppendResult, before *engine.Game, a announcement) string {
	if res.State == nil {
		return b.announce(ctx, res.Game.ID, a)
	}
	return b.announceState(ctx, res.Game, res.State, before, a)
}

// announceState is announce with game g and its state st at hand; before,
// when not nil, is a state of g at the last announcement that
// describeSince may play on (it is not used after).
func (b *Bot) announceState(ctx context.Context, g storage.Game, st, before *engine.Game, a announcement) string {
	if g.Status != storage.StatusRunning && g.Status != storage.StatusFinished {
		return ""
	}
	if g.Announced >= g.Moves {
		return ""
	}
	summary, note, err := b.describeSince(g, st, before, max(g.Announced, 0))
	if err != nil {
		b.logError(ctx, "describing stored moves", "game", g.ID, "err", err)
	}
	summary = a.prefix + summary
	if g.Announced >= 0 && g.TurnMessageID != "" && summary != "" {
		b.editTurnMessage(g, summary)
	}
	b.advance(ctx, g, st, a.note+note, a.search)
	return summary
}

// describeSince describes the moves of g stored from move number `from`:
// the summary of the turn they were played in (placements, resignations)
// and the note for the next turn (discards). st is the state after them;
// before, when not nil and after exactly `from` moves, is the state to
// describe them from, which describeSince plays on (else it replays the
// moves before `from` on a new game).
func (b *Bot) describeSince(g storage.Game, st, before *engine.Game, from int) (summary, note string, err error) {
	moves := st.Moves()
	cur := before
	if cur == nil || len(cur.Moves()) != from {
		cur, err = engine.New(engine.Config{Rules: st.Rules(), Players: st.Players(), Options: st.Options(), Seed: st.Seed(), Tiles: st.TileSet(), Start: st.Start()})
		if err != nil {
			return "", "", err
		}
		for _, m := range moves[:min(from, len(moves))] {
			cur.Play(m)
		}
	}
	var lines []string
	names := seatNames(g, cur)
	vo := turnview.In(gameLang(g))
	for k, m := range moves {
		if k < from {
			continue
		}
		drawn := vo.DrawWords(cur, m, names) // said of the game before m
		line, err := vo.Narrate(cur, m, names)
		if err != nil {
			return strings.Join(lines, "\n"), note, fmt.Errorf("move %d: %w", k, err)
		}
		switch {
		case drawn != "":
			note += drawn + "\n"
		case m.Resign:
			lines = append(lines, tr(gameLang(g), "lobby2.resigned", "Player", seatName(g, cur, m.Player)))
		default:
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n"), note, nil
}

// maxContent is the most characters Discord takes in a message's content.
const maxContent = 2000

// editTurnMessage turns the turn message into text, without its board,
// menus and buttons.
func (b *Bot) editTurnMessage(g storage.Game, text string) {
	text = turnview.Truncate(text, maxContent) // Discord's limit of a message's content
	empty := []discordgo.MessageComponent{}
	embeds := []*discordgo.MessageEmbed{}
	files := []*discordgo.MessageAttachment{}
	if _, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: g.TurnMessageID, Channel: g.ThreadID,
		Content: &text, Components: &empty, Embeds: &embeds, Attachments: &files,
		AllowedMentions: &discordgo.MessageAllowedMentions{}}); err != nil {
		b.log.Warn("editing the turn message", "game", g.ID, "err", err)
	}
}

// advance moves game g on after its moves were described (the caller
// holds the game's lock): it puts drawn tiles away as the rules do
// without a choice (turnview.PutAway: discarded, set aside), then
// posts the next turn's message, or the end when the game is over. A
// computer's turn is posted like a person's and then scheduled
// (scheduleComputer); a game where only computers are left is stopped. note
// opens the turn message; search looks for a message an earlier run
// posted before posting one.
func (b *Bot) advance(ctx context.Context, g storage.Game, st *engine.Game, note string, search bool) {
	for range 80 {
		if g.Status == storage.StatusFinished || st.Ended() {
			if b.postEnd(ctx, g, st, note, search) {
				b.announced(ctx, g, "")
			}
			return
		}
		if g.Status != storage.StatusRunning {
			return
		}
		if d := st.Pending(); d.Step != engine.StepTile {
			// In the middle of a turn: its next decision (after a
			// restart, or once the turn message's moves are told).
			// The moves before it are told now: a computer's decision
			// waits for that (playComputer), and so does the catch-up
			// of a step.
			if g.Announced < g.Moves {
				b.announced(ctx, g, "")
				g.Announced = g.Moves
			}
			b.nextStep(ctx, g, st, note, search)
			return
		}
		if m, away := turnview.PutAway(st); away {
			var said string
			var err error
			if g, st, said, err = b.putAway(ctx, g, st, m); err != nil {
				b.logError(ctx, "putting a tile away", "game", g.ID, "err", err)
				return
			}
			note += said
			continue
		}
		// (A game of the terminal, without a channel, is not the
		// bot's to play.)
		computer := g.ChannelID != "" && playerLevel(g, st.Current()) != ai.NoLevel
		if computer {
			if !humansLeft(g, st) {
				b.stopComputersOnly(ctx, g, note)
				return
			}
			// The computer's turn is due from now on: a bot started
			// again finds it with the turn deadlines (Store.Due),
			// and the turn timeout does not apply to it.
			if err := b.store.SetDeadline(ctx, g.ID, b.cfg.Now()); err != nil {
				b.logError(ctx, "marking a computer's turn due", "game", g.ID, "err", err)
			}
		}
		if id, ok := b.postTurn(ctx, g, st, note, search); ok {
			b.announced(ctx, g, id)
			if computer {
				b.scheduleComputer(g.ID, turnKey(g.Moves, 0))
			}
		}
		return
	}
}

// announced stores that game g's players were told of its moves, with the
// turn message posted (or "" for the end), and forgets earlier failures.
func (b *Bot) announced(ctx context.Context, g storage.Game, messageID string) {
	if err := b.store.SetAnnounced(ctx, g.ID, messageID, g.Moves); err != nil {
		b.logError(ctx, "storing the announcement", "game", g.ID, "err", err)
		return
	}
	b.mu.Lock()
	delete(b.retry, g.ID)
	b.mu.Unlock()
}

// failed remembers that an announcement of game id failed, so that the
// ticks try again later, each time waiting twice as long.
func (b *Bot) failed(id int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	r := b.retry[id]
	r.failures++
	wait := b.cfg.RetryBase << min(r.failures+2, 20)
	r.next = b.cfg.Now().Add(min(wait, maxRetryWait))
	b.retry[id] = r
}

// findPosted looks among the last messages of channel for one the bot
// posted that matches; it returns its id, or "".
func (b *Bot) findPosted(channel string, match func(*discordgo.Message) bool) string {
	msgs, err := b.s.ChannelMessages(channel, 50, "", "", "")
	if err != nil {
		b.log.Warn("reading the thread's last messages", "channel", channel, "err", err)
		return ""
	}
	for _, m := range msgs {
		if m != nil && (m.Author == nil || b.botUser == "" || m.Author.ID == b.botUser) && match(m) {
			return m.ID
		}
	}
	return ""
}

// hasComponent reports whether message m carries a component whose custom
// id starts with prefix.
func hasComponent(m *discordgo.Message, prefix string) bool {
	return hasComponentWhere(m, func(id string) bool { return strings.HasPrefix(id, prefix) })
}

// hasComponentID reports whether message m carries a component whose custom
// id is id.
func hasComponentID(m *discordgo.Message, id string) bool {
	return hasComponentWhere(m, func(s string) bool { return s == id })
}

// hasComponentWhere reports whether message m carries a select menu or a
// button whose custom id matches.
func hasComponentWhere(m *discordgo.Message, match func(customID string) bool) bool {
	var walk func(cs []discordgo.MessageComponent) bool
	walk = func(cs []discordgo.MessageComponent) bool {
		for _, c := range cs {
			switch c := c.(type) {
			case *discordgo.ActionsRow:
				if walk(c.Components) {
					return true
				}
			case *discordgo.SelectMenu:
				if match(c.CustomID) {
					return true
				}
			case *discordgo.Button:
				if match(c.CustomID) {
					return true
				}
			}
		}
		return false
	}
	return walk(m.Components)
}

// hasAttachment reports whether message m carries a file named name.
func hasAttachment(m *discordgo.Message, name string) bool {
	for _, a := range m.Attachments {
		if a != nil && a.Filename == name {
			return true
		}
	}
	return false
}

// send posts a message in game g's thread. It retries what may pass
// (Discord's 5xx answers, network errors) with a growing wait; when the bot
// lacks a permission in the thread, it moves the game to the channel, tells
// the host which permission is missing, and posts there; when it lacks one
// in the channel, it says so there in a plain message if it can. build
// makes the message afresh for each try (files are readers). g.ThreadID is
// updated when the game moves. The error is the last one, after all that.
func (b *Bot) send(ctx context.Context, g *storage.Game, build func() *discordgo.MessageSend) (*discordgo.Message, error) {
	m, err := b.sendRetrying(ctx, g.ThreadID, build)
	if err == nil {
		return m, nil
	}
	if !isPermissionError(err) {
		b.log.Error("posting in a game's thread", "game", g.ID, "err", err)
		if why := shortError(err); why != "" {
			b.sayFailure(g, tr(gameLang(*g), "lobby2.post.failed", "Game", g.ID, "Error", why))
		} else {
			b.sayFailure(g, tr(gameLang(*g), "lobby2.post.failed_silent", "Game", g.ID))
		}
		return nil, err
	}
	l := gameLang(*g)
	missing := b.missingPermissions(l, g.ThreadID, g.ThreadID != g.ChannelID)
	if g.ThreadID != g.ChannelID && g.ChannelID != "" {
		b.log.Warn("no permission in the game's thread; moving to the channel", "game", g.ID, "thread", g.ThreadID, "err", err)
		text := tr(l, "lobby2.post.thread", "Host", g.HostID, "Game", g.ID, "Missing", missing)
		if _, err := b.sendRetrying(ctx, g.ChannelID, func() *discordgo.MessageSend {
			return &discordgo.MessageSend{Content: text, AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{g.HostID}}}
		}); err != nil {
			b.log.Warn("telling the host about the thread", "game", g.ID, "err", err)
		}
		if err := b.store.SetThread(ctx, g.ID, g.ChannelID); err != nil {
			b.log.Error("moving the game to the channel", "game", g.ID, "err", err)
		}
		g.ThreadID = g.ChannelID
		m, err := b.sendRetrying(ctx, g.ThreadID, build)
		if err == nil {
			return m, nil
		}
		if !isPermissionError(err) {
			b.log.Error("posting in the channel", "game", g.ID, "err", err)
			return nil, err
		}
		missing = b.missingPermissions(l, g.ChannelID, false)
	}
	b.log.Error("no permission to post a game's message", "game", g.ID, "channel", g.ThreadID, "missing", missing, "err", err)
	b.sayFailure(g, tr(l, "lobby2.post.channel", "Host", g.HostID, "Game", g.ID, "Missing", missing))
	return nil, err
}

// sayFailure tells the players in plain text, if anything can be posted at
// all, that a message of game g could not be posted; once, until a message
// of the game passes again (the ticks try again meanwhile).
func (b *Bot) sayFailure(g *storage.Game, text string) {
	b.mu.Lock()
	_, said := b.retry[g.ID]
	b.mu.Unlock()
	if said {
		return
	}
	for _, ch := range uniq(g.ThreadID, g.ChannelID) {
		if _, err := b.s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: text,
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{g.HostID}}}); err == nil {
			return
		}
	}
}

func uniq(xs ...string) []string {
	var out []string
	for _, x := range xs {
		if x != "" && (len(out) == 0 || out[len(out)-1] != x) {
			out = append(out, x)
		}
	}
	return out
}

// sendRetrying posts a message in channel, trying again after what may
// pass: 3 more tries, the waits growing from Config.RetryBase.
func (b *Bot) sendRetrying(ctx context.Context, channel string, build func() *discordgo.MessageSend) (*discordgo.Message, error) {
	backoff := retry.WithMaxRetries(3, retry.NewExponential(b.cfg.RetryBase))
	return retry.DoValue(ctx, backoff, func(ctx context.Context) (*discordgo.Message, error) {
		m, err := b.s.ChannelMessageSendComplex(channel, build(), discordgo.WithContext(ctx))
		if err != nil && transient(err) {
			return nil, retry.RetryableError(err)
		}
		return m, err
	})
}

// transient reports whether err may pass if the request is made again: a
// network error or a 5xx answer (discordgo waits out rate limits itself).
func transient(err error) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		return re.Response != nil && re.Response.StatusCode >= 500
	}
	return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

// isPermissionError reports whether Discord refused for lack of a
// permission or of access to the channel.
func isPermissionError(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		return false
	}
	if re.Message != nil && (re.Message.Code == discordgo.ErrCodeMissingPermissions || re.Message.Code == discordgo.ErrCodeMissingAccess) {
		return true
	}
	return re.Response != nil && re.Response.StatusCode == http.StatusForbidden
}

// shortError is an error as players may read it: Discord's message, or
// the HTTP status; "" when Discord did not answer.
func shortError(err error) string {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		if re.Message != nil && re.Message.Message != "" {
			return re.Message.Message
		}
		if re.Response != nil {
			return re.Response.Status
		}
	}
	return ""
}

// permissionNames are the permissions a game's messages need, each with
// the last part of its message id (lobby2.permission.…: its name in
// Discord's settings).
var permissionNames = []struct {
	bit    int64
	name   string
	thread bool // in threads only; Send Messages otherwise
}{
	{discordgo.PermissionViewChannel, "view_channel", false},
	{discordgo.PermissionSendMessages, "send_messages", false},
	{discordgo.PermissionSendMessagesInThreads, "send_in_threads", true},
	{discordgo.PermissionAttachFiles, "attach_files", false},
	{discordgo.PermissionEmbedLinks, "embed_links", false},
	{discordgo.PermissionReadMessageHistory, "read_history", false},
}

// missingPermissions names the permissions the bot lacks in channel, as
// far as the gateway's state tells, or all those a game needs when it does
// not tell, in language l (as Discord's settings name them there).
func (b *Bot) missingPermissions(l i18n.Lang, channel string, thread bool) string {
	var all, missing []string
	perms, err := int64(0), errors.New("no state")
	if b.s.State != nil && b.botUser != "" {
		perms, err = b.s.State.UserChannelPermissions(b.botUser, channel)
	}
	for _, p := range permissionNames {
		if p.bit == discordgo.PermissionSendMessages && thread || p.thread && !thread {
			continue
		}
		name := "**" + tr(l, "lobby2.permission."+p.name) + "**"
		all = append(all, name)
		if err == nil && perms&p.bit == 0 {
			missing = append(missing, name)
		}
	}
	if len(missing) == 0 {
		missing = all
	}
	return turnview.In(l).JoinAnd(missing)
}

// pngFile is a PNG attachment made afresh from its bytes (a message may be
// sent more than once).
func pngFile(name string, data []byte) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(data)}
}
