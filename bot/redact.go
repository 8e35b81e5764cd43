package bot

import (
	"context"
	"log/slog"
	"regexp"
)

// tokenInURL matches the secret part of Discord's interaction and webhook
// addresses (/interactions/{id}/{token}/callback, /webhooks/{app}/{token}):
// an interaction token lets anyone answer as the bot for 15 minutes.
var tokenInURL = regexp.MustCompile(`(/(?:interactions|webhooks)/[0-9]+/)[A-Za-z0-9_.\-]+`)

// botAuth matches an Authorization header's value, in case a library puts
// one in an error.
var botAuth = regexp.MustCompile(`\bBot [A-Za-z0-9_.\-]{20,}`)

// redact hides the tokens in s.
func redact(s string) string {
	s = tokenInURL.ReplaceAllString(s, "${1}[redacted]")
	return botAuth.ReplaceAllString(s, "Bot [redacted]")
}

// redacting is a slog.Handler that hides Discord tokens in the message and
// the attributes (strings and errors, in groups too) before next sees them:
// discordgo's errors carry whole request URLs, interaction tokens
// included, when a call fails at the network level.
type redacting struct{ next slog.Handler }

// Enabled implements slog.Handler.
func (h redacting) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

// Handle implements slog.Handler.
func (h redacting) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, redact(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(redactAttr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

// WithAttrs implements slog.Handler.
func (h redacting) WithAttrs(as []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(as))
	for i, a := range as {
		clean[i] = redactAttr(a)
	}
	return redacting{h.next.WithAttrs(clean)}
}

// WithGroup implements slog.Handler.
func (h redacting) WithGroup(name string) slog.Handler { return redacting{h.next.WithGroup(name)} }

func redactAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, redact(v.String()))
	case slog.KindGroup:
		as := v.Group()
		clean := make([]any, len(as))
		for i, g := range as {
			clean[i] = redactAttr(g)
		}
		return slog.Group(a.Key, clean...)
	case slog.KindAny:
		if err, ok := v.Any().(error); ok {
			return slog.String(a.Key, redact(err.Error()))
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
