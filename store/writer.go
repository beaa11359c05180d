package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"
)

// Group commit. One goroutine owns the writer connection. A write waits for
// it; the writes that arrive while a transaction is being committed are run
// together in the next transaction, each in its own savepoint (so that one
// failing undoes only its own statements), and committed with one flush.
//
// Why: with a transaction per write, a busy process (hundreds of moves a
// second on two cores, each drawing a picture) made the writer the queue:
// every cgo call of a transaction, the fsync above all, gives up the
// goroutine's processor and waits to be scheduled again behind the picture
// drawing, and writes fell to ~70 a second. Batched, they keep up.
//
// On PostgreSQL a batch's single-statement writes (the moves) are sent in
// one round trip, as one implicit transaction (pipeline.go); its other
// writes cost a round trip a statement, BEGIN and COMMIT one each.
//
// On PostgreSQL a batch holds its rows' locks until it commits, so two
// processes' batches can deadlock (each waiting for a row the other
// updated); the server then fails one of them. That batch is rolled back
// whole and run again, which is why a write's function may run more than
// once.
//
// A commit's flush costs the process more CPU than the writes it commits
// (~120 µs of a 2-core machine's, against ~35 µs for a move's statements),
// and even at hundreds of moves a second writes rarely meet during a
// commit: most batches held one write. So once writes meet (a batch holds
// more than one), a batch waits, up to commitDelay, until it holds as many
// writes as the one before it, and at least two: writers that met keep
// meeting, and writers that are all in the batch already are not kept
// waiting. After lingerBatches batches of one write in a row, batches wait
// no more: a lone writer never waits.

// maxBatch bounds the writes committed together.
const maxBatch = 256

// commitDelay bounds how long a batch waits for more writes (the Store's
// commitDelay, which tests may change); lingerBatches is how many batches
// of one write in a row end the waiting.
const (
	commitDelay   = 2 * time.Millisecond
	lingerBatches = 8
)

// maxAttempts bounds the runs of a batch that keeps meeting deadlocks.
const maxAttempts = 10

// ErrClosed is the error of a write on a closed Store.
var ErrClosed = errors.New("store: closed")

type writeReq struct {
	ctx context.Context
	fn  func(tx *txn) error
	// stmt, when set, is the write as one statement (fn runs it in a
	// transaction): on PostgreSQL a batch of such writes goes to the
	// server in one round trip (pipeline.go).
	stmt *stmtWrite
	done chan error

	// A caller whose ctx ends gives its write up (abandon): a function not
	// yet run is then never run, and one running is waited for, so that
	// no function of a write ever runs after its caller has returned (it
	// sets its caller's variables).
	mu        sync.Mutex
	idle      sync.Cond // signalled when fn stops running
	running   bool
	ran       bool // fn ran at least once
	abandoned bool
}

// begin reports whether the writer may run the write's function now (its
// caller has not given it up), and marks it running.
func (r *writeReq) begin() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.abandoned || r.ctx.Err() != nil {
		return false
	}
	r.running = true
	return true
}

// end marks the write's function as no longer running.
func (r *writeReq) end() {
	r.mu.Lock()
	r.running, r.ran = false, true
	r.mu.Unlock()
	r.idle.Broadcast()
}

// abandon gives the write up for its caller: its function will not run
// again, and is not running when abandon returns. It reports whether the
// function ran (then the write may yet be committed).
func (r *writeReq) abandon() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.abandoned = true
	for r.running {
		r.idle.Wait()
	}
	return r.ran
}

// ErrUnconfirmed is the error of a write whose caller's deadline passed
// while it was being committed: it may yet be committed, or not. A
// writer that keeps a copy of what it wrote reads it again (a table's
// version tells).
var ErrUnconfirmed = errors.New("store: the write was not confirmed in time (it may yet be committed)")

// write runs fn in a write transaction (on the single writer connection;
// BEGIN IMMEDIATE on SQLite) and returns once it is committed, or when ctx
// ends. If fn fails, its statements are undone and nothing of it is
// committed. fn must use only tx: the writer has one connection. fn may be
// run more than once (after a deadlock with another process, on
// PostgreSQL), each time in a fresh transaction: it must set its results,
// never add to them. A write whose ctx ends before fn runs is not run
// (ctx's error); one whose ctx ends after fn ran, while it is being
// committed, is ErrUnconfirmed. Either way fn is not running when write
// returns, and never runs after.
func (s *Store) write(ctx context.Context, fn func(tx *txn) error) error {
	return s.submit(newWrite(ctx, fn))
}

// writeStmt is write for a write made of one statement (stmtWrite).
func (s *Store) writeStmt(ctx context.Context, st *stmtWrite) error {
	return s.submit(newStmtWrite(ctx, st))
}

// newWrite is the write of fn, for submit.
func newWrite(ctx context.Context, fn func(tx *txn) error) *writeReq {
	req := &writeReq{ctx: ctx, fn: fn, done: make(chan error, 1)}
	req.idle.L = &req.mu
	return req
}

// submit queues req for the writer and waits for its fate (write).
func (s *Store) submit(req *writeReq) error {
	ctx := req.ctx
	select {
	case s.writes <- req:
	case <-ctx.Done():
		return fmt.Errorf("store: %w", ctx.Err())
	case <-s.closing:
		return ErrClosed
	}
	select {
	case err := <-req.done:
		return err
	case <-ctx.Done():
		if !req.abandon() {
			return fmt.Errorf("store: %w", ctx.Err()) // never run: nothing of it is committed
		}
		return fmt.Errorf("%w: %w", ErrUnconfirmed, ctx.Err())
	}
}

// batchDeadline is when a batch must be done: the latest of its writes'
// deadlines, a write without one counting WriteTimeout from now, so that
// a database that stopped answering holds the writer no longer than its
// callers wait (and the writer then goes on with the next batch, on a new
// connection).
func batchDeadline(batch []*writeReq) time.Time {
	latest := time.Now().Add(WriteTimeout)
	for _, r := range batch {
		if d, ok := r.ctx.Deadline(); ok && d.After(latest) {
			latest = d
		}
	}
	return latest
}

// writer commits the queued writes until the Store is closed.
func (s *Store) writer() {
	defer close(s.writerEnd)
	linger := 0 // batches left that may wait for more writes
	last := 0   // the previous batch's writes
	for {
		var batch []*writeReq
		select {
		case r := <-s.writes:
			batch = append(batch, r)
		case <-s.closing:
			return
		}
		batch = queued(batch, s.writes, maxBatch)
		if want := max(last, 2); linger > 0 && len(batch) < want {
			batch = s.gather(batch, want)
		}
		if len(batch) > 1 {
			linger = lingerBatches
		} else if linger > 0 {
			linger--
		}
		last = len(batch)
		s.commit(batch)
	}
}

// queued adds what waits on ch now to batch, up to limit in all: the
// writer's writes, a gatherer's reads.
func queued[T any](batch []T, ch <-chan T, limit int) []T {
	for len(batch) < limit {
		select {
		case r := <-ch:
			batch = append(batch, r)
		default:
			return batch
		}
	}
	return batch
}

// gather adds the writes that come to batch until it holds n, or for
// commitDelay at most (less if the Store is closing).
func (s *Store) gather(batch []*writeReq, n int) []*writeReq {
	t := time.NewTimer(s.commitDelay)
	defer t.Stop()
	for len(batch) < n {
		select {
		case r := <-s.writes:
			batch = append(batch, r)
		case <-t.C:
			return batch
		case <-s.closing:
			return batch
		}
	}
	return batch
}

// commit commits a batch of writes and tells each its fate: in one
// transaction, but on PostgreSQL in two when the batch mixes
// single-statement writes (stmtWrite: the moves) with others: the
// statements go first as one pipeline, one round trip (pipeline.go), then
// the others, a round trip a statement. Two commits cost less than a
// round trip a move: under load most batches hold a table being created,
// started or finished beside many moves. The writes of a batch came from
// callers waiting at once, so no order binds them.
func (s *Store) commit(batch []*writeReq) {
	if s.d.engine != EnginePostgres {
		s.commitTx(batch, false)
		return
	}
	var stmts, others []*writeReq
	for _, r := range batch {
		if r.stmt != nil {
			stmts = append(stmts, r)
		} else {
			others = append(others, r)
		}
	}
	if len(stmts) > 0 {
		s.commitTx(stmts, true)
	}
	if len(others) > 0 {
		s.commitTx(others, false)
	}
}

// commitTx runs a batch of writes in one transaction, as one pipeline if
// pipelined (every write a stmtWrite), and tells each its fate.
//
// Savepoints keep the writes apart: one failing undoes only its own
// statements. SQLite's cost nothing; PostgreSQL's cost a round trip to the
// server a write, and a round trip is dear when the process is busy (the
// writer waits for a processor after each), so there a batch first runs
// without them, and runs again with them only if one of its writes failed.
// A write's function may thus run twice; writes rarely fail.
//
// A pipeline whose statement failed runs again the usual way, with
// savepoints.
func (s *Store) commitTx(batch []*writeReq, pipelined bool) {
	savepoints := len(batch) > 1 && s.d.engine == EngineSQLite
	start := time.Now()
	var res attempt
	for n := 1; ; n++ {
		if pipelined {
			res = s.tryPipeline(batch)
		} else {
			res = s.tryCommit(batch, savepoints)
		}
		if res.retry && n < maxAttempts {
			// A deadlock: let the other process's transaction finish first.
			time.Sleep(time.Duration(n) * time.Duration(1+rand.IntN(10)) * time.Millisecond)
			continue
		}
		if res.isolate && (pipelined || !savepoints) {
			pipelined, savepoints = false, true
			continue
		}
		break
	}
	s.m.committed(start, res.err != nil)
	for i, r := range batch {
		if res.err != nil {
			r.done <- res.err
		} else {
			r.done <- res.errs[i]
		}
	}
}

// attempt is the outcome of one run of a batch.
type attempt struct {
	errs []error // each write's error, if the batch was committed
	err  error   // the whole batch's error: nothing was committed
	// retry: nothing was committed, and running the batch again may
	// succeed (a deadlock with another process).
	retry bool
	// isolate: nothing was committed, because a write failed in a batch
	// run without savepoints; run it again with them.
	isolate bool
}

// tryCommit runs the batch in one transaction, each write in its own
// savepoint if savepoints (else a failing write fails the batch, to run
// again with them; alone, it is its own transaction).
func (s *Store) tryCommit(batch []*writeReq, savepoints bool) attempt {
	ctx, cancel := context.WithDeadline(context.Background(), batchDeadline(batch))
	defer cancel()
	errs := make([]error, len(batch))
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return attempt{err: fmt.Errorf("store: begin: %w", err)}
	}
	t := &txn{tx, s.d, ctx}
	fail := func(err error) attempt {
		tx.Rollback()
		return attempt{err: err, retry: s.d.retryable(err)}
	}
	// The statements between two writes go in one round trip (no
	// parameters: one simple query).
	if savepoints {
		if _, err := tx.ExecContext(ctx, `SAVEPOINT w`); err != nil {
			return fail(fmt.Errorf("store: savepoint: %w", err))
		}
	}
	for i, r := range batch {
		if !r.begin() {
			// Given up before it ran (this time): nothing of it to undo.
			if errs[i] = r.ctx.Err(); errs[i] == nil {
				errs[i] = context.Canceled
			}
			continue
		}
		errs[i] = run(r.fn, t)
		r.end()
		if s.d.retryable(errs[i]) {
			return fail(errs[i])
		}
		if !savepoints {
			if errs[i] == nil {
				continue
			}
			tx.Rollback()
			if len(batch) == 1 {
				return attempt{errs: errs}
			}
			return attempt{err: errs[i], isolate: true}
		}
		var next []string
		if errs[i] != nil {
			next = append(next, `ROLLBACK TO w`)
		}
		if i < len(batch)-1 {
			next = append(next, `RELEASE w`, `SAVEPOINT w`)
		}
		if len(next) == 0 {
			continue // the commit releases the last savepoint
		}
		stmt := strings.Join(next, "; ")
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fail(fmt.Errorf("store: %s: %w", stmt, err))
		}
	}
	if err := tx.Commit(); err != nil {
		return attempt{err: fmt.Errorf("store: commit: %w", err), retry: s.d.retryable(err)}
	}
	return attempt{errs: errs}
}

// run calls fn, turning a panic into an error so that the writer survives.
func run(fn func(tx *txn) error, tx *txn) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("store: write panicked: %v", p)
		}
	}()
	return fn(tx)
}
