package store

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/testkit"
)

func TestInteractionOnlyKept(t *testing.T) { forEachStore(t, testInteractionOnlyKept) }

// testInteractionOnlyKept: a table dealt where the bot is no member, a
// daily deal's too, keeps saying so (migration 0014), read by id and among
// the unfinished tables; other tables say not.
func testInteractionOnlyKept(t *testing.T, st *Store, _ *testkit.Clock) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		only  bool
		daily string
	}{{"a group DM's table", true, ""}, {"a server's table", false, ""}, {"a group DM's daily deal", true, "2026-11-27"}} {
		t.Run(tc.name, func(t *testing.T) {
			row := TableRow{Game: "doublets", Deal: 3, Seats: 1, ChannelID: "c", OwnerID: "u1", InteractionOnly: tc.only,
				Players: []Player{{Seat: 0, UserID: "u1", Name: "ann"}}}
			id, err := st.CreateTable(ctx, row)
			if tc.daily != "" {
				id, err = st.CreateDaily(ctx, row, tc.daily)
			}
			require.NoError(t, err)
			got, _, err := st.Table(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, tc.only, got.InteractionOnly)
			open, err := st.UnfinishedWithMoves(ctx)
			require.NoError(t, err)
			found := false
			for _, o := range open {
				if o.ID == id {
					found = true
					assert.Equal(t, tc.only, o.InteractionOnly)
				}
			}
			assert.True(t, found, "the table is among the unfinished")
		})
	}
}
