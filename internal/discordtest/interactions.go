package discordtest

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Interaction types.
const (
	interactionPing         = 1
	interactionCommand      = 2
	interactionComponent    = 3
	interactionAutocomplete = 4
	interactionModalSubmit  = 5
)

// Interaction callback types.
const (
	callbackPong           = 1
	callbackMessage        = 4
	callbackDeferredMsg    = 5
	callbackDeferredUpdate = 6
	callbackUpdate         = 7
	callbackAutocomplete   = 8
	callbackModal          = 9
)

type interaction struct {
	id, token string
	guildID   string // the guild the payload names
	typ       int
	name      string // command name, for the message's interaction field
	channelID string
	user      User
	messageID string // message the component is on (components, modal submits from one)
	payload   json.RawMessage

	respType   int // callback type; 0 until answered
	respData   json.RawMessage
	respFiles  []File
	originalID string
	followups  []string
}

// Actor says who performs an interaction and where.
type Actor struct {
	User        User   // acting user; zero means Server.User
	Permissions string // the member's permissions in the channel, decimal; "" means DefaultPermissions
	ChannelID   string // channel or thread; "" means Server.ChannelID, or the channel of GuildID's guild (NewGuild). Ignored by Click, Select and SubmitModal, which act where the message is (see SourceChannelID)
	Locale      string // user's locale; "" means "en-US"
	GuildLocale string // the guild's preferred locale (guild_locale); "" means "en-US"

	// GuildID is the guild_id the interaction carries; "" means the
	// guild of its channel. Setting another guild (NewGuild) or an id the
	// server does not know makes an interaction that claims to come from
	// elsewhere than its channel, e.g. a custom id replayed from another
	// server. Slash and Autocomplete look the command up among that
	// guild's commands, then the global ones.
	GuildID string
	// SourceChannelID, for Click, Select and SubmitModal, is the channel
	// the interaction comes from instead of the message's (a known channel
	// or thread, of any guild): a component's custom id replayed in another
	// channel. The interaction still carries the message; the bot's answer
	// goes to this channel. "" means the message's channel.
	SourceChannelID string
}

// Interaction is an interaction the server dispatched.
type Interaction struct {
	ID        string
	Token     string
	Type      int // 2 command, 3 component, 4 autocomplete, 5 modal submit
	ChannelID string
	Payload   json.RawMessage // the INTERACTION_CREATE "d" object as sent
}

// Response is what the bot did with an interaction.
type Response struct {
	Type      int             // callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal); 0 if not answered yet
	Data      json.RawMessage // the callback's data as the bot sent it (null if none)
	Flags     int             // data.flags, e.g. 64 for ephemeral
	Files     []File          // files uploaded with the callback
	Original  *Message        // current @original: the message created by 4/5, or the component's message for 6/7; nil if none or deleted
	Followups []Message       // current followup messages, oldest first, deleted ones left out
}

func newToken() string {
	b := make([]byte, 48)
	rand.Read(b)
	return "aW50ZXJhY3Rpb246" + base64.RawURLEncoding.EncodeToString(b)
}

func (a Actor) withDefaults(s *Server) (Actor, error) {
	if a.User.ID == "" {
		a.User = s.User
	}
	if a.User.Username == "" {
		if known, ok := s.users[a.User.ID]; ok {
			a.User = known
		} else {
			a.User.Username = "user" + a.User.ID
		}
	}
	if a.Permissions == "" {
		a.Permissions = DefaultPermissions
	}
	if _, err := strconv.ParseUint(a.Permissions, 10, 64); err != nil {
		return a, fmt.Errorf("discordtest: Actor.Permissions %q is not a decimal bit set", a.Permissions)
	}
	if a.ChannelID == "" {
		a.ChannelID = s.ChannelID
		if g := s.guild(a.GuildID); g != nil {
			a.ChannelID = g.channelID
		}
	}
	if a.Locale == "" {
		a.Locale = "en-US"
	}
	if a.GuildLocale == "" {
		a.GuildLocale = "en-US"
	}
	return a, nil
}

// newInteraction registers an interaction and builds its payload. Callers
// hold s.mu.
func (s *Server) newInteraction(a Actor, typ int, name string, data any, msg *message) (*interaction, error) {
	ch := s.channels[a.ChannelID]
	if ch == nil || ch.deleted {
		return nil, fmt.Errorf("discordtest: unknown channel %s", a.ChannelID)
	}
	if _, ok := s.users[a.User.ID]; !ok {
		s.users[a.User.ID] = a.User
	}
	if _, ok := s.joined[a.User.ID]; !ok {
		s.joined[a.User.ID] = time.Now().UTC()
	}
	gid := a.GuildID
	if gid == "" {
		gid = ch.guildID
	}
	i := &interaction{id: s.newID(), token: newToken(), guildID: gid, typ: typ, name: name, channelID: ch.id, user: a.User}
	member := s.memberJSON(s.guild(gid), a.User.ID)
	member["user"] = s.userJSON(a.User)
	member["permissions"] = a.Permissions
	chJSON := s.channelJSON(ch)
	chJSON["permissions"] = a.Permissions
	p := map[string]any{
		"id":                             i.id,
		"application_id":                 s.AppID,
		"type":                           typ,
		"data":                           data,
		"guild_id":                       gid,
		"channel_id":                     ch.id,
		"channel":                        chJSON,
		"member":                         member,
		"token":                          i.token,
		"version":                        1,
		"app_permissions":                s.appPermissions(ch),
		"locale":                         a.Locale,
		"guild_locale":                   a.GuildLocale,
		"entitlements":                   []any{},
		"authorizing_integration_owners": map[string]any{"0": gid},
		"context":                        0,
		"attachment_size_limit":          maxFileSize,
	}
	if msg != nil {
		p["message"] = s.messageJSON(msg, true)
		i.messageID = msg.id
	}
	i.payload, _ = json.Marshal(p)
	s.interactions[i.id] = i
	s.tokens[i.token] = i
	return i, nil
}

// sourceChannel is where a component interaction comes from: the
// message's channel unless the actor says otherwise.
func sourceChannel(a Actor, messageChannel string) string {
	if a.SourceChannelID != "" {
		return a.SourceChannelID
	}
	return messageChannel
}

// actorGuild is the guild id an actor's interaction carries. Callers hold
// s.mu.
func (s *Server) actorGuild(a Actor) string {
	if a.GuildID != "" {
		return a.GuildID
	}
	if ch := s.channels[a.ChannelID]; ch != nil {
		return ch.guildID
	}
	return s.GuildID
}

// notYet marks a build error that may go away as the bot acts (a command
// not registered yet): deliver retries those until ctx is done.
type notYet struct{ error }

func (e notYet) Unwrap() error { return e.error }

// deliver waits for a gateway session, builds an interaction under the lock
// and dispatches it to the sessions that serve its guild's shard, waiting
// (until ctx is done) for a connected one.
func (s *Server) deliver(ctx context.Context, a Actor, build func(a Actor) (*interaction, error)) (*Interaction, error) {
	if err := s.WaitReady(ctx); err != nil {
		return nil, err
	}
	for {
		s.mu.Lock()
		changed := s.changed
		a, err := a.withDefaults(s)
		var i *interaction
		if err == nil {
			i, err = build(a)
		}
		if err == nil && !s.serving(i.guildID) {
			// No connected session serves the guild's shard yet: wait
			// for one, as the interaction would be lost (Discord says
			// "This interaction failed").
			delete(s.interactions, i.id)
			delete(s.tokens, i.token)
			err = notYet{fmt.Errorf("discordtest: no gateway session serves the shard of guild %s", i.guildID)}
		}
		if err == nil {
			s.dispatch("INTERACTION_CREATE", 0, i.guildID, i.payload)
			s.notify()
			s.mu.Unlock()
			return &Interaction{ID: i.id, Token: i.token, Type: i.typ, ChannelID: i.channelID, Payload: i.payload}, nil
		}
		s.mu.Unlock()
		if !errors.As(err, new(notYet)) {
			return nil, err
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return nil, errors.Join(err, context.Cause(ctx))
		}
	}
}

// Slash runs a slash command the way a user types it, e.g.
// "/carcassonne new farms:per-farm players:3" or `/game rename name:"Two words"`.
// The command must be registered by the bot (guild commands first, then
// global; Slash waits for it until ctx is done); the subcommand group, subcommand and options are resolved
// and typed from its definition, required options, choices, ranges and
// default_member_permissions are checked as Discord's client does, and the
// APPLICATION_COMMAND interaction is dispatched once a session is connected.
func (s *Server) Slash(ctx context.Context, a Actor, line string) (*Interaction, error) {
	return s.deliver(ctx, a, func(a Actor) (*interaction, error) {
		data, name, err := s.commandData(line, a, "", false)
		if err != nil {
			return nil, err
		}
		return s.newInteraction(a, interactionCommand, name, data, nil)
	})
}

// Autocomplete dispatches an APPLICATION_COMMAND_AUTOCOMPLETE interaction
// for line, as typed so far, with the option named focused marked as
// focused; its value is the raw text typed for it ("" if line lacks it).
// The focused option must have autocomplete enabled.
func (s *Server) Autocomplete(ctx context.Context, a Actor, line, focused string) (*Interaction, error) {
	return s.deliver(ctx, a, func(a Actor) (*interaction, error) {
		data, name, err := s.commandData(line, a, focused, true)
		if err != nil {
			return nil, err
		}
		return s.newInteraction(a, interactionAutocomplete, name, data, nil)
	})
}

// Click presses the button with customID on the message messageID (any
// message, ephemeral ones included). The button must exist, be enabled and
// not be a link or premium button.
func (s *Server) Click(ctx context.Context, a Actor, messageID, customID string) (*Interaction, error) {
	return s.deliver(ctx, a, func(a Actor) (*interaction, error) {
		m, comp, err := s.findComponent(messageID, customID)
		if err != nil {
			return nil, err
		}
		if num(comp["type"]) != 2 {
			return nil, fmt.Errorf("discordtest: component %q on message %s is of type %d, not a button", customID, messageID, num(comp["type"]))
		}
		if style := num(comp["style"]); style == 5 || style == 6 {
			return nil, fmt.Errorf("discordtest: button %q is a link or premium button and sends no interaction", customID)
		}
		a.ChannelID = sourceChannel(a, m.channelID)
		data := map[string]any{"custom_id": customID, "component_type": 2}
		return s.newInteraction(a, interactionComponent, "", data, m)
	})
}

// Select picks values in the select menu with customID on the message
// messageID. The menu must exist and be enabled, the number of values must
// be within its min_values and max_values, and for a string select each
// value must be one of its options.
func (s *Server) Select(ctx context.Context, a Actor, messageID, customID string, values ...string) (*Interaction, error) {
	return s.deliver(ctx, a, func(a Actor) (*interaction, error) {
		m, comp, err := s.findComponent(messageID, customID)
		if err != nil {
			return nil, err
		}
		t := num(comp["type"])
		if !isSelect(t) {
			return nil, fmt.Errorf("discordtest: component %q on message %s is of type %d, not a select menu", customID, messageID, t)
		}
		minV, maxV := 1, 1
		if v, ok := comp["min_values"].(float64); ok {
			minV = int(v)
		}
		if v, ok := comp["max_values"].(float64); ok {
			maxV = int(v)
		}
		if len(values) < minV || len(values) > maxV {
			return nil, fmt.Errorf("discordtest: select %q takes %d to %d values, got %d", customID, minV, maxV, len(values))
		}
		if t == 3 {
			opts, _ := comp["options"].([]any)
			for _, v := range values {
				if !slices.ContainsFunc(opts, func(o any) bool { om, _ := o.(map[string]any); return om["value"] == v }) {
					return nil, fmt.Errorf("discordtest: select %q has no option with value %q", customID, v)
				}
			}
		}
		a.ChannelID = sourceChannel(a, m.channelID)
		data := map[string]any{"custom_id": customID, "component_type": t, "values": values}
		if t != 3 {
			data["resolved"] = s.resolveIDs(s.guild(s.actorGuild(a)), values)
		}
		return s.newInteraction(a, interactionComponent, "", data, m)
	})
}

// SubmitModal submits the modal the bot answered interactionID with
// (callback type 9), filling its text inputs by custom_id from values. Every
// key must name a text input of the modal, required inputs must be given and
// lengths must fit the input's limits. The MODAL_SUBMIT interaction carries
// the component's message if the modal was opened from one.
func (s *Server) SubmitModal(ctx context.Context, a Actor, interactionID string, values map[string]string) (*Interaction, error) {
	return s.deliver(ctx, a, func(a Actor) (*interaction, error) {
		src := s.interactions[interactionID]
		if src == nil || src.respType != callbackModal {
			return nil, fmt.Errorf("discordtest: interaction %s was not answered with a modal", interactionID)
		}
		var modal struct {
			CustomID   string           `json:"custom_id"`
			Components []map[string]any `json:"components"`
		}
		json.Unmarshal(src.respData, &modal)
		used := map[string]bool{}
		input := func(c map[string]any) (map[string]any, error) {
			id, _ := c["custom_id"].(string)
			v, ok := values[id]
			req, isSet := c["required"].(bool)
			if !isSet {
				req = true
			}
			if !ok && req {
				return nil, fmt.Errorf("discordtest: modal input %q is required", id)
			}
			n := runes(v)
			if lo, ok := c["min_length"].(float64); ok && n < int(lo) && (n > 0 || req) {
				return nil, fmt.Errorf("discordtest: modal input %q needs at least %d characters", id, int(lo))
			}
			if hi, ok := c["max_length"].(float64); ok && n > int(hi) {
				return nil, fmt.Errorf("discordtest: modal input %q takes at most %d characters", id, int(hi))
			}
			used[id] = true
			return map[string]any{"type": 4, "id": c["id"], "custom_id": id, "value": v}, nil
		}
		var comps []any
		for _, c := range modal.Components {
			switch num(c["type"]) {
			case 1:
				children, _ := c["components"].([]any)
				var out []any
				for _, ch := range children {
					cm, _ := ch.(map[string]any)
					if num(cm["type"]) != 4 {
						continue
					}
					in, err := input(cm)
					if err != nil {
						return nil, err
					}
					out = append(out, in)
				}
				comps = append(comps, map[string]any{"type": 1, "components": out})
			case 18:
				cm, _ := c["component"].(map[string]any)
				if num(cm["type"]) != 4 {
					continue
				}
				in, err := input(cm)
				if err != nil {
					return nil, err
				}
				comps = append(comps, map[string]any{"type": 18, "id": c["id"], "component": in})
			}
		}
		for k := range values {
			if !used[k] {
				return nil, fmt.Errorf("discordtest: the modal has no text input %q", k)
			}
		}
		a.ChannelID = sourceChannel(a, src.channelID)
		var msg *message
		if src.messageID != "" {
			if m := s.messages[src.messageID]; m != nil && !m.deleted {
				msg = m
			}
		}
		data := map[string]any{"custom_id": modal.CustomID, "components": comps}
		return s.newInteraction(a, interactionModalSubmit, "", data, msg)
	})
}

// findComponent finds an enabled interactive component by custom_id on a
// message. Callers hold s.mu.
func (s *Server) findComponent(messageID, customID string) (*message, map[string]any, error) {
	m := s.messages[messageID]
	if m == nil || m.deleted {
		return nil, nil, fmt.Errorf("discordtest: unknown message %s", messageID)
	}
	var comps []any
	json.Unmarshal(m.components, &comps)
	var found map[string]any
	var walk func([]any)
	walk = func(list []any) {
		for _, v := range list {
			c, _ := v.(map[string]any)
			if c == nil || found != nil {
				continue
			}
			if c["custom_id"] == customID && (num(c["type"]) == 2 || isSelect(num(c["type"]))) {
				found = c
				return
			}
			if sub, ok := c["components"].([]any); ok {
				walk(sub)
			}
			if acc, ok := c["accessory"].(map[string]any); ok {
				walk([]any{acc})
			}
		}
	}
	walk(comps)
	if found == nil {
		return nil, nil, fmt.Errorf("discordtest: message %s has no button or select %q", messageID, customID)
	}
	if d, _ := found["disabled"].(bool); d {
		return nil, nil, fmt.Errorf("discordtest: component %q on message %s is disabled", customID, messageID)
	}
	return m, found, nil
}

// registerRaw registers a raw INTERACTION_CREATE payload if it has an id and
// a token. Callers hold s.mu.
func (s *Server) registerRaw(payload []byte) {
	var p struct {
		ID        string `json:"id"`
		Token     string `json:"token"`
		Type      int    `json:"type"`
		ChannelID string `json:"channel_id"`
		GuildID   string `json:"guild_id"`
		Message   *struct {
			ID string `json:"id"`
		} `json:"message"`
	}
	if json.Unmarshal(payload, &p) != nil || p.ID == "" || p.Token == "" || s.interactions[p.ID] != nil {
		return
	}
	if p.ChannelID == "" || s.channels[p.ChannelID] == nil {
		p.ChannelID = s.ChannelID
	}
	if p.GuildID == "" {
		p.GuildID = s.channels[p.ChannelID].guildID
	}
	i := &interaction{id: p.ID, token: p.Token, guildID: p.GuildID, typ: p.Type, channelID: p.ChannelID, user: s.User, payload: payload}
	if p.Message != nil && s.messages[p.Message.ID] != nil {
		i.messageID = p.Message.ID
	}
	s.interactions[i.id] = i
	s.tokens[i.token] = i
}

// callbackAllowed tells whether a callback type may answer an interaction.
func callbackAllowed(i *interaction, t int) bool {
	switch i.typ {
	case interactionPing:
		return t == callbackPong
	case interactionCommand:
		return t == callbackMessage || t == callbackDeferredMsg || t == callbackModal
	case interactionComponent:
		return t == callbackMessage || t == callbackDeferredMsg || t == callbackDeferredUpdate || t == callbackUpdate || t == callbackModal
	case interactionAutocomplete:
		return t == callbackAutocomplete
	case interactionModalSubmit:
		return t == callbackMessage || t == callbackDeferredMsg ||
			(i.messageID != "" && (t == callbackDeferredUpdate || t == callbackUpdate))
	}
	return false
}

// POST /interactions/{interaction}/{token}/callback
func (s *Server) interactionCallback(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := s.interactions[c.path("interaction")]
	if i == nil || i.token != c.path("token") {
		return 0, errUnknownInteraction
	}
	if i.respType != 0 {
		return 0, errAlreadyAcked
	}
	f, e := parseFields(c.json)
	if e != nil {
		return 0, e
	}
	if !f.set("type") {
		return 0, required("type")
	}
	t := int(f.int("type"))
	if !callbackAllowed(i, t) {
		return 0, formError("type", "INTERACTION_CALLBACK_TYPE_INVALID",
			fmt.Sprintf("Interaction callback type %d is not valid for interaction type %d", t, i.typ))
	}
	data, e := parseFields(f["data"])
	if e != nil {
		return 0, e
	}
	switch t {
	case callbackMessage:
		m, e := s.buildMessage(s.channels[i.channelID], data, c.files, "data.", true)
		if e != nil {
			return 0, e
		}
		m.inter = i
		if i.typ == interactionCommand {
			m.typ = msgChatInput
		}
		s.storeMessage(m)
		i.originalID = m.id
	case callbackDeferredMsg:
		m := &message{id: s.newID(), channelID: i.channelID, author: s.Bot, created: time.Now().UTC(), inter: i}
		m.flags = flagLoading | int(data.int("flags"))&flagEphemeral
		if i.typ == interactionCommand {
			m.typ = msgChatInput
		}
		s.storeMessage(m)
		i.originalID = m.id
	case callbackDeferredUpdate, callbackUpdate:
		old := s.messages[i.messageID]
		if old == nil || old.deleted {
			return 0, errUnknownMessage
		}
		if t == callbackUpdate {
			m, e := s.editMessage(old, data, c.files, "data.")
			if e != nil {
				return 0, e
			}
			s.replaceMessage(m)
		}
		i.originalID = i.messageID
	case callbackAutocomplete:
		if e := validateChoices(data); e != nil {
			return 0, e
		}
	case callbackModal:
		if e := validateModal(data); e != nil {
			return 0, e
		}
	}
	i.respType = t
	i.respData = f["data"]
	if i.respData == nil {
		i.respData = json.RawMessage("null")
	}
	i.respFiles = c.files
	s.notify()
	if c.r.URL.Query().Get("with_response") != "true" {
		return 204, nil
	}
	resp := map[string]any{
		"interaction": map[string]any{
			"id": i.id, "type": i.typ, "activity_instance_id": nil,
			"response_message_id": nullable(i.originalID),
		},
	}
	res := map[string]any{"type": t}
	if m := s.messages[i.originalID]; m != nil && i.originalID != "" {
		res["message"] = s.messageJSON(m, true)
		resp["interaction"].(map[string]any)["response_message_loading"] = m.flags&flagLoading != 0
		resp["interaction"].(map[string]any)["response_message_ephemeral"] = m.ephemeral()
	}
	resp["resource"] = res
	return 200, resp
}

// webhookInteraction finds the acknowledged interaction of a webhook route.
func (s *Server) webhookInteraction(c *call) (*interaction, *apiError) {
	i := s.tokens[c.path("token")]
	if c.path("app") != s.AppID || i == nil || i.respType == 0 {
		return nil, errUnknownWebhook
	}
	return i, nil
}

// webhookMessage finds @original or a followup of the interaction.
func (s *Server) webhookMessage(i *interaction, id string) (*message, *apiError) {
	if id == "@original" {
		id = i.originalID
	}
	if id == "" || (id != i.originalID && !slices.Contains(i.followups, id)) {
		return nil, errUnknownMessage
	}
	m := s.messages[id]
	if m == nil || m.deleted {
		return nil, errUnknownMessage
	}
	return m, nil
}

// POST /webhooks/{app}/{token}
func (s *Server) executeWebhook(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, e := s.webhookInteraction(c)
	if e != nil {
		return 0, e
	}
	f, e := parseFields(c.json)
	if e != nil {
		return 0, e
	}
	var m *message
	if orig := s.messages[i.originalID]; i.respType == callbackDeferredMsg && orig != nil && !orig.deleted && orig.flags&flagLoading != 0 {
		// The first followup after a deferred response edits the loading
		// message, keeping its ephemeral state.
		if m, e = s.editMessage(orig, f, c.files, ""); e != nil {
			return 0, e
		}
		m.edited = nil
		s.replaceMessage(m)
	} else {
		if m, e = s.buildMessage(s.channels[i.channelID], f, c.files, "", true); e != nil {
			return 0, e
		}
		m.inter = i
		s.storeMessage(m)
		i.followups = append(i.followups, m.id)
	}
	if c.r.URL.Query().Get("wait") != "true" {
		return 204, nil
	}
	return 200, s.messageJSON(m, true)
}

// GET /webhooks/{app}/{token}/messages/{message}
func (s *Server) getWebhookMessage(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, e := s.webhookInteraction(c)
	if e != nil {
		return 0, e
	}
	m, e := s.webhookMessage(i, c.path("message"))
	if e != nil {
		return 0, e
	}
	return 200, s.messageJSON(m, true)
}

// PATCH /webhooks/{app}/{token}/messages/{message}
func (s *Server) editWebhookMessage(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, e := s.webhookInteraction(c)
	if e != nil {
		return 0, e
	}
	old, e := s.webhookMessage(i, c.path("message"))
	if e != nil {
		return 0, e
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

// DELETE /webhooks/{app}/{token}/messages/{message}
func (s *Server) deleteWebhookMessage(c *call) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, e := s.webhookInteraction(c)
	if e != nil {
		return 0, e
	}
	m, e := s.webhookMessage(i, c.path("message"))
	if e != nil {
		return 0, e
	}
	s.deleteMessage(m)
	return 204, nil
}

// Response returns what the bot has done so far with an interaction; nil if
// the interaction is unknown.
func (s *Server) Response(interactionID string) *Response {
	s.mu.Lock()
	i := s.interactions[interactionID]
	if i == nil {
		s.mu.Unlock()
		return nil
	}
	r := &Response{Type: i.respType, Data: i.respData, Files: i.respFiles}
	var orig *msgSnap
	if m := s.messages[i.originalID]; i.originalID != "" && m != nil && !m.deleted {
		sn := s.snap(m)
		orig = &sn
	}
	var follow []msgSnap
	for _, id := range i.followups {
		if m := s.messages[id]; m != nil && !m.deleted {
			follow = append(follow, s.snap(m))
		}
	}
	s.mu.Unlock()
	var d struct {
		Flags int `json:"flags"`
	}
	json.Unmarshal(r.Data, &d)
	r.Flags = d.Flags
	if orig != nil {
		m := orig.decode()
		r.Original = &m
	}
	for _, sn := range follow {
		r.Followups = append(r.Followups, sn.decode())
	}
	return r
}

// WaitResponse waits until the bot has answered the interaction's callback
// and returns the response at that moment.
func (s *Server) WaitResponse(ctx context.Context, interactionID string) (*Response, error) {
	var r *Response
	err := s.Wait(ctx, func() bool {
		r = s.Response(interactionID)
		return r != nil && r.Type != 0
	})
	if err == nil {
		return r, nil
	}
	if r == nil {
		return nil, errors.Join(fmt.Errorf("discordtest: unknown interaction %s", interactionID), err)
	}
	return nil, err
}
