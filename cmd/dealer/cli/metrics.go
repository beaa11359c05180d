package cli

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/dealer/dealer/render"
)

// registerPictureCache exports the picture cache of r on reg: the bytes
// it holds now and its limit (picture_cache_mb; 0: render's default), so
// that a dashboard shows how near the limit it runs.
func registerPictureCache(reg prometheus.Registerer, r *render.Renderer, limitMB int) {
	limit := float64(render.DefaultCacheLimit)
	if limitMB > 0 {
		limit = float64(limitMB << 20)
	}
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "dealer_picture_cache_bytes",
			Help: "About how many bytes the picture cache holds now (the work kept from recent pictures)."},
			func() float64 { return float64(r.CacheBytes()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "dealer_picture_cache_limit_bytes",
			Help: "The picture cache's limit in bytes (picture_cache_mb)."},
			func() float64 { return limit }),
	)
}
