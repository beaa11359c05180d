package solving

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestNodeCap: a meter allows its cap of nodes, refuses the next, and
// stays out; with no cap and no deadline it never runs out.
func TestNodeCap(t *testing.T) {
	for _, c := range []struct {
		name    string
		cap     int64
		spend   int
		allowed int
	}{
		{"capped", 5, 9, 5},
		{"one", 1, 3, 1},
		{"uncapped", 0, 5000, 5000},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := NewMeter(c.cap, 0)
			allowed := 0
			for range c.spend {
				if m.Spend() {
					allowed++
				}
			}
			assert.Equal(t, c.allowed, allowed)
			assert.Equal(t, int64(c.spend), m.Nodes())
			assert.Equal(t, c.allowed < c.spend, m.Out())
		})
	}
}

// TestDeadline: a deadline already past stops the search at the first
// reading of the clock, after clockEvery nodes; one far off never does.
func TestDeadline(t *testing.T) {
	past := Meter{deadline: time.Now().Add(-time.Hour), timed: true}
	n := 0
	for past.Spend() {
		n++
	}
	assert.Equal(t, clockEvery-1, n)
	assert.True(t, past.Out())

	far := NewMeter(0, time.Hour)
	for range 10 * clockEvery {
		assert.True(t, far.Spend())
	}
	assert.False(t, far.Out())
}

// TestBudget: a budget's entries fall back on the solver's default when it
// sets none, and its meter counts against its nodes.
func TestBudget(t *testing.T) {
	for _, c := range []struct {
		entries, want int
	}{{0, 7}, {-1, 7}, {3, 3}} {
		assert.Equal(t, c.want, Budget{Entries: c.entries}.EntriesOr(7), "%d", c.entries)
	}
	m := Budget{Nodes: 2}.Meter()
	assert.True(t, m.Spend())
	assert.True(t, m.Spend())
	assert.False(t, m.Spend())
}
