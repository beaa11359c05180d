package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

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
		{"unknown key", "database: x.db\ndatabse: y.db\n", []string{"line 2", `unknown key "databse" at the top level`, "discord, database, log_level, turn_timeout"}},
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
