package web_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/web"
	"github.com/dealer/dealer/web/webtest"
)

// TestHealth: /livez answers while the process runs; /readyz while the
// store answers and the readiness function agrees. /readyz says only
// "ready" or "not ready": why goes to the log (the error may name the
// database's host or user), once when the reason changes, not at every
// probe.
func TestHealth(t *testing.T) {
	reg, rend := shared()
	st, _ := webtest.OpenStore(t)
	var notReady error
	logs := &logLines{}
	srv, err := web.New(web.Config{Store: st, Games: reg, Renderer: rend, Watch: -1, Logger: logs.logger(),
		Ready: func(context.Context) error { return notReady }})
	require.NoError(t, err)
	defer srv.Close()
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code, rec.Body.String()
	}
	steps := []struct {
		name     string
		set      func()
		path     string
		code     int
		body     string
		newLines []string // what the log gains, in order
	}{
		{"alive", func() {}, "/livez", http.StatusOK, "ok\n", nil},
		{"ready", func() {}, "/readyz", http.StatusOK, "ready\n", nil},
		{"the bot is not", func() { notReady = errors.New("discord: not connected to gateway.example:443") },
			"/readyz", http.StatusServiceUnavailable, "not ready\n", []string{"not connected to gateway.example:443"}},
		{"asked again: logged once", func() {}, "/readyz", http.StatusServiceUnavailable, "not ready\n", nil},
		{"ready again", func() { notReady = nil }, "/readyz", http.StatusOK, "ready\n", []string{"ready again"}},
		{"the store is closed", func() { require.NoError(t, st.Close()) },
			"/readyz", http.StatusServiceUnavailable, "not ready\n", []string{"database is closed"}},
		{"alive all the same", func() {}, "/livez", http.StatusOK, "ok\n", nil},
		{"no registry, no /metrics", func() {}, "/metrics", http.StatusNotFound, "", nil},
	}
	for _, step := range steps {
		before := len(logs.all())
		step.set()
		code, body := get(step.path)
		assert.Equal(t, step.code, code, step.name)
		if step.body != "" {
			assert.Equal(t, step.body, body, step.name)
		}
		for _, secret := range []string{"gateway.example", "database", "discord"} {
			assert.NotContains(t, body, secret, "%s: the answer says nothing of why", step.name)
		}
		gained := logs.all()[before:]
		require.Len(t, gained, len(step.newLines), "%s: the log gains %q", step.name, gained)
		for i, want := range step.newLines {
			assert.Contains(t, gained[i], want, step.name)
		}
	}
}

// TestMetrics: /metrics serves the registry handed in, with the web's own
// metrics: requests by route and status, their time, render time.
func TestMetrics(t *testing.T) {
	f := newFixture(t, webtest.Seed{Tables: 3, Rand: 2}, -1)
	extra := prometheus.NewCounter(prometheus.CounterOpts{Name: "dealer_bot_test_total", Help: "The bot's, say."})
	f.metrics.MustRegister(extra)
	extra.Inc()
	f.get(t, "/g/"+guild+"/leaderboard/doublets")
	f.get(t, "/g/"+guild+"/leaderboard/doublets?page=-1")
	f.get(t, "/t/"+f.tables[1].Token+"/at/0.png")
	code, body := f.get(t, "/metrics")
	require.Equal(t, http.StatusOK, code)
	for _, want := range []string{
		`dealer_web_requests_total{code="200",route="leaderboard"} 1`,
		`dealer_web_requests_total{code="400",route="leaderboard"} 1`,
		`dealer_web_requests_total{code="200",route="table_picture"} 1`,
		`dealer_web_request_seconds_count{route="leaderboard"} 2`,
		`dealer_web_render_seconds_count{what="page"}`,
		`dealer_web_render_seconds_count{what="picture"} 1`,
		`dealer_web_live_streams 0`,
		`dealer_bot_test_total 1`,
	} {
		assert.True(t, strings.Contains(body, want), "metrics lack %s", want)
	}
	// One registry, one web server: a second is refused, not double counted.
	_, err := web.New(web.Config{Store: f.st, Games: f.reg, Renderer: f.rend, Metrics: f.metrics, Watch: -1})
	assert.Error(t, err)
}
