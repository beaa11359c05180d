package store

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// changesChannel is the PostgreSQL channel on which every change of a
// table is announced, as "id:moves" (a trigger sends it; see
// migrations/postgres/0006_timers.sql).
const changesChannel = "dealer_tables"

// listenCheck is how long the listening connection may stay quiet before
// it is checked (a ping): a connection that no longer answers is made
// again, and meanwhile missed notices are made up for (Changes).
const listenCheck = 30 * time.Second

// Changes calls fn for each table any process changes, with its id and
// move count, as the database announces them when they commit, until ctx
// ends. A process that keeps tables in memory learns so that another
// process moved one on. When notices may have been missed (the connection
// was lost and made again), fn is called with id 0 — once the new
// connection listens, so that no notice falls between the two: any table
// may have changed. On SQLite, a file of one process, there is nothing to
// hear: Changes returns nil at once.
func (s *Store) Changes(ctx context.Context, fn func(id int64, moves int)) error {
	if s.listen == nil {
		return nil
	}
	for first := true; ctx.Err() == nil; first = false {
		listening := func() {
			if !first {
				fn(0, 0) // notices sent while not listening are lost
			}
		}
		err := s.listenOnce(ctx, listening, fn)
		if ctx.Err() != nil {
			return nil
		}
		_ = err // the connection was lost: listen again after a pause
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
	}
	return nil
}

// listenOnce listens on one connection until it fails or ctx ends,
// calling listening once the server has taken the LISTEN.
func (s *Store) listenOnce(ctx context.Context, listening func(), fn func(id int64, moves int)) error {
	cctx, cancel := context.WithTimeout(ctx, ConnectTimeout)
	conn, err := pgx.ConnectConfig(cctx, s.listen)
	cancel()
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	lctx, cancel := context.WithTimeout(ctx, ConnectTimeout)
	_, err = conn.Exec(lctx, "LISTEN "+changesChannel)
	cancel()
	if err != nil {
		return err
	}
	listening()
	for {
		wctx, cancel := context.WithTimeout(ctx, listenCheck)
		n, err := conn.WaitForNotification(wctx)
		cancel()
		if err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			// Quiet for a while: a server gone silent (frozen, or behind a
			// proxy that stopped forwarding) sends no error either.
			pctx, cancel := context.WithTimeout(ctx, ConnectTimeout)
			err = conn.Ping(pctx)
			cancel()
			if err == nil {
				continue
			}
		}
		if err != nil {
			return err
		}
		// "id:moves:version" (before migration 9, "id:moves").
		idText, rest, _ := strings.Cut(n.Payload, ":")
		movesText, _, _ := strings.Cut(rest, ":")
		id, err1 := strconv.ParseInt(idText, 10, 64)
		moves, err2 := strconv.Atoi(movesText)
		if err1 == nil && err2 == nil {
			fn(id, moves)
		}
	}
}
