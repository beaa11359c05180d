package bot_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// A game whose last moves were saved but not its result (the process that
// made them died in between), with only its turn clock left: when the
// clock fires, the result is recorded.
func TestTurnClockFinishesAnUnrecordedGame(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	computers := make([]store.Player, 4)
	for i := range computers {
		computers[i].Computer = true
	}
	// As another process would: the game played to its end, its result
	// not written, its turn clock armed.
	tb, err := play.Open(ctx, h.st, catalog.Registry().Engines(), store.TableRow{Game: "secretagent", Deal: 5, Seats: 4,
		GuildID: guildID, ChannelID: channelID, Players: play.Seat(computers)})
	require.NoError(t, err)
	require.NoError(t, tb.PlayComputers(ctx, nil))
	require.True(t, tb.Game.Status().Finished())
	require.NoError(t, h.st.SetTimer(ctx, store.Timer{Table: tb.Row.ID, Kind: "turn", Due: time.Now(), Version: tb.Game.Moves() - 1}))

	require.Eventually(t, func() bool {
		row, err := h.st.TableRow(ctx, tb.Row.ID)
		return err == nil && row.Status != store.StatusPlaying
	}, wait, 50*time.Millisecond, "the clock records the result")
	results, err := h.st.Results(ctx, tb.Row.ID)
	require.NoError(t, err)
	assert.Len(t, results, 4)
}
