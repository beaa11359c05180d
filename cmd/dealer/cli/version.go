package cli

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"github.com/dealer/dealer/internal/build"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/store"
	"github.com/prometheus/client_golang/prometheus"
)

func versionUsage(env) string {
	return `usage: dealer version [--json]

Which dealer this is: its release version ("devel" unless a release set
it), the commit it was built from ("(modified)" when that tree had
uncommitted changes), the Go that built it, the database schema it
migrates to (a database at a higher one is from a newer dealer and is
refused), and the version of each game's rules that new tables play.

  --json          the same as one JSON object
`
}

// release is what `dealer version` says: the build, the newest schema and
// each game's newest rules version.
type release struct {
	build.Info
	Schema int           `json:"schema"`
	Rules  []rulesOfGame `json:"rules"`
}

// rulesOfGame is the version of a game's rules that new tables play.
type rulesOfGame struct {
	Game    string `json:"game"`
	Version int    `json:"version"`
}

// thisRelease is the release of this binary, with the games of reg.
func thisRelease(reg *render.Registry) release {
	r := release{Info: build.Read(), Schema: store.NewestSchema()}
	for _, g := range reg.All() {
		r.Rules = append(r.Rules, rulesOfGame{Game: g.Name, Version: g.NewestRules()})
	}
	return r
}

// versionCmd is `dealer version`.
func versionCmd(e env, args []string) int {
	fs := newFlags("dealer version")
	asJSON := fs.Bool("json", false, "")
	if !parseOptions(e.stderr, "version", fs, args, ": version takes only --json") {
		return exitUsage
	}
	r := thisRelease(e.reg)
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			fmt.Fprintln(e.stderr, "dealer version:", err)
			return exitFail
		}
		return exitOK
	}
	fmt.Fprint(e.stdout, r.text())
	return exitOK
}

// text is the release as `dealer version` prints it, a fact a line.
func (r release) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "dealer   %s\ncommit   %s\ngo       %s\nschema   %d\n", r.Version, r.CommitText(), r.Go, r.Schema)
	for i, g := range r.Rules {
		label := ""
		if i == 0 {
			label = "rules"
		}
		fmt.Fprintf(&b, "%-8s %s %d\n", label, g.Game, g.Version)
	}
	return b.String()
}

// logAttrs are the release as the start-up log line gives it.
func (r release) logAttrs() []any {
	rules := make([]string, len(r.Rules))
	for i, g := range r.Rules {
		rules[i] = g.Game + "=" + strconv.Itoa(g.Version)
	}
	return []any{slog.String("version", r.Version), slog.String("commit", r.CommitText()),
		slog.String("go", r.Go), slog.Int("schema", r.Schema), slog.String("rules", strings.Join(rules, ","))}
}

// buildInfo is the dealer_build_info metric: always 1, its labels saying
// which dealer answers the scrape (the games' rules versions are in
// dealer version, not in a label whose set would change with the games).
func (r release) buildInfo() prometheus.Gauge {
	g := prometheus.NewGauge(prometheus.GaugeOpts{Name: "dealer_build_info",
		Help: "Which dealer this is (always 1): its release version, commit, Go version and newest database schema.",
		ConstLabels: prometheus.Labels{"version": r.Version, "commit": r.CommitText(), "go_version": r.Go,
			"schema": strconv.Itoa(r.Schema)}})
	g.Set(1)
	return g
}
