package cli

import (
	"io"
	"log/slog"
	"net/url"
	"strings"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/store"
)

// The log formats of log_format.
const (
	logText = "text" // key=value lines (slog's TextHandler)
	logJSON = "json" // a JSON object a line (slog's JSONHandler), for log shippers
)

// parseLogFormat reads a log format: text (also "") or json, in any case.
func parseLogFormat(s string) (string, error) {
	switch f := strings.ToLower(strings.TrimSpace(s)); f {
	case logText, "":
		return logText, nil
	case logJSON:
		return f, nil
	}
	return "", keyErr("log_format", "log_format must be text or json (got %q)", clip(s, 20))
}

// newLogger is the process's logger as cfg says (log_level, log_format),
// writing to w. Whatever the format, no secret reaches a line: the bot
// token, the database password (the environment's or the URL's), and
// anything of a token's shape are taken out (bot.RedactTokens).
func newLogger(cfg Config, w io.Writer) *slog.Logger {
	level, _ := parseLevel(cfg.LogLevel)
	format, _ := parseLogFormat(cfg.LogFormat)
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if format == logJSON {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(bot.RedactTokens(h, logSecrets(cfg)...))
}

// logSecrets are cfg's secrets, as written and decoded: the bot token and
// the database's password.
func logSecrets(cfg Config) []string {
	secrets := []string{cfg.Discord.Token, cfg.DatabasePassword}
	if !store.IsURL(cfg.Database) {
		return secrets
	}
	if u, err := url.Parse(strings.TrimSpace(cfg.Database)); err == nil && u.User != nil {
		if p, ok := u.User.Password(); ok {
			secrets = append(secrets, p, url.QueryEscape(p), url.PathEscape(p))
		}
	}
	return secrets
}
