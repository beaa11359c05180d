package play_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// turnClock is a Table.Clock as the bot's: one timer for the seat to
// act, at the table's move count once the change is saved, none when the
// game is over. asked records the counts it was asked at.
func turnClock(asked *[]int) func(*play.Table) []store.Timer {
	due := time.Unix(1_900_000_000, 0)
	return func(next *play.Table) []store.Timer {
		*asked = append(*asked, next.Row.Moves)
		if next.Game == nil || next.Game.Status().Finished() {
			return nil
		}
		return []store.Timer{{Table: next.Row.ID, Kind: "turn", Due: due, Version: next.Row.Moves}}
	}
}

// The turn's clock is armed in the write of the change that starts the
// turn (the deal, a person's move with the computer players' answer), so
// a process that dies after the write leaves no table waiting on nobody;
// a change the store refuses arms nothing; a table read again keeps its
// owner's Clock.
func TestChangesArmTheClock(t *testing.T) {
	eachEngine(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		timers := func() []store.Timer {
			all, err := st.Timers(ctx)
			require.NoError(t, err)
			return all
		}
		lobby, err := play.Open(ctx, st, registry(), store.TableRow{Game: "secretagent", Deal: 5, Seats: 4, OwnerID: "u1", Status: store.StatusLobby})
		require.NoError(t, err)
		var asked []int
		lobby.Clock = turnClock(&asked)
		require.NoError(t, lobby.Start(ctx, play.Fill(secretagent.Info, []store.Player{{UserID: "u1", Name: "ann"}})))
		require.Len(t, timers(), 1, "the deal arms the first turn")
		assert.Equal(t, 0, timers()[0].Version)

		require.NoError(t, lobby.PlayComputers(ctx, nil))
		stale, err := play.Load(ctx, st, registry(), lobby.Row.ID)
		require.NoError(t, err)
		stale.Clock = turnClock(new([]int))
		for turn := range 3 {
			require.NoError(t, lobby.Play(ctx, 0, secretagent.Info.Computer(lobby.Game, 0).String(), nil))
			got := timers()
			require.Len(t, got, 1)
			assert.Equal(t, lobby.Row.Moves, got[0].Version, "turn %d: the clock of the turn the move's write started", turn)
		}
		assert.Equal(t, lobby.Row.Moves, asked[len(asked)-1])

		armed := timers()
		err = stale.Play(ctx, 0, secretagent.Info.Computer(stale.Game, 0).String(), nil)
		require.ErrorIs(t, err, store.ErrConflict)
		assert.Equal(t, armed, timers(), "a refused move arms nothing")
		require.NotNil(t, stale.Clock, "the table read again keeps its Clock")
		require.NoError(t, stale.Play(ctx, 0, secretagent.Info.Computer(stale.Game, 0).String(), nil))
		assert.Equal(t, stale.Row.Moves, timers()[0].Version, "the copy, now the store's, arms its move's clock")
	})
}
