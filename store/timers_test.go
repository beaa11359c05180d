package store

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Timers are armed, replaced, claimed once while a claim lives, taken over
// when it runs out, and done only when not armed again meanwhile.
func TestTimers(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		s, _, _ := openTemp(t, e)
		a := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4})
		b := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4})
		t0 := time.Unix(1_800_000_000, 0)

		_, ok, err := s.NextTimer(ctx)
		require.NoError(t, err)
		assert.False(t, ok, "none armed")
		require.NoError(t, s.SetTimer(ctx, Timer{Table: a, Kind: "turn", Due: t0.Add(time.Minute), Version: 3}))
		require.NoError(t, s.SetTimer(ctx, Timer{Table: a, Kind: "turn", Due: t0.Add(2 * time.Minute), Version: 4})) // replaces
		require.NoError(t, s.SetTimer(ctx, Timer{Table: b, Kind: "lobby", Due: t0.Add(time.Hour), Version: 0}))
		next, ok, err := s.NextTimer(ctx)
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, t0.Add(2*time.Minute).UTC(), next)

		got, err := s.ClaimTimers(ctx, "p1", t0.Add(time.Minute), 30*time.Second, 10)
		require.NoError(t, err)
		assert.Empty(t, got, "nothing due yet")
		at := t0.Add(3 * time.Minute)
		got, err = s.ClaimTimers(ctx, "p1", at, 30*time.Second, 10)
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, Timer{Table: a, Kind: "turn", Due: t0.Add(2 * time.Minute).UTC(), Version: 4}, got[0])
		again, err := s.ClaimTimers(ctx, "p2", at.Add(10*time.Second), 30*time.Second, 10)
		require.NoError(t, err)
		assert.Empty(t, again, "claimed by p1 while its lease lives")
		taken, err := s.ClaimTimers(ctx, "p2", at.Add(31*time.Second), 30*time.Second, 10)
		require.NoError(t, err)
		assert.Len(t, taken, 1, "p1 died: its lease ran out, p2 takes the timer")

		// Armed again before the first firing was done: done removes
		// nothing, the new timer stays.
		require.NoError(t, s.SetTimer(ctx, Timer{Table: a, Kind: "turn", Due: t0.Add(5 * time.Minute), Version: 5}))
		require.NoError(t, s.DoneTimer(ctx, got[0]))
		all, err := s.Timers(ctx)
		require.NoError(t, err)
		require.Len(t, all, 2)
		assert.Equal(t, 5, all[0].Version)
		got, err = s.ClaimTimers(ctx, "p1", t0.Add(6*time.Minute), 30*time.Second, 10)
		require.NoError(t, err)
		require.Len(t, got, 1)
		require.NoError(t, s.DoneTimer(ctx, got[0]))
		require.NoError(t, s.ClearTimer(ctx, b, "lobby"))
		all, err = s.Timers(ctx)
		require.NoError(t, err)
		assert.Empty(t, all)
	})
}

// Processes claiming at once never both get a timer.
func TestTimersClaimedOnce(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		s, _, db := openTemp(t, e)
		other := openAgain(t, db)
		t0 := time.Unix(1_800_000_000, 0)
		const n = 60
		for i := range n {
			id := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4})
			require.NoError(t, s.SetTimer(ctx, Timer{Table: id, Kind: "turn", Due: t0.Add(time.Duration(i) * time.Millisecond), Version: 1}))
		}
		var (
			mu     sync.Mutex
			counts = map[int64]int{}
			wg     sync.WaitGroup
		)
		for w, st := range []*Store{s, other, s, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 10 {
					got, err := st.ClaimTimers(ctx, string(rune('a'+w)), t0.Add(time.Second), time.Minute, 4)
					assert.NoError(t, err)
					mu.Lock()
					for _, tm := range got {
						counts[tm.Table]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		assert.Len(t, counts, n, "every timer was claimed")
		for id, c := range counts {
			assert.Equal(t, 1, c, "timer of session %d claimed once", id)
		}
	})
}

// Every change of a table is announced to every listener, with its move
// count (PostgreSQL: processes learn that a table moved on elsewhere).
func TestChanges(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		s, _, db := openTemp(t, e)
		if e.name == EngineSQLite {
			assert.NoError(t, s.Changes(ctx, func(int64, int) { t.Error("SQLite announces nothing") }))
			return
		}
		other := openAgain(t, db)
		heard := make(chan [2]int64, 16)
		go func() { _ = other.Changes(ctx, func(id int64, moves int) { heard <- [2]int64{id, int64(moves)} }) }()
		id := mustCreate(t, s, TableRow{Game: "doublets", Seats: 1})
		// The listener may connect after the first move: move until it hears.
		deadline := time.After(time.Minute)
		for seq := 0; ; seq++ {
			require.NoError(t, s.AppendMove(ctx, id, seq, 0, "flip"))
			select {
			case got := <-heard:
				assert.Equal(t, id, got[0])
				assert.Positive(t, got[1])
				return
			case <-time.After(200 * time.Millisecond):
			case <-deadline:
				t.Fatal("no change announced")
			}
		}
	})
}
