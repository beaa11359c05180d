package bot

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are what the table side counts for the admin (Prometheus, on
// /metrics): what pictures cost, how long moves take to commit, how many
// tables are open, what DMs fail (the wire counts interactions and
// Discord's refusals). They are always counted; Options.Metrics says where
// they are registered.
type metrics struct {
	render       *prometheus.HistogramVec // game, picture: drawing and encoding, s
	pngBytes     *prometheus.HistogramVec // game, picture
	moveCommit   prometheus.Histogram     // a move made and saved, s
	dmFailures   *prometheus.CounterVec   // reason
	unreplayable prometheus.Gauge         // tables kept because their moves no longer replay
}

// newMetrics makes the table side's metrics and registers them, with the
// open tables by game (read from b when scraped), on reg (nil: not
// registered).
func newMetrics(b *Bot, reg prometheus.Registerer) *metrics {
	byGame := []string{"game", "picture"}
	m := &metrics{
		render: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "dealer_render_seconds",
			Help:    "Time to draw and encode a picture, by game and picture (table, hand).",
			Buckets: []float64{.0005, .001, .002, .004, .008, .016, .032, .064}}, byGame),
		pngBytes: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "dealer_png_bytes",
			Help: "Size of a picture, by game and picture (table, hand).", Buckets: prometheus.ExponentialBuckets(8<<10, 2, 7)}, byGame),
		unreplayable: prometheus.NewGauge(prometheus.GaugeOpts{Name: "dealer_unreplayable_tables",
			Help: "Tables kept as they were because their moves no longer replay under the dealer's rules (dealer db check lists them)."}),
		moveCommit: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "dealer_move_commit_seconds",
			Help: "Time to make a move and commit it to the store.", Buckets: []float64{.0005, .001, .002, .005, .01, .025, .05, .1, .25, 1}}),
		dmFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dealer_dm_failures_total",
			Help: "Direct messages Discord refused, by reason (closed: the player's DMs are closed and My hand stands in; other)."}, []string{"reason"}),
	}
	// Known label values start at 0, so that an alert's rate() sees the
	// first failure.
	for _, reason := range []string{"closed", "other"} {
		m.dmFailures.WithLabelValues(reason)
	}
	if reg == nil {
		return m
	}
	open := prometheus.NewDesc("dealer_open_tables", "Tables in play in this process, by game (lobbies included).", []string{"game"}, nil)
	reg.MustRegister(m.render, m.pngBytes, m.moveCommit, m.dmFailures, m.unreplayable,
		collector{open, func(ch chan<- prometheus.Metric) {
			for game, n := range b.openTables() {
				ch <- prometheus.MustNewConstMetric(open, prometheus.GaugeValue, float64(n), game)
			}
		}})
	return m
}

// collector is a metric read when scraped.
type collector struct {
	desc    *prometheus.Desc
	collect func(chan<- prometheus.Metric)
}

// Describe sends the metric's one description.
func (c collector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

// Collect reads the metric now.
func (c collector) Collect(ch chan<- prometheus.Metric) { c.collect(ch) }

// openTables counts the tables in play by game.
func (b *Bot) openTables() map[string]int {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := map[string]int{}
	for _, t := range b.tables {
		out[t.Info.Name]++
	}
	return out
}

// drawn counts a picture of game drawn in took.
func (m *metrics) drawn(game, picture string, took time.Duration, size int) {
	m.render.WithLabelValues(game, picture).Observe(took.Seconds())
	m.pngBytes.WithLabelValues(game, picture).Observe(float64(size))
}
