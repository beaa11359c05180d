package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// The operator's files (ops/): the Grafana dashboard and the Prometheus
// alert rules, with the alerts' unit tests.
var (
	dashboardFile  = filepath.Join("..", "..", "..", "ops", "grafana", "dealer.json")
	alertsFile     = filepath.Join("..", "..", "..", "ops", "prometheus", "alerts.yml")
	alertTestsFile = filepath.Join("..", "..", "..", "ops", "prometheus", "alerts_test.yml")
)

// opsQuery is a PromQL expression of the dashboard or the alert rules,
// and where it is.
type opsQuery struct{ where, expr string }

// dashboardQueries are the dashboard's queries: its panels' and its
// variables' (label_values(METRIC, LABEL) taken as METRIC).
func dashboardQueries(t *testing.T) []opsQuery {
	t.Helper()
	data, err := os.ReadFile(dashboardFile)
	require.NoError(t, err)
	var d struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
		Templating struct {
			List []struct {
				Name  string `json:"name"`
				Query any    `json:"query"`
			} `json:"list"`
		} `json:"templating"`
	}
	require.NoError(t, json.Unmarshal(data, &d))
	var out []opsQuery
	for _, p := range d.Panels {
		for _, tg := range p.Targets {
			out = append(out, opsQuery{"panel " + p.Title, tg.Expr})
		}
	}
	labelValues := regexp.MustCompile(`^label_values\((.+),\s*\w+\)$`)
	for _, v := range d.Templating.List {
		if q, ok := v.Query.(map[string]any); ok {
			m := labelValues.FindStringSubmatch(q["query"].(string))
			require.NotNil(t, m, "variable %s: a query other than label_values(METRIC, LABEL)", v.Name)
			out = append(out, opsQuery{"variable " + v.Name, m[1]})
		}
	}
	require.NotEmpty(t, out)
	return out
}

// alertRules are the alert rules as alerts.yml writes them.
type alertRules struct {
	Groups []struct {
		Rules []struct {
			Alert       string            `yaml:"alert"`
			Expr        string            `yaml:"expr"`
			Labels      map[string]string `yaml:"labels"`
			Annotations map[string]string `yaml:"annotations"`
		} `yaml:"rules"`
	} `yaml:"groups"`
}

// readAlertRules reads alerts.yml.
func readAlertRules(t *testing.T) alertRules {
	t.Helper()
	data, err := os.ReadFile(alertsFile)
	require.NoError(t, err)
	var r alertRules
	require.NoError(t, yaml.Unmarshal(data, &r))
	require.NotEmpty(t, r.Groups)
	return r
}

// alertQueries are the alert rules' expressions.
func alertQueries(t *testing.T) []opsQuery {
	t.Helper()
	var out []opsQuery
	for _, g := range readAlertRules(t).Groups {
		for _, r := range g.Rules {
			out = append(out, opsQuery{"alert " + r.Alert, r.Expr})
		}
	}
	return out
}

// Every alert says how bad it is, what is wrong and what to do.
func TestAlertRulesExplainThemselves(t *testing.T) {
	for _, g := range readAlertRules(t).Groups {
		for _, r := range g.Rules {
			require.NotEmpty(t, r.Alert, "a rule that is no alert: %s", r.Expr)
			assert.Contains(t, []string{"warning", "critical"}, r.Labels["severity"], r.Alert)
			assert.NotEmpty(t, r.Annotations["summary"], r.Alert)
			assert.NotEmpty(t, r.Annotations["runbook"], r.Alert)
		}
	}
}

// promtool is Prometheus's checker (Debian's prometheus package): the
// test is skipped without it, unless DEALER_REQUIRE_PROMTOOL=1.
func promtool(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("promtool")
	if err != nil {
		if os.Getenv("DEALER_REQUIRE_PROMTOOL") == "1" {
			t.Fatal("DEALER_REQUIRE_PROMTOOL=1 but there is no promtool (apt-get install prometheus)")
		}
		t.Skip("no promtool (apt-get install prometheus; DEALER_REQUIRE_PROMTOOL=1 makes this a failure)")
	}
	return path
}

// The alert rules pass promtool's check and their unit tests (each alert
// fires where it should, with its summary and runbook); the dashboard's
// queries, as rules, pass its check too (PromQL that parses).
func TestOpsFilesPassPromtool(t *testing.T) {
	tool := promtool(t)
	var rules []map[string]string
	for i, q := range dashboardQueries(t) {
		expr := strings.NewReplacer("$__rate_interval", "5m", "$instance", ".*").Replace(q.expr)
		rules = append(rules, map[string]string{"record": fmt.Sprintf("dashboard:query_%d", i), "expr": expr})
	}
	data, err := yaml.Marshal(map[string]any{"groups": []any{map[string]any{"name": "dashboard", "rules": rules}}})
	require.NoError(t, err)
	asRules := filepath.Join(t.TempDir(), "dashboard.yml")
	require.NoError(t, os.WriteFile(asRules, data, 0o600))
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"check the alert rules", []string{"check", "rules", alertsFile}},
		{"test the alert rules", []string{"test", "rules", alertTestsFile}},
		{"check the dashboard's queries", []string{"check", "rules", asRules}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := exec.Command(tool, tc.args...).CombinedOutput()
			require.NoError(t, err, "%s", out)
			assert.Contains(t, string(out), "SUCCESS")
		})
	}
}

// promqlNoise is what holds no metric name in a PromQL expression:
// strings, label matchers {…}, ranges […], and the label lists of by,
// without, on, ignoring, group_left and group_right.
var promqlNoise = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`|\\{[^}]*\\}|\\[[^\\]]*\\]|" +
	`\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)`)

// promqlToken is a number (digits first: 0.99, 1e3, 5m) or a name.
var promqlToken = regexp.MustCompile(`[0-9][0-9A-Za-z_.]*|[A-Za-z_:][A-Za-z0-9_:]*`)

// promqlWords are PromQL's keywords, which are no metrics.
var promqlWords = []string{"and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring",
	"group_left", "group_right", "inf", "nan", "atan2", "start", "end"}

// metricNames are the metrics expr reads: its names that are no keyword,
// no number, and no function (a name followed by '(').
func metricNames(expr string) []string {
	clean := promqlNoise.ReplaceAllString(expr, " ")
	var names []string
	for _, loc := range promqlToken.FindAllStringIndex(clean, -1) {
		tok := clean[loc[0]:loc[1]]
		if tok[0] >= '0' && tok[0] <= '9' || slices.Contains(promqlWords, strings.ToLower(tok)) {
			continue
		}
		if rest := strings.TrimLeft(clean[loc[1]:], " \t\n"); strings.HasPrefix(rest, "(") {
			continue // a function or an aggregation
		}
		if !slices.Contains(names, tok) {
			names = append(names, tok)
		}
	}
	return names
}

// metricNames finds the metrics and nothing else, however the expression
// is written.
func TestMetricNames(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want []string
	}{
		{`up{job="dealer"} == 0`, []string{"up"}},
		{`histogram_quantile(0.99, sum by (instance, le) (rate(dealer_first_answer_seconds_bucket[5m]))) > 2.5`, []string{"dealer_first_answer_seconds_bucket"}},
		{`sum by (kind) (rate(x_total{instance=~"$instance",outcome=~"late|failed"}[$__rate_interval]))`, []string{"x_total"}},
		{`time() - max(last_seconds) > 26 * 3600`, []string{"last_seconds"}},
		{`a / on (instance) group_left (game) b offset 5m`, []string{"a", "b"}},
		{`count(a == 0) and bool b unless c or sum without(le)(d) OR e`, []string{"a", "b", "c", "d", "e"}},
		{"max_over_time(a[1h:5m]) + 1e3 + Inf + label_replace(b, \"x\", 'y{}', \"z\", `(.*)`)", []string{"a", "b"}},
		{`sum (a{le="+Inf"}) by (le)`, []string{"a"}},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			assert.Equal(t, tc.want, metricNames(tc.expr))
		})
	}
}

// Every panel of the dashboard is one Grafana places and a reader
// understands: a unique id, inside the 24 columns, a title and a
// description, and queries on the chosen Prometheus.
func TestDashboardPanels(t *testing.T) {
	data, err := os.ReadFile(dashboardFile)
	require.NoError(t, err)
	var d struct {
		UID    string `json:"uid"`
		Panels []struct {
			ID          int    `json:"id"`
			Type        string `json:"type"`
			Title       string `json:"title"`
			Description string `json:"description"`
			GridPos     struct{ X, W int }
			Datasource  struct{ UID string }
			Targets     []json.RawMessage `json:"targets"`
		} `json:"panels"`
	}
	require.NoError(t, json.Unmarshal(data, &d))
	assert.Equal(t, "dealer", d.UID)
	ids := map[int]bool{}
	for _, p := range d.Panels {
		assert.False(t, ids[p.ID], "panel id %d twice", p.ID)
		ids[p.ID] = true
		assert.NotEmpty(t, p.Title)
		assert.LessOrEqual(t, p.GridPos.X+p.GridPos.W, 24, p.Title)
		if p.Type == "row" {
			continue
		}
		assert.NotEmpty(t, p.Description, p.Title)
		assert.NotEmpty(t, p.Targets, p.Title)
		assert.Equal(t, "${datasource}", p.Datasource.UID, p.Title)
	}
}
