package web

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
)

// A table's token is the key to its page: whoever reads a log line with a
// token in it can watch a table of a private channel. Everything the web
// logs (its own failures, and net/http's through Config.Logger) goes
// through redactHandler, which writes every token as tokenMark: in the
// message, in every attribute, in errors and in paths.

// tokenMark stands for a token in the log.
const tokenMark = "[token]"

// redactHandler is a slog.Handler that hides tables' tokens before the
// handler it wraps sees a record.
type redactHandler struct{ h slog.Handler }

// Enabled is the wrapped handler's.
func (r redactHandler) Enabled(ctx context.Context, l slog.Level) bool { return r.h.Enabled(ctx, l) }

// Handle passes rec on with its tokens hidden.
func (r redactHandler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, redactTokens(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(redactAttr(a))
		return true
	})
	return r.h.Handle(ctx, out)
}

// WithAttrs hides the tokens of attrs too.
func (r redactHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	red := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		red[i] = redactAttr(a)
	}
	return redactHandler{r.h.WithAttrs(red)}
}

// WithGroup is the wrapped handler's, still redacting.
func (r redactHandler) WithGroup(name string) slog.Handler { return redactHandler{r.h.WithGroup(name)} }

// redactAttr is a with its tokens hidden: strings, errors, anything
// printed, and groups of them.
func redactAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, redactTokens(v.String()))
	case slog.KindGroup:
		group := v.Group()
		red := make([]any, len(group))
		for i, g := range group {
			red[i] = redactAttr(g)
		}
		return slog.Group(a.Key, red...)
	case slog.KindAny:
		var s string
		switch x := v.Any().(type) {
		case error:
			s = x.Error()
		case fmt.Stringer:
			s = x.String()
		default:
			s = fmt.Sprint(x)
		}
		if red := redactTokens(s); red != s {
			return slog.String(a.Key, red)
		}
		if _, isErr := v.Any().(error); isErr {
			return slog.String(a.Key, s) // as printed, whatever the handler
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}

// redactTokens writes every token in s (store.ValidToken's shape: 32
// lowercase hex digits) as tokenMark; a longer run of such digits, which
// may hold a token, is written so too.
func redactTokens(s string) string {
	var b strings.Builder
	last, run := 0, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && isTokenDigit(s[i]) {
			run++
			continue
		}
		if run >= 32 {
			if b.Len() == 0 {
				b.Grow(len(s))
			}
			b.WriteString(s[last : i-run])
			b.WriteString(tokenMark)
			last = i
		}
		run = 0
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isTokenDigit(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' }
