package catalog

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/lang"
	"github.com/dealer/dealer/render/lang/langtest"
)

func TestRegistryListsEveryGame(t *testing.T) {
	reg := Registry()
	assert.Equal(t, []string{"doubleagent", "doublefreecell", "doublets", "secretagent", "theagents"}, sortedNames(reg))
	for _, info := range reg.All() {
		assert.NotEmpty(t, info.Summary, info.Name)
		assert.Equal(t, info.Solitaire(), info.Solve != nil, "%s: solitaires have solvers", info.Name)
		assert.Equal(t, !info.Solitaire(), info.Computer != nil, "%s: multiplayer games have computer players", info.Name)
		assert.Empty(t, info.Missing(), "%s: every part of a game is registered", info.Name)
	}
}

func sortedNames(reg *render.Registry) []string {
	var n []string
	for _, g := range []string{"doubleagent", "doublefreecell", "doublets", "secretagent", "theagents"} {
		if _, ok := reg.Lookup(g); ok {
			n = append(n, g)
		}
	}
	return n
}

// TestSolutionsReplay: every solution a solver gives replays through the
// game's notation, and a solved line ends in a win.
func TestSolutionsReplay(t *testing.T) {
	reg := Registry()
	for _, name := range []string{"doublefreecell", "doublets", "doubleagent"} {
		info, _ := reg.Lookup(name)
		solved := 0
		for deal := uint64(1); deal <= 4; deal++ {
			g, err := reg.New(name, deal, 1)
			require.NoError(t, err)
			sol := info.Solve(g, time.Second)
			assert.Equal(t, 0, g.Moves(), "solving does not change the game")
			for i, m := range sol.Moves {
				require.NoError(t, games.Play(g, 0, m), "%s deal %d move %d %q", name, deal, i+1, m)
			}
			if sol.Verdict == games.Solvable {
				solved++
				assert.Equal(t, games.Won, g.Status(), "%s deal %d", name, deal)
			}
			assert.Equal(t, sol.Score, g.Scores()[0], "%s deal %d: the line reaches its score", name, deal)
		}
		t.Logf("%s: %d of 4 deals solved within 1 s each", name, solved)
	}
}

// TestEveryGameHasItsWords: every game on offer speaks every language: its
// catalog has one key set with the keys' arguments, holds every key its
// presentation asks for and every refusal its engine makes, and names its
// house rules.
func TestEveryGameHasItsWords(t *testing.T) {
	for _, g := range Registry().All() {
		t.Run(g.Name, func(t *testing.T) {
			w := g.Words()
			require.NotNil(t, w, "render/%s: Presenter.Words", g.Name)
			langtest.Complete(t, w)
			langtest.Used(t, w, "../"+g.Name)
			langtest.Refusals(t, w, "../../games/"+g.Name)
			for _, o := range g.Options {
				_, ok := w.Text(lang.English, o.Text)
				assert.True(t, ok, "the option %s's text %q has no words", o.Name, o.Text)
				assert.NotEqual(t, o.Text, g.T(lang.German, o.Text), "the option %s is said in German", o.Name)
			}
		})
	}
}
