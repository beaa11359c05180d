package bot_test

import (
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMetrics: the admin's metrics count what players did: interactions and
// their first answers, pictures drawn, moves saved, tables open by game.
func TestMetrics(t *testing.T) {
	h := newHarness(t)
	table := h.command(alice, "play", map[string]any{"game": "doublets"})
	require.False(t, table.Ephemeral, table.Text())
	h.click(table.ID, alice, button(t, table.Message, "Flip").CustomID)
	h.command(alice, "play", map[string]any{"game": "secretagent"})

	n, err := testutil.GatherAndCount(h.metrics, "dealer_interactions_total", "dealer_first_answer_seconds",
		"dealer_render_seconds", "dealer_png_bytes", "dealer_move_commit_seconds", "dealer_open_tables")
	require.NoError(t, err)
	assert.Positive(t, n)
	// An answer is counted once Discord has taken it, just after the fake
	// shows it: wait for the counts.
	var values map[string]float64
	require.Eventually(t, func() bool {
		values = gathered(t, h.metrics)
		return values["dealer_interactions_total,kind=command,outcome=answered"] == 2 &&
			values["dealer_interactions_total,kind=click,outcome=answered"] == 1
	}, wait, 10*time.Millisecond, "the answers are counted")
	assert.Equal(t, 2.0, values["dealer_interactions_total,kind=command,outcome=answered"], values)
	assert.Equal(t, 1.0, values["dealer_interactions_total,kind=click,outcome=answered"], values)
	assert.Equal(t, 2.0, values["dealer_first_answer_seconds,kind=command"])
	assert.GreaterOrEqual(t, values["dealer_render_seconds,game=doublets,picture=table"], 2.0)
	assert.GreaterOrEqual(t, values["dealer_png_bytes,game=doublets,picture=table"], 2.0)
	assert.Equal(t, 1.0, values["dealer_move_commit_seconds"])
	assert.Equal(t, 1.0, values["dealer_open_tables,game=doublets"])
	assert.Equal(t, 1.0, values["dealer_open_tables,game=secretagent"])
	assert.Equal(t, 1.0, values["dealer_shard_connected,shard=0"])
}

// gathered reads a registry's metrics as name,label=value… → value (a
// histogram's: its count).
func gathered(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	t.Helper()
	families, err := reg.Gather()
	require.NoError(t, err)
	values := map[string]float64{}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			key := f.GetName()
			for _, l := range m.GetLabel() {
				key += "," + l.GetName() + "=" + l.GetValue()
			}
			switch {
			case m.GetCounter() != nil:
				values[key] = m.GetCounter().GetValue()
			case m.GetGauge() != nil:
				values[key] = m.GetGauge().GetValue()
			case m.GetHistogram() != nil:
				values[key] = float64(m.GetHistogram().GetSampleCount())
			}
		}
	}
	return values
}
