package store

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"time"
)

// Interactions received over HTTP: their ids, kept a few minutes, so that
// a signed request replayed to any process sharing the database is refused
// (a process's own memory only catches replays sent to it).

// InteractionsKept is how long an interaction's id is kept. A replay is
// refused by its signed timestamp once that is a minute old (on Discord's
// clock); the ids are kept far longer than that so that processes whose
// clocks disagree by a few minutes still keep each other's.
const InteractionsKept = 10 * time.Minute

// pruneOneIn is how often FirstSeen also deletes the ids older than
// InteractionsKept: on one insert in pruneOneIn on average, chosen by the
// id's hash, so that no process keeps a count and each prune deletes about
// pruneOneIn rows.
const pruneOneIn = 256

// maxInteractionID bounds an id: Discord's are snowflakes, at most 20
// digits.
const maxInteractionID = 32

// FirstSeen records interaction id as received at, and reports whether it
// is new: false when any process sharing the database recorded it already.
// Two processes recording one id at once get one true between them.
func (s *Store) FirstSeen(ctx context.Context, id string, at time.Time) (bool, error) {
	if id == "" || len(id) > maxInteractionID {
		return false, errors.New("store: an interaction id is a snowflake")
	}
	prune := prunes(id)
	var first bool
	err := s.write(ctx, func(tx *txn) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO interactions (id, seen_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`,
			id, at.UnixNano())
		if err != nil {
			return fmt.Errorf("store: interaction seen: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: interaction seen: %w", err)
		}
		first = n == 1
		if prune {
			if _, err := tx.ExecContext(ctx, `DELETE FROM interactions WHERE seen_at < ?`, at.Add(-InteractionsKept).UnixNano()); err != nil {
				return fmt.Errorf("store: forgetting old interactions: %w", err)
			}
		}
		return nil
	})
	return first, err
}

// prunes reports whether recording id also forgets the old ids.
func prunes(id string) bool {
	h := fnv.New32a()
	h.Write([]byte(id))
	return h.Sum32()%pruneOneIn == 0
}
