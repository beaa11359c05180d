package cli

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
)

// TestMain stops the PostgreSQL the tests started (pgtest) once they are
// done.
func TestMain(m *testing.M) { pgtest.Main(m) }

// countLine is a line of db copy's table: name, read, written.
var countLine = regexp.MustCompile(`(?m)^(\w+)\s+(\d+)\s+(\d+)$`)

// dealer db copy moves a terminal player's file to PostgreSQL: every
// table's counts match, the game resumes from PostgreSQL where it was
// left, and a second copy is refused.
func TestDBCopyToPostgres(t *testing.T) {
	file := filepath.Join(t.TempDir(), "dealer.db")
	moves, _ := someMoves(t, "doublefreecell", 9, 3)
	env := map[string]string{"USER": "tester"}
	code, _, errs := run(t, moves[0]+"\n"+moves[1]+"\nquit\n", env, "play", "doublefreecell", "--deal", "9", "--db", file)
	require.Equal(t, 0, code, errs)
	code, _, errs = run(t, "resign\n", env, "play", "doublets", "--deal", "4", "--db", file)
	require.Equal(t, 0, code, errs)

	to := pgtest.URL(t)
	code, out, errs := run(t, "", env, "db", "copy", "--from", file, "--to", to)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, errs)
	assert.Contains(t, out, "copied "+file+" to ")
	got := map[string][2]string{}
	for _, m := range countLine.FindAllStringSubmatch(out, -1) {
		got[m[1]] = [2]string{m[2], m[3]}
	}
	assert.Equal(t, map[string][2]string{
		"sessions": {"2", "2"}, "players": {"2", "2"}, "moves": {"3", "3"}, "rounds": {"0", "0"},
		"results": {"1", "1"}, "daily_deals": {"0", "0"}, "guild_settings": {"0", "0"}, "timers": {"0", "0"},
		"player_settings": {"0", "0"}, "interactions": {"0", "0"},
	}, got, out)

	code, out, errs = run(t, moves[2]+"\nquit\n", env, "play", "--resume", "1", "--db", to)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "resumed after 2 moves", "the game goes on from PostgreSQL")
	code, out, errs = run(t, "", env, "stats", "--db", to)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "Doublets")

	code, out, errs = run(t, "", env, "db", "copy", "--from", file, "--to", to)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
	assert.Contains(t, errs, "is not empty: it holds 2 sessions")
	assert.Contains(t, errs, "db copy fills only an empty database")
}

// The target's password may come from DEALER_DATABASE_PASSWORD, and is
// never printed.
func TestDBCopyPasswordFromEnvironment(t *testing.T) {
	const secret = "copy-s3cret"
	file := filepath.Join(t.TempDir(), "dealer.db")
	code, _, errs := run(t, "quit\n", nil, "play", "doublets", "--deal", "4", "--db", file)
	require.Equal(t, 0, code, errs)
	to := pgtest.PasswordURL(t, secret)
	code, out, errs := run(t, "", map[string]string{"DEALER_DATABASE_PASSWORD": secret}, "db", "copy", "--from", file, "--to", to)
	require.Equal(t, 0, code, errs)
	assert.NotContains(t, out+errs, secret)
	assert.Contains(t, out, "sessions")
}

// The counts are printed in a table, and any that differ fail the copy.
func TestReportCopy(t *testing.T) {
	cases := []struct {
		name   string
		counts []store.CopyCount
		fails  string
	}{
		{"match", []store.CopyCount{{Table: "sessions", Read: 3, Written: 3}, {Table: "moves", Read: 40, Written: 40}}, ""},
		{"differ", []store.CopyCount{{Table: "sessions", Read: 3, Written: 3}, {Table: "moves", Read: 40, Written: 39}},
			"the counts differ (moves: 40 read, 39 written)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			err := reportCopy(&b, tc.counts)
			if tc.fails == "" {
				require.NoError(t, err)
			} else {
				require.EqualError(t, err, tc.fails)
			}
			lines := countLine.FindAllStringSubmatch(b.String(), -1)
			require.Len(t, lines, len(tc.counts), b.String())
			assert.True(t, strings.HasPrefix(b.String(), "table "), b.String())
		})
	}
}

// db copy's usage errors, and the failures before any copying.
func TestDBCopyRefusals(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"nothing to do", []string{"db"}, 2, "name what to do: copy"},
		{"unknown", []string{"db", "move"}, 2, `unknown "move"`},
		{"no target", []string{"db", "copy", "--from", "x.db"}, 2, "--from FILE and --to URL"},
		{"from a URL", []string{"db", "copy", "--from", "postgres://a@b/c", "--to", "postgres://a@b/d"}, 2, "not a URL"},
		{"to a file", []string{"db", "copy", "--from", "x.db", "--to", "y.db"}, 2, "--to is a postgres:// URL"},
		{"a missing file", []string{"db", "copy", "--from", filepath.Join(dir, "typo.db"), "--to", "postgres://u:pw@127.0.0.1:1/d"}, 1,
			filepath.Join(dir, "typo.db") + ": no such file or directory"},
		{"an unreachable target", []string{"db", "copy", "--from", filepath.Join(dir, "x.db"), "--to", "postgres://u:pw@127.0.0.1:1/d"}, 1,
			"cannot open the database postgres://u:xxxxx@127.0.0.1:1/d: cannot reach the server"},
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x.db"), nil, 0o600))
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := run(t, "", nil, tc.args...)
			assert.Equal(t, tc.code, code)
			assert.Empty(t, out)
			assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
			assert.Contains(t, errs, tc.want)
			assert.NotContains(t, errs, ":pw@")
		})
	}
}

// A database that cannot be used at start-up — unreachable, or refusing
// the password — stops dealer run and dealer play with one line naming it
// (never the password) and exit status 1.
func TestDatabaseUnusableAtStartUp(t *testing.T) {
	const secret = "hunter2-s3cret"
	withPassword := func(u, pw string) string {
		pu, err := url.Parse(u)
		require.NoError(t, err)
		pu.User = url.UserPassword(pu.User.Username(), pw)
		return pu.String()
	}
	unreachable := "postgres://dealer:" + secret + "@127.0.0.1:1/dealer"
	cases := []struct {
		name     string
		database func(t *testing.T) string
		env      map[string]string
		want     []string
	}{
		{"unreachable", func(*testing.T) string { return unreachable }, nil,
			[]string{"cannot open the database postgres://dealer:xxxxx@127.0.0.1:1/dealer: cannot reach the server at 127.0.0.1:1", "connection refused"}},
		{"unreachable, password in the environment", func(*testing.T) string { return "postgres://dealer@127.0.0.1:1/dealer" },
			map[string]string{"DEALER_DATABASE_PASSWORD": secret}, []string{"cannot reach the server"}},
		{"wrong password in the URL", func(t *testing.T) string { return withPassword(pgtest.PasswordURL(t, "right"), secret) }, nil,
			[]string{"refused the password of user"}},
		{"wrong password in the environment", func(t *testing.T) string { return pgtest.PasswordURL(t, "right") },
			map[string]string{"DEALER_DATABASE_PASSWORD": secret}, []string{"refused the password of user"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			db := tc.database(t)
			env := map[string]string{"DISCORD_TOKEN": "not-a-real-token", "USER": "tester"}
			for k, v := range tc.env {
				env[k] = v
			}
			cfg := filepath.Join(t.TempDir(), "config.yaml")
			require.NoError(t, os.WriteFile(cfg, []byte("database: "+db+"\n"), 0o600))
			for _, args := range [][]string{
				{"run", "--config", cfg},
				{"play", "doublets", "--config", cfg},
				{"play", "doublets", "--db", db},
				{"games", "--unfinished", "--db", db},
			} {
				code, out, errs := run(t, "", env, args...)
				assert.Equal(t, 1, code, "%v: %s", args, errs)
				assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: one line: %q", args, errs)
				assert.True(t, strings.HasPrefix(errs, "dealer "+args[0]+": "), errs)
				for _, w := range tc.want {
					assert.Contains(t, errs, w, "%v", args)
				}
				assert.NotContains(t, out+errs, secret, "%v", args)
				assert.NotContains(t, errs, "store: ")
			}
		})
	}
}
