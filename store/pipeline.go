package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/dealer/dealer/games"
)

// Pipelined group commit (PostgreSQL). A write in a transaction costs a
// round trip a statement, and BEGIN and COMMIT one each: three for a
// move alone, 2+N for a batch of N. A round trip is dear when the process
// is busy (the writer waits for a processor after each answer), so the
// hot writes are each one statement whose result says whether it was
// taken (a refused move changes nothing and is no error of the
// statement's), and a batch of them goes to the server as one pgx batch:
// every statement, then one Sync. The server runs what comes before a
// Sync as one implicit transaction, committed at the Sync if every
// statement succeeded, rolled back whole if one failed: the batch in one
// round trip, all of it committed or none. pgx prepares each statement
// once per connection (its statement cache).
//
// A statement that fails (another process's move took the index, a
// deadlock) rolls the whole batch back: then the batch runs again as any
// other, each write in its savepoint (writer.go).

// stmtWrite is a write made of one statement.
type stmtWrite struct {
	q    string // with ? placeholders
	args []any
	// row are where the statement's one row is scanned; nil if it
	// returns no row.
	row []any
	// result is the write's error, from the statement's (nil if it ran)
	// and, if it returns no row, the rows it changed. It runs in the
	// writer, maybe after the caller gave the write up: it sets nothing
	// of the caller's.
	result func(err error, changed int64) error
}

// newStmtWrite is the write of st, for submit: st as one statement in a
// pipeline, or in a transaction as any write.
func newStmtWrite(ctx context.Context, st *stmtWrite) *writeReq {
	req := newWrite(ctx, st.run)
	req.stmt = st
	return req
}

// run runs the statement in tx.
func (st *stmtWrite) run(tx *txn) error {
	if st.row != nil {
		return st.result(tx.QueryRowContext(tx.ctx, st.q, st.args...).Scan(st.row...), 1)
	}
	res, err := tx.ExecContext(tx.ctx, st.q, st.args...)
	if err != nil {
		return st.result(err, 0)
	}
	n, err := res.RowsAffected()
	return st.result(err, n)
}

// tryPipeline runs a batch of statement writes as one pgx batch: one
// round trip, one implicit transaction. A statement that fails fails the
// batch (isolate: run it again with savepoints), unless it is the only
// one.
func (s *Store) tryPipeline(batch []*writeReq) attempt {
	ctx, cancel := context.WithDeadline(context.Background(), batchDeadline(batch))
	defer cancel()
	errs := make([]error, len(batch))
	var b pgx.Batch
	var sent []int
	for i, r := range batch {
		if !r.begin() {
			// Given up before it was sent: nothing of it to undo.
			if errs[i] = r.ctx.Err(); errs[i] == nil {
				errs[i] = context.Canceled
			}
			continue
		}
		r.end() // sent: it may be committed from now on
		b.Queue(s.d.rebind(r.stmt.q), r.stmt.args...)
		sent = append(sent, i)
	}
	if len(sent) == 0 {
		return attempt{errs: errs}
	}
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return attempt{err: fmt.Errorf("store: connect: %w", err)}
	}
	defer conn.Close()
	var failed error // the first statement's failure
	err = conn.Raw(func(dc any) error {
		br := dc.(*stdlib.Conn).Conn().SendBatch(ctx, &b)
		for _, i := range sent {
			st := batch[i].stmt
			var (
				err     error
				changed int64 = 1
			)
			if st.row != nil {
				err = br.QueryRow().Scan(st.row...)
			} else {
				var tag pgconn.CommandTag
				tag, err = br.Exec()
				changed = tag.RowsAffected()
			}
			// Every answer is read, so that every write's refusal is
			// seen if the batch commits.
			errs[i] = st.result(err, changed)
			if failed == nil {
				failed = err
			}
		}
		return br.Close()
	})
	return s.pipelined(errs, sent, failed, err)
}

// pipelined is the attempt of a pipeline whose statements ended with
// errs, the first to fail with failed, and whose batch ended with err.
// Only a server's refusal of a statement (a PgError) says for sure that
// nothing was committed (the server rolls the batch back at its Sync): a
// connection lost may have lost the answer to a commit, so its batch is
// not run again but fails, as a commit that fails does.
func (s *Store) pipelined(errs []error, sent []int, failed, err error) attempt {
	var refused *pgconn.PgError
	switch {
	case !errors.As(failed, &refused):
	case s.d.retryable(failed):
		return attempt{err: failed, retry: true}
	case len(sent) == 1:
		return attempt{errs: errs} // the write's own error: nothing committed
	default:
		return attempt{err: failed, isolate: true}
	}
	if err != nil {
		return attempt{err: fmt.Errorf("store: commit: %w", err), retry: s.d.retryable(err)}
	}
	return attempt{errs: errs}
}

// tablePostgres is Table in one round trip: BEGIN (REPEATABLE READ: one
// snapshot), the table, its players, its moves and COMMIT as one pgx
// batch.
func (s *Store) tablePostgres(ctx context.Context, id int64) (TableRow, []games.Entry, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ReadTimeout)
		defer cancel()
	}
	conn, err := s.r.Conn(ctx)
	if err != nil {
		return TableRow{}, nil, fmt.Errorf("store: begin read: %w", err)
	}
	defer conn.Close() // one left in a failed transaction is not reused (stdlib's ResetSession)
	var (
		sess TableRow
		log  []games.Entry
	)
	err = conn.Raw(func(dc any) error {
		var b pgx.Batch
		b.Queue(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`)
		for _, q := range []string{tableQuery, playersQuery, movesQuery} {
			b.Queue(s.d.rebind(q), id)
		}
		b.Queue(`COMMIT`)
		br := dc.(*stdlib.Conn).Conn().SendBatch(ctx, &b)
		err := readTableBatch(br, id, &sess, &log)
		return errors.Join(err, br.Close())
	})
	if err != nil {
		return TableRow{}, nil, err
	}
	return sess, log, nil
}

// readTableBatch reads tablePostgres's batch's answers into sess and log.
func readTableBatch(br pgx.BatchResults, id int64, sess *TableRow, log *[]games.Entry) error {
	if _, err := br.Exec(); err != nil {
		return fmt.Errorf("store: begin read: %w", err)
	}
	var err error
	*sess, err = scanTable(br.QueryRow())
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return notFound(id)
	case err != nil:
		return fmt.Errorf("store: session %d: %w", id, err)
	}
	rows, err := br.Query()
	if err == nil {
		err = scanPlayers(rows, func(_ int64, p Player) { sess.Players = append(sess.Players, p) })
		rows.Close()
	}
	if err != nil {
		return fmt.Errorf("store: session %d: players: %w", id, err)
	}
	if rows, err = br.Query(); err != nil {
		return fmt.Errorf("store: session %d: moves: %w", id, err)
	}
	defer rows.Close()
	*log, err = scanMoves(rows, id, sess.Moves)
	return err
}
