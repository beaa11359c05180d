package cli

import (
	"context"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
	"github.com/dealer/dealer/internal/testkit"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store/pgtest"
)

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
				code, out, errs := run(t, "", map[string]string{"USER": "tester"}, args...)
				assert.Equal(t, exitFail, code, "%v: %s", args, errs)
				assert.Empty(t, out)
				assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: one line: %q", args, errs)
				assert.Contains(t, errs, "xxxxx")
				assert.NotContains(t, errs, passwordSecret)
			}
			entries, err := os.ReadDir(".")
			require.NoError(t, err)
			assert.Empty(t, entries, "no file made")
		})
	}
}
