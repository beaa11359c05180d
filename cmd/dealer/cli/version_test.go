package cli

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/internal/build"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

// versionFacts are the facts dealer version must state, each read from
// its source: the binary's build, the store's migrations, the games'
// registry.
func versionFacts(t *testing.T) (build.Info, int, map[string]int) {
	t.Helper()
	rules := map[string]int{}
	for _, g := range catalog.Registry().All() {
		rules[g.Name] = g.NewestRules()
	}
	require.NotEmpty(t, rules)
	return build.Read(), store.NewestSchema(), rules
}

// `dealer version` says the release, commit, Go, newest schema and every
// game's newest rules version, as text a fact a line and as JSON.
func TestVersionSaysWhichDealer(t *testing.T) {
	info, schema, rules := versionFacts(t)
	tests := []struct {
		name  string
		args  []string
		check func(t *testing.T, out string)
	}{
		{"text", []string{"version"}, func(t *testing.T, out string) {
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			require.Len(t, lines, 4+len(rules))
			assert.Equal(t, []string{"dealer", info.Version}, strings.Fields(lines[0]))
			assert.Equal(t, "commit   "+info.CommitText(), lines[1])
			assert.Equal(t, []string{"go", info.Go}, strings.Fields(lines[2]))
			assert.Equal(t, []string{"schema", fmt.Sprint(schema)}, strings.Fields(lines[3]))
			got := map[string]int{}
			for _, l := range lines[4:] {
				f := strings.Fields(strings.TrimPrefix(l, "rules"))
				require.Len(t, f, 2, l)
				v, err := strconv.Atoi(f[1])
				require.NoError(t, err, l)
				got[f[0]] = v
			}
			assert.Equal(t, rules, got)
			assertFits(t, out)
		}},
		{"json", []string{"version", "--json"}, func(t *testing.T, out string) {
			var got release
			require.NoError(t, json.Unmarshal([]byte(out), &got))
			assert.Equal(t, info, got.Info)
			assert.Equal(t, schema, got.Schema)
			byGame := map[string]int{}
			for _, r := range got.Rules {
				byGame[r.Game] = r.Version
			}
			assert.Equal(t, rules, byGame)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", nil, tt.args...)
			require.Equal(t, exitOK, code, errs)
			assert.Empty(t, errs)
			tt.check(t, out)
		})
	}
}

// A release set at link time is what dealer version says; unset, the
// build is "devel".
func TestVersionFromTheLinker(t *testing.T) {
	was := build.Version
	t.Cleanup(func() { build.Version = was })
	for _, tt := range []struct{ set, want string }{{"v1.4.0", "v1.4.0"}, {"", "devel"}} {
		build.Version = tt.set
		code, out, errs := run(t, "", nil, "version")
		require.Equal(t, exitOK, code, errs)
		assert.Equal(t, []string{"dealer", tt.want}, strings.Fields(strings.SplitN(out, "\n", 2)[0]))
	}
}

// assertBuildInfo checks that a /metrics page says which dealer this is,
// in dealer_build_info.
func assertBuildInfo(t *testing.T, metrics string) {
	t.Helper()
	info, schema, _ := versionFacts(t)
	want := fmt.Sprintf(`dealer_build_info{commit=%q,go_version=%q,schema="%d",version=%q} 1`,
		info.CommitText(), info.Go, schema, info.Version)
	assert.Contains(t, metrics, want)
}

// assertStartLogsRelease checks that the bot's start-up line says which
// dealer started: its release, commit, Go, schema and rules versions.
func assertStartLogsRelease(t *testing.T, logs string) {
	t.Helper()
	info, schema, rules := versionFacts(t)
	var start string
	for _, l := range strings.Split(logs, "\n") {
		if strings.Contains(l, "the dealer is at the table") {
			start = l
		}
	}
	require.NotEmpty(t, start, "the start-up line is logged")
	for _, want := range []string{"version=" + info.Version, fmt.Sprintf("go=%s", info.Go), fmt.Sprintf("schema=%d", schema)} {
		assert.Contains(t, start, want)
	}
	assert.Contains(t, start, "commit="+info.Commit)
	for game, v := range rules {
		assert.Contains(t, start, fmt.Sprintf("%s=%d", game, v))
	}
}
