// Package discordtest runs a local stand-in for the parts of Discord's REST
// API and gateway that a bot built on github.com/bwmarrin/discordgo uses, so
// the bot can be tested end to end with the real discordgo client and nothing
// reaching the network.
//
// A test starts a server with New, points the bot at URL (the bot's HTTP
// transport rewrites https://discord.com/... to that base, keeping the path),
// waits for the bot's gateway session with WaitReady, then plays users:
// Slash, Autocomplete, Click, Select and SubmitModal build interactions the
// way Discord does (checked against the commands the bot registered and the
// components on the message) and dispatch them as INTERACTION_CREATE. What
// the bot did is read back with Response, Messages, Message, Channel,
// Commands and Requests, and waited for with Wait, WaitResponse and
// WaitMessage, which take a context so tests never sleep blindly.
//
// A test looks like this (the bot under test opens its discordgo session
// with DISCORD_API_URL=srv.URL()):
//
//	srv := discordtest.New(t)
//	startBot(t, srv.URL())
//	if err := srv.WaitReady(ctx); err != nil {
//		t.Fatal(err)
//	}
//	in, err := srv.Slash(ctx, discordtest.Actor{}, "/carcassonne new farms:per-farm")
//	if err != nil {
//		t.Fatal(err)
//	}
//	resp, err := srv.WaitResponse(ctx, in.ID)
//	if err != nil {
//		t.Fatal(err)
//	}
//	if resp.Original == nil || len(resp.Original.Files) != 1 {
//		t.Fatalf("no board image: %+v", resp)
//	}
//
// Tests of what goes wrong shape the server: Deny and Allow take channel
// permissions from the bot (Discord's 403 Missing Permissions), FailNext
// makes the next requests of a route fail (500, 502, or 429 with a rate
// limit that discordgo waits out), and Hold keeps a request waiting inside
// the server, so that a test can kill the bot in the middle of it.
// NewChannel and NewGuild add places to play in; Actor.GuildID and
// Actor.SourceChannelID make interactions that come from elsewhere than the
// message they act on.
//
// Gateway shards work as Discord's: a session that identifies with a shard
// [shard_id, num_shards] gets READY with it, and GUILD_CREATE and every
// other event (INTERACTION_CREATE, MESSAGE_CREATE, …) only for the guilds
// of its shard, (guild_id >> 22) % num_shards (ShardOf; direct messages go
// to shard 0); a session without a shard gets everything. NewGuildOnShard
// makes a guild that a given shard serves, and interactions wait for a
// connected session of their guild's shard.
//
// The server keeps simple state (channels, threads, messages, application
// commands, interactions and their responses), answers with JSON shaped like
// Discord's documented payloads, enforces a useful subset of Discord's rules
// (one callback per interaction, message and component limits, attachment
// edit semantics, unknown ids) with Discord's error codes, and records every
// REST request. Routes it does not know answer 404 with Discord's error JSON
// and are recorded with an empty Route.
package discordtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// DefaultPermissions is the permission bit set, as Discord's decimal string,
// that an acting member has when Actor.Permissions is empty, and that the
// guild's @everyone role grants: View Channel, Send Messages, Send Messages
// in Threads, Create Public Threads, Embed Links, Attach Files, Read Message
// History, Add Reactions, Use External Emojis and Use Application Commands.
// It does not include Manage Messages, Manage Threads or Administrator.
const DefaultPermissions = "311385508928"

// BotPermissions is the bit set the bot has in every channel, sent as an
// interaction's app_permissions: DefaultPermissions plus Manage Messages,
// Manage Threads and Create Private Threads.
const BotPermissions = "397284863040"

const (
	discordEpoch    = 1420070400000
	maxFileSize     = 10 << 20
	timestampLayout = "2006-01-02T15:04:05.000000-07:00"
)

// User is a Discord user as the tests see it. ID is a snowflake.
type User struct {
	ID         string
	Username   string
	GlobalName string // display name; empty is sent as null
}

// Server is a running fake Discord. Its exported fields are fixed by New and
// must not be modified.
type Server struct {
	AppID     string // application id; equal to Bot.ID as for every modern Discord app
	Bot       User   // the bot user, returned by GET /users/@me and in READY
	GuildID   string // the one guild the bot is in
	ChannelID string // the guild's one text channel
	User      User   // the acting user when Actor.User is zero

	tb        testing.TB
	ownerID   string
	botRoleID string
	hs        *httptest.Server
	mux       *http.ServeMux
	upgrader  websocket.Upgrader
	lastID    atomic.Int64

	mu           sync.Mutex
	changed      chan struct{}
	closed       bool
	requests     []*Request
	users        map[string]User
	joined       map[string]time.Time // guild members by user id
	channels     map[string]*channel
	chanOrder    []string
	messages     map[string]*message
	interactions map[string]*interaction
	tokens       map[string]*interaction
	commands     map[string][]map[string]any // by guild id, "" for global
	sessions     map[string]*gwSession
	conns        map[*gwConn]bool
	done         chan struct{} // closed by Close
	failures     []*failure
	holds        []*Held
	denied       map[string]int64 // permissions the bot lacks, by channel id
	guilds       []*guild         // the guilds the bot is in, Server.GuildID first
}

// guild is a guild the bot is in.
type guild struct {
	id, name  string
	botRoleID string
	channelID string // its first text channel, the system channel
}

// New starts a server on 127.0.0.1 with an application, its bot user, one
// guild with one text channel and a default acting user. It is closed when
// the test ends; start the bot after New so that the bot's own cleanup,
// registered later, runs first and discordgo does not try to reconnect to a
// closed server.
func New(tb testing.TB) *Server {
	tb.Helper()
	s := &Server{
		tb:           tb,
		changed:      make(chan struct{}),
		users:        map[string]User{},
		joined:       map[string]time.Time{},
		channels:     map[string]*channel{},
		messages:     map[string]*message{},
		interactions: map[string]*interaction{},
		tokens:       map[string]*interaction{},
		commands:     map[string][]map[string]any{},
		sessions:     map[string]*gwSession{},
		conns:        map[*gwConn]bool{},
		done:         make(chan struct{}),
		denied:       map[string]int64{},
		upgrader:     websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }},
	}
	now := time.Now().UTC()
	s.AppID = s.newID()
	s.Bot = User{ID: s.AppID, Username: "Carcassonne"}
	s.GuildID = s.newID()
	s.botRoleID = s.newID()
	s.ownerID = s.newID()
	s.User = User{ID: s.newID(), Username: "player", GlobalName: "Player"}
	s.users[s.Bot.ID] = s.Bot
	s.users[s.ownerID] = User{ID: s.ownerID, Username: "owner", GlobalName: "Guild Owner"}
	s.users[s.User.ID] = s.User
	s.joined[s.Bot.ID] = now
	s.joined[s.ownerID] = now
	s.joined[s.User.ID] = now
	s.ChannelID = s.newID()
	s.guilds = []*guild{{id: s.GuildID, name: "Test Guild", botRoleID: s.botRoleID, channelID: s.ChannelID}}
	s.addChannel(&channel{id: s.ChannelID, guildID: s.GuildID, typ: chanText, name: "general", createdAt: now})
	s.mux = http.NewServeMux()
	s.routes()
	s.hs = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	tb.Cleanup(s.Close)
	return s
}

// URL is the base URL, http://127.0.0.1:PORT, to set as DISCORD_API_URL.
// REST routes live under URL()+"/api/v{N}/", the gateway at GatewayURL.
func (s *Server) URL() string { return s.hs.URL }

// GatewayURL is the websocket address returned by GET /gateway and
// GET /gateway/bot.
func (s *Server) GatewayURL() string { return "ws" + strings.TrimPrefix(s.hs.URL, "http") }

// Close disconnects every gateway session and stops the server. It is safe
// to call more than once.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.done)
	var conns []*gwConn
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.notify()
	s.mu.Unlock()
	for _, c := range conns {
		c.ws.Close()
	}
	s.hs.Close()
}

// NewUser returns a new user with a fresh snowflake id, known to the server
// (GET /users/{id} finds it). It becomes a guild member when it first acts.
func (s *Server) NewUser(username, globalName string) User {
	u := User{ID: s.newID(), Username: username, GlobalName: globalName}
	s.mu.Lock()
	s.users[u.ID] = u
	s.mu.Unlock()
	return u
}

// NewChannel adds a text channel named name to the guild Server.GuildID
// and returns its id; connected sessions get CHANNEL_CREATE. Actor.ChannelID
// set to it makes commands come from there.
func (s *Server) NewChannel(name string) string {
	return s.newChannel(s.GuildID, name)
}

// NewGuild adds a second (third, …) guild that the bot is in, with one text
// channel, and returns both ids. Connected sessions get GUILD_CREATE; new
// ones list it in READY. The guild's REST routes, guild commands and
// channels work as the first guild's; its members are the users known to
// the server. An Actor with GuildID (and ChannelID "") acts in its channel.
func (s *Server) NewGuild(name string) (guildID, channelID string) {
	return s.newGuild(name, s.newID())
}

// newGuild adds a guild with id guildID.
func (s *Server) newGuild(name, guildID string) (string, string) {
	channelID := s.newID()
	s.mu.Lock()
	g := &guild{id: guildID, name: name, botRoleID: s.newID(), channelID: channelID}
	s.guilds = append(s.guilds, g)
	s.addChannel(&channel{id: channelID, guildID: guildID, typ: chanText, name: "general", createdAt: time.Now().UTC()})
	s.dispatch("GUILD_CREATE", intentGuilds, g.id, s.guildCreateJSON(g))
	s.notify()
	s.mu.Unlock()
	return guildID, channelID
}

// NewGuildOnShard is NewGuild with a guild id that gateway shard shard of
// count serves (ShardOf), for tests of several bot processes. It fails the
// test if shard is not in [0, count).
func (s *Server) NewGuildOnShard(name string, shard, count int) (guildID, channelID string) {
	if count < 1 || shard < 0 || shard >= count {
		s.tb.Fatalf("discordtest: NewGuildOnShard: shard %d of %d does not exist (0 <= shard < count)", shard, count)
	}
	return s.newGuild(name, s.newIDOnShard(shard, count))
}

func (s *Server) newChannel(guildID, name string) string {
	id := s.newID()
	s.mu.Lock()
	defer s.mu.Unlock()
	pos := 0
	for _, c := range s.channels {
		if !c.isThread() && c.guildID == guildID {
			pos++
		}
	}
	c := &channel{id: id, guildID: guildID, typ: chanText, name: name, position: pos, createdAt: time.Now().UTC()}
	s.addChannel(c)
	s.dispatch("CHANNEL_CREATE", intentGuilds, c.guildID, s.channelJSON(c))
	s.notify()
	return id
}

// newID returns a unique, increasing snowflake for the current time.
func (s *Server) newID() string {
	for {
		last := s.lastID.Load()
		id := (time.Now().UnixMilli() - discordEpoch) << 22
		if id <= last {
			id = last + 1
		}
		if s.lastID.CompareAndSwap(last, id) {
			return strconv.FormatInt(id, 10)
		}
	}
}

// newIDOnShard returns a unique, increasing snowflake whose guild shard
// among count is shard: the next millisecond (ids hold it from bit 22) for
// which (id >> 22) % count == shard.
func (s *Server) newIDOnShard(shard, count int) string {
	for {
		last := s.lastID.Load()
		ms := max(time.Now().UnixMilli()-discordEpoch, last>>22+1)
		ms += (int64(shard) - ms%int64(count) + int64(count)) % int64(count)
		id := ms << 22
		if s.lastID.CompareAndSwap(last, id) {
			return strconv.FormatInt(id, 10)
		}
	}
}

// notify wakes every Wait. Callers hold s.mu.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Wait blocks until cond returns true or ctx is done. cond is evaluated now
// and again after every change of the server's state (requests, messages,
// interactions, sessions); it may call the Server's methods.
func (s *Server) Wait(ctx context.Context, cond func() bool) error {
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("discordtest: gave up waiting: %w", context.Cause(ctx))
		}
	}
}

// Request is one recorded REST request and the server's answer.
type Request struct {
	Time         time.Time
	Method       string
	Path         string // as received, e.g. /api/v9/channels/1/messages
	Route        string // matched route, e.g. "POST /channels/{channel}/messages"; "" for an unknown route
	Query        url.Values
	Header       http.Header
	Body         []byte          // raw body
	JSON         json.RawMessage // the JSON body, or the payload_json part of a multipart body
	Files        []File          // file parts of a multipart body
	Status       int             // status answered
	ResponseBody []byte
}

// File is an uploaded file: a multipart part of a request, or the stored
// content of a message attachment.
type File struct {
	Field        string // multipart field name, e.g. "files[0]" (requests only)
	AttachmentID string // attachment id (messages only)
	Filename     string
	ContentType  string
	Data         []byte
}

// Requests returns a snapshot of every REST request received so far, in
// order of arrival.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.requests))
	for i, r := range s.requests {
		out[i] = *r
	}
	return out
}

// apiError is a Discord error answer.
type apiError struct {
	status int
	code   int
	msg    string
	errors map[string]any
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %s (%d)", e.status, e.msg, e.code) }

func (e *apiError) body() map[string]any {
	b := map[string]any{"message": e.msg, "code": e.code}
	if e.errors != nil {
		b["errors"] = e.errors
	}
	return b
}

func errf(status, code int, msg string) *apiError {
	return &apiError{status: status, code: code, msg: msg}
}

var (
	errNotFound           = errf(404, 0, "404: Not Found")
	errMethod             = errf(405, 0, "405: Method Not Allowed")
	errUnauthorized       = errf(401, 0, "401: Unauthorized")
	errUnknownChannel     = errf(404, 10003, "Unknown Channel")
	errUnknownGuild       = errf(404, 10004, "Unknown Guild")
	errUnknownMember      = errf(404, 10007, "Unknown Member")
	errUnknownMessage     = errf(404, 10008, "Unknown Message")
	errUnknownUser        = errf(404, 10013, "Unknown User")
	errUnknownWebhook     = errf(404, 10015, "Unknown Webhook")
	errUnknownInteraction = errf(404, 10062, "Unknown interaction")
	errUnknownCommand     = errf(404, 10063, "Unknown application command")
	errTooLarge           = errf(413, 40005, "Request entity too large")
	errAlreadyAcked       = errf(400, 40060, "Interaction has already been acknowledged.")
	errMissingAccess      = errf(403, 50001, "Missing Access")
	errNotAuthor          = errf(403, 50005, "Cannot edit a message authored by another user")
	errEmptyMessage       = errf(400, 50006, "Cannot send an empty message")
	errArchived           = errf(400, 50083, "Operation cannot be performed on an archived thread")
	errInvalidJSON        = errf(400, 50109, "The request body contains invalid JSON.")
	errThreadExists       = errf(400, 160004, "A thread has already been created for this message")
)

// formError is Discord's 50035 Invalid Form Body with one error at a dotted
// path such as "data.components.0.components.1.custom_id".
func formError(path, code, msg string) *apiError {
	leaf := map[string]any{"_errors": []any{map[string]any{"code": code, "message": msg}}}
	parts := strings.Split(path, ".")
	for i := len(parts) - 1; i >= 0; i-- {
		if parts[i] == "" {
			continue
		}
		leaf = map[string]any{parts[i]: leaf}
	}
	return &apiError{status: 400, code: 50035, msg: "Invalid Form Body", errors: leaf}
}

// call is one REST request being handled.
type call struct {
	r     *http.Request
	rec   *Request
	json  json.RawMessage
	files []File
}

func (c *call) path(name string) string { return c.r.PathValue(name) }

type handler func(c *call) (int, any)

// route registers a handler for "METHOD /path/{wild}" under /api/{version}.
func (s *Server) route(route string, auth bool, h handler) {
	method, path, _ := strings.Cut(route, " ")
	s.mux.HandleFunc(method+" /api/{version}"+path, func(w http.ResponseWriter, r *http.Request) {
		c := r.Context().Value(callKey{}).(*call)
		if !versionRE.MatchString(r.PathValue("version")) {
			s.reply(w, c, errNotFound.status, errNotFound.body())
			return
		}
		s.mu.Lock()
		c.rec.Route = route
		s.mu.Unlock()
		if auth && !validBotAuth(r.Header.Get("Authorization")) {
			s.reply(w, c, errUnauthorized.status, errUnauthorized.body())
			return
		}
		if s.intercept(w, c, route) {
			return
		}
		if c.json == nil && len(c.rec.Body) > 0 && !isMultipart(r) {
			if !json.Valid(c.rec.Body) {
				s.reply(w, c, errInvalidJSON.status, errInvalidJSON.body())
				return
			}
		}
		status, body := h(c)
		if e, ok := body.(*apiError); ok {
			status, body = e.status, e.body()
		}
		if !s.hold(w, c, route, true, status) {
			return
		}
		s.reply(w, c, status, body)
	})
}

var versionRE = regexp.MustCompile(`^v[0-9]+$`)

func validBotAuth(h string) bool {
	tok, ok := strings.CutPrefix(h, "Bot ")
	return ok && strings.TrimSpace(tok) != ""
}

type callKey struct{}

func isMultipart(r *http.Request) bool {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return mt == "multipart/form-data"
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if websocket.IsWebSocketUpgrade(r) {
		s.serveGateway(w, r)
		return
	}
	body, _ := io.ReadAll(r.Body)
	rec := &Request{
		Time:   time.Now(),
		Method: r.Method,
		Path:   r.URL.Path,
		Query:  r.URL.Query(),
		Header: r.Header.Clone(),
		Body:   body,
	}
	c := &call{r: r, rec: rec}
	var perr *apiError
	if isMultipart(r) {
		c.json, c.files, perr = parseMultipart(r.Header.Get("Content-Type"), body)
	} else if len(bytes.TrimSpace(body)) > 0 && json.Valid(body) {
		c.json = body
	}
	rec.JSON, rec.Files = c.json, c.files
	s.mu.Lock()
	s.requests = append(s.requests, rec)
	s.notify()
	s.mu.Unlock()
	if perr != nil {
		s.reply(w, c, perr.status, perr.body())
		return
	}
	r = r.WithContext(context.WithValue(r.Context(), callKey{}, c))
	c.r = r
	s.mux.ServeHTTP(w, r)
}

// unknownRoute answers everything no route matched: 405 if the path exists
// with another method, else 404, both with Discord's error JSON.
func (s *Server) unknownRoute(w http.ResponseWriter, r *http.Request) {
	c := r.Context().Value(callKey{}).(*call)
	e := errNotFound
	for _, m := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
		r2 := r.Clone(r.Context())
		r2.Method = m
		if _, p := s.mux.Handler(r2); p != "/" && p != "" {
			e = errMethod
			break
		}
	}
	s.reply(w, c, e.status, e.body())
}

// reply writes and records the answer, with generous rate limit headers.
func (s *Server) reply(w http.ResponseWriter, c *call, status int, body any) {
	s.replyWith(w, c, status, body, "999", time.Second)
}

// replyWith is reply with the rate limit headers saying that remaining
// requests are left in the bucket until resetAfter.
func (s *Server) replyWith(w http.ResponseWriter, c *call, status int, body any, remaining string, resetAfter time.Duration) {
	var out []byte
	if status != http.StatusNoContent && body != nil {
		out, _ = json.Marshal(body)
		w.Header().Set("Content-Type", "application/json")
	}
	h := fnv.New64a()
	h.Write([]byte(c.rec.Route))
	w.Header().Set("X-RateLimit-Bucket", strconv.FormatUint(h.Sum64(), 16))
	w.Header().Set("X-RateLimit-Limit", "1000")
	w.Header().Set("X-RateLimit-Remaining", remaining)
	w.Header().Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().Add(resetAfter).UnixMilli())/1000, 'f', 3, 64))
	w.Header().Set("X-RateLimit-Reset-After", strconv.FormatFloat(resetAfter.Seconds(), 'f', 3, 64))
	w.WriteHeader(status)
	w.Write(out)
	s.mu.Lock()
	c.rec.Status = status
	c.rec.ResponseBody = out
	s.notify()
	s.mu.Unlock()
}

// parseMultipart decodes a multipart/form-data body into its payload_json
// part and its file parts.
func parseMultipart(contentType string, body []byte) (json.RawMessage, []File, *apiError) {
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil || params["boundary"] == "" {
		return nil, nil, errf(400, 50035, "Invalid Form Body")
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var payload json.RawMessage
	var files []File
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, errf(400, 50035, "Invalid Form Body")
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, nil, errf(400, 50035, "Invalid Form Body")
		}
		if p.FileName() == "" && p.FormName() == "payload_json" {
			if !json.Valid(data) {
				return nil, nil, errInvalidJSON
			}
			payload = data
			continue
		}
		if p.FileName() == "" {
			continue
		}
		if len(data) > maxFileSize {
			return nil, nil, errTooLarge
		}
		files = append(files, File{
			Field:       p.FormName(),
			Filename:    p.FileName(),
			ContentType: p.Header.Get("Content-Type"),
			Data:        data,
		})
	}
	return payload, files, nil
}

// fields is a JSON object whose keys are told apart as absent, null or set.
type fields map[string]json.RawMessage

func parseFields(raw json.RawMessage) (fields, *apiError) {
	f := fields{}
	if len(bytes.TrimSpace(raw)) == 0 {
		return f, nil
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, formError("", "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
	}
	if f == nil {
		f = fields{}
	}
	return f, nil
}

func (f fields) present(k string) bool { _, ok := f[k]; return ok }

func (f fields) null(k string) bool {
	v, ok := f[k]
	return ok && string(bytes.TrimSpace(v)) == "null"
}

func (f fields) set(k string) bool { return f.present(k) && !f.null(k) }

func (f fields) decode(k string, v any) bool {
	if !f.set(k) {
		return false
	}
	return json.Unmarshal(f[k], v) == nil
}

func (f fields) str(k string) string {
	var v string
	f.decode(k, &v)
	return v
}

func (f fields) int(k string) int64 {
	var v json.Number
	if !f.decode(k, &v) {
		var s string
		if f.decode(k, &s) {
			v = json.Number(s)
		}
	}
	n, _ := v.Int64()
	return n
}

func ts(t time.Time) string { return t.UTC().Format(timestampLayout) }

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
