package cli

import (
	"fmt"
	"log/slog"
	"net"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/dealer/dealer/bot"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/web"
)

// The bounds of the config's values, as config.example.yaml documents
// them. Each is wide enough for any real bot and narrow enough that no
// value can make the dealer allocate, overflow or spin before it serves.
const (
	// minTurnTimeout and maxTurnTimeout bound a turn: long enough to read
	// the table, short enough that a table waiting on a player who left is
	// played on the same day. 0 is off.
	minTurnTimeout = 5 * time.Second
	maxTurnTimeout = 24 * time.Hour
	// minLobbyTimeout and maxLobbyTimeout bound a lobby's wait: long
	// enough to gather players, closed within a day.
	minLobbyTimeout     = 30 * time.Second
	maxLobbyTimeout     = 24 * time.Hour
	defaultLobbyTimeout = 30 * time.Minute
	// minPictureCacheMB and maxPictureCacheMB bound the picture cache, in
	// MB: below 16 it keeps too few tables' pictures to help (about 200 KB
	// a table); above 64 GiB no machine gives it.
	minPictureCacheMB = 16
	maxPictureCacheMB = 64 << 10
	// maxShardCount and maxShardsInProcess bound the shards: Discord
	// recommends one a thousand-odd servers, so 65,536 is beyond any bot;
	// one process runs at most 1,024 (each holds a websocket and its
	// buffers).
	maxShardCount      = 1 << 16
	maxShardsInProcess = 1024
	// maxTokenLength, maxDatabaseLength and maxURLLength are the lengths
	// beyond which a value is a mistake (a pasted file).
	maxTokenLength    = 512
	maxDatabaseLength = 4096
	maxURLLength      = 2048
)

// keyError is a config value out of its bounds: key ("turn_timeout",
// "discord.token") names it, so that the message can give its line.
type keyError struct {
	key string
	msg string
}

// Error is the message, naming the key.
func (e keyError) Error() string { return e.msg }

// keyErr is a keyError for key, its message formatted.
func keyErr(key, format string, a ...any) error {
	return keyError{key: key, msg: fmt.Sprintf(format, a...)}
}

// checkConfig reads and checks every value of c against its bounds,
// filling in what the raw values say.
func checkConfig(c *Config) error {
	for _, check := range []func(*Config) error{
		checkDatabase, checkLogLevel, checkLogFormat, checkTimeouts, checkPictureCache, checkSeasons, checkDiscord, checkScale, checkWeb, checkBackup,
	} {
		if err := check(c); err != nil {
			return err
		}
	}
	return nil
}

// checkDatabase: a file path or a postgres:// URL, of a sane length.
func checkDatabase(c *Config) error {
	db := strings.TrimSpace(c.Database)
	lower := strings.ToLower(db)
	switch {
	case db == "":
		return keyErr("database", "database must name a file, such as dealer.db, or be a postgres:// URL")
	case len(db) > maxDatabaseLength:
		return keyErr("database", "database must be at most %d characters (it has %d)", maxDatabaseLength, len(db))
	case strings.IndexFunc(db, isControl) >= 0:
		return keyErr("database", "database must not hold control characters (got %q)", clip(store.Redact(db), 60))
	case store.IsKeywordValue(db):
		return keyErr("database", "database is a file path or a postgres:// URL, not key=value settings: write postgres://user@host/dbname")
	case store.IsURL(db):
		return nil
	case strings.Contains(db, "://"):
		scheme, _, _ := strings.Cut(db, "://")
		return keyErr("database", "database is a file path or a postgres:// URL, not a %s:// URL", clip(scheme, 20))
	case strings.HasPrefix(lower, "postgres:") || strings.HasPrefix(lower, "postgresql:"):
		return keyErr("database", "database: a PostgreSQL URL begins postgres:// (two slashes)")
	}
	return nil
}

// parseLevel reads a log level: debug, info, warn or error, in any case.
func parseLevel(s string) (slog.Level, error) {
	var l slog.Level
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "debug":
		l = slog.LevelDebug
	case "info", "":
		l = slog.LevelInfo
	case "warn", "warning":
		l = slog.LevelWarn
	case "error":
		l = slog.LevelError
	default:
		return l, keyErr("log_level", "log_level must be debug, info, warn or error (got %q)", clip(s, 20))
	}
	return l, nil
}

// checkLogLevel: one of the four levels.
func checkLogLevel(c *Config) error {
	_, err := parseLevel(c.LogLevel)
	return err
}

// checkSeasons: month, quarter or none (any case; "" is month).
func checkSeasons(c *Config) error {
	l, err := store.ParseSeasonLength(strings.ToLower(strings.TrimSpace(c.RawSeasons)))
	if err != nil {
		return keyErr("seasons", "seasons must be month, quarter or none (got %q)", clip(c.RawSeasons, 20))
	}
	c.Seasons = l
	return nil
}

// checkLogFormat: text or json.
func checkLogFormat(c *Config) error {
	_, err := parseLogFormat(c.LogFormat)
	return err
}

// checkTimeouts: turn_timeout 0 (off) or 5s to 24h; lobby_timeout 30s to
// 24h.
func checkTimeouts(c *Config) error {
	if c.RawTurnTimeout != "" {
		d, err := parseDuration(c.RawTurnTimeout)
		if err != nil || d != 0 && (d < minTurnTimeout || d > maxTurnTimeout) {
			return keyErr("turn_timeout", "turn_timeout must be 0 (off) or a duration from %s to %s, such as 90s or 2m (got %q)",
				boundText(minTurnTimeout), boundText(maxTurnTimeout), clip(c.RawTurnTimeout, 20))
		}
		c.TurnTimeout = d
	}
	return durationIn("lobby_timeout", c.RawLobbyTimeout, minLobbyTimeout, maxLobbyTimeout, "30m", &c.LobbyTimeout)
}

// durationIn reads raw, key's value, into *to: a duration from lo to hi
// (example is one, as the error says), or a key error. An empty raw
// leaves *to as it is.
func durationIn(key, raw string, lo, hi time.Duration, example string, to *time.Duration) error {
	if raw == "" {
		return nil
	}
	d, err := parseDuration(raw)
	if err != nil || d < lo || d > hi {
		return keyErr(key, "%s must be a duration from %s to %s, such as %s (got %q)",
			key, boundText(lo), boundText(hi), example, clip(raw, 20))
	}
	*to = d
	return nil
}

// boundText writes a bound as the config would: 5s, 30m, 24h.
func boundText(d time.Duration) string {
	switch {
	case d%time.Hour == 0:
		return fmt.Sprintf("%dh", d/time.Hour)
	case d%time.Minute == 0:
		return fmt.Sprintf("%dm", d/time.Minute)
	}
	return d.String()
}

// parseDuration reads a Go duration ("90s", "2m", "1h30m"); "0" is 0.
func parseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "0" {
		return 0, nil
	}
	return time.ParseDuration(s)
}

// checkPictureCache: 0 (the default) or 16 to 65,536 MB.
func checkPictureCache(c *Config) error {
	raw := strings.TrimSpace(c.RawPictureCacheMB)
	if raw == "" {
		return nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n != 0 && (n < minPictureCacheMB || n > maxPictureCacheMB) {
		return keyErr("picture_cache_mb", "picture_cache_mb must be 0 (the default, %d) or a whole number of MB from %d to %d (64 GiB) (got %q)",
			render.DefaultCacheLimit>>20, minPictureCacheMB, maxPictureCacheMB, clip(raw, 24))
	}
	c.PictureCacheMB = n
	return nil
}

// checkDiscord: a token Discord could have issued (never shown), ids that
// are Discord ids, a public key of 64 hex digits.
func checkDiscord(c *Config) error {
	if t := c.Discord.Token; len(t) > maxTokenLength || strings.IndexFunc(t, func(r rune) bool { return r <= ' ' || r > '~' }) >= 0 {
		return keyErr("discord.token", "discord.token (or DISCORD_TOKEN) must be the bot's token: at most %d printable characters, no spaces", maxTokenLength)
	}
	for _, id := range []struct{ key, value string }{
		{"discord.application_id", c.Discord.ApplicationID}, {"discord.test_guild_id", c.Discord.TestGuildID},
	} {
		if id.value == "" {
			continue
		}
		if n, err := strconv.ParseUint(id.value, 10, 64); err != nil || n == 0 || strings.Trim(id.value, "0123456789") != "" {
			return keyErr(id.key, "%s must be a numeric Discord id, 1 to 20 digits (got %q)", id.key, clip(id.value, 30))
		}
	}
	if c.Discord.PublicKey != "" {
		if _, err := bot.ParsePublicKey(c.Discord.PublicKey); err != nil {
			return keyErr("discord.public_key", "discord.public_key: %v", err)
		}
	}
	return nil
}

// checkWeb: web.listen an address to listen on, web.public_url an http(s)
// URL, web.trusted_proxies addresses and networks, and the web pages not
// on the interactions endpoint's address.
func checkWeb(c *Config) error {
	if c.Web.Listen != "" {
		if err := checkAddress(c.Web.Listen); err != nil {
			return keyErr("web.listen", "web.listen %v", err)
		}
		if c.Listen != "" && c.Listen == c.Web.Listen {
			return keyErr("web.listen", "web.listen and listen are both %q: the web pages and the interactions endpoint need addresses of their own", c.Listen)
		}
	}
	if u := c.Web.PublicURL; u != "" {
		if len(u) > maxURLLength {
			return keyErr("web.public_url", "web.public_url must be at most %d characters (it has %d)", maxURLLength, len(u))
		}
		if _, err := web.NewURLs(u); err != nil {
			return keyErr("web.public_url", "web.public_url: %v", strings.TrimPrefix(err.Error(), "web: "))
		}
	}
	if _, err := web.ParseTrustedProxies(c.Web.TrustedProxies); err != nil {
		return keyErr("web.trusted_proxies", "web.trusted_proxies: %v", strings.TrimPrefix(err.Error(), "web: "))
	}
	return checkSignIn(c)
}

// checkSignIn: web.client_id a Discord id, and with it web.public_url
// (Discord's redirect), DEALER_CLIENT_SECRET and a DEALER_SESSION_KEY of
// at least web.MinSessionKey characters. Neither secret is ever said.
func checkSignIn(c *Config) error {
	id := c.Web.ClientID
	switch {
	case id == "" && c.Web.Activity:
		return keyErr("web.activity", "web.activity needs web.client_id: the Activity signs players in with Discord")
	case id == "":
		return nil
	case len(id) > 20 || strings.Trim(id, "0123456789") != "":
		return keyErr("web.client_id", "web.client_id must be the application's numeric id, 1 to 20 digits (got %q)", clip(id, 30))
	case c.Web.PublicURL == "":
		return keyErr("web.client_id", "web.client_id needs web.public_url: Discord sends players back to PUBLIC_URL/signin/callback")
	case c.ClientSecret == "":
		return keyErr("web.client_id", "web.client_id needs the application's OAuth2 secret in %s", clientSecretEnv)
	case len(c.SessionKey) < web.MinSessionKey:
		return keyErr("web.client_id", "web.client_id needs %s of at least %d characters (it has %d), the same in every process", sessionKeyEnv, web.MinSessionKey, len(c.SessionKey))
	}
	return nil
}

// hostName is a host's name: letters, digits, hyphens and dots.
var hostName = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$`)

// checkAddress checks an address to listen on, HOST:PORT (HOST may be left
// out, for every interface; PORT from 1 to 65535). Its error completes a
// sentence that begins with the key.
func checkAddress(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("must be an address to listen on, HOST:PORT or :PORT, such as :8080 (got %q)", clip(addr, 40))
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("must end with a port from 1 to 65535, such as :8080 (got %q)", clip(addr, 40))
	}
	if host != "" && net.ParseIP(host) == nil && !hostName.MatchString(host) {
		return fmt.Errorf("must begin with an IP address or a host name, or nothing for every interface (got %q)", clip(addr, 40))
	}
	return nil
}

// isControl reports whether r is a control character.
func isControl(r rune) bool { return r < ' ' || r == 0x7f || r >= 0x80 && r <= 0x9f }
