package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Group commit. One goroutine owns the writer connection. A write waits for
// it; the writes that arrive while a transaction is being committed are run
// together in the next transaction, each in its own savepoint (so that one
// failing undoes only its own statements), and committed with one fsync.
//
// Why: with a transaction per write, a busy process (hundreds of moves a
// second on two cores, each drawing a picture) made the writer the queue:
// every cgo call of a transaction, the fsync above all, gives up the
// goroutine's processor and waits to be scheduled again behind the picture
// drawing, and writes fell to ~70 a second. Batched, they keep up.

// maxBatch bounds the writes committed together.
const maxBatch = 256

// ErrClosed is the error of a write on a closed Store.
var ErrClosed = errors.New("store: closed")

type writeReq struct {
	ctx  context.Context
	fn   func(tx *sql.Tx) error
	done chan error
}

// write runs fn in a write transaction (BEGIN IMMEDIATE on the single writer
// connection) and returns once it is committed to the file. If fn fails,
// its statements are undone and nothing of it is committed. fn must use
// only tx: the writer has one connection.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	req := &writeReq{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case s.writes <- req:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.closing:
		return ErrClosed
	}
	// Once taken, the write is done or not, whatever ctx says since: wait
	// for the truth.
	return <-req.done
}

// writer commits the queued writes until the Store is closed.
func (s *Store) writer() {
	defer close(s.writerEnd)
	for {
		var batch []*writeReq
		select {
		case r := <-s.writes:
			batch = append(batch, r)
		case <-s.closing:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-s.writes:
				batch = append(batch, r)
			default:
				break more
			}
		}
		s.commit(batch)
	}
}

// commit runs a batch of writes in one transaction and tells each its fate.
func (s *Store) commit(batch []*writeReq) {
	ctx := context.Background()
	errs := make([]error, len(batch))
	failAll := func(err error) {
		for _, r := range batch {
			r.done <- err
		}
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		failAll(fmt.Errorf("store: begin: %w", err))
		return
	}
	for i, r := range batch {
		if err := r.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		if _, err := tx.ExecContext(ctx, `SAVEPOINT w`); err != nil {
			tx.Rollback()
			failAll(fmt.Errorf("store: savepoint: %w", err))
			return
		}
		errs[i] = run(r.fn, tx)
		undo := `RELEASE w`
		if errs[i] != nil {
			undo = `ROLLBACK TO w; RELEASE w`
		}
		if _, err := tx.ExecContext(ctx, undo); err != nil {
			tx.Rollback()
			failAll(fmt.Errorf("store: %s: %w", undo, err))
			return
		}
	}
	if err := tx.Commit(); err != nil {
		failAll(fmt.Errorf("store: commit: %w", err))
		return
	}
	for i, r := range batch {
		r.done <- errs[i]
	}
}

// run calls fn, turning a panic into an error so that the writer survives.
func run(fn func(tx *sql.Tx) error, tx *sql.Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("store: write panicked: %v", p)
		}
	}()
	return fn(tx)
}
