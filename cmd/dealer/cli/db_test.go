package cli

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/pgtest"
	"github.com/dealer/dealer/store/play"
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
		"player_settings": {"0", "0"}, "interactions": {"0", "0"}, "seasons_closed": {"0", "0"}, "season_boards": {"0", "0"},
		"ratings": {"0", "0"}, "rating_history": {"0", "0"}, "activities": {"0", "0"},
	}, got, out)

	code, out, errs = run(t, moves[2]+"\nquit\n", env, "play", "--resume", "1", "--db", to)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "resumed after 2 moves", "the game goes on from PostgreSQL")
	code, out, errs = run(t, "", env, "stats", "--db", to)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "Doublets")

	code, errs = runRefused(t, env, "db", "copy", "--from", file, "--to", to)
	assert.Equal(t, 1, code)
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
			code, errs := runRefused(t, nil, tc.args...)
			assert.Equal(t, tc.code, code)
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

// testEngine is a database engine as these tests use it: a new database's
// string for the command line, and a driver to write it behind the
// store's back.
type testEngine struct {
	name   string
	make   func(t *testing.T) string
	driver string
}

var testEngines = []testEngine{
	{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "dealer.db") }, "sqlite3"},
	{"postgres", func(t *testing.T) string { return pgtest.URL(t) }, "pgx"},
}

// rawDB opens database with its driver, for what the store never writes.
func rawDB(t *testing.T, e testEngine, database string) *sql.DB {
	t.Helper()
	db, err := sql.Open(e.driver, database)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// goodTables stores a table of each game that replays: solitaires
// played, one resigned, and multiplayer games played to their end by
// computer players. It returns how many.
func goodTables(t *testing.T, st *store.Store) int {
	t.Helper()
	ctx := context.Background()
	reg := catalog.Registry().Engines()
	me := []store.Player{{UserID: "terminal:tester", Name: "tester"}}
	n := 0
	for _, game := range []string{"doublefreecell", "doublets", "doubleagent"} {
		moves, _ := someMoves(t, game, 4, 3)
		tb, err := play.Open(ctx, st, reg, store.TableRow{Game: game, Deal: 4, Seats: 1, OwnerID: "terminal:tester", Players: play.Seat(me)})
		require.NoError(t, err)
		for _, m := range moves {
			require.NoError(t, tb.Apply(ctx, 0, m))
		}
		if game == "doublets" {
			require.NoError(t, tb.Apply(ctx, 0, "resign"))
			require.NoError(t, tb.Finish(ctx))
		}
		n++
	}
	for game, seats := range map[string]int{"secretagent": 4, "theagents": 3} {
		players := make([]store.Player, seats)
		for i := range players {
			players[i].Computer = true
		}
		tb, err := play.Open(ctx, st, reg, store.TableRow{Game: game, Deal: 5, Seats: seats, Players: play.Seat(players)})
		require.NoError(t, err)
		require.NoError(t, tb.PlayComputers(ctx, nil))
		require.NoError(t, tb.Finish(ctx))
		n++
	}
	_, err := play.Open(ctx, st, reg, store.TableRow{Game: "secretagent", Deal: 1, Seats: 4, Status: store.StatusLobby, Players: play.Seat(me)})
	require.NoError(t, err)
	return n
}

// dealer db check lists the tables that no longer replay, with why, and
// fails; on a database whose tables all replay it says so and succeeds.
func TestDBCheck(t *testing.T) {
	for _, e := range testEngines {
		t.Run(e.name, func(t *testing.T) {
			ctx := context.Background()
			env := map[string]string{"USER": "tester"}

			empty := e.make(t)
			code, out, errs := run(t, "", env, "db", "check", "--db", empty)
			require.Equal(t, exitOK, code, errs)
			assert.Equal(t, "checked 0 tables: all replay\n", out)

			db := e.make(t)
			st, err := store.Open(db)
			require.NoError(t, err)
			good := goodTables(t, st)
			code, out, errs = run(t, "", env, "db", "check", "--db", db)
			require.Equal(t, exitOK, code, errs)
			assert.Equal(t, fmt.Sprintf("checked %d tables: all replay\n", good), out)
			assert.Empty(t, errs)

			// A log with an illegal move; a finished game whose results
			// disagree; a table the bot marked broken, its reason hostile.
			reg := catalog.Registry().Engines()
			me := []store.Player{{UserID: "terminal:tester", Name: "tester"}}
			moves, _ := someMoves(t, "doublefreecell", 9, 2)
			bad, err := play.Open(ctx, st, reg, store.TableRow{Game: "doublefreecell", Deal: 9, Seats: 1, Players: play.Seat(me)})
			require.NoError(t, err)
			require.NoError(t, bad.Apply(ctx, 0, moves[0]))
			require.NoError(t, st.AppendMove(ctx, bad.Row.ID, 1, 0, "h 9"))

			off, err := play.Open(ctx, st, reg, store.TableRow{Game: "doublets", Deal: 3, Seats: 1, Players: play.Seat(me)})
			require.NoError(t, err)
			require.NoError(t, off.Apply(ctx, 0, "resign"))
			res := play.Results(off.Row.Players, off.Game)
			res[0].Score += 100
			_, err = st.Finish(ctx, off.Row.ID, off.Row.Version, store.StatusLost, res)
			require.NoError(t, err)

			broken, err := play.Open(ctx, st, reg, store.TableRow{Game: "doubleagent", Deal: 2, Seats: 1, Players: play.Seat(me)})
			require.NoError(t, err)
			_, err = st.MarkBroken(ctx, broken.Row.ID, broken.Row.Version, "move 1 no longer applies\x1b[2J")
			require.NoError(t, err)
			require.NoError(t, st.Close())

			code, out, errs = run(t, "", env, "db", "check", "--db", db)
			assert.Equal(t, exitFail, code)
			assert.Empty(t, errs)
			assertTerminalSafe(t, out)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			require.Len(t, lines, 4, out)
			assert.Regexp(t, fmt.Sprintf(`^table %d \(Double FreeCell, deal 9, playing\): move 2 \("h 9"\): .+`, bad.Row.ID), lines[0])
			assert.Regexp(t, fmt.Sprintf(`^table %d \(Doublets, deal 3, lost\): replays to other scores: seat 1 scores -?\d+, stored -?\d+$`, off.Row.ID), lines[1])
			assert.Equal(t, fmt.Sprintf(`table %d (Double Agent, deal 2, playing): marked broken: move 1 no longer applies`, broken.Row.ID), lines[2])
			assert.Equal(t, fmt.Sprintf("checked %d tables in %s: 3 cannot be replayed", good+3, store.Redact(db)), lines[3])
		})
	}
}

// db check's usage errors.
func TestDBCheckUsage(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"db", "check", "--from", "x.db"}, "check takes --db and --config, not --from"},
		{[]string{"db", "check", "now"}, `unexpected "now": check takes only options`},
		{[]string{"db", "copy", "--db", "x.db"}, "copy takes --from FILE and --to URL, not --db"},
		{[]string{"db", "verify"}, `unknown "verify": db does copy, check, backup, export or forget`},
		{[]string{"db", "check", "--config", "/nonexistent/config.yaml"}, "config"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, errs := runRefused(t, nil, tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Contains(t, errs, tc.want)
		})
	}
}

// makeNewer sets database's schema version past this dealer's.
func makeNewer(t *testing.T, e testEngine, database string) {
	t.Helper()
	st, err := store.Open(database)
	require.NoError(t, err)
	require.NoError(t, st.Close())
	stmt := "PRAGMA user_version = 99"
	if e.driver == "pgx" {
		stmt = "UPDATE schema_version SET version = 99"
	}
	_, err = rawDB(t, e, database).Exec(stmt)
	require.NoError(t, err)
}

// A database written by a newer schema stops every command that opens it,
// in one line naming it (its password hidden), with exit status 1, and
// is left as it was.
func TestNewerSchemaRefused(t *testing.T) {
	const secret = "newer-s3cret"
	newerLine := regexp.MustCompile(`^dealer [a-z ]+: the database (.+) was written by a newer version of the dealer \(its schema is version 99; this dealer knows up to \d+\): update the dealer\n$`)
	for _, e := range testEngines {
		t.Run(e.name, func(t *testing.T) {
			db, shown, env := e.make(t), "", map[string]string{"DISCORD_TOKEN": "not-a-real-token", "USER": "tester"}
			if e.driver == "pgx" {
				db = pgtest.PasswordURL(t, secret) + "&password=" + url.QueryEscape(secret)
				shown = store.Redact(db)
				require.Contains(t, shown, "password=xxxxx")
			} else {
				shown = db
			}
			makeNewer(t, e, db)
			cfg := filepath.Join(t.TempDir(), "config.yaml")
			require.NoError(t, os.WriteFile(cfg, []byte("database: '"+db+"'\n"), 0o600))
			cases := [][]string{
				{"run", "--config", cfg},
				{"play", "doublets", "--db", db},
				{"play", "--resume", "--config", cfg},
				{"web", "--listen", freeAddr(t), "--database", db},
				{"db", "check", "--db", db},
				{"db", "check", "--config", cfg},
				{"stats", "--db", db},
				{"games", "--unfinished", "--db", db},
				{"leaderboard", "doublets", "--db", db},
			}
			if e.driver == "sqlite" {
				// The file is opened first: the target is never reached.
				cases = append(cases, []string{"db", "copy", "--from", db, "--to", "postgres://dealer@127.0.0.1:1/dealer"})
			}
			if e.driver == "pgx" {
				file := filepath.Join(t.TempDir(), "dealer.db")
				st, err := store.Open(file)
				require.NoError(t, err)
				require.NoError(t, st.Close())
				cases = append(cases, []string{"db", "copy", "--from", file, "--to", db})
			}
			for _, args := range cases {
				code, out, errs := run(t, "", env, args...)
				assert.Equal(t, exitFail, code, "%v: %s", args, errs)
				assert.Empty(t, out, "%v", args)
				m := newerLine.FindStringSubmatch(errs)
				if assert.NotNil(t, m, "%v: one line: %q", args, errs) {
					assert.Equal(t, shown, m[1], "%v", args)
				}
				assert.True(t, strings.HasPrefix(errs, "dealer "+args[0]), errs)
				assert.NotContains(t, errs, secret)
			}
			if e.driver == "sqlite" {
				fi, err := os.Stat(db)
				require.NoError(t, err)
				assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
			}
			var v int
			q := "PRAGMA user_version"
			if e.driver == "pgx" {
				q = "SELECT version FROM schema_version"
			}
			require.NoError(t, rawDB(t, e, db).QueryRow(q).Scan(&v))
			assert.Equal(t, 99, v, "the database is left as it was")
		})
	}
}
