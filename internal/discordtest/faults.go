package discordtest

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryAfter is the wait, in seconds, that a 429 answer made by FailNext
// asks for (in its retry_after field and its Retry-After header).
const RetryAfter = 0.05

// failure is an armed FailNext.
type failure struct {
	route  string
	left   int
	status int
}

// FailNext makes the next n REST requests matching route fail with the HTTP
// status (for example 500, 502 or 429) instead of being served; they change
// nothing. route is either a route as Request.Route spells it, e.g.
// "POST /channels/{channel}/messages", or one concrete request, e.g.
// "POST /channels/123/messages" (the path without /api/v{N}). A 429 answer
// carries Discord's rate limit body ({"message": "You are being rate
// limited.", "retry_after": RetryAfter, "global": false}) and headers
// (Retry-After, X-RateLimit-Remaining 0, X-RateLimit-Scope user), which
// discordgo obeys by waiting and retrying by itself; 502 is retried by
// discordgo too (Session.MaxRestRetries times); other statuses answer
// Discord's error JSON with code 0. Calls add up: FailNext twice on one
// route fails the next n1 requests with the first status, then n2 with the
// second.
func (s *Server) FailNext(route string, n, status int) {
	if n <= 0 {
		return
	}
	s.mu.Lock()
	s.failures = append(s.failures, &failure{route: route, left: n, status: status})
	s.mu.Unlock()
}

// Held is a request held by Hold: the server has received it and waits to
// serve it until Release.
type Held struct {
	route   string
	arrived chan struct{}
	release chan struct{}
	rec     *Request // set when the request arrived, under Server.mu
	s       *Server
	after   bool // hold the answer, not the request
	taken   bool
	dropped bool
	once    bool
}

// Hold makes the next REST request matching route (spelled as for FailNext)
// wait inside the server before it is served: Arrived is closed when it
// comes, and the request is served when Release is called. If the client
// goes away in the meantime (the bot's process was killed, or its request
// timed out), the request is dropped without effect, as if it had never
// reached Discord; Dropped tells, and its Request keeps Status 0. Close releases nothing but stops waiting
// and answers the held request 503, so a forgotten Held does not hang the
// test's cleanup. Several Holds on one route hold the next requests in
// order, one each.
func (s *Server) Hold(route string) *Held {
	h := &Held{route: route, arrived: make(chan struct{}), release: make(chan struct{}), s: s}
	s.mu.Lock()
	s.holds = append(s.holds, h)
	s.mu.Unlock()
	return h
}

// HoldAnswer is Hold for the answer: the next REST request matching route
// is served at once (its effect is visible, e.g. the message is posted) but
// its answer waits until Release. If the client goes away in the meantime,
// the effect stays and the answer is lost, as when a process dies after
// Discord acted on its request but before reading the answer; Dropped
// tells. The request's recorded Status is the status it was served with,
// whether or not the answer reached the client. Arrived is closed once the
// request has been served.
func (s *Server) HoldAnswer(route string) *Held {
	h := s.Hold(route)
	s.mu.Lock()
	h.after = true
	s.mu.Unlock()
	return h
}

// Wait waits until the held request arrives and returns it as recorded at
// that moment (Status 0: not answered yet), or ctx's error.
func (h *Held) Wait(ctx context.Context) (Request, error) {
	select {
	case <-h.arrived:
		h.s.mu.Lock()
		defer h.s.mu.Unlock()
		return *h.rec, nil
	case <-ctx.Done():
		return Request{}, fmt.Errorf("discordtest: no request for %q arrived: %w", h.route, context.Cause(ctx))
	}
}

// Release lets the held request be served (or, if it has not arrived yet,
// lets it through without holding when it comes). It is safe to call more
// than once.
func (h *Held) Release() {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	if !h.once {
		h.once = true
		close(h.release)
	}
}

// Dropped reports whether the held request was given up because its client
// went away before Release.
func (h *Held) Dropped() bool {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return h.dropped
}

// matches tells whether a pattern names a request's route or its concrete
// method and path.
func matches(pattern, route string, r *http.Request) bool {
	if pattern == route {
		return true
	}
	p := r.URL.Path
	if rest, ok := strings.CutPrefix(p, "/api/"); ok {
		if _, after, ok := strings.Cut(rest, "/"); ok {
			p = "/" + after
		}
	}
	return pattern == r.Method+" "+p
}

// hold takes the first armed Held of the kind (after or not) matching a
// request and waits until it is released; it returns false if the request
// must not be answered: its client went away, or the server closed (then it
// answers 503). status is the status the request was served with (after).
func (s *Server) hold(w http.ResponseWriter, c *call, route string, after bool, status int) bool {
	s.mu.Lock()
	var hold *Held
	for _, h := range s.holds {
		if !h.taken && h.after == after && matches(h.route, route, c.r) {
			hold, h.taken, h.rec = h, true, c.rec
			if after {
				c.rec.Status = status
			}
			close(h.arrived)
			s.notify()
			break
		}
	}
	done := s.done
	s.mu.Unlock()
	if hold == nil {
		return true
	}
	select {
	case <-hold.release:
		return true
	case <-c.r.Context().Done():
		s.mu.Lock()
		hold.dropped = true
		s.notify()
		s.mu.Unlock()
		return false
	case <-done:
		s.reply(w, c, http.StatusServiceUnavailable, map[string]any{"message": "503: Service Unavailable", "code": 0})
		return false
	}
}

// intercept applies the armed holds and failures to a request of route; it
// returns true when it has answered (or dropped) the request.
func (s *Server) intercept(w http.ResponseWriter, c *call, route string) bool {
	if !s.hold(w, c, route, false, 0) {
		return true
	}
	s.mu.Lock()
	var fail *failure
	for _, f := range s.failures {
		if f.left > 0 && matches(f.route, route, c.r) {
			f.left--
			fail = f
			break
		}
	}
	s.mu.Unlock()
	if fail == nil {
		return false
	}
	if fail.status == http.StatusTooManyRequests {
		ra := strconv.FormatFloat(RetryAfter, 'f', 3, 64)
		w.Header().Set("Retry-After", ra)
		w.Header().Set("X-RateLimit-Scope", "user")
		// Discord sends X-RateLimit-Global only for a global limit, and
		// discordgo takes its mere presence to mean one.
		s.replyWith(w, c, fail.status, map[string]any{
			"message": "You are being rate limited.", "retry_after": RetryAfter, "global": false, "code": 0,
		}, "0", time.Duration(RetryAfter*float64(time.Second)))
		return true
	}
	s.reply(w, c, fail.status, map[string]any{"message": fmt.Sprintf("%d: %s", fail.status, http.StatusText(fail.status)), "code": 0})
	return true
}
