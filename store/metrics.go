package store

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are what the store counts for the admin (Prometheus, on
// /metrics): how long a batch of writes takes to commit, and the batches
// the database failed to commit. They are always counted; Collectors hands
// them to a registry.
type metrics struct {
	commit   prometheus.Histogram // a batch of writes run and committed (retries included), s
	failures prometheus.Counter   // batches nothing of which was committed
}

// newMetrics makes the store's metrics.
func newMetrics() *metrics {
	return &metrics{
		commit: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "dealer_store_commit_seconds",
			Help:    "Time to run and commit a batch of writes (group commit, retries included), committed or not.",
			Buckets: []float64{.0005, .001, .002, .005, .01, .025, .05, .1, .25, 1, 5}}),
		failures: prometheus.NewCounter(prometheus.CounterOpts{Name: "dealer_store_commit_failures_total",
			Help: "Batches of writes the database failed to commit, nothing of them saved (a full disk, a lost connection, a deadlock retried to the end)."}),
	}
}

// Collectors are the store's metrics, to register where the process
// serves its metrics.
func (s *Store) Collectors() []prometheus.Collector {
	return []prometheus.Collector{s.m.commit, s.m.failures}
}

// committed counts a batch's commit, begun at start; failed when the
// database refused it whole.
func (m *metrics) committed(start time.Time, failed bool) {
	m.commit.Observe(time.Since(start).Seconds())
	if failed {
		m.failures.Inc()
	}
}
