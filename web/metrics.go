package web

import (
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// MetricsHandler serves g's metrics in Prometheus's text format (/metrics).
func MetricsHandler(g prometheus.Gatherer) http.Handler {
	return promhttp.HandlerFor(g, promhttp.HandlerOpts{})
}

// metrics are the web server's own: requests by route and status, their
// time, and the time spent drawing pages and pictures.
type metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	render   *prometheus.HistogramVec
	streams  prometheus.Gauge
	refused  *prometheus.CounterVec
	reads    prometheus.Counter
	conns    prometheus.Gauge
}

// newMetrics makes the web's metrics and registers them with reg (nil:
// kept but not exported).
func newMetrics(reg prometheus.Registerer) (*metrics, error) {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "dealer_web_requests_total",
			Help: "Web requests answered, by route and HTTP status.",
		}, []string{"route", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "dealer_web_request_seconds",
			Help:    "Time to answer a web request, by route (live streams left out).",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route"}),
		render: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "dealer_web_render_seconds",
			Help:    "Time to draw a page (its template) or a picture (a PNG not yet cached).",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1},
		}, []string{"what"}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "dealer_web_live_streams",
			Help: "Live table pages open now (server-sent event streams).",
		}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "dealer_web_live_streams_refused_total",
			Help: "Live streams refused by a cap: client (one address), table, or total.",
		}, []string{"cap"}),
		reads: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "dealer_web_live_table_reads_total",
			Help: "Watched tables read again after a change: one a change, however many watch.",
		}),
		conns: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "dealer_web_connections",
			Help: "Connections open now to the web server (Serve, ServeListener).",
		}),
	}
	// Known label values start at 0, so that an alert's rate() sees the
	// first one counted.
	for _, c := range []string{"client", "table", "total", "closing"} {
		m.refused.WithLabelValues(c)
	}
	if reg == nil {
		return m, nil
	}
	for _, c := range []prometheus.Collector{m.requests, m.duration, m.render, m.streams, m.refused, m.reads, m.conns} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("web: metrics: %w", err)
		}
	}
	return m, nil
}

// observe counts a request of route and its time (unless it was a stream).
func (m *metrics) observe(route string, status int, took time.Duration, stream bool) {
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	if !stream {
		m.duration.WithLabelValues(route).Observe(took.Seconds())
	}
}

// connState counts the server's open connections (http.Server.ConnState).
func (m *metrics) connState(_ net.Conn, state http.ConnState) {
	switch state {
	case http.StateNew:
		m.conns.Inc()
	case http.StateClosed, http.StateHijacked:
		m.conns.Dec()
	}
}

// statusWriter remembers the status a handler answered with.
type statusWriter struct {
	http.ResponseWriter
	status int
}

// WriteHeader remembers the first status.
func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write is a 200 if nothing was said before.
func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flushes for
// live streams).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
