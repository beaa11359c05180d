package cli

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
		{"bad guild id", "discord:\n  test_guild_id: my-server\n", "test_guild_id"},
		{"empty database", "database: \"\"\n", "database"},
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
		{"unknown nested key", "discord:\n  tokn: x\n", []string{"line 2", `unknown key "tokn" under discord`, "token, application_id, test_guild_id"}},
		{"a list", "- a\n- b\n", []string{"line 1", "the top level must hold keys", "not a list"}},
		{"a list for a value", "database: [a, b]\n", []string{"database must be a single value, not a list"}},
		{"a value for keys", "discord: yes\n", []string{"discord must hold keys (token, application_id, test_guild_id)"}},
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
