package bot

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/dealer/dealer/store"
	"github.com/dealer/dealer/store/play"
)

// TestDealHidden: a daily table's deal number is kept until its day is over,
// on UTC.
func TestDealHidden(t *testing.T) {
	now := time.Date(2026, 11, 27, 23, 30, 0, 0, time.FixedZone("UTC-5", -5*3600)) // 28 November in UTC
	tests := []struct {
		daily  string
		hidden bool
	}{
		{"", false},
		{"2026-11-27", false}, // over in UTC, though not where the host is
		{"2026-11-28", true},
		{"2026-11-29", true}, // a day ahead of this host's clock
		{"2025-12-31", false},
	}
	for _, tt := range tests {
		tab := &table{Table: &play.Table{Row: store.TableRow{Daily: tt.daily, Deal: 7}}}
		assert.Equal(t, tt.hidden, dealHidden(tab, now), "daily %q", tt.daily)
	}
}
