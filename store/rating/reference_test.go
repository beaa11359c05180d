package rating

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// reference is testdata/reference.json, what the openskill package
// (scripts/rating-reference) gave for its games.
type reference struct {
	OpenSkill string `json:"openskill"`
	Pool      int    `json:"pool"`
	Games     []struct {
		Players []int      `json:"players"`
		Ranks   []int      `json:"ranks"`
		Before  []jsRating `json:"before"`
		After   []jsRating `json:"after"`
	} `json:"games"`
}

type jsRating struct{ Mu, Sigma float64 }

const referenceFile = "testdata/reference.json"

func readReference(t *testing.T, path string) reference {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var ref reference
	require.NoError(t, json.Unmarshal(b, &ref))
	return ref
}

// Every recorded game gives openskill's means and uncertainties to 1e-6,
// each game from the ratings recorded before it, and the games in a row
// from new players (the pool's ratings carried from game to game) too.
func TestReference(t *testing.T) {
	ref := readReference(t, referenceFile)
	require.GreaterOrEqual(t, len(ref.Games), 200)
	sizes, ties := map[int]int{}, 0
	pool := map[int]Rating{}
	for g, game := range ref.Games {
		sizes[len(game.Players)]++
		if hasTie(game.Ranks) {
			ties++
		}
		before := make([]Rating, len(game.Before))
		for i, r := range game.Before {
			before[i] = Rating(r)
			if carried, ok := pool[game.Players[i]]; ok {
				assert.Equal(t, carried, before[i], "game %d: player %d starts where their last game left them", g, game.Players[i])
			}
		}
		got := Rate(before, game.Ranks)
		require.Len(t, got, len(game.After))
		for i, want := range game.After {
			assert.InDelta(t, want.Mu, got[i].Mu, 1e-6, "game %d, player %d: mu", g, i)
			assert.InDelta(t, want.Sigma, got[i].Sigma, 1e-6, "game %d, player %d: sigma", g, i)
			pool[game.Players[i]] = Rating(want)
		}
	}
	assert.Equal(t, map[int]int{2: 60, 3: 60, 4: 60, 5: 60}, sizes, "games of 2 to 5 players")
	assert.GreaterOrEqual(t, ties, 50, "games with ties")
}

func hasTie(ranks []int) bool {
	seen := map[int]bool{}
	for _, r := range ranks {
		if seen[r] {
			return true
		}
		seen[r] = true
	}
	return false
}

// Where node and the script's openskill are installed (cd
// scripts/rating-reference && npm install), the script run again writes
// the recorded file, byte for byte; elsewhere the recorded file stands.
func TestReferenceScript(t *testing.T) {
	dir := filepath.Join("..", "..", "scripts", "rating-reference")
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: TestReference checks the recorded numbers")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "openskill")); err != nil {
		t.Skip("openskill is not installed (npm install in scripts/rating-reference): TestReference checks the recorded numbers")
	}
	out := filepath.Join(t.TempDir(), "reference.json")
	cmd := exec.Command(node, "generate.js", out)
	cmd.Dir = dir
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	want, err := os.ReadFile(referenceFile)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "the recorded file is what openskill gives today")
}
