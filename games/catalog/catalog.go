// Package catalog is the list of games the dealer offers: the one place that
// knows every game package.
package catalog

import (
	"github.com/dealer/dealer/games"
	"github.com/dealer/dealer/games/doubleagent"
	"github.com/dealer/dealer/games/doublefreecell"
	"github.com/dealer/dealer/games/doublets"
	"github.com/dealer/dealer/games/secretagent"
	"github.com/dealer/dealer/games/theagents"
)

// Registry returns a registry of every game the dealer offers.
func Registry() *games.Registry {
	return games.NewRegistry(
		doublefreecell.Info,
		doubleagent.Info,
		doublets.Info,
		secretagent.Info,
		theagents.Info,
	)
}
