package store

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
)

func TestOneFollowerEach(t *testing.T) { forEachStore(t, testOneFollowerEach) }

// testOneFollowerEach: ten rematches of one finished table at once open
// one; NextTable finds it; once it is abandoned (a rematch nobody
// confirmed), the table may be followed again, and NextTable prefers the
// follower in play.
func testOneFollowerEach(t *testing.T, st *Store, _ *testkit.Clock) {
	ctx := context.Background()
	row := TableRow{Game: "theagents", Deal: 5, Seats: 2, GuildID: "g", OwnerID: "u1",
		Players: []Player{{Seat: 0, UserID: "u1", Name: "ann"}, {Seat: 1, Computer: true, Name: "Bond"}}}
	first, err := st.CreateTable(ctx, row)
	require.NoError(t, err)
	_, err = st.Finish(ctx, first, 0, StatusOver, nil)
	require.NoError(t, err)
	_, err = st.NextTable(ctx, first)
	require.ErrorIs(t, err, ErrNotFound, "nothing follows it yet")

	follower := row
	follower.Status, follower.RematchOf, follower.Deal = StatusLobby, first, 6
	var wg sync.WaitGroup
	var mu sync.Mutex
	var made []int64
	refused := 0
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, err := st.CreateTable(ctx, follower)
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				made = append(made, id)
				return
			}
			assert.ErrorIs(t, err, ErrRematched)
			refused++
		}()
	}
	wg.Wait()
	require.Len(t, made, 1)
	assert.Equal(t, 9, refused)
	next, err := st.NextTable(ctx, first)
	require.NoError(t, err)
	assert.Equal(t, made[0], next.ID)
	assert.Equal(t, first, next.RematchOf)
	assert.Equal(t, uint64(6), next.Deal)

	_, err = st.Finish(ctx, made[0], next.Version, StatusAbandoned, nil)
	require.NoError(t, err)
	again, err := st.CreateTable(ctx, follower)
	require.NoError(t, err, "an abandoned follower frees the table")
	next, err = st.NextTable(ctx, first)
	require.NoError(t, err)
	assert.Equal(t, again, next.ID, "the follower in play, not the abandoned one")
}
