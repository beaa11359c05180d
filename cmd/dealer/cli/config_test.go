package cli

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/web"
)

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.yaml")
	require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	return p
}

func noEnv(string) string { return "" }

func TestConfigExampleLoads(t *testing.T) {
	c, err := loadConfig("../../../config.example.yaml", true, noEnv)
	require.NoError(t, err)
	assert.Equal(t, "dealer.db", c.Database)
	assert.Equal(t, "info", c.LogLevel)
	assert.Equal(t, 2*time.Minute, c.TurnTimeout)
}

func TestConfigMissingDefaultFileIsFine(t *testing.T) {
	c, err := loadConfig(filepath.Join(t.TempDir(), "config.yaml"), false, func(k string) string {
		if k == "DISCORD_TOKEN" {
			return " abc.def "
		}
		return ""
	})
	require.NoError(t, err)
	assert.Equal(t, "abc.def", c.Discord.Token)
	assert.Equal(t, "dealer.db", c.Database)
}

func TestConfigEnvironmentTokenWins(t *testing.T) {
	p := writeConfig(t, "discord:\n  token: fromfile\n")
	c, err := loadConfig(p, true, func(string) string { return "fromenv" })
	require.NoError(t, err)
	assert.Equal(t, "fromenv", c.Discord.Token)
	c, err = loadConfig(p, true, noEnv)
	require.NoError(t, err)
	assert.Equal(t, "fromfile", c.Discord.Token)
}

func TestConfigErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"unknown key", "databse: x.db\n", "databse"},
		{"unknown nested key", "discord:\n  tokn: x\n", "tokn"},
		{"bad level", "log_level: loud\n", "log_level"},
		{"bad duration", "turn_timeout: soon\n", "turn_timeout"},
		{"negative duration", "turn_timeout: -1s\n", "turn_timeout"},
		{"negative picture cache", "picture_cache_mb: -1\n", "picture_cache_mb"},
		{"bad guild id", "discord:\n  test_guild_id: my-server\n", "test_guild_id"},
		{"empty database", "database: \"\"\n", "database"},
		{"unknown interactions", "interactions: carrier-pigeon\n", "gateway or http"},
		{"http without listen", "interactions: http\ndiscord:\n  public_key: " + strings.Repeat("ab", 32) + "\n", "needs listen"},
		{"http without key", "interactions: http\nlisten: :8080\n", "public_key"},
		{"http with a bad key", "interactions: http\nlisten: :8080\ndiscord:\n  public_key: xyz\n", "public_key"},
		{"listen without http", "listen: :8080\n", "interactions: http"},
		{"http with shards", "interactions: http\nlisten: :8080\nshards: auto\ndiscord:\n  public_key: " + strings.Repeat("ab", 32) + "\n", "leave shards out"},
		{"shards without a count", "shards: 0-3\n", "such as 0-3/8"},
		{"shard past the count", "shards: 0-8/8\n", "from 0 to 7"},
		{"shard twice", "shards: 0,1,1/4\n", "named twice"},
		{"a proxy that is no address", "web:\n  trusted_proxies: 10.0.0.0/8, proxy.example\n", "web.trusted_proxies"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadConfig(writeConfig(t, tt.text), true, noEnv)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
	_, err := loadConfig(filepath.Join(t.TempDir(), "nope.yaml"), true, noEnv)
	assert.Error(t, err, "an explicit --config that does not exist is an error")
}

func TestConfigScale(t *testing.T) {
	key := strings.Repeat("ab", 32)
	c, err := loadConfig(writeConfig(t, "interactions: http\nlisten: 127.0.0.1:8080\ndiscord:\n  public_key: "+key+"\n"), true, noEnv)
	require.NoError(t, err)
	assert.Equal(t, "http", c.Interactions)
	assert.Equal(t, "127.0.0.1:8080", c.Listen)
	c, err = loadConfig(writeConfig(t, "shards: 0-2,5/8\n"), true, noEnv)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1, 2, 5}, c.ShardIDs)
	assert.Equal(t, 8, c.ShardCount)
	assert.Equal(t, "gateway", c.Interactions)
	c, err = loadConfig(writeConfig(t, "shards: auto\n"), true, noEnv)
	require.NoError(t, err)
	assert.Equal(t, "auto", c.Shards)
}

func TestConfigEmptyFileIsDefaults(t *testing.T) {
	c, err := loadConfig(writeConfig(t, ""), true, noEnv)
	require.NoError(t, err)
	assert.Equal(t, "dealer.db", c.Database)
}

// A config error names the key, its line and the keys valid there, never
// the program's types.
func TestConfigErrorsNameTheKey(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"unknown key", "database: x.db\ndatabse: y.db\n", []string{"line 2", `unknown key "databse" at the top level`, "discord, database, log_level, log_format, turn_timeout"}},
		{"unknown nested key", "discord:\n  tokn: x\n", []string{"line 2", `unknown key "tokn" under discord`, "token, application_id, test_guild_id, public_key"}},
		{"a list", "- a\n- b\n", []string{"line 1", "the top level must hold keys", "not a list"}},
		{"a list for a value", "database: [a, b]\n", []string{"database must be a single value, not a list"}},
		{"a value for keys", "discord: yes\n", []string{"discord must hold keys (token, application_id, test_guild_id, public_key)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadConfig(writeConfig(t, tt.text), true, noEnv)
			require.Error(t, err)
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
			for _, leak := range []string{"struct", "cli.Config", "main.Config", "not found in type", "!!"} {
				assert.NotContains(t, err.Error(), leak)
			}
		})
	}
	c, err := loadConfig(writeConfig(t, "discord:\ndatabase: x.db\n"), true, noEnv)
	require.NoError(t, err, "an empty section is no error")
	assert.Equal(t, "x.db", c.Database)
}

// web.trusted_proxies: addresses and networks; unset, this machine's
// (web.DefaultTrustedProxies); "none", none.
func TestConfigTrustedProxies(t *testing.T) {
	cases := []struct {
		text string
		want []string // nil: the default
	}{
		{"web:\n  listen: :8080\n", nil},
		{"web:\n  trusted_proxies: none\n", []string{}},
		{"web:\n  trusted_proxies: \"10.0.0.0/8, 192.0.2.7 ::1\"\n", []string{"10.0.0.0/8", "192.0.2.7/32", "::1/128"}},
		{"web:\n  trusted_proxies: 10.1.2.3/8\n", []string{"10.0.0.0/8"}},
	}
	for _, tc := range cases {
		c, err := loadConfig(writeConfig(t, tc.text), true, noEnv)
		require.NoError(t, err, tc.text)
		got, err := web.ParseTrustedProxies(c.Web.TrustedProxies)
		require.NoError(t, err)
		assert.Equal(t, tc.want == nil, got == nil, "%s: unset means the default", tc.text)
		var s []string
		for _, p := range got {
			s = append(s, p.String())
		}
		if tc.want != nil && s == nil {
			s = []string{}
		}
		assert.Equal(t, tc.want, s, tc.text)
	}
}

// The keys a config file may hold are the ones the YAML decoder fills in
// Config: written once, as its fields' tags.
func TestConfigKeysAreConfigsTags(t *testing.T) {
	out, err := yaml.Marshal(Config{})
	require.NoError(t, err)
	var doc yaml.Node
	require.NoError(t, yaml.Unmarshal(out, &doc))
	decoded := map[string][]string{}
	var walk func(n *yaml.Node, key string)
	walk = func(n *yaml.Node, key string) {
		decoded[key] = []string{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			decoded[key] = append(decoded[key], n.Content[i].Value)
			if n.Content[i+1].Kind == yaml.MappingNode {
				walk(n.Content[i+1], n.Content[i].Value)
			}
		}
	}
	walk(doc.Content[0], "")
	assert.Equal(t, decoded, configKeys)
	assert.Contains(t, configKeys[""], "turn_timeout", "a key read after decoding (its Raw field) is a key")
	assert.NotContains(t, configKeys[""], "ShardIDs", "a field tagged - is no key")
}

// boundCase is a config file's text and what loading it gives: the
// words its error holds (none: accepted), and a check of what was read.
type boundCase struct {
	name string
	text string
	want []string // in the error; none: accepted
	got  func(t *testing.T, c Config)
}

// Every config key's bounds: the values at each bound are taken, those
// past it refused with one line naming the file, the key's line, the key
// and its range.
func TestConfigBounds(t *testing.T) {
	var cases []boundCase
	for _, keys := range [][]boundCase{timeoutBounds(), sizeBounds(), addressBounds(), valueBounds()} {
		cases = append(cases, keys...)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := writeConfig(t, tc.text)
			c, err := loadConfig(path, true, noEnv)
			if tc.want == nil {
				require.NoError(t, err)
				if tc.got != nil {
					tc.got(t, c)
				}
				return
			}
			require.Error(t, err)
			msg := err.Error()
			assert.True(t, strings.HasPrefix(msg, "config "+path+": "), msg)
			assert.NotContains(t, msg, "\n")
			assert.NotContains(t, msg, "\x1b")
			assert.NotContains(t, msg, "hunter2", "no password")
			for _, w := range tc.want {
				assert.Contains(t, msg, w)
			}
		})
	}
}

// timeoutBounds are turn_timeout's and lobby_timeout's.
func timeoutBounds() []boundCase {
	return []boundCase{
		// turn_timeout: 0 (off), or 5s to 24h.
		{"turn_timeout off", "turn_timeout: 0\n", nil, func(t *testing.T, c Config) { assert.Zero(t, c.TurnTimeout) }},
		{"turn_timeout 0s", "turn_timeout: 0s\n", nil, func(t *testing.T, c Config) { assert.Zero(t, c.TurnTimeout) }},
		{"turn_timeout at the least", "turn_timeout: 5s\n", nil, func(t *testing.T, c Config) { assert.Equal(t, 5*time.Second, c.TurnTimeout) }},
		{"turn_timeout at the most", "turn_timeout: 24h\n", nil, func(t *testing.T, c Config) { assert.Equal(t, 24*time.Hour, c.TurnTimeout) }},
		{"turn_timeout 1ns", "turn_timeout: 1ns\n", []string{"line 1: turn_timeout must be 0 (off) or a duration from 5s to 24h", `(got "1ns")`}, nil},
		{"turn_timeout 4.9s", "turn_timeout: 4.9s\n", []string{"turn_timeout", "from 5s"}, nil},
		{"turn_timeout a day and a second", "turn_timeout: 24h0m1s\n", []string{"turn_timeout", "to 24h"}, nil},
		{"turn_timeout negative", "turn_timeout: -1s\n", []string{"turn_timeout"}, nil},
		{"turn_timeout a number", "turn_timeout: 120\n", []string{"turn_timeout", "such as 90s or 2m"}, nil},
		{"turn_timeout past int64", "turn_timeout: 9999999999999h\n", []string{"turn_timeout"}, nil},

		// lobby_timeout: 30s to 24h.
		{"lobby_timeout default", "", nil, func(t *testing.T, c Config) { assert.Equal(t, 30*time.Minute, c.LobbyTimeout) }},
		{"lobby_timeout at the least", "lobby_timeout: 30s\n", nil, func(t *testing.T, c Config) { assert.Equal(t, 30*time.Second, c.LobbyTimeout) }},
		{"lobby_timeout at the most", "lobby_timeout: 24h\n", nil, func(t *testing.T, c Config) { assert.Equal(t, 24*time.Hour, c.LobbyTimeout) }},
		{"lobby_timeout too short", "lobby_timeout: 29s\n", []string{"lobby_timeout must be a duration from 30s to 24h"}, nil},
		{"lobby_timeout off", "lobby_timeout: 0\n", []string{"lobby_timeout"}, nil},
		{"lobby_timeout too long", "lobby_timeout: 25h\n", []string{"lobby_timeout"}, nil},
	}
}

// sizeBounds are picture_cache_mb's and shards'.
func sizeBounds() []boundCase {
	return []boundCase{
		// picture_cache_mb: 0 (the default) or 16 to 65536.
		{"picture_cache_mb default", "picture_cache_mb: 0\n", nil, func(t *testing.T, c Config) { assert.Zero(t, c.PictureCacheMB) }},
		{"picture_cache_mb at the least", "picture_cache_mb: 16\n", nil, func(t *testing.T, c Config) { assert.Equal(t, 16, c.PictureCacheMB) }},
		{"picture_cache_mb at the most", "picture_cache_mb: 65536\n", nil, func(t *testing.T, c Config) { assert.Equal(t, 65536, c.PictureCacheMB) }},
		{"picture_cache_mb too small", "picture_cache_mb: 15\n", []string{"picture_cache_mb must be 0 (the default, 384) or a whole number of MB from 16 to 65536 (64 GiB)", `(got "15")`}, nil},
		{"picture_cache_mb too big", "picture_cache_mb: 65537\n", []string{"picture_cache_mb", "65536"}, nil},
		{"picture_cache_mb overflows", "picture_cache_mb: 8796093022208\n", []string{"picture_cache_mb", `"8796093022208"`}, nil},
		{"picture_cache_mb past int64", "picture_cache_mb: 99999999999999999999999\n", []string{"picture_cache_mb"}, nil},
		{"picture_cache_mb negative", "picture_cache_mb: -1\n", []string{"picture_cache_mb"}, nil},
		{"picture_cache_mb a fraction", "picture_cache_mb: 1.5\n", []string{"picture_cache_mb"}, nil},

		// shards: a count from 1 to 65536, at most 1024 in a process.
		{"shards one of one", "shards: 0/1\n", nil, func(t *testing.T, c Config) { assert.Equal(t, []int{0}, c.ShardIDs) }},
		{"shards 1024 of the most", "shards: 64512-65535/65536\n", nil, func(t *testing.T, c Config) {
			assert.Len(t, c.ShardIDs, 1024)
			assert.Equal(t, 65536, c.ShardCount)
		}},
		{"shards ten million", "shards: 0-9999999/10000000\n", []string{"shards: the shard count must be from 1 to 65536 (got 10000000)"}, nil},
		{"shards none", "shards: 0/0\n", []string{"shard count must be from 1"}, nil},
		{"shards count past int64", "shards: 0/99999999999999999999\n", []string{"shard count must be from 1 to 65536"}, nil},
		{"shards 1025 in a process", "shards: 0-1024/2048\n", []string{"one process runs at most 1024 shards", "0-1023/2048"}, nil},
		{"shards 1025 in pieces", "shards: 0-1000,1001-1024/2048\n", []string{"at most 1024"}, nil},
		{"shards past the count", "shards: 0-8/8\n", []string{"from 0 to 7"}, nil},
		{"shards backwards", "shards: 3-1/8\n", []string{"from 0 to 7"}, nil},
		{"shards words", "shards: many\n", []string{"such as 0-3/8"}, nil},
	}
}

// addressBounds are listen's, web.listen's and web.public_url's.
func addressBounds() []boundCase {
	key := strings.Repeat("ab", 32)
	http := "interactions: http\ndiscord:\n  public_key: " + key + "\n"
	return []boundCase{
		// listen and web.listen: HOST:PORT, the port from 1 to 65535.
		{"listen", http + "listen: 127.0.0.1:8080\n", nil, func(t *testing.T, c Config) { assert.Equal(t, "127.0.0.1:8080", c.Listen) }},
		{"listen every interface", http + "listen: :65535\n", nil, nil},
		{"listen a host name", http + "listen: dealer-1.example.org:1\n", nil, nil},
		{"listen IPv6", http + "listen: '[::1]:8080'\n", nil, nil},
		{"listen port 0", http + "listen: :0\n", []string{"listen must end with a port from 1 to 65535"}, nil},
		{"listen port too big", http + "listen: :65536\n", []string{"listen must end with a port"}, nil},
		{"listen no port", http + "listen: localhost\n", []string{"listen must be an address to listen on"}, nil},
		{"listen a URL", http + "listen: http://localhost:80\n", []string{"listen must"}, nil},
		{"listen a bad host", http + "listen: 'a b:80'\n", []string{"listen must begin with an IP address or a host name"}, nil},
		{"web.listen", "web:\n  listen: :8081\n", nil, func(t *testing.T, c Config) { assert.Equal(t, ":8081", c.Web.Listen) }},
		{"web.listen port 0", "web:\n  listen: :0\n", []string{"line 2: web.listen must end with a port from 1 to 65535"}, nil},
		{"web.listen no port", "web:\n  listen: example.org\n", []string{"web.listen must be an address"}, nil},
		{"web.listen on listen", http + "listen: :8080\nweb:\n  listen: :8080\n", []string{"web.listen and listen are both"}, nil},

		// web.public_url: an http(s) URL with a host, no query, at most 2048.
		{"web.public_url", "web:\n  public_url: https://dealer.example.org/pages\n", nil, nil},
		{"web.public_url not http", "web:\n  public_url: ftp://x\n", []string{"web.public_url", "http:// or https://"}, nil},
		{"web.public_url with a query", "web:\n  public_url: https://x/?a=b\n", []string{"web.public_url", "no query"}, nil},
		{"web.public_url too long", "web:\n  public_url: https://x/" + strings.Repeat("a", 2048) + "\n", []string{"web.public_url must be at most 2048 characters"}, nil},
		{"web.public_url does not parse", "web:\n  public_url: 'https://x y/%zz'\n", []string{"web.public_url"}, nil},
	}
}

// valueBounds are database's, log_level's, interactions' and the discord
// keys'.
func valueBounds() []boundCase {
	key := strings.Repeat("ab", 32)
	return []boundCase{
		// database: a file or a postgres:// URL.
		{"database a file", "database: games/dealer.db\n", nil, nil},
		{"database a URL", "database: postgres://dealer@db/dealer\n", nil, nil},
		{"database empty", "database: ''\n", []string{"database must name a file"}, nil},
		{"database too long", "database: " + strings.Repeat("d", 4097) + "\n", []string{"database must be at most 4096 characters"}, nil},
		{"database key=value", "database: host=db password=hunter2\n", []string{"database is a file path or a postgres:// URL, not key=value settings"}, nil},
		{"database another scheme", "database: mysql://u:hunter2@db/x\n", []string{"not a mysql:// URL"}, nil},
		{"database no slashes", "database: 'postgres:u:hunter2@db/x'\n", []string{"begins postgres://"}, nil},
		{"database a control character", "database: \"dealer\\e[2J.db\"\n", []string{"database must not hold control characters", `\x1b`}, nil},

		// log_level: the four names.
		{"log_level debug", "log_level: DEBUG\n", nil, nil},
		{"log_level warn", "log_level: warn\n", nil, nil},
		{"log_level an offset", "log_level: info+2\n", []string{"log_level must be debug, info, warn or error"}, nil},

		// log_format: text or json.
		{"log_format json", "log_format: JSON\n", nil, nil},
		{"log_format text", "log_format: text\n", nil, nil},
		{"log_format other", "log_format: logfmt\n", []string{"log_format must be text or json"}, nil},
		{"log_format long", "log_format: " + strings.Repeat("j", 100) + "\n", []string{"log_format must be text or json", `"jjjjj`}, nil},

		// seasons: month, quarter or none.
		{"seasons default", "database: x.db\n", nil, func(t *testing.T, c Config) { assert.Equal(t, store.SeasonsMonth, c.Seasons) }},
		{"seasons quarter", "seasons: Quarter\n", nil, func(t *testing.T, c Config) { assert.Equal(t, store.SeasonsQuarter, c.Seasons) }},
		{"seasons none", "seasons: none\n", nil, func(t *testing.T, c Config) { assert.Equal(t, store.SeasonsNone, c.Seasons) }},
		{"seasons other", "seasons: week\n", []string{"seasons must be month, quarter or none", `"week"`}, nil},

		// interactions: gateway or http.
		{"interactions gateway", "interactions: gateway\n", nil, nil},
		{"interactions other", "interactions: smoke\n", []string{"interactions must be gateway or http"}, nil},

		// discord: a token of printable characters, ids of digits, a key of 64 hex digits.
		{"token", "discord:\n  token: MTEx.abc_DEF-123\n", nil, func(t *testing.T, c Config) { assert.Equal(t, "MTEx.abc_DEF-123", c.Discord.Token) }},
		{"token too long", "discord:\n  token: " + strings.Repeat("t", 513) + "\n", []string{"line 2: discord.token (or DISCORD_TOKEN) must be the bot's token: at most 512"}, nil},
		{"token with a space", "discord:\n  token: 'abc def'\n", []string{"discord.token", "no spaces"}, nil},
		{"token with an escape", "discord:\n  token: \"abc\\e[2Jdef\"\n", []string{"discord.token"}, nil},
		{"application_id", "discord:\n  application_id: '18446744073709551615'\n", nil, nil},
		{"application_id too big", "discord:\n  application_id: '18446744073709551616'\n", []string{"discord.application_id must be a numeric Discord id, 1 to 20 digits"}, nil},
		{"application_id zero", "discord:\n  application_id: '0'\n", []string{"discord.application_id"}, nil},
		{"test_guild_id signed", "discord:\n  test_guild_id: '+12'\n", []string{"discord.test_guild_id"}, nil},
		{"public_key without http", "discord:\n  public_key: " + key + "\n", nil, nil},
		{"public_key short", "discord:\n  public_key: abcd\n", []string{"discord.public_key", "64 hexadecimal digits"}, nil},
	}
}

// The token is never shown, even when it is refused, and from the
// environment the error names no line of the file.
func TestConfigTokenNeverShown(t *testing.T) {
	const token = "MTEx secret\x1btoken"
	_, err := loadConfig(writeConfig(t, "discord:\n  token: fine\n"), true, func(k string) string {
		if k == "DISCORD_TOKEN" {
			return token
		}
		return ""
	})
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "secret")
	assert.NotContains(t, err.Error(), "line 2")
	assert.Contains(t, err.Error(), "DISCORD_TOKEN")
}

// shards: auto takes what Discord recommends, up to what a process runs.
func TestAutoShards(t *testing.T) {
	cases := []struct {
		recommended int
		want        int
		err         string
	}{
		{1, 1, ""},
		{16, 16, ""},
		{1024, 1024, ""},
		{1025, 0, "Discord recommends 1025 shards, more than one process runs (1024)"},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprint(tc.recommended), func(t *testing.T) {
			ids, err := autoShards(tc.recommended)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Len(t, ids, tc.want)
			assert.Equal(t, tc.want-1, ids[len(ids)-1])
		})
	}
}

// dealer web's --listen is checked like web.listen: a usage error.
func TestWebListenFlagBounds(t *testing.T) {
	for _, addr := range []string{":0", "localhost", ":99999", "a b:80"} {
		t.Run(addr, func(t *testing.T) {
			code, errs := runRefused(t, nil, "web", "--listen", addr, "--database", t.TempDir()+"/d.db")
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, errs, "dealer web: --listen must")
		})
	}
}

// passwordSecret is the database password these tests hide.
const passwordSecret = "Tr0ub4dor-s3cret"

// passwordPlaces puts the password of a PostgreSQL URL (one whose role
// needs passwordSecret) in each place it may sit: the user part, the
// password parameter in any case, and the environment; sslpassword too,
// which must be hidden beside it.
var passwordPlaces = []struct {
	name string
	// opens: the database opens with the password there (the right one).
	opens bool
	place func(t *testing.T, u string) (database string, env map[string]string)
}{
	{"user part", true, func(t *testing.T, u string) (string, map[string]string) {
		pu, err := url.Parse(u)
		require.NoError(t, err)
		pu.User = url.UserPassword(pu.User.Username(), passwordSecret)
		return pu.String(), nil
	}},
	{"password parameter", true, func(t *testing.T, u string) (string, map[string]string) {
		return u + "&password=" + passwordSecret, nil
	}},
	{"password and sslpassword parameters", true, func(t *testing.T, u string) (string, map[string]string) {
		return u + "&sslpassword=" + passwordSecret + "&password=" + passwordSecret, nil
	}},
	{"environment", true, func(t *testing.T, u string) (string, map[string]string) {
		return u, map[string]string{databasePasswordEnv: passwordSecret}
	}},
	{"PASSWORD parameter", false, func(t *testing.T, u string) (string, map[string]string) {
		// libpq's names are lower case: pgx sends PASSWORD to the server
		// as a setting, which refuses it; hidden all the same.
		return u + "&PASSWORD=" + passwordSecret, nil
	}},
}

// The bot and the web pages, started on a PostgreSQL database whose
// password sits in each place, log the database without it.
func TestStartUpLogsHideThePassword(t *testing.T) {
	for _, p := range passwordPlaces {
		if !p.opens {
			continue
		}
		t.Run(p.name, func(t *testing.T) {
			database, env := p.place(t, pgtest.PasswordURL(t, passwordSecret))
			var cfg Config
			cfg.Database, cfg.DatabasePassword, cfg.LogLevel = database, env[databasePasswordEnv], "debug"

			t.Run("run", func(t *testing.T) {
				fake := discordtest.New(t, discordtest.Options{
					Guilds: []discordtest.Guild{{ID: "1234567890123456789", Name: "Club", ChannelID: "1234567890123456790"}},
				})
				cfg := cfg
				cfg.Discord.Token = fake.Token()
				logs := &testkit.Log{}
				log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
				stop := serving(t, fake, cfg, log)
				require.Eventually(t, func() bool { return strings.Contains(logs.String(), "the dealer is at the table") },
					30*time.Second, 20*time.Millisecond, logs.String())
				stop()
				assert.NotContains(t, logs.String(), passwordSecret)
				assert.Contains(t, logs.String(), `database="postgres://`)
			})
			t.Run("web", func(t *testing.T) {
				cfg := cfg
				cfg.Web.Listen = freeAddr(t)
				logs := &testkit.Log{}
				ctx, cancel := context.WithCancel(context.Background())
				done := make(chan int, 1)
				go func() { done <- serveWebAlone(ctx, catalog.Registry(), cfg, logs) }()
				code, _ := get(t, "http://"+cfg.Web.Listen+"/readyz")
				assert.Equal(t, 200, code)
				require.Eventually(t, func() bool { return strings.Contains(logs.String(), "the web pages are up") },
					30*time.Second, 20*time.Millisecond, logs.String())
				cancel()
				assert.Equal(t, exitOK, <-done)
				assert.NotContains(t, logs.String(), passwordSecret)
				assert.Contains(t, logs.String(), `database="postgres://`)
			})
			t.Run("terminal", func(t *testing.T) {
				env := map[string]string{"USER": "tester", databasePasswordEnv: env[databasePasswordEnv]}
				code, out, errs := run(t, "", env, "games", "--unfinished", "--db", database)
				require.Equal(t, exitOK, code, errs)
				assert.NotContains(t, out+errs, passwordSecret)
				assert.Contains(t, out, "No unfinished games in postgres://")
				code, out, errs = run(t, "", env, "db", "check", "--db", database)
				require.Equal(t, exitOK, code, errs)
				assert.NotContains(t, out+errs, passwordSecret)
			})
		})
	}
}

// Every command that opens a database, on one it cannot use, says so in
// one line that never holds the password, wherever it sat.
func TestDatabaseErrorsHideThePassword(t *testing.T) {
	unreachable := "postgres://dealer@127.0.0.1:1/dealer?sslmode=disable"
	for _, p := range passwordPlaces {
		t.Run(p.name, func(t *testing.T) {
			for _, where := range []struct {
				name     string
				database func(t *testing.T) string
			}{
				{"unreachable", func(*testing.T) string { return unreachable }},
				{"wrong password", func(t *testing.T) string { return pgtest.PasswordURL(t, "the-right-one") }},
			} {
				t.Run(where.name, func(t *testing.T) {
					database, penv := p.place(t, where.database(t))
					env := map[string]string{"DISCORD_TOKEN": "not-a-real-token", "USER": "tester"}
					for k, v := range penv {
						env[k] = v
					}
					cfg := filepath.Join(t.TempDir(), "config.yaml")
					require.NoError(t, os.WriteFile(cfg, []byte("database: '"+database+"'\n"), 0o600))
					file := filepath.Join(t.TempDir(), "dealer.db")
					require.NoError(t, os.WriteFile(file, nil, 0o600))
					for _, args := range [][]string{
						{"run", "--config", cfg},
						{"web", "--listen", freeAddr(t), "--config", cfg},
						{"web", "--listen", freeAddr(t), "--database", database},
						{"play", "doublets", "--db", database},
						{"stats", "--db", database},
						{"db", "check", "--db", database},
						{"db", "copy", "--from", file, "--to", database},
					} {
						code, out, errs := run(t, "", env, args...)
						assert.Equal(t, exitFail, code, "%v: %s", args, errs)
						assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: one line: %q", args, errs)
						assert.Contains(t, errs, "cannot open the database postgres://", "%v", args)
						assert.NotContains(t, out+errs, passwordSecret, "%v", args)
					}
				})
			}
		})
	}
}

// Key=value settings, and a URL missing its slashes, are refused in one
// line that hides the password, and no file of that name is made.
func TestSettingsForADatabaseRefused(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, database := range []string{
		"host=db user=dealer password=" + passwordSecret + " dbname=dealer",
		"postgres:dealer:" + passwordSecret + "@db/dealer",
	} {
		t.Run(database, func(t *testing.T) {
			for _, args := range [][]string{
				{"play", "doublets", "--db", database},
				{"db", "check", "--db", database},
				{"web", "--listen", freeAddr(t), "--database", database},
			} {
				code, errs := runRefused(t, map[string]string{"USER": "tester"}, args...)
				assert.Equal(t, exitFail, code, "%v: %s", args, errs)
				assert.Contains(t, errs, "xxxxx")
				assert.NotContains(t, errs, passwordSecret)
			}
			entries, err := os.ReadDir(".")
			require.NoError(t, err)
			assert.Empty(t, entries, "no file made")
		})
	}
}
