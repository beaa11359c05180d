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

// /livez answers while the process runs; /readyz while the store answers
// and the readiness function agrees.
func TestHealth(t *testing.T) {
	reg, rend := shared()
	st, _ := webtest.OpenStore(t)
	var notReady error
	srv, err := web.New(web.Config{Store: st, Games: reg, Renderer: rend, Watch: -1,
		Ready: func(context.Context) error { return notReady }})
	require.NoError(t, err)
	defer srv.Close()
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code, rec.Body.String()
	}
	code, body := get("/livez")
	assert.Equal(t, http.StatusOK, code)
	assert.Equal(t, "ok\n", body)
	code, _ = get("/readyz")
	assert.Equal(t, http.StatusOK, code)
	notReady = errors.New("discord: not connected")
	code, body = get("/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Contains(t, body, "discord: not connected")
	notReady = nil
	require.NoError(t, st.Close())
	code, body = get("/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, code, "a closed store is not ready")
	assert.Contains(t, body, "database")
	code, _ = get("/livez")
	assert.Equal(t, http.StatusOK, code, "alive all the same")
	code, _ = get("/metrics")
	assert.Equal(t, http.StatusNotFound, code, "no registry, no /metrics")
}

// /metrics serves the registry handed in, with the web's own metrics:
// requests by route and status, their time, render time.
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
