package discord

import (
	"log/slog"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
)

// metrics are what the wire counts for the admin (Prometheus, on
// /metrics): how interactions fare against Discord's 3 s and what Discord
// refuses. They are always counted; Options.Metrics says where they are
// registered.
type metrics struct {
	interactions *prometheus.CounterVec   // kind, outcome
	firstAnswer  *prometheus.HistogramVec // kind: creation to initial response, s
	rateLimited  *prometheus.CounterVec   // route
	shards       *prometheus.GaugeVec     // shard: 1 connected, 0 not
	shed         prometheus.Counter       // interactions endpoint connections closed to make room
	invalidTotal *prometheus.CounterVec   // status: Discord's answers counted against its invalid-request limit
	invalid      *invalidRequests         // the same in Discord's sliding window (invalid.go)
}

// newMetrics makes the wire's metrics and registers them on reg (nil: not
// registered).
func newMetrics(reg prometheus.Registerer, log *slog.Logger) *metrics {
	m := &metrics{
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dealer_interactions_total",
			Help: "Interactions received, by kind (command, click, other) and outcome (answered, deferred, failed, late)."}, []string{"kind", "outcome"}),
		firstAnswer: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "dealer_first_answer_seconds",
			Help:    "Time from an interaction's creation (Discord's clock) to its initial response; Discord fails it past 3 s.",
			Buckets: []float64{.025, .05, .1, .25, .5, 1, 1.5, 2, 2.5, 3, 5}}, []string{"kind"}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dealer_rate_limited_total",
			Help: "429 answers from Discord, by route."}, []string{"route"}),
		shards: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "dealer_shard_connected",
			Help: "1 while a gateway shard of this process is connected, else 0."}, []string{"shard"}),
		shed: prometheus.NewCounter(prometheus.CounterOpts{Name: "dealer_endpoint_connections_shed_total",
			Help: "Connections to the interactions endpoint closed past its connection limit (to make room for a new one, or the new one itself)."}),
		invalidTotal: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "dealer_invalid_requests_total",
			Help: "Discord's answers that count against its invalid-request limit (401, 403, 429 but shared ones), by status."}, []string{"status"}),
	}
	// Known label values start at 0, so that an alert's rate() sees the
	// first one counted.
	for _, status := range []string{"401", "403", "429"} {
		m.invalidTotal.WithLabelValues(status)
	}
	m.invalid = newInvalidRequests(log, func(status int) { m.invalidTotal.WithLabelValues(strconv.Itoa(status)).Inc() })
	if reg == nil {
		return m
	}
	reg.MustRegister(m.interactions, m.firstAnswer, m.rateLimited, m.shards, m.shed, m.invalidTotal,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "dealer_invalid_requests",
			Help: "Invalid requests (401, 403, 429 but shared ones) in the last 10 minutes: Discord bans the IP address past 10,000."},
			func() float64 { return float64(m.invalid.count()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "dealer_sends_held_back",
			Help: "Redraws and DMs waiting because dealer_invalid_requests reached half of Discord's limit."},
			func() float64 { return float64(m.invalid.waiting.Load()) }))
	return m
}

// kindOf names an interaction's kind for the metrics.
func kindOf(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return "command"
	case discordgo.InteractionMessageComponent:
		return "click"
	}
	return "other"
}

// initial counts an interaction's initial response: answered or deferred
// in took, failed, or not tried because it came too late.
func (m *metrics) initial(i *discordgo.Interaction, ok, deferred, late bool, took time.Duration) {
	outcome := "answered"
	switch {
	case late:
		outcome = "late"
	case !ok:
		outcome = "failed"
	case deferred:
		outcome = "deferred"
	}
	m.interactions.WithLabelValues(kindOf(i), outcome).Inc()
	if ok {
		m.firstAnswer.WithLabelValues(kindOf(i)).Observe(took.Seconds())
	}
}
