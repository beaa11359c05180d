package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSetTimerSeveral: one SetTimer arms several timers of a table (a
// turn's clock and its reminder), each replacing the table's timer of its
// kind and any claim on it.
func TestSetTimerSeveral(t *testing.T) {
	forEachEngine(t, func(t *testing.T, e engine) {
		ctx := context.Background()
		s, _, _ := openTemp(t, e)
		a := mustCreate(t, s, TableRow{Game: "secretagent", Seats: 4})
		t0 := time.Unix(1_800_000_000, 0).UTC()
		require.NoError(t, s.SetTimer(ctx, Timer{Table: a, Kind: "turn", Due: t0, Version: 1}))
		claimed, err := s.ClaimTimers(ctx, "p1", t0, time.Minute, 10)
		require.NoError(t, err)
		require.Len(t, claimed, 1)

		turn := Timer{Table: a, Kind: "turn", Due: t0.Add(2 * time.Minute), Version: 2}
		remind := Timer{Table: a, Kind: "remind", Due: t0.Add(time.Minute), Version: 2}
		require.NoError(t, s.SetTimer(ctx, turn, remind))
		all, err := s.Timers(ctx)
		require.NoError(t, err)
		assert.ElementsMatch(t, []Timer{turn, remind}, all)
		got, err := s.ClaimTimers(ctx, "p2", t0.Add(3*time.Minute), time.Minute, 10)
		require.NoError(t, err)
		assert.ElementsMatch(t, []Timer{turn, remind}, got, "p1's claim went with the timer it replaced")
	})
}
