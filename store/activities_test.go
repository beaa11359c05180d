package store

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
)

// TestActivityTables: an Activity instance has one table, whichever of
// two participants choosing at once binds first; an instance no one chose
// in has none.
func TestActivityTables(t *testing.T) {
	forEachStore(t, func(t *testing.T, st *Store, _ *testkit.Clock) {
		ctx := context.Background()
		_, err := st.ActivityTable(ctx, "i-1")
		require.ErrorIs(t, err, ErrNotFound)
		var ids [2]int64
		for i := range ids {
			ids[i], err = st.CreateTable(ctx, TableRow{Game: "doublets", Deal: uint64(i + 1), Seats: 1, GuildID: "g1", OwnerID: "u1"})
			require.NoError(t, err)
		}
		var wg sync.WaitGroup
		var got [2]int64
		for i := range ids {
			wg.Go(func() {
				id, err := st.BindActivity(ctx, "i-1", ids[i])
				assert.NoError(t, err)
				got[i] = id
			})
		}
		wg.Wait()
		assert.Equal(t, got[0], got[1], "one table for the instance")
		assert.Contains(t, ids[:], got[0])
		id, err := st.ActivityTable(ctx, "i-1")
		require.NoError(t, err)
		assert.Equal(t, got[0], id)
	})
}
