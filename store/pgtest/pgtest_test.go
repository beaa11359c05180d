package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain stops the shared server after the tests.
func TestMain(m *testing.M) { Main(m) }

// Each test gets its own empty schema, where its tables go.
func TestURLGivesFreshSchemas(t *testing.T) {
	ctx := context.Background()
	var names []string
	for range 2 {
		u := URL(t)
		c, err := pgx.Connect(ctx, u)
		require.NoError(t, err)
		var name string
		var tables int
		require.NoError(t, c.QueryRow(ctx, `SELECT current_schema(),
			(SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema())`).Scan(&name, &tables))
		assert.Zero(t, tables, "empty")
		_, err = c.Exec(ctx, `CREATE TABLE t (x int)`)
		require.NoError(t, err)
		var where string
		require.NoError(t, c.QueryRow(ctx, `SELECT relnamespace::regnamespace::text FROM pg_class WHERE oid = 't'::regclass`).Scan(&where))
		assert.Equal(t, name, where, "unqualified names go to the test's schema")
		require.NoError(t, c.Close(ctx))
		names = append(names, name)
	}
	assert.NotEqual(t, names[0], names[1])
}

// A role made by PasswordURL gets in with its password only.
func TestPasswordURL(t *testing.T) {
	ctx := context.Background()
	u := PasswordURL(t, "right horse")
	pu, err := url.Parse(u)
	require.NoError(t, err)
	_, has := pu.User.Password()
	assert.False(t, has, "the URL holds no password")
	cases := []struct {
		name     string
		password string
		ok       bool
	}{
		{"right", "right horse", true},
		{"wrong", "battery staple", false},
		{"none", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := pgx.ParseConfig(u)
			require.NoError(t, err)
			cfg.Password = tc.password
			c, err := pgx.ConnectConfig(ctx, cfg)
			if !tc.ok {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			defer c.Close(ctx)
			_, err = c.Exec(ctx, `CREATE TABLE mine (x int)`)
			require.NoError(t, err, "the role may make tables in its schema")
		})
	}
}

// The binaries are found where Debian puts them, or on PATH.
func TestFindBinaries(t *testing.T) {
	dir, err := findBinaries()
	if err != nil {
		require.ErrorIs(t, err, ErrNoPostgres)
		t.Skip(err.Error())
	}
	for _, b := range []string{"initdb", "pg_ctl", "postgres"} {
		_, err := os.Stat(filepath.Join(dir, b))
		assert.NoError(t, err)
	}
}

// Without binaries there is no PostgreSQL, said in one line that tells what
// to do.
func TestNoBinaries(t *testing.T) {
	none := func(string) (string, error) { return "", errors.New("not found") }
	_, err := findBinariesIn("/nonexistent/pg_config", "/nonexistent/*/bin", none)
	require.ErrorIs(t, err, ErrNoPostgres)
	assert.NotContains(t, err.Error(), "\n", "one line")
	assert.Contains(t, err.Error(), "install postgresql")
	assert.Contains(t, err.Error(), EnvURL)
}

// recorder is a testing.TB that records Skip and Fatal.
type recorder struct {
	testing.TB
	skipped, failed string
}

// Helper does nothing.
func (r *recorder) Helper() {}

// Skip records why the test was skipped.
func (r *recorder) Skip(args ...any) { r.skipped = fmt.Sprint(args...) }

// Fatal records why the test failed.
func (r *recorder) Fatal(args ...any) { r.failed = fmt.Sprint(args...) }

// Skipf records why the test was skipped.
func (r *recorder) Skipf(f string, a ...any) { r.skipped = fmt.Sprintf(f, a...) }

// No PostgreSQL skips a test, or fails it where one is required (CI);
// any other error fails it.
func TestCheck(t *testing.T) {
	none := fmt.Errorf("%w: initdb and pg_ctl not found", ErrNoPostgres)
	cases := []struct {
		name            string
		err             error
		required        bool
		skipped, failed bool
	}{
		{"there", nil, false, false, false},
		{"none", none, false, true, false},
		{"none, but required", none, true, false, true},
		{"broken", errors.New("pgtest: pg_ctl start: exit status 1"), false, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := &recorder{TB: t}
			check(r, tc.err, tc.required)
			assert.Equal(t, tc.skipped, r.skipped != "", r.skipped)
			assert.Equal(t, tc.failed, r.failed != "", r.failed)
		})
	}
}

// Stop removes the cluster's directory.
func TestStartStop(t *testing.T) {
	if os.Getenv(EnvURL) != "" {
		t.Skip("an external server is not started or stopped")
	}
	s, err := Start()
	if err != nil {
		require.ErrorIs(t, err, ErrNoPostgres)
		t.Skip(err.Error())
	}
	ctx := context.Background()
	u, err := s.NewSchema(ctx, "")
	require.NoError(t, err)
	c, err := pgx.Connect(ctx, u)
	require.NoError(t, err)
	c.Close(ctx)
	require.NoError(t, s.Stop())
	require.NoError(t, s.Stop(), "twice")
	_, err = os.Stat(s.dir)
	assert.True(t, os.IsNotExist(err), "directory removed")
}
