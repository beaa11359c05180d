// Command dealer is the dealer: a Discord bot that deals and hosts card
// games, and a terminal table for playing them (see package cli for the
// subcommands). It hands the command line every game on offer.
package main

import (
	"os"

	"github.com/dealer/dealer/cmd/dealer/cli"
	"github.com/dealer/dealer/render/catalog"
)

func main() {
	os.Exit(cli.Main(catalog.Registry(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}
