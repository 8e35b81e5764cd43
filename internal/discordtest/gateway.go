package discordtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway intents the server honours when dispatching.
const (
	intentGuilds        = 1 << 0
	intentGuildMessages = 1 << 9
)

// Gateway opcodes.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opPresenceUpdate = 3
	opVoiceState     = 4
	opResume         = 6
	opReconnect      = 7
	opRequestMembers = 8
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11
)

const (
	heartbeatInterval = 41250
	resumeBuffer      = 1000
)

// gwSession is a gateway session: created by IDENTIFY, resumable after its
// connection drops. Guarded by Server.mu.
type gwSession struct {
	id      string
	intents int64
	seq     int64
	sent    []gwFrame // dispatched frames, for replay on RESUME
	conn    *gwConn   // attached connection, nil while disconnected
	// shard is the session's [shard_id, num_shards] from IDENTIFY; nil
	// when it sent none, and then it gets the events of every guild.
	shard []int
}

// ShardOf is the gateway shard that serves guild guildID among count
// shards, by Discord's rule: (guild_id >> 22) % num_shards. Direct
// messages (guildID "") and ids that are not numbers go to shard 0, as do
// all guilds when count is 1 or less.
func ShardOf(guildID string, count int) int {
	if count <= 1 {
		return 0
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// serves reports whether the session gets the events of guild guildID
// ("" for direct messages): every guild without shard information, else
// the guilds of its shard.
func (sess *gwSession) serves(guildID string) bool {
	return sess.shard == nil || ShardOf(guildID, sess.shard[1]) == sess.shard[0]
}

type gwFrame struct {
	seq  int64
	data []byte
}

// gwConn is one websocket connection with an ordered write queue.
type gwConn struct {
	ws      *websocket.Conn
	version int
	sess    *gwSession // guarded by Server.mu

	mu      sync.Mutex
	cond    *sync.Cond
	queue   [][]byte
	stopped bool
}

func (c *gwConn) send(data []byte) {
	c.mu.Lock()
	if !c.stopped {
		c.queue = append(c.queue, data)
		c.cond.Signal()
	}
	c.mu.Unlock()
}

func (c *gwConn) stop() {
	c.mu.Lock()
	c.stopped = true
	c.cond.Signal()
	c.mu.Unlock()
}

func (c *gwConn) writeLoop() {
	for {
		c.mu.Lock()
		for len(c.queue) == 0 && !c.stopped {
			c.cond.Wait()
		}
		if c.stopped {
			c.mu.Unlock()
			return
		}
		data := c.queue[0]
		c.queue = c.queue[1:]
		c.mu.Unlock()
		if err := c.ws.WriteMessage(websocket.TextMessage, data); err != nil {
			c.ws.Close()
			return
		}
	}
}

// closeWith sends a close frame with a gateway close code.
func (c *gwConn) closeWith(code int, text string) {
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
}

func frame(op int, d any) []byte {
	b, _ := json.Marshal(map[string]any{"op": op, "d": d, "s": nil, "t": nil})
	return b
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws, version: 9}
	if v, err := strconv.Atoi(r.URL.Query().Get("v")); err == nil {
		c.version = v
	}
	c.cond = sync.NewCond(&c.mu)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ws.Close()
		return
	}
	s.conns[c] = true
	s.mu.Unlock()
	go c.writeLoop()
	c.send(frame(opHello, map[string]any{"heartbeat_interval": heartbeatInterval, "_trace": []string{`["discordtest"]`}}))
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			break
		}
		var p struct {
			Op *int            `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if json.Unmarshal(data, &p) != nil || p.Op == nil {
			c.closeWith(4002, "Error while decoding payload.")
			break
		}
		if !s.handleOp(c, *p.Op, p.D) {
			break
		}
	}
	s.mu.Lock()
	delete(s.conns, c)
	if c.sess != nil && c.sess.conn == c {
		c.sess.conn = nil
	}
	s.notify()
	s.mu.Unlock()
	c.stop()
	ws.Close()
}

// handleOp handles one payload from the client; false closes the connection.
func (s *Server) handleOp(c *gwConn, op int, d json.RawMessage) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.sess == nil && op != opHeartbeat && op != opIdentify && op != opResume {
		c.closeWith(4003, "Not authenticated.")
		return false
	}
	switch op {
	case opHeartbeat:
		c.send(frame(opHeartbeatAck, nil))
	case opIdentify:
		if c.sess != nil {
			c.closeWith(4005, "Already authenticated.")
			return false
		}
		var id struct {
			Token   string `json:"token"`
			Intents *int64 `json:"intents"`
			Shard   []int  `json:"shard"`
		}
		if json.Unmarshal(d, &id) != nil {
			c.closeWith(4002, "Error while decoding payload.")
			return false
		}
		if id.Token == "" {
			c.closeWith(4004, "Authentication failed.")
			return false
		}
		if id.Intents == nil {
			c.closeWith(4013, "Invalid intent(s).")
			return false
		}
		if id.Shard != nil && (len(id.Shard) != 2 || id.Shard[1] < 1 || id.Shard[0] < 0 || id.Shard[0] >= id.Shard[1]) {
			c.closeWith(4010, "Invalid shard.")
			return false
		}
		sess := &gwSession{id: randomHex(16), intents: *id.Intents, conn: c, shard: id.Shard}
		s.sessions[sess.id] = sess
		c.sess = sess
		s.sendTo(sess, "READY", s.readyJSON(sess, c))
		if sess.intents&intentGuilds != 0 {
			for _, g := range s.guilds {
				if sess.serves(g.id) {
					s.sendTo(sess, "GUILD_CREATE", s.guildCreateJSON(g))
				}
			}
		}
		s.notify()
	case opResume:
		if c.sess != nil {
			c.closeWith(4005, "Already authenticated.")
			return false
		}
		var rp struct {
			Token     string `json:"token"`
			SessionID string `json:"session_id"`
			Seq       int64  `json:"seq"`
		}
		json.Unmarshal(d, &rp)
		sess := s.sessions[rp.SessionID]
		if sess == nil || rp.Token == "" {
			c.send(frame(opInvalidSession, false))
			return true
		}
		if old := sess.conn; old != nil && old != c {
			old.closeWith(4000, "Session resumed elsewhere.")
			old.ws.Close()
		}
		sess.conn = c
		c.sess = sess
		for _, f := range sess.sent {
			if f.seq > rp.Seq {
				c.send(f.data)
			}
		}
		s.sendTo(sess, "RESUMED", map[string]any{"_trace": []string{`["discordtest"]`}})
		s.notify()
	case opPresenceUpdate, opVoiceState, opRequestMembers:
		// Accepted and ignored.
	default:
		c.closeWith(4001, "Unknown opcode.")
		return false
	}
	return true
}

// sendTo dispatches an event to one session, buffering it for resume and
// sending it if the session is connected. d is marshalled unless it is a
// json.RawMessage, which is sent verbatim, valid JSON or not. Callers hold
// s.mu.
func (s *Server) sendTo(sess *gwSession, event string, d any) {
	raw, ok := d.(json.RawMessage)
	if !ok {
		raw, _ = json.Marshal(d)
	}
	if len(raw) == 0 {
		raw = json.RawMessage("null")
	}
	sess.seq++
	data := fmt.Appendf(nil, `{"op":0,"s":%d,"t":%q,"d":%s}`, sess.seq, event, raw)
	sess.sent = append(sess.sent, gwFrame{seq: sess.seq, data: data})
	if len(sess.sent) > resumeBuffer {
		sess.sent = sess.sent[len(sess.sent)-resumeBuffer:]
	}
	if sess.conn != nil {
		sess.conn.send(data)
	}
}

// dispatch sends an event of guild guildID ("" for direct messages) to
// every session whose intents include intent (0: every session) and that
// serves the guild's shard (every session that identified without a
// shard). Sessions without a connection keep it for RESUME. Callers hold
// s.mu.
func (s *Server) dispatch(event string, intent int64, guildID string, d any) {
	s.dispatchTo(event, intent, func(sess *gwSession) bool { return sess.serves(guildID) }, d)
}

// dispatchTo sends an event to every session whose intents include intent
// (0: every session) and that to accepts. Callers hold s.mu.
func (s *Server) dispatchTo(event string, intent int64, to func(*gwSession) bool, d any) {
	if _, ok := d.(json.RawMessage); !ok {
		raw, _ := json.Marshal(d)
		d = json.RawMessage(raw)
	}
	for _, sess := range s.sessions {
		if (intent == 0 || sess.intents&intent != 0) && to(sess) {
			s.sendTo(sess, event, d)
		}
	}
}

// serving reports whether a connected session gets the events of guild
// guildID. Callers hold s.mu.
func (s *Server) serving(guildID string) bool {
	for _, sess := range s.sessions {
		if sess.conn != nil && sess.serves(guildID) {
			return true
		}
	}
	return false
}

func (s *Server) readyJSON(sess *gwSession, c *gwConn) map[string]any {
	user := s.userJSON(s.Bot)
	user["verified"] = true
	user["mfa_enabled"] = false
	user["email"] = nil
	guilds := []any{}
	for _, g := range s.guilds {
		if sess.serves(g.id) {
			guilds = append(guilds, map[string]any{"id": g.id, "unavailable": true})
		}
	}
	j := map[string]any{
		"v":                       c.version,
		"user":                    user,
		"guilds":                  guilds,
		"session_id":              sess.id,
		"session_type":            "normal",
		"resume_gateway_url":      s.GatewayURL(),
		"application":             map[string]any{"id": s.AppID, "flags": 0},
		"private_channels":        []any{},
		"relationships":           []any{},
		"presences":               []any{},
		"guild_join_requests":     []any{},
		"geo_ordered_rtc_regions": []any{"local"},
		"user_settings":           map[string]any{},
		"auth":                    map[string]any{},
		"_trace":                  []string{`["discordtest"]`},
	}
	if sess.shard != nil {
		j["shard"] = sess.shard
	}
	return j
}

func (s *Server) guildCreateJSON(gd *guild) map[string]any {
	g := s.guildJSON(gd)
	channels, threads := []any{}, []any{}
	for _, id := range s.chanOrder {
		c := s.channels[id]
		if c.deleted || c.guildID != gd.id {
			continue
		}
		cj := s.channelJSON(c)
		if !c.isThread() {
			delete(cj, "guild_id")
			channels = append(channels, cj)
		} else if !c.archived {
			threads = append(threads, cj)
		}
	}
	g["joined_at"] = ts(s.joined[s.Bot.ID])
	g["large"] = false
	g["unavailable"] = false
	g["member_count"] = len(s.joined)
	g["members"] = []any{s.memberJSON(gd, s.Bot.ID)}
	g["channels"] = channels
	g["threads"] = threads
	g["voice_states"] = []any{}
	g["presences"] = []any{}
	g["stage_instances"] = []any{}
	g["guild_scheduled_events"] = []any{}
	g["soundboard_sounds"] = []any{}
	return g
}

// Connected is the number of gateway sessions that identified (or resumed)
// and whose connection is open.
func (s *Server) Connected() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, sess := range s.sessions {
		if sess.conn != nil {
			n++
		}
	}
	return n
}

// ShardConnected reports whether a gateway session that identified as shard
// id of count (with count 1 or less: without a shard) is connected.
func (s *Server) ShardConnected(id, count int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sess := range s.sessions {
		if sess.conn == nil {
			continue
		}
		if sess.shard == nil && count <= 1 || sess.shard != nil && sess.shard[0] == id && sess.shard[1] == count {
			return true
		}
	}
	return false
}

// WaitReady waits until at least one gateway session is connected: it
// identified and was sent READY, or resumed.
func (s *Server) WaitReady(ctx context.Context) error {
	return s.Wait(ctx, func() bool { return s.Connected() > 0 })
}

// Reconnect sends op 7 RECONNECT to every connected session; discordgo then
// closes its connection and resumes the session on a new one.
func (s *Server) Reconnect() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sess := range s.sessions {
		if sess.conn != nil {
			sess.conn.send(frame(opReconnect, nil))
		}
	}
}

// Dispatch sends an arbitrary event to the gateway sessions once at least
// one is connected (or ctx is done). payload is the event's "d", sent
// verbatim: it need not be valid JSON, which makes it the knob for
// robustness tests. A payload that is a JSON object goes to the sessions
// that serve the shard of its "guild_id" (shard 0 when it has none, as
// direct messages do; every session that identified without a shard);
// anything else goes to every session. If eventType is INTERACTION_CREATE
// and payload is an object with an id and a token, the interaction is
// registered so that the bot can answer it.
func (s *Server) Dispatch(ctx context.Context, eventType string, payload []byte) error {
	if err := s.WaitReady(ctx); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if eventType == "INTERACTION_CREATE" {
		s.registerRaw(payload)
	}
	var obj struct {
		GuildID any `json:"guild_id"`
	}
	if json.Unmarshal(payload, &obj) == nil && bytes.HasPrefix(bytes.TrimSpace(payload), []byte("{")) {
		gid, _ := obj.GuildID.(string)
		s.dispatch(eventType, 0, gid, json.RawMessage(payload))
	} else {
		s.dispatchTo(eventType, 0, func(*gwSession) bool { return true }, json.RawMessage(payload))
	}
	s.notify()
	return nil
}
