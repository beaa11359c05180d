package store

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
)

// rawDB opens db (a database of engine e) with one connection, as the
// store's writer does, for tests that migrate by hand.
func rawDB(t *testing.T, e engine, db string) (*sql.DB, *dialect) {
	t.Helper()
	var (
		raw *sql.DB
		err error
		d   = sqliteDialect
	)
	if e.name == EnginePostgres {
		raw, err = sql.Open("pgx", db)
		d = postgresDialect
	} else {
		raw, err = sql.Open("sqlite3", db+"?_journal_mode=WAL&_busy_timeout=10000&_foreign_keys=on&_txlock=immediate")
	}
	require.NoError(t, err)
	raw.SetMaxOpenConns(1)
	t.Cleanup(func() { raw.Close() })
	return raw, d
}

// rawMigrations opens db raw (rawDB) and reads its engine's embedded
// migrations, for tests that apply them by hand.
func rawMigrations(t *testing.T, e engine, db string) (*sql.DB, *dialect, []migration) {
	t.Helper()
	raw, d := rawDB(t, e, db)
	ms, err := d.migrations()
	require.NoError(t, err)
	return raw, d, ms
}

// tables lists the tables of the database, the version's own left out.
func tables(t *testing.T, d *dialect, db *sql.DB) []string {
	t.Helper()
	q := `SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`
	if d.engine == EnginePostgres {
		q = `SELECT table_name FROM information_schema.tables
			WHERE table_schema = current_schema() AND table_name <> 'schema_version' ORDER BY table_name`
	}
	rows, err := db.Query(q)
	require.NoError(t, err)
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		require.NoError(t, rows.Scan(&n))
		names = append(names, n)
	}
	require.NoError(t, rows.Err())
	return names
}

// columns lists a table's columns in order.
func columns(t *testing.T, db *sql.DB, table string) []string {
	t.Helper()
	rows, err := db.Query(`SELECT * FROM ` + table + ` LIMIT 0`)
	require.NoError(t, err)
	defer rows.Close()
	cols, err := rows.Columns()
	require.NoError(t, err)
	return cols
}

// setVersion sets the schema version by hand.
func setVersion(t *testing.T, d *dialect, db *sql.DB, v int) {
	t.Helper()
	tx, err := db.Begin()
	require.NoError(t, err)
	require.NoError(t, d.setSchemaVersion(context.Background(), tx, v))
	require.NoError(t, tx.Commit())
}

// The two engines' migrations come in the same numbers and names.
func TestMigrationSetsAlike(t *testing.T) {
	lite, err := sqliteDialect.migrations()
	require.NoError(t, err)
	pg, err := postgresDialect.migrations()
	require.NoError(t, err)
	require.NotEmpty(t, lite)
	require.Len(t, pg, len(lite), "one PostgreSQL migration for each SQLite one")
	for i := range lite {
		assert.Equal(t, i+1, lite[i].version, lite[i].name)
		assert.Equal(t, lite[i].name, pg[i].name, "migration %d", i+1)
	}
}

// Both engines' schemas have the same tables, with the same columns in the
// same order (what db copy and the queries rely on).
func TestSchemasAlike(t *testing.T) {
	var want map[string][]string
	forEachStore(t, func(t *testing.T, s *Store, _ *testkit.Clock) {
		got := map[string][]string{}
		for _, table := range tables(t, s.d, s.r) {
			got[table] = columns(t, s.r, table)
		}
		assert.Len(t, got, len(copyTables))
		for _, ct := range copyTables {
			assert.Equal(t, ct.columns, strings.Join(got[ct.name], ", "), "table %s: db copy copies every column", ct.name)
		}
		if want == nil {
			want = got
			return
		}
		assert.Equal(t, want, got)
	})
}

// The embedded migrations make a fresh database, leave an up-to-date one
// alone, and refuse a newer one.
func TestEmbeddedMigrations(t *testing.T) { forEachEngine(t, testEmbeddedMigrations) }

func testEmbeddedMigrations(t *testing.T, e engine) {
	ctx := context.Background()
	path := e.database(t)
	raw, d, ms := rawMigrations(t, e, path)
	require.NoError(t, raw.Close())

	// Fresh: every migration, and the version is the last one's.
	s, err := Open(path)
	require.NoError(t, err)
	v, err := s.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, len(ms), v)
	assert.Equal(t, v, NewestSchema(), "NewestSchema is the version a fresh database is migrated to")
	var want []string
	for _, ct := range copyTables {
		want = append(want, ct.name)
	}
	sort.Strings(want)
	assert.Equal(t, want, tables(t, d, s.r), "every table, and db copy copies each")
	id := mustCreate(t, s, TableRow{Game: "doublefreecell", Seats: 1})
	require.NoError(t, s.Close())

	// Reopen: nothing applied, data kept.
	db, _ := rawDB(t, e, path)
	n, err := migrate(ctx, d, db, ms)
	require.NoError(t, err)
	assert.Zero(t, n, "an up-to-date database gets no migration")
	require.NoError(t, db.Close())
	s, err = Open(path)
	require.NoError(t, err)
	_, err = s.TableRow(ctx, id)
	require.NoError(t, err)
	require.NoError(t, s.Close())

	// A newer database is refused, and left alone.
	db, _ = rawDB(t, e, path)
	setVersion(t, d, db, 999)
	require.NoError(t, db.Close())
	_, err = Open(path)
	require.ErrorIs(t, err, ErrNewerSchema)
	assert.Contains(t, err.Error(), "999")
	db, _ = rawDB(t, e, path)
	v, err = d.schemaVersion(ctx, db)
	require.NoError(t, err)
	assert.Equal(t, 999, v)
}

// migrate applies what is missing, each migration whole or not at all.
func TestMigrate(t *testing.T) { forEachEngine(t, testMigrate) }

func testMigrate(t *testing.T, e engine) {
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
			var path string
			for i, st := range tc.steps {
				ms, err := loadMigrations(st.files, "m")
				if st.loadFails {
					require.Error(t, err)
					continue
				}
				require.NoError(t, err)
				if path == "" {
					path = e.database(t)
				}
				db, d := rawDB(t, e, path)
				n, err := migrate(ctx, d, db, ms)
				switch {
				case st.errIs != nil:
					require.ErrorIs(t, err, st.errIs, "step %d", i)
				case st.errAny:
					require.Error(t, err, "step %d", i)
				default:
					require.NoError(t, err, "step %d", i)
				}
				assert.Equal(t, st.applied, n, "step %d: applied", i)
				v, err := d.schemaVersion(ctx, db)
				require.NoError(t, err)
				assert.Equal(t, st.version, v, "step %d: version", i)
				assert.Equal(t, st.tables, tables(t, d, db), "step %d: tables", i)
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
