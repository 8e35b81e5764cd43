package discordtest

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	_ "image/gif" // attachment dimensions
	_ "image/jpeg"
	_ "image/png"
	"mime"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Channel types.
const (
	chanText               = 0
	chanAnnouncement       = 5
	chanAnnouncementThread = 10
	chanPublicThread       = 11
	chanPrivateThread      = 12
)

// Message flags.
const (
	flagSuppressEmbeds        = 1 << 2
	flagEphemeral             = 1 << 6
	flagLoading               = 1 << 7
	flagSuppressNotifications = 1 << 12
	flagComponentsV2          = 1 << 15
)

// Message types.
const (
	msgDefault   = 0
	msgReply     = 19
	msgChatInput = 20
)

type channel struct {
	id, name, topic   string
	guildID           string
	typ               int
	position          int
	parentID, ownerID string
	createdAt         time.Time
	lastMessageID     string
	messageCount      int
	totalSent         int
	archived, locked  bool
	invitable         bool
	autoArchive       int
	archiveTS         time.Time
	rateLimit         int
	members           map[string]time.Time // thread members
	msgs              []string             // ids of the channel's non-ephemeral messages, oldest first
	deleted           bool
}

func (c *channel) isThread() bool {
	return c.typ == chanAnnouncementThread || c.typ == chanPublicThread || c.typ == chanPrivateThread
}

type attachment struct {
	id, filename, contentType, description string
	data                                   []byte
	width, height                          int
}

type message struct {
	id, channelID string
	author        User
	typ           int
	content       string
	embeds        []map[string]any
	components    json.RawMessage // JSON array as sent; nil for none
	attachments   []*attachment
	flags         int
	tts           bool
	poll          json.RawMessage
	created       time.Time
	edited        *time.Time
	inter         *interaction // the interaction this message answers, if any
	refID         string       // replied-to message
	threadID      string       // thread started from this message
	deleted       bool
}

func (m *message) ephemeral() bool { return m.flags&flagEphemeral != 0 }

func (m *message) clone() *message {
	c := *m
	c.embeds = slices.Clone(m.embeds)
	c.attachments = slices.Clone(m.attachments)
	return &c
}

func (m *message) componentCount() int {
	var comps []json.RawMessage
	json.Unmarshal(m.components, &comps)
	return len(comps)
}

func (s *Server) addChannel(c *channel) {
	s.channels[c.id] = c
	s.chanOrder = append(s.chanOrder, c.id)
}

func (s *Server) userJSON(u User) map[string]any {
	j := map[string]any{
		"id":                     u.ID,
		"username":               u.Username,
		"discriminator":          "0",
		"global_name":            nullable(u.GlobalName),
		"avatar":                 nil,
		"avatar_decoration_data": nil,
		"banner":                 nil,
		"accent_color":           nil,
		"public_flags":           0,
		"flags":                  0,
		"collectibles":           nil,
		"primary_guild":          nil,
	}
	if u.ID == s.Bot.ID {
		j["bot"] = true
		j["discriminator"] = "0001"
	}
	return j
}

// guild returns the guild with that id, nil if the bot is in none such.
// Callers hold s.mu.
func (s *Server) guild(id string) *guild {
	for _, g := range s.guilds {
		if g.id == id {
			return g
		}
	}
	return nil
}

func (s *Server) memberJSON(g *guild, userID string) map[string]any {
	roles := []any{}
	if userID == s.Bot.ID && g != nil {
		roles = append(roles, g.botRoleID)
	}
	return map[string]any{
		"user":                         s.userJSON(s.users[userID]),
		"nick":                         nil,
		"avatar":                       nil,
		"banner":                       nil,
		"roles":                        roles,
		"joined_at":                    ts(s.joined[userID]),
		"premium_since":                nil,
		"deaf":                         false,
		"mute":                         false,
		"flags":                        0,
		"pending":                      false,
		"communication_disabled_until": nil,
		"unusual_dm_activity_until":    nil,
	}
}

func (s *Server) rolesJSON(g *guild) []any {
	role := func(id, name, perms string, pos int, managed bool) map[string]any {
		r := map[string]any{
			"id": id, "name": name, "color": 0, "hoist": false, "icon": nil, "unicode_emoji": nil,
			"position": pos, "permissions": perms, "managed": managed, "mentionable": false, "flags": 0,
			"colors": map[string]any{"primary_color": 0, "secondary_color": nil, "tertiary_color": nil},
		}
		if managed {
			r["tags"] = map[string]any{"bot_id": s.Bot.ID}
		}
		return r
	}
	return []any{
		role(g.id, "@everyone", DefaultPermissions, 0, false),
		role(g.botRoleID, s.Bot.Username, BotPermissions, 1, true),
	}
}

func (s *Server) guildJSON(g *guild) map[string]any {
	return map[string]any{
		"id": g.id, "name": g.name, "icon": nil, "icon_hash": nil, "splash": nil,
		"discovery_splash": nil, "owner_id": s.ownerID, "afk_channel_id": nil, "afk_timeout": 300,
		"widget_enabled": false, "widget_channel_id": nil, "verification_level": 0,
		"default_message_notifications": 1, "explicit_content_filter": 0, "roles": s.rolesJSON(g),
		"emojis": []any{}, "stickers": []any{}, "features": []any{}, "mfa_level": 0, "application_id": nil,
		"system_channel_id": g.channelID, "system_channel_flags": 0, "rules_channel_id": nil,
		"max_members": 500000, "max_video_channel_users": 25, "vanity_url_code": nil, "description": nil,
		"banner": nil, "premium_tier": 0, "premium_subscription_count": 0, "preferred_locale": "en-US",
		"public_updates_channel_id": nil, "nsfw_level": 0, "nsfw": false, "premium_progress_bar_enabled": false,
		"safety_alerts_channel_id": nil, "region": "deprecated",
	}
}

func (s *Server) channelJSON(c *channel) map[string]any {
	j := map[string]any{
		"id":                  c.id,
		"type":                c.typ,
		"guild_id":            c.guildID,
		"name":                c.name,
		"last_message_id":     nullable(c.lastMessageID),
		"rate_limit_per_user": c.rateLimit,
		"flags":               0,
	}
	if !c.isThread() {
		j["position"] = c.position
		j["permission_overwrites"] = s.overwritesJSON(c)
		j["parent_id"] = nil
		j["topic"] = nullable(c.topic)
		j["nsfw"] = false
		j["default_auto_archive_duration"] = 1440
		return j
	}
	j["parent_id"] = c.parentID
	j["owner_id"] = c.ownerID
	j["message_count"] = c.messageCount
	j["total_message_sent"] = c.totalSent
	j["member_count"] = min(len(c.members), 50)
	md := map[string]any{
		"archived":              c.archived,
		"auto_archive_duration": c.autoArchive,
		"archive_timestamp":     ts(c.archiveTS),
		"locked":                c.locked,
		"create_timestamp":      ts(c.createdAt),
	}
	if c.typ == chanPrivateThread {
		md["invitable"] = c.invitable
	}
	j["thread_metadata"] = md
	if joined, ok := c.members[s.Bot.ID]; ok {
		j["member"] = map[string]any{"id": c.id, "user_id": s.Bot.ID, "join_timestamp": ts(joined), "flags": 0}
	}
	return j
}

func (s *Server) attachmentURL(m *message, a *attachment) string {
	return s.hs.URL + "/attachments/" + m.channelID + "/" + a.id + "/" + url.PathEscape(a.filename)
}

func (s *Server) messageJSON(m *message, withRef bool) map[string]any {
	atts := []any{}
	for _, a := range m.attachments {
		aj := map[string]any{
			"id":           a.id,
			"filename":     a.filename,
			"size":         len(a.data),
			"url":          s.attachmentURL(m, a),
			"proxy_url":    s.attachmentURL(m, a),
			"content_type": a.contentType,
		}
		if a.width > 0 {
			aj["width"], aj["height"] = a.width, a.height
		}
		if a.description != "" {
			aj["description"] = a.description
		}
		if m.ephemeral() {
			aj["ephemeral"] = true
		}
		atts = append(atts, aj)
	}
	embeds := []any{}
	for _, e := range m.embeds {
		embeds = append(embeds, e)
	}
	comps := json.RawMessage("[]")
	if m.components != nil {
		comps = m.components
	}
	j := map[string]any{
		"id":               m.id,
		"channel_id":       m.channelID,
		"type":             m.typ,
		"content":          m.content,
		"author":           s.userJSON(m.author),
		"attachments":      atts,
		"embeds":           embeds,
		"components":       comps,
		"mentions":         []any{},
		"mention_roles":    []any{},
		"mention_everyone": false,
		"pinned":           false,
		"tts":              m.tts,
		"timestamp":        ts(m.created),
		"edited_timestamp": nil,
		"flags":            m.flags,
	}
	if m.edited != nil {
		j["edited_timestamp"] = ts(*m.edited)
	}
	if i := m.inter; i != nil {
		j["webhook_id"] = s.AppID
		j["application_id"] = s.AppID
		meta := map[string]any{
			"id":                             i.id,
			"type":                           i.typ,
			"user":                           s.userJSON(i.user),
			"authorizing_integration_owners": map[string]any{"0": i.guildID},
		}
		if i.messageID != "" {
			meta["interacted_message_id"] = i.messageID
		}
		j["interaction_metadata"] = meta
		if i.typ == interactionCommand {
			j["interaction"] = map[string]any{"id": i.id, "type": i.typ, "name": i.name, "user": s.userJSON(i.user)}
		}
	}
	if m.refID != "" {
		ref := s.messages[m.refID]
		j["message_reference"] = map[string]any{"type": 0, "message_id": m.refID, "channel_id": ref.channelID, "guild_id": s.channels[ref.channelID].guildID}
		if withRef {
			j["referenced_message"] = nil
			if !ref.deleted {
				j["referenced_message"] = s.messageJSON(ref, false)
			}
		}
	}
	if t := s.channels[m.threadID]; t != nil && !t.deleted {
		j["thread"] = s.channelJSON(t)
	}
	if m.poll != nil {
		j["poll"] = m.poll
	}
	return j
}

// messageEvent is a message as MESSAGE_CREATE and MESSAGE_UPDATE carry it.
func (s *Server) messageEvent(m *message) map[string]any {
	j := s.messageJSON(m, true)
	j["guild_id"] = s.channels[m.channelID].guildID
	if m.inter == nil {
		mem := s.memberJSON(s.guild(s.channels[m.channelID].guildID), m.author.ID)
		delete(mem, "user")
		j["member"] = mem
	}
	return j
}

// storeMessage adds a built message to its channel.
func (s *Server) storeMessage(m *message) {
	s.messages[m.id] = m
	if !m.ephemeral() {
		c := s.channels[m.channelID]
		c.msgs = append(c.msgs, m.id)
		c.lastMessageID = m.id
		if c.isThread() {
			c.messageCount++
			c.totalSent++
		}
		s.dispatch("MESSAGE_CREATE", intentGuildMessages, c.guildID, s.messageEvent(m))
	}
	s.notify()
}

// replaceMessage stores the new state of an existing message.
func (s *Server) replaceMessage(m *message) {
	s.messages[m.id] = m
	if !m.ephemeral() {
		s.dispatch("MESSAGE_UPDATE", intentGuildMessages, s.channelGuild(m.channelID), s.messageEvent(m))
	}
	s.notify()
}

func (s *Server) deleteMessage(m *message) {
	m = m.clone()
	m.deleted = true
	s.messages[m.id] = m
	if c := s.channels[m.channelID]; c != nil && !m.ephemeral() {
		c.msgs = slices.DeleteFunc(c.msgs, func(id string) bool { return id == m.id })
		if c.isThread() {
			c.messageCount--
		}
		s.dispatch("MESSAGE_DELETE", intentGuildMessages, c.guildID, map[string]any{"id": m.id, "channel_id": m.channelID, "guild_id": c.guildID})
	}
	s.notify()
}

// newAttachments turns uploaded files into attachments. meta holds the
// attachment entries of the payload that describe new files, by file index.
func (s *Server) newAttachments(files []File, meta map[string]fields) []*attachment {
	var out []*attachment
	for n, f := range files {
		idx := strings.TrimSuffix(strings.TrimPrefix(f.Field, "files["), "]")
		if idx == f.Field {
			idx = ""
		}
		if idx == "" {
			idx = strconv.Itoa(n)
		}
		a := &attachment{id: s.newID(), filename: f.Filename, data: f.Data}
		if md, ok := meta[idx]; ok {
			if name := md.str("filename"); name != "" {
				a.filename = name
			}
			a.description = md.str("description")
		}
		a.contentType = detectContentType(a.filename, f.ContentType, f.Data)
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
			a.width, a.height = cfg.Width, cfg.Height
		}
		out = append(out, a)
	}
	return out
}

func detectContentType(filename, declared string, data []byte) string {
	if mt, _, err := mime.ParseMediaType(declared); err == nil && mt != "application/octet-stream" {
		return mt
	}
	if t := mime.TypeByExtension(path.Ext(filename)); t != "" {
		mt, _, _ := mime.ParseMediaType(t)
		return mt
	}
	mt, _, _ := mime.ParseMediaType(http.DetectContentType(data))
	return mt
}

// Message is a message as the server currently stores it.
type Message struct {
	*discordgo.Message                 // Raw decoded by discordgo, as the bot would see it
	Raw                json.RawMessage // the message object exactly as the REST API returns it
	Files              []File          // the bytes of every attachment, in the order of Attachments
}

type msgSnap struct {
	raw   []byte
	files []File
}

// snap captures a message; callers hold s.mu.
func (s *Server) snap(m *message) msgSnap {
	raw, _ := json.Marshal(s.messageJSON(m, true))
	var files []File
	for _, a := range m.attachments {
		files = append(files, File{AttachmentID: a.id, Filename: a.filename, ContentType: a.contentType, Data: a.data})
	}
	return msgSnap{raw: raw, files: files}
}

func (ms msgSnap) decode() Message {
	dm := new(discordgo.Message)
	json.Unmarshal(ms.raw, dm)
	return Message{Message: dm, Raw: ms.raw, Files: ms.files}
}

// Messages returns the current messages of a channel or thread, oldest
// first. Like Discord's channel history it leaves out deleted and ephemeral
// messages; ephemeral ones are reachable through Response and Message.
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	var snaps []msgSnap
	if c := s.channels[channelID]; c != nil {
		for _, id := range c.msgs {
			snaps = append(snaps, s.snap(s.messages[id]))
		}
	}
	s.mu.Unlock()
	out := make([]Message, len(snaps))
	for i, sn := range snaps {
		out[i] = sn.decode()
	}
	return out
}

// Message returns any message by id, ephemeral ones included; false if no
// such message exists or it was deleted.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	m := s.messages[id]
	if m == nil || m.deleted {
		s.mu.Unlock()
		return Message{}, false
	}
	sn := s.snap(m)
	s.mu.Unlock()
	return sn.decode(), true
}

// WaitMessage waits until a message of the channel (as Messages lists them)
// satisfies pred, and returns the oldest such message.
func (s *Server) WaitMessage(ctx context.Context, channelID string, pred func(Message) bool) (Message, error) {
	var found Message
	err := s.Wait(ctx, func() bool {
		for _, m := range s.Messages(channelID) {
			if pred(m) {
				found = m
				return true
			}
		}
		return false
	})
	return found, err
}

// Channel returns the current state of a channel or thread, nil if unknown
// or deleted.
func (s *Server) Channel(id string) *discordgo.Channel {
	s.mu.Lock()
	c := s.channels[id]
	if c == nil || c.deleted {
		s.mu.Unlock()
		return nil
	}
	raw, _ := json.Marshal(s.channelJSON(c))
	s.mu.Unlock()
	out := new(discordgo.Channel)
	json.Unmarshal(raw, out)
	return out
}

// Threads returns the threads, archived ones included, whose parent is
// parentID, oldest first.
func (s *Server) Threads(parentID string) []*discordgo.Channel {
	s.mu.Lock()
	var ids []string
	for _, id := range s.chanOrder {
		if c := s.channels[id]; c.isThread() && !c.deleted && c.parentID == parentID {
			ids = append(ids, id)
		}
	}
	s.mu.Unlock()
	var out []*discordgo.Channel
	for _, id := range ids {
		if c := s.Channel(id); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// channelGuild is the guild of channel id, "" for a direct message channel
// or an unknown one. Callers hold s.mu.
func (s *Server) channelGuild(id string) string {
	if c := s.channels[id]; c != nil {
		return c.guildID
	}
	return ""
}
