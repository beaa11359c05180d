package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rawDB opens path as the store's writer does, for tests that migrate by hand.
func rawDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", path+"?_journal_mode=WAL&_busy_timeout=10000&_foreign_keys=on&_txlock=immediate")
	require.NoError(t, err)
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

func tables(t *testing.T, db *sql.DB) []string {
	t.Helper()
	rows, err := db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
	require.NoError(t, err)
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		require.NoError(t, rows.Scan(&n))
		names = append(names, n)
	}
	return names
}

func TestEmbeddedMigrations(t *testing.T) {
	ms, err := loadMigrations(migrationFiles, "migrations")
	require.NoError(t, err)
	require.NotEmpty(t, ms)
	for i, m := range ms {
		assert.Equal(t, i+1, m.version, m.name)
	}

	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "dealer.db")

	// Fresh: every migration, and the version is the last one's.
	s, err := Open(path)
	require.NoError(t, err)
	v, err := s.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, len(ms), v)
	assert.Equal(t, []string{"daily_deals", "moves", "players", "results", "rounds", "sessions"}, tables(t, s.r))
	id := mustCreate(t, s, Session{Game: "doublefreecell", Seats: 1})
	require.NoError(t, s.Close())

	// Reopen: nothing applied, data kept.
	db := rawDB(t, path)
	n, err := migrate(ctx, db, ms)
	require.NoError(t, err)
	assert.Zero(t, n, "an up-to-date database gets no migration")
	require.NoError(t, db.Close())
	s, err = Open(path)
	require.NoError(t, err)
	_, err = s.Session(ctx, id)
	require.NoError(t, err)
	require.NoError(t, s.Close())

	// A newer database is refused, and left alone.
	db = rawDB(t, path)
	_, err = db.Exec("PRAGMA user_version = 999")
	require.NoError(t, err)
	require.NoError(t, db.Close())
	_, err = Open(path)
	require.ErrorIs(t, err, ErrNewerSchema)
	assert.Contains(t, err.Error(), "999")
	db = rawDB(t, path)
	require.NoError(t, db.QueryRow("PRAGMA user_version").Scan(&v))
	assert.Equal(t, 999, v)
}

func TestMigrate(t *testing.T) {
	one := &fstest.MapFile{Data: []byte(`CREATE TABLE a (x INTEGER); INSERT INTO a VALUES (1);`)}
	two := &fstest.MapFile{Data: []byte(`CREATE TABLE b (y INTEGER); ALTER TABLE a ADD COLUMN z TEXT;`)}
	broken := &fstest.MapFile{Data: []byte(`CREATE TABLE c (y INTEGER); INSERT INTO nowhere VALUES (1);`)}

	type step struct {
		files     fstest.MapFS
		applied   int
		version   int
		tables    []string
		errIs     error
		errAny    bool
		loadFails bool
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"fresh then reopen", []step{
			{files: fstest.MapFS{"m/0001_a.sql": one, "m/0002_b.sql": two}, applied: 2, version: 2, tables: []string{"a", "b"}},
			{files: fstest.MapFS{"m/0001_a.sql": one, "m/0002_b.sql": two}, applied: 0, version: 2, tables: []string{"a", "b"}},
		}},
		{"upgrade applies only the new one", []step{
			{files: fstest.MapFS{"m/0001_a.sql": one}, applied: 1, version: 1, tables: []string{"a"}},
			{files: fstest.MapFS{"m/0001_a.sql": one, "m/0002_b.sql": two}, applied: 1, version: 2, tables: []string{"a", "b"}},
		}},
		{"newer refused", []step{
			{files: fstest.MapFS{"m/0001_a.sql": one, "m/0002_b.sql": two}, applied: 2, version: 2, tables: []string{"a", "b"}},
			{files: fstest.MapFS{"m/0001_a.sql": one}, version: 2, tables: []string{"a", "b"}, errIs: ErrNewerSchema},
		}},
		{"a failing migration is rolled back whole", []step{
			{files: fstest.MapFS{"m/0001_a.sql": one, "m/0002_c.sql": broken}, applied: 1, version: 1, tables: []string{"a"}, errAny: true},
			{files: fstest.MapFS{"m/0001_a.sql": one, "m/0002_b.sql": two}, applied: 1, version: 2, tables: []string{"a", "b"}},
		}},
		{"gap in numbers", []step{{files: fstest.MapFS{"m/0001_a.sql": one, "m/0003_b.sql": two}, loadFails: true}}},
		{"duplicate number", []step{{files: fstest.MapFS{"m/0001_a.sql": one, "m/0001_b.sql": two}, loadFails: true}}},
		{"bad name", []step{{files: fstest.MapFS{"m/1_a.sql": one}, loadFails: true}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "m.db")
			for i, st := range tc.steps {
				ms, err := loadMigrations(st.files, "m")
				if st.loadFails {
					require.Error(t, err)
					continue
				}
				require.NoError(t, err)
				db := rawDB(t, path)
				n, err := migrate(ctx, db, ms)
				switch {
				case st.errIs != nil:
					require.ErrorIs(t, err, st.errIs, "step %d", i)
				case st.errAny:
					require.Error(t, err, "step %d", i)
				default:
					require.NoError(t, err, "step %d", i)
				}
				assert.Equal(t, st.applied, n, "step %d: applied", i)
				v, err := userVersion(ctx, db)
				require.NoError(t, err)
				assert.Equal(t, st.version, v, "step %d: version", i)
				assert.Equal(t, st.tables, tables(t, db), "step %d: tables", i)
				if len(st.tables) > 0 && st.tables[0] == "a" {
					var rows int
					require.NoError(t, db.QueryRow(`SELECT COUNT(*) FROM a`).Scan(&rows))
					assert.Equal(t, 1, rows, "step %d: migration 1 ran once", i)
				}
				require.NoError(t, db.Close())
			}
		})
	}
}
