package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/render"
)

func solveUsage(e env) string {
	return `usage: dealer solve GAME --deal N [--budget 5s] [--json]

Solves deal N of a solitaire and prints the moves, ready for dealer play
GAME --deal N --moves FILE, or says the deal is lost. Exit status 0 when the
solver decided (won or lost), 1 when the budget ran out first (undecided).
The solitaires: ` + orList(solvable(e.reg)) + `.

  --deal N        the deal number, from 1
  --budget TIME   how long the solver may search (default 5s)
  --json          the verdict and the moves as JSON
`
}

func exportUsage(e env) string {
	return `usage: dealer export GAME --deal N [--format FORMAT]

Writes deal N in a format another program reads, such as a Freecell Solver
board (--format fcsolve, the default). The games: ` + orList(exportable(e.reg)) + `.
`
}

// solveCmd is `dealer solve GAME --deal N [--budget 5s] [--json]`: the
// solution as moves ready for `dealer play GAME --deal N --moves FILE`,
// or the word that the deal is lost or the budget ran out.
func solveCmd(e env, args []string) int {
	fs := newFlags("dealer solve")
	var deal dealFlag
	fs.Var(&deal, "deal", "")
	budget := fs.Duration("budget", 5*time.Second, "")
	asJSON := fs.Bool("json", false, "")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return usageError(e.stderr, "solve", "%s", flagError(err))
	}
	var info games.Info
	ok := len(rest) == 1
	if ok {
		info, ok = e.reg.Engines().Lookup(rest[0])
	}
	switch {
	case !ok || info.Solve == nil:
		return usageError(e.stderr, "solve", "name a solitaire: %s", orList(solvable(e.reg)))
	case !deal.ok:
		return usageError(e.stderr, "solve", "give --deal N (from 1)")
	case *budget <= 0:
		return usageError(e.stderr, "solve", "--budget must be positive, such as 5s")
	}
	g, err := info.New(deal.n, 1)
	if err != nil {
		return usageError(e.stderr, "solve", "%v", err)
	}
	sol := info.Solve(g, *budget)
	code := exitOK
	if sol.Verdict != games.Solvable && sol.Verdict != games.Unwinnable {
		code = exitFail
	}
	if *asJSON {
		out := struct {
			Game string `json:"game"`
			Deal uint64 `json:"deal"`
			games.Solution
		}{info.Name, deal.n, sol}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(out)
		return code
	}
	writeSolution(e, info, deal.n, *budget, sol)
	return code
}

// writeSolution writes a solver's verdict as a comment line, then the
// moves.
func writeSolution(e env, info games.Info, deal uint64, budget time.Duration, sol games.Solution) {
	switch sol.Verdict {
	case games.Solvable:
		fmt.Fprintf(e.stdout, "# %s deal %d: won in %s (%d positions, %s)\n", info.Title, deal, render.Plural(len(sol.Moves), "move"),
			sol.States, sol.Elapsed.Round(time.Millisecond))
	case games.Unwinnable:
		fmt.Fprintf(e.stdout, "# %s deal %d: lost — no sequence of moves wins (best score %d)\n", info.Title, deal, sol.Score)
	default:
		fmt.Fprintf(e.stdout, "# %s deal %d: undecided — the budget of %s ran out (best score found %d)\n", info.Title, deal, budget, sol.Score)
	}
	for _, m := range sol.Moves {
		fmt.Fprintln(e.stdout, m)
	}
}

// exportCmd is `dealer export GAME --deal N --format FORMAT`: the deal in a
// format another program reads, such as a Freecell Solver board
// (doublefreecell, fcsolve). The game writes it, as a games.Exporter.
func exportCmd(e env, args []string) int {
	fs := newFlags("dealer export")
	var deal dealFlag
	fs.Var(&deal, "deal", "")
	format := fs.String("format", "fcsolve", "")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return usageError(e.stderr, "export", "%s", flagError(err))
	}
	var ex games.Exporter
	if len(rest) == 1 && deal.ok {
		if g, ok := e.reg.Lookup(rest[0]); ok {
			if eng, err := g.New(deal.n, g.MinSeats); err == nil {
				ex, _ = eng.(games.Exporter)
			}
		}
	}
	if ex == nil {
		return usageError(e.stderr, "export", "give GAME --deal N --format FORMAT, for %s", orList(exportable(e.reg)))
	}
	out, err := ex.Export(*format)
	if err != nil {
		return usageError(e.stderr, "export", "%v", err)
	}
	fmt.Fprint(e.stdout, out)
	return exitOK
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
