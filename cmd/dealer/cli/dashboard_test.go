package cli

import (
	"bufio"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/discordtest"
)

// notYetExported are metrics the ops files may name before the dealer
// exports them, and why.
var notYetExported = map[string]string{}

// prometheusOwn are series Prometheus makes itself for each target.
var prometheusOwn = []string{"up", "scrape_duration_seconds", "scrape_samples_scraped"}

// exportedNames are the series names a /metrics text holds: each family
// of a "# TYPE" line, a histogram's with its _bucket, _sum and _count
// series, a summary's with its _sum and _count.
func exportedNames(t *testing.T, body string) []string {
	t.Helper()
	var names []string
	sc := bufio.NewScanner(strings.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 4 || f[0] != "#" || f[1] != "TYPE" {
			continue
		}
		names = append(names, f[2])
		switch f[3] {
		case "histogram":
			names = append(names, f[2]+"_bucket", f[2]+"_sum", f[2]+"_count")
		case "summary":
			names = append(names, f[2]+"_sum", f[2]+"_count")
		}
	}
	require.NoError(t, sc.Err())
	return names
}

// liveMetrics runs the bot as `dealer run` does, with the web pages, and
// has it count something of every kind: a slash command that opens a
// table and draws it, answered after a 429 from Discord; a web page. It returns its /metrics then.
func liveMetrics(t *testing.T) string {
	t.Helper()
	fake := club(t)
	addr := freeAddr(t)
	cfg := runConfig(t, fake)
	cfg.Web.Listen, cfg.Web.PublicURL = addr, "https://dealer.example.org"
	cfg.Backup.Dir = t.TempDir() // the backups' metrics too
	require.NoError(t, checkBackup(&cfg))
	stop := serving(t, fake, cfg, discardLogger())
	_, err := fake.WaitCommands("", 10*time.Second)
	require.NoError(t, err)
	// A short 429 on the first answer (a lobby's: no picture), waited out
	// within Discord's 3 s; then a table drawn.
	fake.RateLimitNext(discordtest.RouteCallback, 1, 300*time.Millisecond, false)
	for _, game := range []string{"secretagent", "doublefreecell"} {
		in, err := fake.SlashCommand("1234567890123456789", "1234567890123456790", "1100000000000000001", "play", map[string]any{"game": game})
		require.NoError(t, err)
		_, err = in.WaitFinal(10 * time.Second)
		require.NoError(t, err)
	}
	code, _ := get(t, "http://"+addr+"/")
	require.Equal(t, 200, code)
	var body string
	require.Eventually(t, func() bool {
		_, body = get(t, "http://"+addr+"/metrics")
		return strings.Contains(body, `dealer_interactions_total{kind="command",outcome="answered"} 2`) &&
			strings.Contains(body, "dealer_rate_limited_total{") && strings.Contains(body, "dealer_render_seconds_count{")
	}, 10*time.Second, 20*time.Millisecond)
	stop()
	require.NoError(t, fake.CheckClean())
	return body
}

// Every metric the dashboard and the alert rules read is one the dealer
// exports, read from a live /metrics: a renamed metric fails here rather
// than leave a panel empty or an alert silent.
func TestDashboardMetricsExported(t *testing.T) {
	exported := exportedNames(t, liveMetrics(t))
	require.Contains(t, exported, "dealer_first_answer_seconds_bucket", "the live metrics hold the histograms' series")
	used := map[string]bool{}
	for _, q := range append(dashboardQueries(t), alertQueries(t)...) {
		names := metricNames(q.expr)
		assert.NotEmpty(t, names, "%s reads no metric: %s", q.where, q.expr)
		for _, name := range names {
			used[name] = true
			if _, later := notYetExported[name]; later || slices.Contains(prometheusOwn, name) {
				continue
			}
			assert.True(t, slices.Contains(exported, name), "%s reads %s, which the dealer does not export: %s", q.where, name, q.expr)
		}
	}
	for name, why := range notYetExported {
		assert.True(t, used[name], "%s is no longer read: take it off notYetExported (%s)", name, why)
	}
}
