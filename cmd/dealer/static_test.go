package main

import (
	"debug/buildinfo"
	"debug/elf"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/catalog"
	"github.com/dealer/dealer/store"
)

// testVersion is the release version the tests link into the static
// binary, to see dealer version report what the linker set.
const testVersion = "v0.0.0-static-test"

// staticBuild is scripts/build-static's binary, built once for the tests
// that need it.
var staticBuild struct {
	once sync.Once
	dir  string
	out  []byte
	err  error
}

// staticBinary builds the static binary with scripts/build-static and
// returns its path; the tests that need it run with DEALER_STATIC=1 (a
// first build compiles SQLite without the usual build tags: minutes).
func staticBinary(t *testing.T) string {
	t.Helper()
	if os.Getenv("DEALER_STATIC") == "" {
		t.Skip("set DEALER_STATIC=1 to build the static binary (scripts/build-static) and run it alone")
	}
	staticBuild.once.Do(func() {
		staticBuild.dir, staticBuild.err = os.MkdirTemp("", "dealer-static-")
		if staticBuild.err != nil {
			return
		}
		cmd := exec.Command("../../scripts/build-static", filepath.Join(staticBuild.dir, "dealer"))
		cmd.Env = append(os.Environ(), "VERSION="+testVersion)
		staticBuild.out, staticBuild.err = cmd.CombinedOutput()
	})
	require.NoError(t, staticBuild.err, "scripts/build-static: %s", staticBuild.out)
	return filepath.Join(staticBuild.dir, "dealer")
}

// TestMain removes the static build, when one was made.
func TestMain(m *testing.M) {
	code := m.Run()
	if staticBuild.dir != "" {
		os.RemoveAll(staticBuild.dir)
	}
	os.Exit(code)
}

// The static binary asks nothing of the machine: no program interpreter
// (the dynamic loader), no dynamic section, no shared library.
func TestStaticBinaryIsStatic(t *testing.T) {
	f, err := elf.Open(staticBinary(t))
	require.NoError(t, err)
	defer f.Close()
	for _, p := range f.Progs {
		assert.NotEqual(t, elf.PT_INTERP, p.Type, "a program interpreter: dynamically linked")
		assert.NotEqual(t, elf.PT_DYNAMIC, p.Type, "a dynamic segment")
	}
	assert.Nil(t, f.Section(".dynamic"))
	libs, err := f.ImportedLibraries()
	require.NoError(t, err)
	assert.Empty(t, libs)
}

// alone runs the binary at bin, copied into an empty directory, with no
// environment at all (no PATH to Go or gcc, no HOME), in that directory,
// with stdin; it returns the exit status and output.
func alone(t *testing.T, dir, stdin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(dir, "dealer"), args...)
	cmd.Dir, cmd.Env, cmd.Stdin = dir, []string{}, strings.NewReader(stdin)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !assert.ErrorAs(t, err, &exit, "the binary ran") {
		return -1, out.String(), errb.String()
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

// emptyDirWith copies the binary at bin into an empty directory, alone.
func emptyDirWith(t *testing.T, bin string) string {
	t.Helper()
	b, err := os.ReadFile(bin)
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "dealer"), b, 0o755))
	return dir
}

// The static binary, alone in an empty directory with an empty
// environment, says which dealer it is: what the linker set, what Go
// stamped in it, the store's newest schema, every game's rules version.
func TestStaticBinaryVersionAlone(t *testing.T) {
	bin := staticBinary(t)
	dir := emptyDirWith(t, bin)
	code, out, errs := alone(t, dir, "", "version", "--json")
	require.Equal(t, 0, code, errs)
	var got struct {
		Version, Commit, Go string
		Modified            bool
		Schema              int
		Rules               []struct {
			Game    string
			Version int
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got), out)
	stamped, err := buildinfo.ReadFile(bin)
	require.NoError(t, err)
	commit, modified := "unknown", false
	for _, s := range stamped.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	assert.Equal(t, testVersion, got.Version)
	assert.Equal(t, commit, got.Commit)
	assert.Equal(t, modified, got.Modified)
	assert.Equal(t, stamped.GoVersion, got.Go)
	assert.Equal(t, store.NewestSchema(), got.Schema)
	want := map[string]int{}
	for _, g := range catalog.Registry().All() {
		want[g.Name] = g.NewestRules()
	}
	have := map[string]int{}
	for _, r := range got.Rules {
		have[r.Game] = r.Version
	}
	assert.Equal(t, want, have)
}

// firstMove is a legal first move of deal of a solitaire, not one of the
// table's commands.
func firstMove(t *testing.T, game string, deal uint64) string {
	t.Helper()
	g, err := catalog.Registry().Engines().New(game, deal, 1)
	require.NoError(t, err)
	for _, m := range g.Legal(games.Seat(0)) {
		if s := m.String(); s != "undo" && s != "resign" && s != "auto" && !strings.HasPrefix(s, "autoplay") {
			return s
		}
	}
	require.Fail(t, "no legal first move")
	return ""
}

// The static binary, alone with an empty environment, plays a solitaire
// at the terminal, saving it in a new SQLite file beside it, and reads it
// back from that file.
func TestStaticBinaryPlaysAlone(t *testing.T) {
	dir := emptyDirWith(t, staticBinary(t))
	const game, deal = "doublets", 3
	info, ok := catalog.Registry().Lookup(game)
	require.True(t, ok)
	code, out, errs := alone(t, dir, firstMove(t, game, deal)+"\nquit\n", "play", game, "--deal", strconv.Itoa(deal))
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "Saved. Continue with: dealer play --resume 1")
	st, err := os.Stat(filepath.Join(dir, "dealer.db"))
	require.NoError(t, err, "the database is made beside the binary")
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())

	code, out, errs = alone(t, dir, "", "games", "--unfinished")
	require.Equal(t, 0, code, errs)
	var row []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, info.Title) {
			row = strings.Fields(strings.Replace(l, info.Title, "title", 1))
		}
	}
	require.GreaterOrEqual(t, len(row), 4, out)
	assert.Equal(t, []string{"1", "title", strconv.Itoa(deal), "1"}, row[:4], "game 1, the deal, one move")
}
