package discordtest

import (
	"net/http"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

func (s *Server) routes() {
	s.mux.HandleFunc("/", s.unknownRoute)
	s.mux.HandleFunc("GET /attachments/{channel}/{attachment}/{filename}", s.cdn)
	r := s.route
	r("GET /gateway", false, s.getGateway)
	r("GET /gateway/bot", true, s.getGatewayBot)
	r("GET /users/@me", true, s.getMe)
	r("GET /users/{user}", true, s.getUser)
	r("GET /users/@me/guilds", true, s.getMyGuilds)
	r("GET /oauth2/applications/@me", true, s.getApplication)
	r("GET /applications/@me", true, s.getApplication)
	r("GET /guilds/{guild}", true, s.getGuild)
	r("GET /guilds/{guild}/channels", true, s.getGuildChannels)
	r("GET /guilds/{guild}/roles", true, s.getGuildRoles)
	r("GET /guilds/{guild}/members/{user}", true, s.getGuildMember)
	r("GET /guilds/{guild}/threads/active", true, s.getActiveThreads)
	r("GET /channels/{channel}", true, s.getChannel)
	r("PATCH /channels/{channel}", true, s.editChannel)
	r("DELETE /channels/{channel}", true, s.deleteChannel)
	r("POST /channels/{channel}/typing", true, s.typing)
	r("GET /channels/{channel}/messages", true, s.listMessages)
	r("POST /channels/{channel}/messages", true, s.createMessage)
	r("GET /channels/{channel}/messages/{message}", true, s.getMessage)
	r("PATCH /channels/{channel}/messages/{message}", true, s.editChannelMessage)
	r("DELETE /channels/{channel}/messages/{message}", true, s.deleteChannelMessage)
	r("POST /channels/{channel}/messages/{message}/threads", true, s.startMessageThread)
	r("POST /channels/{channel}/threads", true, s.startThread)
	r("GET /channels/{channel}/threads/archived/public", true, s.getArchivedThreads)
	r("PUT /channels/{channel}/thread-members/{user}", true, s.joinThread)
	r("DELETE /channels/{channel}/thread-members/{user}", true, s.leaveThread)
	for _, scope := range []string{"", "/guilds/{guild}"} {
		base := "/applications/{app}" + scope + "/commands"
		r("GET "+base, true, s.listCommands)
		r("PUT "+base, true, s.overwriteCommands)
		r("POST "+base, true, s.createCommand)
		r("GET "+base+"/{command}", true, s.getCommand)
		r("PATCH "+base+"/{command}", true, s.editCommand)
		r("DELETE "+base+"/{command}", true, s.deleteCommand)
	}
	r("GET /applications/{app}/guilds/{guild}/commands/permissions", true, s.listCommandPermissions)
	r("POST /interactions/{interaction}/{token}/callback", false, s.interactionCallback)
	r("POST /webhooks/{app}/{token}", false, s.executeWebhook)
	r("GET /webhooks/{app}/{token}/messages/{message}", false, s.getWebhookMessage)
	r("PATCH /webhooks/{app}/{token}/messages/{message}", false, s.editWebhookMessage)
	r("DELETE /webhooks/{app}/{token}/messages/{message}", false, s.deleteWebhookMessage)
}

// cdn serves attachment bytes at the url given in attachment objects.
func (s *Server) cdn(w http.ResponseWriter, r *http.Request) {
	c := r.Context().Value(callKey{}).(*call)
	s.mu.Lock()
	c.rec.Route = "GET /attachments/{channel}/{attachment}/{filename}"
	var data []byte
	var ctype string
	for _, m := range s.messages {
		for _, a := range m.attachments {
			if a.id == r.PathValue("attachment") && m.channelID == r.PathValue("channel") {
				data, ctype = a.data, a.contentType
			}
		}
	}
	c.rec.Status = http.StatusOK
	if data == nil {
		c.rec.Status = http.StatusNotFound
	}
	s.notify()
	s.mu.Unlock()
	if data == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Write(data)
}

// GET /gateway
func (s *Server) getGateway(c *call) (int, any) {
	return 200, map[string]any{"url": s.GatewayURL()}
}

// GET /gateway/bot
func (s *Server) getGatewayBot(c *call) (int, any) {
	return 200, map[string]any{
		"url":    s.GatewayURL(),
		"shards": 1,
		"session_start_limit": map[string]any{
			"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1,
		},
	}
}

// GET /users/@me
func (s *Server) getMe(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.userJSON(s.Bot)
	u["verified"], u["mfa_enabled"], u["locale"], u["email"] = true, false, "en-US", nil
	return 200, u
}

// GET /users/{user}
func (s *Server) getUser(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[c.path("user")]
	if !ok {
		return 0, errUnknownUser
	}
	return 200, s.userJSON(u)
}

// GET /users/@me/guilds
func (s *Server) getMyGuilds(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []any{}
	for _, g := range s.guilds {
		out = append(out, map[string]any{
			"id": g.id, "name": g.name, "icon": nil, "banner": nil, "owner": false,
			"permissions": BotPermissions, "features": []any{},
		})
	}
	return 200, out
}

// GET /oauth2/applications/@me and GET /applications/@me
func (s *Server) getApplication(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return 200, map[string]any{
		"id": s.AppID, "name": s.Bot.Username, "icon": nil, "description": "", "summary": "",
		"type": nil, "bot_public": true, "bot_require_code_grant": false,
		"verify_key": randomHex(32), "flags": 0, "team": nil, "tags": []any{},
		"owner": s.userJSON(s.users[s.ownerID]), "bot": s.userJSON(s.Bot),
		"terms_of_service_url": nil, "privacy_policy_url": nil,
	}
}

// guildOr404 finds the route's guild among the bot's guilds.
func (s *Server) guildOr404(c *call) (*guild, *apiError) {
	g := s.guild(c.path("guild"))
	if g == nil {
		return nil, errUnknownGuild
	}
	return g, nil
}

// GET /guilds/{guild}
func (s *Server) getGuild(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	gd, e := s.guildOr404(c)
	if e != nil {
		return 0, e
	}
	g := s.guildJSON(gd)
	if c.r.URL.Query().Get("with_counts") == "true" {
		g["approximate_member_count"] = len(s.joined)
		g["approximate_presence_count"] = 1
	}
	return 200, g
}

// GET /guilds/{guild}/channels
func (s *Server) getGuildChannels(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, e := s.guildOr404(c)
	if e != nil {
		return 0, e
	}
	out := []any{}
	for _, id := range s.chanOrder {
		if ch := s.channels[id]; !ch.isThread() && !ch.deleted && ch.guildID == g.id {
			out = append(out, s.channelJSON(ch))
		}
	}
	return 200, out
}

// GET /guilds/{guild}/roles
func (s *Server) getGuildRoles(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, e := s.guildOr404(c)
	if e != nil {
		return 0, e
	}
	return 200, s.rolesJSON(g)
}

// GET /guilds/{guild}/members/{user}
func (s *Server) getGuildMember(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, e := s.guildOr404(c)
	if e != nil {
		return 0, e
	}
	id := c.path("user")
	if _, ok := s.joined[id]; !ok {
		return 0, errUnknownMember
	}
	return 200, s.memberJSON(g, id)
}

func (s *Server) threadList(keep func(*channel) bool) map[string]any {
	threads, members := []any{}, []any{}
	for _, id := range s.chanOrder {
		c := s.channels[id]
		if !c.isThread() || c.deleted || !keep(c) {
			continue
		}
		threads = append(threads, s.channelJSON(c))
		if j, ok := c.members[s.Bot.ID]; ok {
			members = append(members, map[string]any{"id": c.id, "user_id": s.Bot.ID, "join_timestamp": ts(j), "flags": 0})
		}
	}
	return map[string]any{"threads": threads, "members": members, "has_more": false}
}

// GET /guilds/{guild}/threads/active
func (s *Server) getActiveThreads(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, e := s.guildOr404(c)
	if e != nil {
		return 0, e
	}
	l := s.threadList(func(c *channel) bool { return !c.archived && c.guildID == g.id })
	delete(l, "has_more")
	return 200, l
}

// GET /channels/{channel}/threads/archived/public
func (s *Server) getArchivedThreads(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	parent, e := s.channelOr404(c)
	if e != nil {
		return 0, e
	}
	return 200, s.threadList(func(t *channel) bool {
		return t.parentID == parent.id && t.archived && t.typ != chanPrivateThread
	})
}

func (s *Server) channelOr404(c *call) (*channel, *apiError) {
	ch := s.channels[c.path("channel")]
	if ch == nil || ch.deleted {
		return nil, errUnknownChannel
	}
	if s.deniedIn(ch)&discordgo.PermissionViewChannel != 0 {
		return nil, errMissingAccess
	}
	return ch, nil
}

// GET /channels/{channel}
func (s *Server) getChannel(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, e := s.channelOr404(c)
	if e != nil {
		return 0, e
	}
	return 200, s.channelJSON(ch)
}

func (s *Server) channelChanged(ch *channel) {
	if ch.isThread() {
		s.dispatch("THREAD_UPDATE", intentGuilds, ch.guildID, s.channelJSON(ch))
	} else {
		s.dispatch("CHANNEL_UPDATE", intentGuilds, ch.guildID, s.channelJSON(ch))
	}
	s.notify()
}

var archiveDurations = []int{60, 1440, 4320, 10080}

// PATCH /channels/{channel}
func (s *Server) editChannel(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, e := s.channelOr404(c)
	if e != nil {
		return 0, e
	}
	manage := int64(discordgo.PermissionManageChannels)
	if ch.isThread() {
		manage = discordgo.PermissionManageThreads
	}
	if e := s.need(ch, manage); e != nil {
		return 0, e
	}
	f, e := parseFields(c.json)
	if e != nil {
		return 0, e
	}
	if ch.isThread() && ch.archived {
		// An archived thread only takes unarchiving (with any other
		// change) or archived/locked alone.
		var b bool
		if !f.decode("archived", &b) || b {
			for k := range f {
				if k != "archived" && k != "locked" {
					return 0, errArchived
				}
			}
		}
	}
	next := *ch
	if f.set("name") {
		if n := utf8.RuneCountInString(f.str("name")); n < 1 || n > 100 {
			return 0, badLen("name", 1, 100)
		}
		next.name = f.str("name")
	}
	if f.present("topic") && !ch.isThread() {
		if utf8.RuneCountInString(f.str("topic")) > 1024 {
			return 0, maxLen("topic", 1024)
		}
		next.topic = f.str("topic")
	}
	if f.set("rate_limit_per_user") {
		next.rateLimit = int(f.int("rate_limit_per_user"))
	}
	if ch.isThread() {
		var b bool
		if f.decode("archived", &b) {
			if b != next.archived {
				next.archiveTS = time.Now().UTC()
			}
			next.archived = b
		}
		if f.decode("locked", &b) {
			next.locked = b
		}
		if f.decode("invitable", &b) && ch.typ == chanPrivateThread {
			next.invitable = b
		}
		if f.set("auto_archive_duration") {
			d := int(f.int("auto_archive_duration"))
			if !slices.Contains(archiveDurations, d) {
				return 0, formError("auto_archive_duration", "BASE_TYPE_CHOICES", "Value must be one of {60, 1440, 4320, 10080}.")
			}
			next.autoArchive = d
		}
	}
	*ch = next
	s.channelChanged(ch)
	return 200, s.channelJSON(ch)
}

// DELETE /channels/{channel}
func (s *Server) deleteChannel(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, e := s.channelOr404(c)
	if e != nil {
		return 0, e
	}
	j := s.channelJSON(ch)
	ch.deleted = true
	if ch.isThread() {
		s.dispatch("THREAD_DELETE", intentGuilds, ch.guildID, map[string]any{"id": ch.id, "guild_id": ch.guildID, "parent_id": ch.parentID, "type": ch.typ})
	} else {
		s.dispatch("CHANNEL_DELETE", intentGuilds, ch.guildID, j)
	}
	s.notify()
	return 200, j
}

// POST /channels/{channel}/typing
func (s *Server) typing(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, e := s.channelOr404(c); e != nil {
		return 0, e
	}
	return 204, nil
}

// messageOr404 finds a non-ephemeral message of the route's channel.
func (s *Server) messageOr404(c *call) (*channel, *message, *apiError) {
	ch, e := s.channelOr404(c)
	if e != nil {
		return nil, nil, e
	}
	m := s.messages[c.path("message")]
	if m == nil || m.deleted || m.ephemeral() || m.channelID != ch.id {
		return nil, nil, errUnknownMessage
	}
	return ch, m, nil
}

// GET /channels/{channel}/messages
func (s *Server) listMessages(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, e := s.channelOr404(c)
	if e != nil {
		return 0, e
	}
	q := c.r.URL.Query()
	limit := 50
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return 0, formError("limit", "NUMBER_TYPE_MAX", "Int value should be between 1 and 100.")
		}
		limit = n
	}
	id := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
	var picked []string
	switch {
	case q.Get("around") != "":
		around := id(q.Get("around"))
		k, _ := slices.BinarySearchFunc(ch.msgs, around, func(m string, t int64) int { return int(max(-1, min(1, id(m)-t))) })
		lo := max(0, k-limit/2)
		hi := min(len(ch.msgs), lo+limit)
		picked = ch.msgs[lo:hi]
	case q.Get("after") != "":
		after := id(q.Get("after"))
		for _, m := range ch.msgs {
			if id(m) > after && len(picked) < limit {
				picked = append(picked, m)
			}
		}
	default:
		before := int64(1<<63 - 1)
		if q.Get("before") != "" {
			before = id(q.Get("before"))
		}
		for k := len(ch.msgs) - 1; k >= 0 && len(picked) < limit; k-- {
			if id(ch.msgs[k]) < before {
				picked = append([]string{ch.msgs[k]}, picked...)
			}
		}
	}
	out := []any{}
	for k := len(picked) - 1; k >= 0; k-- {
		out = append(out, s.messageJSON(s.messages[picked[k]], true))
	}
	return 200, out
}

// writable checks that a message may be sent to a channel, unarchiving an
// archived, unlocked thread as Discord does.
func (s *Server) writable(ch *channel) *apiError {
	if !ch.isThread() || !ch.archived {
		return nil
	}
	if ch.locked {
		return errArchived
	}
	ch.archived = false
	ch.archiveTS = time.Now().UTC()
	s.channelChanged(ch)
	return nil
}

// POST /channels/{channel}/messages
func (s *Server) createMessage(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, e := s.channelOr404(c)
	if e != nil {
		return 0, e
	}
	if e := s.need(ch, sendPermission(ch)); e != nil {
		return 0, e
	}
	if len(c.files) > 0 {
		if e := s.need(ch, discordgo.PermissionAttachFiles); e != nil {
			return 0, e
		}
	}
	f, e := parseFields(c.json)
	if e != nil {
		return 0, e
	}
	m, e := s.buildMessage(ch, f, c.files, "", false)
	if e != nil {
		return 0, e
	}
	if f.set("message_reference") {
		ref, _ := parseFields(f["message_reference"])
		refID := ref.str("message_id")
		target := s.messages[refID]
		if target == nil || target.deleted || target.ephemeral() {
			var fail = true
			ref.decode("fail_if_not_exists", &fail)
			if fail {
				return 0, formError("message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
			}
		} else {
			m.refID = refID
			m.typ = msgReply
		}
	}
	if e := s.writable(ch); e != nil {
		return 0, e
	}
	s.storeMessage(m)
	return 200, s.messageJSON(m, true)
}

// GET /channels/{channel}/messages/{message}
func (s *Server) getMessage(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, m, e := s.messageOr404(c)
	if e != nil {
		return 0, e
	}
	return 200, s.messageJSON(m, true)
}

// PATCH /channels/{channel}/messages/{message}
func (s *Server) editChannelMessage(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, old, e := s.messageOr404(c)
	if e != nil {
		return 0, e
	}
	if old.author.ID != s.Bot.ID {
		return 0, errNotAuthor
	}
	if ch.isThread() && ch.archived {
		return 0, errArchived
	}
	if len(c.files) > 0 {
		if e := s.need(ch, discordgo.PermissionAttachFiles); e != nil {
			return 0, e
		}
	}
	f, e := parseFields(c.json)
	if e != nil {
		return 0, e
	}
	m, e := s.editMessage(old, f, c.files, "")
	if e != nil {
		return 0, e
	}
	s.replaceMessage(m)
	return 200, s.messageJSON(m, true)
}

// DELETE /channels/{channel}/messages/{message}
func (s *Server) deleteChannelMessage(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, m, e := s.messageOr404(c)
	if e != nil {
		return 0, e
	}
	s.deleteMessage(m)
	return 204, nil
}

// threadParams reads and checks a thread creation body.
func threadParams(f fields) (name string, archive int, e *apiError) {
	name = f.str("name")
	if n := utf8.RuneCountInString(name); n < 1 || n > 100 {
		return "", 0, badLen("name", 1, 100)
	}
	archive = 1440
	if f.set("auto_archive_duration") {
		archive = int(f.int("auto_archive_duration"))
		if !slices.Contains(archiveDurations, archive) {
			return "", 0, formError("auto_archive_duration", "BASE_TYPE_CHOICES", "Value must be one of {60, 1440, 4320, 10080}.")
		}
	}
	return name, archive, nil
}

func (s *Server) newThread(id string, typ int, parent *channel, name string, archive int, f fields) *channel {
	now := time.Now().UTC()
	t := &channel{
		id: id, guildID: parent.guildID, typ: typ, name: name, parentID: parent.id, ownerID: s.Bot.ID, createdAt: now,
		autoArchive: archive, archiveTS: now, rateLimit: int(f.int("rate_limit_per_user")),
		members: map[string]time.Time{s.Bot.ID: now},
	}
	f.decode("invitable", &t.invitable)
	s.addChannel(t)
	j := s.channelJSON(t)
	j["newly_created"] = true
	s.dispatch("THREAD_CREATE", intentGuilds, t.guildID, j)
	return t
}

var errWrongChannelType = errf(400, 50024, "Cannot execute action on this channel type")

// POST /channels/{channel}/messages/{message}/threads
func (s *Server) startMessageThread(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, m, e := s.messageOr404(c)
	if e != nil {
		return 0, e
	}
	if ch.typ != chanText && ch.typ != chanAnnouncement {
		return 0, errWrongChannelType
	}
	if e := s.need(ch, discordgo.PermissionCreatePublicThreads); e != nil {
		return 0, e
	}
	if m.threadID != "" {
		return 0, errThreadExists
	}
	f, e := parseFields(c.json)
	if e != nil {
		return 0, e
	}
	name, archive, e := threadParams(f)
	if e != nil {
		return 0, e
	}
	typ := chanPublicThread
	if ch.typ == chanAnnouncement {
		typ = chanAnnouncementThread
	}
	// A thread started from a message has the message's id.
	t := s.newThread(m.id, typ, ch, name, archive, f)
	m = m.clone()
	m.threadID = t.id
	s.replaceMessage(m)
	return 201, s.channelJSON(t)
}

// POST /channels/{channel}/threads
func (s *Server) startThread(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, e := s.channelOr404(c)
	if e != nil {
		return 0, e
	}
	f, e := parseFields(c.json)
	if e != nil {
		return 0, e
	}
	name, archive, e := threadParams(f)
	if e != nil {
		return 0, e
	}
	typ := chanPrivateThread // API v9's default
	if f.set("type") {
		typ = int(f.int("type"))
	}
	switch {
	case ch.typ == chanText && (typ == chanPublicThread || typ == chanPrivateThread):
	case ch.typ == chanAnnouncement && typ == chanAnnouncementThread:
	case ch.typ != chanText && ch.typ != chanAnnouncement:
		return 0, errWrongChannelType
	default:
		return 0, formError("type", "BASE_TYPE_CHOICES", "Invalid thread type for this channel")
	}
	perm := int64(discordgo.PermissionCreatePublicThreads)
	if typ == chanPrivateThread {
		perm = discordgo.PermissionCreatePrivateThreads
	}
	if e := s.need(ch, perm); e != nil {
		return 0, e
	}
	t := s.newThread(s.newID(), typ, ch, name, archive, f)
	return 201, s.channelJSON(t)
}

// PUT /channels/{channel}/thread-members/{user}
func (s *Server) joinThread(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, e := s.threadMemberRoute(c)
	if e != nil {
		return 0, e
	}
	if t.archived {
		return 0, errArchived
	}
	id := c.path("user")
	if id == "@me" {
		id = s.Bot.ID
	}
	if _, ok := s.joined[id]; !ok {
		return 0, errUnknownMember
	}
	t.members[id] = time.Now().UTC()
	s.notify()
	return 204, nil
}

// DELETE /channels/{channel}/thread-members/{user}
func (s *Server) leaveThread(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, e := s.threadMemberRoute(c)
	if e != nil {
		return 0, e
	}
	id := c.path("user")
	if id == "@me" {
		id = s.Bot.ID
	}
	delete(t.members, id)
	s.notify()
	return 204, nil
}

func (s *Server) threadMemberRoute(c *call) (*channel, *apiError) {
	t, e := s.channelOr404(c)
	if e != nil {
		return nil, e
	}
	if !t.isThread() {
		return nil, errWrongChannelType
	}
	return t, nil
}
