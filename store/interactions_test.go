package store

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// interactionID is the n-th snowflake-like id whose recording prunes (or
// does not prune) the old ids.
func interactionID(t *testing.T, n int, prune bool) string {
	t.Helper()
	for k := 1_000_000_000_000_000_000; ; k++ {
		id := strconv.Itoa(k)
		if prunes(id) == prune {
			if n == 0 {
				return id
			}
			n--
		}
	}
}

// countInteractions is how many ids the table holds.
func countInteractions(t *testing.T, s *Store) int {
	t.Helper()
	var n int
	require.NoError(t, s.q.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM interactions`).Scan(&n))
	return n
}

// An interaction's id is new once, for every process sharing the database.
func TestFirstSeen(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		s, c, db := openTemp(t, e)
		other := openAgain(t, db) // a second process on the same database
		a, b := interactionID(t, 0, false), interactionID(t, 1, false)
		steps := []struct {
			name  string
			st    *Store
			id    string
			first bool
		}{
			{"a new id", s, a, true},
			{"the same id again", s, a, false},
			{"the same id in another process", other, a, false},
			{"another id in the other process", other, b, true},
			{"that id in the first process", s, b, false},
		}
		for _, st := range steps {
			first, err := st.st.FirstSeen(ctx, st.id, c.Now())
			require.NoError(t, err, st.name)
			assert.Equal(t, st.first, first, st.name)
		}
	})
}

// Of many processes recording one id at once, one is first.
func TestFirstSeenAtOnce(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		s, c, db := openTemp(t, e)
		other := openAgain(t, db)
		for k := range 5 {
			id := interactionID(t, k, false)
			var firsts atomic.Int32
			var wg sync.WaitGroup
			for g := range 8 {
				st := s
				if g%2 == 1 {
					st = other
				}
				wg.Go(func() {
					first, err := st.FirstSeen(context.Background(), id, c.Now())
					assert.NoError(t, err)
					if first {
						firsts.Add(1)
					}
				})
			}
			wg.Wait()
			assert.Equal(t, int32(1), firsts.Load(), "id %s", id)
		}
	})
}

// Ids older than InteractionsKept are forgotten, now and then, by an
// insert; recent ones are kept.
func TestFirstSeenForgetsOldIDs(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		s, c, _ := openTemp(t, e)
		var old []string
		for k := range 10 {
			id := interactionID(t, k, false)
			old = append(old, id)
			first, err := s.FirstSeen(ctx, id, c.Now())
			require.NoError(t, err)
			require.True(t, first)
		}
		c.Advance(InteractionsKept / 2)
		recent := interactionID(t, 10, false)
		first, err := s.FirstSeen(ctx, recent, c.Now())
		require.NoError(t, err)
		require.True(t, first)
		// A pruning insert before the old ones are old enough forgets none.
		first, err = s.FirstSeen(ctx, interactionID(t, 0, true), c.Now())
		require.NoError(t, err)
		require.True(t, first)
		assert.Equal(t, 12, countInteractions(t, s))

		c.Advance(InteractionsKept/2 + time.Second)
		first, err = s.FirstSeen(ctx, interactionID(t, 11, false), c.Now())
		require.NoError(t, err)
		require.True(t, first)
		assert.Equal(t, 13, countInteractions(t, s), "an insert that does not prune forgets nothing")
		first, err = s.FirstSeen(ctx, interactionID(t, 1, true), c.Now())
		require.NoError(t, err)
		require.True(t, first)
		assert.Equal(t, 4, countInteractions(t, s), "the ten old ids are forgotten")
		first, err = s.FirstSeen(ctx, recent, c.Now())
		require.NoError(t, err)
		assert.False(t, first, "a recent id is kept")
		first, err = s.FirstSeen(ctx, old[2], c.Now())
		require.NoError(t, err)
		assert.True(t, first, "a forgotten id is new again")
	})
}

func TestFirstSeenRefusesNonIDs(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		s, c, _ := openTemp(t, e)
		for _, id := range []string{"", strings.Repeat("9", maxInteractionID+1)} {
			first, err := s.FirstSeen(context.Background(), id, c.Now())
			assert.Error(t, err, "%q", id)
			assert.False(t, first)
		}
		assert.Zero(t, countInteractions(t, s))
	})
}

// About one insert in pruneOneIn prunes.
func TestPruneRate(t *testing.T) {
	n := 0
	for k := range 100 * pruneOneIn {
		if prunes(strconv.Itoa(1_200_000_000_000_000_000 + k*4096)) {
			n++
		}
	}
	assert.InDelta(t, 100, n, 40)
}
