package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
)

// The engines a Store runs on, as Store.Engine names them.
const (
	EngineSQLite   = "sqlite"
	EnginePostgres = "postgres"
)

// dialect is what differs between the engines inside the store. The
// queries are written once, with ? placeholders and SQL both engines read
// (ON CONFLICT, RETURNING, NULLS LAST, CAST AS DOUBLE PRECISION, integers
// for booleans); the dialect rewrites the placeholders, recognises the
// engines' errors, and keeps the schema's version.
type dialect struct {
	engine string
	// readTx are the options of read transactions: one snapshot for all
	// their queries (SQLite's read transactions always are; PostgreSQL's
	// READ COMMITTED takes one per statement, so reads ask for REPEATABLE
	// READ, which never fails a read-only transaction).
	readTx sql.TxOptions
	bound  sync.Map // query with ? → query with $n
}

var (
	sqliteDialect   = &dialect{engine: EngineSQLite, readTx: sql.TxOptions{ReadOnly: true}}
	postgresDialect = &dialect{engine: EnginePostgres, readTx: sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}}
)

// rebind rewrites q's ? placeholders as the engine wants them: as they are
// for SQLite, $1, $2... for PostgreSQL. A ? inside a quoted string or
// identifier is left alone.
func (d *dialect) rebind(q string) string {
	if d.engine != EnginePostgres || !strings.Contains(q, "?") {
		return q
	}
	if b, ok := d.bound.Load(q); ok {
		return b.(string)
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n := 0
	var quote byte
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	d.bound.Store(q, b.String())
	return b.String()
}

// uniqueViolation reports whether err is a unique or primary key
// constraint's refusal.
func (d *dialect) uniqueViolation(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.ExtendedCode == sqlite3.ErrConstraintUnique || se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey
	}
	return false
}

// retryable reports whether err failed a transaction that may succeed if
// run again: on PostgreSQL, a deadlock with another process's transaction
// (each holding a row the other wants) or a serialization failure.
func (d *dialect) retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

// rowQuerier is a *sql.DB or a *sql.Tx.
type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// schemaVersion is the number of the last migration applied: SQLite's
// user_version, or PostgreSQL's one-row table schema_version (0 before it
// exists).
func (d *dialect) schemaVersion(ctx context.Context, q rowQuerier) (int, error) {
	var v int
	if d.engine == EngineSQLite {
		if err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
			return 0, fmt.Errorf("store: schema version: %w", err)
		}
		return v, nil
	}
	var table sql.NullString
	if err := q.QueryRowContext(ctx, "SELECT to_regclass('schema_version')::text").Scan(&table); err != nil {
		return 0, fmt.Errorf("store: schema version: %w", err)
	}
	if !table.Valid {
		return 0, nil
	}
	err := q.QueryRowContext(ctx, "SELECT version FROM schema_version").Scan(&v)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("store: schema version: %w", err)
	}
	return v, nil
}

// lockSchema makes tx the only migrating transaction on the database, until
// it ends. SQLite's writer transactions are BEGIN IMMEDIATE and already are.
func (d *dialect) lockSchema(ctx context.Context, tx *sql.Tx) error {
	if d.engine == EngineSQLite {
		return nil
	}
	// Any fixed number will do: "dealer" in ASCII codes.
	_, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(100101097108101114)")
	return err
}

// setSchemaVersion records v as the schema's version, in tx.
func (d *dialect) setSchemaVersion(ctx context.Context, tx *sql.Tx, v int) error {
	// The version is our own integer: utility statements take no parameters.
	var err error
	if d.engine == EngineSQLite {
		_, err = tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v))
	} else {
		_, err = tx.ExecContext(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
			DELETE FROM schema_version; INSERT INTO schema_version (version) VALUES (%d)`, v))
	}
	return err
}

// txn is a transaction of the store whose statements are written with ?
// placeholders, rewritten for the engine.
type txn struct {
	tx *sql.Tx
	d  *dialect
	// ctx is the transaction's own: its statements run under it, whatever
	// context a caller hands them. A write's function runs in a batch
	// beside other writes (writer.go): one caller's deadline cancelling
	// its statements would break the connection under all of them (pgx
	// closes a connection whose statement is cancelled), so the batch's
	// deadline, the latest of its writes', bounds them all.
	ctx context.Context
}

// ExecContext is sql.Tx's, with q rebound, under the transaction's context
// (see txn; ctx is the caller's, and is not used).
func (t *txn) ExecContext(_ context.Context, q string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(t.ctx, t.d.rebind(q), args...)
}

// QueryContext is sql.Tx's, with q rebound, under the transaction's
// context (see txn).
func (t *txn) QueryContext(_ context.Context, q string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(t.ctx, t.d.rebind(q), args...)
}

// QueryRowContext is sql.Tx's, with q rebound, under the transaction's
// context (see txn).
func (t *txn) QueryRowContext(_ context.Context, q string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(t.ctx, t.d.rebind(q), args...)
}

// pool is the read pool, its statements rebound as txn's are.
type pool struct {
	db *sql.DB
	d  *dialect
}

// QueryContext is sql.DB's, with q rebound.
func (p pool) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return p.db.QueryContext(ctx, p.d.rebind(q), args...)
}

// QueryRowContext is sql.DB's, with q rebound.
func (p pool) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	return p.db.QueryRowContext(ctx, p.d.rebind(q), args...)
}
