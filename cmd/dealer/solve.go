package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/catalog"
	"github.com/dealer/dealer/games/doublefreecell"
)

// solve is `dealer solve GAME --deal N [--budget 5s] [--json]`: the solution
// as moves ready for `dealer play GAME --deal N --moves FILE`, or the word
// that the deal is lost or the budget ran out.
func solve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dealer solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	deal := fs.Uint64("deal", 0, "the deal number")
	budget := fs.Duration("budget", 5*time.Second, "how long the solver may search")
	asJSON := fs.Bool("json", false, "print the verdict and moves as JSON")
	game, args := splitGame(args)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	info, ok := catalog.Registry().Lookup(game)
	switch {
	case !ok || info.Solve == nil:
		fmt.Fprintln(stderr, "dealer solve: name a solitaire: doublefreecell, doublets or doubleagent")
		return 2
	case *deal == 0:
		fmt.Fprintln(stderr, "dealer solve: give --deal N (from 1)")
		return 2
	case *budget <= 0:
		fmt.Fprintln(stderr, "dealer solve: --budget must be positive, such as 5s")
		return 2
	}
	g, err := info.New(*deal, 1)
	if err != nil {
		fmt.Fprintln(stderr, "dealer solve:", err)
		return 2
	}
	sol := info.Solve(g, *budget)
	if *asJSON {
		out := struct {
			Game string `json:"game"`
			Deal uint64 `json:"deal"`
			games.Solution
		}{info.Name, *deal, sol}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
		return 0
	}
	switch sol.Verdict {
	case games.Solvable:
		fmt.Fprintf(stdout, "# %s deal %d: won in %d moves (%d positions, %s)\n", info.Title, *deal, len(sol.Moves), sol.States, sol.Elapsed.Round(time.Millisecond))
	case games.Unwinnable:
		fmt.Fprintf(stdout, "# %s deal %d: lost — no sequence of moves wins (best score %d)\n", info.Title, *deal, sol.Score)
	default:
		fmt.Fprintf(stdout, "# %s deal %d: undecided — the budget of %s ran out (best score found %d)\n", info.Title, *deal, *budget, sol.Score)
	}
	for _, m := range sol.Moves {
		fmt.Fprintln(stdout, m)
	}
	return 0
}

// export is `dealer export doublefreecell --deal N --format fcsolve`: the
// deal as a Freecell Solver board.
func export(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dealer export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	deal := fs.Uint64("deal", 0, "the deal number")
	format := fs.String("format", "fcsolve", "the board format (fcsolve)")
	game, args := splitGame(args)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if game != "doublefreecell" || *format != "fcsolve" || *deal == 0 {
		fmt.Fprintln(stderr, "dealer export: usage: dealer export doublefreecell --deal N --format fcsolve")
		return 2
	}
	fmt.Fprint(stdout, doublefreecell.ExportFCSolve(doublefreecell.New(*deal)))
	return 0
}

// splitGame takes a leading game name off the arguments.
func splitGame(args []string) (string, []string) {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return args[0], args[1:]
	}
	return "", args
}

// hintText is the terminal's answer to "hint".
func hintText(info games.Info, g games.Game) string {
	if info.Solve == nil {
		return "This game has no hints."
	}
	sol := info.Solve(g, 2*time.Second)
	switch {
	case sol.Verdict == games.Solvable && len(sol.Moves) > 0:
		return "Hint: " + sol.Moves[0] + "   (a win is still possible, in " + strconv.Itoa(len(sol.Moves)) + " moves)"
	case sol.Verdict == games.Unwinnable:
		return "This deal can't be won from here any more. Undo, or resign."
	case len(sol.Moves) > 0:
		return "No win found in time; a good move: " + sol.Moves[0]
	}
	return "No win found in time: play on and ask again later."
}
