package discord

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
)

// No token reaches a log line: discordgo's errors carry the URLs of their
// requests, and an interaction's URLs carry its token
// (/interactions/{id}/{token}/callback, /webhooks/{app}/{token}/…), which
// lets anyone who reads it answer as the bot for 15 minutes; a web table's
// token opens a private channel's table. Rather than trust every call that
// logs an error to clean it, the bot's logger itself rewrites every value
// (and message) it is handed: a token's shape is replaced by "[token]".

// tokenShapes are what a token looks like: the bot token's three dotted
// parts, and any run of letters, digits, '-' and '_' of 32 or more (an
// interaction token is about 90, a web table's token 32 hexadecimal
// digits; snowflakes are at most 20 digits, words and paths shorter).
var tokenShapes = regexp.MustCompile(`[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{20,}|[A-Za-z0-9_-]{32,}`)

// redacted is how a token is written in a log line.
const redacted = "[token]"

// RedactTokens is h with every token taken out of what it logs: the
// secrets given (the bot token), and anything of a token's shape (see
// tokenShapes). The bot logs through it; wrap a process's other loggers
// in it too.
func RedactTokens(h slog.Handler, secrets ...string) slog.Handler {
	var keep []string
	for _, s := range secrets {
		s = strings.TrimPrefix(s, "Bot ")
		if len(s) >= 8 { // a shorter "secret" would blank out words
			keep = append(keep, s)
		}
	}
	if r, ok := h.(redactor); ok {
		r.secrets = append(keep, r.secrets...)
		return r
	}
	return redactor{next: h, secrets: keep}
}

// redactor is RedactTokens' handler.
type redactor struct {
	next    slog.Handler
	secrets []string
}

// Enabled is the wrapped handler's.
func (h redactor) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

// Handle passes r on with its message and values redacted.
func (h redactor) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, h.redact(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.attr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

// WithAttrs redacts the attributes before the wrapped handler keeps them.
func (h redactor) WithAttrs(attrs []slog.Attr) slog.Handler {
	out := make([]slog.Attr, len(attrs))
	for k, a := range attrs {
		out[k] = h.attr(a)
	}
	return redactor{next: h.next.WithAttrs(out), secrets: h.secrets}
}

// WithGroup is the wrapped handler's, still redacted.
func (h redactor) WithGroup(name string) slog.Handler {
	return redactor{next: h.next.WithGroup(name), secrets: h.secrets}
}

// attr is a with its value redacted: strings, errors, anything printed.
func (h redactor) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, h.redact(v.String()))
	case slog.KindGroup:
		g := v.Group()
		out := make([]slog.Attr, len(g))
		for k, ga := range g {
			out[k] = h.attr(ga)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(out...)}
	case slog.KindAny:
		var s string
		switch x := v.Any().(type) {
		case nil:
			return slog.Attr{Key: a.Key, Value: v}
		case error:
			return slog.String(a.Key, h.redact(x.Error()))
		case fmt.Stringer:
			s = x.String()
		case []byte:
			s = string(x)
		default:
			s = fmt.Sprintf("%+v", x)
		}
		if r := h.redact(s); r != s {
			return slog.String(a.Key, r)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}

// redact is s without its tokens.
func (h redactor) redact(s string) string {
	for _, secret := range h.secrets {
		s = strings.ReplaceAll(s, secret, redacted)
	}
	if !longRun(s) {
		return s // most values: no regular expression run
	}
	return tokenShapes.ReplaceAllString(s, redacted)
}

// longRun reports whether s holds a run of 20 token characters, which
// every shape in tokenShapes has.
func longRun(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			if n++; n >= 20 {
				return true
			}
			continue
		}
		n = 0
	}
	return false
}
