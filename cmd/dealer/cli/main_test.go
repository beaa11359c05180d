package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render/catalog"
)

// run runs the dealer command with args and stdin, in a temp directory's
// database, and returns its exit status and output.
func run(t *testing.T, stdin string, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	getenv := func(k string) string { return env[k] }
	code := dealer(args, strings.NewReader(stdin), &out, &errb, getenv)
	return code, out.String(), errb.String()
}

// runRefused runs the dealer as run does, for a command that must refuse:
// it checks that nothing came on stdout and one line on stderr (the house's
// answer to bad input), and returns the exit status and that line.
func runRefused(t *testing.T, env map[string]string, args ...string) (int, string) {
	t.Helper()
	code, out, errs := run(t, "", env, args...)
	assert.Empty(t, out, "%v", args)
	assert.Equal(t, 1, strings.Count(errs, "\n"), "%v: one line: %q", args, errs)
	return code, errs
}

// someMoves plays n legal moves of a fresh game (never a command) and
// returns them with the game they lead to.
func someMoves(t *testing.T, game string, deal uint64, n int) ([]string, games.Game) {
	t.Helper()
	g, err := catalog.Registry().Engines().New(game, deal, 1)
	require.NoError(t, err)
	var moves []string
	for len(moves) < n {
		var pick games.Move
		for _, m := range g.Legal(0) {
			if s := m.String(); s != "undo" && s != "resign" && s != "auto" && !strings.HasPrefix(s, "autoplay") {
				pick = m
				break
			}
		}
		require.NotNil(t, pick, "a legal move")
		require.NoError(t, g.Apply(0, pick))
		moves = append(moves, pick.String())
	}
	return moves, g
}

func TestScriptedPlayPrintsTheFullState(t *testing.T) {
	for _, game := range []string{"doublefreecell", "doublets", "doubleagent"} {
		t.Run(game, func(t *testing.T) {
			moves, g := someMoves(t, game, 3, 5)
			file := filepath.Join(t.TempDir(), "moves.txt")
			text := "# a comment\n" + strings.Join(moves, "\n") + "   # trailing comment\n\n"
			require.NoError(t, os.WriteFile(file, []byte(text), 0o600))

			code, out, errs := run(t, "", nil, "play", game, "--deal", "3", "--moves", file, "--json")
			require.Equal(t, 0, code, errs)
			want, err := json.Marshal(games.FullState(g))
			require.NoError(t, err)
			assert.JSONEq(t, string(want), out)
		})
	}
}

func TestScriptedPlayStopsAtAnIllegalMove(t *testing.T) {
	moves, _ := someMoves(t, "doublefreecell", 3, 2)
	file := filepath.Join(t.TempDir(), "moves.txt")
	require.NoError(t, os.WriteFile(file, []byte(moves[0]+"\n"+moves[1]+"\nh 3\n"+moves[0]+"\n"), 0o600))
	code, out, errs := run(t, "", nil, "play", "doublefreecell", "--deal", "3", "--moves", file, "--json")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	require.Len(t, lines, 1, "one line on stderr")
	assert.Contains(t, lines[0], fmt.Sprintf("%s:3: h 3:", file))
}

func TestPlayUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no game", []string{"play"}, "name a game"},
		{"unknown game", []string{"play", "chess"}, "no game called"},
		{"bad deal", []string{"play", "doublefreecell", "--deal", "x"}, "--deal"},
		{"zero deal", []string{"play", "doublefreecell", "--deal", "0"}, "--deal"},
		{"moves without deal", []string{"play", "doublefreecell", "--moves", "f.txt"}, "--deal"},
		{"json alone", []string{"play", "doublefreecell", "--json"}, "--moves"},
		{"unknown command", []string{"dance"}, "unknown command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := run(t, "", nil, tt.args...)
			assert.Equal(t, 2, code)
			assert.Contains(t, errs, tt.want)
		})
	}
}

func TestTerminalPlaySavesAndResumes(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dealer.db")
	moves, g := someMoves(t, "doublefreecell", 9, 3)
	env := map[string]string{"USER": "tester"}

	// Two moves, a bad command, a bad move, then quit.
	in := moves[0] + "\nfly away\nh 1\n" + moves[1] + "\nquit\n"
	code, out, errs := run(t, in, env, "play", "doublefreecell", "--deal", "9", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "Double FreeCell, deal 9")
	assert.Contains(t, out, "✗", "bad input gets an explanation")
	assert.Contains(t, out, "dealer play --resume")

	// Resume and play the third move; the game is where it was left.
	code, out, errs = run(t, moves[2]+"\nquit\n", env, "play", "--resume", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "resumed after 2 moves")

	// The store holds exactly the three moves, replaying to the same game.
	code, out, errs = run(t, "resign\n", env, "play", "--resume", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "resumed after 3 moves")
	assert.Contains(t, out, "Game over: lost")
	require.NoError(t, games.Play(g, 0, "resign"))

	// Nothing left to resume.
	code, _, errs = run(t, "", env, "play", "--resume", "--db", db)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "no unfinished game")
}

func TestRunWithoutTokenSaysWhereToPutOne(t *testing.T) {
	t.Chdir(t.TempDir())
	code, _, errs := run(t, "", nil, "run")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "DISCORD_TOKEN")
	assert.Contains(t, errs, "config.yaml")
}

func TestGamesLists(t *testing.T) {
	code, out, _ := run(t, "", nil, "games")
	assert.Equal(t, 0, code)
	for _, g := range catalog.Registry().All() {
		assert.Contains(t, out, g.Name)
	}
}

func TestComputerGameSummary(t *testing.T) {
	code, out, errs := run(t, "", nil, "play", "secretagent", "--deal", "5", "--seats", "ai,ai,ai,ai", "--json")
	require.Equal(t, 0, code, errs)
	var sum struct {
		Deals  []map[string]any `json:"deals"`
		Totals []int            `json:"totals"`
		Winner *int             `json:"winner"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sum), out)
	assert.GreaterOrEqual(t, len(sum.Deals), 4, "a game is at least four deals")
	assert.Len(t, sum.Totals, 4)
	require.NotNil(t, sum.Winner)
	for s, total := range sum.Totals {
		assert.LessOrEqual(t, total, sum.Totals[*sum.Winner], "seat %d", s)
	}
	// The same deal plays the same game.
	_, again, _ := run(t, "", nil, "play", "secretagent", "--deal", "5", "--seats", "ai,ai,ai,ai", "--json")
	assert.Equal(t, out, again)
}

func TestTheAgentsCardsAndComputerGame(t *testing.T) {
	code, out, errs := run(t, "", nil, "cards", "theagents", "--json")
	require.Equal(t, 0, code, errs)
	var set map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &set))
	assert.NotEmpty(t, set)
	code, out, _ = run(t, "", nil, "cards", "theagents")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Safe-House")

	code, out, errs = run(t, "", nil, "play", "theagents", "--players", "3", "--seats", "ai,ai,ai", "--deal", "4", "--json")
	require.Equal(t, 0, code, errs)
	var sum struct {
		IP     []int `json:"ip"`
		Turns  int   `json:"turns"`
		Winner *int  `json:"winner"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sum))
	assert.Len(t, sum.IP, 3)
	assert.Positive(t, sum.Turns)
	require.NotNil(t, sum.Winner)

	code, _, errs = run(t, "", nil, "play", "theagents", "--players", "7", "--seats", "ai,ai", "--deal", "4", "--json")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "2–5 players")
}

// The budget is an upper bound: the solver stops once it wins (well under
// 2 s here on a quiet machine), so a busy machine only takes longer.
func TestSolveOutputReplaysToAWin(t *testing.T) {
	for _, game := range []string{"doublefreecell", "doublets", "doubleagent"} {
		t.Run(game, func(t *testing.T) {
			code, out, errs := run(t, "", nil, "solve", game, "--deal", "2", "--budget", "60s")
			require.Equal(t, 0, code, errs)
			require.True(t, strings.HasPrefix(out, "# "), out)
			file := filepath.Join(t.TempDir(), "solution.txt")
			require.NoError(t, os.WriteFile(file, []byte(out), 0o600))
			code, state, errs := run(t, "", nil, "play", game, "--deal", "2", "--moves", file, "--json")
			require.Equal(t, 0, code, errs)
			if strings.Contains(strings.SplitN(out, "\n", 2)[0], ": won in") {
				assert.Contains(t, state, `"status": "won"`)
			}
		})
	}
	code, out, _ := run(t, "", nil, "solve", "doublets", "--deal", "2", "--budget", "60s", "--json")
	require.Equal(t, 0, code)
	var sol struct {
		Verdict string   `json:"verdict"`
		Moves   []string `json:"moves"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &sol))
	assert.Contains(t, []string{"solved", "lost", "unknown"}, sol.Verdict)

	code, _, errs := run(t, "", nil, "solve", "secretagent", "--deal", "2")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "solitaire")
}

func TestExportFCSolve(t *testing.T) {
	code, out, _ := run(t, "", nil, "export", "doublefreecell", "--deal", "1", "--format", "fcsolve")
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.True(t, strings.HasPrefix(lines[0], "Foundations:"))
	assert.True(t, strings.HasPrefix(lines[1], "Freecells:"))
	assert.Len(t, lines, 12, "two header lines and ten columns")
	code, _, _ = run(t, "", nil, "export", "doublets", "--deal", "1")
	assert.Equal(t, 2, code)
}

func TestTerminalHint(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dealer.db")
	code, out, errs := run(t, "hint\nquit\n", map[string]string{"USER": "h"}, "play", "doublets", "--deal", "4", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Regexp(t, `Hint: |can't be won|No win found`, out)
}

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
		{"version with an argument", []string{"version", "now"}, `unexpected "now"`},
		{"version with a flag", []string{"version", "--short"}, "no option -short"},
		{"moves file missing", []string{"play", "doublets", "--deal", "1", "--moves", "/nonexistent/m.txt"}, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, errs := runRefused(t, nil, tt.args...)
			assert.Equal(t, 2, code, errs)
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
