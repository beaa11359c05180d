package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every command prints its own usage, exit status 0, for dealer help CMD,
// CMD --help and CMD -h alike, within 80 columns.
func TestEveryCommandHasItsHelp(t *testing.T) {
	for _, name := range commandOrder {
		t.Run(name, func(t *testing.T) {
			code, want, errs := run(t, "", nil, "help", name)
			require.Equal(t, 0, code, errs)
			assert.True(t, strings.HasPrefix(want, "usage: dealer "+name), want)
			assert.Empty(t, errs)
			for _, flag := range []string{"--help", "-h"} {
				code, out, errs := run(t, "", nil, name, flag)
				assert.Equal(t, 0, code, "%s %s", name, flag)
				assert.Equal(t, want, out, "%s %s", name, flag)
				assert.Empty(t, errs)
			}
			assertFits(t, want)
		})
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		code, out, _ := run(t, "", nil, args...)
		assert.Equal(t, 0, code)
		assert.Contains(t, out, "dealer help COMMAND")
		assertFits(t, out)
	}
}

// dealer play --help names GAME, the games and the commands at the table.
func TestPlayHelpSaysItAll(t *testing.T) {
	_, out, _ := run(t, "", nil, "play", "--help")
	for _, want := range []string{"dealer play GAME", "doublefreecell", "theagents", "--resume [ID]", "--moves FILE",
		"moves", "undo", "hint", "abandon", "quit"} {
		assert.Contains(t, out, want)
	}
}

// A usage error is one line on stderr, exit status 2, whatever the
// command.
func TestUsageErrorsAreOneLine(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"nothing", nil, "name a command"},
		{"unknown command", []string{"dance"}, `unknown command "dance"`},
		{"help of nothing", []string{"help", "dance"}, `unknown command "dance"`},
		{"unknown flag", []string{"play", "doublets", "--colour"}, "no option -colour"},
		{"flag without value", []string{"play", "doublets", "--deal"}, "-deal needs a value"},
		{"negative deal to solve", []string{"solve", "doublets", "--deal", "-1"}, "a deal is a whole number from 1"},
		{"solve without deal", []string{"solve", "doublets"}, "--deal N"},
		{"solve a multiplayer game", []string{"solve", "secretagent", "--deal", "2"}, "name a solitaire"},
		{"bad budget", []string{"solve", "doublets", "--deal", "2", "--budget", "soon"}, "--budget"},
		{"export what", []string{"export", "doublets", "--deal", "1"}, "doublefreecell"},
		{"run with an argument", []string{"run", "extra-arg"}, `unexpected "extra-arg"`},
		{"bad seats", []string{"play", "secretagent", "--seats", "you,robot,ai"}, "seats 4 players"},
		{"bad seat", []string{"play", "secretagent", "--seats", "you,r@bot,ai,ai"}, "is not you, ai or a name"},
		{"too many players", []string{"play", "theagents", "--players", "7"}, "2–5 players"},
		{"seats and players disagree", []string{"play", "theagents", "--players", "3", "--seats", "you,ai"}, "--players 3"},
		{"resume drops deal", []string{"play", "doublets", "--deal", "3", "--resume"}, "--deal would be ignored"},
		{"resume drops seats", []string{"play", "--resume", "--seats", "you,ai,ai,ai"}, "--seats would be ignored"},
		{"resume a bad id", []string{"play", "--resume=x"}, "a game's number"},
		{"two games", []string{"play", "doublets", "doubleagent"}, `unexpected "doubleagent"`},
		{"leaderboard of nothing", []string{"leaderboard"}, "name one game"},
		{"leaderboard by colour", []string{"leaderboard", "doublets", "--by", "colour"}, "--by takes wins"},
		{"rules of nothing", []string{"rules", "chess"}, `no game called "chess"`},
		{"stats of two", []string{"stats", "ann"}, "--user NAME"},
		{"games both ways", []string{"games", "--unfinished", "--discard", "3"}, "not both"},
		{"cards of a game without", []string{"cards", "doublets"}, "only The Agents"},
		{"moves file missing", []string{"play", "doublets", "--deal", "1", "--moves", "/nonexistent/m.txt"}, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", nil, tt.args...)
			assert.Equal(t, 2, code, errs)
			assert.Empty(t, out)
			assert.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
			assert.Contains(t, errs, tt.want)
			assert.NotContains(t, errs, "Usage of", "no flag package dump")
		})
	}
}

// The solver's exit status says whether it decided: 0 won or lost, 1 the
// budget ran out.
func TestSolveExitStatus(t *testing.T) {
	code, out, _ := run(t, "", nil, "solve", "doublefreecell", "--deal", "2", "--budget", "1ns")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "undecided")
	code, out, _ = run(t, "", nil, "solve", "doublefreecell", "--deal", "2", "--budget", "1ns", "--json")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, `"verdict": "unknown"`)
	code, out, _ = run(t, "", nil, "solve", "doublets", "--deal", "2", "--budget", "60s")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, ": won in ")
}

// --moves - reads the moves from standard input.
func TestScriptedMovesFromStandardInput(t *testing.T) {
	moves, _ := someMoves(t, "doublets", 4, 3)
	file := filepath.Join(t.TempDir(), "moves.txt")
	require.NoError(t, os.WriteFile(file, []byte(strings.Join(moves, "\n")+"\n"), 0o600))
	code, fromFile, errs := run(t, "", nil, "play", "doublets", "--deal", "4", "--moves", file, "--json")
	require.Equal(t, 0, code, errs)
	code, fromStdin, errs := run(t, strings.Join(moves, "\n")+"\n", nil, "play", "doublets", "--deal", "4", "--moves", "-", "--json")
	require.Equal(t, 0, code, errs)
	assert.JSONEq(t, fromFile, fromStdin)

	code, _, errs = run(t, moves[0]+"\nfly away\n", nil, "play", "doublets", "--deal", "4", "--moves", "-")
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(errs, "standard input:2: fly away:"), errs)
}

// A scripted line over 64 KB is refused by its line number, not a crash
// of the reader.
func TestScriptedLineTooLong(t *testing.T) {
	code, _, errs := run(t, "flip\n"+strings.Repeat("a", 70_000)+"\n", nil, "play", "doublets", "--deal", "4", "--moves", "-")
	assert.Equal(t, 1, code)
	assert.Equal(t, "standard input:2: line too long (70000 characters)\n", errs)
}

// The README says what the command line does.
func TestReadmeDocumentsTheCommandLine(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	require.NoError(t, err)
	mod, err := os.ReadFile("../../../go.mod")
	require.NoError(t, err)
	text := string(readme)
	var goVersion string
	for _, l := range strings.Split(string(mod), "\n") {
		if v, ok := strings.CutPrefix(l, "go "); ok {
			goVersion = v
		}
	}
	require.NotEmpty(t, goVersion)
	has := func(s string) bool { return strings.Contains(text, s) }
	assert.True(t, has("Go "+goVersion+" or later"), "the Go the module needs: %s", goVersion)
	assert.False(t, has("../shared/rules"), "a clone has no ../shared")
	assert.True(t, has("docs/rules/"))
	assert.False(t, has("computer games (`--json`)"), "The Agents is playable at the terminal")
	for _, want := range []string{"Exit status", "dealer help", "--resume", "--unfinished", "--discard",
		"dealer stats", "dealer leaderboard", "dealer rules", "--seats ann,bob,ai,ai", "abandon"} {
		assert.True(t, has(want), "the README says %q", want)
	}
}

// assertFits checks that every line of text is within 80 columns.
func assertFits(t *testing.T, text string) {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		assert.LessOrEqual(t, termWidth(l), width, "%q", l)
	}
}
