package store

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/store/pgtest"
)

// returns waits for f to return (a hang fails the test after a minute:
// what is checked is that it returns, not how fast).
func returns(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		t.Fatalf("%s did not return", what)
		return nil
	}
}

// A PostgreSQL server that stops answering (behind a proxy that stopped
// forwarding: no error, no close) holds no call for ever: writes and reads
// return at their callers' deadlines, the writer goes on with the next
// writes, and once the server answers again the store works on with
// nothing acknowledged lost.
func TestFrozenServer(t *testing.T) {
	proxy, u := pgtest.NewProxy(t, pgtest.URL(t))
	s, err := Open(u)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ctx := context.Background()
	id := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1})
	require.NoError(t, s.AppendMove(ctx, id, 0, 0, "m0"), "acknowledged before the freeze")

	proxy.Freeze()
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := returns(t, "a write to a frozen server", func() error {
				ctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
				defer cancel()
				return s.AppendMove(ctx, id, 1, 0, "frozen")
			})
			assert.Error(t, err, "write %d", i)
		}()
	}
	wg.Wait()
	err = returns(t, "a read from a frozen server", func() error {
		ctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		_, err := s.TableRow(ctx, id)
		return err
	})
	assert.Error(t, err)
	err = returns(t, "a read without a deadline", func() error {
		_, err := s.Moves(ctx, id) // ReadTimeout bounds it
		return err
	})
	assert.Error(t, err)

	proxy.Thaw()
	// The writer recovers: the next writes go through (the one cut off by
	// the freeze may have been committed after all: the log says).
	require.Eventually(t, func() bool {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		moves, err := s.Moves(ctx, id)
		if err != nil {
			return false
		}
		err = s.AppendMove(ctx, id, len(moves), 0, "after")
		return err == nil
	}, time.Minute, 50*time.Millisecond, "writes go through again")
	moves, err := s.Moves(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "m0", moves[0].Move, "nothing acknowledged is lost")
	assert.Equal(t, "after", moves[len(moves)-1].Move)
	assert.LessOrEqual(t, len(moves), 3)
}

// The change listener hears again after its connection is cut: it says
// notices may have been missed (id 0) once it listens anew, and then
// hears every change.
func TestChangesAfterDrop(t *testing.T) {
	proxy, u := pgtest.NewProxy(t, pgtest.URL(t))
	s, err := Open(u)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	heard := make(chan int64, 100)
	go s.Changes(ctx, func(id int64, _ int) { heard <- id })
	id := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1})
	// Listening: a move is heard.
	require.Eventually(t, func() bool {
		require.NoError(t, s.AppendMove(ctx, id, len(mustMoves(t, s, id)), 0, "m"))
		select {
		case got := <-heard:
			return got == id
		case <-time.After(500 * time.Millisecond):
			return false
		}
	}, time.Minute, 10*time.Millisecond)

	require.Positive(t, proxy.Drop(), "connections cut")
	select {
	case got := <-heard:
		for got != 0 {
			got = <-heard
		}
	case <-time.After(time.Minute):
		t.Fatal("the listener did not say notices may have been missed")
	}
	require.NoError(t, s.AppendMove(ctx, id, len(mustMoves(t, s, id)), 0, "m"))
	select {
	case got := <-heard:
		assert.Equal(t, id, got, "heard once it listens again")
	case <-time.After(time.Minute):
		t.Fatal("a change after the drop was not heard")
	}
}

func mustMoves(t *testing.T, s *Store, id int64) []string {
	t.Helper()
	moves, err := s.Moves(context.Background(), id)
	require.NoError(t, err)
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.Move
	}
	return out
}
