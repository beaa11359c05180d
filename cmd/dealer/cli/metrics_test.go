package cli

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render"
)

// The picture cache's limit is picture_cache_mb's, or render's default;
// its bytes are the renderer's now.
func TestPictureCacheMetrics(t *testing.T) {
	for _, tc := range []struct {
		name    string
		limitMB int
		want    float64
	}{
		{"default", 0, render.DefaultCacheLimit},
		{"picture_cache_mb: 64", 64, 64 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := render.New()
			require.NoError(t, err)
			reg := prometheus.NewPedanticRegistry()
			registerPictureCache(reg, r, tc.limitMB)
			mfs, err := reg.Gather()
			require.NoError(t, err)
			got := map[string]float64{}
			for _, mf := range mfs {
				got[mf.GetName()] = mf.GetMetric()[0].GetGauge().GetValue()
			}
			assert.Equal(t, tc.want, got["dealer_picture_cache_limit_bytes"])
			assert.Equal(t, float64(r.CacheBytes()), got["dealer_picture_cache_bytes"])
			n, err := testutil.GatherAndCount(reg)
			require.NoError(t, err)
			assert.Equal(t, 2, n)
		})
	}
}
