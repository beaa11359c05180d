package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/render/catalog"
)

// imageUser is the unprivileged user the image runs as (Containerfile).
const imageUser = "65532:65532"

// containers is podman with its own storage, in a temporary directory:
// the test's images, containers and volumes touch nothing of the
// machine's, and go with the directory.
type containers struct {
	t   *testing.T
	env []string
}

// requirePodman names the variable that, set to 1 (as CI sets it), makes
// a missing podman fail the image test instead of skipping it.
const requirePodman = "DEALER_REQUIRE_PODMAN"

// newContainers prepares podman's storage for the test, or skips the test
// when podman is not installed.
func newContainers(t *testing.T) *containers {
	t.Helper()
	if _, err := exec.LookPath("podman"); err != nil {
		msg := "podman is not installed: the image is not built (Debian: apt-get install podman runc)"
		if os.Getenv(requirePodman) == "1" {
			t.Fatal(msg + ", but " + requirePodman + "=1")
		}
		t.Skip(msg)
	}
	dir := t.TempDir()
	storage := filepath.Join(dir, "storage.conf")
	conf := fmt.Sprintf("[storage]\ndriver = \"vfs\"\ngraphroot = %q\nrunroot = %q\n", filepath.Join(dir, "root"), filepath.Join(dir, "run"))
	require.NoError(t, os.WriteFile(storage, []byte(conf), 0o600))
	engine := filepath.Join(dir, "containers.conf")
	conf = fmt.Sprintf("[engine]\ntmp_dir = %q\nvolume_path = %q\n", filepath.Join(dir, "tmp"), filepath.Join(dir, "volumes"))
	require.NoError(t, os.WriteFile(engine, []byte(conf), 0o600))
	c := &containers{t: t, env: append(os.Environ(), "CONTAINERS_STORAGE_CONF="+storage, "CONTAINERS_CONF="+engine)}
	// A machine may have podman and yet no way to run containers (no user
	// namespaces, a locked-down sandbox): say so and skip, unless required.
	info := exec.Command("podman", "info")
	info.Env = c.env
	if out, err := info.CombinedOutput(); err != nil {
		msg := fmt.Sprintf("podman cannot run here (podman info: %v): the image is not built\n%s", err, out)
		if os.Getenv(requirePodman) == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return c
}

// podman runs podman with args and stdin and returns its output, failing
// the test when it fails.
func (c *containers) podman(stdin string, args ...string) string {
	c.t.Helper()
	cmd := exec.Command("podman", args...)
	cmd.Env, cmd.Stdin = c.env, strings.NewReader(stdin)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(c.t, cmd.Run(), "podman %s: %s", strings.Join(args, " "), errb.String())
	return out.String()
}

// run runs the image with args, the volume named volume on /data, and no
// network. runc, when installed, is the runtime: crun refuses machines
// whose cgroups are mixed (v1 and v2); the limits are set below the
// machine's so an unprivileged podman need not raise them.
func (c *containers) run(image, volume, stdin string, args ...string) string {
	c.t.Helper()
	var global []string
	if _, err := exec.LookPath("runc"); err == nil {
		global = []string{"--runtime", "runc"}
	}
	flags := []string{"run", "--rm", "-i", "--network", "none", "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024",
		"-v", volume + ":/data", image}
	return c.podman(stdin, append(append(global, flags...), args...)...)
}

// The image builds FROM scratch with no registry (scripts/build-image,
// from the static binary): it runs as an unprivileged user, on the
// volume /data, and starts the bot unless told otherwise.
func TestImageBuilds(t *testing.T) {
	bin := staticBinary(t)
	c := newContainers(t)
	const tag = "localhost/dealer:image-test"
	cmd := exec.Command("../../scripts/build-image", tag)
	cmd.Env = append(c.env, "BINARY="+bin)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "scripts/build-image: %s", out)

	var config []struct {
		Config struct {
			User, WorkingDir string
			Entrypoint, Cmd  []string
			Volumes          map[string]struct{}
		}
		RootFS struct{ Layers []string }
	}
	require.NoError(t, json.Unmarshal([]byte(c.podman("", "image", "inspect", tag)), &config))
	require.Len(t, config, 1)
	got := config[0].Config
	assert.Equal(t, imageUser, got.User)
	assert.Equal(t, "/data", got.WorkingDir)
	assert.Contains(t, got.Volumes, "/data")
	assert.Equal(t, []string{"/dealer"}, got.Entrypoint)
	assert.Equal(t, []string{"run"}, got.Cmd)
	assert.Len(t, config[0].RootFS.Layers, copies(t), "a layer for each COPY on scratch: nothing underneath")

	t.Run("plays on its volume", func(t *testing.T) { testImagePlays(t, c, tag) })
}

// testImagePlays runs the image twice on one volume: a game played and
// saved in the first is listed by the second, from the database the
// unprivileged user made on the volume.
func testImagePlays(t *testing.T, c *containers, tag string) {
	const game, deal = "doublets", 3
	info, ok := catalog.Registry().Lookup(game)
	require.True(t, ok)
	out := c.run(tag, "dealer-data", firstMove(t, game, deal)+"\nquit\n", "play", game, "--deal", fmt.Sprint(deal))
	assert.Contains(t, out, "Saved. Continue with: dealer play --resume 1")
	out = c.run(tag, "dealer-data", "", "games", "--unfinished")
	assert.Contains(t, out, info.Title)

	mount := strings.TrimSpace(c.podman("", "volume", "inspect", "--format", "{{.Mountpoint}}", "dealer-data"))
	st, err := os.Stat(filepath.Join(mount, "dealer.db"))
	require.NoError(t, err, "the database is on the volume")
	owner, ok := st.Sys().(*syscall.Stat_t)
	require.True(t, ok)
	assert.Equal(t, imageUser, fmt.Sprintf("%d:%d", owner.Uid, owner.Gid), "the database is the unprivileged user's")
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
}

// copies counts the Containerfile's COPY instructions.
func copies(t *testing.T) int {
	t.Helper()
	b, err := os.ReadFile("../../Containerfile")
	require.NoError(t, err)
	n := 0
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "COPY ") {
			n++
		}
	}
	require.Positive(t, n)
	return n
}
