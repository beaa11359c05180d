package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
)

// Writes committed together stay separate: of many appends of the same
// move index at once (likely in one batch), exactly one is made, the
// others fail with ErrConflict and leave nothing behind, and the writes of
// other tables in the same batch are all made.
func TestGroupCommitKeepsWritesApart(t *testing.T) { forEachStore(t, testGroupCommitKeepsWritesApart) }

func testGroupCommitKeepsWritesApart(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	contested, err := s.CreateTable(ctx, TableRow{Game: "doublefreecell", Seats: 1})
	require.NoError(t, err)
	var others []int64
	for range 20 {
		id, err := s.CreateTable(ctx, TableRow{Game: "doublefreecell", Seats: 1})
		require.NoError(t, err)
		others = append(others, id)
	}
	for round := range 10 {
		var wg sync.WaitGroup
		var won, conflicts atomic.Int32
		for g := range 20 {
			wg.Add(2)
			go func() {
				defer wg.Done()
				err := s.AppendMove(ctx, contested, round, 0, fmt.Sprintf("r%d-g%d", round, g))
				switch {
				case err == nil:
					won.Add(1)
				case errors.Is(err, ErrConflict):
					conflicts.Add(1)
				default:
					t.Error(err)
				}
			}()
			go func() {
				defer wg.Done()
				assert.NoError(t, s.AppendMove(ctx, others[g], round, 0, fmt.Sprintf("r%d", round)))
			}()
		}
		wg.Wait()
		require.EqualValues(t, 1, won.Load(), "round %d: one append wins", round)
		require.EqualValues(t, 19, conflicts.Load())
	}
	moves, err := s.Moves(ctx, contested)
	require.NoError(t, err)
	require.Len(t, moves, 10, "the losers left nothing")
	for _, id := range others {
		moves, err := s.Moves(ctx, id)
		require.NoError(t, err)
		require.Len(t, moves, 10)
	}
}

// A write that fails after writing is undone, alone, whether its batch ran
// with savepoints from the start (SQLite) or ran again with them
// (PostgreSQL); the other writes of the batch are made once each.
func TestFailingWriteUndoneAlone(t *testing.T) { forEachStore(t, testFailingWriteUndoneAlone) }

func testFailingWriteUndoneAlone(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	a := mustCreate(t, s, TableRow{Game: "doublefreecell", Seats: 1})
	b := mustCreate(t, s, TableRow{Game: "doublefreecell", Seats: 1})
	refused := errors.New("refused after writing")
	const rounds, each = 5, 10
	for range rounds {
		var wg sync.WaitGroup
		for range each {
			wg.Add(2)
			go func() {
				defer wg.Done()
				err := s.write(ctx, func(tx *txn) error {
					if _, err := tx.ExecContext(ctx, `UPDATE sessions SET hints = hints + 1 WHERE id = ?`, a); err != nil {
						return err
					}
					return refused
				})
				assert.ErrorIs(t, err, refused)
			}()
			go func() {
				defer wg.Done()
				_, err := s.AddHint(ctx, b)
				assert.NoError(t, err)
			}()
		}
		wg.Wait()
	}
	n, err := s.Hints(ctx, a)
	require.NoError(t, err)
	assert.Zero(t, n, "the failed writes left nothing")
	n, err = s.Hints(ctx, b)
	require.NoError(t, err)
	assert.Equal(t, rounds*each, n, "each other write made once")
}

// A write that panics fails alone; the writer goes on.
func TestWriterSurvivesAPanic(t *testing.T) { forEachStore(t, testWriterSurvivesAPanic) }

func testWriterSurvivesAPanic(t *testing.T, s *Store, _ *testkit.Clock) {
	ctx := context.Background()
	err := s.write(ctx, func(tx *txn) error { panic("boom") })
	require.ErrorContains(t, err, "boom")
	id, err := s.CreateTable(ctx, TableRow{Game: "doublefreecell", Seats: 1})
	require.NoError(t, err)
	require.NoError(t, s.AppendMove(ctx, id, 0, 0, "1 h"))
}

// After Close, a write fails with ErrClosed instead of hanging.
func TestWriteAfterClose(t *testing.T) { forEachStore(t, testWriteAfterClose) }

func testWriteAfterClose(t *testing.T, s *Store, _ *testkit.Clock) {
	require.NoError(t, s.Close())
	done := make(chan error, 1)
	go func() { done <- s.SetMessage(context.Background(), 1, "c", "m") }()
	select {
	case err := <-done:
		require.ErrorIs(t, err, ErrClosed)
	case <-time.After(5 * time.Second):
		t.Fatal("a write after Close hangs")
	}
}

// A lone writer's writes never wait for others to join them: its batches
// hold one write each.
func TestLoneWriterNeverWaits(t *testing.T) { forEachStore(t, testLoneWriterNeverWaits) }

func testLoneWriterNeverWaits(t *testing.T, s *Store, _ *testkit.Clock) {
	s.commitDelay = 5 * time.Second
	ctx := context.Background()
	id := mustCreate(t, s, TableRow{Game: "doublefreecell", Seats: 1})
	start := time.Now()
	for seq := range 20 {
		require.NoError(t, s.AppendMove(ctx, id, seq, 0, "m"))
	}
	assert.Less(t, time.Since(start), s.commitDelay, "a write waited for others")
}

// Once writes meet, a write waits for the next ones to be committed with
// them: two writes a moment apart share a transaction.
func TestBusyWritesWaitForEachOther(t *testing.T) { forEachStore(t, testBusyWritesWaitForEachOther) }

func testBusyWritesWaitForEachOther(t *testing.T, s *Store, _ *testkit.Clock) {
	s.commitDelay = time.Second
	ctx := context.Background()
	// write runs a write in the background; its transaction comes on the
	// channel once it is committed.
	write := func(hold <-chan struct{}) <-chan *txn {
		got := make(chan *txn, 1)
		go func() {
			var in *txn
			assert.NoError(t, s.write(ctx, func(tx *txn) error {
				in = tx
				if hold != nil {
					<-hold
				}
				return nil
			}))
			got <- in
		}()
		return got
	}
	// Writes queued while a batch is committed meet in the next batch.
	met := false
	for try := 0; try < 10 && !met; try++ {
		hold := make(chan struct{})
		first := write(hold)
		time.Sleep(20 * time.Millisecond) // the writer runs the first
		a, b := write(nil), write(nil)
		time.Sleep(50 * time.Millisecond) // both wait in the queue
		close(hold)
		<-first
		met = <-a == <-b
	}
	require.True(t, met, "queued writes never met in a batch")
	a := write(nil)
	time.Sleep(50 * time.Millisecond)
	b := write(nil)
	assert.True(t, <-a == <-b, "the second write, a moment later, joined the first")
}

// BenchmarkAppendMoveBusy appends from 50 goroutines while 50 others keep
// both cores busy, as the bot's picture drawing does under load. Measured
// on the shared 2-core machine: 146-159 ms/op with a transaction per write
// (maxBatch = 1), 9-26 ms/op with group commit (SQLite).
func BenchmarkAppendMoveBusy(b *testing.B) { benchEachEngine(b, benchmarkAppendMoveBusy) }

func benchmarkAppendMoveBusy(b *testing.B, e engine) {
	s, _, _ := openTemp(b, e)
	ctx := context.Background()
	var ids []int64
	for range 50 {
		id, err := s.CreateTable(ctx, TableRow{Game: "doublefreecell", Seats: 1})
		require.NoError(b, err)
		ids = append(ids, id)
	}
	var stop atomic.Bool
	var hogs sync.WaitGroup
	for range 50 {
		hogs.Add(1)
		go func() {
			defer hogs.Done()
			x := 0
			for !stop.Load() {
				for i := range 1_000_000 {
					x += i
				}
				time.Sleep(time.Microsecond)
			}
			_ = x
		}()
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 0; next.Add(1) <= int64(b.N); seq++ {
				if err := s.AppendMove(ctx, id, seq, 0, "m"); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	stop.Store(true)
	hogs.Wait()
}
