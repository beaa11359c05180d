package bot

import (
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
)

// metrics are what the bot counts for its admin (Prometheus, on /metrics):
// how interactions fare against Discord's 3 s, what pictures cost, how
// many tables are open, what Discord refuses. They are always counted;
// Options.Metrics says where they are registered.
type metrics struct {
	interactions *prometheus.CounterVec   // kind, outcome
	firstAnswer  *prometheus.HistogramVec // kind: creation to initial response, s
	render       *prometheus.HistogramVec // game, picture: drawing and encoding, s
	pngBytes     *prometheus.HistogramVec // game, picture
	moveCommit   prometheus.Histogram     // a move made and saved, s
	dmFailures   *prometheus.CounterVec   // reason
	rateLimited  *prometheus.CounterVec   // route
	shards       *prometheus.GaugeVec     // shard: 1 connected, 0 not
	unreplayable prometheus.Gauge         // tables kept because their moves no longer replay
	shed         prometheus.Counter       // interactions endpoint connections closed to make room
	invalidTotal *prometheus.CounterVec   // status: Discord's answers counted against its invalid-request limit
	invalid      *invalidRequests         // the same in Discord's sliding window (invalid.go)
}

// newMetrics makes the bot's metrics and registers them, with the open
// tables by game (read from b when scraped), on reg (nil: not registered).
func newMetrics(b *Bot, reg prometheus.Registerer) *metrics {
	m := &metrics{
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "dealer_interactions_total",
			Help: "Interactions received, by kind (command, click, other) and outcome (answered, deferred, failed, late).",
		}, []string{"kind", "outcome"}),
		firstAnswer: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "dealer_first_answer_seconds",
			Help:    "Time from an interaction's creation (Discord's clock) to its initial response; Discord fails it past 3 s.",
			Buckets: []float64{.025, .05, .1, .25, .5, 1, 1.5, 2, 2.5, 3, 5},
		}, []string{"kind"}),
		render: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "dealer_render_seconds",
			Help:    "Time to draw and encode a picture, by game and picture (table, hand).",
			Buckets: []float64{.0005, .001, .002, .004, .008, .016, .032, .064},
		}, []string{"game", "picture"}),
		pngBytes: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "dealer_png_bytes",
			Help:    "Size of a picture, by game and picture (table, hand).",
			Buckets: prometheus.ExponentialBuckets(8<<10, 2, 7),
		}, []string{"game", "picture"}),
		unreplayable: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "dealer_unreplayable_tables",
			Help: "Tables kept as they were because their moves no longer replay under the dealer's rules (dealer db check lists them).",
		}),
		moveCommit: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "dealer_move_commit_seconds",
			Help:    "Time to make a move and commit it to the store.",
			Buckets: []float64{.0005, .001, .002, .005, .01, .025, .05, .1, .25, 1},
		}),
		dmFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "dealer_dm_failures_total",
			Help: "Direct messages Discord refused, by reason (closed: the player's DMs are closed and My hand stands in; other).",
		}, []string{"reason"}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "dealer_rate_limited_total",
			Help: "429 answers from Discord, by route.",
		}, []string{"route"}),
		shards: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "dealer_shard_connected",
			Help: "1 while a gateway shard of this process is connected, else 0.",
		}, []string{"shard"}),
		shed: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "dealer_endpoint_connections_shed_total",
			Help: "Connections to the interactions endpoint closed past its connection limit (to make room for a new one, or the new one itself).",
		}),
		invalidTotal: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "dealer_invalid_requests_total",
			Help: "Discord's answers that count against its invalid-request limit (401, 403, 429 but shared ones), by status.",
		}, []string{"status"}),
	}
	m.invalid = newInvalidRequests(func() *slog.Logger { return b.log }, func(status int) {
		m.invalidTotal.WithLabelValues(statusLabel(status)).Inc()
	})
	if reg == nil {
		return m
	}
	reg.MustRegister(m.invalidTotal,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "dealer_invalid_requests",
			Help: "Invalid requests (401, 403, 429 but shared ones) in the last 10 minutes: Discord bans the IP address past 10,000.",
		}, func() float64 { return float64(m.invalid.count()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "dealer_sends_held_back",
			Help: "Redraws and DMs waiting because dealer_invalid_requests reached half of Discord's limit.",
		}, func() float64 { return float64(m.invalid.waiting.Load()) }))
	open := prometheus.NewDesc("dealer_open_tables", "Tables in play in this process, by game (lobbies included).", []string{"game"}, nil)
	reg.MustRegister(m.interactions, m.firstAnswer, m.render, m.pngBytes, m.moveCommit, m.dmFailures, m.rateLimited, m.shards, m.unreplayable, m.shed,
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

func (c collector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }
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

// drawn counts a picture of game drawn in took.
func (m *metrics) drawn(game, picture string, took time.Duration, size int) {
	m.render.WithLabelValues(game, picture).Observe(took.Seconds())
	m.pngBytes.WithLabelValues(game, picture).Observe(float64(size))
}

// ids are the parts of a route that name one thing (snowflakes, interaction
// tokens): a route's metric label leaves them out.
var ids = regexp.MustCompile(`/[0-9]{5,}|/[A-Za-z0-9_.-]{60,}`)

// routeOf is a request's route for the metrics: its method and path, ids
// written :id ("PATCH /channels/:id/messages/:id").
func routeOf(method, url string) string {
	path := url
	if i := strings.Index(path, "/api/"); i >= 0 {
		path = path[i+len("/api/"):]
		if j := strings.IndexByte(path, '/'); j >= 0 && strings.HasPrefix(path, "v") {
			path = path[j:]
		}
	}
	path, _, _ = strings.Cut(path, "?")
	return method + " " + ids.ReplaceAllString(path, "/:id")
}
