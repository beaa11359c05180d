package play_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// TestStandIn: a person's turns that run out are counted in a row (a move
// of their own starts the count again); at the second a computer player
// stands in for them, which a copy loaded anew (another process, a
// restart) knows, and which plays their seat; taking it back makes the
// seat theirs again; a stale copy's write is refused; the move log alone
// replays the game.
func TestStandIn(t *testing.T) {
	eachEngine(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		tb := secretAgent(t, st, false)
		require.NoError(t, tb.PlayComputers(ctx, nil)) // up to the person's turn
		turns := []struct {
			name     string
			timedOut bool
			timeouts int
			replaced bool
		}{
			{"the first turn that runs out", true, 1, false},
			{"a move of their own", false, 1, false},
			{"a turn that runs out after it counts from one", true, 1, false},
			{"the second in a row", true, 2, true},
		}
		for _, turn := range turns {
			require.Nil(t, tb.ComputerAt(0), turn.name)
			at := tb.Game.Moves()
			require.NoError(t, tb.Play(ctx, 0, secretagent.Info.Computer(tb.Game, 0).String(), nil), turn.name)
			if turn.timedOut {
				replaced, err := tb.TimedOut(ctx, 0, at)
				require.NoError(t, err, turn.name)
				assert.Equal(t, turn.replaced, replaced, turn.name)
			}
			assert.Equal(t, turn.timeouts, tb.Player(0).Timeouts, turn.name)
			assert.Equal(t, turn.replaced, tb.Player(0).StandIn, turn.name)
		}
		require.NotNil(t, tb.ComputerAt(0), "the stand-in plays the seat")

		again, err := play.Load(ctx, st, registry(), tb.Row.ID)
		require.NoError(t, err)
		assert.Equal(t, tb.Row.Players, again.Row.Players, "a copy loaded anew knows the stand-in")
		assert.Equal(t, "u1", again.Player(0).UserID, "the seat stays its player's")
		require.NoError(t, again.TakeBack(ctx, 0))
		assert.Nil(t, again.ComputerAt(0))
		assert.Equal(t, store.Player{Seat: 0, UserID: "u1", Name: "ann"}, again.Player(0))

		require.ErrorIs(t, tb.TakeBack(ctx, 0), play.ErrMovedOn, "a stale copy writes nothing")
		assert.Equal(t, again.Row.Players, tb.Row.Players, "and becomes the store's table")
		assert.Equal(t, again.Row.Version, tb.Row.Version)

		require.NoError(t, tb.TakeBack(ctx, 0), "taking back a seat that is already back is harmless")
		log, err := st.Moves(ctx, tb.Row.ID)
		require.NoError(t, err)
		assert.Equal(t, tb.Log(), log)
		replayed, err := play.Replay(st, registry(), tb.Row, log)
		require.NoError(t, err)
		assert.Equal(t, tb.Game.Moves(), replayed.Game.Moves(), "the log alone replays the game")
	})
}
