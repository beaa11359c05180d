package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
)

// solve is `dealer solve GAME --deal N [--budget 5s] [--json]`: the solution
// as moves ready for `dealer play GAME --deal N --moves FILE`, or the word
// that the deal is lost or the budget ran out.
func solve(reg *render.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dealer solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	deal := fs.Uint64("deal", 0, "the deal number")
	budget := fs.Duration("budget", 5*time.Second, "how long the solver may search")
	asJSON := fs.Bool("json", false, "print the verdict and moves as JSON")
	game, args := splitGame(args)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	info, ok := reg.Engines().Lookup(game)
	switch {
	case !ok || info.Solve == nil:
		fmt.Fprintln(stderr, "dealer solve: name a solitaire:", orList(solvable(reg)))
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

// export is `dealer export GAME --deal N --format FORMAT`: the deal in a
// format another program reads, such as a Freecell Solver board
// (doublefreecell, fcsolve). The game writes it, as a games.Exporter.
func export(reg *render.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dealer export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	deal := fs.Uint64("deal", 0, "the deal number")
	format := fs.String("format", "fcsolve", "the board format (fcsolve)")
	game, args := splitGame(args)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var ex games.Exporter
	if g, ok := reg.Lookup(game); ok && *deal != 0 {
		if e, err := g.New(*deal, g.MinSeats); err == nil {
			ex, _ = e.(games.Exporter)
		}
	}
	if ex == nil {
		fmt.Fprintln(stderr, "dealer export: usage: dealer export GAME --deal N --format FORMAT, for", orList(exportable(reg)))
		return 2
	}
	out, err := ex.Export(*format)
	if err != nil {
		fmt.Fprintln(stderr, "dealer export:", err)
		return 2
	}
	fmt.Fprint(stdout, out)
	return 0
}

// solvable names the games with a solver.
func solvable(reg *render.Registry) []string {
	var out []string
	for _, g := range reg.All() {
		if g.Solve != nil {
			out = append(out, g.Name)
		}
	}
	return out
}

// exportable names the games that export their deals.
func exportable(reg *render.Registry) []string {
	var out []string
	for _, g := range reg.All() {
		if e, err := g.New(1, g.MinSeats); err == nil {
			if _, ok := e.(games.Exporter); ok {
				out = append(out, g.Name)
			}
		}
	}
	return out
}

// orList writes names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// splitGame takes a leading game name off the arguments.
func splitGame(args []string) (string, []string) {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return args[0], args[1:]
	}
	return "", args
}
