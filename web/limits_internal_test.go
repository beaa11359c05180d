package web

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLimitsDefaults: a zero limit takes its default, a set one is kept,
// and a negative one is refused by its name.
func TestLimitsDefaults(t *testing.T) {
	heartbeat := DefaultLimits
	heartbeat.Heartbeat = time.Second
	burst := DefaultLimits
	burst.MoveBurst, burst.MaxStreamsPerUser = 3, 4
	for _, tc := range []struct {
		name    string
		in      Limits
		want    Limits
		refused string
	}{
		{name: "none set", in: Limits{}, want: DefaultLimits},
		{name: "a duration set", in: Limits{Heartbeat: time.Second}, want: heartbeat},
		{name: "counts set", in: Limits{MoveBurst: 3, MaxStreamsPerUser: 4}, want: burst},
		{name: "a negative duration", in: Limits{ReadTimeout: -time.Second}, refused: "web: Limits.ReadTimeout is negative"},
		{name: "a negative count", in: Limits{MaxStreamsPerUser: -1}, refused: "web: Limits.MaxStreamsPerUser is negative"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.in.withDefaults()
			if tc.refused != "" {
				require.EqualError(t, err, tc.refused)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}
