package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
)

// gathering is a gatherer whose reads are held until the test lets each
// go: calls says each read's keys as it starts.
type gathering struct {
	g       *gatherer[int, string]
	calls   chan []int
	release []chan struct{} // one a read, in the order they start
	closing chan struct{}
}

func newGathering(t *testing.T, fail error) *gathering {
	gt := &gathering{calls: make(chan []int, 16), closing: make(chan struct{})}
	for range 8 {
		gt.release = append(gt.release, make(chan struct{}))
	}
	var n int
	var mu sync.Mutex
	gt.g = newGatherer(gt.closing, func(ctx context.Context, keys []int) (map[int]string, error) {
		mu.Lock()
		wait := gt.release[n]
		n++
		mu.Unlock()
		gt.calls <- keys
		<-wait
		out := map[int]string{}
		for _, k := range keys {
			if k%10 != 0 { // keys 0, 10, 20… are not found
				out[k] = fmt.Sprint("v", k)
			}
		}
		return out, fail
	})
	t.Cleanup(func() { close(gt.closing) })
	return gt
}

// answer is a get's outcome.
type answer struct {
	key   int
	v     string
	found bool
	err   error
}

func (gt *gathering) get(ctx context.Context, key int, answers chan<- answer) {
	go func() {
		v, found, err := gt.g.get(ctx, key)
		answers <- answer{key, v, found, err}
	}()
}

// Reads that wait while both workers' queries are out go as one query,
// each key once, and each read gets its own key's answer.
func TestGatherOneQueryForWaitingReads(t *testing.T) {
	gt := newGathering(t, nil)
	ctx := context.Background()
	answers := make(chan answer, 100)
	gt.get(ctx, 1, answers)
	assert.Equal(t, []int{1}, <-gt.calls)
	gt.get(ctx, 2, answers)
	assert.Equal(t, []int{2}, <-gt.calls, "the second worker takes the next read")
	want := map[int]bool{}
	for k := 3; k <= 40; k++ {
		gt.get(ctx, k, answers)
		gt.get(ctx, k, answers) // every key twice
		want[k] = true
	}
	require.Eventually(t, func() bool { return len(gt.g.reqs) == 76 }, 10*time.Second, time.Millisecond, "the reads wait")
	close(gt.release[0])
	third := <-gt.calls
	assert.Len(t, third, len(want), "one query for every waiting read, each key once")
	for _, k := range third {
		assert.True(t, want[k], "key %d", k)
	}
	close(gt.release[1])
	close(gt.release[2])
	for range 2 + 76 {
		a := <-answers
		require.NoError(t, a.err)
		assert.Equal(t, a.key%10 != 0, a.found, "key %d", a.key)
		if a.found {
			assert.Equal(t, fmt.Sprint("v", a.key), a.v)
		}
	}
}

// A query's error is every read's of it; a read whose caller gives up
// returns at once; a read on a closed store is ErrClosed.
func TestGatherErrorsAndGivingUp(t *testing.T) {
	broken := errors.New("the server went away")
	gt := newGathering(t, broken)
	answers := make(chan answer, 10)
	gt.get(context.Background(), 1, answers)
	<-gt.calls
	ctx, cancel := context.WithCancel(context.Background())
	gt.get(ctx, 2, answers)
	<-gt.calls
	gt.get(ctx, 3, answers) // waits: both workers are out
	cancel()
	for range 2 {
		a := <-answers
		assert.ErrorIs(t, a.err, context.Canceled, "key %d: given up", a.key)
	}
	close(gt.release[0])
	a := <-answers
	assert.ErrorIs(t, a.err, broken)
	close(gt.release[1])

	close(gt.closing)
	_, _, err := gt.g.get(context.Background(), 4)
	assert.ErrorIs(t, err, ErrClosed)
	gt.closing = make(chan struct{}) // for Cleanup
}

func TestReadsAtOnce(t *testing.T) { forEachStore(t, testReadsAtOnce) }

// Many versions and settings read at once (gathered on PostgreSQL) each
// get their own table's or player's, and a table that is not there is
// ErrNotFound.
func testReadsAtOnce(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	versions := map[int64]int{}
	for i := range 20 {
		id := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1, Status: StatusPlaying})
		for m := range i % 4 {
			require.NoError(t, s.AppendMove(ctx, id, m, 0, "m"))
		}
		v, err := s.Version(ctx, id)
		require.NoError(t, err)
		versions[id] = v
		if i%2 == 0 {
			require.NoError(t, s.SetSettings(ctx, fmt.Sprint("u", i), Settings{Large: true}))
		}
	}
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Go(func() {
			user := fmt.Sprint("u", i%20)
			st, err := s.Settings(ctx, user)
			assert.NoError(t, err)
			assert.Equal(t, i%2 == 0, st.Large, user)
			for id, want := range versions {
				if int(id)%7 == i%7 {
					v, err := s.Version(ctx, id)
					assert.NoError(t, err)
					assert.Equal(t, want, v, "table %d", id)
				}
			}
			_, err = s.Version(ctx, 100000+int64(i))
			assert.ErrorIs(t, err, ErrNotFound)
		})
	}
	wg.Wait()
}
