package store

import (
	"context"
	"time"
)

// Gathered point reads (PostgreSQL). A read is a round trip, and a busy
// process waits long for each: a click reads its table's version (Sync)
// and its player's settings, and a few hundred such reads at once queued
// one by one for the read pool's connections. A gatherer takes the reads
// of one kind that are waiting and makes them one query (WHERE key =
// ANY(keys)), as the writer makes the writes waiting one commit: the
// more reads wait, the fewer round trips each costs.

// gatherWorkers are the queries of one kind in flight at once: while one
// waits for its answer, the next gathers what arrives meanwhile.
const gatherWorkers = 2

// maxGathered bounds the keys of one query.
const maxGathered = 512

// gatherer gathers reads of V by key K into queries of read.
type gatherer[K comparable, V any] struct {
	reqs chan gatherReq[K, V]
	// read returns the values of the keys found (a key not found has no
	// entry).
	read    func(ctx context.Context, keys []K) (map[K]V, error)
	closing <-chan struct{}
}

// gatherReq is one read waiting: its key, its caller's context, and where
// its answer goes (buffered: the gatherer never waits for a caller).
type gatherReq[K comparable, V any] struct {
	ctx context.Context
	key K
	out chan gatherAnswer[V]
}

// gatherAnswer is a read's answer: the value, whether the key was found,
// or the query's error.
type gatherAnswer[V any] struct {
	v     V
	found bool
	err   error
}

// newGatherer starts a gatherer's workers, which stop when closing is
// closed.
func newGatherer[K comparable, V any](closing <-chan struct{}, read func(ctx context.Context, keys []K) (map[K]V, error)) *gatherer[K, V] {
	g := &gatherer[K, V]{reqs: make(chan gatherReq[K, V], maxGathered), read: read, closing: closing}
	for range gatherWorkers {
		go g.work()
	}
	return g
}

// get reads key, with the other reads waiting: its value and whether it
// was found, or ctx's error if ctx ends first, or ErrClosed.
func (g *gatherer[K, V]) get(ctx context.Context, key K) (V, bool, error) {
	var zero V
	req := gatherReq[K, V]{ctx: ctx, key: key, out: make(chan gatherAnswer[V], 1)}
	select {
	case g.reqs <- req:
	case <-ctx.Done():
		return zero, false, ctx.Err()
	case <-g.closing:
		return zero, false, ErrClosed
	}
	select {
	case a := <-req.out:
		return a.v, a.found, a.err
	case <-ctx.Done():
		return zero, false, ctx.Err()
	case <-g.closing: // its workers may have stopped before taking it
		return zero, false, ErrClosed
	}
}

// work answers gathered reads until the store closes: the first read
// waiting, with every other waiting then, in one query.
func (g *gatherer[K, V]) work() {
	for {
		var batch []gatherReq[K, V]
		select {
		case r := <-g.reqs:
			batch = append(batch, r)
		case <-g.closing:
			return
		}
	more:
		for len(batch) < maxGathered {
			select {
			case r := <-g.reqs:
				batch = append(batch, r)
			default:
				break more
			}
		}
		g.answer(batch)
	}
}

// answer reads the keys of the batch's reads still wanted, in one query
// that runs until the latest of their deadlines (ReadTimeout for one
// without), and answers each.
func (g *gatherer[K, V]) answer(batch []gatherReq[K, V]) {
	var (
		keys  []K
		seen  = map[K]bool{}
		until time.Time
	)
	for _, r := range batch {
		if r.ctx.Err() != nil {
			continue // given up: its caller has returned
		}
		d, ok := r.ctx.Deadline()
		if !ok {
			d = time.Now().Add(ReadTimeout)
		}
		if d.After(until) {
			until = d
		}
		if !seen[r.key] {
			seen[r.key] = true
			keys = append(keys, r.key)
		}
	}
	if len(keys) == 0 {
		return
	}
	ctx, cancel := context.WithDeadline(context.Background(), until)
	defer cancel()
	vals, err := g.read(ctx, keys)
	for _, r := range batch {
		v, found := vals[r.key]
		r.out <- gatherAnswer[V]{v: v, found: found, err: err}
	}
}
