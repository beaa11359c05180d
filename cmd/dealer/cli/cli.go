// Package cli is the dealer's command line: the bot (run), games at the
// terminal (play), and the tools around them (games, cards, solve,
// export). It reads games only through the registry it is handed.
//
//	dealer run [--config FILE]                     the Discord bot
//	dealer play GAME [--deal N] [--resume]         a game in the terminal
//	dealer play GAME --deal N --moves FILE --json  scripted play, state as JSON
//	dealer games                                   the games on offer
//	dealer cards theagents [--json]                The Agents' card set
//	dealer solve GAME --deal N [--budget 5s] [--json]   a solitaire's solution
//	dealer export doublefreecell --deal N --format fcsolve
package cli

import (
	"fmt"
	"io"

	"github.com/dealer/dealer/render"
)

// Main runs one subcommand of the dealer over the games of reg and returns
// the process's exit status. The program hands it every game (see
// render/catalog); a test may hand it others.
func Main(reg *render.Registry, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "run":
		return runBot(reg, args[1:], stderr, getenv)
	case "play":
		return playWith(reg, args[1:], stdin, stdout, stderr, getenv)
	case "games":
		return listGames(reg, stdout)
	case "cards":
		return listCards(reg, args[1:], stdout, stderr)
	case "solve":
		return solve(reg, args[1:], stdout, stderr)
	case "export":
		return export(reg, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "dealer: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  dealer run [--config FILE]                      start the Discord bot
  dealer play GAME [--deal N] [--resume]          play in the terminal
  dealer play GAME --deal N --moves FILE --json   apply moves, print the state as JSON
  dealer games                                    list the games
  dealer cards theagents [--json]                 print The Agents' card set
  dealer solve GAME --deal N [--budget 5s] [--json]  solve a solitaire's deal
  dealer export doublefreecell --deal N --format fcsolve  the deal for Freecell Solver
`)
}
