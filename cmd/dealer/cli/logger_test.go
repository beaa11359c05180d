package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
)

// jsonLines decodes each line of logs as a JSON object, failing the test
// on any other line.
func jsonLines(t *testing.T, logs string) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(logs))
	for sc.Scan() {
		var line map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &line), "a log line that is no JSON object: %s", sc.Text())
		out = append(out, line)
	}
	require.NoError(t, sc.Err())
	return out
}

// log_format picks the handler; either way the bot token and the
// database's password (the URL's, as written and decoded, and the
// environment's) never reach a line, however they are logged.
func TestLoggerFormatsKeepSecrets(t *testing.T) {
	const token = "MTEwMDAwMDAwMDAwMDAwMDAx.Gabcde.abcdefghijklmnopqrstuvwxyz0123456789"
	const urlPassword, envPassword = "Pa55/w0rd:x", "env-secret-9z"
	secrets := []string{token, urlPassword, "Pa55%2Fw0rd%3Ax", envPassword}
	for _, tc := range []struct {
		format string
		json   bool
	}{{"", false}, {"text", false}, {"JSON", true}, {"json", true}} {
		t.Run(tc.format, func(t *testing.T) {
			var cfg Config
			cfg.LogFormat, cfg.LogLevel = tc.format, "debug"
			cfg.Discord.Token, cfg.DatabasePassword = token, envPassword
			cfg.Database = "postgres://dealer:Pa55%2Fw0rd%3Ax@db.example.org/dealer?sslmode=require"
			logs := &testkit.Log{}
			log := newLogger(cfg, logs)
			log.Info("starting", "database", cfg.Database, "token", token)
			log.Error("connecting failed", "err", fmt.Errorf("connect %s (password %s): %w", cfg.Database, urlPassword, errors.New("refused")))
			log.With("env", envPassword).Warn("the environment's password is " + envPassword)
			log.Debug("a group", "g", map[string]string{"url": cfg.Database})
			out := logs.String()
			require.Equal(t, 4, strings.Count(out, "\n"), "every line written: %s", out)
			for _, s := range secrets {
				assert.NotContains(t, out, s, "a secret in the log")
			}
			if !tc.json {
				assert.Contains(t, out, `level=ERROR msg="connecting failed"`)
				return
			}
			lines := jsonLines(t, out)
			assert.Equal(t, "starting", lines[0]["msg"])
			assert.Equal(t, "ERROR", lines[1]["level"])
			assert.Contains(t, lines[1]["err"], "db.example.org/dealer", "the error is kept, its password taken out")
		})
	}
}

// `dealer run` with log_format: json writes only JSON lines, from its
// start to its stop, and no token in them.
func TestServeLogsJSON(t *testing.T) {
	fake := club(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yaml")
	require.NoError(t, os.WriteFile(path, []byte("log_format: json\ndatabase: "+filepath.Join(dir, "dealer.db")+"\n"), 0o600))
	cfg, err := loadConfig(path, true, func(k string) string { return map[string]string{"DISCORD_TOKEN": fake.Token()}[k] })
	require.NoError(t, err)
	logs := &testkit.Log{}
	stop := serving(t, fake, cfg, newLogger(cfg, logs))
	_, err = fake.WaitCommands("", 10*time.Second)
	require.NoError(t, err)
	in, err := fake.SlashCommand("1234567890123456789", "1234567890123456790", "1100000000000000001", "play", map[string]any{"game": "doublefreecell"})
	require.NoError(t, err)
	_, err = in.WaitFinal(10 * time.Second)
	require.NoError(t, err)
	stop()
	var msgs []string
	for _, line := range jsonLines(t, logs.String()) {
		msgs = append(msgs, fmt.Sprint(line["msg"]))
	}
	assert.Contains(t, msgs, "the dealer is at the table")
	assert.Contains(t, msgs, "shutting down")
	assert.NotContains(t, logs.String(), fake.Token(), "the token is never logged")
	require.NoError(t, fake.CheckClean())
}
