package store

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDailyDealFirstRecordStands(t *testing.T) { forEachEngine(t, testDailyDealFirstRecordStands) }

func testDailyDealFirstRecordStands(t *testing.T, e engine) {
	st, _, _ := openTemp(t, e)
	ctx := context.Background()
	_, ok, err := st.DailyDeal(ctx, "doublets", "2026-11-22")
	require.NoError(t, err)
	assert.False(t, ok)
	got, err := st.SetDailyDeal(ctx, "doublets", "2026-11-22", 17)
	require.NoError(t, err)
	assert.Equal(t, uint64(17), got)
	got, err = st.SetDailyDeal(ctx, "doublets", "2026-11-22", 99)
	require.NoError(t, err)
	assert.Equal(t, uint64(17), got, "the first choice stands")
	deal, ok, err := st.DailyDeal(ctx, "doublets", "2026-11-22")
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, uint64(17), deal)
}

func TestOneDailyAttemptEach(t *testing.T) { forEachEngine(t, testOneDailyAttemptEach) }

func testOneDailyAttemptEach(t *testing.T, e engine) {
	st, _, _ := openTemp(t, e)
	ctx := context.Background()
	sess := TableRow{Game: "doublefreecell", Deal: 5, Seats: 1, GuildID: "g", OwnerID: "u1", Players: []Player{{UserID: "u1", Name: "ann"}}}
	// Ten requests at once: exactly one attempt.
	var wg sync.WaitGroup
	var mu sync.Mutex
	made, refused := 0, 0
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := st.CreateDaily(ctx, sess, "2026-11-22")
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				made++
			} else {
				assert.ErrorIs(t, err, ErrAttempted)
				refused++
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, made)
	assert.Equal(t, 9, refused)
	_, err := st.CreateDaily(ctx, sess, "2026-11-23")
	assert.NoError(t, err, "a new day, a new attempt")
	other := sess
	other.Game = "doublets"
	_, err = st.CreateDaily(ctx, other, "2026-11-22")
	assert.NoError(t, err, "another game's daily")
}

func TestDailyBoardHintsAndStreaks(t *testing.T) { forEachEngine(t, testDailyBoardHintsAndStreaks) }

func testDailyBoardHintsAndStreaks(t *testing.T, e engine) {
	st, clk, _ := openTemp(t, e)
	ctx := context.Background()
	play := func(user, day string, won bool, moves, hints int) {
		id, err := st.CreateDaily(ctx, TableRow{Game: "doublets", Deal: 3, Seats: 1, GuildID: "g", OwnerID: user,
			Players: []Player{{UserID: user, Name: user}}}, day)
		require.NoError(t, err)
		for i := 0; i < moves; i++ {
			require.NoError(t, st.AppendMove(ctx, id, i, 0, "flip"))
		}
		for i := 0; i < hints; i++ {
			_, err := st.AddHint(ctx, id)
			require.NoError(t, err)
		}
		clk.Advance(time.Minute)
		status := StatusLost
		if won {
			status = StatusWon
		}
		require.NoError(t, finish(st, id, status, []Result{{Seat: 0, UserID: user, Name: user, Score: 10, Won: won}}))
	}
	play("ann", "2026-11-20", true, 3, 0)
	play("ann", "2026-11-21", true, 3, 0)
	play("ann", "2026-11-22", true, 5, 2)
	play("bob", "2026-11-22", true, 4, 0)
	play("cy", "2026-11-22", false, 2, 0)
	play("bob", "2026-11-19", true, 4, 0)

	rows, err := st.DailyBoard(ctx, "g", "doublets", "2026-11-22", 10)
	require.NoError(t, err)
	require.Len(t, rows, 3)
	assert.Equal(t, []string{"bob", "ann", "cy"}, []string{rows[0].UserID, rows[1].UserID, rows[2].UserID})
	assert.Equal(t, 2, rows[1].Hints)
	assert.True(t, rows[0].Won)
	assert.False(t, rows[2].Won)

	cur, best, err := st.Streak(ctx, "ann", "doublets", "2026-11-22")
	require.NoError(t, err)
	assert.Equal(t, 3, cur)
	assert.Equal(t, 3, best)
	cur, best, err = st.Streak(ctx, "bob", "", "2026-11-23")
	require.NoError(t, err)
	assert.Equal(t, 1, cur, "yesterday's win still counts while today is open")
	assert.Equal(t, 1, best)
	cur, _, err = st.Streak(ctx, "ann", "doublets", "2026-11-25")
	require.NoError(t, err)
	assert.Equal(t, 0, cur, "a missed day ends the streak")
}
