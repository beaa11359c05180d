package cli

import (
	"io"

	"github.com/dealer/dealer/render"
	"github.com/dealer/dealer/render/catalog"
)

// dealer runs one subcommand over the games on offer, as the program does.
func dealer(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	return Main(catalog.Registry(), args, stdin, stdout, stderr, getenv)
}

// playGame is `dealer play` over the games on offer.
func playGame(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	return Main(catalog.Registry(), append([]string{"play"}, args...), stdin, stdout, stderr, getenv)
}

// termWidth is a line's width at the terminal: its characters, ANSI codes
// left out.
func termWidth(s string) int { return render.TermWidth(s) }
