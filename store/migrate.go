package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
)

// migrationFiles are the schema migrations, applied in order: one set per
// engine, in migrations/sqlite and migrations/postgres, numbered alike (a
// test checks that they make the same tables and columns). The schema's
// version is the number of the last migration applied (SQLite's
// user_version, PostgreSQL's schema_version table). To change the schema,
// add the next numbered file to both; never edit one that has shipped.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migrations are the engine's migrations, in order.
func (d *dialect) migrations() ([]migration, error) {
	return loadMigrations(migrationFiles, "migrations/"+d.engine)
}

// ErrNewerSchema is returned by Open for a database written by a newer
// version of the dealer, whose schema this version does not know.
var ErrNewerSchema = errors.New("store: the database is from a newer version of the dealer")

// migrationFills are what a migration computes in Go, by its file's name,
// after its SQL and in its transaction: 0012's ratings of the games
// played before it (both engines' files are named alike).
var migrationFills = map[string]func(ctx context.Context, tx *txn) error{"0012_ratings.sql": rebuildRatings}

type migration struct {
	version int
	name    string
	sql     string
}

var migrationName = regexp.MustCompile(`^([0-9]{4})_[a-z0-9_]+\.sql$`)

// loadMigrations reads the numbered .sql files of dir in fsys. They must be
// numbered 1, 2, 3... without gaps or duplicates.
func loadMigrations(fsys fs.FS, dir string) ([]migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("store: migrations: %w", err)
	}
	var ms []migration
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		m := migrationName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("store: migrations: bad file name %q (want NNNN_name.sql)", e.Name())
		}
		v, _ := strconv.Atoi(m[1])
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("store: migrations: %w", err)
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("store: migrations: %s: want number %04d", m.name, i+1)
		}
	}
	return ms, nil
}

// migrate brings the database on db (the writer) up to the last of ms,
// each migration in its own transaction together with the version. It
// returns how many it applied. Another process migrating the same database
// at the same time is safe: each transaction locks the schema (SQLite's
// BEGIN IMMEDIATE; a PostgreSQL advisory lock) and reads the version again.
func migrate(ctx context.Context, d *dialect, db *sql.DB, ms []migration) (applied int, err error) {
	latest := len(ms)
	v, err := d.schemaVersion(ctx, db)
	if err != nil {
		return 0, err
	}
	if v > latest {
		return 0, fmt.Errorf("%w: schema version %d, this dealer knows up to %d", ErrNewerSchema, v, latest)
	}
	for v < latest {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return applied, fmt.Errorf("store: migrate: %w", err)
		}
		if err := d.lockSchema(ctx, tx); err != nil {
			tx.Rollback()
			return applied, fmt.Errorf("store: migrate: %w", err)
		}
		cur, err := d.schemaVersion(ctx, tx)
		if err != nil {
			tx.Rollback()
			return applied, fmt.Errorf("store: migrate: %w", err)
		}
		if cur != v { // someone else migrated meanwhile
			tx.Rollback()
			if cur > latest {
				return applied, fmt.Errorf("%w: schema version %d, this dealer knows up to %d", ErrNewerSchema, cur, latest)
			}
			v = cur
			continue
		}
		m := ms[v]
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			tx.Rollback()
			return applied, fmt.Errorf("store: migration %s: %w", m.name, err)
		}
		if fill := migrationFills[m.name]; fill != nil {
			if err := fill(ctx, &txn{tx, d, ctx}); err != nil {
				tx.Rollback()
				return applied, fmt.Errorf("store: migration %s: %w", m.name, err)
			}
		}
		if err := d.setSchemaVersion(ctx, tx, m.version); err != nil {
			tx.Rollback()
			return applied, fmt.Errorf("store: migration %s: %w", m.name, err)
		}
		if err := tx.Commit(); err != nil {
			return applied, fmt.Errorf("store: migration %s: %w", m.name, err)
		}
		applied++
		v = m.version
	}
	return applied, nil
}

// NewestSchema is the schema version this dealer migrates a database to:
// the number of its newest migration (both engines are numbered alike).
// A database at a higher version is from a newer dealer (ErrNewerSchema).
func NewestSchema() int {
	ms, err := loadMigrations(migrationFiles, "migrations/sqlite")
	if err != nil {
		panic(err) // the embedded files are checked by the store's tests
	}
	return len(ms)
}
