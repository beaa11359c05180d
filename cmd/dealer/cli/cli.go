// Package cli is the dealer's command line: the bot (run), games at the
// terminal (play), and the tools around them (games, rules, stats,
// leaderboard, cards, solve, export). It reads games only through the
// registry it is handed.
//
// Every subcommand follows one convention: `dealer help CMD`, `dealer CMD
// --help` and `-h` print its usage on stdout and exit 0; a usage error is
// one line on stderr and exit status 2; a failure (a refused scripted move,
// an undecided solve, a database error) is exit status 1; anything done,
// a game over or left to resume included, is 0.
package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/dealer/dealer/render"
)

// env is what a subcommand runs with.
type env struct {
	reg            *render.Registry
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
}

// command is one subcommand: its line in the general usage, its own usage,
// and what it does with its arguments.
type command struct {
	synopsis string // "play GAME [--deal N]"
	about    string // "play a game in the terminal"
	usage    func(e env) string
	run      func(e env, args []string) int
}

// commandOrder names the subcommands in the order the usage lists them.
var commandOrder = []string{"play", "games", "rules", "stats", "leaderboard", "solve", "export", "cards", "run", "web", "db", "ratings", "version", "help"}

// commands are the subcommands by name.
func commands() map[string]command {
	return map[string]command{
		"play":        {"play GAME [--deal N]", "play a game in the terminal", playUsage, playCmd},
		"games":       {"games [--unfinished]", "the games, or your unfinished ones", gamesUsage, gamesCmd},
		"rules":       {"rules GAME", "a game's rules, moves and examples", rulesUsage, rulesCmd},
		"stats":       {"stats [--user NAME]", "a player's record", statsUsage, statsCmd},
		"leaderboard": {"leaderboard GAME", "a game's best players", leaderboardUsage, leaderboardCmd},
		"solve":       {"solve GAME --deal N", "a solitaire deal's solution", solveUsage, solveCmd},
		"export":      {"export GAME --deal N", "a deal for Freecell Solver", exportUsage, exportCmd},
		"cards":       {"cards theagents [--json]", "The Agents' card set", cardsUsage, cardsCmd},
		"run":         {"run [--config FILE]", "the Discord bot", runUsage, runCmd},
		"web":         {"web --listen HOST:PORT", "the web pages alone, beside a bot", webUsage, webCmd},
		"db":          {"db copy|check|backup|export|forget", "copy to PostgreSQL; check tables replay; back up; a player's data", dbUsage, dbCmd},
		"ratings":     {"ratings rebuild", "every skill rating again, from the results", ratingsUsage, ratingsCmd},
		"version":     {"version [--json]", "this dealer's version, schema and rules", versionUsage, versionCmd},
		"help":        {"help [COMMAND]", "this, or a command's usage", helpUsage, helpCmd},
	}
}

// Main runs one subcommand of the dealer over the games of reg and returns
// the process's exit status; it answers every subcommand's -h and --help
// with its usage. The program hands it every game (see
// render/catalog); a test may hand it others.
func Main(reg *render.Registry, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	e := env{reg: reg, stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv}
	if len(args) == 0 {
		return usageError(stderr, "", "name a command: %s", strings.Join(commandOrder, ", "))
	}
	switch args[0] {
	case "-h", "-help", "--help":
		return helpCmd(e, args[1:])
	}
	c, ok := commands()[args[0]]
	if !ok {
		return usageError(stderr, "", "unknown command %q: the commands are %s", args[0], strings.Join(commandOrder, ", "))
	}
	if wantsHelp(args[1:]) {
		printUsage(e, c.usage(e))
		return exitOK
	}
	return c.run(e, args[1:])
}

// helpCmd is `dealer help [COMMAND]`.
func helpCmd(e env, args []string) int {
	switch {
	case len(args) == 0:
		printUsage(e, generalUsage())
		return exitOK
	case len(args) > 1:
		return usageError(e.stderr, "help", "one command at a time")
	}
	c, ok := commands()[args[0]]
	if !ok {
		return usageError(e.stderr, "help", "unknown command %q: the commands are %s", args[0], strings.Join(commandOrder, ", "))
	}
	printUsage(e, c.usage(e))
	return exitOK
}

// printUsage writes a usage text on stdout, its long lines broken to fit
// the terminal's width under their own start.
func printUsage(e env, text string) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lead := len(l) - len(strings.TrimLeft(l, " "))
		lines[i] = render.TermWrap(l, width, strings.Repeat(" ", lead))
	}
	fmt.Fprint(e.stdout, strings.Join(lines, "\n"))
}

func helpUsage(env) string {
	return "usage: dealer help [COMMAND]\n\nThe dealer's commands, or one command's usage.\n"
}

// generalUsage lists the commands, and the exit statuses.
func generalUsage() string {
	var b strings.Builder
	b.WriteString("usage: dealer COMMAND [ARGUMENTS]\n\n")
	cs := commands()
	for _, name := range commandOrder {
		fmt.Fprintf(&b, "  dealer %-30s %s\n", cs[name].synopsis, cs[name].about)
	}
	b.WriteString(`
dealer help COMMAND (or dealer COMMAND --help) shows a command's options.
Exit status: 0 done (a game over or saved, help); 1 failed (a move refused in
a moves file, an undecided solve, a table db check cannot replay, a database
error); 2 a usage error.
`)
	return b.String()
}

// gameNames lists the names of the games of reg.
func gameNames(reg *render.Registry) string {
	return strings.Join(reg.Engines().Names(), ", ")
}

// gameArg reads args by fs for the command cmd: their one word is a
// game's name. Else it says why in a usage error's line on stderr and
// returns false with the exit status.
func gameArg(e env, cmd string, fs *flag.FlagSet, args []string) (render.Game, int, bool) {
	rest, err := parseFlags(fs, args)
	if err != nil {
		return render.Game{}, usageError(e.stderr, cmd, "%s", flagError(err)), false
	}
	if len(rest) != 1 {
		return render.Game{}, usageError(e.stderr, cmd, "name one game: %s", gameNames(e.reg)), false
	}
	rg, ok := e.reg.Lookup(rest[0])
	if !ok {
		return render.Game{}, usageError(e.stderr, cmd, "no game called %q (try one of: %s)", clip(rest[0], 40), gameNames(e.reg)), false
	}
	return rg, exitOK, true
}

// verbArgs reads args by fs for the command cmd, which does one of verbs
// ("copy, check or forget"): the words left, the first of them the verb,
// unchecked. When there are none, or the flags are wrong, it says so in a
// usage error's line on stderr and returns false with the exit status.
func verbArgs(e env, cmd, verbs string, fs *flag.FlagSet, args []string) ([]string, int, bool) {
	rest, err := parseFlags(fs, args)
	switch {
	case err != nil:
		return nil, usageError(e.stderr, cmd, "%s", flagError(err)), false
	case len(rest) == 0:
		return nil, usageError(e.stderr, cmd, "name what to do: %s", verbs), false
	}
	return rest, exitOK, true
}

// wantsHelp reports whether args ask for help (-h, --help) before any "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}
